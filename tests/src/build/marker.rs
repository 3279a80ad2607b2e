//! The build cache's marker: a finished build's [`Built`] kept beside it, so that a cached
//! build is named as it was made. One codec: every fact of a build is described once, by the
//! fields it visits ([`facts`]), and the same description writes the marker and reads it
//! back. A line a fact: its key, then its fields, separated by tabs, each escaped.
//!
//! Uses `build::built`.
//!
//! # Complexity
//! Linear in the marker's size (a few hundred bytes).

use super::built::{Built, Note, ToolChoice, ToolRun, Version};

/// One field of a fact, borrowed to be written or filled in.
enum Field<'a> {
    Text(&'a mut String),
    Maybe(&'a mut Option<String>),
    Flag(&'a mut bool),
    Number(&'a mut u64),
    List(&'a mut Vec<String>),
    Pair(&'a mut Option<(String, String)>),
}

/// A fact of a build: its key in the marker, and the value whose fields [`fields`] visits.
enum Fact<'a> {
    Tool(&'a mut ToolRun),
    Note(&'a mut Note),
}

/// The marker's text for `built`.
pub(super) fn write(built: &Built) -> String {
    let mut built = built.clone();
    let mut lines = Vec::new();
    for (key, mut fact) in facts(&mut built) {
        let mut line = vec![key.to_string()];
        fields(&mut fact, &mut |field| line.push(encoded(field)));
        lines.push(line.join("\t"));
    }
    lines.join("\n")
}

/// The build a marker [`write`] made; `None` for text it did not make.
pub(super) fn read(text: &str) -> Option<Built> {
    let mut built = Built::default();
    for line in text.lines() {
        let mut columns = line.split('\t');
        let key = columns.next()?;
        let columns: Vec<&str> = columns.collect();
        let mut fact = blank(key)?;
        let mut at = 0;
        let mut fits = true;
        fields(&mut fact.as_fact(), &mut |field| {
            fits &= columns.get(at).is_some_and(|text| decoded(field, text));
            at += 1;
        });
        if !fits || at != columns.len() {
            return None;
        }
        match fact {
            Blank::Tool(tool) if built.tool.is_none() => built.tool = Some(tool),
            Blank::Note(note) => built.notes.push(note),
            Blank::Tool(_) => return None,
        }
    }
    Some(built)
}

/// Every fact of `built`, in the marker's order, with its key.
fn facts(built: &mut Built) -> Vec<(&'static str, Fact<'_>)> {
    let mut facts = Vec::new();
    if let Some(tool) = &mut built.tool {
        facts.push(("tool", Fact::Tool(tool)));
    }
    for note in &mut built.notes {
        facts.push((key(note), Fact::Note(note)));
    }
    facts
}

/// A note's key: its kind, and for another tool how it was chosen.
fn key(note: &Note) -> &'static str {
    match note {
        Note::OtherTool { how, .. } => match how {
            ToolChoice::Variable { .. } => "note_variable",
            ToolChoice::Judges => "note_judges",
            ToolChoice::Instead { .. } => "note_instead",
        },
        Note::OlderStandard { .. } => "note_standard",
        Note::ExtraLeftOut { .. } => "note_left_out",
        Note::CannotLink { .. } => "note_cannot_link",
        Note::ExtraTooSlow { .. } => "note_too_slow",
    }
}

/// A fact of the kind `key` names, its fields empty, to be filled in; `None` for a key no
/// marker has.
fn blank(key: &str) -> Option<Blank> {
    let text = String::new;
    let other = |how| Note::OtherTool {
        judge: text(),
        family: text(),
        stated: text(),
        version: Version::default(),
        how,
    };
    let note = match key {
        "tool" => return Some(Blank::Tool(ToolRun::default())),
        "note_variable" => other(ToolChoice::Variable {
            variable: text(),
            command: text(),
            same: false,
        }),
        "note_judges" => other(ToolChoice::Judges),
        "note_instead" => other(ToolChoice::Instead {
            wanted: text(),
            command: text(),
        }),
        "note_standard" => Note::OlderStandard {
            tool: text(),
            edition: false,
            judges: text(),
            used: text(),
            judge: text(),
        },
        "note_left_out" => Note::ExtraLeftOut {
            checks: Vec::new(),
            judge: text(),
            why: text(),
        },
        "note_cannot_link" => Note::CannotLink {
            sanitizer: text(),
            compiler: text(),
        },
        "note_too_slow" => Note::ExtraTooSlow {
            checks: Vec::new(),
            judge: text(),
            instance: 0,
            cpu_millis: 0,
            limit_millis: 0,
        },
        _ => return None,
    };
    Some(Blank::Note(note))
}

/// A fact being read: owned, until it joins the build.
enum Blank {
    Tool(ToolRun),
    Note(Note),
}

impl Blank {
    fn as_fact(&mut self) -> Fact<'_> {
        match self {
            Blank::Tool(tool) => Fact::Tool(tool),
            Blank::Note(note) => Fact::Note(note),
        }
    }
}

/// The one description of each fact: its fields, in order.
fn fields(fact: &mut Fact, visit: &mut dyn FnMut(Field)) {
    match fact {
        Fact::Tool(tool) => {
            visit(Field::Text(&mut tool.name));
            visit(Field::Text(&mut tool.judge));
            visit(Field::Text(&mut tool.language));
            visit(Field::Text(&mut tool.version.family));
            visit(Field::Maybe(&mut tool.version.number));
            visit(Field::List(&mut tool.args));
            visit(Field::Maybe(&mut tool.standard));
            visit(Field::Flag(&mut tool.yours));
            visit(Field::Pair(&mut tool.older_than));
            visit(Field::List(&mut tool.sanitizers));
            visit(Field::List(&mut tool.extra_checks));
            visit(Field::Flag(&mut tool.sanitizers_off));
        }
        Fact::Note(Note::OtherTool {
            judge,
            family,
            stated,
            version,
            how,
        }) => {
            visit(Field::Text(judge));
            visit(Field::Text(family));
            visit(Field::Text(stated));
            visit(Field::Text(&mut version.family));
            visit(Field::Maybe(&mut version.number));
            match how {
                ToolChoice::Variable {
                    variable,
                    command,
                    same,
                } => {
                    visit(Field::Text(variable));
                    visit(Field::Text(command));
                    visit(Field::Flag(same));
                }
                ToolChoice::Judges => {}
                ToolChoice::Instead { wanted, command } => {
                    visit(Field::Text(wanted));
                    visit(Field::Text(command));
                }
            }
        }
        Fact::Note(Note::OlderStandard {
            tool,
            edition,
            judges,
            used,
            judge,
        }) => {
            visit(Field::Text(tool));
            visit(Field::Flag(edition));
            visit(Field::Text(judges));
            visit(Field::Text(used));
            visit(Field::Text(judge));
        }
        Fact::Note(Note::ExtraLeftOut { checks, judge, why }) => {
            visit(Field::List(checks));
            visit(Field::Text(judge));
            visit(Field::Text(why));
        }
        Fact::Note(Note::CannotLink {
            sanitizer,
            compiler,
        }) => {
            visit(Field::Text(sanitizer));
            visit(Field::Text(compiler));
        }
        Fact::Note(Note::ExtraTooSlow {
            checks,
            judge,
            instance,
            cpu_millis,
            limit_millis,
        }) => {
            visit(Field::List(checks));
            visit(Field::Text(judge));
            visit(Field::Number(instance));
            visit(Field::Number(cpu_millis));
            visit(Field::Number(limit_millis));
        }
    }
}

/// A field as the marker writes it: text escaped so that no tab, line end or comma is left
/// in it (`%09`, `%0A`, `%0D`, `%2C`, and `%25` for `%` itself); `-` for an absent value or an
/// empty list and `+` before a present one or a list's items, joined by commas; `yes` or
/// `no`; a number in decimal.
fn encoded(field: Field) -> String {
    match field {
        Field::Text(text) => escaped(text),
        Field::Maybe(None) | Field::Pair(None) => "-".to_string(),
        Field::Maybe(Some(text)) => format!("+{}", escaped(text)),
        Field::Pair(Some((first, second))) => format!("+{},{}", escaped(first), escaped(second)),
        Field::Flag(on) => if *on { "yes" } else { "no" }.to_string(),
        Field::Number(number) => number.to_string(),
        Field::List(items) if items.is_empty() => "-".to_string(),
        Field::List(items) => {
            let items: Vec<String> = items.iter().map(|item| escaped(item)).collect();
            format!("+{}", items.join(","))
        }
    }
}

/// Fills `field` from the marker's `text`; false where the text is not such a field.
fn decoded(field: Field, text: &str) -> bool {
    // `-` for nothing, `+` before something: the optional fields and the lists.
    let present = match text {
        "-" => Some(None),
        _ => text.strip_prefix('+').map(Some),
    };
    let read = match field {
        Field::Text(value) => unescaped(text).map(|read| *value = read),
        Field::Maybe(value) => present.and_then(|rest| {
            *value = match rest {
                Some(rest) => Some(unescaped(rest)?),
                None => None,
            };
            Some(())
        }),
        Field::Pair(value) => present.and_then(|rest| {
            *value = match rest.map(|rest| rest.split_once(',')) {
                Some(Some((first, second))) => Some((unescaped(first)?, unescaped(second)?)),
                Some(None) => return None,
                None => None,
            };
            Some(())
        }),
        Field::List(value) => present.and_then(|rest| {
            *value = match rest {
                Some(rest) => rest.split(',').map(unescaped).collect::<Option<_>>()?,
                None => Vec::new(),
            };
            Some(())
        }),
        Field::Flag(value) => matches!(text, "yes" | "no").then(|| *value = text == "yes"),
        Field::Number(value) => text.parse().ok().map(|read| *value = read),
    };
    read.is_some()
}

fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\t' => out.push_str("%09"),
            '\n' => out.push_str("%0A"),
            '\r' => out.push_str("%0D"),
            ',' => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    out
}

/// The text [`escaped`] wrote; `None` for a `%` it never writes.
fn unescaped(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let code = rest.get(at + 1..at + 3)?;
        out.push(match code {
            "25" => '%',
            "09" => '\t',
            "0A" => '\n',
            "0D" => '\r',
            "2C" => ',',
            _ => return None,
        });
        rest = &rest[at + 3..];
    }
    out.push_str(rest);
    Some(out)
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

    /// Every fact comes back as it was made, a tab, a line end, a comma and a `%` in a field
    /// included; text a marker never holds is none.
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
                why: "undefined reference to\t`x', 100%\nof it\r".to_string(),
            },
            Note::CannotLink {
                sanitizer: "address".to_string(),
                compiler: "gcc".to_string(),
            },
            // A list of one empty item, and one that starts as an absent value is written.
            Note::ExtraLeftOut {
                checks: vec![String::new()],
                judge: "-".to_string(),
                why: "+".to_string(),
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
        let text = write(&built);
        assert_eq!(text.lines().count(), 9, "{text}");
        assert_eq!(read(&text), Some(built));
        assert_eq!(read(&write(&Built::command())), Some(Built::command()));
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
        assert_eq!(read(&write(&numberless)), Some(numberless));
        for foreign in [
            "g++ (gcc 12.2.0), as LeetCode builds C++",
            "tool\tg++",
            "note_cannot_link\taddress\tgcc\textra",
            "note_too_slow\tundefined\tLeetCode\tmany\t1\t1",
            "note_cannot_link\t100%\tgcc",
        ] {
            assert_eq!(read(foreign), None, "{foreign:?}");
        }
    }
}
