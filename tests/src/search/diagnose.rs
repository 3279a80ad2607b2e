//! The diagnosis's runs: once a counterexample is fixed, the program is asked about every
//! position of it ([`Problem::chase`]), in one batch where it can, and its answers go to the
//! pure analysis in [`super::diagnosis`].
//!
//! # Complexity
//! p positions: one process, or one more after each fault (a crash, a hang) up to
//! [`FAULT_RUNS`]; each process bounded by `--diagnose-seconds` of CPU time.
//!
//! Uses `problems::Problem`, `problems::chase`, `sandbox::Ending`; beside it, `diagnosis`, `error`,
//! `minimise`, `session`.

use super::diagnosis::{asking_order, diagnose, Cut, Diagnosis, NoResult, RoundsDiagnosis};
use super::diagnosis::{Said, Stopped};
use super::error::CheckError;
use super::minimise::Minimised;
use super::session::{Failure, Session};
use crate::problems::chase::{CutSays, Rounds, ROUNDS_SHOWN};
use crate::problems::Problem;
use crate::sandbox::Ending;
use std::time::Instant;

/// The most processes a diagnosis starts: a program that crashes on many positions is not
/// asked one position a process.
const FAULT_RUNS: usize = 4;

impl<P: Problem> Session<'_, P> {
    /// The diagnosis of `minimised`'s instance: for a chase game whose counterexample the
    /// program answered wrongly (again, when run alone), the program asked about every
    /// position of it. `None` for a fault, a flaky failure or a problem that is no chase.
    pub fn diagnosis(
        &mut self,
        minimised: &Minimised<P::Case>,
    ) -> Result<Option<Diagnosis>, CheckError> {
        let Failure::Wrong(answer) = &minimised.failure else {
            return Ok(None);
        };
        if !minimised.reproduced {
            return Ok(None);
        }
        if let Some(rounds) = self.rounds_diagnosis(&minimised.smallest, answer)? {
            return Ok(Some(Diagnosis::of_rounds(rounds)));
        }
        let chase = match P::chase(&minimised.smallest) {
            None => return Ok(None),
            Some(Err(why)) => return Ok(Some(Diagnosis::skipped(why))),
            Some(Ok(chase)) => chase,
        };
        let began = Instant::now();
        let order = asking_order(&chase);
        let cases: Vec<P::Case> = order
            .iter()
            .map(|&at| chase.positions[at].case.clone())
            .collect();
        let read = |answer: Result<P::Answer, String>| match answer {
            Ok(answer) => P::result_of(&answer).map_or_else(
                || Said::NoResult(NoResult::Answered(answer.to_string())),
                Said::Result,
            ),
            Err(text) => Said::NoResult(NoResult::Printed(text)),
        };
        let (replies, stopped) = self.ask_each(&cases, read, Said::NoResult)?;
        let cut = cut_of(&replies, cases.len(), stopped);
        let mut said = vec![Said::Unasked; chase.positions.len()];
        for (&at, reply) in order.iter().zip(replies) {
            said[at] = reply;
        }
        let alone = P::answers(answer)
            .into_iter()
            .next()
            .and_then(|answer| answer.ok())
            .and_then(|answer| P::result_of(&answer));
        let among_others = match chase.itself.and_then(|at| said.get(at)) {
            Some(Said::Result(result)) => Some(*result),
            _ => None,
        };
        let mut diagnosis = diagnose(&chase, &said, cut).checked_against(among_others, alone);
        diagnosis.seconds = began.elapsed().as_secs_f64();
        Ok(Some(diagnosis))
    }

    /// For a recorded game answered wrongly (`answer`, as printed), the rounds where the
    /// program and the truth part, and for the first few the program's answer on the game cut
    /// there: whether the error is in the round itself or carried from before. `None` where
    /// the problem has no rounds or the answer does not read.
    fn rounds_diagnosis(
        &mut self,
        case: &P::Case,
        answer: &str,
    ) -> Result<Option<RoundsDiagnosis>, CheckError> {
        let Some(Ok(answer)) = P::answers(answer).into_iter().next() else {
            return Ok(None);
        };
        let Some(Rounds {
            rounds,
            mut parted,
            cuts,
            notes,
        }) = P::rounds(case, &answer)
        else {
            return Ok(None);
        };
        let began = Instant::now();
        let read = |answer: Result<P::Answer, String>| match answer {
            Ok(answer) => P::first_round_flagged(&answer).map_or_else(
                || CutSays::Fault(NoResult::Answered(answer.to_string())),
                CutSays::Judges,
            ),
            Err(text) => CutSays::Fault(NoResult::Printed(text)),
        };
        let mut says_of_cuts = vec![None; parted.len()];
        // One game a run: each cut game is a process of its own.
        for (index, cut) in cuts {
            let (says, stopped) =
                self.ask_each(std::slice::from_ref(&cut), read, CutSays::Fault)?;
            let says = says.into_iter().next().unwrap_or_else(|| {
                CutSays::Fault(stopped.map_or(NoResult::NoAnswer, NoResult::Stopped))
            });
            if let Some(slot) = says_of_cuts.get_mut(index) {
                *slot = Some(says);
            }
        }
        let parted_in_all = parted.len();
        parted.truncate(ROUNDS_SHOWN);
        Ok(Some(RoundsDiagnosis {
            rounds,
            notes,
            parted: parted.into_iter().zip(says_of_cuts).collect(),
            parted_in_all,
            seconds: began.elapsed().as_secs_f64(),
        }))
    }

    /// What the program says of each of `cases`, in order, each answer `read` (and a position
    /// without one made by `fault`): a process on all of them, and after a fault a new one on
    /// the rest, each with `--diagnose-seconds` of CPU time; what stopped it before the last, if
    /// anything did.
    fn ask_each<T>(
        &mut self,
        cases: &[P::Case],
        read: impl Fn(Result<P::Answer, String>) -> T,
        fault: impl Fn(NoResult) -> T,
    ) -> Result<(Vec<T>, Option<Stopped>), CheckError> {
        let mut said: Vec<T> = Vec::with_capacity(cases.len());
        let mut ran_out = false;
        for _ in 0..FAULT_RUNS {
            let rest = &cases[said.len()..];
            if rest.is_empty() {
                break;
            }
            let mut limits = self.limits(rest, None);
            limits.total = self.diagnose_time;
            let run = self.program.run(rest, &limits)?;
            let out_of_time = matches!(run.ending, Ending::TooLong { .. } | Ending::OutOfTime);
            let ended = run.ended_badly();
            let record = self.keep(rest, run);
            let answers = P::answers(&record.answers);
            said.extend(answers.into_iter().take(rest.len()).map(&read));
            if said.len() == cases.len() {
                break;
            }
            if out_of_time {
                ran_out = true;
                break;
            }
            // A crash, a hang or a limit at the first position without an answer.
            said.push(fault(ended.map_or(NoResult::NoAnswer, NoResult::Ended)));
        }
        let stopped = match ran_out {
            true => Stopped::OutOfTime {
                seconds: self.diagnose_time.as_secs_f64(),
            },
            false => Stopped::Runs(FAULT_RUNS),
        };
        let stopped = (said.len() < cases.len()).then_some(stopped);
        Ok((said, stopped))
    }
}

/// What kept positions from a result, if anything did: `stopped` (the CPU time ran out, or
/// too many runs failed) after `replies` of `asked`, and the replies that are no result (a
/// crash, a hang, an answer that is not one).
fn cut_of(replies: &[Said], asked: usize, stopped: Option<Stopped>) -> Option<Cut> {
    let mut no_results = replies.iter().filter_map(|reply| match reply {
        Said::NoResult(why) => Some(why),
        _ => None,
    });
    let first = no_results.next().cloned();
    let without_result = first.iter().count() + no_results.count();
    (first.is_some() || stopped.is_some()).then_some(Cut {
        without_result,
        first,
        stopped,
        replied: replies.len(),
        asked,
    })
}
