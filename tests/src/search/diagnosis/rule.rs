//! The game's rule applied to the program's own answers: what a move, a reply and a position
//! are worth by the answers two plies on. Uses only the chase's positions.

use crate::problems::chase::{GameResult, MouseMove, Next, Position};

/// What `result` says the mouse gets by `mouse_move`: the rules' end, or the worst of the
/// cat's replies; `None` if a reply leads to a position without an answer.
pub(super) fn move_value(
    mouse_move: &MouseMove,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<GameResult> {
    match &mouse_move.then {
        Ok(ended) => Some(*ended),
        Err(replies) => replies
            .iter()
            .map(|(_, next)| next_value(*next, result))
            .try_fold(GameResult::MouseWins, |worst, value| {
                Some(worst.min(value?))
            }),
    }
}

pub(super) fn next_value(
    next: Next,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<GameResult> {
    match next {
        Next::Ends(ended) => Some(ended),
        Next::At(at) => result(at),
    }
}

/// The game's rule applied to `result`'s answers two plies on from `position`: the best of the
/// mouse's moves, each worth the worst of the cat's replies.
pub(super) fn combined<C>(
    position: &Position<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<GameResult> {
    position
        .moves
        .iter()
        .map(|mouse_move| move_value(mouse_move, result))
        .try_fold(GameResult::CatWins, |best, value| Some(best.max(value?)))
}
