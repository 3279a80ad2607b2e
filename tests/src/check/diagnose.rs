//! The diagnosis's runs: once a counterexample is fixed, the program is asked about every
//! position of it ([`Problem::chase`]), in one batch where it can, and its answers go to the
//! pure analysis in [`super::diagnosis`].
//!
//! # Complexity
//! p positions: one process, or one more after each fault (a crash, a hang) up to
//! [`FAULT_RUNS`]; each process bounded by `--diagnose-seconds` of CPU time.

use super::diagnosis::{asking_order, diagnose, Diagnosis, Said};
use super::minimise::Minimised;
use super::outcome::CheckError;
use super::sandbox::Ending;
use super::search::{Failure, Session};
use super::thousands;
use crate::problems::Problem;
use std::time::Instant;

/// The most processes a diagnosis starts: a program that crashes on many positions is not
/// asked one position a process.
const FAULT_RUNS: usize = 4;

impl<P: Problem> Session<'_, P> {
    /// The diagnosis of `minimised`'s instance: for a chase game whose counterexample the
    /// program answered wrongly (again, when run alone), the program asked about every
    /// position of it. `None` for a fault, a flaky failure or a problem that is no chase.
    pub(super) fn diagnosis(
        &mut self,
        minimised: &Minimised<P::Case>,
    ) -> Result<Option<Diagnosis>, CheckError> {
        if !minimised.reproduced || !matches!(minimised.failure, Failure::Wrong(_)) {
            return Ok(None);
        }
        let Some(chase) = P::chase(&minimised.smallest) else {
            return Ok(None);
        };
        let began = Instant::now();
        let order = asking_order(&chase);
        let cases: Vec<P::Case> = order
            .iter()
            .map(|&at| chase.positions[at].case.clone())
            .collect();
        let (replies, cut) = self.ask_each(&cases)?;
        let mut said = vec![Said::Unasked; chase.positions.len()];
        for (&at, reply) in order.iter().zip(replies) {
            said[at] = reply;
        }
        let mut diagnosis = diagnose(&chase, &said, cut);
        diagnosis.seconds = began.elapsed().as_secs_f64();
        Ok(Some(diagnosis))
    }

    /// What the program says of each of `cases`, in order: a process on all of them, and after
    /// a fault a new one on the rest; what stopped it short, in words, if anything did.
    fn ask_each(&mut self, cases: &[P::Case]) -> Result<(Vec<Said>, Option<String>), CheckError> {
        let mut said: Vec<Said> = Vec::with_capacity(cases.len());
        let mut faults = Vec::new();
        let mut ran_out = false;
        for _ in 0..FAULT_RUNS {
            let rest = &cases[said.len()..];
            if rest.is_empty() {
                break;
            }
            let (input, mut limits) = self.prepared(rest, None);
            limits.total = self.diagnose_time;
            let run = self.program.run(&self.scratch, &input, &limits)?;
            if let Some(error) = self.program.could_not_start(&run) {
                return Err(error.into());
            }
            let answers = P::answers(&run.answers);
            said.extend(answers.into_iter().take(rest.len()).map(|answer| {
                match answer {
                    Ok(answer) => P::result_of(&answer)
                        .map_or_else(|| Said::Fault(format!("answered {answer}")), Said::Result),
                    Err(text) => Said::Fault(format!("printed {}", crate::values::brief(&text))),
                }
            }));
            if said.len() == cases.len() {
                break;
            }
            if let Ending::TooLong { .. } | Ending::OutOfTime = run.ending {
                ran_out = true;
                break;
            }
            // A crash, a hang or a limit at the first position without an answer.
            let why = run.ended_badly().map_or_else(
                || "exited without an answer".to_string(),
                |ended| {
                    ended
                        .to_string()
                        .lines()
                        .next()
                        .unwrap_or_default()
                        .to_string()
                },
            );
            faults.push(why.clone());
            said.push(Said::Fault(why));
        }
        let cut = cut_words(said.len(), cases.len(), ran_out, &faults, self);
        Ok((said, cut))
    }
}

/// What kept `asked` of `all` positions from all being answered, in words: the diagnosis's
/// CPU time, faults.
fn cut_words<P: Problem>(
    asked: usize,
    all: usize,
    ran_out: bool,
    faults: &[String],
    session: &Session<P>,
) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(first) = faults.first() {
        parts.push(format!(
            "{} position(s) got no answer, the first: {first}",
            faults.len()
        ));
    }
    if asked < all {
        let why = if ran_out {
            format!(
                "--diagnose-seconds {} of CPU time ran out",
                session.diagnose_time.as_secs_f64()
            )
        } else {
            "too many runs ended without an answer".to_string()
        };
        parts.push(format!(
            "{why}: {} of the {} were asked, one of each truth and length in turn, the longest wins first; what follows \
             covers only those",
            thousands(asked as u64),
            thousands(all as u64)
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}
