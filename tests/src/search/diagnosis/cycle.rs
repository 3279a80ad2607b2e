//! The cycle: wins the program claims at draws, supported only by one another, round a loop
//! that no line of play leaves (a repeated position scored as a win), and the lines that show
//! it. Uses the chase's positions, the rule applied to the answers and the shared words.
//!
//! # Complexity
//! p positions, each with at most m·r replies two plies on: O(p·m·r), each position walked
//! once.

use super::rule::{combined, move_value};
use crate::problems::chase::{in_plies, Chase, GameResult, Next};

/// A cycle of claimed wins, if the answers hold one: from a misjudged position the program
/// calls a win where the truth is a draw, the claimed winner's move that the program's answers
/// justify is met by the other side's move that keeps the truth a draw, and so on, until a
/// position comes again. Its lines.
pub(super) fn cycle<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    misjudged: &[usize],
) -> Vec<String> {
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
            return cycle_lines(chase, claimed, &path, result);
        }
    }
    Vec::new()
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
) -> Option<Vec<(usize, String)>> {
    let mut path: Vec<(usize, String)> = Vec::new();
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

/// One step of [`claimed_line`] from `at`: the next position and the moves in words.
fn claimed_step<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    at: usize,
    claimed: GameResult,
) -> Option<(usize, String)> {
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
        if let Some((words, Next::At(to))) = reply {
            return Some((
                *to,
                format!("the mouse {}, the cat {words}", mouse_move.words),
            ));
        }
    }
    None
}

/// The cycle's lines: the claim, the loop's positions and moves, and what it shows; that the
/// answers agree with one another only where every answer along the loop was given.
fn cycle_lines<C>(
    chase: &Chase<C>,
    claimed: GameResult,
    path: &[(usize, String)],
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Vec<String> {
    let positions = &chase.positions;
    let Some(&(first, _)) = path.first() else {
        return Vec::new();
    };
    let agree = path
        .iter()
        .all(|&(at, _)| combined(&positions[at], result) == Some(claimed));
    let mut lines = vec![format!(
        "a win no line of play reaches: you call {} {}, the truth at the first is {}{}; each \
         rests on the next, and the line comes back where it began:",
        match path.len() {
            1 => "this position".to_string(),
            count => format!("these {count} positions"),
        },
        claimed.plural(),
        GameResult::with_article(positions[first].truth),
        match (positions[first].truth, positions[first].plies) {
            (_, Some(plies)) => in_plies(Some(plies)),
            (GameResult::Draw, None) => String::new(),
            (_, None) => " (no forced end: the time runs out)".to_string(),
        }
    )];
    for (at, moves) in path {
        lines.push(format!("  {} ({moves})", positions[*at].name));
    }
    if let Some((first, _)) = path.first() {
        lines.push(format!("  back to {}", positions[*first].name));
    }
    let claim = match claimed {
        GameResult::MouseWins => "claimed win of the mouse",
        _ => "claimed win of the cat",
    };
    lines.push(format!(
        "{} this {claim} never ends: somewhere your program scores as won a line of play that \
         goes round (a repeated position scored as a win, or a move of the other side left out).",
        match agree {
            true => "Your answers along it agree with one another, but",
            false => "Not every answer along it was given, but as far as they go,",
        }
    ));
    lines
}
