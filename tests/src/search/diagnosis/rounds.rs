//! The diagnosis of a recorded game (noi2011), round by round: where the program's answer and
//! the truth part, and its lines in the report. Uses the rounds' data and the text helpers.

use crate::problems::chase::PartedRound;
use crate::text::thousands;

/// The diagnosis of a recorded game: where the program's answer and the truth part.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundsDiagnosis {
    pub rounds: usize,
    /// What is wrong with the answer besides its rounds ([`Rounds::notes`]).
    ///
    /// [`Rounds::notes`]: crate::problems::chase::Rounds::notes
    pub notes: Vec<String>,
    /// Every round where they part, how many in all, and those shown with their cut games.
    pub parted: Vec<PartedRound>,
    pub parted_in_all: usize,
    pub seconds: f64,
}

impl RoundsDiagnosis {
    /// The report's lines.
    pub fn lines(&self) -> Vec<String> {
        let rounds = match self.rounds {
            1 => "the game's one round".to_string(),
            count => format!("each of the {} rounds", thousands(count as u64)),
        };
        let mut lines = vec![format!(
            "diagnosis: your answer judges {rounds}; it parts from the truth in {} of them{}",
            thousands(self.parted_in_all as u64),
            if self.parted_in_all == 0 { "" } else { ":" }
        )];
        lines.extend(self.notes.iter().map(|note| format!("  {note}")));
        for round in &self.parted {
            lines.push(round.line());
            if let Some(cut) = &round.cut {
                lines.push(format!("    {cut}"));
            }
        }
        if self.parted_in_all > self.parted.len() {
            lines.push(format!(
                "  ... and {} more rounds where it parts from the truth",
                thousands((self.parted_in_all - self.parted.len()) as u64)
            ));
        }
        lines
    }
}
