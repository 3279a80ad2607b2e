//! The contradiction: a misjudged position whose answers two plies on, combined by the game's
//! rule, give the truth it missed (or at least not what it said), and the moves that show it,
//! as values ([`Contradiction`]; `render/diagnosis.rs` words them). Uses the chase's positions
//! and the rule applied to the answers.
//!
//! # Complexity
//! p positions, each with at most m·r replies two plies on: O(p·m·r).

use super::rule::{combined, move_value, next_value};
use crate::problems::chase::{Chase, GameResult, MouseMove, Next, Position, Spot, Standing, Step};

/// A misjudged position that the program's own answers two plies on contradict.
#[derive(Debug, Clone, PartialEq)]
pub struct Contradiction {
    /// The position: where the mouse and the cat stand.
    pub standing: Standing,
    /// What the program said of it, the truth, and its plies to a forced end, if any.
    pub said: GameResult,
    pub truth: GameResult,
    pub plies: Option<u32>,
    /// What the program's answers two plies on make it by the rules.
    pub by_its_answers: GameResult,
    /// Whether every answer two plies on is right: then the mistake is in how the program
    /// combines the moves from here, not in what it says of them.
    pub all_right: bool,
    pub shown: Shown,
}

/// The moves that show what the answers two plies on make of the position.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// A move of the mouse that does as well as `own` whatever the cat does (none found where
    /// `None`).
    BetterMove(Option<Better>),
    /// Every move of the mouse, each with the end it makes or a reply of the cat that does
    /// worse than what the program said.
    EveryMove(Vec<(Step, Result<GameResult, Reply>)>),
}

/// The mouse's move that does as well as the answers two plies on make the position.
#[derive(Debug, Clone, PartialEq)]
pub struct Better {
    pub step: Step,
    /// The end it makes, or each of the cat's replies.
    pub then: Result<GameResult, Vec<Reply>>,
    /// A node next to the cat's that the rules bar it from (913's hole), if there is one.
    pub cat_barred: Option<Spot>,
}

impl Shown {
    /// Whether the lines rest on any answer of the program: where every move shown ends the
    /// game by the rules, the position's truth is the rules' alone, two plies or less away.
    pub fn rests_on_answers(&self) -> bool {
        let answered = |reply: &Reply| matches!(reply.leads_to, Reached::At { .. });
        match self {
            Shown::BetterMove(None) => true,
            Shown::BetterMove(Some(better)) => better
                .then
                .as_ref()
                .is_err_and(|replies| replies.iter().any(answered)),
            Shown::EveryMove(moves) => moves
                .iter()
                .any(|(_, then)| then.as_ref().is_err_and(answered)),
        }
    }
}

/// A reply of the cat, and where it leads: an end by the rules, or a position and what the
/// program said of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub step: Step,
    pub leads_to: Reached,
}

/// Where a move leads, two plies on, as the program's answers see it.
#[derive(Debug, Clone, PartialEq)]
pub enum Reached {
    Ends(GameResult),
    At {
        standing: Standing,
        said: Option<GameResult>,
    },
}

/// The contradiction nearest the end of the game among the `misjudged`: best, a position
/// whose every position two plies on is judged right, so that the program's own answers
/// there, combined by the game's rule, give the truth it missed; else one whose answer the
/// combination of its own answers two plies on (right or not) does not give. The position and
/// the lines that show it.
pub(super) fn contradiction<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
    misjudged: &[usize],
) -> Option<(usize, Contradiction)> {
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
    let reached = |next: Next| match next {
        Next::Ends(ended) => Reached::Ends(ended),
        Next::At(at) => Reached::At {
            standing: chase.positions[at].standing,
            said: result(at),
        },
    };
    let reply = |&(step, next): &(Step, Next)| Reply {
        step,
        leads_to: reached(next),
    };
    let shown = match own > said {
        true => Shown::BetterMove(better_move(position, own, result, &reply)),
        false => Shown::EveryMove(worse_replies(position, own, result, &reply)),
    };
    Some((
        at,
        Contradiction {
            standing: position.standing,
            said,
            truth: position.truth,
            plies: position.plies,
            by_its_answers: own,
            all_right,
            shown,
        },
    ))
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

/// Each move of the mouse from `position`, with the end it makes or a reply of the cat to a
/// position the answers call no better than `own` (moves with neither left out).
fn worse_replies<C>(
    position: &Position<C>,
    own: GameResult,
    result: &dyn Fn(usize) -> Option<GameResult>,
    reply: &dyn Fn(&(Step, Next)) -> Reply,
) -> Vec<(Step, Result<GameResult, Reply>)> {
    let worse = |next: &Next| next_value(*next, result).is_some_and(|value| value <= own);
    let shown = |mouse_move: &MouseMove| match &mouse_move.then {
        Ok(ended) => Some(Ok(*ended)),
        // An end by the rules first: then the line rests on no answer where none is needed.
        Err(replies) => replies
            .iter()
            .find(|(_, next)| matches!(next, Next::Ends(_)) && worse(next))
            .or_else(|| replies.iter().find(|(_, next)| worse(next)))
            .map(|found| Err(reply(found))),
    };
    position
        .moves
        .iter()
        .filter_map(|mouse_move| Some((mouse_move.step, shown(mouse_move)?)))
        .collect()
}

/// The mouse's move that does as well as `own` whatever the cat does, by the program's
/// answers, with the end it makes or each of the cat's replies to it.
fn better_move<C>(
    position: &Position<C>,
    own: GameResult,
    result: &dyn Fn(usize) -> Option<GameResult>,
    reply: &dyn Fn(&(Step, Next)) -> Reply,
) -> Option<Better> {
    let good = position
        .moves
        .iter()
        .find(|mouse_move| move_value(mouse_move, result) == Some(own))?;
    let then = match &good.then {
        Ok(ended) => Ok(*ended),
        Err(replies) => Err(replies.iter().map(reply).collect()),
    };
    Some(Better {
        step: good.step,
        then,
        cat_barred: good.cat_barred,
    })
}
