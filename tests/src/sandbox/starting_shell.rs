//! The shell that starts what touches the user's code, a build step or a run: the resource
//! limits it sets, the inherited descriptors it closes, the command that wraps the program in
//! `bwrap` ([`super::bwrap`]) after joining its control group ([`super::cgroup`]), and the
//! program's exit status read back through `bwrap`. Uses those, the output limit
//! ([`super::run`]) and [`super::shells`].

use super::bwrap::{Bwrap, View};
use super::cgroup::RunGroup;
use super::run::OUTPUT_LIMIT;
use super::shells::{SHELL, SYSTEM_PATH};
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus};

/// The resource limits a start script sets before the program: its stack (as its judge
/// allows), the largest file it may write (a memfd included; just past the output limit, so
/// that a flood shows as one), how many files it may hold open, and where no control group
/// counts them, how many processes its user namespace may hold.
pub(super) struct Rlimits {
    pub(super) stack_kilobytes: Option<u64>,
    pub(super) file_bytes: u64,
    pub(super) open_files: u64,
    pub(super) processes: Option<u64>,
}

impl Rlimits {
    /// The shell's lines that set them, failing the setup (exit 125) where one cannot be set;
    /// a hard stack limit below the judge's is as far as the stack goes.
    pub(super) fn script(&self) -> String {
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
    pub(super) fn for_run(stack_kilobytes: u64, processes: Option<u64>) -> Rlimits {
        Rlimits {
            stack_kilobytes: Some(stack_kilobytes),
            file_bytes: OUTPUT_LIMIT + 512,
            open_files: OPEN_FILES,
            processes,
        }
    }
}

/// How many files a process may hold open: a JVM opens a few dozen.
pub(super) const OPEN_FILES: u64 = 1024;

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
pub(super) fn closing_shell() -> (&'static str, String) {
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
pub(super) fn sandboxed_command(
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

/// A run's exit status as the program's own: `bwrap` reports a death by signal N as exit
/// status 128 + N.
pub(super) fn unwrapped(status: ExitStatus) -> ExitStatus {
    match status.code() {
        Some(code @ 129..=192) => ExitStatus::from_raw(code - 128),
        _ => status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
