//! A run's whole process tree, bound and measured as one: its memory, its number of
//! processes and its CPU time, through a control group of its own, where one can be had.
//!
//! As root, `--check` makes a group per run under the group it runs in (cgroup v2, or v1's
//! `memory`, `pids` and `cpuacct` hierarchies), with a hard memory limit and a process limit;
//! the run's starting shell moves itself in before it starts `bwrap`, so everything the
//! program starts is counted, a child that left its process group and memory in a memfd or a
//! tmpfs file included, and the kernel stops the tree at the limit. Elsewhere (an ordinary
//! user without a delegated group) the sandbox's memory is summed over the processes of its
//! PID namespace, sampled, and processes are bound by `RLIMIT_NPROC` (in the sandbox's user
//! namespace for an ordinary user; as root, over the sandbox's one user, machine-wide); the
//! report names that as weaker.
//!
//! Uses nothing of the crate.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most processes (threads included) a run's tree may have: a JVM and Go start a few
/// dozen threads; a fork bomb stops here.
pub const PROCESS_LIMIT: u64 = 256;

/// Where a session's groups go, probed once.
#[derive(Debug, Clone)]
pub enum Hierarchy {
    /// cgroup v2: one directory under which each run's group holds every controller.
    Unified(PathBuf),
    /// cgroup v1: the `memory`, `pids` and `cpuacct` directories we run in.
    Split {
        memory: PathBuf,
        pids: PathBuf,
        cpu: PathBuf,
    },
}

impl Hierarchy {
    /// The directories the run groups are made in, one per hierarchy.
    pub fn parents(&self) -> Vec<PathBuf> {
        match self {
            Hierarchy::Unified(dir) => vec![dir.clone()],
            Hierarchy::Split { memory, pids, cpu } => {
                vec![memory.clone(), pids.clone(), cpu.clone()]
            }
        }
    }
}

/// The groups this process may make for its runs, probed once by making one: `None` where it
/// may not (not root, no writable cgroup file system, a controller missing).
pub fn hierarchy() -> Option<&'static Hierarchy> {
    static FOUND: std::sync::OnceLock<Option<Hierarchy>> = std::sync::OnceLock::new();
    FOUND
        .get_or_init(|| {
            let found = find_hierarchy()?;
            let probe = RunGroup::create(
                &found,
                &format!("cats-check-probe-{}", std::process::id()),
                1 << 30,
            )
            .ok()?;
            drop(probe);
            remove_stale(&found);
            Some(found)
        })
        .as_ref()
}

/// Removes the empty groups an earlier `--check` left behind: those named for a process that
/// is gone (`cats-check-PID-...`, `cats-check-probe-PID`). A group's own drop gives up after a
/// second while its tree is still being reaped (a build step's has no janitor to finish the
/// job), and the kernel removes only an empty group, so a group still in use stays.
fn remove_stale(hierarchy: &Hierarchy) {
    for parent in hierarchy.parents() {
        for entry in std::fs::read_dir(&parent).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let Some(rest) = name
                .to_str()
                .and_then(|name| name.strip_prefix("cats-check-"))
            else {
                continue;
            };
            let rest = rest.strip_prefix("probe-").unwrap_or(rest);
            let owner = rest
                .split('-')
                .next()
                .and_then(|pid| pid.parse::<u32>().ok());
            let gone = owner.is_some_and(|pid| !Path::new("/proc").join(pid.to_string()).exists());
            if gone {
                let _ = std::fs::remove_dir(entry.path());
            }
        }
    }
}

/// This process's own group in each hierarchy, from `/proc/self/cgroup`.
fn find_hierarchy() -> Option<Hierarchy> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let place = |controller: &str| {
        own.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            // A v1 hierarchy is mounted under the names of its controllers (`cpu,cpuacct`).
            controllers
                .split(',')
                .any(|name| name == controller)
                .then(|| {
                    Path::new("/sys/fs/cgroup")
                        .join(controllers)
                        .join(path.trim_start_matches('/'))
                })
        })
    };
    if let (Some(memory), Some(pids), Some(cpu)) =
        (place("memory"), place("pids"), place("cpuacct"))
    {
        return Some(Hierarchy::Split { memory, pids, cpu });
    }
    let unified = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    let dir = Path::new("/sys/fs/cgroup").join(unified.trim_start_matches('/'));
    let controllers = std::fs::read_to_string(dir.join("cgroup.subtree_control")).ok()?;
    let has = |name: &str| controllers.split_whitespace().any(|word| word == name);
    (has("memory") && has("pids")).then_some(Hierarchy::Unified(dir))
}

/// One run's group, removed when dropped (its processes ended first).
pub struct RunGroup {
    hierarchy: Hierarchy,
    name: String,
}

impl RunGroup {
    /// A new group `name` under `hierarchy` whose tree may hold `memory` bytes, by the
    /// kernel's count, and [`PROCESS_LIMIT`] processes.
    pub fn create(hierarchy: &Hierarchy, name: &str, memory: u64) -> std::io::Result<RunGroup> {
        let group = RunGroup {
            hierarchy: hierarchy.clone(),
            name: name.to_string(),
        };
        for dir in group.dirs() {
            std::fs::create_dir(&dir)?;
        }
        let processes = PROCESS_LIMIT.to_string();
        match &group.hierarchy {
            Hierarchy::Unified(_) => {
                let dir = group.dir(Controller::Memory);
                std::fs::write(dir.join("memory.max"), memory.to_string())?;
                std::fs::write(dir.join("memory.swap.max"), "0").ok();
                std::fs::write(dir.join("pids.max"), processes)?;
            }
            Hierarchy::Split { .. } => {
                let dir = group.dir(Controller::Memory);
                std::fs::write(dir.join("memory.limit_in_bytes"), memory.to_string())?;
                std::fs::write(dir.join("memory.memsw.limit_in_bytes"), memory.to_string()).ok();
                std::fs::write(group.dir(Controller::Pids).join("pids.max"), processes)?;
            }
        }
        Ok(group)
    }

    fn dirs(&self) -> Vec<PathBuf> {
        match &self.hierarchy {
            Hierarchy::Unified(dir) => vec![dir.join(&self.name)],
            Hierarchy::Split { memory, pids, cpu } => [memory, pids, cpu]
                .iter()
                .map(|dir| dir.join(&self.name))
                .collect(),
        }
    }

    fn dir(&self, controller: Controller) -> PathBuf {
        match (&self.hierarchy, controller) {
            (Hierarchy::Unified(dir), _) => dir.join(&self.name),
            (Hierarchy::Split { memory, .. }, Controller::Memory) => memory.join(&self.name),
            (Hierarchy::Split { pids, .. }, Controller::Pids) => pids.join(&self.name),
            (Hierarchy::Split { cpu, .. }, Controller::Cpu) => cpu.join(&self.name),
        }
    }

    /// The files a process writes its id into to join the group, in every hierarchy.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.dirs()
            .into_iter()
            .map(|dir| dir.join("cgroup.procs"))
            .collect()
    }

    /// The most memory the tree has held at once, in bytes (page cache it caused included).
    pub fn peak_memory(&self) -> u64 {
        let dir = self.dir(Controller::Memory);
        let file = match self.hierarchy {
            Hierarchy::Unified(_) => "memory.peak",
            Hierarchy::Split { .. } => "memory.max_usage_in_bytes",
        };
        read_number(&dir.join(file)).unwrap_or(0)
    }

    /// The memory the tree holds now, in bytes, as a judge counts it: what it allocated,
    /// the kernel's memory on its behalf and its files in memory (tmpfs, memfds), but not the
    /// page cache of files it read (its own binary, a JVM's modules), which the kernel may
    /// drop at any time.
    pub fn memory_held(&self) -> u64 {
        let dir = self.dir(Controller::Memory);
        let (current, cache, shared) = match self.hierarchy {
            Hierarchy::Unified(_) => ("memory.current", "file", "shmem"),
            Hierarchy::Split { .. } => ("memory.usage_in_bytes", "total_cache", "total_shmem"),
        };
        let stat = std::fs::read_to_string(dir.join("memory.stat")).unwrap_or_default();
        let current = read_number(&dir.join(current)).unwrap_or(0);
        let reclaimable = field(&stat, cache)
            .unwrap_or(0)
            .saturating_sub(field(&stat, shared).unwrap_or(0));
        current.saturating_sub(reclaimable)
    }

    /// Whether the kernel killed a process of the tree for passing the memory limit.
    pub fn out_of_memory(&self) -> bool {
        let dir = self.dir(Controller::Memory);
        let file = match self.hierarchy {
            Hierarchy::Unified(_) => "memory.events",
            Hierarchy::Split { .. } => "memory.oom_control",
        };
        let text = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
        field(&text, "oom_kill").is_some_and(|kills| kills > 0)
    }

    /// Whether a fork was refused for passing [`PROCESS_LIMIT`].
    pub fn out_of_processes(&self) -> bool {
        let text = std::fs::read_to_string(self.dir(Controller::Pids).join("pids.events"))
            .unwrap_or_default();
        field(&text, "max").is_some_and(|refused| refused > 0)
    }

    /// The CPU time (user and system) of the whole tree so far.
    pub fn cpu_time(&self) -> Duration {
        match self.hierarchy {
            Hierarchy::Unified(_) => {
                let text = std::fs::read_to_string(self.dir(Controller::Cpu).join("cpu.stat"))
                    .unwrap_or_default();
                Duration::from_micros(field(&text, "usage_usec").unwrap_or(0))
            }
            Hierarchy::Split { .. } => Duration::from_nanos(
                read_number(&self.dir(Controller::Cpu).join("cpuacct.usage")).unwrap_or(0),
            ),
        }
    }
}

impl Drop for RunGroup {
    /// The group goes once its processes have: the sandbox's PID namespace ends with `bwrap`,
    /// which is ended before this; a few tries cover the kernel's last reaping.
    fn drop(&mut self) {
        for dir in self.dirs() {
            for _ in 0..1000 {
                if std::fs::remove_dir(&dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Controller {
    Memory,
    Pids,
    Cpu,
}

fn read_number(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// The number after `name` on its line of a `name value` file.
fn field(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (key, value) = line.split_once(' ')?;
        (key == name).then(|| value.trim().parse().ok())?
    })
}

/// The kernel's limit for a run whose watch stops it at `memory` bytes held
/// ([`RunGroup::memory_held`], sampled every few milliseconds): a quarter above, at least
/// 64 MB, a backstop for a program that allocates faster than the watch samples. At its own
/// limit the kernel reclaims for seconds before it kills, and a verdict that waited on that
/// would come late, or not before `--seconds` runs out.
pub fn backstop_for_watched(memory: u64) -> u64 {
    memory.saturating_add((memory / 4).max(64 << 20))
}

/// The `/proc/PID` folders of the processes `belongs` takes (given the folder): what the
/// sampled measures sum over, where no group counts a run's tree.
pub fn processes(belongs: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|name| name.parse::<u32>().is_ok())
        })
        .map(|entry| entry.path())
        .filter(|path| belongs(path))
        .collect()
}

/// The processes of the PID namespace of `member` (a process of the sandbox).
pub fn namespace_processes(member: u32) -> Vec<PathBuf> {
    let Ok(namespace) = std::fs::read_link(format!("/proc/{member}/ns/pid")) else {
        return Vec::new();
    };
    processes(|path| std::fs::read_link(path.join("ns/pid")).ok().as_ref() == Some(&namespace))
}

/// The memory `processes` hold, in bytes: the sum of their resident memory and of the memfds
/// they hold (each counted once), or the largest peak one of them reached (caught even
/// between samples), whichever is more. Sampled: a peak of the sum between samples may be
/// missed.
pub fn memory_of(processes: &[PathBuf]) -> u64 {
    let (mut resident, mut peak) = (0, 0);
    let mut memfds = std::collections::HashMap::new();
    for path in processes {
        let status = std::fs::read_to_string(path.join("status")).unwrap_or_default();
        resident += status_kilobytes(&status, "VmRSS:") << 10;
        peak = peak.max(status_kilobytes(&status, "VmHWM:") << 10);
        held_memfds(path, &mut memfds);
    }
    let memfd_bytes: u64 = memfds.values().sum();
    (resident + memfd_bytes).max(peak)
}

/// The CPU time `processes` have used: each one's own and that of the children it reaped
/// (`bwrap`'s first process reaps every orphan of its sandbox), sampled.
pub fn cpu_of(processes: &[PathBuf]) -> Duration {
    let ticks = processes
        .iter()
        .filter_map(|path| std::fs::read_to_string(path.join("stat")).ok())
        .map(|stat| cpu_ticks(&stat))
        .sum();
    from_ticks(ticks)
}

/// The CPU time of a `/proc/PID/stat` line, in clock ticks: its user and system time and its
/// reaped children's (fields 14 to 17).
pub fn cpu_ticks(stat: &str) -> u64 {
    let Some((_, after)) = stat.rsplit_once(')') else {
        return 0;
    };
    after
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|field| field.parse::<u64>().ok())
        .sum()
}

/// Clock ticks as time: Linux reports `/proc` times in USER_HZ, 100 a second on every
/// architecture it runs on.
pub fn from_ticks(ticks: u64) -> Duration {
    Duration::from_millis(ticks * 10)
}

/// The memfds the process at `/proc/PID` holds open, by inode, with the bytes each holds.
fn held_memfds(process: &Path, memfds: &mut std::collections::HashMap<u64, u64>) {
    use std::os::unix::fs::MetadataExt;
    let Ok(descriptors) = std::fs::read_dir(process.join("fd")) else {
        return;
    };
    for descriptor in descriptors.flatten() {
        let memfd = std::fs::read_link(descriptor.path())
            .is_ok_and(|target| target.to_string_lossy().starts_with("/memfd:"));
        if let (true, Ok(meta)) = (memfd, std::fs::metadata(descriptor.path())) {
            memfds.insert(meta.ino(), meta.blocks() * 512);
        }
    }
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

/// The first child of `parent`, found in `/proc` (the sandbox's first process, under `bwrap`).
pub fn child_of(parent: u32) -> Option<u32> {
    let entries = std::fs::read_dir("/proc").ok()?;
    entries.flatten().find_map(|entry| {
        let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
        let (_, after) = stat.rsplit_once(')')?;
        let ppid: u32 = after.split_whitespace().nth(1)?.parse().ok()?;
        (ppid == parent).then_some(pid)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_files_are_read_by_name() {
        let text = "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n";
        assert_eq!(field(text, "oom_kill"), Some(2));
        assert_eq!(field(text, "max"), None);
        let stat = "7 (a b) S 1 7 7 0 -1 4194560 100 0 0 0 250 30 5 1 20 0 1 0";
        assert_eq!(cpu_ticks(stat), 286);
        assert_eq!(from_ticks(286), Duration::from_millis(2860));
        assert_eq!(
            status_kilobytes("Name:\tx\nVmRSS:\t    2172 kB\n", "VmRSS:"),
            2172
        );
    }
}
