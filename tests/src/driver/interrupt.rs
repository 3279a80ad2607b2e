//! Ctrl-C while several solutions are checked: the table so far is printed, then every check
//! ends with the process.
//!
//! Std has no signal handler, so this process takes SIGINT ignored, and a sentinel dies of it
//! in its place. Before anything is checked the process starts the sentinel (a `sh` that
//! waits to read, with SIGINT as the terminal's foreground group gets it) and re-executes
//! itself through `sh -c 'trap "" INT; exec ...'`: the same process (its id, and its parent,
//! which still waits for it and gets its exit status), with SIGINT ignored, which `exec`
//! keeps. The two hold the ends of one socket pair, this process's end as its stdin (which
//! several checks never read): Ctrl-C ends the sentinel, whose end closes, and this process
//! reads the end of its stdin; this process's exit, `kill -9` included, closes its own end,
//! and the sentinel's read ends, and with it the sentinel. What the checks start inherits
//! SIGINT ignored and ends with this process as it does with a single check (bubblewrap's
//! `--die-with-parent`, the janitors' pipes).
//!
//! Uses nothing of the crate.

use std::io::Read;
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

/// Set, to this process's id, in the process re-executed with a sentinel: an id, so that a
/// process it starts, which inherits it, does not take its own stdin for a sentinel's.
const SENTINEL: &str = "CATS_CHECK_SENTINEL";

/// The shell the sentinel and the re-execution run in, by its path.
const SHELL: &str = "/bin/sh";

/// Calls `interrupted` on a thread of its own when Ctrl-C is pressed, once. In the process as
/// started, this first re-executes it (so the call returns in the new process image); where
/// that cannot be done (no `/bin/sh`, no path to this program), it returns at once, and Ctrl-C
/// ends the process, and all it started, as it ends a single check.
pub fn on_interrupt(interrupted: impl FnOnce() + Send + 'static) {
    if std::env::var(SENTINEL).ok() != Some(std::process::id().to_string()) {
        re_execute();
        return;
    }
    std::thread::spawn(move || {
        // The sentinel writes nothing: the read ends when it does.
        let _ = std::io::stdin().read(&mut [0u8; 1]);
        interrupted();
    });
}

/// Starts the sentinel, then becomes this program again with SIGINT ignored and the sentinel's
/// socket as stdin; returns only where that failed, the sentinel ended.
fn re_execute() {
    let Some(program) = std::env::current_exe().ok().filter(|path| path.is_file()) else {
        return;
    };
    let Ok((ours, sentinels)) = UnixStream::pair() else {
        return;
    };
    let sentinel = Command::new(SHELL)
        .args(["-c", "read _"])
        .stdin(Stdio::from(OwnedFd::from(sentinels)))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut sentinel) = sentinel else {
        return;
    };
    let _failed = Command::new(SHELL)
        .args(["-c", "trap '' INT; exec \"$0\" \"$@\""])
        .arg(program)
        .args(std::env::args_os().skip(1))
        .env(SENTINEL, std::process::id().to_string())
        .stdin(Stdio::from(OwnedFd::from(ours)))
        .exec();
    let _ = sentinel.kill();
    let _ = sentinel.wait();
}
