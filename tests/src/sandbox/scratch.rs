//! A session's scratch directory, where each of its runs gets a directory of its own, and
//! the session's *janitor*.
//!
//! The scratch directory (and the session's control groups) are removed the same way a run's
//! tree is ended under `--unsandboxed`: a second `sh`, the janitor, waits on a pipe for the
//! whole session and removes them when it closes, however `--check` ends.
//!
//! Uses the sandbox's files below it: places, cgroup, isolation, groups, shells, run,
//! sandboxed_run, unsandboxed.

use super::groups::{group_prefix, GROUPS};
use super::isolation::Isolation;
use super::places::temp_root;
use super::run::{Launch, Limits, Run, RunError};
use super::sandboxed_run::{sandboxed_run, SESSION_MARK};
use super::setup_error::{Doing, SetupError};
use super::shells::{start_waiting_shell, sweep};
use super::unsandboxed::unsandboxed_run;
use std::os::unix::fs::DirBuilderExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin};
use std::sync::atomic::Ordering::SeqCst;

/// The janitor's work when the session ends: the session's `bwrap` processes that outlived
/// `--check` ended ([`SESSION_MARK`]), the scratch directory (`$0`) and the session's run groups
/// (`$1*` under each directory after `$1`) removed: again until they are gone, every 0.2 s for 20 s
/// at most. When `--check` dies, its runs end at the same time, and a run that is still setting up
/// may write into a directory `rm` has just emptied; a group stays busy until the system's init has
/// reaped the sandbox's first process, orphaned when `bwrap` died (seconds, on a busy machine).
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
            .map_err(|error| SetupError::io(Doing::Create, &root, &error))?;
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
        std::fs::create_dir(&dir)
            .map_err(|error| RunError::Setup(SetupError::io(Doing::Create, &dir, &error)))?;
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
