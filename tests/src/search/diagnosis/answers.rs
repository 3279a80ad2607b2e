//! One position's answer, as the diagnosis takes it in ([`Said`]: a result, a fault, or not
//! asked) and as it keeps it for the page ([`Answered`]). Uses only the games' results.

use crate::problems::chase::GameResult;

/// What the program said about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Result(GameResult),
    /// Not an answer, a crash or a limit: in words.
    Fault(String),
    /// Not asked: the diagnosis's time ran out first.
    Unasked,
}

/// One position asked about, as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The mouse's place and the cat's (913: nodes; 1728: open cells in reading order).
    pub places: (usize, usize),
    pub truth: GameResult,
    pub said: Option<GameResult>,
}
