//! NOI2011 兔兔与蛋蛋游戏 (Luogu P1971): in a recorded game on a board of black and white
//! pieces with one empty cell, which of Tutu's moves were mistakes (she could force a win
//! before the move, and Dandan can after it)?
//!
//! The empty cell never returns where it was, so the game is geography on a bipartite graph,
//! and the player to move wins iff the empty cell lies in every maximum matching of the cells
//! it can still enter (see [`game`]):
//!
//! | variant | idea | time |
//! |---|---|---|
//! | [`incremental`] | one maximum matching; per position, one augmenting search from the empty cell's mate | O(V·E + k·E) |
//! | [`rematch`] | per position, maximum matchings with and without the empty cell, from scratch | O(k·V·E) |
//! | [`minimax`] | the rules played out by search on the real board; small boards only | exponential |
//!
//! A variant's `--emit` text is a whole judge program: the variant, then [`game`], the
//! [`matching`] where used, and [`judge_io`] (stdin to stdout).

pub mod explain;
#[clippy::msrv = "1.58"]
pub mod game;
#[clippy::msrv = "1.58"]
pub mod incremental;
pub mod input;
#[clippy::msrv = "1.58"]
pub mod judge_io;
#[clippy::msrv = "1.58"]
pub mod matching;
#[clippy::msrv = "1.58"]
pub mod minimax;
#[clippy::msrv = "1.58"]
pub mod rematch;

use driver::{takes_all, Example, Problem, Variant};
pub use input::Game;
use std::fmt;

/// The judge's answer: Tutu's mistakes, numbered from 1, in increasing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistakes(pub Vec<usize>);

/// `game.out`: the count, then one move number a line.
impl fmt::Display for Mistakes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.len())?;
        for number in &self.0 {
            write!(f, "\n{number}")?;
        }
        Ok(())
    }
}

const INCREMENTAL: &str = include_str!("incremental.rs");
const REMATCH: &str = include_str!("rematch.rs");
const MINIMAX: &str = include_str!("minimax.rs");
const GAME: &str = include_str!("game.rs");
const MATCHING: &str = include_str!("matching.rs");
const JUDGE_IO: &str = include_str!("judge_io.rs");

/// Every variant, the default first. The CLI and every test iterate this list.
pub static VARIANTS: &[Variant<Game, Mistakes>] = &[
    Variant {
        name: "incremental",
        summary: "one maximum matching, then one augmenting search per position; O(V·E + k·E)",
        sources: &[INCREMENTAL, GAME, MATCHING, JUDGE_IO],
        solve: |game| Mistakes(incremental::mistakes(&game.board, &game.moves)),
        refuses: takes_all,
    },
    Variant {
        name: "rematch",
        summary:
            "maximum matchings with and without the empty cell, from scratch per position; O(k·V·E)",
        sources: &[REMATCH, GAME, MATCHING, JUDGE_IO],
        solve: |game| Mistakes(rematch::mistakes(&game.board, &game.moves)),
        refuses: takes_all,
    },
    Variant {
        name: "minimax",
        summary:
            "every line of play searched on the real board; exponential, boards of up to 49 cells",
        sources: &[MINIMAX, GAME, JUDGE_IO],
        solve: |game| Mistakes(minimax::mistakes(&game.board, &game.moves)),
        refuses: minimax_refuses,
    },
];

fn minimax_refuses(game: &Game) -> Option<String> {
    let cells = game.board.len() * game.board.first().map_or(0, Vec::len);
    (cells > minimax::MAX_CELLS).then(|| {
        format!(
            "minimax searches every line of play and takes boards of up to {} cells; this one has {cells}",
            minimax::MAX_CELLS
        )
    })
}

/// The statement's three samples.
pub static EXAMPLES: &[Example] = &[
    Example {
        input: "1 6\nXO.OXO\n1\n1 2\n1 1\n",
        expected: "1\n1\n",
    },
    Example {
        input: "3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n",
        expected: "0\n",
    },
    Example {
        input: "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n",
        expected: "2\n1\n2\n",
    },
];

/// The command line's description of this problem.
pub static PROBLEM: Problem<Game, Mistakes> = Problem {
    bin: "noi2011",
    title: "NOI2011 兔兔与蛋蛋游戏 (Luogu P1971): Tutu's mistakes in a recorded game",
    input_help: "the statement's input (game.in): n m, n rows of X O ., k, then 2k moves x y\n\
                 (Tutu's first, 1-based). CRLF line ends are accepted; boards past 40x40 and\n\
                 records past 1000 moves are welcome. The output is game.out's text.",
    variants: VARIANTS,
    examples: EXAMPLES,
    parse: input::parse,
    note: |game| {
        (!game.ends_with_tutu_stuck).then(|| {
            "the record does not end with Tutu unable to move, as the statement promises; \
             the mistakes are answered all the same"
                .to_string()
        })
    },
    explain: explain::explain,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_answers_the_samples() {
        for example in EXAMPLES {
            let game = input::parse(example.input).unwrap().remove(0);
            for variant in VARIANTS {
                let answer = (variant.solve)(&game).to_string() + "\n";
                assert_eq!(
                    answer, example.expected,
                    "{} on {:?}",
                    variant.name, example.input
                );
            }
        }
    }

    #[test]
    fn every_submission_is_a_whole_program() {
        for variant in VARIANTS {
            let text = variant.submission();
            assert!(
                text.contains("pub fn main()") && text.contains("pub fn mistakes("),
                "{}",
                variant.name
            );
            assert!(!text.contains("use crate::"), "{}", variant.name);
        }
    }

    #[test]
    fn minimax_refuses_large_boards_only() {
        let small = input::parse(EXAMPLES[2].input).unwrap().remove(0);
        assert_eq!(minimax_refuses(&small), None);
        let large = Game {
            board: vec![vec![b'X'; 10]; 5],
            moves: vec![],
            ends_with_tutu_stuck: true,
        };
        assert!(minimax_refuses(&large).unwrap().contains("this one has 50"));
    }
}
