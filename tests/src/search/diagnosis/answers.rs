//! One position's answer, as the diagnosis takes it in ([`Said`]: a result, why there is none
//! ([`NoResult`]), or not asked) and as it keeps it for the page ([`Answered`]); what kept
//! positions from a result ([`Cut`]). Uses the games' results and a run's ending.

use crate::problems::chase::GameResult;
use crate::sandbox::Ended;

/// What the program said about one position.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Result(GameResult),
    NoResult(NoResult),
    /// Not asked: the diagnosis's time ran out first.
    Unasked,
}

/// Why a position, or a game cut at a round, got no result.
#[derive(Debug, Clone, PartialEq)]
pub enum NoResult {
    /// It answered what is no result of the game: the answer, as it prints.
    Answered(String),
    /// It printed what is not an answer.
    Printed(String),
    /// Its run crashed or passed a limit before it answered there.
    Ended(Ended),
    /// Its run ended well before it answered there.
    NoAnswer,
    /// The asking stopped before it got there.
    Stopped(Stopped),
}

/// What stopped the asking before the last position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stopped {
    /// `--diagnose-seconds`, this many seconds of CPU time, ran out.
    OutOfTime { seconds: f64 },
    /// This many runs ended without an answer.
    Runs(usize),
}

/// What kept positions from a result: the replies that are none (how many, the first), and
/// what stopped the asking after `replied` of `asked` positions, if anything did.
#[derive(Debug, Clone, PartialEq)]
pub struct Cut {
    pub without_result: usize,
    pub first: Option<NoResult>,
    pub stopped: Option<Stopped>,
    pub replied: usize,
    pub asked: usize,
}

/// One position asked about, as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The mouse's place and the cat's (913: nodes; 1728: open cells in reading order).
    pub places: (usize, usize),
    pub truth: GameResult,
    pub said: Option<GameResult>,
}
