//! A counterexample's report as a value ([`Outcome`]): the failing instance shrunk and every
//! smaller one run (the minimiser's work, in `search`), then the build, the instance in the
//! judge's format, the program's answer against the expected one, the why, and the commands
//! that rerun and play it out, gathered; [`crate::outcome`] renders it.

use super::diagnosis::Diagnosis;
use super::minimise::{Minimised, MinimisedSequence};
use super::session::{Failure, Judged, LevelsPassed, Search, Session};
use crate::outcome::{shell_word, Failed, JudgeWould, Outcome, Pass, Yours};
use crate::problems::Problem;
use crate::sandbox;
use crate::text::one_line;
use crate::text::thousands;
use std::path::PathBuf;
use std::time::Duration;

/// Failures that did not happen again: how often, and the first, so that a flaky program or
/// a stalled machine is neither blamed nor hidden; the warning's line, if there were any.
pub(super) fn unreproduced<P: Problem>(session: &Session<P>) -> Vec<String> {
    let Some(first) = session.unreproduced.first() else {
        return Vec::new();
    };
    let count = session.unreproduced.len();
    vec![format!(
        "warning: {count} failure{} did not happen again when run alone (first: {first}): \
         a stall of this machine, or a program that does not fail the same way twice",
        if count == 1 { "" } else { "s" }
    )]
}

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
    let path = sandbox::places::temp_root().join(name);
    std::fs::write(&path, text).ok().map(|()| path)
}

/// With `--html`, the page of `case` written, the program's answer (or what went wrong:
/// `answered` says which) `yours` against the `expected` one, its mistakes marked where the
/// `diagnosis` shows them: the line that says where it went.
fn page_line<P: Problem>(
    session: &Session<P>,
    case: &P::Case,
    yours: (&str, bool),
    expected: &P::Answer,
    diagnosis: Option<&Diagnosis>,
) -> Option<String> {
    let (path, write) = session.page.as_ref()?;
    Some(write(case, yours, expected, diagnosis, path))
}

/// The commands that rerun exactly the reported instances and explain them.
fn next_steps<P: Problem>(
    session: &Session<P>,
    saved: Option<&PathBuf>,
) -> (Option<String>, Option<String>) {
    let Some(path) = saved else {
        return (None, None);
    };
    let (bin, path) = (P::BIN, shell_word(&path.to_string_lossy()));
    let rerun = format!(
        "rerun it: cargo run -q --bin {bin} -- --check {} --input {path}",
        shell_word(&session.solution)
    );
    let explain = format!("play it out: cargo run -q --bin {bin} -- --explain < {path}");
    (Some(rerun), Some(explain))
}

/// A sequence of test cases that fails only in one process, minimised: the solution keeps
/// state between calls.
pub(super) fn report_sequence<P: Problem>(
    session: &Session<P>,
    caught: Caught,
    minimised: MinimisedSequence<P::Case>,
) -> Outcome {
    let MinimisedSequence {
        kept,
        from,
        finished,
        judged,
        answers,
        printed,
        failing,
        alone,
        runs,
        began,
    } = minimised;
    let (header, how) = sequence_header(&caught, kept.len(), (from, runs), finished);
    // The page shows the failing test case, and the program's answer to it or its fault.
    let (yours, answered) = judged_answer(&judged);
    let (yours_line, yours_value) = sequence_answers(&judged, answers);
    let expected: Vec<P::Answer> = kept.iter().map(&session.expected.solve).collect();
    let stateful = (!alone).then(|| stateful_line(failing));
    let saved = save_instances::<P>(&kept);
    let page = page_line(
        session,
        &kept[failing],
        (&yours, answered),
        &expected[failing],
        None,
    );
    let (rerun, explain) = next_steps(session, saved.as_ref());
    let elapsed = began.elapsed();
    Outcome::Fails(Box::new(Failed {
        problem: P::BIN,
        build: session.program.build_info(),
        header,
        origin: caught.origin.clone(),
        smallest: how.to_string(),
        size: format!("{} test cases", kept.len()),
        instances: kept.iter().map(P::judge_text).collect(),
        sequence: true,
        saved: None,
        yours_line,
        yours: yours_value,
        expected: expected.iter().map(ToString::to_string).collect(),
        stateful,
        printed,
        failing,
        too_slow: None,
        diagnosis: None,
        judge_would: None,
        why: P::explain(&kept[failing]),
        page,
        rerun,
        explain,
        warnings: unreproduced(session),
        caught: caught.line(Some(elapsed)),
        instances_run: caught.instances,
        seconds: (caught.after + elapsed).as_secs_f64(),
    }))
}

/// A sequence's header, of `kept` test cases shrunk `from` so many in `runs` (`finished`: no
/// single one can be left out), and what it claims.
fn sequence_header(
    caught: &Caught,
    kept: usize,
    (from, runs): (usize, usize),
    finished: bool,
) -> (String, &'static str) {
    let how = match finished {
        true => "no single one can be left out",
        false => "stopped when --shrink-seconds of CPU time ran out",
    };
    let header = format!(
        "counterexample ({}): {kept} test cases in one process, shrunk from {from} in {runs} \
         runs ({how}):",
        caught.origin,
    );
    (header, how)
}

/// The line that says test case `failing` (from 0) passes alone.
fn stateful_line(failing: usize) -> String {
    format!(
        "test case {} passes when run alone: your solution keeps state between calls (a \
         global, a static, a class attribute not reset)",
        failing + 1
    )
}

/// A failing instance, minimised: the counterexample's report.
pub(super) fn report<P: Problem>(
    session: &Session<P>,
    caught: Caught,
    minimised: Minimised<P::Case>,
    diagnosis: Option<Diagnosis>,
    judge_would: Option<JudgeWould>,
) -> Outcome {
    let Minimised {
        smallest,
        failure,
        reproduced,
        how,
        from,
        runs,
        cases,
        began,
        printed,
    } = minimised;
    let to = P::size(&smallest);
    let expected = (session.expected.solve)(&smallest);
    let text = P::judge_text(&smallest);
    let shrunk_from = (text != from.1).then_some(from.0.as_str());
    let too_slow = failure.too_slow().and_then(TooSlow::of);
    let verdict = match too_slow {
        Some(_) => "too slow",
        None => "counterexample",
    };
    let header = counterexample_header(
        (verdict, &caught.origin),
        (shrunk_from, &to),
        (runs, cases),
        &how,
    );
    let saved = save_instances::<P>(std::slice::from_ref(&smallest));
    let (yours_line, yours) = failure_line(&failure, reproduced);
    let (answer, answered) = match &failure {
        Failure::Wrong(answer) => (answer.clone(), true),
        Failure::Broken(why) => (why.to_string(), false),
    };
    // A time-out says nothing of the game: no page, no line of play.
    let page = match too_slow {
        Some(_) => None,
        None => page_line(
            session,
            &smallest,
            (&answer, answered),
            &expected,
            diagnosis.as_ref(),
        ),
    };
    let (rerun, explain) = next_steps(session, saved.as_ref());
    let explain = explain.filter(|_| too_slow.is_none());
    let elapsed = began.elapsed();
    // A time-out is not shrunk: its line says nothing of shrinking.
    let shrinking = too_slow.is_none().then_some(elapsed);
    let caught_line = caught_line(&caught, shrinking, &diagnosis, &judge_would);
    Outcome::Fails(Box::new(Failed {
        problem: P::BIN,
        build: session.program.build_info(),
        header,
        origin: caught.origin.clone(),
        smallest: how,
        size: to,
        instances: vec![text],
        sequence: false,
        saved,
        yours_line,
        yours,
        expected: vec![one_line(&expected.to_string())],
        stateful: None,
        printed,
        failing: 0,
        too_slow,
        diagnosis,
        judge_would,
        why: P::explain(&smallest),
        page,
        rerun,
        explain,
        warnings: unreproduced(session),
        caught: caught_line,
        instances_run: caught.instances,
        seconds: (caught.after + elapsed).as_secs_f64(),
    }))
}

/// The report's last line: what catching and shrinking cost, `elapsed` since shrinking began
/// (if it did) less the diagnosis's and the judge's build's own time, each of them named.
fn caught_line(
    caught: &Caught,
    elapsed: Option<Duration>,
    diagnosis: &Option<Diagnosis>,
    judge_would: &Option<JudgeWould>,
) -> String {
    let diagnosing = diagnosis.as_ref().map(|diagnosis| diagnosis.seconds);
    let judging = judge_would.as_ref().map(|judge_would| judge_would.seconds);
    let after = [diagnosing, judging].into_iter().flatten().sum::<f64>();
    let mut line =
        caught.line(elapsed.map(|elapsed| elapsed.saturating_sub(Duration::from_secs_f64(after))));
    if let Some(seconds) = diagnosing {
        line.push_str(&format!("; the diagnosis took {seconds:.2} s"));
    }
    if let Some(seconds) = judging {
        line.push_str(&format!(
            "; the judge's own build and its run took {seconds:.2} s"
        ));
    }
    line
}

/// What the program answered to a sequence's run that was `judged` so: every `answers`, or
/// what went wrong; the line and the value.
fn sequence_answers(judged: &Judged, answers: Vec<String>) -> (String, Yours) {
    match judged {
        Judged::Wrong(..) => (
            format!("your answers: {}", answers.join(" ")),
            Yours::Answers(answers),
        ),
        Judged::Broken(_, why) | Judged::Missing(_, why) | Judged::After(why) => (
            format!("your program: {why}"),
            Yours::Fault(why.to_string()),
        ),
        Judged::Right | Judged::Stopped(_) => (
            "your program: this time it answered every one right (a flaky failure)".into(),
            Yours::Flaky {
                first: "right this time".into(),
            },
        ),
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

/// A failure's header: its verdict (`counterexample`, `too slow`), where it was found, its
/// size (and what it was shrunk from, if shrinking changed it), the runs it took and the test
/// cases they answered, and what it claims.
fn counterexample_header(
    (verdict, origin): (&str, &str),
    (shrunk_from, to): (Option<&str>, &str),
    (runs, cases): (usize, usize),
    how: &str,
) -> String {
    let plural = |count: usize| if count == 1 { "" } else { "s" };
    let runs = format!(
        "{runs} run{} of {} test case{}",
        plural(runs),
        thousands(cases as u64),
        plural(cases)
    );
    match shrunk_from {
        None if cases == 0 => format!("{verdict} ({origin}), {to}; {how}:"),
        None => format!("{verdict} ({origin}), {to}; {how} ({runs}):"),
        Some(from) => {
            format!("{verdict} ({origin}), shrunk from {from} to {to} in {runs}; {how}:")
        }
    }
}

/// What a time-out spent, for the report: the CPU and wall-clock time of the run, and the
/// limit it passed.
#[derive(Debug, Clone, Copy)]
pub struct TooSlow {
    pub cpu: Duration,
    pub wall: Duration,
    pub limit: Duration,
}

impl TooSlow {
    /// The figures of a run that `ended` by a time limit.
    fn of(ended: &sandbox::Ended) -> Option<TooSlow> {
        match ended.ending {
            sandbox::Ending::Quiet { limit, spent } | sandbox::Ending::TooLong { limit, spent } => {
                Some(TooSlow {
                    cpu: spent.cpu,
                    wall: spent.wall,
                    limit,
                })
            }
            _ => None,
        }
    }
}

/// The program's answer or fault; one that the last lone run did not repeat is told as what
/// happened, once. The line and the value.
fn failure_line(failure: &Failure, reproduced: bool) -> (String, Yours) {
    match (failure, reproduced) {
        (Failure::Wrong(answer), true) => (
            format!("your answer: {}", one_line(answer)),
            Yours::Answer(answer.clone()),
        ),
        (Failure::Broken(why), true) => (
            format!("your program: {why}"),
            Yours::Fault(why.to_string()),
        ),
        (Failure::Wrong(answer), false) => (
            format!(
                "your program: answered {} once, then right when run again alone (a flaky \
                 failure)",
                one_line(answer)
            ),
            Yours::Flaky {
                first: answer.clone(),
            },
        ),
        (Failure::Broken(why), false) => (
            format!(
                "your program: failed once, then answered right when run again alone (a flaky \
                 failure): {why}"
            ),
            Yours::Flaky {
                first: why.to_string(),
            },
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
    /// The report's last line: what catching and shrinking (if anything was) cost.
    pub(super) fn line(&self, shrinking: Option<Duration>) -> String {
        let smaller = match self.smaller_passed {
            Some((count, took)) => format!(
                "; the small level's other {} passed after it in {:.2} s",
                thousands(count as u64),
                took.as_secs_f64()
            ),
            None => String::new(),
        };
        let shrinking = shrinking.map_or_else(String::new, |took| {
            format!("; shrinking took {:.2} s", took.as_secs_f64())
        });
        format!(
            "caught at instance {} after {:.2} s{smaller}{shrinking}",
            thousands(self.instances),
            self.after.as_secs_f64(),
        )
    }
}

/// Fewer instances than this in a pass that `--seconds` stopped earn it a warning.
const FEW_INSTANCES: u64 = 100;

/// A pass, `tried` instances (the judge's largest among them, and how much of the small
/// level, as `levels` say), with a warning when `--seconds` cut it short: a pass is only worth
/// what it ran.
pub(super) fn pass<P: Problem>(
    session: &Session<P>,
    search: &Search,
    tried: u64,
    levels: &LevelsPassed,
) -> Outcome {
    let reached_largest = levels.reached_largest;
    let options = search.options;
    let seconds = search.started.elapsed().as_secs_f64();
    let largest = if reached_largest {
        ", the judge's largest included"
    } else {
        ""
    };
    let summary = format!(
        "no counterexample in {} instances ({}{largest}, seed {}, {seconds:.1} s)",
        thousands(tried),
        P::range(options.beyond_limits),
        options.seed,
    );
    let mut warnings = unreproduced(session);
    let by_seconds = tried < search.most;
    if by_seconds && (tried < FEW_INSTANCES || !reached_largest) {
        let each = seconds / tried as f64;
        let reached = if reached_largest {
            "the judge's largest included"
        } else {
            "the judge's largest not reached"
        };
        warnings.push(format!(
            "warning: a weak pass: only {} instances in --seconds {} ({each:.2} s each), {reached}; \
             give it more --seconds, or make the solution faster",
            thousands(tried),
            options.seconds
        ));
    }
    Outcome::Pass(Pass {
        problem: P::BIN,
        build: session.program.build_info(),
        summary,
        instances_run: tried,
        seconds,
        warnings,
        small: levels.small.clone(),
    })
}
