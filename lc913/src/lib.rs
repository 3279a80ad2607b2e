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

/// A graph built to need a long forced win, with the figures it was measured to need.
pub struct DeepCase {
    pub graph: &'static [&'static [i32]],
    pub answer: i32,
    /// The winner's fastest forced win from the start, in plies.
    pub plies: u32,
    /// The in-place sweeps seed 003's loop needs to decide the start
    /// ([`fixpoint_sweep::sweeps_to_decide_start`]).
    pub sweeps: usize,
}

/// Graphs whose forced win takes many plies, for solutions that cap their search at a
/// horizon (2n, 4n, 5n or 200 plies) or stop sweeping early (after n, 2n or 3n sweeps): the
/// first four found by hill-climbing on the start's plies, the rest by `tests/examples/deep.rs`
/// (simulated annealing on the deepest position of any start). `--check` also runs them
/// changed a little. A unit test holds each to its figures.
pub static DEEP: &[DeepCase] = &[
    DeepCase {
        graph: &[
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
        answer: 2,
        plies: 36,
        sweeps: 19,
    },
    DeepCase {
        graph: &[
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
        answer: 1,
        plies: 41,
        sweeps: 24,
    },
    DeepCase {
        graph: &[
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
        answer: 2,
        plies: 52,
        sweeps: 29,
    },
    DeepCase {
        graph: &[
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
        answer: 2,
        plies: 66,
        sweeps: 37,
    },
    DeepCase {
        graph: &[
            &[19],
            &[2, 23, 13, 9, 22, 20, 7, 3, 18, 12, 11],
            &[1, 10, 17, 3, 5, 21],
            &[1, 2, 23, 20, 18, 12, 11],
            &[10, 23, 9, 22, 19, 12],
            &[6, 2, 13, 22, 15, 21],
            &[8, 10, 13, 19, 20, 11, 5, 15],
            &[1, 8, 10, 13, 19, 20],
            &[6, 14, 9, 19, 7, 18, 12, 15],
            &[1, 8, 10, 16, 14, 13, 4, 19, 11, 15],
            &[6, 2, 16, 9, 4, 22, 20, 7],
            &[6, 1, 16, 14, 9, 22, 19, 3, 18, 12],
            &[1, 8, 13, 17, 4, 19, 20, 3, 11],
            &[6, 1, 16, 14, 9, 22, 19, 7, 12, 5, 15, 21],
            &[8, 16, 13, 9, 18, 11],
            &[6, 8, 16, 13, 9, 18, 5],
            &[10, 14, 13, 17, 9, 11, 15],
            &[2, 16, 22, 19, 18, 12, 21],
            &[1, 8, 14, 23, 17, 20, 3, 11, 15],
            &[0, 6, 8, 23, 13, 17, 9, 4, 22, 20, 7, 12, 11],
            &[6, 1, 10, 22, 19, 7, 3, 18, 12, 21],
            &[2, 13, 17, 22, 20, 5],
            &[1, 10, 23, 13, 17, 4, 19, 20, 11, 5, 21],
            &[1, 4, 22, 19, 3, 18],
        ],
        answer: 2,
        plies: 110,
        sweeps: 71,
    },
    DeepCase {
        graph: &[
            &[30],
            &[2, 22, 27, 18, 11, 21, 13, 16, 12, 7, 10, 23, 31, 29],
            &[1, 9, 16, 4, 28, 23, 20],
            &[6, 22, 18, 30, 12, 4, 20],
            &[2, 22, 27, 18, 32, 11, 21, 13, 16, 3, 7, 26, 25],
            &[27, 11, 15, 21, 7, 14, 17, 29, 25],
            &[9, 8, 11, 21, 3, 14, 24, 17, 31, 29],
            &[1, 9, 5, 8, 27, 18, 30, 13, 12, 4, 10, 25, 20],
            &[6, 22, 18, 32, 7, 23, 17, 29],
            &[2, 6, 18, 11, 21, 13, 16, 7, 26, 14, 24, 17, 31],
            &[1, 27, 16, 12, 7, 28, 17, 31],
            &[1, 9, 6, 5, 18, 32, 15, 30, 13, 4, 14, 25, 20],
            &[1, 13, 3, 7, 10, 23, 31],
            &[1, 9, 11, 30, 16, 12, 7, 4, 14, 29, 20],
            &[9, 6, 5, 18, 11, 13, 20],
            &[5, 27, 32, 11, 21, 30, 26, 25],
            &[2, 1, 9, 27, 18, 13, 26, 4, 10, 23, 20, 19],
            &[9, 6, 5, 8, 27, 18, 30, 10, 23, 20, 19],
            &[1, 9, 8, 22, 11, 21, 30, 16, 3, 7, 4, 14, 17, 31, 29, 19],
            &[22, 18, 16, 23, 17],
            &[2, 11, 21, 13, 16, 3, 7, 26, 14, 17, 31, 25],
            &[1, 9, 6, 5, 27, 18, 32, 15, 30, 4, 24, 28, 23, 25, 20],
            &[1, 8, 18, 3, 4, 29, 19],
            &[2, 1, 8, 21, 30, 16, 12, 24, 17, 31, 19],
            &[9, 6, 21, 28, 23],
            &[5, 11, 15, 21, 7, 4, 31, 20],
            &[9, 15, 30, 16, 4, 28, 29, 20],
            &[1, 5, 15, 21, 30, 16, 7, 4, 10, 28, 17, 31, 29],
            &[2, 27, 32, 21, 26, 10, 24, 31],
            &[1, 6, 5, 8, 22, 27, 18, 13, 26],
            &[0, 27, 18, 32, 11, 15, 21, 13, 3, 7, 26, 23, 17],
            &[1, 9, 6, 27, 18, 32, 12, 10, 28, 23, 25, 20],
            &[8, 11, 15, 21, 30, 4, 28, 31],
        ],
        answer: 2,
        plies: 172,
        sweeps: 109,
    },
    DeepCase {
        graph: &[
            &[14],
            &[17, 36, 6, 16, 28, 8, 35, 24, 15, 3, 13, 20, 31, 5, 4, 32],
            &[26, 35, 24, 7, 33, 13, 9, 12],
            &[1, 36, 24, 30, 33, 5, 25, 4],
            &[1, 27, 34, 36, 6, 19, 14, 7, 3, 33, 12, 25, 10],
            &[1, 27, 34, 17, 36, 6, 8, 7, 3, 33, 12],
            &[
                1, 26, 34, 17, 16, 28, 14, 35, 18, 15, 30, 7, 23, 20, 31, 5, 9, 4,
            ],
            &[2, 36, 6, 19, 16, 28, 8, 35, 15, 30, 5, 4, 21, 32],
            &[1, 26, 34, 16, 14, 35, 24, 7, 23, 5, 12],
            &[2, 17, 6, 19, 16, 28, 23, 21],
            &[26, 27, 34, 22, 28, 14, 29, 31, 4],
            &[28, 14, 30, 23, 29, 33, 31],
            &[2, 19, 16, 8, 35, 15, 23, 5, 4, 21, 32],
            &[2, 1, 28, 14, 35, 24, 15, 29, 31],
            &[0, 11, 36, 6, 19, 16, 22, 28, 8, 18, 15, 13, 4, 10, 32],
            &[1, 26, 6, 14, 24, 7, 33, 13, 12, 25],
            &[1, 26, 27, 6, 19, 22, 14, 8, 7, 23, 9, 12],
            &[1, 34, 6, 18, 20, 5, 9],
            &[26, 27, 17, 6, 22, 14, 33, 21],
            &[26, 16, 22, 28, 14, 7, 23, 33, 31, 9, 12, 25, 4],
            &[1, 17, 6, 24, 25, 21, 32],
            &[26, 28, 18, 30, 7, 20, 31, 9, 12, 25],
            &[27, 36, 19, 16, 28, 14, 18, 10],
            &[26, 11, 27, 6, 19, 16, 8, 9, 12],
            &[2, 1, 8, 35, 15, 3, 13, 20, 31, 32],
            &[36, 19, 35, 15, 3, 20, 31, 4, 21],
            &[2, 6, 19, 16, 28, 8, 35, 18, 15, 30, 23, 29, 10, 21, 32],
            &[36, 16, 22, 18, 23, 5, 4, 10, 32],
            &[1, 26, 11, 34, 36, 6, 19, 22, 14, 7, 29, 33, 13, 9, 10, 21],
            &[26, 11, 28, 33, 13, 10],
            &[26, 11, 34, 36, 6, 7, 3, 33, 21],
            &[1, 11, 34, 36, 6, 19, 24, 13, 25, 10, 21],
            &[1, 26, 27, 34, 14, 24, 7, 33, 20, 12],
            &[2, 11, 36, 19, 28, 35, 18, 15, 30, 3, 29, 5, 4, 32],
            &[17, 6, 28, 8, 35, 30, 31, 5, 4, 10, 32],
            &[2, 1, 26, 34, 36, 6, 8, 24, 7, 33, 13, 12, 25],
            &[1, 27, 22, 28, 14, 35, 30, 7, 3, 33, 31, 5, 25, 4],
        ],
        answer: 2,
        plies: 212,
        sweeps: 130,
    },
    DeepCase {
        graph: &[
            &[3],
            &[27, 23, 20, 43, 31, 4, 34, 19, 48, 2],
            &[1, 27, 23, 20, 4, 7, 19, 11, 8],
            &[
                0, 45, 21, 32, 18, 29, 16, 15, 24, 26, 34, 11, 40, 30, 25, 13, 28, 9, 35, 46,
            ],
            &[
                1, 22, 45, 21, 32, 18, 16, 15, 20, 24, 26, 7, 40, 2, 10, 30, 25, 36, 42, 14, 13, 9,
                35, 8,
            ],
            &[21, 16, 34, 11, 40, 25, 36, 42, 14, 13, 28, 9, 35, 46],
            &[37, 45, 20, 43, 49, 39, 44, 7, 48, 11, 14],
            &[
                37, 27, 12, 38, 22, 45, 21, 15, 4, 6, 34, 48, 40, 2, 33, 36, 9,
            ],
            &[12, 23, 45, 21, 32, 15, 31, 4, 48, 40, 2, 33, 30, 42, 46],
            &[27, 23, 18, 16, 3, 20, 4, 39, 7, 5, 48, 33, 41],
            &[37, 23, 29, 4, 48, 33, 28],
            &[12, 38, 45, 21, 3, 6, 5, 2, 25, 42, 13, 35, 46],
            &[
                22, 45, 21, 32, 16, 15, 20, 34, 44, 7, 11, 40, 30, 42, 14, 35, 8,
            ],
            &[27, 18, 29, 16, 3, 20, 4, 17, 5, 11, 33, 28],
            &[12, 23, 45, 21, 15, 31, 4, 6, 34, 5, 19, 48, 40, 30, 35],
            &[37, 27, 12, 18, 3, 43, 26, 4, 17, 39, 7, 19, 14, 8],
            &[
                37, 27, 12, 38, 23, 45, 21, 29, 3, 31, 4, 47, 49, 34, 5, 19, 48, 40, 33, 41, 42,
                13, 9, 46,
            ],
            &[27, 38, 21, 32, 18, 15, 19, 42, 13, 35, 46],
            &[37, 27, 38, 21, 32, 29, 3, 15, 4, 17, 19, 40, 33, 13, 9],
            &[1, 32, 18, 16, 15, 20, 24, 26, 17, 2, 25, 36, 14],
            &[
                1, 37, 27, 12, 23, 45, 21, 43, 4, 6, 49, 34, 19, 48, 2, 33, 13, 9,
            ],
            &[
                37, 27, 12, 22, 18, 16, 3, 20, 24, 26, 31, 4, 17, 39, 44, 7, 5, 11, 33, 41, 14, 8,
            ],
            &[37, 12, 21, 24, 31, 4, 39, 7, 36],
            &[1, 32, 16, 20, 47, 40, 2, 10, 14, 9, 8],
            &[38, 22, 21, 29, 3, 31, 4, 49, 19, 48, 42],
            &[27, 38, 29, 3, 4, 5, 19, 48, 11],
            &[37, 27, 45, 21, 3, 15, 43, 31, 4, 34, 19, 30, 35],
            &[
                1, 21, 18, 16, 15, 20, 26, 17, 47, 7, 40, 2, 25, 36, 13, 28, 9, 46,
            ],
            &[27, 45, 3, 49, 5, 10, 30, 13, 46],
            &[38, 45, 18, 16, 3, 24, 10, 25, 13],
            &[12, 3, 26, 4, 39, 48, 33, 41, 14, 28, 8],
            &[1, 22, 45, 21, 32, 16, 24, 26, 40, 36, 42, 14, 8, 46],
            &[12, 38, 23, 18, 3, 31, 4, 17, 49, 44, 19, 48, 8],
            &[21, 18, 16, 20, 47, 7, 10, 30, 42, 13, 9, 8],
            &[1, 37, 12, 16, 3, 20, 43, 26, 47, 39, 7, 5, 41, 14],
            &[12, 3, 26, 4, 17, 49, 5, 48, 11, 41, 14],
            &[27, 22, 31, 4, 49, 39, 7, 5, 19],
            &[22, 45, 21, 18, 16, 15, 20, 43, 26, 6, 34, 39, 44, 7, 10],
            &[45, 32, 18, 29, 16, 24, 17, 7, 11, 25],
            &[37, 22, 45, 21, 15, 43, 6, 34, 48, 30, 36, 42, 9],
            &[27, 12, 23, 18, 16, 3, 31, 4, 47, 49, 44, 7, 5, 48, 14, 8],
            &[21, 16, 34, 30, 9, 35, 46],
            &[12, 16, 24, 31, 4, 17, 49, 39, 44, 5, 11, 33, 8],
            &[1, 37, 15, 20, 26, 6, 34, 39, 44],
            &[37, 12, 45, 21, 32, 43, 6, 40, 42, 46],
            &[
                37, 12, 38, 29, 16, 3, 20, 26, 31, 4, 6, 49, 39, 44, 7, 48, 11, 14, 28, 8,
            ],
            &[27, 16, 3, 31, 17, 47, 44, 5, 11, 41, 28, 8],
            &[27, 23, 16, 49, 34, 48, 40, 33, 46],
            &[
                1, 45, 32, 16, 20, 24, 6, 47, 39, 7, 40, 10, 30, 25, 14, 9, 35, 8,
            ],
            &[45, 32, 16, 20, 24, 6, 47, 40, 36, 42, 28, 35],
        ],
        answer: 2,
        plies: 244,
        sweeps: 157,
    },
];

/// The examples, the regressions and the deep graphs, as the judge passes them, with their
/// answers: the table every variant, every emitted submission and `--explain` are tested on.
pub fn known_cases() -> Vec<(Vec<Vec<i32>>, i32)> {
    EXAMPLES
        .iter()
        .chain(REGRESSIONS)
        .copied()
        .chain(DEEP.iter().map(|deep| (deep.graph, deep.answer)))
        .map(|(graph, answer)| (graph.iter().map(|list| list.to_vec()).collect(), answer))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deep_graphs_need_the_plies_and_sweeps_they_claim() {
        for deep in DEEP {
            let graph: Vec<Vec<i32>> = deep.graph.iter().map(|list| list.to_vec()).collect();
            let game = game::Game::new(&graph);
            let table = degree_bfs::solve(&game, false);
            let claimed = (deep.answer, deep.plies, deep.sweeps);
            let measured = (
                i32::from(table.outcome[game.start()]),
                table.plies[game.start()],
                fixpoint_sweep::sweeps_to_decide_start(&game),
            );
            assert_eq!(measured, claimed, "the deep graph on {} nodes", graph.len());
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
