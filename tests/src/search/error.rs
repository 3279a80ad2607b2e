//! [`CheckError`]: why `--check` gave no verdict (or the verdict that the program does not
//! compile), as every layer from the build up hands it on; the render layer words it. Uses the
//! build's and the sandbox's errors, and the input readers'.

use crate::build::error::{BuildError, Label, Refusal, Setup};
use crate::problems::input::InputError;
use crate::sandbox::SetupError;

/// Why `--check` gave no verdict (exit status 2).
#[derive(Debug)]
pub enum CheckError {
    /// The judge's build refused the program (a compile error, the compile limit), or a tool
    /// older than the judge's did, or an npm package is missing (no verdict:
    /// [`Refusal::is_verdict`]): the build, and why.
    Refused(Box<Refusal>),
    /// The instances of `--input` could not be read: what their reader says.
    Input(InputError),
    /// A fault of `--check` itself, not of the program or the machine.
    Internal(Internal),
    /// The sandbox could not be set up (`running`: the program whose run could not be made).
    Sandbox {
        running: Option<Label>,
        error: SetupError,
    },
    /// The build could not be made or run: a missing tool, the files, what was asked.
    Setup(Setup),
}

/// A fault of `--check` itself, each of which a bug of ours would be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Internal {
    /// A thread that ran a batch of test cases panicked.
    RunPanicked,
    /// The search named a failing instance past the plan's end.
    PastPlanEnd,
    /// The problem's crate lists no variant to judge by.
    NoVariant,
    /// A check among several files panicked (its message is above, on stderr).
    CheckPanicked,
}

/// A build step, or the start of a run, that failed: the program's fault when the judge's
/// build refused it.
impl From<BuildError> for CheckError {
    fn from(error: BuildError) -> CheckError {
        match error {
            BuildError::Refused(refusal) => CheckError::Refused(refusal),
            BuildError::Setup(setup) => CheckError::Setup(setup),
            BuildError::Sandbox { running, error } => CheckError::Sandbox { running, error },
        }
    }
}

impl From<SetupError> for CheckError {
    fn from(error: SetupError) -> CheckError {
        CheckError::Sandbox {
            running: None,
            error,
        }
    }
}
