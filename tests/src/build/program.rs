//! The user's solution as a program: a source file built as the judge builds it (wrapped with
//! a harness for the LeetCode problems, and cached: [`super::cache`]), or a shell command; and
//! its runs in the sandbox. The top of the build layer: uses the files below it and the
//! sandbox.

use super::built::{BuildInfo, BuildOptions, Built};
use super::cache;
use super::error::{BuildError, FileDoing, Label, Setup};
use super::harness::{Harnesses, Source};
use super::judge;
use super::languages::{self, Language};
use super::tools::{extra_roots, sandboxed_tool};
use crate::problems::Judge;
use crate::sandbox::binds::Bind;
use crate::sandbox::bwrap::EtcEntry;
use crate::sandbox::places::{on_path_as, private_cache};
use crate::sandbox::{Isolation, Launch, Limits, Run, RunError, ScratchDir};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A runnable solution, and the input format it reads.
pub struct Program {
    argv: Vec<OsString>,
    env: Vec<(OsString, OsString)>,
    /// What the user named, for messages.
    pub label: Label,
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
    roots: Vec<Bind>,
    /// The entries of `/etc` its runtime reads besides every sandbox's: its language's, or
    /// for a command every language's.
    etc: Vec<EtcEntry>,
}

impl Program {
    /// `command`, run with `sh -c` as given (each word that names a file here made absolute),
    /// with the stack `judge` gives C++.
    fn command(command: &str, judge: Judge, isolation: Isolation) -> Program {
        let (text, mut roots) = absolute_words(command);
        // The command's first word, where it names one of the judges' tools on `PATH` that
        // lives outside `/usr` (a pyenv Python), is shown with its prefix. Any other command is
        // the user's own, shown as the file its words name and nothing beside or above it,
        // wherever it lives (`/opt/x/bin/run.sh` would otherwise show `/opt/x`).
        let first = command.split_whitespace().next();
        match first.filter(|first| !first.contains('/')) {
            Some(tool) if languages::is_judges_tool(tool) => {
                sandboxed_tool(OsStr::new(tool), &mut roots);
            }
            // A command of the user's found on `PATH` (`mysolver`): its file alone.
            Some(own) => {
                let found = on_path_as(OsStr::new(own));
                let bind = Bind::of(&found).ok().filter(|bind| !roots.contains(bind));
                roots.extend(bind.filter(|_| found.components().count() > 1));
            }
            None => {}
        }
        Program {
            argv: vec!["/bin/sh".into(), "-c".into(), text.into()],
            env: Vec::new(),
            label: Label::Command(command.to_string()),
            harnessed: false,
            command: true,
            runner: Some(("the shell", "--check runs commands with it")),
            shown_as: Vec::new(),
            build: Built::command(),
            stack: judge.stack(),
            time_limit: languages::COMMAND_TIME_LIMIT,
            isolation,
            roots,
            etc: languages::every_etc_entry(),
        }
    }

    /// Runs the program on `input` in the scratch directory `scratch`. A missing interpreter is a
    /// build error.
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
            etc: &self.etc,
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
            Err(RunError::NotFound) => Err(match self.runner {
                Some((what, hint)) => Setup::ToolMissing {
                    what: what.to_string(),
                    program: self.argv[0].to_string_lossy().into_owned(),
                    hint: hint.to_string(),
                },
                None => Setup::CommandMissing(self.label.clone()),
            }
            .into()),
            Err(RunError::Setup(error)) => Err(BuildError::Sandbox {
                running: Some(self.label.clone()),
                error,
            }),
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
            built: self.build.clone(),
            sandbox: self.isolation.facts(),
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
        Some(
            Setup::CommandCannotStart {
                label: self.label.clone(),
                said: run.stderr.trim().to_string(),
            }
            .into(),
        )
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
    if let Some((name, why)) = languages::not_taken(path).filter(|_| path.is_file()) {
        return Err(Setup::NotTaken {
            solution: solution.to_string(),
            name,
            why,
        }
        .into());
    }
    // `mine.rs` that is not there is a typo, not a command; `python3 mine.py` is a command.
    if language.is_some() && !path.is_file() && !solution.contains(char::is_whitespace) {
        return Err(Setup::NoFile(solution.to_string()).into());
    }
    // The cache first: the sandbox keeps its filter there, and a cache that is refused is
    // the cache's error, not the sandbox's.
    private_cache()?;
    let isolation = Isolation::choose(options.unsandboxed)?;
    let Some(language) = language.filter(|_| path.is_file()) else {
        return Ok(Program::command(solution, judge, isolation));
    };
    let bytes =
        std::fs::read(path).map_err(|error| Setup::file(FileDoing::Read, solution, &error))?;
    let Some(profile) = judge::profile(judge, language) else {
        return Err(Setup::NoWholeProgram {
            solution: solution.to_string(),
            language: language.name(),
            judge: judge.name(),
        }
        .into());
    };
    let source = Source::new(bytes, solution);
    let files = languages::files(language, harnesses, &source);
    let naming = language.spec().naming;
    let entry = harnesses.map(|harnesses| naming.write(harnesses.function));
    let (runner, done, built) = cache::build(
        language,
        &profile,
        (&files, &source, entry.as_deref()),
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
    // The build's directory, inside `--check`'s private cache, is bound wherever the cache
    // may be: a refusal here is the cache's place, not the program's fault.
    let build = Bind::of(&done).map_err(|why| Setup::NotShown {
        path: done.clone(),
        why,
    })?;
    roots.push(build);
    Ok(Program {
        argv,
        env,
        label: Label::File(solution.to_string()),
        harnessed: harnesses.is_some(),
        command: false,
        runner: Some(runner),
        shown_as,
        build: built,
        stack: profile.stack,
        time_limit: language.spec().time_limit,
        isolation,
        roots,
        etc: language.spec().etc.to_vec(),
    })
}

/// The command with each word that names a file or folder here made absolute: the command
/// runs in a scratch directory, so `python3 mine.py` and `./solver` must still find theirs.
/// Only plain words are touched (no quotes, no shell syntax).
fn absolute_words(command: &str) -> (String, Vec<Bind>) {
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
            text.push_str(&crate::text::shell_quote(&named.to_string_lossy()));
        } else {
            text.push_str(original);
        }
        rest = &rest[end..];
    }
    let named = named_paths(&text);
    (text, named)
}

/// What of the absolute paths a command's text names (split at white space, quotes and the
/// shell's operators) its sandbox may show ([`Bind::of`]): what it binds read-only, so that
/// `./solver`, `python3 mine.py` and `... | /path/to/x;` find their files.
fn named_paths(text: &str) -> Vec<Bind> {
    let mut named: Vec<Bind> = Vec::new();
    let tokens = text.split(|c: char| c.is_whitespace() || "'\";|&()<>=`".contains(c));
    for bind in tokens
        .filter(|token| token.starts_with('/'))
        .filter_map(|token| Bind::of(Path::new(token)).ok())
    {
        if !named.contains(&bind) {
            named.push(bind);
        }
    }
    named
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_that_name_files_here_become_absolute() {
        let here = std::env::current_dir().unwrap();
        let manifest = here.join("Cargo.toml");
        let shown = |(text, binds): (String, Vec<Bind>)| {
            let targets: Vec<PathBuf> = binds
                .iter()
                .map(|bind| bind.target().to_path_buf())
                .collect();
            (text, targets)
        };
        assert_eq!(
            shown(absolute_words("cat  Cargo.toml --flag")),
            (
                format!("cat  '{}' --flag", manifest.display()),
                vec![manifest.clone()]
            )
        );
        assert_eq!(
            shown(absolute_words("sed 's/.*/0/'")),
            ("sed 's/.*/0/'".to_string(), Vec::new())
        );
        let absolute = format!("cat {}", manifest.display());
        assert_eq!(
            shown(absolute_words(&absolute)),
            (absolute.clone(), vec![manifest])
        );
        assert_eq!(
            absolute_words("python3 no_such_file.py").0,
            "python3 no_such_file.py"
        );
    }
}
