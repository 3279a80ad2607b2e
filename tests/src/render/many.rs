//! Several solutions checked side by side, in words and as JSON: the line as each check ends,
//! its JSON object, the table, the failures' reports as the summary shows them and the result
//! line. Pure functions of the checks' values; the driver (`driver/many.rs`) runs the checks
//! and prints what these return.
//!
//! Uses `outcome::verdict`, `problems::Problem`, `render::build`, `render::claims`,
//! `render::json`, `render::json_object`, `render::report`, `render::run`, `render::table`,
//! `search::error`, `text`.

use super::json::{self, SCHEMA_VERSION};
use super::json_object::Object;
use super::{build, claims, report, run, table};
use crate::outcome::verdict::{Outcome, Verdict, NOT_FINISHED};
use crate::problems::Problem;
use crate::search::error::CheckError;
use crate::text::shell_word;
use std::time::Duration;

/// How many lines of a failure's report the summary shows; past them, the command that
/// shows it whole. A report keeps to about a screen a part (the instance, the explanation),
/// 66 lines at most among the fixtures'; what runs past this is a compile error in full
/// (`--verbose`).
pub const REPORT_LINES: usize = 100;

/// A check that ended: its verdict and what the summary shows of it, rendered once as it
/// ends, as a single `--check` of the file would render it.
pub struct Checked {
    pub verdict: Verdict,
    /// The build in brief (`clang++-19 -std=c++23 -O2 -fsanitize=address`), or empty.
    pub build: String,
    /// The counterexample's size (`6 nodes, 6 edges`), or empty.
    pub size: String,
    pub seconds: f64,
    /// What a single `--check` of it prints: its report on stdout, or its `error:` line.
    pub report: String,
    /// What a single `--check --json` of it prints, without the line's end.
    pub json: String,
}

impl Checked {
    /// The check of problem `P` that ended with `result` after `took`.
    pub fn new<P: Problem>(result: Result<Outcome, CheckError>, took: Duration) -> Checked {
        let (build, size) = match &result {
            Ok(Outcome::Pass(pass) | Outcome::NotFinished(pass)) => {
                (build::brief(&pass.build.built), String::new())
            }
            Ok(Outcome::Fails(failed)) => (build::brief(&failed.build.built), claims::size(failed)),
            Err(CheckError::Refused(refusal)) => {
                (build::brief(&refusal.build.built), String::new())
            }
            Err(_) => (String::new(), String::new()),
        };
        let (report, json) = match &result {
            Ok(outcome) => (report::text(outcome), json::outcome(outcome)),
            Err(error) => (
                format!("error: {}\n", build::check_error(error)),
                json::error(P::BIN, error),
            ),
        };
        Checked {
            verdict: Verdict::of(&result),
            build,
            size,
            seconds: took.as_secs_f64(),
            report,
            json,
        }
    }
}

/// One solution as the summary shows it: its name as given, its language's name
/// (`command` for none), its verdict, and how its check stands: ended, or running for
/// `running_seconds`, or neither (not started).
pub struct Row<'a> {
    pub name: &'a str,
    pub language: &'a str,
    pub verdict: Verdict,
    pub ended: Option<&'a Checked>,
    pub running_seconds: Option<f64>,
}

/// The line printed as a check ends: `a.cpp ... wrong answer, 6 nodes, 6 edges (1.2 s)`.
pub fn ended_line(name: &str, checked: &Checked) -> String {
    let size = match checked.size.as_str() {
        "" => String::new(),
        size => format!(", {size}"),
    };
    format!(
        "{name} ... {}{size} ({:.1} s)",
        report::verdict_words(checked.verdict),
        checked.seconds
    )
}

/// The object `--json` prints for a solution: its verdict, the table's row, and what a
/// single `--check --json` of it prints (`null` for one that did not end).
pub fn json(row: &Row) -> String {
    let mut object = Object::empty();
    object.number("version", f64::from(SCHEMA_VERSION));
    object.string("solution", row.name);
    object.string("language", row.language);
    object.string("verdict", report::verdict_key(row.verdict));
    let filled = |text: &str| Some(text).filter(|text| !text.is_empty()).map(String::from);
    object.optional("build", row.ended.and_then(|c| filled(&c.build)).as_deref());
    object.optional("size", row.ended.and_then(|c| filled(&c.size)).as_deref());
    match row.ended {
        Some(checked) => object.number("seconds", checked.seconds),
        None => object.raw("seconds", None),
    }
    object.raw("check", row.ended.map(|checked| checked.json.clone()));
    object.finish()
}

/// The table of every solution, a row each.
pub fn table(rows: &[Row]) -> String {
    let mut table = vec![[
        "file",
        "language",
        "build",
        "verdict",
        "counterexample",
        "seconds",
    ]
    .map(String::from)
    .to_vec()];
    for row in rows {
        let seconds = match (row.ended, row.running_seconds) {
            (Some(checked), _) => format!("{:.1}", checked.seconds),
            (None, Some(seconds)) => format!("{seconds:.1}"),
            (None, None) => String::new(),
        };
        let (build, size) = row.ended.map_or((String::new(), String::new()), |checked| {
            (checked.build.clone(), checked.size.clone())
        });
        table.push(vec![
            row.name.to_string(),
            row.language.to_string(),
            build,
            report::verdict_words(row.verdict).to_string(),
            size,
            seconds,
        ]);
    }
    table::table(&table)
}

/// Each report of a check that ended other than a pass, under its file's name, as
/// [`shown`] cuts it; `given` are the options as the user wrote them, for the command that
/// checks one alone.
pub fn reports(rows: &[Row], bin: &str, given: &[String]) -> String {
    let mut text = String::new();
    for row in rows {
        let Some(checked) = row.ended.filter(|c| c.verdict != Verdict::Pass) else {
            continue;
        };
        text.push_str(&format!("\n---- {} ----\n", row.name));
        let alone = alone_command(bin, row.name, given);
        text.push_str(&shown(&checked.report, &alone));
    }
    text
}

/// The first line: `checking 5 solutions, 2 at a time`.
pub fn opening(solutions: usize, jobs: usize) -> String {
    format!(
        "checking {}, {jobs} at a time",
        count(solutions, "solution")
    )
}

/// Why the checks run one at a time although more were asked for.
pub const ONE_AT_A_TIME: &str = "note: one check at a time: as root without a control group, \
                                 every sandbox runs as one user, whose process limit the checks \
                                 would share";

/// The line before the summary that Ctrl-C prints.
pub const INTERRUPTED: &str =
    "interrupted (Ctrl-C): the checks still running end with this summary";

/// `count` things in words: `1 solution`, `3 solutions`.
fn count(count: usize, thing: &str) -> String {
    match count {
        1 => format!("1 {thing}"),
        _ => format!("{count} {thing}s"),
    }
}

/// The word of the result line for an exit status: `FAILED`, `NO VERDICT`, `NOT FINISHED`,
/// `ok`.
pub fn status_word(code: u8) -> &'static str {
    match code {
        1 => "FAILED",
        2 => "NO VERDICT",
        NOT_FINISHED => "NOT FINISHED",
        _ => "ok",
    }
}

/// The last line: `result: FAILED. 3 pass, 2 wrong answer; 5 solutions in 24.1 s, 2 at a
/// time (the checks' own times add up to 41.0 s)`.
pub fn result_line(status: &str, rows: &[Row], seconds: f64, jobs: usize) -> String {
    let mut counts: Vec<(Verdict, usize)> = Vec::new();
    for row in rows {
        match counts.iter_mut().find(|(seen, _)| *seen == row.verdict) {
            Some((_, count)) => *count += 1,
            None => counts.push((row.verdict, 1)),
        }
    }
    counts.sort_by_key(|(verdict, _)| *verdict as usize);
    let counted: Vec<String> = counts
        .iter()
        .map(|(verdict, count)| format!("{count} {}", report::verdict_words(*verdict)))
        .collect();
    let own = (rows.iter().filter_map(|row| row.ended)).fold(0.0, |sum, c| sum + c.seconds);
    format!(
        "result: {status}. {}; {} in {seconds:.1} s, {jobs} at a time (the checks' own times \
         add up to {own:.1} s)",
        counted.join(", "),
        count(rows.len(), "solution"),
    )
}

/// A report as the summary shows it: whole, or its first [`REPORT_LINES`] and the `command`
/// that shows it whole.
fn shown(report: &str, command: &str) -> String {
    let lines: Vec<&str> = report.lines().collect();
    if lines.len() <= REPORT_LINES {
        return report.to_string();
    }
    let mut shown: String = (lines.iter().take(REPORT_LINES))
        .map(|line| format!("{line}\n"))
        .collect();
    let more = lines.len() - REPORT_LINES;
    shown.push_str(&format!(
        "… {}: {command} shows it whole\n",
        run::more_lines(more)
    ));
    shown
}

/// The command that checks `solution` alone with the options `given` (`--jobs` left out).
fn alone_command(bin: &str, solution: &str, given: &[String]) -> String {
    let mut words = vec![
        format!("cargo run -q --bin {bin} -- --check"),
        shell_word(solution),
    ];
    let mut given = given.iter();
    while let Some(word) = given.next() {
        if word == "--jobs" {
            given.next();
            continue;
        }
        words.push(shell_word(word));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_report_is_cut_to_its_first_lines_and_the_command_that_shows_it() {
        let given: Vec<String> = ["--jobs", "2", "--seed", "7", "--std", "c++17"]
            .map(String::from)
            .to_vec();
        let command = alone_command("lc913", "my dir/a.cpp", &given);
        assert_eq!(
            command,
            "cargo run -q --bin lc913 -- --check 'my dir/a.cpp' --seed 7 --std c++17"
        );
        let short = "build: x\nyour answer: 1\n";
        assert_eq!(shown(short, &command), short);
        let long: String = (1..=REPORT_LINES + 3).map(|at| format!("{at}\n")).collect();
        let cut = shown(&long, &command);
        let lines: Vec<&str> = cut.lines().collect();
        assert_eq!(lines.len(), REPORT_LINES + 1);
        assert_eq!(lines[REPORT_LINES - 1], REPORT_LINES.to_string());
        assert_eq!(
            lines[REPORT_LINES],
            format!("… 3 more lines: {command} shows it whole")
        );
    }
}
