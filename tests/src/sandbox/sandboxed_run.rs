//! Running the user's program as a judge does: isolated (in bubblewrap, [`super::bwrap`]),
//! its input from a file, its answers, prints and errors into files of `--check`'s own that it
//! never sees ([`super::run_files`]), watched as they grow ([`super::watch`]), limited in time,
//! memory, processes and output, its whole process tree bound as one ([`super::cgroup`]) and
//! ended on every exit of `--check`.
//!
//! Ending a run's tree on every exit, Ctrl-C and `kill -9` included, needs no signal handler:
//! the sandbox's PID namespace ends with `bwrap`, which ends with `--check`
//! (`--die-with-parent`).
//!
//! Uses the sandbox's files below it: bwrap, cgroup, places, run, run_files, watch, measure,
//! environment, starting_shell, groups.

use super::binds::{SANDBOX_HOME, SANDBOX_TMP, SANDBOX_WORK};
use super::bwrap::{Bwrap, View};
use super::environment::run_environment;
use super::groups::run_group;
use super::measure::Measure;
use super::run::{spawn_error, Ending, Launch, Limits, Run, RunError, OUTPUT_LIMIT};
use super::run_files::{finished, RunFiles};
use super::setup_error::{Doing, SetupError};
use super::starting_shell::{sandboxed_command, unwrapped, Rlimits};
use super::watch::watch_until_end;
use crate::text::shell_quote;
use std::path::Path;

/// The variable that marks a session's `bwrap` processes (outside their sandbox, which
/// clears it), with the session's scratch directory as its value: `bwrap` ends with `--check`
/// (`--die-with-parent`), but one that `--check`'s death caught before it had asked for that is
/// found by its mark and ended by the janitor.
pub(super) const SESSION_MARK: &str = "CATS_CHECK_SESSION";

/// The size of a run's `/tmp`: its working directory and home.
const RUN_TMP_BYTES: u64 = OUTPUT_LIMIT;

/// One run in `bwrap`: its files in `dir`, its tree in the control group `name` where there
/// is one, watched until it ends or passes a limit, then ended with its sandbox.
pub(super) fn sandboxed_run(
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
                    return Err(RunError::Setup(SetupError::io(
                        Doing::GiveToSandbox,
                        path,
                        &error,
                    )));
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
        etc: launch.etc,
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
