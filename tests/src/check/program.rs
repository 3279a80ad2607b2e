//! The user's solution as a program: built from a source file (wrapped with a harness for the
//! LeetCode problems), or a shell command; run on an input with a time limit, killed when it
//! hangs, its output read defensively.
//!
//! Build products go to a directory under the system's temporary directory named after a hash
//! of the sources, so a second `--check` of the same file does not compile it again, and
//! nothing is written beside the user's file.

use super::harness::{Harnesses, Language};
use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::io::{ErrorKind, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

/// How much of a program's output is kept: far more than any honest batch of answers.
const OUTPUT_CAP: usize = 16 << 20;
/// How much of its error output a report quotes.
const STDERR_TAIL: usize = 2000;

/// A runnable solution, and the input format it reads.
pub struct Program {
    argv: Vec<OsString>,
    /// What the user named, for messages.
    pub label: String,
    /// Whether it reads the harness's input (a wrapped LeetCode source) rather than the
    /// command line's.
    pub harnessed: bool,
}

/// A problem in building the user's solution; the command line prints it and exits 2.
pub struct BuildError(pub String);

/// How a run ended.
pub enum Ending {
    Exited(ExitStatus),
    /// Killed after printing no line for this long.
    Quiet(Duration),
    /// Killed after running this long in all.
    TooLong(Duration),
}

pub struct Run {
    pub ending: Ending,
    pub stdout: String,
    /// The last characters of the error output.
    pub stderr: String,
}

impl Run {
    pub fn timed_out(&self) -> bool {
        matches!(self.ending, Ending::Quiet(_) | Ending::TooLong(_))
    }

    /// Why the run failed by its ending alone (a crash, a time-out), or `None` for exit 0.
    pub fn failure(&self) -> Option<String> {
        let mut text = match &self.ending {
            Ending::Quiet(limit) => {
                return Some(format!(
                    "no answer within {:.1} s (killed)",
                    limit.as_secs_f64()
                ))
            }
            Ending::TooLong(limit) => {
                return Some(format!(
                    "still running after {:.1} s (killed)",
                    limit.as_secs_f64()
                ))
            }
            Ending::Exited(status) if status.success() => return None,
            Ending::Exited(status) => match (status.code(), status.signal()) {
                (Some(code), _) => format!("crashed: exit status {code}"),
                (None, Some(signal)) => format!("crashed: killed by signal {signal}"),
                (None, None) => "crashed".to_string(),
            },
        };
        let stderr = self.stderr.trim();
        if !stderr.is_empty() {
            text.push_str(":\n");
            text.push_str(stderr);
        }
        Some(text)
    }
}

/// The program `solution` names: a source file of a language `harnesses` knows (or, without
/// harnesses, a whole judge program), built; anything else, a command for `sh -c`.
pub fn prepare(solution: &str, harnesses: Option<&Harnesses>) -> Result<Program, BuildError> {
    let path = Path::new(solution);
    let language = Language::of(path);
    // `mine.rs` that is not there is a typo, not a command; `python3 mine.py` is a command.
    if language.is_some() && !path.is_file() && !solution.contains(char::is_whitespace) {
        return Err(BuildError(format!("there is no file {solution}")));
    }
    let Some(language) = language.filter(|_| path.is_file()) else {
        return Ok(Program {
            argv: vec!["sh".into(), "-c".into(), solution.into()],
            label: format!("the command '{solution}'"),
            harnessed: false,
        });
    };
    let source = std::fs::read_to_string(path)
        .map_err(|error| BuildError(format!("cannot read {solution}: {error}")))?;
    let (program_text, harnessed) = match harnesses {
        Some(harnesses) => (harnesses.wrap(language, &source), true),
        None => (language.whole_program(&source), false),
    };
    let argv = build(language, &program_text)?;
    Ok(Program {
        argv,
        label: solution.to_string(),
        harnessed,
    })
}

/// The environment variables that name a language's tools: a build made with other tools is
/// not reused.
fn tool_variables(language: Language) -> &'static [&'static str] {
    match language {
        Language::Rust => &["RUSTC"],
        Language::Cpp => &["CXX"],
        Language::Python => &["PYTHON"],
        Language::Java => &["JAVA_HOME"],
    }
}

/// A fresh directory for the build products of `text`, and whether it holds a finished build.
fn build_dir(language: Language, text: &str) -> Result<(PathBuf, bool), BuildError> {
    let mut hasher = DefaultHasher::new();
    (language.extension(), text).hash(&mut hasher);
    for variable in tool_variables(language) {
        std::env::var_os(variable).hash(&mut hasher);
    }
    let dir = std::env::temp_dir().join(format!("cats-check-{:016x}", hasher.finish()));
    let done = dir.join("built");
    if done.exists() {
        return Ok((dir, true));
    }
    std::fs::create_dir_all(&dir)
        .map_err(|error| BuildError(format!("cannot create {}: {error}", dir.display())))?;
    Ok((dir, false))
}

fn write(path: &Path, text: &str) -> Result<(), BuildError> {
    std::fs::write(path, text)
        .map_err(|error| BuildError(format!("cannot write {}: {error}", path.display())))
}

/// A tool from the environment variable `variable`, or `default`.
fn tool(variable: &str, default: &str) -> OsString {
    std::env::var_os(variable).unwrap_or_else(|| default.into())
}

/// Runs a compiler; a missing compiler and a compile error are both build errors.
fn compile(mut command: Command, what: &str, hint: &str) -> Result<(), BuildError> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command.output().map_err(|error| {
        if error.kind() == ErrorKind::NotFound {
            BuildError(format!("{what} '{program}' was not found; {hint}"))
        } else {
            BuildError(format!("cannot run {what} '{program}': {error}"))
        }
    })?;
    if output.status.success() {
        return Ok(());
    }
    Err(BuildError(format!(
        "your solution does not compile ({program}):\n{}",
        String::from_utf8_lossy(&output.stderr).trim_end()
    )))
}

/// Compiles `text` (already wrapped) and returns the command that runs it.
fn build(language: Language, text: &str) -> Result<Vec<OsString>, BuildError> {
    let (dir, built) = build_dir(language, text)?;
    let marker = dir.join("built");
    let binary = dir.join("solution");
    let argv: Vec<OsString> = match language {
        Language::Rust => {
            if !built {
                let source = dir.join("solution.rs");
                write(&source, text)?;
                let mut rustc = Command::new(tool("RUSTC", "rustc"));
                rustc
                    .args(["--edition", "2021", "-O", "-A", "warnings", "-o"])
                    .arg(&binary)
                    .arg(&source);
                compile(rustc, "the Rust compiler", "set RUSTC to one")?;
            }
            vec![binary.into()]
        }
        Language::Cpp => {
            if !built {
                let source = dir.join("solution.cpp");
                write(&source, text)?;
                let mut cxx = Command::new(tool("CXX", "g++"));
                cxx.args(["-O2", "-std=c++17", "-o"])
                    .arg(&binary)
                    .arg(&source);
                compile(cxx, "the C++ compiler", "set CXX to a C++17 compiler")?;
            }
            vec![binary.into()]
        }
        Language::Python => {
            let source = dir.join("solution.py");
            if !built {
                write(&source, text)?;
                let python = tool("PYTHON", "python3");
                let mut check = Command::new(&python);
                check.arg("-m").arg("py_compile").arg(&source);
                compile(check, "Python", "set PYTHON to a Python 3 interpreter")?;
            }
            vec![tool("PYTHON", "python3"), source.into()]
        }
        Language::Java => {
            let java_home = std::env::var_os("JAVA_HOME").map(PathBuf::from);
            let bin = |name: &str| match &java_home {
                Some(home) => home.join("bin").join(name).into_os_string(),
                None => name.into(),
            };
            if !built {
                // Each class in a file of its own name, so a `public class Solution` compiles.
                let (solution, main) = text
                    .split_once(super::harness::JAVA_MAIN_SPLIT)
                    .ok_or_else(|| {
                        BuildError("internal: the Java harness lost its main class".to_string())
                    })?;
                write(&dir.join("Solution.java"), solution)?;
                write(&dir.join("Main.java"), main)?;
                let mut javac = Command::new(bin("javac"));
                javac
                    .arg("-nowarn")
                    .arg("-d")
                    .arg(&dir)
                    .arg(dir.join("Solution.java"))
                    .arg(dir.join("Main.java"));
                compile(javac, "javac", "set JAVA_HOME to a JDK")?;
            }
            vec![
                bin("java"),
                "-Xss256m".into(),
                "-cp".into(),
                dir.into_os_string(),
                "Main".into(),
            ]
        }
    };
    if !built {
        // Only a finished build is reused; a failed write costs a rebuild next time.
        let _ = std::fs::write(marker, "");
    }
    Ok(argv)
}

/// Reads `source` to its end, keeping the first `cap` bytes (draining the rest, so the writer
/// never blocks), and sends them. `last_line`, if given, is set to the microseconds since
/// `started` at which the latest line ended.
fn drain(
    mut source: impl Read + Send + 'static,
    cap: usize,
    started: Instant,
    last_line: Option<Arc<AtomicU64>>,
) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = [0u8; 1 << 16];
        loop {
            match source.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(read) => {
                    if let Some(last_line) = &last_line {
                        if buffer[..read].contains(&b'\n') {
                            let now = started.elapsed().as_micros() as u64;
                            last_line.store(now, Ordering::Relaxed);
                        }
                    }
                    let room = cap.saturating_sub(kept.len()).min(read);
                    kept.extend_from_slice(&buffer[..room]);
                }
            }
        }
        let _ = sender.send(kept);
    });
    receiver
}

/// Runs `program` on `input` and kills it (and what it started) when it prints no new line
/// for `quiet` (it is stuck on one test case: the harnesses print each answer as it comes)
/// or runs past `total`.
pub fn run(
    program: &Program,
    input: &str,
    quiet: Duration,
    total: Duration,
) -> Result<Run, String> {
    let mut command = Command::new(&program.argv[0]);
    command
        .args(&program.argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|error| format!("cannot start {}: {error}", program.label))?;
    if let Some(mut stdin) = child.stdin.take() {
        let input = input.as_bytes().to_vec();
        // A program may exit without reading its input: a broken pipe is its business.
        thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let last_line = Arc::new(AtomicU64::new(0));
    let stdout = child
        .stdout
        .take()
        .map(|out| drain(out, OUTPUT_CAP, started, Some(Arc::clone(&last_line))));
    let stderr = child
        .stderr
        .take()
        .map(|err| drain(err, 1 << 20, started, None));
    let ending = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ending::Exited(status),
            Ok(None) => {
                let now = started.elapsed();
                let since_line =
                    now.saturating_sub(Duration::from_micros(last_line.load(Ordering::Relaxed)));
                if since_line <= quiet && now <= total {
                    thread::sleep(Duration::from_millis(1));
                    continue;
                }
                // The whole process group: a command's children die with it. `--` keeps the
                // negative group id from being read as an option (`kill -KILL -N` can be
                // taken as signalling every process).
                let _ = Command::new("kill")
                    .args(["-s", "KILL", "--", &format!("-{}", child.id())])
                    .stderr(Stdio::null())
                    .status();
                let _ = child.kill();
                let _ = child.wait();
                break if since_line > quiet {
                    Ending::Quiet(quiet)
                } else {
                    Ending::TooLong(total)
                };
            }
            Err(error) => return Err(format!("cannot wait for {}: {error}", program.label)),
        }
    };
    // Output still held by an escaped grandchild is not waited for.
    let collect = |receiver: Option<mpsc::Receiver<Vec<u8>>>| {
        receiver
            .and_then(|receiver| receiver.recv_timeout(Duration::from_secs(1)).ok())
            .unwrap_or_default()
    };
    let stdout = String::from_utf8_lossy(&collect(stdout)).into_owned();
    let stderr = String::from_utf8_lossy(&collect(stderr)).into_owned();
    let tail_start = stderr
        .char_indices()
        .rev()
        .nth(STDERR_TAIL)
        .map_or(0, |(at, _)| at);
    Ok(Run {
        ending,
        stdout,
        stderr: stderr[tail_start..].to_string(),
    })
}
