//! A build as the other layers see it: the options that ask for it ([`BuildOptions`]), and
//! what it gives back, the line and notes that name it in a report ([`Built`], [`BuildInfo`]).
//! Uses the judges' sanitizer names ([`super::judge`]) and nothing else of the crate.

use super::judge;

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

/// What was judged and how: the build's line and notes, and the isolation its runs had.
#[derive(Debug, Clone, Default)]
pub struct BuildInfo {
    pub line: String,
    pub notes: Vec<String>,
    pub sandbox: String,
}

/// A build as the report names it: one line, and notes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Built {
    pub line: String,
    pub notes: Vec<String>,
}

impl Built {
    /// Kept beside the build in the cache, so a cached build is named as it was made.
    pub(super) fn to_text(&self) -> String {
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

    pub(super) fn from_text(text: &str) -> Built {
        let mut lines = text.lines().map(String::from);
        Built {
            line: lines.next().unwrap_or_default(),
            notes: lines.collect(),
        }
    }
}

/// Every sanitizer a judge runs or `--check` adds, by the name `-fsanitize=` takes.
const SANITIZERS: [&str; 2] = ["address", "undefined"];

/// What a build's line says before the extra checks it added.
pub(super) const EXTRA_CHECKS: &str = "; extra checks: ";

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
}
