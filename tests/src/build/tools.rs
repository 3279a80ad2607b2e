//! Where the tools that build and run a program are, and what their runs need besides: the
//! Python interpreter, a JDK's tools, Node's `NODE_PATH`, the sanitizers' settings, a tool as
//! the sandbox runs it with the folders it reads; and how a build runs (`Runs::runner`).
//! Uses the harness's [`Source`], the table's entries ([`super::entry`], [`super::languages`])
//! and the sandbox.

use super::entry::{RunArg, RunEnv, Runs, Starter, NODE_HINT};
use super::harness::Source;
use super::judge::{self, Profile};
use super::languages::Language;
use crate::problems::Judge;
use crate::sandbox::binds::{tool_root, Bind};
use crate::sandbox::places::on_path;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tool from the environment variable `variable`, or `default`.
pub(super) fn tool(variable: &str, default: &str) -> OsString {
    std::env::var_os(variable).unwrap_or_else(|| default.into())
}

/// The Python interpreter `located` names, resolved once to the executable it runs (a version
/// manager's shim costs a few hundred milliseconds a start, a judge program starts once a game,
/// and pyenv's shim runs only the version pyenv is told to); as it is where it cannot say.
pub(super) fn python(located: &OsStr) -> OsString {
    static RESOLVED: std::sync::Mutex<Vec<(OsString, OsString)>> =
        std::sync::Mutex::new(Vec::new());
    let mut resolved = RESOLVED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, executable)) = resolved.iter().find(|(command, _)| command == located) {
        return executable.clone();
    }
    let asked = Command::new(located)
        .args(["-c", "import sys; print(sys.executable)"])
        .output();
    let executable = asked
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
        .filter(|path| Path::new(path).is_file())
        .map_or_else(|| located.to_os_string(), OsString::from);
    resolved.push((located.to_os_string(), executable.clone()));
    executable
}

/// A JDK's tool: under `$JAVA_HOME` when it is set, else as `PATH` finds it.
pub(super) fn java_bin(name: &str) -> OsString {
    match std::env::var_os("JAVA_HOME") {
        Some(home) => PathBuf::from(home).join("bin").join(name).into_os_string(),
        None => name.into(),
    }
}

/// `program` as a sandbox runs it, its root added to `roots` ([`tool_root`]): a tool outside
/// `/usr` by its resolved path, with the prefix it is installed in bound (or, where that may
/// not be bound, the tool's file alone); a rustup proxy (`~/.cargo/bin/rustc`) as its
/// toolchain's own binary, with the toolchain bound (never `~/.cargo`, which holds a registry
/// token). A tool under `/usr`, or not found, as it is.
pub(super) fn sandboxed_tool(program: &OsStr, roots: &mut Vec<Bind>) -> OsString {
    let Some((root, run_as)) = tool_root(Path::new(program)) else {
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
        let toolchain = sysroot
            .filter(|root| root.join("bin").join(name).is_file())
            .and_then(|root| Some((root.join("bin").join(name), Bind::of(&root).ok()?)));
        if let Some((binary, toolchain)) = toolchain {
            roots.push(toolchain);
            return binary.into_os_string();
        }
    }
    if let Some(root) = root.filter(|root| !roots.contains(root)) {
        roots.push(root);
    }
    run_as.into_os_string()
}

/// The first tool this machine lacks to build and run `language` as each judge that takes
/// it does: the judge's own tool (the first of its entry's, found as `--check` finds it: the
/// variable that names another, the judge's version where a registry brought it, `PATH`),
/// then what runs the build; `None` where all are here. For the tests, which skip what needs
/// a tool that is missing. Starts nothing.
pub fn missing_tool(language: Language) -> Option<&'static str> {
    let mut located = None;
    for judge in [Judge::LeetCode, Judge::Oi] {
        let Some(profile) = judge::profile(judge, language) else {
            continue;
        };
        let own = profile.tools.get(..1).unwrap_or_default();
        let found = judge::locate(&Profile {
            tools: own,
            ..profile
        });
        if found.is_none() {
            return own.first().copied();
        }
        located = located.or(found);
    }
    let (runner, name) = match language.spec().run.starter {
        Starter::Built(_) | Starter::Python { .. } => return None,
        Starter::Node => (tool("NODE", "node"), "node"),
        Starter::Java => (java_of(located.as_deref()), "java"),
        Starter::Tool {
            variable, command, ..
        } => (tool(variable, command), command),
    };
    (!on_path(&runner)).then_some(name)
}

/// The `java` that runs a build `javac` made: the one beside it (its JDK's), else
/// `JAVA_HOME`'s or `PATH`'s.
fn java_of(javac: Option<&OsStr>) -> OsString {
    let beside = javac
        .map(Path::new)
        .filter(|javac| javac.components().count() > 1)
        .and_then(Path::parent)
        .map(|bin| bin.join("java"))
        .filter(|java| java.is_file());
    beside.map_or_else(|| java_bin("java"), PathBuf::into_os_string)
}

/// What a language's build and runs read besides their tools: for JavaScript and TypeScript,
/// the `node_modules` folders `require` looks in ([`node_env`]) that exist.
pub(super) fn extra_roots(language: Language, source: &Source) -> Vec<Bind> {
    if language.spec().run.env != RunEnv::NodePath {
        return Vec::new();
    }
    node_env(source)
        .into_iter()
        .flat_map(|(_, paths)| std::env::split_paths(&paths).collect::<Vec<_>>())
        .filter(|dir| dir.is_dir())
        .filter_map(|dir| Bind::of(&dir).ok())
        .collect()
}

/// The sanitizers' settings at run time: leaks are not judged (LeetCode does not, and
/// LeakSanitizer needs ptrace, which sandboxes refuse); a report stops the program.
pub(super) fn sanitizer_env() -> Vec<(OsString, OsString)> {
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

/// `NODE_PATH` with the `node_modules` folders beside the user's file and above it, where
/// `require` would look from there: the build runs elsewhere.
pub(super) fn node_env(source: &Source) -> Vec<(OsString, OsString)> {
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

/// How to run a build: its command, the environment it needs, and what runs it with the
/// variable that names another (for the message when it is missing).
pub(super) type Runner = (
    Vec<OsString>,
    Vec<(OsString, OsString)>,
    (&'static str, &'static str),
);

impl Runs {
    /// How to run the build in `done`, built by `builder` (the JDK whose `javac` built a Java
    /// build runs it).
    pub(super) fn runner(&self, done: &Path, source: &Source, builder: Option<&OsStr>) -> Runner {
        let (first, missing) = match self.starter {
            Starter::Built(name) => (
                done.join(name).into_os_string(),
                ("the build", "run --check again to build it anew"),
            ),
            Starter::Node => (tool("NODE", "node"), NODE_HINT),
            Starter::Python { what } => {
                let located = builder.unwrap_or(OsStr::new("python3"));
                (python(located), what)
            }
            Starter::Java => (java_of(builder), ("java", "set JAVA_HOME to a JDK")),
            Starter::Tool {
                variable,
                command,
                what,
            } => (tool(variable, command), what),
        };
        let mut argv = vec![first];
        argv.extend(self.args.iter().map(|arg| match arg {
            RunArg::Text(text) => OsString::from(text),
            RunArg::Built(name) => done.join(name).into_os_string(),
            RunArg::BuildDir => done.as_os_str().to_owned(),
            RunArg::ClassPath(files) => {
                let mut path = done.as_os_str().to_owned();
                for file in *files {
                    path.push(":");
                    path.push(done.join(file));
                }
                path
            }
        }));
        let env = match self.env {
            RunEnv::Plain => Vec::new(),
            RunEnv::Sanitizers => sanitizer_env(),
            RunEnv::NodePath => node_env(source),
        };
        (argv, env, missing)
    }
}
