//! Running the user's program as a judge does: in an empty directory of its own, its input
//! from a file, its answers, prints and errors into files that are watched as they grow,
//! limited in time, memory and output, and in a process group that is ended on every exit of
//! `--check`.
//!
//! Ending the group on every exit, Ctrl-C and `kill` included, needs no signal handler. Each
//! run's group is led by a small `sh`, the *anchor*, that ignores the terminal's signals and
//! blocks reading a pipe from this process; the program joins its group. When the run is
//! over, or when this process dies in any way (the kernel closes its end of the pipe), the
//! anchor kills every process that carries the run's environment mark, then its whole group,
//! itself included. Until this process reaps the anchor, the group's id stays taken, so a kill
//! by that id reaches only what the run started.
//!
//! Where the machine allows it ([`containment`], probed once), the program also runs in a PID
//! namespace, so that a process that leaves both its group and its mark (`setsid env -i`) still
//! ends with the run, and in a mount namespace in which every file system is read-only but the
//! run's own directory, so that it writes nothing anywhere else, by any path: a session's
//! [`World`], made read-only once and entered by each run.
//!
//! The scratch directory is removed the same way: a second `sh`, the *janitor*, waits on a
//! pipe for the whole session and removes the directory when it closes.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::Ordering::SeqCst;
use std::time::{Duration, Instant};

/// The most a run may print, on stdout or stderr each: LeetCode's "Output Limit Exceeded".
const OUTPUT_LIMIT: u64 = 64 << 20;
/// How much of the program's own prints a report may quote.
const PRINTED_KEPT: usize = 4096;
/// How much of its error output a report quotes, from its start (a sanitizer's report) and
/// from its end (a traceback), in characters.
const STDERR_HEAD: usize = 1200;
const STDERR_TAIL: usize = 800;
/// How often the run's memory is sampled, in polls of [`POLL`].
const MEMORY_EVERY: u32 = 5;
const POLL: Duration = Duration::from_millis(1);

/// The environment variable that names the file a harness writes its answers to.
pub const ANSWERS_VARIABLE: &str = "CATS_CHECK_ANSWERS";

/// What one run may use before it is killed.
pub struct Limits {
    /// Killed when no answer line comes for this long (a harness prints each answer as it
    /// comes, so a hang is pinned to its test case).
    pub quiet: Duration,
    /// Killed after running this long in all.
    pub total: Duration,
    /// Killed when the group's resident memory passes this many bytes.
    pub memory: u64,
    /// Killed when the answers pass this many lines (more than the test cases given), if set.
    pub answer_lines: Option<usize>,
    /// Killed when the answers pass this many bytes: more than any right answers need.
    pub answer_bytes: u64,
    /// Stopped, not failed, when the whole search's time runs out.
    pub deadline: Option<Instant>,
    /// Stopped, not failed, when this is set: another run at the same time made this one's
    /// verdict useless.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// How a run ended.
#[derive(Debug, Clone)]
pub enum Ending {
    Exited(ExitStatus),
    /// Killed after printing no answer for this long.
    Quiet(Duration),
    /// Killed after running this long in all.
    TooLong(Duration),
    /// Killed when its memory reached this many bytes.
    Memory(u64),
    /// Killed for printing too much: what it printed too much of, and on which of its test
    /// cases (the one after its last answer) where it takes several.
    Flood {
        what: String,
        test_case: Option<usize>,
    },
    /// Stopped because the search's own time ran out, or its verdict was no longer wanted:
    /// not the program's fault.
    OutOfTime,
}

pub struct Run {
    pub ending: Ending,
    /// What came on the answers channel: the harness's file, or stdout for a program whose
    /// output is its answer.
    pub answers: String,
    /// The start of what the program printed on stdout besides its answers (a harnessed
    /// solution's debug prints).
    pub printed: String,
    /// Its error output, the middle left out when long.
    pub stderr: String,
    /// The stack it was given, in kilobytes, for naming an overflow.
    pub stack_kilobytes: u64,
}

impl Run {
    /// How the run ended, when that alone is a failure (a crash, a limit): `None` for exit 0
    /// and for a run stopped by the search's own clock.
    pub fn ended_badly(&self) -> Option<Ended> {
        match self.ending {
            Ending::OutOfTime => None,
            Ending::Exited(status) if status.success() => None,
            _ => Some(Ended {
                ending: self.ending.clone(),
                stderr: self.stderr.clone(),
                stack_kilobytes: self.stack_kilobytes,
            }),
        }
    }
}

/// A run that failed by its ending alone, as data until a report displays it: how it ended,
/// its error output, the stack it had.
#[derive(Debug, Clone)]
pub struct Ended {
    pub ending: Ending,
    pub stderr: String,
    pub stack_kilobytes: u64,
}

impl Ended {
    pub fn timed_out(&self) -> bool {
        matches!(self.ending, Ending::Quiet(_) | Ending::TooLong(_))
    }
}

impl std::fmt::Display for Ended {
    /// What happened (`crashed: segmentation fault ...`, `no answer within 3.0 s (killed)`),
    /// then the error output.
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mut text = match &self.ending {
            Ending::Quiet(limit) => {
                format!("no answer within {:.1} s (killed)", limit.as_secs_f64())
            }
            Ending::TooLong(limit) => {
                format!("still running after {:.1} s (killed)", limit.as_secs_f64())
            }
            Ending::Memory(bytes) => format!(
                "memory limit exceeded: {} on this input (killed)",
                megabytes(*bytes)
            ),
            Ending::Flood {
                what,
                test_case: Some(test_case),
            } => format!("output limit exceeded on test case {test_case}: {what} (killed)"),
            Ending::Flood {
                what,
                test_case: None,
            } => format!("output limit exceeded: {what} (killed)"),
            Ending::OutOfTime => "stopped by the search's own clock".to_string(),
            Ending::Exited(status) => {
                let stack = megabytes(self.stack_kilobytes << 10);
                // In a PID namespace the shell that ran the program reports its death by a
                // signal as exit status 128 + the signal.
                let signal = status.signal().or_else(|| {
                    let code = status.code()?;
                    (namespace() && (129..=192).contains(&code)).then_some(code - 128)
                });
                let code = status.code().filter(|_| signal.is_none());
                // AddressSanitizer names an overflow of the stack in its report; without it,
                // the kernel's SIGSEGV is all there is.
                match (code, signal) {
                    _ if self.stderr.contains("AddressSanitizer: stack-overflow") => format!(
                        "crashed: stack overflow, past the {stack} stack the judge gives \
                         (the report's first frames name the function that took it)"
                    ),
                    (_, Some(11)) => format!(
                        "crashed: segmentation fault (signal 11): a bad memory access, or a \
                         stack overflow past the {stack} stack the judge gives"
                    ),
                    (Some(code), _) => format!("crashed: exit status {code}"),
                    (None, Some(signal)) => format!("crashed: killed by signal {signal}"),
                    (None, None) => "crashed".to_string(),
                }
            }
        };
        let stderr = self.stderr.trim();
        if !stderr.is_empty() {
            text.push_str(":\n");
            text.push_str(stderr);
        }
        write!(formatter, "{text}")
    }
}

/// `1363148800` as `1,300 MB`: judges state memory in binary megabytes.
pub fn megabytes(bytes: u64) -> String {
    let whole = (bytes + (1 << 19)) >> 20;
    format!("{} MB", super::thousands(whole))
}

/// Where `--check` keeps its own files (builds, scratch directories): `$TMPDIR` as the caller
/// set it when that is an absolute path, the system's `/tmp` when it is unset, empty or
/// relative (a relative one would name a different place from each scratch directory, and
/// land in the user's own directory). Decided once.
pub fn temp_root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| match std::env::var_os("TMPDIR").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        _ => PathBuf::from("/tmp"),
    })
    .clone()
}

/// The variables a program keeps from the caller's environment: what finds its tools and
/// names its locale (and, by prefix, `LC_*` and pyenv's `PYENV_*`). Everything else of the
/// user's stays out; `HOME`, `TMPDIR` and the XDG directories point into its scratch
/// directory.
const PASSED_THROUGH: &[&str] = &["PATH", "LANG", "LANGUAGE", "TZ", "JAVA_HOME", "TERM"];

/// The variable that marks every process a run starts, so that one that left the run's
/// process group (`setsid`, a daemon's double fork) is still found and ended.
const RUN_COOKIE: &str = "CATS_CHECK_RUN";

/// The environment of a program run in `work`: the variables passed through, the scratch
/// world, the run's cookie.
fn scratch_environment(work: &Path, cookie: &str) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            PASSED_THROUGH.contains(&&*name)
                || name.starts_with("LC_")
                || name.starts_with("PYENV_")
        })
        .collect();
    let home = work.join(".home");
    for (name, dir) in [
        ("HOME", home.clone()),
        ("TMPDIR", home.join("tmp")),
        ("XDG_CONFIG_HOME", home.join(".config")),
        ("XDG_CACHE_HOME", home.join(".cache")),
        ("XDG_DATA_HOME", home.join(".local/share")),
        ("XDG_STATE_HOME", home.join(".local/state")),
        ("XDG_RUNTIME_DIR", home.join("run")),
    ] {
        let _ = std::fs::create_dir_all(&dir);
        env.push((name.into(), dir.into()));
    }
    env.push((RUN_COOKIE.into(), cookie.into()));
    env
}

/// The janitor's removal of the scratch directory (`$0`): again until it is gone, for a few
/// seconds at most. When `--check` dies, its runs end at the same time, and a run's shell that
/// is still setting up may write its start mark into a directory `rm` has just emptied, so
/// that removing the directory itself fails once.
const REMOVE_UNTIL_GONE: &str = "for try in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; \
     do rm -rf -- \"$0\" 2>/dev/null; [ -e \"$0\" ] || break; sleep 0.2; done";

/// A session's scratch directory, removed by its janitor when the session ends in any way.
pub struct ScratchDir {
    root: PathBuf,
    runs: std::sync::atomic::AtomicU64,
    /// The runs' read-only world, under [`Containment::Full`].
    world: Option<World>,
    janitor: Option<(Child, ChildStdin)>,
}

/// `sh` ignoring the signals that a terminal sends to its foreground, then waiting for its
/// stdin to close: the start of both the anchor's and the janitor's script.
const WAIT_FOR_CLOSE: &str = "trap '' INT TERM HUP; read _;";

/// The shell the anchor and the janitor run in, by its path: the user's `PATH` may lack it.
const SHELL: &str = "/bin/sh";

/// The `PATH` of the anchor and the janitor: their own `rm`, `grep` and `cut`, whatever the
/// user's `PATH` holds.
const SYSTEM_PATH: &str = "/usr/bin:/bin";

impl ScratchDir {
    /// A fresh scratch directory under the system's temporary directory.
    pub fn new() -> Result<ScratchDir, String> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.subsec_nanos());
        let root = temp_root().join(format!("cats-check-run-{}-{nanos:09}", std::process::id()));
        std::fs::create_dir_all(&root)
            .map_err(|error| format!("cannot create {}: {error}", root.display()))?;
        let janitor = start_waiting_shell(REMOVE_UNTIL_GONE, &[root.as_os_str()])?;
        let world = match containment() {
            full @ Containment::Full { .. } => Some(World::start(full, &root.join(".dev"))?),
            _ => None,
        };
        Ok(ScratchDir {
            root,
            runs: std::sync::atomic::AtomicU64::new(0),
            world,
            janitor: Some(janitor),
        })
    }

    /// Runs `launch` in a fresh empty directory on `input`, within `limits`.
    /// Two runs may go at once, each in a directory of its own.
    pub fn run(&self, launch: &Launch, input: &str, limits: &Limits) -> Result<Run, RunError> {
        let number = self.runs.fetch_add(1, SeqCst) + 1;
        let dir = self.root.join(format!("run-{number}"));
        let work = dir.join("work");
        std::fs::create_dir_all(&work).map_err(|error| RunError::Setup(error.to_string()))?;
        let result = run_in((&dir, &work), self.world.as_ref(), launch, input, limits);
        // What the program left behind goes now; the janitor takes anything that resists.
        let _ = std::fs::remove_dir_all(&dir);
        result
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        // The world first: nothing runs in it any more.
        self.world = None;
        if let Some((mut janitor, pipe)) = self.janitor.take() {
            drop(pipe);
            let _ = janitor.wait();
        }
    }
}

/// What to start.
pub struct Launch<'a> {
    pub argv: &'a [OsString],
    /// Added to the environment.
    pub env: &'a [(OsString, OsString)],
    /// Whether the answers come on the file named by [`ANSWERS_VARIABLE`], stdout being the
    /// program's own prints; otherwise stdout is the answer.
    pub harnessed: bool,
    /// The stack the program may grow, in kilobytes, as its judge allows.
    pub stack_kilobytes: u64,
}

/// Why a run could not be made.
#[derive(Debug)]
pub enum RunError {
    /// The program's file was not found (a missing interpreter).
    NotFound,
    /// Anything else: a message.
    Setup(String),
}

/// A file the run writes, created empty.
fn create(path: &Path) -> Result<File, RunError> {
    File::create(path).map_err(|error| RunError::Setup(format!("{}: {error}", path.display())))
}

/// The files of one run, in its directory: what the program writes its answers, its own
/// prints and its errors to.
struct RunFiles {
    answers: PathBuf,
    printed: PathBuf,
    stderr: PathBuf,
}

impl RunFiles {
    /// Writes `input` into `dir` and creates the run's output files empty: the files, the
    /// program's stdin, stdout and stderr, and the watch on its answers (opened before the
    /// program starts, so that nothing can fail between its start and its end).
    fn create(
        dir: &Path,
        input: &str,
        harnessed: bool,
    ) -> Result<(RunFiles, [File; 3], Watch), RunError> {
        let setup = |error: std::io::Error| RunError::Setup(error.to_string());
        let input_path = dir.join("input");
        std::fs::write(&input_path, input).map_err(setup)?;
        let files = RunFiles {
            answers: dir.join("answers"),
            printed: dir.join("stdout"),
            stderr: dir.join("stderr"),
        };
        let answers_file = create(&files.answers)?;
        let stdout = if harnessed {
            create(&files.printed)?
        } else {
            answers_file
        };
        let stderr = create(&files.stderr)?;
        let stdin = File::open(&input_path).map_err(setup)?;
        let watch = Watch {
            answers: File::open(&files.answers).map_err(setup)?,
            kept: Vec::new(),
            lines: 0,
            last_line: Instant::now(),
        };
        Ok((files, [stdin, stdout, stderr], watch))
    }
}

/// The command that starts `launch`'s program in `work`, in the process group `group`, with
/// the scratch world's environment marked by `cookie`, the judge's stack, and `standard`
/// (stdin, stdout, stderr): a shell starts it (so a missing one is found here, not by the
/// spawn), after setting the stack, so that no code of ours runs between fork and exec. A
/// hard limit below the judge's stack is as far as it goes.
fn program_command(
    launch: &Launch,
    (dir, work): (&Path, &Path),
    world: Option<&World>,
    (cookie, group): (&str, u32),
    answers: &Path,
    standard: [File; 3],
) -> Result<Command, RunError> {
    let (program, rest) = launch
        .argv
        .split_first()
        .ok_or_else(|| RunError::Setup("nothing to run".to_string()))?;
    if !super::judge::on_path(program) {
        return Err(RunError::NotFound);
    }
    let stack = format!(
        "ulimit -s {} 2>/dev/null || ulimit -s \"$(ulimit -H -s)\";",
        launch.stack_kilobytes
    );
    let [stdin, stdout, stderr] = standard;
    let mut command = launcher(containment(), world, dir, &stack)?;
    command
        .arg(program)
        .args(rest)
        .current_dir(work)
        .env_clear()
        .envs(scratch_environment(work, cookie))
        .envs(launch.env.iter().map(|(key, value)| (key, value)))
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .process_group(group as i32);
    if launch.harnessed {
        command.env(ANSWERS_VARIABLE, answers);
    }
    Ok(command)
}

/// One run: the anchor, the program in the anchor's group, the watch, the end of the group.
fn run_in(
    (dir, work): (&Path, &Path),
    world: Option<&World>,
    launch: &Launch,
    input: &str,
    limits: &Limits,
) -> Result<Run, RunError> {
    let (files, standard, mut watch) = RunFiles::create(dir, input, launch.harnessed)?;
    let cookie = format!("{}-{}", std::process::id(), dir.display());
    let (mut anchor, anchor_pipe) = start_anchor(&cookie)?;
    let group = anchor.id();
    let command = program_command(
        launch,
        (dir, work),
        world,
        (&cookie, group),
        &files.answers,
        standard,
    );
    let mut child = match command.and_then(|mut command| command.spawn().map_err(spawn_error)) {
        Ok(child) => child,
        Err(error) => {
            drop(anchor_pipe);
            let _ = anchor.wait();
            return Err(error);
        }
    };
    let outputs = [files.printed.as_path(), files.stderr.as_path()];
    let marker = dir.join(STARTED);
    let (ending, reached) =
        watch_until_end(&mut child, group, &mut watch, limits, &marker, outputs);
    end_group(&mut anchor, anchor_pipe, group, &cookie);
    let _ = child.wait();
    watch.read_new(limits.answer_bytes);
    let stderr = head_and_tail(&files.stderr);
    if !reached {
        let why = stderr.lines().next().unwrap_or("no message");
        return Err(RunError::Setup(format!(
            "the run could not be set up before your program started: {why}"
        )));
    }
    Ok(Run {
        ending,
        answers: String::from_utf8_lossy(&watch.kept).into_owned(),
        printed: if launch.harnessed {
            head(&files.printed, PRINTED_KEPT)
        } else {
            String::new()
        },
        stderr,
        stack_kilobytes: launch.stack_kilobytes,
    })
}

/// A program that could not be spawned: not found, or anything else.
fn spawn_error(error: std::io::Error) -> RunError {
    match error.kind() {
        std::io::ErrorKind::NotFound => RunError::NotFound,
        _ => RunError::Setup(error.to_string()),
    }
}

/// How far a run is contained, probed once on this machine.
pub enum Containment {
    /// A PID, a mount and a network namespace: everything the program starts ends with its
    /// run, every file system is read-only to it but its run's directory, and it reaches no
    /// network, as on a judge; it runs without capabilities, so it cannot mount them writable
    /// again. The mount and network namespaces are a session's [`World`], which each run
    /// enters with `nsenter`.
    Full {
        unshare: Unshare,
        nsenter: PathBuf,
        mount: PathBuf,
        setpriv: PathBuf,
    },
    /// A PID namespace only (a mount or network namespace is refused here, a mount could not
    /// be made read-only, or a tool the world needs is missing): nothing outlives the run, but
    /// the program may write wherever its user may.
    Processes { unshare: Unshare },
    /// The process group and the run's environment mark only (unshare is refused here).
    Group,
}

/// The system's `unshare`, and whether namespaces need a user namespace of their own here
/// (not root).
#[derive(Clone)]
pub struct Unshare {
    path: PathBuf,
    as_user: bool,
}

impl Unshare {
    /// `unshare` with a user namespace first where one is needed, and `flags`.
    fn command(&self, flags: &[&str]) -> Command {
        let mut command = Command::new(&self.path);
        if self.as_user {
            command.args(USER_NAMESPACE);
        }
        command.args(flags);
        command
    }
}

impl Containment {
    /// What a report says of a containment weaker than full, if anything.
    pub fn weaker(&self) -> Option<&'static str> {
        match self {
            Containment::Full { .. } => None,
            Containment::Processes { .. } => Some(
                "runs are contained by a PID namespace but not a mount and network namespace \
                 (refused here, a mount could not be made read-only, or the system's nsenter, \
                 mount or setpriv is missing): the program may write \
                 outside its scratch directory and reach this machine's network",
            ),
            Containment::Group => Some(
                "runs are contained by their process group and an environment mark, not a PID \
                 namespace (unshare is refused here): a process that leaves both outlives its \
                 run, and the program may write outside its scratch directory and reach this \
                 machine's network",
            ),
        }
    }
}

/// `unshare`'s flags for a run's own PID namespace, whose first process is killed with
/// `unshare`, and its own IPC namespace: System V shared memory and semaphores end with the
/// run, neither outliving it on the machine nor carrying state from one run to the next.
const RUN_NAMESPACES: &[&str] = &["--pid", "--fork", "--kill-child", "--ipc"];
/// What namespaces take when not run as root: a user namespace, this user its root.
const USER_NAMESPACE: &[&str] = &["--user", "--map-root-user"];

/// Where `unshare`, `nsenter`, `mount` and `setpriv` are looked for: the system's own,
/// whatever the user's `PATH` holds.
const SYSTEM_TOOL_DIRS: &[&str] = &["/usr/bin", "/bin", "/usr/sbin", "/sbin"];

/// The file a run's shell creates in the run's directory just before it starts the program:
/// a run that ends without it never got as far as the program, and what went wrong is
/// `--check`'s, not the program's; the program's clock starts when it appears.
const STARTED: &str = "started";

/// The read-only world of a session's runs under [`Containment::Full`]: a shell in a mount
/// and a network namespace of its own, which made every mount there read-only (mountinfo's
/// octal escapes decoded) and then waits for its stdin to close, as the janitor does. Each run
/// enters both namespaces and makes only its own directory writable again: making a few dozen
/// mounts read-only costs about 25 ms, once a session instead of once a run. Its network
/// namespace's loopback is down, so nothing on this machine's network can be reached, as on
/// a judge; the session's runs share it (each has PID, IPC and mount namespaces of its own).
/// It ends when dropped, and when `--check` ends in any way (its pipe closes).
pub struct World {
    holder: Child,
    pipe: Option<ChildStdin>,
    /// The namespaces need a user namespace of their own (not root), which runs enter too.
    as_user: bool,
}

/// The world's script: `$0` is `mount`, `$1` an empty directory to build the new `/dev` in.
/// Every mount made read-only; then `/dev` replaced by one that holds only `null`, `zero`,
/// `full`, `random`, `urandom` and the `fd` links (a read-only mount does not stop a write
/// to a device: as root, a run could write the machine's disks through `/dev`), and `/run`
/// by an empty one (a read-only mount does not stop a connection to a socket there, such as
/// a container engine's or the system bus's). `-n`: the mount table in `/run` is read-only
/// by then, and a namespace's mounts are none of the machine's business.
const WORLD_SCRIPT: &str = "trap '' INT TERM HUP; mount=$0 stage=$1; \
     while read -r _ _ _ _ point _; do \
     case $point in *\\\\*) point=$(printf '%b' \"$point\");; esac; \
     \"$mount\" -o remount,bind,ro \"$point\" || exit 125; \
     done < /proc/self/mountinfo; \
     \"$mount\" -n -t tmpfs -o size=64k,mode=755 cats-check-dev \"$stage\" || exit 125; \
     for node in null zero full random urandom; do \
     : > \"$stage/$node\" && \"$mount\" -n --bind \"/dev/$node\" \"$stage/$node\" || exit 125; \
     done; \
     ln -s /proc/self/fd \"$stage/fd\" && ln -s fd/0 \"$stage/stdin\" && \
     ln -s fd/1 \"$stage/stdout\" && ln -s fd/2 \"$stage/stderr\" || exit 125; \
     \"$mount\" -n --move \"$stage\" /dev && \"$mount\" -n -o remount,bind,ro /dev || exit 125; \
     if [ -d /run ]; then \"$mount\" -n -t tmpfs -o size=4k,mode=755,ro cats-check-run /run \
     || exit 125; fi; echo ready; read _";

impl World {
    /// The world of `full`'s runs, ready: every mount in it read-only, its `/dev` built in
    /// `stage` (an empty directory, made here). An error says why not.
    fn start(full: &Containment, stage: &Path) -> Result<World, String> {
        let Containment::Full { unshare, mount, .. } = full else {
            return Err("a read-only world needs a mount namespace".to_string());
        };
        std::fs::create_dir_all(stage)
            .map_err(|error| format!("cannot create {}: {error}", stage.display()))?;
        // Without `--fork` the shell is `unshare` itself, by the same id, in the namespaces.
        let mut holder = unshare
            .command(&["--mount", "--net", "--", SHELL, "-c", WORLD_SCRIPT])
            .arg(mount)
            .arg(stage)
            .env("PATH", SYSTEM_PATH)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", unshare.path.display()))?;
        let mut world = World {
            pipe: holder.stdin.take(),
            holder,
            as_user: unshare.as_user,
        };
        let mut ready = String::new();
        if let Some(stdout) = world.holder.stdout.take() {
            let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut ready);
        }
        if ready.trim_end() == "ready" {
            return Ok(world);
        }
        // It ended, or ends now that its pipe is closed: what it said is why.
        world.pipe = None;
        let mut why = String::new();
        if let Some(mut stderr) = world.holder.stderr.take() {
            let _ = stderr.read_to_string(&mut why);
        }
        let why = why.lines().next().unwrap_or("no message").to_string();
        Err(format!(
            "cannot make the runs' file systems read-only: {why}"
        ))
    }

    /// `nsenter` into the world's mount and network namespaces (and its user namespace, as
    /// the same user), then `unshare` a PID and a mount namespace of the run's own.
    fn enter(&self, nsenter: &Path, unshare: &Unshare) -> Command {
        let mut command = Command::new(nsenter);
        command.arg("--target").arg(self.holder.id().to_string());
        if self.as_user {
            command.args(["--user", "--preserve-credentials"]);
        }
        command.args(["--mount", "--net", "--"]).arg(&unshare.path);
        command.args(RUN_NAMESPACES).args(["--mount", "--", SHELL]);
        command
    }
}

impl Drop for World {
    fn drop(&mut self) {
        self.pipe = None;
        let _ = self.holder.wait();
    }
}

/// The shell script that starts a run's program (`$1` is the run's directory; the program and
/// its arguments follow what the containment takes), after `stack`, marking [`STARTED`] just
/// before. Under [`Containment::Full`], in the run's own mount namespace within the
/// [`World`], it first makes the run's directory writable again as a bind mount of its own
/// (`$2` is `mount`, `$3` `setpriv`), goes into its `work` directory (entering the world's
/// mount namespace left the shell in `/`), and starts the program without capabilities; any
/// step
/// that fails ends the run before the mark. In a namespace the shell stays as its first
/// process (its init): when it ends, the kernel ends every process left there, and the
/// program keeps the signals an init would ignore. Without one it becomes the program.
fn start_script(containment: &Containment, stack: &str) -> String {
    let mark = format!("{stack} : > \"$dir/{STARTED}\" || exit 125;");
    match containment {
        Containment::Full { .. } => format!(
            "dir=$1 mount=$2 setpriv=$3; shift 3; \
             \"$mount\" --bind \"$dir\" \"$dir\" && \"$mount\" -o remount,bind,rw \"$dir\" \
             && cd -- \"$dir/work\" || exit 125; {mark} \
             \"$setpriv\" --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all \
             -- \"$@\""
        ),
        Containment::Processes { .. } => format!("dir=$1; shift; {mark} \"$@\""),
        Containment::Group => format!("dir=$1; shift; {mark} exec \"$@\""),
    }
}

/// How runs are contained on this machine: the strongest of [`Containment`] that works,
/// probed once by running it (a mount namespace must leave the run's directory writable and
/// the directory above it read-only).
pub fn containment() -> &'static Containment {
    static FOUND: std::sync::OnceLock<Containment> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let system_tool = |name: &str| {
            SYSTEM_TOOL_DIRS
                .iter()
                .map(|dir| Path::new(dir).join(name))
                .find(|path| path.is_file())
        };
        let Some(unshare) = system_tool("unshare").and_then(|path| {
            [false, true].into_iter().find_map(|as_user| {
                let unshare = Unshare {
                    path: path.clone(),
                    as_user,
                };
                let works = succeeds(unshare.command(RUN_NAMESPACES).arg("/bin/true"));
                works.then_some(unshare)
            })
        }) else {
            return Containment::Group;
        };
        let tools = ["nsenter", "mount", "setpriv"].map(system_tool);
        if let [Some(nsenter), Some(mount), Some(setpriv)] = tools {
            let full = Containment::Full {
                unshare: unshare.clone(),
                nsenter,
                mount,
                setpriv,
            };
            if mounts_contain(&full) {
                return full;
            }
        }
        Containment::Processes { unshare }
    })
}

/// Whether a probe's `command` runs and exits 0, its output dropped.
fn succeeds(command: &mut Command) -> bool {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Whether `full` works here: in a probe directory under `--check`'s temporary root, a run
/// made after its world starts writes a file by a relative path into its `work` directory,
/// and fails to write one beside the run's directory.
fn mounts_contain(full: &Containment) -> bool {
    let probe = temp_root().join(format!("cats-check-probe-{}", std::process::id()));
    let (dir, beside) = (probe.join("run"), probe.join("beside"));
    let check = "touch inside && ! touch \"$0\" 2>/dev/null";
    let contained = World::start(full, &probe.join("dev")).is_ok_and(|world| {
        if std::fs::create_dir_all(dir.join("work")).is_err() {
            return false;
        }
        launcher(full, Some(&world), &dir, "")
            .is_ok_and(|mut command| succeeds(command.args(["/bin/sh", "-c", check]).arg(&beside)))
    });
    let written = dir.join("work/inside").exists() && !beside.exists();
    let _ = std::fs::remove_dir_all(&probe);
    contained && written
}

/// The command that starts a program in `containment` (in `world` under
/// [`Containment::Full`]), its run's directory `dir`, after `stack` ([`start_script`]): the
/// program and its arguments are to be added.
fn launcher(
    containment: &Containment,
    world: Option<&World>,
    dir: &Path,
    stack: &str,
) -> Result<Command, RunError> {
    let script = start_script(containment, stack);
    let mut command = match containment {
        Containment::Full {
            unshare, nsenter, ..
        } => world
            .ok_or_else(|| RunError::Setup("no read-only world to run in".to_string()))?
            .enter(nsenter, unshare),
        Containment::Processes { unshare } => {
            let mut command = unshare.command(RUN_NAMESPACES);
            command.args(["--", SHELL]);
            command
        }
        Containment::Group => Command::new(SHELL),
    };
    command.args(["-c", &script, "cats-check"]).arg(dir);
    if let Containment::Full { mount, setpriv, .. } = containment {
        command.arg(mount).arg(setpriv);
    }
    Ok(command)
}

/// Whether runs get a PID namespace of their own, so that everything they start ends with
/// them (see [`containment`]).
pub fn namespace() -> bool {
    !matches!(containment(), Containment::Group)
}

/// A shell's loop that kills every process whose environment holds `$0=$1` (the run's
/// cookie), until none is left.
const SWEEP: &str = "for round in 1 2 3 4 5; do \
                     found=$(grep -l -s -z -x -F \"$0=$1\" /proc/[0-9]*/environ | cut -d/ -f3); \
                     [ -n \"$found\" ] || break; kill -s KILL $found 2>/dev/null; done;";

/// The anchor of a run's process group: a shell in a new group of its own that waits for its
/// stdin to close (see [`WAIT_FOR_CLOSE`]), then ends the run: every process that carries the
/// run's `cookie` ([`RUN_COOKIE`]), in the group or out of it, found in `/proc` and killed,
/// again until none is left (one may fork while it is found), then the whole group, itself
/// included. Returns it and the write end of its stdin, which only this process holds.
fn start_anchor(cookie: &str) -> Result<(Child, Option<ChildStdin>), RunError> {
    let script = format!("{SWEEP} kill -s KILL -- -$$");
    let (anchor, pipe) = start_waiting_shell(&script, &[RUN_COOKIE.as_ref(), cookie.as_ref()])
        .map_err(RunError::Setup)?;
    Ok((anchor, Some(pipe)))
}

/// A shell in a new process group of its own, with the system's `PATH`, that waits for its
/// stdin to close ([`WAIT_FOR_CLOSE`]) and then runs `script` on `args` (`$0`, `$1`, ...):
/// the anchor of a run, the janitor of a scratch directory. Returns it and the write end of
/// its stdin, which only this process holds.
fn start_waiting_shell(
    script: &str,
    args: &[&std::ffi::OsStr],
) -> Result<(Child, ChildStdin), String> {
    let mut shell = Command::new(SHELL)
        .arg("-c")
        .arg(format!("{WAIT_FOR_CLOSE} {script}"))
        .args(args)
        .env("PATH", SYSTEM_PATH)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|error| format!("cannot start {SHELL}: {error}"))?;
    let pipe = shell.stdin.take().ok_or("a waiting shell has no stdin")?;
    Ok((shell, pipe))
}

/// Polls the program until it exits or passes a limit: its answers as they come, the group's
/// memory every [`MEMORY_EVERY`] polls, the size of `outputs` (its stdout and stderr files),
/// the time since it started, which is when `marker` ([`STARTED`]) appeared: setting the run
/// up is not the program's time. How it ended, and whether the program was reached (a run
/// whose setup takes longer than the whole time limit is stopped, unreached).
fn watch_until_end(
    child: &mut Child,
    group: u32,
    watch: &mut Watch,
    limits: &Limits,
    marker: &Path,
    outputs: [&Path; 2],
) -> (Ending, bool) {
    let (mut peak_memory, mut polls) = (0, 0u32);
    let spawned = Instant::now();
    let mut started = None;
    loop {
        let exited = child.try_wait();
        if started.is_none() && marker.exists() {
            let now = Instant::now();
            started = Some(now);
            watch.last_line = now;
        }
        if let Ok(Some(status)) = exited {
            return (Ending::Exited(status), started.is_some());
        }
        let now = Instant::now();
        let Some(since) = started else {
            if now.duration_since(spawned) > limits.total {
                return (Ending::TooLong(limits.total), false);
            }
            std::thread::sleep(POLL);
            continue;
        };
        watch.read_new(limits.answer_bytes);
        polls = polls.wrapping_add(1);
        if polls.is_multiple_of(MEMORY_EVERY) {
            peak_memory = peak_memory.max(group_memory(group));
        }
        if let Some(ending) = over_limit(watch, limits, peak_memory, since, now, outputs) {
            return (ending, true);
        }
        std::thread::sleep(POLL);
    }
}

/// The answers read so far.
struct Watch {
    answers: File,
    kept: Vec<u8>,
    lines: usize,
    last_line: Instant,
}

impl Watch {
    /// Reads what the program added to its answers, keeping at most `cap` bytes and one more
    /// (so that passing the cap shows).
    fn read_new(&mut self, cap: u64) {
        let mut buffer = [0u8; 1 << 14];
        loop {
            let room = (cap + 1).saturating_sub(self.kept.len() as u64) as usize;
            let want = buffer.len().min(room);
            if want == 0 {
                return;
            }
            match self.answers.read(&mut buffer[..want]) {
                Ok(0) | Err(_) => return,
                Ok(read) => {
                    let new_lines = buffer[..read].iter().filter(|&&b| b == b'\n').count();
                    if new_lines > 0 {
                        self.lines += new_lines;
                        self.last_line = Instant::now();
                    }
                    self.kept.extend_from_slice(&buffer[..read]);
                }
            }
        }
    }
}

/// The limit the run has passed, if any.
fn over_limit(
    watch: &Watch,
    limits: &Limits,
    peak_memory: u64,
    started: Instant,
    now: Instant,
    outputs: [&Path; 2],
) -> Option<Ending> {
    // Answers come one a line, so the test case being run is the one after the last answer.
    let test_case = limits.answer_lines.map(|_| watch.lines + 1);
    let flood = |what: String| Some(Ending::Flood { what, test_case });
    if let Some(lines) = limits.answer_lines.filter(|&lines| watch.lines > lines) {
        return Some(Ending::Flood {
            what: format!("more answers than the {lines} test case(s) it was given"),
            test_case: None,
        });
    }
    if watch.kept.len() as u64 > limits.answer_bytes {
        return flood(format!(
            "over {} bytes of answers, more than any right answers take",
            super::thousands(limits.answer_bytes)
        ));
    }
    for (path, name) in outputs.into_iter().zip(["stdout", "stderr"]) {
        if std::fs::metadata(path).is_ok_and(|meta| meta.len() > OUTPUT_LIMIT) {
            return flood(format!("over {} on {name}", megabytes(OUTPUT_LIMIT)));
        }
    }
    if peak_memory > limits.memory {
        return Some(Ending::Memory(peak_memory));
    }
    let stopped = limits.stop.as_ref().is_some_and(|stop| stop.load(SeqCst));
    if stopped || limits.deadline.is_some_and(|deadline| now >= deadline) {
        return Some(Ending::OutOfTime);
    }
    if now.duration_since(watch.last_line) > limits.quiet {
        return Some(Ending::Quiet(limits.quiet));
    }
    if now.duration_since(started) > limits.total {
        return Some(Ending::TooLong(limits.total));
    }
    None
}

/// Kills the run's whole group and reaps the anchor. The anchor kills the group when its pipe
/// closes; if the program has killed the anchor already, the group is killed from here,
/// while the anchor's unreaped zombie still holds the group's id.
fn end_group(anchor: &mut Child, pipe: Option<ChildStdin>, group: u32, cookie: &str) {
    let alive = std::fs::read_to_string(format!("/proc/{group}/stat"))
        .ok()
        .and_then(|stat| process_state(&stat))
        .is_some_and(|state| state != 'Z');
    if !alive {
        // `--` keeps the negative id from being read as an option.
        let _ = Command::new(SHELL)
            .arg("-c")
            .arg(format!("{SWEEP} kill -s KILL -- \"-$2\""))
            .args([RUN_COOKIE, cookie, &group.to_string()])
            .env("PATH", SYSTEM_PATH)
            .stderr(Stdio::null())
            .status();
    }
    drop(pipe);
    let _ = anchor.wait();
}

/// Field `index` of a `/proc/PID/stat` line after the command name (which may hold spaces
/// and parentheses): 0 the state, 2 the process group.
fn stat_field(stat: &str, index: usize) -> Option<&str> {
    let (_, after) = stat.rsplit_once(')')?;
    after.split_whitespace().nth(index)
}

/// The state letter of a `/proc/PID/stat` line.
fn process_state(stat: &str) -> Option<char> {
    stat_field(stat, 0)?.chars().next()
}

/// The process group of a `/proc/PID/stat` line.
fn process_group(stat: &str) -> Option<u32> {
    stat_field(stat, 2)?.parse().ok()
}

/// The group's resident memory now, in bytes: the sum over its processes, or the largest peak
/// one of them reached (caught even between samples), whichever is more.
fn group_memory(group: u32) -> u64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let (mut resident, mut peak) = (0, 0);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|name| name.parse::<u32>().ok()) else {
            continue;
        };
        if pid == group {
            continue;
        }
        let in_group = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| process_group(&stat))
            == Some(group);
        if !in_group {
            continue;
        }
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        resident += status_kilobytes(&status, "VmRSS:") << 10;
        peak = peak.max(status_kilobytes(&status, "VmHWM:") << 10);
    }
    resident.max(peak)
}

/// A `kB` field of `/proc/PID/status`, or 0.
fn status_kilobytes(status: &str, field: &str) -> u64 {
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or(0)
}

/// The first `most` bytes of a file, as text.
fn head(path: &Path, most: usize) -> String {
    let mut kept = Vec::new();
    if let Ok(file) = File::open(path) {
        let _ = file.take(most as u64).read_to_end(&mut kept);
    }
    String::from_utf8_lossy(&kept).into_owned()
}

/// A file's text, or its first [`STDERR_HEAD`] and last [`STDERR_TAIL`] characters (about:
/// whole lines) when it is longer.
fn head_and_tail(path: &Path) -> String {
    let most = STDERR_HEAD + STDERR_TAIL;
    let whole = head(path, 4 * most);
    if whole.chars().count() <= most {
        return whole;
    }
    let mut kept = Vec::new();
    if let Ok(mut file) = File::open(path) {
        let length = file.metadata().map_or(0, |meta| meta.len());
        let from = length.saturating_sub(4 * STDERR_TAIL as u64);
        if file.seek(SeekFrom::Start(from)).is_ok() {
            let _ = file.read_to_end(&mut kept);
        }
    }
    let end = String::from_utf8_lossy(&kept);
    let tail_start = end
        .char_indices()
        .rev()
        .nth(STDERR_TAIL)
        .map_or(0, |(at, _)| at);
    let tail = end[tail_start..]
        .split_once('\n')
        .map_or("", |(_, lines)| lines);
    let head_end = whole
        .char_indices()
        .nth(STDERR_HEAD)
        .map_or(whole.len(), |(at, _)| at);
    let head = whole[..head_end]
        .rsplit_once('\n')
        .map_or("", |(lines, _)| lines);
    format!("{head}\n…\n{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_are_read_after_the_command_name() {
        let stat = "4298 (a (b) c) R 4293 4290 1073 0 -1";
        assert_eq!(process_state(stat), Some('R'));
        assert_eq!(process_group(stat), Some(4290));
        assert_eq!(
            status_kilobytes("Name:\tx\nVmRSS:\t    2172 kB\n", "VmRSS:"),
            2172
        );
        assert_eq!(status_kilobytes("Name:\tx\n", "VmHWM:"), 0);
    }

    /// The start script marks the run's directory just before the program, and only when it
    /// gets there: a setup that fails (here, the stack's step) leaves no mark, so that it is
    /// never the program's failure.
    #[test]
    fn the_start_mark_is_made_only_when_the_program_is_reached() {
        let root = std::env::temp_dir().join(format!("cats-start-mark-{}", std::process::id()));
        let world = match containment() {
            full @ Containment::Full { .. } => Some(World::start(full, &root.join("dev")).unwrap()),
            _ => None,
        };
        for (at, setup) in [("ok", ""), ("broken", "exit 7;")].into_iter().enumerate() {
            let dir = root.join(at.to_string());
            std::fs::create_dir_all(dir.join("work")).unwrap();
            let status = launcher(containment(), world.as_ref(), &dir, setup.1)
                .unwrap()
                .args(["/bin/sh", "-c", "exit 3"])
                .stderr(Stdio::null())
                .status()
                .unwrap();
            let marked = dir.join(STARTED).exists();
            match setup.0 {
                "ok" => assert!(marked && status.code() == Some(3), "{status:?}"),
                _ => assert!(!marked && status.code() == Some(7), "{status:?}"),
            }
        }
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn memory_reads_in_megabytes() {
        assert_eq!(megabytes(1300 << 20), "1,300 MB");
        assert_eq!(megabytes(0), "0 MB");
    }
}
