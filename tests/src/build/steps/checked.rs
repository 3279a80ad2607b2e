//! The build steps that check a program without running any of it: Python's `main.py
//! --compile-only`, JavaScript's `node --check`, TypeScript's `tsc`, PHP's `php -l` and Ruby's
//! `ruby -c`, and the npm packages a Node solution needs, looked for as `require` would. Uses
//! [`super::step`], the harness's reading of a Node solution, [`crate::build::tools`] and the
//! table's `NODE_HINT`.

use super::step::Build;
use crate::build::built::{Built, ToolRun};
use crate::build::entry::Step;
use crate::build::entry::NODE_HINT;
use crate::build::error::{BuildError, FileDoing, Hint, Setup, Why};
use crate::build::harness;
use crate::build::judge;
use crate::build::languages::LANGUAGES;
use crate::build::tools::{node_env, python, tool};
use crate::sandbox::left_behind;
use std::process::Command;

impl Build<'_> {
    /// Python: `main.py --compile-only`, which reads the user's file as data, compiles it and
    /// looks for the class and method LeetCode calls in its syntax tree, never running it.
    /// A file it refuses that the judge's other Python compiles gets a hint of that.
    pub(in crate::build) fn python(&self) -> Result<Built, BuildError> {
        let run = self.tool_run(&[]);
        let mut command = Command::new(python(&self.tool()));
        command.arg(self.dir.join("main.py")).arg("--compile-only");
        let Some((status, text)) =
            self.attempt(&mut command, self.spec.tool.0, self.spec.tool.1)?
        else {
            return Ok(self.built(run));
        };
        let reason = self.reason(status, &self.messages(&text));
        let hints = self.other_python_compiles().into_iter().collect();
        Err(self.refused(&run, reason, hints))
    }

    /// The judge's other Python (2 for a Python 3 file, 3 for a Python 2 one), where it is
    /// found here and compiles the user's file: the likeliest cause of a refusal is then
    /// the extension (LeetCode's "Python" and "Python3" are two languages; `.py` is 3).
    /// Compiling runs none of the file.
    fn other_python_compiles(&self) -> Option<Hint> {
        let other = LANGUAGES
            .iter()
            .find(|spec| spec.step == Step::Python && spec.language != self.spec.language)?;
        let interpreter = judge::profile(self.profile.of, other.language)
            .and_then(|profile| judge::locate(&profile))?;
        let mut command = Command::new(python(&interpreter));
        command.arg("-c").arg(COMPILE_ONLY).arg(&self.first);
        self.succeeds(&mut command)
            .then_some(Hint::CompilesAs(other.language))
    }

    /// JavaScript: `node --check` (syntax) and, for a LeetCode solution, its function named
    /// somewhere in the user's text; TypeScript: `tsc`, whose types check that the harness's
    /// call finds the function. Then LeetCode's npm packages that the solution uses are looked
    /// for where `require` would find them. Nothing of the user's runs: a function defined in
    /// a way no text shows is found missing by the judged run, which says so.
    pub(in crate::build) fn node(&self, typed: bool) -> Result<Built, BuildError> {
        let args: Vec<String> = match typed {
            true => ["--target", "ES2022", "--strictFunctionTypes"]
                .map(String::from)
                .to_vec(),
            false => Vec::new(),
        };
        let run = self.tool_run(&args);
        if typed {
            left_behind::make_anew(&self.dir.join("tsconfig.json"), TSCONFIG.as_bytes())
                .map_err(|error| Setup::file(FileDoing::Write, "tsconfig.json", &error))?;
            let mut command = Command::new(self.tool());
            command.arg("--project").arg(self.dir).current_dir(self.dir);

            // tsc names files relative to where it runs: `solution.ts(2,11): error ...`.
            let path = &self.source.path;
            let named = |text: &str| text.replace("solution.ts(", &format!("{path}("));
            self.compile(command, self.spec.tool, &run, &named)?;
        } else {
            // The user's text alone first, so that an error found at its end (a brace left
            // open) names its own last line, not one of the harness's after it; then the
            // program as it runs, the harness appended.
            let yours = self.dir.join("yours.js");
            left_behind::make_anew(&yours, &self.source.bytes)
                .map_err(|error| Setup::file(FileDoing::Write, "yours.js", &error))?;
            let yours_named = yours.to_string_lossy().into_owned();
            let mut command = Command::new(tool("NODE", "node"));
            command.arg("--check").arg(&yours);
            let named = |text: &str| self.messages(&text.replace(&yours_named, &self.source.path));
            self.compile(command, NODE_HINT, &run, &named)?;
            let mut command = Command::new(tool("NODE", "node"));
            command.arg("--check").arg(self.dir.join("solution.js"));
            self.compile(command, NODE_HINT, &run, &|text| self.messages(text))?;
            let names: Vec<&str> = self.entry.into_iter().collect();
            if let Some(function) = self.first_unnamed(&names, false) {
                return Err(self.lacks(&run, self.unnamed(function, true)));
            }
        }
        self.node_packages(&run)?;
        Ok(self.built(run))
    }

    /// PHP, Ruby and Elixir: the interpreter's `check` of the user's file (`php -l`, `ruby -c`,
    /// Elixir's `Code.string_to_quoted!`: its syntax, none of it run), then for a LeetCode solution
    /// the method LeetCode calls named in its text (and PHP's `class Solution`), in any case with
    /// `ignore_case`. Anything else that is missing, the judged run finds.
    pub(in crate::build) fn script(
        &self,
        check: &[&str],
        ignore_case: bool,
    ) -> Result<Built, BuildError> {
        let run = self.tool_run(&[]);
        let mut command = Command::new(self.tool());
        command.args(check).arg(&self.first).current_dir(self.dir);
        self.compile(command, self.spec.tool, &run, &|text| self.messages(text))?;
        let Some(method) = self.entry else {
            return Ok(self.built(run));
        };
        let names = match ignore_case {
            true => vec!["Solution", method],
            false => vec![method],
        };
        if let Some(name) = self.first_unnamed(&names, ignore_case) {
            return Err(self.lacks(&run, self.unnamed(name, false)));
        }
        Ok(self.built(run))
    }

    /// The npm packages the solution needs ([`harness::node_packages_needed`]), each resolved
    /// by Node as `require` would from the build (our script, not the user's code): the first
    /// one missing is a refusal with no verdict, for the judge may have it.
    fn node_packages(&self, run: &ToolRun) -> Result<(), BuildError> {
        let needed = harness::node_packages_needed(self.source, self.entry.is_some());
        if needed.is_empty() {
            return Ok(());
        }
        let mut command = Command::new(tool("NODE", "node"));
        command
            .arg("-e")
            .arg(RESOLVE_PACKAGES)
            .args(needed.iter().map(|(package, _)| package))
            .envs(node_env(self.source))
            .current_dir(self.dir);
        let Some((_, text)) = self.attempt(&mut command, NODE_HINT.0, NODE_HINT.1)? else {
            return Ok(());
        };
        let missing = needed
            .iter()
            .find(|(package, _)| text.lines().any(|line| line == package));
        let Some((package, used)) = missing else {
            return Err(Setup::PackagesUnread(text).into());
        };
        let why = Why::PackageMissing {
            package: package.to_string(),
            used: used.clone(),
        };
        Err(self.refusal(run.clone(), why))
    }
}

/// TypeScript as LeetCode compiles it (TS 5.1: ES2022, strict function types), the
/// harness's globals declared in the file itself (no @types), and a source map so that
/// stack traces name the user's lines.
pub(in crate::build) const TSCONFIG: &str = r#"{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "commonjs",
    "strictFunctionTypes": true,
    "noEmitOnError": true,
    "sourceMap": true,
    "types": [],
    "pretty": false,
    "outDir": "."
  },
  "files": ["solution.ts"]
}
"#;

/// Node's script that prints each package named on its command line that `require` does not
/// find from its working directory (the build's) and `NODE_PATH`, and exits 1 if any.
const RESOLVE_PACKAGES: &str = "const missing = process.argv.slice(1).filter((name) => { \
     try { require.resolve(name); return false; } catch (error) { return true; } }); \
     for (const name of missing) console.log(name); process.exit(missing.length > 0 ? 1 : 0);";

/// A script both Pythons run that compiles the file named on its command line, read as
/// bytes as `python file` reads them, and runs none of it: exit 0 where it compiles.
const COMPILE_ONLY: &str =
    "import sys; path = sys.argv[1]; compile(open(path, 'rb').read(), path, 'exec')";
