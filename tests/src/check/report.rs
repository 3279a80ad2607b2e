//! A counterexample's report: the build, the instance in the judge's format, the program's
//! answer against the expected one, the why, and the commands that rerun and play it out.

use super::search::{Failure, Judged, LevelsPassed, Proof, Search, Session, Verdict};
use super::{sandbox, thousands};
use crate::problems::Problem;
use crate::values::one_line;
use shared::shrink::Shrunk;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Failures that did not happen again: how often, and the first, so that a flaky program or
/// a stalled machine is neither blamed nor hidden.
pub(super) fn print_unreproduced<P: Problem>(session: &Session<P>) {
    if let Some(first) = session.unreproduced.first() {
        let count = session.unreproduced.len();
        println!(
            "warning: {count} failure{} did not happen again when run alone (first: {first}): \
             a stall of this machine, or a program that does not fail the same way twice",
            if count == 1 { "" } else { "s" }
        );
    }
}

/// How many lines of the explanation a report shows: one screen.
pub(super) const WHY_LINES: usize = 40;

/// Saves `cases` in the command line's input format where `--check` keeps its files, for the
/// commands a report ends with; its path, or `None` when it cannot be written.
pub(super) fn save_instances<P: Problem>(cases: &[P::Case]) -> Option<PathBuf> {
    let text: String = cases.iter().map(P::judge_text).collect();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    std::hash::Hash::hash(&text, &mut hasher);
    let name = format!(
        "cats-check-{}-{:016x}.txt",
        P::BIN,
        std::hash::Hasher::finish(&hasher)
    );
    let path = sandbox::temp_root().join(name);
    std::fs::write(&path, text).ok().map(|()| path)
}

/// `text`, cut to one screen ([`WHY_LINES`]) when `rest` says where the rest is: given how
/// many lines were left out, the line that says so.
pub(super) fn print_screen(text: &str, rest: Option<&dyn Fn(usize) -> String>) {
    let lines: Vec<&str> = text.lines().collect();
    let cut = rest.is_some() && lines.len() > WHY_LINES;
    for line in lines.iter().take(if cut { WHY_LINES } else { lines.len() }) {
        println!("{line}");
    }
    if let Some(rest) = rest.filter(|_| cut) {
        println!("… {}", rest(lines.len() - WHY_LINES));
    }
}

/// The instance in the judge's format, cut to one screen when it is saved whole.
pub(super) fn print_instance(text: &str, saved: Option<&PathBuf>) {
    let rest = |path: &PathBuf| {
        let path = shell_word(&path.to_string_lossy());
        move |more| format!("{more} more lines: the whole instance is in {path}")
    };
    let rest = saved.map(rest);
    let rest = rest.as_ref().map(|rest| rest as &dyn Fn(usize) -> String);
    print_screen(text.trim_end(), rest);
}

/// The explanation, cut to one screen; the rest is one command away.
pub(super) fn print_why(why: &str, saved: Option<&PathBuf>, bin: &str) {
    let command = match saved {
        Some(path) => format!(
            "cargo run -q --bin {bin} -- --explain < {} shows them all",
            shell_word(&path.to_string_lossy())
        ),
        None => "--explain shows them all".to_string(),
    };
    let rest = |more| format!("{more} more lines: {command}");
    print_screen(why, Some(&rest));
}

/// With `--html`, the line that says where the page of `case` went, the program's answer (or
/// what went wrong: `answered` says which) `yours` against the `expected` one.
fn print_page<P: Problem>(
    session: &Session<P>,
    case: &P::Case,
    (yours, answered): (&str, bool),
    expected: &P::Answer,
) {
    if let Some(path) = &session.page {
        let line = crate::page::check::report_page::<P>(case, yours, answered, expected, path);
        println!("{line}");
    }
}

/// The commands that rerun exactly the reported instances and explain them.
pub(super) fn print_next_steps<P: Problem>(session: &Session<P>, saved: Option<&PathBuf>) {
    let Some(path) = saved else {
        return;
    };
    let (bin, path) = (P::BIN, shell_word(&path.to_string_lossy()));
    println!(
        "rerun it: cargo run -q --bin {bin} -- --check {} --input {path}",
        shell_word(&session.solution)
    );
    println!("play it out: cargo run -q --bin {bin} -- --explain < {path}");
}

/// `text` as one word for a POSIX shell: as it is when plain, else in single quotes.
pub(super) fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-+/=:,@".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// How many lines of the program's own prints a report quotes.
pub(super) const PRINTED_LINES: usize = 8;

/// The first lines of what the latest run printed besides its answers, if anything.
pub(super) fn print_printed<P: Problem>(session: &Session<P>) {
    let printed: Vec<&str> = session.printed.lines().collect();
    if printed.is_empty() {
        return;
    }
    println!("your program printed (not read as answers):");
    for line in printed.iter().take(PRINTED_LINES) {
        println!("  {}", crate::values::cut(line, 100));
    }
    if printed.len() > PRINTED_LINES {
        println!("  …");
    }
}

/// `cases`, which fail in one run though the last passes alone, shrunk to the fewest that
/// still fail in one run, and printed: the solution keeps state between calls. Exit 1.
pub(super) fn report_sequence<P: Problem>(
    session: &mut Session<P>,
    caught: Caught,
    cases: &[P::Case],
) -> Result<ExitCode, String> {
    let shrinking = Instant::now();
    let origin = &caught.origin;
    let runs_before = session.runs;
    let (kept, finished) = session.shortest_sequence(cases)?;
    // Once more, for the answers and prints the report shows.
    let judged = session.judged_run(&kept, None)?;
    let answers: Vec<String> = P::answers(&session.answers)
        .into_iter()
        .map(|answer| answer.map_or_else(|text| text, |answer| answer.to_string()))
        .collect();
    let printed = session.printed.clone();
    let failing = match &judged {
        Judged::Wrong(index, _) | Judged::Broken(index, _) | Judged::Missing(index, _) => *index,
        _ => kept.len() - 1,
    };
    let alone = session.run_fails(&kept[failing..=failing])?;
    session.printed = printed;
    let runs = session.runs - runs_before;
    let how = match finished {
        true => "no single one can be left out",
        false => "stopped at the time limit for shrinking",
    };
    session.program.print_build();
    println!(
        "counterexample ({origin}): {} test cases in one process, shrunk from {} in {runs} \
         runs ({how}):",
        kept.len(),
        cases.len()
    );
    for case in &kept {
        println!("{}", P::judge_text(case).trim_end());
    }
    // The page shows the failing test case, and the program's answer to it or its fault.
    let (yours, answered) = judged_answer(&judged);
    print_sequence_answers(&judged, &answers);
    let expected: Vec<P::Answer> = kept.iter().map(&session.expected.solve).collect();
    let expected_text: Vec<String> = expected.iter().map(ToString::to_string).collect();
    println!("expected:     {}", expected_text.join(" "));
    if !alone {
        println!(
            "test case {} passes when run alone: your solution keeps state between calls \
             (a global, a static, a class attribute not reset)",
            failing + 1
        );
    }
    print_printed(session);
    let saved = save_instances::<P>(&kept);
    println!("why (test case {}):", failing + 1);
    print_why(&P::explain(&kept[failing]), None, P::BIN);
    print_page(
        session,
        &kept[failing],
        (&yours, answered),
        &expected[failing],
    );
    print_next_steps(session, saved.as_ref());
    print_unreproduced(session);
    caught.print(shrinking.elapsed());
    Ok(ExitCode::from(1))
}

/// Shrinks the failing instance and prints the counterexample; exit 1.
pub(super) fn report<P: Problem>(
    session: &mut Session<P>,
    caught: Caught,
    case: P::Case,
    failure: Failure,
) -> Result<ExitCode, String> {
    let shrinking = Instant::now();
    let origin = &caught.origin;
    let runs_before = session.runs;
    let (from, from_text) = (P::size(&case), P::judge_text(&case));
    // Shrinking and the run of every smaller instance after it share the shrinking time.
    let until = shrinking + session.shrink_time;
    let Shrunk {
        instance: mut smallest,
        mut failure,
        local_minimum,
        ..
    } = session.shrink(case, failure, until)?;
    // The first to fail of every instance up to a size, run smallest first, is the smallest
    // there is, unless shrinking (which only a failure that depends on the runs before it
    // lets past) made it smaller still.
    let proof = if caught.first_in_order && P::judge_text(&smallest) == from_text {
        Some(Proof::FirstOfAll(
            "the smallest there is: the first of them to fail, run in order".to_string(),
        ))
    } else {
        all_smaller_shown(session, (&mut smallest, &mut failure), until)?
    };
    let reproduced = once_more_alone(session, &smallest, &mut failure)?;
    // Smaller instances that passed once prove little of a failure that does not repeat.
    let proof = proof.filter(|_| reproduced);
    let to = P::size(&smallest);
    let expected = (session.expected.solve)(&smallest);
    let runs = session.runs - runs_before;
    let runs = format!("{runs} run{}", if runs == 1 { "" } else { "s" });
    let how = what_was_shown(local_minimum, proof, session.shrink_time);
    let text = P::judge_text(&smallest);
    session.program.print_build();
    if text == from_text {
        println!("counterexample ({origin}), {to}; {how} ({runs}):");
    } else {
        println!("counterexample ({origin}), shrunk from {from} to {to} in {runs}; {how}:");
    }
    let saved = save_instances::<P>(std::slice::from_ref(&smallest));
    print_instance(&text, saved.as_ref());
    print_failure(&failure, reproduced);
    println!("expected:    {}", one_line(&expected.to_string()));
    print_printed(session);
    println!("why:");
    print_why(&P::explain(&smallest), saved.as_ref(), P::BIN);
    let (yours, answered) = match &failure {
        Failure::Wrong(answer) => (answer.clone(), true),
        Failure::Broken(why) => (why.to_string(), false),
    };
    print_page(session, &smallest, (&yours, answered), &expected);
    print_next_steps(session, saved.as_ref());
    print_unreproduced(session);
    caught.print(shrinking.elapsed());
    Ok(ExitCode::from(1))
}

/// What running every instance smaller than `smallest` showed, where the problem can list
/// them (until `until`); the first to fail replaces it and its `failure`.
fn all_smaller_shown<P: Problem>(
    session: &mut Session<P>,
    (smallest, failure): (&mut P::Case, &mut Failure),
    until: Instant,
) -> Result<Option<Proof>, String> {
    match P::all_smaller(smallest) {
        Some(smaller) => session.run_all_smaller(smaller, (smallest, failure), until),
        None => Ok(None),
    }
}

/// The smallest instance once more, alone, for the report: its own prints, and its failure
/// this time (`failure`, when it fails again). Whether it did.
fn once_more_alone<P: Problem>(
    session: &mut Session<P>,
    smallest: &P::Case,
    failure: &mut Failure,
) -> Result<bool, String> {
    session.printed.clear();
    match session.failure_in(std::slice::from_ref(smallest), None)? {
        Verdict::Fails(found) => {
            *failure = found.failure;
            Ok(true)
        }
        _ => {
            session.printed.clear();
            Ok(false)
        }
    }
}

/// What the program answered to a sequence's run that was `judged` so: every `answers`, or
/// what went wrong.
fn print_sequence_answers(judged: &Judged, answers: &[String]) {
    match judged {
        Judged::Wrong(..) => println!("your answers: {}", answers.join(" ")),
        Judged::Broken(_, why) | Judged::Missing(_, why) | Judged::After(why) => {
            println!("your program: {why}")
        }
        Judged::Right | Judged::Stopped(_) => {
            println!("your program: this time it answered every one right (a flaky failure)")
        }
    }
}

/// The program's answer to the test case a run failed at (a wrong one: `true`), or what went
/// wrong there.
fn judged_answer(judged: &Judged) -> (String, bool) {
    match judged {
        Judged::Wrong(_, answer) => (answer.clone(), true),
        Judged::Broken(_, why) | Judged::Missing(_, why) | Judged::After(why) => {
            (why.to_string(), false)
        }
        Judged::Right | Judged::Stopped(_) => ("right this time (a flaky failure)".into(), false),
    }
}

/// What the header claims of the reported instance's size, no more than was shown: shrinking
/// is a local search (no single step keeps the failure, or it ran out of time), and `proof`
/// says what running every smaller instance showed, where that was done.
fn what_was_shown(local_minimum: bool, proof: Option<Proof>, shrink_time: Duration) -> String {
    let local = if local_minimum {
        "no single shrinking step keeps the failure".to_string()
    } else {
        format!(
            "shrinking stopped at {} s (--shrink-seconds gives it more)",
            shrink_time.as_secs_f64()
        )
    };
    match proof {
        Some(Proof::FirstOfAll(proof)) => proof,
        Some(Proof::NoneFails(proof)) => format!("{local}, and {proof}"),
        None => local,
    }
}

/// The program's answer or fault; one that the last lone run did not repeat is told as what
/// happened, once.
fn print_failure(failure: &Failure, reproduced: bool) {
    match (failure, reproduced) {
        (Failure::Wrong(answer), true) => println!("your answer: {}", one_line(answer)),
        (Failure::Broken(why), true) => println!("your program: {why}"),
        (Failure::Wrong(answer), false) => println!(
            "your program: answered {} once, then right when run again alone (a flaky failure)",
            one_line(answer)
        ),
        (Failure::Broken(why), false) => println!(
            "your program: failed once, then answered right when run again alone (a flaky \
             failure): {why}"
        ),
    }
}

/// Where and when the search caught a failure.
pub(super) struct Caught {
    /// The instance's name: `regression 1`, `seed 42, instance 1300`.
    pub(super) origin: String,
    /// Instances run until it, itself included.
    pub(super) instances: u64,
    /// Since the search began (the build done).
    pub(super) after: Duration,
    /// Whether the instance is the first to fail of a list of every instance up to a size,
    /// run smallest first (the origin names the list): then nothing smaller fails.
    pub(super) first_in_order: bool,
    /// How many of the small level's instances ran after it, before shrinking, and passed,
    /// and how long they took, if any did.
    pub(super) smaller_passed: Option<(usize, Duration)>,
}

impl Caught {
    /// The report's last line: what catching and shrinking cost.
    pub(super) fn print(&self, shrinking: Duration) {
        let smaller = match self.smaller_passed {
            Some((count, took)) => format!(
                "; the small level's other {} passed after it in {:.2} s",
                thousands(count as u64),
                took.as_secs_f64()
            ),
            None => String::new(),
        };
        println!(
            "caught at instance {} after {:.2} s{smaller}; shrinking took {:.2} s",
            thousands(self.instances),
            self.after.as_secs_f64(),
            shrinking.as_secs_f64()
        );
    }
}

/// Fewer instances than this in a pass that `--seconds` stopped earn it a warning.
const FEW_INSTANCES: u64 = 100;

/// The line of a pass, `tried` instances (the judge's largest among them, and how much of
/// the small level, as `levels` say), and a warning when `--seconds` cut it short: a pass is
/// only worth what it ran.
pub(super) fn print_pass<P: Problem>(
    session: &Session<P>,
    search: &Search,
    tried: u64,
    levels: &LevelsPassed,
) {
    let reached_largest = levels.reached_largest;
    let options = search.options;
    let seconds = search.started.elapsed().as_secs_f64();
    session.program.print_build();
    let largest = if reached_largest {
        ", the judge's largest included"
    } else {
        ""
    };
    println!(
        "no counterexample in {} instances ({}{largest}, seed {}, {seconds:.1} s)",
        thousands(tried),
        P::range(options.beyond_limits),
        options.seed,
    );
    print_unreproduced(session);
    let by_seconds = tried < search.most;
    if by_seconds && (tried < FEW_INSTANCES || !reached_largest) {
        let each = seconds / tried as f64;
        let reached = if reached_largest {
            "the judge's largest included"
        } else {
            "the judge's largest not reached"
        };
        println!(
            "warning: a weak pass: only {} instances in --seconds {} ({each:.2} s each), {reached}; \
             give it more --seconds, or make the solution faster",
            thousands(tried),
            options.seconds
        );
    }
    if let Some(small) = &levels.small {
        println!("smallest first: {small}");
    }
}
