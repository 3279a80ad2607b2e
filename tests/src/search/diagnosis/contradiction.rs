//! The contradiction: a misjudged position whose answers two plies on, combined by the game's
//! rule, give the truth it missed (or at least not what it said), and the lines that show it.
//! Uses the chase's positions, the rule applied to the answers and the shared words.
//!
//! # Complexity
//! p positions, each with at most m·r replies two plies on: O(p·m·r).

use super::rule::{combined, move_value, next_value};
use crate::problems::chase::{in_plies, Chase, GameResult, Next, Position};

/// The contradiction nearest the end of the game among the `misjudged`: best, a position
/// whose every position two plies on is judged right, so that the program's own answers
/// there, combined by the game's rule, give the truth it missed; else one whose answer the
/// combination of its own answers two plies on (right or not) does not give. The position and
/// the lines that show it.
pub(super) fn contradiction<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    misjudged: &[usize],
) -> Option<(usize, Vec<String>)> {
    let positions = &chase.positions;
    let truth = |at: usize| Some(positions[at].truth);
    let nearest_end = |at: &usize| (positions[*at].plies.is_none(), positions[*at].plies, *at);
    let rests_on_right = misjudged
        .iter()
        .copied()
        .filter(|&at| all_right_two_plies_on(chase, at, result))
        .filter(|&at| combined(&positions[at], result) == truth(at))
        .min_by_key(nearest_end);
    let (at, all_right) = match rests_on_right {
        Some(at) => (at, true),
        None => {
            let inconsistent = misjudged.iter().copied().filter(|&at| {
                let own = combined(&positions[at], result);
                own.is_some() && own != result(at)
            });
            (inconsistent.min_by_key(nearest_end)?, false)
        }
    };
    let position = &positions[at];
    let (said, own) = (result(at)?, combined(position, result)?);
    let mut lines = vec![format!(
        "a contradiction in your own answers: {}, the mouse to move: you say {}, the truth is \
         {}{}.",
        position.name,
        said.words(),
        position.truth.words(),
        in_plies(position.plies)
    )];
    lines.extend(combination_lines(chase, position, (said, own), result));
    // Each position was asked as a game of its own: a search from here reaches those positions
    // with less depth left, a path behind it and a memo filled on the way, which a fresh start
    // has not. So the answers place the mistake here, not in one line of code.
    lines.push(match all_right {
        true => "Every answer this rests on is right when asked alone; so in its search from \
                 here your program either combines these moves wrongly, or values them \
                 differently than alone (a depth limit, a position on the current path taken \
                 as a draw, a memo filled under such a guess)."
            .to_string(),
        false => format!(
            "These answers of yours, right or not, cannot all hold: by the rules they make this \
             position {}, not {}.",
            own.words(),
            said.words()
        ),
    });
    Some((at, lines))
}

/// Whether the program judges right every position two plies on from `here`, `here` itself
/// aside (1728's mouse and cat may both stay): it cannot decide the combination where the rest
/// gives the truth.
fn all_right_two_plies_on<C>(
    chase: &Chase<C>,
    here: usize,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> bool {
    let positions = &chase.positions;
    positions[here]
        .moves
        .iter()
        .all(|mouse_move| match &mouse_move.then {
            Ok(_) => true,
            Err(replies) => replies.iter().all(|(_, next)| match *next {
                Next::Ends(_) => true,
                Next::At(at) => at == here || result(at) == Some(positions[at].truth),
            }),
        })
}

/// `result`, or anything better for `side`, in words: `draws or mouse wins`.
fn as_good(result: GameResult, side: GameResult) -> String {
    match result {
        GameResult::Draw => format!("draws or {}", side.plural()),
        other => other.plural().to_string(),
    }
}

/// The lines that show, from the program's answers two plies on, that `position` is `own` (what
/// they give by the rules), not what it `said`: the mouse's move that does better, or a reply
/// that does worse to each of its moves.
fn combination_lines<C>(
    chase: &Chase<C>,
    position: &Position<C>,
    (said, own): (GameResult, GameResult),
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Vec<String> {
    let next_words = |next: Next| match next {
        Next::Ends(ended) => format!("the rules end it: {}", ended.words()),
        Next::At(at) => format!(
            "{}: you say {}",
            chase.positions[at].name,
            result(at).map_or("nothing", GameResult::words)
        ),
    };
    if own > said {
        return better_move_lines(position, own, result, &next_words);
    }
    // Every move of the mouse meets a reply that does worse than `said`.
    let mut lines = vec![format!(
        "But every move of the mouse meets a cat reply to a position you yourself call, or the \
         rules make, {}:",
        as_good(own, GameResult::CatWins)
    )];
    for mouse_move in &position.moves {
        let line = match &mouse_move.then {
            Ok(ended) => format!(
                "  the mouse {}: the rules end it: {}",
                mouse_move.words,
                ended.words()
            ),
            Err(replies) => {
                let worse =
                    |next: &Next| next_value(*next, result).is_some_and(|value| value <= own);
                match replies.iter().find(|(_, next)| worse(next)) {
                    Some((words, next)) => format!(
                        "  the mouse {}, the cat {words} ({})",
                        mouse_move.words,
                        next_words(*next)
                    ),
                    None => continue,
                }
            }
        };
        lines.push(line);
    }
    lines
}

/// The mouse's move that does as well as `own` whatever the cat does, by the program's
/// answers, and each of the cat's replies to it.
fn better_move_lines<C>(
    position: &Position<C>,
    own: GameResult,
    result: &dyn Fn(usize) -> Option<GameResult>,
    next_words: &dyn Fn(Next) -> String,
) -> Vec<String> {
    let Some(good) = position
        .moves
        .iter()
        .find(|mouse_move| move_value(mouse_move, result) == Some(own))
    else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "But the mouse's move {} leaves the cat only replies to positions you yourself call, or \
         the rules make, {}:",
        good.words,
        as_good(own, GameResult::MouseWins)
    )];
    match &good.then {
        Ok(ended) => lines.push(format!("  it ends the game at once: {}", ended.words())),
        Err(replies) => lines.extend(
            replies
                .iter()
                .map(|(words, next)| format!("  the cat {words} ({})", next_words(*next))),
        ),
    }
    lines
}
