//! `--explain`: the game from the start played out under optimal play, the grid drawn under
//! every ply.
//!
//! The table is `degree_bfs`'s, searched to the end rather than to the limit: every position
//! the rules can end gets its outcome and plies to the end (the winner's fastest forced win,
//! the loser's slowest loss), so every ply of the line lowers the plies to the end by one.
//!
//! # Complexity
//! As `degree_bfs` without its early stop: O(k²·J) for k open cells and J moves a cell.

use crate::board::{Board, Table, CAT_TURN, MOUSE_TURN, MOUSE_WIN, PLY_LIMIT, UNDECIDED};
use crate::degree_bfs;
use std::fmt::Write;

/// Every position's outcome and plies to the end, as far as a `u16` counts plies.
pub fn table(board: &Board) -> Table {
    degree_bfs::solve(board, u16::MAX - 1, false)
}

/// A cell as the explanation names it: 0-based `(row,col)`.
fn named(board: &Board, cell: usize) -> String {
    let (row, col) = board.places[cell];
    format!("({row},{col})")
}

/// `grid` with the mouse, the cat and the food where they stand, each row indented.
fn drawing(grid: &[String], board: &Board, mouse: usize, cat: usize) -> String {
    let mut rows: Vec<Vec<u8>> = grid
        .iter()
        .map(|row| {
            row.bytes()
                .map(|cell| if cell == b'#' { b'#' } else { b'.' })
                .collect()
        })
        .collect();
    for (cell, symbol) in [(board.food, b'F'), (mouse, b'M'), (cat, b'C')] {
        let (row, col) = board.places[cell];
        rows[row][col] = symbol;
    }
    rows.iter()
        .map(|row| format!("  {}\n", String::from_utf8_lossy(row)))
        .collect()
}

/// The game from the start under optimal play: `ply K: mouse (r,c) -> (r,c)` lines with the
/// grid under each, then the result.
pub fn explain(grid: &[String], cat_jump: usize, mouse_jump: usize) -> String {
    let board = Board::new(grid, cat_jump, mouse_jump);
    let table = table(&board);
    let start = board.start();
    let mut text = format!(
        "start: mouse {}, cat {}, food {}, mouse to move\n",
        named(&board, board.mouse),
        named(&board, board.cat),
        named(&board, board.food)
    );
    text.push_str(&drawing(grid, &board, board.mouse, board.cat));
    let (outcome, plies) = (table.outcome[start], table.plies[start]);
    let limit_result = match outcome {
        UNDECIDED => Some("nobody can force an end".to_string()),
        MOUSE_WIN if plies > PLY_LIMIT => Some(format!("the mouse would need {plies} plies")),
        _ if plies > PLY_LIMIT => {
            Some(format!("the cat's own forced win would take {plies} plies"))
        }
        _ => None,
    };
    if let Some(reason) = limit_result {
        let _ = writeln!(
            text,
            "result: cat wins by the {PLY_LIMIT}-ply limit: {reason}\n"
        );
        return text;
    }
    let (mut mouse, mut cat, mut turn) = (board.mouse, board.cat, MOUSE_TURN);
    for ply in 1..=plies {
        let here = board.position(mouse, cat, turn);
        let (moves, who, from) = if turn == MOUSE_TURN {
            (board.mouse_moves.of(mouse), "mouse", mouse)
        } else {
            (board.cat_moves.of(cat), "cat", cat)
        };
        // Keep to positions one ply nearer the same end; the table promises one exists.
        let next = moves.iter().map(|&to| to as usize).find(|&to| {
            let after = if turn == MOUSE_TURN {
                board.position(to, cat, CAT_TURN)
            } else {
                board.position(mouse, to, MOUSE_TURN)
            };
            table.outcome[after] == outcome && table.plies[after] + 1 == table.plies[here]
        });
        let Some(to) = next else {
            let _ = writeln!(text, "result: no move keeps the table's promise (a bug)\n");
            return text;
        };
        let _ = writeln!(
            text,
            "ply {ply}: {who} {} -> {}",
            named(&board, from),
            named(&board, to)
        );
        if turn == MOUSE_TURN {
            mouse = to;
        } else {
            cat = to;
        }
        turn = 1 - turn;
        text.push_str(&drawing(grid, &board, mouse, cat));
    }
    let winner = if outcome == MOUSE_WIN { "mouse" } else { "cat" };
    let unit = if plies == 1 { "ply" } else { "plies" };
    let _ = writeln!(text, "result: {winner} wins in {plies} {unit}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_the_statement_s_second_example() {
        let text = explain(&["M.C...F".to_string()], 1, 4);
        assert!(
            text.contains("ply 1: mouse (0,0) -> (0,4)\n  ..C.M.F\n"),
            "{text}"
        );
        assert!(
            text.ends_with("result: mouse wins in 3 plies\n\n"),
            "{text}"
        );
    }
}
