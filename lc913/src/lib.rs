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
    /// The module's name, as in the contract (`degree_bfs`).
    pub name: &'static str,
    /// One line: the idea and the cost.
    pub summary: &'static str,
    /// The source files, markers included, whose fenced parts joined in this order make the
    /// paste-ready submission: the variant's own file first, then the pieces it shares.
    pub sources: &'static [&'static str],
    /// The judge's function.
    pub cat_mouse_game: fn(Vec<Vec<i32>>) -> i32,
}

const GAME: &str = include_str!("game.rs");

/// Every variant, the default first. The command line and every test iterate this list.
pub static VARIANTS: &[Variant] = &[
    Variant {
        name: "degree_bfs",
        summary:
            "retrograde BFS counting down unresolved moves; stops once the start is decided; O(n·e)",
        sources: &[include_str!("degree_bfs.rs"), GAME],
        cat_mouse_game: degree_bfs::Solution::cat_mouse_game,
    },
    Variant {
        name: "fixpoint_sweep",
        summary:
            "full sweeps re-evaluating every undecided position until one changes nothing; O(S·n·e)",
        sources: &[include_str!("fixpoint_sweep.rs"), GAME],
        cat_mouse_game: fixpoint_sweep::Solution::cat_mouse_game,
    },
    Variant {
        name: "fixpoint_worklist",
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

/// Graphs whose forced win takes more than three plies a node, found by hill-climbing on the
/// start's plies to the end (`--check` grows more of them as it runs). Solutions that cap
/// their search at 2n or 3n plies or at 64 plies, or stop sweeping after n rounds, answer
/// them wrongly.
pub static DEEP: &[KnownCase] = &[
    // The cat wins in 36 plies on 11 nodes.
    (
        &[
            &[9],
            &[4, 10, 7],
            &[4, 6, 5],
            &[7, 10, 9],
            &[6, 1, 8, 2],
            &[7, 2, 6],
            &[4, 2, 9, 5],
            &[5, 3, 1, 9],
            &[4, 9, 10],
            &[8, 10, 6, 0, 7, 3],
            &[1, 9, 8, 3],
        ],
        2,
    ),
    // The mouse wins in 41 plies on 13 nodes.
    (
        &[
            &[7, 8, 12],
            &[7, 6, 4],
            &[7, 5, 12, 4, 9, 11],
            &[4, 8, 11, 5],
            &[3, 6, 2, 8, 1],
            &[2, 8, 3, 11],
            &[10, 7, 12, 4, 1],
            &[0, 11, 12, 2, 6, 10, 1],
            &[3, 5, 12, 0, 10, 4, 9],
            &[8, 2, 10],
            &[6, 7, 8, 9],
            &[7, 3, 2, 5],
            &[7, 8, 6, 2, 0],
        ],
        1,
    ),
    // The cat wins in 52 plies on 15 nodes.
    (
        &[
            &[9],
            &[12, 6, 3, 2],
            &[7, 3, 10, 1, 11],
            &[2, 11, 1, 7, 6],
            &[13, 11, 8],
            &[6, 11],
            &[12, 5, 1, 11, 9, 3],
            &[11, 14, 10, 9, 2, 3],
            &[13, 14, 9, 4],
            &[13, 8, 0, 7, 6, 12],
            &[11, 14, 7, 13, 2],
            &[10, 7, 4, 6, 3, 5, 2],
            &[6, 1, 9],
            &[8, 9, 10, 14, 4],
            &[10, 7, 8, 13],
        ],
        2,
    ),
    // The cat wins in 66 plies on 20 nodes.
    (
        &[
            &[13],
            &[17, 15, 10, 3, 18, 12],
            &[14, 6, 7, 10, 5, 19],
            &[15, 7, 4, 1, 18, 14, 16],
            &[17, 10, 3, 8, 18, 12],
            &[14, 13, 19, 6, 2, 9],
            &[8, 5, 2, 13],
            &[9, 17, 12, 2, 3, 19],
            &[6, 11, 14, 4, 12],
            &[14, 7, 5, 10],
            &[17, 1, 12, 4, 2, 19, 13, 9],
            &[17, 12, 8, 15, 14],
            &[17, 11, 10, 7, 8, 1, 4],
            &[14, 5, 16, 0, 10, 6],
            &[2, 16, 13, 5, 9, 17, 8, 11, 3],
            &[17, 3, 1, 11, 19],
            &[14, 13, 3],
            &[12, 11, 7, 4, 10, 1, 15, 14],
            &[3, 4, 1],
            &[5, 7, 10, 15, 2],
        ],
        2,
    ),
];

/// The examples, the regressions and the deep graphs, as the judge passes them, with their
/// answers: the table every variant, every emitted submission and `--explain` are tested on.
pub fn known_cases() -> Vec<(Vec<Vec<i32>>, i32)> {
    EXAMPLES
        .iter()
        .chain(REGRESSIONS)
        .chain(DEEP)
        .map(|&(graph, answer)| (graph.iter().map(|list| list.to_vec()).collect(), answer))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deep_graphs_need_more_than_three_plies_a_node() {
        for &(graph, _) in DEEP {
            let graph: Vec<Vec<i32>> = graph.iter().map(|list| list.to_vec()).collect();
            let game = game::Game::new(&graph);
            let plies = degree_bfs::solve(&game, false).plies[game.start()] as usize;
            assert!(
                plies > 3 * graph.len(),
                "{plies} plies on {} nodes",
                graph.len()
            );
        }
    }

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
