//! A chase game's facts in words, as the diagnosis's lines and `--json` both say them: a
//! result, plies, where the pieces stand and how they move, how the positions were asked, the
//! caps on a game's length, and a recorded game's rounds. Pure functions of the values.
//!
//! Uses `problems::chase`.

use crate::problems::chase::{AnswerNote, Asked, Cap, CutSays, GameResult, PartedRound};
use crate::problems::chase::{Spot, Standing, Step};

/// `mouse wins`: a result as the report and `--json` name it.
pub fn result_words(result: GameResult) -> &'static str {
    match result {
        GameResult::CatWins => "cat wins",
        GameResult::Draw => "draw",
        GameResult::MouseWins => "mouse wins",
    }
}

/// `draws`: a result counted, as a group's line names its positions.
pub fn result_plural(result: GameResult) -> &'static str {
    match result {
        GameResult::Draw => "draws",
        other => result_words(other),
    }
}

/// `a draw`, `mouse wins`: a result as the object of `called`.
pub fn result_with_article(result: GameResult) -> &'static str {
    match result {
        GameResult::Draw => "a draw",
        other => result_words(other),
    }
}

/// `1 ply`, `7 plies`.
pub fn plies_words(plies: u32) -> String {
    format!("{plies} pl{}", if plies == 1 { "y" } else { "ies" })
}

/// ` in 7 plies`, for a forced win; nothing where there is none.
pub fn in_plies(plies: Option<u32>) -> String {
    plies.map_or_else(String::new, |plies| format!(" in {}", plies_words(plies)))
}

/// `4`, a node; `(2,3)`, a cell by row and column from 0, as 1728's grid is indexed.
pub fn spot_words(spot: Spot) -> String {
    match spot {
        Spot::Node(node) => node.to_string(),
        Spot::Cell { row, col } => format!("({row},{col})"),
    }
}

/// `mouse on 4, cat on 3` (a graph's nodes), `mouse at (0,1), cat at (2,2)` (a grid's cells).
pub fn standing_words(standing: Standing) -> String {
    let (mouse, cat) = (spot_words(standing.mouse), spot_words(standing.cat));
    match standing.mouse {
        Spot::Node(_) => format!("mouse on {mouse}, cat on {cat}"),
        Spot::Cell { .. } => format!("mouse at {mouse}, cat at {cat}"),
    }
}

/// `to 3`, `stays at (1,2)`.
pub fn step_words(step: Step) -> String {
    match step.stays {
        true => format!("stays at {}", spot_words(step.to)),
        false => format!("to {}", spot_words(step.to)),
    }
}

/// `to 0, the hole`: the move the rules bar the cat from.
pub fn barred_words(barred: Spot) -> String {
    format!("to {}, the hole", spot_words(barred))
}

/// How each position was asked about, as an instance of its own.
pub fn asked_words(asked: Asked) -> &'static str {
    match asked {
        Asked::RenamedGraph => {
            "each as a graph of its own, its nodes renamed so that the mouse stands on 1 and the \
             cat on 2"
        }
        Asked::MovedGrid => "each as a grid of its own, the mouse and the cat moved there",
    }
}

/// `2n = 16`, `n² = 64`, `1000 plies`, `twice the open cells = 24 plies`: a cap as solutions
/// reckon it, with what it comes to.
pub fn cap_words((cap, plies): (Cap, u32)) -> String {
    match cap {
        Cap::TimesNodes(times) => format!("{times}n = {plies}"),
        Cap::NodesSquared => format!("n\u{b2} = {plies}"),
        Cap::Plies => format!("{plies} plies"),
        Cap::TimesOpenCells(1) => format!("the open cells = {plies} plies"),
        Cap::TimesOpenCells(2) => format!("twice the open cells = {plies} plies"),
        Cap::TimesOpenCells(times) => format!("{times} \u{d7} the open cells = {plies} plies"),
    }
}

/// What is wrong with the rounds an answer names, besides which they are.
pub fn answer_note_words(note: &AnswerNote) -> String {
    match note {
        AnswerNote::NoSuchRounds { named, rounds } => {
            let named: Vec<String> = named.iter().map(usize::to_string).collect();
            format!(
                "your answer names round {}, but the game has {rounds} round{}",
                named.join(", "),
                if *rounds == 1 { "" } else { "s" }
            )
        }
        AnswerNote::NamedTwice { round } => format!("your answer names round {round} twice"),
        AnswerNote::OutOfOrder => {
            "your answer lists the rounds out of order (game.out lists them in increasing order)"
                .to_string()
        }
    }
}

/// `(2, 3)`: Tutu's move as the input writes it.
pub fn tutu_move_words(round: &PartedRound) -> String {
    let (row, col) = round.tutu_move;
    format!("({row}, {col})")
}

/// A parted round's line: Tutu's move, the truth before and after, what the program said.
pub fn round_line(round: &PartedRound) -> String {
    let wins = |wins: bool| if wins { "wins" } else { "loses" };
    let mistake = |mistake: bool| if mistake { "a mistake" } else { "no mistake" };
    format!(
        "  round {}, Tutu moves {}: Tutu {} before it, Dandan {} after it: {}; you say {}",
        round.number,
        tutu_move_words(round),
        wins(round.wins_before),
        wins(round.wins_after),
        mistake(round.truth()),
        mistake(round.said)
    )
}

/// What the game cut at `round` shows: the same error (it is in the round itself), the round
/// judged right (the error comes from the rounds before), or the program's fault, in words.
pub fn cut_game_words(round: &PartedRound, says: &CutSays<String>) -> String {
    let cut = format!(
        "the game cut at round {} (its board as the start)",
        round.number
    );
    match says {
        CutSays::Judges(said) if *said == round.said => format!(
            "{cut}: you judge its first round the same way: the error is in the round itself"
        ),
        CutSays::Judges(_) => format!(
            "{cut}: you judge its first round right: the error is carried from the rounds before"
        ),
        CutSays::Fault(why) => format!("{cut}: your program: {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_moves_read_as_each_problem_names_them() {
        let node = |node| Spot::Node(node);
        let cell = |row, col| Spot::Cell { row, col };
        let rows = [
            (
                standing_words(Standing {
                    mouse: node(4),
                    cat: node(3),
                }),
                "mouse on 4, cat on 3",
            ),
            (
                standing_words(Standing {
                    mouse: cell(0, 1),
                    cat: cell(2, 2),
                }),
                "mouse at (0,1), cat at (2,2)",
            ),
            (
                step_words(Step {
                    to: node(3),
                    stays: false,
                }),
                "to 3",
            ),
            (
                step_words(Step {
                    to: cell(1, 2),
                    stays: true,
                }),
                "stays at (1,2)",
            ),
            (barred_words(node(0)), "to 0, the hole"),
            (plies_words(1), "1 ply"),
            (in_plies(Some(7)), " in 7 plies"),
            (in_plies(None), ""),
        ];
        for (words, expected) in rows {
            assert_eq!(words, expected);
        }
    }

    #[test]
    fn each_cap_reads_as_solutions_reckon_it() {
        let rows = [
            ((Cap::TimesNodes(2), 16), "2n = 16"),
            ((Cap::NodesSquared, 64), "n\u{b2} = 64"),
            ((Cap::Plies, 1000), "1000 plies"),
            ((Cap::TimesOpenCells(1), 12), "the open cells = 12 plies"),
            (
                (Cap::TimesOpenCells(2), 24),
                "twice the open cells = 24 plies",
            ),
            (
                (Cap::TimesOpenCells(4), 48),
                "4 \u{d7} the open cells = 48 plies",
            ),
        ];
        for (cap, expected) in rows {
            assert_eq!(cap_words(cap), expected);
        }
    }

    #[test]
    fn an_answer_s_notes_and_a_round_s_lines_read_whole() {
        let notes = [
            AnswerNote::NoSuchRounds {
                named: vec![0, 5],
                rounds: 3,
            },
            AnswerNote::NoSuchRounds {
                named: vec![2],
                rounds: 1,
            },
            AnswerNote::NamedTwice { round: 1 },
            AnswerNote::OutOfOrder,
        ];
        let words: Vec<String> = notes.iter().map(answer_note_words).collect();
        assert_eq!(
            words,
            [
                "your answer names round 0, 5, but the game has 3 rounds",
                "your answer names round 2, but the game has 1 round",
                "your answer names round 1 twice",
                "your answer lists the rounds out of order (game.out lists them in increasing \
                 order)",
            ]
        );
        let round = PartedRound {
            number: 2,
            tutu_move: (2, 3),
            wins_before: true,
            wins_after: false,
            said: true,
        };
        assert_eq!(
            round_line(&round),
            "  round 2, Tutu moves (2, 3): Tutu wins before it, Dandan loses after it: no \
             mistake; you say a mistake"
        );
        let cut = "the game cut at round 2 (its board as the start): ";
        for (says, after) in [
            (
                CutSays::Judges(true),
                "you judge its first round the same way: the error is in the round itself",
            ),
            (
                CutSays::Judges(false),
                "you judge its first round right: the error is carried from the rounds before",
            ),
            (
                CutSays::Fault("exited with status 1".to_string()),
                "your program: exited with status 1",
            ),
        ] {
            assert_eq!(cut_game_words(&round, &says), format!("{cut}{after}"));
        }
    }
}
