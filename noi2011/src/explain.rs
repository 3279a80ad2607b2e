//! `--explain`: for each of Tutu's moves, who was winning before it and after it, and for a
//! mistake every move that would have kept the win.
//!
//! Who wins each position comes from `incremental`; the alternatives to a mistake are judged
//! by `rematch`'s test (does taking the empty cell out shrink the maximum matching?) on the
//! position each alternative would have made.
//!
//! # Complexity
//! As `incremental`, plus, per mistake, two matchings for each of at most 3 alternatives.

use crate::game::Board;
use crate::{incremental, rematch};
use std::fmt::Write;

/// One of Tutu's moves, judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The cell whose piece Tutu moved.
    pub cell: usize,
    /// Whether Tutu was winning before the move.
    pub winning_before: bool,
    /// Whether Dandan is winning after it.
    pub dandan_winning_after: bool,
    /// For a mistake, the cells whose piece would have kept Tutu winning; empty otherwise.
    pub winning_moves: Vec<usize>,
}

/// Every one of Tutu's moves in the board, judged.
pub fn judge(board: &Board) -> Vec<Judgement> {
    let wins = incremental::winners(board);
    let mut alive: Vec<bool> = (0..board.pieces.len())
        .map(|cell| board.in_play(cell))
        .collect();
    let mut judgements = Vec::with_capacity(board.rounds());
    for round in 0..board.rounds() {
        let empty = board.path[2 * round];
        let (winning_before, dandan_winning_after) = (wins[2 * round], wins[2 * round + 1]);
        alive[empty] = false;
        let mut winning_moves = Vec::new();
        if winning_before && dandan_winning_after {
            // Tutu's legal moves are exactly the neighbours still in play (see game.rs).
            for &cell in board.neighbours(empty) {
                let cell = cell as usize;
                if alive[cell] && !rematch::mover_wins(board, &alive, cell) {
                    winning_moves.push(cell);
                }
            }
        }
        judgements.push(Judgement {
            cell: board.path[2 * round + 1],
            winning_before,
            dandan_winning_after,
            winning_moves,
        });
        alive[board.path[2 * round + 1]] = false;
    }
    judgements
}

/// One `move K: Tutu (r,c): ...` line for each of Tutu's moves, 1-based cells, then the result.
/// `rows` of `X`, `O` and `.`; `moves` as 0-based (row, column), Tutu's first.
pub fn explain(rows: &[Vec<u8>], moves: &[(usize, usize)]) -> String {
    let board = Board::new(rows, moves);
    let named = |cell: usize| format!("({},{})", cell / board.cols + 1, cell % board.cols + 1);
    let mut text = String::new();
    let mut mistakes = Vec::new();
    for (index, judgement) in judge(&board).iter().enumerate() {
        let _ = write!(
            text,
            "move {}: Tutu {}: before: {}; after: Dandan {}",
            index + 1,
            named(judgement.cell),
            if judgement.winning_before {
                "winning"
            } else {
                "losing"
            },
            if judgement.dandan_winning_after {
                "winning"
            } else {
                "losing"
            }
        );
        if judgement.winning_before && judgement.dandan_winning_after {
            mistakes.push((index + 1).to_string());
            let moves: Vec<String> = judgement
                .winning_moves
                .iter()
                .map(|&cell| named(cell))
                .collect();
            let _ = write!(text, "; mistake; winning moves: {}", moves.join(" "));
        }
        text.push('\n');
    }
    let _ = writeln!(
        text,
        "result: {} mistake(s): {}\n",
        mistakes.len(),
        mistakes.join(" ")
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_the_first_sample() {
        let (rows, moves, _) = &crate::known_cases()[0];
        assert_eq!(
            explain(rows, moves),
            "move 1: Tutu (1,2): before: winning; after: Dandan winning; mistake; winning moves: (1,4)\n\
             result: 1 mistake(s): 1\n\n"
        );
    }
}
