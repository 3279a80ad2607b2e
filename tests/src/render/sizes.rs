//! The words of an instance's size (`6 nodes, 6 edges`), of what of it a page counts, of
//! the sizes a plan covers (`n 3..50`), and of an instance too large for a variant: the
//! problems state them as [`Size`], [`Range`] and [`TooLarge`], and the reports, tables and
//! pages word them here.
//!
//! Uses `problems::{Range, Size, TooLarge}`.

use crate::problems::{Range, Size, TooLarge};

/// An instance's size in words: `6 nodes, 6 edges`, `4x5 grid, 12 open cells`,
/// `3x3 board, 1 move each`.
pub fn size_words(size: Size) -> String {
    match size {
        Size::Graph { nodes, edges } => format!("{nodes} nodes, {edges} edges"),
        Size::Grid { rows, cols, open } => format!("{rows}x{cols} grid, {open} open cells"),
        Size::Board { rows, cols, moves } => {
            let rounds = moves / 2;
            let each = if rounds == 1 { "move" } else { "moves" };
            format!("{rows}x{cols} board, {rounds} {each} each")
        }
    }
}

/// What of an instance a page counts, in words: `400 nodes`, `390 open cells`,
/// `600x600 cells and 100000 moves`.
pub fn extent_words(size: Size) -> String {
    match size {
        Size::Graph { nodes, .. } => format!("{nodes} nodes"),
        Size::Grid { open, .. } => format!("{open} open cells"),
        Size::Board { rows, cols, moves } => format!("{rows}x{cols} cells and {moves} moves"),
    }
}

/// The sizes a plan's random instances cover, in words: `n 3..50`,
/// `grids up to 8x8, jumps 1..8`, `boards up to 40x40`.
pub fn range_words(range: Range) -> String {
    match range {
        Range::Nodes { least, most } => format!("n {least}..{most}"),
        Range::Grids { side, most_jump } => {
            format!("grids up to {side}x{side}, jumps 1..{most_jump}")
        }
        Range::Boards { side } => format!("boards up to {side}x{side}"),
    }
}

/// Why the variant `name` will not take a test case: `minimax takes boards of up to 49 cells
/// (its search is exponential); this one has 50`.
pub fn too_large_words(name: &str, too_large: TooLarge) -> String {
    format!(
        "{name} takes boards of up to {} cells (its search is exponential); this one has {}",
        too_large.most, too_large.cells
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_variant_its_limit_and_the_board() {
        let too_large = TooLarge {
            cells: 50,
            most: 49,
        };
        assert_eq!(
            too_large_words("minimax", too_large),
            "minimax takes boards of up to 49 cells (its search is exponential); this one has 50"
        );
    }

    #[test]
    fn sizes_are_worded_as_the_reports_have_them() {
        let board = |moves| Size::Board {
            rows: 3,
            cols: 3,
            moves,
        };
        let grid = Size::Grid {
            rows: 4,
            cols: 5,
            open: 12,
        };
        for (size, words) in [
            (Size::Graph { nodes: 6, edges: 6 }, "6 nodes, 6 edges"),
            (grid, "4x5 grid, 12 open cells"),
            (board(2), "3x3 board, 1 move each"),
            (board(4), "3x3 board, 2 moves each"),
        ] {
            assert_eq!(size_words(size), words);
        }
    }

    #[test]
    fn ranges_are_worded_as_the_reports_have_them() {
        let nodes = Range::Nodes { least: 3, most: 50 };
        assert_eq!(range_words(nodes), "n 3..50");
        let grids = Range::Grids {
            side: 8,
            most_jump: 8,
        };
        assert_eq!(range_words(grids), "grids up to 8x8, jumps 1..8");
        assert_eq!(
            range_words(Range::Boards { side: 40 }),
            "boards up to 40x40"
        );
    }
}
