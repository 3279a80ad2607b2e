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
//! A variant's submission is a whole judge program: the variant, then [`game`], the
//! [`matching`] where used, and [`judge_io`] (stdin to stdout) ([`Variant::sources`];
//! `cargo run -q --bin noi2011 -- --emit NAME` prints it).
//!
//! # Example
//!
//! The statement's first sample: Tutu's only move, (1, 2) 1-based, was a mistake.
//!
//! ```
//! let board = vec![b"XO.OXO".to_vec()];
//! let moves = [(0, 1), (0, 0)];
//! for variant in noi2011::VARIANTS {
//!     assert_eq!((variant.mistakes)(&board, &moves), [1], "{}", variant.name);
//! }
//! ```

pub mod explain;
// Judges run old compilers: clippy checks every submission module against Rust 1.58's std.
#[clippy::msrv = "1.58"]
pub mod game;
#[clippy::msrv = "1.58"]
pub mod incremental;
#[clippy::msrv = "1.58"]
pub mod judge_io;
#[clippy::msrv = "1.58"]
pub mod matching;
#[clippy::msrv = "1.58"]
pub mod minimax;
#[clippy::msrv = "1.58"]
pub mod rematch;

/// A move of the record: the 0-based (row, column) of the piece that slides into the empty
/// cell.
pub type Move = (usize, usize);

/// A board, row by row, of `X`, `O` and `.`.
pub type Rows = Vec<Vec<u8>>;

/// One historical solution.
pub struct Variant {
    /// The module's name (`incremental`), which `--variant` and `--emit` take.
    pub name: &'static str,
    /// One line: the idea and the cost.
    pub summary: &'static str,
    /// The source files, markers included, whose fenced parts joined in this order make the
    /// judge program: the variant's own file first, then the pieces it shares.
    pub sources: &'static [&'static str],
    /// Tutu's mistakes, numbered from 1: `rows` of `X`, `O` and `.`, then the 2k moves as
    /// 0-based (row, column), Tutu's first.
    pub mistakes: fn(&[Vec<u8>], &[Move]) -> Vec<usize>,
    /// The most cells a board may have for this variant to finish in seconds, if it is bounded.
    pub max_cells: Option<usize>,
}

const GAME: &str = include_str!("game.rs");
const MATCHING: &str = include_str!("matching.rs");
const JUDGE_IO: &str = include_str!("judge_io.rs");

/// Every variant, the default first. The command line and every test iterate this list.
pub static VARIANTS: &[Variant] = &[
    Variant {
        name: "incremental",
        summary: "one maximum matching, then one augmenting search per position; O(V·E + k·E)",
        sources: &[include_str!("incremental.rs"), GAME, MATCHING, JUDGE_IO],
        mistakes: incremental::mistakes,
        max_cells: None,
    },
    Variant {
        name: "rematch",
        summary:
            "maximum matchings with and without the empty cell, from scratch per position; O(k·V·E)",
        sources: &[include_str!("rematch.rs"), GAME, MATCHING, JUDGE_IO],
        mistakes: rematch::mistakes,
        max_cells: None,
    },
    Variant {
        name: "minimax",
        summary:
            "every line of play searched on the real board; exponential, boards of up to 49 cells",
        sources: &[include_str!("minimax.rs"), GAME, JUDGE_IO],
        mistakes: minimax::mistakes,
        max_cells: Some(minimax::MAX_CELLS),
    },
];

/// A board's rows, the 2k moves as 0-based (row, column) with Tutu's first, and the
/// mistakes.
pub type KnownCase = (&'static [&'static str], &'static [Move], &'static [usize]);

/// The statement's three samples (whose moves the input writes 1-based).
pub static EXAMPLES: &[KnownCase] = &[
    (&["XO.OXO"], &[(0, 1), (0, 0)], &[1]),
    (
        &["XOX", "O.O", "XOX"],
        &[
            (1, 2),
            (0, 2),
            (0, 1),
            (0, 0),
            (1, 0),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
        &[],
    ),
    (
        &["OOXX", "OXXO", "OO.O", "XXXO"],
        &[(2, 1), (1, 1), (0, 1), (0, 2)],
        &[1, 2],
    ),
];

/// The samples as the judge function takes them (`rows`, `moves`), with their answers.
pub fn known_cases() -> Vec<(Rows, Vec<Move>, Vec<usize>)> {
    EXAMPLES
        .iter()
        .map(|&(rows, moves, mistakes)| {
            let rows = rows.iter().map(|row| row.as_bytes().to_vec()).collect();
            (rows, moves.to_vec(), mistakes.to_vec())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_answers_the_samples() {
        for (rows, moves, expected) in known_cases() {
            for variant in VARIANTS {
                assert_eq!(
                    (variant.mistakes)(&rows, &moves),
                    expected,
                    "{} on {rows:?}",
                    variant.name
                );
            }
        }
    }
}
