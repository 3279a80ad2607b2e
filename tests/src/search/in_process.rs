//! [`InProcess`]: a program played by a Rust function, in this process, for the search's own
//! tests. Each test case's [`Act`] is a value (an answer, a print, a crash, a computation past
//! the limit, a wait), and the run it makes ends as the sandbox's would end for a real program
//! doing the same, by the same limits: so plan order, batches, locating a failure, shrinking,
//! time-outs, waits and flaky answers are tested in milliseconds, with no build and no sandbox.
//!
//! What it does not model is what only a real process shows (its memory measured, its
//! descriptors, signals from outside): those stay end-to-end tests.
//!
//! Time passes only as the acts script it, so that what a test asserts does not depend on the
//! machine. A program made [`InProcess::charging_own_time`] also counts the CPU time `play`
//! itself takes (this thread's, as Linux counts it), as a real program's would, so that
//! shrinking's and the diagnosis's budgets bound a slow Rust function too: past the run's whole
//! CPU time (a diagnosis's `--diagnose-seconds`) the run is stopped. That time never counts
//! against the limit since the last answer, nor enters the slowest answer.
//!
//! # Complexity
//! A run costs what `play` costs on its test cases.
//!
//! Uses the sandbox's run records, `build::built` and the problems; beside it, `runner`.

use super::runner::Runner;
use crate::build::built::{BuildInfo, BuildOptions, Built};
use crate::build::error::{BuildError, Setup};
use crate::problems::Problem;
use crate::sandbox::{backstop, Ending, Flooded, Limits, Run, SandboxFacts, Spent, OUTPUT_LIMIT};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the program does on one test case.
#[derive(Debug, Clone, PartialEq)]
pub enum Act<A> {
    /// Answers at once.
    Answers(A),
    /// Spends this much CPU time, then answers (past the time limit, it is stopped first).
    Computes(Duration, A),
    /// Prints this on stdout besides its answers, then answers.
    Prints(String, A),
    /// Prints this text where its answer belongs.
    Garbles(String),
    /// Answers, then answers again: one answer too many.
    AnswersTwice(A),
    /// Computes without end.
    Spins,
    /// Sleeps without end: it spends no CPU time.
    Waits,
    /// Is killed by this signal (11: a segmentation fault) before it answers.
    Crashes(i32),
    /// Exits with status 0 before it answers.
    Exits,
    /// Takes memory without end.
    Hoards,
    /// Prints without end on stdout.
    Floods,
}

/// Where a test case's call stands: the how-many-th of its process (from 0), the process's
/// number in the runner's life (from 0), and how many times this test case was asked before,
/// in any process (from 0: a flaky program answers its first time wrongly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    pub in_process: usize,
    pub process: usize,
    pub asked_before: usize,
}

/// What the program does on a test case at a call.
pub type Play<P> =
    Arc<dyn Fn(&<P as Problem>::Case, Call) -> Act<<P as Problem>::Answer> + Send + Sync>;

/// A program played by `play`.
pub struct InProcess<P: Problem> {
    play: Play<P>,
    harnessed: bool,
    time_limit: Duration,
    built: Built,
    /// What a rebuild of it plays (the judge's own build), if it may be rebuilt.
    rebuilt: Option<Play<P>>,
    processes: AtomicUsize,
    /// Whether `play`'s own CPU time counts as the program's.
    charges_own_time: bool,
    /// How many times each test case was asked so far (by its `Debug` text: a case need not
    /// hash), for [`Call::asked_before`].
    asked: std::sync::Mutex<std::collections::HashMap<String, usize>>,
}

impl<P: Problem> InProcess<P> {
    /// A program that plays `play`, harnessed where the problem has a harness (many test
    /// cases a process), with one second a test case, built by nothing.
    pub fn new(play: Play<P>) -> InProcess<P> {
        InProcess {
            play,
            harnessed: P::harness().is_some(),
            time_limit: Duration::from_secs(1),
            built: Built::command(),
            rebuilt: None,
            processes: AtomicUsize::new(0),
            charges_own_time: false,
            asked: std::sync::Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// The same, answering as the `answer` function does on every call.
    pub fn answering(answer: impl Fn(&P::Case) -> P::Answer + Send + Sync + 'static) -> Self {
        InProcess::new(Arc::new(move |case, _| Act::Answers(answer(case))))
    }

    /// The same, said to be built as `built` says (its extra checks, its notes).
    pub fn built_as(mut self, built: Built) -> Self {
        self.built = built;
        self
    }

    /// The same, counting the CPU time `play` itself takes as the program's: for a slow Rust
    /// function, so that shrinking's and the diagnosis's budgets bound it.
    pub fn charging_own_time(mut self) -> Self {
        self.charges_own_time = true;
        self
    }

    /// The same, whose rebuild (the judge's own build) plays `play`.
    pub fn rebuilt_as(mut self, play: Play<P>) -> Self {
        self.rebuilt = Some(play);
        self
    }

    /// How many processes it has run.
    pub fn processes(&self) -> usize {
        self.processes.load(Ordering::SeqCst)
    }

    /// How many times `case` was asked before, and this time counted.
    fn asked_before(&self, case: &P::Case) -> usize {
        let mut asked = self
            .asked
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = asked.entry(format!("{case:?}")).or_insert(0);
        *count += 1;
        *count - 1
    }
}

impl<P: Problem + 'static> Runner<P> for InProcess<P> {
    fn run(&self, cases: &[P::Case], limits: &Limits) -> Result<Run, super::error::CheckError> {
        let process = self.processes.fetch_add(1, Ordering::SeqCst);
        let mut run = Run {
            ending: Ending::Exited(ExitStatus::from_raw(0)),
            answers: String::new(),
            printed: String::new(),
            printed_bytes: 0,
            stderr: String::new(),
            stack_kilobytes: 8192,
            spent: Spent::default(),
            slowest_answer: None,
            slowest_together: None,
            most_seen_held: 0,
        };
        // What the played computations took, which passes no real time: the run's clock is
        // the real one and this ahead of it. Only within the run: a wait (`Act::Waits`) is
        // told as a wait whatever the deadline, and computations in other runs add nothing.
        let mut computing = Duration::ZERO;
        let stopped = |computing: Duration| {
            let stop = limits.stop.as_ref();
            stop.is_some_and(|stop| stop.load(Ordering::SeqCst))
                || limits
                    .deadline
                    .is_some_and(|deadline| Instant::now() + computing >= deadline)
        };
        // The lines of `run.answers`, counted as they come: counting them again at every
        // answer would make a process of many test cases cost their square.
        let mut lines = 0;
        for (in_process, case) in cases.iter().enumerate() {
            if stopped(computing) {
                run.ending = Ending::OutOfTime;
                return Ok(run);
            }
            let before = run.spent.cpu;
            let asked_before = self.asked_before(case);
            let call = Call {
                in_process,
                process,
                asked_before,
            };
            let began = self.charges_own_time.then(thread_cpu).flatten();
            let act = (self.play)(case, call);
            let own_time = match (began, thread_cpu()) {
                (Some(began), Some(now)) => now.saturating_sub(began),
                _ => Duration::ZERO,
            };
            let answers = match act {
                Act::Answers(answer) => vec![answer.to_string()],
                Act::Computes(cpu, answer) => match computed(&mut run, limits, cpu, &mut computing)
                {
                    true => vec![answer.to_string()],
                    false => return Ok(run),
                },
                Act::Prints(text, answer) => {
                    run.printed.push_str(&text);
                    run.printed_bytes += text.len() as u64;
                    vec![answer.to_string()]
                }
                Act::Garbles(text) => vec![text],
                Act::AnswersTwice(answer) => vec![answer.to_string(), answer.to_string()],
                Act::Spins => {
                    computed(&mut run, limits, Duration::MAX, &mut computing);
                    return Ok(run);
                }
                Act::Waits => {
                    // Stopped by the backstop of the time since its last answer, having used
                    // no CPU since.
                    let spent = Spent {
                        cpu: Duration::ZERO,
                        wall: backstop(limits.quiet),
                    };
                    run.ending = quiet(limits.quiet, spent);
                    return Ok(run);
                }
                Act::Crashes(signal) => {
                    run.ending = Ending::Exited(ExitStatus::from_raw(signal));
                    run.stderr = format!("killed by signal {signal}");
                    return Ok(run);
                }
                Act::Exits => return Ok(run),
                Act::Hoards => {
                    run.ending = Ending::Memory(limits.memory);
                    return Ok(run);
                }
                Act::Floods => {
                    run.ending = Ending::Flood {
                        what: Flooded::Output {
                            stream: "stdout",
                            limit: OUTPUT_LIMIT,
                        },
                        test_case: limits.answer_lines.map(|_| in_process + 1),
                    };
                    return Ok(run);
                }
            };
            let took = run.spent.cpu - before;
            let line = lines;
            if run.slowest_answer.is_none_or(|(_, slowest)| took > slowest) {
                run.slowest_answer = Some((line, took));
            }
            run.spent.cpu += own_time;
            run.spent.wall += own_time;
            if run.spent.cpu > limits.total {
                run.ending = Ending::TooLong {
                    limit: limits.total,
                    spent: run.spent,
                };
                return Ok(run);
            }
            for answer in answers {
                lines += answer.bytes().filter(|&byte| byte == b'\n').count() + 1;
                run.answers.push_str(&answer);
                run.answers.push('\n');
            }
            if let Some(ending) = past_limits(&run, lines, limits) {
                run.ending = ending;
                return Ok(run);
            }
            let settled = limits.settled.as_ref();
            if settled.is_some_and(|settled| settled(&run.answers)) {
                run.ending = Ending::Settled;
                return Ok(run);
            }
        }
        Ok(run)
    }

    fn harnessed(&self) -> bool {
        self.harnessed
    }

    fn time_limit(&self) -> Duration {
        self.time_limit
    }

    fn built(&self) -> &Built {
        &self.built
    }

    fn built_mut(&mut self) -> &mut Built {
        &mut self.built
    }

    fn build_info(&self) -> BuildInfo {
        BuildInfo {
            built: self.built.clone(),
            sandbox: SandboxFacts::Unsandboxed,
        }
    }

    fn rebuilt(&self, options: &BuildOptions) -> Result<Box<dyn Runner<P>>, BuildError> {
        let Some(play) = self.rebuilt.clone() else {
            return Err(Setup::NoOtherBuild.into());
        };
        let mut built = self.built.clone();
        if options.without_extra_checks {
            if let Some(tool) = &mut built.tool {
                tool.extra_checks.clear();
            }
        }
        Ok(Box::new(InProcess::new(play).built_as(built)))
    }
}

/// The CPU time this thread has spent, as Linux counts it (`/proc/thread-self/schedstat`, in
/// nanoseconds), if it can be read.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanoseconds))
}

/// `run`'s next test case computing for `cpu` before it answers, `computing` ahead of the real
/// clock: within the limit since its last answer, its whole time and the deadline, the time
/// is spent and `true`; past any, the run is stopped as the sandbox stops it, at the first it
/// reaches (out of time at the deadline; at a limit, what it spent since its last answer or
/// in all), and `false`.
fn computed(run: &mut Run, limits: &Limits, cpu: Duration, computing: &mut Duration) -> bool {
    let total_left = limits.total.saturating_sub(run.spent.cpu);
    let took = cpu.min(limits.quiet).min(total_left);
    let until_deadline = limits
        .deadline
        .map(|deadline| deadline.saturating_duration_since(Instant::now() + *computing));
    if let Some(until) = until_deadline.filter(|until| *until < took) {
        (run.spent.cpu, run.spent.wall) = (run.spent.cpu + until, run.spent.wall + until);
        *computing += until;
        run.ending = Ending::OutOfTime;
        return false;
    }
    run.spent.cpu += took;
    run.spent.wall += took;
    *computing += took;
    if took == cpu {
        return true;
    }
    run.ending = match limits.quiet <= total_left {
        true => quiet(
            limits.quiet,
            Spent {
                cpu: took,
                wall: took,
            },
        ),
        false => Ending::TooLong {
            limit: limits.total,
            spent: run.spent,
        },
    };
    false
}

/// A run stopped at a time limit `limit`, having spent `spent`.
fn quiet(limit: Duration, spent: Spent) -> Ending {
    Ending::Quiet { limit, spent }
}

/// How a run whose answers are so far `run.answers`, in `lines` lines, is stopped for them, as
/// the sandbox stops one: more answer lines than test cases, or more bytes than right answers
/// take.
fn past_limits(run: &Run, lines: usize, limits: &Limits) -> Option<Ending> {
    if let Some(test_cases) = limits.answer_lines.filter(|&most| lines > most) {
        return Some(Ending::Flood {
            what: Flooded::Answers { test_cases },
            test_case: None,
        });
    }
    (run.answers.len() as u64 > limits.answer_bytes).then(|| Ending::Flood {
        what: Flooded::AnswerBytes {
            limit: limits.answer_bytes,
        },
        test_case: Some(lines + 1),
    })
}
