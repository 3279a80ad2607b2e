//! The user's solution as a program: a source file built as the judge builds it (wrapped with
//! a harness for the LeetCode problems), or a shell command.
//!
//! Builds are cached under `$TMPDIR/cats-check-builds/`, one directory per hash of the
//! wrapped sources, the tools and their flags, so a second `--check` of the same file does not
//! compile it again. A build is made in a private directory and renamed into place when it is
//! finished, so two `--check` runs of one file at once do not trip over each other; the newest
//! [`CACHE_KEPT`] builds are kept.

use super::harness::{self, Harnesses, Language, Source, EXTENSIONS};
use super::sandbox::{Launch, Limits, Run, RunError, Sandbox};
use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// How many finished builds the cache keeps.
pub const CACHE_KEPT: usize = 50;

/// Where builds are cached.
pub fn cache_root() -> PathBuf {
    std::env::temp_dir().join("cats-check-builds")
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
}

/// A problem in building or starting the user's solution; the command line prints it and
/// exits 2.
pub struct BuildError(pub String);

/// How to build: the judge's flags, or faster ones.
pub struct BuildOptions {
    /// C++ with AddressSanitizer and UBSan, as LeetCode builds it.
    pub sanitize: bool,
}

impl Program {
    /// Runs the program on `input` in `sandbox`. A missing interpreter is a build error.
    pub fn run(
        &self,
        sandbox: &mut Sandbox,
        input: &str,
        limits: &Limits,
    ) -> Result<Run, BuildError> {
        let launch = Launch {
            argv: &self.argv,
            env: &self.env,
            harnessed: self.harnessed,
        };
        match sandbox.run(&launch, input, limits) {
            Ok(mut run) => {
                for (built, user) in &self.shown_as {
                    run.stderr = run.stderr.replace(built, user);
                }
                Ok(run)
            }
            Err(RunError::NotFound) => Err(BuildError(match self.runner {
                Some((what, hint)) => format!(
                    "{what} '{}' was not found; {hint}",
                    self.argv[0].to_string_lossy()
                ),
                None => format!("cannot start {}: not found", self.label),
            })),
            Err(RunError::Setup(message)) => {
                Err(BuildError(format!("cannot run {}: {message}", self.label)))
            }
        }
    }

    /// For a command whose run ended with the shell's "cannot start" statuses and no answer:
    /// the usage error to stop with.
    pub fn could_not_start(&self, run: &Run) -> Option<BuildError> {
        let status = match run.ending {
            super::sandbox::Ending::Exited(status) => status.code(),
            _ => None,
        };
        if !self.command || !matches!(status, Some(126 | 127)) || !run.answers.trim().is_empty() {
            return None;
        }
        Some(BuildError(format!(
            "{} could not start: {} (--check builds {EXTENSIONS} files; anything else is \
             run as a shell command)",
            self.label,
            run.stderr.trim()
        )))
    }
}

/// The program `solution` names: a source file of a language `--check` builds (wrapped with
/// `harnesses`, or without them a whole judge program); anything else, a command for `sh -c`.
pub fn prepare(
    solution: &str,
    harnesses: Option<&Harnesses>,
    options: &BuildOptions,
) -> Result<Program, BuildError> {
    let path = Path::new(solution);
    let language = Language::of(path);
    // `mine.rs` that is not there is a typo, not a command; `python3 mine.py` is a command.
    if language.is_some() && !path.is_file() && !solution.contains(char::is_whitespace) {
        return Err(BuildError(format!("there is no file {solution}")));
    }
    let Some(language) = language.filter(|_| path.is_file()) else {
        return Ok(Program {
            argv: vec![
                "/bin/sh".into(),
                "-c".into(),
                absolute_words(solution).into(),
            ],
            env: Vec::new(),
            label: format!("the command '{solution}'"),
            harnessed: false,
            command: true,
            runner: Some(("the shell", "--check runs commands with it")),
            shown_as: Vec::new(),
        });
    };
    let bytes = std::fs::read(path)
        .map_err(|error| BuildError(format!("cannot read {solution}: {error}")))?;
    let source = Source::new(bytes, solution);
    let files = harness::files(language, harnesses, &source);
    let ((argv, env, runner), done) = build(language, &files, &source, options)?;
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
    Ok(Program {
        argv,
        env,
        label: solution.to_string(),
        harnessed: harnesses.is_some(),
        command: false,
        runner: Some(runner),
        shown_as,
    })
}

/// The command with each word that names a file or folder here made absolute: the command
/// runs in a scratch directory, so `python3 mine.py` and `./solver` must still find theirs.
/// Only plain words are touched (no quotes, no shell syntax).
fn absolute_words(command: &str) -> String {
    let Ok(here) = std::env::current_dir() else {
        return command.to_string();
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
        let word = &rest[..end];
        let named = here.join(word);
        if plain(word) && !word.starts_with('/') && !word.starts_with('-') && named.exists() {
            text.push('\'');
            text.push_str(&named.to_string_lossy().replace('\'', "'\\''"));
            text.push('\'');
        } else {
            text.push_str(word);
        }
        rest = &rest[end..];
    }
    text
}

/// A tool from the environment variable `variable`, or `default`.
fn tool(variable: &str, default: &str) -> OsString {
    std::env::var_os(variable).unwrap_or_else(|| default.into())
}

/// Runs a compiler; a missing compiler and a compile error are both build errors. `messages`
/// turns the compiler's text into what the user reads (their file's name for the build's).
fn compile(
    mut command: Command,
    what: &str,
    hint: &str,
    messages: &dyn Fn(&str) -> String,
) -> Result<(), BuildError> {
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
    let text = String::from_utf8_lossy(&output.stderr) + String::from_utf8_lossy(&output.stdout);
    Err(BuildError(format!(
        "your solution does not compile ({program}):\n{}",
        messages(text.trim_end())
    )))
}

/// Whether `command` runs and exits 0 (a probe of what a compiler takes).
fn succeeds(command: &mut Command) -> bool {
    command.output().is_ok_and(|output| output.status.success())
}

/// The C++ standard LeetCode uses (C++23) or the newest below it that `cxx` takes.
fn newest_cpp_standard(cxx: &OsString) -> &'static str {
    ["c++23", "c++20", "c++17"]
        .into_iter()
        .find(|standard| {
            succeeds(Command::new(cxx).args([
                &format!("-std={standard}"),
                "-fsyntax-only",
                "-x",
                "c++",
                "/dev/null",
            ]))
        })
        .unwrap_or("c++17")
}

/// The newest Rust edition `rustc` takes (LeetCode's is 2024), probed in `dir`.
fn newest_rust_edition(rustc: &OsString, dir: &Path) -> &'static str {
    let probe = dir.join("edition_probe.rs");
    if std::fs::write(&probe, "").is_err() {
        return "2021";
    }
    ["2024", "2021"]
        .into_iter()
        .find(|edition| {
            succeeds(
                Command::new(rustc)
                    .args(["--edition", edition, "--crate-type", "lib", "--emit"])
                    .arg("metadata")
                    .arg("--out-dir")
                    .arg(dir)
                    .arg(&probe),
            )
        })
        .unwrap_or("2018")
}

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

/// The environment variables that name a language's tools: a build made with other tools is
/// not reused.
fn tool_variables(language: Language) -> &'static [&'static str] {
    match language {
        Language::Rust => &["RUSTC"],
        Language::Cpp => &["CXX"],
        Language::C => &["CC"],
        Language::Python => &["PYTHON"],
        Language::Java => &["JAVA_HOME"],
        Language::JavaScript => &["NODE"],
        Language::TypeScript => &["TSC", "NODE"],
        Language::Go => &["GO"],
    }
}

/// The sanitizers LeetCode builds C and C++ with.
const SANITIZERS: &[&str] = &[
    "-g",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
];

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

/// The compiler flags beyond the language's standard or edition and the sanitizers: the
/// judge's. Part of the cache's key, so that a build with other flags is not reused.
fn flags(language: Language) -> &'static [&'static str] {
    match language {
        Language::Rust => &["-O", "-A", "warnings"],
        Language::Cpp | Language::C => &["-O2"],
        Language::Python | Language::JavaScript | Language::Go => &[],
        Language::TypeScript => &[TSCONFIG],
        Language::Java => &["-nowarn"],
    }
}

/// How to run a build: its command, the environment it needs, and what runs it with the
/// variable that names another (for the message when it is missing).
type Runner = (
    Vec<OsString>,
    Vec<(OsString, OsString)>,
    (&'static str, &'static str),
);

/// Builds `files` into the cache (or finds them built): how to run them, and where they are.
fn build(
    language: Language,
    files: &[harness::File],
    source: &Source,
    options: &BuildOptions,
) -> Result<(Runner, PathBuf), BuildError> {
    let sanitize = options.sanitize && matches!(language, Language::Cpp | Language::C);
    let mut hasher = DefaultHasher::new();
    (files, flags(language), sanitize).hash(&mut hasher);
    for variable in tool_variables(language) {
        std::env::var_os(variable).hash(&mut hasher);
    }
    let root = cache_root();
    let done = root.join(format!("{:016x}", hasher.finish()));
    if done.join("built").is_file() {
        touch(&done.join("built"));
    } else {
        let private = private_dir(&root)?;
        let made = compile_in(language, files, source, sanitize, &private);
        match made {
            Ok(()) => finish(&private, &done)?,
            Err(error) => {
                let _ = std::fs::remove_dir_all(&private);
                return Err(error);
            }
        }
        prune(&root, CACHE_KEPT);
    }
    Ok((runner(language, &done, source, sanitize), done))
}

/// How to run the build in `done`.
fn runner(language: Language, done: &Path, source: &Source, sanitize: bool) -> Runner {
    let java_home = std::env::var_os("JAVA_HOME").map(PathBuf::from);
    let java_bin = |name: &str| match &java_home {
        Some(home) => home.join("bin").join(name).into_os_string(),
        None => name.into(),
    };
    match language {
        Language::Rust => (
            vec![done.join("solution").into()],
            Vec::new(),
            ("the build", "run --check again to build it anew"),
        ),
        Language::Cpp | Language::C | Language::Go => (
            vec![done.join("solution").into()],
            if sanitize {
                sanitizer_env()
            } else {
                Vec::new()
            },
            ("the build", "run --check again to build it anew"),
        ),
        Language::JavaScript | Language::TypeScript => {
            let mut argv = vec![tool("NODE", "node")];
            if language == Language::TypeScript {
                argv.push("--enable-source-maps".into());
            }
            argv.push(done.join("solution.js").into());
            (argv, node_env(source), NODE_HINT)
        }
        Language::Python => (
            vec![tool("PYTHON", "python3"), done.join("main.py").into()],
            Vec::new(),
            ("Python", "set PYTHON to a Python 3 interpreter"),
        ),
        Language::Java => (
            vec![
                java_bin("java"),
                "-Xss256m".into(),
                "-cp".into(),
                done.as_os_str().to_owned(),
                "Main".into(),
            ],
            Vec::new(),
            ("java", "set JAVA_HOME to a JDK"),
        ),
    }
}

/// What runs JavaScript, and how to name another.
const NODE_HINT: (&str, &str) = ("Node.js", "set NODE to a node binary");

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
fn private_dir(root: &Path) -> Result<PathBuf, BuildError> {
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let dir = root.join(format!("partial-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|error| BuildError(format!("cannot create {}: {error}", dir.display())))?;
    Ok(dir)
}

/// Moves a finished build into place; when another run got there first, theirs is used.
fn finish(private: &Path, done: &Path) -> Result<(), BuildError> {
    let marker = private.join("built");
    std::fs::write(&marker, "")
        .map_err(|error| BuildError(format!("cannot write {}: {error}", marker.display())))?;
    if std::fs::rename(private, done).is_err() {
        let _ = std::fs::remove_dir_all(private);
        if !done.join("built").is_file() {
            return Err(BuildError(format!(
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

/// Keeps the `kept` most recently used builds under `root`, and removes builds left half done
/// over an hour ago.
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
    for (_, path) in builds.into_iter().skip(kept) {
        let _ = std::fs::remove_dir_all(path);
    }
}

/// Compiles `files` in `dir` as the judge does.
fn compile_in(
    language: Language,
    files: &[harness::File],
    source: &Source,
    sanitize: bool,
    dir: &Path,
) -> Result<(), BuildError> {
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes)
            .map_err(|error| BuildError(format!("cannot write {}: {error}", path.display())))?;
    }
    let first = files.first().map_or("", |(name, _)| name);
    let build = Build {
        files,
        source,
        dir,
        first: dir.join(first),
        binary: dir.join("solution"),
    };
    match language {
        Language::Rust => build.rust(),
        Language::Cpp | Language::C => build.c_family(language, sanitize),
        Language::JavaScript | Language::TypeScript => build.node(language),
        Language::Go => build.go(),
        Language::Python => build.python(),
        Language::Java => build.java(),
    }
}

/// One build in its directory: the files written there, the user's source, the file the
/// compiler's messages name for the user's lines, and the binary to make.
struct Build<'b> {
    files: &'b [harness::File],
    source: &'b Source,
    dir: &'b Path,
    first: PathBuf,
    binary: PathBuf,
}

impl Build<'_> {
    /// The compiler's text as the user reads it: their file's name for the build's.
    fn messages(&self, text: &str) -> String {
        let dir = format!("{}/", self.dir.to_string_lossy());
        text.replace(&*self.first.to_string_lossy(), &self.source.path)
            .replace(&dir, "")
    }

    fn rust(&self) -> Result<(), BuildError> {
        let rustc = tool("RUSTC", "rustc");
        let edition = newest_rust_edition(&rustc, self.dir);
        let mut command = Command::new(&rustc);
        command
            .args(["--edition", edition])
            .args(flags(Language::Rust))
            .arg("-o")
            .arg(&self.binary)
            .arg(&self.first);
        compile(command, "the Rust compiler", "set RUSTC to one", &|text| {
            self.messages(text)
        })
    }

    /// C or C++: the newest standard (C++) or gnu11 (C), the sanitizers unless `sanitize` is
    /// off or the compiler cannot link them.
    fn c_family(&self, language: Language, sanitize: bool) -> Result<(), BuildError> {
        let (compiler, standard, what, hint) = if language == Language::Cpp {
            let cxx = tool("CXX", "g++");
            let standard = format!("-std={}", newest_cpp_standard(&cxx));
            (
                cxx,
                standard,
                "the C++ compiler",
                "set CXX to a C++17 compiler",
            )
        } else {
            let standard = "-std=gnu11".to_string();
            (
                tool("CC", "gcc"),
                standard,
                "the C compiler",
                "set CC to a C11 compiler",
            )
        };
        let command = |sanitizers: bool| {
            let mut command = Command::new(&compiler);
            command.arg(&standard).args(flags(language));
            if sanitizers {
                command.args(SANITIZERS);
            }
            command.arg("-o").arg(&self.binary).arg(&self.first);
            if language == Language::C {
                command.arg("-lm");
            }
            command
        };
        let messages = |text: &str| {
            let mut text = self.messages(text);
            if language == Language::C && text.contains("UT_hash_handle") {
                text.push_str(
                    "\nnote: LeetCode includes uthash.h for C; it is not installed here \
                     (Debian and Ubuntu: the package uthash-dev)",
                );
            }
            text
        };
        match compile(command(sanitize), what, hint, &messages) {
            // A compiler without the sanitizers' libraries still builds the program.
            Err(BuildError(message))
                if sanitize
                    && message.contains("san")
                    && compile(command(false), what, hint, &messages).is_ok() =>
            {
                eprintln!(
                    "note: built without the sanitizers, which {} cannot link here",
                    compiler.to_string_lossy()
                );
                Ok(())
            }
            other => other,
        }
    }

    /// JavaScript: loaded once by Node with `--compile-only` (syntax, the function, the
    /// packages it uses). TypeScript: `tsc` first, then the same for what it emits.
    fn node(&self, language: Language) -> Result<(), BuildError> {
        if language == Language::TypeScript {
            std::fs::write(self.dir.join("tsconfig.json"), TSCONFIG)
                .map_err(|error| BuildError(format!("cannot write tsconfig.json: {error}")))?;
            let mut command = Command::new(tool("TSC", "tsc"));
            command.arg("--project").arg(self.dir).current_dir(self.dir);
            let hint = "set TSC to TypeScript's compiler (npm install typescript)";
            // tsc names files relative to where it runs: `solution.ts(2,11): error ...`.
            let path = &self.source.path;
            let named = |text: &str| text.replace("solution.ts(", &format!("{path}("));
            compile(command, "the TypeScript compiler", hint, &named)?;
        }
        let mut command = Command::new(tool("NODE", "node"));
        if language == Language::TypeScript {
            command.arg("--enable-source-maps");
        }
        command
            .arg(self.dir.join("solution.js"))
            .arg("--compile-only")
            .envs(node_env(self.source));
        let messages = |text: &str| {
            let mut text = self.messages(text);
            if text.contains("Cannot find module") {
                text.push_str(
                    "\nnote: LeetCode's Node provides lodash and @datastructures-js/queue, \
                     priority-queue and deque; install what your solution requires with npm, \
                     beside your file or on NODE_PATH",
                );
            }
            text
        };
        compile(command, NODE_HINT.0, NODE_HINT.1, &messages)
    }

    fn go(&self) -> Result<(), BuildError> {
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
        compile(command, "go", "set GO to the go command", &|text| {
            self.messages(text)
        })
    }

    fn python(&self) -> Result<(), BuildError> {
        let mut command = Command::new(tool("PYTHON", "python3"));
        command.arg(self.dir.join("main.py")).arg("--compile-only");
        let hint = "set PYTHON to a Python 3 interpreter";
        compile(command, "Python", hint, &|text| self.messages(text))
    }

    fn java(&self) -> Result<(), BuildError> {
        let javac = match std::env::var_os("JAVA_HOME") {
            Some(home) => PathBuf::from(home)
                .join("bin")
                .join("javac")
                .into_os_string(),
            None => "javac".into(),
        };
        // A comment in GBK is no UTF-8: read such a file byte for byte.
        let encoding = if self.source.is_utf8() {
            "UTF-8"
        } else {
            "ISO-8859-1"
        };
        let mut command = Command::new(javac);
        command
            .args(["-encoding", encoding])
            .args(flags(Language::Java))
            .arg("-d")
            .arg(self.dir);
        for (name, _) in self.files {
            command.arg(self.dir.join(name));
        }
        compile(command, "javac", "set JAVA_HOME to a JDK", &|text| {
            self.messages(text)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        prune(&root, 2);
        let mut left: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["build-3", "build-4", "partial-1-2"]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn words_that_name_files_here_become_absolute() {
        let here = std::env::current_dir().unwrap();
        let manifest = here.join("Cargo.toml");
        assert_eq!(
            absolute_words("cat  Cargo.toml --flag"),
            format!("cat  '{}' --flag", manifest.display())
        );
        assert_eq!(absolute_words("sed 's/.*/0/'"), "sed 's/.*/0/'");
        assert_eq!(
            absolute_words("python3 no_such_file.py"),
            "python3 no_such_file.py"
        );
    }
}
