//! What a program `--check` runs reaches and leaves behind, seen from outside the run: its
//! background children and those that leave its process group end with it, as its process
//! group, scratch directory and control groups do when Ctrl-C, SIGTERM or SIGKILL ends
//! `--check`; it runs in a scratch directory of its own, whatever the caller's `TMPDIR`; a
//! stranger's program written as an attacker would reaches no file, process, socket, network
//! or keyring outside, never runs as uid 0, writes nothing of the machine's, and cannot hang
//! `--check` with SIGSTOP and FIFOs, hide memory, outlast a fork bomb's limit or use the
//! descriptors `--check` inherited; no sandbox binds a shared folder (read from its mount
//! table); groups a gone `--check` left are removed, a build cache others could fill is
//! refused, and `--unsandboxed` says so and still limits the run. Some are tried as root and,
//! where the tests are root, as `nobody` too. The sandbox's own tests need bubblewrap and skip,
//! saying so, where it is missing (the others then run `--unsandboxed`); a test that needs a
//! compiler or an interpreter this machine lacks says so and skips it; under CI (`CI=true`)
//! either fails.

use crate::support::*;
use assert_cmd::Command;
use std::path::PathBuf;
use std::sync::atomic::Ordering::SeqCst;

// ---- As the judge runs it, and nothing escapes ----

/// How many processes run with exactly this command line (`sleep 123.4`).
fn processes_running(args: &str) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .flatten()
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .filter(|cmdline| {
            let text: Vec<&[u8]> = cmdline
                .split(|&b| b == 0)
                .filter(|s| !s.is_empty())
                .collect();
            text.join(&b' ') == args.as_bytes()
        })
        .count()
}

/// A `sleep` command line no other test uses: `sleep 900.<pid><tag>`.
fn unique_sleep(tag: u32) -> String {
    format!("sleep 900.{}{tag}", std::process::id())
}

#[test]
fn a_program_s_background_children_end_with_it() {
    // A wrapper that leaves a child holding its stdout, then answers right.
    let sleeper = unique_sleep(1);
    let command = format!(
        "{sleeper} & {} --variant fixpoint_worklist",
        env!("CARGO_BIN_EXE_lc913")
    );
    passes("lc913", &command, "40");
    assert!(
        within(2.0, || processes_running(&sleeper) == 0),
        "{sleeper} was left running"
    );
    // A program that kills its group's anchor first: its group is still ended.
    let orphan = unique_sleep(2);
    let command = format!(
        "{orphan} & kill -9 $(ps -o pgid= -p $$ | tr -d ' '); {} --variant fixpoint_worklist",
        env!("CARGO_BIN_EXE_lc913")
    );
    let output = check("lc913", &command, &["--cases", "12"]);
    assert!(output.status.code().is_some(), "{output:?}");
    assert!(
        within(2.0, || processes_running(&orphan) == 0),
        "{orphan} was left running"
    );
}

#[test]
fn ctrl_c_sigterm_and_sigkill_end_the_program_s_group_and_its_scratch_directory() {
    for (index, signal) in ["INT", "TERM", "KILL"].into_iter().enumerate() {
        let sleeper = unique_sleep(10 + index as u32);
        let mut child = with_ctrl_c_default(env!("CARGO_BIN_EXE_lc913"))
            .args([
                "--check",
                &sleeper,
                "--time-limit",
                "100",
                "--seconds",
                "100",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Two runs go at once on two cores: one sleeper or two.
        assert!(
            within(10.0, || processes_running(&sleeper) >= 1),
            "{sleeper} never started"
        );
        let scratch_prefix = format!("cats-check-run-{}-", child.id());
        let scratch_dirs = || {
            std::fs::read_dir(std::env::temp_dir())
                .unwrap()
                .flatten()
                .filter(|entry| {
                    entry
                        .file_name()
                        .to_string_lossy()
                        .starts_with(&scratch_prefix)
                })
                .count()
        };
        assert_eq!(scratch_dirs(), 1);
        let sent = std::process::Command::new("kill")
            .args(["-s", signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = child.wait().unwrap();
        assert!(status.code().is_none(), "SIG{signal}: {status:?}");
        assert!(
            within(2.0, || processes_running(&sleeper) == 0),
            "SIG{signal} left {sleeper} running"
        );
        assert!(
            within(2.0, || scratch_dirs() == 0),
            "SIG{signal} left the scratch directory"
        );
        // Nor its runs' control groups, where it made them.
        let group_prefix = format!("cats-check-{}-", child.id());
        assert!(
            within(25.0, || control_groups(&group_prefix).is_empty()),
            "SIG{signal} left {:?}",
            control_groups(&group_prefix)
        );
    }
}

/// Unsandboxed, a build step runs in the process group of an anchor that ends it with
/// `--check`: `--check` killed while its compiler runs (a `CXX` that waits, standing for a slow
/// compile) leaves the compiler running no longer. As `nobody` where this test is root
/// (`--unsandboxed` refuses root), else as this user.
#[test]
fn an_unsandboxed_build_step_ends_with_check() {
    let compiling = unique_sleep(99);
    let (mut command, folder) = match as_root() {
        true => (as_nobody("lc913"), nobody_home()),
        false => (
            std::process::Command::new(env!("CARGO_BIN_EXE_lc913")),
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")),
        ),
    };
    let cxx = folder.join("waiting_cxx");
    let script = format!(
        "#!/bin/sh\ncase \"$*\" in *version*) echo 'clang version 19.1.7'; exit 0;; esac\n\
         exec {compiling}\n"
    );
    std::fs::write(&cxx, script).unwrap();
    std::fs::set_permissions(&cxx, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let solution = folder.join("waits_to_build.cpp");
    std::fs::write(&solution, read_fixture("lc913", "correct.cpp")).unwrap();
    let mut child = command
        .arg("--check")
        .arg(&solution)
        .args(["--unsandboxed", "--cases", "3"])
        .env("CXX", &cxx)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = within(30.0, || processes_running(&compiling) >= 1);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(started, "{compiling} never started");
    assert!(
        within(5.0, || processes_running(&compiling) == 0),
        "{compiling} was left running after --check was killed"
    );
}

/// The control groups whose names start with `prefix`, anywhere under `/sys/fs/cgroup`.
fn control_groups(prefix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![PathBuf::from("/sys/fs/cgroup")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                continue;
            }
            if entry.file_name().to_string_lossy().starts_with(prefix) {
                found.push(entry.path());
            }
            dirs.push(entry.path());
        }
    }
    found
}

#[test]
fn the_program_runs_in_a_scratch_directory_and_concurrent_builds_do_not_collide() {
    let caller = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("caller_dir");
    std::fs::create_dir_all(&caller).unwrap();
    let _ = std::fs::remove_file(caller.join("left_here"));
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .current_dir(&caller)
        .args([
            "--check",
            // Its working directory is its own, empty but for the file it writes there.
            &format!(
                "touch left_here && [ \"$(ls)\" = left_here ] || exit 9; {}",
                env!("CARGO_BIN_EXE_lc913")
            ),
            "--cases",
            "20",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(!caller.join("left_here").exists());
    if missing_tool("x.cpp").is_some() {
        return;
    }
    // Two checks of one new file at once: both build (or reuse the other's build) and pass.
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let text = format!("// {stamp}\n{}", read_fixture("lc913", "correct.cpp"));
    let file = scratch_file("concurrent.cpp", text.as_bytes());
    let runs: Vec<_> = (0..2)
        .map(|_| {
            std::process::Command::new(env!("CARGO_BIN_EXE_lc913"))
                .args(["--check", &file, "--cases", "30"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for run in runs {
        let output = run.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
    }
}

// ---- A scratch world, and nothing outlives the run ----

/// Children that leave the program's process group (`setsid`, a daemon's double fork) end
/// with the run all the same, on a pass and when `--check` is stopped by SIGTERM or Ctrl-C;
/// the program's home is its scratch directory, so nothing lands in the user's.
#[test]
fn escaped_children_and_home_writes_stay_in_the_run() {
    let bin = env!("CARGO_BIN_EXE_lc913");
    let (session, daemon, bare) = (unique_sleep(3), unique_sleep(4), unique_sleep(7));
    let probe = format!("cats-check-home-probe-{}", std::process::id());
    let outside = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(&probe);
    let _ = std::fs::remove_file(&outside);
    let command = format!(
        "setsid {session} & sh -c '(setsid {daemon} &) &'; setsid env -i {bare} & \
         touch \"$HOME/{probe}\" {}; {bin} --variant fixpoint_worklist",
        outside.display()
    );
    passes("lc913", &command, "40");
    let escaped = || processes_running(&session) + processes_running(&daemon);
    assert!(
        within(2.0, || escaped() == 0),
        "{session} or {daemon} was left running"
    );
    // One that also clears its environment ends with the sandbox's PID namespace.
    let sandboxed = !sandbox_missing();
    if sandboxed {
        assert!(
            within(2.0, || processes_running(&bare) == 0),
            "{bare} was left running"
        );
    } else {
        println!("no PID namespace here: {bare} may outlive its run");
    }
    if let Some(home) = std::env::var_os("HOME") {
        assert!(
            !PathBuf::from(home).join(&probe).exists(),
            "written to the user's home"
        );
    }
    // A write by absolute path lands nowhere outside the sandbox.
    let full = sandboxed;
    if full {
        assert!(!outside.exists(), "written to {}", outside.display());
    } else {
        println!("unsandboxed: {} was written", outside.display());
    }
    // Nor does the program reach this machine's network, as on a judge: a service listening
    // on the loopback sees no connection from it.
    if missing_tool("x.py").is_none() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        listener.set_nonblocking(true).unwrap();
        let connect = format!(
            "python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port}), 1)\" \
             2>/dev/null; {bin} --variant fixpoint_worklist"
        );
        passes("lc913", &connect, "5");
        let reached = listener.accept().is_ok();
        if full {
            assert!(!reached, "the program reached the loopback");
        } else {
            println!("unsandboxed: the program reached the loopback: {reached}");
        }
    }
    // Its `/dev` holds no disk and no kernel log, its `/run` no socket, and the System V
    // shared memory it makes ends with its run.
    if full {
        let segments =
            || std::fs::read_to_string("/proc/sysvipc/shm").map_or(0, |text| text.lines().count());
        let before = segments();
        let devices = format!(
            "[ -e /dev/null ] && [ ! -e /dev/kmsg ] && [ -z \"$(ls -A /run)\" ] && \
             {{ ! command -v ipcmk >/dev/null || ipcmk -M 4096 >/dev/null; }} || exit 9; \
             {bin} --variant fixpoint_worklist"
        );
        passes("lc913", &devices, "5");
        assert_eq!(segments(), before, "a run's shared memory outlived it");
    }
    for signal in ["TERM", "INT"] {
        let stalled = unique_sleep(if signal == "TERM" { 5 } else { 6 });
        let command = format!("setsid {stalled} & sleep 60");
        let mut child = with_ctrl_c_default(bin)
            .args(["--check", &command, "--time-limit", "60", "--seconds", "60"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        assert!(
            within(10.0, || processes_running(&stalled) >= 1),
            "{stalled} never ran"
        );
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        child.wait().unwrap();
        assert!(
            within(2.0, || processes_running(&stalled) == 0),
            "{stalled} outlived --check stopped by SIG{signal}"
        );
    }
}

/// `--check`'s own files do not depend on the caller's `TMPDIR`: empty or relative, the
/// system's temporary directory is used, a right solution passes, and nothing is created in
/// the directory `--check` runs in.
#[test]
fn an_empty_or_relative_tmpdir_is_not_the_program_s_fault() {
    let correct = fixture("lc913", "correct.cpp");
    if missing_tool(&correct).is_some() {
        return;
    }
    let here = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tmpdir-caller");
    let _ = std::fs::remove_dir_all(&here);
    std::fs::create_dir_all(&here).unwrap();
    for tmpdir in ["", "relative-tmp"] {
        let output = Command::cargo_bin("lc913")
            .unwrap()
            .current_dir(&here)
            .env("TMPDIR", tmpdir)
            .args(["--check", &correct, "--cases", "40", "--json"])
            .output()
            .unwrap();
        let ran = [("found['verdict'], found['instances_run']", "('pass', 40)")];
        assert_exit_and_facts(&output, 0, &ran);
        let left: Vec<_> = std::fs::read_dir(&here).unwrap().collect();
        assert!(left.is_empty(), "TMPDIR={tmpdir:?} left {left:?}");
    }
}

// ---- A stranger's program, written as an attacker would, observed from outside ----

/// lc913's right Python solution that runs `at_load` when its file is loaded (at the start of
/// every run: the build only compiles it) and `at_call` on its first call, before it answers
/// right; saved as `name`, its path. `None`, having said
/// so, where there is no sandbox or no Python here.
fn hostile_py(name: &str, at_load: &str, at_call: &str) -> Option<String> {
    if sandbox_missing() || missing_tool("x.py").is_some() {
        return None;
    }
    let correct = read_fixture("lc913", "correct.py");
    let indented: String = at_call
        .lines()
        .map(|line| format!("        {line}\n"))
        .collect();
    let text = format!(
        "{at_load}\n{correct}\n_right = Solution.catMouseGame\n_first = [True]\n\n\n\
         def _wrapped(self, graph):\n    if _first[0]:\n        _first[0] = False\n\
         {indented}    return _right(self, graph)\n\n\n\
         Solution.catMouseGame = _wrapped\n"
    );
    Some(scratch_file(name, text.as_bytes()))
}

/// The report on `hostile`, which fails on its first call, with `options` and a short search:
/// exit 1, its `--json`.
fn caught_at_once(hostile: &str, options: &[&str]) -> String {
    let mut all = vec!["--shrink-seconds", "5"];
    all.extend_from_slice(options);
    failed_json("lc913", hostile, &all)
}

/// A listener on the loopback and one on a Unix socket in a temporary directory (where a
/// tmux server's or an ssh agent's sockets live), and whether either was ever connected to.
struct Listeners {
    tcp: std::net::TcpListener,
    unix: std::os::unix::net::UnixListener,
    unix_path: PathBuf,
}

impl Listeners {
    fn new(name: &str) -> Listeners {
        let tcp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        tcp.set_nonblocking(true).unwrap();
        let unix_path =
            std::env::temp_dir().join(format!("cats-attack-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&unix_path);
        let unix = std::os::unix::net::UnixListener::bind(&unix_path).unwrap();
        unix.set_nonblocking(true).unwrap();
        Listeners {
            tcp,
            unix,
            unix_path,
        }
    }

    /// Python that tries both, quietly.
    fn attack(&self) -> String {
        let port = self.tcp.local_addr().unwrap().port();
        format!(
            "import socket\n\
             try:\n    socket.create_connection(('127.0.0.1', {port}), 1).send(b'x')\n\
             except OSError:\n    pass\n\
             try:\n    _unix = socket.socket(socket.AF_UNIX)\n    _unix.connect({:?})\n    \
             _unix.send(b'id > /tmp/owned\\n')\nexcept OSError:\n    pass\n",
            self.unix_path.to_string_lossy()
        )
    }

    fn reached(&self) -> Vec<&'static str> {
        let mut reached = Vec::new();
        if self.tcp.accept().is_ok() {
            reached.push("the loopback");
        }
        if self.unix.accept().is_ok() {
            reached.push("a Unix socket under /tmp");
        }
        let _ = std::fs::remove_file(&self.unix_path);
        reached
    }
}

/// Every file of every finished build in `--check`'s cache (one with its `built` mark: not
/// one another test is making now), with its bytes.
fn cached_builds() -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let root = tests::sandbox::places::cache_root();
    let builds = std::fs::read_dir(&root).into_iter().flatten().flatten();
    for build in builds.filter(|build| build.path().join("built").is_file()) {
        for file in std::fs::read_dir(build.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            // A build may hold a FIFO or a link its tools left (a Scala macro's): read as
            // `--check` reads the cache, regular files only, never waiting on one.
            let read = tests::sandbox::left_behind::read_regular(&file.path(), 1 << 30);
            if let Ok(bytes) = read {
                files.insert(file.path(), bytes);
            }
        }
    }
    files
}

/// A file's top-level code, which runs at the start of every run (once, it ran at build time
/// too, where the build's directory is writable: a link it left there named like the build's
/// marker is still tried), writes nowhere outside, reaches no socket and no network, and
/// changes no build in the cache.
#[test]
fn top_level_code_writes_nowhere_and_reaches_nothing() {
    let outside = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-attack-written");
    let _ = std::fs::remove_file(&outside);
    let listeners = Listeners::new("build");
    let cache = tests::sandbox::places::cache_root();
    // A file of the user's that a link named like the build's marker points at.
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-attack-target");
    std::fs::write(&target, "the user's\n").unwrap();
    let at_load = format!(
        "import os\n{}\n\
         try:\n    os.symlink({:?}, 'built')\nexcept OSError:\n    pass\n\
         for _path in [{:?}, {:?}]:\n    try:\n        open(_path, 'w').write('x')\n    \
         except OSError:\n        pass\n\
         try:\n    for _build in os.listdir({:?}):\n        \
         open(os.path.join({:?}, _build, 'built'), 'a').write('x')\nexcept OSError:\n    pass\n",
        listeners.attack(),
        target.to_string_lossy(),
        outside.to_string_lossy(),
        cache.join("planted").to_string_lossy(),
        cache.to_string_lossy(),
        cache.to_string_lossy(),
    );
    let Some(hostile) = hostile_py("build_time.py", &at_load, "pass") else {
        return;
    };
    // Another build in the cache first, whose files must not change.
    passes("lc913", &fixture("lc913", "correct.cpp"), "5");
    let before = cached_builds();
    passes("lc913", &hostile, "5");
    let after = cached_builds();
    // Pruning may remove the oldest builds; none that stays has changed.
    for (path, bytes) in &before {
        if let Some(now) = after.get(path) {
            assert!(now == bytes, "{} changed", path.display());
        }
    }
    assert!(
        before
            .keys()
            .filter(|path| after.contains_key(*path))
            .count()
            > 0
    );
    assert!(
        !cache.join("planted").exists(),
        "a file was planted in the cache"
    );
    assert!(!outside.exists(), "{} was written", outside.display());
    let kept = std::fs::read_to_string(&target).unwrap();
    assert_eq!(
        kept, "the user's\n",
        "written through a link the build left"
    );
    assert_eq!(listeners.reached(), Vec::<&str>::new());
}

/// A run sees none of the user's files (a FIFO outside, which any open would show), none of
/// the machine's processes (a `sleep` it would kill by its command line), no socket and no
/// network, and plants no key in the kernel's keyrings.
#[test]
fn a_run_reaches_no_file_process_socket_or_keyring_outside() {
    let fifo = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-attack-fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|status| status.success()));
    let sleeper = unique_sleep(8);
    let mut victim = std::process::Command::new("sh")
        .args(["-c", &format!("exec {sleeper}")])
        .spawn()
        .unwrap();
    let listeners = Listeners::new("run");
    let key = format!("cats-attack-key-{}", std::process::id());
    let at_call = format!(
        "import ctypes, os, signal\n{}\n\
         try:\n    open({:?}).read()\nexcept OSError:\n    pass\n\
         for _pid in os.listdir('/proc'):\n    try:\n        \
         if {:?}.encode() in open('/proc/' + _pid + '/cmdline', 'rb').read().replace(b'\\0', b' '):\n            \
         os.kill(int(_pid), signal.SIGKILL)\n    except (OSError, ValueError):\n        pass\n\
         ctypes.CDLL(None).syscall(248, b'user', {:?}.encode(), b'x', 1, -4)\n",
        listeners.attack(),
        fifo.to_string_lossy(),
        sleeper,
        key,
    );
    let Some(hostile) = hostile_py("run_time.py", "", &at_call) else {
        let _ = victim.kill();
        let _ = victim.wait();
        return;
    };
    // Opening the FIFO for reading blocks until a writer comes: a writer that can open it
    // without waiting shows that someone is reading.
    let opened = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (watched, flag) = (fifo.clone(), opened.clone());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stopped = stop.clone();
    let watcher = std::thread::spawn(move || {
        use std::os::unix::fs::OpenOptionsExt;
        while !stopped.load(SeqCst) {
            let writer = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(0o4000) // O_NONBLOCK: ENXIO while nobody reads
                .open(&watched);
            if writer.is_ok() {
                flag.store(true, SeqCst);
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    });
    passes("lc913", &hostile, "5");
    stop.store(true, SeqCst);
    watcher.join().unwrap();
    let alive = victim.try_wait().unwrap().is_none();
    let _ = victim.kill();
    let _ = victim.wait();
    let _ = std::fs::remove_file(&fifo);
    assert!(!opened.load(SeqCst), "the program opened a FIFO outside");
    assert!(alive, "the program killed a process outside its sandbox");
    assert_eq!(listeners.reached(), Vec::<&str>::new());
    let keys = std::fs::read_to_string("/proc/keys").unwrap_or_default();
    assert!(!keys.contains(&key), "a key was planted: {keys}");
}

/// What a process outside saw of the hostile program's processes while they ran: their uids,
/// the files they held open for writing (pipes, sockets, `/dev/null` and the run's own files
/// aside), and whether they made a user namespace.
#[derive(Debug, Default)]
struct Seen {
    uids: std::collections::BTreeSet<u32>,
    written: std::collections::BTreeSet<String>,
    /// Whether one was ever in a user namespace other than its parent's: one it made.
    new_user_namespace: bool,
}

/// Watches every process whose name is `marker` (a program sets its own through
/// `/proc/self/comm`) until `stop`: its real uid and each descriptor it holds with write
/// access (`flags:` in `/proc/PID/fdinfo`), read from this side of the sandbox.
fn watch_named(
    marker: String,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<Seen> {
    std::thread::spawn(move || {
        let mut seen = Seen::default();
        while !stop.load(SeqCst) {
            for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
                let dir = entry.path();
                let named = std::fs::read_to_string(dir.join("comm"))
                    .is_ok_and(|comm| comm.trim_end() == marker);
                if !named {
                    continue;
                }
                let status = std::fs::read_to_string(dir.join("status")).unwrap_or_default();
                let uid: Option<u32> = status
                    .lines()
                    .find_map(|line| line.strip_prefix("Uid:"))
                    .and_then(|ids| ids.split_whitespace().next()?.parse().ok());
                seen.uids.extend(uid);
                let parent = status
                    .lines()
                    .find_map(|line| line.strip_prefix("PPid:"))
                    .map(str::trim)
                    .unwrap_or_default();
                let user_namespace =
                    |process: &std::path::Path| std::fs::read_link(process.join("ns/user"));
                let (own, parents) = (
                    user_namespace(&dir),
                    user_namespace(&std::path::Path::new("/proc").join(parent)),
                );
                if let (Ok(own), Ok(parents)) = (own, parents) {
                    seen.new_user_namespace |= own != parents;
                }
                for fd in std::fs::read_dir(dir.join("fd"))
                    .into_iter()
                    .flatten()
                    .flatten()
                {
                    let Ok(target) = std::fs::read_link(fd.path()) else {
                        continue;
                    };
                    let target = target.to_string_lossy().into_owned();
                    let info = dir.join("fdinfo").join(fd.file_name());
                    let flags = std::fs::read_to_string(info)
                        .ok()
                        .and_then(|info| {
                            let flags = info.lines().find_map(|l| l.strip_prefix("flags:"))?;
                            u32::from_str_radix(flags.trim(), 8).ok()
                        })
                        .unwrap_or(0);
                    let ours = target.contains("cats-check-run-") || target == "/dev/null";
                    if flags & 0o3 != 0 && target.starts_with('/') && !ours {
                        seen.written.insert(target);
                    }
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        seen
    })
}

/// Python, run on a program's first call, that names its process `marker`, opens for writing (and
/// writes nothing to) every file of `/proc/sys`, `/proc/sysrq-trigger`, the build it runs from and
/// `/etc/passwd`, keeping the first 100 that open, tries to kill and to trace the process `victim`
/// by its id outside and by its command line, makes a user namespace of its own (`CLONE_NEWUSER`),
/// then holds all of it for two seconds to be seen.
fn grab_everything(marker: &str, victim: u32, victim_line: &str) -> String {
    format!(
        "import ctypes, os, signal, sys, time\n\
         open('/proc/self/comm', 'w').write({marker:?})\n\
         _held = []\n\
         _tops = ['/proc/sys', '/proc/sysrq-trigger', os.path.dirname(os.path.abspath(sys.argv[0])), \
         '/etc/passwd']\n\
         for _top in _tops:\n    \
         _walk = [(_top, [], [''])] if not os.path.isdir(_top) else os.walk(_top)\n    \
         for _dir, _, _files in _walk:\n        for _name in _files:\n            \
         _path = os.path.join(_dir, _name) if _name else _dir\n            \
         for _mode in (os.O_WRONLY | os.O_APPEND, os.O_RDWR):\n                \
         try:\n                    _fd = os.open(_path, _mode | os.O_NONBLOCK)\n                    \
         _held.append(_fd) if len(_held) < 100 else os.close(_fd)\n                \
         except OSError:\n                    pass\n\
         for _try in (lambda: os.kill({victim}, signal.SIGKILL), \
         lambda: ctypes.CDLL(None).ptrace(16, {victim}, 0, 0)):\n    \
         try:\n        _try()\n    except OSError:\n        pass\n\
         for _pid in os.listdir('/proc'):\n    try:\n        \
         if {victim_line:?}.encode() in open('/proc/' + _pid + '/cmdline', 'rb').read().replace(b'\\0', b' '):\n            \
         os.kill(int(_pid), signal.SIGKILL)\n    except (OSError, ValueError):\n        pass\n\
         ctypes.CDLL(None).unshare(0x10000000)\n\
         time.sleep(2)\n"
    )
}

/// The sandbox as a stranger's program finds it, as root (CI's user, a container's) and as an
/// ordinary user (`setpriv` to `nobody`, where this test is root): it runs as an unprivileged uid,
/// never the machine's 0; it can open nothing under `/proc/sys`, nor `/proc/sysrq-trigger`, nor any
/// file of its build or of `/etc` for writing; it can neither kill nor trace a process outside, nor
/// make a user namespace. All of it seen from outside: the uid and the open descriptors of its
/// processes in `/proc`, and the victim's state.
#[test]
fn as_root_or_not_a_run_gets_no_uid_0_and_nothing_of_the_machine_s_to_write() {
    let sleeper = unique_sleep(42);
    let mut victim = std::process::Command::new("sh")
        .args(["-c", &format!("exec {sleeper}")])
        .spawn()
        .unwrap();
    let mut users = vec!["as this user"];
    match as_root() {
        true => users.push("as nobody"),
        false => println!("skipped the run as root: this test runs as an ordinary user"),
    }
    // Each user's run at once, with a name of its own to be watched by: most of the time is
    // the program's wait to be seen.
    let marked: Vec<(&str, String)> = (users.iter().enumerate())
        .map(|(at, &who)| (who, format!("catsatk{at}{}", std::process::id() % 100_000)))
        .collect();
    let hostile: Option<Vec<String>> = (marked.iter())
        .map(|(_, marker)| {
            let at_call = grab_everything(marker, victim.id(), &sleeper);
            hostile_py(&format!("grabs_everything_{marker}.py"), "", &at_call)
        })
        .collect();
    let Some(hostile) = hostile else {
        let _ = victim.kill();
        let _ = victim.wait();
        return;
    };
    let runs: Vec<(&(&str, String), &String)> = marked.iter().zip(&hostile).collect();
    each_at_once(&runs, |&(&(who, ref marker), hostile)| {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watcher = watch_named(marker.clone(), stop.clone());
        let mut command = match who {
            "as nobody" => as_nobody("lc913"),
            _ => std::process::Command::new(assert_cmd::cargo::cargo_bin("lc913")),
        };
        let output = command
            .args(["--check", hostile, "--cases", "3"])
            .args(["--time-limit", "20"])
            .output()
            .unwrap();
        stop.store(true, SeqCst);
        let seen = watcher.join().unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{who}: {text}{errors}");
        assert!(
            !seen.uids.is_empty(),
            "{who}: the program was never seen running"
        );
        assert!(!seen.uids.contains(&0), "{who}: it ran as root: {seen:?}");
        assert_eq!(
            seen.written,
            Default::default(),
            "{who}: held open for writing"
        );
        assert!(!seen.new_user_namespace, "{who}: it made a user namespace");
    });
    // Neither run killed nor traced the victim.
    assert!(
        victim.try_wait().unwrap().is_none(),
        "the victim was killed"
    );
    let status = std::fs::read_to_string(format!("/proc/{}/status", victim.id())).unwrap();
    assert!(
        status.contains("TracerPid:\t0\n"),
        "a run traced the victim"
    );
    let _ = victim.kill();
    let _ = victim.wait();
}

// ---- What a sandbox binds, read from outside: its mount table in /proc ----

/// One line of a `/proc/PID/mountinfo`: the file system's device, the path within it that
/// the mount shows, where it shows it, and the file system's type.
#[derive(Debug, Clone)]
struct MountLine {
    device: String,
    root: PathBuf,
    point: PathBuf,
    kind: String,
}

/// The mounts of process `pid`, in the order they were made (a later one at the same place
/// hides the earlier); empty where it is gone.
fn mount_lines(pid: &str) -> Vec<MountLine> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/mountinfo")).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let (fields, after) = line.split_once(" - ")?;
            let fields: Vec<&str> = fields.split(' ').collect();
            Some(MountLine {
                device: fields.get(2)?.to_string(),
                root: PathBuf::from(fields.get(3)?),
                point: PathBuf::from(fields.get(4)?),
                kind: after.split(' ').next()?.to_string(),
            })
        })
        .collect()
}

/// A folder of this machine as a mount shows it: its file system's device and its path
/// within that file system, from this process's mount table (the last mount at or above it).
fn host_identity(host: &[MountLine], folder: &std::path::Path) -> Option<(String, PathBuf)> {
    let real = std::fs::canonicalize(folder).ok()?;
    let mount = host
        .iter()
        .filter(|mount| real.starts_with(&mount.point))
        .max_by_key(|mount| mount.point.components().count())?;
    let inside = real.strip_prefix(&mount.point).ok()?;
    Some((mount.device.clone(), mount.root.join(inside)))
}

/// What one sandbox (a mount namespace) of a `--check` showed, seen from outside while one of
/// its processes ran: its mounts, its working directory (a run's is `/tmp/work`), and whether
/// the machine's marker file and socket were within its reach.
#[derive(Debug)]
struct SandboxSeen {
    pid: String,
    cwd: PathBuf,
    mounts: Vec<MountLine>,
    /// Regular files among the mount points (a file bound alone).
    file_points: Vec<PathBuf>,
    reaches: Vec<PathBuf>,
}

/// Watches the processes below `--check` (`root`) until `stop`, every 200 µs, and records each
/// sandbox's processes once each: a process whose mount namespace is not this one's and that is no
/// longer bubblewrap itself (whose mounts are made by then). `reachable` are the machine's paths
/// that must not be within a sandbox's reach, looked up through `/proc/PID/root`.
fn watch_sandboxes(
    root: u32,
    reachable: Vec<PathBuf>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<Vec<SandboxSeen>> {
    std::thread::spawn(move || {
        let own = std::fs::read_link("/proc/self/ns/mnt").ok();
        let mut seen: Vec<SandboxSeen> = Vec::new();
        let mut namespaces = std::collections::BTreeSet::new();
        while !stop.load(SeqCst) {
            // `--check`'s tree, from each thread's children (every thread may start some).
            let mut tree = vec![root];
            let mut next = 0;
            while let Some(&pid) = tree.get(next) {
                next += 1;
                let threads = std::fs::read_dir(format!("/proc/{pid}/task"));
                for thread in threads.into_iter().flatten().flatten() {
                    let children = std::fs::read_to_string(thread.path().join("children"));
                    let children = children.unwrap_or_default();
                    tree.extend(
                        children
                            .split_whitespace()
                            .filter_map(|child| child.parse::<u32>().ok()),
                    );
                }
            }
            for &pid in &tree[1..] {
                let dir = PathBuf::from(format!("/proc/{pid}"));
                // The cheapest looks first, since they run every 200 µs: most processes are in
                // `--check`'s own namespace, or were seen in theirs at an earlier look.
                let namespace = std::fs::read_link(dir.join("ns/mnt")).ok();
                if namespace.is_none() || namespace == own {
                    continue;
                }
                // A namespace's number is reused as soon as it is freed: a process is the key.
                let key = (pid, namespace.clone());
                if namespaces.contains(&key) {
                    continue;
                }
                // bwrap's own processes set the sandbox up: the program is what it starts.
                let comm = std::fs::read_to_string(dir.join("comm")).unwrap_or_default();
                if comm.trim_end() == "bwrap" {
                    continue;
                }
                namespaces.insert(key);
                let mounts = mount_lines(&pid.to_string());
                let inside = |path: &std::path::Path| {
                    dir.join("root")
                        .join(path.strip_prefix("/").unwrap_or(path))
                };
                let file_points = mounts
                    .iter()
                    .map(|mount| mount.point.clone())
                    .filter(|point| {
                        std::fs::symlink_metadata(inside(point)).is_ok_and(|meta| meta.is_file())
                    })
                    .collect();
                let reaches = reachable
                    .iter()
                    .filter(|path| std::fs::symlink_metadata(inside(path)).is_ok())
                    .cloned()
                    .collect();
                let cwd = std::fs::read_link(dir.join("cwd")).unwrap_or_default();
                // Every look through `/proc/PID/root` above counts only if the process was
                // still there after them (a file point of a process gone looks like none).
                let still = std::fs::read_link(dir.join("ns/mnt")).ok() == namespace;
                if still && !mounts.is_empty() {
                    seen.push(SandboxSeen {
                        pid: pid.to_string(),
                        cwd,
                        mounts,
                        file_points,
                        reaches,
                    });
                }
            }
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        seen
    })
}

/// What in `sandbox`'s mount table shows a shared folder of this machine: a mount of one of
/// `shared` (a temporary folder, `/run`, `/dev/shm`), of a folder above one, or of a folder
/// inside one (a file inside is shown alone, and a build inside `cache` is `--check`'s own);
/// a mount of one of `homes`, of a folder above one, or of one of a home's private folders;
/// and the sandbox's own empty folders, hidden by a later mount or not empty tmpfs of their
/// own. Empty where it binds none.
fn shown_shared(
    sandbox: &SandboxSeen,
    host: &[MountLine],
    (shared, homes, cache): (&[PathBuf], &[PathBuf], &std::path::Path),
) -> Vec<String> {
    let mut found = Vec::new();
    let cache = host_identity(host, cache);
    let host_devices: Vec<&str> = host.iter().map(|mount| mount.device.as_str()).collect();
    // Each folder's device and path, looked up once for all the mounts.
    let identified = |folders: &[PathBuf]| -> Vec<(PathBuf, (String, PathBuf))> {
        folders
            .iter()
            .filter_map(|folder| Some((folder.clone(), host_identity(host, folder)?)))
            .collect()
    };
    let (shared, homes) = (identified(shared), identified(homes));
    for mount in &sandbox.mounts {
        let shows =
            |(device, path): &(String, PathBuf)| (*device == mount.device).then(|| path.clone());
        let in_cache = cache.as_ref().is_some_and(|(device, path)| {
            *device == mount.device && mount.root.starts_with(path) && mount.root != *path
        });
        let a_file = sandbox.file_points.contains(&mount.point);
        for (folder, identity) in &shared {
            let Some(path) = shows(identity) else {
                continue;
            };
            let whole = path.starts_with(&mount.root);
            let part = mount.root.starts_with(&path) && !a_file && !in_cache;
            if whole || part {
                found.push(format!(
                    "{} shows {} at {}",
                    folder.display(),
                    mount.root.display(),
                    mount.point.display()
                ));
            }
        }
        for (home, identity) in &homes {
            let Some(path) = shows(identity) else {
                continue;
            };
            let private = [".cargo", ".local", ".config", ".cache", ".ssh", ".gnupg"]
                .iter()
                .any(|folder| mount.root.starts_with(path.join(folder)));
            if path.starts_with(&mount.root) || private {
                found.push(format!(
                    "home {} shows {} at {}",
                    home.display(),
                    mount.root.display(),
                    mount.point.display()
                ));
            }
        }
    }
    for own in ["/tmp", "/var/tmp", "/dev/shm", "/run"] {
        let last = sandbox.mounts.iter().rfind(|mount| {
            std::path::Path::new(own).starts_with(&mount.point)
                && mount.point != std::path::Path::new("/")
        });
        let fresh = last.is_some_and(|mount| {
            mount.point == std::path::Path::new(own)
                && mount.kind == "tmpfs"
                && mount.root == std::path::Path::new("/")
                && !host_devices.contains(&mount.device.as_str())
        });
        if !fresh {
            found.push(format!(
                "{own} is not the sandbox's own empty folder: {last:?}"
            ));
        }
    }
    found
}

/// lc913's right Python solution as a script that reads the command line's input, first
/// trying to reach `listeners` and to read the machine's `marker`, then holding its answers
/// a second so that the run is seen from outside.
fn reaching_script(listeners: &Listeners, marker: &std::path::Path) -> String {
    format!(
        "#!/usr/bin/env python3\n\
         from collections import deque\nfrom typing import List\nimport json, sys, time\n\
         {}\
         try:\n    open({:?}).read()\nexcept OSError:\n    pass\n\
         {}\n\
         _text = sys.stdin.read()\n_decoder = json.JSONDecoder()\n_at = 0\n_answers = []\n\
         while True:\n    while _at < len(_text) and _text[_at].isspace():\n        _at += 1\n    \
         if _at >= len(_text):\n        break\n    \
         _graph, _at = _decoder.raw_decode(_text, _at)\n    \
         _answers.append(Solution().catMouseGame(_graph))\n\
         time.sleep(1)\nprint('\\n'.join(map(str, _answers)))\n",
        listeners.attack(),
        marker.to_string_lossy(),
        read_fixture("lc913", "correct.py"),
    )
}

/// A file or folder this test made on the machine, removed when it ends, a failure included.
struct Made(PathBuf);

impl Drop for Made {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0).or_else(|_| std::fs::remove_file(&self.0));
    }
}

/// An executable file of `text` at `path`, readable by everyone (the folder too).
fn executable(path: &std::path::Path, text: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let folder = path.parent().unwrap();
    std::fs::create_dir_all(folder).unwrap();
    std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

/// A graph of `nodes` nodes, each joined to the 15 before and after it around a ring, saved
/// for `--input`: a right solution's run on it lasts long enough to be seen from outside.
fn ring_input(nodes: usize) -> String {
    let graph: Vec<Vec<usize>> = (0..nodes)
        .map(|node| {
            let mut near: Vec<usize> = (1..=15)
                .flat_map(|step| [(node + step) % nodes, (node + nodes - step) % nodes])
                .collect();
            near.sort();
            near
        })
        .collect();
    let text = format!("{graph:?}").replace(' ', "");
    scratch_file(&format!("ring_{nodes}.txt"), text.as_bytes())
}

/// No sandbox of any kind of solution binds a folder the machine's programs share, as root
/// (CI's user) and as an ordinary user (`setpriv` to `nobody`, where this test is root): each
/// language's right solution, run on one large graph so that its run lasts long enough to be
/// seen; a command; a command under `/tmp`, with `/tmp/work` on the machine and without it;
/// a script in the user's home; the last three a Python script that also tries to reach a
/// socket and the loopback, and to read a marker file in the machine's `/tmp`. Seen from
/// outside: each sandbox's `/proc/PID/mountinfo` against the machine's own (a mount of the
/// machine's `/tmp`, `/run`, a home or a folder above one is caught by its device and path,
/// whatever it is mounted as), the marker, the socket and a file beside the home's script
/// looked up through `/proc/PID/root`, and the listeners.
#[test]
fn no_sandbox_of_any_kind_of_solution_binds_a_shared_folder() {
    if sandbox_missing() {
        return;
    }
    let id = std::process::id();
    let listeners = Listeners::new("binds");
    let marker = PathBuf::from(format!("/tmp/cats-marker-{id}"));
    std::fs::write(&marker, "the machine's\n").unwrap();
    let _marker = Made(marker.clone());
    let script = reaching_script(&listeners, &marker);
    let (large, python_large) = (ring_input(600), ring_input(200));
    let under_tmp = PathBuf::from(format!("/tmp/cats-binds-{id}"));
    let under_tmp_script = executable(&under_tmp.join("solve"), &script);
    let _under_tmp = Made(under_tmp);
    let as_command = format!(
        "python3 {}",
        scratch_file("binds_solve.py", script.as_bytes())
    );
    let rust = emitted("lc913", "binds_default.rs");
    let work = std::path::Path::new("/tmp/work");
    let work_was_there = work.exists();
    if work_was_there {
        println!("/tmp/work is on this machine: the command under /tmp is run with it only");
    }
    let host = mount_lines("self");
    let mut users = vec!["as this user"];
    match as_root() {
        true => users.push("as nobody"),
        false => println!("skipped the run as nobody: this test runs as an ordinary user"),
    }
    // One user's kinds: those that make `/tmp/work` on the machine (`making_work`), or all the
    // others. The failures, and how many sandboxes were seen.
    let kinds_of = |who: &str, making_work: bool| -> (Vec<String>, usize) {
        let mut failures = Vec::new();
        let mut runs = 0;
        let home = match who {
            "as nobody" => nobody_home(),
            _ => std::env::var_os("HOME").map_or_else(|| PathBuf::from("/root"), PathBuf::from),
        };
        let in_home = home.join(format!("cats-binds-{id}"));
        let home_script = executable(&in_home.join("solve"), &script);
        let _in_home = Made(in_home.clone());
        let beside = in_home.join("beside");
        std::fs::write(&beside, "the user's\n").unwrap();
        let reachable = [marker.clone(), listeners.unix_path.clone(), beside];
        // Each solution, the input it runs on (`None`: a short search), and whether
        // `/tmp/work` is on the machine meanwhile.
        let mut kinds: Vec<(String, Option<&str>, bool)> = Vec::new();
        for file in [
            "correct.cpp",
            "correct.c",
            "correct.py",
            "Correct.java",
            "correct.js",
            "correct.ts",
            "correct.go",
        ] {
            if missing_tool(file).is_none() {
                let input = if file.ends_with(".py") {
                    &python_large
                } else {
                    &large
                };
                kinds.push((fixture("lc913", file), Some(input), work_was_there));
            }
        }
        match who {
            // rustup's toolchain lies in root's home, which is not nobody's to enter.
            "as nobody" if !making_work => {
                println!("skipped Rust as nobody: its toolchain is root's")
            }
            "as nobody" => {}
            _ => kinds.push((rust.clone(), Some(&large), work_was_there)),
        }
        kinds.push((as_command.clone(), None, work_was_there));
        kinds.push((home_script, None, work_was_there));
        kinds.push((under_tmp_script.clone(), None, work_was_there));
        if !work_was_there {
            kinds.push((under_tmp_script.clone(), None, true));
        }
        kinds.retain(|(_, _, with_work)| (*with_work && !work_was_there) == making_work);
        let shared: Vec<PathBuf> = ["/tmp", "/var/tmp", "/dev/shm", "/run"]
            .iter()
            .map(PathBuf::from)
            .chain([std::env::temp_dir()])
            .collect::<std::collections::BTreeSet<PathBuf>>()
            .into_iter()
            .collect();
        let mut homes = vec![home.clone(), PathBuf::from("/root")];
        let others = std::fs::read_dir("/home").into_iter().flatten().flatten();
        homes.extend(others.map(|entry| entry.path()));
        let cache = match who {
            "as nobody" => home.join("cats-check-builds-65534"),
            _ => tests::sandbox::places::cache_root(),
        };
        for (solution, input, with_work) in &kinds {
            let _work = (*with_work && !work_was_there).then(|| {
                std::fs::create_dir(work).unwrap();
                Made(work.to_path_buf())
            });
            let mut check = match who {
                "as nobody" => as_nobody("lc913"),
                _ => std::process::Command::new(assert_cmd::cargo::cargo_bin("lc913")),
            };
            check.args(["--check", solution, "--time-limit", "20"]);
            match input {
                Some(input) => check.args(["--input", input]),
                None => check.args(["--cases", "3"]),
            };
            let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let child = check
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let watcher = watch_sandboxes(child.id(), reachable.to_vec(), stop.clone());
            let output = child.wait_with_output().unwrap();
            stop.store(true, SeqCst);
            let seen = watcher.join().unwrap();
            let what = format!("{who}, {solution}, /tmp/work there: {with_work}");
            let text = String::from_utf8_lossy(&output.stdout);
            let errors = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(0), "{what}: {text}{errors}");
            // The program's run, not the sandbox's own trial: it binds the build, or the
            // script the command names.
            let script = solution.rsplit(' ').next().map(PathBuf::from);
            let ran = seen.iter().any(|sandbox| {
                sandbox.cwd == work
                    && sandbox.mounts.iter().any(|mount| {
                        mount.point.starts_with(&cache) || Some(&mount.point) == script.as_ref()
                    })
            });
            assert!(
                ran,
                "{what}: no run seen, of {} sandboxes: {seen:?}",
                seen.len()
            );
            runs += seen.len();
            for sandbox in &seen {
                for shown in shown_shared(sandbox, &host, (&shared, &homes, &cache)) {
                    failures.push(format!("{what}, process {}: {shown}", sandbox.pid));
                }
                for path in &sandbox.reaches {
                    let path = path.display();
                    failures.push(format!("{what}, process {}: reaches {path}", sandbox.pid));
                }
            }
        }
        (failures, runs)
    };
    // Both users at once, each a thread: most of the time is the runs' wait to be seen. The
    // kinds that make `/tmp/work` on the machine run after, alone, since its being there
    // changes every other run.
    let mut failures = Vec::new();
    let mut runs = 0;
    let mut seen = std::thread::scope(|scope| {
        let threads: Vec<_> = users
            .iter()
            .map(|who| scope.spawn(|| kinds_of(who, false)))
            .collect();
        let joined = threads.into_iter().map(|thread| thread.join().unwrap());
        joined.collect::<Vec<_>>()
    });
    seen.extend(users.iter().map(|who| kinds_of(who, true)));
    for (found, sandboxes) in seen {
        failures.extend(found);
        runs += sandboxes;
    }
    println!("{runs} sandboxes seen from outside");
    assert_eq!(listeners.reached(), Vec::<&str>::new());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---- Stops, hogs, forks and descriptors; groups left behind; a cache others could fill ----

/// A program that stops its own process group, and lays FIFOs and links where `--check`'s
/// files might be, does not hang `--check`: the run is a time-out, reported in seconds.
#[test]
fn sigstop_fifos_and_links_do_not_hang_check() {
    let at_call = "import os, signal\n\
                   for _name in ['../stderr', '../answers', '../started', '../input', 'stderr', \
                   '/tmp/stderr']:\n    try:\n        os.mkfifo(_name)\n    except OSError:\n        \
                   pass\n\
                   try:\n    os.symlink('/proc/1/environ', '../stdout')\nexcept OSError:\n    pass\n\
                   os.kill(0, signal.SIGSTOP)\n";
    let Some(hostile) = hostile_py("stops.py", "", at_call) else {
        return;
    };
    let text = caught_at_once(&hostile, &["--time-limit", "1"]);
    let facts = [
        ("found['fault_facts']['kind']", "'no_answer_within'"),
        ("found['fault_facts']['limit_seconds']", "1"),
        ("found['fault_facts']['waited']", "True"),
    ];
    assert_facts(&text, &facts);
}

/// Memory held by a child that left the program's process group, or in memfds that no
/// process maps, is the run's: past `--memory-limit` it is a failure.
#[test]
fn memory_outside_the_process_group_or_in_memfds_is_counted() {
    let escaped = "import os, time\n\
                   if os.fork() == 0:\n    os.setsid()\n    _held = b'x' * (600 << 20)\n    \
                   time.sleep(30)\n    os._exit(0)\n\
                   time.sleep(3)\n";
    let memfds = "import os\n_fds = []\n\
                  for _ in range(12):\n    _fd = os.memfd_create('held')\n    \
                  os.write(_fd, b'x' * (50 << 20))\n    _fds.append(_fd)\n";
    for (name, at_call) in [("escaped.py", escaped), ("memfds.py", memfds)] {
        let Some(hostile) = hostile_py(name, "", at_call) else {
            return;
        };
        let text = caught_at_once(&hostile, &["--memory-limit", "256"]);
        let (kind, _) = fault_kind_and_megabytes(&text);
        assert_eq!(kind, "memory_limit", "{name}: {text}");
    }
}

/// A program that grows past the memory limit is stopped by the run's watch when it crosses
/// it, and reported so: 64 MB blocks up to 3 GB under the default 1,024 MB. (Its speed, well
/// under a second past the crossing where the kernel's own limit took 12 s of reclaim, is
/// measured by hand, not here: a test does not time.)
#[test]
fn a_memory_hog_is_stopped_as_it_crosses_the_limit() {
    let at_call = "_blocks = []\nfor _ in range(48):\n    _blocks.append(b'x' * (64 << 20))\n";
    let Some(hostile) = hostile_py("hog.py", "", at_call) else {
        return;
    };
    let options = ["--shrink-seconds", "1"];
    let text = failed_json("lc913", &hostile, &options);
    assert_eq!(fault_kind_and_megabytes(&text).0, "memory_limit", "{text}");
}

/// Control groups that an earlier `--check` left behind, empty and named for a process that
/// is gone, are removed by the next one (as root, where there are groups).
#[test]
fn groups_left_by_a_check_that_is_gone_are_removed() {
    let Some(hierarchy) = tests::sandbox::cgroup::hierarchy() else {
        println!("skipped: no control groups for --check here (not root, or none writable)");
        return;
    };
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let left: Vec<PathBuf> = hierarchy
        .parents()
        .into_iter()
        .map(|parent| parent.join(format!("cats-check-{dead}-build-1")))
        .collect();
    for group in &left {
        std::fs::create_dir(group).unwrap();
    }
    passes("lc913", &fixture("lc913", "correct.cpp"), "3");
    for group in &left {
        assert!(!group.exists(), "{} was left", group.display());
    }
}

/// A fork bomb stops at the process limit, is a failure, and leaves nothing running.
#[test]
fn a_fork_bomb_stops_at_the_process_limit_and_ends() {
    let sleeper = unique_sleep(9);
    let duration = sleeper.trim_start_matches("sleep ");
    let at_call = format!(
        "import os\n\
         for _ in range(3000):\n    try:\n        _pid = os.fork()\n    except OSError:\n        \
         break\n    if _pid == 0:\n        os.execv('/bin/sleep', ['sleep', {duration:?}])\n"
    );
    let Some(hostile) = hostile_py("fork_bomb.py", "", &at_call) else {
        return;
    };
    let most = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (seen, stopped, counted) = (most.clone(), stop.clone(), sleeper.clone());
    let counter = std::thread::spawn(move || {
        while !stopped.load(SeqCst) {
            seen.fetch_max(processes_running(&counted), SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    });
    let text = caught_at_once(&hostile, &[]);
    stop.store(true, SeqCst);
    counter.join().unwrap();
    let facts = [
        "found['fault_facts']['kind']",
        "found['fault_facts']['limit']",
    ];
    let limit = tests::sandbox::cgroup::PROCESS_LIMIT.to_string();
    assert_eq!(
        json_values(&text, &facts),
        ["'process_limit'", &limit],
        "{text}"
    );
    // Two runs may go at once, each with a tree of its own.
    let limit = 2 * tests::sandbox::cgroup::PROCESS_LIMIT as usize;
    assert!(most.load(SeqCst) <= limit, "{} at once", most.load(SeqCst));
    assert!(most.load(SeqCst) > 0, "the bomb never went off: {text}");
    assert!(
        within(2.0, || processes_running(&sleeper) == 0),
        "left running"
    );
}

/// Descriptors open in whatever started `--check` (here a shell's, 7 and 12) never reach the
/// program: what it writes to every descriptor it might hold lands in neither file.
#[test]
fn descriptors_inherited_by_check_do_not_reach_the_program() {
    // Every descriptor but the harness's own answers channel (3, and the file it opened on it).
    let at_call = "import os\n\
                   for _fd in range(4, 300):\n    try:\n        \
                   if not os.path.samestat(os.fstat(_fd), os.fstat(3)):\n            \
                   os.write(_fd, b'x')\n    except OSError:\n        pass\n";
    let Some(hostile) = hostile_py("descriptors.py", "", at_call) else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (low, high) = (dir.join("cats-attack-fd7"), dir.join("cats-attack-fd12"));
    for file in [&low, &high] {
        std::fs::write(file, "").unwrap();
    }
    let status = std::process::Command::new("bash")
        .args([
            "-c",
            "exec \"$0\" --check \"$1\" --cases 5 >/dev/null 7>>\"$2\" 12>>\"$3\"",
        ])
        .arg(env!("CARGO_BIN_EXE_lc913"))
        .arg(&hostile)
        .arg(&low)
        .arg(&high)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    for file in [&low, &high] {
        let written = std::fs::read(file).unwrap();
        assert!(written.is_empty(), "{} holds {written:?}", file.display());
    }
}

/// A build cache that someone else could have filled is refused before anything is built:
/// one others may write in, or one another user owns (as root, where that can be made).
#[test]
fn a_build_cache_others_could_fill_is_refused() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let tmpdir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shared-tmp");
    let _ = std::fs::remove_dir_all(&tmpdir);
    std::fs::create_dir_all(&tmpdir).unwrap();
    let uid = std::fs::metadata(&tmpdir).unwrap().uid();
    let cache = tmpdir.join(format!("cats-check-builds-{uid}"));
    std::fs::create_dir(&cache).unwrap();
    let refused = |expected: &str| {
        let output = Command::cargo_bin("lc913")
            .unwrap()
            .env("TMPDIR", &tmpdir)
            .args(["--check", &fixture("lc913", "correct.cpp")])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("the build cache"), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    };
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o777)).unwrap();
    refused("others may write in it");
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o700)).unwrap();
    let chowned = std::process::Command::new("chown")
        .args(["65534", &cache.to_string_lossy()])
        .stderr(std::process::Stdio::null())
        .status();
    if uid == 0 && chowned.is_ok_and(|status| status.success()) {
        refused("it belongs to user 65534, not to you");
    } else {
        println!("skipped: a cache owned by another user needs root to make");
    }
    let _ = std::fs::remove_dir_all(&tmpdir);
}

// ---- Without the sandbox ----

/// `--unsandboxed` runs the program as the user, in a process group and a scratch directory:
/// a right program passes, one that hangs is still stopped, and the report says how it ran.
/// As root it is refused (the program would be the machine's root), and tried as `nobody`.
#[test]
fn unsandboxed_runs_say_so_and_are_still_limited() {
    let right = format!(
        "{} --variant fixpoint_worklist",
        env!("CARGO_BIN_EXE_lc913")
    );
    let run = |solution: &str, options: &[&str]| match as_root() {
        true => as_nobody("lc913")
            .arg("--check")
            .arg(solution)
            .args(options)
            .output()
            .unwrap(),
        false => check("lc913", solution, options),
    };
    if as_root() {
        let refused = Command::cargo_bin("lc913")
            .unwrap()
            .args(["--check", &right, "--unsandboxed"])
            .output()
            .unwrap();
        let errors = String::from_utf8_lossy(&refused.stderr);
        assert_eq!(refused.status.code(), Some(2), "{errors}");
        assert!(errors.contains("you are root"), "{errors}");
    }
    let output = run(&right, &["--cases", "20", "--unsandboxed", "--json"]);
    let unsandboxed = [
        ("found['verdict']", "'pass'"),
        ("found['build']['isolation']", "{'kind': 'none'}"),
    ];
    assert_exit_and_facts(&output, 0, &unsandboxed);
    let options = ["--time-limit", "0.3", "--unsandboxed", "--json"];
    let hang = run("sleep 60", &options);
    let stopped = [
        ("found['fault_facts']['kind']", "'no_answer_within'"),
        ("found['fault_facts']['limit_seconds']", "0.3"),
        ("found['fault_facts']['waited']", "True"),
    ];
    assert_exit_and_facts(&hang, 1, &stopped);
}
