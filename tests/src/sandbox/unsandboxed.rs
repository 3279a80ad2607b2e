//! One run under `--unsandboxed`: as the user, in a process group and a scratch directory.
//!
//! Each run's process group is led by a small `sh`, the *anchor*, that ignores the terminal's
//! signals and blocks reading a pipe from this process; the program joins its group. When the
//! run is over, or when this process dies in any way (the kernel closes its end of the pipe),
//! the anchor kills every process that carries the run's environment mark, then its whole
//! group, itself included.
//!
//! Uses the sandbox's files below it: shells, process_group, run, run_files, watch, measure,
//! environment, starting_shell, places.

use super::environment::run_environment;
use super::measure::Measure;
use super::process_group::process_state;
use super::run::{spawn_error, Launch, Limits, Run, RunError};
use super::run_files::{finished, RunFiles};
use super::setup_error::{Doing, SetupError};
use super::shells::{start_waiting_shell, sweep, KILL_OWN_GROUP, SHELL, SYSTEM_PATH};
use super::starting_shell::{closing_shell, Rlimits};
use super::watch::watch_until_end;
use std::ffi::OsString;
use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

/// The variable that marks every process an unsandboxed run starts, so that one that left the
/// run's process group (`setsid`, a daemon's double fork) is still found and ended.
const RUN_COOKIE: &str = "CATS_CHECK_RUN";

/// One run as the user, outside any sandbox (`--unsandboxed`): the anchor, the program in the
/// anchor's group, the watch, the end of the group.
pub(super) fn unsandboxed_run(
    dir: &Path,
    launch: &Launch,
    input: &str,
    limits: &Limits,
) -> Result<Run, RunError> {
    if !super::places::on_path(&launch.argv[0]) {
        return Err(RunError::NotFound);
    }
    let work = dir.join("work");
    std::fs::create_dir_all(&work)
        .map_err(|error| RunError::Setup(SetupError::io(Doing::Create, &work, &error)))?;
    let (files, standard, mut watch) = RunFiles::create(dir, input, launch.harnessed)?;
    let cookie = format!("{}-{}", std::process::id(), dir.display());
    let (mut anchor, anchor_pipe) = start_anchor(&cookie)?;
    let group = anchor.id();
    let spawned = unsandboxed_command(launch, (&work, &files), &cookie, standard)
        .process_group(group as i32)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            drop(anchor_pipe);
            let _ = anchor.wait();
            return Err(spawn_error(error));
        }
    };
    let outputs = [files.printed.as_path(), files.stderr.as_path()];
    let measure = Measure::ProcessGroup(group);
    let ending_reached = watch_until_end(&mut child, measure, &mut watch, limits, outputs);
    end_group(&mut anchor, anchor_pipe, group, &cookie);
    let _ = child.wait();
    finished(files, watch, ending_reached, launch, limits)
}

/// The command that starts `launch`'s program as the user, in `work`, marked by `cookie`
/// in its environment, on `standard` (stdin, stdout, stderr): a shell that closes the
/// inherited descriptors, sets the limits, marks the start in the run's `files` and becomes
/// the program.
fn unsandboxed_command(
    launch: &Launch,
    (work, files): (&Path, &RunFiles),
    cookie: &str,
    [stdin, stdout, stderr]: [File; 3],
) -> Command {
    let home = work.join(".home");
    let mut env = run_environment(launch, (&home, &home.join("tmp")), files.answers.as_ref());
    for (_, dir) in env
        .iter()
        .filter(|(name, _)| name == "HOME" || name == "TMPDIR")
    {
        let _ = std::fs::create_dir_all(dir);
    }
    env.push((RUN_COOKIE.into(), cookie.into()));
    let rlimits = Rlimits::for_run(launch.stack_kilobytes, None);
    let (shell, closing) = closing_shell();
    let script = format!(
        "started=$1; shift; {closing}{}printf x > \"$started\" || exit 125; exec \"$@\"",
        rlimits.script()
    );
    let mut command = Command::new(shell);
    command
        .args(["-c", &script, "cats-check"])
        .arg(&files.started)
        .args(launch.argv)
        .current_dir(work)
        .env_clear()
        .envs(env)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr);
    command
}

/// The anchor of an unsandboxed run's process group: a shell in a new group of its own that
/// waits for its stdin to close (see [`WAIT_FOR_CLOSE`](super::shells::WAIT_FOR_CLOSE)), then
/// ends the run: every process that carries the run's `cookie` ([`RUN_COOKIE`]), in the group
/// or out of it, found in `/proc` and killed, again until none is left (one may fork while it
/// is found), then the whole group, itself included. Returns it and the write end of its
/// stdin, which only this process holds.
fn start_anchor(cookie: &str) -> Result<(Child, Option<ChildStdin>), RunError> {
    let script = format!("{} {KILL_OWN_GROUP}", sweep("$0=$1"));
    let args = [OsString::from(RUN_COOKIE), OsString::from(cookie)];
    let (anchor, pipe) = start_waiting_shell(&script, &args)?;
    Ok((anchor, Some(pipe)))
}

/// Kills an unsandboxed run's whole group and reaps the anchor. The anchor kills the group
/// when its pipe closes; if the program has killed the anchor already, the group is killed
/// from here, while the anchor's unreaped zombie still holds the group's id.
fn end_group(anchor: &mut Child, pipe: Option<ChildStdin>, group: u32, cookie: &str) {
    let alive = std::fs::read_to_string(format!("/proc/{group}/stat"))
        .ok()
        .and_then(|stat| process_state(&stat))
        .is_some_and(|state| state != 'Z');
    if !alive {
        // `--` keeps the negative id from being read as an option.
        let _ = Command::new(SHELL)
            .arg("-c")
            .arg(format!("{} kill -s KILL -- \"-$2\"", sweep("$0=$1")))
            .args([RUN_COOKIE, cookie, &group.to_string()])
            .env("PATH", SYSTEM_PATH)
            .stderr(Stdio::null())
            .status();
    }
    drop(pipe);
    let _ = anchor.wait();
}
