//! Every language `--check` builds, one entry each in [`LANGUAGES`]: its extensions, each
//! judge's build (compiler, version, standard, sanitizers), the variables that name its tools,
//! its flags, the step that builds it, the command that runs it and the wrapping of a LeetCode
//! solution. Extension detection, the extensions named in messages and in `--help`, the judge
//! profiles ([`super::judge::profile`]), the build cache's key and the runner all read this table, so
//! that no two places can disagree about a language.
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
//! Uses only its own layer: `entry`, `harness`.

use super::entry::{Fetched, JudgeBuild, RunArg, RunEnv, Runs, Starter, Step, NODE_HINT};
use super::harness::{self, File, Harnesses, Source};
use std::time::Duration;

/// A language `--check` can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Rust,
    Cpp,
    C,
    Python,
    Java,
    JavaScript,
    TypeScript,
    Go,
}

/// One language, all that `--check` knows of it.
pub struct LanguageSpec {
    pub language: Language,
    /// Its name, for the report (`as LeetCode builds C++`).
    pub name: &'static str,
    /// The extensions of its source files, without the dot.
    pub extensions: &'static [&'static str],
    /// What a whole judge program must hold beyond the language, for `--help`
    /// (` with class Main`), or nothing.
    pub whole_program: &'static str,
    /// LeetCode's build.
    pub leetcode: JudgeBuild,
    /// NOI's and Luogu's build.
    pub oi: JudgeBuild,
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
    /// as accepted solutions show it (tests/README.md's table: at least twice the CPU time the
    /// slowest accepted published solution we found needs on the judge's hardest instances
    /// here, and never under 3 s).
    pub time_limit: Duration,
    /// The files to build from the user's source: a LeetCode solution wrapped with its
    /// problem's harnesses, or with none a whole judge program.
    pub(super) wrap: fn(Option<&Harnesses>, &Source) -> Vec<File>,
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
const TIME_LIMIT_USUAL: Duration = Duration::from_secs(3);
/// Python's: LeetCode accepts top-down searches over (mouse, cat, turn) that need seconds of
/// CPU time on an open 8x8 grid with the longest jumps.
const TIME_LIMIT_PYTHON: Duration = Duration::from_secs(10);

/// The table, in the order of [`Language`]'s variants.
pub const LANGUAGES: [LanguageSpec; 8] = [
    LanguageSpec {
        language: Language::Rust,
        name: "Rust",
        extensions: &["rs"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["rustc"], ("rustc", "1"), Some("2024")),
        oi: JudgeBuild::plain(&["rustc"], ("rustc", "1"), Some("2021")),
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
        wrap: harness::rust_files,
    },
    LanguageSpec {
        language: Language::Cpp,
        name: "C++",
        extensions: &["cpp", "cc", "cxx"],
        whole_program: "",
        leetcode: JudgeBuild::leetcode_sanitized(CLANG, ("clang", "19"), "c++23"),
        oi: JudgeBuild::oi_checked(GXX, ("gcc", "9"), "c++14"),
        variable: "CXX",
        also_named: &[],
        flags: &["-O2"],
        takes_std: true,
        tool: ("the C++ compiler", "set CXX to a C++17 compiler"),
        step: Step::CFamily { cpp: true },
        run: NATIVE,
        time_limit: TIME_LIMIT_USUAL,
        wrap: harness::cpp_files,
    },
    LanguageSpec {
        language: Language::C,
        name: "C",
        extensions: &["c"],
        whole_program: "",
        leetcode: JudgeBuild::leetcode_sanitized(GCC, ("gcc", "14"), "gnu11"),
        oi: JudgeBuild::oi_checked(GCC, ("gcc", "9"), "c99"),
        variable: "CC",
        also_named: &[],
        flags: &["-O2"],
        takes_std: true,
        tool: ("the C compiler", "set CC to a C11 compiler"),
        step: Step::CFamily { cpp: false },
        run: NATIVE,
        time_limit: TIME_LIMIT_USUAL,
        wrap: harness::c_files,
    },
    LanguageSpec {
        language: Language::Python,
        name: "Python 3",
        extensions: &["py"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["python3"], ("python", "3"), None),
        oi: JudgeBuild::plain(&["python3"], ("python", "3"), None),
        variable: "PYTHON",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("Python", "set PYTHON to a Python 3 interpreter"),
        step: Step::Python,
        run: Runs {
            starter: Starter::Python,
            args: &[RunArg::Built("main.py")],
            env: RunEnv::Plain,
        },
        time_limit: TIME_LIMIT_PYTHON,
        wrap: harness::python_files,
    },
    LanguageSpec {
        language: Language::Java,
        name: "Java",
        extensions: &["java"],
        whole_program: " with class Main",
        leetcode: JudgeBuild::plain(&["javac"], ("java", "21"), Some("21")).also_in(Fetched::Jdk),
        oi: JudgeBuild::plain(&["javac"], ("java", "21"), Some("21")).also_in(Fetched::Jdk),
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
        wrap: harness::java_files,
    },
    LanguageSpec {
        language: Language::JavaScript,
        name: "JavaScript",
        extensions: &["js"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["node"], ("node", "22"), None),
        oi: JudgeBuild::plain(&["node"], ("node", "22"), None),
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
        wrap: harness::javascript_files,
    },
    LanguageSpec {
        language: Language::TypeScript,
        name: "TypeScript",
        extensions: &["ts"],
        whole_program: "",
        leetcode: JudgeBuild::plain(&["tsc"], ("typescript", "5"), Some("ES2022")),
        oi: JudgeBuild::plain(&["tsc"], ("typescript", "5"), Some("ES2022")),
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
        wrap: harness::typescript_files,
    },
    LanguageSpec {
        language: Language::Go,
        name: "Go",
        extensions: &["go"],
        whole_program: " with package main",
        leetcode: JudgeBuild::plain(&["go"], ("go", "1.23"), Some("go1.23"))
            .also_in(Fetched::GoToolchain),
        oi: JudgeBuild::plain(&["go"], ("go", "1.23"), Some("go1.23"))
            .also_in(Fetched::GoToolchain),
        variable: "GO",
        also_named: &[],
        flags: &[],
        takes_std: false,
        tool: ("go", "set GO to the go command"),
        step: Step::Go,
        run: NATIVE,
        time_limit: TIME_LIMIT_USUAL,
        wrap: harness::go_files,
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
    (language.spec().wrap)(harnesses, source)
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

/// The time limits as `--help` states them: `the judge's for your language: 10 for Python 3, 3
/// for any other, 10 for a command`, the table's order kept and the usual limit named once.
pub fn time_limits_text() -> String {
    let seconds = |limit: Duration| limit.as_secs_f64().to_string();
    let mut named: Vec<String> = LANGUAGES
        .iter()
        .filter(|spec| spec.time_limit != TIME_LIMIT_USUAL)
        .map(|spec| format!("{} for {}", seconds(spec.time_limit), spec.name))
        .collect();
    named.push(format!("{} for any other", seconds(TIME_LIMIT_USUAL)));
    named.push(format!("{} for a command", seconds(COMMAND_TIME_LIMIT)));
    format!("the judge's for your language: {}", named.join(", "))
}

/// The extensions `--check` builds, for messages (`.rs, .cpp, .cc, ...`); for a whole judge
/// program, each with what the judge needs beyond the language (`.java with class Main`).
pub fn extensions(whole_program: bool) -> String {
    let mut named = Vec::new();
    for spec in &LANGUAGES {
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
    use super::*;

    #[test]
    fn extensions_are_named_in_the_table_s_order() {
        assert_eq!(
            extensions(false),
            ".rs, .cpp, .cc, .cxx, .c, .py, .java, .js, .ts, .go"
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
    fn no_language_gets_less_than_3_s_and_a_command_gets_the_most() {
        for spec in &LANGUAGES {
            assert!(spec.time_limit >= TIME_LIMIT_USUAL, "{}", spec.name);
            assert!(spec.time_limit <= COMMAND_TIME_LIMIT, "{}", spec.name);
        }
        assert_eq!(Language::Python.spec().time_limit, Duration::from_secs(10));
        assert_eq!(COMMAND_TIME_LIMIT, Duration::from_secs(10));
    }
}
