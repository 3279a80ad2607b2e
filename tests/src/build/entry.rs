//! What a language's entry in the table ([`super::languages::LANGUAGES`]) is made of beyond
//! plain values: each judge's build of it ([`JudgeBuild`]), the step that builds it
//! ([`Step`]), how its build runs ([`Runs`]), and what runs JavaScript and Python (`NODE_HINT`, `PYTHON3_HINT`, `PYTHON2_HINT`). Below
//! the table, so that the table only looks down: uses nothing of the crate.

/// One judge's build of one language.
#[derive(Debug, Clone, Copy)]
pub struct JudgeBuild {
    /// The commands that build (or run) it, the judge's own first: the first one found is used.
    pub tools: &'static [&'static str],
    /// The compiler or runtime the judge states, as a family and a version, as precise as
    /// the judge states it (`("clang", "19")`, `("go", "1.23")`): a tool of another family,
    /// or whose version does not begin so, is named in the report.
    pub stated: (&'static str, &'static str),
    /// The language standard (`c++23`) or edition (`2024`) the judge builds with, if any.
    pub standard: Option<&'static str>,
    /// The sanitizers the judge builds with (`address`).
    pub sanitizers: &'static [&'static str],
    /// Sanitizers `--check` adds where the program still builds with them: they catch
    /// undefined behaviour the judge may or may not trip on, and never change what compiles.
    pub extra_checks: &'static [&'static str],
    /// Where the judge's own version of the tool may lie besides `PATH`.
    pub fetched: Fetched,
    /// Whether the tools here are another implementation than the judge's, older than its
    /// own (Mono's `mcs` for LeetCode's .NET): what they refuse, the judge's may accept.
    pub stand_in: bool,
    /// How the tool says its version.
    pub version: AskVersion,
}

/// How a tool is asked its version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskVersion {
    /// The tool run with this argument, its first line read (`--version`, `-version`).
    Flag(&'static str),
    /// Erlang's compiler, which says none: the OTP release of its installation, read from
    /// `releases/*/OTP_VERSION`.
    OtpRelease,
}

/// Where the judge's own version of a tool may lie besides `PATH`: a toolchain a registry
/// gives, which the machine's own tool does not replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fetched {
    /// Only on `PATH`.
    Nowhere,
    /// A Go toolchain of the stated version that the go command fetched as a module from
    /// the Go module proxy (`GOTOOLCHAIN=go1.23.12 go version`), in the module cache.
    GoToolchain,
    /// A JDK of the machine's (`/usr/lib/jvm/*`) of the stated version, else the newest one
    /// newer, which builds for the stated one (`--release`).
    Jdk,
    /// An interpreter that pyenv installed (`$PYENV_ROOT/versions/*`, else `~/.pyenv`'s) of
    /// the stated version, the newest release of it: its own binary, not pyenv's shim, which
    /// runs only the version pyenv is told to (Python 2.7 beside the machine's Python 3).
    Pyenv,
}

impl JudgeBuild {
    /// A build the judge runs without sanitizers, and to which `--check` adds none.
    pub(super) const fn plain(
        tools: &'static [&'static str],
        stated: (&'static str, &'static str),
        standard: Option<&'static str>,
    ) -> JudgeBuild {
        JudgeBuild {
            tools,
            stated,
            standard,
            sanitizers: &[],
            extra_checks: &[],
            fetched: Fetched::Nowhere,
            stand_in: false,
            version: AskVersion::Flag("--version"),
        }
    }

    /// This build, its tool asked its version as `version` says.
    pub(super) const fn asked(self, version: AskVersion) -> JudgeBuild {
        JudgeBuild { version, ..self }
    }

    /// This build, made here by another implementation than the judge's, older than its
    /// own: its refusals are no verdict.
    pub(super) const fn stand_in(self) -> JudgeBuild {
        JudgeBuild {
            stand_in: true,
            ..self
        }
    }

    /// This build, with the judge's own version of the tool looked for in `fetched` before
    /// `PATH`.
    pub(super) const fn also_in(self, fetched: Fetched) -> JudgeBuild {
        JudgeBuild { fetched, ..self }
    }

    /// LeetCode's C and C++: under AddressSanitizer; UBSan is ours.
    pub(super) const fn leetcode_sanitized(
        tools: &'static [&'static str],
        stated: (&'static str, &'static str),
        standard: &'static str,
    ) -> JudgeBuild {
        JudgeBuild {
            sanitizers: &["address"],
            extra_checks: &["undefined"],
            ..JudgeBuild::plain(tools, stated, Some(standard))
        }
    }

    /// The OI judges' C and C++: they run no sanitizer, and a write past an array there
    /// corrupts silently; here it is caught, and the report names the check that caught it.
    pub(super) const fn oi_checked(
        tools: &'static [&'static str],
        stated: (&'static str, &'static str),
        standard: &'static str,
    ) -> JudgeBuild {
        JudgeBuild {
            extra_checks: &["address", "undefined"],
            ..JudgeBuild::plain(tools, stated, Some(standard))
        }
    }
}

/// The build step that builds a language, in its build's directory (`steps/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// rustc, to a binary.
    Rust,
    /// C++ (`cpp`) or C, to a binary, as the judge builds it with the extra checks.
    CFamily { cpp: bool },
    /// `main.py --compile-only`.
    Python,
    /// javac.
    Java,
    /// `node --check`, or TypeScript's `tsc` (`typed`).
    Node { typed: bool },
    /// `go build`, to a binary.
    Go,
    /// A script's syntax checked by its interpreter with the arguments `check` before the
    /// file (`php -l`, `ruby -c`, Elixir's parser), which run none of it, and for a LeetCode
    /// solution the method LeetCode calls named in its text (`ignore_case`: PHP's method and
    /// class names are).
    Script {
        check: &'static [&'static str],
        ignore_case: bool,
    },
    /// A JVM language's compiler (`kotlinc`, `scalac`) to classes in the build's directory,
    /// beside copies of the `runtime` jars found in the compiler's own `lib/`, by the start of
    /// their names (`kotlin-stdlib`), which the run's class path names.
    Jvm { runtime: &'static [&'static str] },
    /// Mono's C# compiler, to `solution.exe`.
    CSharp,
    /// `erlc`, to `.beam` files in the build's directory.
    Erlang,
}

/// How the name of the method LeetCode calls is written in a language, from the camel case
/// its statement gives (`catMouseGame`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// `catMouseGame`.
    Camel,
    /// `cat_mouse_game` (Ruby).
    Snake,
    /// `CatMouseGame` (C#).
    Pascal,
    /// `cat-mouse-game` (Racket).
    Kebab,
}

impl Naming {
    /// `camel` (`catMouseGame`) as this naming writes it.
    pub fn write(self, camel: &str) -> String {
        match self {
            Naming::Camel => camel.to_string(),
            Naming::Snake | Naming::Kebab => {
                let joint = if self == Naming::Snake { '_' } else { '-' };
                let mut joined = String::new();
                for character in camel.chars() {
                    if character.is_ascii_uppercase() {
                        joined.push(joint);
                    }
                    joined.push(character.to_ascii_lowercase());
                }
                joined
            }
            Naming::Pascal => {
                let mut characters = camel.chars();
                characters.next().map_or_else(String::new, |first| {
                    first.to_ascii_uppercase().to_string() + characters.as_str()
                })
            }
        }
    }
}

/// How a language's build runs, as its entry in [`super::languages::LANGUAGES`] says.
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
    /// The Python interpreter that checked the build (resolved by [`super::tools::python`]),
    /// and what it is for the message when it is missing.
    Python { what: (&'static str, &'static str) },
    /// `java`, under `$JAVA_HOME` when set.
    Java,
    /// An interpreter or runtime on `PATH` (`php`, `ruby`, `mono`), or as the variable
    /// names it, and what it is for the message when it is missing.
    Tool {
        variable: &'static str,
        command: &'static str,
        what: (&'static str, &'static str),
    },
}

/// An argument of a run.
pub enum RunArg {
    Text(&'static str),
    /// A file in the build's directory.
    Built(&'static str),
    /// The build's directory.
    BuildDir,
    /// A class path of files in the build's directory, the directory itself first.
    ClassPath(&'static [&'static str]),
}

/// The environment a run needs besides the sandbox's own.
#[derive(PartialEq, Eq)]
pub enum RunEnv {
    Plain,
    /// The sanitizers' settings ([`super::tools::sanitizer_env`]).
    Sanitizers,
    /// The folders Node's `require` looks in ([`super::tools::node_env`]).
    NodePath,
}

/// What runs JavaScript, and how to name another.
pub(super) const NODE_HINT: (&str, &str) = ("Node.js", "set NODE to a node binary");

/// What runs Python 3 (LeetCode's "Python3"), and how to name another.
pub(super) const PYTHON3_HINT: (&str, &str) = ("Python", "set PYTHON to a Python 3 interpreter");

/// What runs Python 2 (LeetCode's "Python"), and how to name another.
pub(super) const PYTHON2_HINT: (&str, &str) =
    ("Python 2", "set PYTHON2 to a Python 2.7 interpreter");
