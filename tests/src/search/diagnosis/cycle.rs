//! The cycle: wins the program claims at draws, supported only by one another, round a loop
//! that no line of play leaves (a repeated position scored as a win), as a value ([`Cycle`];
//! `render/diagnosis.rs` words it). Uses the chase's positions and the rule applied to the
//! answers.
//!
//! # Complexity
//! p positions, each with at most m·r replies two plies on: O(p·m·r), each position walked
//! once.

use super::rule::{combined, move_value};
use crate::problems::chase::{Chase, GameResult, Next, Standing, Step};

/// A loop of claimed wins that no line of play leaves.
#[derive(Debug, Clone, PartialEq)]
pub struct Cycle {
    /// The win the program claims at every position of the loop.
    pub claimed: GameResult,
    /// The truth at the loop's first position, and its plies to a forced end, if any.
    pub truth: GameResult,
    pub plies: Option<u32>,
    /// The loop: each position, and the mouse's and the cat's moves from it (the last leading
    /// back to the first).
    pub steps: Vec<(Standing, (Step, Step))>,
    /// Whether the program's answers along it agree with one another (every one was given).
    pub agree: bool,
}

/// A cycle of claimed wins, if the answers hold one: from a misjudged position the program
/// calls a win where the truth is a draw, the claimed winner's move that the program's answers
/// justify is met by the other side's move that keeps the truth a draw, and so on, until a
/// position comes again.
pub(super) fn cycle<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    misjudged: &[usize],
) -> Option<Cycle> {
    let positions = &chase.positions;
    // The step from a position is fixed by the answers, so a chain that broke once breaks
    // again from any position on it: each position is walked once in all.
    let mut dead = vec![false; positions.len()];
    for &start in misjudged {
        // A claimed win where the truth has no forced end: a draw, or 1728's cat win when
        // the time runs out.
        let claimed = match result(start) {
            Some(claimed)
                if claimed != GameResult::Draw
                    && positions[start].plies.is_none()
                    && claimed != positions[start].truth =>
            {
                claimed
            }
            _ => continue,
        };
        if let Some(path) = claimed_line(chase, result, (start, claimed), &mut dead) {
            return of_path(chase, claimed, path, result);
        }
    }
    None
}

/// The positions and moves from `start` on, each step the `claimed` winner's justified move
/// and the other side's move that keeps the truth from that win, until a position repeats:
/// the loop (positions, and the moves between them), or `None` if the answers break the chain
/// (every position on it then marked `dead`).
fn claimed_line<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    (start, claimed): (usize, GameResult),
    dead: &mut [bool],
) -> Option<Vec<(usize, (Step, Step))>> {
    let mut path: Vec<(usize, (Step, Step))> = Vec::new();
    let mut place_on_path = std::collections::HashMap::new();
    let mut at = start;
    loop {
        if let Some(&seen) = place_on_path.get(&at) {
            return Some(path.split_off(seen));
        }
        let step = match dead.get(at) {
            Some(false) => claimed_step(chase, result, at, claimed),
            _ => None,
        };
        let Some((next, moves)) = step else {
            for (on_path, _) in &path {
                dead[*on_path] = true;
            }
            if let Some(here) = dead.get_mut(at) {
                *here = true;
            }
            return None;
        };
        place_on_path.insert(at, path.len());
        path.push((at, moves));
        at = next;
    }
}

/// One step of [`claimed_line`] from `at`: the next position, and the mouse's and the cat's
/// moves.
fn claimed_step<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    at: usize,
    claimed: GameResult,
) -> Option<(usize, (Step, Step))> {
    let truth = |at: usize| Some(chase.positions[at].truth);
    let position = &chase.positions[at];
    let keeps_claim = |next: &Next| matches!(next, Next::At(to) if result(*to) == Some(claimed));
    let short_of_claim = |next: &Next| match next {
        Next::At(to) => {
            truth(*to).is_some_and(|value| value != claimed) && result(*to) == Some(claimed)
        }
        Next::Ends(_) => false,
    };
    for mouse_move in &position.moves {
        let Err(replies) = &mouse_move.then else {
            continue;
        };
        let reply = if claimed == GameResult::MouseWins {
            // The mouse's move the answers justify (every reply called a mouse win), met by the
            // cat's reply that keeps the truth short of it.
            if move_value(mouse_move, result) != Some(GameResult::MouseWins) {
                continue;
            }
            replies.iter().find(|(_, next)| short_of_claim(next))
        } else {
            // The mouse's move that really holds the cat off, met by the reply the answers
            // call a cat win.
            if move_value(mouse_move, &truth) == Some(GameResult::CatWins) {
                continue;
            }
            replies
                .iter()
                .find(|(_, next)| keeps_claim(next) && short_of_claim(next))
        };
        if let Some((cat_step, Next::At(to))) = reply {
            return Some((*to, (mouse_move.step, *cat_step)));
        }
    }
    None
}

/// The cycle of `path`, the loop of positions the `claimed` win rests on: whether the answers
/// along it agree with one another, which they do only where every answer was given.
fn of_path<C>(
    chase: &Chase<C>,
    claimed: GameResult,
    path: Vec<(usize, (Step, Step))>,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<Cycle> {
    let positions = &chase.positions;
    let &(first, _) = path.first()?;
    let agree = path
        .iter()
        .all(|(at, _)| combined(&positions[*at], result) == Some(claimed));
    let steps = path
        .into_iter()
        .map(|(at, moves)| (positions[at].standing, moves))
        .collect();
    Some(Cycle {
        claimed,
        truth: positions[first].truth,
        plies: positions[first].plies,
        steps,
        agree,
    })
}
