//! A check's run of its plan ([`super::plan`]): every planned instance in order, in processes
//! of a fixed number of test cases (8, 32, 128, then 512 a process), as many at once as
//! `--jobs` allows; the first failure in plan order located, shrunk, diagnosed and handed back
//! as a value ([`Conclusion`]), with the session it ran in ([`Finding`]). Nothing here reads
//! the clock but `--seconds`, the user's backstop: a plan it cuts short is not finished, never
//! a pass. Uses the session's runs, the minimiser, the diagnosis and the problems.

use super::caught::{Caught, Origin};
use super::diagnosis::Diagnosis;
use super::error::{CheckError, Internal};
use super::judge_rerun::JudgeWould;
use super::minimise::{Minimised, MinimisedSequence};
use super::options::Options;
use super::plan::{Cases, InstanceName, Plan, PlanRan};
use super::runner::{Runner, Sandboxed};
use super::session::{FailedAt, RunResult, Session};
use crate::build::program;
use crate::problems::{Problem, Solver};
use std::time::{Duration, Instant};

/// The search's bounds: when it started, and when `--seconds`, if given, ends it.
pub struct Search<'s> {
    pub options: &'s Options,
    pub started: Instant,
    pub deadline: Option<Instant>,
}

impl Search<'_> {
    /// The plan run: the first failure in plan order, shrunk and diagnosed; or what passed,
    /// the whole plan or, where `--seconds` stopped it, its start. `cases` are the plan's,
    /// kept across runs of it: those made once are not made again.
    fn run_plan<P: Problem>(
        &self,
        session: &mut Session<P>,
        plan: &Plan<P::Case>,
        cases: &mut Cases<P::Case>,
    ) -> Result<Conclusion<P::Case>, CheckError> {
        session.progress = self
            .options
            .progress
            .clone()
            .map(|tell| (cases.len(), tell));
        let verdict = session.first_failure_in_chunks(cases, self.deadline);
        session.end_progress();
        let ran = |count: usize| plan.ran::<P>(cases.made(), count as u64);
        let failed_at = match verdict? {
            RunResult::Passes => {
                session.printed_alone()?;
                return Ok(Conclusion::Passed(ran(cases.len())));
            }
            RunResult::Stopped(answered) => return Ok(Conclusion::NotFinished(ran(answered))),
            RunResult::Fails(found) => PlanFailed::Alone(found),
            RunResult::OnlyAfter { from, last } => PlanFailed::After { from, last },
        };
        Ok(Conclusion::Failed(self.failing(
            session,
            failed_at,
            cases.made(),
            plan,
        )?))
    }

    /// The failure the plan's run found among `cases`, shrunk and diagnosed. Where it lies
    /// in a complete family of every instance up to a size, run smallest first, it is the
    /// smallest there is. Elsewhere, what of that family has not run (all of it, for a failure
    /// before it; what it holds back) runs first, and the first of those to fail is reported
    /// in its place ([`Self::smaller_failing`]).
    fn failing<P: Problem>(
        &self,
        session: &mut Session<P>,
        failed: PlanFailed,
        cases: &[P::Case],
        plan: &Plan<P::Case>,
    ) -> Result<Failing<P::Case>, CheckError> {
        let failed_at = match &failed {
            PlanFailed::Alone(found) => found.index,
            PlanFailed::After { last, .. } => *last,
        };
        // Every index here came from running the plan, so it is in it.
        let name = |index: usize| {
            plan.at(index)
                .map(|(_, name)| name)
                .ok_or(CheckError::Internal(Internal::PastPlanEnd))
        };
        let in_order = plan.in_order(failed_at);
        let instances = failed_at as u64 + 1;
        let after = self.started.elapsed();
        // A failure that needs earlier test cases in its process is reported as that
        // sequence, shortened: no smaller instance stands in for it, so none is run first (a
        // program that fails every second call would fail only in sequences there too). Nor
        // for a time-out, which is shown where it happened: one that waits would wait again
        // on the first small instance, for nothing.
        let smaller_passed = match &failed {
            PlanFailed::Alone(found) if found.failure.too_slow().is_none() => {
                let first = (instances, name(failed_at)?);
                let smaller = plan.smaller_first(failed_at);
                match self.smaller_failing(session, smaller, first)? {
                    Ok(failing) => return Ok(failing),
                    Err(passed) => passed,
                }
            }
            PlanFailed::Alone(_) | PlanFailed::After { .. } => None,
        };
        Ok(match failed {
            PlanFailed::Alone(found) => {
                let mut caught = self.caught(Origin::Instance(name(found.index)?), instances);
                (caught.after, caught.smaller_passed) = (after, smaller_passed);
                caught.first_in_order = in_order;
                let case = cases[found.index].clone();
                let minimised = session.minimise(&caught, case, found.failure)?;
                let diagnosis = session.diagnosis(&minimised)?;
                let judge_would = session.judge_rerun(&minimised, &self.options.build)?;
                Failing::Instance(Box::new(FailingInstance {
                    caught,
                    minimised,
                    diagnosis,
                    judge_would,
                }))
            }
            PlanFailed::After { from, last } => {
                // The process that failed began at `from`: nothing before it ran with it.
                let span = Origin::Span {
                    from: name(from)?,
                    last: name(last)?,
                };
                let mut caught = self.caught(span, instances);
                (caught.after, caught.smaller_passed) = (after, smaller_passed);
                let minimised = session.minimise_sequence(&cases[from..=last])?;
                Failing::Sequence(Box::new(FailingSequence { caught, minimised }))
            }
        })
    }

    /// The small instances that have not run ([`Plan::smaller_first`]: `rest`, and whether
    /// the first of them to fail is the smallest there is), run once another instance has
    /// failed (the `instances`-th of the plan), before that one is shrunk: the first of them
    /// to fail is reported in its place, so that the report is the smallest failing instance
    /// the family holds. When none fails alone: how many ran and how long they took, if any
    /// ran.
    fn smaller_failing<P: Problem>(
        &self,
        session: &mut Session<P>,
        (rest, in_order): (Vec<(InstanceName, P::Case)>, bool),
        first_failure: (u64, InstanceName),
    ) -> Result<RestFailed<P::Case>, CheckError> {
        let instances = first_failure.0;
        if rest.is_empty() {
            return Ok(Err(None));
        }
        let started = Instant::now();
        let cases: Vec<P::Case> = rest.iter().map(|(_, case)| case.clone()).collect();
        let RunResult::Fails(found) = session.first_failing_alone(&cases, None)? else {
            return Ok(Err(Some((rest.len(), started.elapsed()))));
        };
        let origin = Origin::Instance(rest[found.index].0.clone());
        let mut caught = self.caught(origin, instances + found.index as u64 + 1);
        caught.first_in_order = in_order;
        caught.first_failure = Some(first_failure);
        let case = cases[found.index].clone();
        let minimised = session.minimise(&caught, case, found.failure)?;
        let diagnosis = session.diagnosis(&minimised)?;
        let judge_would = session.judge_rerun(&minimised, &self.options.build)?;
        Ok(Ok(Failing::Instance(Box::new(FailingInstance {
            caught,
            minimised,
            diagnosis,
            judge_would,
        }))))
    }

    /// Where and when a failure was caught.
    pub fn caught(&self, origin: Origin, instances: u64) -> Caught {
        Caught {
            origin,
            instances,
            after: self.started.elapsed(),
            first_in_order: false,
            smaller_passed: None,
            first_failure: None,
        }
    }
}

/// How the plan's run failed: an instance that fails alone, or one process's run of the
/// instances `from` to `last`, where `last` passes alone.
enum PlanFailed {
    Alone(FailedAt),
    After { from: usize, last: usize },
}

/// A failure the search found and shrunk, with what was learnt of it, for the outcome layer
/// to gather into the report.
pub enum Failing<C> {
    Instance(Box<FailingInstance<C>>),
    Sequence(Box<FailingSequence<C>>),
}

/// One instance fails: shrunk, perhaps diagnosed, perhaps run on the judge's own build.
pub struct FailingInstance<C> {
    pub caught: Caught,
    pub minimised: Minimised<C>,
    pub diagnosis: Option<Diagnosis>,
    pub judge_would: Option<JudgeWould>,
}

/// A sequence of test cases fails only in one process: shortened.
pub struct FailingSequence<C> {
    pub caught: Caught,
    pub minimised: MinimisedSequence<C>,
}

/// The rest of the small family run after a larger failure: the first of it to fail, or,
/// when none did, how many ran and how long they took, if any ran.
type RestFailed<C> = Result<Failing<C>, Option<(usize, Duration)>>;

/// How a whole search ended.
pub enum Conclusion<C> {
    Failed(Failing<C>),
    /// The whole plan ran, and passed.
    Passed(PlanRan),
    /// `--seconds` ended the search before the plan's end; what ran passed.
    NotFinished(PlanRan),
}

/// A search's end, with the session and the bounds it ran in: what the outcome is made of.
pub struct Finding<'p, 's, P: Problem> {
    pub session: Session<'p, P>,
    pub search: Search<'s>,
    pub conclusion: Conclusion<P::Case>,
}

/// The instance a search that ended in a time-out reported (it is shown where it happened,
/// not shrunk), the how-many-th of the plan it was, and how it ended.
fn timed_out<C: Clone>(conclusion: &Conclusion<C>) -> Option<(C, u64, crate::sandbox::Ended)> {
    let Conclusion::Failed(Failing::Instance(failing)) = conclusion else {
        return None;
    };
    let ended = failing.minimised.failure.too_slow()?;
    let case = failing.minimised.smallest.clone();
    Some((case, failing.caught.instances, ended.clone()))
}

/// Searches `plan` (the problem's, or the instances of `--input`) for a counterexample to the
/// user's program against the `expected` variant, as `options` say. Where it ended, or why it
/// could not (the solution cannot be built or run: exit 2).
pub fn search<'p, 's, P: Problem>(
    options: &'s Options,
    expected: &'p Solver<P::Case, P::Answer>,
    plan: &Plan<P::Case>,
) -> Result<Finding<'p, 's, P>, CheckError> {
    let harnesses = crate::build::harness::of::<P>();
    let program = program::prepare(&options.solution, harnesses, P::JUDGE, &options.build)?;
    let runner = Sandboxed::new(program, &options.solution)?;
    search_on(options, expected, plan, Box::new(runner))
}

/// [`search`] of `plan` on a program already made: the search's time starts now, and only
/// `--seconds` bounds it.
pub fn search_on<'p, 's, P: Problem>(
    options: &'s Options,
    expected: &'p Solver<P::Case, P::Answer>,
    plan: &Plan<P::Case>,
    program: Box<dyn Runner<P>>,
) -> Result<Finding<'p, 's, P>, CheckError> {
    let mut session = Session::<P>::new(expected, program, options);
    let started = Instant::now();
    let search = Search {
        options,
        started,
        deadline: (options.seconds).map(|seconds| started + Duration::from_secs_f64(seconds)),
    };
    let mut cases = plan.cases();
    let mut conclusion = search.run_plan(&mut session, plan, &mut cases)?;
    // A time-out under checks the judge does not run is the judge's only if its own build is
    // too slow too: where that build ends in time, the check starts again on it, and later
    // instances may show the real mistake.
    if let Some((case, instance, ended)) = timed_out(&conclusion) {
        let build = &options.build;
        if let Some(judges) =
            session.in_time_on_the_judge_s_build((&case, instance), &ended, build)?
        {
            session.program = judges;
            // What the first build's runs showed of time, memory and prints is not the judge's.
            *session.measured.get_mut() = Default::default();
            conclusion = search.run_plan(&mut session, plan, &mut cases)?;
        }
    }
    Ok(Finding {
        session,
        search,
        conclusion,
    })
}
