//! The build step of C and C++: the judge's compiler, standard and sanitizers, the extra
//! checks where the program still builds with them, and the hints a refused program may need
//! (an older standard, a `static const` member, uthash). Uses [`super::step`] and the judges'
//! sanitizer names.

use super::step::Build;
use crate::build::built::Built;
use crate::build::error::BuildError;
use crate::build::judge;
use std::ffi::OsStr;
use std::process::Command;

impl Build<'_> {
    /// C or C++ as the judge builds it, with the extra checks where the program still builds
    /// with them: the judge's build alone decides whether it compiles.
    pub(in crate::build) fn c_family(&self, cpp: bool) -> Result<Built, BuildError> {
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

/// The C++ standards, newest first: a program refused under one may build under an older one.
const CPP_STANDARDS: &[&str] = &["c++23", "c++20", "c++17", "c++14", "c++11"];

/// The flags that come with any sanitizer: a report stops the program and names the lines.
const SANITIZER_FLAGS: &[&str] = &["-g", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];
