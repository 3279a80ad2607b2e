//! The build steps of the languages a compiler builds from the files as they are: Rust
//! (rustc, with the judge's edition or the newest it takes), Go (`go build`) and Java
//! (`javac`). Uses [`super::step`], [`crate::build::tools`] and the sandbox's cache folder.

use super::step::Build;
use crate::build::built::Built;
use crate::build::error::BuildError;
use crate::sandbox::places::cache_root;
use std::ffi::OsStr;
use std::process::Command;

impl Build<'_> {
    pub(in crate::build) fn rust(&self) -> Result<Built, BuildError> {
        let tool = self.spec.tool;
        let rustc = self.present(tool)?;
        let mut notes = self.notes();
        let edition = self.edition(&rustc, &mut notes)?;
        let mut args = vec!["--edition".to_string(), edition];
        args.extend(self.profile.flags.iter().map(|flag| flag.to_string()));
        let line = self.describe(&args, &[]);
        let mut command = Command::new(&rustc);
        command
            .args(&args)
            .arg("-o")
            .arg(&self.binary)
            .arg(&self.first);
        self.compile(command, tool, &line, &|text| self.messages(text))?;
        Ok(Built { line, notes })
    }

    /// The edition: the user's (`--std`), which must be one rustc takes, or the judge's, or
    /// the newest rustc takes when it lacks the judge's.
    fn edition(&self, rustc: &OsStr, notes: &mut Vec<String>) -> Result<String, BuildError> {
        let takes = |edition: &str| self.takes_edition(rustc, edition);
        if let Some(chosen) = &self.options.standard {
            return if takes(chosen) {
                Ok(chosen.clone())
            } else {
                Err(BuildError::new(format!(
                    "--std {chosen}: {} does not take --edition {chosen}",
                    rustc.to_string_lossy()
                )))
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
        notes.push(format!(
            "{} does not take edition {judges}, which {} uses; built with edition {newest}",
            rustc.to_string_lossy(),
            self.profile.judge
        ));
        Ok(newest.to_string())
    }

    /// Whether `rustc` takes `edition`, probed in the build's directory.
    fn takes_edition(&self, rustc: &OsStr, edition: &str) -> bool {
        let probe = self.dir.join("edition_probe.rs");
        std::fs::write(&probe, "").is_ok()
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
        let line = self.describe(&lang, &[]);
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
        // Go needs a build cache; without HOME it has no default.
        if std::env::var_os("GOCACHE").is_none() && std::env::var_os("HOME").is_none() {
            command.env("GOCACHE", cache_root().join("go-cache"));
        }
        self.compile(command, self.spec.tool, &line, &|text| self.messages(text))?;
        Ok(self.built(line))
    }

    pub(in crate::build) fn java(&self) -> Result<Built, BuildError> {
        // For the judge's Java (`--release 21`: its language and its library, nothing
        // newer), where this javac knows it: an older one does not.
        let older = self.found.is_some_and(|found| found.older);
        let release: Vec<String> = (self.profile.standard)
            .filter(|_| !older)
            .map(|version| vec!["--release".to_string(), version.to_string()])
            .unwrap_or_default();
        let line = self.describe(&release, &[]);
        let javac = self.tool();
        // A comment in GBK is no UTF-8: read such a file byte for byte.
        let encoding = if self.source.is_utf8() {
            "UTF-8"
        } else {
            "ISO-8859-1"
        };
        let mut command = Command::new(javac);
        command
            .args(&release)
            .args(["-encoding", encoding])
            .args(self.profile.flags)
            .arg("-d")
            .arg(self.dir);
        for (name, _) in self.files {
            command.arg(self.dir.join(name));
        }
        self.compile(command, self.spec.tool, &line, &|text| self.messages(text))?;
        Ok(self.built(line))
    }
}

/// The Rust editions, newest first.
const RUST_EDITIONS: &[&str] = &["2024", "2021", "2018"];
