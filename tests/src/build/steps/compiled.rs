//! The build steps of the languages a compiler builds from the files as they are: Rust (rustc, with
//! the judge's edition or the newest it takes), Go (`go build`), Java (`javac`), Kotlin and Scala
//! (`kotlinc`, `scalac`, with their runtime's jars beside the classes), C# (Mono's `mcs`) and
//! Erlang (`erlc`). Uses [`super::step`], [`crate::build::tools`], the harness's Rust root and the
//! sandbox's cache folder.

use super::step::Build;
use crate::build::built::{Built, Note, ToolRun};
use crate::build::cache::ours;
use crate::build::error::{BuildError, FileDoing, Setup};
use crate::build::harness::{standard_packages_program, RUST_ROOT};
use crate::sandbox::left_behind;
use crate::sandbox::places::on_path_as;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The name of a Go build's own build cache (`GOCACHE`) in its directory, and of the standard
/// packages' in theirs.
const GO_CACHE: &str = "gocache";

impl Build<'_> {
    pub(in crate::build) fn rust(&self) -> Result<Built, BuildError> {
        let tool = self.spec.tool;
        let rustc = self.present(tool)?;
        let mut notes = self.notes();
        let edition = self.edition(&rustc, &mut notes)?;
        let mut args = vec!["--edition".to_string(), edition.clone()];
        args.extend(self.profile.flags.iter().map(|flag| flag.to_string()));
        // A LeetCode solution's root is the harness, which includes the user's file; a whole
        // program is its own.
        let harnessed = self.files.iter().any(|(name, _)| *name == RUST_ROOT);
        let root = match harnessed {
            true => self.dir.join(RUST_ROOT),
            false => self.first.clone(),
        };
        let mut command = Command::new(&rustc);
        command.args(&args).arg("-o").arg(&self.binary).arg(&root);
        // rustc writes the paths of a panic's place into the binary: the user's file as they
        // named it (`mine.rs:7:69`) and the harness's by its own name, never the build's
        // directory. rustc splits a remap at its last `=`, so a user's path with one is left
        // to `messages`, as the build's directory is then; the last remap that matches wins.
        if !self.source.path.contains('=') {
            let dir = self.dir.to_string_lossy();
            command.arg("--remap-path-prefix").arg(format!("{dir}/="));
            let first = self.first.to_string_lossy();
            let mine = format!("{first}={}", self.source.path);
            command.arg("--remap-path-prefix").arg(mine);
        }
        let run = ToolRun {
            standard: Some(edition),
            ..self.tool_run(&args)
        };
        self.compile(command, tool, &run, &|text| self.messages(text))?;
        Ok(Built {
            tool: Some(run),
            notes,
        })
    }

    /// The edition: the user's (`--std`), which must be one rustc takes, or the judge's, or
    /// the newest rustc takes when it lacks the judge's.
    fn edition(&self, rustc: &OsStr, notes: &mut Vec<Note>) -> Result<String, BuildError> {
        let takes = |edition: &str| self.takes_edition(rustc, edition);
        if let Some(chosen) = &self.options.standard {
            return if takes(chosen) {
                Ok(chosen.clone())
            } else {
                Err(Setup::StdRefused {
                    chosen: chosen.clone(),
                    tool: rustc.to_string_lossy().into_owned(),
                    edition: true,
                }
                .into())
            };
        }
        let judges = self.profile.standard.unwrap_or("2021");
        if takes(judges) {
            return Ok(judges.to_string());
        }
        let newest = RUST_EDITIONS
            .iter()
            .find(|edition| takes(edition))
            .unwrap_or(&"2015");
        notes.push(Note::OlderStandard {
            tool: rustc.to_string_lossy().into_owned(),
            edition: true,
            judges: judges.to_string(),
            used: newest.to_string(),
            judge: self.profile.judge.to_string(),
        });
        Ok(newest.to_string())
    }

    /// Whether `rustc` takes `edition`, probed in the build's directory.
    fn takes_edition(&self, rustc: &OsStr, edition: &str) -> bool {
        let probe = self.dir.join("edition_probe.rs");
        left_behind::make_anew(&probe, b"").is_ok()
            && self.succeeds(
                Command::new(rustc)
                    .args(["--edition", edition, "--crate-type", "lib", "--emit"])
                    .arg("metadata")
                    .arg("--out-dir")
                    .arg(self.dir)
                    .arg(&probe),
            )
    }

    pub(in crate::build) fn go(&self) -> Result<Built, BuildError> {
        // The judge's language version (`-lang=go1.23`: a newer go refuses what came after
        // it, as the judge's does), where this go knows it: an older one does not.
        let older = self.found.is_some_and(|found| found.older);
        let lang: Vec<String> = (self.profile.standard)
            .filter(|_| !older)
            .map(|version| format!("-gcflags=-lang={version}"))
            .into_iter()
            .collect();
        let run = ToolRun {
            standard: self.profile.standard.filter(|_| !older).map(String::from),
            ..self.tool_run(&lang)
        };
        let mut command = Command::new(self.tool());
        command
            .arg("build")
            .args(&lang)
            .arg("-o")
            .arg(&self.binary)
            .args(self.files.iter().map(|(name, _)| self.dir.join(name)))
            .current_dir(self.dir)
            // The toolchain found is the one to build with: no switch to another.
            .env("GOTOOLCHAIN", "local");
        // The build's own Go build cache, in its directory: a copy of the standard packages'
        // (`go_standard_cache`), then whatever this build adds, which is the user's and goes
        // with it, before the build is kept. No build reads another's.
        let cache = self.dir.join(GO_CACHE);
        if let Some(standard) = self.go_standard_cache() {
            let owner = self.isolation.user().map(|user| (user.uid, user.gid));
            let _ = left_behind::copy_tree_anew(&standard, &cache, owner);
        }
        command.env("GOCACHE", &cache);
        let compiled = self.compile(command, self.spec.tool, &run, &|text| self.messages(text));
        left_behind::remove_if_there(&cache)
            .map_err(|error| Setup::file(FileDoing::Remove, &cache, &error))?;
        compiled?;
        Ok(self.built(run))
    }

    /// The Go build cache of the standard packages a solution may use, for the toolchain
    /// found: made on its first use by building [`standard_packages_program`] (ours) as any
    /// build is made, in a directory of its own, and kept in the cache as a build is (pruned
    /// when unused). Each Go build starts from a copy, so the standard library is compiled
    /// once, not at every build. `None` where it cannot be made: the build then compiles
    /// what it needs itself.
    fn go_standard_cache(&self) -> Option<PathBuf> {
        let version = self.found.map(|found| format!("{:?}", found.version));
        let key = ("go standard packages", self.tool(), version);
        let made = |private: &Path| {
            let program = private.join("standard.go");
            let mut command = Command::new(self.tool());
            command
                .args(["build", "-o"])
                .arg(private.join("standard"))
                .arg(&program)
                .current_dir(private)
                .env("GOTOOLCHAIN", "local")
                .env("GOCACHE", private.join(GO_CACHE));
            left_behind::make_anew(&program, standard_packages_program().as_bytes()).is_ok()
                && self
                    .output_in(&command, private)
                    .is_ok_and(|output| output.status.success())
        };
        let done = ours("go-std", key, made)?;
        Some(done.join(GO_CACHE))
    }

    pub(in crate::build) fn java(&self) -> Result<Built, BuildError> {
        // For the judge's Java (`--release 21`: its language and its library, nothing
        // newer), where this javac knows it: an older one does not.
        let older = self.found.is_some_and(|found| found.older);
        let release: Vec<String> = (self.profile.standard)
            .filter(|_| !older)
            .map(|version| vec!["--release".to_string(), version.to_string()])
            .unwrap_or_default();
        let run = ToolRun {
            standard: self.profile.standard.filter(|_| !older).map(String::from),
            ..self.tool_run(&release)
        };
        let javac = self.tool();
        // A comment in GBK is no UTF-8: read such a file byte for byte.
        let encoding = if self.source.is_utf8() {
            "UTF-8"
        } else {
            "ISO-8859-1"
        };
        let mut args: Vec<OsString> = release.iter().map(OsString::from).collect();
        args.extend(["-encoding", encoding].map(OsString::from));
        args.extend(self.profile.flags.iter().map(OsString::from));
        args.extend(["-d".into(), self.dir.into()]);
        self.compile_files(&javac, &args, &run, &|text| self.messages(text))?;
        Ok(self.built(run))
    }
}

impl Build<'_> {
    /// Runs `compiler` with `args` and then every file of the build, in its directory: a
    /// compile error names the build `tool`, its messages as `messages` makes them.
    fn compile_files(
        &self,
        compiler: &OsStr,
        args: &[OsString],
        tool: &ToolRun,
        messages: &dyn Fn(&str) -> String,
    ) -> Result<(), BuildError> {
        let mut command = Command::new(compiler);
        command
            .args(args)
            .args(self.files.iter().map(|(name, _)| self.dir.join(name)))
            .current_dir(self.dir);
        self.compile(command, self.spec.tool, tool, messages)
    }

    /// Kotlin or Scala: the `runtime` jars (named by the start of their names) copied from the
    /// compiler's `lib/` into the build's directory, so that the run needs nothing of the
    /// compiler's, then the compiler to classes beside them. The jars go in first: a Scala macro
    /// runs the user's code inside `scalac`, which may leave anything at their names, and
    /// nothing is copied after that (what it leaves is its run's to load, in the sandbox).
    pub(in crate::build) fn jvm(&self, runtime: &[&str]) -> Result<Built, BuildError> {
        let run = self.tool_run(&[]);
        let compiler = self.present(self.spec.tool)?;
        let lib = std::fs::canonicalize(on_path_as(&compiler))
            .ok()
            .and_then(|real| Some(real.parent()?.parent()?.join("lib")));
        for name in runtime {
            let jar = lib.as_deref().and_then(|lib| runtime_jar(lib, name));
            let Some(jar) = jar else {
                return Err(Setup::NoJar {
                    name: name.to_string(),
                    compiler: compiler.to_string_lossy().into_owned(),
                }
                .into());
            };
            let copy = self.dir.join(format!("{name}.jar"));
            left_behind::copy_anew(&jar, &copy)
                .map_err(|error| Setup::file(FileDoing::Copy, &jar, &error))?;
        }
        let mut args: Vec<OsString> = self.profile.flags.iter().map(OsString::from).collect();
        args.extend(["-d".into(), self.dir.into()]);
        self.compile_files(&compiler, &args, &run, &|text| self.messages(text))?;
        Ok(self.built(run))
    }

    /// Erlang: `erlc -o` the build's directory, the user's module and the harness's.
    pub(in crate::build) fn erlang(&self) -> Result<Built, BuildError> {
        let run = self.tool_run(&[]);
        // erlc names the file as it runs beside it (`solution.erl:3:5: ...`).
        let messages = |text: &str| {
            let user = format!("{}:", self.source.path);
            let lines = self.messages(text);
            let named = lines
                .lines()
                .map(|line| match line.strip_prefix("solution.erl:") {
                    Some(rest) => format!("{user}{rest}"),
                    None => line.to_string(),
                });
            named.collect::<Vec<_>>().join("\n")
        };
        let args = ["-o".into(), self.dir.into()];
        self.compile_files(&self.tool(), &args, &run, &messages)?;
        Ok(self.built(run))
    }

    /// C#: Mono's `mcs` to `solution.exe`.
    pub(in crate::build) fn csharp(&self) -> Result<Built, BuildError> {
        let run = self.tool_run(&[]);
        let mut args: Vec<OsString> = self.profile.flags.iter().map(OsString::from).collect();
        let mut out = OsString::from("-out:");
        out.push(self.dir.join("solution.exe"));
        args.push(out);
        self.compile_files(&self.tool(), &args, &run, &|text| self.messages(text))?;
        Ok(self.built(run))
    }
}

/// The jar in `lib` whose name is `name`, maybe with a version (`kotlin-stdlib.jar`,
/// `kotlin-stdlib-2.1.10.jar`, as a distribution names it): `name` then `.jar` or `-` and a
/// digit.
fn runtime_jar(lib: &Path, name: &str) -> Option<PathBuf> {
    let entries = std::fs::read_dir(lib).ok()?;
    entries.flatten().map(|entry| entry.path()).find(|path| {
        let file = path
            .file_name()
            .and_then(|file| file.to_str())
            .unwrap_or("");
        file.strip_prefix(name).is_some_and(|rest| {
            rest == ".jar"
                || (rest.ends_with(".jar")
                    && rest.starts_with('-')
                    && rest[1..].starts_with(|c: char| c.is_ascii_digit()))
        })
    })
}

/// The Rust editions, newest first.
const RUST_EDITIONS: &[&str] = &["2024", "2021", "2018"];
