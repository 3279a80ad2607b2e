//! # `minimax`: the rules played out by search
//!
//! No theory at all: before each move of the record, search every line of play on the real
//! board (slide a piece of the mover's colour next to the empty cell into it; whoever cannot
//! move loses) to learn whether the player to move wins, stopping at the first winning move.
//! Exponential, so it refuses boards over [`MAX_CELLS`]; it is the check that the matching
//! variants' theory (the empty cell never returns; the player to move wins iff its cell is in
//! every maximum matching) answers what the rules answer.
//!
//! From seed 004's brute force. The search keeps its own stack rather than recursing.
//!
//! # Complexity
//! rows·cols = c cells, 2k positions: each search visits at most the simple paths of the
//! empty cell, O(3^c) in the worst case; memory O(c).

use crate::game::{mistakes_from, Board, BLACK, WHITE};

/// The largest board `minimax` takes. Measured on boards whose every cell is in play (a
/// checkerboard around the empty cell, every start tried), the slowest single search took
/// 0.03 s at 7x7, 0.26 s at 7x8, 1.6 s at 8x8 and 14 s at 8x9 (optimised build, 2 cores);
/// a record asks one search per move.
pub const MAX_CELLS: usize = 49;

// ---------------- submission: paste from the next line ----------------
// Relies on the judge's guarantees (one empty cell, a legal record of k moves each); meant for
// small boards only.

/// Tutu's mistakes, numbered from 1. `rows` of `X`, `O` and `.`; `moves` as 0-based
/// (row, column), Tutu's first, 2k of them.
pub fn mistakes(rows: &[Vec<u8>], moves: &[(usize, usize)]) -> Vec<usize> {
    mistakes_from(&winners(&Board::new(rows, moves)))
}

/// For each of the 2k positions before a move: whether the player to move wins.
pub fn winners(board: &Board) -> Vec<bool> {
    let mut pieces = board.pieces.clone();
    let mut wins = Vec::with_capacity(2 * board.rounds());
    for (index, step) in board.path.windows(2).take(2 * board.rounds()).enumerate() {
        let mover = if index % 2 == 0 { WHITE } else { BLACK };
        wins.push(mover_wins(&mut pieces, board, step[0], mover));
        pieces.swap(step[0], step[1]); // play the recorded move
    }
    wins
}

fn other(piece: u8) -> u8 {
    if piece == WHITE {
        BLACK
    } else {
        WHITE
    }
}

/// Whether the player who slides `mover` pieces, to move with the empty cell on `empty`, wins.
/// `pieces` are left as they were.
fn mover_wins(pieces: &mut [u8], board: &Board, empty: usize, mover: u8) -> bool {
    // A line of play: each position's empty cell, how many of its neighbours were tried, and
    // its mover. The last entry is the position being searched.
    let mut line: Vec<(usize, usize, u8)> = vec![(empty, 0, mover)];
    // Set when a position is left: whether its mover won there.
    let mut left_won: Option<bool> = None;
    while let Some(&(empty, tried, mover)) = line.last() {
        let top = line.len() - 1;
        if let Some(child_won) = left_won.take() {
            // Back from the position the last tried move led to: take that move back.
            let child = board.neighbours(empty)[tried - 1] as usize;
            pieces.swap(empty, child);
            if !child_won {
                line.pop();
                left_won = Some(true); // a move that leaves the opponent lost wins
                continue;
            }
        }
        let neighbours = board.neighbours(empty);
        if tried == neighbours.len() {
            line.pop();
            left_won = Some(false); // no move, or every move lets the opponent win
            continue;
        }
        line[top].1 += 1;
        let cell = neighbours[tried] as usize;
        if pieces[cell] == mover {
            pieces.swap(empty, cell); // the piece slides in, the empty cell moves to `cell`
            line.push((cell, 0, other(mover)));
        }
    }
    left_won.unwrap_or(false)
}
// ---------------- submission: paste up to the line above ----------------
