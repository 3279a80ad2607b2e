//! What a running tree holds and has spent: its memory, its CPU time and whether it was
//! refused a process, read from its control group, its sandbox's PID namespace or its process
//! group. Uses [`super::cgroup`] and [`super::process_group`].

use super::cgroup::RunGroup;
use super::process_group::group_processes;
use std::time::Duration;

/// How a run's memory is measured.
pub(super) enum Measure<'g> {
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
    pub(super) fn memory(&mut self, limit: u64) -> Option<u64> {
        let held = self.held();
        self.past(limit, held)
    }

    /// Whether a run that holds `held` bytes was stopped for passing `limit` (see
    /// [`Self::memory`]), and at what.
    pub(super) fn past(&self, limit: u64, held: u64) -> Option<u64> {
        match self {
            Measure::Group(group) if group.out_of_memory() => Some(group.peak_memory().max(limit)),
            _ => Some(held).filter(|&held| held > limit),
        }
    }

    /// The memory the run holds now, in bytes, as a judge counts it.
    pub(super) fn held(&mut self) -> u64 {
        match self {
            Measure::Group(group) => group.memory_held(),
            Measure::Namespace { bwrap, member } => {
                if member.is_none() {
                    *member = super::cgroup::child_of(*bwrap);
                }
                let processes = member.map_or(Vec::new(), super::cgroup::namespace_processes);
                super::cgroup::memory_of(&processes)
            }
            Measure::ProcessGroup(group) => super::cgroup::memory_of(&group_processes(*group)),
        }
    }

    /// The CPU time its tree has used so far.
    pub(super) fn cpu(&self) -> Duration {
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
    pub(super) fn spent_cpu(&mut self) -> Duration {
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
    pub(super) fn out_of_processes(&self) -> bool {
        matches!(self, Measure::Group(group) if group.out_of_processes())
    }
}
