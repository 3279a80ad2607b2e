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
//! Each variant file's fenced part is a LeetCode submission (`lc913 --emit NAME`).

// LeetCode ran Rust 1.58: clippy checks the submissions against that version's std.
#[clippy::msrv = "1.58"]
pub mod degree_bfs;
pub mod explain;
#[clippy::msrv = "1.58"]
pub mod fixpoint_sweep;
#[clippy::msrv = "1.58"]
pub mod fixpoint_worklist;
#[clippy::msrv = "1.58"]
pub mod game;
pub mod input;

use driver::{takes_all, Example, Problem, Variant};

/// A test case: LeetCode's `graph`.
pub type Graph = Vec<Vec<i32>>;

/// Every variant, the default first. The CLI and every test iterate this list.
pub static VARIANTS: &[Variant<Graph, i32>] = &[
    Variant {
        name: "degree_bfs",
        summary:
            "retrograde BFS counting down unresolved moves; stops once the start is decided; O(n·e)",
        sources: &[include_str!("degree_bfs.rs"), include_str!("game.rs")],
        solve: |graph| degree_bfs::Solution::cat_mouse_game(graph.clone()),
        refuses: takes_all,
    },
    Variant {
        name: "fixpoint_sweep",
        summary:
            "full sweeps re-evaluating every undecided position until one changes nothing; O(S·n·e)",
        sources: &[include_str!("fixpoint_sweep.rs"), include_str!("game.rs")],
        solve: |graph| fixpoint_sweep::Solution::cat_mouse_game(graph.clone()),
        refuses: takes_all,
    },
    Variant {
        name: "fixpoint_worklist",
        summary:
            "re-evaluates only predecessors of newly decided positions, from a queue; O(n·e·Δ)",
        sources: &[
            include_str!("fixpoint_worklist.rs"),
            include_str!("game.rs"),
        ],
        solve: |graph| fixpoint_worklist::Solution::cat_mouse_game(graph.clone()),
        refuses: takes_all,
    },
];

/// The statement's examples.
pub static EXAMPLES: &[Example] = &[
    Example {
        input: "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
        expected: "0",
    },
    Example {
        input: "[[1,3],[0],[3],[0,2]]",
        expected: "1",
    },
];

/// Graphs from LeetCode's feedback tracker, each of which defeated a once-accepted wrong
/// solution, with their answers.
pub static REGRESSIONS: &[(&str, i32)] = &[
    // A search capped at 2n plies answers 0.
    ("[[5,7,9],[3,4,5,6],[3,4,5,8],[1,2,6,7],[1,2,5,7,9],[0,1,2,4,8],[1,3,7,8],[0,3,4,6,8],[2,5,6,7,9],[0,4,8]]", 1),
    ("[[7],[2,6,8,9],[1,4,5,6,7],[4,5,7],[2,3,5,8],[2,3,4,7],[1,2,9],[0,2,3,5,9],[1,4,9],[1,6,7,8]]", 2),
    // Memoising a revisited position as a draw answers wrongly.
    ("[[6],[4],[9],[5],[1,5],[3,4,6],[0,5,10],[8,9,10],[7],[2,7],[6,7]]", 1),
    ("[[5,6],[3,4],[6],[1,4,5],[1,3,5],[0,3,4,6],[0,2,5]]", 2),
    ("[[2,3],[3,4],[0,4],[0,1],[1,2]]", 1),
];

/// The examples and the regressions with their answers: the table every variant, every
/// emitted submission and `--explain` are tested on.
pub fn known_cases() -> Vec<(Graph, i32)> {
    let examples = EXAMPLES
        .iter()
        .map(|example| (example.input, example.expected.parse().unwrap_or(-1)));
    examples
        .chain(REGRESSIONS.iter().copied())
        .map(|(text, answer)| (input::parse(text).unwrap_or_default().remove(0), answer))
        .collect()
}

/// The command line's description of this problem.
pub static PROBLEM: Problem<Graph, i32> = Problem {
    bin: "lc913",
    title: "LeetCode 913, Cat and Mouse (0 draw, 1 mouse wins, 2 cat wins)",
    input_help: "LeetCode's custom test cases, one graph per test case, e.g.\n  \
                 [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n\
                 Whitespace and line breaks between values do not matter. Graphs may exceed \
                 the judge's 50 nodes.",
    variants: VARIANTS,
    examples: EXAMPLES,
    parse: input::parse,
    note: |_| None,
    explain: |graph| explain::explain(graph),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_answers_the_examples_and_regressions() {
        for (graph, expected) in known_cases() {
            for variant in VARIANTS {
                assert_eq!(
                    (variant.solve)(&graph),
                    expected,
                    "{} on {graph:?}",
                    variant.name
                );
            }
        }
    }

    #[test]
    fn every_variant_has_a_fenced_submission() {
        for variant in VARIANTS {
            let text = variant.submission();
            assert!(text.contains("impl Solution"), "{}", variant.name);
            assert!(
                !text.contains("struct Solution"),
                "{}: the judge declares it",
                variant.name
            );
        }
    }
}
