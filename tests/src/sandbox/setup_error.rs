//! [`SetupError`], the one error every part of the sandbox gives: `--check`'s own, never the
//! program's. Uses nothing of the crate.

/// Why `--check` cannot make the place the user's code runs in (no sandbox, a directory or a
/// shell it cannot make): the machine's fault or the files', never the program's.
#[derive(Debug, Clone)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str(&self.0)
    }
}

/// The search and the benchmark still pass errors on as text.
impl From<SetupError> for String {
    fn from(error: SetupError) -> String {
        error.0
    }
}
