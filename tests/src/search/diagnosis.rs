//! Where a wrong program goes wrong, from its own answers: the program is asked about every
//! position of its counterexample (each as an instance of its own, [`Chase`]), and its answers
//! are read against the truth. Pure: the answers come in, a [`Diagnosis`] goes out; the runs
//! are `diagnose`'s.
//!
//! What the answers can show, and is claimed only when they show it:
//! - a **horizon**: every forced win of up to L plies judged right, every longer one wrong (a
//!   search capped at some depth);
//! - a **contradiction**: a misjudged position whose every position two plies on (the mouse to
//!   move again) the program judges right, so that its own answers there, combined by the
//!   game's rule, give the truth it missed: the mistake is in how it combines moves;
//! - a **cycle**: wins it claims at draws, supported only by one another, round a loop that
//!   no line of play leaves (a repeated position scored as a win).
//!
//! # Complexity
//! p positions, each with at most m·r replies two plies on: O(p·m·r) for each of the three.

use crate::problems::chase::{Chase, GameResult, MouseMove, Next, PartedRound, Position};
use crate::text::thousands;
use std::fmt::Write;

/// What the program said about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Result(GameResult),
    /// Not an answer, a crash or a limit: in words.
    Fault(String),
    /// Not asked: the diagnosis's time ran out first.
    Unasked,
}

/// Misjudged positions of one truth whose plies lie in a range, and what was said there.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub truth: GameResult,
    /// The range of plies, for forced wins.
    pub plies: Option<(u32, u32)>,
    pub asked: usize,
    pub right: usize,
    /// What it said where it was wrong, with how often: `draw` 35.
    pub wrong: Vec<(String, usize)>,
}

/// Every forced win of up to `longest_right` plies judged right, every one of
/// `shortest_wrong` plies or more judged wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct Horizon {
    pub longest_right: u32,
    pub shortest_wrong: u32,
    /// The side whose wins it cuts, when only one side's are.
    pub side: Option<GameResult>,
    /// The known caps that give exactly this: a cap of K plies judges a win of p plies right
    /// exactly when p <= K.
    pub caps: Vec<String>,
    /// The known caps within a ply of it: a program that counts from 1, or cuts the game
    /// before it looks at the last ply's end, is off by one.
    pub near_caps: Vec<String>,
    /// Whether the wrong wins are only the longest the instance has (of each side cut): then
    /// nothing longer tells a depth limit from another mistake.
    pub only_longest: bool,
}

/// The diagnosis: what the program's answers about every position show. How many were
/// asked, answered and misjudged, and where, are read from `answers` ([`Diagnosis::positions`],
/// [`Diagnosis::answered`], [`Diagnosis::misjudged_at`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Diagnosis {
    pub asked_as: String,
    /// Why some positions have no answer (a cut, faults), if any do.
    pub cut: Option<String>,
    pub groups: Vec<Group>,
    pub horizon: Option<Horizon>,
    /// The contradiction's lines, if there is one.
    pub contradiction: Vec<String>,
    /// The cycle's lines, if there is one.
    pub cycle: Vec<String>,
    /// Every position asked about: its places (mouse, cat), its truth and what the program
    /// said (`None`: no result), for the page.
    pub answers: Vec<Answered>,
    /// The places of the contradiction's position, if there is one.
    pub contradiction_at: Option<(usize, usize)>,
    /// What asking and reading took, in seconds.
    pub seconds: f64,
    /// For a recorded game (noi2011), in place of the positions: the rounds.
    pub rounds: Option<RoundsDiagnosis>,
    /// Why the positions were not asked about, if they were not.
    pub skipped: Option<String>,
    /// Why the answers cannot be read as the program's own, one a position, if they cannot:
    /// then no horizon, contradiction or cycle is drawn from them.
    pub warning: Option<String>,
}

/// One position asked about, as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The mouse's place and the cat's (913: nodes; 1728: open cells in reading order).
    pub places: (usize, usize),
    pub truth: GameResult,
    pub said: Option<GameResult>,
}

/// The diagnosis of `chase` from what the program `said` of each position.
pub fn diagnose<C>(chase: &Chase<C>, said: &[Said], cut: Option<String>) -> Diagnosis {
    let positions = &chase.positions;
    let result = |index: usize| match said.get(index) {
        Some(Said::Result(result)) => Some(*result),
        _ => None,
    };
    let wrong = |index: usize| result(index).is_some_and(|said| said != positions[index].truth);
    let misjudged: Vec<usize> = (0..positions.len()).filter(|&at| wrong(at)).collect();
    let horizon = horizon(chase, &result);
    // A horizon and a contradiction are both shown where both are there: a cap gives both
    // (the first win past it rests on right answers), and so can a search that goes wrong
    // another way on a small instance, which only the contradiction then describes.
    let (contradiction_at, contradiction) = match contradiction(chase, &result, &misjudged) {
        Some((at, lines)) => (Some(positions[at].places), lines),
        None => (None, Vec::new()),
    };
    let cycle = match contradiction.is_empty() {
        true => cycle(chase, &result, &misjudged),
        false => Vec::new(),
    };
    Diagnosis {
        asked_as: chase.asked_as.clone(),
        cut,
        groups: groups(chase, said),
        horizon,
        contradiction,
        cycle,
        answers: positions
            .iter()
            .enumerate()
            .map(|(at, position)| Answered {
                places: position.places,
                truth: position.truth,
                said: result(at),
            })
            .collect(),
        contradiction_at,
        ..Diagnosis::default()
    }
}

/// The positions grouped by their truth, then by runs of plies that the program judged alike
/// (all right, all wrong the same way, or some of each), shortest first.
fn groups<C>(chase: &Chase<C>, said: &[Said]) -> Vec<Group> {
    let mut by_truth: Vec<(GameResult, Option<u32>, &Said)> = chase
        .positions
        .iter()
        .zip(said)
        .filter(|(_, said)| matches!(said, Said::Result(_)))
        .map(|(position, said)| (position.truth, position.plies, said))
        .collect();
    // Mouse wins, then cat wins, then the rest; by plies within each.
    let rank = |truth: GameResult| match truth {
        GameResult::MouseWins => 0,
        GameResult::CatWins => 1,
        GameResult::Draw => 2,
    };
    by_truth.sort_by_key(|&(truth, plies, _)| (rank(truth), plies.is_none(), plies));
    let mut groups: Vec<Group> = Vec::new();
    let mut index = 0;
    while index < by_truth.len() {
        let (truth, plies, _) = by_truth[index];
        let same: Vec<&Said> = by_truth[index..]
            .iter()
            .take_while(|&&(other, other_plies, _)| other == truth && other_plies == plies)
            .map(|&(_, _, said)| said)
            .collect();
        index += same.len();
        let group = group_of(truth, plies, &same);
        match groups.last_mut() {
            Some(last) if alike(last, &group) => {
                last.plies = last.plies.zip(plies).map(|((from, _), to)| (from, to));
                last.asked += group.asked;
                last.right += group.right;
                for (words, count) in group.wrong {
                    if let Some(entry) = last.wrong.iter_mut().find(|entry| entry.0 == words) {
                        entry.1 += count;
                    }
                }
            }
            _ => groups.push(group),
        }
    }
    groups
}

fn group_of(truth: GameResult, plies: Option<u32>, said: &[&Said]) -> Group {
    let mut wrong: Vec<(String, usize)> = Vec::new();
    let mut right = 0;
    for said in said {
        match said {
            Said::Result(result) if *result == truth => right += 1,
            Said::Result(result) => {
                match wrong.iter_mut().find(|entry| entry.0 == result.words()) {
                    Some(entry) => entry.1 += 1,
                    None => wrong.push((result.words().to_string(), 1)),
                }
            }
            _ => {}
        }
    }
    Group {
        truth,
        plies: plies.map(|plies| (plies, plies)),
        asked: said.len(),
        right,
        wrong,
    }
}

/// Whether `next` (of the following plies) reads as `group` does: the same truth, and all
/// right in both, or all wrong the same way in both.
fn alike(group: &Group, next: &Group) -> bool {
    fn kinds(group: &Group) -> Vec<&str> {
        let mut kinds: Vec<&str> = group
            .wrong
            .iter()
            .map(|(words, _)| words.as_str())
            .collect();
        kinds.sort_unstable();
        kinds
    }
    let pure = |group: &Group| group.right == 0 || group.wrong.is_empty();
    group.truth == next.truth
        && group.plies.is_some()
        && next.plies.is_some()
        && pure(group)
        && pure(next)
        && (group.right == 0) == (next.right == 0)
        && kinds(group) == kinds(next)
}

/// One side's forced wins as the program judged them: the longest judged right, the shortest
/// judged wrong, the longest answered at all.
#[derive(Default)]
struct SideWins {
    longest_right: Option<u32>,
    shortest_wrong: Option<u32>,
    longest: u32,
}

/// A horizon, if the answers show one: for each side some of whose forced wins are judged
/// wrong, some judged right too, and every right one shorter than every wrong one; the
/// bounds are taken over those sides. A side whose wins are all judged right is what a cap
/// gives to the side it scores the cut-off game for (1728's cat), and is left out.
fn horizon<C>(chase: &Chase<C>, result: &dyn Fn(usize) -> Option<GameResult>) -> Option<Horizon> {
    let mut sides: Vec<(GameResult, SideWins)> = Vec::new();
    for (at, position) in chase.positions.iter().enumerate() {
        let (Some(plies), Some(said)) = (position.plies, result(at)) else {
            continue;
        };
        if !sides.iter().any(|(side, _)| *side == position.truth) {
            sides.push((position.truth, SideWins::default()));
        }
        let (_, wins) = sides.iter_mut().find(|(side, _)| *side == position.truth)?;
        wins.longest = wins.longest.max(plies);
        if said == position.truth {
            wins.longest_right = wins.longest_right.max(Some(plies));
        } else {
            wins.shortest_wrong = Some(wins.shortest_wrong.map_or(plies, |wrong| wrong.min(plies)));
        }
    }
    sides.retain(|(_, wins)| wins.shortest_wrong.is_some());
    let mut bounds: Option<(u32, u32)> = None;
    for (_, wins) in &sides {
        let (right, wrong) = (wins.longest_right?, wins.shortest_wrong?);
        bounds = Some(bounds.map_or((right, wrong), |(r, w)| (r.max(right), w.min(wrong))));
    }
    let (longest_right, shortest_wrong) = bounds?;
    if longest_right >= shortest_wrong {
        return None;
    }
    let named = |fits: &dyn Fn(u32) -> bool| {
        chase
            .caps
            .iter()
            .filter(|(_, cap)| fits(*cap))
            .map(|(name, _)| name.clone())
            .collect()
    };
    Some(Horizon {
        longest_right,
        shortest_wrong,
        side: match sides.as_slice() {
            [(side, _)] => Some(*side),
            _ => None,
        },
        caps: named(&|cap| longest_right <= cap && cap < shortest_wrong),
        near_caps: named(&|cap| cap + 1 == longest_right || cap == shortest_wrong),
        only_longest: sides
            .iter()
            .all(|(_, wins)| wins.shortest_wrong == Some(wins.longest)),
    })
}

/// What `result` says the mouse gets by `mouse_move`: the rules' end, or the worst of the
/// cat's replies; `None` if a reply leads to a position without an answer.
fn move_value(
    mouse_move: &MouseMove,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<GameResult> {
    match &mouse_move.then {
        Ok(ended) => Some(*ended),
        Err(replies) => replies
            .iter()
            .map(|(_, next)| next_value(*next, result))
            .try_fold(GameResult::MouseWins, |worst, value| {
                Some(worst.min(value?))
            }),
    }
}

fn next_value(next: Next, result: &dyn Fn(usize) -> Option<GameResult>) -> Option<GameResult> {
    match next {
        Next::Ends(ended) => Some(ended),
        Next::At(at) => result(at),
    }
}

/// The game's rule applied to `result`'s answers two plies on from `position`: the best of the
/// mouse's moves, each worth the worst of the cat's replies.
fn combined<C>(
    position: &Position<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<GameResult> {
    position
        .moves
        .iter()
        .map(|mouse_move| move_value(mouse_move, result))
        .try_fold(GameResult::CatWins, |best, value| Some(best.max(value?)))
}

/// The contradiction nearest the end of the game among the `misjudged`: best, a position
/// whose every position two plies on is judged right, so that the program's own answers
/// there, combined by the game's rule, give the truth it missed; else one whose answer the
/// combination of its own answers two plies on (right or not) does not give. The position and
/// the lines that show it.
fn contradiction<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    misjudged: &[usize],
) -> Option<(usize, Vec<String>)> {
    let positions = &chase.positions;
    let truth = |at: usize| Some(positions[at].truth);
    let nearest_end = |at: &usize| (positions[*at].plies.is_none(), positions[*at].plies, *at);
    let rests_on_right = misjudged
        .iter()
        .copied()
        .filter(|&at| all_right_two_plies_on(chase, at, result))
        .filter(|&at| combined(&positions[at], result) == truth(at))
        .min_by_key(nearest_end);
    let (at, all_right) = match rests_on_right {
        Some(at) => (at, true),
        None => {
            let inconsistent = misjudged.iter().copied().filter(|&at| {
                let own = combined(&positions[at], result);
                own.is_some() && own != result(at)
            });
            (inconsistent.min_by_key(nearest_end)?, false)
        }
    };
    let position = &positions[at];
    let (said, own) = (result(at)?, combined(position, result)?);
    let mut lines = vec![format!(
        "a contradiction in your own answers: {}, the mouse to move: you say {}, the truth is \
         {}{}.",
        position.name,
        said.words(),
        position.truth.words(),
        in_plies(position.plies)
    )];
    lines.extend(combination_lines(chase, position, (said, own), result));
    // Each position was asked as a game of its own: a search from here reaches those positions
    // with less depth left, a path behind it and a memo filled on the way, which a fresh start
    // has not. So the answers place the mistake here, not in one line of code.
    lines.push(match all_right {
        true => "Every answer this rests on is right when asked alone; so in its search from \
                 here your program either combines these moves wrongly, or values them \
                 differently than alone (a depth limit, a position on the current path taken \
                 as a draw, a memo filled under such a guess)."
            .to_string(),
        false => format!(
            "These answers of yours, right or not, cannot all hold: by the rules they make this \
             position {}, not {}.",
            own.words(),
            said.words()
        ),
    });
    Some((at, lines))
}

/// Whether the program judges right every position two plies on from `here`, `here` itself
/// aside (1728's mouse and cat may both stay): it cannot decide the combination where the rest
/// gives the truth.
fn all_right_two_plies_on<C>(
    chase: &Chase<C>,
    here: usize,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> bool {
    let positions = &chase.positions;
    positions[here]
        .moves
        .iter()
        .all(|mouse_move| match &mouse_move.then {
            Ok(_) => true,
            Err(replies) => replies.iter().all(|(_, next)| match *next {
                Next::Ends(_) => true,
                Next::At(at) => at == here || result(at) == Some(positions[at].truth),
            }),
        })
}

/// `result`, or anything better for `side`, in words: `draws or mouse wins`.
fn as_good(result: GameResult, side: GameResult) -> String {
    match result {
        GameResult::Draw => format!("draws or {}", side.plural()),
        other => other.plural().to_string(),
    }
}

/// ` in 7 plies`, for a forced win.
fn in_plies(plies: Option<u32>) -> String {
    plies.map_or_else(String::new, |plies| format!(" in {}", plies_words(plies)))
}

/// `1 ply`, `7 plies`.
fn plies_words(plies: u32) -> String {
    format!("{plies} pl{}", if plies == 1 { "y" } else { "ies" })
}

/// The lines that show, from the program's answers two plies on, that `position` is `own` (what
/// they give by the rules), not what it `said`: the mouse's move that does better, or a reply
/// that does worse to each of its moves.
fn combination_lines<C>(
    chase: &Chase<C>,
    position: &Position<C>,
    (said, own): (GameResult, GameResult),
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Vec<String> {
    let next_words = |next: Next| match next {
        Next::Ends(ended) => format!("the rules end it: {}", ended.words()),
        Next::At(at) => format!(
            "{}: you say {}",
            chase.positions[at].name,
            result(at).map_or("nothing", GameResult::words)
        ),
    };
    if own > said {
        return better_move_lines(position, own, result, &next_words);
    }
    // Every move of the mouse meets a reply that does worse than `said`.
    let mut lines = vec![format!(
        "But every move of the mouse meets a cat reply to a position you yourself call, or the \
         rules make, {}:",
        as_good(own, GameResult::CatWins)
    )];
    for mouse_move in &position.moves {
        let line = match &mouse_move.then {
            Ok(ended) => format!(
                "  the mouse {}: the rules end it: {}",
                mouse_move.words,
                ended.words()
            ),
            Err(replies) => {
                let worse =
                    |next: &Next| next_value(*next, result).is_some_and(|value| value <= own);
                match replies.iter().find(|(_, next)| worse(next)) {
                    Some((words, next)) => format!(
                        "  the mouse {}, the cat {words} ({})",
                        mouse_move.words,
                        next_words(*next)
                    ),
                    None => continue,
                }
            }
        };
        lines.push(line);
    }
    lines
}

/// The mouse's move that does as well as `own` whatever the cat does, by the program's
/// answers, and each of the cat's replies to it.
fn better_move_lines<C>(
    position: &Position<C>,
    own: GameResult,
    result: &dyn Fn(usize) -> Option<GameResult>,
    next_words: &dyn Fn(Next) -> String,
) -> Vec<String> {
    let Some(good) = position
        .moves
        .iter()
        .find(|mouse_move| move_value(mouse_move, result) == Some(own))
    else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "But the mouse's move {} leaves the cat only replies to positions you yourself call, or \
         the rules make, {}:",
        good.words,
        as_good(own, GameResult::MouseWins)
    )];
    match &good.then {
        Ok(ended) => lines.push(format!("  it ends the game at once: {}", ended.words())),
        Err(replies) => lines.extend(
            replies
                .iter()
                .map(|(words, next)| format!("  the cat {words} ({})", next_words(*next))),
        ),
    }
    lines
}

/// A cycle of claimed wins, if the answers hold one: from a misjudged position the program
/// calls a win where the truth is a draw, the claimed winner's move that the program's answers
/// justify is met by the other side's move that keeps the truth a draw, and so on, until a
/// position comes again. Its lines.
fn cycle<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    misjudged: &[usize],
) -> Vec<String> {
    let positions = &chase.positions;
    // The step from a position is fixed by the answers, so a chain that broke once breaks
    // again from any position on it: each position is walked once in all.
    let mut dead = vec![false; positions.len()];
    for &start in misjudged {
        // A claimed win where the truth has no forced end: a draw, or 1728's cat win when
        // the time runs out.
        let claimed = match result(start) {
            Some(claimed)
                if claimed != GameResult::Draw
                    && positions[start].plies.is_none()
                    && claimed != positions[start].truth =>
            {
                claimed
            }
            _ => continue,
        };
        if let Some(path) = claimed_line(chase, result, (start, claimed), &mut dead) {
            return cycle_lines(chase, claimed, &path, result);
        }
    }
    Vec::new()
}

/// The positions and moves from `start` on, each step the `claimed` winner's justified move
/// and the other side's move that keeps the truth from that win, until a position repeats:
/// the loop (positions, and the moves between them), or `None` if the answers break the chain
/// (every position on it then marked `dead`).
fn claimed_line<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    (start, claimed): (usize, GameResult),
    dead: &mut [bool],
) -> Option<Vec<(usize, String)>> {
    let mut path: Vec<(usize, String)> = Vec::new();
    let mut place_on_path = std::collections::HashMap::new();
    let mut at = start;
    loop {
        if let Some(&seen) = place_on_path.get(&at) {
            return Some(path.split_off(seen));
        }
        let step = match dead.get(at) {
            Some(false) => claimed_step(chase, result, at, claimed),
            _ => None,
        };
        let Some((next, moves)) = step else {
            for (on_path, _) in &path {
                dead[*on_path] = true;
            }
            if let Some(here) = dead.get_mut(at) {
                *here = true;
            }
            return None;
        };
        place_on_path.insert(at, path.len());
        path.push((at, moves));
        at = next;
    }
}

/// One step of [`claimed_line`] from `at`: the next position and the moves in words.
fn claimed_step<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    at: usize,
    claimed: GameResult,
) -> Option<(usize, String)> {
    let truth = |at: usize| Some(chase.positions[at].truth);
    let position = &chase.positions[at];
    let keeps_claim = |next: &Next| matches!(next, Next::At(to) if result(*to) == Some(claimed));
    let short_of_claim = |next: &Next| match next {
        Next::At(to) => {
            truth(*to).is_some_and(|value| value != claimed) && result(*to) == Some(claimed)
        }
        Next::Ends(_) => false,
    };
    for mouse_move in &position.moves {
        let Err(replies) = &mouse_move.then else {
            continue;
        };
        let reply = if claimed == GameResult::MouseWins {
            // The mouse's move the answers justify (every reply called a mouse win), met by the
            // cat's reply that keeps the truth short of it.
            if move_value(mouse_move, result) != Some(GameResult::MouseWins) {
                continue;
            }
            replies.iter().find(|(_, next)| short_of_claim(next))
        } else {
            // The mouse's move that really holds the cat off, met by the reply the answers
            // call a cat win.
            if move_value(mouse_move, &truth) == Some(GameResult::CatWins) {
                continue;
            }
            replies
                .iter()
                .find(|(_, next)| keeps_claim(next) && short_of_claim(next))
        };
        if let Some((words, Next::At(to))) = reply {
            return Some((
                *to,
                format!("the mouse {}, the cat {words}", mouse_move.words),
            ));
        }
    }
    None
}

/// The cycle's lines: the claim, the loop's positions and moves, and what it shows; that the
/// answers agree with one another only where every answer along the loop was given.
fn cycle_lines<C>(
    chase: &Chase<C>,
    claimed: GameResult,
    path: &[(usize, String)],
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Vec<String> {
    let positions = &chase.positions;
    let Some(&(first, _)) = path.first() else {
        return Vec::new();
    };
    let agree = path
        .iter()
        .all(|&(at, _)| combined(&positions[at], result) == Some(claimed));
    let mut lines = vec![format!(
        "a win no line of play reaches: you call {} {}, the truth at the first is {}{}; each \
         rests on the next, and the line comes back where it began:",
        match path.len() {
            1 => "this position".to_string(),
            count => format!("these {count} positions"),
        },
        claimed.plural(),
        article(positions[first].truth.words()),
        match (positions[first].truth, positions[first].plies) {
            (_, Some(plies)) => in_plies(Some(plies)),
            (GameResult::Draw, None) => String::new(),
            (_, None) => " (no forced end: the time runs out)".to_string(),
        }
    )];
    for (at, moves) in path {
        lines.push(format!("  {} ({moves})", positions[*at].name));
    }
    if let Some((first, _)) = path.first() {
        lines.push(format!("  back to {}", positions[*first].name));
    }
    let claim = match claimed {
        GameResult::MouseWins => "claimed win of the mouse",
        _ => "claimed win of the cat",
    };
    lines.push(format!(
        "{} this {claim} never ends: somewhere your program scores as won a line of play that \
         goes round (a repeated position scored as a win, or a move of the other side left out).",
        match agree {
            true => "Your answers along it agree with one another, but",
            false => "Not every answer along it was given, but as far as they go,",
        }
    ));
    lines
}

/// A position's truth and the plies of its forced win.
type Kind = (GameResult, Option<u32>);

/// The order to ask in: one position of each truth and length in turn, longest wins first, so
/// that a diagnosis cut short has still asked about every kind.
pub fn asking_order<C>(chase: &Chase<C>) -> Vec<usize> {
    let mut kinds: Vec<(Kind, Vec<usize>)> = Vec::new();
    for (at, position) in chase.positions.iter().enumerate() {
        let kind = (position.truth, position.plies);
        match kinds.iter_mut().find(|(other, _)| *other == kind) {
            Some((_, members)) => members.push(at),
            None => kinds.push((kind, vec![at])),
        }
    }
    // The longest wins first: past a cap they are the ones judged wrong, and the horizon needs
    // them and the right ones just short of them before a cut.
    kinds.sort_by_key(|&((truth, plies), _)| {
        (std::cmp::Reverse(plies.map_or(0, |plies| plies + 1)), truth)
    });
    let most = kinds
        .iter()
        .map(|(_, members)| members.len())
        .max()
        .unwrap_or(0);
    (0..most)
        .flat_map(|round| {
            kinds
                .iter()
                .filter_map(move |(_, members)| members.get(round).copied())
        })
        .collect()
}

impl Diagnosis {
    /// The diagnosis of a recorded game, round by round: no positions.
    pub fn of_rounds(rounds: RoundsDiagnosis) -> Diagnosis {
        Diagnosis {
            seconds: rounds.seconds,
            rounds: Some(rounds),
            ..Diagnosis::default()
        }
    }

    /// How many positions were asked about.
    pub fn positions(&self) -> usize {
        self.answers.len()
    }

    /// How many got a result.
    pub fn answered(&self) -> usize {
        self.answers
            .iter()
            .filter(|answer| answer.said.is_some())
            .count()
    }

    /// The places (mouse, cat) of every misjudged position.
    pub fn misjudged_at(&self) -> Vec<(usize, usize)> {
        self.answers
            .iter()
            .filter(|answer| answer.said.is_some_and(|said| said != answer.truth))
            .map(|answer| answer.places)
            .collect()
    }

    /// The diagnosis with the instance's own position answered `among_others` in the batch,
    /// against `alone`, the program's answer to the instance run alone: where they differ, the
    /// program keeps state between test cases, and its batch answers are not each its own.
    pub fn checked_against(
        mut self,
        among_others: Option<GameResult>,
        alone: Option<GameResult>,
    ) -> Diagnosis {
        if among_others.is_none() || alone.is_none() || among_others == alone {
            return self;
        }
        self.warning = Some(format!(
            "asked among the others, this instance itself got {}, and alone {}: your program \
             keeps state between test cases, so these answers are not each its own, and \
             nothing more is drawn from them",
            among_others.map_or("nothing", GameResult::words),
            alone.map_or("nothing", GameResult::words)
        ));
        (self.horizon, self.contradiction, self.cycle) = (None, Vec::new(), Vec::new());
        self.contradiction_at = None;
        self
    }

    /// No diagnosis, and why: too many positions.
    pub fn skipped(why: String) -> Diagnosis {
        Diagnosis {
            skipped: Some(why),
            ..Diagnosis::default()
        }
    }

    /// The report's diagnosis section, a line each.
    pub fn lines(&self) -> Vec<String> {
        if let Some(rounds) = &self.rounds {
            return rounds.lines();
        }
        if let Some(why) = &self.skipped {
            return vec![format!("diagnosis: none: {why}")];
        }
        let mut lines = vec![format!(
            "diagnosis: your program was asked about the {} positions of this instance with the \
             mouse to move ({}); it gave a result for {} and misjudges {}:",
            thousands(self.positions() as u64),
            self.asked_as,
            thousands(self.answered() as u64),
            thousands(self.misjudged_at().len() as u64)
        )];
        if let Some(warning) = &self.warning {
            lines.push(format!("  warning: {warning}"));
        }
        if let Some(cut) = &self.cut {
            lines.push(format!("  ({cut})"));
        }
        lines.extend(self.groups.iter().map(group_line));
        if let Some(horizon) = &self.horizon {
            lines.push(horizon_line(horizon));
        }
        lines.extend(self.contradiction.iter().cloned());
        lines.extend(self.cycle.iter().cloned());
        lines
    }
}

fn group_line(group: &Group) -> String {
    let mut line = format!("  {}", group.truth.plural());
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
        .map(|(words, count)| format!("{} called {}", thousands(*count as u64), article(words)))
        .collect();
    match (group.right, wrong.is_empty()) {
        (_, true) => line.push_str(", all right"),
        (0, false) if group.wrong.len() == 1 => {
            let each = if group.asked == 1 { "" } else { "each " };
            let _ = write!(line, ", {each}called {}", article(&group.wrong[0].0));
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

/// `a draw`, `mouse wins`: a result as the object of `called`.
fn article(words: &str) -> String {
    match words {
        "draw" => "a draw".to_string(),
        other => other.to_string(),
    }
}

fn horizon_line(horizon: &Horizon) -> String {
    let wins = match horizon.side {
        Some(GameResult::MouseWins) => "forced win of the mouse",
        Some(GameResult::CatWins) => "forced win of the cat",
        _ => "forced win",
    };
    let mut line = format!(
        "a horizon of {} to {} plies: every {wins} of up to {} is judged right, every one of {} \
         or more wrong",
        horizon.longest_right,
        horizon.shortest_wrong,
        plies_words(horizon.longest_right),
        plies_words(horizon.shortest_wrong)
    );
    if !horizon.caps.is_empty() {
        let _ = write!(
            line,
            "; a limit on the game's length of {} gives exactly this",
            horizon.caps.join(" or ")
        );
    } else if !horizon.near_caps.is_empty() {
        let _ = write!(
            line,
            "; a limit on the game's length of {} is within a ply of it (as a program counts \
             its plies)",
            horizon.near_caps.join(" or ")
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

/// The diagnosis of a recorded game: where the program's answer and the truth part.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundsDiagnosis {
    pub rounds: usize,
    /// What is wrong with the answer besides its rounds ([`Rounds::notes`]).
    pub notes: Vec<String>,
    /// Every round where they part, how many in all, and those shown with their cut games.
    pub parted: Vec<PartedRound>,
    pub parted_in_all: usize,
    pub seconds: f64,
}

impl RoundsDiagnosis {
    /// The report's lines.
    pub fn lines(&self) -> Vec<String> {
        let rounds = match self.rounds {
            1 => "the game's one round".to_string(),
            count => format!("each of the {} rounds", thousands(count as u64)),
        };
        let mut lines = vec![format!(
            "diagnosis: your answer judges {rounds}; it parts from the truth in {} of them{}",
            thousands(self.parted_in_all as u64),
            if self.parted_in_all == 0 { "" } else { ":" }
        )];
        lines.extend(self.notes.iter().map(|note| format!("  {note}")));
        for round in &self.parted {
            lines.push(round.line());
            if let Some(cut) = &round.cut {
                lines.push(format!("    {cut}"));
            }
        }
        if self.parted_in_all > self.parted.len() {
            lines.push(format!(
                "  ... and {} more rounds where it parts from the truth",
                thousands((self.parted_in_all - self.parted.len()) as u64)
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{lc1728, lc913, Problem};
    use shared::rng::Rng;

    /// A 913 graph with draws and with forced wins of many plies.
    fn deep_graph() -> shared::lc913::Graph {
        let mut rng = Rng::new(7);
        lc913::deep_graph(&mut rng, 12, 300)
    }

    fn said_by(
        chase: &Chase<shared::lc913::Graph>,
        rule: impl Fn(&Position<shared::lc913::Graph>) -> GameResult,
    ) -> Vec<Said> {
        chase
            .positions
            .iter()
            .map(|position| Said::Result(rule(position)))
            .collect()
    }

    #[test]
    fn each_position_asked_is_the_game_its_truth_names() {
        let solve = &lc913::solvers()[0].solve;
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let graph = shared::lc913::any_graph(&mut rng, 3, 9);
            for position in lc913::chase(&graph).positions {
                let answer = lc913::Lc913::result_of(&solve(&position.case));
                assert_eq!(
                    answer,
                    Some(position.truth),
                    "{} of {graph:?}",
                    position.name
                );
            }
        }
        let solve = &lc1728::solvers()[0].solve;
        for _ in 0..10 {
            let game = shared::lc1728::any_game(&mut rng, 4, 4);
            for position in lc1728::chase(&game).positions {
                let answer = lc1728::Lc1728::result_of(&solve(&position.case));
                assert_eq!(
                    answer,
                    Some(position.truth),
                    "{} of {game:?}",
                    position.name
                );
            }
        }
    }

    #[test]
    fn a_cap_shows_as_a_horizon_that_holds_it() {
        let chase = lc913::chase(&deep_graph());
        let longest = chase
            .positions
            .iter()
            .filter_map(|position| position.plies)
            .max();
        let longest = longest.unwrap_or(0);
        assert!(longest >= 12, "the graph's longest win is {longest} plies");
        let cap = longest - 3;
        // A search cut after `cap` plies calls every longer win a draw and gets the rest right.
        let said = said_by(&chase, |position| match position.plies {
            Some(plies) if plies > cap => GameResult::Draw,
            _ => position.truth,
        });
        let diagnosis = diagnose(&chase, &said, None);
        let horizon = diagnosis
            .horizon
            .clone()
            .unwrap_or_else(|| panic!("{diagnosis:?}"));
        assert!(
            horizon.longest_right <= cap && cap < horizon.shortest_wrong,
            "{horizon:?}"
        );
        assert!(
            diagnosis.contradiction[0].contains("you say draw"),
            "{diagnosis:?}"
        );
        // The caps named as exact give exactly this horizon; those named as near are a ply off.
        let value = |name: &String| {
            chase
                .caps
                .iter()
                .find(|cap| &cap.0 == name)
                .map(|cap| cap.1)
        };
        for exact in horizon.caps.iter().filter_map(value) {
            assert!(horizon.longest_right <= exact && exact < horizon.shortest_wrong);
        }
        for near in horizon.near_caps.iter().filter_map(value) {
            assert!(near + 1 == horizon.longest_right || near == horizon.shortest_wrong);
        }
    }

    #[test]
    fn one_wrong_answer_is_a_contradiction_at_it() {
        let chase = lc913::chase(&deep_graph());
        let wrong = chase
            .positions
            .iter()
            .position(|position| position.plies.is_some_and(|plies| plies >= 5))
            .unwrap_or(0);
        let mut said = said_by(&chase, |position| position.truth);
        said[wrong] = Said::Result(GameResult::Draw);
        let diagnosis = diagnose(&chase, &said, None);
        assert_eq!(diagnosis.misjudged_at().len(), 1);
        let first = &diagnosis.contradiction[0];
        assert!(first.contains(&chase.positions[wrong].name), "{first}");
        let last = diagnosis
            .contradiction
            .last()
            .map(String::as_str)
            .unwrap_or("");
        assert!(
            last.starts_with("Every answer this rests on is right"),
            "{last}"
        );
        assert!(diagnosis.cycle.is_empty());
    }

    #[test]
    fn answers_that_keep_state_between_positions_are_not_read_further() {
        let chase = lc913::chase(&deep_graph());
        let wrong = chase
            .positions
            .iter()
            .position(|position| position.plies.is_some_and(|plies| plies >= 5));
        let mut said = said_by(&chase, |position| position.truth);
        said[wrong.unwrap_or(0)] = Said::Result(GameResult::Draw);
        let diagnosis = diagnose(&chase, &said, None);
        assert!(!diagnosis.contradiction.is_empty());
        let same = diagnosis
            .clone()
            .checked_against(Some(GameResult::Draw), Some(GameResult::Draw));
        assert_eq!(same, diagnosis);
        let differs =
            diagnosis.checked_against(Some(GameResult::MouseWins), Some(GameResult::Draw));
        assert!(differs
            .warning
            .as_deref()
            .is_some_and(|warning| warning.contains("keeps state")));
        assert!(
            differs.contradiction.is_empty()
                && differs.cycle.is_empty()
                && differs.horizon.is_none()
        );
        assert!(differs.lines()[1].starts_with("  warning: asked among the others"));
    }

    #[test]
    fn draws_scored_as_wins_show_a_cycle_of_claimed_wins() {
        // The statement's first example, a draw from the start.
        let graph = lc913::examples()[0].0.clone();
        let chase = lc913::chase(&graph);
        assert!(chase
            .positions
            .iter()
            .any(|position| position.truth == GameResult::Draw));
        // Scoring every endless line as the mouse's: consistent answers, wrong at every draw.
        let said = said_by(&chase, |position| match position.truth {
            GameResult::Draw => GameResult::MouseWins,
            other => other,
        });
        let diagnosis = diagnose(&chase, &said, None);
        assert!(diagnosis.contradiction.is_empty(), "{diagnosis:?}");
        assert!(
            diagnosis.cycle[0].starts_with("a win no line of play reaches"),
            "{diagnosis:?}"
        );
        let loop_lines: Vec<&String> = diagnosis
            .cycle
            .iter()
            .filter(|line| line.starts_with("  "))
            .collect();
        let named = |line: &str| line.trim().split(" (").next().unwrap_or("").to_string();
        let first = named(loop_lines[0]);
        assert_eq!(
            loop_lines.last().map(|line| line.trim().to_string()),
            Some(format!("back to {first}"))
        );
        // Every position on the loop is a draw the answers call a mouse win.
        for line in &loop_lines[..loop_lines.len() - 1] {
            let name = named(line);
            let position = chase
                .positions
                .iter()
                .find(|position| position.name == name);
            assert_eq!(
                position.map(|position| position.truth),
                Some(GameResult::Draw),
                "{line}"
            );
        }
    }

    #[test]
    fn a_cut_diagnosis_has_asked_about_every_kind() {
        let chase = lc913::chase(&deep_graph());
        let order = asking_order(&chase);
        assert_eq!(order.len(), chase.positions.len());
        let kinds: std::collections::HashSet<Kind> = chase
            .positions
            .iter()
            .map(|position| (position.truth, position.plies))
            .collect();
        let first: std::collections::HashSet<Kind> = order[..kinds.len()]
            .iter()
            .map(|&at| (chase.positions[at].truth, chase.positions[at].plies))
            .collect();
        assert_eq!(first, kinds);
    }
}
