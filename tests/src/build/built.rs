//! A build as the other layers see it: the options that ask for it ([`BuildOptions`]), and
//! what it gives back as facts ([`Built`]: the tool, its version, its arguments, the judge it
//! imitates, the sanitizers, and [`Note`]s), with the sandbox of its runs ([`BuildInfo`]).
//! The words of a report are the render layer's; nothing here writes or reads a sentence.
//! Uses the sandbox's [`SandboxFacts`] and nothing else of the crate.

use crate::sandbox::SandboxFacts;

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

/// What was judged and how: the build, and the isolation its runs had.
#[derive(Debug, Clone)]
pub struct BuildInfo {
    pub built: Built,
    pub sandbox: SandboxFacts,
}

/// A build as facts: the tool that made it (none for a command, run as given), and notes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Built {
    pub tool: Option<ToolRun>,
    pub notes: Vec<Note>,
}

/// What a tool says its version is: the family it names (`clang`, `gcc`, `python`), or its
/// own file name where it names none known, and the number (`19.1.7`), none where it says
/// nothing readable.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Version {
    pub family: String,
    pub number: Option<String>,
}

/// The tool a build ran, and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolRun {
    /// Its file name (`clang++-19`, `python3`).
    pub name: String,
    /// The version it reports (`clang`, `19.1.7`); no number where it says only its name.
    pub version: Version,
    /// The arguments that set the standard, the flags and the judge's sanitizers.
    pub args: Vec<String>,
    /// The standard or edition it built with (`c++23`, `2021`, `go1.23`), where one was set.
    pub standard: Option<String>,
    /// The judge whose build it imitates (`LeetCode`), and the language (`C++`).
    pub judge: String,
    pub language: String,
    /// The judge's tool family and version (`gcc`, `14`), where the one here is older.
    pub older_than: Option<(String, String)>,
    /// Whether the standard is the user's `--std`, not the judge's.
    pub yours: bool,
    /// The judge's sanitizers it built with, by their `-fsanitize=` names.
    pub sanitizers: Vec<String>,
    /// The checks it added beyond the judge's (`undefined`).
    pub extra_checks: Vec<String>,
    /// Whether `--no-sanitize` turned off sanitizers the judge runs.
    pub sanitizers_off: bool,
}

/// What a report notes about a build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// The tool is not the judge's own: `judge` states `family` `stated`; this one reports
    /// `version`, found as `how` says.
    OtherTool {
        judge: String,
        family: String,
        stated: String,
        version: Version,
        how: ToolChoice,
    },
    /// The compiler does not take the judge's standard (`-std=`) or edition: it built with
    /// `used`.
    OlderStandard {
        tool: String,
        edition: bool,
        judges: String,
        used: String,
        judge: String,
    },
    /// The extra checks were left out: the program builds as the judge builds it, not with
    /// them; `why` is the gist of the compiler's refusal.
    ExtraLeftOut {
        checks: Vec<String>,
        judge: String,
        why: String,
    },
    /// A sanitizer that cannot link on this machine under `compiler`.
    CannotLink { sanitizer: String, compiler: String },
    /// The extra checks made the program too slow: under them, the plan's `instance`-th test
    /// case ran past the limit (`cpu_millis` of CPU time against `limit_millis`), and it ended
    /// within the limit on `judge`'s own build, which the check then ran on.
    ExtraTooSlow {
        checks: Vec<String>,
        judge: String,
        instance: u64,
        cpu_millis: u64,
        limit_millis: u64,
    },
}

/// How the tool of a build was chosen, where it is not the judge's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolChoice {
    /// The user named it in `variable`; `same` when it is the judge's version anyway.
    Variable {
        variable: String,
        command: String,
        same: bool,
    },
    /// The judge's command, of another version.
    Judges,
    /// The judge's command (`wanted`) is missing; `command` stood in.
    Instead { wanted: String, command: String },
}

impl Built {
    /// A command, run as given: nothing built.
    pub fn command() -> Built {
        Built::default()
    }

    /// The extra checks the build added (`address`, `undefined`).
    pub fn extra_checks(&self) -> &[String] {
        self.tool.as_ref().map_or(&[], |tool| &tool.extra_checks)
    }
}
