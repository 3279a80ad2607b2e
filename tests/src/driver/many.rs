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
//! Uses `build::languages`, `outcome::verdict`, `render::many` (every word and object it
//! prints), `render::page`, `sandbox::cgroup`, `sandbox::places`, `search::error`; beside it,
//! `check`, `interrupt`, `options`.

use super::options::{Format, Request};
use crate::build::languages::Language;
use crate::outcome::verdict::Verdict;
use crate::render::many::{self, Checked, Row};
use crate::render::page::Paged;
use crate::sandbox::places::cores;
use crate::search::error::{CheckError, Internal};
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::mpsc;
use std::time::Instant;

/// The exit status after Ctrl-C, as a shell reports a program SIGINT ended (128 + 2).
pub const INTERRUPTED_STATUS: u8 = 130;

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
        eprintln!("{}", many::ONE_AT_A_TIME);
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
        println!("{}", many::opening(solutions.len(), jobs));
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
        let panicked = CheckError::Internal(Internal::CheckPanicked);
        Checked::new::<P>(Err(panicked), started.elapsed())
    })
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
        match self.options.format {
            Format::Json => println!("{}", many::json(&self.row(solution, Some(checked), None))),
            Format::Text => println!("{}", many::ended_line(&solution.name, checked)),
        }
    }

    fn row<'r>(
        &self,
        solution: &'r Solution,
        ended: Option<&'r Checked>,
        running: Option<Instant>,
    ) -> Row<'r> {
        let verdict = match (ended, running) {
            (Some(checked), _) => checked.verdict,
            (None, Some(_)) => Verdict::Interrupted,
            (None, None) => Verdict::NotRun,
        };
        Row {
            name: &solution.name,
            language: solution.language(),
            verdict,
            ended,
            running_seconds: running.map(|since| since.elapsed().as_secs_f64()),
        }
    }

    /// Each solution's row, its check ended or not: what a check still running or not
    /// started is.
    fn rows(&self) -> Vec<Row<'_>> {
        (self.solutions.iter().zip(&self.ended).zip(&self.running))
            .map(|((solution, ended), running)| self.row(solution, ended.as_ref(), *running))
            .collect()
    }

    /// Ctrl-C: with `--json` an object for each check that did not end; else the table so
    /// far, the failures' reports and the result.
    fn interrupted(&self) {
        if self.options.format == Format::Json {
            for row in self.rows().iter().filter(|row| row.ended.is_none()) {
                println!("{}", many::json(row));
            }
            return;
        }
        println!("{}", many::INTERRUPTED);
        self.print("INTERRUPTED");
    }

    /// After every check ended: the table and the reports (nothing more with `--json`), and
    /// the exit status.
    fn finish(&self) -> ExitCode {
        let verdicts: Vec<Verdict> = self.rows().iter().map(|row| row.verdict).collect();
        let code = Verdict::exit_status_of(&verdicts);
        if self.options.format == Format::Text {
            self.print(many::status_word(code));
        }
        ExitCode::from(code)
    }

    /// The table, each report of a check that ended other than a pass, then the result line.
    fn print(&self, status: &str) {
        let rows = self.rows();
        println!();
        print!("{}", many::table(&rows));
        print!("{}", many::reports(&rows, self.bin, &self.options.given));
        let seconds = self.started.elapsed().as_secs_f64();
        println!("\n{}", many::result_line(status, &rows, seconds, self.jobs));
    }
}
