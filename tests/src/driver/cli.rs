//! The command line of the three binaries, over one description of each problem.
//!
//! A problem is described once, as a [`Problem`]: its variants as [`Solver`]s (built from the
//! solution crate's registry), how to read and check the judge's input, its examples and its
//! explanation. [`run`] gives it the command line: solve stdin with one variant,
//! cross-check all of them in a timed table, list them, emit a variant's paste-ready text,
//! run the examples.
//!
//! Uses `build::cache`, `build::languages`, `problems::Problem`, `problems::Solver`,
//! `render::build`, `render::page`, `render::table`, `sandbox::places`, `search::options`, `text`;
//! beside it, `check`, `many`, `options`, `pages`.

use crate::driver::{check, many, options};
use crate::problems::{Problem, Solver};
use crate::render::page::frame::page_error_words;
use crate::render::page::Paged;
use crate::render::sizes::too_large_words;
use crate::text::format_duration;
use crate::text::{brief, one_line};
use std::fmt::Display;
use std::io::{IsTerminal, Read};
use std::process::ExitCode;
use std::time::{Duration, Instant};

enum Mode {
    Solve(String),
    All,
    /// With the file `--html` writes the first test case's page to.
    Explain(Option<String>),
    Examples,
    List,
    Emit(String),
    Check(Vec<String>),
    Help,
}

/// A failure the user caused: printed as `error: ...`, exit status 2.
struct UsageError(String);

/// The column where `--help`'s descriptions start (laid out for a five-letter name), and the
/// one its generated lines stay before, as the hand-written ones do.
const DESCRIPTION_COLUMN: usize = 29;
const HELP_WIDTH: usize = 90;

/// The status of a program that a closed pipe ended (128 + SIGPIPE), as shells report it.
pub const BROKEN_PIPE_STATUS: i32 = 141;

/// Runs problem `P`'s command line on the process's arguments and stdin.
pub fn run<P: Paged>() -> ExitCode {
    // Rust ignores SIGPIPE, so `println!` into a closed pipe (`| head`) panics: end quietly
    // instead, as a program the signal ends would. `--check`'s programs end with it (their
    // anchors see this process's pipes close).
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map_or("", String::as_str);
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(BROKEN_PIPE_STATUS);
        }
        default_hook(info);
    }));
    match run_mode::<P>() {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The variants, one a line: the name, the summary, the default marked.
fn print_list<C, A>(solvers: &[Solver<C, A>]) {
    let width = solvers.iter().map(|s| s.name.len()).max().unwrap_or(0);
    for (index, solver) in solvers.iter().enumerate() {
        let default = if index == 0 { " (default)" } else { "" };
        println!("{:width$}  {}{default}", solver.name, solver.summary);
    }
}

/// Every test case on stdin answered by `solver`, one a line, once all were read and none is
/// one the solver refuses.
fn solve<P: Problem>(solver: &Solver<P::Case, P::Answer>) -> Result<ExitCode, UsageError> {
    let cases = read_cases::<P>()?;
    for (index, case) in cases.iter().enumerate() {
        if let Some(too_large) = (solver.refuses)(case) {
            let reason = too_large_words(solver.name, too_large);
            return Err(UsageError(format!("test case {}: {reason}", index + 1)));
        }
    }
    for case in &cases {
        println!("{}", (solver.solve)(case));
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs the mode the command line names (see [`usage`]); a usage error for the caller to
/// print.
fn run_mode<P: Paged>() -> Result<ExitCode, UsageError> {
    let solvers = P::solvers();
    let mode = parse_args::<P>(&solvers, std::env::args().skip(1).collect())?;
    match mode {
        Mode::Help => {
            print!("{}", usage::<P>(&solvers));
            Ok(ExitCode::SUCCESS)
        }
        Mode::List => {
            print_list(&solvers);
            Ok(ExitCode::SUCCESS)
        }
        Mode::Emit(name) => {
            print!("{}", find_solver(&solvers, &name)?.submission());
            Ok(ExitCode::SUCCESS)
        }
        Mode::Check(args) => {
            let options = options::options(&args).map_err(|error| UsageError(error.to_string()))?;
            if many::several(&options) {
                return many::check_many::<P>(&options).map_err(UsageError);
            }
            if options.search.input.is_none() {
                note_unread_stdin();
            }
            check::check::<P>(&options)
                .map_err(|error| UsageError(crate::render::build::check_error(&error)))
        }
        Mode::Solve(name) => solve::<P>(find_solver(&solvers, &name)?),
        Mode::Explain(html) => {
            let cases = read_cases::<P>()?;
            // The explanation stands whether or not its page can be written.
            for case in &cases {
                print!("{}", P::explain(case));
            }
            if let Some(path) = html {
                write_page::<P>(&cases, &path)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Mode::All => {
            let rows: Vec<(P::Case, Option<P::Answer>)> = read_cases::<P>()?
                .into_iter()
                .map(|case| (case, None))
                .collect();
            Ok(compare(&solvers, &rows))
        }
        Mode::Examples => {
            let rows: Vec<(P::Case, Option<P::Answer>)> = P::examples()
                .into_iter()
                .map(|(case, answer)| (case, Some(answer)))
                .collect();
            Ok(compare(&solvers, &rows))
        }
    }
}

/// The variant called `name`, or a usage error that lists them.
fn find_solver<'s, C, A>(
    solvers: &'s [Solver<C, A>],
    name: &str,
) -> Result<&'s Solver<C, A>, UsageError> {
    solvers
        .iter()
        .find(|solver| solver.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = solvers.iter().map(|s| s.name).collect();
            UsageError(format!(
                "no variant {}; the variants are: {}",
                brief(name),
                names.join(", ")
            ))
        })
}

/// The mode that `args` (the command line after the binary's name) ask for, with the default
/// variant (the first of `solvers`) when none is named; a usage error for an unknown or extra
/// argument.
fn parse_args<P: Problem>(
    solvers: &[Solver<P::Case, P::Answer>],
    args: Vec<String>,
) -> Result<Mode, UsageError> {
    let value = |index: usize, flag: &str| {
        args.get(index + 1)
            .cloned()
            .ok_or_else(|| UsageError(format!("{flag} needs a variant name (see --list)")))
    };
    let default = solvers.first().map_or("", |solver| solver.name);
    let mode = match args.first().map(String::as_str) {
        None if std::io::stdin().is_terminal() => Mode::Examples,
        None => Mode::Solve(default.to_string()),
        Some("--variant") => Mode::Solve(value(0, "--variant")?),
        Some("--emit") => Mode::Emit(value(0, "--emit")?),
        Some("--all") => Mode::All,
        Some("--explain") => Mode::Explain(html_file(&args)?),
        Some("--examples") => Mode::Examples,
        Some("--list") => Mode::List,
        Some("--check") => return Ok(Mode::Check(args[1..].to_vec())),
        Some("--help" | "-h") => Mode::Help,
        Some("--html") => {
            return Err(UsageError(format!(
                "--html goes after --explain or --check: {} --explain --html FILE < input",
                P::BIN
            )))
        }
        Some(other) => {
            return Err(UsageError(format!(
                "unknown argument {}; try {} --help",
                brief(other),
                P::BIN
            )))
        }
    };
    let expected = match mode {
        Mode::Solve(_) if args.is_empty() => 0,
        Mode::Solve(_) | Mode::Emit(_) => 2,
        Mode::Explain(Some(_)) => 3,
        _ => 1,
    };
    if let Some(extra) = args.get(expected) {
        let hint = if extra == "--html" {
            "--html goes after --explain or --check".to_string()
        } else {
            format!("try {} --help", P::BIN)
        };
        return Err(UsageError(format!(
            "unexpected argument {}; {hint}",
            brief(extra)
        )));
    }
    Ok(mode)
}

/// `--explain`'s `--html FILE`, if given: the file's name, or why it cannot be.
fn html_file(args: &[String]) -> Result<Option<String>, UsageError> {
    match args.get(1).map(String::as_str) {
        Some("--html") => match args.get(2) {
            Some(path) if !path.is_empty() && !path.starts_with("--") => Ok(Some(path.clone())),
            _ => Err(UsageError(
                "--html needs the name of the file to write the page to".to_string(),
            )),
        },
        _ => Ok(None),
    }
}

/// The first test case's page, written to `path` before anything is printed, so that a page
/// that cannot be written leaves stdout empty; a note says which test case it shows.
fn write_page<P: Paged>(cases: &[P::Case], path: &str) -> Result<(), UsageError> {
    let Some(first) = cases.first() else {
        return Ok(());
    };
    let words = |error| page_error_words(&error);
    let text = P::page(first, None)
        .map_err(|error| UsageError(format!("test case 1: {}", words(error))))?;
    super::pages::write(path, &text).map_err(|error| UsageError(words(error)))?;
    if cases.len() > 1 {
        eprintln!(
            "note: the page shows test case 1 of {}; give it a file of its own to see another",
            cases.len()
        );
    }
    Ok(())
}

/// `--help`: every mode, the variants and the input format, laid out for `P::BIN`.
fn usage<P: Problem>(solvers: &[Solver<P::Case, P::Answer>]) -> String {
    let names: Vec<&str> = solvers.iter().map(|s| s.name).collect();
    let default = names.first().copied().unwrap_or("");
    let text = format!(
        "{modes}{check}  {bin} --help               this text

Variants: {names}

Input: {input}
Bad input gets a one-line `error:` on stderr and exit status 2; nothing is solved.
",
        modes = modes_help::<P>(default),
        check = check_help::<P>(),
        bin = P::BIN,
        names = names.join(", "),
        input = P::INPUT_HELP,
    );
    laid_out_for(P::BIN, &text)
}

/// `--help`'s title and the modes before `--check`, each with what it does; `default` is the
/// default variant's name.
fn modes_help<P: Problem>(default: &str) -> String {
    format!(
        "{bin}: {title}

Usage (from the workspace: cargo run -q --bin {bin} -- ARGS):
  {bin} < input              solve every test case with the default variant ({default})
  {bin} --variant NAME < in  the same with variant NAME
  {bin} --all < input        every variant on every test case: answers and times;
                             exit 1 if two variants disagree
  {bin} --explain < input    why: each test case played out under optimal play
  {bin} --explain --html FILE < input
                             the same, and FILE: the first test case as a page.
                             Open it in any browser; it needs no network.
                             It draws the instance and steps the optimal line.
                             Every legal move shows its outcome; a click plays it.
  {bin} --examples           the statement's examples through every variant
                             (also what a bare `{bin}` does when stdin is a terminal)
  {bin} --list               the variants, one line each
  {bin} --emit NAME          the paste-ready submission of variant NAME
",
        bin = P::BIN,
        title = P::TITLE,
    )
}

/// `--help`'s `--check` entry: what it looks for, what SOLUTION may be, its options, how the
/// solution is built and run, and several checked at once.
fn check_help<P: Problem>() -> String {
    format!(
        "  {bin} --check SOLUTION     look for the smallest valid input on which your own solution
                             is wrong, explain the right answer and diagnose where
                             your program goes wrong; exit 1 if found.
                             {solution_kinds}
                             Options:
{options}                             It is built as {judge} builds it (the report's first line
                             names the compiler, standard, flags and sanitizers).
                             It is built and run in bubblewrap: none of your files, no
                             network, no other process, its tree bound as one; answers
                             come on a channel of the harness's own; output past 64 MB
                             is a failure; all it starts ends on every exit, Ctrl-C
                             included.
                             A build's folder may hold {build_disk} ({build_entries}
                             entries); past that the build is stopped, its fault.
                             Builds are cached in {cache} (the newest {kept},
                             least recently used out past {cache_bytes} in all).
  {bin} --check FILE... or FOLDER
                             several solutions (a folder's: its files of the extensions
                             above), side by side (--jobs), each checked as alone: a
                             line as each ends, then a table and each failure's report;
                             exit 1 if any fails. Ctrl-C prints the table so far.
                             Exit status, the same for one file, a folder and --json:
                             0 every solution passes; 1 one fails (a wrong answer, too
                             slow, a crash, a compile error); 2 no verdict (bad usage, a
                             tool missing, a build a newer judge's tool may accept);
                             3 not finished (--seconds).
",
        bin = P::BIN,
        solution_kinds = solution_kinds::<P>(),
        options = check_options_help(P::JUDGE),
        judge = P::JUDGE.name(),
        cache = crate::sandbox::places::cache_root().display(),
        kept = crate::build::cache::CACHE_KEPT,
        cache_bytes = crate::render::run::megabytes(crate::build::cache::CACHE_BYTES),
        build_disk = crate::render::run::megabytes(crate::sandbox::BUILD_DISK.bytes),
        build_entries = crate::text::thousands(crate::sandbox::BUILD_DISK.entries),
    )
}

/// `--check`'s options as their table describes them, one an entry, each wrapped in the
/// descriptions' column so that the names stand out at its left edge.
fn check_options_help(judge: crate::problems::Judge) -> String {
    let indent = " ".repeat(DESCRIPTION_COLUMN);
    crate::driver::options::Request::help_entries(judge)
        .iter()
        .flat_map(|entry| wrapped(entry, HELP_WIDTH - DESCRIPTION_COLUMN))
        .map(|line| format!("{indent}{line}\n"))
        .collect()
}

/// `text` broken at spaces into lines of at most `width` characters; a longer word stands on
/// a line of its own.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// What `--check`'s SOLUTION may be: a LeetCode solution as pasted, wrapped in the judge's
/// harness, or for a judge that runs whole programs, one; its extensions from the table of
/// languages, the lines filled up to the help's width.
fn solution_kinds<P: Problem>() -> String {
    let whole_program = P::harness().is_none();
    let what = match whole_program {
        false => "a file as pasted into LeetCode",
        true => "a whole judge program",
    };
    let extensions = crate::build::languages::extensions(whole_program);
    // The sentence's end stays whole, on one line: its spaces do not break until wrapped.
    let last = "command reading this input format.".replace(' ', "\u{a0}");
    let words = format!("SOLUTION is {what} ({extensions}), or any {last}");
    let lines: Vec<String> = wrapped(&words, HELP_WIDTH - DESCRIPTION_COLUMN - 1)
        .into_iter()
        .map(|line| line.replace('\u{a0}', " "))
        .collect();
    lines.join(&format!("\n{}", " ".repeat(DESCRIPTION_COLUMN)))
}

/// `text`, written for a five-letter name (`lc913`), laid out for `bin`: a longer name moves
/// the commands' descriptions right, and the continuation lines go with them.
fn laid_out_for(bin: &str, text: &str) -> String {
    let shift = " ".repeat(bin.len().saturating_sub("lc913".len()));
    let continuation = " ".repeat(DESCRIPTION_COLUMN);
    text.lines()
        .map(|line| match line.strip_prefix(&continuation) {
            Some(rest) => format!("{continuation}{shift}{rest}\n"),
            None => format!("{line}\n"),
        })
        .collect()
}

/// `--check` without `--input` reads no stdin: when something waits there (a file, or a
/// pipe with data within a moment), a note says so, rather than ignoring it silently.
fn note_unread_stdin() {
    if std::io::stdin().is_terminal() {
        return;
    }
    let (sender, receiver) = std::sync::mpsc::channel();
    // A pipe that stays open and empty blocks this reader, which the process's exit ends.
    std::thread::spawn(move || {
        let mut first = [0u8; 1];
        let got = std::io::stdin()
            .read(&mut first)
            .is_ok_and(|count| count > 0);
        let _ = sender.send(got);
    });
    if receiver
        .recv_timeout(Duration::from_millis(100))
        .unwrap_or(false)
    {
        eprintln!("note: stdin was not read: --check --input - checks the test cases on it");
    }
}

/// The test cases on stdin, read and checked; bad input is a usage error.
fn read_cases<P: Problem>() -> Result<Vec<P::Case>, UsageError> {
    check::read_noted::<P>("-")
        .map_err(|error| UsageError(crate::render::input::input_error_words(&error)))
}

/// Every variant on every row, as a table of answers (the printed answer on one line) and
/// times; the verdict sets the status.
fn compare<C, A: PartialEq + Display>(
    solvers: &[Solver<C, A>],
    rows: &[(C, Option<A>)],
) -> ExitCode {
    let with_expected = rows.iter().any(|(_, expected)| expected.is_some());
    let mut header = vec!["case".to_string()];
    header.extend(solvers.iter().map(|s| s.name.to_string()));
    if with_expected {
        header.push("expected".to_string());
    }
    let mut table = vec![header];
    let mut findings = Findings::default();
    for (index, (case, expected)) in rows.iter().enumerate() {
        table.push(findings.row(index + 1, solvers, case, expected.as_ref()));
    }
    print!("{}", crate::render::table::table(&table));
    for line in &findings.skipped {
        println!("{line}");
    }
    if findings.problems.is_empty() {
        println!(
            "agree: {} test case(s), every variant that ran gave the same answer{}",
            rows.len(),
            if with_expected {
                ", the expected one"
            } else {
                ""
            }
        );
        ExitCode::SUCCESS
    } else {
        for line in &findings.problems {
            println!("DISAGREE: {line}");
        }
        ExitCode::from(1)
    }
}

/// What the table's rows found beside the answers: disagreements, and variants that refused.
#[derive(Default)]
struct Findings {
    problems: Vec<String>,
    skipped: Vec<String>,
}

impl Findings {
    /// Test case `number` through every solver that takes it: the table's row (each answer
    /// with its time, then the expected one), noting where answers differ from each other or
    /// from `expected`.
    fn row<C, A: PartialEq + Display>(
        &mut self,
        number: usize,
        solvers: &[Solver<C, A>],
        case: &C,
        expected: Option<&A>,
    ) -> Vec<String> {
        let mut line = vec![number.to_string()];
        let mut answers: Vec<(&str, String, A)> = Vec::new();
        for solver in solvers {
            if let Some(too_large) = (solver.refuses)(case) {
                let name = solver.name;
                let reason = too_large_words(name, too_large);
                self.skipped
                    .push(format!("{name} skipped test case {number}: {reason}"));
                line.push("skipped".to_string());
                continue;
            }
            let started = Instant::now();
            let answer = (solver.solve)(case);
            let elapsed = started.elapsed();
            let brief = one_line(&answer.to_string());
            line.push(format!("{brief}  {}", format_duration(elapsed)));
            answers.push((solver.name, brief, answer));
        }
        if let Some((first_name, first_brief, first)) = answers.first() {
            for (name, brief, answer) in &answers[1..] {
                if answer != first {
                    self.problems.push(format!(
                        "test case {number}: {first_name} answers {first_brief} but {name} answers {brief}"
                    ));
                }
            }
        }
        if let Some(expected) = expected {
            let expected_brief = one_line(&expected.to_string());
            for (name, brief, answer) in &answers {
                if answer != expected {
                    self.problems.push(format!(
                        "test case {number}: {name} answers {brief}, the statement says {expected_brief}"
                    ));
                }
            }
            line.push(expected_brief);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::TooLarge;

    /// Two ways to halve: they disagree on negative odd numbers; the second refuses large ones.
    fn halves() -> Vec<Solver<i64, i64>> {
        vec![
            Solver {
                name: "shift",
                summary: "right shift",
                sources: &[],
                solve: Box::new(|&n| n >> 1),
                refuses: Box::new(|_| None),
            },
            Solver {
                name: "divide",
                summary: "division, which rounds toward zero",
                sources: &[],
                solve: Box::new(|&n| n / 2),
                refuses: Box::new(|&n| {
                    let cells = n.unsigned_abs() as usize;
                    (n > 100).then_some(TooLarge { cells, most: 100 })
                }),
            },
        ]
    }

    #[test]
    fn compare_exits_1_when_variants_disagree_and_0_when_they_agree() {
        let solvers = halves();
        assert_eq!(
            compare(&solvers, &[(4, None), (1000, None)]),
            ExitCode::SUCCESS
        );
        assert_eq!(
            compare(&solvers, &[(4, None), (-3, None)]),
            ExitCode::from(1)
        );
        assert_eq!(compare(&solvers, &[(4, Some(3))]), ExitCode::from(1));
        assert_eq!(compare(&solvers, &[(4, Some(2))]), ExitCode::SUCCESS);
    }

    #[test]
    fn wrapping_breaks_at_spaces_within_the_width() {
        assert_eq!(
            wrapped("--seed N (42, the seed)", 14),
            ["--seed N (42,", "the seed)"]
        );
        assert_eq!(
            wrapped("a tests/README.md b", 5),
            ["a", "tests/README.md", "b"]
        );
    }

    #[test]
    fn durations_keep_a_readable_unit() {
        assert_eq!(format_duration(Duration::from_micros(12)), "12 µs");
        assert_eq!(format_duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(format_duration(Duration::from_millis(2_500)), "2.50 s");
    }

    /// The extensions come from the table of languages, laid out as they were written by hand.
    #[test]
    fn solution_kinds_name_every_extension_within_the_help_s_width() {
        let indent = format!("\n{}", " ".repeat(DESCRIPTION_COLUMN));
        assert_eq!(
            solution_kinds::<crate::problems::lc913::Lc913>(),
            format!(
                "SOLUTION is a file as pasted into LeetCode (.rs, .cpp, .cc,{indent}.cxx, .c, \
                 .py, .py2, .java, .js, .ts, .go, .php, .rb, .kt,{indent}.cs, .scala, .ex, .exs, .erl, .rkt), \
                 or any{indent}command reading this input format."
            )
        );
        assert_eq!(
            solution_kinds::<crate::problems::noi2011::Noi2011>(),
            format!(
                "SOLUTION is a whole judge program (.rs, .cpp, .cc, .cxx, .c,{indent}.py, .java \
                 with class Main, .js, .ts, .go with package{indent}main), or any command \
                 reading this input format."
            )
        );
    }
}
