//! One run as values: what to start ([`Launch`]) and within what ([`Limits`]), what came of
//! it ([`Run`]: how it [`Ending`]ed, what it [`Spent`]; [`Ended`] for a failure by its ending
//! alone), or why it could not be made ([`RunError`]). Uses what may be bound ([`Bind`]) and
//! [`SetupError`]; nothing else of the sandbox.

use super::binds::Bind;
use super::bwrap::EtcEntry;
use super::setup_error::SetupError;
use std::ffi::OsString;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

/// The most a run may print, on stdout or stderr each: LeetCode's "Output Limit Exceeded".
pub const OUTPUT_LIMIT: u64 = 64 << 20;

/// The environment variable that names the file a harness writes its answers to.
pub const ANSWERS_VARIABLE: &str = "CATS_CHECK_ANSWERS";

/// What one run may use before it is killed.
pub struct Limits {
    /// Killed when the run's tree spends this much CPU time without an answer line (a
    /// harness prints each answer as it comes, so a hang is pinned to its test case), or
    /// [`backstop`] this in wall-clock time (a program that sleeps or waits).
    pub quiet: Duration,
    /// Killed after its tree spends this much CPU time in all (or its backstop in wall-clock
    /// time).
    pub total: Duration,
    /// Killed when the group's resident memory passes this many bytes.
    pub memory: u64,
    /// Killed when the answers pass this many lines (more than the test cases given), if set.
    pub answer_lines: Option<usize>,
    /// Killed when the answers pass this many bytes: more than any right answers need.
    pub answer_bytes: u64,
    /// Stopped, not failed, when the whole search's time runs out.
    pub deadline: Option<Instant>,
    /// Stopped, not failed, when this is set: another run at the same time made this one's
    /// verdict useless.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Stopped, not failed, once this says that the whole answer lines so far settle the
    /// run's verdict (a wrong one among them): the test cases after it would be run for
    /// nothing.
    pub settled: Option<Settled>,
}

/// Whether the whole answer lines a run printed so far settle its verdict.
pub type Settled = std::sync::Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    Exited(ExitStatus),
    /// Killed after printing no answer within this limit: what it had spent since its last
    /// answer.
    Quiet {
        limit: Duration,
        spent: Spent,
    },
    /// Killed after running past this limit in all: what it had spent.
    TooLong {
        limit: Duration,
        spent: Spent,
    },
    /// Killed when its memory reached this many bytes.
    Memory(u64),
    /// Stopped for trying to hold more processes and threads at once than this many.
    Processes {
        limit: u64,
    },
    /// Killed for printing too much: what it printed too much of, and on which of its test
    /// cases (the one after its last answer) where it takes several.
    Flood {
        what: Flooded,
        test_case: Option<usize>,
    },
    /// Stopped because the search's own time ran out, or its verdict was no longer wanted:
    /// not the program's fault.
    OutOfTime,
    /// Stopped once its answers so far settled its verdict ([`Limits::settled`]): not a
    /// fault; the answers up to there are whole.
    Settled,
}

pub struct Run {
    pub ending: Ending,
    /// What came on the answers channel: the harness's file, or stdout for a program whose
    /// output is its answer.
    pub answers: String,
    /// The start of what the program printed on stdout besides its answers (a harnessed
    /// solution's debug prints).
    pub printed: String,
    /// How many bytes it printed on stdout besides its answers, in all.
    pub printed_bytes: u64,
    /// Its error output, the middle left out when long.
    pub stderr: String,
    /// The stack it was given, in kilobytes, for naming an overflow.
    pub stack_kilobytes: u64,
    /// What the program's tree spent from its start to its end.
    pub spent: Spent,
    /// The answer (its line, from 0) that came after the most CPU time since the one before it
    /// (the first: since the start), and that time, if any answer came while it ran.
    pub slowest_answer: Option<(usize, Duration)>,
    /// The answers read together (their first line, from 0, and how many) that came after the
    /// most CPU time since the one before them: each of them took at most that time, which
    /// cannot be shared out among them. `None` if no answers came together.
    pub slowest_together: Option<(usize, usize, Duration)>,
    /// The most memory it was seen to hold, in bytes, as a judge counts it: sampled every few
    /// milliseconds while it ran, so a peak between samples may be missed.
    pub most_seen_held: u64,
}

impl Run {
    /// How the run ended, when that alone is a failure (a crash, a limit): `None` for exit 0
    /// and for a run stopped by the search's own clock.
    pub fn ended_badly(&self) -> Option<Ended> {
        match self.ending {
            Ending::OutOfTime | Ending::Settled => None,
            Ending::Exited(status) if status.success() => None,
            _ => Some(Ended {
                ending: self.ending.clone(),
                stderr: self.stderr.clone(),
                stack_kilobytes: self.stack_kilobytes,
            }),
        }
    }
}

/// What a run printed too much of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flooded {
    /// More answer lines than the test cases it was given.
    Answers { test_cases: usize },
    /// More bytes of answers than any right answers take.
    AnswerBytes { limit: u64 },
    /// More than `limit` bytes on its stdout or stderr (`stream`).
    Output { stream: &'static str, limit: u64 },
}

/// A run that failed by its ending alone, as data until a report words it: how it ended,
/// its error output, the stack it had.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    pub ending: Ending,
    pub stderr: String,
    pub stack_kilobytes: u64,
}

impl Ended {
    pub fn timed_out(&self) -> bool {
        matches!(self.ending, Ending::Quiet { .. } | Ending::TooLong { .. })
    }

    /// Whether it was stopped at a time limit having waited ([`Spent::waited`]).
    pub fn waited(&self) -> bool {
        match &self.ending {
            Ending::Quiet { limit, spent } | Ending::TooLong { limit, spent } => {
                spent.waited(*limit)
            }
            _ => false,
        }
    }
}

/// What a run spent: the CPU time (user and system) of its whole process tree, which is what
/// a time limit counts, as judges count it, and the wall-clock time, a backstop.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spent {
    pub cpu: Duration,
    pub wall: Duration,
}

impl Spent {
    /// Whether a run stopped at `limit` waited rather than computed: stopped by the
    /// wall-clock backstop having used under three tenths of that time on the CPU. A busy
    /// machine slows a program that computes; it does not stop one from using the CPU for
    /// tens of seconds: such a run sleeps or blocks.
    pub fn waited(&self, limit: Duration) -> bool {
        self.cpu < limit && self.cpu.as_secs_f64() < 0.3 * self.wall.as_secs_f64()
    }
}

/// How long a run may go in wall-clock time for a `limit` on its CPU time: a few times the
/// limit and a margin, for a program that sleeps or blocks; never for one that computes, which
/// a busy machine slows in wall-clock time only.
pub fn backstop(limit: Duration) -> Duration {
    limit * 3 + Duration::from_secs(2)
}

/// What to start.
pub struct Launch<'a> {
    pub argv: &'a [OsString],
    /// Added to the environment.
    pub env: &'a [(OsString, OsString)],
    /// What the sandbox binds read-only besides the system: the build, the tools' roots, the
    /// files a command names.
    pub roots: &'a [Bind],
    /// The entries of `/etc` its runtime reads besides every sandbox's.
    pub etc: &'a [EtcEntry],
    /// Whether the answers come on the file named by [`ANSWERS_VARIABLE`], stdout being the
    /// program's own prints; otherwise stdout is the answer.
    pub harnessed: bool,
    /// The stack the program may grow, in kilobytes, as its judge allows.
    pub stack_kilobytes: u64,
}

/// Why a run could not be made.
#[derive(Debug)]
pub enum RunError {
    /// The program's file was not found (a missing interpreter).
    NotFound,
    /// Anything else: what could not be set up.
    Setup(SetupError),
}

impl From<SetupError> for RunError {
    fn from(error: SetupError) -> RunError {
        RunError::Setup(error)
    }
}

/// A program that could not be spawned: not found, or anything else.
pub(super) fn spawn_error(error: std::io::Error) -> RunError {
    match error.kind() {
        std::io::ErrorKind::NotFound => RunError::NotFound,
        _ => RunError::Setup(SetupError::Run(error.to_string())),
    }
}
