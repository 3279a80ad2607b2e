//! A build as the other layers see it: the options that ask for it ([`BuildOptions`]), and
//! what it gives back as facts ([`Built`]: the tool, its version, its arguments, the judge it
//! imitates, the sanitizers, and [`Note`]s), with the sandbox of its runs ([`BuildInfo`]).
//! The words of a report are the render layer's; nothing here writes or reads a sentence.
//! Uses the sandbox's [`SandboxFacts`] and nothing else of the crate.

use crate::sandbox::SandboxFacts;

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

/// What was judged and how: the build, and the isolation its runs had.
#[derive(Debug, Clone)]
pub struct BuildInfo {
    pub built: Built,
    pub sandbox: SandboxFacts,
}

/// A build as facts: the tool that made it (none for a command, run as given), and notes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Built {
    pub tool: Option<ToolRun>,
    pub notes: Vec<Note>,
}

/// What a tool says its version is: the family it names (`clang`, `gcc`, `python`), or its
/// own file name where it names none known, and the number (`19.1.7`), none where it says
/// nothing readable.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Version {
    pub family: String,
    pub number: Option<String>,
}

/// The tool a build ran, and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolRun {
    /// Its file name (`clang++-19`, `python3`).
    pub name: String,
    /// The version it reports (`clang`, `19.1.7`); no number where it says only its name.
    pub version: Version,
    /// The arguments that set the standard, the flags and the judge's sanitizers.
    pub args: Vec<String>,
    /// The standard or edition it built with (`c++23`, `2021`, `go1.23`), where one was set.
    pub standard: Option<String>,
    /// The judge whose build it imitates (`LeetCode`), and the language (`C++`).
    pub judge: String,
    pub language: String,
    /// The judge's tool family and version (`gcc`, `14`), where the one here is older.
    pub older_than: Option<(String, String)>,
    /// Whether the standard is the user's `--std`, not the judge's.
    pub yours: bool,
    /// The judge's sanitizers it built with, by their `-fsanitize=` names.
    pub sanitizers: Vec<String>,
    /// The checks it added beyond the judge's (`undefined`).
    pub extra_checks: Vec<String>,
    /// Whether `--no-sanitize` turned off sanitizers the judge runs.
    pub sanitizers_off: bool,
}

/// What a report notes about a build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// The tool is not the judge's own: `judge` states `family` `stated`; this one reports
    /// `version`, found as `how` says.
    OtherTool {
        judge: String,
        family: String,
        stated: String,
        version: Version,
        how: ToolChoice,
    },
    /// The compiler does not take the judge's standard (`-std=`) or edition: it built with
    /// `used`.
    OlderStandard {
        tool: String,
        edition: bool,
        judges: String,
        used: String,
        judge: String,
    },
    /// The extra checks were left out: the program builds as the judge builds it, not with
    /// them; `why` is the gist of the compiler's refusal.
    ExtraLeftOut {
        checks: Vec<String>,
        judge: String,
        why: String,
    },
    /// A sanitizer that cannot link on this machine under `compiler`.
    CannotLink { sanitizer: String, compiler: String },
    /// The extra checks made the program too slow: under them, the plan's `instance`-th test
    /// case ran past the limit (`cpu_millis` of CPU time against `limit_millis`), and it ended
    /// within the limit on `judge`'s own build, which the check then ran on.
    ExtraTooSlow {
        checks: Vec<String>,
        judge: String,
        instance: u64,
        cpu_millis: u64,
        limit_millis: u64,
    },
}

/// How the tool of a build was chosen, where it is not the judge's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolChoice {
    /// The user named it in `variable`; `same` when it is the judge's version anyway.
    Variable {
        variable: String,
        command: String,
        same: bool,
    },
    /// The judge's command, of another version.
    Judges,
    /// The judge's command (`wanted`) is missing; `command` stood in.
    Instead { wanted: String, command: String },
}

impl Built {
    /// A command, run as given: nothing built.
    pub fn command() -> Built {
        Built::default()
    }

    /// The extra checks the build added (`address`, `undefined`).
    pub fn extra_checks(&self) -> &[String] {
        self.tool.as_ref().map_or(&[], |tool| &tool.extra_checks)
    }

    /// Kept beside the build in the cache, so a cached build is named as it was made: a line
    /// a fact, its name and its values separated by tabs.
    pub(super) fn to_text(&self) -> String {
        let mut lines: Vec<Vec<String>> = Vec::new();
        let mut put = |key: &str, values: &[&str]| {
            let mut line = vec![key.to_string()];
            line.extend(values.iter().map(|value| value.replace(['\t', '\n'], " ")));
            lines.push(line);
        };
        if let Some(tool) = &self.tool {
            put("tool", &[&tool.name, &tool.judge, &tool.language]);
            // Written even without a number: the family alone still names the tool.
            let number = tool.version.number.as_deref().unwrap_or_default();
            put("version", &[&tool.version.family, number]);
            put(
                "args",
                &tool.args.iter().map(String::as_str).collect::<Vec<_>>(),
            );
            if let Some(standard) = &tool.standard {
                put("standard", &[standard, flag(tool.yours)]);
            }
            if let Some((family, stated)) = &tool.older_than {
                put("older_than", &[family, stated]);
            }
            put("sanitizers", &strs(&tool.sanitizers));
            put("extra_checks", &strs(&tool.extra_checks));
            put("sanitizers_off", &[flag(tool.sanitizers_off)]);
        }
        for note in &self.notes {
            match note {
                Note::OtherTool {
                    judge,
                    family,
                    stated,
                    version,
                    how,
                } => {
                    let number = version.number.as_deref().unwrap_or_default();
                    let start = [judge.as_str(), family, stated, &version.family, number];
                    match how {
                        ToolChoice::Variable {
                            variable,
                            command,
                            same,
                        } => put(
                            "note_variable",
                            &[&start[..], &[variable, command, flag(*same)]].concat(),
                        ),
                        ToolChoice::Judges => put("note_judges", &start),
                        ToolChoice::Instead { wanted, command } => {
                            put("note_instead", &[&start[..], &[wanted, command]].concat())
                        }
                    }
                }
                Note::OlderStandard {
                    tool,
                    edition,
                    judges,
                    used,
                    judge,
                } => put(
                    "note_standard",
                    &[tool, flag(*edition), judges, used, judge],
                ),
                Note::ExtraLeftOut { checks, judge, why } => {
                    put("note_left_out", &[judge, why, &checks.join(",")])
                }
                Note::CannotLink {
                    sanitizer,
                    compiler,
                } => put("note_cannot_link", &[sanitizer, compiler]),
                Note::ExtraTooSlow {
                    checks,
                    judge,
                    instance,
                    cpu_millis,
                    limit_millis,
                } => put(
                    "note_too_slow",
                    &[
                        judge,
                        &checks.join(","),
                        &instance.to_string(),
                        &cpu_millis.to_string(),
                        &limit_millis.to_string(),
                    ],
                ),
            }
        }
        let lines: Vec<String> = lines.iter().map(|line| line.join("\t")).collect();
        lines.join("\n")
    }

    /// The build [`Built::to_text`] kept; `None` for text it did not write.
    pub(super) fn from_text(text: &str) -> Option<Built> {
        let mut built = Built::default();
        for line in text.lines() {
            let fields: Vec<String> = line.split('\t').map(String::from).collect();
            let (key, values) = fields.split_first()?;
            let tool = built.tool.as_mut();
            match (key.as_str(), values, tool) {
                ("tool", [name, judge, language], _) => {
                    built.tool = Some(ToolRun {
                        name: name.clone(),
                        judge: judge.clone(),
                        language: language.clone(),
                        ..ToolRun::default()
                    })
                }
                ("version", [family, number], Some(tool)) => {
                    tool.version = Version {
                        family: family.clone(),
                        number: (!number.is_empty()).then(|| number.clone()),
                    }
                }
                ("args", args, Some(tool)) => tool.args = args.to_vec(),
                ("standard", [standard, yours], Some(tool)) => {
                    tool.standard = Some(standard.clone());
                    tool.yours = yours == "yes";
                }
                ("older_than", [family, stated], Some(tool)) => {
                    tool.older_than = Some((family.clone(), stated.clone()))
                }
                ("sanitizers", names, Some(tool)) => tool.sanitizers = names.to_vec(),
                ("extra_checks", names, Some(tool)) => tool.extra_checks = names.to_vec(),
                ("sanitizers_off", [off], Some(tool)) => tool.sanitizers_off = off == "yes",
                (kind, values, _) if kind.starts_with("note_") => {
                    built.notes.push(note_from(kind, values)?)
                }
                _ => return None,
            }
        }
        Some(built)
    }
}

fn flag(on: bool) -> &'static str {
    if on {
        "yes"
    } else {
        "no"
    }
}

fn strs(values: &[String]) -> Vec<&str> {
    values.iter().map(String::as_str).collect()
}

/// A note as [`Built::to_text`] kept it.
fn note_from(kind: &str, values: &[String]) -> Option<Note> {
    let other = |start: &[String], how: ToolChoice| match start {
        [judge, family, stated, version_family, number] => Some(Note::OtherTool {
            judge: judge.clone(),
            family: family.clone(),
            stated: stated.clone(),
            version: Version {
                family: version_family.clone(),
                number: (!number.is_empty()).then(|| number.clone()),
            },
            how,
        }),
        _ => None,
    };
    match (kind, values) {
        ("note_variable", [start @ .., variable, command, same]) => other(
            start,
            ToolChoice::Variable {
                variable: variable.clone(),
                command: command.clone(),
                same: same == "yes",
            },
        ),
        ("note_judges", start) => other(start, ToolChoice::Judges),
        ("note_instead", [start @ .., wanted, command]) => other(
            start,
            ToolChoice::Instead {
                wanted: wanted.clone(),
                command: command.clone(),
            },
        ),
        ("note_standard", [tool, edition, judges, used, judge]) => Some(Note::OlderStandard {
            tool: tool.clone(),
            edition: edition == "yes",
            judges: judges.clone(),
            used: used.clone(),
            judge: judge.clone(),
        }),
        ("note_left_out", [judge, why, checks]) => Some(Note::ExtraLeftOut {
            checks: checks.split(',').map(String::from).collect(),
            judge: judge.clone(),
            why: why.clone(),
        }),
        ("note_cannot_link", [sanitizer, compiler]) => Some(Note::CannotLink {
            sanitizer: sanitizer.clone(),
            compiler: compiler.clone(),
        }),
        ("note_too_slow", [judge, checks, instance, cpu, limit]) => Some(Note::ExtraTooSlow {
            checks: checks.split(',').map(String::from).collect(),
            judge: judge.clone(),
            instance: instance.parse().ok()?,
            cpu_millis: cpu.parse().ok()?,
            limit_millis: limit.parse().ok()?,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(family: &str, number: &str) -> Version {
        Version {
            family: family.to_string(),
            number: Some(number.to_string()),
        }
    }

    #[test]
    fn a_build_comes_back_from_the_cache_as_it_was_made() {
        let tool = ToolRun {
            name: "g++".to_string(),
            version: version("gcc", "12.2.0"),
            args: vec!["-std=c++14".to_string(), "-O2".to_string()],
            standard: Some("c++14".to_string()),
            judge: "NOI/Luogu".to_string(),
            language: "C++".to_string(),
            older_than: Some(("gcc".to_string(), "14".to_string())),
            yours: true,
            sanitizers: Vec::new(),
            extra_checks: vec!["address".to_string(), "undefined".to_string()],
            sanitizers_off: false,
        };
        let notes = vec![
            Note::OtherTool {
                judge: "LeetCode".to_string(),
                family: "clang".to_string(),
                stated: "19".to_string(),
                version: version("clang", "16.0.6"),
                how: ToolChoice::Variable {
                    variable: "CXX".to_string(),
                    command: "clang++-16".to_string(),
                    same: false,
                },
            },
            Note::OtherTool {
                judge: "LeetCode".to_string(),
                family: "node".to_string(),
                stated: "22".to_string(),
                // A tool that says no number is named by its file name.
                version: Version {
                    family: "node".to_string(),
                    number: None,
                },
                how: ToolChoice::Judges,
            },
            Note::OtherTool {
                judge: "LeetCode".to_string(),
                family: "clang".to_string(),
                stated: "19".to_string(),
                version: version("gcc", "12.2.0"),
                how: ToolChoice::Instead {
                    wanted: "clang++-19".to_string(),
                    command: "g++".to_string(),
                },
            },
            Note::OlderStandard {
                tool: "rustc".to_string(),
                edition: true,
                judges: "2024".to_string(),
                used: "2021".to_string(),
                judge: "LeetCode".to_string(),
            },
            Note::ExtraLeftOut {
                checks: vec!["address".to_string(), "undefined".to_string()],
                judge: "LeetCode".to_string(),
                why: "undefined reference to\t`x'".to_string(),
            },
            Note::CannotLink {
                sanitizer: "address".to_string(),
                compiler: "gcc".to_string(),
            },
            Note::ExtraTooSlow {
                checks: vec!["undefined".to_string()],
                judge: "LeetCode".to_string(),
                instance: 2715,
                cpu_millis: 3004,
                limit_millis: 3000,
            },
        ];
        let built = Built {
            tool: Some(tool),
            notes,
        };
        let mut kept = built.clone();
        if let Some(Note::ExtraLeftOut { why, .. }) = kept.notes.get_mut(4) {
            // A tab would end the field: it is kept as a space.
            *why = "undefined reference to `x'".to_string();
        }
        assert_eq!(Built::from_text(&built.to_text()), Some(kept));
        assert_eq!(
            Built::from_text(&Built::command().to_text()),
            Some(Built::command())
        );
        let numberless = Built {
            tool: Some(ToolRun {
                name: "node".to_string(),
                version: Version {
                    family: "node".to_string(),
                    number: None,
                },
                ..ToolRun::default()
            }),
            notes: Vec::new(),
        };
        assert_eq!(Built::from_text(&numberless.to_text()), Some(numberless));
        assert_eq!(
            Built::from_text("g++ (gcc 12.2.0), as LeetCode builds C++"),
            None
        );
    }
}
