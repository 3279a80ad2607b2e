//! bubblewrap (`bwrap`, the sandbox Flatpak runs every app in) around every process that
//! touches the user's code: its build (the compilers, and the load of a Python or JavaScript
//! file at build time) and each of its runs.
//!
//! What a sandboxed process sees, a [`View`]: a root of its own holding the system's programs and
//! libraries (`/usr` and the top-level links into it) and a few files of `/etc` that runtimes read,
//! all read-only; the roots of the tools it needs that live elsewhere (a pyenv Python, a rustup
//! toolchain, TypeScript's package: [`super::binds::tool_root`]), read-only; the build, read-only
//! to a run and writable only to the build itself (each of these a [`Bind`], which only
//! [`Bind::of`] makes: never a shared folder, a home or above one); an empty tmpfs of bounded size
//! at `/tmp`, which is its home, its temporary directory and a run's working directory; empty ones
//! at `/var/tmp`, `/dev/shm` and `/run`; a `/proc` of its own PID namespace and a minimal `/dev`.
//! Nothing else of the user's is there: no home, no sockets (a Unix socket in a file is reachable
//! only where its file is), no other process. It has no network (not even a loopback to this
//! machine's services), no System V IPC with the machine, a session of its own (no terminal to type
//! into), no capabilities, no new privileges and no further user namespaces, and a seccomp filter
//! ([`seccomp_filter`]) refuses the kernel's keyrings, `ptrace`, `perf_event_open`, `bpf`, io_uring
//! and the like, and the ioctl that types into a terminal. `--die-with-parent`: it ends when
//! `--check` ends, in any way, `kill -9` included; with its PID namespace ends everything it
//! started.
//!
//! Uses `text`; beside it, `binds` (what may be bound, and the sandbox's own mount points),
//! `places`, `setup_error`.

use super::binds::{Bind, EMPTY_TMPFS, SANDBOX_HOME, SANDBOX_TMP, SANDBOX_WORK, TOP_LEVEL};
use super::setup_error::{Doing, SetupError};
use crate::text::shell_quote;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The system's bubblewrap, as probed once: where it is, its version, and the seccomp filter
/// it loads.
pub struct Bwrap {
    path: PathBuf,
    /// The version it says it is (`0.8.0` of `bubblewrap 0.8.0`), for the report.
    pub version: Option<String>,
    /// The compiled filter, written once in `--check`'s private cache, or `None` on a
    /// processor whose system calls the filter does not know.
    seccomp: Option<PathBuf>,
    /// Whether it takes `--disable-userns` (bubblewrap 0.8 and later).
    disables_userns: bool,
    /// Who the user's code runs as when `--check` is root, and the tool that drops to it.
    user: Option<(SandboxUser, PathBuf)>,
}

/// The unprivileged user and group every process of the user's code runs as when `--check`
/// runs as root (a container's user, a CI runner's). bubblewrap maps the caller's uid to
/// itself, so without this a program started by root would be the machine's uid 0 inside:
/// the owner of every root-owned file the sandbox shows, `/proc/sys` included. Its own uid,
/// named by no account here (as isolate gives each box one), not `nobody`, whose files
/// other services may own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SandboxUser {
    pub uid: u32,
    pub gid: u32,
}

/// Where the sandbox's own uid is looked for: the first id from here that no account or
/// group of `/etc/passwd` and `/etc/group` names.
const SANDBOX_IDS_FROM: u32 = 60_913;

impl SandboxUser {
    /// The first id from [`SANDBOX_IDS_FROM`] that no account or group names, if any.
    fn free() -> Option<SandboxUser> {
        let named = |file: &str| -> Vec<u32> {
            std::fs::read_to_string(file)
                .unwrap_or_default()
                .lines()
                .filter_map(|line| line.split(':').nth(2)?.parse().ok())
                .collect()
        };
        let (users, groups) = (named("/etc/passwd"), named("/etc/group"));
        let id = (SANDBOX_IDS_FROM..SANDBOX_IDS_FROM + 1000)
            .find(|id| !users.contains(id) && !groups.contains(id))?;
        Some(SandboxUser { uid: id, gid: id })
    }

    /// Gives `path` (a build's directory, a run's output files, made by `--check` in its
    /// private directories) to this user, so that the sandboxed process can write it.
    pub fn own(&self, path: &Path) -> std::io::Result<()> {
        std::os::unix::fs::chown(path, Some(self.uid), Some(self.gid))
    }
}

/// The directories the system's own tools are looked for in, whatever the user's `PATH` holds.
pub const SYSTEM_TOOL_DIRS: &[&str] = &["/usr/bin", "/bin", "/usr/sbin", "/sbin"];

/// A system tool by name, from [`SYSTEM_TOOL_DIRS`].
pub fn system_tool(name: &str) -> Option<PathBuf> {
    SYSTEM_TOOL_DIRS
        .iter()
        .map(|dir| Path::new(dir).join(name))
        .find(|path| path.is_file())
}

/// The entries of `/etc` every sandbox gets, where they exist: what the dynamic linker, the
/// `alternatives` links to compilers and runtimes and the C library's name lookups read; a
/// language's runtime may need more of its own ([`EtcEntry`]). Never `shadow`, keys, or
/// anything that holds a secret.
const ETC_ENTRIES: &[&str] = &[
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "group",
];

/// An entry of `/etc` that a language's runtime reads besides [`ETC_ENTRIES`], as the
/// language's entry in the build's table names it: one name (`mono`), or every entry whose
/// name starts so (`java-`, each JDK's configuration). Bound read-only where it exists; a name
/// with a `/`, or one that begins with a dot, is never bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EtcEntry {
    Named(&'static str),
    Prefixed(&'static str),
}

/// What a sandboxed process may see and write, beyond the system's programs and libraries.
pub struct View<'a> {
    /// What is bound read-only: tool roots, the build, a command's files.
    pub read_only: &'a [Bind],
    /// What is bound writable: a build's own directory.
    pub writable: Option<&'a Bind>,
    /// The working directory inside.
    pub cwd: &'a Path,
    /// The size of the tmpfs at [`SANDBOX_TMP`], in bytes.
    pub tmp_bytes: u64,
    /// The whole environment inside.
    pub env: &'a [(OsString, OsString)],
    /// The entries of `/etc` its runtime needs besides every sandbox's.
    pub etc: &'a [EtcEntry],
}

/// Where the filter is kept: `--check`'s private cache, named by its format.
fn filter_path() -> PathBuf {
    super::places::cache_root().join("seccomp-1.bpf")
}

impl Bwrap {
    /// The arguments of `bwrap` for `view`, before the command. The seccomp filter comes on
    /// descriptor [`SECCOMP_FD`], which the starting shell opens.
    ///
    /// As an ordinary user, bubblewrap makes a user namespace that maps the user to itself,
    /// with no capabilities. As root it runs privileged instead (its own namespaces but no
    /// user namespace, which would map uid 0 inside to the machine's root): it keeps only what
    /// the start script needs to become the [`SandboxUser`] ([`Bwrap::drop_privileges`]),
    /// and the places the program writes in are made open to that user.
    pub fn args(&self, view: &View) -> Vec<OsString> {
        let privileged = self.user.is_some();
        let namespaces: &[&str] = match privileged {
            false => &["--unshare-all", "--unshare-user"],
            true => &[
                "--unshare-ipc",
                "--unshare-pid",
                "--unshare-net",
                "--unshare-uts",
                "--unshare-cgroup-try",
            ],
        };
        let mut args: Vec<OsString> = namespaces.iter().map(OsString::from).collect();
        let mut add = |words: &[&dyn AsRef<std::ffi::OsStr>]| {
            args.extend(words.iter().map(|word| word.as_ref().to_os_string()));
        };
        add(&[
            &"--new-session",
            &"--die-with-parent",
            &"--cap-drop",
            &"ALL",
        ]);
        if privileged {
            for kept in ["CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP"] {
                add(&[&"--cap-add", &kept]);
            }
        }
        add(&[&"--clearenv", &"--ro-bind", &"/usr", &"/usr"]);
        if self.disables_userns && !privileged {
            add(&[&"--disable-userns"]);
        }
        if privileged {
            // Folders bubblewrap would make for what it binds or mounts inside them, private
            // to root: the sandbox's user could not reach `/etc/alternatives` (and through it
            // `javac`), or `/var/tmp`.
            for dir in ["/etc", "/var"] {
                add(&[&"--perms", &"0755", &"--dir", &dir]);
            }
        }
        system_binds(&mut args, view.etc);
        let mut add = |words: &[&dyn AsRef<std::ffi::OsStr>]| {
            args.extend(words.iter().map(|word| word.as_ref().to_os_string()));
        };
        add(&[&"--proc", &"/proc", &"--dev", &"/dev"]);
        // The kernel's settings and switches under `/proc`, read-only whoever runs inside:
        // a write to `/proc/sys/kernel/core_pattern` would have a command of its choice run
        // as root at the machine's next crash.
        for name in KERNEL_PROC {
            let path = Path::new("/proc").join(name);
            add(&[&"--ro-bind-try", &path, &path]);
        }
        // As root, bubblewrap's mounts and directories are root's, 0755: the sandbox's user
        // gets the modes of a system's `/tmp`.
        let (shared, own): (
            &[&dyn AsRef<std::ffi::OsStr>],
            &[&dyn AsRef<std::ffi::OsStr>],
        ) = match privileged {
            true => (&[&"--perms", &"1777"], &[&"--perms", &"0777"]),
            false => (&[], &[]),
        };
        let size = view.tmp_bytes.to_string();
        add(shared);
        add(&[&"--size", &size, &"--tmpfs", &SANDBOX_TMP]);
        for dir in [SANDBOX_WORK, SANDBOX_HOME] {
            add(own);
            add(&[&"--dir", &dir]);
        }
        for empty in EMPTY_TMPFS {
            add(shared);
            add(&[&"--size", &"1048576", &"--tmpfs", &empty]);
        }
        let targets: Vec<&Path> = view
            .read_only
            .iter()
            .chain(view.writable)
            .map(Bind::target)
            .collect();
        if privileged {
            for dir in mount_points_above(&targets) {
                add(&[&"--perms", &"0755", &"--dir", &dir]);
            }
        }
        for bind in view.read_only {
            add(&[&"--ro-bind", &bind.source(), &bind.target()]);
        }
        if let Some(bind) = view.writable {
            add(&[&"--bind", &bind.source(), &bind.target()]);
        }
        for (name, value) in view.env {
            add(&[&"--setenv", name, value]);
        }
        if self.seccomp.is_some() {
            add(&[&"--seccomp", &SECCOMP_FD.to_string()]);
        }
        add(&[&"--chdir", &view.cwd]);
        args
    }

    /// The redirection that opens the filter on [`SECCOMP_FD`] for `bwrap`, in the shell
    /// that starts it, if there is a filter.
    pub fn filter_redirection(&self) -> String {
        match &self.seccomp {
            Some(path) => format!("{SECCOMP_FD}<{}", shell_quote(&path.to_string_lossy())),
            None => String::new(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the sandbox refuses further user namespaces (`--disable-userns`).
    pub fn disables_userns(&self) -> bool {
        self.disables_userns
    }

    /// Whether the filter is loaded (a processor it knows).
    pub fn filters(&self) -> bool {
        self.seccomp.is_some()
    }

    /// The user the sandboxed processes run as, when `--check` is root.
    pub fn user(&self) -> Option<SandboxUser> {
        self.user.as_ref().map(|(user, _)| *user)
    }

    /// The words the start script puts before the program inside the sandbox: as root,
    /// `setpriv` to the [`SandboxUser`] with no supplementary groups, no capabilities left
    /// (none inherited, none in the bounding set), no new privileges, and killed when the
    /// sandbox's first process dies (a change of uid clears the parent-death signal that
    /// `--die-with-parent` set). Empty for an ordinary user.
    pub fn drop_privileges(&self) -> String {
        match &self.user {
            Some((user, setpriv)) => format!(
                "{} --reuid={} --regid={} --clear-groups --inh-caps=-all --bounding-set=-all \
                 --no-new-privs --pdeathsig=SIGKILL -- ",
                shell_quote(&setpriv.to_string_lossy()),
                user.uid,
                user.gid
            ),
            None => String::new(),
        }
    }
}

/// The kernel's interfaces under `/proc` that a sandbox shows read-only: its settings
/// (`sys`), the magic SysRq switch, interrupts, buses, file systems and drivers.
const KERNEL_PROC: &[&str] = &[
    "sys",
    "sysrq-trigger",
    "irq",
    "bus",
    "fs",
    "acpi",
    "scsi",
    "driver",
];

/// The directories above the places `bound` that the sandbox must make, outermost first: as
/// root, bubblewrap makes them private to root, and the sandbox's user could not reach a
/// tool under `/root/.rustup` or a build under `/tmp/cats-check-builds-0`. Not `/`, not the
/// sandbox's own mounts and links (`/tmp`, `/usr`, `/lib`, ...), and nothing inside another
/// bound path (which brings its own directories).
fn mount_points_above(bound: &[&Path]) -> Vec<PathBuf> {
    let system = |dir: &Path| {
        dir == Path::new(SANDBOX_TMP)
            || ["/usr", "/proc", "/dev", "/etc", "/run", "/var/tmp"]
                .iter()
                .any(|system| dir.starts_with(system))
            || TOP_LEVEL
                .iter()
                .any(|top| dir.starts_with(Path::new("/").join(top)))
    };
    let mut dirs: Vec<PathBuf> = Vec::new();
    for path in bound {
        let mut above: Vec<&Path> = path.ancestors().skip(1).collect();
        above.reverse();
        for dir in above {
            let inside_bound = bound.iter().any(|other| dir.starts_with(other));
            if dir.parent().is_some() && !system(dir) && !inside_bound {
                let dir = dir.to_path_buf();
                if !dirs.contains(&dir) {
                    dirs.push(dir);
                }
            }
        }
    }
    dirs
}

/// The arguments that bind the system's own part of a sandbox's root, read-only: the
/// top-level links into `/usr` (or directories, without a merged `/usr`), [`ETC_ENTRIES`] and
/// the runtime's own entries, `etc` (a JDK's `conf` links into `/etc/java-NN-openjdk`).
fn system_binds(args: &mut Vec<OsString>, etc: &[EtcEntry]) {
    let mut add = |words: [&dyn AsRef<std::ffi::OsStr>; 3]| {
        args.extend(words.iter().map(|word| word.as_ref().to_os_string()));
    };
    for name in TOP_LEVEL {
        let host = Path::new("/").join(name);
        match std::fs::read_link(&host) {
            Ok(target) => add([&"--symlink", &target, &host]),
            Err(_) if host.is_dir() => add([&"--ro-bind", &host, &host]),
            Err(_) => {}
        }
    }
    for name in ETC_ENTRIES {
        let host = Path::new("/etc").join(name);
        add([&"--ro-bind-try", &host, &host]);
    }
    let plain = |name: &str| !name.is_empty() && !name.contains('/') && !name.starts_with('.');
    for entry in etc {
        match *entry {
            EtcEntry::Named(name) if plain(name) => {
                let host = Path::new("/etc").join(name);
                add([&"--ro-bind-try", &host, &host]);
            }
            EtcEntry::Prefixed(start) if plain(start) => {
                for found in std::fs::read_dir("/etc").into_iter().flatten().flatten() {
                    if found.file_name().to_string_lossy().starts_with(start) {
                        add([&"--ro-bind", &found.path(), &found.path()]);
                    }
                }
            }
            EtcEntry::Named(_) | EtcEntry::Prefixed(_) => {}
        }
    }
}

/// The descriptor the seccomp filter comes to `bwrap` on; the start script closes it.
pub const SECCOMP_FD: u32 = 5;

/// bubblewrap as found and tried on this machine, once: `Err` says why there is none (not
/// installed, or user namespaces refused).
pub fn bwrap() -> Result<&'static Bwrap, &'static SetupError> {
    static FOUND: std::sync::OnceLock<Result<Bwrap, SetupError>> = std::sync::OnceLock::new();
    FOUND.get_or_init(probe).as_ref()
}

fn probe() -> Result<Bwrap, SetupError> {
    let path = system_tool("bwrap").ok_or(SetupError::BwrapMissing)?;
    let version = Command::new(&path)
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| {
            let said = String::from_utf8_lossy(&output.stdout).into_owned();
            let number = said.split_whitespace().last()?;
            number
                .starts_with(|c: char| c.is_ascii_digit())
                .then(|| number.to_string())
        });
    let seccomp = write_filter()?;
    let help = Command::new(&path).arg("--help").output();
    let disables_userns =
        help.is_ok_and(|help| String::from_utf8_lossy(&help.stdout).contains("--disable-userns"));
    // An ordinary user is unprivileged already, and bubblewrap keeps them so; root gets a
    // user of the sandbox's own.
    let user = match super::places::own_uid() {
        0 => Some((as_root(seccomp.is_some())?, setpriv()?)),
        _ => None,
    };
    let bwrap = Bwrap {
        path,
        version,
        seccomp,
        disables_userns,
        user,
    };
    let env = [(OsString::from("PATH"), OsString::from("/usr/bin:/bin"))];
    let view = View {
        read_only: &[],
        writable: None,
        cwd: Path::new(SANDBOX_WORK),
        tmp_bytes: 1 << 20,
        env: &env,
        etc: &[],
    };
    let script = format!("exec \"$@\" {}", bwrap.filter_redirection());
    let output = Command::new("/bin/sh")
        .args(["-c", &script, "cats-check"])
        .arg(&bwrap.path)
        .args(bwrap.args(&view))
        .args(["--", "/bin/sh", "-c"])
        .arg(format!(
            "exec {}/bin/sh -c 'echo sandboxed'",
            bwrap.drop_privileges()
        ))
        .env_clear()
        .stdin(Stdio::null())
        .output()
        .map_err(|error| SetupError::BwrapCannotStart(error.to_string()))?;
    if String::from_utf8_lossy(&output.stdout).trim() == "sandboxed" {
        return Ok(bwrap);
    }
    let why = String::from_utf8_lossy(&output.stderr);
    Err(SetupError::BwrapRefused(
        why.lines().next().map(str::to_string),
    ))
}

/// The sandbox's own user for `--check` run as root, or why there can be none: every id
/// named, or no seccomp filter for this processor, which alone refuses the program a user
/// namespace where bubblewrap runs privileged.
fn as_root(filtered: bool) -> Result<SandboxUser, SetupError> {
    if !filtered {
        return Err(SetupError::NoFilterAsRoot);
    }
    SandboxUser::free().ok_or(SetupError::NoFreeIds {
        from: SANDBOX_IDS_FROM,
        to: SANDBOX_IDS_FROM + 999,
    })
}

/// util-linux's `setpriv`, which a sandbox started by root uses to become its own user.
fn setpriv() -> Result<PathBuf, SetupError> {
    system_tool("setpriv").ok_or(SetupError::SetprivMissing)
}

/// Writes the seccomp filter into `--check`'s private cache (once; the same bytes every
/// time), or `None` on a processor it does not know.
fn write_filter() -> Result<Option<PathBuf>, SetupError> {
    let Some(filter) = seccomp_filter(std::env::consts::ARCH) else {
        return Ok(None);
    };
    let path = filter_path();
    if std::fs::read(&path).is_ok_and(|bytes| bytes == filter) {
        return Ok(Some(path));
    }
    super::places::private_cache()?;
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&partial, &filter)
        .and_then(|()| std::fs::rename(&partial, &path))
        .map_err(|error| SetupError::io(Doing::Write, &path, &error))?;
    Ok(Some(path))
}

/// The system calls a sandboxed process is refused (`EPERM`), by their numbers on x86_64 and
/// aarch64: the kernel's keyrings (a key planted in one would outlive the run), `ptrace`,
/// `perf_event_open`, `bpf`, `userfaultfd`, io_uring (a common way into kernel bugs), and the
/// administrator's calls (modules, `kexec`, `syslog`, `acct`, swap, `reboot`).
const REFUSED: &[(&str, u32, u32)] = &[
    ("add_key", 248, 217),
    ("request_key", 249, 218),
    ("keyctl", 250, 219),
    ("ptrace", 101, 117),
    ("perf_event_open", 298, 241),
    ("bpf", 321, 280),
    ("userfaultfd", 323, 282),
    ("io_uring_setup", 425, 425),
    ("kexec_load", 246, 104),
    ("kexec_file_load", 320, 294),
    ("init_module", 175, 105),
    ("finit_module", 313, 273),
    ("delete_module", 176, 106),
    ("syslog", 103, 116),
    ("acct", 163, 89),
    ("swapon", 167, 224),
    ("swapoff", 168, 225),
    ("reboot", 169, 142),
];

/// The calls whose flags may ask for a new user namespace (x86_64, aarch64), and `clone3`,
/// whose flags a filter cannot see.
const NEW_NAMESPACES: &[(&str, u32, u32)] = &[("clone", 56, 220), ("unshare", 272, 97)];
const CLONE3: (&str, u32, u32) = ("clone3", 435, 435);

/// `ioctl`'s number (x86_64, aarch64), and the requests refused: `TIOCSTI` (types into a
/// terminal) and `TIOCLINUX` (the console's copy and paste).
const IOCTL: (u32, u32) = (16, 29);
const REFUSED_IOCTLS: &[u32] = &[0x5412, 0x541c];

/// The classic BPF program, as the kernel reads it (`struct sock_filter`, native byte order) that
/// refuses [`REFUSED`], [`REFUSED_IOCTLS`] and a new user namespace and allows the rest; a call
/// made under another architecture's numbers (i386's on x86_64) ends the process, and x32's calls
/// are refused. `None` for a processor not named here.
///
/// # Complexity
/// One instruction per refused call: a call is checked in O(|REFUSED|).
pub fn seccomp_filter(arch: &str) -> Option<Vec<u8>> {
    // `AUDIT_ARCH_*`, and which column of the table holds the numbers.
    let (audit_arch, x86) = match arch {
        "x86_64" => (0xc000_003e_u32, true),
        "aarch64" => (0xc000_00b7, false),
        _ => return None,
    };
    const LOAD: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
    const JEQ: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
    const JGE: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
    const RETURN: u16 = 0x06; // BPF_RET | BPF_K
    const ALLOW: u32 = 0x7fff_0000;
    const KILL_PROCESS: u32 = 0x8000_0000;
    const JSET: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
    const EPERM: u32 = 0x0005_0000 | 1;
    const ENOSYS: u32 = 0x0005_0000 | 38;
    const CLONE_NEWUSER: u32 = 0x1000_0000;
    // (code, jump if true, jump if false, k); the jumps to these labels are resolved below.
    const DENY: u8 = u8::MAX;
    const PASS: u8 = u8::MAX - 1;
    const FLAGS: u8 = u8::MAX - 2;
    const NOSYS: u8 = u8::MAX - 3;
    let mut program: Vec<(u16, u8, u8, u32)> = vec![
        (LOAD, 0, 0, 4), // seccomp_data.arch
        (JEQ, 1, 0, audit_arch),
        (RETURN, 0, 0, KILL_PROCESS),
        (LOAD, 0, 0, 0), // seccomp_data.nr
    ];
    if x86 {
        program.push((JGE, DENY, 0, 0x4000_0000));
    }
    let number = |(_, x86_number, arm_number): &(&str, u32, u32)| match x86 {
        true => *x86_number,
        false => *arm_number,
    };
    for refused in REFUSED {
        program.push((JEQ, DENY, 0, number(refused)));
    }
    // A new user namespace is refused: as root the sandbox has none of its own to stop it
    // (`--disable-userns` needs one), and in one a program holds every capability over what
    // it then makes. `clone3` passes its flags in memory a filter cannot read, so it is
    // "not implemented", and the C library falls back on `clone`.
    program.push((JEQ, NOSYS, 0, number(&CLONE3)));
    for call in NEW_NAMESPACES {
        program.push((JEQ, FLAGS, 0, number(call)));
    }
    let ioctl = if x86 { IOCTL.0 } else { IOCTL.1 };
    program.push((JEQ, 0, PASS, ioctl));
    program.push((LOAD, 0, 0, 16 + 8)); // the low half of seccomp_data.args[1]
    for (at, request) in REFUSED_IOCTLS.iter().enumerate() {
        let otherwise = if at + 1 == REFUSED_IOCTLS.len() {
            PASS
        } else {
            0
        };
        program.push((JEQ, DENY, otherwise, *request));
    }
    let flags = program.len();
    program.push((LOAD, 0, 0, 16)); // the low half of seccomp_data.args[0]: the flags
    program.push((JSET, DENY, PASS, CLONE_NEWUSER));
    let pass = program.len();
    program.push((RETURN, 0, 0, ALLOW));
    let deny = program.len();
    program.push((RETURN, 0, 0, EPERM));
    let nosys = program.len();
    program.push((RETURN, 0, 0, ENOSYS));
    let mut bytes = Vec::with_capacity(program.len() * 8);
    for (at, (code, jump_true, jump_false, k)) in program.into_iter().enumerate() {
        let resolve = |jump: u8| match jump {
            DENY => u8::try_from(deny - at - 1),
            PASS => u8::try_from(pass - at - 1),
            FLAGS => u8::try_from(flags - at - 1),
            NOSYS => u8::try_from(nosys - at - 1),
            near => Ok(near),
        };
        bytes.extend_from_slice(&code.to_ne_bytes());
        bytes.push(resolve(jump_true).ok()?);
        bytes.push(resolve(jump_false).ok()?);
        bytes.extend_from_slice(&k.to_ne_bytes());
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_jumps_land_on_its_returns() {
        let filter = seccomp_filter("x86_64").unwrap();
        assert_eq!(filter.len() % 8, 0);
        let instructions: Vec<&[u8]> = filter.chunks(8).collect();
        let last = instructions.len() - 1;
        for (at, instruction) in instructions.iter().enumerate() {
            let code = u16::from_ne_bytes([instruction[0], instruction[1]]);
            if code & 0x07 == 0x05 {
                for jump in [instruction[2], instruction[3]] {
                    assert!(at + 1 + (jump as usize) <= last, "{at}: {jump}");
                }
            }
        }
        assert!(seccomp_filter("riscv64").is_none());
    }

    /// A runtime's own `/etc` entries are bound where its language names them, and a name
    /// that could reach outside `/etc`, or a hidden entry, never is.
    #[test]
    fn a_runtime_s_etc_entries_are_bound_by_name_and_only_plain_names() {
        let bound = |etc: &[EtcEntry]| {
            let mut args = Vec::new();
            system_binds(&mut args, etc);
            let words: Vec<String> = args
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            words
        };
        let plain = bound(&[]);
        assert!(plain.contains(&"/etc/ld.so.cache".to_string()));
        assert!(!plain
            .iter()
            .any(|word| word == "/etc/mono" || word.starts_with("/etc/java-")));
        let mono = bound(&[EtcEntry::Named("mono")]);
        assert!(mono.contains(&"/etc/mono".to_string()), "{mono:?}");
        for unsafe_name in ["../root", "ssl/private", ".hidden", ""] {
            let words = bound(&[
                EtcEntry::Named(unsafe_name),
                EtcEntry::Prefixed(unsafe_name),
            ]);
            assert_eq!(words, plain, "{unsafe_name:?}");
        }
    }

    #[test]
    fn only_the_folders_above_what_is_bound_are_made() {
        let read_only = [
            PathBuf::from("/root/.rustup/toolchains/stable"),
            PathBuf::from("/tmp/cats-check-builds-0/0123"),
            PathBuf::from("/usr/lib/jvm"),
            PathBuf::from("/opt/node"),
            PathBuf::from("/opt/node/lib/node_modules"),
        ];
        let mut bound: Vec<&Path> = read_only.iter().map(PathBuf::as_path).collect();
        bound.push(Path::new("/var/lib/build"));
        let made = mount_points_above(&bound);
        let expected = [
            "/root",
            "/root/.rustup",
            "/root/.rustup/toolchains",
            "/tmp/cats-check-builds-0",
            "/opt",
            "/var",
            "/var/lib",
        ];
        assert_eq!(made, expected.map(PathBuf::from));
    }
}
