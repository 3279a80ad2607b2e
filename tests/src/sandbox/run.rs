//! Running the user's program as a judge does: isolated (in bubblewrap, [`super::bwrap`]),
//! its input from a file, its answers, prints and errors into files of `--check`'s own that it
//! never sees, watched as they grow, limited in time, memory, processes and output, its whole
//! process tree bound as one ([`super::cgroup`]) and ended on every exit of `--check`.
//!
//! Ending a run's tree on every exit, Ctrl-C and `kill -9` included, needs no signal handler:
//! the sandbox's PID namespace ends with `bwrap`, which ends with `--check`
//! (`--die-with-parent`). Under `--unsandboxed` each run's process group is led by a small `sh`,
//! the *anchor*, that ignores the terminal's signals and blocks reading a pipe from this
//! process; the program joins its group. When the run is over, or when this process dies in
//! any way (the kernel closes its end of the pipe), the anchor kills every process that carries
//! the run's environment mark, then its whole group, itself included.
//!
//! The scratch directory (and the session's control groups) are removed the same way: a
//! second `sh`, the *janitor*, waits on a pipe for the whole session and removes them when it
//! closes.

use super::bwrap::{shell_quote, Bwrap, View, SANDBOX_HOME, SANDBOX_TMP, SANDBOX_WORK};
use super::cgroup::RunGroup;
use super::places::temp_root;
use super::setup_error::SetupError;
use crate::text::thousands;
use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::fs::DirBuilderExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
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
    /// Killed when the run's tree spends this much CPU time without an answer line (a
    /// harness prints each answer as it comes, so a hang is pinned to its test case), or
    /// [`backstop`] this in wall-clock time (a program that sleeps or waits).
    pub quiet: Duration,
    /// Killed after its tree spends this much CPU time in all (or its backstop in wall-clock
    /// time).
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
    /// Stopped, not failed, once this says that the whole answer lines so far settle the
    /// run's verdict (a wrong one among them): the test cases after it would be run for
    /// nothing.
    pub settled: Option<Settled>,
}

/// Whether the whole answer lines a run printed so far settle its verdict.
pub type Settled = std::sync::Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// How a run ended.
#[derive(Debug, Clone)]
pub enum Ending {
    Exited(ExitStatus),
    /// Killed after printing no answer within this limit: what it had spent since its last
    /// answer.
    Quiet {
        limit: Duration,
        spent: Spent,
    },
    /// Killed after running past this limit in all: what it had spent.
    TooLong {
        limit: Duration,
        spent: Spent,
    },
    /// Killed when its memory reached this many bytes.
    Memory(u64),
    /// Stopped for trying to hold more processes and threads at once than a run may.
    Processes,
    /// Killed for printing too much: what it printed too much of, and on which of its test
    /// cases (the one after its last answer) where it takes several.
    Flood {
        what: String,
        test_case: Option<usize>,
    },
    /// Stopped because the search's own time ran out, or its verdict was no longer wanted:
    /// not the program's fault.
    OutOfTime,
    /// Stopped once its answers so far settled its verdict ([`Limits::settled`]): not a
    /// fault; the answers up to there are whole.
    Settled,
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
    /// What the program's tree spent from its start to its end.
    pub spent: Spent,
}

impl Run {
    /// How the run ended, when that alone is a failure (a crash, a limit): `None` for exit 0
    /// and for a run stopped by the search's own clock.
    pub fn ended_badly(&self) -> Option<Ended> {
        match self.ending {
            Ending::OutOfTime | Ending::Settled => None,
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
        matches!(self.ending, Ending::Quiet { .. } | Ending::TooLong { .. })
    }
}

impl std::fmt::Display for Ended {
    /// What happened (`crashed: segmentation fault ...`, `no answer within 3.0 s (killed)`),
    /// then the error output.
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mut text = match &self.ending {
            Ending::Quiet { limit, spent } => format!("no answer within {}", spent.against(*limit)),
            Ending::TooLong { limit, spent } => {
                format!("still running after {}", spent.against(*limit))
            }
            Ending::Memory(bytes) => format!(
                "memory limit exceeded: {} on this input (killed)",
                megabytes(*bytes)
            ),
            Ending::Processes => format!(
                "process limit exceeded: it tried to hold over {} processes and threads at \
                 once (killed)",
                super::cgroup::PROCESS_LIMIT
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
            Ending::Settled => "stopped at a wrong answer".to_string(),
            Ending::Exited(status) => {
                let stack = megabytes(self.stack_kilobytes << 10);
                let (code, signal) = (status.code(), status.signal());
                // AddressSanitizer names an overflow of the stack in its report; without it,
                // the kernel's SIGSEGV is all there is.
                match (code, signal) {
                    _ if self.stderr.contains("AddressSanitizer: stack-overflow") => format!(
                        "crashed: stack overflow, past the {stack} stack the judge gives \
                         (the report's first frames name the function that took it)"
                    ),
                    (_, Some(25)) => format!(
                        "crashed: file size limit exceeded (signal 25, SIGXFSZ): it wrote a \
                         file, or a memfd, of over {}",
                        megabytes(OUTPUT_LIMIT)
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

/// What a run spent: the CPU time (user and system) of its whole process tree, which is what
/// a time limit counts, as judges count it, and the wall-clock time, a backstop.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spent {
    pub cpu: Duration,
    pub wall: Duration,
}

impl Spent {
    /// The words for a run stopped at `limit`: by its CPU time, or by the wall-clock backstop
    /// when it had used little CPU (it sleeps or waits); both figures, this machine's.
    fn against(&self, limit: Duration) -> String {
        let (cpu, wall) = (self.cpu.as_secs_f64(), self.wall.as_secs_f64());
        if self.cpu >= limit {
            format!(
                "{:.1} s of CPU time (killed; {cpu:.1} s of CPU, {wall:.1} s of wall-clock time \
                 on this machine)",
                limit.as_secs_f64()
            )
        } else {
            // Little CPU in much time is a program that waits; much, a machine too busy to
            // give it the CPU (a time-out that is blamed only if it happens again, alone).
            let why = match cpu < 0.3 * wall {
                true => "it sleeps or waits",
                false => "this machine was too busy to give it its time",
            };
            format!(
                "{:.1} s of wall-clock time, the backstop of a {:.1} s limit on CPU time \
                 (killed; it used {cpu:.1} s of CPU on this machine: {why})",
                backstop(limit).as_secs_f64(),
                limit.as_secs_f64()
            )
        }
    }
}

/// How long a run may go in wall-clock time for a `limit` on its CPU time: a few times the
/// limit and a margin, for a program that sleeps or blocks; never for one that computes, which
/// a busy machine slows in wall-clock time only.
pub fn backstop(limit: Duration) -> Duration {
    limit * 3 + Duration::from_secs(2)
}

/// `1363148800` as `1,300 MB`: judges state memory in binary megabytes.
pub fn megabytes(bytes: u64) -> String {
    let whole = (bytes + (1 << 19)) >> 20;
    format!("{} MB", thousands(whole))
}

/// The variables a program keeps from the caller's environment: what finds its tools and
/// names its locale (and, by prefix, `LC_*` and pyenv's `PYENV_*`). Everything else of the
/// user's stays out; `HOME`, `TMPDIR` and the XDG directories point into its scratch space.
const PASSED_THROUGH: &[&str] = &["PATH", "LANG", "LANGUAGE", "TZ", "JAVA_HOME", "TERM"];

/// The variable that marks every process an unsandboxed run starts, so that one that left the
/// run's process group (`setsid`, a daemon's double fork) is still found and ended.
const RUN_COOKIE: &str = "CATS_CHECK_RUN";

/// The caller's variables a program keeps ([`PASSED_THROUGH`]), then its home and temporary
/// directories under `home` and `temp`.
fn base_environment(home: &Path, temp: &Path) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            PASSED_THROUGH.contains(&&*name)
                || name.starts_with("LC_")
                || name.starts_with("PYENV_")
        })
        .collect();
    // The system's own directories last: a compiler finds its assembler and linker there,
    // whatever the caller's `PATH` held.
    let path = env.iter_mut().find(|(name, _)| name == "PATH");
    match path {
        Some((_, value)) => value.push(format!(":{SYSTEM_PATH}")),
        None => env.push(("PATH".into(), SYSTEM_PATH.into())),
    }
    for (name, dir) in [
        ("HOME", home.to_path_buf()),
        ("TMPDIR", temp.to_path_buf()),
        ("XDG_CONFIG_HOME", home.join(".config")),
        ("XDG_CACHE_HOME", home.join(".cache")),
        ("XDG_DATA_HOME", home.join(".local/share")),
        ("XDG_STATE_HOME", home.join(".local/state")),
        ("XDG_RUNTIME_DIR", home.join("run")),
    ] {
        env.push((name.into(), dir.into()));
    }
    env
}

/// How every process that touches the user's code is isolated, decided once a session.
#[derive(Clone, Copy)]
pub enum Isolation {
    /// In bubblewrap ([`super::bwrap`]), its tree bound by a control group where one can be
    /// had ([`super::cgroup`]).
    Sandboxed(&'static Bwrap),
    /// `--unsandboxed`: as the user, in a process group and a scratch directory, with the
    /// user's files, network and processes within its reach.
    Unsandboxed,
}

impl Isolation {
    /// bubblewrap where it works; where it does not, an error, unless the user chose to run
    /// the program as themselves.
    pub fn choose(unsandboxed: bool) -> Result<Isolation, SetupError> {
        if unsandboxed && super::places::own_uid() == 0 {
            return Err(SetupError(
                "--unsandboxed runs your program as you, and you are root: a stranger's program \
                 would be the machine's root. Let --check run it in bubblewrap, or run --check \
                 as an ordinary user (setpriv --reuid=nobody --regid=nogroup --clear-groups ...)"
                    .to_string(),
            ));
        }
        if unsandboxed {
            return Ok(Isolation::Unsandboxed);
        }
        super::bwrap::bwrap()
            .map(Isolation::Sandboxed)
            .map_err(|why| {
                SetupError(format!(
                    "no sandbox to run your program in: {why}. --check runs no program outside \
                 one; --unsandboxed runs it as you, with your files, network and processes \
                 within its reach"
                ))
            })
    }

    /// The report's line that names the isolation: what the program could reach, and how its
    /// limits bind.
    pub fn describe(&self) -> String {
        match self {
            Isolation::Sandboxed(bwrap) => {
                let limits = match super::cgroup::hierarchy() {
                    Some(_) => "memory and processes bound by a control group".to_string(),
                    None => format!(
                        "weaker limits (no control group here): memory summed over its \
                         processes, sampled, and at most {} processes by RLIMIT_NPROC",
                        super::cgroup::PROCESS_LIMIT
                    ),
                };
                let filter = match (bwrap.filters(), bwrap.disables_userns()) {
                    (true, true) => "",
                    (false, _) => " (no seccomp filter on this processor)",
                    (true, false) => {
                        " (it may make user namespaces of its own: bubblewrap before 0.8)"
                    }
                };
                format!(
                    "{} (none of your files, no network, no other process){filter}; {limits}",
                    bwrap.version
                )
            }
            Isolation::Unsandboxed => "none (--unsandboxed): the program ran as you, with your \
                files, network and processes within its reach"
                .to_string(),
        }
    }
}

/// The variable that marks a session's `bwrap` processes (outside their sandbox, which
/// clears it), with the session's scratch directory as its value: `bwrap` ends with `--check`
/// (`--die-with-parent`), but one that `--check`'s death caught before it had asked for that is
/// found by its mark and ended by the janitor.
const SESSION_MARK: &str = "CATS_CHECK_SESSION";

/// The janitor's work when the session ends: the session's `bwrap` processes that outlived
/// `--check` ended ([`SESSION_MARK`]), the scratch directory (`$0`) and the session's run
/// groups (`$1*` under each directory after `$1`) removed: again until they are gone, every 0.2 s for 20 s at
/// most. When `--check` dies, its runs end at the same time, and a run that is still setting
/// up may write into a directory `rm` has just emptied; a group stays busy until the system's
/// init has reaped the sandbox's first process, orphaned when `bwrap` died (seconds, on a busy
/// machine).
fn remove_until_gone() -> String {
    format!(
        "dir=$0 prefix=$1; shift; try=0; \
         while [ $try -lt 100 ]; do try=$((try + 1)); {} \
         rm -rf -- \"$dir\" 2>/dev/null; gone=yes; \
         for parent in \"$@\"; do for group in \"$parent/$prefix\"*; do \
         [ -d \"$group\" ] && {{ rmdir \"$group\" 2>/dev/null || gone=no; }}; done; done; \
         [ -e \"$dir\" ] || [ $gone = no ] || break; sleep 0.2; done",
        sweep(&format!("{SESSION_MARK}=$dir"))
    )
}

/// A session's scratch directory, removed by its janitor when the session ends in any way.
pub struct ScratchDir {
    root: PathBuf,
    runs: std::sync::atomic::AtomicU64,
    isolation: Isolation,
    /// The names of this session's control groups start so.
    groups: String,
    janitor: Option<(Child, ChildStdin)>,
}

/// `sh` ignoring the signals that a terminal sends to its foreground, then waiting for its
/// stdin to close: the start of both the anchor's and the janitor's script.
const WAIT_FOR_CLOSE: &str = "trap '' INT TERM HUP; read _;";

/// The shell the wrappers, the anchor and the janitor run in, by its path: the user's `PATH`
/// may lack it.
const SHELL: &str = "/bin/sh";

/// The `PATH` of the anchor and the janitor: their own `rm`, `grep` and `cut`, whatever the
/// user's `PATH` holds.
const SYSTEM_PATH: &str = "/usr/bin:/bin";

/// The prefix of this process's control groups: a session's own (`session-N-`, whose janitor
/// removes them), or the builds' (`build-`).
fn group_prefix(kind: &str) -> String {
    format!("cats-check-{}-{kind}", std::process::id())
}

impl ScratchDir {
    /// A fresh scratch directory, private to this user, under the system's temporary
    /// directory, its runs isolated as `isolation` says.
    pub fn new(isolation: Isolation) -> Result<ScratchDir, SetupError> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.subsec_nanos());
        let root = temp_root().join(format!("cats-check-run-{}-{nanos:09}", std::process::id()));
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&root)
            .map_err(|error| SetupError(format!("cannot create {}: {error}", root.display())))?;
        let groups = group_prefix(&format!("session-{}-", GROUPS.fetch_add(1, SeqCst)));
        let mut args = vec![root.clone().into_os_string(), groups.clone().into()];
        args.extend(super::cgroup::hierarchy().map_or(Vec::new(), |found| {
            found
                .parents()
                .into_iter()
                .map(PathBuf::into_os_string)
                .collect()
        }));
        let janitor = start_waiting_shell(&remove_until_gone(), &args)?;
        Ok(ScratchDir {
            root,
            runs: std::sync::atomic::AtomicU64::new(0),
            isolation,
            groups,
            janitor: Some(janitor),
        })
    }

    /// Runs `launch` on `input` in a directory of its own, within `limits`.
    /// Two runs may go at once.
    pub fn run(&self, launch: &Launch, input: &str, limits: &Limits) -> Result<Run, RunError> {
        let number = self.runs.fetch_add(1, SeqCst) + 1;
        let dir = self.root.join(format!("run-{number}"));
        std::fs::create_dir(&dir).map_err(|error| RunError::Setup(error.to_string()))?;
        let result = match self.isolation {
            Isolation::Sandboxed(bwrap) => {
                let name = format!("{}run-{number}", self.groups);
                sandboxed_run(bwrap, (&dir, &self.root), &name, launch, input, limits)
            }
            Isolation::Unsandboxed => unsandboxed_run(&dir, launch, input, limits),
        };
        // What the program left behind goes now; the janitor takes anything that resists.
        let _ = std::fs::remove_dir_all(&dir);
        result
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
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
    /// What the sandbox binds read-only besides the system: the build, the tools' roots, the
    /// files a command names.
    pub roots: &'a [PathBuf],
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

impl From<SetupError> for RunError {
    fn from(error: SetupError) -> RunError {
        RunError::Setup(error.0)
    }
}

/// A file the run writes, created empty.
fn create(path: &Path) -> Result<File, RunError> {
    File::create(path).map_err(|error| RunError::Setup(format!("{}: {error}", path.display())))
}

/// The files of one run, in its directory, which the program never sees: its input, what it
/// writes its answers, its own prints and its errors to, and the mark of its start.
struct RunFiles {
    answers: PathBuf,
    printed: PathBuf,
    stderr: PathBuf,
    started: PathBuf,
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
            started: dir.join(STARTED),
        };
        let answers_file = create(&files.answers)?;
        let stdout = if harnessed {
            create(&files.printed)?
        } else {
            answers_file
        };
        let stderr = create(&files.stderr)?;
        create(&files.started)?;
        let stdin = File::open(&input_path).map_err(setup)?;
        let watch = Watch {
            answers: File::open(&files.answers).map_err(setup)?,
            started: File::open(&files.started).map_err(setup)?,
            kept: Vec::new(),
            lines: 0,
        };
        Ok((files, [stdin, stdout, stderr], watch))
    }
}

/// The file a run's start script writes a byte to just before it starts the program: a run
/// that ends without it never got as far as the program, and what went wrong is `--check`'s,
/// not the program's; the program's clock starts when it is written.
const STARTED: &str = "started";

/// The resource limits a start script sets before the program: its stack (as its judge
/// allows), the largest file it may write (a memfd included; just past the output limit, so
/// that a flood shows as one), how many files it may hold open, and where no control group
/// counts them, how many processes its user namespace may hold.
struct Rlimits {
    stack_kilobytes: Option<u64>,
    file_bytes: u64,
    open_files: u64,
    processes: Option<u64>,
}

impl Rlimits {
    /// The shell's lines that set them, failing the setup (exit 125) where one cannot be set;
    /// a hard stack limit below the judge's is as far as the stack goes.
    fn script(&self) -> String {
        let mut script = String::new();
        if let Some(stack) = self.stack_kilobytes {
            script.push_str(&format!(
                "ulimit -s {stack} 2>/dev/null || ulimit -s \"$(ulimit -H -s)\"; "
            ));
        }
        // `ulimit -f` counts 512-byte blocks.
        let blocks = self.file_bytes.div_ceil(512);
        script.push_str(&format!(
            "ulimit -f {blocks} && ulimit -n {}",
            self.open_files
        ));
        if let Some(processes) = self.processes {
            // dash names the process limit `-p`; bash, `-u` (its `-p` is the pipe size).
            script.push_str(&format!(
                " && {{ ulimit -p {processes} 2>/dev/null || ulimit -u {processes}; }}"
            ));
        }
        script.push_str(" || exit 125; ");
        script
    }
}

impl Rlimits {
    /// A run's: the judge's stack, a file just past the output limit (so that a flood shows
    /// as one), and where no control group counts them, `processes`.
    fn for_run(stack_kilobytes: u64, processes: Option<u64>) -> Rlimits {
        Rlimits {
            stack_kilobytes: Some(stack_kilobytes),
            file_bytes: OUTPUT_LIMIT + 512,
            open_files: OPEN_FILES,
            processes,
        }
    }
}

/// A run's environment: the caller's variables it keeps, its home and temporary directory
/// (`home`), its launch's own, and where a harness writes its `answers`.
fn run_environment(
    launch: &Launch,
    (home, temp): (&Path, &Path),
    answers: &std::ffi::OsStr,
) -> Vec<(OsString, OsString)> {
    let mut env = base_environment(home, temp);
    env.extend(launch.env.iter().cloned());
    if launch.harnessed {
        env.push((ANSWERS_VARIABLE.into(), answers.to_os_string()));
    }
    env
}

/// What a build step may use: an hour's worth of nothing else, but bounded.
const BUILD_MEMORY: u64 = 4 << 30;
const BUILD_FILE_BYTES: u64 = 1 << 30;
const BUILD_TMP_BYTES: u64 = 1 << 30;
/// How much CPU time a build step's tree may spend before it is stopped: a judge's compile
/// limit is tens of seconds, and the longest of our own builds (C++ under both sanitizers,
/// javac, tsc) spends a few.
pub const BUILD_CPU: Duration = Duration::from_secs(30);
/// How long a build step may take in wall-clock time before it is stopped: the backstop for
/// one that waits, long enough for [`BUILD_CPU`] on a machine busy with other work.
pub const BUILD_TIME: Duration = Duration::from_secs(120);

/// Why a build step was stopped when its tree spent [`BUILD_CPU`]: the error's payload, told
/// apart from the wall-clock backstop's `TimedOut`.
#[derive(Debug)]
pub struct PastBuildCpu;

impl std::fmt::Display for PastBuildCpu {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("stopped at its limit on CPU time")
    }
}

impl std::error::Error for PastBuildCpu {}

/// How many files a process may hold open: a JVM opens a few dozen.
const OPEN_FILES: u64 = 1024;
/// The size of a run's `/tmp`: its working directory and home.
const RUN_TMP_BYTES: u64 = OUTPUT_LIMIT;

/// The descriptors above 2 that this process would pass to what it starts (from whatever
/// started `--check`: a terminal, a pipe, a file), which every shell that starts a build or
/// a run closes before anything of the user's starts: they could reach past any sandbox.
/// Ours are close-on-exec (`/proc/self/fdinfo` says so) and stay out of the list; where that
/// cannot be read, a descriptor is named anyway (closing one twice is harmless). Read once.
fn inherited_descriptors() -> &'static [u32] {
    static FOUND: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let Ok(entries) = std::fs::read_dir("/proc/self/fd") else {
            return Vec::new();
        };
        let mut found: Vec<u32> = entries
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
            .filter(|&fd| fd > 2 && !close_on_exec(fd))
            .collect();
        found.sort_unstable();
        found
    })
}

/// Whether this process's descriptor `fd` closes when it starts a program (`O_CLOEXEC` in
/// the octal `flags:` line of `/proc/self/fdinfo/FD`).
fn close_on_exec(fd: u32) -> bool {
    const O_CLOEXEC: u32 = 0o2_000_000;
    std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}"))
        .ok()
        .and_then(|info| {
            let flags = info.lines().find_map(|line| line.strip_prefix("flags:"))?;
            u32::from_str_radix(flags.trim(), 8).ok()
        })
        .is_some_and(|flags| flags & O_CLOEXEC != 0)
}

/// The shell that closes the inherited descriptors, and the line that does: `dash` takes
/// only single-digit descriptors in a redirection, `bash` any.
fn closing_shell() -> (&'static str, String) {
    let inherited = inherited_descriptors();
    let closing: String = inherited
        .iter()
        .map(|fd| format!("exec {fd}>&-; "))
        .collect();
    let shell = match inherited.iter().any(|&fd| fd > 9) {
        true => "/bin/bash",
        false => SHELL,
    };
    (shell, closing)
}

/// The command that starts `argv` in `bwrap`'s sandbox seen as `view`: a shell that joins
/// `group` (when there is one), closes the inherited descriptors, opens `redirections` for
/// `bwrap` (the seccomp filter's, and a run's answers channel and start mark), and becomes
/// `bwrap`; inside, a shell that sets `rlimits`, runs `inner` (a run's start mark), and
/// becomes the program.
fn sandboxed_command(
    bwrap: &Bwrap,
    view: &View,
    group: Option<&RunGroup>,
    (rlimits, inner): (&Rlimits, &str),
    redirections: &str,
    argv: &[OsString],
) -> Command {
    let (shell, closing) = closing_shell();
    let outer = format!(
        "n=$1; shift; while [ \"$n\" -gt 0 ]; do echo $$ > \"$1\" || exit 125; shift; \
         n=$((n - 1)); done; {closing}exec \"$@\" {} {redirections}",
        bwrap.filter_redirection()
    );
    let procs = group.map_or(Vec::new(), RunGroup::procs_files);
    let mut command = Command::new(shell);
    command
        .args(["-c", &outer, "cats-check"])
        .arg(procs.len().to_string())
        .args(&procs)
        .arg(bwrap.path())
        .args(bwrap.args(view))
        .args(["--", SHELL, "-c"])
        .arg(format!(
            "{}{inner} exec {}<&-; exec {}\"$@\"",
            rlimits.script(),
            super::bwrap::SECCOMP_FD,
            bwrap.drop_privileges()
        ))
        .arg("cats-check-run")
        .args(argv)
        .env_clear()
        .env("PATH", SYSTEM_PATH);
    command
}

/// A group for a run or a build, where the machine gives one.
fn run_group(name: &str, memory: u64) -> Result<Option<RunGroup>, RunError> {
    match super::cgroup::hierarchy() {
        Some(hierarchy) => RunGroup::create(hierarchy, name, memory)
            .map(Some)
            .map_err(|error| RunError::Setup(format!("cannot make a control group: {error}"))),
        None => Ok(None),
    }
}

/// A run's exit status as the program's own: `bwrap` reports a death by signal N as exit
/// status 128 + N.
fn unwrapped(status: ExitStatus) -> ExitStatus {
    match status.code() {
        Some(code @ 129..=192) => ExitStatus::from_raw(code - 128),
        _ => status,
    }
}

/// One run in `bwrap`: its files in `dir`, its tree in the control group `name` where there
/// is one, watched until it ends or passes a limit, then ended with its sandbox.
fn sandboxed_run(
    bwrap: &Bwrap,
    (dir, session): (&Path, &Path),
    name: &str,
    launch: &Launch,
    input: &str,
    limits: &Limits,
) -> Result<Run, RunError> {
    let (files, [stdin, stdout, stderr], mut watch) =
        RunFiles::create(dir, input, launch.harnessed)?;
    if let Some(user) = bwrap.user() {
        // The program writes these through its descriptors, and may open them anew through
        // `/proc/self/fd` (a harness's answers channel, `/dev/stdout`): they are its user's.
        // They lie in the session's directory, private to root, which the sandbox never shows.
        for path in [&files.answers, &files.printed, &files.stderr] {
            match user.own(path) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                    return Err(RunError::Setup(format!("{}: {error}", path.display())));
                }
                _ => {}
            }
        }
    }
    let group = run_group(name, super::cgroup::backstop_for_watched(limits.memory))?;
    let home = (Path::new(SANDBOX_HOME), Path::new(SANDBOX_TMP));
    let env = run_environment(launch, home, ANSWERS_INSIDE.as_ref());
    let view = View {
        read_only: launch.roots,
        writable: None,
        cwd: Path::new(SANDBOX_WORK),
        tmp_bytes: RUN_TMP_BYTES,
        env: &env,
    };
    let processes = group.is_none().then_some(super::cgroup::PROCESS_LIMIT);
    let rlimits = Rlimits::for_run(launch.stack_kilobytes, processes);
    let quote = |path: &Path| shell_quote(&path.to_string_lossy());
    let redirections = format!("3>>{} 4>{}", quote(&files.answers), quote(&files.started));
    if !super::places::on_path(&launch.argv[0]) {
        return Err(RunError::NotFound);
    }
    let inner = "printf x >&4 || exit 125; exec 4>&-;";
    let mut child = sandboxed_command(
        bwrap,
        &view,
        group.as_ref(),
        (&rlimits, inner),
        &redirections,
        launch.argv,
    )
    .env(SESSION_MARK, session)
    .stdin(stdin)
    .stdout(stdout)
    .stderr(stderr)
    .spawn()
    .map_err(spawn_error)?;
    let measure = match &group {
        Some(group) => Measure::Group(group),
        None => Measure::Namespace {
            bwrap: child.id(),
            member: None,
        },
    };
    let outputs = [files.printed.as_path(), files.stderr.as_path()];
    let (ending, spent) = watch_until_end(&mut child, measure, &mut watch, limits, outputs);
    let _ = child.kill();
    let _ = child.wait();
    let ending = match ending {
        Ending::Exited(status) => Ending::Exited(unwrapped(status)),
        other => other,
    };
    finished(files, watch, (ending, spent), launch, limits)
}

/// Where a harness inside the sandbox writes its answers: the descriptor the starting shell
/// opened on the run's answers file, which lies outside the sandbox.
const ANSWERS_INSIDE: &str = "/proc/self/fd/3";

/// The run's record once it has ended: its answers, prints and errors read from the files
/// `--check` made (never by a name the program could have replaced), or a setup error when the
/// program was never reached.
fn finished(
    files: RunFiles,
    mut watch: Watch,
    (ending, spent): (Ending, Option<Spent>),
    launch: &Launch,
    limits: &Limits,
) -> Result<Run, RunError> {
    watch.read_new(limits.answer_bytes);
    let stderr = head_and_tail(&files.stderr);
    let Some(spent) = spent else {
        let why = stderr.lines().next().unwrap_or("no message");
        return Err(RunError::Setup(format!(
            "the run could not be set up before your program started: {why}"
        )));
    };
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
        spent,
    })
}

/// Runs one build step, `command` (a compiler, or a checker that reads the user's file as
/// data), as `isolation` says: in the sandbox, only `dir` (the build's own directory)
/// writable and `roots` readable besides the system, its tree bounded in memory, processes and
/// file size, and stopped when it has spent [`BUILD_CPU`] (an error carrying [`PastBuildCpu`])
/// or after [`BUILD_TIME`] (`TimedOut`). Its status and output (at most a megabyte each), or
/// why it could not start.
pub fn build_output(
    isolation: Isolation,
    command: &Command,
    dir: &Path,
    roots: &[PathBuf],
) -> std::io::Result<Output> {
    let (mut child, group) = match isolation {
        Isolation::Sandboxed(bwrap) => sandboxed_build(bwrap, command, dir, roots)?,
        Isolation::Unsandboxed => {
            let mut command = clone_command(command);
            command.process_group(0);
            (piped(&mut command).spawn()?, None)
        }
    };
    let unsandboxed = matches!(isolation, Isolation::Unsandboxed);
    let output = collect_within(
        &mut child,
        build_cpu(group.as_ref(), unsandboxed),
        unsandboxed,
        (BUILD_CPU, BUILD_TIME),
    );
    drop(group);
    output
}

/// How to read the CPU time a build step's tree has spent, given its first process: its group's
/// where it has one, else its sandbox's processes; unsandboxed, the step leads a process group
/// of its own, and its own time (with its reaped children's) counts besides its group's.
fn build_cpu(group: Option<&RunGroup>, unsandboxed: bool) -> impl FnMut(u32) -> Duration + '_ {
    let mut sandbox: Option<Measure> = group.map(Measure::Group);
    move |leader| {
        if unsandboxed {
            let own = Path::new("/proc").join(leader.to_string());
            return super::cgroup::cpu_of(&[own]) + super::cgroup::cpu_of(&group_processes(leader));
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
    roots: &[PathBuf],
) -> std::io::Result<(Child, Option<RunGroup>)> {
    if !super::places::on_path(command.get_program()) {
        return Err(std::io::Error::from(std::io::ErrorKind::NotFound));
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
    let view = View {
        read_only: roots,
        writable: Some(dir),
        cwd: command.get_current_dir().unwrap_or(dir),
        tmp_bytes: BUILD_TMP_BYTES,
        env: &env,
    };
    let name = format!("{}{}", group_prefix("build-"), GROUPS.fetch_add(1, SeqCst));
    let group = run_group(&name, BUILD_MEMORY)
        .map_err(|_| std::io::Error::other("cannot make a control group"))?;
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

/// A number for each session and build step of this process, for their groups' names: several
/// sessions may run in one process (the tests'), each numbering its runs from 1.
static GROUPS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

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
/// is killed (with its process group where it leads one) when its tree has spent `cpu`
/// ([`PastBuildCpu`]), as `spent` reads it given the child's id, or after `wall` (`TimedOut`),
/// which is then its error.
fn collect_within(
    child: &mut Child,
    mut spent: impl FnMut(u32) -> Duration,
    group: bool,
    (cpu, wall): (Duration, Duration),
) -> std::io::Result<Output> {
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
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            break None;
        }
        // Reading a tree's CPU time walks `/proc`: a tenth of a second apart is soon enough.
        polls += 1;
        if polls.is_multiple_of(20) && spent(child.id()) >= cpu {
            past_cpu = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if status.is_none() {
        if group {
            let _ = Command::new("kill")
                .args(["-s", "KILL", "--", &format!("-{}", child.id())])
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
    match status {
        Some(status) => Ok(Output {
            status: unwrapped(status),
            stdout,
            stderr,
        }),
        None if past_cpu => Err(std::io::Error::other(PastBuildCpu)),
        None => Err(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            format!("stopped after {} s", wall.as_secs()),
        )),
    }
}

/// One run as the user, outside any sandbox (`--unsandboxed`): the anchor, the program in the
/// anchor's group, the watch, the end of the group.
fn unsandboxed_run(
    dir: &Path,
    launch: &Launch,
    input: &str,
    limits: &Limits,
) -> Result<Run, RunError> {
    if !super::places::on_path(&launch.argv[0]) {
        return Err(RunError::NotFound);
    }
    let work = dir.join("work");
    std::fs::create_dir_all(&work).map_err(|error| RunError::Setup(error.to_string()))?;
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

/// A program that could not be spawned: not found, or anything else.
fn spawn_error(error: std::io::Error) -> RunError {
    match error.kind() {
        std::io::ErrorKind::NotFound => RunError::NotFound,
        _ => RunError::Setup(error.to_string()),
    }
}

/// A shell's loop that kills every process whose environment holds the variable `mark`
/// (`NAME=value`, shell words expanded), again until none is left (one may fork while it is
/// found).
fn sweep(mark: &str) -> String {
    format!(
        "for round in 1 2 3 4 5; do \
         found=$(grep -l -s -z -x -F \"{mark}\" /proc/[0-9]*/environ | cut -d/ -f3); \
         [ -n \"$found\" ] || break; kill -s KILL $found 2>/dev/null; done;"
    )
}

/// The anchor of an unsandboxed run's process group: a shell in a new group of its own that
/// waits for its stdin to close (see [`WAIT_FOR_CLOSE`]), then ends the run: every process
/// that carries the run's `cookie` ([`RUN_COOKIE`]), in the group or out of it, found in
/// `/proc` and killed, again until none is left (one may fork while it is found), then the
/// whole group, itself included. Returns it and the write end of its stdin, which only this
/// process holds.
fn start_anchor(cookie: &str) -> Result<(Child, Option<ChildStdin>), RunError> {
    let script = format!("{} kill -s KILL -- -$$", sweep("$0=$1"));
    let args = [OsString::from(RUN_COOKIE), OsString::from(cookie)];
    let (anchor, pipe) = start_waiting_shell(&script, &args)?;
    Ok((anchor, Some(pipe)))
}

/// A shell in a new process group of its own, with the system's `PATH`, that waits for its
/// stdin to close ([`WAIT_FOR_CLOSE`]) and then runs `script` on `args` (`$0`, `$1`, ...):
/// the anchor of a run, the janitor of a scratch directory. Returns it and the write end of
/// its stdin, which only this process holds.
fn start_waiting_shell(script: &str, args: &[OsString]) -> Result<(Child, ChildStdin), SetupError> {
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
        .map_err(|error| SetupError(format!("cannot start {SHELL}: {error}")))?;
    let pipe = shell
        .stdin
        .take()
        .ok_or_else(|| SetupError("a waiting shell has no stdin".to_string()))?;
    Ok((shell, pipe))
}

/// How a run's memory is measured.
enum Measure<'g> {
    /// What its control group holds, sampled, and whether the kernel killed for its backstop.
    Group(&'g RunGroup),
    /// Summed over the processes of its sandbox's PID namespace, found under `bwrap`.
    Namespace { bwrap: u32, member: Option<u32> },
    /// Summed over its process group (unsandboxed).
    ProcessGroup(u32),
}

impl Measure<'_> {
    /// The memory the run holds (or has held at most), in bytes, and whether it was stopped
    /// for passing `limit`: by the kernel under a group, by the sample elsewhere.
    fn memory(&mut self, limit: u64) -> Option<u64> {
        match self {
            Measure::Group(group) if group.out_of_memory() => Some(group.peak_memory().max(limit)),
            Measure::Group(group) => {
                let held = group.memory_held();
                (held > limit).then_some(held)
            }
            Measure::Namespace { bwrap, member } => {
                if member.is_none() {
                    *member = super::cgroup::child_of(*bwrap);
                }
                let processes = member.map_or(Vec::new(), super::cgroup::namespace_processes);
                let held = super::cgroup::memory_of(&processes);
                (held > limit).then_some(held)
            }
            Measure::ProcessGroup(group) => {
                let held = super::cgroup::memory_of(&group_processes(*group));
                (held > limit).then_some(held)
            }
        }
    }

    /// The CPU time its tree has used so far.
    fn cpu(&self) -> Duration {
        match self {
            Measure::Group(group) => group.cpu_time(),
            Measure::Namespace { member, .. } => {
                let processes = member.map_or(Vec::new(), super::cgroup::namespace_processes);
                super::cgroup::cpu_of(&processes)
            }
            Measure::ProcessGroup(group) => super::cgroup::cpu_of(&group_processes(*group)),
        }
    }

    /// The CPU time its tree has used so far, its sandbox's first process looked for where it
    /// was not yet found (a build step's memory is not sampled, which finds it for a run).
    fn spent_cpu(&mut self) -> Duration {
        if let Measure::Namespace {
            bwrap,
            member: member @ None,
        } = self
        {
            *member = super::cgroup::child_of(*bwrap);
        }
        self.cpu()
    }

    /// Whether the run's tree was refused a process for passing the limit. Only a group
    /// tells: where `RLIMIT_NPROC` bounds the tree, a refused fork is the program's to handle
    /// (a sample of the count would make the verdict depend on timing).
    fn out_of_processes(&self) -> bool {
        matches!(self, Measure::Group(group) if group.out_of_processes())
    }
}

/// Polls the program until it exits or passes a limit: its answers as they come, its memory
/// and CPU time every [`MEMORY_EVERY`] polls, the size of `outputs` (its stdout and stderr
/// files), its time since it started, which is when its start script marked the start:
/// setting the run up is not the program's time. How it ended, and what the program spent if
/// it was reached (a run whose setup takes longer than the whole time limit is stopped,
/// unreached).
fn watch_until_end(
    child: &mut Child,
    mut measure: Measure,
    watch: &mut Watch,
    limits: &Limits,
    outputs: [&Path; 2],
) -> (Ending, Option<Spent>) {
    let mut polls = 0u32;
    let spawned = Instant::now();
    let mut clock: Option<Clock> = None;
    loop {
        let exited = child.try_wait();
        if clock.is_none() && watch.started() {
            clock = Some(Clock::start(measure.cpu()));
        }
        if let Ok(Some(status)) = exited {
            // A program killed for writing past its file size limit flooded its output.
            let ending = flood_in(outputs, limits, watch).unwrap_or(Ending::Exited(status));
            let ending = match measure.memory(limits.memory) {
                Some(bytes) if clock.is_some() => Ending::Memory(bytes),
                _ if measure.out_of_processes() => Ending::Processes,
                _ => ending,
            };
            let spent = clock.as_mut().map(|clock| {
                clock.cpu = clock.cpu.max(measure.cpu());
                clock.since(clock.started)
            });
            return (ending, spent);
        }
        let Some(clock) = clock.as_mut() else {
            if spawned.elapsed() > backstop(limits.total) {
                let spent = Spent {
                    cpu: Duration::ZERO,
                    wall: spawned.elapsed(),
                };
                let limit = limits.total;
                return (Ending::TooLong { limit, spent }, None);
            }
            std::thread::sleep(POLL);
            continue;
        };
        polls = polls.wrapping_add(1);
        if polls.is_multiple_of(MEMORY_EVERY) {
            if let Some(bytes) = measure.memory(limits.memory) {
                return (Ending::Memory(bytes), Some(clock.since(clock.started)));
            }
            if measure.out_of_processes() {
                return (Ending::Processes, Some(clock.since(clock.started)));
            }
            clock.cpu = measure.cpu();
        }
        if watch.read_new(limits.answer_bytes) {
            clock.answered(measure.cpu());
            if limits
                .settled
                .as_ref()
                .is_some_and(|settled| settled(&watch.whole_lines()))
            {
                return (Ending::Settled, Some(clock.since(clock.started)));
            }
        }
        if let Some(ending) = over_limit(watch, limits, clock, outputs) {
            return (ending, Some(clock.since(clock.started)));
        }
        std::thread::sleep(POLL);
    }
}

/// A run's time since its program started, and since its last answer: wall-clock and the CPU
/// time of its tree, as last sampled.
struct Clock {
    started: (Instant, Duration),
    last_answer: (Instant, Duration),
    cpu: Duration,
}

impl Clock {
    fn start(cpu: Duration) -> Clock {
        let now = (Instant::now(), cpu);
        Clock {
            started: now,
            last_answer: now,
            cpu,
        }
    }

    fn answered(&mut self, cpu: Duration) {
        self.cpu = cpu;
        self.last_answer = (Instant::now(), cpu);
    }

    /// What the run spent since `(wall, cpu)`.
    fn since(&self, (wall, cpu): (Instant, Duration)) -> Spent {
        Spent {
            cpu: self.cpu.saturating_sub(cpu),
            wall: wall.elapsed(),
        }
    }
}

/// The answers read so far, and the run's start mark.
struct Watch {
    answers: File,
    started: File,
    kept: Vec<u8>,
    lines: usize,
}

impl Watch {
    /// Whether the start script has marked the program's start.
    fn started(&self) -> bool {
        self.started.metadata().is_ok_and(|meta| meta.len() > 0)
    }

    /// The answers so far up to the last line break: whole lines only.
    fn whole_lines(&self) -> String {
        let end = self
            .kept
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |at| at + 1);
        String::from_utf8_lossy(&self.kept[..end]).into_owned()
    }

    /// Reads what the program added to its answers, keeping at most `cap` bytes and one more
    /// (so that passing the cap shows); whether a new answer line came.
    fn read_new(&mut self, cap: u64) -> bool {
        let mut buffer = [0u8; 1 << 14];
        let lines = self.lines;
        loop {
            let room = (cap + 1).saturating_sub(self.kept.len() as u64) as usize;
            let want = buffer.len().min(room);
            if want == 0 {
                break;
            }
            match self.answers.read(&mut buffer[..want]) {
                Ok(0) | Err(_) => break,
                Ok(read) => {
                    self.lines += buffer[..read].iter().filter(|&&b| b == b'\n').count();
                    self.kept.extend_from_slice(&buffer[..read]);
                }
            }
        }
        self.lines > lines
    }
}

/// The flood the run's outputs show, if any: more answers or answer bytes than it may give,
/// or a file past the output limit.
fn flood_in(outputs: [&Path; 2], limits: &Limits, watch: &Watch) -> Option<Ending> {
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
            thousands(limits.answer_bytes)
        ));
    }
    for (path, name) in outputs.into_iter().zip(["stdout", "stderr"]) {
        if std::fs::metadata(path).is_ok_and(|meta| meta.len() > OUTPUT_LIMIT) {
            return flood(format!("over {} on {name}", megabytes(OUTPUT_LIMIT)));
        }
    }
    None
}

/// The limit the run has passed, if any, memory aside: its output, the search's own clock,
/// its CPU time since its last answer or in all (or their wall-clock backstops).
fn over_limit(
    watch: &Watch,
    limits: &Limits,
    clock: &Clock,
    outputs: [&Path; 2],
) -> Option<Ending> {
    if let Some(flood) = flood_in(outputs, limits, watch) {
        return Some(flood);
    }
    let stopped = limits.stop.as_ref().is_some_and(|stop| stop.load(SeqCst));
    if stopped
        || limits
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    {
        return Some(Ending::OutOfTime);
    }
    let past = |spent: &Spent, limit| spent.cpu > limit || spent.wall > backstop(limit);
    let spent = clock.since(clock.last_answer);
    if past(&spent, limits.quiet) {
        let limit = limits.quiet;
        return Some(Ending::Quiet { limit, spent });
    }
    let spent = clock.since(clock.started);
    if past(&spent, limits.total) {
        let limit = limits.total;
        return Some(Ending::TooLong { limit, spent });
    }
    None
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

/// The processes of an unsandboxed run's process group `group`, its anchor (the group's
/// leader, a waiting shell) aside.
fn group_processes(group: u32) -> Vec<PathBuf> {
    let leader = Path::new("/proc").join(group.to_string());
    super::cgroup::processes(|path| {
        *path != leader
            && std::fs::read_to_string(path.join("stat"))
                .ok()
                .and_then(|stat| process_group(&stat))
                == Some(group)
    })
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
    }

    #[test]
    fn a_death_by_signal_through_bwrap_is_the_program_s() {
        assert_eq!(unwrapped(ExitStatus::from_raw(137 << 8)).signal(), Some(9));
        assert_eq!(unwrapped(ExitStatus::from_raw(3 << 8)).code(), Some(3));
    }

    #[test]
    fn descriptors_of_our_own_close_on_exec_and_are_not_named() {
        let ours = std::fs::File::open("/proc/self/status").unwrap();
        let fd = std::os::fd::AsRawFd::as_raw_fd(&ours) as u32;
        assert!(close_on_exec(fd));
        assert!(!close_on_exec(u32::MAX));
    }

    /// A build step that computes is stopped at its CPU limit, and says so; one that sleeps,
    /// at the wall-clock backstop.
    #[test]
    fn a_build_step_stops_at_its_cpu_limit_or_its_backstop() {
        let collect = |script: &str, limits| {
            let mut command = Command::new("sh");
            command.args(["-c", script]).process_group(0);
            let mut child = piped(&mut command).spawn().unwrap();
            let started = Instant::now();
            let spent = build_cpu(None, true);
            let error = collect_within(&mut child, spent, true, limits).unwrap_err();
            (error, started.elapsed())
        };
        let (computes, took) = collect(
            "while :; do :; done",
            (Duration::from_millis(300), Duration::from_secs(60)),
        );
        assert!(computes
            .get_ref()
            .is_some_and(|inner| inner.is::<PastBuildCpu>()));
        assert!(took < Duration::from_secs(30), "{took:?}");
        let (sleeps, _) = collect(
            "sleep 60",
            (Duration::from_secs(60), Duration::from_millis(300)),
        );
        assert_eq!(sleeps.kind(), std::io::ErrorKind::TimedOut);
    }

    #[test]
    fn memory_reads_in_megabytes() {
        assert_eq!(megabytes(1300 << 20), "1,300 MB");
        assert_eq!(megabytes(0), "0 MB");
    }
}
