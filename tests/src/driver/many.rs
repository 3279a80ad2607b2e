//! `--check FILE...` (or a folder): several solutions checked side by side, as `cargo test`
//! runs many tests: a line as each check ends, a table when all have, then each failure's
//! report as a single `--check` of that file prints it.
//!
//! The checks run in threads of this process, `--jobs` at once (the cores by default), each
//! with the options given, as if alone: its time limits count CPU time, so a machine made busy
//! by the others changes no verdict, and it prints nothing itself: its outcome comes back here
//! whole, and the same code renders it as alone. Everything a check starts ends with this
//! process, and Ctrl-C prints the table so far ([`super::interrupt`]).
//!
//! Uses `build::languages`, `outcome::verdict`, `problems::Problem`, `render::build`,
//! `render::claims`, `render::json`, `render::json_object`, `render::page`, `render::report`,
//! `render::run`, `render::table`, `sandbox::cgroup`, `sandbox::places`, `search::error`,
//! `search::options`, `text`; beside it, `check`, `interrupt`.

use super::options::{Format, Request};
use crate::build::languages::Language;
use crate::outcome::verdict::{Outcome, Verdict, NOT_FINISHED};
use crate::problems::Problem;
use crate::render::build;
use crate::render::claims;
use crate::render::json::{self, SCHEMA_VERSION};
use crate::render::json_object::Object;
use crate::render::page::Paged;
use crate::render::report;
use crate::render::run;
use crate::sandbox::places::cores;
use crate::search::error::CheckError;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The exit status after Ctrl-C, as a shell reports a program SIGINT ended (128 + 2).
pub const INTERRUPTED_STATUS: u8 = 130;

/// How many lines of a failure's report the summary shows; past them, the command that
/// shows it whole. A report keeps to about a screen a part (the instance, the explanation),
/// 66 lines at most among the fixtures'; what runs past this is a compile error in full
/// (`--verbose`).
pub const REPORT_LINES: usize = 100;

/// Whether `options` name several solutions (or a folder of them): then [`check_many`] judges
/// them, not a single `--check`.
pub fn several(options: &Request) -> bool {
    options.search.solutions.len() > 1 || Path::new(&options.search.solution).is_dir()
}

/// One of the solutions: as the user gave it (a folder's files joined to its name), and its
/// language, or none for a command.
struct Solution {
    name: String,
    language: Option<Language>,
}

impl Solution {
    fn language(&self) -> &'static str {
        self.language.map_or("command", Language::name)
    }
}

/// A check that ended: its verdict and what the summary shows of it.
struct Checked {
    verdict: Verdict,
    /// The build in brief (`clang++-19 -std=c++23 -O2 -fsanitize=address`), or empty.
    build: String,
    /// The counterexample's size (`6 nodes, 6 edges`), or empty.
    size: String,
    seconds: f64,
    /// What a single `--check` of it prints: its report on stdout, or its `error:` line.
    report: String,
    /// What a single `--check --json` of it prints, without the line's end.
    json: String,
}

impl Checked {
    fn new<P: Problem>(result: Result<Outcome, CheckError>, took: Duration) -> Checked {
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

/// What the checking threads tell the one that prints.
enum Event {
    Started(usize),
    Ended(usize, Checked),
    Interrupted,
}

/// Checks every solution `options` name, `--jobs` at once; prints a line as each ends, then
/// the table and the failures' reports (with `--json`, one object a solution as each ends).
/// The exit status: 0 when every one passes, 1 when any fails, 2 when one got no verdict and
/// none failed, [`NOT_FINISHED`] when one was not finished and none of the above;
/// [`INTERRUPTED_STATUS`] after Ctrl-C. A usage error for the caller to print.
pub fn check_many<P: Paged>(options: &Request) -> Result<ExitCode, String> {
    let solutions = solutions(&options.search.solutions, P::harness().is_none())?;
    if options.html.is_some() {
        return Err("--html writes one page: give it one solution".into());
    }
    if options.search.input.as_deref() == Some("-") {
        return Err(
            "--input - is read once: give several solutions their test cases in a file".into(),
        );
    }
    let processes = options
        .search
        .jobs
        .map_or_else(cores, |jobs| jobs as usize)
        .max(1);
    let jobs = processes.min(solutions.len().max(1));
    // As root, every sandbox runs as the one user of the sandbox's own; where no control group
    // bounds each run's processes, `RLIMIT_NPROC` counts that user's processes machine-wide,
    // and one file's fork bomb would starve another's run: one check at a time there.
    let shared_process_limit =
        crate::sandbox::places::own_uid() == 0 && crate::sandbox::cgroup::hierarchy().is_none();
    if shared_process_limit && jobs > 1 {
        eprintln!(
            "note: one check at a time: as root without a control group, every sandbox runs as \
             one user, whose process limit the checks would share"
        );
    }
    let jobs = if shared_process_limit { 1 } else { jobs };
    // The processes are shared: each check runs as many at once as its share.
    let each = (processes / jobs).max(1);
    let (sender, events) = mpsc::channel();
    let interrupt = sender.clone();
    super::interrupt::on_interrupt(move || {
        let _ = interrupt.send(Event::Interrupted);
    });
    let mut summary = Summary {
        bin: P::BIN,
        options,
        solutions: &solutions,
        ended: solutions.iter().map(|_| None).collect(),
        running: vec![None; solutions.len()],
        jobs,
        started: Instant::now(),
    };
    if options.format == Format::Text {
        println!(
            "checking {}, {jobs} at a time",
            count(solutions.len(), "solution")
        );
    }
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, solutions) = (&next, &solutions);
            scope.spawn(move || loop {
                let at = next.fetch_add(1, SeqCst);
                let Some(solution) = solutions.get(at) else {
                    break;
                };
                let _ = sender.send(Event::Started(at));
                let checked = check_alone::<P>(options, &solution.name, each);
                let _ = sender.send(Event::Ended(at, checked));
            });
        }
        summary.gather(&events);
    });
    Ok(summary.finish())
}

/// One solution's check, with the options given, as a single `--check --jobs PROCESSES` of it
/// runs it.
fn check_alone<P: Paged>(options: &Request, solution: &str, processes: usize) -> Checked {
    let mut alone = options.search.clone();
    alone.jobs = Some(processes as u64);
    alone.solution = solution.to_string();
    alone.solutions = vec![solution.to_string()];
    alone.progress = None;
    let started = Instant::now();
    // A bug of `--check`'s own ends one check, not the others, and never leaves the summary
    // waiting for a check that will not end: the panic's message is on stderr, as alone.
    let checked = std::panic::catch_unwind(AssertUnwindSafe(|| {
        Checked::new::<P>(super::check::run::<P>(&alone, None), started.elapsed())
    }));
    checked.unwrap_or_else(|_| {
        let panicked = CheckError::Internal("--check stopped on a panic (above)");
        Checked::new::<P>(Err(panicked), started.elapsed())
    })
}

/// `count` things in words: `1 solution`, `3 solutions`.
fn count(count: usize, thing: &str) -> String {
    match count {
        1 => format!("1 {thing}"),
        _ => format!("{count} {thing}s"),
    }
}

/// The solutions `given` names, in order: a folder stands for its files whose extensions the
/// table of languages knows (`whole_program`: as the problem's judge takes them), sorted by
/// name; a usage error for a folder that holds none or cannot be read.
fn solutions(given: &[String], whole_program: bool) -> Result<Vec<Solution>, String> {
    let mut solutions = Vec::new();
    for name in given {
        let path = Path::new(name);
        if !path.is_dir() {
            let language = Language::of(path).filter(|_| path.is_file());
            solutions.push(Solution {
                name: name.clone(),
                language,
            });
            continue;
        }
        let read =
            std::fs::read_dir(path).map_err(|error| format!("cannot read {name}: {error}"))?;
        let mut files: Vec<(String, Language)> = read
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|file| file.is_file())
            .filter_map(|file| {
                let language = Language::of(&file)?;
                Some((file.to_string_lossy().into_owned(), language))
            })
            .collect();
        if files.is_empty() {
            let extensions = crate::build::languages::extensions(whole_program);
            return Err(format!(
                "{name} holds no solution: no file ending in {extensions}"
            ));
        }
        files.sort_by(|(one, _), (other, _)| one.cmp(other));
        solutions.extend(files.into_iter().map(|(name, language)| Solution {
            name,
            language: Some(language),
        }));
    }
    Ok(solutions)
}

/// The checks so far, and how they are printed.
struct Summary<'a> {
    bin: &'static str,
    options: &'a Request,
    solutions: &'a [Solution],
    ended: Vec<Option<Checked>>,
    /// When each running check started.
    running: Vec<Option<Instant>>,
    jobs: usize,
    started: Instant,
}

impl Summary<'_> {
    /// Takes the threads' events until every check has ended, printing a line (or with
    /// `--json`, the object) as each does; at Ctrl-C, prints what it has and exits.
    fn gather(&mut self, events: &mpsc::Receiver<Event>) {
        let mut left = self.solutions.len();
        while left > 0 {
            match events.recv() {
                Ok(Event::Started(at)) => {
                    if let Some(running) = self.running.get_mut(at) {
                        *running = Some(Instant::now());
                    }
                }
                Ok(Event::Ended(at, checked)) => {
                    self.progress(at, &checked);
                    if let (Some(ended), Some(running)) =
                        (self.ended.get_mut(at), self.running.get_mut(at))
                    {
                        (*ended, *running) = (Some(checked), None);
                    }
                    left -= 1;
                }
                Ok(Event::Interrupted) => {
                    self.interrupted();
                    // Every check ends with the process; what was printed must not.
                    let _ = std::io::Write::flush(&mut std::io::stdout());
                    std::process::exit(i32::from(INTERRUPTED_STATUS));
                }
                Err(mpsc::RecvError) => return,
            }
        }
    }

    /// The line for a check that ended: with `--json` its object.
    fn progress(&self, at: usize, checked: &Checked) {
        let Some(solution) = self.solutions.get(at) else {
            return;
        };
        if self.options.format == Format::Json {
            println!("{}", self.json(solution, checked.verdict, Some(checked)));
            return;
        }
        let size = match checked.size.as_str() {
            "" => String::new(),
            size => format!(", {size}"),
        };
        println!(
            "{} ... {}{size} ({:.1} s)",
            solution.name,
            report::verdict_words(checked.verdict),
            checked.seconds
        );
    }

    /// The object `--json` prints for `solution`: its verdict, the table's row, and what a
    /// single `--check --json` of it prints (`null` for one that did not end).
    fn json(&self, solution: &Solution, verdict: Verdict, checked: Option<&Checked>) -> String {
        let mut object = Object::empty();
        object.number("version", f64::from(SCHEMA_VERSION));
        object.string("solution", &solution.name);
        object.string("language", solution.language());
        object.string("verdict", report::verdict_key(verdict));
        let filled = |text: &str| Some(text).filter(|text| !text.is_empty()).map(String::from);
        object.optional("build", checked.and_then(|c| filled(&c.build)).as_deref());
        object.optional("size", checked.and_then(|c| filled(&c.size)).as_deref());
        match checked {
            Some(checked) => object.number("seconds", checked.seconds),
            None => object.raw("seconds", None),
        }
        object.raw("check", checked.map(|checked| checked.json.clone()));
        object.finish()
    }

    /// Each check's verdict, ended or not: what a check still running or not started is.
    fn verdicts(&self) -> Vec<Verdict> {
        self.ended
            .iter()
            .zip(&self.running)
            .map(|(ended, running)| match (ended, running) {
                (Some(checked), _) => checked.verdict,
                (None, Some(_)) => Verdict::Interrupted,
                (None, None) => Verdict::NotRun,
            })
            .collect()
    }

    /// Ctrl-C: with `--json` an object for each check that did not end; else the table so
    /// far, the failures' reports and the result.
    fn interrupted(&self) {
        if self.options.format == Format::Json {
            for ((solution, verdict), ended) in
                self.solutions.iter().zip(self.verdicts()).zip(&self.ended)
            {
                if ended.is_none() {
                    println!("{}", self.json(solution, verdict, None));
                }
            }
            return;
        }
        println!("interrupted (Ctrl-C): the checks still running end with this summary");
        self.print("INTERRUPTED");
    }

    /// After every check ended: the table and the reports (nothing more with `--json`), and
    /// the exit status.
    fn finish(&self) -> ExitCode {
        let code = Verdict::exit_status_of(&self.verdicts());
        let status = match code {
            1 => "FAILED",
            2 => "NO VERDICT",
            NOT_FINISHED => "NOT FINISHED",
            _ => "ok",
        };
        if self.options.format == Format::Text {
            self.print(status);
        }
        ExitCode::from(code)
    }

    /// The table, each report of a check that ended other than a pass, then the result line.
    fn print(&self, status: &str) {
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
        for ((solution, verdict), (ended, running)) in self
            .solutions
            .iter()
            .zip(self.verdicts())
            .zip(self.ended.iter().zip(&self.running))
        {
            let seconds = match (ended, running) {
                (Some(checked), _) => format!("{:.1}", checked.seconds),
                (None, Some(since)) => format!("{:.1}", since.elapsed().as_secs_f64()),
                (None, None) => String::new(),
            };
            let (build, size) = ended
                .as_ref()
                .map_or((String::new(), String::new()), |checked| {
                    (checked.build.clone(), checked.size.clone())
                });
            table.push(vec![
                solution.name.clone(),
                solution.language().to_string(),
                build,
                report::verdict_words(verdict).to_string(),
                size,
                seconds,
            ]);
        }
        println!();
        print!("{}", crate::render::table::table(&table));
        for (solution, ended) in self.solutions.iter().zip(&self.ended) {
            let Some(checked) = ended.as_ref().filter(|c| c.verdict != Verdict::Pass) else {
                continue;
            };
            println!("\n---- {} ----", solution.name);
            let alone = alone_command(self.bin, &solution.name, &self.options.given);
            print!("{}", shown(&checked.report, &alone));
        }
        println!("\n{}", self.result(status));
    }

    /// The last line: `result: FAILED. 3 pass, 2 wrong answer; 5 solutions in 24.1 s, 2 at a
    /// time (the checks' own times add up to 41.0 s)`.
    fn result(&self, status: &str) -> String {
        let verdicts = self.verdicts();
        let mut counts: Vec<(Verdict, usize)> = Vec::new();
        for verdict in verdicts {
            match counts.iter_mut().find(|(seen, _)| *seen == verdict) {
                Some((_, count)) => *count += 1,
                None => counts.push((verdict, 1)),
            }
        }
        counts.sort_by_key(|(verdict, _)| *verdict as usize);
        let counted: Vec<String> = counts
            .iter()
            .map(|(verdict, count)| format!("{count} {}", report::verdict_words(*verdict)))
            .collect();
        let own = (self.ended.iter().flatten()).fold(0.0, |sum, checked| sum + checked.seconds);
        format!(
            "result: {status}. {}; {} in {:.1} s, {} at a time (the checks' own times add up to \
             {own:.1} s)",
            counted.join(", "),
            count(self.solutions.len(), "solution"),
            self.started.elapsed().as_secs_f64(),
            self.jobs
        )
    }
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
        crate::text::shell_word(solution),
    ];
    let mut given = given.iter();
    while let Some(word) = given.next() {
        if word == "--jobs" {
            given.next();
            continue;
        }
        words.push(crate::text::shell_word(word));
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
