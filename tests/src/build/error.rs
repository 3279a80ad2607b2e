//! A problem in building or starting the user's solution ([`BuildError`]), which the command
//! line prints before it exits 2: the judge's build refusing the program ([`Refusal`], the
//! program's fault, as facts for the render layer to word), or a problem with the tools, the
//! files or the machine. Uses [`super::built`] for the build that refused the program,
//! [`super::harness`] for why a package is needed, and the sandbox's setup error.

use super::built::{BuildInfo, Version};
use super::harness::PackageUse;
use super::languages::Language;
use crate::sandbox::binds::Refused;
use crate::sandbox::left_behind::Footprint;
use crate::sandbox::SetupError;
use std::path::PathBuf;

/// A problem in building or starting the user's solution; the command line prints it and
/// exits 2.
#[derive(Debug, Clone)]
pub enum BuildError {
    /// The judge's build refused the program (a compile error, the compile limit): the
    /// program's fault, not the tool's or the machine's.
    Refused(Box<Refusal>),
    /// A problem with the tools, the files or the machine, as facts.
    Setup(Setup),
    /// The sandbox could not be set up, as facts; `running` names the program when it was a
    /// run of it that could not be made.
    Sandbox {
        running: Option<Label>,
        error: SetupError,
    },
}

/// What the user named as the solution, for messages: a file to build, or a shell command to
/// run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Label {
    File(String),
    Command(String),
}

/// The judge's build refused the program: the build, and why.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub build: BuildInfo,
    pub why: Why,
}

/// Why a build refused a program.
#[derive(Debug, Clone)]
pub enum Why {
    /// It does not compile, whatever the tool's version: what says so, and hints.
    DoesNotCompile { reason: Reason, hints: Vec<Hint> },
    /// A tool older than the judge's (`version`) refuses it; the judge's newer one may not:
    /// no verdict.
    CannotJudge {
        version: Version,
        reason: Reason,
        hints: Vec<Hint>,
    },
    /// An npm `package` the solution needs (`used` says why) is not installed here: no verdict,
    /// for the judge may have it.
    PackageMissing { package: String, used: PackageUse },
    /// The build spent `cpu_seconds` of CPU time and was stopped, as a judge's compile limit
    /// stops it; `what` is the kind of tool (`compiler`) and `program` its command.
    CompileLimit {
        cpu_seconds: u64,
        what: String,
        program: String,
    },
    /// The build's directory held `held` (at least) and the build was stopped at `limit`, the
    /// most a build may leave on disk; `what` and `program` as for [`Why::CompileLimit`].
    BuildTooLarge {
        held: Footprint,
        limit: Footprint,
        what: String,
        program: String,
    },
}

/// What refused a program.
#[derive(Debug, Clone)]
pub enum Reason {
    /// The tool's own messages, the user's file named in them: the first error (all with
    /// `--verbose`), how many lines were left out, and the tool's exit status (none when a
    /// signal ended it).
    Messages {
        shown: String,
        more_lines: usize,
        exit_status: Option<i32>,
    },
    /// The user's `file` names no `name` anywhere (or, `function`, defines no such function),
    /// which the judge calls.
    Unnamed {
        file: String,
        name: String,
        function: bool,
    },
}

/// What a refused program may need to hear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// Another language's tool here compiles it: a Python 3 file that Python 2 compiles (or
    /// the other way round) most likely has the other's extension to take.
    CompilesAs(Language),
    /// LeetCode's C includes uthash.h, which is not installed here.
    Uthash,
    /// A `static const` member used by reference needs a definition outside the class.
    StaticConstMember,
    /// It compiles under `older`, an older standard than the `used` one.
    OlderStandard { older: String, used: String },
}

impl Refusal {
    /// Whether the refusal is a verdict on the program (it does not compile, or passes the
    /// compile limit), not a tool older than the judge's refusing it or a package missing
    /// here.
    pub fn is_verdict(&self) -> bool {
        matches!(
            self.why,
            Why::DoesNotCompile { .. } | Why::CompileLimit { .. } | Why::BuildTooLarge { .. }
        )
    }
}

/// The tools and files were there; the machine or the files were not as they must be.
impl From<SetupError> for BuildError {
    fn from(error: SetupError) -> BuildError {
        BuildError::Sandbox {
            running: None,
            error,
        }
    }
}

impl From<Setup> for BuildError {
    fn from(setup: Setup) -> BuildError {
        BuildError::Setup(setup)
    }
}

/// What kept a build from being made or run that is no fault of the program: the tools, the
/// files, the machine, or what the user asked for. Facts; the render layer words them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setup {
    /// `--std` given for a language that takes none.
    StdNotTaken {
        standard: String,
        language: &'static str,
    },
    /// The compiler does not take the `--std` value (for rustc, as an edition).
    StdRefused {
        chosen: String,
        tool: String,
        edition: bool,
    },
    /// A file or folder of the build that could not be made, read, written, removed, copied
    /// or moved into place; the system's words where it gave any.
    File {
        doing: FileDoing,
        path: PathBuf,
        error: Option<String>,
    },
    /// A tool the build or its run needs is not found: what it is, the command, and how to
    /// name another (the table's words).
    ToolMissing {
        what: String,
        program: String,
        hint: String,
    },
    /// A command of the user's that was not found.
    CommandMissing(Label),
    /// A build step that ran past the build's wall-clock limit and was stopped.
    PastBuildTime {
        seconds: u64,
        what: String,
        program: String,
    },
    /// A build step that could not be run, and why.
    CannotRun {
        what: String,
        program: String,
        cause: StepCause,
    },
    /// A JVM compiler without its runtime's jar beside it (in its `lib/`).
    NoJar { name: String, compiler: String },
    /// Node, asked which npm packages it cannot find, said something else.
    PackagesUnread(String),
    /// A command the shell could not start (exit 126 or 127, no answer): what it said.
    CommandCannotStart { label: Label, said: String },
    /// A language LeetCode takes that `--check` cannot build: its name and why (the
    /// table's words).
    NotTaken {
        solution: String,
        name: &'static str,
        why: &'static str,
    },
    /// A source file's name that names no file.
    NoFile(String),
    /// A language the judge takes no whole program in.
    NoWholeProgram {
        solution: String,
        language: &'static str,
        judge: &'static str,
    },
    /// The build's folder cannot be shown to its runs (the sandbox's reason).
    NotShown { path: PathBuf, why: Refused },
    /// An in-process program of the tests, which has no other build.
    NoOtherBuild,
}

/// Why a build step could not be run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepCause {
    /// The system's words.
    System(String),
    /// The sandbox the step runs in could not be set up.
    Sandbox(SetupError),
    /// The step's own directory is one the sandbox will not bind.
    DirRefused { dir: PathBuf, why: Refused },
}

/// What was being done to a file or folder of a build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileDoing {
    Create,
    Read,
    Write,
    Remove,
    Copy,
    Move,
}

impl Setup {
    /// `doing` to `path` failed with `error`.
    pub fn file(doing: FileDoing, path: impl Into<PathBuf>, error: &std::io::Error) -> Setup {
        Setup::File {
            doing,
            path: path.into(),
            error: Some(error.to_string()),
        }
    }
}
