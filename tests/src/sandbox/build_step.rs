//! One build step (a compiler, or a checker that reads the user's file as data), isolated as a
//! session says, bounded, stopped at its CPU limit or its wall-clock backstop, its output
//! collected. Uses the sandbox's files below it: binds, bwrap, cgroup, places, isolation,
//! measure, process_group, environment, starting_shell, groups, shells, left_behind, run (its
//! error) and setup_error.

use super::binds::{Bind, Refused, SANDBOX_HOME, SANDBOX_TMP};
use super::bwrap::{Bwrap, EtcEntry, View};
use super::cgroup::RunGroup;
use super::environment::base_environment;
use super::groups::{group_prefix, run_group, GROUPS};
use super::isolation::Isolation;
use super::left_behind::{footprint, footprint_at_top, Footprint};
use super::measure::Measure;
use super::process_group::group_processes;
use super::run::RunError;
use super::setup_error::SetupError;
use super::shells::{start_waiting_shell, KILL_OWN_GROUP, SYSTEM_PATH};
use super::starting_shell::{sandboxed_command, unwrapped, Rlimits, OPEN_FILES};
use std::ffi::OsString;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::Ordering::SeqCst;
use std::time::{Duration, Instant};

/// What a build step may use: an hour's worth of nothing else, but bounded.
const BUILD_MEMORY: u64 = 4 << 30;
const BUILD_TMP_BYTES: u64 = 1 << 30;
/// The largest file a build step may write, in its directory or in its `/tmp` (a compiler's
/// object files go there): larger than [`BUILD_DISK`], so that a build that grows past that is
/// stopped as such, not as a compiler that crashed on a write.
const BUILD_FILE_BYTES: u64 = 1 << 30;
/// How much a build's directory may hold on disk, in bytes and in entries: many times what any
/// build of ours leaves (Scala's runtime jars and classes, 8 MB; a C++ binary under both
/// sanitizers, a few), so that only a build that fills the disk on purpose (a macro that
/// writes, an initialised array of hundreds of megabytes) reaches it.
pub const BUILD_DISK: Footprint = Footprint {
    bytes: 256 << 20,
    entries: 10_000,
};
/// How much CPU time a build step's tree may spend before it is stopped: a judge's compile
/// limit is tens of seconds, and the longest of our own builds (C++ under both sanitizers,
/// javac, tsc) spends a few.
pub const BUILD_CPU: Duration = Duration::from_secs(30);
/// How long a build step may take in wall-clock time before it is stopped: the backstop for
/// one that waits, long enough for [`BUILD_CPU`] on a machine busy with other work.
pub const BUILD_TIME: Duration = Duration::from_secs(120);

/// Why a build step gave no status and output, as facts for the build layer.
#[derive(Debug)]
pub enum StepError {
    /// It could not be started or watched: the system's error (`NotFound`: no such tool).
    Io(std::io::Error),
    /// The sandbox around it could not be set up (its control group, its anchor).
    Setup(SetupError),
    /// The build's own directory is one the sandbox will not bind.
    DirRefused { dir: PathBuf, why: Refused },
    /// Its tree spent [`BUILD_CPU`], and it was stopped.
    PastCpu,
    /// Its directory held more than [`BUILD_DISK`] (at least this much), and it was stopped.
    PastDisk(Footprint),
    /// It ran for [`BUILD_TIME`] of wall-clock time, and it was stopped.
    PastTime,
}

impl From<std::io::Error> for StepError {
    fn from(error: std::io::Error) -> StepError {
        StepError::Io(error)
    }
}

impl From<RunError> for StepError {
    fn from(error: RunError) -> StepError {
        match error {
            RunError::NotFound => StepError::Io(std::io::ErrorKind::NotFound.into()),
            RunError::Setup(error) => StepError::Setup(error),
        }
    }
}

/// Runs one build step, `command` (a compiler, or a checker that reads the user's file as
/// data), as `isolation` says: in the sandbox, only `dir` (the build's own directory)
/// writable and `roots` readable besides the system, its tree bounded in memory, processes and
/// file size, and stopped when it has spent [`BUILD_CPU`], when `dir` holds more than
/// [`BUILD_DISK`] (looked at as it runs and once it has ended) or after [`BUILD_TIME`]. Its
/// status and output (at most a megabyte each), or why there are none ([`StepError`]).
pub fn build_output(
    isolation: Isolation,
    command: &Command,
    dir: &Path,
    roots: &[Bind],
    etc: &[EtcEntry],
) -> Result<Output, StepError> {
    // Unsandboxed, the step runs in the process group of an anchor: a shell that kills the
    // whole group once its pipe from this process closes, when the step is over or when this
    // process dies in any way (Ctrl-C included), so that no compiler outlives `--check`.
    let mut anchor = None;
    let (mut child, group) = match isolation {
        Isolation::Sandboxed(bwrap) => sandboxed_build(bwrap, command, dir, roots, etc)?,
        Isolation::Unsandboxed => {
            let (mut shell, pipe) =
                start_waiting_shell(KILL_OWN_GROUP, &[]).map_err(StepError::Setup)?;
            let mut command = clone_command(command);
            command.process_group(shell.id() as i32);
            match piped(&mut command).spawn() {
                Ok(child) => {
                    anchor = Some((shell, pipe));
                    (child, None)
                }
                Err(error) => {
                    drop(pipe);
                    let _ = shell.wait();
                    return Err(StepError::Io(error));
                }
            }
        }
    };
    let unsandboxed = anchor.as_ref().map(|(shell, _)| shell.id());
    // While the step runs, only the directory's own entries (its tools may swap a folder for a
    // link); once it has ended, the whole tree.
    let past_disk = |running: bool| {
        let held = match running {
            true => footprint_at_top(dir, BUILD_DISK),
            false => footprint(dir, BUILD_DISK),
        };
        Some(held).filter(|held| held.past(BUILD_DISK))
    };
    let output = collect_within(
        &mut child,
        (build_cpu(group.as_ref(), unsandboxed), past_disk),
        unsandboxed,
        (BUILD_CPU, BUILD_TIME),
    );
    drop(group);
    if let Some((mut shell, pipe)) = anchor {
        drop(pipe);
        let _ = shell.wait();
    }
    output
}

/// How to read the CPU time a build step's tree has spent, given its first process: its group's
/// where it has one, else its sandbox's processes; unsandboxed, in the anchor's process group
/// `unsandboxed`, its own time (with its reaped children's) counts besides the group's.
fn build_cpu(
    group: Option<&RunGroup>,
    unsandboxed: Option<u32>,
) -> impl FnMut(u32) -> Duration + '_ {
    let mut sandbox: Option<Measure> = group.map(Measure::Group);
    move |leader| {
        if let Some(anchored) = unsandboxed {
            let own = Path::new("/proc").join(leader.to_string());
            return super::cgroup::cpu_of(&[own])
                + super::cgroup::cpu_of(&group_processes(anchored));
        }
        sandbox
            .get_or_insert(Measure::Namespace {
                bwrap: leader,
                member: None,
            })
            .spent_cpu()
    }
}

/// `command` with no input and its output read through pipes.
fn piped(command: &mut Command) -> &mut Command {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
}

/// A build step started in `bwrap`: `dir` writable, `roots` readable, the step's own
/// variables over the sandbox's, in a control group of its own where there is one.
fn sandboxed_build(
    bwrap: &Bwrap,
    command: &Command,
    dir: &Path,
    roots: &[Bind],
    etc: &[EtcEntry],
) -> Result<(Child, Option<RunGroup>), StepError> {
    if !super::places::on_path(command.get_program()) {
        return Err(StepError::Io(std::io::ErrorKind::NotFound.into()));
    }
    if let Some(user) = bwrap.user() {
        // The compiler writes its output there as the sandbox's user; the cache around it
        // stays root's and private.
        user.own(dir)?;
    }
    let mut env = base_environment(Path::new(SANDBOX_HOME), Path::new(SANDBOX_TMP));
    for (name, value) in command.get_envs() {
        env.retain(|(kept, _)| kept != name);
        if let Some(value) = value {
            env.push((name.to_os_string(), value.to_os_string()));
        }
    }
    // The build's own directory, inside `--check`'s private cache: the rule refuses it only
    // where the cache itself would be refused.
    let writable = Bind::of(dir).map_err(|why| StepError::DirRefused {
        dir: dir.to_path_buf(),
        why,
    })?;
    let view = View {
        read_only: roots,
        writable: Some(&writable),
        cwd: command.get_current_dir().unwrap_or(dir),
        tmp_bytes: BUILD_TMP_BYTES,
        env: &env,
        etc,
    };
    let name = format!("{}{}", group_prefix("build-"), GROUPS.fetch_add(1, SeqCst));
    let group = run_group(&name, BUILD_MEMORY)?;
    // Where no group counts them, a build's processes are bound as a run's are (a compiler
    // starts a few; code loaded at build time may fork).
    let processes = group.is_none().then_some(4 * super::cgroup::PROCESS_LIMIT);
    let rlimits = Rlimits {
        stack_kilobytes: None,
        file_bytes: BUILD_FILE_BYTES,
        open_files: OPEN_FILES,
        processes,
    };
    let mut argv = vec![command.get_program().to_os_string()];
    argv.extend(command.get_args().map(OsString::from));
    let mut sandboxed = sandboxed_command(bwrap, &view, group.as_ref(), (&rlimits, ""), "", &argv);
    Ok((piped(&mut sandboxed).spawn()?, group))
}

/// `command` anew (a `Command` cannot be cloned): its program, arguments, environment and
/// directory.
fn clone_command(command: &Command) -> Command {
    let mut copy = Command::new(command.get_program());
    copy.args(command.get_args());
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => copy.env(name, value),
            None => copy.env_remove(name),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        copy.current_dir(dir);
    }
    copy
}

/// The most of a build step's stdout or stderr that is kept.
const BUILD_OUTPUT_KEPT: u64 = 1 << 20;

/// `child`'s status and output, read as they come (at most [`BUILD_OUTPUT_KEPT`] of each); it
/// is killed (with the process group `group`, where it runs in one) when its tree has spent `cpu`
/// ([`StepError::PastCpu`]), as `spent` reads it given the child's id, when `past_disk` says
/// what its directory holds past the bound ([`StepError::PastDisk`], asked as it runs and once
/// more after), or after `wall` ([`StepError::PastTime`]), which is then its error.
fn collect_within(
    child: &mut Child,
    (mut spent, mut past_disk): (
        impl FnMut(u32) -> Duration,
        impl FnMut(bool) -> Option<Footprint>,
    ),
    group: Option<u32>,
    (cpu, wall): (Duration, Duration),
) -> Result<Output, StepError> {
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = (&mut pipe).take(BUILD_OUTPUT_KEPT).read_to_end(&mut kept);
                let _ = sender.send(kept);
                let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            }
        });
        receiver
    };
    let stdout = reader(child.stdout.take().map(|pipe| Box::new(pipe) as Box<_>));
    let stderr = reader(child.stderr.take().map(|pipe| Box::new(pipe) as Box<_>));
    let deadline = Instant::now() + wall;
    let mut polls: u32 = 0;
    let mut past_cpu = false;
    let mut held = None;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            break None;
        }
        // Reading a tree's CPU time walks `/proc`, and its disk the build's directory: a tenth
        // of a second apart is soon enough.
        polls += 1;
        if polls.is_multiple_of(20) && spent(child.id()) >= cpu {
            past_cpu = true;
            break None;
        }
        if polls.is_multiple_of(20) {
            held = past_disk(true);
            if held.is_some() {
                break None;
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if status.is_none() {
        if let Some(group) = group {
            let _ = Command::new("kill")
                .args(["-s", "KILL", "--", &format!("-{group}")])
                .env("PATH", SYSTEM_PATH)
                .status();
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    // An unsandboxed build may leave a process holding its pipes: its output is what came
    // within a moment of its end.
    let gathered = |receiver: std::sync::mpsc::Receiver<Vec<u8>>| {
        receiver
            .recv_timeout(Duration::from_secs(2))
            .unwrap_or_default()
    };
    let (stdout, stderr) = (gathered(stdout), gathered(stderr));
    if let Some(held) = held.or_else(|| past_disk(false)) {
        return Err(StepError::PastDisk(held));
    }
    match status {
        Some(status) => Ok(Output {
            status: unwrapped(status),
            stdout,
            stderr,
        }),
        None if past_cpu => Err(StepError::PastCpu),
        None => Err(StepError::PastTime),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build step that computes is stopped at its CPU limit, and says so; one that sleeps,
    /// at the wall-clock backstop.
    #[test]
    fn a_build_step_stops_at_its_cpu_limit_or_its_backstop() {
        let collect = |script: &str, limits| {
            let mut command = Command::new("sh");
            command.args(["-c", script]).process_group(0);
            let mut child = piped(&mut command).spawn().unwrap();
            let group = Some(child.id());
            let spent = build_cpu(None, group);
            collect_within(&mut child, (spent, |_| None), group, limits).unwrap_err()
        };
        // Stopped by its CPU time, not by the minute's backstop.
        let computes = collect(
            "while :; do :; done",
            (Duration::from_millis(300), Duration::from_secs(60)),
        );
        assert!(matches!(computes, StepError::PastCpu), "{computes:?}");
        let sleeps = collect(
            "sleep 60",
            (Duration::from_secs(60), Duration::from_millis(300)),
        );
        assert!(matches!(sleeps, StepError::PastTime), "{sleeps:?}");
    }

    /// A build step whose directory grows past its bound is stopped while it runs (it would
    /// sleep for a minute after writing), and says what the directory held.
    #[test]
    fn a_build_step_stops_at_its_limit_on_disk() {
        let dir = std::env::temp_dir().join(format!("cats-disk-step-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bound = Footprint {
            bytes: 1 << 20,
            entries: 100,
        };
        let mut command = Command::new("sh");
        command
            .args(["-c", "head -c 4000000 /dev/zero > \"$0/fill\"; sleep 60"])
            .arg(&dir)
            .process_group(0);
        let mut child = piped(&mut command).spawn().unwrap();
        // Asked only while the step runs: stopped there, not by the minute's backstop.
        let past_disk = |running: bool| {
            assert!(running, "the step was not stopped while it ran");
            Some(footprint_at_top(&dir, bound)).filter(|held| held.past(bound))
        };
        let limits = (Duration::from_secs(60), Duration::from_secs(60));
        let group = Some(child.id());
        let spent = build_cpu(None, group);
        let error = collect_within(&mut child, (spent, past_disk), group, limits).unwrap_err();
        let held = match error {
            StepError::PastDisk(held) => Some(held),
            _ => None,
        };
        assert!(
            held.is_some_and(|held| held.bytes > bound.bytes),
            "{error:?}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
