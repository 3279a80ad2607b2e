//! LeetCode 1728, Cat and Mouse II: on a grid, can the mouse reach the food within 1000 plies
//! when both play perfectly?
//!
//! A position is (mouse's cell, cat's cell, whose turn), and a ply is one player's move: the
//! mouse moves on plies 1, 3, 5, ... and wins only by reaching the food on a ply ≤ 1000. The
//! positions form a graph with cycles; both variants work backwards from the positions the
//! rules end and count the plies to the end, so the limit is exact on any grid:
//!
//! | variant | idea | time |
//! |---|---|---|
//! | [`degree_bfs`] | BFS backwards in order of plies to the end, counting down unresolved moves | O(k²·J) |
//! | [`fixpoint_sweep`] | sweep k decides the positions that end within k plies; at most 1000 sweeps | O(S·k²·J) |
//!
//! (k open cells, J moves a cell at most, S sweeps.) A submission is a variant's fenced part
//! followed by [`board`]'s (`lc1728 --emit NAME`, [`driver::Variant::submission`]).

pub mod board;
// LeetCode ran Rust 1.58: clippy checks the submissions against that version's std.
#[clippy::msrv = "1.58"]
pub mod degree_bfs;
pub mod explain;
#[clippy::msrv = "1.58"]
pub mod fixpoint_sweep;
pub mod input;

use driver::{takes_all, Example, Problem, Variant};
pub use input::Instance;

fn solve_with(instance: &Instance, can_mouse_win: fn(Vec<String>, i32, i32) -> bool) -> bool {
    can_mouse_win(
        instance.grid.clone(),
        instance.cat_jump,
        instance.mouse_jump,
    )
}

/// Every variant, the default first. The CLI and every test iterate this list.
pub static VARIANTS: &[Variant<Instance, bool>] = &[
    Variant {
        name: "degree_bfs",
        summary: "retrograde BFS in order of plies to the end, compared with the 1000-ply limit; O(k²·J)",
        sources: &[include_str!("degree_bfs.rs"), include_str!("board.rs")],
        solve: |instance| solve_with(instance, degree_bfs::Solution::can_mouse_win),
        refuses: takes_all,
    },
    Variant {
        name: "fixpoint_sweep",
        summary: "sweep k decides the positions that end within k plies; stops at a fixpoint or sweep 1000; O(S·k²·J)",
        sources: &[include_str!("fixpoint_sweep.rs"), include_str!("board.rs")],
        solve: |instance| solve_with(instance, fixpoint_sweep::Solution::can_mouse_win),
        refuses: takes_all,
    },
];

/// The statement's examples.
pub static EXAMPLES: &[Example] = &[
    Example {
        input: "[\"####F\",\"#C...\",\"M....\"] 1 2",
        expected: "true",
    },
    Example {
        input: "[\"M.C...F\"] 1 4",
        expected: "true",
    },
    Example {
        input: "[\"M.C...F\"] 1 3",
        expected: "false",
    },
    Example {
        input: "[\"C...#\",\"...#F\",\"....#\",\"M....\"] 2 5",
        expected: "false",
    },
    Example {
        input: "[\".M...\",\"..#..\",\"#..#.\",\"C#.#.\",\"...#F\"] 3 1",
        expected: "true",
    },
];

/// Grids from LeetCode's feedback tracker (grid, catJump, mouseJump) with their answers.
pub static REGRESSIONS: &[(&str, bool)] = &[
    // 73 plies: solutions that cap their search near 70 plies fail.
    ("[\"CM......\",\"#######.\",\"........\",\".#######\",\"........\",\"#######.\",\"F.#...#.\",\"#...#...\"] 1 1", true),
    // 75 plies.
    ("[\"C#......\",\"M..####.\",\"###.....\",\"....####\",\".####...\",\"......#.\",\"#######.\",\"F.......\"] 1 1", true),
    ("[\"F...C\",\"...#.\",\"##...\",\"#.##M\",\"#.##.\",\".#...\"] 1 6", false),
    ("[\"..F..\",\"#....\",\"#.#..\",\".....\",\"C.#..\",\"#M...\"] 2 2", true),
];

/// The examples and the regressions with their answers: the table every variant, every
/// emitted submission and `--explain` are tested on.
pub fn known_cases() -> Vec<(&'static str, bool)> {
    let examples = EXAMPLES
        .iter()
        .map(|example| (example.input, example.expected == "true"));
    examples.chain(REGRESSIONS.iter().copied()).collect()
}

/// The command line's description of this problem.
pub static PROBLEM: Problem<Instance, bool> = Problem {
    bin: "lc1728",
    title: "LeetCode 1728, Cat and Mouse II (true if the mouse wins within 1000 plies)",
    input_help: "LeetCode's custom test cases, three values per test case: grid, catJump, \
                 mouseJump, e.g.\n  [\"M.C...F\"]\n  1\n  4\n\
                 Whitespace and line breaks between values do not matter. Grids may exceed the \
                 judge's 8x8.",
    variants: VARIANTS,
    examples: EXAMPLES,
    parse: input::parse,
    note: |_| None,
    explain: |instance| {
        explain::explain(
            &instance.grid,
            instance.cat_jump as usize,
            instance.mouse_jump as usize,
        )
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_answers_the_examples_and_regressions() {
        for (text, expected) in known_cases() {
            let instance = input::parse(text).unwrap().remove(0);
            for variant in VARIANTS {
                assert_eq!(
                    (variant.solve)(&instance),
                    expected,
                    "{} on {text}",
                    variant.name
                );
            }
        }
    }

    #[test]
    fn the_regressions_need_the_plies_the_tracker_reports() {
        for (text, plies) in [(REGRESSIONS[0].0, 73), (REGRESSIONS[1].0, 75)] {
            let instance = input::parse(text).unwrap().remove(0);
            let board = board::Board::new(&instance.grid, 1, 1);
            let table = degree_bfs::solve(&board, board::PLY_LIMIT, false);
            assert_eq!(table.outcome[board.start()], board::MOUSE_WIN);
            assert_eq!(table.plies[board.start()], plies, "{text}");
        }
    }

    #[test]
    fn every_submission_is_fenced_without_struct_solution() {
        for variant in VARIANTS {
            let text = variant.submission();
            assert!(
                text.contains("impl Solution") && text.contains("struct Board"),
                "{}",
                variant.name
            );
            assert!(!text.contains("struct Solution"), "{}", variant.name);
        }
    }
}
