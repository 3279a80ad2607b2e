//! The words of a diagnosis: its report's section ([`lines`]), what kept positions from a
//! result, the groups, the horizon, the contradiction, the cycle, the rounds of a recorded
//! game. Pure functions of the values.
//!
//! Uses `problems::chase`, `search::diagnosis`, `text`, and this layer's words of a game and
//! of a run.

use super::game::{answer_note_words, result_plural, result_with_article, result_words};
use super::game::{asked_words, barred_words, cap_words, cut_game_words, in_plies, plies_words};
use super::game::{round_line, standing_words, step_words};
use crate::problems::chase::{Cap, CutSays, GameResult};
use crate::problems::chase::{TooManyPositions, MOST_DIAGNOSED_POSITIONS};
use crate::search::diagnosis::Stopped;
use crate::search::diagnosis::{Contradiction, Cut, Cycle, Diagnosis, Group, Horizon};
use crate::search::diagnosis::{KeptState, NoResult, Reached, Reply, RoundsDiagnosis, Shown};
use crate::text::{brief, one_line, thousands};
use std::fmt::Write;

/// Why a counterexample got no diagnosis: more positions than a diagnosis asks about.
pub fn skipped_words(too_many: TooManyPositions) -> String {
    format!(
        "this instance has up to {} positions with the mouse to move, more than the {} a \
         diagnosis asks about; a smaller counterexample (--shrink-seconds) gets one",
        thousands(too_many.positions as u64),
        thousands(MOST_DIAGNOSED_POSITIONS as u64)
    )
}

/// The report's diagnosis section, a line each.
pub fn lines(diagnosis: &Diagnosis) -> Vec<String> {
    if let Some(rounds) = &diagnosis.rounds {
        return rounds_lines(rounds);
    }
    if let Some(too_many) = diagnosis.skipped {
        return vec![format!("diagnosis: none: {}", skipped_words(too_many))];
    }
    let asked = match diagnosis.asked {
        Some(asked) => format!(" ({})", asked_words(asked)),
        None => String::new(),
    };
    let mut lines = vec![format!(
        "diagnosis: your program was asked about the {} positions of this instance with the \
         mouse to move{asked}; it gave a result for {} and misjudges {}:",
        thousands(diagnosis.positions() as u64),
        thousands(diagnosis.answered() as u64),
        thousands(diagnosis.misjudged_at().len() as u64)
    )];
    if let Some(kept_state) = &diagnosis.kept_state {
        lines.push(format!("  warning: {}", kept_state_words(kept_state)));
    }
    if let Some(cut) = &diagnosis.cut {
        lines.push(format!("  ({})", positions_cut(cut)));
    }
    lines.extend(diagnosis.groups.iter().map(group_line));
    if let Some(horizon) = &diagnosis.horizon {
        lines.push(horizon_line(horizon));
    }
    if let Some(contradiction) = &diagnosis.contradiction {
        lines.extend(contradiction_lines(contradiction));
    }
    if let Some(cycle) = &diagnosis.cycle {
        lines.extend(cycle_lines(cycle));
    }
    lines
}

/// The contradiction's lines: the position, what the program said and the truth; the moves
/// its own answers two plies on make of it; and where that places the mistake.
pub fn contradiction_lines(found: &Contradiction) -> Vec<String> {
    let mut lines = vec![format!(
        "a contradiction in your own answers: {}, the mouse to move: you say {}, the truth is \
         {}{}.",
        standing_words(found.standing),
        result_words(found.said),
        result_words(found.truth),
        in_plies(found.plies)
    )];
    let own = found.by_its_answers;
    match &found.shown {
        Shown::BetterMove(None) => {}
        Shown::BetterMove(Some(better)) => {
            lines.push(format!(
                "But the mouse's move {} leaves the cat only replies to positions you yourself \
                 call, or the rules make, {}:",
                step_words(better.step),
                as_good(own, GameResult::MouseWins)
            ));
            match &better.then {
                Ok(ended) => lines.push(format!(
                    "  it ends the game at once: {}",
                    result_words(*ended)
                )),
                Err(replies) => lines.extend(replies.iter().map(|reply| {
                    format!("  the cat {} ({})", step_words(reply.step), reached(reply))
                })),
            }
            if let Some(barred) = better.cat_barred {
                lines.push(format!(
                    "  (and no other: the rules bar the cat's move {})",
                    barred_words(barred)
                ));
            }
        }
        Shown::EveryMove(moves) => {
            lines.push(format!(
                "But every move of the mouse meets a cat reply to a position you yourself call, \
                 or the rules make, {}:",
                as_good(own, GameResult::CatWins)
            ));
            for (mouse_move, then) in moves {
                lines.push(match then {
                    Ok(ended) => format!(
                        "  the mouse {}: the rules end it: {}",
                        step_words(*mouse_move),
                        result_words(*ended)
                    ),
                    Err(reply) => format!(
                        "  the mouse {}, the cat {} ({})",
                        step_words(*mouse_move),
                        step_words(reply.step),
                        reached(reply)
                    ),
                });
            }
        }
    }
    // Each position was asked as a game of its own, so the answers place the mistake at this
    // position; which mistake, they do not tell, and the words say so rather than guess.
    lines.push(match (found.shown.rests_on_answers(), found.all_right) {
        (false, _) => format!(
            "This rests on none of your answers: the rules alone make this position {}{}, and \
             your program does not find it. That fits more than one mistake (which side moves \
             first, which moves a side has here, where the game ends), and this position does \
             not tell which.",
            result_words(found.truth),
            in_plies(found.plies)
        ),
        (true, true) => format!(
            "Every answer this rests on is right when asked alone, and by the rules they make \
             this position {}: your answer here does not follow from your own answers one move \
             of each side on. That fits more than one mistake (the moves your program takes \
             here or one move on{}; how it combines what they are worth; or what it makes of \
             those positions inside this search, unlike alone), and these answers do not tell \
             which.",
            result_words(own),
            match found.shown {
                Shown::EveryMove(_) => ", and the mouse's moves above are every one it has",
                Shown::BetterMove(Some(_)) => ", and the cat's replies above are every one it has",
                Shown::BetterMove(None) => "",
            }
        ),
        (true, false) => format!(
            "These answers of yours, right or not, cannot all hold: by the rules they make this \
             position {}, not {}.",
            result_words(own),
            result_words(found.said)
        ),
    });
    lines
}

/// `result`, or anything better for `side`, in words: `draws or mouse wins`.
fn as_good(result: GameResult, side: GameResult) -> String {
    match result {
        GameResult::Draw => format!("draws or {}", result_plural(side)),
        other => result_plural(other).to_string(),
    }
}

/// Where a reply leads: `the rules end it: cat wins`, `mouse on 4, cat on 3: you say draw`.
fn reached(reply: &Reply) -> String {
    match &reply.leads_to {
        Reached::Ends(ended) => format!("the rules end it: {}", result_words(*ended)),
        Reached::At { standing, said } => format!(
            "{}: you say {}",
            standing_words(*standing),
            said.map_or("nothing", result_words)
        ),
    }
}

/// The cycle's lines: the claim, the loop's positions and moves, and what it shows.
pub fn cycle_lines(cycle: &Cycle) -> Vec<String> {
    let Some((first, _)) = cycle.steps.first() else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "a win no line of play reaches: you call {} {}, the truth at the first is {}{}; each \
         rests on the next, and the line comes back where it began:",
        match cycle.steps.len() {
            1 => "this position".to_string(),
            count => format!("these {count} positions"),
        },
        result_plural(cycle.claimed),
        result_with_article(cycle.truth),
        match (cycle.truth, cycle.plies) {
            (_, Some(plies)) => in_plies(Some(plies)),
            (GameResult::Draw, None) => String::new(),
            (_, None) => " (no forced end: the time runs out)".to_string(),
        }
    )];
    for &(standing, (mouse, cat)) in &cycle.steps {
        lines.push(format!(
            "  {} (the mouse {}, the cat {})",
            standing_words(standing),
            step_words(mouse),
            step_words(cat)
        ));
    }
    lines.push(format!("  back to {}", standing_words(*first)));
    let claim = match cycle.claimed {
        GameResult::MouseWins => "claimed win of the mouse",
        _ => "claimed win of the cat",
    };
    lines.push(format!(
        "{} this {claim} never ends: somewhere your program scores as won a line of play that \
         goes round; where and why, these answers do not tell (a repeated position scored as a \
         win would do it, and so would a move of the other side left out).",
        match cycle.agree {
            true => "Your answers along it agree with one another, but",
            false => "Not every answer along it was given, but as far as they go,",
        }
    ));
    lines
}

/// Why the answers are not each the program's own.
fn kept_state_words(kept_state: &KeptState) -> String {
    format!(
        "asked among the others, this instance itself got {}, and alone {}: your program keeps \
         state between test cases, so these answers are not each its own, and nothing more is \
         drawn from them",
        kept_state.among_others.map_or("nothing", result_words),
        kept_state.alone.map_or("nothing", result_words)
    )
}

/// What kept positions from a result: the replies that are none, the first of them, and what
/// stopped the asking.
pub fn positions_cut(cut: &Cut) -> String {
    let mut parts = Vec::new();
    if let Some(first) = &cut.first {
        parts.push(format!(
            "{} position(s) got no result, the first: {}",
            thousands(cut.without_result as u64),
            no_result(first)
        ));
    }
    if let Some(stopped) = &cut.stopped {
        parts.push(format!(
            "{}: {} of the {} got a reply (they are asked one of each truth and length in turn, \
             the longest wins first); what follows covers only those",
            stopped_words(stopped),
            thousands(cut.replied as u64),
            thousands(cut.asked as u64)
        ));
    }
    parts.join("; ")
}

/// Why a position, or a game cut at a round, got no result.
pub fn no_result(why: &NoResult) -> String {
    match why {
        NoResult::Answered(answer) => format!("answered {}", one_line(answer)),
        NoResult::Printed(text) => format!("printed {}", brief(text)),
        NoResult::Ended(ended) => super::run::ended_summary(ended),
        NoResult::NoAnswer => "exited without an answer".to_string(),
        NoResult::Stopped(stopped) => stopped_words(stopped),
    }
}

fn stopped_words(stopped: &Stopped) -> String {
    match stopped {
        Stopped::OutOfTime { seconds } => {
            format!("--diagnose-seconds {seconds} of CPU time ran out")
        }
        Stopped::Runs(runs) => format!("{runs} runs ended without an answer"),
    }
}

/// What the program says of the game cut at a parted round, in words.
pub fn cut_says_in_words(says: &CutSays<NoResult>) -> CutSays<String> {
    match says {
        CutSays::Judges(mistake) => CutSays::Judges(*mistake),
        CutSays::Fault(why) => CutSays::Fault(no_result(why)),
    }
}

/// A recorded game's diagnosis: the rounds where the program and the truth part, each with
/// what the program says of the game cut there.
fn rounds_lines(diagnosis: &RoundsDiagnosis) -> Vec<String> {
    let rounds = match diagnosis.rounds {
        1 => "the game's one round".to_string(),
        count => format!("each of the {} rounds", thousands(count as u64)),
    };
    let mut lines = vec![format!(
        "diagnosis: your answer judges {rounds}; it parts from the truth in {} of them{}",
        thousands(diagnosis.parted_in_all as u64),
        if diagnosis.parted_in_all == 0 {
            ""
        } else {
            ":"
        }
    )];
    lines.extend(
        diagnosis
            .notes
            .iter()
            .map(|note| format!("  {}", answer_note_words(note))),
    );
    for (round, says) in &diagnosis.parted {
        lines.push(round_line(round));
        if let Some(says) = says {
            lines.push(format!(
                "    {}",
                cut_game_words(round, &cut_says_in_words(says))
            ));
        }
    }
    if diagnosis.parted_in_all > diagnosis.parted.len() {
        lines.push(format!(
            "  ... and {} more rounds where it parts from the truth",
            thousands((diagnosis.parted_in_all - diagnosis.parted.len()) as u64)
        ));
    }
    lines
}

/// A group's line: its truth and plies, how many were asked, what was said.
fn group_line(group: &Group) -> String {
    let mut line = format!("  {}", result_plural(group.truth));
    match group.plies {
        Some((from, to)) if from == to => {
            let _ = write!(line, " in {}", plies_words(from));
        }
        Some((from, to)) => {
            let _ = write!(line, " in {from} to {to} plies");
        }
        None if group.truth != GameResult::Draw => line.push_str(" (no forced end)"),
        None => {}
    }
    let _ = write!(line, ": {}", thousands(group.asked as u64));
    let wrong: Vec<String> = group
        .wrong
        .iter()
        .map(|(said, count)| {
            format!(
                "{} called {}",
                thousands(*count as u64),
                result_with_article(*said)
            )
        })
        .collect();
    match (group.right, wrong.is_empty()) {
        (_, true) => line.push_str(", all right"),
        (0, false) if group.wrong.len() == 1 => {
            let each = if group.asked == 1 { "" } else { "each " };
            let _ = write!(
                line,
                ", {each}called {}",
                result_with_article(group.wrong[0].0)
            );
        }
        (right, false) => {
            let _ = write!(
                line,
                ", {} right, {}",
                thousands(right as u64),
                wrong.join(", ")
            );
        }
    }
    line
}

/// The horizon's line: its bounds, and the caps that give it or come near.
fn horizon_line(horizon: &Horizon) -> String {
    let wins = match horizon.side {
        Some(GameResult::MouseWins) => "forced win of the mouse",
        Some(GameResult::CatWins) => "forced win of the cat",
        _ => "forced win",
    };
    if !horizon.beyond_first_move {
        return format!(
            "no horizon is shown: the only {} judged right are those of up to {}, which the \
             rules end at {}, with no search; every one of {} or more is judged wrong, as a depth \
             limit would have it, and many another mistake too",
            match horizon.side {
                Some(GameResult::MouseWins) => "forced wins of the mouse",
                Some(GameResult::CatWins) => "forced wins of the cat",
                _ => "forced wins",
            },
            plies_words(horizon.longest_right),
            match horizon.side {
                Some(GameResult::MouseWins) => "the mouse's first move",
                Some(GameResult::CatWins) => "the cat's first move",
                _ => "the winner's first move",
            },
            plies_words(horizon.shortest_wrong)
        );
    }
    let mut line = format!(
        "a horizon of {} to {} plies: every {wins} of up to {} is judged right, every one of {} \
         or more wrong",
        horizon.longest_right,
        horizon.shortest_wrong,
        plies_words(horizon.longest_right),
        plies_words(horizon.shortest_wrong)
    );
    let names = |caps: &[(Cap, u32)]| {
        let names: Vec<String> = caps.iter().copied().map(cap_words).collect();
        names.join(" or ")
    };
    if !horizon.caps.is_empty() {
        let _ = write!(
            line,
            "; a limit on the game's length of {} gives exactly this",
            names(&horizon.caps)
        );
    } else if !horizon.near_caps.is_empty() {
        let _ = write!(
            line,
            "; a limit on the game's length of {} is within a ply of it (as a program counts \
             its plies)",
            names(&horizon.near_caps)
        );
    }
    if horizon.only_longest {
        line.push_str(
            " (only the longest wins of this instance are wrong: nothing longer here tells a \
             depth limit from another mistake)",
        );
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::chase::{Spot, Standing, Step};

    /// A chase of more positions than a diagnosis asks about gets none, and the report says
    /// how many, against how many are asked about.
    #[test]
    fn too_many_positions_get_no_diagnosis_and_say_so() {
        use crate::problems::chase::within_reach;
        assert!(within_reach(MOST_DIAGNOSED_POSITIONS).is_ok());
        let too_many = within_reach(20_000).unwrap_err();
        assert_eq!(
            lines(&Diagnosis::skipped(too_many)),
            ["diagnosis: none: this instance has up to 20,000 positions with the mouse to move, \
              more than the 10,000 a diagnosis asks about; a smaller counterexample \
              (--shrink-seconds) gets one"]
        );
    }

    #[test]
    fn a_cycle_names_its_loop_and_comes_back_to_its_first_position() {
        let to = |node| Step {
            to: Spot::Node(node),
            stays: false,
        };
        let step = |mouse, cat, (mouse_to, cat_to)| {
            let mouse = Spot::Node(mouse);
            let cat = Spot::Node(cat);
            (Standing { mouse, cat }, (to(mouse_to), to(cat_to)))
        };
        let cycle = Cycle {
            claimed: GameResult::MouseWins,
            truth: GameResult::Draw,
            plies: None,
            steps: vec![step(1, 2, (3, 4)), step(3, 4, (1, 2))],
            agree: false,
        };
        assert_eq!(
            cycle_lines(&cycle),
            [
                "a win no line of play reaches: you call these 2 positions mouse wins, the truth \
                 at the first is a draw; each rests on the next, and the line comes back where it \
                 began:",
                "  mouse on 1, cat on 2 (the mouse to 3, the cat to 4)",
                "  mouse on 3, cat on 4 (the mouse to 1, the cat to 2)",
                "  back to mouse on 1, cat on 2",
                "Not every answer along it was given, but as far as they go, this claimed win of \
                 the mouse never ends: somewhere your program scores as won a line of play that \
                 goes round; where and why, these answers do not tell (a repeated position \
                 scored as a win would do it, and so would a move of the other side left out).",
            ]
        );
    }

    #[test]
    fn a_diagnosis_warns_of_kept_state_and_says_what_kept_positions_from_a_result() {
        let diagnosis = Diagnosis {
            kept_state: Some(KeptState {
                among_others: Some(GameResult::MouseWins),
                alone: None,
            }),
            cut: Some(Cut {
                without_result: 2,
                first: Some(NoResult::Printed("x".repeat(200))),
                stopped: Some(Stopped::OutOfTime { seconds: 5.0 }),
                replied: 1_200,
                asked: 4_000,
            }),
            ..Diagnosis::default()
        };
        let lines = lines(&diagnosis);
        assert_eq!(
            lines[1],
            "  warning: asked among the others, this instance itself got mouse wins, and alone \
             nothing: your program keeps state between test cases, so these answers are not \
             each its own, and nothing more is drawn from them"
        );
        assert!(
            lines[2].starts_with("  (2 position(s) got no result, the first: printed 'xxx"),
            "{}",
            lines[2]
        );
        assert!(
            lines[2].ends_with(
                "…'; --diagnose-seconds 5 of CPU time ran out: 1,200 of the 4,000 got a reply \
                 (they are asked one of each truth and length in turn, the longest wins \
                 first); what follows covers only those)"
            ),
            "{}",
            lines[2]
        );
    }
}
