//! Every language `--check` builds, one entry each in [`LANGUAGES`]: its extensions, each judge's
//! build (compiler, version, standard, sanitizers), the variables that name its tools, its flags,
//! the step that builds it, the command that runs it and the wrapping of a LeetCode solution.
//! Extension detection, the extensions named in messages and in `--help`, the judge profiles
//! ([`super::judge::profile`]), the build cache's key and the runner all read this table, so that
//! no two places can disagree about a language.
//!
//! The types an entry is made of are in `entry.rs`, below this table; the table names no
//! file above it (the build steps and the cache read it).
//!
//! # Adding a language
//! A [`Language`] variant and its entry here, in the variants' order (the build fails
//! otherwise); its templates beside `harness/mod.rs` and a wrapping function there, and a
//! build step in `steps/` unless an existing one builds it (the module docs of both say how);
//! a right solution per problem in `tests/fixtures/`, named in `tests/tests/harness.rs`.
//!
//! Uses its own layer (`entry`, `harness`) and the sandbox's `EtcEntry`.

use super::entry::{
    AskVersion, Fetched, JudgeBuild, Naming, RunArg, RunEnv, Runs, Starter, Step, NODE_HINT,
    PYTHON2_HINT, PYTHON3_HINT,
};
use super::harness::{self, Case, File, Harnesses, Source};
use crate::sandbox::bwrap::EtcEntry;
use std::time::Duration;

/// A language `--check` can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Rust,
    Cpp,
    C,
    Python,
    Python2,
    Java,
    JavaScript,
    TypeScript,
    Go,
    Php,
    Ruby,
    Kotlin,
    CSharp,
    Scala,
    Elixir,
    Erlang,
    Racket,
}

/// One language, all that `--check` knows of it.
pub struct LanguageSpec {
    pub language: Language,
    /// Its name, for the report (`as LeetCode builds C++`).
    pub name: &'static str,
    /// How it writes the name of the method LeetCode calls.
    pub naming: Naming,
    /// The extensions of its source files, without the dot.
    pub extensions: &'static [&'static str],
    /// What a whole judge program must hold beyond the language, for `--help`
    /// (` with class Main`), or nothing.
    pub whole_program: &'static str,
    /// LeetCode's build.
    pub leetcode: JudgeBuild,
    /// NOI's and Luogu's build of a whole program, where this table knows it; `None` for a
    /// language checked as a LeetCode solution only.
    pub oi: Option<JudgeBuild>,
    /// The environment variable that names another tool, which then wins.
    pub variable: &'static str,
    /// Other variables naming tools its build or runs use (TypeScript's Node): with
    /// `variable`, part of the build cache's key.
    pub also_named: &'static [&'static str],
    /// The compiler flags beyond the standard or edition and the sanitizers: every judge's.
    pub flags: &'static [&'static str],
    /// Whether `--std` applies: a C or C++ standard, or a Rust edition.
    pub takes_std: bool,
    /// What builds it, for the message when it is missing, and the variable that names another.
    pub tool: (&'static str, &'static str),
    /// Its build step, run in the build's directory.
    pub step: Step,
    /// How its build runs.
    pub run: Runs,
    /// The CPU time a test case gets unless `--time-limit` says otherwise: the judge's, as far
    /// as accepted solutions show it (tests/LANGUAGES.md, "Time limits per language": at least
    /// twice the CPU time the slowest accepted published solution we found needs on the judge's
    /// hardest instances here, and never under 3 s).
    pub time_limit: Duration,
    /// Words of the tool's messages for mistakes that every version refuses (Ruby's constant
    /// assigned in a method): where the tool here is older than the judge's, such a refusal is
    /// still the verdict, "does not compile", and never blamed on the version.
    pub every_version_refuses: &'static [&'static str],
    /// The entries of `/etc` its compiler or runtime reads besides every sandbox's.
    pub etc: &'static [EtcEntry],
    /// The extension of its case file in each LeetCode problem's harnesses
    /// (`harness/lc913/case.kt`): the problem's call in this language.
    pub case: &'static str,
    /// The files to build from the user's source: a LeetCode solution wrapped with its
    /// problem's case, or with none a whole judge program.
    pub(super) wrap: fn(Option<Case>, &Source) -> Vec<File>,
}

const CLANG: &[&str] = &["clang++-19", "clang++", "g++"];
const GXX: &[&str] = &["g++", "clang++"];
const GCC: &[&str] = &["gcc", "clang"];

/// A built binary, run with the sanitizers' settings.
const NATIVE: Runs = Runs {
    starter: Starter::Built("solution"),
    args: &[],
    env: RunEnv::Sanitizers,
};

/// The time limit of every language but Python: 3 s, several times what the slowest accepted
/// solution we found in any of them needs (tests/README.md).
pub const TIME_LIMIT_USUAL: Duration = Duration::from_secs(3);
/// Python's, and that of the other languages whose code an interpreter or virtual machine
/// loads as it runs (PHP, Ruby, Elixir, Erlang, Racket): LeetCode accepts top-down searches over
/// (mouse, cat, turn) that need seconds of CPU time on an open 8x8 grid with the longest jumps.
const TIME_LIMIT_INTERPRETED: Duration = Duration::from_secs(10);

/// The table, in the order of [`Language`]'s variants.
pub const LANGUAGES: [LanguageSpec; 17] = [
    LanguageSpec {
        language: Language::Rust,
        name: "Rust",
        naming: Naming::Snake,
        extensions: &["rs"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["rustc"], ("rustc", "1"), Some("2024")),
        oi: Some(JudgeBuild::plain(&["rustc"], ("rustc", "1"), Some("2021"))),
        variable: "RUSTC",
        also_named: &[],
        flags: &["-O", "-A", "warnings"],
        takes_std: true,
        tool: ("the Rust compiler", "set RUSTC to one"),
        step: Step::Rust,
        run: Runs {
            env: RunEnv::Plain,
            ..NATIVE
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        etc: &[],
        case: "rs",
        wrap: harness::rust_files,
    },
    LanguageSpec {
        language: Language::Cpp,
        name: "C++",
        naming: Naming::Camel,
        extensions: &["cpp", "cc", "cxx"],
        whole_program: "",
        leetcode: JudgeBuild::leetcode_sanitized(CLANG, ("clang", "19"), "c++23"),
        oi: Some(JudgeBuild::oi_checked(GXX, ("gcc", "9"), "c++14")),
        variable: "CXX",
        also_named: &[],
        flags: &["-O2"],
        takes_std: true,
        tool: ("the C++ compiler", "set CXX to a C++17 compiler"),
        step: Step::CFamily { cpp: true },
        run: NATIVE,
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        etc: &[],
        case: "cpp",
        wrap: harness::cpp_files,
    },
    LanguageSpec {
        language: Language::C,
        name: "C",
        naming: Naming::Camel,
        extensions: &["c"],
        whole_program: "",
        leetcode: JudgeBuild::leetcode_sanitized(GCC, ("gcc", "14"), "gnu11"),
        oi: Some(JudgeBuild::oi_checked(GCC, ("gcc", "9"), "c99")),
        variable: "CC",
        also_named: &[],
        flags: &["-O2"],
        takes_std: true,
        tool: ("the C compiler", "set CC to a C11 compiler"),
        step: Step::CFamily { cpp: false },
        run: NATIVE,
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        etc: &[],
        case: "c",
        wrap: harness::c_files,
    },
    LanguageSpec {
        language: Language::Python,
        name: "Python 3",
        naming: Naming::Camel,
        extensions: &["py"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["python3"], ("python", "3"), None),
        oi: Some(JudgeBuild::plain(&["python3"], ("python", "3"), None)),
        variable: "PYTHON",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: PYTHON3_HINT,
        step: Step::Python,
        run: Runs {
            starter: Starter::Python { what: PYTHON3_HINT },
            args: &[RunArg::Built("main.py")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[],
        etc: &[],
        case: "py",
        wrap: harness::python_files,
    },
    // LeetCode's "Python": a file named `.py2`, since a `.py` is read as Python 3.
    LanguageSpec {
        language: Language::Python2,
        name: "Python 2",
        naming: Naming::Camel,
        extensions: &["py2"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["python2", "python2.7"], ("python", "2.7"), None)
            .also_in(Fetched::Pyenv),
        oi: None,
        variable: "PYTHON2",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: PYTHON2_HINT,
        step: Step::Python,
        run: Runs {
            starter: Starter::Python { what: PYTHON2_HINT },
            args: &[RunArg::Built("main.py")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[],
        etc: &[],
        case: "py",
        wrap: harness::python2_files,
    },
    LanguageSpec {
        language: Language::Java,
        name: "Java",
        naming: Naming::Camel,
        extensions: &["java"],
        whole_program: " with class Main",
        leetcode: JudgeBuild::plain(&["javac"], ("java", "21"), Some("21"))
            .also_in(Fetched::Jdk)
            .asked(AskVersion::Flag("-version")),
        oi: Some(JudgeBuild::plain(&["javac"], ("java", "21"), Some("21"))
            .also_in(Fetched::Jdk)
            .asked(AskVersion::Flag("-version"))),
        variable: "JAVA_HOME",
        also_named: &[],
        flags: &["-nowarn"],
        takes_std: false,
        tool: ("javac", "set JAVA_HOME to a JDK"),
        step: Step::Java,
        run: Runs {
            starter: Starter::Java,
            args: &[
                RunArg::Text("-Xss256m"),
                RunArg::Text("-cp"),
                RunArg::BuildDir,
                RunArg::Text("Main"),
            ],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        // A JDK's `conf` links into `/etc/java-NN-openjdk`.
        etc: &[EtcEntry::Prefixed("java-")],
        case: "java",
        wrap: harness::java_files,
    },
    LanguageSpec {
        language: Language::JavaScript,
        name: "JavaScript",
        naming: Naming::Camel,
        extensions: &["js"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["node"], ("node", "22"), None),
        oi: Some(JudgeBuild::plain(&["node"], ("node", "22"), None)),
        variable: "NODE",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: NODE_HINT,
        step: Step::Node { typed: false },
        run: Runs {
            starter: Starter::Node,
            args: &[RunArg::Built("solution.js")],
            env: RunEnv::NodePath,
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        etc: &[],
        case: "js",
        wrap: harness::javascript_files,
    },
    LanguageSpec {
        language: Language::TypeScript,
        name: "TypeScript",
        naming: Naming::Camel,
        extensions: &["ts"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["tsc"], ("typescript", "5"), Some("ES2022")),
        oi: Some(JudgeBuild::plain(
            &["tsc"],
            ("typescript", "5"),
            Some("ES2022"),
        )),
        variable: "TSC",
        also_named: &["NODE"],
        flags: &[],
        takes_std: false,
        tool: (
            "the TypeScript compiler",
            "set TSC to TypeScript's compiler (npm install typescript)",
        ),
        step: Step::Node { typed: true },
        run: Runs {
            starter: Starter::Node,
            args: &[
                RunArg::Text("--enable-source-maps"),
                RunArg::Built("solution.js"),
            ],
            env: RunEnv::NodePath,
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        etc: &[],
        case: "js",
        wrap: harness::typescript_files,
    },
    LanguageSpec {
        language: Language::Go,
        name: "Go",
        naming: Naming::Camel,
        extensions: &["go"],
        whole_program: " with package main",
        leetcode: JudgeBuild::plain(&["go"], ("go", "1.23"), Some("go1.23"))
            .also_in(Fetched::GoToolchain)
            .asked(AskVersion::Flag("version")),
        oi: Some(
            JudgeBuild::plain(&["go"], ("go", "1.23"), Some("go1.23"))
                .also_in(Fetched::GoToolchain)
                .asked(AskVersion::Flag("version")),
        ),
        variable: "GO",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("go", "set GO to the go command"),
        step: Step::Go,
        run: NATIVE,
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        etc: &[],
        case: "go",
        wrap: harness::go_files,
    },
    LanguageSpec {
        language: Language::Php,
        name: "PHP",
        naming: Naming::Camel,
        extensions: &["php"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["php"], ("php", "8.2"), None),
        oi: None,
        variable: "PHP",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("PHP", "set PHP to a PHP interpreter (Debian: php-cli)"),
        step: Step::Script {
            check: &["-l"],
            ignore_case: true,
        },
        run: Runs {
            starter: Starter::Tool {
                variable: "PHP",
                command: "php",
                what: ("PHP", "set PHP to a PHP interpreter (Debian: php-cli)"),
            },
            args: &[RunArg::Built("main.php")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[],
        etc: &[],
        case: "php",
        wrap: harness::php_files,
    },
    LanguageSpec {
        language: Language::Ruby,
        name: "Ruby",
        naming: Naming::Snake,
        extensions: &["rb"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["ruby"], ("ruby", "3.2"), None),
        oi: None,
        variable: "RUBY",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("Ruby", "set RUBY to a Ruby interpreter (Debian: ruby)"),
        step: Step::Script {
            check: &["-c"],
            ignore_case: false,
        },
        run: Runs {
            starter: Starter::Tool {
                variable: "RUBY",
                command: "ruby",
                what: ("Ruby", "set RUBY to a Ruby interpreter (Debian: ruby)"),
            },
            args: &[RunArg::Built("main.rb")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[
            "dynamic constant assignment",
            "formal argument cannot be",
            "Can't change the value of self",
            "Can't assign to",
        ],
        etc: &[],
        case: "rb",
        wrap: harness::ruby_files,
    },
    LanguageSpec {
        language: Language::Kotlin,
        name: "Kotlin",
        naming: Naming::Camel,
        extensions: &["kt"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["kotlinc"], ("kotlinc", "2.1.10"), None)
            .asked(AskVersion::Flag("-version")),
        oi: None,
        variable: "KOTLINC",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: (
            "the Kotlin compiler",
            "set KOTLINC to kotlinc (.ci/run fetches it from Maven Central)",
        ),
        step: Step::Jvm {
            runtime: &["kotlin-stdlib"],
        },
        run: Runs {
            starter: Starter::Java,
            args: &[
                RunArg::Text("-Xss256m"),
                RunArg::Text("-cp"),
                RunArg::ClassPath(&["kotlin-stdlib.jar"]),
                RunArg::Text("MainKt"),
            ],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        // A JDK's `conf` links into `/etc/java-NN-openjdk`.
        etc: &[EtcEntry::Prefixed("java-")],
        case: "kt",
        wrap: harness::kotlin_files,
    },
    LanguageSpec {
        language: Language::CSharp,
        name: "C#",
        naming: Naming::Pascal,
        extensions: &["cs"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["mcs"], ("dotnet", "9"), None).stand_in(),
        oi: None,
        variable: "MCS",
        also_named: &["MONO"],
        flags: &["-optimize+"],
        takes_std: false,
        tool: (
            "Mono's C# compiler",
            "set MCS to one (Debian: mono-mcs); LeetCode's .NET is not served here",
        ),
        step: Step::CSharp,
        run: Runs {
            starter: Starter::Tool {
                variable: "MONO",
                command: "mono",
                what: (
                    "Mono",
                    "set MONO to the mono runtime (Debian: mono-runtime)",
                ),
            },
            args: &[RunArg::Built("solution.exe")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        // Without it, mcs finds no source file.
        etc: &[EtcEntry::Named("mono")],
        case: "cs",
        wrap: harness::csharp_files,
    },
    LanguageSpec {
        language: Language::Scala,
        name: "Scala",
        naming: Naming::Camel,
        extensions: &["scala"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["scalac"], ("scalac", "3"), None)
            .asked(AskVersion::Flag("-version")),
        oi: None,
        variable: "SCALAC",
        also_named: &[],
        // Compile errors without colours' escapes, as a file shows them.
        flags: &["-color:never"],
        takes_std: false,
        tool: (
            "the Scala compiler",
            "set SCALAC to scalac (.ci/run fetches it from Maven Central)",
        ),
        step: Step::Jvm {
            runtime: &["scala3-library_3", "scala-library"],
        },
        run: Runs {
            starter: Starter::Java,
            args: &[
                RunArg::Text("-Xss256m"),
                RunArg::Text("-cp"),
                RunArg::ClassPath(&["scala3-library_3.jar", "scala-library.jar"]),
                RunArg::Text("HarnessMain"),
            ],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_USUAL,
        every_version_refuses: &[],
        // A JDK's `conf` links into `/etc/java-NN-openjdk`.
        etc: &[EtcEntry::Prefixed("java-")],
        case: "scala",
        wrap: harness::scala_files,
    },
    LanguageSpec {
        language: Language::Elixir,
        name: "Elixir",
        naming: Naming::Snake,
        extensions: &["ex", "exs"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["elixir"], ("elixir", "1.17"), None)
            // Its `--version` opens with Erlang's line.
            .asked(AskVersion::Flag("--short-version")),
        oi: None,
        variable: "ELIXIR",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("Elixir", "set ELIXIR to the elixir command (Debian: elixir)"),
        step: Step::Script {
            // Parsed, never compiled: compiling runs the module's body and any macro.
            check: &[
                "-e",
                "path = List.last(System.argv()); Code.string_to_quoted!(File.read!(path), file: path)",
                "--",
            ],
            ignore_case: false,
        },
        run: Runs {
            starter: Starter::Tool {
                variable: "ELIXIR",
                command: "elixir",
                what: ("Elixir", "set ELIXIR to the elixir command (Debian: elixir)"),
            },
            args: &[RunArg::Built("main.exs")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[],
        etc: &[],
        case: "exs",
        wrap: harness::elixir_files,
    },
    LanguageSpec {
        language: Language::Erlang,
        name: "Erlang",
        naming: Naming::Snake,
        extensions: &["erl"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["erlc"], ("erlang", "26"), None)
            .asked(AskVersion::OtpRelease),
        oi: None,
        variable: "ERLC",
        also_named: &["ERL"],
        flags: &[],
        takes_std: false,
        tool: ("Erlang's compiler", "set ERLC to erlc (Debian: erlang-base)"),
        step: Step::Erlang,
        run: Runs {
            starter: Starter::Tool {
                variable: "ERL",
                command: "erl",
                what: ("Erlang", "set ERL to the erl command (Debian: erlang-base)"),
            },
            args: &[
                RunArg::Text("-noshell"),
                RunArg::Text("-pa"),
                RunArg::BuildDir,
                RunArg::Text("-run"),
                RunArg::Text("main"),
                RunArg::Text("main"),
            ],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[" is unbound", "head mismatch"],
        etc: &[],
        case: "erl",
        wrap: harness::erlang_files,
    },
    LanguageSpec {
        language: Language::Racket,
        name: "Racket",
        naming: Naming::Kebab,
        extensions: &["rkt"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["racket"], ("racket", "8"), None),
        oi: None,
        variable: "RACKET",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("Racket", "set RACKET to the racket command (Debian: racket)"),
        step: Step::Script {
            // Read, never expanded: expanding runs the program's macros. `#lang racket` is
            // ours, and no other reader is taken.
            check: &[
                "-e",
                "(define path (vector-ref (current-command-line-arguments) 0)) \
                 (call-with-input-file path (lambda (in) (port-count-lines! in) \
                 (read-language in) (parameterize ([read-accept-reader #f] \
                 [read-accept-lang #f]) (let loop () (unless (eof-object? \
                 (read-syntax path in)) (loop))))))",
                "--",
            ],
            ignore_case: false,
        },
        run: Runs {
            starter: Starter::Tool {
                variable: "RACKET",
                command: "racket",
                what: ("Racket", "set RACKET to the racket command (Debian: racket)"),
            },
            args: &[RunArg::Built("main.rkt")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_INTERPRETED,
        every_version_refuses: &[],
        // Without it, Racket compiles its whole library again, for tens of seconds, at every
        // start.
        etc: &[EtcEntry::Named("racket")],
        case: "rkt",
        wrap: harness::racket_files,
    },
];

// `Language::spec` finds an entry by its variant's number.
const _: () = {
    let mut at = 0;
    while at < LANGUAGES.len() {
        assert!(
            LANGUAGES[at].language as usize == at,
            "LANGUAGES must list the languages in the order of Language's variants"
        );
        at += 1;
    }
};

impl Language {
    /// Every language `--check` builds, in the table's order.
    pub const ALL: [Language; LANGUAGES.len()] = {
        let mut all = [Language::Rust; LANGUAGES.len()];
        let mut at = 0;
        while at < all.len() {
            all[at] = LANGUAGES[at].language;
            at += 1;
        }
        all
    };

    /// The language's entry in [`LANGUAGES`].
    pub fn spec(self) -> &'static LanguageSpec {
        &LANGUAGES[self as usize]
    }

    /// The language's name, for the report.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The language of a source file, by its extension.
    pub fn of(path: &std::path::Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        LANGUAGES
            .iter()
            .find(|spec| spec.extensions.contains(&extension))
            .map(|spec| spec.language)
    }
}

/// The files of the program in `language` made of `source`: a LeetCode solution wrapped with
/// `harnesses`, or with none a whole judge program. The first file is the one the compiler's
/// messages name for the user's lines.
pub fn files(language: Language, harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    let spec = language.spec();
    (spec.wrap)(
        harnesses.and_then(|harnesses| harnesses.case(spec.case)),
        source,
    )
}

/// The time limit of a command, which may run any language: the largest of the table's, so that
/// a command that runs an interpreter is not held to less than the judge gives that language.
pub const COMMAND_TIME_LIMIT: Duration = {
    let mut most = LANGUAGES[0].time_limit;
    let mut at = 1;
    while at < LANGUAGES.len() {
        if LANGUAGES[at].time_limit.as_nanos() > most.as_nanos() {
            most = LANGUAGES[at].time_limit;
        }
        at += 1;
    }
    most
};

/// The languages LeetCode takes that `--check` cannot build, by extension, with why: a file of
/// one is refused with its reason (no verdict), never run as a command.
pub const NOT_TAKEN: &[(&str, &str, &str)] = &[
    (
        "swift",
        "Swift",
        "no registry this machine reaches serves the Swift toolchain (Debian's `swift` is \
         OpenStack's object store)",
    ),
    (
        "dart",
        "Dart",
        "no registry this machine reaches serves the Dart SDK",
    ),
];

/// The language LeetCode takes that `--check` cannot build, and why, for a file of its
/// extension ([`NOT_TAKEN`]).
pub fn not_taken(path: &std::path::Path) -> Option<(&'static str, &'static str)> {
    let extension = path.extension()?.to_str()?;
    NOT_TAKEN
        .iter()
        .find(|(taken, _, _)| *taken == extension)
        .map(|(_, name, why)| (*name, *why))
}

/// Every language's entries of `/etc`, once each: what a command's sandbox shows, since a
/// command may run any judge's runtime.
pub fn every_etc_entry() -> Vec<EtcEntry> {
    let mut entries: Vec<EtcEntry> = Vec::new();
    for entry in LANGUAGES.iter().flat_map(|spec| spec.etc) {
        if !entries.contains(entry) {
            entries.push(*entry);
        }
    }
    entries
}

/// Whether `name`, a command's first word as typed, names one of the tools the table builds or
/// runs with (a compiler, an interpreter, a runtime: `python3`, `node`, `java`, `ruby`, `g++`).
/// Only such a tool, found on `PATH`, is shown its installed prefix when a command starts it, as
/// its builds are; a command of the user's own is a file, shown alone, wherever it lives.
pub fn is_judges_tool(name: &str) -> bool {
    LANGUAGES.iter().any(|spec| {
        let builds = spec.oi.iter().chain([&spec.leetcode]);
        let runs = match spec.run.starter {
            Starter::Built(_) => None,
            Starter::Node => Some("node"),
            Starter::Python { .. } => None,
            Starter::Java => Some("java"),
            Starter::Tool { command, .. } => Some(command),
        };
        builds
            .flat_map(|build| build.tools.iter().copied())
            .chain(runs)
            .any(|tool| tool == name)
    })
}

/// The extensions `--check` builds, for messages (`.rs, .cpp, .cc, ...`); for a whole judge
/// program, each with what the judge needs beyond the language (`.java with class Main`).
pub fn extensions(whole_program: bool) -> String {
    let mut named = Vec::new();
    let taken = LANGUAGES
        .iter()
        .filter(|spec| !whole_program || spec.oi.is_some());
    for spec in taken {
        for extension in spec.extensions {
            named.push(format!(".{extension}"));
        }
        if let (true, Some(last)) = (whole_program, named.last_mut()) {
            last.push_str(spec.whole_program);
        }
    }
    named.join(", ")
}

#[cfg(test)]
mod tests {
    /// Each LeetCode problem's harnesses hold every language's case file, and no file that
    /// no language reads.
    #[test]
    fn every_language_has_its_case_in_every_leetcode_problem() {
        for harnesses in [&harness::LC913, &harness::LC1728] {
            for spec in &LANGUAGES {
                assert!(
                    harnesses.case(spec.case).is_some(),
                    "{} ({})",
                    spec.name,
                    spec.case
                );
            }
            for (extension, _) in harnesses.cases {
                assert!(
                    LANGUAGES.iter().any(|spec| spec.case == *extension),
                    "case.{extension} is no language's"
                );
            }
        }
    }

    use super::*;

    #[test]
    fn only_the_table_s_tools_are_judges_tools() {
        for tool in [
            "python3",
            "node",
            "java",
            "ruby",
            "g++",
            "clang++-19",
            "erl",
            "racket",
        ] {
            assert!(is_judges_tool(tool), "{tool}");
        }
        for own in ["run.sh", "./python3", "/usr/bin/node", "solver", "sh"] {
            assert!(!is_judges_tool(own), "{own}");
        }
    }

    #[test]
    fn extensions_are_named_in_the_table_s_order() {
        assert_eq!(
            extensions(false),
            ".rs, .cpp, .cc, .cxx, .c, .py, .py2, .java, .js, .ts, .go, .php, .rb, .kt, .cs, \
             .scala, .ex, .exs, .erl, .rkt"
        );
        assert_eq!(
            extensions(true),
            ".rs, .cpp, .cc, .cxx, .c, .py, .java with class Main, .js, .ts, .go with package main"
        );
        let of = |name: &str| Language::of(std::path::Path::new(name));
        assert_eq!(of("a.cxx"), Some(Language::Cpp));
        assert_eq!(of("dir.go/a"), None);
        assert_eq!(of("a.ts"), Some(Language::TypeScript));
    }

    #[test]
    fn each_language_names_leetcode_s_method_its_own_way() {
        let named = |language: Language| language.spec().naming.write("canMouseWin");
        assert_eq!(named(Language::Java), "canMouseWin");
        assert_eq!(named(Language::Ruby), "can_mouse_win");
        assert_eq!(named(Language::Elixir), "can_mouse_win");
        assert_eq!(named(Language::Erlang), "can_mouse_win");
        assert_eq!(named(Language::Racket), "can-mouse-win");
        assert_eq!(named(Language::CSharp), "CanMouseWin");
    }

    #[test]
    fn no_language_gets_less_than_3_s_and_a_command_gets_the_most() {
        for spec in &LANGUAGES {
            assert!(spec.time_limit >= TIME_LIMIT_USUAL, "{}", spec.name);
            assert!(spec.time_limit <= COMMAND_TIME_LIMIT, "{}", spec.name);
        }
        assert_eq!(Language::Python.spec().time_limit, Duration::from_secs(10));
        assert_eq!(COMMAND_TIME_LIMIT, Duration::from_secs(10));
    }
}
