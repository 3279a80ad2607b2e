//! [`SetupError`], the one error every part of the sandbox gives: `--check`'s own, never the
//! program's. Facts only: the render layer words them (`render::build::setup_error`). Uses
//! nothing of the crate.

use std::path::PathBuf;

/// Why `--check` cannot make the place the user's code runs in (no sandbox, a directory or a
/// shell it cannot make): the machine's fault or the files', never the program's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// A file or directory of `--check`'s own that could not be made, read, made private or
    /// written: what was done, where, and the system's words for why.
    Io {
        doing: Doing,
        path: PathBuf,
        error: String,
    },
    /// The build cache's directory, refused: anyone else could have put a build there.
    CacheRefused { path: PathBuf, why: CacheFault },
    /// `--unsandboxed` asked for by root: a stranger's program would be the machine's root.
    UnsandboxedAsRoot,
    /// No sandbox to run the program in, and why bubblewrap gives none.
    NoSandbox(Box<SetupError>),
    /// bubblewrap is not installed.
    BwrapMissing,
    /// bubblewrap could not be started: the system's words.
    BwrapCannotStart(String),
    /// bubblewrap ran and made no sandbox: the first line it said, if it said any.
    BwrapRefused(Option<String>),
    /// As root, on a processor the seccomp filter does not know: nothing else would keep the
    /// sandbox's user from making a user namespace.
    NoFilterAsRoot,
    /// As root, every id from `from` to `to` is named in `/etc/passwd` or `/etc/group`.
    NoFreeIds { from: u32, to: u32 },
    /// As root, util-linux's `setpriv`, which drops to the sandbox's own user, is missing.
    SetprivMissing,
    /// A run's control group could not be made: the system's words.
    ControlGroup(String),
    /// A run's files or directory could not be made, or its program not spawned: the
    /// system's words.
    Run(String),
    /// The run stopped before the program started: the first line its start said, if any.
    NotStarted(Option<String>),
    /// The waiting shell that starts a run could not start (the system's words), or has no
    /// stdin.
    Shell {
        shell: &'static str,
        error: Option<String>,
    },
}

/// What was being done to a path of `--check`'s own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doing {
    Create,
    Read,
    MakePrivate,
    Write,
    /// Made the sandbox's own user's, for a run as root.
    GiveToSandbox,
}

/// Why the build cache's directory is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheFault {
    NotADirectory,
    /// It belongs to this user id, not to the user running `--check`.
    OwnedBy(u32),
    OthersMayWrite,
}

impl SetupError {
    /// `doing` to `path` failed with `error`.
    pub fn io(doing: Doing, path: impl Into<PathBuf>, error: &std::io::Error) -> SetupError {
        SetupError::Io {
            doing,
            path: path.into(),
            error: error.to_string(),
        }
    }
}
