//! # `fixpoint_sweep`: the 1000-ply limit read literally, one sweep per ply
//!
//! Sweep k decides exactly the positions whose end under best play comes within k plies:
//! a position is won when one move reaches a position its mover wins within k − 1 plies, and
//! lost when every move reaches one the mover loses within k − 1 plies. A sweep reads only
//! what earlier sweeps decided (what it decides itself waits for the next sweep), so a
//! position's sweep number is its plies to the end. The mouse wins iff the start is a mouse
//! win by sweep 1000; the sweeps stop there, or at a fixpoint, when a sweep decides nothing
//! (then no later sweep can).
//!
//! New in this workspace: the limit's literal reading, and the check of `degree_bfs`'s plies.
//! The board (open cells, each one's moves) is in `board.rs`.
//!
//! # Complexity
//! k open cells, at most J moves a cell, S ≤ 1000 sweeps: O(S·k²·J) time; memory 3 bytes a
//! position (outcome u8, sweep u16): 0.02 MB for 8x8, 15 MB for an open 40x40 grid.

use crate::board::{Board, Table, CAT_TURN, CAT_WIN, MOUSE_TURN, MOUSE_WIN, PLY_LIMIT, UNDECIDED};

pub struct Solution;

// ---------------- submission: paste from the next line ----------------
// Relies on the judge's guarantees: the grid is rectangular with exactly one 'C', 'M' and 'F',
// the jumps are at least 1. `--emit` appends the `Board` this code uses.

impl Solution {
    pub fn can_mouse_win(grid: Vec<String>, cat_jump: i32, mouse_jump: i32) -> bool {
        let board = Board::new(&grid, cat_jump as usize, mouse_jump as usize);
        let table = solve(&board, PLY_LIMIT);
        table.outcome[board.start()] == MOUSE_WIN
    }
}

/// The positions whose end under best play comes within `limit` plies, with their outcome
/// and plies to the end (the sweep that decided them); the rest stay `UNDECIDED`.
///
/// # Constraints
/// `limit` < 65535: plies are kept in `u16`.
///
/// # Complexity
/// O(S·k²·J) time for S sweeps (at most `limit`), k open cells and jumps up to J; 3 bytes a
/// position.
pub fn solve(board: &Board, limit: u16) -> Table {
    let cells = board.cells;
    let mut outcome = vec![UNDECIDED; 2 * cells * cells];
    let mut plies = vec![u16::MAX; 2 * cells * cells];
    for (here, result) in board.ends() {
        outcome[here] = result;
        plies[here] = 0;
    }
    for sweep in 1..=limit {
        let mut decided_any = false;
        for mouse in 0..cells {
            for cat in 0..cells {
                for turn in [MOUSE_TURN, CAT_TURN] {
                    let here = board.position(mouse, cat, turn);
                    if outcome[here] != UNDECIDED {
                        continue;
                    }
                    let (mover_wins, mover_loses, moves) = if turn == MOUSE_TURN {
                        (MOUSE_WIN, CAT_WIN, board.mouse_moves.of(mouse))
                    } else {
                        (CAT_WIN, MOUSE_WIN, board.cat_moves.of(cat))
                    };
                    let mut wins = false;
                    let mut every_move_loses = true;
                    for &to in moves {
                        let after = if turn == MOUSE_TURN {
                            board.position(to as usize, cat, CAT_TURN)
                        } else {
                            board.position(mouse, to as usize, MOUSE_TURN)
                        };
                        // Decided by an earlier sweep, or not known yet.
                        if plies[after] >= sweep {
                            every_move_loses = false;
                        } else if outcome[after] == mover_wins {
                            wins = true;
                            break;
                        }
                    }
                    if wins || every_move_loses {
                        outcome[here] = if wins { mover_wins } else { mover_loses };
                        plies[here] = sweep;
                        decided_any = true;
                    }
                }
            }
        }
        if !decided_any {
            break;
        }
    }
    Table { outcome, plies }
}
// ---------------- submission: paste up to the line above ----------------

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board;

    #[test]
    fn a_sweep_s_number_is_the_plies_to_the_end() {
        let board = board(&["M.F", "###", "C##"], 1, 1);
        let swept = solve(&board, 1000);
        let searched = crate::degree_bfs::solve(&board, 1000, false);
        assert_eq!(swept.outcome[board.start()], MOUSE_WIN);
        assert_eq!(swept.plies[board.start()], 3);
        for here in 0..swept.outcome.len() {
            assert_eq!(
                swept.outcome[here], searched.outcome[here],
                "position {here}"
            );
            if swept.outcome[here] != UNDECIDED {
                assert_eq!(swept.plies[here], searched.plies[here], "position {here}");
            }
        }
    }
}
