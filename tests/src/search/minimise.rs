//! The minimiser: a failing instance made as small as the shrinking budget (the program's CPU
//! time, `--shrink-seconds`) allows and shown so, before anything is reported; a time-out is
//! left as it was found. It shrinks the instance with the one engine the
//! cross-checks use ([`shared::shrink::shrink`]), runs every smaller instance where the
//! problem can list them, and runs the smallest once more alone (a failure that does not
//! repeat earns no claim of size); for a sequence of test cases that fails only in one
//! process, it leaves out what it can. It returns what it found and what that shows; the
//! outcome layer gathers it, and runs nothing. Uses the session's runs and the problems.

use super::caught::Caught;
use super::error::CheckError;
use super::session::{Failure, Judged, Printout, RunResult, Session};
use crate::problems::instances::{InstanceSet, Smaller};
use crate::problems::{Problem, Size};
use shared::shrink::Shrunk;
use std::cell::Cell;
use std::time::Instant;

/// What a report may claim of a counterexample's size, no more than was shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Minimality {
    /// A time-out, not shrunk but shown where it happened: it happened again alone, or it
    /// `waited` (it used almost no CPU), which no busy machine causes, and was not run again.
    NotShrunk { waited: bool },
    /// Shrunk, a local search, and what running every smaller instance showed, if that was
    /// done (and the failure happened again alone).
    Shrunk {
        local: LocalMinimum,
        proof: Option<Proof>,
    },
    /// A sequence of test cases shrunk until no single one can be left out (`finished`), or
    /// until `--shrink-seconds` ran out.
    Sequence { finished: bool },
}

/// Where shrinking, a local search, stopped.
#[derive(Debug, Clone, PartialEq)]
pub enum LocalMinimum {
    /// No single shrinking step keeps the failure.
    NoStepKeeps,
    /// `--shrink-seconds` of the program's CPU time ran out first.
    BudgetSpent { shrink_seconds: f64 },
}

/// What running every smaller instance (the `set`, smallest first) showed.
#[derive(Debug, Clone, PartialEq)]
pub enum Proof {
    /// The caught instance was the first to fail of such a list, run in order: the smallest
    /// there is.
    FirstInOrder,
    /// One of them failed first, and replaced the shrunk instance; the smallest there is when
    /// every instance outside the list is larger (`smallest`).
    FirstOf { set: InstanceSet, smallest: bool },
    /// None failed; the shrunk instance is the smallest there is when the list is every
    /// instance smaller than it (`smallest`).
    NoneFails { set: InstanceSet, smallest: bool },
    /// None of the first `ran` failed; then `--shrink-seconds` ran out.
    NoneOfFirst {
        ran: usize,
        set: InstanceSet,
        shrink_seconds: f64,
    },
}

/// A failing instance, minimised.
pub struct Minimised<C> {
    pub smallest: C,
    pub failure: Failure,
    /// Whether it failed again when run alone once more.
    pub reproduced: bool,
    /// What the report may claim of its size, no more than was shown.
    pub how: Minimality,
    /// The instance's size and judge text before shrinking, and its size by the problem's
    /// measure.
    pub from: (Size, String),
    pub from_measure: [usize; 3],
    /// The runs it took, the test cases they were judged on, and when it began.
    pub runs: usize,
    pub cases: usize,
    pub began: Instant,
    /// What the last lone run printed besides its answers.
    pub printed: Printout,
}

/// A sequence of test cases that fails only in one process, made as short as it goes.
pub struct MinimisedSequence<C> {
    pub kept: Vec<C>,
    /// How many it began with, and whether no single one can be left out.
    pub from: usize,
    pub finished: bool,
    /// The last run of `kept`: how it was judged, its answers, what it printed.
    pub judged: Judged,
    pub answers: Vec<String>,
    pub printed: Printout,
    /// The test case it failed at, and whether that one fails alone too.
    pub failing: usize,
    pub alone: bool,
    pub runs: usize,
    pub began: Instant,
}

impl<P: Problem> Session<'_, P> {
    /// `case`, which failed so (`failure`) where the search `caught` it, minimised: shrunk,
    /// every smaller instance run where the problem lists them, and run once more alone. A
    /// time-out is not shrunk: it was run again alone when found (a wait was not: it is the
    /// program's at once), and a smaller instance that is also too slow would hide where the
    /// program was slowest.
    pub fn minimise(
        &mut self,
        caught: &Caught,
        case: P::Case,
        failure: Failure,
    ) -> Result<Minimised<P::Case>, CheckError> {
        let began = Instant::now();
        let (runs_before, cases_before) = (self.runs, self.cases_judged.get());
        let from = (P::size(&case), P::judge_text(&case));
        let from_measure = P::measure(&case);
        if let Some(ended) = failure.too_slow() {
            // A wait is blamed as it is found (`Session::failure_in`); any other time-out
            // only once it happened again alone.
            let how = Minimality::NotShrunk {
                waited: ended.waited(),
            };
            return Ok(Minimised {
                smallest: case,
                failure,
                reproduced: true,
                how,
                from,
                from_measure,
                runs: 0,
                cases: 0,
                began,
                printed: Printout::default(),
            });
        }
        // Shrinking and the run of every smaller instance after it share the shrinking
        // budget, of the program's CPU time.
        self.budget = Some(self.spent + self.shrink_time);
        let Shrunk {
            instance: mut smallest,
            mut failure,
            local_minimum,
            ..
        } = self.shrink(case, failure)?;
        // The first to fail of every instance up to a size, run smallest first, is the
        // smallest there is, unless shrinking (which only a failure that depends on the runs
        // before it lets past) made it smaller still.
        let proof = if caught.first_in_order && P::judge_text(&smallest) == from.1 {
            Some(Proof::FirstInOrder)
        } else {
            all_smaller_shown(self, (&mut smallest, &mut failure))?
        };
        self.budget = None;
        let (reproduced, printed) = once_more_alone(self, &smallest, &mut failure)?;
        // Smaller instances that passed once prove little of a failure that does not repeat.
        let proof = proof.filter(|_| reproduced);
        Ok(Minimised {
            smallest,
            failure,
            reproduced,
            how: Minimality::Shrunk {
                local: match local_minimum {
                    true => LocalMinimum::NoStepKeeps,
                    false => LocalMinimum::BudgetSpent {
                        shrink_seconds: self.shrink_time.as_secs_f64(),
                    },
                },
                proof,
            },
            from,
            from_measure,
            runs: self.runs - runs_before,
            cases: self.cases_judged.get() - cases_before,
            began,
            printed,
        })
    }

    /// `cases`, which fail in one run though the last passes alone, shortened to the fewest
    /// that still fail in one run, then run once more for their answers and prints, and the
    /// failing one alone.
    pub fn minimise_sequence(
        &mut self,
        cases: &[P::Case],
    ) -> Result<MinimisedSequence<P::Case>, CheckError> {
        let began = Instant::now();
        let runs_before = self.runs;
        let (kept, finished) = self.shortest_sequence(cases)?;
        let (judged, record) = self.judged_run(&kept, None)?;
        let answers: Vec<String> = P::answers(&record.answers)
            .into_iter()
            .map(|answer| answer.map_or_else(|text| text, |answer| answer.to_string()))
            .collect();
        let printed = record.printed;
        let failing = match &judged {
            Judged::Wrong(index, _) | Judged::Broken(index, _) | Judged::Missing(index, _) => {
                *index
            }
            _ => kept.len() - 1,
        };
        let alone = self.run_fails(&kept[failing..=failing])?;
        Ok(MinimisedSequence {
            kept,
            from: cases.len(),
            finished,
            judged,
            answers,
            printed,
            failing,
            alone,
            runs: self.runs - runs_before,
            began,
        })
    }

    /// Runs every instance of `smaller` in order, within the budget: where every smaller
    /// instance can be run, the smallest that fails is found, not guessed. The first to fail
    /// replaces `smallest` and its `failure`. What was shown, if anything.
    pub(in crate::search) fn run_all_smaller(
        &mut self,
        smaller: Smaller<P::Case>,
        (smallest, failure): (&mut P::Case, &mut Failure),
    ) -> Result<Option<Proof>, CheckError> {
        let Smaller {
            all,
            what,
            complete,
            all_below,
        } = smaller;
        let set = what;
        Ok(Some(match self.first_failing_alone(&all, None)? {
            RunResult::Fails(found) => {
                *smallest = all[found.index].clone();
                *failure = found.failure;
                Proof::FirstOf {
                    set,
                    smallest: complete,
                }
            }
            RunResult::Stopped(0) => return Ok(None),
            // A prefix passed: only what ran is claimed.
            RunResult::Stopped(ran) => Proof::NoneOfFirst {
                ran,
                set,
                shrink_seconds: self.shrink_time.as_secs_f64(),
            },
            _ => Proof::NoneFails {
                set,
                smallest: all_below,
            },
        }))
    }

    /// Shrinks `case` while it still fails, within the budget, with the one engine
    /// ([`shared::shrink::shrink`]): each round keeps the smallest candidate that fails, the
    /// kind of step that worked last tried first. A candidate that only times out is passed
    /// over: a wrong answer is not shrunk into a time-out.
    pub(in crate::search) fn shrink(
        &mut self,
        case: P::Case,
        failure: Failure,
    ) -> Result<Shrunk<P::Case, Failure>, CheckError> {
        let measure = P::measure;
        let shrunk_from = Cell::new([0; 3]);
        let last_kind = Cell::new(None);
        let spent = Cell::new(false);
        self.one_at_a_time = true;
        let shrunk = shared::shrink::shrink(
            case,
            failure,
            |case| {
                shrunk_from.set(measure(case));
                let mut smaller = P::shrink(case);
                in_shrinking_order::<P>(&mut smaller, case, last_kind.get());
                smaller
            },
            |candidates| {
                // A round's runs stop with the budget too: a slow program's round of large
                // candidates may take seconds.
                let mut offset = 0;
                let found = loop {
                    let rest = &candidates[offset..];
                    match self.first_failing_alone(rest, None)?.after(offset) {
                        RunResult::Fails(found) if found.failure.too_slow().is_some() => {
                            offset = found.index + 1;
                        }
                        RunResult::Fails(found) => break Some((found.index, found.failure)),
                        _ => break None,
                    }
                };
                spent.set(self.over_budget());
                if let Some((index, _)) = &found {
                    let size = measure(&candidates[*index]);
                    last_kind.set(step_kind(&size, &shrunk_from.get()));
                }
                Ok::<_, CheckError>(found)
            },
            || spent.get(),
        );
        self.one_at_a_time = false;
        shrunk
    }

    /// Whether one run of `cases` fails anywhere.
    pub(in crate::search) fn run_fails(&mut self, cases: &[P::Case]) -> Result<bool, CheckError> {
        Ok(!matches!(self.judged_run(cases, None)?.0, Judged::Right))
    }

    /// The fewest of `cases`, in order, that still fail in one run (no single one can be left
    /// out), within the shrinking budget: chunks are left out, halving their size when none
    /// can go. Returns them, and whether it got to the end.
    pub(in crate::search) fn shortest_sequence(
        &mut self,
        cases: &[P::Case],
    ) -> Result<(Vec<P::Case>, bool), CheckError> {
        let budget = self.spent + self.shrink_time;
        let mut kept = cases.to_vec();
        let mut chunk = kept.len().div_ceil(2);
        while chunk >= 1 && kept.len() > 1 {
            let mut start = 0;
            let mut removed = false;
            while start < kept.len() {
                if self.spent >= budget {
                    return Ok((kept, false));
                }
                let end = (start + chunk).min(kept.len());
                let mut candidate = kept[..start].to_vec();
                candidate.extend_from_slice(&kept[end..]);
                if !candidate.is_empty() && self.run_fails(&candidate)? {
                    kept = candidate;
                    removed = true;
                } else {
                    start = end;
                }
            }
            if !removed {
                chunk /= 2;
            }
        }
        Ok((kept, true))
    }
}

/// What running every instance smaller than `smallest` showed, where the problem can list
/// them (within the budget); the first to fail replaces it and its `failure`.
fn all_smaller_shown<P: Problem>(
    session: &mut Session<P>,
    (smallest, failure): (&mut P::Case, &mut Failure),
) -> Result<Option<Proof>, CheckError> {
    match P::all_smaller(smallest) {
        Some(smaller) => session.run_all_smaller(smaller, (smallest, failure)),
        None => Ok(None),
    }
}

/// The smallest instance once more, alone, for the report: its failure this time (`failure`,
/// when it fails again). Whether it did, and what that run printed besides its answers.
fn once_more_alone<P: Problem>(
    session: &mut Session<P>,
    smallest: &P::Case,
    failure: &mut Failure,
) -> Result<(bool, Printout), CheckError> {
    match session.failure_in(std::slice::from_ref(smallest), None)? {
        RunResult::Fails(found) => {
            *failure = found.failure;
            Ok((true, found.printed))
        }
        _ => Ok((false, Printout::default())),
    }
}

/// Shrinking's `candidates` for `case` in the order they run: first those that cut most of it
/// ([`Problem::cuts_most`]: half a long game's rounds, most of its board), smallest first, so
/// that a large noi2011 game, one slow run a candidate, loses most of its size in its first
/// runs. Then the kind of step that worked last (`last_kind`, see [`step_kind`]) goes first,
/// so that a slow program does not run again, every round, the bigger steps that all passed
/// before; each smallest first. A round in which nothing fails still runs every candidate, so
/// shrinking still ends only where no single step keeps the failure.
pub(in crate::search) fn in_shrinking_order<P: Problem>(
    candidates: &mut [P::Case],
    case: &P::Case,
    last_kind: Option<usize>,
) {
    let own = P::measure(case);
    candidates.sort_by_cached_key(|candidate| {
        let size = P::measure(candidate);
        let cuts_most = P::cuts_most(candidate, case);
        (
            !cuts_most,
            !cuts_most && step_kind(&size, &own) != last_kind,
            size,
        )
    });
}

/// A shrinking step's kind: the first part of the measure that `smaller` has less of than
/// `of` (for lc913, a node dropped, or only an edge).
fn step_kind(smaller: &[usize; 3], of: &[usize; 3]) -> Option<usize> {
    (0..3).find(|&at| smaller[at] < of[at])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::noi2011::Noi2011;
    use shared::noi2011::Record;
    use shared::rng::Rng;

    /// A long game's shrinking starts with the steps that cut most (half the rounds, the
    /// board cropped), even in a round after a single recolouring worked, whose kind would
    /// otherwise put hundreds of single recolourings first, a slow run each.
    #[test]
    fn a_long_game_s_shrinking_starts_with_the_steps_that_cut_most() {
        let record = shared::noi2011::snake_record(&mut Rng::new(7), 40, 40, 300);
        let recolouring = Some(2);
        let mut candidates = Noi2011::shrink(&record);
        in_shrinking_order::<Noi2011>(&mut candidates, &record, recolouring);
        let cuts_most = |candidate: &Record| Noi2011::cuts_most(candidate, &record);
        let first = candidates.iter().take_while(|&c| cuts_most(c)).count();
        assert!(first >= 2, "{first} big steps");
        assert!(!candidates[first..].iter().any(cuts_most));
        let rounds = |candidate: &Record| candidate.moves.len() / 2;
        assert!(rounds(&candidates[0]) <= rounds(&record) / 2 + 1);
        // Then the kind that worked last, as before.
        let own = Noi2011::measure(&record);
        let next = Noi2011::measure(&candidates[first]);
        assert_eq!(step_kind(&next, &own), recolouring);
    }
}
