//! What the `--check` tests share: the fixtures' paths, the tools a fixture needs (skipped where
//! missing, a failure under CI), the sandbox's presence, `--check` through the real binary, and
//! `--check` as an ordinary user where the tests run as root. Each test file that declares
//! this module uses part of it.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;
use std::process::Output;

pub fn fixture(krate: &str, file: &str) -> String {
    format!("{}/fixtures/{krate}/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// The tool a source file needs beyond rustc, when this machine lacks it, and then a line
/// saying the test skips it; under CI a missing tool fails the test.
pub fn missing_tool(file: &str) -> Option<&'static str> {
    let tools: &[(&str, &str, &str)] = match file.rsplit('.').next() {
        // LeetCode's C++ is clang 19; the OI judges' is g++.
        Some("cpp") => &[
            ("g++", "CXX", "--version"),
            ("clang++-19", "CXX", "--version"),
        ],
        Some("c") => &[("gcc", "CC", "--version")],
        Some("py") => &[("python3", "PYTHON", "--version")],
        Some("java") => &[("javac", "", "-version")],
        Some("js") => &[("node", "NODE", "--version")],
        Some("ts") => &[("tsc", "TSC", "--version"), ("node", "NODE", "--version")],
        Some("go") => &[("go", "GO", "version")],
        Some("php") => &[("php", "PHP", "--version")],
        Some("rb") => &[("ruby", "RUBY", "--version")],
        Some("kt") => &[("kotlinc", "KOTLINC", "-version"), ("java", "", "-version")],
        Some("cs") => &[("mcs", "MCS", "--version"), ("mono", "MONO", "--version")],
        Some("scala") => &[("scalac", "SCALAC", "-version"), ("java", "", "-version")],
        Some("ex") => &[("elixir", "ELIXIR", "--version")],
        // erlc has no version flag; erl's is Erlang's own.
        Some("erl") => &[("erl", "ERL", "-version")],
        Some("rkt") => &[("racket", "RACKET", "--version")],
        _ => return None,
    };
    let missing = tools.iter().find(|(tool, variable, arg)| {
        let program = std::env::var_os(variable).unwrap_or_else(|| tool.into());
        !std::process::Command::new(program)
            .arg(arg)
            .output()
            .is_ok_and(|output| output.status.success())
    });
    let tool = missing.map(|(tool, _, _)| *tool);
    assert!(
        tool.is_none() || std::env::var("CI").as_deref() != Ok("true"),
        "{tool:?} is missing under CI: .ci/run installs it"
    );
    if let Some(tool) = tool {
        println!("skipped: {tool} is not on this machine");
    }
    tool
}

/// Whether bubblewrap cannot sandbox runs here: then, outside CI, `--check` runs
/// `--unsandboxed` in these tests and the sandbox's own tests skip, each saying so; under CI
/// (whose `.ci/run` installs it) that fails.
pub fn sandbox_missing() -> bool {
    let why = tests::sandbox::bwrap::bwrap().err();
    assert!(
        why.is_none() || std::env::var("CI").as_deref() != Ok("true"),
        "no sandbox under CI: {why:?}"
    );
    if let Some(why) = why {
        println!("skipped the sandbox: {why}");
    }
    why.is_some()
}

pub fn check(bin: &str, solution: &str, options: &[&str]) -> Output {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .arg("--check")
        .arg(solution)
        .args(options)
        .args(sandbox_missing().then_some("--unsandboxed"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "{bin} --check {solution}: {stderr}"
    );
    output
}

/// A file of `text` in this test binary's scratch directory; its path.
pub fn scratch_file(name: &str, text: &[u8]) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Waits up to `seconds` for `done`.
pub fn within(seconds: f64, mut done: impl FnMut() -> bool) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    done()
}

/// Whether these tests run as root (CI's user): then `--check` is also run as `nobody`.
pub fn as_root() -> bool {
    tests::sandbox::places::cache_root().ends_with("cats-check-builds-0")
}

/// The home and `TMPDIR` of [`as_nobody`]'s `--check`.
pub fn nobody_home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-nobody-home")
}

/// `bin` run as `nobody` through `setpriv`, with no supplementary groups, in a folder of its
/// own that is its home and `TMPDIR` (the build cache and scratch files of that `--check`),
/// and the system's `PATH` with `/usr/local`'s tools (root's tools in `/root` are not its
/// to run). For a test that is root, to try `--check` as an ordinary user.
pub fn as_nobody(bin: &str) -> std::process::Command {
    const NOBODY: u32 = 65534;
    let home = nobody_home();
    std::fs::create_dir_all(&home).unwrap();
    std::os::unix::fs::chown(&home, Some(NOBODY), Some(NOBODY)).unwrap();
    let mut command = std::process::Command::new("setpriv");
    command
        .arg(format!("--reuid={NOBODY}"))
        .arg(format!("--regid={NOBODY}"))
        .args(["--clear-groups", "--"])
        .arg(assert_cmd::cargo::cargo_bin(bin))
        .env("TMPDIR", &home)
        .env("HOME", &home)
        .env("PATH", "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin")
        .current_dir(&home);
    command
}
