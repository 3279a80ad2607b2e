//! The judges' builds, as one table ([`super::languages::LANGUAGES`], an entry a language):
//! for each judge and language, the compiler the judge names and its version, the standard or
//! edition, the flags, the sanitizers the judge runs, the checks `--check` adds where the
//! program still builds with them, and the stack a run gets. `--check` builds and runs a user's
//! file from this table, so that its verdict is the judge's: what the judge refuses does not
//! compile here, what it accepts does.
//!
//! Sources: LeetCode's published environment (C++: clang 19, C++23, libstdc++, `-O2`,
//! AddressSanitizer; the other languages as its help page lists them); NOI's rules since 2021
//! and Luogu's default for C++ (g++, C++14, `-O2`, the stack as large as the memory limit).
//! Where a registry gives the judge's own version it is used (Go 1.23, a toolchain the go
//! command fetches: [`locate`]); elsewhere the nearest one builds and the report says so, and
//! what a tool older than the judge's refuses is no verdict ([`Found::older`]).
//!
//! Uses `problems::Judge`, `sandbox::places`; beside it, `entry` and `languages`.

use super::built::{Note, ToolChoice, Version};
use super::entry::{AskVersion, Fetched};
use super::languages::Language;
use crate::problems::Judge;
use crate::sandbox::places::{on_path, on_path_as};
use std::cmp::Ordering;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How large a run's stack may grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stack {
    /// This many megabytes.
    Megabytes(u64),
    /// As large as the memory limit (`--memory-limit`), as the OI judges allow.
    MemoryLimit,
}

/// One judge's build of one language, as [`profile`] gathers it from the language's entry.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    /// The judge.
    pub of: Judge,
    /// The judge's name, for the report.
    pub judge: &'static str,
    /// The commands that build (or run) it, the judge's own first: the first one found is used.
    pub tools: &'static [&'static str],
    /// The environment variable that names another tool, which then wins.
    pub variable: &'static str,
    /// The compiler or runtime the judge states, as a family and a version (`("clang",
    /// "19")`, `("go", "1.23")`): a tool of another family or version is named in the report.
    pub stated: (&'static str, &'static str),
    /// How the tool says its version.
    pub version: AskVersion,
    /// Where the judge's own version may lie besides `PATH`.
    pub fetched: Fetched,
    /// Whether the tools here are another implementation than the judge's, older than its
    /// own: what they refuse is no verdict.
    pub stand_in: bool,
    /// The language standard (`c++23`) or edition (`2024`) the judge builds with, if any.
    pub standard: Option<&'static str>,
    /// The judge's other flags.
    pub flags: &'static [&'static str],
    /// The sanitizers the judge builds with (`address`).
    pub sanitizers: &'static [&'static str],
    /// Sanitizers `--check` adds where the program still builds with them: they catch
    /// undefined behaviour the judge may or may not trip on, and never change what compiles.
    pub extra_checks: &'static [&'static str],
    /// The stack a run gets.
    pub stack: Stack,
}

/// LeetCode states no stack size; it runs a solution whose object is a 16 MB array (a
/// value-initialised temporary on the stack), so its stack holds more. Assumed, with room for
/// AddressSanitizer's redzones on deep recursion.
const LEETCODE_STACK_MB: u64 = 256;

impl Judge {
    /// The stack a run gets under this judge, whatever its language.
    pub fn stack(self) -> Stack {
        match self {
            Judge::LeetCode => Stack::Megabytes(LEETCODE_STACK_MB),
            Judge::Oi => Stack::MemoryLimit,
        }
    }
}

/// The judge's build of `language`, from its entry in [`super::languages::LANGUAGES`]; `None`
/// where the table knows no build of it for that judge.
pub fn profile(judge: Judge, language: Language) -> Option<Profile> {
    let spec = language.spec();
    let build = match judge {
        Judge::LeetCode => &spec.leetcode,
        Judge::Oi => spec.oi.as_ref()?,
    };
    Some(Profile {
        of: judge,
        judge: judge.name(),
        tools: build.tools,
        variable: spec.variable,
        stated: build.stated,
        fetched: build.fetched,
        version: build.version,
        stand_in: build.stand_in,
        standard: build.standard,
        flags: spec.flags,
        sanitizers: build.sanitizers,
        extra_checks: build.extra_checks,
        stack: judge.stack(),
    })
}

/// A tool found for a profile: its command, what it says its version is, and a line for the
/// report when it is not the judge's own.
#[derive(Debug, Clone)]
pub struct Found {
    pub command: OsString,
    /// The family and number it reports (`clang`, `19.1.7`).
    pub version: Version,
    /// How it differs from the judge's, if it does.
    pub differs: Option<Note>,
    /// Whether it is of the judge's family and older than the judge's version: what it
    /// refuses, the judge's may accept.
    pub older: bool,
}

/// The tool to build with: the one the profile's variable names, else the judge's own
/// version where it was fetched ([`Fetched`]), else the first of its tools on `PATH` (for
/// Java, under `JAVA_HOME`). `None` when none is found; the build then reports the judge's
/// own tool as missing. Starts nothing: a cached build needs no more.
pub fn locate(profile: &Profile) -> Option<OsString> {
    match (named(profile), profile.variable) {
        (Some(home), "JAVA_HOME") => {
            Some(Path::new(&home).join("bin").join("javac").into_os_string())
        }
        (Some(command), _) => Some(command),
        (None, _) => fetched(profile).or_else(|| {
            profile
                .tools
                .iter()
                .map(OsString::from)
                .find(|tool| on_path(tool))
        }),
    }
}

/// The judge's own version of the tool, where a registry brought it ([`Fetched`]).
fn fetched(profile: &Profile) -> Option<OsString> {
    match profile.fetched {
        Fetched::Nowhere => None,
        Fetched::GoToolchain => go_toolchain(profile.stated.1).map(PathBuf::into_os_string),
        Fetched::Jdk => jdk(profile.stated.1).map(PathBuf::into_os_string),
        Fetched::Pyenv => pyenv_python(profile.stated.1).map(PathBuf::into_os_string),
    }
}

/// Where the machine's JDKs are.
const JDKS: &str = "/usr/lib/jvm";

/// The `javac` of the machine's JDK (in [`JDKS`], as its `release` file names its version)
/// whose major version is `major`, else of the newest one newer; `None` where there is
/// neither.
///
/// # Complexity
/// One read of [`JDKS`] and of each JDK's `release` file.
fn jdk(major: &str) -> Option<PathBuf> {
    let major: u32 = major.parse().ok()?;
    let entries = std::fs::read_dir(JDKS).ok()?;
    let jdks = entries.flatten().filter_map(|entry| {
        let release = std::fs::read_to_string(entry.path().join("release")).ok()?;
        let version = release
            .lines()
            .find_map(|line| line.strip_prefix("JAVA_VERSION="))?
            .trim_matches('"');
        let theirs: u32 = version.split('.').next()?.parse().ok()?;
        let javac = entry.path().join("bin").join("javac");
        (theirs >= major && javac.is_file()).then_some((theirs, javac))
    });
    // The judge's own major first, then the newest: each builds for it.
    jdks.max_by_key(|(theirs, _)| (*theirs == major, *theirs))
        .map(|(_, javac)| javac)
}

/// The newest fetched Go toolchain of `version` (`1.23`: any `go1.23.N`) for this machine,
/// in the go command's module cache (`$GOMODCACHE`, else `$GOPATH/pkg/mod`, else
/// `~/go/pkg/mod`), as `GOTOOLCHAIN=go1.23.N go version` leaves it: its `bin/go`.
///
/// # Complexity
/// One read of the cache's `golang.org` folder.
fn go_toolchain(version: &str) -> Option<PathBuf> {
    let variable = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    let cache = match (variable("GOMODCACHE"), variable("GOPATH"), variable("HOME")) {
        (Some(cache), _, _) => PathBuf::from(cache),
        (None, Some(paths), _) => std::env::split_paths(&paths).next()?.join("pkg/mod"),
        (None, None, Some(home)) => Path::new(&home).join("go/pkg/mod"),
        (None, None, None) => return None,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        other => other,
    };
    let (prefix, suffix) = (
        format!("toolchain@v0.0.1-go{version}."),
        format!(".linux-{arch}"),
    );
    let entries = std::fs::read_dir(cache.join("golang.org")).ok()?;
    entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let patch: u32 = name
                .strip_prefix(&prefix)?
                .strip_suffix(&suffix)?
                .parse()
                .ok()?;
            let go = entry.path().join("bin").join("go");
            go.is_file().then_some((patch, go))
        })
        .max_by_key(|(patch, _)| *patch)
        .map(|(_, go)| go)
}

/// The newest Python of `version` (`2.7`: any `2.7.N`) that pyenv installed, in
/// `$PYENV_ROOT/versions`, else `~/.pyenv/versions`: its `bin/python2.7`.
///
/// # Complexity
/// One read of the versions' folder.
fn pyenv_python(version: &str) -> Option<PathBuf> {
    let variable = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    let root = match (variable("PYENV_ROOT"), variable("HOME")) {
        (Some(root), _) => PathBuf::from(root),
        (None, Some(home)) => Path::new(&home).join(".pyenv"),
        (None, None) => return None,
    };
    let prefix = format!("{version}.");
    let entries = std::fs::read_dir(root.join("versions")).ok()?;
    entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let patch: u32 = name.strip_prefix(&prefix)?.parse().ok()?;
            let python = entry.path().join("bin").join(format!("python{version}"));
            python.is_file().then_some((patch, python))
        })
        .max_by_key(|(patch, _)| *patch)
        .map(|(_, python)| python)
}

/// The value of the profile's variable, when the user set one.
fn named(profile: &Profile) -> Option<OsString> {
    std::env::var_os(profile.variable).filter(|value| !value.is_empty())
}

/// What the located `command` says its version is, asked of `asked` (the executable it runs,
/// where that differs), and how that differs from the judge's.
pub fn found(profile: &Profile, command: OsString, asked: &OsStr) -> Found {
    let named = named(profile);
    let version = version_of(asked, profile.version);
    let (family, stated) = profile.stated;
    let judge = profile.judge;
    let of_family = version.family == family;
    let ours = of_family
        .then(|| compare_version(&version, stated))
        .flatten();
    let same = ours == Some(Ordering::Equal);
    let how = match named {
        Some(_) if profile.variable != "JAVA_HOME" => Some(ToolChoice::Variable {
            variable: profile.variable.to_string(),
            command: command.to_string_lossy().into_owned(),
            same,
        }),
        _ if same => None,
        _ if command == profile.tools[0]
            || named.is_some()
            || fetched(profile) == Some(command.clone()) =>
        {
            Some(ToolChoice::Judges)
        }
        _ => Some(ToolChoice::Instead {
            wanted: profile.tools[0].to_string(),
            command: command.to_string_lossy().into_owned(),
        }),
    };
    let differs = how.map(|how| Note::OtherTool {
        judge: judge.to_string(),
        family: family.to_string(),
        stated: stated.to_string(),
        version: version.clone(),
        how,
    });
    Found {
        command,
        version,
        differs,
        older: ours == Some(Ordering::Less) || (profile.stand_in && !of_family),
    }
}

/// What `command` says its version is (`clang` `19.1.7`, `gcc` `12.2.0`, `python` `3.11.7`);
/// its name and no number when it says nothing readable.
pub fn version_of(command: &OsStr, asked: AskVersion) -> Version {
    let name = Path::new(command)
        .file_name()
        .map_or_else(|| command.to_string_lossy(), |name| name.to_string_lossy())
        .into_owned();
    let flag = match asked {
        AskVersion::Flag(flag) => flag,
        AskVersion::OtpRelease => {
            return Version {
                family: "erlang".to_string(),
                number: otp_release(command),
            }
        }
    };
    let Ok(output) = Command::new(command).arg(flag).output() else {
        return Version {
            family: name,
            number: None,
        };
    };
    let text = String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
    let first = text.lines().next().unwrap_or_default();
    let family = match first.to_ascii_lowercase() {
        line if line.contains("clang") => "clang",
        line if line.contains("g++") || line.contains("gcc") || line.contains("cc (") => "gcc",
        line if line.contains("rustc") => "rustc",
        line if line.contains("python") => "python",
        line if line.contains("javac") || line.contains("openjdk") => "java",
        line if line.starts_with("go version") => "go",
        line if line.starts_with("version") => "typescript",
        line if line.starts_with('v') && name.contains("node") => "node",
        _ => name.as_str(),
    };
    match first.split_whitespace().find_map(version_number) {
        Some(number) => Version {
            family: family.to_string(),
            number: Some(number),
        },
        None => Version {
            family: name,
            number: None,
        },
    }
}

/// The OTP release of the Erlang installation `erlc` belongs to (`25.2.3`), from the
/// `releases/*/OTP_VERSION` file of the folder above its `bin/`.
fn otp_release(erlc: &OsStr) -> Option<String> {
    let real = std::fs::canonicalize(on_path_as(erlc)).ok()?;
    let releases = real.parent()?.parent()?.join("releases");
    std::fs::read_dir(releases)
        .ok()?
        .flatten()
        .find_map(|entry| std::fs::read_to_string(entry.path().join("OTP_VERSION")).ok())
        .map(|text| text.trim().to_string())
}

/// `12.2.0` from `12.2.0`, `go1.19.8` or `v20.1.0`; `None` for a word that holds no dotted
/// number.
fn version_number(word: &str) -> Option<String> {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let number: String = digits
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let number = number.trim_end_matches('.');
    (number.contains('.') && number.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| number.to_string())
}

/// How the number of `version` (`1.26.8`) compares with `stated` (`1.23`), on as many of
/// its parts as `stated` has: `Equal` for any `1.23.N`. `None` where either is not a dotted
/// number.
fn compare_version(version: &Version, stated: &str) -> Option<Ordering> {
    let parts = |text: &str| -> Option<Vec<u32>> {
        text.split('.').map(|part| part.parse().ok()).collect()
    };
    let ours = parts(version.number.as_deref()?)?;
    let theirs = parts(stated)?;
    let length = theirs.len().min(ours.len());
    Some(
        ours[..length]
            .cmp(&theirs[..length])
            .then(length.cmp(&theirs.len())),
    )
}

/// The stack a run gets, in kilobytes (as `ulimit -s` takes it), under a memory limit of
/// `memory` bytes.
pub fn stack_kilobytes(stack: Stack, memory: u64) -> u64 {
    match stack {
        Stack::Megabytes(megabytes) => megabytes << 10,
        Stack::MemoryLimit => (memory >> 10).max(8 << 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_from_each_tool_s_first_line() {
        let words = |line: &str| line.split_whitespace().find_map(version_number);
        assert_eq!(
            words("Debian clang version 19.1.7 (3~deb12u1)"),
            Some("19.1.7".into())
        );
        assert_eq!(
            words("g++ (Debian 12.2.0-14+deb12u1) 12.2.0"),
            Some("12.2.0".into())
        );
        assert_eq!(
            words("go version go1.19.8 linux/amd64"),
            Some("1.19.8".into())
        );
        assert_eq!(words("v20.20.2"), Some("20.20.2".into()));
        assert_eq!(words("Python 3"), None);
        let version = |number: Option<&str>| Version {
            family: "go".to_string(),
            number: number.map(String::from),
        };
        let compare = |number, stated| compare_version(&version(number), stated);
        assert_eq!(compare(Some("19.1.7"), "19"), Some(Ordering::Equal));
        assert_eq!(compare(Some("1.23.12"), "1.23"), Some(Ordering::Equal));
        assert_eq!(compare(Some("1.26.8"), "1.23"), Some(Ordering::Greater));
        assert_eq!(compare(Some("1.19.8"), "1.23"), Some(Ordering::Less));
        assert_eq!(compare(Some("17.0.15"), "21"), Some(Ordering::Less));
        assert_eq!(compare(None, "3"), None);
    }

    #[test]
    fn each_judge_builds_cpp_as_it_says() {
        let leetcode = profile(Judge::LeetCode, Language::Cpp).unwrap();
        assert_eq!(leetcode.tools[0], "clang++-19");
        assert_eq!(leetcode.standard, Some("c++23"));
        assert_eq!(leetcode.sanitizers, ["address"]);
        let oi = profile(Judge::Oi, Language::Cpp).unwrap();
        assert_eq!(oi.tools[0], "g++");
        assert_eq!(oi.standard, Some("c++14"));
        assert!(oi.sanitizers.is_empty());
        assert_eq!(stack_kilobytes(oi.stack, 512 << 20), 512 << 10);
    }
}
