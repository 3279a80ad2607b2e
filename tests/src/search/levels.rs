//! The search's levels, in order: every small instance, the fixed tables, the judge's
//! largest, then seeded random instances growing to the judge's limits (or `--input`'s
//! instances in their place); the first failure found is located, shrunk, diagnosed and
//! handed back as a value ([`Conclusion`]), with the session it ran in ([`Finding`]). Uses the
//! session's runs, the minimiser, the diagnosis and the problems.

use super::caught::Caught;
use super::diagnosis::Diagnosis;
use super::error::CheckError;
use super::judge_rerun::JudgeWould;
use super::minimise::{Minimised, MinimisedSequence};
use super::options::Options;
use super::session::{Found, Session, SmallRest, Verdict};
use crate::build::program;
use crate::problems::instances::Smaller;
use crate::problems::{Problem, Solver};
use crate::text::thousands;
use shared::rng::Rng;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// A seeded generator for instance `index` of seed `seed`: the same pair, the same instance.
pub(in crate::search) fn instance_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index)
}

/// How many random instances it takes to reach the judge's limits.
pub(in crate::search) const RAMP: f64 = 400.0;

/// The levels of instances the search runs before the random ones.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::search) enum Level {
    /// Every small instance, or as many as the problem runs first.
    Small,
    /// The examples, the regressions, the deep ones.
    Fixed,
    /// The judge's largest.
    Largest,
}

/// The search's bounds: when it started, when `--seconds` ends it, how many instances
/// `--cases` allows.
pub struct Search<'s> {
    pub options: &'s Options,
    pub started: Instant,
    pub deadline: Instant,
    pub most: u64,
}

/// Where a level of the search ended: a failure found and shrunk, or how many
/// instances passed and whether `--seconds` stopped it.
pub(in crate::search) enum Searched<C> {
    Failed(Failing<C>),
    Passed { tried: u64, stopped: bool },
}

impl Search<'_> {
    /// Named instances (the small ones, the fixed table, or the judge's largest) in growing
    /// chunks, after `tried` others, until `--seconds` ends; `in_order` as [`Self::failing`]
    /// takes it.
    pub(in crate::search) fn named<P: Problem>(
        &self,
        session: &mut Session<P>,
        named: &[(String, P::Case)],
        tried: u64,
        in_order: bool,
    ) -> Result<Searched<P::Case>, CheckError> {
        let cases: Vec<P::Case> = named
            .iter()
            .map(|(_, case)| case.clone())
            .take(self.most.saturating_sub(tried) as usize)
            .collect();
        if cases.is_empty() {
            return Ok(Searched::Passed {
                tried,
                stopped: self.most <= tried,
            });
        }
        let verdict = session.first_failure_in_chunks(&cases, Some(self.deadline))?;
        let one = |index: usize| named[index].0.clone();
        let span = |last: usize| format!("{} to {}", named[0].0, named[last].0);
        Ok(
            match self.failing(session, verdict, (&cases, in_order), tried, one, span)? {
                Ok(failing) => Searched::Failed(failing),
                Err(Verdict::Stopped(answered)) => Searched::Passed {
                    tried: tried + answered as u64,
                    stopped: true,
                },
                Err(_) => Searched::Passed {
                    tried: tried + cases.len() as u64,
                    stopped: false,
                },
            },
        )
    }

    /// The failure that `verdict` found among `cases` (after `tried` others), shrunk and
    /// diagnosed; `one` names an instance by its index, `span` the cases up to an index. Where
    /// `cases` are `in_order` (every instance up to a size, smallest first, and no other
    /// instance smaller), the first to fail is the smallest there is. Before a failure is
    /// shrunk, the rest of the small level runs, and the first of it to fail is reported in its
    /// place ([`Self::small_rest_failing`]). Any other verdict is handed back.
    fn failing<P: Problem>(
        &self,
        session: &mut Session<P>,
        verdict: Verdict,
        (cases, in_order): (&[P::Case], bool),
        tried: u64,
        one: impl Fn(usize) -> String,
        span: impl Fn(usize) -> String,
    ) -> Result<Result<Failing<P::Case>, Verdict>, CheckError> {
        let failed_at = match verdict {
            Verdict::Fails(Found { index, .. }) | Verdict::OnlyAfter(index) => index,
            other => return Ok(Err(other)),
        };
        let instances = tried + failed_at as u64 + 1;
        let after = self.started.elapsed();
        let smaller_passed = match self.small_rest_failing(session, instances)? {
            Ok(failing) => return Ok(Ok(failing)),
            Err(passed) => passed,
        };
        Ok(Ok(match verdict {
            Verdict::Fails(found) => {
                let mut caught = self.caught(one(found.index), instances);
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
            // Only the two kinds above reach this point.
            _ => {
                let mut caught = self.caught(span(failed_at), instances);
                (caught.after, caught.smaller_passed) = (after, smaller_passed);
                let minimised = session.minimise_sequence(&cases[..=failed_at])?;
                Failing::Sequence(Box::new(FailingSequence { caught, minimised }))
            }
        }))
    }

    /// The rest of the small level ([`Session::small_rest`]), run once a larger instance has
    /// failed (the `instances`-th to run), before that one is shrunk: the first of them to
    /// fail is reported in its place, so that which instance is reported does not depend on
    /// how fast this machine ran the levels before. Counted, not timed: it runs to its end
    /// whatever `--seconds` says, as locating a failure does. When none fails alone: how
    /// many ran and how long they took, if any ran.
    fn small_rest_failing<P: Problem>(
        &self,
        session: &mut Session<P>,
        instances: u64,
    ) -> Result<RestFailed<P::Case>, CheckError> {
        let rest = std::mem::take(&mut session.small_rest.named);
        if rest.is_empty() {
            return Ok(Err(None));
        }
        let started = Instant::now();
        let cases: Vec<P::Case> = rest.iter().map(|(_, case)| case.clone()).collect();
        let Verdict::Fails(found) = session.first_failing_alone(&cases, None)? else {
            return Ok(Err(Some((rest.len(), started.elapsed()))));
        };
        let origin = rest[found.index].0.clone();
        let mut caught = self.caught(origin, instances + found.index as u64 + 1);
        caught.first_in_order = session.small_rest.in_order;
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

    /// Seeded random instances, growing from the smallest to the judge's limits over [`RAMP`]
    /// instances, in batches that double up to 512; a progress line on a terminal.
    pub(in crate::search) fn random<P: Problem>(
        &self,
        session: &mut Session<P>,
        mut tried: u64,
    ) -> Result<Searched<P::Case>, CheckError> {
        let seed = self.options.seed;
        let progress = self.options.progress_line && std::io::stderr().is_terminal();
        let mut batch = 8usize;
        let mut index = 0u64;
        while tried < self.most && Instant::now() < self.deadline {
            let count = (batch as u64).min(self.most - tried);
            let cases: Vec<P::Case> = (index..index + count)
                .map(|at| {
                    let scale = (at as f64 / RAMP).min(1.0);
                    let beyond = self.options.beyond_limits;
                    P::generate(&mut instance_rng(seed, at), scale, beyond)
                })
                .collect();
            let verdict = session.first_failure(&cases, Some(self.deadline))?;
            if progress {
                eprint!("\r\x1b[K");
            }
            let one = |at: usize| format!("seed {seed}, instance {}", index + at as u64);
            let span =
                |last: usize| format!("seed {seed}, instances {index} to {}", index + last as u64);
            match self.failing(session, verdict, (&cases, false), tried, one, span)? {
                Ok(failing) => return Ok(Searched::Failed(failing)),
                Err(Verdict::Stopped(answered)) => {
                    tried += answered as u64;
                    break;
                }
                Err(_) => {}
            }
            index += count;
            tried += count;
            if progress {
                let last = cases.last().map(P::size).unwrap_or_default();
                eprint!("{tried} instances so far, now {last}");
                let _ = std::io::stderr().flush();
            }
            // Batches grow, so that start-up stays a small share, by their count, not their
            // time: the same instances share a process on any machine, so a solution that
            // keeps state between calls fails on the same sequence.
            batch = (batch * 2).min(512);
        }
        if progress {
            eprint!("\r\x1b[K");
        }
        Ok(Searched::Passed {
            tried,
            stopped: true,
        })
    }

    /// Where and when a failure was caught.
    pub fn caught(&self, origin: String, instances: u64) -> Caught {
        Caught {
            origin,
            instances,
            after: self.started.elapsed(),
            first_in_order: false,
            smaller_passed: None,
        }
    }
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

/// The rest of the small level run after a larger failure: the first of it to fail, or, when
/// none did, how many ran and how long they took, if any ran.
type RestFailed<C> = Result<Failing<C>, Option<(usize, Duration)>>;

/// How a whole search ended.
pub enum Conclusion<C> {
    Failed(Failing<C>),
    /// No failure in `tried` instances; what the levels before the random ones showed.
    Passed {
        tried: u64,
        levels: LevelsPassed,
    },
    /// `--input`: no failure in `tried` of the `of` instances of `source`; whether
    /// `--seconds` stopped them.
    InputPassed {
        tried: u64,
        of: usize,
        source: String,
        stopped: bool,
    },
}

/// A search's end, with the session and the bounds it ran in: what the outcome is made of.
pub struct Finding<'p, 's, P: Problem> {
    pub session: Session<'p, P>,
    pub search: Search<'s>,
    pub conclusion: Conclusion<P::Case>,
}

/// Searches for a counterexample to the user's program against the `expected` variant, as
/// `options` say: where it ended, or why it could not (the solution cannot be built or run:
/// exit 2).
pub fn search<'p, 's, P: Problem>(
    options: &'s Options,
    expected: &'p Solver<P::Case, P::Answer>,
) -> Result<Finding<'p, 's, P>, CheckError> {
    // The user's own instances are read and checked before anything is built.
    let yours = match &options.input {
        Some(source) => Some(P::read_input(source)?),
        None => None,
    };
    let harnesses = crate::build::harness::of::<P>();
    let program = program::prepare(&options.solution, harnesses, P::JUDGE, &options.build)?;
    let mut session = Session::<P>::new(expected, program, options)?;
    // Built: the search's time starts now, and bounds every run of it.
    let started = Instant::now();
    let search = Search {
        options,
        started,
        deadline: started + Duration::from_secs_f64(options.seconds),
        most: options.cases.unwrap_or(u64::MAX),
    };
    let conclusion = search.conclusion(&mut session, yours)?;
    Ok(Finding {
        session,
        search,
        conclusion,
    })
}

impl Search<'_> {
    /// The levels, then the random instances; or `--input`'s instances, `yours`, in their place.
    fn conclusion<P: Problem>(
        &self,
        session: &mut Session<P>,
        yours: Option<Vec<P::Case>>,
    ) -> Result<Conclusion<P::Case>, CheckError> {
        if let (Some(yours), Some(source)) = (yours, &self.options.input) {
            return self.user_input(session, yours, source);
        }
        let (mut tried, passed) = match self.levels(session)? {
            Levels::Failed(failing) => return Ok(Conclusion::Failed(failing)),
            Levels::Passed(passed) => (passed.tried, passed),
        };
        if tried < self.most && Instant::now() < self.deadline {
            match self.random(session, tried)? {
                Searched::Failed(failing) => return Ok(Conclusion::Failed(failing)),
                Searched::Passed { tried: now, .. } => tried = now,
            }
        }
        if tried == 0 {
            return Err(CheckError::Other(format!(
                "--seconds {} ran out before your program answered a test case; no verdict",
                self.options.seconds
            )));
        }
        Ok(Conclusion::Passed {
            tried,
            levels: passed,
        })
    }
}

/// Where the levels before the random instances ended: a failure found, or what passed.
enum Levels<C> {
    Failed(Failing<C>),
    Passed(LevelsPassed),
}

/// What the levels before the random instances showed when none failed.
pub struct LevelsPassed {
    /// How many instances passed.
    pub tried: u64,
    /// Whether the judge's largest all ran.
    pub reached_largest: bool,
    /// How much of the small level passed, in words (`all 762 valid graphs of ... passed`,
    /// `the first 60 of the 328 legal games ... passed; the other 268 run only once a larger
    /// instance fails`), if there is one.
    pub small: Option<String>,
}

impl Search<'_> {
    /// `--input`: the user's own instances in place of the search, named by their place.
    fn user_input<P: Problem>(
        &self,
        session: &mut Session<P>,
        yours: Vec<P::Case>,
        source: &str,
    ) -> Result<Conclusion<P::Case>, CheckError> {
        let named: Vec<(String, P::Case)> = yours
            .into_iter()
            .enumerate()
            .map(|(at, case)| (format!("your input, test case {}", at + 1), case))
            .collect();
        Ok(match self.named(session, &named, 0, false)? {
            Searched::Failed(failing) => Conclusion::Failed(failing),
            Searched::Passed { tried, stopped } => Conclusion::InputPassed {
                tried,
                of: named.len(),
                source: source.to_string(),
                stopped,
            },
        })
    }

    /// The levels before the random instances, in order: the small level's first instances
    /// (a count: [`Problem::small_first`]), the fixed tables, the judge's largest; the small
    /// level's others are kept in the session for after a larger failure.
    fn levels<P: Problem>(&self, session: &mut Session<P>) -> Result<Levels<P::Case>, CheckError> {
        let SmallLevel {
            first,
            mut rest,
            what: small_what,
            complete,
        } = small_level::<P>();
        let (first_count, rest_count) = (first.len(), rest.len());
        let largest = P::largest(&mut instance_rng(self.options.seed, u64::MAX));
        let levels = [
            (first, Level::Small),
            (P::fixed(), Level::Fixed),
            (largest, Level::Largest),
        ];
        let (mut tried, mut reached_largest, mut small_ran) = (0, false, None);
        for (named, level) in levels {
            // Where every instance not among the small ones is larger, the first to fail of
            // them is the smallest there is.
            let in_order = complete && level == Level::Small;
            let (now, stopped) = match self.named(session, &named, tried, in_order)? {
                Searched::Failed(failing) => return Ok(Levels::Failed(failing)),
                Searched::Passed { tried, stopped } => (tried, stopped),
            };
            let whole = !stopped && now - tried == named.len() as u64;
            reached_largest |= level == Level::Largest && whole;
            if let (Level::Small, Some(what)) = (level, &small_what) {
                small_ran = Some(small_ran_in_words(
                    now - tried,
                    (first_count, rest_count),
                    what,
                ));
                // Only now: a failure among the first is smaller than all of the rest.
                session.small_rest = SmallRest {
                    named: std::mem::take(&mut rest),
                    in_order: complete,
                };
            }
            tried = now;
            if stopped {
                break;
            }
        }
        Ok(Levels::Passed(LevelsPassed {
            tried,
            reached_largest,
            small: small_ran,
        }))
    }
}

/// How much of the small level passed, in words: `ran` of its `first` instances, of which
/// `rest` more are kept for after a larger failure.
fn small_ran_in_words(ran: u64, (first, rest): (usize, usize), what: &str) -> String {
    let all = (first + rest) as u64;
    if ran == all {
        return format!("all {what} passed");
    }
    let mut words = format!("the first {} of the {what} passed", thousands(ran));
    if ran == first as u64 {
        let rest = thousands(rest as u64);
        words.push_str(&format!(
            "; the other {rest} run only once a larger instance fails"
        ));
    }
    words
}

/// The instances the search runs first, all of them up to a size, smallest first.
struct SmallLevel<C> {
    /// Those that run before the fixed table, each named by its place: `12 of the 762
    /// valid graphs ..., in order`.
    first: Vec<(String, C)>,
    /// Those that run only once a larger instance fails, named alike.
    rest: Vec<(String, C)>,
    /// What they are, in words, if there are any.
    what: Option<String>,
    /// Whether every instance not among them is larger than all of them.
    complete: bool,
}

/// `P`'s small level (empty where it has none).
fn small_level<P: Problem>() -> SmallLevel<P::Case> {
    let Some(Smaller {
        all,
        what,
        complete,
        ..
    }) = P::small()
    else {
        return SmallLevel {
            first: Vec::new(),
            rest: Vec::new(),
            what: None,
            complete: false,
        };
    };
    let first_count = P::small_first(&all).min(all.len());
    let mut first: Vec<(String, P::Case)> = all
        .into_iter()
        .enumerate()
        .map(|(at, case)| (format!("{} of the {what}, in order", at + 1), case))
        .collect();
    let rest = first.split_off(first_count);
    SmallLevel {
        first,
        rest,
        what: Some(what),
        complete,
    }
}
