//! This process's control groups for its runs and build steps: their names, and one made
//! where the machine gives one. Uses [`super::cgroup`] and [`RunError`].

use super::cgroup::RunGroup;
use super::run::RunError;
use super::setup_error::SetupError;

/// The prefix of this process's control groups: a session's own (`session-N-`, whose janitor
/// removes them), or the builds' (`build-`).
pub(super) fn group_prefix(kind: &str) -> String {
    format!("cats-check-{}-{kind}", std::process::id())
}

/// A number for each session and build step of this process, for their groups' names: several
/// sessions may run in one process (the tests'), each numbering its runs from 1.
pub(super) static GROUPS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A group for a run or a build, where the machine gives one.
pub(super) fn run_group(name: &str, memory: u64) -> Result<Option<RunGroup>, RunError> {
    match super::cgroup::hierarchy() {
        Some(hierarchy) => RunGroup::create(hierarchy, name, memory)
            .map(Some)
            .map_err(|error| RunError::Setup(SetupError::ControlGroup(error.to_string()))),
        None => Ok(None),
    }
}
