//! # `degree_bfs`: retrograde BFS that carries the plies to the end
//!
//! Positions are (mouse's cell, cat's cell, whose turn). The search starts from the positions
//! the rules end (cat on the mouse, cat on the food, mouse on the food) and walks moves
//! backwards in FIFO order, so positions are decided in order of their plies to the end: a
//! winner's fastest forced win, a loser's slowest loss. A position is won as soon as one move
//! reaches a position its mover wins, and lost when a counter of its unresolved moves reaches
//! zero. The mouse wins iff the start is a mouse win within 1000 plies; the search stops at
//! that depth, and as soon as the start is decided.
//!
//! From seed 002 (which carries the same plies; here the tables are flat arrays over open
//! cells, the moves a list built once per cell, the queue a vector walked by an index).
//!
//! The board (open cells, each one's moves) is in `board.rs`, shared with `fixpoint_sweep`.
//!
//! # Complexity
//! k open cells, at most J = 1 + 4·(max(rows, cols) − 1) moves a cell: 2k² positions, each
//! decided position scans the ≤ J positions a move leads back from, so O(k²·J) time and memory
//! 9 bytes a position (outcome u8, plies u16, counter u16, queue u32): 0.07 MB for an 8x8 grid,
//! 46 MB for an open 40x40 grid.

use crate::board::{Board, Table, CAT_TURN, CAT_WIN, MOUSE_TURN, MOUSE_WIN, PLY_LIMIT, UNDECIDED};

pub struct Solution;

// ---------------- submission: paste from the next line ----------------
// Relies on the judge's guarantees: the grid is rectangular with exactly one 'C', 'M' and 'F',
// the jumps are at least 1. `--emit` appends the `Board` this code uses.

impl Solution {
    pub fn can_mouse_win(grid: Vec<String>, cat_jump: i32, mouse_jump: i32) -> bool {
        let board = Board::new(&grid, cat_jump as usize, mouse_jump as usize);
        let table = solve(&board, PLY_LIMIT, true);
        table.outcome[board.start()] == MOUSE_WIN
    }
}

/// The positions whose end under best play comes within `limit` plies, with their outcome
/// and plies to the end; the rest stay `UNDECIDED`. With `stop_at_start`, only the start is
/// sure to be filled in.
///
/// # Constraints
/// `limit` < 65535: plies are kept in `u16`, and one more than the limit must fit. Fewer than
/// 2^32 positions (2k² for k open cells): the queue holds `u32`.
///
/// # Complexity
/// O(k²·J) time for k open cells and jumps up to J; 9 bytes a position at most.
pub fn solve(board: &Board, limit: u16, stop_at_start: bool) -> Table {
    let cells = board.cells;
    let mut outcome = vec![UNDECIDED; 2 * cells * cells];
    let mut plies = vec![0u16; 2 * cells * cells];
    let mut unresolved_moves = move_counts(board);
    // Each position enters the queue once, when decided; `head` walks it as a FIFO, so plies
    // never decrease along it.
    let mut queue: Vec<u32> = Vec::new();
    for (here, result) in board.ends() {
        outcome[here] = result;
        queue.push(here as u32);
    }
    let start = board.start();
    let mut head = 0;
    while head < queue.len() {
        let here = queue[head] as usize;
        head += 1;
        if plies[here] >= limit {
            break; // everything after it ends later than the limit
        }
        let (mouse, cat, turn) = (here / 2 / cells, here / 2 % cells, here % 2);
        let result = outcome[here];
        // The player who moved into `here` is the one not to move in it; moves are symmetric,
        // so the cells it came from are the cells it can move to.
        let mover = 1 - turn;
        let (mover_wins, came_from) = if mover == MOUSE_TURN {
            (MOUSE_WIN, board.mouse_moves.of(mouse))
        } else {
            (CAT_WIN, board.cat_moves.of(cat))
        };
        for &from in came_from {
            let before = if mover == MOUSE_TURN {
                board.position(from as usize, cat, mover)
            } else {
                board.position(mouse, from as usize, mover)
            };
            if outcome[before] != UNDECIDED {
                continue;
            }
            if result != mover_wins {
                unresolved_moves[before] -= 1;
                if unresolved_moves[before] > 0 {
                    continue;
                }
            }
            // This move wins for the mover, or it was the mover's last hope.
            outcome[before] = result;
            plies[before] = plies[here] + 1;
            queue.push(before as u32);
            if stop_at_start && before == start {
                return Table { outcome, plies };
            }
        }
    }
    Table { outcome, plies }
}

/// Every position's count of moves for the player to move: the moves not yet known to lose,
/// before any is. O(k²) for k open cells.
fn move_counts(board: &Board) -> Vec<u16> {
    let cells = board.cells;
    let mut counts = vec![0u16; 2 * cells * cells];
    for mouse in 0..cells {
        let mouse_moves = board.mouse_moves.of(mouse).len() as u16;
        for cat in 0..cells {
            counts[board.position(mouse, cat, MOUSE_TURN)] = mouse_moves;
            counts[board.position(mouse, cat, CAT_TURN)] = board.cat_moves.of(cat).len() as u16;
        }
    }
    counts
}
// ---------------- submission: paste up to the line above ----------------

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::tests::board;

    #[test]
    fn plies_count_both_players_moves() {
        // The mouse steps on the food on ply 1, 3, 5: two cells away it needs three plies.
        let board = board(&["M.F", "###", "C##"], 1, 1);
        let table = solve(&board, 1000, false);
        assert_eq!(table.outcome[board.start()], MOUSE_WIN);
        assert_eq!(table.plies[board.start()], 3);
        // With a limit of 2 plies the start is not decided.
        assert_eq!(solve(&board, 2, false).outcome[board.start()], UNDECIDED);
    }
}
