//! LeetCode 913, Cat and Mouse: who wins a pursuit game on an undirected graph, draws
//! included, when both sides play perfectly.
//!
//! A position is (mouse's node, cat's node, whose turn). The game graph of positions has
//! cycles, so plain memoised search does not work; the variants solve it by retrograde
//! analysis from the positions the rules decide:
//!
//! | variant | idea | time |
//! |---|---|---|
//! | [`degree_bfs`] | BFS backwards, counting down each position's unresolved moves | O(n·e) |
//! | [`fixpoint_sweep`] | full sweeps of re-evaluation until nothing changes | O(S·n·e) |
//! | [`fixpoint_worklist`] | re-evaluate only the predecessors of decided positions | O(n·e·Δ) |
//!
//! A submission is a variant's fenced part followed by [`game`]'s ([`Variant::sources`];
//! `cargo run -q --bin lc913 -- --emit NAME` prints it). The answer codes are LeetCode's:
//! 0 draw, 1 mouse wins, 2 cat wins.
//!
//! # Example
//!
//! The statement's second example: the mouse runs to node 3, then into the hole.
//!
//! ```
//! let graph = vec![vec![1, 3], vec![0], vec![3], vec![0, 2]];
//! for variant in lc913::VARIANTS {
//!     assert_eq!((variant.cat_mouse_game)(graph.clone()), 1, "{}", variant.name);
//! }
//! ```

// LeetCode ran Rust 1.58: clippy checks every submission module against that version's std.
#[clippy::msrv = "1.58"]
pub mod degree_bfs;
pub mod explain;
#[clippy::msrv = "1.58"]
pub mod fixpoint_sweep;
#[clippy::msrv = "1.58"]
pub mod fixpoint_worklist;
#[clippy::msrv = "1.58"]
pub mod game;

/// One historical solution.
pub struct Variant {
    /// The module's name (`degree_bfs`), which `--variant` and `--emit` take.
    pub name: &'static str,
    /// One line: the idea and the cost.
    pub summary: &'static str,
    /// The source files, markers included, whose fenced parts joined in this order make the
    /// paste-ready submission: the variant's own file first, then the pieces it shares.
    pub sources: &'static [&'static str],
    /// The judge's function.
    pub cat_mouse_game: fn(Vec<Vec<i32>>) -> i32,
    /// The bytes its tables take a position (2n² positions on n nodes), as the variant's
    /// module documents them: the command line's size limit and the bench's memory column
    /// read it, and `tests/tests/memory.rs` measures it.
    pub table_bytes: u64,
}

const GAME: &str = include_str!("game.rs");

/// Every variant, the default first. The command line and every test iterate this list.
pub static VARIANTS: &[Variant] = &[
    Variant {
        name: "degree_bfs",
        table_bytes: 11,
        summary:
            "retrograde BFS counting down unresolved moves; stops once the start is decided; O(n·e)",
        sources: &[include_str!("degree_bfs.rs"), GAME],
        cat_mouse_game: degree_bfs::Solution::cat_mouse_game,
    },
    Variant {
        name: "fixpoint_sweep",
        table_bytes: 1,
        summary:
            "full sweeps re-evaluating every undecided position until one changes nothing; O(S·n·e)",
        sources: &[include_str!("fixpoint_sweep.rs"), GAME],
        cat_mouse_game: fixpoint_sweep::Solution::cat_mouse_game,
    },
    Variant {
        name: "fixpoint_worklist",
        table_bytes: 5,
        summary:
            "re-evaluates only predecessors of newly decided positions, from a queue; O(n·e·Δ)",
        sources: &[include_str!("fixpoint_worklist.rs"), GAME],
        cat_mouse_game: fixpoint_worklist::Solution::cat_mouse_game,
    },
];

/// A graph as LeetCode writes it, and the answer.
pub type KnownCase = (&'static [&'static [i32]], i32);

/// The statement's examples.
pub static EXAMPLES: &[KnownCase] = &[
    (
        &[&[2, 5], &[3], &[0, 4, 5], &[1, 4, 5], &[2, 3], &[0, 2, 3]],
        0,
    ),
    (&[&[1, 3], &[0], &[3], &[0, 2]], 1),
];

/// Graphs from LeetCode's feedback tracker, each of which defeated a once-accepted wrong
/// solution.
pub static REGRESSIONS: &[KnownCase] = &[
    // A search capped at 2n plies answers 0.
    (
        &[
            &[5, 7, 9],
            &[3, 4, 5, 6],
            &[3, 4, 5, 8],
            &[1, 2, 6, 7],
            &[1, 2, 5, 7, 9],
            &[0, 1, 2, 4, 8],
            &[1, 3, 7, 8],
            &[0, 3, 4, 6, 8],
            &[2, 5, 6, 7, 9],
            &[0, 4, 8],
        ],
        1,
    ),
    (
        &[
            &[7],
            &[2, 6, 8, 9],
            &[1, 4, 5, 6, 7],
            &[4, 5, 7],
            &[2, 3, 5, 8],
            &[2, 3, 4, 7],
            &[1, 2, 9],
            &[0, 2, 3, 5, 9],
            &[1, 4, 9],
            &[1, 6, 7, 8],
        ],
        2,
    ),
    // Memoising a revisited position as a draw answers wrongly.
    (
        &[
            &[6],
            &[4],
            &[9],
            &[5],
            &[1, 5],
            &[3, 4, 6],
            &[0, 5, 10],
            &[8, 9, 10],
            &[7],
            &[2, 7],
            &[6, 7],
        ],
        1,
    ),
    (
        &[
            &[5, 6],
            &[3, 4],
            &[6],
            &[1, 4, 5],
            &[1, 3, 5],
            &[0, 3, 4, 6],
            &[0, 2, 5],
        ],
        2,
    ),
    (&[&[2, 3], &[3, 4], &[0, 4], &[0, 1], &[1, 2]], 1),
];

/// The examples and the regressions, as the judge passes them, with their answers: the table
/// every variant, every emitted submission and `--explain` are tested on (the workbench adds
/// its table of the deepest forced wins).
pub fn known_cases() -> Vec<(Vec<Vec<i32>>, i32)> {
    EXAMPLES
        .iter()
        .chain(REGRESSIONS)
        .copied()
        .map(|(graph, answer)| (graph.iter().map(|list| list.to_vec()).collect(), answer))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_answers_the_examples_and_regressions() {
        for (graph, expected) in known_cases() {
            for variant in VARIANTS {
                assert_eq!(
                    (variant.cat_mouse_game)(graph.clone()),
                    expected,
                    "{} on {graph:?}",
                    variant.name
                );
            }
        }
    }
}
