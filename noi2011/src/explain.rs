//! `--explain`: for each of Tutu's moves, who was winning before it and after it, and for a
//! mistake every move that would have kept the win.
//!
//! Who wins each position comes from `incremental`; the alternatives to a mistake are judged
//! by `rematch`'s test (does taking the empty cell out shrink the maximum matching?) on the
//! position each alternative would have made.
//!
//! [`move_outcomes`] judges every legal move of every position of the record, for the page
//! that lets a reader try them: `incremental`'s one matching, and per move one augmenting
//! search on a copy of it.
//!
//! # Complexity
//! As `incremental`, plus, per mistake, two matchings for each of at most 3 alternatives.
//! [`move_outcomes`]: V cells, E edges, 2k positions: O(V·E + k·(V + E)).

use crate::game::Board;
use crate::matching::{Matching, UNMATCHED};
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

/// For each position of the record (before move 1, 2, ..., 2k, and after the last), every
/// legal move of the player to move, as the cell whose piece slides into the empty cell and
/// whether the mover wins after it, in [`Board::neighbours`]' order.
pub fn move_outcomes(board: &Board) -> Vec<Vec<(usize, bool)>> {
    let mut alive: Vec<bool> = (0..board.pieces.len())
        .map(|cell| board.in_play(cell))
        .collect();
    let mut matching = Matching::new(alive.len());
    matching.maximize(board, &alive);
    let mut outcomes = Vec::with_capacity(board.path.len());
    for &empty in &board.path {
        // The empty cell leaves for good: keep the matching maximum on what is left, as
        // `incremental` does. Then the opponent, to move on a cell, wins iff that cell lies
        // in every maximum matching of what is left.
        alive[empty] = false;
        let partner = matching.mate[empty];
        if partner != UNMATCHED {
            matching.mate[empty] = UNMATCHED;
            matching.mate[partner as usize] = UNMATCHED;
            matching.augment(board, &alive, partner as usize);
        }
        let mut moves = Vec::new();
        for &cell in board.neighbours(empty) {
            let cell = cell as usize;
            if alive[cell] {
                let opponent_wins = in_every_maximum_matching(board, &mut alive, &matching, cell);
                moves.push((cell, !opponent_wins));
            }
        }
        outcomes.push(moves);
    }
    outcomes
}

/// Whether `cell` lies in every maximum matching of the `alive` cells, given `maximum`, one
/// of them: iff it is matched and, taken out with its partner unmatched, no augmenting path
/// starts at the partner (any augmenting path would have to). `alive` is as it was after.
fn in_every_maximum_matching(
    board: &Board,
    alive: &mut [bool],
    maximum: &Matching,
    cell: usize,
) -> bool {
    let partner = maximum.mate[cell];
    if partner == UNMATCHED {
        return false;
    }
    // A fresh copy: the search's kept marks belong to the matching they were made on.
    let mut trial = Matching::new(alive.len());
    trial.mate.copy_from_slice(&maximum.mate);
    trial.mate[cell] = UNMATCHED;
    trial.mate[partner as usize] = UNMATCHED;
    alive[cell] = false;
    let avoidable = trial.augment(board, alive, partner as usize);
    alive[cell] = true;
    !avoidable
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
    fn every_move_s_outcome_is_rematch_s_and_the_record_s() {
        for (rows, moves, _) in crate::known_cases() {
            let board = Board::new(&rows, &moves);
            let wins = incremental::winners(&board);
            let outcomes = move_outcomes(&board);
            assert_eq!(outcomes.len(), board.path.len());
            let mut alive: Vec<bool> = (0..board.pieces.len())
                .map(|cell| board.in_play(cell))
                .collect();
            for (at, (&empty, moves)) in board.path.iter().zip(&outcomes).enumerate() {
                alive[empty] = false;
                for &(cell, mover_wins) in moves {
                    assert_eq!(mover_wins, !rematch::mover_wins(&board, &alive, cell));
                    if let (Some(&next), Some(&next_wins)) =
                        (board.path.get(at + 1), wins.get(at + 1))
                    {
                        if next == cell {
                            assert_eq!(mover_wins, !next_wins, "move {}", at + 1);
                        }
                    }
                }
                if let Some(next) = board.path.get(at + 1) {
                    assert!(
                        moves.iter().any(|&(cell, _)| cell == *next),
                        "move {}",
                        at + 1
                    );
                }
            }
        }
    }

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
