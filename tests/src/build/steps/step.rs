//! One build in its directory (`Build`) and what every build step does with it: write the
//! files, run a tool in the sandbox, name the build as the report does, and turn a compiler's
//! messages into a compile error the user reads. The steps of each kind of language are
//! beside it; uses the harness's files, the judge's profile, the table's entry, the build's
//! types ([`crate::build::built`], [`crate::build::error`]), [`crate::build::tools`] and the
//! sandbox.

use crate::build::built::{BuildInfo, BuildOptions, Built, Note, ToolRun};
use crate::build::entry::Step;
use crate::build::error::{BuildError, FileDoing, Hint, Reason, Refusal, Setup, StepCause, Why};
use crate::build::harness::{self, Source};
use crate::build::judge::{Found, Profile};
use crate::build::languages::LanguageSpec;
use crate::build::tools::sandboxed_tool;
use crate::sandbox::binds::Bind;
use crate::sandbox::left_behind;
use crate::sandbox::places::on_path;
use crate::sandbox::{self, Isolation, StepError};
use std::ffi::OsString;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One build in its directory: the files written there, the user's source, the file the
/// compiler's messages name for the user's lines, the binary to make, and the judge's profile
/// with the tool found for it.
pub(in crate::build) struct Build<'b> {
    pub(in crate::build) files: &'b [harness::File],
    pub(in crate::build) source: &'b Source,
    pub(in crate::build) dir: &'b Path,
    pub(in crate::build) first: PathBuf,
    pub(in crate::build) binary: PathBuf,
    pub(in crate::build) profile: &'b Profile,
    pub(in crate::build) spec: &'b LanguageSpec,
    pub(in crate::build) found: Option<&'b Found>,
    pub(in crate::build) options: &'b BuildOptions,
    pub(in crate::build) isolation: Isolation,
    /// What the sandbox binds read-only besides the tools: the folders Node's `require`
    /// looks in.
    pub(in crate::build) roots: &'b [Bind],
    /// The function or method a LeetCode solution defines for LeetCode to call; none for a
    /// whole program.
    pub(in crate::build) entry: Option<&'b str>,
}

impl Build<'_> {
    /// Runs a build step sandboxed ([`sandbox::build_output`]): only the build's directory
    /// writable, the tool's own root readable (found from its resolved path).
    fn output(&self, command: &Command) -> Result<std::process::Output, StepError> {
        self.output_in(command, self.dir)
    }

    /// The same in `dir`, a directory of the cache's other than the build's own (where a
    /// step builds something of ours for the build to start from).
    pub(in crate::build) fn output_in(
        &self,
        command: &Command,
        dir: &Path,
    ) -> Result<std::process::Output, StepError> {
        let mut roots = self.roots.to_vec();
        let program = sandboxed_tool(command.get_program(), &mut roots);
        let mut resolved = Command::new(program);
        resolved.args(command.get_args());
        for (name, value) in command.get_envs() {
            if let Some(value) = value {
                resolved.env(name, value);
            }
        }
        resolved.current_dir(command.get_current_dir().unwrap_or(dir));
        sandbox::build_output(self.isolation, &resolved, dir, &roots, self.spec.etc)
    }

    /// Runs a compiler: `None` when it built, its exit status and messages when it did not.
    /// A compiler that cannot start, or that runs past [`sandbox::BUILD_TIME`], is a build
    /// error; one that spends [`sandbox::BUILD_CPU`] is the program's, as a judge's compile
    /// limit makes it.
    pub(in crate::build) fn attempt(
        &self,
        command: &mut Command,
        what: &str,
        hint: &str,
    ) -> Result<Option<(Option<i32>, String)>, BuildError> {
        let program = command.get_program().to_string_lossy().into_owned();
        let cannot_run = |cause| {
            BuildError::from(Setup::CannotRun {
                what: what.to_string(),
                program: program.clone(),
                cause,
            })
        };
        let output = self.output(command).map_err(|error| match error {
            StepError::Io(error) if error.kind() == ErrorKind::NotFound => Setup::ToolMissing {
                what: what.to_string(),
                program: program.clone(),
                hint: hint.to_string(),
            }
            .into(),
            StepError::Io(error) => cannot_run(StepCause::System(error.to_string())),
            StepError::Setup(error) => cannot_run(StepCause::Sandbox(error)),
            StepError::DirRefused { dir, why } => cannot_run(StepCause::DirRefused { dir, why }),
            StepError::PastTime => Setup::PastBuildTime {
                seconds: sandbox::BUILD_TIME.as_secs(),
                what: what.to_string(),
                program: program.clone(),
            }
            .into(),
            // The step's own arguments are its caller's: the tool and the judge name it.
            StepError::PastCpu => self.refusal(
                self.tool_run(&[]),
                Why::CompileLimit {
                    cpu_seconds: sandbox::BUILD_CPU.as_secs(),
                    what: what.to_string(),
                    program: program.clone(),
                },
            ),
            StepError::PastDisk(held) => self.refusal(
                self.tool_run(&[]),
                Why::BuildTooLarge {
                    held,
                    limit: sandbox::BUILD_DISK,
                    what: what.to_string(),
                    program: program.clone(),
                },
            ),
        })?;
        if output.status.success() {
            return Ok(None);
        }
        let text =
            String::from_utf8_lossy(&output.stderr) + String::from_utf8_lossy(&output.stdout);
        Ok(Some((output.status.code(), text.trim_end().to_string())))
    }

    /// Whether `command` runs and exits 0 (a probe of what a compiler takes).
    pub(in crate::build) fn succeeds(&self, command: &mut Command) -> bool {
        self.output(command)
            .is_ok_and(|output| output.status.success())
    }

    /// Writes the files to build into the directory, each made anew
    /// ([`left_behind::make_anew`]), as every file of ours written there is: an earlier step may
    /// have left anything at its name.
    pub(in crate::build) fn write(&self) -> Result<(), BuildError> {
        for (name, bytes) in self.files {
            let path = self.dir.join(name);
            left_behind::make_anew(&path, bytes)
                .map_err(|error| Setup::file(FileDoing::Write, &path, &error))?;
        }
        Ok(())
    }

    /// The compiler's text as the user reads it: their file's name for the build's.
    pub(in crate::build) fn messages(&self, text: &str) -> String {
        let dir = format!("{}/", self.dir.to_string_lossy());
        text.replace(&*self.first.to_string_lossy(), &self.source.path)
            .replace(&dir, "")
    }

    /// The tool found for the profile, or the judge's own when none was (its absence is then
    /// the build's error).
    pub(in crate::build) fn tool(&self) -> OsString {
        self.found.map_or_else(
            || self.profile.tools[0].into(),
            |found| found.command.clone(),
        )
    }

    /// The tool run with `args` as the report names it: its name and version, the judge,
    /// the user's `--std` (the standard, until the caller sets the one it used), and none of
    /// the sanitizers, which the caller adds.
    pub(in crate::build) fn tool_run(&self, args: &[String]) -> ToolRun {
        let tool = self.tool();
        let name = Path::new(&tool)
            .file_name()
            .unwrap_or(tool.as_os_str())
            .to_string_lossy()
            .into_owned();
        let (family, stated) = self.profile.stated;
        ToolRun {
            version: self
                .found
                .map(|found| found.version.clone())
                .unwrap_or_default(),
            name,
            args: args.to_vec(),
            standard: self.options.standard.clone(),
            judge: self.profile.judge.to_string(),
            language: self.spec.name.to_string(),
            older_than: self
                .found
                .filter(|found| found.older)
                .map(|_| (family.to_string(), stated.to_string())),
            yours: self.options.standard.is_some(),
            sanitizers: Vec::new(),
            extra_checks: Vec::new(),
            sanitizers_off: !self.options.sanitize && !self.profile.sanitizers.is_empty(),
        }
    }

    /// A build by `tool`, with the notes every build starts with.
    pub(in crate::build) fn built(&self, tool: ToolRun) -> Built {
        Built {
            tool: Some(tool),
            notes: self.notes(),
        }
    }

    /// The notes every build starts with: where the tool is not the judge's.
    pub(in crate::build) fn notes(&self) -> Vec<Note> {
        self.found
            .and_then(|found| found.differs.clone())
            .into_iter()
            .collect()
    }

    /// Runs a compiler; a compile error names the build and shows the first error.
    pub(in crate::build) fn compile(
        &self,
        mut command: Command,
        (what, hint): (&str, &str),
        tool: &ToolRun,
        messages: &dyn Fn(&str) -> String,
    ) -> Result<(), BuildError> {
        match self.attempt(&mut command, what, hint)? {
            None => Ok(()),
            Some((status, text)) => {
                let reason = self.reason(status, &messages(&text));
                Err(self.refused(tool, reason, Vec::new()))
            }
        }
    }

    /// A compile error of the build `tool`, for `reason`, with `hints`. From a tool older
    /// than the judge's it is no verdict, the judge's newer one may accept what this one
    /// refuses; unless the tool's first words name a mistake every version refuses (the
    /// language's `every_version_refuses`). For a compiler whose words would name only the
    /// harness's call (Kotlin, Scala, C#, Erlang), a method LeetCode calls that the user's text never names is said
    /// so instead; the other steps check names themselves, or their compilers name the
    /// method.
    pub(in crate::build) fn refused(
        &self,
        tool: &ToolRun,
        reason: Reason,
        hints: Vec<Hint>,
    ) -> BuildError {
        let harness_named = matches!(
            self.spec.step,
            Step::Jvm { .. } | Step::CSharp | Step::Erlang
        );
        let unnamed = self
            .entry
            .filter(|_| harness_named)
            .and_then(|entry| self.first_unnamed(&[entry], false));
        if let Some(name) = unnamed {
            return self.lacks(tool, self.unnamed(name, false));
        }
        // The first message only, and never a syntax error before it: a newer construct the
        // tool here cannot parse may be what leads to the words that follow.
        let every_version_refuses = match &reason {
            Reason::Messages { shown, .. } if !shown.contains("syntax error") => {
                let first = shown.lines().next().unwrap_or_default();
                let mut refuses = self.spec.every_version_refuses.iter();
                refuses.any(|words| first.contains(words))
            }
            _ => false,
        };
        match self
            .found
            .filter(|found| found.older && !every_version_refuses)
        {
            Some(found) => self.refusal(
                tool.clone(),
                Why::CannotJudge {
                    version: found.version.clone(),
                    reason,
                    hints,
                },
            ),
            None => self.refusal(tool.clone(), Why::DoesNotCompile { reason, hints }),
        }
    }

    /// The tool's messages as a reason to refuse: the first error, or all with `--verbose`,
    /// and the tool's `exit_status`.
    pub(in crate::build) fn reason(&self, exit_status: Option<i32>, text: &str) -> Reason {
        let (shown, more_lines) = readable(text, self.options.verbose);
        Reason::Messages {
            shown,
            more_lines,
            exit_status,
        }
    }

    /// The reason for a `name` the user's file never names (or, `function`, never defines as
    /// a function), which the judge calls.
    pub(in crate::build) fn unnamed(&self, name: &str, function: bool) -> Reason {
        Reason::Unnamed {
            file: self.source.path.clone(),
            name: name.to_string(),
            function,
        }
    }

    /// The first of `names` that the user's text never names (in any case, with
    /// `ignore_case`): surely not defined there.
    pub(in crate::build) fn first_unnamed<'n>(
        &self,
        names: &[&'n str],
        ignore_case: bool,
    ) -> Option<&'n str> {
        let unnamed = |name: &&str| !harness::mentions(self.source, name, ignore_case);
        names.iter().copied().find(unnamed)
    }

    /// The program refused by the build `tool` for what `reason` says it lacks, whatever the
    /// tool's version: a name it never defines, which no judge's compiler finds either.
    pub(in crate::build) fn lacks(&self, tool: &ToolRun, reason: Reason) -> BuildError {
        self.refusal(
            tool.clone(),
            Why::DoesNotCompile {
                reason,
                hints: Vec::new(),
            },
        )
    }

    /// The program refused by the build `tool`, as `why` says: the error names the build as a
    /// report would, with the notes every build starts with.
    pub(in crate::build) fn refusal(&self, tool: ToolRun, why: Why) -> BuildError {
        BuildError::Refused(Box::new(Refusal {
            build: BuildInfo {
                built: self.built(tool),
                sandbox: self.isolation.facts(),
            },
            why,
        }))
    }

    /// The tool, or a build error when it cannot be found.
    pub(in crate::build) fn present(
        &self,
        (what, hint): (&str, &str),
    ) -> Result<OsString, BuildError> {
        let tool = self.tool();
        if on_path(&tool) {
            Ok(tool)
        } else {
            Err(Setup::ToolMissing {
                what: what.to_string(),
                program: tool.to_string_lossy().into_owned(),
                hint: hint.to_string(),
            }
            .into())
        }
    }
}

/// How many lines of a compiler's messages a report shows without `--verbose`.
const MESSAGE_LINES: usize = 30;

/// The compiler's messages as a person reads them: the first error with its context, at most
/// [`MESSAGE_LINES`] lines, and how many more there are; all of them with `verbose`.
fn readable(text: &str, verbose: bool) -> (String, usize) {
    if verbose {
        return (text.to_string(), 0);
    }
    let lines: Vec<&str> = text.lines().collect();
    // A new diagnostic starts where a line (not the first) names an error again.
    let starts_error = |line: &str| {
        line.contains("error:") || line.contains("error[") || line.contains(": error TS")
    };
    let first_error = lines.iter().position(|line| starts_error(line));
    let next_error = first_error.and_then(|first| {
        lines[first + 1..]
            .iter()
            .position(|line| starts_error(line))
            .map(|at| first + 1 + at)
    });
    let shown = next_error.unwrap_or(lines.len()).min(MESSAGE_LINES);
    (lines[..shown].join("\n"), lines.len() - shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compile_errors_show_the_first_error_then_count_the_rest() {
        let text = "a.cpp: In function 'int main()':\na.cpp:3:5: error: one\n  3 | x\n\
                    a.cpp:4:5: error: two\n  4 | y";
        assert_eq!(
            readable(text, false),
            (
                "a.cpp: In function 'int main()':\na.cpp:3:5: error: one\n  3 | x".to_string(),
                2
            )
        );
        assert_eq!(readable(text, true), (text.to_string(), 0));
        let long: Vec<String> = (0..100).map(|at| format!("note {at}")).collect();
        let (shown, more) = readable(&format!("error: first\n{}", long.join("\n")), false);
        assert_eq!(shown.lines().count(), MESSAGE_LINES);
        assert_eq!(more, 71);
    }
}
