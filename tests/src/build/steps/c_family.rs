//! The build step of C and C++: the judge's compiler, standard and sanitizers, the extra
//! checks where the program still builds with them, and the hints a refused program may need
//! (an older standard, a `static const` member, uthash). Uses [`super::step`] and the judges'
//! sanitizer names.

use super::step::Build;
use crate::build::built::{Built, Note, ToolRun};
use crate::build::cache;
use crate::build::error::{BuildError, FileDoing, Hint, Setup};
use crate::build::harness::CPP_PRELUDE_HEADER;
use crate::problems::Judge;
use crate::sandbox::left_behind;
use crate::sandbox::places::{cores, on_path_as};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

impl Build<'_> {
    /// C or C++ as the judge builds it, with the extra checks where the program still builds
    /// with them: the judge's build alone decides whether it compiles.
    ///
    /// The first build has every check asked for, unprobed: where it links, each of them links
    /// here. Only a refusal asks which of them link ([`Self::c_sanitizers`], an empty program
    /// linked with each, about 0.15 s of CPU apiece), and a refused build whose checks all
    /// link is not run again.
    pub(in crate::build) fn c_family(&self, cpp: bool) -> Result<Built, BuildError> {
        let tool = self.spec.tool;
        let compiler = self.present(tool)?;
        let mut notes = self.notes();
        let standard = self.c_standard(cpp, &compiler, &mut notes)?;
        let args = |sanitizers: &[&str]| {
            let mut args = vec![format!("-std={standard}")];
            args.extend(self.profile.flags.iter().map(|flag| flag.to_string()));
            if !sanitizers.is_empty() {
                args.push(format!("-fsanitize={}", sanitizers.join(",")));
            }
            args
        };
        let command = |flags: &[String]| {
            let mut command = Command::new(&compiler);
            command.args(flags);
            command.arg("-o").arg(&self.binary).arg(&self.first);
            if !cpp {
                command.arg("-lm");
            }
            command
        };
        let named = |names: &[&str]| names.iter().map(|name| name.to_string()).collect();
        let tool_run = |sanitizers: &[&str], extra: &[&str]| ToolRun {
            standard: Some(standard.clone()),
            sanitizers: named(sanitizers),
            extra_checks: named(extra),
            ..self.tool_run(&args(sanitizers))
        };
        let (wanted, wanted_extra) = self.c_checks_wanted();
        let every: Vec<&str> = wanted.iter().chain(wanted_extra).copied().collect();
        // Without extra checks, the first build is the judge's, and decides.
        let first = match every.is_empty() {
            true => None,
            false => match self.compile_c(cpp, &args(&every), &command, wanted_extra.is_empty())? {
                None => {
                    return Ok(Built {
                        tool: Some(tool_run(wanted, wanted_extra)),
                        notes,
                    })
                }
                refused => refused,
            },
        };
        let (sanitizers, extra) = self.c_sanitizers(cpp, &compiler, &mut notes);
        // The first build stands for the one with the checks that link, where they all do.
        let first = first.filter(|_| sanitizers == wanted && extra == wanted_extra);
        let build = |checks: &[&str], decides: bool| match &first {
            Some(refused) if checks == every.as_slice() => Ok(Some(refused.clone())),
            _ => self.compile_c(cpp, &args(checks), &command, decides),
        };
        let with_extra: Vec<&str> = sanitizers.iter().chain(&extra).copied().collect();
        let extra_failed = match extra.is_empty() {
            true => None,
            false => match build(&with_extra, false)? {
                None => {
                    return Ok(Built {
                        tool: Some(tool_run(&sanitizers, &extra)),
                        notes,
                    })
                }
                refused => refused,
            },
        };
        let run = tool_run(&sanitizers, &[]);
        match build(&sanitizers, true)? {
            None => {
                if let Some((_, text)) = extra_failed {
                    notes.push(left_out(&extra, &self.messages(&text), self.profile.judge));
                }
                Ok(Built {
                    tool: Some(run),
                    notes,
                })
            }
            Some((status, text)) => {
                Err(self.c_refused(cpp, (&compiler, &standard), &run, (status, &text)))
            }
        }
    }

    /// Runs the compiler with `args` (the standard, the flags, the sanitizers), its command
    /// line made by `command` from them and [`SANITIZER_FLAGS`] where it sanitizes, as
    /// [`Build::attempt`] does. A build that reads LeetCode's prelude precompiled
    /// ([`Build::precompiled_prelude`]) makes the same program without parsing its header
    /// again, and the same messages, except where they show the header "included from": clang
    /// then names `<built-in>`, not the user's file. Where a refusal that names `<built-in>`
    /// `decides` the build, the program is built again without it, and that build says what is
    /// refused and how. A refusal in which clang finds the header unfit ([`HEADER_AT_FAULT`]),
    /// or one the build without it overturns, was the header's fault: it is removed, to be
    /// made anew, and the build goes on without it.
    fn compile_c(
        &self,
        cpp: bool,
        args: &[String],
        command: &dyn Fn(&[String]) -> Command,
        decides: bool,
    ) -> Result<Option<(Option<i32>, String)>, BuildError> {
        let tool = self.spec.tool;
        let mut flags = args.to_vec();
        if args.iter().any(|arg| arg.starts_with("-fsanitize")) {
            flags.extend(SANITIZER_FLAGS.iter().map(|flag| flag.to_string()));
        }
        let Some(kept) = self.precompiled_prelude(cpp, &flags) else {
            return self.attempt(&mut command(&flags), tool.0, tool.1);
        };
        let copy = self.dir.join(PRELUDE_PCH);
        let with_header = left_behind::copy_anew(&kept.join(PRELUDE_PCH), &copy).map(|_| {
            let mut with_header = command(&flags);
            with_header.arg("-include-pch").arg(&copy);
            self.attempt(&mut with_header, tool.0, tool.1)
        });
        left_behind::remove_if_there(&copy)
            .map_err(|error| Setup::file(FileDoing::Remove, &copy, &error))?;
        let refused = match with_header {
            // Not copied: built as if there were none.
            Err(_) => return self.attempt(&mut command(&flags), tool.0, tool.1),
            Ok(Ok(Some(refused))) => refused,
            Ok(ended) => return ended,
        };
        let at_fault = HEADER_AT_FAULT.iter().any(|said| refused.1.contains(said));
        let shown_otherwise = decides && refused.1.contains("<built-in>");
        if !at_fault && !shown_otherwise {
            return Ok(Some(refused));
        }
        let without = self.attempt(&mut command(&flags), tool.0, tool.1)?;
        if at_fault || without.is_none() {
            let _ = left_behind::remove_tree(&kept);
        }
        Ok(without)
    }

    /// LeetCode's C++ prelude ([`CPP_PRELUDE_HEADER`]) precompiled by clang with `flags`, as
    /// LeetCode's own build does: the folder in the cache that holds it ([`cache::ours`]),
    /// made once for each compiler and set of flags. Every build under both sanitizers spends
    /// about 1.5 of its 2.3 s of CPU parsing that header; with it, 0.8 s in all. None for C, a
    /// whole program (its includes are its own), or another compiler than clang, and where it
    /// cannot be made.
    ///
    /// The header is made from `/dev/null` with the prelude's header included, never from a
    /// file of ours: clang checks, at every use, that each file a precompiled header was made
    /// from is still there, unchanged, and a build's sandbox sees the system's headers and
    /// `/dev/null`, nothing of the cache's.
    fn precompiled_prelude(&self, cpp: bool, flags: &[String]) -> Option<PathBuf> {
        let clang = self.found?.version.family == "clang";
        if !cpp || !clang || self.profile.of != Judge::LeetCode || self.entry.is_none() {
            return None;
        }
        let compiler = self.tool();
        let key = (CPP_PRELUDE_HEADER, compiler_stamp(&compiler), flags);
        let made = |private: &Path| {
            let mut command = Command::new(&compiler);
            command
                .args(flags)
                .args([
                    "-x",
                    "c++-header",
                    "/dev/null",
                    "-include",
                    CPP_PRELUDE_HEADER,
                ])
                .arg("-o")
                .arg(private.join(PRELUDE_PCH))
                .current_dir(private);
            self.output_in(&command, private)
                .is_ok_and(|output| output.status.success())
        };
        cache::ours("cxx-prelude", key, made)
    }

    /// The judge's sanitizers and the extra checks asked for (both empty with
    /// `--no-sanitize`), whether they link here or not.
    fn c_checks_wanted(&self) -> (&'static [&'static str], &'static [&'static str]) {
        if !self.options.sanitize {
            return (&[], &[]);
        }
        let extra_checks = match self.options.without_extra_checks {
            true => &[],
            false => self.profile.extra_checks,
        };
        (self.profile.sanitizers, extra_checks)
    }

    /// Of [`Self::c_checks_wanted`], the sanitizers and the extra checks that link here;
    /// what was left out goes into `notes`.
    fn c_sanitizers(
        &self,
        cpp: bool,
        compiler: &OsStr,
        notes: &mut Vec<Note>,
    ) -> (Vec<&'static str>, Vec<&'static str>) {
        let (wanted, wanted_extra) = self.c_checks_wanted();
        let sanitizers = self.linkable(cpp, compiler, wanted, &[], notes);
        let extra = self.linkable(cpp, compiler, wanted_extra, &sanitizers, notes);
        (sanitizers, extra)
    }

    /// The compile error of a C or C++ build `tool`: the compiler's exit status and messages
    /// (`text`), and the hints that fit (an older standard, a `static const` member, uthash).
    fn c_refused(
        &self,
        cpp: bool,
        (compiler, standard): (&OsStr, &str),
        tool: &ToolRun,
        (status, text): (Option<i32>, &str),
    ) -> BuildError {
        let text = self.messages(text);
        let mut hints = Vec::new();
        if !cpp && text.contains("UT_hash_handle") {
            hints.push(Hint::Uthash);
        }
        hints.extend(self.hints(cpp, compiler, standard, &text));
        self.refused(tool, self.reason(status, &text), hints)
    }

    /// The standard: the user's (`--std`), which the compiler must take, or the judge's, or
    /// the newest the compiler takes when it lacks the judge's.
    fn c_standard(
        &self,
        cpp: bool,
        compiler: &OsStr,
        notes: &mut Vec<Note>,
    ) -> Result<String, BuildError> {
        let takes = |standard: &str| {
            let mut command = Command::new(compiler);
            command.arg(format!("-std={standard}")).args([
                "-fsyntax-only",
                "-x",
                if cpp { "c++" } else { "c" },
                "/dev/null",
            ]);
            self.remembered(compiler, &command)
        };
        let name = compiler.to_string_lossy();
        if let Some(chosen) = &self.options.standard {
            return if takes(chosen) {
                Ok(chosen.clone())
            } else {
                Err(Setup::StdRefused {
                    chosen: chosen.clone(),
                    tool: name.into_owned(),
                    edition: false,
                }
                .into())
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
        notes.push(Note::OlderStandard {
            tool: name.into_owned(),
            edition: false,
            judges: judges.to_string(),
            used: newest.to_string(),
            judge: self.profile.judge.to_string(),
        });
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
        notes: &mut Vec<Note>,
    ) -> Vec<&'static str> {
        if wanted.is_empty() {
            return Vec::new();
        }
        // Not remembered: the runtimes are packages of their own, which may go while the
        // compiler stays.
        let probe = self.dir.join(if cpp { "probe.cpp" } else { "probe.c" });
        if left_behind::make_anew(&probe, b"int main(void) { return 0; }\n").is_err() {
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
                notes.push(Note::CannotLink {
                    sanitizer: sanitizer.to_string(),
                    compiler: compiler.to_string_lossy().into_owned(),
                });
            }
        }
        kept.split_off(with.len())
    }

    /// Whether `compiler` takes `command`, a probe of a standard on an empty input, which
    /// only the compiler's own file decides: one that succeeded is kept in the cache
    /// ([`cache::ours`]) under that file (its path, size and time) and the probe's arguments,
    /// and not run again; one that failed is run at every build.
    fn remembered(&self, compiler: &OsStr, command: &Command) -> bool {
        let args: Vec<&OsStr> = command.get_args().collect();
        let key = (compiler_stamp(compiler), &args);
        // Whether the probe succeeded, apart from whether it could be kept.
        let succeeded = std::cell::Cell::new(false);
        let probe = |private: &Path| {
            let mut command = Command::new(compiler);
            command.args(&args).current_dir(private);
            let ran = self.output_in(&command, private);
            succeeded.set(ran.is_ok_and(|output| output.status.success()));
            succeeded.get()
        };
        let kept = cache::ours("takes", key, probe);
        kept.is_some() || succeeded.get()
    }

    /// What a refused C or C++ program may need to hear: that an older standard takes it, or
    /// how to define a `static const` member the linker misses.
    fn hints(&self, cpp: bool, compiler: &OsStr, standard: &str, text: &str) -> Vec<Hint> {
        let mut hints = Vec::new();
        // The member itself is what is missing, not a function a member calls.
        if text.contains("undefined reference to `Solution::") {
            hints.push(Hint::StaticConstMember);
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
        // A program that compiles and fails to link has no quarrel with the standard. The
        // linker runs only once the program has compiled, and says so when it fails (clang's
        // "linker command failed", gcc's "ld returned"): where neither is said, the program did
        // not compile, known without a probe (a quoted source line that says it only costs
        // the probe).
        let linker_ran = text.contains("linker command failed") || text.contains("ld returned");
        if !cpp || (linker_ran && compiles(standard)) {
            return hints;
        }
        // An include of a file the compiler cannot find stops the build under every standard:
        // where it looks does not depend on the standard (only an include that the standard
        // itself selects, under `#if __cplusplus`, escapes this, and then the hint is missed).
        let missing_include = text.lines().any(|line| {
            line.contains("fatal error: ")
                && (line.ends_with("file not found") || line.ends_with("No such file or directory"))
        });
        if missing_include {
            return hints;
        }
        let older: Vec<&str> = CPP_STANDARDS
            .iter()
            .skip_while(|known| **known != standard)
            .skip(1)
            .copied()
            .collect();
        // As many probes at once as there are cores, newest first, each a sandbox on the one
        // build directory (which `-fsyntax-only` writes nothing to): most refused programs
        // compile under none, so all run, up to four of about 1.5 s each; a batch with one
        // that compiles ends the search. At most that many compilers, each bound in memory,
        // run at a time.
        let mut newest = None;
        for batch in older.chunks(cores().max(1)) {
            let compiled: Vec<bool> = std::thread::scope(|scope| {
                let probes: Vec<_> = batch
                    .iter()
                    .map(|older| scope.spawn(move || compiles(older)))
                    .collect();
                probes
                    .into_iter()
                    .map(|probe| {
                        probe
                            .join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect()
            });
            newest = batch.iter().zip(compiled).find(|(_, compiles)| *compiles);
            if newest.is_some() {
                break;
            }
        }
        if let Some((older, _)) = newest {
            hints.push(Hint::OlderStandard {
                older: older.to_string(),
                used: standard.to_string(),
            });
        }
        hints
    }
}

/// The note for extra checks the program does not build with, while the judge's build takes
/// it: which, and the gist of why (the symbol the linker missed, or the first error).
fn left_out(extra: &[&str], text: &str, judge: &str) -> Note {
    let why = ["undefined reference to", "error:"]
        .iter()
        .find_map(|mark| text.find(mark).map(|at| &text[at..]))
        .unwrap_or(text);
    let why = why.lines().next().unwrap_or_default().trim();
    Note::ExtraLeftOut {
        checks: extra.iter().map(|name| name.to_string()).collect(),
        judge: judge.to_string(),
        why: crate::text::cut(why, 120),
    }
}

/// The C++ standards, newest first: a program refused under one may build under an older one.
const CPP_STANDARDS: &[&str] = &["c++23", "c++20", "c++17", "c++14", "c++11"];

/// The precompiled prelude's file name, in the cache and, for the build that reads it, in
/// the build's directory (removed once it has built).
const PRELUDE_PCH: &str = "prelude.pch";

/// What clang says where a precompiled header is not fit to use (its file named, or its checks
/// of the compiler, the options and the files it was made from): the header's fault.
const HEADER_AT_FAULT: &[&str] = &[PRELUDE_PCH, "PCH file", "precompiled header", "AST file"];

/// A compiler's file, as a cache key holds it: its path (found on `PATH`), size and time, so
/// that another build of the same version is another compiler.
fn compiler_stamp(compiler: &OsStr) -> (PathBuf, Option<(u64, Option<std::time::SystemTime>)>) {
    let file = on_path_as(compiler);
    let stamp = std::fs::metadata(&file)
        .ok()
        .map(|meta| (meta.len(), meta.modified().ok()));
    (file, stamp)
}

/// The flags that come with any sanitizer: a report stops the program and names the lines.
const SANITIZER_FLAGS: &[&str] = &["-g", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];
