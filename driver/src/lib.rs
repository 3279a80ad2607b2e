//! The command line that `lc913`, `lc1728` and `noi2011` share.
//!
//! A crate describes its problem once, as a [`Problem`]: its variants (the registry that the
//! CLI and every test iterate), how to read the judge's input, and its examples. [`run`] then
//! gives it the contract's command line: solve stdin with one variant, cross-check all of them
//! in a timed table, list them, emit a variant's paste-ready text, run the examples.
//!
//! Nothing here is part of a submission: submissions are the fenced parts of the variant files
//! (see [`snippet`]).

pub mod snippet;
pub mod values;

use std::fmt::Display;
use std::io::{IsTerminal, Read};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// One historical solution of a problem.
pub struct Variant<C: 'static, A: 'static> {
    /// The module's name, as in the contract (`degree_bfs`).
    pub name: &'static str,
    /// One line: the idea and the cost.
    pub summary: &'static str,
    /// The source files (`include_str!`, fences included) whose fenced parts, joined in this
    /// order, make the paste-ready submission: the variant's own file first, then the pieces
    /// it shares with other variants.
    pub sources: &'static [&'static str],
    pub solve: fn(&C) -> A,
    /// Why this variant will not take a test case (an exponential search on a large board), or
    /// `None`. Most variants take everything: [`takes_all`].
    pub refuses: fn(&C) -> Option<String>,
}

/// For [`Variant::refuses`]: the variant takes every valid test case.
pub fn takes_all<C>(_: &C) -> Option<String> {
    None
}

/// One of the statement's examples: an input as the judge gives it and the expected output.
pub struct Example {
    pub input: &'static str,
    pub expected: &'static str,
}

/// Everything the command line needs to know of one problem.
pub struct Problem<C: 'static, A: 'static> {
    /// The binary's name.
    pub bin: &'static str,
    /// One line: which problem this is.
    pub title: &'static str,
    /// What stdin holds, for `--help`.
    pub input_help: &'static str,
    /// The registry; the first one is the default.
    pub variants: &'static [Variant<C, A>],
    pub examples: &'static [Example],
    /// Reads and checks the whole input. An error says where (test case, line, column).
    pub parse: fn(&str) -> Result<Vec<C>, String>,
    /// A remark on a valid test case that the user should see on stderr, or `None`.
    pub note: fn(&C) -> Option<String>,
    /// Why the answer is what it is: the game played out under optimal play, as lines of
    /// text ending with a newline.
    pub explain: fn(&C) -> String,
}

impl<C, A> Problem<C, A> {
    /// The variant called `name`.
    pub fn variant(&self, name: &str) -> Option<&Variant<C, A>> {
        self.variants.iter().find(|variant| variant.name == name)
    }

    fn default_variant(&self) -> &Variant<C, A> {
        // A problem without variants is a bug of the crate that defines it.
        self.variants
            .first()
            .expect("a problem registers at least one variant")
    }
}

impl<C, A> Variant<C, A> {
    /// The paste-ready submission: the fenced parts of its sources, joined.
    pub fn submission(&self) -> String {
        let parts: Vec<String> = self
            .sources
            .iter()
            .map(|source| snippet::fenced(source))
            .collect();
        parts.join("\n")
    }
}

enum Mode {
    Solve(String),
    All,
    Explain,
    Examples,
    List,
    Emit(String),
    Help,
}

/// A failure the user caused: printed as `error: ...`, exit status 2.
struct Failure(String);

/// Runs the command line on the process's arguments and stdin.
pub fn run<C, A: PartialEq + Display>(problem: &Problem<C, A>) -> ExitCode {
    match run_mode(problem) {
        Ok(code) => code,
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run_mode<C, A: PartialEq + Display>(problem: &Problem<C, A>) -> Result<ExitCode, Failure> {
    let mode = parse_args(problem, std::env::args().skip(1))?;
    match mode {
        Mode::Help => {
            print!("{}", usage(problem));
            Ok(ExitCode::SUCCESS)
        }
        Mode::List => {
            let width = name_width(problem);
            for (index, variant) in problem.variants.iter().enumerate() {
                let default = if index == 0 { " (default)" } else { "" };
                println!("{:width$}  {}{default}", variant.name, variant.summary);
            }
            Ok(ExitCode::SUCCESS)
        }
        Mode::Emit(name) => {
            print!("{}", find_variant(problem, &name)?.submission());
            Ok(ExitCode::SUCCESS)
        }
        Mode::Solve(name) => {
            let variant = find_variant(problem, &name)?;
            let cases = read_cases(problem)?;
            for (index, case) in cases.iter().enumerate() {
                if let Some(reason) = (variant.refuses)(case) {
                    return Err(Failure(format!("test case {}: {reason}", index + 1)));
                }
            }
            for case in &cases {
                println!("{}", (variant.solve)(case));
            }
            Ok(ExitCode::SUCCESS)
        }
        Mode::Explain => {
            for case in &read_cases(problem)? {
                print!("{}", (problem.explain)(case));
            }
            Ok(ExitCode::SUCCESS)
        }
        Mode::All => {
            let cases = read_cases(problem)?;
            let rows: Vec<(C, Option<&str>)> = cases.into_iter().map(|c| (c, None)).collect();
            Ok(compare(problem, &rows))
        }
        Mode::Examples => {
            let mut rows = Vec::new();
            for (index, example) in problem.examples.iter().enumerate() {
                let cases = (problem.parse)(example.input).map_err(|message| {
                    Failure(format!("built-in example {}: {message}", index + 1))
                })?;
                rows.extend(cases.into_iter().map(|case| (case, Some(example.expected))));
            }
            Ok(compare(problem, &rows))
        }
    }
}

fn find_variant<'p, C, A>(
    problem: &'p Problem<C, A>,
    name: &str,
) -> Result<&'p Variant<C, A>, Failure> {
    problem.variant(name).ok_or_else(|| {
        let names: Vec<&str> = problem.variants.iter().map(|v| v.name).collect();
        Failure(format!(
            "no variant '{name}'; the variants are: {}",
            names.join(", ")
        ))
    })
}

fn parse_args<C, A>(
    problem: &Problem<C, A>,
    args: impl Iterator<Item = String>,
) -> Result<Mode, Failure> {
    let args: Vec<String> = args.collect();
    let value = |index: usize, flag: &str| {
        args.get(index + 1)
            .cloned()
            .ok_or_else(|| Failure(format!("{flag} needs a variant name (see --list)")))
    };
    let mode = match args.first().map(String::as_str) {
        None if std::io::stdin().is_terminal() => Mode::Examples,
        None => Mode::Solve(problem.default_variant().name.to_string()),
        Some("--variant") => Mode::Solve(value(0, "--variant")?),
        Some("--emit") => Mode::Emit(value(0, "--emit")?),
        Some("--all") => Mode::All,
        Some("--explain") => Mode::Explain,
        Some("--examples") => Mode::Examples,
        Some("--list") => Mode::List,
        Some("--help" | "-h") => Mode::Help,
        Some(other) => {
            return Err(Failure(format!(
                "unknown argument '{other}'; try {} --help",
                problem.bin
            )))
        }
    };
    let expected = match mode {
        Mode::Solve(_) if args.is_empty() => 0,
        Mode::Solve(_) | Mode::Emit(_) => 2,
        _ => 1,
    };
    if let Some(extra) = args.get(expected) {
        return Err(Failure(format!(
            "unexpected argument '{extra}'; try {} --help",
            problem.bin
        )));
    }
    Ok(mode)
}

fn usage<C, A>(problem: &Problem<C, A>) -> String {
    let bin = problem.bin;
    let names: Vec<&str> = problem.variants.iter().map(|v| v.name).collect();
    format!(
        "{bin}: {title}

Usage:
  {bin} < input              solve every test case with the default variant ({default})
  {bin} --variant NAME < in  the same with variant NAME
  {bin} --all < input        every variant on every test case: answers and times;
                             exit 1 if two variants disagree
  {bin} --explain < input    why: each test case played out under optimal play
  {bin} --examples           the statement's examples through every variant
                             (also what a bare `{bin}` does when stdin is a terminal)
  {bin} --list               the variants, one line each
  {bin} --emit NAME          the paste-ready submission of variant NAME
  {bin} --help               this text

Variants: {names}

Input: {input}
Bad input gets a one-line `error:` on stderr and exit status 2; nothing is solved.
",
        title = problem.title,
        default = problem.default_variant().name,
        names = names.join(", "),
        input = problem.input_help,
    )
}

fn read_cases<C, A>(problem: &Problem<C, A>) -> Result<Vec<C>, Failure> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|error| Failure(format!("cannot read stdin: {error}")))?;
    let text = String::from_utf8(bytes).map_err(|error| {
        Failure(format!(
            "the input is not UTF-8 text (byte {})",
            error.utf8_error().valid_up_to()
        ))
    })?;
    let cases = (problem.parse)(&text).map_err(Failure)?;
    for (index, case) in cases.iter().enumerate() {
        if let Some(note) = (problem.note)(case) {
            eprintln!("note: test case {}: {note}", index + 1);
        }
    }
    Ok(cases)
}

fn name_width<C, A>(problem: &Problem<C, A>) -> usize {
    problem
        .variants
        .iter()
        .map(|v| v.name.len())
        .max()
        .unwrap_or(0)
}

/// Text on one line: runs of whitespace (line breaks included) become one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every variant on every row, as a table of answers (the printed answer on one line) and
/// times; the verdict sets the status.
fn compare<C, A: PartialEq + Display>(
    problem: &Problem<C, A>,
    rows: &[(C, Option<&str>)],
) -> ExitCode {
    let with_expected = rows.iter().any(|(_, expected)| expected.is_some());
    let mut header = vec!["case".to_string()];
    header.extend(problem.variants.iter().map(|v| v.name.to_string()));
    if with_expected {
        header.push("expected".to_string());
    }
    let mut table = vec![header];
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for (index, (case, expected)) in rows.iter().enumerate() {
        let number = index + 1;
        let mut line = vec![number.to_string()];
        let mut answers: Vec<(&str, String, A)> = Vec::new();
        for variant in problem.variants {
            if let Some(reason) = (variant.refuses)(case) {
                skipped.push(format!(
                    "{} skipped test case {number}: {reason}",
                    variant.name
                ));
                line.push("skipped".to_string());
                continue;
            }
            let started = Instant::now();
            let answer = (variant.solve)(case);
            let elapsed = started.elapsed();
            let brief = one_line(&answer.to_string());
            line.push(format!("{brief}  {}", format_duration(elapsed)));
            answers.push((variant.name, brief, answer));
        }
        if let Some((first_name, first_brief, first)) = answers.first() {
            for (name, brief, answer) in &answers[1..] {
                if answer != first {
                    problems.push(format!(
                        "test case {number}: {first_name} answers {first_brief} but {name} answers {brief}"
                    ));
                }
            }
        }
        if let Some(expected) = expected {
            let expected_brief = one_line(expected);
            for (name, brief, _) in &answers {
                if brief != &expected_brief {
                    problems.push(format!(
                        "test case {number}: {name} answers {brief}, the statement says {expected_brief}"
                    ));
                }
            }
            line.push(expected_brief);
        }
        table.push(line);
    }
    print_table(&table);
    for line in &skipped {
        println!("{line}");
    }
    if problems.is_empty() {
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
        for line in &problems {
            println!("DISAGREE: {line}");
        }
        ExitCode::from(1)
    }
}

fn print_table(table: &[Vec<String>]) {
    let columns = table.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            table
                .iter()
                .filter_map(|row| row.get(column))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in table {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:width$}"))
            .collect();
        println!("{}", cells.join("   ").trim_end());
    }
}

/// A duration in the unit that keeps three significant figures readable.
pub fn format_duration(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{:.0} µs", seconds * 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static HALVES: &[Variant<i64, i64>] = &[
        Variant {
            name: "shift",
            summary: "right shift",
            sources: &[],
            solve: |&n| n >> 1,
            refuses: takes_all,
        },
        Variant {
            name: "divide",
            summary: "division, which rounds toward zero",
            sources: &[],
            solve: |&n| n / 2,
            refuses: |&n| (n > 100).then(|| "too large".to_string()),
        },
    ];

    static HALF: Problem<i64, i64> = Problem {
        bin: "half",
        title: "halve a number",
        input_help: "integers",
        variants: HALVES,
        examples: &[],
        parse: |text| {
            Ok(text
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect())
        },
        note: |_| None,
        explain: |n| format!("{n} halves to {}\n", n / 2),
    };

    #[test]
    fn compare_exits_1_when_variants_disagree_and_0_when_they_agree() {
        assert_eq!(
            compare(&HALF, &[(4, None), (1000, None)]),
            ExitCode::SUCCESS
        );
        assert_eq!(compare(&HALF, &[(4, None), (-3, None)]), ExitCode::from(1));
        assert_eq!(compare(&HALF, &[(4, Some("3"))]), ExitCode::from(1));
        assert_eq!(compare(&HALF, &[(4, Some("2"))]), ExitCode::SUCCESS);
    }

    #[test]
    fn durations_keep_a_readable_unit() {
        assert_eq!(format_duration(Duration::from_micros(12)), "12 µs");
        assert_eq!(format_duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(format_duration(Duration::from_millis(2_500)), "2.50 s");
    }
}
