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

/// `(mouse, cat, turn)` of a position number ([`Board::position`]'s inverse).
pub fn decode(board: &Board, position: usize) -> (usize, usize, usize) {
    (
        position / 2 / board.cells,
        position / 2 % board.cells,
        position % 2,
    )
}

/// The positions one move of the player to move leads to from `(mouse, cat, turn)`, in the
/// order of [`Board`]'s move lists (staying first).
pub fn successors(
    board: &Board,
    (mouse, cat, turn): (usize, usize, usize),
) -> impl Iterator<Item = usize> + '_ {
    let moves = if turn == MOUSE_TURN {
        board.mouse_moves.of(mouse)
    } else {
        board.cat_moves.of(cat)
    };
    moves.iter().map(move |&to| {
        if turn == MOUSE_TURN {
            board.position(to as usize, cat, CAT_TURN)
        } else {
            board.position(mouse, to as usize, MOUSE_TURN)
        }
    })
}

/// The positions of the game from `from` under optimal play, `from` first, to the end the
/// table promises: each ply keeps to a position one ply nearer the same end (the winner's
/// fastest win, the loser's slowest loss). Only `from` when nobody can force an end; shorter
/// than promised only if the table breaks its promise.
pub fn optimal_line(board: &Board, table: &Table, from: usize) -> Vec<usize> {
    let outcome = table.outcome[from];
    let mut line = vec![from];
    let mut here = from;
    while outcome != UNDECIDED && table.plies[here] > 0 {
        let next = successors(board, decode(board, here)).find(|&after| {
            table.outcome[after] == outcome && table.plies[after] + 1 == table.plies[here]
        });
        let Some(next) = next else {
            break;
        };
        line.push(next);
        here = next;
    }
    line
}

/// Why the 1000-ply limit decides a game whose start has this outcome and plies to the end
/// (the cat wins by it), or `None` when the table's forced end comes first.
pub fn limit_reason(outcome: u8, plies: u16) -> Option<String> {
    match outcome {
        UNDECIDED => Some("nobody can force an end".to_string()),
        MOUSE_WIN if plies > PLY_LIMIT => Some(format!("the mouse would need {plies} plies")),
        _ if plies > PLY_LIMIT => {
            Some(format!("the cat's own forced win would take {plies} plies"))
        }
        _ => None,
    }
}

/// The game from the start under optimal play: `ply K: mouse (r,c) -> (r,c)` lines (`ply K:
/// cat stays at (r,c)` for a stay) with the grid under each, then the result.
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
    if let Some(reason) = limit_reason(outcome, plies) {
        let _ = writeln!(
            text,
            "result: cat wins by the {PLY_LIMIT}-ply limit: {reason}\n"
        );
        return text;
    }
    let line = optimal_line(&board, &table, start);
    for (ply, pair) in line.windows(2).enumerate() {
        let ((mouse, cat, turn), (next_mouse, next_cat, _)) =
            (decode(&board, pair[0]), decode(&board, pair[1]));
        let (who, from, to) = if turn == MOUSE_TURN {
            ("mouse", mouse, next_mouse)
        } else {
            ("cat", cat, next_cat)
        };
        // Staying is a move of its own, as the page says it: no arrow to where it stands.
        let _ = match from == to {
            true => writeln!(
                text,
                "ply {}: {who} stays at {}",
                ply + 1,
                named(&board, from)
            ),
            false => writeln!(
                text,
                "ply {}: {who} {} -> {}",
                ply + 1,
                named(&board, from),
                named(&board, to)
            ),
        };
        text.push_str(&drawing(grid, &board, next_mouse, next_cat));
    }
    if line.len() <= usize::from(plies) {
        let _ = writeln!(text, "result: no move keeps the table's promise (a bug)\n");
        return text;
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

    /// On every one-row grid of up to five cells with one cat, mouse and food, no ply reads as
    /// a move from a cell to itself: a stay says so, and some optimal lines stay.
    #[test]
    fn a_stay_is_said_as_a_stay() {
        let mut stays = 0;
        for width in 3..=5 {
            for cells in 0..3usize.pow(width as u32) {
                let mut row: Vec<char> = (0..width)
                    .map(|at| ['.', '#', '.'][cells / 3usize.pow(at as u32) % 3])
                    .collect();
                for (at, symbol) in [(0, 'M'), (width / 2, 'C'), (width - 1, 'F')] {
                    row[at] = symbol;
                }
                let grid = vec![row.into_iter().collect::<String>()];
                for (cat_jump, mouse_jump) in [(1, 1), (1, 2), (2, 1)] {
                    let text = explain(&grid, cat_jump, mouse_jump);
                    for line in text.lines().filter(|line| line.starts_with("ply ")) {
                        let moved = line.split_once(": ").map_or("", |(_, moved)| moved);
                        let cells = moved.split_once(' ').map_or("", |(_, cells)| cells);
                        let ends: Vec<&str> = cells.split(" -> ").collect();
                        assert!(ends.len() != 2 || ends[0] != ends[1], "{grid:?}: {line}");
                        stays += usize::from(line.contains(" stays at "));
                    }
                }
            }
        }
        assert!(stays > 0, "no optimal line stayed");
    }
}
