//! The text report of an outcome: what a terminal shows of a pass or a counterexample, cut
//! to a screen where it would run on. A pure function of the outcome.
//!
//! Uses `build::built`, `outcome::verdict`, `text`; beside it, this layer's words (`build`,
//! `claims`, `diagnosis`, `page::frame`, `plan`, `run`).

use super::page::frame::page_error_words;
use crate::build::built::BuildInfo;
use crate::outcome::verdict::{Failed, NextSteps, Outcome, PageWritten, Reported, Verdict};
use crate::search::options::Progress;
use crate::search::session::Printout;
use crate::text::shell_word;

/// How many lines of the explanation (and of a saved instance) a report shows: one screen.
pub const WHY_LINES: usize = 40;
/// How many lines of the program's own prints a report quotes.
pub const PRINTED_LINES: usize = 8;

/// The text report.
pub fn text(outcome: &Outcome) -> String {
    let mut text = String::new();
    match outcome {
        Outcome::Pass(pass) | Outcome::NotFinished(pass) => {
            let finished = matches!(outcome, Outcome::Pass(_));
            build_text(&mut text, &pass.build);
            line(&mut text, &super::plan::summary(pass, finished));
            for warning in super::run::warnings(&pass.unreproduced) {
                line(&mut text, &warning);
            }
            if let Some(slowest) = &pass.margins.slowest {
                line(
                    &mut text,
                    &super::run::slowest_line(slowest, pass.margins.time_limit),
                );
            }
            let memory =
                super::run::memory_line(pass.margins.most_seen_held, pass.margins.memory_limit);
            line(&mut text, &memory);
            let extra = pass.build.built.extra_checks();
            if !extra.is_empty()
                && (pass.margins.slowest.is_some() || pass.margins.most_seen_held > 0)
            {
                line(
                    &mut text,
                    &format!(
                        "(time and memory measured under the extra checks {}, which the judge \
                         does not run)",
                        super::build::sanitizer_names(extra)
                    ),
                );
            }
            if let Some(printed) = super::run::printed_line(&pass.printed, pass.runs) {
                line(&mut text, &printed);
            }
            for family in super::plan::families(&pass.plan) {
                line(&mut text, &family);
            }
        }
        Outcome::Fails(failed) => failed_text(&mut text, failed),
    }
    text
}

/// A verdict's names, the one vocabulary of every output: its key in `--json`, one file's and
/// each of several files' (`wrong_answer`), and its words in the table of several files and
/// its result line (`wrong answer`).
fn verdict_names(verdict: Verdict) -> (&'static str, &'static str) {
    match verdict {
        Verdict::Pass => ("pass", "pass"),
        Verdict::WrongAnswer => ("wrong_answer", "wrong answer"),
        Verdict::TooSlow => ("too_slow", "too slow"),
        Verdict::Crash => ("crash", "crash"),
        Verdict::Flaky => ("flaky", "flaky"),
        Verdict::CompileError => ("compile_error", "compile error"),
        Verdict::Error => ("error", "error"),
        Verdict::Interrupted => ("interrupted", "interrupted"),
        Verdict::NotRun => ("not_run", "not run"),
        Verdict::NotFinished => ("not_finished", "not finished"),
    }
}

/// The progress line of a terminal, drawn over the one before: how far the plan has run, or
/// once its runs ended, nothing (the line cleared).
pub fn progress_line(progress: Progress) -> String {
    match progress {
        Progress::Ran { done, planned } => format!("\r\x1b[K{done} of {planned} instances"),
        Progress::Ended => "\r\x1b[K".to_string(),
    }
}

/// A verdict as `--json` names it (`wrong_answer`).
pub fn verdict_key(verdict: Verdict) -> &'static str {
    verdict_names(verdict).0
}

/// A verdict in words (`wrong answer`).
pub fn verdict_words(verdict: Verdict) -> &'static str {
    verdict_names(verdict).1
}

fn line(text: &mut String, line: &str) {
    text.push_str(line);
    text.push('\n');
}

fn build_text(text: &mut String, build: &BuildInfo) {
    line(
        text,
        &format!("build: {}", super::build::line(&build.built)),
    );
    for note in &build.built.notes {
        line(text, &format!("note: {}", super::build::note(note)));
    }
    line(
        text,
        &format!("sandbox: {}", super::build::sandbox(&build.sandbox)),
    );
}

/// `text`, cut to one screen ([`WHY_LINES`]) when `rest` says where the rest is: given how
/// many lines were left out, the line that says so.
fn screen(out: &mut String, text: &str, rest: Option<&dyn Fn(usize) -> String>) {
    let lines: Vec<&str> = text.lines().collect();
    let cut = rest.is_some() && lines.len() > WHY_LINES;
    for shown in lines.iter().take(if cut { WHY_LINES } else { lines.len() }) {
        line(out, shown);
    }
    if let Some(rest) = rest.filter(|_| cut) {
        line(out, &format!("… {}", rest(lines.len() - WHY_LINES)));
    }
}

fn failed_text(text: &mut String, failed: &Failed) {
    build_text(text, &failed.build);
    line(text, &super::claims::header(failed));
    let saved = (failed.next.saved.as_ref()).map(|saved| shell_word(&saved.path.to_string_lossy()));
    let sequence = match &failed.reported {
        Reported::Sequence {
            instances,
            failing,
            passes_alone,
        } => {
            for instance in instances {
                line(text, instance.trim_end());
            }
            Some((*failing, *passes_alone))
        }
        Reported::Instance { instance, .. } => {
            let rest = saved.as_ref().map(|path| {
                move |more| {
                    format!(
                        "{}: the whole instance is in {path}",
                        super::run::more_lines(more)
                    )
                }
            });
            let rest = rest.as_ref().map(|rest| rest as &dyn Fn(usize) -> String);
            screen(text, instance.trim_end(), rest);
            None
        }
    };
    line(text, &super::run::yours_line(&failed.yours));
    let explained = &failed.explained;
    if let Some(judge_would) = &explained.judge_would {
        line(text, &super::build::judge_would(judge_would));
    }
    let (rerun, explain) = commands(&failed.next);
    if failed.too_slow.is_some() {
        // Slow is not wrong: no answer to set against the right one, no line of play.
        if let Some(rerun) = &rerun {
            line(text, &format!("rerun it: {rerun}"));
        }
        for warning in super::run::warnings(&failed.ran.unreproduced) {
            line(text, &warning);
        }
        line(text, &super::claims::caught(failed));
        return;
    }
    let expected = match sequence {
        Some(_) => format!("expected:     {}", failed.expected.join(" ")),
        None => format!("expected:    {}", failed.expected.concat()),
    };
    line(text, &expected);
    if let Some((failing, true)) = sequence {
        line(text, &super::run::passes_alone(failing));
    }
    printed_text(text, &failed.printed);
    if let Some(diagnosis) = &explained.diagnosis {
        for shown in super::diagnosis::lines(diagnosis) {
            line(text, &shown);
        }
    }
    match sequence {
        Some((failing, _)) => line(text, &format!("why (test case {}):", failing + 1)),
        None => line(text, "why:"),
    }
    let command = match (&saved, sequence) {
        (Some(path), None) => format!(
            "cargo run -q --bin {} -- --explain < {path} shows them all",
            failed.problem
        ),
        _ => "--explain shows them all".to_string(),
    };
    let rest = |more| format!("{}: {command}", super::run::more_lines(more));
    screen(text, &explained.why, Some(&rest));
    if let Some(page) = &failed.next.page {
        line(text, &page_line(page));
    }
    if let Some(rerun) = &rerun {
        line(text, &format!("rerun it: {rerun}"));
    }
    if let Some(explain) = &explain {
        line(text, &format!("play it out: {explain}"));
    }
    for warning in super::run::warnings(&failed.ran.unreproduced) {
        line(text, &warning);
    }
    line(text, &super::claims::caught(failed));
}

/// The commands that rerun exactly the reported instances and play them out, where they were
/// saved (none to play out a time-out).
pub fn commands(next: &NextSteps) -> (Option<String>, Option<String>) {
    let Some(saved) = &next.saved else {
        return (None, None);
    };
    let (bin, path) = (saved.bin, shell_word(&saved.path.to_string_lossy()));
    let rerun = format!(
        "cargo run -q --bin {bin} -- --check {} --input {path}",
        shell_word(&saved.solution)
    );
    let explain = format!("cargo run -q --bin {bin} -- --explain < {path}");
    (Some(rerun), next.explainable.then_some(explain))
}

/// The line that says where `--html` wrote the page, or why it did not.
pub fn page_line(page: &PageWritten) -> String {
    match page {
        PageWritten::At(path) => {
            format!("page: {path} (open it in a browser: every move with its outcome)")
        }
        PageWritten::NotWritten(why) => format!("note: no page: {}", page_error_words(why)),
    }
}

/// How much the run that showed the failure printed besides its answers, and its first lines,
/// if it printed anything.
fn printed_text(text: &mut String, printed: &Printout) {
    let lines: Vec<&str> = printed.text.lines().collect();
    if printed.bytes == 0 && lines.is_empty() {
        return;
    }
    line(
        text,
        &format!(
            "your program printed {} on stdout (not read as answers) in the run that showed \
             this; it began:",
            super::run::bytes_words(printed.bytes)
        ),
    );
    for shown in lines.iter().take(PRINTED_LINES) {
        line(text, &format!("  {}", crate::text::cut(shown, 100)));
    }
    if lines.len() > PRINTED_LINES || printed.bytes > printed.text.len() as u64 {
        line(text, "  …");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failure's prints say how much the run printed, as a number, and show its first lines,
    /// with a mark where more was printed than is shown; nothing printed, no line.
    #[test]
    fn a_failure_s_prints_are_counted_and_their_start_shown() {
        let mut text = String::new();
        let cut = Printout {
            text: "debug 5\n".to_string(),
            bytes: 12_000,
        };
        printed_text(&mut text, &cut);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "your program printed 12,000 bytes on stdout (not read as answers) in the run \
                 that showed this; it began:",
                "  debug 5",
                "  …"
            ]
        );
        let mut whole = String::new();
        let one = Printout {
            text: "x".to_string(),
            bytes: 1,
        };
        printed_text(&mut whole, &one);
        assert!(
            whole.starts_with("your program printed 1 byte on stdout"),
            "{whole}"
        );
        assert!(!whole.contains('…'), "{whole}");
        let mut none = String::new();
        printed_text(&mut none, &Printout::default());
        assert!(none.is_empty());
    }

    /// A long text is cut to one screen where the rest is elsewhere, with a line that says
    /// how many lines were left out and where they are; a short one, or one with nowhere
    /// else to be, is shown whole.
    #[test]
    fn a_long_text_is_cut_to_a_screen_and_says_where_the_rest_is() {
        let long: Vec<String> = (1..=WHY_LINES + 10)
            .map(|at| format!("line {at}"))
            .collect();
        let long = long.join("\n");
        let rest = |more| {
            format!(
                "{}: the whole instance is in saved.txt",
                crate::render::run::more_lines(more)
            )
        };
        let mut cut = String::new();
        screen(&mut cut, &long, Some(&rest));
        let lines: Vec<&str> = cut.lines().collect();
        assert_eq!(lines.len(), WHY_LINES + 1);
        assert_eq!(lines[WHY_LINES - 1], format!("line {WHY_LINES}"));
        assert_eq!(
            lines[WHY_LINES],
            "… 10 more lines: the whole instance is in saved.txt"
        );
        let mut whole = String::new();
        screen(&mut whole, &long, None);
        assert_eq!(whole, format!("{long}\n"));
        let mut short = String::new();
        screen(&mut short, "one\ntwo", Some(&rest));
        assert_eq!(short, "one\ntwo\n");
        // One line over: said in the singular.
        let mut one_over = String::new();
        let long: Vec<String> = (1..=WHY_LINES + 1).map(|at| format!("line {at}")).collect();
        screen(&mut one_over, &long.join("\n"), Some(&rest));
        assert_eq!(
            one_over.lines().last(),
            Some("… 1 more line: the whole instance is in saved.txt")
        );
    }
}
