//! The processes of an unsandboxed tree, its process group, read from `/proc`. Uses the
//! control groups' walk of `/proc` ([`super::cgroup`]).

use std::path::{Path, PathBuf};

/// Field `index` of a `/proc/PID/stat` line after the command name (which may hold spaces
/// and parentheses): 0 the state, 2 the process group.
fn stat_field(stat: &str, index: usize) -> Option<&str> {
    let (_, after) = stat.rsplit_once(')')?;
    after.split_whitespace().nth(index)
}

/// The state letter of a `/proc/PID/stat` line.
pub(super) fn process_state(stat: &str) -> Option<char> {
    stat_field(stat, 0)?.chars().next()
}

/// The process group of a `/proc/PID/stat` line.
fn process_group(stat: &str) -> Option<u32> {
    stat_field(stat, 2)?.parse().ok()
}

/// The processes of an unsandboxed run's process group `group`, its anchor (the group's
/// leader, a waiting shell) aside.
pub(super) fn group_processes(group: u32) -> Vec<PathBuf> {
    let leader = Path::new("/proc").join(group.to_string());
    super::cgroup::processes(|path| {
        *path != leader
            && std::fs::read_to_string(path.join("stat"))
                .ok()
                .and_then(|stat| process_group(&stat))
                == Some(group)
    })
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
}
