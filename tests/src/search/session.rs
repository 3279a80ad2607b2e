//! The search: instances in order (every small one, the fixed table, the judge's largest, then
//! seeded random ones), each run judged against the expected answers; a failure located to
//! the instance that fails alone (or the sequence that fails only together), then shrunk.

use super::options::Options;
use super::report::{pass, report, report_sequence, unreproduced, Caught};
use crate::build::program::{self, Program};
use crate::outcome::{CheckError, Outcome, Pass};
use crate::problems::instances::Smaller;
use crate::problems::{Problem, Solver};
use crate::sandbox::{Ended, Ending, Limits, Run, ScratchDir};
use crate::text::thousands;
use shared::rng::Rng;
use std::cell::Cell;
use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Why the user's program failed on one instance.
pub(super) enum Failure {
    /// It answered, wrongly: its answer as the judge reads it.
    Wrong(String),
    /// It crashed, hung, went past a limit, or printed what is not an answer.
    Broken(Fault),
}

impl Failure {
    /// The time-out this failure is, if it is one: no answer within the time limit, or a
    /// run past its whole time.
    pub(super) fn too_slow(&self) -> Option<&crate::sandbox::Ended> {
        match self {
            Failure::Broken(Fault::Ended(ended)) if ended.timed_out() => Some(ended),
            _ => None,
        }
    }
}

/// What went wrong with a run other than a wrong answer, as data until a report displays it.
#[derive(Clone)]
pub(super) enum Fault {
    /// A crash or a limit.
    Ended(Ended),
    /// This text stood where an answer belongs, and the run ended well.
    NotAnAnswer(String),
    /// The run ended well without an answer here.
    NoAnswer,
    /// Every answer right, and more of them than test cases.
    TooManyAnswers { answered: usize, cases: usize },
}

impl Fault {
    /// Why `run` failed at an answer it lacks or that is `not_an_answer`: its ending if that
    /// was bad, else the answer's own fault.
    fn of(run: &Run, not_an_answer: Option<&str>) -> Fault {
        match (run.ended_badly(), not_an_answer) {
            (Some(ended), _) => Fault::Ended(ended),
            (None, Some(text)) => Fault::NotAnAnswer(text.to_string()),
            (None, None) => Fault::NoAnswer,
        }
    }

    fn timed_out(&self) -> bool {
        matches!(self, Fault::Ended(ended) if ended.timed_out())
    }
}

impl Display for Fault {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Fault::Ended(ended) => write!(formatter, "{ended}"),
            Fault::NotAnAnswer(text) => write!(
                formatter,
                "printed {}, which is not an answer",
                crate::text::brief(text)
            ),
            Fault::NoAnswer => write!(formatter, "exited without printing an answer"),
            Fault::TooManyAnswers { answered, cases } => write!(
                formatter,
                "printed {answered} answers for {cases} test case(s)"
            ),
        }
    }
}

/// A failing instance found among a list, and why.
pub(super) struct Found {
    pub(super) index: usize,
    pub(super) failure: Failure,
    /// What the run that showed it printed besides its answers.
    pub(super) printed: String,
}

/// What one run leaves besides its verdict: what a report may show of it.
pub(super) struct Record {
    /// What it printed besides its answers.
    pub(super) printed: String,
    /// Its answers channel, as printed.
    pub(super) answers: String,
    /// Whether it was stopped for printing too much.
    pub(super) flooded: bool,
}

impl Verdict {
    /// The verdict on cases that followed `offset` others, which passed.
    pub(super) fn after(self, offset: usize) -> Verdict {
        match self {
            Verdict::Fails(found) => Verdict::Fails(Found {
                index: offset + found.index,
                ..found
            }),
            Verdict::OnlyAfter(last) => Verdict::OnlyAfter(offset + last),
            Verdict::Passes => Verdict::Passes,
            Verdict::Stopped(answered) => Verdict::Stopped(offset + answered),
        }
    }
}

/// What running a list of instances showed.
pub(super) enum Verdict {
    Fails(Found),
    /// A run of the instances up to this one fails, though this one passes alone.
    OnlyAfter(usize),
    Passes,
    /// The search's time ran out after this many instances (a prefix) were answered right.
    Stopped(usize),
}

/// One `--check` session: the problem, the user's program, where it runs, and what it has
/// cost so far.
pub(super) struct Session<'p, P: Problem> {
    pub(super) expected: &'p Solver<P::Case, P::Answer>,
    pub(super) program: Program,
    pub(super) scratch: ScratchDir,
    pub(super) limit: Duration,
    pub(super) memory: u64,
    /// How long shrinking may take (`--shrink-seconds`).
    pub(super) shrink_time: Duration,
    /// How much CPU time the diagnosis may take (`--diagnose-seconds`).
    pub(super) diagnose_time: Duration,
    pub(super) runs: usize,
    /// Whether any run has answered a test case yet, and whether `--seconds` lets a first
    /// test case have its whole time limit (it is at least that limit). Until an answer
    /// comes, such a `--seconds` stops no run: a program slow from its start (a loop at a
    /// file's top level, a first test case that needs all its time) gets a verdict, `too
    /// slow` or an answer, and not "no verdict" on a busy machine, where its CPU time comes
    /// slowly. A `--seconds` below the limit is the user's choice of no verdict.
    pub(super) answered_once: bool,
    first_case_whole: bool,
    /// What the runs so far cost: the program's CPU time, and [`RUN_CHARGE`] a run.
    pub(super) spent: Duration,
    /// Where [`Self::spent`] ends the work under way (shrinking), if anything bounds it: no
    /// run starts past it, so that what is done depends on the program's CPU time, not on
    /// the machine's load.
    pub(super) budget: Option<Duration>,
    /// How many test cases the runs so far were judged on (up to each run's first failure).
    pub(super) cases_judged: Cell<usize>,
    /// The solution as the user named it, for the commands a report ends with.
    pub(super) solution: String,
    /// Where the counterexample's page goes (`--html`), if anywhere, and what writes it.
    pub(super) page: Option<(String, PageWriter<P>)>,
    /// Failures that did not happen again when run again: what and on what size.
    pub(super) unreproduced: Vec<String>,
    /// Whether runs of one game go one at a time: while shrinking, where the first candidate
    /// fails as often as not and a second run at once only slows it (noi2011's 40x40 game:
    /// 32 s of shrinking alone, 37 s two at once).
    pub(super) one_at_a_time: bool,
    /// The small level's instances after [`Problem::small_first`], each named by its place:
    /// kept once the level's first ones passed, and run once a larger instance fails.
    pub(super) small_rest: SmallRest<P::Case>,
}

/// Writes a counterexample's page to a path: the case, the program's answer or fault (and
/// whether it answered), the expected answer and the diagnosis; the report's line that says
/// where it went, or why not. The driver hands it down from the render layer, so that the
/// search names no page.
pub type PageWriter<P> = fn(
    &<P as Problem>::Case,
    (&str, bool),
    &<P as Problem>::Answer,
    Option<&super::diagnosis::Diagnosis>,
    &str,
) -> String;

/// The small level's instances left for after a larger failure, and whether the first of
/// them to fail is the smallest there is (every instance not among the level is larger).
pub(super) struct SmallRest<C> {
    pub(super) named: Vec<(String, C)>,
    pub(super) in_order: bool,
}

/// The test cases of the first process of a list run in growing chunks.
pub(super) const FIRST_CHUNK: usize = 8;

/// What a process may take beyond its test cases' limits: starting up (a JVM takes a while).
pub(super) const START_UP: Duration = Duration::from_secs(2);

/// What a budget ([`Session::budget`]) charges each run besides the program's CPU time: about
/// what setting a sandbox up and starting a process cost (12 ms measured), so that a budget
/// also bounds the runs of a program that uses almost no CPU (noi2011's, one game a run).
pub(super) const RUN_CHARGE: Duration = Duration::from_millis(20);

/// The most test cases a process takes while a budget runs: a batch is never cut short by
/// the budget, so this bounds how far past it one may go.
const BUDGETED_CHUNK: usize = 512;

impl<'p, P: Problem> Session<'p, P> {
    /// A session of `program` on the problem, against the `expected` variant, as `options`
    /// say; its scratch directory made.
    fn new(
        expected: &'p Solver<P::Case, P::Answer>,
        program: Program,
        options: &Options,
        page: PageWriter<P>,
    ) -> Result<Self, CheckError> {
        let scratch = ScratchDir::new(program.isolation())?;
        let limit = options.time_limit.unwrap_or(program.time_limit);
        Ok(Session {
            expected,
            program,
            scratch,
            limit,
            memory: options.memory_limit,
            shrink_time: options.shrink_time,
            diagnose_time: options.diagnose_time,
            runs: 0,
            answered_once: false,
            first_case_whole: limit.as_secs_f64() <= options.seconds,
            spent: Duration::ZERO,
            budget: None,
            cases_judged: Cell::new(0),
            solution: options.solution.clone(),
            page: options.html.clone().map(|path| (path, page)),
            unreproduced: Vec::new(),
            one_at_a_time: false,
            small_rest: SmallRest {
                named: Vec::new(),
                in_order: false,
            },
        })
    }

    /// Whether one process takes many test cases: harnessed LeetCode solutions and commands
    /// of the LeetCode problems do, noi2011's judge programs take one game a run.
    pub(super) fn batches(&self) -> bool {
        P::harness().is_some()
    }

    /// The first of `cases` on which the program fails, running them in as few processes as
    /// the failures allow; runs started at `deadline` or later stop without a verdict.
    pub(super) fn first_failure(
        &mut self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        if self.batches() {
            return self.failure_in(cases, deadline);
        }
        // One game a run: nothing carries over.
        self.first_failure_in_parts(cases, vec![1; cases.len()], deadline)
    }

    /// [`Self::first_failure`] on growing chunks of `cases` (8, 32, 128, ... in a process): the
    /// cases come smallest first, and a failure among the first few is found without running
    /// the large ones after it, which a slow program may take seconds on.
    pub(super) fn first_failure_in_chunks(
        &mut self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        if !self.batches() {
            return self.first_failure(cases, deadline);
        }
        let most = match self.budget {
            Some(_) => BUDGETED_CHUNK,
            None => usize::MAX,
        };
        let (mut sizes, mut covered, mut chunk) = (Vec::new(), 0, FIRST_CHUNK);
        while covered < cases.len() {
            sizes.push(chunk.min(cases.len() - covered));
            covered += chunk;
            chunk = (chunk * 4).min(most);
        }
        self.first_failure_in_parts(cases, sizes, deadline)
    }

    /// The first failure among `cases`, cut into parts of these `sizes`, each a process, in
    /// order. Where this machine has two cores, two run at once, but while shrinking
    /// ([`Session::one_at_a_time`]) or under a budget: it counts CPU time, which a second run
    /// stopped for nothing would spend at a rate that depends on the machine's load. Once the budget
    /// is spent, no part starts ([`Verdict::Stopped`]).
    fn first_failure_in_parts(
        &mut self,
        cases: &[P::Case],
        sizes: Vec<usize>,
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        let (mut offset, mut sizes) = (0, sizes.into_iter().peekable());
        while let Some(size) = sizes.next() {
            if self.over_budget() {
                return Ok(Verdict::Stopped(offset));
            }
            let first = &cases[offset..offset + size];
            let verdict = match sizes.peek() {
                Some(&next) if !self.one_at_a_time && self.budget.is_none() && two_cores() => {
                    sizes.next();
                    let second = &cases[offset + size..offset + size + next];
                    let verdict = self.first_failure_of_two(first, second, deadline)?;
                    (verdict, size + next)
                }
                _ => (self.failure_in(first, deadline)?, size),
            };
            match verdict {
                (Verdict::Passes, covered) => offset += covered,
                (other, _) => return Ok(other.after(offset)),
            }
        }
        Ok(Verdict::Passes)
    }

    /// `first` and `second` (the cases after it) in two processes at once: the verdict on
    /// `first`, or when it passes, on `second` (counted after `first`). When `first` fails,
    /// `second` is stopped at once and its run counts for nothing.
    fn first_failure_of_two(
        &mut self,
        first: &[P::Case],
        second: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        let (first_input, first_limits) = self.settling(first, deadline);
        let (second_input, mut second_limits) = self.settling(second, deadline);
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        second_limits.stop = Some(stop.clone());
        let (program, scratch) = (&self.program, &self.scratch);
        let (first_run, second_run) = std::thread::scope(|scope| {
            let second = scope.spawn(|| program.run(scratch, &second_input, &second_limits));
            let first_run = program
                .run(scratch, &first_input, &first_limits)
                .map(|run| {
                    let judged = self.judged(first, &run);
                    (run, judged)
                });
            if !matches!(first_run, Ok((_, Judged::Right))) {
                stop.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            (first_run, second.join())
        });
        let (first_run, judged) = first_run?;
        let record = self.keep(first_run)?;
        match self.located(first, (judged, record), deadline)? {
            // `first` failed in its run but passes after all (a time-out that did not happen
            // again, say), and `second` was stopped for nothing: it runs again.
            Verdict::Passes if stop.load(std::sync::atomic::Ordering::SeqCst) => {
                return Ok(self.failure_in(second, deadline)?.after(first.len()));
            }
            Verdict::Passes => {}
            other => return Ok(other),
        }
        let second_run = second_run.map_err(|_| "a run's thread panicked".to_string())??;
        let judged = self.judged(second, &second_run);
        let record = self.keep(second_run)?;
        Ok(self
            .located(second, (judged, record), deadline)?
            .after(first.len()))
    }

    /// What one run of the program on `cases` may use.
    pub(super) fn limits(&self, cases: &[P::Case], deadline: Option<Instant>) -> Limits {
        let answer_bytes: usize = cases.iter().map(P::answer_bytes).sum();
        Limits {
            quiet: self.limit,
            total: START_UP + self.limit * cases.len() as u32,
            memory: self.memory,
            answer_lines: self.batches().then_some(cases.len()),
            // Room for spaces, carriage returns and `True` where `true` will do.
            answer_bytes: (answer_bytes as u64) * 4 + 4096,
            deadline: deadline.filter(|_| self.answered_once || !self.first_case_whole),
            stop: None,
            settled: None,
        }
    }

    /// Whether the work under way has spent its budget ([`Self::budget`]).
    pub(super) fn over_budget(&self) -> bool {
        self.budget.is_some_and(|budget| self.spent >= budget)
    }

    /// [`Self::prepared`], the run stopped at its first wrong answer where it takes many test
    /// cases: the rest would run for nothing, as the failure is then run alone.
    fn settling(&self, cases: &[P::Case], deadline: Option<Instant>) -> (String, Limits) {
        let (input, mut limits) = self.prepared(cases, deadline);
        if self.batches() && cases.len() > 1 {
            let expected: Vec<String> = cases
                .iter()
                .map(|case| (self.expected.solve)(case).to_string())
                .collect();
            limits.settled = Some(std::sync::Arc::new(move |lines: &str| {
                P::answers(lines)
                    .iter()
                    .zip(&expected)
                    .any(|(answer, expected)| match answer {
                        Ok(answer) => answer.to_string() != *expected,
                        Err(_) => false,
                    })
            }));
        }
        (input, limits)
    }

    /// Notes a failure on `case` that did not happen again when it ran alone.
    pub(super) fn unreproduced(&mut self, case: &P::Case, why: &Fault) {
        let why = crate::text::first_line(&why.to_string());
        self.unreproduced
            .push(format!("{why} on {}", P::size(case)));
    }

    /// The input of one run on `cases`, and its limits.
    pub(super) fn prepared(
        &self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> (String, Limits) {
        let input = match P::harness() {
            Some(harness) if self.program.harnessed => (harness.input)(cases),
            // The command line reads the judge's text, one test case after another.
            _ => cases
                .iter()
                .map(|case| {
                    let text = P::judge_text(case);
                    if text.ends_with('\n') {
                        text
                    } else {
                        text + "\n"
                    }
                })
                .collect(),
        };
        (input, self.limits(cases, deadline))
    }

    /// One process on `cases`, judged up to its first failure, which is not located further,
    /// with its record.
    pub(super) fn judged_run(
        &mut self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<(Judged, Record), CheckError> {
        let (input, limits) = self.settling(cases, deadline);
        let run = self.program.run(&self.scratch, &input, &limits)?;
        let judged = self.judged(cases, &run);
        Ok((judged, self.keep(run)?))
    }

    /// `run` counted, and what a report may show of it; an error if the program could not
    /// start at all (its interpreter missing, say).
    pub(super) fn keep(&mut self, run: Run) -> Result<Record, CheckError> {
        self.runs += 1;
        self.answered_once |= !run.answers.trim().is_empty();
        // A run stopped for its time limit is charged the whole limit at least: one that
        // slept or waited spent little CPU, yet held the machine until its wall-clock
        // backstop, and a budget that let it pass would run such candidates for hours.
        let stopped_at = match run.ending {
            Ending::Quiet { limit, .. } | Ending::TooLong { limit, .. } => limit,
            _ => Duration::ZERO,
        };
        self.spent += run.spent.cpu.max(stopped_at) + RUN_CHARGE;
        if let Some(error) = self.program.could_not_start(&run) {
            return Err(error.into());
        }
        Ok(Record {
            flooded: matches!(run.ending, Ending::Flood { .. }),
            printed: run.printed,
            answers: run.answers,
        })
    }

    /// `run` of `cases` judged in order, up to its first failure.
    ///
    /// A run stopped from outside (the search's clock, or another run's verdict) shows only
    /// the right answers it printed: whatever it printed after them may be cut short, and
    /// it never ran to its end, so it is [`Judged::Stopped`] there, never a failure, nor a
    /// pass.
    fn judged(&self, cases: &[P::Case], run: &Run) -> Judged {
        let judged = self.judged_in_order(cases, run);
        let count = match &judged {
            Judged::Right | Judged::After(_) => cases.len(),
            Judged::Stopped(index) => *index,
            Judged::Wrong(index, _) | Judged::Broken(index, _) | Judged::Missing(index, _) => {
                index + 1
            }
        };
        self.cases_judged.set(self.cases_judged.get() + count);
        judged
    }

    /// [`Self::judged`], uncounted.
    fn judged_in_order(&self, cases: &[P::Case], run: &Run) -> Judged {
        let answers = P::answers(&run.answers);
        let stopped = matches!(run.ending, Ending::OutOfTime);
        let settled = matches!(run.ending, Ending::Settled);
        for (index, case) in cases.iter().enumerate() {
            match answers.get(index) {
                Some(Ok(answer)) if *answer == (self.expected.solve)(case) => {}
                _ if stopped => return Judged::Stopped(index),
                // Stopped at a wrong answer, which is whole: only what came after it is cut.
                None if settled => return Judged::Stopped(index),
                Some(Ok(answer)) => return Judged::Wrong(index, answer.to_string()),
                Some(Err(text)) => return Judged::Broken(index, Fault::of(run, Some(text))),
                None => return Judged::Missing(index, Fault::of(run, None)),
            }
        }
        if stopped {
            return Judged::Stopped(cases.len());
        }
        match failure_after_answers(run, answers.len(), cases.len()) {
            None => Judged::Right,
            Some(why) => Judged::After(why),
        }
    }

    /// One process on all of `cases`; a failure in it is located: a wrong answer is checked
    /// alone, and a crash, a hang, a limit or garbage is looked for among the instances from
    /// the last good answer on. A failure that does not happen alone is [`Verdict::OnlyAfter`].
    pub(super) fn failure_in(
        &mut self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        if cases.is_empty() {
            return Ok(Verdict::Passes);
        }
        let judged = self.judged_run(cases, deadline)?;
        self.located(cases, judged, deadline)
    }

    /// The failure in a run of `cases` that was `judged` so and left this `record`, located
    /// (see [`Self::failure_in`]).
    fn located(
        &mut self,
        cases: &[P::Case],
        (judged, record): (Judged, Record),
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        let single = cases.len() == 1;
        let printed = record.printed;
        let fails = |index, failure| {
            let printed = printed.clone();
            Ok(Verdict::Fails(Found {
                index,
                failure,
                printed,
            }))
        };
        if record.flooded && !single {
            return self.flood_in_halves(cases);
        }
        match judged {
            Judged::Right => Ok(Verdict::Passes),
            Judged::Stopped(answered) => Ok(Verdict::Stopped(answered)),
            // The first test case of a process ran as it does alone: nothing came before it.
            Judged::Wrong(index, answer) if single || index == 0 => {
                fails(index, Failure::Wrong(answer))
            }
            Judged::Wrong(index, _) => self.alone_or_after(cases, index),
            // A time-out is the program's only when it happens again, alone: a stall of the
            // machine (a loaded system, a stopped process) is not.
            Judged::Missing(_, why) if single && why.timed_out() => {
                self.times_out_again(cases, why)
            }
            Judged::Broken(index, why) | Judged::Missing(index, why) if single => {
                fails(index, Failure::Broken(why))
            }
            // A harness writes each answer as it comes: a time-out with `index` answers out
            // points at `index`, which must time out alone too (that run is the time-out's
            // confirmation: no third run); if it does not, the rest of the batch runs on.
            Judged::Missing(index, why) if why.timed_out() && self.program.harnessed => {
                match self.times_out_again(&cases[index..=index], why)? {
                    Verdict::Fails(found) => Ok(Verdict::Fails(Found { index, ..found })),
                    _ => {
                        let rest = self.failure_in(&cases[index + 1..], deadline)?;
                        Ok(rest.after(index + 1))
                    }
                }
            }
            Judged::Broken(index, _) | Judged::Missing(index, _) => self.broken_at(cases, index),
            Judged::After(why) if single => fails(0, Failure::Broken(why)),
            // Every answer right, then too many, a crash or a limit: look for the instance
            // that does it alone.
            Judged::After(_) => self.broken_at(cases, 0),
        }
    }

    /// Output is bounded per call, as a judge bounds each test case's: `cases`, whose run
    /// printed too much in all, split in halves until one test case does it alone, or none
    /// does.
    fn flood_in_halves(&mut self, cases: &[P::Case]) -> Result<Verdict, CheckError> {
        let middle = cases.len().div_ceil(2);
        for (offset, part) in [(0, &cases[..middle]), (middle, &cases[middle..])] {
            match self.failure_in(part, None)?.after(offset) {
                Verdict::Passes => {}
                other => return Ok(other),
            }
        }
        Ok(Verdict::Passes)
    }

    /// The one instance of `cases`, which timed out (`why`), run again: the time-out is
    /// the program's only if that run fails too.
    fn times_out_again(&mut self, cases: &[P::Case], why: Fault) -> Result<Verdict, CheckError> {
        let (judged, record) = self.judged_run(cases, None)?;
        let fails = |failure| {
            Ok(Verdict::Fails(Found {
                index: 0,
                failure,
                printed: record.printed,
            }))
        };
        match judged {
            Judged::Right => {
                self.unreproduced(&cases[0], &why);
                Ok(Verdict::Passes)
            }
            Judged::Missing(_, why) | Judged::Broken(_, why) | Judged::After(why) => {
                fails(Failure::Broken(why))
            }
            Judged::Wrong(_, answer) => fails(Failure::Wrong(answer)),
            Judged::Stopped(_) => Ok(Verdict::Stopped(0)),
        }
    }

    /// `cases[index]`, which failed in a run of `cases`, run alone: its own failure, or
    /// [`Verdict::OnlyAfter`] if it passes alone.
    pub(super) fn alone_or_after(
        &mut self,
        cases: &[P::Case],
        index: usize,
    ) -> Result<Verdict, CheckError> {
        Ok(match self.failure_in(&cases[index..=index], None)? {
            Verdict::Fails(found) => Verdict::Fails(Found { index, ..found }),
            _ => Verdict::OnlyAfter(index),
        })
    }

    /// The failure in a run of `cases` that broke at `from`: the program prints each answer
    /// as it comes, so the instance at `from` is the suspect and runs alone first; without any
    /// answer to go by (`from` 0), the cases are halved. If no part fails by itself, the
    /// failure needs what came before it ([`Verdict::OnlyAfter`]). Locating a failure is not
    /// stopped by the search's clock.
    pub(super) fn broken_at(
        &mut self,
        cases: &[P::Case],
        from: usize,
    ) -> Result<Verdict, CheckError> {
        if from > 0 {
            return self.alone_or_after(cases, from);
        }
        let middle = cases.len().div_ceil(2);
        for (offset, part) in [(0, &cases[..middle]), (middle, &cases[middle..])] {
            let verdict = self.failure_in(part, None)?.after(offset);
            if let Verdict::Fails(_) | Verdict::OnlyAfter(_) = verdict {
                return Ok(verdict);
            }
        }
        Ok(Verdict::OnlyAfter(cases.len() - 1))
    }

    /// The first of `candidates` that fails alone, in as few processes as it takes: the
    /// candidates run in one batch, and a candidate that fails only after others is passed
    /// over, the rest running in a new process. Runs started at `deadline` or later stop
    /// without a verdict ([`Verdict::Stopped`]); never [`Verdict::OnlyAfter`].
    pub(super) fn first_failing_alone(
        &mut self,
        candidates: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<Verdict, CheckError> {
        let mut offset = 0;
        while offset < candidates.len() {
            match self.first_failure_in_chunks(&candidates[offset..], deadline)? {
                Verdict::OnlyAfter(last) => offset += last + 1,
                other => return Ok(other.after(offset)),
            }
        }
        Ok(Verdict::Passes)
    }
}

/// One run judged in order, up to its first failure.
pub(super) enum Judged {
    Right,
    /// The search's time ran out after this many right answers.
    Stopped(usize),
    Wrong(usize, String),
    /// Not an answer at this index: why.
    Broken(usize, Fault),
    /// No answer at this index: why.
    Missing(usize, Fault),
    /// Every answer right, then a failure: too many answers, a crash, a limit.
    After(Fault),
}

/// Why a run whose `answered` answers to `cases` test cases were all right still failed: too
/// many answers, a crash or a limit after them.
pub(super) fn failure_after_answers(run: &Run, answered: usize, cases: usize) -> Option<Fault> {
    if answered > cases {
        return Some(Fault::TooManyAnswers { answered, cases });
    }
    run.ended_badly().map(Fault::Ended)
}

/// A seeded generator for instance `index` of seed `seed`: the same pair, the same instance.
pub(super) fn instance_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index)
}

/// How many random instances it takes to reach the judge's limits.
pub(super) const RAMP: f64 = 400.0;

/// The levels of instances the search runs before the random ones.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Level {
    /// Every small instance, or as many as the problem runs first.
    Small,
    /// The examples, the regressions, the deep ones.
    Fixed,
    /// The judge's largest.
    Largest,
}

/// The search's bounds: when it started, when `--seconds` ends it, how many instances
/// `--cases` allows.
pub(super) struct Search<'s> {
    pub(super) options: &'s Options,
    pub(super) started: Instant,
    pub(super) deadline: Instant,
    pub(super) most: u64,
}

/// Where a search ended: a failure found and reported (with the exit status), or how many
/// instances passed and whether `--seconds` stopped it.
pub(super) enum Searched {
    Reported(Outcome),
    Passed { tried: u64, stopped: bool },
}

impl Search<'_> {
    /// Named instances (the small ones, the fixed table, or the judge's largest) in growing
    /// chunks, after `tried` others, until `--seconds` ends; `in_order` as [`Self::reported`]
    /// takes it.
    pub(super) fn named<P: Problem>(
        &self,
        session: &mut Session<P>,
        named: &[(String, P::Case)],
        tried: u64,
        in_order: bool,
    ) -> Result<Searched, CheckError> {
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
            match self.reported(session, verdict, (&cases, in_order), tried, one, span)? {
                Ok(code) => Searched::Reported(code),
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

    /// Reports the failure that `verdict` found among `cases`, which came after `tried`
    /// others: `one` names an instance by its index, `span` the cases up to an index. Where
    /// `cases` are `in_order` (every instance up to a size, smallest first, and no other
    /// instance smaller), the first to fail is the smallest there is. Before a failure is
    /// shrunk, the rest of the small level runs, and the first of it to fail is reported in its
    /// place ([`Self::small_rest_reported`]). Any other verdict is handed back.
    fn reported<P: Problem>(
        &self,
        session: &mut Session<P>,
        verdict: Verdict,
        (cases, in_order): (&[P::Case], bool),
        tried: u64,
        one: impl Fn(usize) -> String,
        span: impl Fn(usize) -> String,
    ) -> Result<Result<Outcome, Verdict>, CheckError> {
        let failed_at = match verdict {
            Verdict::Fails(Found { index, .. }) | Verdict::OnlyAfter(index) => index,
            other => return Ok(Err(other)),
        };
        let instances = tried + failed_at as u64 + 1;
        let after = self.started.elapsed();
        let smaller_passed = match self.small_rest_reported(session, instances)? {
            Ok(code) => return Ok(Ok(code)),
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
                report(session, caught, minimised, diagnosis, judge_would)
            }
            // Only the two kinds above reach this point.
            _ => {
                let mut caught = self.caught(span(failed_at), instances);
                (caught.after, caught.smaller_passed) = (after, smaller_passed);
                let minimised = session.minimise_sequence(&cases[..=failed_at])?;
                report_sequence(session, caught, minimised)
            }
        }))
    }

    /// The rest of the small level ([`Session::small_rest`]), run once a larger instance has
    /// failed (the `instances`-th to run), before that one is shrunk: the first of them to
    /// fail is reported in its place, so that which instance is reported does not depend on
    /// how fast this machine ran the levels before. Counted, not timed: it runs to its end
    /// whatever `--seconds` says, as locating a failure does. When none fails alone: how
    /// many ran and how long they took, if any ran.
    fn small_rest_reported<P: Problem>(
        &self,
        session: &mut Session<P>,
        instances: u64,
    ) -> Result<Result<Outcome, Option<(usize, Duration)>>, CheckError> {
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
        Ok(Ok(report(
            session,
            caught,
            minimised,
            diagnosis,
            judge_would,
        )))
    }

    /// Seeded random instances, growing from the smallest to the judge's limits over [`RAMP`]
    /// instances, in batches that double up to 512; a progress line on a terminal.
    pub(super) fn random<P: Problem>(
        &self,
        session: &mut Session<P>,
        mut tried: u64,
    ) -> Result<Searched, CheckError> {
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
            match self.reported(session, verdict, (&cases, false), tried, one, span)? {
                Ok(code) => return Ok(Searched::Reported(code)),
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
    pub(super) fn caught(&self, origin: String, instances: u64) -> Caught {
        Caught {
            origin,
            instances,
            after: self.started.elapsed(),
            first_in_order: false,
            smaller_passed: None,
        }
    }
}

/// Runs `--check` for problem `P`: the outcome, or why there is none (the solution cannot be
/// built or run: exit 2).
pub fn run<P: Problem>(options: &Options, page: PageWriter<P>) -> Result<Outcome, CheckError> {
    let solvers = P::solvers();
    let expected = solvers.first().ok_or("the problem has no variant")?;
    // The user's own instances are read and checked before anything is built.
    let yours = match &options.input {
        Some(source) => Some(P::read_input(source)?),
        None => None,
    };
    let harnesses = crate::build::harness::of::<P>();
    let program = program::prepare(&options.solution, harnesses, P::JUDGE, &options.build)?;
    let mut session = Session::<P>::new(expected, program, options, page)?;
    // Built: the search's time starts now, and bounds every run of it.
    let started = Instant::now();
    let search = Search {
        options,
        started,
        deadline: started + Duration::from_secs_f64(options.seconds),
        most: options.cases.unwrap_or(u64::MAX),
    };
    if let (Some(yours), Some(source)) = (yours, &options.input) {
        return search.user_input(&mut session, yours, source);
    }
    let (mut tried, passed) = match search.levels(&mut session)? {
        Levels::Reported(outcome) => return Ok(outcome),
        Levels::Passed(passed) => (passed.tried, passed),
    };
    if tried < search.most && Instant::now() < search.deadline {
        match search.random(&mut session, tried)? {
            Searched::Reported(outcome) => return Ok(outcome),
            Searched::Passed { tried: now, .. } => tried = now,
        }
    }
    if tried == 0 {
        return Err(CheckError::Other(format!(
            "--seconds {} ran out before your program answered a test case; no verdict",
            options.seconds
        )));
    }
    Ok(pass(&session, &search, tried, &passed))
}

/// Where the levels before the random instances ended: a failure reported, or how many instances passed and whether the judge's largest all ran.
enum Levels {
    Reported(Outcome),
    Passed(LevelsPassed),
}

/// What the levels before the random instances showed when none failed.
pub(super) struct LevelsPassed {
    /// How many instances passed.
    pub(super) tried: u64,
    /// Whether the judge's largest all ran.
    pub(super) reached_largest: bool,
    /// How much of the small level passed, in words (`all 762 valid graphs of ... passed`,
    /// `the first 60 of the 328 legal games ... passed; the other 268 run only once a larger
    /// instance fails`), if there is one.
    pub(super) small: Option<String>,
}

impl Search<'_> {
    /// `--input`: the user's own instances in place of the search, named by their place.
    fn user_input<P: Problem>(
        &self,
        session: &mut Session<P>,
        yours: Vec<P::Case>,
        source: &str,
    ) -> Result<Outcome, CheckError> {
        let named: Vec<(String, P::Case)> = yours
            .into_iter()
            .enumerate()
            .map(|(at, case)| (format!("your input, test case {}", at + 1), case))
            .collect();
        match self.named(session, &named, 0, false)? {
            Searched::Reported(outcome) => Ok(outcome),
            Searched::Passed { tried, stopped } => {
                let all = if stopped { " (--seconds ran out)" } else { "" };
                let name = if source == "-" { "stdin" } else { source };
                Ok(Outcome::Pass(Pass {
                    problem: P::BIN,
                    build: session.program.build_info(),
                    summary: format!(
                        "no counterexample in {} of the {} instances of {name}{all}",
                        thousands(tried),
                        named.len()
                    ),
                    instances_run: tried,
                    seconds: self.started.elapsed().as_secs_f64(),
                    warnings: unreproduced(session),
                    small: None,
                }))
            }
        }
    }

    /// The levels before the random instances, in order: the small level's first instances
    /// (a count: [`Problem::small_first`]), the fixed tables, the judge's largest; the small
    /// level's others are kept in the session for after a larger failure.
    fn levels<P: Problem>(&self, session: &mut Session<P>) -> Result<Levels, CheckError> {
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
                Searched::Reported(outcome) => return Ok(Levels::Reported(outcome)),
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

/// Whether this machine has two cores or more, for two runs at once.
fn two_cores() -> bool {
    std::thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2)
}
