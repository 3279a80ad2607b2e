//! The user's solution as a program: a source file built as the judge builds it (wrapped with
//! a harness for the LeetCode problems), or a shell command.
//!
//! Builds are cached under `$TMPDIR/cats-check-builds-UID/` (private to the user: mode 0700,
//! owner checked), one directory per hash of the wrapped sources, the tools and their flags,
//! so a second `--check` of the same file does not compile it again. A build is made in a
//! private directory and renamed into place when it is finished, so two `--check` runs of one
//! file at once do not trip over each other; the newest [`CACHE_KEPT`] builds are kept.

use super::harness::{self, Harnesses, Source};
use super::judge::{self, Found, Profile};
use super::languages::{self, Language, LanguageSpec};
use crate::problems::Judge;
use crate::sandbox::places::{cache_root, on_path, private_cache};
use crate::sandbox::{self, Isolation, Launch, Limits, Run, RunError, ScratchDir, SetupError};
use std::collections::hash_map::DefaultHasher;
use std::ffi::{OsStr, OsString};
use std::hash::{Hash, Hasher};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// Changes when the way a build is made or described changes, so that older builds are not
/// reused.
const CACHE_FORMAT: u32 = 4;

/// How many finished builds the cache keeps.
pub const CACHE_KEPT: usize = 50;

/// What was judged and how: the build's line and notes, and the isolation its runs had.
#[derive(Debug, Clone, Default)]
pub struct BuildInfo {
    pub line: String,
    pub notes: Vec<String>,
    pub sandbox: String,
}

/// A runnable solution, and the input format it reads.
pub struct Program {
    argv: Vec<OsString>,
    env: Vec<(OsString, OsString)>,
    /// What the user named, for messages.
    pub label: String,
    /// Whether it is a wrapped LeetCode source: it reads the harness's input and answers on
    /// the harness's channel.
    pub harnessed: bool,
    /// Whether it is a shell command, whose exit status 126 or 127 means it could not start.
    pub command: bool,
    /// What runs it and the variable that names another, for the message when it is missing.
    runner: Option<(&'static str, &'static str)>,
    /// The built files that its error output may name, each with the user's file's name to
    /// show instead (a JavaScript stack trace names the build's `solution.js`).
    shown_as: Vec<(String, String)>,
    /// How it was built, for the report's first line (`clang++-19 (clang 19.1.7) -std=c++23
    /// -O2 -fsanitize=address, as LeetCode builds C++`), and what the report must add: where
    /// the tool is not the judge's, checks left out and why.
    pub build: Built,
    /// The stack a run gets.
    stack: judge::Stack,
    /// The CPU time a test case gets by default: its language's, or for a command the most any
    /// language gets.
    pub time_limit: Duration,
    /// How its build and runs are isolated.
    isolation: Isolation,
    /// What its runs' sandbox binds read-only besides the system: the build, the tools'
    /// roots, the files a command names.
    roots: Vec<PathBuf>,
}

/// A build as the report names it: one line, and notes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Built {
    pub line: String,
    pub notes: Vec<String>,
}

impl Built {
    /// Kept beside the build in the cache, so a cached build is named as it was made.
    fn to_text(&self) -> String {
        let mut text = self.line.clone();
        for note in &self.notes {
            text.push('\n');
            text.push_str(note);
        }
        text
    }

    /// The extra checks the build added (`address`, `undefined`), as its line names them
    /// (`; extra checks: AddressSanitizer, UBSan`, written by `Build::describe`): the report
    /// and the judge's rerun read the same words.
    pub fn extra_checks(&self) -> Vec<&'static str> {
        let Some((_, named)) = self.line.split_once(EXTRA_CHECKS) else {
            return Vec::new();
        };
        let named: Vec<&str> = named.split(", ").collect();
        SANITIZERS
            .into_iter()
            .filter(|sanitizer| named.contains(&judge::sanitizer_name(sanitizer)))
            .collect()
    }

    /// The tool and its flags, without the judge's name (`g++ (gcc 12.2.0) -std=c++14 -O2`):
    /// the line up to `, as NOI/Luogu builds C++`.
    pub fn tool_and_flags(&self) -> &str {
        self.line
            .split_once(", as ")
            .map_or(self.line.as_str(), |(tool, _)| tool)
    }

    fn from_text(text: &str) -> Built {
        let mut lines = text.lines().map(String::from);
        Built {
            line: lines.next().unwrap_or_default(),
            notes: lines.collect(),
        }
    }
}

/// A problem in building or starting the user's solution; the command line prints it and
/// exits 2.
pub struct BuildError {
    pub message: String,
    /// The build that refused the program, where the judge's build refused it (a compile
    /// error, the compile limit): the program's fault, not the tool's or the machine's.
    pub refused: Option<BuildInfo>,
}

/// The tools and files were there; the machine or the files were not as they must be.
impl From<SetupError> for BuildError {
    fn from(error: SetupError) -> BuildError {
        BuildError::new(error.0)
    }
}

impl BuildError {
    /// A problem with the tools, the files or the machine.
    pub fn new(message: String) -> BuildError {
        BuildError {
            message,
            refused: None,
        }
    }
}

/// How to build: the judge's profile, changed by the user's options.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// C and C++ with the judge's sanitizers and the extra checks; off for speed.
    pub sanitize: bool,
    /// The judge's own sanitizers but none of the extra checks: what the judge itself would
    /// run, for a fault only an extra check caught.
    pub without_extra_checks: bool,
    /// The standard (`c++17`) or Rust edition (`2021`) in place of the judge's.
    pub standard: Option<String>,
    /// Compile errors whole, not cut after the first.
    pub verbose: bool,
    /// Builds and runs outside any sandbox, as the user (`--unsandboxed`).
    pub unsandboxed: bool,
}

impl Program {
    /// `command`, run with `sh -c` as given (each word that names a file here made absolute),
    /// with the stack `judge` gives C++.
    fn command(command: &str, judge: Judge, isolation: Isolation) -> Program {
        let (text, mut roots) = absolute_words(command);
        // The command's first word, where it names a tool outside `/usr` (a pyenv shim).
        if let Some(first) = command.split_whitespace().next() {
            sandboxed_tool(OsStr::new(first), &mut roots);
        }
        Program {
            argv: vec!["/bin/sh".into(), "-c".into(), text.into()],
            env: Vec::new(),
            label: format!("the command '{command}'"),
            harnessed: false,
            command: true,
            runner: Some(("the shell", "--check runs commands with it")),
            shown_as: Vec::new(),
            build: Built {
                line: "none: a command, run as given".to_string(),
                notes: Vec::new(),
            },
            stack: judge.stack(),
            time_limit: languages::COMMAND_TIME_LIMIT,
            isolation,
            roots,
        }
    }

    /// Runs the program on `input` in the scratch directory `scratch`. A missing interpreter is a build error.
    pub fn run(
        &self,
        scratch: &ScratchDir,
        input: &str,
        limits: &Limits,
    ) -> Result<Run, BuildError> {
        let launch = Launch {
            argv: &self.argv,
            env: &self.env,
            roots: &self.roots,
            harnessed: self.harnessed,
            stack_kilobytes: judge::stack_kilobytes(self.stack, limits.memory),
        };
        match scratch.run(&launch, input, limits) {
            Ok(mut run) => {
                for (built, user) in &self.shown_as {
                    run.stderr = run.stderr.replace(built, user);
                }
                Ok(run)
            }
            Err(RunError::NotFound) => Err(BuildError::new(match self.runner {
                Some((what, hint)) => format!(
                    "{what} '{}' was not found; {hint}",
                    self.argv[0].to_string_lossy()
                ),
                None => format!("cannot start {}: not found", self.label),
            })),
            Err(RunError::Setup(message)) => Err(BuildError::new(format!(
                "cannot run {}: {message}",
                self.label
            ))),
        }
    }

    /// How its build and runs are isolated.
    pub fn isolation(&self) -> Isolation {
        self.isolation
    }

    /// The build's line and notes, and the isolation of its runs, which open every report:
    /// what was judged, and how.
    pub fn build_info(&self) -> BuildInfo {
        BuildInfo {
            line: self.build.line.clone(),
            notes: self.build.notes.clone(),
            sandbox: self.isolation.describe(),
        }
    }

    /// For a command whose run ended with the shell's "cannot start" statuses and no answer:
    /// the usage error to stop with.
    pub fn could_not_start(&self, run: &Run) -> Option<BuildError> {
        let status = match run.ending {
            crate::sandbox::Ending::Exited(status) => status.code(),
            _ => None,
        };
        if !self.command || !matches!(status, Some(126 | 127)) || !run.answers.trim().is_empty() {
            return None;
        }
        Some(BuildError::new(format!(
            "{} could not start: {} (--check builds {} files; anything else is run as a shell \
             command)",
            self.label,
            run.stderr.trim(),
            languages::extensions(false)
        )))
    }
}

/// The program `solution` names: a source file of a language `--check` builds as `judge`
/// does (wrapped with `harnesses`, or without them a whole judge program); anything else, a
/// command for `sh -c`.
pub fn prepare(
    solution: &str,
    harnesses: Option<&Harnesses>,
    judge: Judge,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    let path = Path::new(solution);
    let language = Language::of(path);
    // `mine.rs` that is not there is a typo, not a command; `python3 mine.py` is a command.
    if language.is_some() && !path.is_file() && !solution.contains(char::is_whitespace) {
        return Err(BuildError::new(format!("there is no file {solution}")));
    }
    // The cache first: the sandbox keeps its filter there, and a cache that is refused is
    // the cache's error, not the sandbox's.
    private_cache()?;
    let isolation = Isolation::choose(options.unsandboxed)?;
    let Some(language) = language.filter(|_| path.is_file()) else {
        return Ok(Program::command(solution, judge, isolation));
    };
    let bytes = std::fs::read(path)
        .map_err(|error| BuildError::new(format!("cannot read {solution}: {error}")))?;
    let source = Source::new(bytes, solution);
    let files = harness::files(language, harnesses, &source);
    let profile = judge::profile(judge, language);
    let entry = harnesses.map(|harnesses| harnesses.function);
    let (runner, done, built) = build(
        language,
        &profile,
        (&files, &source, entry),
        (options, isolation),
    )?;
    // The file the user's lines are in, and for TypeScript the JavaScript that runs.
    let first = files.first().map(|(name, _)| *name);
    let shown_as = files
        .iter()
        .filter(|(name, _)| Some(*name) == first || *name == "solution.js")
        .map(|(name, _)| {
            (
                done.join(name).to_string_lossy().into_owned(),
                source.path.clone(),
            )
        })
        .collect();
    let (mut argv, env, runner) = runner;
    let mut roots = extra_roots(language, &source);
    // A binary of the build's own is bound with the build; the folder above it is the whole
    // cache, every other build's included, never shown.
    let runs_a_tool = |program: &&mut OsString| !Path::new(program).starts_with(&done);
    if let Some(program) = argv.first_mut().filter(runs_a_tool) {
        *program = sandboxed_tool(program, &mut roots);
    }
    roots.push(done.clone());
    Ok(Program {
        argv,
        env,
        label: solution.to_string(),
        harnessed: harnesses.is_some(),
        command: false,
        runner: Some(runner),
        shown_as,
        build: built,
        stack: profile.stack,
        time_limit: language.spec().time_limit,
        isolation,
        roots,
    })
}

/// The command with each word that names a file or folder here made absolute: the command
/// runs in a scratch directory, so `python3 mine.py` and `./solver` must still find theirs.
/// Only plain words are touched (no quotes, no shell syntax).
fn absolute_words(command: &str) -> (String, Vec<PathBuf>) {
    let Ok(here) = std::env::current_dir() else {
        return (command.to_string(), named_paths(command));
    };
    let plain = |word: &str| {
        word.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-+/".contains(c))
    };
    let mut text = String::new();
    let mut rest = command;
    while !rest.is_empty() {
        let start = rest.len() - rest.trim_start().len();
        text.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let original = &rest[..end];
        // `~/solver` means the user's home: the program's own points elsewhere.
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let (word, named) = match (original.strip_prefix("~/"), home) {
            (Some(under), Some(home)) => (under, home.join(under)),
            _ => (original, here.join(original)),
        };
        if plain(word) && !word.starts_with('/') && !word.starts_with('-') && named.exists() {
            text.push_str(&crate::sandbox::bwrap::shell_quote(
                &named.to_string_lossy(),
            ));
        } else {
            text.push_str(original);
        }
        rest = &rest[end..];
    }
    let named = named_paths(&text);
    (text, named)
}

/// The absolute paths a command's text names (split at white space, quotes and the shell's
/// operators) that exist and may be shown to its sandbox ([`crate::sandbox::bwrap::may_show`]): what
/// its sandbox binds read-only, so that `./solver`, `python3 mine.py` and `... | /path/to/x;`
/// find their files.
fn named_paths(text: &str) -> Vec<PathBuf> {
    let mut named: Vec<PathBuf> = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || "'\";|&()<>=`".contains(c)) {
        let path = Path::new(token);
        let new = !named.iter().any(|known| known == path);
        if new && token.starts_with('/') && path.exists() && crate::sandbox::bwrap::may_show(path) {
            named.push(path.to_path_buf());
        }
    }
    named
}

/// The Python interpreter: `$PYTHON`, else the `python3` on `PATH`, resolved once to the
/// executable it runs (a version manager's shim costs a few hundred milliseconds a start, and
/// a judge program starts once a game).
fn python() -> OsString {
    static RESOLVED: std::sync::OnceLock<OsString> = std::sync::OnceLock::new();
    if let Some(chosen) = std::env::var_os("PYTHON") {
        return chosen;
    }
    RESOLVED
        .get_or_init(|| {
            let asked = Command::new("python3")
                .args(["-c", "import sys; print(sys.executable)"])
                .output();
            let path = asked
                .ok()
                .filter(|output| output.status.success())
                .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
                .filter(|path| Path::new(path).is_file());
            path.map_or_else(|| "python3".into(), OsString::from)
        })
        .clone()
}

/// `program` as a sandbox runs it, its root added to `roots` ([`crate::sandbox::bwrap::tool_root`]):
/// a tool outside `/usr` by its resolved path, with the prefix it is installed in bound; a
/// rustup proxy (`~/.cargo/bin/rustc`) as its toolchain's own binary, with the toolchain bound
/// (never `~/.cargo`, which holds a registry token). A tool under `/usr`, or not found, as
/// it is.
fn sandboxed_tool(program: &OsStr, roots: &mut Vec<PathBuf>) -> OsString {
    let Some((root, run_as)) = crate::sandbox::bwrap::tool_root(Path::new(program)) else {
        return program.to_os_string();
    };
    if run_as.file_name().is_some_and(|name| name == "rustup") {
        let sysroot = Command::new(program)
            .args(["--print", "sysroot"])
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()));
        let name = Path::new(program).file_name().unwrap_or(program);
        if let Some(sysroot) = sysroot.filter(|root| root.join("bin").join(name).is_file()) {
            let binary = sysroot.join("bin").join(name);
            roots.push(sysroot);
            return binary.into_os_string();
        }
    }
    if let Some(root) = root.filter(|root| !roots.contains(root)) {
        roots.push(root);
    }
    run_as.into_os_string()
}

/// What a language's build and runs read besides their tools: for JavaScript and TypeScript,
/// the `node_modules` folders `require` looks in ([`node_env`]) that exist.
fn extra_roots(language: Language, source: &Source) -> Vec<PathBuf> {
    if language.spec().run.env != RunEnv::NodePath {
        return Vec::new();
    }
    node_env(source)
        .into_iter()
        .flat_map(|(_, paths)| std::env::split_paths(&paths).collect::<Vec<_>>())
        .filter(|dir| dir.is_dir() && crate::sandbox::bwrap::bindable(dir))
        .collect()
}

/// A tool from the environment variable `variable`, or `default`.
fn tool(variable: &str, default: &str) -> OsString {
    std::env::var_os(variable).unwrap_or_else(|| default.into())
}

/// How many lines of a compiler's messages a report shows without `--verbose`.
const MESSAGE_LINES: usize = 30;

/// The compiler's messages as a person reads them: the first error with its context, at most
/// [`MESSAGE_LINES`] lines, then how many more there are; all of them with `verbose`.
fn readable(text: &str, verbose: bool) -> String {
    if verbose {
        return text.to_string();
    }
    let lines: Vec<&str> = text.lines().collect();
    // A new diagnostic starts where a line (not the first) names an error again.
    let starts_error = |line: &str| {
        line.contains("error:") || line.contains("error[") || line.contains(": error TS")
    };
    let first_error = lines.iter().position(|line| starts_error(line));
    let next_error = first_error.and_then(|first| {
        lines[first + 1..]
            .iter()
            .position(|line| starts_error(line))
            .map(|at| first + 1 + at)
    });
    let shown = next_error.unwrap_or(lines.len()).min(MESSAGE_LINES);
    let mut readable = lines[..shown].join("\n");
    if shown < lines.len() {
        readable.push_str(&format!(
            "\n({} more lines; --verbose shows all)",
            lines.len() - shown
        ));
    }
    readable
}

/// The C++ standards, newest first: a program refused under one may build under an older one.
const CPP_STANDARDS: &[&str] = &["c++23", "c++20", "c++17", "c++14", "c++11"];

/// The Rust editions, newest first.
const RUST_EDITIONS: &[&str] = &["2024", "2021", "2018"];

/// The sanitizers' settings at run time: leaks are not judged (LeetCode does not, and
/// LeakSanitizer needs ptrace, which sandboxes refuse); a report stops the program.
fn sanitizer_env() -> Vec<(OsString, OsString)> {
    let with = |variable: &str, ours: &str| {
        let value = match std::env::var(variable) {
            Ok(theirs) if !theirs.is_empty() => format!("{ours}:{theirs}"),
            _ => ours.to_string(),
        };
        (variable.into(), value.into())
    };
    vec![
        with("ASAN_OPTIONS", "detect_leaks=0"),
        with("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1"),
    ]
}

/// Every sanitizer a judge runs or `--check` adds, by the name `-fsanitize=` takes.
const SANITIZERS: [&str; 2] = ["address", "undefined"];

/// What a build's line says before the extra checks it added.
const EXTRA_CHECKS: &str = "; extra checks: ";

/// The flags that come with any sanitizer: a report stops the program and names the lines.
const SANITIZER_FLAGS: &[&str] = &["-g", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];

/// TypeScript as LeetCode compiles it (TS 5.1: ES2022, strict function types), the
/// harness's globals declared in the file itself (no @types), and a source map so that
/// stack traces name the user's lines.
const TSCONFIG: &str = r#"{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "commonjs",
    "strictFunctionTypes": true,
    "noEmitOnError": true,
    "sourceMap": true,
    "types": [],
    "pretty": false,
    "outDir": "."
  },
  "files": ["solution.ts"]
}
"#;

/// How to run a build: its command, the environment it needs, and what runs it with the
/// variable that names another (for the message when it is missing).
type Runner = (
    Vec<OsString>,
    Vec<(OsString, OsString)>,
    (&'static str, &'static str),
);

/// Builds `files`, made of the user's `source` (a LeetCode solution with its `entry`, the
/// function or method LeetCode calls), into the cache (or finds them built) as `profile`
/// says: how to run them, where they are, and how they were built.
fn build(
    language: Language,
    profile: &Profile,
    (files, source, entry): (&[harness::File], &Source, Option<&'static str>),
    (options, isolation): (&BuildOptions, Isolation),
) -> Result<(Runner, PathBuf, Built), BuildError> {
    let spec = language.spec();
    if let (Some(standard), false) = (&options.standard, spec.takes_std) {
        return Err(BuildError::new(format!(
            "--std {standard}: a standard or edition applies to C, C++ and Rust, not to {}",
            spec.name
        )));
    }
    let command = judge::locate(profile);
    let root = private_cache()?;
    let done = root.join(cache_key(spec, profile, files, options, &command));
    let marker = done.join("built");
    // Only a marker `--check` made: a regular file.
    let made = std::fs::symlink_metadata(&marker).is_ok_and(|meta| meta.is_file());
    let built = match std::fs::read_to_string(&marker).ok().filter(|_| made) {
        Some(text) => {
            touch(&marker);
            Built::from_text(&text)
        }
        None => {
            let private = private_dir(&root)?;
            let tool = command.as_ref().map_or(profile.tools[0].into(), |command| {
                let path = Path::new(command);
                path.file_name().unwrap_or(path.as_os_str()).to_os_string()
            });
            let line = format!(
                "building {} with {} ...",
                source.path,
                tool.to_string_lossy()
            );
            let _slow = SlowNotice::after(SLOW_BUILD, move || eprintln!("{line}"));
            // The tool's version only for a build that is made: it starts the tool.
            let found = command.map(|command| judge::found(profile, command));
            let build = Build {
                files,
                source,
                dir: &private,
                first: private.join(files.first().map_or("", |(name, _)| name)),
                binary: private.join("solution"),
                profile,
                spec,
                found: found.as_ref(),
                options,
                isolation,
                roots: &extra_roots(language, source),
                entry,
            };
            let made = build.write().and_then(|()| (spec.build)(&build));
            let built = match made {
                Ok(built) => built,
                Err(error) => {
                    let _ = std::fs::remove_dir_all(&private);
                    return Err(error);
                }
            };
            finish(&private, &done, &built)?;
            prune(&root, CACHE_KEPT);
            built
        }
    };
    Ok((spec.run.runner(&done, source), done, built))
}

/// How long a build goes before a line on stderr says what is being built.
const SLOW_BUILD: Duration = Duration::from_secs(2);

/// A notice given once if it is still held `after` it was made (a line on stderr that says
/// what a slow step is doing), and never when the step is quick. Dropping it is its end.
struct SlowNotice {
    _held: std::sync::mpsc::Sender<()>,
}

impl SlowNotice {
    fn after(after: Duration, notice: impl FnOnce() + Send + 'static) -> SlowNotice {
        let (held, waiting) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = waiting.recv_timeout(after) {
                notice();
            }
        });
        SlowNotice { _held: held }
    }
}

/// The name of a build's directory in the cache: a hash of the files and of how they are
/// built (the profile names the tools, the standard and the flags; TypeScript's settings are
/// [`TSCONFIG`]; the variables name other tools), so that a build made otherwise is not reused.
fn cache_key(
    spec: &LanguageSpec,
    profile: &Profile,
    files: &[harness::File],
    options: &BuildOptions,
    command: &Option<OsString>,
) -> String {
    let mut hasher = DefaultHasher::new();
    let settings = (
        (options.sanitize, options.without_extra_checks),
        &options.standard,
        format!("{profile:?}"),
    );
    (CACHE_FORMAT, files, TSCONFIG, settings, command).hash(&mut hasher);
    for variable in [spec.variable].iter().chain(spec.also_named) {
        std::env::var_os(variable).hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// How a language's build runs, as its entry in [`languages::LANGUAGES`] says.
pub struct Runs {
    /// What starts it.
    pub starter: Starter,
    /// What follows.
    pub args: &'static [RunArg],
    /// The environment it needs.
    pub env: RunEnv,
}

/// What starts a build.
pub enum Starter {
    /// The build's own binary, by its name in the build's directory.
    Built(&'static str),
    /// Node (`$NODE`).
    Node,
    /// Python ([`python`]).
    Python,
    /// `java`, under `$JAVA_HOME` when set.
    Java,
}

/// An argument of a run.
pub enum RunArg {
    Text(&'static str),
    /// A file in the build's directory.
    Built(&'static str),
    /// The build's directory.
    BuildDir,
}

/// The environment a run needs besides the sandbox's own.
#[derive(PartialEq, Eq)]
pub enum RunEnv {
    Plain,
    /// The sanitizers' settings ([`sanitizer_env`]).
    Sanitizers,
    /// The folders Node's `require` looks in ([`node_env`]).
    NodePath,
}

impl Runs {
    /// How to run the build in `done`.
    fn runner(&self, done: &Path, source: &Source) -> Runner {
        let (first, missing) = match self.starter {
            Starter::Built(name) => (
                done.join(name).into_os_string(),
                ("the build", "run --check again to build it anew"),
            ),
            Starter::Node => (tool("NODE", "node"), NODE_HINT),
            Starter::Python => (python(), ("Python", "set PYTHON to a Python 3 interpreter")),
            Starter::Java => (java_bin("java"), ("java", "set JAVA_HOME to a JDK")),
        };
        let mut argv = vec![first];
        argv.extend(self.args.iter().map(|arg| match arg {
            RunArg::Text(text) => OsString::from(text),
            RunArg::Built(name) => done.join(name).into_os_string(),
            RunArg::BuildDir => done.as_os_str().to_owned(),
        }));
        let env = match self.env {
            RunEnv::Plain => Vec::new(),
            RunEnv::Sanitizers => sanitizer_env(),
            RunEnv::NodePath => node_env(source),
        };
        (argv, env, missing)
    }
}

/// A JDK's tool: under `$JAVA_HOME` when it is set, else as `PATH` finds it.
fn java_bin(name: &str) -> OsString {
    match std::env::var_os("JAVA_HOME") {
        Some(home) => PathBuf::from(home).join("bin").join(name).into_os_string(),
        None => name.into(),
    }
}

/// Node's script that prints each package named on its command line that `require` does not
/// find from its working directory (the build's) and `NODE_PATH`, and exits 1 if any.
const RESOLVE_PACKAGES: &str = "const missing = process.argv.slice(1).filter((name) => { \
     try { require.resolve(name); return false; } catch (error) { return true; } }); \
     for (const name of missing) console.log(name); process.exit(missing.length > 0 ? 1 : 0);";

/// What runs JavaScript, and how to name another.
pub(super) const NODE_HINT: (&str, &str) = ("Node.js", "set NODE to a node binary");

/// `NODE_PATH` with the `node_modules` folders beside the user's file and above it, where
/// `require` would look from there: the build runs elsewhere.
fn node_env(source: &Source) -> Vec<(OsString, OsString)> {
    let mut folders: Vec<PathBuf> = std::env::var_os("NODE_PATH")
        .map(|paths| std::env::split_paths(&paths).collect())
        .unwrap_or_default();
    if let Ok(file) = std::fs::canonicalize(&source.path) {
        folders.extend(file.ancestors().skip(1).map(|dir| dir.join("node_modules")));
    }
    match std::env::join_paths(folders) {
        Ok(joined) => vec![("NODE_PATH".into(), joined)],
        Err(_) => Vec::new(),
    }
}

/// A new directory of this process's own under `root`, for one build.
/// Made with `create_dir`, which fails where the name is taken: two builds of one process at
/// once (the tests build every language in threads) each get a directory of their own, by
/// their number, whatever the clock's resolution.
fn private_dir(root: &Path) -> Result<PathBuf, BuildError> {
    static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let number = BUILDS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = root.join(format!("partial-{}-{number}-{nanos}", std::process::id()));
    std::fs::create_dir(&dir)
        .map_err(|error| BuildError::new(format!("cannot create {}: {error}", dir.display())))?;
    Ok(dir)
}

/// Moves a finished build into place, its marker naming how it was built; when another run
/// got there first, theirs is used.
/// The build's directory was writable to the sandboxed build, whose tools read the user's
/// source and may be steered by it to leave a link or a FIFO named `built`: the marker is made
/// anew, never written through what is there.
fn finish(private: &Path, done: &Path, built: &Built) -> Result<(), BuildError> {
    use std::io::Write;
    let marker = private.join("built");
    let cannot = |error: std::io::Error| {
        BuildError::new(format!("cannot write {}: {error}", marker.display()))
    };
    match std::fs::remove_file(&marker) {
        Err(error) if error.kind() != ErrorKind::NotFound => {
            // A directory of that name.
            std::fs::remove_dir_all(&marker).map_err(cannot)?;
        }
        _ => {}
    }
    std::fs::File::options()
        .write(true)
        .create_new(true)
        .open(&marker)
        .and_then(|mut file| file.write_all(built.to_text().as_bytes()))
        .map_err(cannot)?;
    if std::fs::rename(private, done).is_err() {
        let _ = std::fs::remove_dir_all(private);
        if !done.join("built").is_file() {
            return Err(BuildError::new(format!(
                "cannot move the build into {}",
                done.display()
            )));
        }
    }
    Ok(())
}

/// Marks a build as just used, so pruning keeps it.
fn touch(path: &Path) {
    if let Ok(file) = std::fs::File::options().write(true).open(path) {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// Keeps the `kept` most recently used builds under `root` and every build used within the
/// hour ([`IN_USE`]: another check may be running it), and removes builds left half done over
/// an hour ago.
pub fn prune(root: &Path, kept: usize) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let mut builds = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let marker = std::fs::metadata(path.join("built")).and_then(|meta| meta.modified());
        if let Ok(used) = marker {
            builds.push((used, path));
        } else {
            let old = std::fs::metadata(&path)
                .and_then(|meta| meta.modified())
                .ok()
                .and_then(|made| made.elapsed().ok())
                .is_some_and(|age| age > Duration::from_secs(3600));
            if old {
                let _ = std::fs::remove_dir_all(&path);
            }
        }
    }
    builds.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    // A build used within the hour may be running in another check now: it stays.
    let idle = |used: &SystemTime| used.elapsed().is_ok_and(|idle| idle > IN_USE);
    for (_, path) in builds.into_iter().skip(kept).filter(|(used, _)| idle(used)) {
        let _ = std::fs::remove_dir_all(path);
    }
}

/// How long after its last use a build may still be running in a check: pruning spares it.
const IN_USE: Duration = Duration::from_secs(3600);

/// One build in its directory: the files written there, the user's source, the file the
/// compiler's messages name for the user's lines, the binary to make, and the judge's profile
/// with the tool found for it.
pub(super) struct Build<'b> {
    files: &'b [harness::File],
    source: &'b Source,
    dir: &'b Path,
    first: PathBuf,
    binary: PathBuf,
    profile: &'b Profile,
    spec: &'b LanguageSpec,
    found: Option<&'b Found>,
    options: &'b BuildOptions,
    isolation: Isolation,
    /// What the sandbox binds read-only besides the tools: the folders Node's `require`
    /// looks in.
    roots: &'b [PathBuf],
    /// The function or method a LeetCode solution defines for LeetCode to call; none for a
    /// whole program.
    entry: Option<&'static str>,
}

impl Build<'_> {
    /// Runs a build step sandboxed ([`sandbox::build_output`]): only the build's directory
    /// writable, the tool's own root readable (found from its resolved path).
    fn output(&self, command: &Command) -> std::io::Result<std::process::Output> {
        let mut roots = self.roots.to_vec();
        let program = sandboxed_tool(command.get_program(), &mut roots);
        let mut resolved = Command::new(program);
        resolved.args(command.get_args());
        for (name, value) in command.get_envs() {
            if let Some(value) = value {
                resolved.env(name, value);
            }
        }
        resolved.current_dir(command.get_current_dir().unwrap_or(self.dir));
        sandbox::build_output(self.isolation, &resolved, self.dir, &roots)
    }

    /// Runs a compiler: `None` when it built, its exit status and messages when it did not.
    /// A compiler that cannot start, or that runs past [`sandbox::BUILD_TIME`], is a build
    /// error; one that spends [`sandbox::BUILD_CPU`] is the program's, as a judge's compile
    /// limit makes it.
    fn attempt(
        &self,
        command: &mut Command,
        what: &str,
        hint: &str,
    ) -> Result<Option<(Option<i32>, String)>, BuildError> {
        let program = command.get_program().to_string_lossy().into_owned();
        let output = self.output(command).map_err(|error| match error.kind() {
            ErrorKind::NotFound => {
                BuildError::new(format!("{what} '{program}' was not found; {hint}"))
            }
            ErrorKind::TimedOut => BuildError::new(format!(
                "the build ran past {} s of wall-clock time and was stopped ({what} '{program}')",
                sandbox::BUILD_TIME.as_secs()
            )),
            _ if error
                .get_ref()
                .is_some_and(|inner| inner.is::<sandbox::PastBuildCpu>()) =>
            {
                // The step's own line is its caller's: the tool and the judge name it here.
                self.refusal(
                    &self.describe(&[], &[]),
                    format!(
                        "your solution does not compile within the compile limit: the build \
                         spent {} s of CPU time and was stopped ({what} '{program}'; judges stop \
                         a compiler too, after tens of seconds)",
                        sandbox::BUILD_CPU.as_secs()
                    ),
                )
            }
            _ => BuildError::new(format!("cannot run {what} '{program}': {error}")),
        })?;
        if output.status.success() {
            return Ok(None);
        }
        let text =
            String::from_utf8_lossy(&output.stderr) + String::from_utf8_lossy(&output.stdout);
        Ok(Some((output.status.code(), text.trim_end().to_string())))
    }

    /// Whether `command` runs and exits 0 (a probe of what a compiler takes).
    fn succeeds(&self, command: &mut Command) -> bool {
        self.output(command)
            .is_ok_and(|output| output.status.success())
    }

    /// Whether `rustc` takes `edition`, probed in the build's directory.
    fn takes_edition(&self, rustc: &OsStr, edition: &str) -> bool {
        let probe = self.dir.join("edition_probe.rs");
        std::fs::write(&probe, "").is_ok()
            && self.succeeds(
                Command::new(rustc)
                    .args(["--edition", edition, "--crate-type", "lib", "--emit"])
                    .arg("metadata")
                    .arg("--out-dir")
                    .arg(self.dir)
                    .arg(&probe),
            )
    }

    /// Writes the files to build into the directory.
    fn write(&self) -> Result<(), BuildError> {
        for (name, bytes) in self.files {
            let path = self.dir.join(name);
            std::fs::write(&path, bytes).map_err(|error| {
                BuildError::new(format!("cannot write {}: {error}", path.display()))
            })?;
        }
        Ok(())
    }

    /// The compiler's text as the user reads it: their file's name for the build's.
    fn messages(&self, text: &str) -> String {
        let dir = format!("{}/", self.dir.to_string_lossy());
        text.replace(&*self.first.to_string_lossy(), &self.source.path)
            .replace(&dir, "")
    }

    /// The tool found for the profile, or the judge's own when none was (its absence is then
    /// the build's error).
    fn tool(&self) -> OsString {
        self.found.map_or_else(
            || self.profile.tools[0].into(),
            |found| found.command.clone(),
        )
    }

    /// The report's line for a build with `args`: the tool, its version, the judge, and the
    /// `extra` checks added.
    fn describe(&self, args: &[String], extra: &[&str]) -> String {
        let tool = self.tool();
        let tool = Path::new(&tool)
            .file_name()
            .unwrap_or(tool.as_os_str())
            .to_string_lossy()
            .into_owned();
        let mut line = match self.found {
            Some(found) if found.version != tool => format!("{tool} ({})", found.version),
            _ => tool,
        };
        for arg in args {
            line.push(' ');
            line.push_str(arg);
        }
        line.push_str(&format!(
            ", as {} builds {}",
            self.profile.judge, self.spec.name
        ));
        if let Some(standard) = &self.options.standard {
            line.push_str(&format!(" with your --std {standard}"));
        }
        if !extra.is_empty() {
            let names: Vec<&str> = extra
                .iter()
                .map(|name| judge::sanitizer_name(name))
                .collect();
            line.push_str(&format!("{EXTRA_CHECKS}{}", names.join(", ")));
        }
        if !self.options.sanitize && !self.profile.sanitizers.is_empty() {
            line.push_str(" (sanitizers off: --no-sanitize)");
        }
        line
    }

    /// A build described by `line` and the notes every build starts with.
    fn built(&self, line: String) -> Built {
        Built {
            line,
            notes: self.notes(),
        }
    }

    /// The notes every build starts with: where the tool is not the judge's.
    fn notes(&self) -> Vec<String> {
        self.found
            .and_then(|found| found.differs.clone())
            .into_iter()
            .collect()
    }

    /// Runs a compiler; a compile error names the build and shows the first error.
    fn compile(
        &self,
        mut command: Command,
        (what, hint): (&str, &str),
        line: &str,
        messages: &dyn Fn(&str) -> String,
    ) -> Result<(), BuildError> {
        match self.attempt(&mut command, what, hint)? {
            None => Ok(()),
            Some((_, text)) => Err(self.refused(line, &messages(&text))),
        }
    }

    /// A compile error under the build `line`, with the notes on the build (a tool that is
    /// not the judge's), its messages cut to the first error.
    fn refused(&self, line: &str, text: &str) -> BuildError {
        let mut message = format!("your solution does not compile ({line}):\n");
        for note in self.notes() {
            message.push_str(&format!("note: {note}\n"));
        }
        message.push_str(&readable(text, self.options.verbose));
        self.refusal(line, message)
    }

    /// The program refused, as `message` says, by the build `line`: the error names the build
    /// as a report would.
    fn refusal(&self, line: &str, message: String) -> BuildError {
        BuildError {
            message,
            refused: Some(BuildInfo {
                line: line.to_string(),
                notes: self.notes(),
                sandbox: self.isolation.describe(),
            }),
        }
    }

    /// The tool, or a build error when it cannot be found.
    fn present(&self, (what, hint): (&str, &str)) -> Result<OsString, BuildError> {
        let tool = self.tool();
        if on_path(&tool) {
            Ok(tool)
        } else {
            Err(BuildError::new(format!(
                "{what} '{}' was not found; {hint}",
                tool.to_string_lossy()
            )))
        }
    }

    pub(super) fn rust(&self) -> Result<Built, BuildError> {
        let tool = self.spec.tool;
        let rustc = self.present(tool)?;
        let mut notes = self.notes();
        let edition = self.edition(&rustc, &mut notes)?;
        let mut args = vec!["--edition".to_string(), edition];
        args.extend(self.profile.flags.iter().map(|flag| flag.to_string()));
        let line = self.describe(&args, &[]);
        let mut command = Command::new(&rustc);
        command
            .args(&args)
            .arg("-o")
            .arg(&self.binary)
            .arg(&self.first);
        self.compile(command, tool, &line, &|text| self.messages(text))?;
        Ok(Built { line, notes })
    }

    /// The edition: the user's (`--std`), which must be one rustc takes, or the judge's, or
    /// the newest rustc takes when it lacks the judge's.
    fn edition(&self, rustc: &OsStr, notes: &mut Vec<String>) -> Result<String, BuildError> {
        let takes = |edition: &str| self.takes_edition(rustc, edition);
        if let Some(chosen) = &self.options.standard {
            return if takes(chosen) {
                Ok(chosen.clone())
            } else {
                Err(BuildError::new(format!(
                    "--std {chosen}: {} does not take --edition {chosen}",
                    rustc.to_string_lossy()
                )))
            };
        }
        let judges = self.profile.standard.unwrap_or("2021");
        if takes(judges) {
            return Ok(judges.to_string());
        }
        let newest = RUST_EDITIONS
            .iter()
            .find(|edition| takes(edition))
            .unwrap_or(&"2015");
        notes.push(format!(
            "{} does not take edition {judges}, which {} uses; built with edition {newest}",
            rustc.to_string_lossy(),
            self.profile.judge
        ));
        Ok(newest.to_string())
    }

    /// C or C++ as the judge builds it, with the extra checks where the program still builds
    /// with them: the judge's build alone decides whether it compiles.
    pub(super) fn c_family(&self, cpp: bool) -> Result<Built, BuildError> {
        let tool = self.spec.tool;
        let compiler = self.present(tool)?;
        let mut notes = self.notes();
        let standard = self.c_standard(cpp, &compiler, &mut notes)?;
        let (sanitizers, extra) = self.c_sanitizers(cpp, &compiler, &mut notes);
        let args = |sanitizers: &[&str]| {
            let mut args = vec![format!("-std={standard}")];
            args.extend(self.profile.flags.iter().map(|flag| flag.to_string()));
            if !sanitizers.is_empty() {
                args.push(format!("-fsanitize={}", sanitizers.join(",")));
            }
            args
        };
        let command = |args: &[String]| {
            let mut command = Command::new(&compiler);
            command.args(args);
            if args.iter().any(|arg| arg.starts_with("-fsanitize")) {
                command.args(SANITIZER_FLAGS);
            }
            command.arg("-o").arg(&self.binary).arg(&self.first);
            if !cpp {
                command.arg("-lm");
            }
            command
        };
        let judges = args(&sanitizers);
        let with_extra: Vec<&str> = sanitizers.iter().chain(&extra).copied().collect();
        let extra_failed = match extra.is_empty() {
            true => None,
            false => match self.attempt(&mut command(&args(&with_extra)), tool.0, tool.1)? {
                None => {
                    let line = self.describe(&judges, &extra);
                    return Ok(Built { line, notes });
                }
                Some((_, text)) => Some(text),
            },
        };
        let line = self.describe(&judges, &[]);
        match self.attempt(&mut command(&judges), tool.0, tool.1)? {
            None => {
                if let Some(text) = extra_failed {
                    notes.push(left_out(&extra, &self.messages(&text), self.profile.judge));
                }
                Ok(Built { line, notes })
            }
            Some((_, text)) => Err(self.c_refused(cpp, (&compiler, &standard), &line, &text)),
        }
    }

    /// The judge's sanitizers and the extra checks that link here (both empty with
    /// `--no-sanitize`); what was left out goes into `notes`.
    fn c_sanitizers(
        &self,
        cpp: bool,
        compiler: &OsStr,
        notes: &mut Vec<String>,
    ) -> (Vec<&'static str>, Vec<&'static str>) {
        if !self.options.sanitize {
            return (Vec::new(), Vec::new());
        }
        let sanitizers = self.linkable(cpp, compiler, self.profile.sanitizers, &[], notes);
        let extra_checks = match self.options.without_extra_checks {
            true => &[],
            false => self.profile.extra_checks,
        };
        let extra = self.linkable(cpp, compiler, extra_checks, &sanitizers, notes);
        (sanitizers, extra)
    }

    /// The compile error of a C or C++ build as the user reads it: the compiler's messages
    /// (`text`) under the build's `line`, and the hints that fit (an older standard, a
    /// `static const` member, uthash).
    fn c_refused(
        &self,
        cpp: bool,
        (compiler, standard): (&OsStr, &str),
        line: &str,
        text: &str,
    ) -> BuildError {
        let mut text = self.messages(text);
        if !cpp && text.contains("UT_hash_handle") {
            text.push_str(
                "\nnote: LeetCode includes uthash.h for C; it is not installed here \
                 (Debian and Ubuntu: the package uthash-dev)",
            );
        }
        let mut refused = self.refused(line, &text);
        refused
            .message
            .push_str(&self.hints(cpp, compiler, standard, &text));
        refused
    }

    /// The standard: the user's (`--std`), which the compiler must take, or the judge's, or
    /// the newest the compiler takes when it lacks the judge's.
    fn c_standard(
        &self,
        cpp: bool,
        compiler: &OsStr,
        notes: &mut Vec<String>,
    ) -> Result<String, BuildError> {
        let takes = |standard: &str| {
            self.succeeds(
                Command::new(compiler)
                    .arg(format!("-std={standard}"))
                    .args([
                        "-fsyntax-only",
                        "-x",
                        if cpp { "c++" } else { "c" },
                        "/dev/null",
                    ]),
            )
        };
        let name = compiler.to_string_lossy();
        if let Some(chosen) = &self.options.standard {
            return if takes(chosen) {
                Ok(chosen.clone())
            } else {
                Err(BuildError::new(format!(
                    "--std {chosen}: {name} does not take -std={chosen}"
                )))
            };
        }
        let judges = self.profile.standard.unwrap_or("c++17");
        if takes(judges) {
            return Ok(judges.to_string());
        }
        let newest = match cpp {
            true => CPP_STANDARDS
                .iter()
                .copied()
                .find(|standard| takes(standard))
                .unwrap_or("c++11"),
            false => "gnu99",
        };
        notes.push(format!(
            "{name} does not take -std={judges}, which {} uses; built with -std={newest}",
            self.profile.judge
        ));
        Ok(newest.to_string())
    }

    /// Which of `wanted` link here beside `with`: each is tried on an empty program, and one
    /// whose runtime is missing is left out with a note.
    fn linkable(
        &self,
        cpp: bool,
        compiler: &OsStr,
        wanted: &[&'static str],
        with: &[&'static str],
        notes: &mut Vec<String>,
    ) -> Vec<&'static str> {
        if wanted.is_empty() {
            return Vec::new();
        }
        let probe = self.dir.join(if cpp { "probe.cpp" } else { "probe.c" });
        if std::fs::write(&probe, "int main(void) { return 0; }\n").is_err() {
            return wanted.to_vec();
        }
        let links = |set: &[&str]| {
            self.succeeds(
                Command::new(compiler)
                    .arg(format!("-fsanitize={}", set.join(",")))
                    .arg("-o")
                    .arg(self.dir.join("probe"))
                    .arg(&probe),
            )
        };
        let mut kept: Vec<&'static str> = with.to_vec();
        for sanitizer in wanted {
            kept.push(sanitizer);
            if !links(&kept) {
                kept.pop();
                notes.push(format!(
                    "{} left out: it cannot link on this machine (an empty program does not \
                     build with -fsanitize={sanitizer} under {})",
                    judge::sanitizer_name(sanitizer),
                    compiler.to_string_lossy()
                ));
            }
        }
        kept.split_off(with.len())
    }

    /// What a refused C or C++ program may need to hear: that an older standard takes it, or
    /// how to define a `static const` member the linker misses.
    fn hints(&self, cpp: bool, compiler: &OsStr, standard: &str, text: &str) -> String {
        let mut hints = String::new();
        if text.contains("undefined reference to") && text.contains("Solution::") {
            hints.push_str(
                "\nnote: a `static const` member used by reference (`vector<int>(n, DRAW)`, \
                 `max(x, DRAW)`) needs a definition outside the class; declare it \
                 `static constexpr` (or `inline static const`) instead",
            );
        }
        let compiles = |standard: &str| {
            self.succeeds(
                Command::new(compiler)
                    .arg(format!("-std={standard}"))
                    .args(self.profile.flags)
                    .arg("-fsyntax-only")
                    .arg(&self.first),
            )
        };
        // A program that compiles and fails to link has no quarrel with the standard.
        if !cpp || compiles(standard) {
            return hints;
        }
        let older = CPP_STANDARDS
            .iter()
            .skip_while(|known| **known != standard)
            .skip(1);
        for older in older {
            if compiles(older) {
                hints.push_str(&format!(
                    "\nnote: it compiles under -std={older}, an older standard than the \
                     -std={standard} used here (--std {older} checks it for a judge that \
                     uses {older})"
                ));
                break;
            }
        }
        hints
    }

    /// JavaScript: `node --check` (syntax) and, for a LeetCode solution, its function named
    /// somewhere in the user's text; TypeScript: `tsc`, whose types check that the harness's
    /// call finds the function. Then LeetCode's npm packages that the solution uses are looked
    /// for where `require` would find them. Nothing of the user's runs: a function defined in
    /// a way no text shows is found missing by the judged run, which says so.
    pub(super) fn node(&self, typed: bool) -> Result<Built, BuildError> {
        let args: Vec<String> = match typed {
            true => vec!["--target ES2022 --strictFunctionTypes".to_string()],
            false => Vec::new(),
        };
        let line = self.describe(&args, &[]);
        if typed {
            std::fs::write(self.dir.join("tsconfig.json"), TSCONFIG)
                .map_err(|error| BuildError::new(format!("cannot write tsconfig.json: {error}")))?;
            let mut command = Command::new(self.tool());
            command.arg("--project").arg(self.dir).current_dir(self.dir);

            // tsc names files relative to where it runs: `solution.ts(2,11): error ...`.
            let path = &self.source.path;
            let named = |text: &str| text.replace("solution.ts(", &format!("{path}("));
            self.compile(command, self.spec.tool, &line, &named)?;
        } else {
            let mut command = Command::new(tool("NODE", "node"));
            command.arg("--check").arg(self.dir.join("solution.js"));
            self.compile(command, NODE_HINT, &line, &|text| self.messages(text))?;
            let missing = self
                .entry
                .filter(|function| !harness::mentions(self.source, function));
            if let Some(function) = missing {
                let text = format!(
                    "{} defines no function {function}, which LeetCode calls",
                    self.source.path
                );
                return Err(self.refused(&line, &text));
            }
        }
        self.node_packages(&line)?;
        Ok(self.built(line))
    }

    /// The npm packages the solution needs ([`harness::node_packages_needed`]), each resolved
    /// by Node as `require` would from the build (our script, not the user's code): a compile
    /// error names the first one missing.
    fn node_packages(&self, line: &str) -> Result<(), BuildError> {
        let needed = harness::node_packages_needed(self.source, self.entry.is_some());
        if needed.is_empty() {
            return Ok(());
        }
        let mut command = Command::new(tool("NODE", "node"));
        command
            .arg("-e")
            .arg(RESOLVE_PACKAGES)
            .args(needed.iter().map(|(package, _)| package))
            .envs(node_env(self.source))
            .current_dir(self.dir);
        let Some((_, text)) = self.attempt(&mut command, NODE_HINT.0, NODE_HINT.1)? else {
            return Ok(());
        };
        let missing = needed
            .iter()
            .find(|(package, _)| text.lines().any(|line| line == package));
        let Some((package, why)) = missing else {
            return Err(BuildError::new(format!(
                "cannot look for LeetCode's npm packages: {text}"
            )));
        };
        let text = format!(
            "your solution {why}; it is not installed here (npm install {package}, beside your \
             file or on NODE_PATH)"
        );
        Err(self.refused(line, &text))
    }

    pub(super) fn go(&self) -> Result<Built, BuildError> {
        let line = self.describe(&[], &[]);
        let mut command = Command::new(tool("GO", "go"));
        command
            .args(["build", "-o"])
            .arg(&self.binary)
            .args(self.files.iter().map(|(name, _)| self.dir.join(name)))
            .current_dir(self.dir);
        // Go needs a build cache; without HOME it has no default.
        if std::env::var_os("GOCACHE").is_none() && std::env::var_os("HOME").is_none() {
            command.env("GOCACHE", cache_root().join("go-cache"));
        }
        self.compile(command, self.spec.tool, &line, &|text| self.messages(text))?;
        Ok(self.built(line))
    }

    /// Python: `main.py --compile-only`, which reads the user's file as data, compiles it and
    /// looks for the class and method LeetCode calls in its syntax tree, never running it.
    pub(super) fn python(&self) -> Result<Built, BuildError> {
        let line = self.describe(&[], &[]);
        let mut command = Command::new(python());
        command.arg(self.dir.join("main.py")).arg("--compile-only");
        self.compile(command, self.spec.tool, &line, &|text| self.messages(text))?;
        Ok(self.built(line))
    }

    pub(super) fn java(&self) -> Result<Built, BuildError> {
        let line = self.describe(&[], &[]);
        let javac = java_bin("javac");
        // A comment in GBK is no UTF-8: read such a file byte for byte.
        let encoding = if self.source.is_utf8() {
            "UTF-8"
        } else {
            "ISO-8859-1"
        };
        let mut command = Command::new(javac);
        command
            .args(["-encoding", encoding])
            .args(self.profile.flags)
            .arg("-d")
            .arg(self.dir);
        for (name, _) in self.files {
            command.arg(self.dir.join(name));
        }
        self.compile(command, self.spec.tool, &line, &|text| self.messages(text))?;
        Ok(self.built(line))
    }
}

/// The note for extra checks the program does not build with, while the judge's build takes
/// it: which, and the gist of why (the symbol the linker missed, or the first error).
fn left_out(extra: &[&str], text: &str, judge: &str) -> String {
    let names: Vec<&str> = extra
        .iter()
        .map(|name| judge::sanitizer_name(name))
        .collect();
    let why = ["undefined reference to", "error:"]
        .iter()
        .find_map(|mark| text.find(mark).map(|at| &text[at..]))
        .unwrap_or(text);
    let why = why.lines().next().unwrap_or_default().trim();
    format!(
        "{} left out: your program builds as {judge} builds it, but not with {}: {}",
        names.join(", "),
        if names.len() == 1 { "it" } else { "them" },
        crate::text::cut(why, 120)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_s_line_names_its_extra_checks_and_its_tool() {
        let built = |line: &str| Built {
            line: line.to_string(),
            notes: Vec::new(),
        };
        let oi = built(
            "g++ (gcc 12.2.0) -std=c++14 -O2, as NOI/Luogu builds C++; extra checks: \
             AddressSanitizer, UBSan",
        );
        assert_eq!(oi.extra_checks(), ["address", "undefined"]);
        assert_eq!(oi.tool_and_flags(), "g++ (gcc 12.2.0) -std=c++14 -O2");
        let plain = built("clang++ -std=c++23 -O2 -fsanitize=address, as LeetCode builds C++");
        assert!(plain.extra_checks().is_empty());
        assert_eq!(
            plain.tool_and_flags(),
            "clang++ -std=c++23 -O2 -fsanitize=address"
        );
    }

    #[test]
    fn a_slow_step_s_notice_is_given_once_and_a_quick_one_s_never() {
        let (given, notices) = std::sync::mpsc::channel();
        let notice = |name: &'static str| {
            let given = given.clone();
            move || given.send(name).unwrap()
        };
        let quick = SlowNotice::after(Duration::from_secs(5), notice("quick"));
        drop(quick);
        let slow = SlowNotice::after(Duration::from_millis(50), notice("slow"));
        assert_eq!(notices.recv_timeout(Duration::from_secs(10)), Ok("slow"));
        drop(slow);
        drop(given);
        // The quick one's thread ends without a notice, as does the slow one's after it.
        assert!(notices.recv_timeout(Duration::from_secs(10)).is_err());
    }

    #[test]
    fn pruning_keeps_the_newest_builds_and_fresh_partial_ones() {
        let root = std::env::temp_dir().join(format!("cats-prune-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for index in 0..5u64 {
            let dir = root.join(format!("build-{index}"));
            std::fs::create_dir_all(&dir).unwrap();
            let marker = std::fs::File::create(dir.join("built")).unwrap();
            let used = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000 + index);
            marker.set_modified(used).unwrap();
        }
        std::fs::create_dir_all(root.join("partial-1-2")).unwrap();
        let left = || {
            let mut left: Vec<String> = std::fs::read_dir(&root)
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            left.sort();
            left
        };
        prune(&root, 2);
        assert_eq!(left(), ["build-3", "build-4", "partial-1-2"]);
        // Builds used within the hour stay past the count: a check may be running them.
        for name in ["in-use-1", "in-use-2"] {
            std::fs::create_dir_all(root.join(name)).unwrap();
            std::fs::write(root.join(name).join("built"), "").unwrap();
        }
        prune(&root, 1);
        assert_eq!(left(), ["in-use-1", "in-use-2", "partial-1-2"]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn compile_errors_show_the_first_error_then_count_the_rest() {
        let text = "a.cpp: In function 'int main()':\na.cpp:3:5: error: one\n  3 | x\n\
                    a.cpp:4:5: error: two\n  4 | y";
        assert_eq!(
            readable(text, false),
            "a.cpp: In function 'int main()':\na.cpp:3:5: error: one\n  3 | x\n\
             (2 more lines; --verbose shows all)"
        );
        assert_eq!(readable(text, true), text);
        let long: Vec<String> = (0..100).map(|at| format!("note {at}")).collect();
        let shown = readable(&format!("error: first\n{}", long.join("\n")), false);
        assert_eq!(shown.lines().count(), MESSAGE_LINES + 1);
        assert!(
            shown.ends_with("(71 more lines; --verbose shows all)"),
            "{shown}"
        );
    }

    #[test]
    fn words_that_name_files_here_become_absolute() {
        let here = std::env::current_dir().unwrap();
        let manifest = here.join("Cargo.toml");
        assert_eq!(
            absolute_words("cat  Cargo.toml --flag"),
            (
                format!("cat  '{}' --flag", manifest.display()),
                vec![manifest.clone()]
            )
        );
        assert_eq!(
            absolute_words("sed 's/.*/0/'"),
            ("sed 's/.*/0/'".to_string(), Vec::new())
        );
        let absolute = format!("cat {}", manifest.display());
        assert_eq!(
            absolute_words(&absolute),
            (absolute.clone(), vec![manifest])
        );
        assert_eq!(
            absolute_words("python3 no_such_file.py").0,
            "python3 no_such_file.py"
        );
    }
}
