//! The system's own shell as `--check` starts it for its own work (by its path, with the
//! system's `PATH`): the shell that waits for a pipe to close (a run's anchor, a session's
//! janitor), and the loop that kills processes by a mark in their environment. Uses only
//! [`SetupError`].

use super::setup_error::SetupError;
use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};

/// `sh` ignoring the signals that a terminal sends to its foreground, then waiting for its
/// stdin to close: the start of both the anchor's and the janitor's script.
pub(super) const WAIT_FOR_CLOSE: &str = "trap '' INT TERM HUP; read _;";

/// The end of an anchor's script: the whole process group it leads killed, itself included.
pub(super) const KILL_OWN_GROUP: &str = "kill -s KILL -- -$$";

/// The shell the wrappers, the anchor and the janitor run in, by its path: the user's `PATH`
/// may lack it.
pub(super) const SHELL: &str = "/bin/sh";

/// The `PATH` of the anchor and the janitor: their own `rm`, `grep` and `cut`, whatever the
/// user's `PATH` holds.
pub(super) const SYSTEM_PATH: &str = "/usr/bin:/bin";

/// A shell's loop that kills every process whose environment holds the variable `mark`
/// (`NAME=value`, shell words expanded), again until none is left (one may fork while it is
/// found).
pub(super) fn sweep(mark: &str) -> String {
    format!(
        "for round in 1 2 3 4 5; do \
         found=$(grep -l -s -z -x -F \"{mark}\" /proc/[0-9]*/environ | cut -d/ -f3); \
         [ -n \"$found\" ] || break; kill -s KILL $found 2>/dev/null; done;"
    )
}

/// A shell in a new process group of its own, with the system's `PATH`, that waits for its
/// stdin to close ([`WAIT_FOR_CLOSE`]) and then runs `script` on `args` (`$0`, `$1`, ...):
/// the anchor of a run, the janitor of a scratch directory. Returns it and the write end of
/// its stdin, which only this process holds.
pub(super) fn start_waiting_shell(
    script: &str,
    args: &[OsString],
) -> Result<(Child, ChildStdin), SetupError> {
    let mut shell = Command::new(SHELL)
        .arg("-c")
        .arg(format!("{WAIT_FOR_CLOSE} {script}"))
        .args(args)
        .env_clear()
        .env("PATH", SYSTEM_PATH)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|error| SetupError::Shell {
            shell: SHELL,
            error: Some(error.to_string()),
        })?;
    let pipe = shell.stdin.take().ok_or(SetupError::Shell {
        shell: SHELL,
        error: None,
    })?;
    Ok((shell, pipe))
}
