//! # `rematch`: two maximum matchings per question, from scratch
//!
//! Before each move, the player to move wins iff the empty cell lies in every maximum
//! matching of the cells still in play (see `game.rs`), that is, iff removing it shrinks the
//! maximum matching. So for every position of the board: a maximum matching of the cells in
//! play that the empty cell has not left yet, with it and without it, each computed afresh.
//!
//! From seed 004's matching program, whose published `win()` returns the wrong quantity: it
//! subtracts the augmentations that adding the empty cell allows from the first matching's
//! size, which is non-zero on almost every board, instead of asking whether any such
//! augmentation exists. Here the two sizes are compared.
//!
//! # Complexity
//! V cells in play, E edges, 2k positions: 2k · 2 matchings at O(V·E) worst case each
//! (about O(E) on boards in practice): O(k·V·E); memory O(V).

use crate::game::{mistakes_from, Board};
use crate::matching::Matching;

// ---------------- submission: paste from the next line ----------------
// Relies on the judge's guarantees (one empty cell, a legal board of k moves each).

/// Tutu's mistakes, numbered from 1. `rows` of `X`, `O` and `.`; `moves` as 0-based
/// (row, column), Tutu's first, 2k of them.
pub fn mistakes(rows: &[Vec<u8>], moves: &[(usize, usize)]) -> Vec<usize> {
    mistakes_from(&winners(&Board::new(rows, moves)))
}

/// For each of the 2k positions before a move: whether the player to move wins.
pub fn winners(board: &Board) -> Vec<bool> {
    let mut alive: Vec<bool> = (0..board.pieces.len())
        .map(|cell| board.in_play(cell))
        .collect();
    let mut wins = Vec::with_capacity(2 * board.rounds());
    for &empty in &board.path[..2 * board.rounds()] {
        wins.push(mover_wins(board, &alive, empty));
        alive[empty] = false; // the empty cell leaves it for good
    }
    wins
}

/// Whether the player to move wins with the empty cell on `empty`, the cells it can still
/// enter being those `alive` (`empty` among them): iff taking `empty` out shrinks the maximum
/// matching.
pub fn mover_wins(board: &Board, alive: &[bool], empty: usize) -> bool {
    let mut with_empty = Matching::new(alive.len());
    with_empty.maximize(board, alive);
    let mut without = alive.to_vec();
    without[empty] = false;
    let mut without_empty = Matching::new(alive.len());
    without_empty.maximize(board, &without);
    with_empty.size() > without_empty.size()
}
// ---------------- submission: paste up to the line above ----------------
