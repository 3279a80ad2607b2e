//! The diagnosis of a recorded game (noi2011), round by round: where the program's answer and
//! the truth part, and what it says of each such round as the first of the game cut there.
//! Uses the rounds' data and a position's [`NoResult`].

use super::answers::NoResult;
use crate::problems::chase::{AnswerNote, CutSays, PartedRound};

/// The diagnosis of a recorded game: where the program's answer and the truth part.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundsDiagnosis {
    pub rounds: usize,
    /// What is wrong with the answer besides its rounds ([`Rounds::notes`]).
    ///
    /// [`Rounds::notes`]: crate::problems::chase::Rounds::notes
    pub notes: Vec<AnswerNote>,
    /// The first rounds where they part, each with what the program says of the game cut
    /// there, if it was asked; how many parted in all.
    pub parted: Vec<(PartedRound, Option<CutSays<NoResult>>)>,
    pub parted_in_all: usize,
    pub seconds: f64,
}
