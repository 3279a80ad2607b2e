//! What `--check` found, as one value ([`Outcome`]): the search finds and shrinks a failure,
//! [`super::gather`] makes the value of it, and the render layer writes it as the text report
//! or as one JSON object (`--json`); nothing is printed before it exists. No I/O here. Uses
//! `build::built`, `problems` (`Measure`, `Range`, `Size`), `sandbox` (a run's record),
//! `search::caught`, `search::diagnosis`, `search::error`, `search::judge_rerun`,
//! `search::minimise`, `search::plan`, `search::session`.

use crate::build::built::BuildInfo;
use crate::problems::{Measure, Range, Size};
use crate::sandbox;
use crate::search::caught::Origin;
use crate::search::diagnosis::Diagnosis;
use crate::search::error::CheckError;
use crate::search::judge_rerun::JudgeWould;
use crate::search::minimise::Minimality;
use crate::search::plan::{InstanceName, PlanRan};
use crate::search::session::{Fault, Printed, Printout, Slowest, Unreproduced};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The exit status of a check whose plan `--seconds` cut short: neither a pass (0) nor a
/// counterexample (1), nor an error that kept the check from running (2).
pub const NOT_FINISHED: u8 = 3;

/// The verdict, and what a report of it needs.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// No counterexample in the whole plan.
    Pass(Pass),
    /// No counterexample in what ran, but `--seconds` ended the search before the plan's
    /// end: no verdict.
    NotFinished(Pass),
    /// A failing instance, or a sequence of test cases that fails only in one process.
    Fails(Box<Failed>),
}

/// No counterexample in what ran: the plan, and how much of it.
#[derive(Debug, Clone)]
pub struct Pass {
    pub problem: &'static str,
    pub build: BuildInfo,
    pub plan: PlanRan,
    /// The sizes the random instances cover.
    pub range: Range,
    /// `--seconds`, if the user set that backstop.
    pub backstop: Option<f64>,
    pub seconds: f64,
    /// The CPU time of every run of the program, in seconds.
    pub program_cpu: f64,
    /// Failures that did not happen again when run alone.
    pub unreproduced: Vec<Unreproduced>,
    /// What its runs printed besides their answers, and how many runs there were.
    pub printed: Printed,
    pub runs: usize,
    /// How close the runs came to the limits.
    pub margins: Margins,
}

/// How close a pass's runs came to the judge's limits.
#[derive(Debug, Clone)]
pub struct Margins {
    /// The test case that took the most CPU time, and the limit a test case had.
    pub slowest: Option<Slowest>,
    pub time_limit: Duration,
    /// The most memory a run was seen to hold, sampled, and the memory limit, in bytes.
    pub most_seen_held: u64,
    pub memory_limit: u64,
}

/// What the program did on the reported test case.
#[derive(Debug, Clone)]
pub enum Yours {
    /// A wrong answer, as the judge reads it.
    Answer(String),
    /// Wrong answers to a sequence, one a test case.
    Answers(Vec<String>),
    /// A crash, a limit, output that is not an answer.
    Fault(Fault),
    /// Right when run again alone: what it did the first time.
    Flaky(FirstTime),
    /// A sequence that failed once and answered every test case right when run again.
    RightThisTime,
}

/// What a flaky program did the first time, before it answered right.
#[derive(Debug, Clone)]
pub enum FirstTime {
    Answered(String),
    Failed(Fault),
}

/// A counterexample: one instance, or a sequence of test cases in one process.
#[derive(Debug, Clone)]
pub struct Failed {
    pub problem: &'static str,
    pub build: BuildInfo,
    /// What fails: one instance, or test cases only together.
    pub reported: Reported,
    /// Where the search found it, and what shrinking did and showed of its size.
    pub found: Found,
    pub yours: Yours,
    /// The right answers, one a test case.
    pub expected: Vec<String>,
    /// What the program printed besides its answers, in the run that showed the failure.
    pub printed: Printout,
    /// What a time-out spent, when the failure is one (a verdict of its own: no expected
    /// answer, no explanation).
    pub too_slow: Option<TooSlow>,
    /// The failing test case played out, and what asking the program about it showed.
    pub explained: Explained,
    /// What the user can do next: the page written, the instances saved for the commands.
    pub next: NextSteps,
    /// What the check ran and took.
    pub ran: Ran,
}

/// What fails, in the command line's input format.
#[derive(Debug, Clone)]
pub enum Reported {
    /// One instance, its size as the report states it and by the problem's measure.
    Instance {
        instance: String,
        size: Size,
        measure: Measure,
    },
    /// Test cases that fail only together, in one process: the `failing` one (from 0), and
    /// whether it passes when run alone (the solution keeps state between calls).
    Sequence {
        instances: Vec<String>,
        failing: usize,
        passes_alone: bool,
    },
}

impl Reported {
    /// The instance's size by the problem's measure; none for a sequence.
    pub fn measure(&self) -> Option<&Measure> {
        match self {
            Reported::Instance { measure, .. } => Some(measure),
            Reported::Sequence { .. } => None,
        }
    }
}

/// Where in the plan a failure was found, and what shrinking did and showed of it.
#[derive(Debug, Clone)]
pub struct Found {
    pub origin: Origin,
    /// Where the plan's run failed first (its place from 1, and its name), when a smaller
    /// instance run after it is reported.
    pub first_failure: Option<(u64, InstanceName)>,
    pub shrinking: Shrinking,
    /// What the report claims of its size, no more than was shown.
    pub smallest: Minimality,
}

/// The failing test case explained: its line of optimal play (the problem's own words,
/// which `--explain` prints too), and what the program said of its positions.
#[derive(Debug, Clone)]
pub struct Explained {
    pub why: String,
    /// What asking the program about every position of the instance showed, if it was asked.
    pub diagnosis: Option<Diagnosis>,
    /// What the judge's own build showed, where only an extra check caught the fault.
    pub judge_would: Option<JudgeWould>,
}

/// What a failure's report offers next: the page `--html` asked for, and the commands that
/// rerun and play out the instances (as facts; render writes the commands).
#[derive(Debug, Clone)]
pub struct NextSteps {
    pub page: Option<PageWritten>,
    /// The problem's binary, the solution as given and where the instances were saved;
    /// none where they could not be.
    pub saved: Option<Saved>,
    /// Whether the instance can be played out (not after a time-out, which says nothing of
    /// the game).
    pub explainable: bool,
}

/// The instances a report shows, saved whole in the command line's input format.
#[derive(Debug, Clone)]
pub struct Saved {
    pub bin: &'static str,
    pub solution: String,
    pub path: PathBuf,
}

/// The page `--html` asked for: written at its path, or not, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageWritten {
    At(String),
    NotWritten(PageError),
}

/// Why a page was not made or not written, as facts (render words them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageError {
    /// The instance makes more than a page holds: its size, and the items it makes (its
    /// positions; for a recorded game, its cells and moves, and one).
    TooLarge { size: Size, items: usize },
    /// The file could not be written: its path, and the system's error in its own words.
    Unwritable { path: String, cause: String },
}

/// What a check ran before its report: failures not seen again alone, where and when it was
/// caught and what each step took, the instances run and the seconds in all.
#[derive(Debug, Clone)]
pub struct Ran {
    pub unreproduced: Vec<Unreproduced>,
    pub caught: CaughtFacts,
    pub instances_run: u64,
    pub seconds: f64,
}

/// How a check ended: the one verdict the table of several files, the text report and the
/// JSON read (each in its own words, in the render layer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    WrongAnswer,
    TooSlow,
    /// A crash, a limit other than time, or output that is not an answer.
    Crash,
    /// Failed once, then passed when run again alone.
    Flaky,
    /// The judge's build refused it.
    CompileError,
    /// No verdict: a missing tool, no sandbox, a command that cannot start.
    Error,
    /// Still running when Ctrl-C came.
    Interrupted,
    /// Not started when Ctrl-C came.
    NotRun,
    /// `--seconds` ended it before its plan's end: no verdict.
    NotFinished,
}

impl Verdict {
    /// The verdict of a check that ended with `result`.
    pub fn of(result: &Result<Outcome, CheckError>) -> Verdict {
        match result {
            Ok(outcome) => Verdict::of_outcome(outcome),
            Err(error) => Verdict::of_error(error),
        }
    }

    /// The verdict of a check that ended with `outcome`.
    pub fn of_outcome(outcome: &Outcome) -> Verdict {
        match outcome {
            Outcome::Pass(_) => Verdict::Pass,
            Outcome::NotFinished(_) => Verdict::NotFinished,
            Outcome::Fails(failed) => Verdict::of_failed(failed),
        }
    }

    /// The verdict of a counterexample or a failing sequence.
    pub fn of_failed(failed: &Failed) -> Verdict {
        if failed.too_slow.is_some() {
            return Verdict::TooSlow;
        }
        match &failed.yours {
            Yours::Answer(_) | Yours::Answers(_) => Verdict::WrongAnswer,
            Yours::Fault(_) => Verdict::Crash,
            Yours::Flaky(_) | Yours::RightThisTime => Verdict::Flaky,
        }
    }

    /// The verdict of a check that ended with `error`: a compile error where the judge's build
    /// refused the program, else none.
    pub fn of_error(error: &CheckError) -> Verdict {
        match error {
            CheckError::Refused(refusal) if refusal.is_verdict() => Verdict::CompileError,
            _ => Verdict::Error,
        }
    }

    /// The exit status of a check with this verdict, the same for one file, for each file of a
    /// folder and under `--json`: 0 a pass, 1 the solution fails (a compile error included: the
    /// judge's build refused it), 2 no verdict, [`NOT_FINISHED`] a plan `--seconds` cut short.
    pub fn exit_status(self) -> u8 {
        match self {
            Verdict::Pass => 0,
            _ if self.fails() => 1,
            Verdict::NotFinished => NOT_FINISHED,
            _ => 2,
        }
    }

    /// The exit status of checks with these verdicts: 1 if any fails, else 2 if any has no
    /// verdict, else [`NOT_FINISHED`] if any was cut short, else 0.
    pub fn exit_status_of(verdicts: &[Verdict]) -> u8 {
        let statuses: Vec<u8> = verdicts
            .iter()
            .map(|verdict| verdict.exit_status())
            .collect();
        [1, 2, NOT_FINISHED]
            .into_iter()
            .find(|status| statuses.contains(status))
            .unwrap_or(0)
    }

    /// [`Verdict::exit_status`] as the process's.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self.exit_status())
    }

    /// Whether it is the solution's failure (exit status 1).
    pub fn fails(self) -> bool {
        !matches!(
            self,
            Verdict::Pass
                | Verdict::Error
                | Verdict::Interrupted
                | Verdict::NotRun
                | Verdict::NotFinished
        )
    }
}

/// What shrinking did to a counterexample.
#[derive(Debug, Clone, PartialEq)]
pub enum Shrinking {
    /// One instance: its size and its size by the problem's measure before shrinking, where
    /// shrinking changed it, and the runs and the test cases they answered (none for a
    /// time-out, not shrunk).
    Instance {
        from: Option<Size>,
        from_measure: Option<Measure>,
        runs: usize,
        cases: usize,
    },
    /// A sequence of `kept` test cases in one process, shrunk `from` so many in `runs` runs.
    Sequence {
        kept: usize,
        from: usize,
        runs: usize,
    },
}

/// Where and when the search caught a failure, and what came after cost, in seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct CaughtFacts {
    /// Instances run until it, itself included.
    pub instance: u64,
    /// Since the search began (the build done).
    pub after_seconds: f64,
    /// How many of the plan's small instances that had not run ran after it, none failing
    /// alone, and what they took.
    pub smaller_passed: Option<(usize, f64)>,
    /// What shrinking took (none for a time-out, not shrunk), the diagnosis and the judge's
    /// own build and its run.
    pub shrinking_seconds: Option<f64>,
    pub diagnosis_seconds: Option<f64>,
    pub judge_seconds: Option<f64>,
}

/// What a time-out spent, for the report: the CPU and wall-clock time of the run, and the
/// limit it passed.
#[derive(Debug, Clone, Copy)]
pub struct TooSlow {
    pub cpu: Duration,
    pub wall: Duration,
    pub limit: Duration,
}

impl TooSlow {
    /// The figures of a run that `ended` by a time limit.
    pub fn of(ended: &sandbox::Ended) -> Option<TooSlow> {
        match ended.ending {
            sandbox::Ending::Quiet { limit, spent } | sandbox::Ending::TooLong { limit, spent } => {
                Some(TooSlow {
                    cpu: spent.cpu,
                    wall: spent.wall,
                    limit,
                })
            }
            _ => None,
        }
    }
}
