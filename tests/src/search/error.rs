//! [`CheckError`]: why `--check` gave no verdict, as every layer from the build up hands it
//! on. Uses the build's and the sandbox's errors.

use crate::build::built::BuildInfo;
use crate::build::error::BuildError;
use crate::sandbox::SetupError;

/// Why `--check` gave no verdict (exit status 2).
#[derive(Debug)]
pub enum CheckError {
    /// The judge's build refused the program (a compile error, the compile limit): why, and
    /// the build.
    Refused(String, BuildInfo),
    /// The instances of `--input` could not be read: what their reader says.
    Input(String),
    /// A fault of `--check` itself, not of the program or the machine (a run's thread that
    /// panicked).
    Internal(&'static str),
    /// Anything else: a missing tool, the sandbox, the machine.
    Other(String),
}

/// A build step, or the start of a run, that failed: the program's fault when the judge's
/// build refused it.
impl From<BuildError> for CheckError {
    fn from(error: BuildError) -> CheckError {
        match error.refused {
            Some(build) => CheckError::Refused(error.message, build),
            None => CheckError::Other(error.message),
        }
    }
}

impl From<SetupError> for CheckError {
    fn from(error: SetupError) -> CheckError {
        CheckError::Other(error.to_string())
    }
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            CheckError::Refused(message, _)
            | CheckError::Input(message)
            | CheckError::Other(message) => formatter.write_str(message),
            CheckError::Internal(fault) => formatter.write_str(fault),
        }
    }
}
