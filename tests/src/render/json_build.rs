//! A build in `--json`: its lines in words, and the same as facts (the tool that ran, its
//! version, arguments, standard, judge and sanitizers; the notes; the sandbox; why it refused
//! a program). Pure functions of the build's values.
//!
//! Uses `build::built`, `build::error`, `build::harness` (why a package is needed), `sandbox`
//! (its facts), and this layer's words of a build and JSON object.

use super::json_object::Object;
use crate::build::built::{BuildInfo, Built, Note, ToolChoice, Version};
use crate::build::error::{Hint, Reason, Why};
use crate::build::harness::PackageUse;
use crate::sandbox::SandboxFacts;

/// A build as `--json` gives it: its line, notes and sandbox in words, and the same as facts
/// (`tool`, `isolation`).
pub fn build(build: &BuildInfo) -> String {
    let mut object = Object::empty();
    object.string("line", &super::build::line(&build.built));
    let notes: Vec<String> = build.built.notes.iter().map(super::build::note).collect();
    object.strings("notes", &notes);
    object.string("sandbox", &super::build::sandbox(&build.sandbox));
    object.raw("tool", Some(tool(&build.built)));
    let notes: Vec<String> = build.built.notes.iter().map(note).collect();
    object.raw("note_facts", Some(format!("[{}]", notes.join(","))));
    let mut isolation = Object::empty();
    match &build.sandbox {
        SandboxFacts::Bubblewrap {
            version,
            control_group,
            process_limit,
            filters,
            disables_userns,
        } => {
            isolation.string("kind", "bubblewrap");
            isolation.optional("version", version.as_deref());
            isolation.boolean("control_group", *control_group);
            isolation.number("process_limit", *process_limit as f64);
            isolation.boolean("seccomp", *filters);
            isolation.boolean("userns_disabled", *disables_userns);
        }
        SandboxFacts::Unsandboxed => isolation.string("kind", "none"),
    }
    object.raw("isolation", Some(isolation.finish()));
    object.finish()
}

/// What a tool says its version is: `{"family": "clang", "number": "19.1.7"}`, the number
/// `null` where it says none.
fn version(version: &Version) -> String {
    let mut object = Object::empty();
    object.string("family", &version.family);
    object.optional("number", version.number.as_deref());
    object.finish()
}

/// The tool of a build as facts (`null` for a command, run as given).
pub fn tool(built: &Built) -> String {
    let Some(tool) = &built.tool else {
        return "null".to_string();
    };
    let mut object = Object::empty();
    object.string("name", &tool.name);
    object.raw(
        "version",
        tool.version
            .number
            .is_some()
            .then(|| version(&tool.version)),
    );
    object.strings("args", &tool.args);
    object.optional("standard", tool.standard.as_deref());
    object.boolean("your_standard", tool.yours);
    object.string("judge", &tool.judge);
    object.string("language", &tool.language);
    object.raw(
        "older_than",
        tool.older_than.as_ref().map(|(family, version)| {
            let mut older = Object::empty();
            older.string("family", family);
            older.string("version", version);
            older.finish()
        }),
    );
    object.strings("sanitizers", &tool.sanitizers);
    object.strings("extra_checks", &tool.extra_checks);
    object.boolean("sanitizers_off", tool.sanitizers_off);
    object.finish()
}

/// A note on a build as facts: its `kind` and what it names.
fn note(note: &Note) -> String {
    let mut object = Object::empty();
    match note {
        Note::OtherTool {
            judge,
            family,
            stated,
            version,
            how,
        } => {
            object.string("kind", "other_tool");
            object.string("judge", judge);
            object.string("family", family);
            object.string("judges_version", stated);
            object.raw("version", Some(self::version(version)));
            let mut chosen = Object::empty();
            match how {
                ToolChoice::Variable {
                    variable,
                    command,
                    same,
                } => {
                    chosen.string("by", "variable");
                    chosen.string("variable", variable);
                    chosen.string("command", command);
                    chosen.boolean("same_version", *same);
                }
                ToolChoice::Judges => chosen.string("by", "judges_command"),
                ToolChoice::Instead { wanted, command } => {
                    chosen.string("by", "instead");
                    chosen.string("missing", wanted);
                    chosen.string("command", command);
                }
            }
            object.raw("chosen", Some(chosen.finish()));
        }
        Note::OlderStandard {
            tool,
            edition,
            judges,
            used,
            judge,
        } => {
            object.string("kind", "older_standard");
            object.string("tool", tool);
            object.boolean("edition", *edition);
            object.string("judges", judges);
            object.string("used", used);
            object.string("judge", judge);
        }
        Note::ExtraLeftOut { checks, judge, why } => {
            object.string("kind", "extra_checks_left_out");
            object.strings("checks", checks);
            object.string("judge", judge);
            object.string("why", why);
        }
        Note::CannotLink {
            sanitizer,
            compiler,
        } => {
            object.string("kind", "cannot_link");
            object.string("sanitizer", sanitizer);
            object.string("compiler", compiler);
        }
        Note::ExtraTooSlow {
            checks,
            judge,
            instance,
            cpu_millis,
            limit_millis,
        } => {
            object.string("kind", "extra_checks_too_slow");
            object.strings("checks", checks);
            object.string("judge", judge);
            object.number("instance", *instance as f64);
            object.number("cpu_seconds", *cpu_millis as f64 / 1000.0);
            object.number("limit_seconds", *limit_millis as f64 / 1000.0);
        }
    }
    object.finish()
}

/// Why the build refused a program, as facts: `{"kind", ...}`, `kind` one of
/// `"does_not_compile"` and `"cannot_judge"` (with the version here that refused it), each
/// with its `reason` and `hints`; `"package_missing"` (an npm package not installed here, and
/// the global of it the solution uses, if that is why); `"compile_limit"` with the CPU seconds
/// it may spend.
pub fn refusal(why: &Why) -> String {
    let mut object = Object::empty();
    let (reason, hints) = match why {
        Why::DoesNotCompile { reason, hints } => {
            object.string("kind", "does_not_compile");
            (reason, hints)
        }
        Why::CannotJudge {
            version: here,
            reason,
            hints,
        } => {
            object.string("kind", "cannot_judge");
            object.raw("version", Some(version(here)));
            (reason, hints)
        }
        Why::PackageMissing { package, used } => {
            object.string("kind", "package_missing");
            object.string("package", package);
            let global = match used {
                PackageUse::Global(name) => Some(name.as_str()),
                PackageUse::Required => None,
            };
            object.optional("global", global);
            return object.finish();
        }
        Why::CompileLimit {
            cpu_seconds,
            what,
            program,
        } => {
            object.string("kind", "compile_limit");
            object.number("cpu_seconds", *cpu_seconds as f64);
            object.string("tool_kind", what);
            object.string("command", program);
            return object.finish();
        }
        Why::BuildTooLarge {
            held,
            limit,
            what,
            program,
        } => {
            object.string("kind", "build_too_large");
            object.number("bytes", held.bytes as f64);
            object.number("entries", held.entries as f64);
            object.number("limit_bytes", limit.bytes as f64);
            object.number("limit_entries", limit.entries as f64);
            object.string("tool_kind", what);
            object.string("command", program);
            return object.finish();
        }
    };
    let mut facts = Object::empty();
    match reason {
        Reason::Messages {
            shown,
            more_lines,
            exit_status,
        } => {
            facts.string("kind", "messages");
            facts.string("shown", shown);
            facts.number("more_lines", *more_lines as f64);
            facts.optional_number("exit_status", exit_status.map(f64::from));
        }
        Reason::Unnamed {
            file,
            name,
            function,
        } => {
            facts.string("kind", "unnamed");
            facts.string("file", file);
            facts.string("name", name);
            facts.boolean("function", *function);
        }
    }
    object.raw("reason", Some(facts.finish()));
    let hints: Vec<String> = hints.iter().map(hint).collect();
    object.raw("hints", Some(format!("[{}]", hints.join(","))));
    object.finish()
}

/// A hint for a refused program, as facts.
fn hint(hint: &Hint) -> String {
    let mut object = Object::empty();
    match hint {
        Hint::CompilesAs(language) => {
            object.string("kind", "compiles_as");
            object.string("language", language.name());
            let extensions: Vec<String> = language
                .spec()
                .extensions
                .iter()
                .map(|e| e.to_string())
                .collect();
            object.strings("extensions", &extensions);
        }
        Hint::Uthash => object.string("kind", "uthash"),
        Hint::StaticConstMember => object.string("kind", "static_const_member"),
        Hint::OlderStandard { older, used } => {
            object.string("kind", "older_standard");
            object.string("older", older);
            object.string("used", used);
        }
    }
    object.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages() -> Reason {
        Reason::Messages {
            shown: "a.cpp:3:1: error: expected ';'".to_string(),
            more_lines: 4,
            exit_status: Some(1),
        }
    }

    #[test]
    fn a_refusal_is_written_as_facts() {
        let global = Why::PackageMissing {
            package: "lodash".to_string(),
            used: PackageUse::Global("_".to_string()),
        };
        assert_eq!(
            refusal(&global),
            r#"{"kind":"package_missing","package":"lodash","global":"_"}"#
        );
        let required = Why::PackageMissing {
            package: "lodash".to_string(),
            used: PackageUse::Required,
        };
        assert_eq!(
            refusal(&required),
            r#"{"kind":"package_missing","package":"lodash","global":null}"#
        );
        let older = Why::CannotJudge {
            version: Version {
                family: "gcc".to_string(),
                number: Some("12.2.0".to_string()),
            },
            reason: messages(),
            hints: vec![Hint::OlderStandard {
                older: "c++17".to_string(),
                used: "c++20".to_string(),
            }],
        };
        assert_eq!(
            refusal(&older),
            concat!(
                r#"{"kind":"cannot_judge","version":{"family":"gcc","number":"12.2.0"},"#,
                r#""reason":{"kind":"messages","shown":"a.cpp:3:1: error: expected ';'","#,
                r#""more_lines":4,"exit_status":1},"#,
                r#""hints":[{"kind":"older_standard","older":"c++17","used":"c++20"}]}"#
            )
        );
        let unnamed = Why::DoesNotCompile {
            reason: Reason::Unnamed {
                file: "a.py".to_string(),
                name: "catMouseGame".to_string(),
                function: true,
            },
            hints: Vec::new(),
        };
        assert_eq!(
            refusal(&unnamed),
            concat!(
                r#"{"kind":"does_not_compile","reason":{"kind":"unnamed","file":"a.py","#,
                r#""name":"catMouseGame","function":true},"hints":[]}"#
            )
        );
        let limit = Why::CompileLimit {
            cpu_seconds: 30,
            what: "compiler".to_string(),
            program: "rustc".to_string(),
        };
        assert_eq!(
            refusal(&limit),
            r#"{"kind":"compile_limit","cpu_seconds":30,"tool_kind":"compiler","command":"rustc"}"#
        );
        let footprint = |bytes, entries| crate::sandbox::left_behind::Footprint { bytes, entries };
        let too_large = Why::BuildTooLarge {
            held: footprint(300 << 20, 12),
            limit: footprint(256 << 20, 10_000),
            what: "compiler".to_string(),
            program: "clang++-19".to_string(),
        };
        assert_eq!(
            refusal(&too_large),
            concat!(
                r#"{"kind":"build_too_large","bytes":314572800,"entries":12,"#,
                r#""limit_bytes":268435456,"limit_entries":10000,"tool_kind":"compiler","#,
                r#""command":"clang++-19"}"#
            )
        );
    }
}
