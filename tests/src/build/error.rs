//! A problem in building or starting the user's solution ([`BuildError`]), which the command
//! line prints before it exits 2. Uses [`super::built`] for the build that refused the program,
//! and the sandbox's setup error.

use super::built::BuildInfo;
use crate::sandbox::SetupError;

/// A problem in building or starting the user's solution; the command line prints it and
/// exits 2.
pub struct BuildError {
    pub message: String,
    /// The build that refused the program, where the judge's build refused it (a compile
    /// error, the compile limit): the program's fault, not the tool's or the machine's.
    pub refused: Option<BuildInfo>,
}

/// The tools and files were there; the machine or the files were not as they must be.
impl From<SetupError> for BuildError {
    fn from(error: SetupError) -> BuildError {
        BuildError::new(error.0)
    }
}

impl BuildError {
    /// A problem with the tools, the files or the machine.
    pub fn new(message: String) -> BuildError {
        BuildError {
            message,
            refused: None,
        }
    }
}
