//! A search's session with the user's program: its runs (in batches, two at once on two
//! cores, stopped at the first failure), each judged against the expected answers, and a
//! failure located to the instance that fails alone (or the sequence that fails only
//! together). Uses the build's program, the sandbox's runs, the problems and the plan's
//! [`Cases`], made as the runs reach them.

use super::error::{CheckError, Internal};
use super::options::{OnProgress, Options, Progress};
use super::plan::Cases;
use super::runner::Runner;
use crate::problems::{Measure, Problem, Size, Solver};
use crate::sandbox::places::cores;
use crate::sandbox::{Ended, Ending, Limits, Run};
use std::cell::Cell;

use std::time::{Duration, Instant};

/// Why the user's program failed on one instance.
pub enum Failure {
    /// It answered, wrongly: its answer as the judge reads it.
    Wrong(String),
    /// It crashed, hung, went past a limit, or printed what is not an answer.
    Broken(Fault),
}

impl Failure {
    /// The time-out this failure is, if it is one: no answer within the time limit, or a
    /// run past its whole time.
    pub fn too_slow(&self) -> Option<&crate::sandbox::Ended> {
        match self {
            Failure::Broken(Fault::Ended(ended)) if ended.timed_out() => Some(ended),
            _ => None,
        }
    }
}

/// What went wrong with a run other than a wrong answer, as data until a report words it.
#[derive(Debug, Clone)]
pub enum Fault {
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

    /// Whether it is a time-out of a run that waited (sleeps, blocks) rather than computed.
    fn waited(&self) -> bool {
        matches!(self, Fault::Ended(ended) if ended.waited())
    }
}

/// A failure that did not happen again when its instance ran alone: a stall of the machine,
/// or a program that does not fail the same way twice.
#[derive(Debug, Clone)]
pub struct Unreproduced {
    pub fault: Fault,
    /// The instance's size, as the report states it and by the problem's measure.
    pub size: Size,
    pub measure: Measure,
}

/// A failing instance found among a list, and why.
pub struct FailedAt {
    pub index: usize,
    pub failure: Failure,
    /// What the run that showed it printed besides its answers.
    pub printed: Printout,
}

/// What one run printed on stdout besides its answers: its start, as kept, and how many bytes
/// it printed in all.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Printout {
    pub text: String,
    pub bytes: u64,
}

/// What the runs of a check printed on stdout besides their answers, as a judge shows a
/// program's own output: how much in all, in how many runs, and the start of the first such
/// run's.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Printed {
    pub bytes: u64,
    pub runs: usize,
    pub first: String,
    /// A test case of the first run that printed which prints when run alone, as a judge
    /// shows a test case's own output beside it; `None` where none was looked for or none
    /// printed alone (what it printed needs the calls before it).
    pub alone: Option<PrintedAlone>,
}

/// A test case that printed when run alone: found by halving the first run that printed (the
/// first half first, so it is the first of that run's test cases to print alone, where those
/// before it print nothing in any company).
#[derive(Debug, Clone, PartialEq)]
pub struct PrintedAlone {
    /// As the judge's input writes it.
    pub instance: String,
    /// Its size, as the report states it and by the problem's measure.
    pub size: Size,
    pub measure: Measure,
    /// What it printed alone.
    pub printed: Printout,
    /// The runs the halving took.
    pub runs: usize,
}

/// The test case that took the most CPU time of any answered (the time since the answer
/// before it, or since its process started: what a test case's time limit bounds), and that
/// time.
#[derive(Debug, Clone, PartialEq)]
pub struct Slowest {
    pub cpu: Duration,
    /// Its size, as the report states it and by the problem's measure.
    pub size: Size,
    pub measure: Measure,
    /// Where its answer came together with others (how many in all): then `cpu` is what the
    /// group took since the answer before it, a bound on each of them, and the size is the
    /// group's largest.
    pub together: Option<usize>,
}

/// What the runs so far showed of the program beside its answers: what it printed, its slowest
/// test case, the most memory it was seen to hold. The margins a pass states.
#[derive(Debug, Clone, Default)]
pub struct Measured {
    pub printed: Printed,
    pub slowest: Option<Slowest>,
    /// In bytes.
    pub most_seen_held: u64,
}

/// What one run leaves besides its verdict: what a report may show of it.
pub struct Record {
    /// What it printed besides its answers.
    pub printed: Printout,
    /// Its answers channel, as printed.
    pub answers: String,
    /// Whether it was stopped for printing too much.
    pub flooded: bool,
}

impl RunResult {
    /// The verdict on cases that followed `offset` others, which passed.
    pub fn after(self, offset: usize) -> RunResult {
        match self {
            RunResult::Fails(found) => RunResult::Fails(FailedAt {
                index: offset + found.index,
                ..found
            }),
            RunResult::OnlyAfter { from, last } => RunResult::OnlyAfter {
                from: offset + from,
                last: offset + last,
            },
            RunResult::Passes => RunResult::Passes,
            RunResult::Stopped(answered) => RunResult::Stopped(offset + answered),
        }
    }
}

/// What running a list of instances showed.
pub enum RunResult {
    Fails(FailedAt),
    /// A run of the instances `from` up to `last` (one process) fails, though `last` passes
    /// alone.
    OnlyAfter {
        from: usize,
        last: usize,
    },
    Passes,
    /// The search's time ran out after this many instances (a prefix) were answered right.
    Stopped(usize),
}

/// One `--check` session: the problem, the user's program, where it runs, and what it has
/// cost so far.
pub struct Session<'p, P: Problem> {
    pub expected: &'p Solver<P::Case, P::Answer>,
    pub program: Box<dyn Runner<P>>,
    pub limit: Duration,
    pub memory: u64,
    /// How long shrinking may take (`--shrink-seconds`).
    pub shrink_time: Duration,
    /// How much CPU time the diagnosis may take (`--diagnose-seconds`).
    pub diagnose_time: Duration,
    pub runs: usize,
    /// Whether any run has answered a test case yet, and whether `--seconds` lets a first
    /// test case have its whole time limit (it is at least that limit). Until an answer
    /// comes, such a `--seconds` stops no run: a program slow from its start (a loop at a
    /// file's top level, a first test case that needs all its time) gets a verdict, `too
    /// slow` or an answer, and not "no verdict" on a busy machine, where its CPU time comes
    /// slowly. A `--seconds` below the limit is the user's choice of no verdict.
    pub answered_once: bool,
    first_case_whole: bool,
    /// What the runs so far cost: the program's CPU time, and [`RUN_CHARGE`] a run.
    pub spent: Duration,
    /// The CPU time of every run of the program so far, those stopped for nothing included:
    /// what the check cost in the program's CPU.
    pub program_cpu: Duration,
    /// Where [`Self::spent`] ends the work under way (shrinking), if anything bounds it: no
    /// run starts past it, so that what is done depends on the program's CPU time, not on
    /// the machine's load.
    pub budget: Option<Duration>,
    /// How many test cases the runs so far were judged on (up to each run's first failure).
    pub cases_judged: Cell<usize>,
    /// The solution as the user named it, for the commands a report ends with.
    pub solution: String,
    /// Failures that did not happen again when run again: what and on what size.
    pub unreproduced: Vec<Unreproduced>,
    /// Whether runs of one game go one at a time: while shrinking, where the first candidate
    /// fails as often as not and a second run at once only slows it (noi2011's 40x40 game:
    /// 32 s of shrinking alone, 37 s two at once).
    pub one_at_a_time: bool,
    /// How many processes run at once where nothing holds them to one (`--jobs`, or the
    /// cores; never more than the cores).
    pub at_once: usize,
    /// While the plan runs and the caller watches: how many instances it has, and whom to
    /// tell how far it has run.
    pub progress: Option<(usize, OnProgress)>,
    /// What its runs showed beside their answers (kept as runs are judged, by `&self`).
    pub measured: std::cell::RefCell<Measured>,
    /// The test cases of the first run that printed besides its answers, and what it printed,
    /// for [`Self::printed_alone`].
    first_printing: Option<(Vec<P::Case>, Printout)>,
}

/// The test cases of the first process of a list run in growing chunks.
pub const FIRST_CHUNK: usize = 8;

/// What a process may take beyond its test cases' limits: starting up (a JVM takes a while).
pub const START_UP: Duration = Duration::from_secs(2);

/// What a budget ([`Session::budget`]) charges each run besides the program's CPU time: about
/// what setting a sandbox up and starting a process cost (12 ms measured), so that a budget
/// also bounds the runs of a program that uses almost no CPU (noi2011's, one game a run).
pub const RUN_CHARGE: Duration = Duration::from_millis(20);

/// The most test cases a process takes: a batch is never cut short by a budget, so this
/// bounds how far past it one may go, and processes of this size keep every core busy to the
/// plan's end.
const MOST_CHUNK: usize = 512;

/// The sizes of the processes that run a list of `count` test cases: 8, 32, 128, then 512
/// each. A count, never a time, and the same however many run at once, so that the same test
/// cases share a process on any machine and a solution that keeps state between calls fails
/// on the same sequence.
fn chunks(count: usize) -> Vec<usize> {
    let (mut sizes, mut covered, mut chunk) = (Vec::new(), 0, FIRST_CHUNK);
    while covered < count {
        sizes.push(chunk.min(count - covered));
        covered += chunk;
        chunk = (chunk * 4).min(MOST_CHUNK);
    }
    sizes
}

impl<'p, P: Problem> Session<'p, P> {
    /// A session of `program` on the problem, against the `expected` variant, as `options`
    /// say.
    pub fn new(
        expected: &'p Solver<P::Case, P::Answer>,
        program: Box<dyn Runner<P>>,
        options: &Options,
    ) -> Self {
        let limit = options.time_limit.unwrap_or(program.time_limit());
        Session {
            expected,
            program,
            limit,
            memory: options.memory_limit,
            shrink_time: options.shrink_time,
            diagnose_time: options.diagnose_time,
            runs: 0,
            answered_once: false,
            first_case_whole: options
                .seconds
                .is_none_or(|seconds| limit.as_secs_f64() <= seconds),
            spent: Duration::ZERO,
            program_cpu: Duration::ZERO,
            budget: None,
            cases_judged: Cell::new(0),
            solution: options.solution.clone(),
            unreproduced: Vec::new(),
            one_at_a_time: false,
            // More than the cores would leave each run too little of a core for the rule that
            // tells a run that waits from one that computes (`Spent::waited`).
            at_once: options
                .jobs
                .map_or_else(cores, |jobs| jobs as usize)
                .clamp(1, cores().max(1)),
            progress: None,
            measured: std::cell::RefCell::default(),
            first_printing: None,
        }
    }

    /// The plan's runs ended: the watcher told so.
    pub(in crate::search) fn end_progress(&mut self) {
        if let Some((_, tell)) = self.progress.take() {
            tell(Progress::Ended);
        }
    }

    /// Whether one process takes many test cases: harnessed LeetCode solutions and commands
    /// of the LeetCode problems do, noi2011's judge programs take one game a run.
    pub(in crate::search) fn batches(&self) -> bool {
        P::harness().is_some()
    }

    /// The first of `cases` on which the program fails, in growing chunks ([`chunks`]: 8, 32,
    /// 128, then 512 a process) where it takes many a process: the cases come smallest first,
    /// and a failure among the first few is found without running the large ones after it,
    /// which a slow program may take seconds on. Runs started at `deadline` or later stop
    /// without a verdict.
    pub(in crate::search) fn first_failure_in_chunks(
        &mut self,
        cases: &mut Cases<P::Case>,
        deadline: Option<Instant>,
    ) -> Result<RunResult, CheckError> {
        // One game a run where the program takes one: nothing carries over, and each game is
        // made as its run comes.
        let total = cases.len();
        let sizes = match self.batches() {
            true => chunks(total),
            false => vec![1; total],
        };
        self.first_failure_in_parts(cases, sizes, deadline)
    }

    /// The first failure among `cases`, cut into parts of these `sizes`, each a process, in
    /// order. Up to [`Self::at_once`] parts run at once, but one at a time while shrinking
    /// ([`Session::one_at_a_time`]) or under a budget: it counts CPU time, which a run stopped
    /// for nothing would spend at a rate that depends on the machine's load. Whatever runs at
    /// once, the verdict is the first failure in the parts' order. Once the budget is spent,
    /// no part starts ([`RunResult::Stopped`]).
    fn first_failure_in_parts(
        &mut self,
        cases: &mut Cases<P::Case>,
        sizes: Vec<usize>,
        deadline: Option<Instant>,
    ) -> Result<RunResult, CheckError> {
        let total = cases.len();
        let at_once = match self.one_at_a_time || self.budget.is_some() {
            true => 1,
            false => self.at_once,
        };
        let mut parts = Vec::new();
        let mut offset = 0;
        for size in sizes {
            parts.push(offset..offset + size);
            offset += size;
        }
        let mut next = 0;
        while next < parts.len() {
            let start = parts[next].start;
            if self.over_budget() {
                return Ok(RunResult::Stopped(start));
            }
            let group = &parts[next..(next + at_once).min(parts.len())];
            let cases = cases.up_to(group.last().map_or(start, |part| part.end));
            let verdict = match group {
                [one] => self.failure_in(&cases[one.clone()], deadline)?,
                _ => {
                    let group: Vec<&[P::Case]> =
                        group.iter().map(|part| &cases[part.clone()]).collect();
                    self.first_failure_of_group(&group, deadline)?
                }
            };
            match verdict {
                RunResult::Passes => next += group.len(),
                other => return Ok(other.after(start)),
            }
            if let Some((planned, tell)) = &self.progress {
                let done = parts.get(next).map_or(total, |part| part.start);
                let planned = *planned;
                tell(Progress::Ran { done, planned });
            }
        }
        Ok(RunResult::Passes)
    }

    /// `parts` (each after the one before it) in as many processes at once: the verdict on
    /// the first part, or when it passes, on the next, and so on. Once a part fails in its
    /// run, the parts after it are stopped at once, their runs count for nothing, and if the
    /// failure is not confirmed (a time-out that did not happen again), they run again.
    fn first_failure_of_group(
        &mut self,
        parts: &[&[P::Case]],
        deadline: Option<Instant>,
    ) -> Result<RunResult, CheckError> {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let prepared: Vec<Limits> = parts
            .iter()
            .enumerate()
            .map(|(at, part)| {
                let mut limits = self.settling(part, deadline);
                limits.stop = Some(stop.clone());
                // Only the first part may run past `--seconds` before any answer came (see
                // `answered_once`): one at a time, the next would have had an answer by then.
                if at > 0 {
                    limits.deadline = deadline;
                }
                limits
            })
            .collect();
        let program = &*self.program;
        // Each part's run, judged in order up to the first that is not right; the runs after
        // it were stopped and are left unjudged.
        let runs: Vec<Result<(Run, Option<Judged>), CheckError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .iter()
                .zip(&prepared)
                .map(|(part, limits)| scope.spawn(move || program.run(part, limits)))
                .collect();
            let mut runs = Vec::new();
            let mut failed = false;
            for (part, handle) in parts.iter().zip(handles) {
                let run = match handle.join() {
                    Ok(run) => run,
                    Err(_) => Err(CheckError::Internal(Internal::RunPanicked)),
                };
                runs.push(run.map(|run| {
                    let judged = (!failed).then(|| self.judged(part, &run));
                    if !matches!(judged, None | Some(Judged::Right)) {
                        failed = true;
                        stop.store(true, std::sync::atomic::Ordering::SeqCst);
                    }
                    (run, judged)
                }));
            }
            runs
        });
        // The runs stopped for nothing spent their CPU time all the same.
        for (run, judged) in runs.iter().flatten() {
            if judged.is_none() {
                self.program_cpu += run.spent.cpu;
            }
        }
        let mut offset = 0;
        for (at, (part, run)) in parts.iter().zip(runs).enumerate() {
            let (run, judged) = run?;
            let Some(judged) = judged else { break };
            let failed_in_its_run = !matches!(judged, Judged::Right);
            let record = self.keep(part, run);
            match self.located(part, (judged, record), deadline)? {
                RunResult::Passes => offset += part.len(),
                other => return Ok(other.after(offset)),
            }
            if failed_in_its_run {
                // This part failed in its run but passes after all, and the parts after it were
                // stopped for nothing: they run again.
                let rest: Vec<P::Case> = parts[at + 1..]
                    .iter()
                    .flat_map(|part| part.iter().cloned())
                    .collect();
                let sizes = parts[at + 1..].iter().map(|part| part.len()).collect();
                return Ok(self
                    .first_failure_in_parts(&mut Cases::given(&rest), sizes, deadline)?
                    .after(offset));
            }
        }
        Ok(RunResult::Passes)
    }

    /// What one run of the program on `cases` may use.
    pub(in crate::search) fn limits(&self, cases: &[P::Case], deadline: Option<Instant>) -> Limits {
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
    pub(in crate::search) fn over_budget(&self) -> bool {
        self.budget.is_some_and(|budget| self.spent >= budget)
    }

    /// [`Self::limits`], the run stopped at its first wrong answer where it takes many test
    /// cases: the rest would run for nothing, as the failure is then run alone.
    fn settling(&self, cases: &[P::Case], deadline: Option<Instant>) -> Limits {
        let mut limits = self.limits(cases, deadline);
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
        limits
    }

    /// Notes a failure on `case` that did not happen again when it ran alone.
    pub(in crate::search) fn unreproduced(&mut self, case: &P::Case, why: &Fault) {
        self.unreproduced.push(Unreproduced {
            fault: why.clone(),
            size: P::size(case),
            measure: Measure::of::<P>(case),
        });
    }

    /// One process on `cases`, judged up to its first failure, which is not located further,
    /// with its record.
    pub(in crate::search) fn judged_run(
        &mut self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<(Judged, Record), CheckError> {
        let limits = self.settling(cases, deadline);
        let run = self.program.run(cases, &limits)?;
        let judged = self.judged(cases, &run);
        Ok((judged, self.keep(cases, run)))
    }

    /// `run` counted, and what a report may show of it.
    pub(in crate::search) fn keep(&mut self, cases: &[P::Case], run: Run) -> Record {
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
        self.program_cpu += run.spent.cpu;
        let measured = self.measured.get_mut();
        measured.most_seen_held = measured.most_seen_held.max(run.most_seen_held);
        if run.printed_bytes > 0 {
            let printed = &mut measured.printed;
            if printed.runs == 0 {
                printed.first.clone_from(&run.printed);
                let printout = Printout {
                    text: run.printed.clone(),
                    bytes: run.printed_bytes,
                };
                self.first_printing = Some((cases.to_vec(), printout));
            }
            printed.bytes += run.printed_bytes;
            printed.runs += 1;
        }
        Record {
            flooded: matches!(run.ending, Ending::Flood { .. }),
            printed: Printout {
                text: run.printed,
                bytes: run.printed_bytes,
            },
            answers: run.answers,
        }
    }

    /// Where the runs printed besides their answers: a test case of the first run that printed
    /// which prints alone, found by halving that run's test cases (the first half first), and
    /// kept in [`Measured::printed`]. At most two runs a halving, the runs not counted among the
    /// check's (they judge nothing); none where the run had one test case.
    pub(in crate::search) fn printed_alone(&mut self) -> Result<(), CheckError> {
        let Some((mut cases, mut printed)) = self.first_printing.take() else {
            return Ok(());
        };
        let mut runs = 0;
        while cases.len() > 1 {
            let middle = cases.len().div_ceil(2);
            let second = cases.split_off(middle);
            let mut printing = None;
            for part in [cases, second] {
                let run = self.program.run(&part, &self.limits(&part, None))?;
                runs += 1;
                if run.printed_bytes > 0 {
                    printed = Printout {
                        text: run.printed,
                        bytes: run.printed_bytes,
                    };
                    printing = Some(part);
                    break;
                }
            }
            let Some(part) = printing else {
                return Ok(());
            };
            cases = part;
        }
        let Some(case) = cases.first() else {
            return Ok(());
        };
        self.measured.get_mut().printed.alone = Some(PrintedAlone {
            instance: P::judge_text(case),
            size: P::size(case),
            measure: Measure::of::<P>(case),
            printed,
            runs,
        });
        Ok(())
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
        self.note_slowest(cases, run, count);
        judged
    }

    /// Keeps `run`'s slowest answer (among the first `answered` of `cases`) if it took longer
    /// than any before it: one told apart, or answers that came together, bounded by what the
    /// group took. A process of one test case took its whole CPU time for it.
    fn note_slowest(&self, cases: &[P::Case], run: &Run, answered: usize) {
        let answered_cases = cases.get(..answered).unwrap_or(cases);
        let alone = match (run.slowest_answer, answered_cases) {
            (_, [case]) if cases.len() == 1 => Some((case, run.spent.cpu, None)),
            (Some((line, cpu)), _) => answered_cases.get(line).map(|case| (case, cpu, None)),
            _ => None,
        };
        let together = match (run.slowest_together, answered_cases) {
            (_, [_]) if cases.len() == 1 => None,
            (None, _) => None,
            (Some((first, count, cpu)), _) => {
                let group = answered_cases.iter().skip(first).take(count);
                let count = group.clone().count();
                let largest = group.max_by_key(|case| P::measure(case));
                largest.map(|case| (case, cpu, Some(count)))
            }
        };
        let slowest = match (alone, together) {
            (Some(alone), Some(together)) if together.1 > alone.1 => Some(together),
            (Some(alone), _) => Some(alone),
            (None, together) => together,
        };
        let Some((case, cpu, together)) = slowest else {
            return;
        };
        let kept = &mut self.measured.borrow_mut().slowest;
        if kept.as_ref().is_none_or(|kept| cpu > kept.cpu) {
            *kept = Some(Slowest {
                cpu,
                size: P::size(case),
                measure: Measure::of::<P>(case),
                together,
            });
        }
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
    /// the last good answer on. A failure that does not happen alone is [`RunResult::OnlyAfter`].
    pub(in crate::search) fn failure_in(
        &mut self,
        cases: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<RunResult, CheckError> {
        if cases.is_empty() {
            return Ok(RunResult::Passes);
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
    ) -> Result<RunResult, CheckError> {
        let single = cases.len() == 1;
        let printed = record.printed;
        let fails = |index, failure| {
            let printed = printed.clone();
            Ok(RunResult::Fails(FailedAt {
                index,
                failure,
                printed,
            }))
        };
        if record.flooded && !single {
            return self.flood_in_halves(cases);
        }
        match judged {
            Judged::Right => Ok(RunResult::Passes),
            Judged::Stopped(answered) => Ok(RunResult::Stopped(answered)),
            // The first test case of a process ran as it does alone: nothing came before it.
            Judged::Wrong(index, answer) if single || index == 0 => {
                fails(index, Failure::Wrong(answer))
            }
            Judged::Wrong(index, _) => self.alone_or_after(cases, index),
            // A wait is the program's at once, on the first test case of its run or alone:
            // no second wait of tens of seconds confirms what a loaded machine cannot cause.
            Judged::Missing(index, why) if why.waited() && (single || index == 0) => {
                fails(index, Failure::Broken(why))
            }
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
            Judged::Missing(index, why) if why.timed_out() && self.program.harnessed() => {
                match self.times_out_again(&cases[index..=index], why)? {
                    RunResult::Fails(found) => Ok(RunResult::Fails(FailedAt { index, ..found })),
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
    fn flood_in_halves(&mut self, cases: &[P::Case]) -> Result<RunResult, CheckError> {
        let middle = cases.len().div_ceil(2);
        for (offset, part) in [(0, &cases[..middle]), (middle, &cases[middle..])] {
            match self.failure_in(part, None)?.after(offset) {
                RunResult::Passes => {}
                other => return Ok(other),
            }
        }
        Ok(RunResult::Passes)
    }

    /// The one instance of `cases`, which timed out (`why`), run again: the time-out is
    /// the program's only if that run fails too.
    fn times_out_again(&mut self, cases: &[P::Case], why: Fault) -> Result<RunResult, CheckError> {
        let (judged, record) = self.judged_run(cases, None)?;
        let fails = |failure| {
            Ok(RunResult::Fails(FailedAt {
                index: 0,
                failure,
                printed: record.printed,
            }))
        };
        match judged {
            Judged::Right => {
                self.unreproduced(&cases[0], &why);
                Ok(RunResult::Passes)
            }
            Judged::Missing(_, why) | Judged::Broken(_, why) | Judged::After(why) => {
                fails(Failure::Broken(why))
            }
            Judged::Wrong(_, answer) => fails(Failure::Wrong(answer)),
            Judged::Stopped(_) => Ok(RunResult::Stopped(0)),
        }
    }

    /// `cases[index]`, which failed in a run of `cases`, run alone: its own failure, or
    /// [`RunResult::OnlyAfter`] if it passes alone.
    pub(in crate::search) fn alone_or_after(
        &mut self,
        cases: &[P::Case],
        index: usize,
    ) -> Result<RunResult, CheckError> {
        Ok(match self.failure_in(&cases[index..=index], None)? {
            RunResult::Fails(found) => RunResult::Fails(FailedAt { index, ..found }),
            _ => RunResult::OnlyAfter {
                from: 0,
                last: index,
            },
        })
    }

    /// The failure in a run of `cases` that broke at `from`: the program prints each answer
    /// as it comes, so the instance at `from` is the suspect and runs alone first; without any
    /// answer to go by (`from` 0), the cases are halved. If no part fails by itself, the
    /// failure needs what came before it ([`RunResult::OnlyAfter`]). Locating a failure is not
    /// stopped by the search's clock.
    pub(in crate::search) fn broken_at(
        &mut self,
        cases: &[P::Case],
        from: usize,
    ) -> Result<RunResult, CheckError> {
        if from > 0 {
            return self.alone_or_after(cases, from);
        }
        let middle = cases.len().div_ceil(2);
        for (offset, part) in [(0, &cases[..middle]), (middle, &cases[middle..])] {
            let verdict = self.failure_in(part, None)?.after(offset);
            if let RunResult::Fails(_) | RunResult::OnlyAfter { .. } = verdict {
                return Ok(verdict);
            }
        }
        Ok(RunResult::OnlyAfter {
            from: 0,
            last: cases.len() - 1,
        })
    }

    /// The first of `candidates` that fails alone, in as few processes as it takes: the
    /// candidates run in one batch, and a candidate that fails only after others is passed
    /// over, the rest running in a new process. Runs started at `deadline` or later stop
    /// without a verdict ([`RunResult::Stopped`]); never [`RunResult::OnlyAfter`].
    pub(in crate::search) fn first_failing_alone(
        &mut self,
        candidates: &[P::Case],
        deadline: Option<Instant>,
    ) -> Result<RunResult, CheckError> {
        let mut offset = 0;
        while offset < candidates.len() {
            let mut rest = Cases::given(&candidates[offset..]);
            match self.first_failure_in_chunks(&mut rest, deadline)? {
                RunResult::OnlyAfter { last, .. } => offset += last + 1,
                other => return Ok(other.after(offset)),
            }
        }
        Ok(RunResult::Passes)
    }
}

/// One run judged in order, up to its first failure.
pub enum Judged {
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
pub(in crate::search) fn failure_after_answers(
    run: &Run,
    answered: usize,
    cases: usize,
) -> Option<Fault> {
    if answered > cases {
        return Some(Fault::TooManyAnswers { answered, cases });
    }
    run.ended_badly().map(Fault::Ended)
}
