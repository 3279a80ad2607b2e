//! `--check SOLUTION`: looks for the smallest valid input on which the user's own solution
//! answers differently from the default variant, and explains the right answer.
//!
//! The instances come first from the problem's fixed table (the statement's examples, the
//! regression cases, instances built to need long forced wins), then from seeded generators,
//! growing from small to the judge's limits (past them with `--beyond-limits`). They go to the
//! user's program in batches, many test cases a process, so that start-up does not dominate;
//! a batch that crashes, hangs or prints what is not an answer is split until the one
//! instance is found. A failing instance is then shrunk while it still fails, each round's
//! candidates again in one batch, and printed in the judge's own input format.
//!
//! # Complexity
//! Dominated by the user's program: about `--seconds` of runs, then a few dozen runs to shrink.

pub mod harness;
pub mod judge;
pub mod program;
pub mod sandbox;

use crate::driver::{Problem, Solver};
use harness::Harnesses;
use judge::Judge;
use program::{BuildError, BuildOptions, Program};
use sandbox::{Ending, Limits, Run, Sandbox};
use shared::rng::Rng;
use std::cell::Cell;
use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A LeetCode problem's harnesses, and the input they read.
pub struct Harness<C: 'static> {
    pub code: &'static Harnesses,
    /// A batch of test cases in the harnesses' format.
    pub input: fn(&[C]) -> String,
}

/// What `--check` needs to know of a problem beyond the rest of the command line.
pub struct Check<C: 'static, A: 'static> {
    /// Whose build and runtime a solution gets.
    pub judge: Judge,
    /// The judge's wrapper of a LeetCode solution in each language, or `None` when a source
    /// file is a whole judge program reading the command line's input, one test case a run.
    pub harness: Option<Harness<C>>,
    /// The answers a program printed, in order, each parsed as the judge reads it or the text
    /// that is not an answer.
    pub answers: fn(&str) -> Vec<Result<A, String>>,
    /// The most bytes a right answer to the instance takes, line end included: a program
    /// that prints far more is stopped.
    pub answer_bytes: fn(&C) -> usize,
    /// Named instances tried first: examples, regressions, instances built to be hard.
    pub fixed: fn() -> Vec<(String, C)>,
    /// Instances at the judge's limits, as every judge's test set holds: tried right after
    /// the fixed ones, so that a mistake only the largest reach is found in seconds.
    pub largest: fn(&mut Rng) -> Vec<(String, C)>,
    /// Every instance up to a size that runs in a second or so, smallest first: tried before
    /// anything else, so that a mistake they show is reported at the smallest size there is.
    pub small: fn() -> Option<Smaller<C>>,
    /// A random valid instance; `scale` runs from 0 (smallest) to 1 (the judge's limits, or
    /// past them with `beyond`).
    pub generate: fn(&mut Rng, f64, bool) -> C,
    /// Smaller valid instances, each smaller by the shrinker's own measure (so that shrinking
    /// ends); shrinking tries them smallest first by `measure`.
    pub shrink: fn(&C) -> Vec<C>,
    /// The size that orders instances, compared as a tuple: lc913 (nodes, edges), lc1728
    /// (open cells, area, jumps), noi2011 (cells, moves). Shrinking tries the smallest
    /// candidate first, and the small levels run in this order.
    pub measure: fn(&C) -> [usize; 3],
    /// Every valid instance up to a size small enough to run them all, and smaller than this
    /// one, smallest first, with what they are in words (`27,402 valid graphs of 3 to 6
    /// nodes`): the first that fails is the smallest counterexample there is.
    pub all_smaller: AllSmaller<C>,
    /// The instance's size in words (`23 nodes, 40 edges`), for the report.
    pub size: fn(&C) -> String,
    /// The range the random instances cover, for the report (`n 3..50`).
    pub range: fn(bool) -> String,
    /// The instance as the judge's input: LeetCode's custom test case, or `game.in`. The
    /// command line reads it too, test cases one after another.
    pub judge_text: fn(&C) -> String,
}

/// A LeetCode program's answers: one whitespace-separated token each, read by `parse`; a
/// token it does not take is kept as the text that is not an answer.
pub fn answer_tokens<A>(text: &str, parse: impl Fn(&str) -> Option<A>) -> Vec<Result<A, String>> {
    text.split_whitespace()
        .map(|token| parse(token).ok_or_else(|| token.to_string()))
        .collect()
}

/// A problem's largest instance (nodes, or a grid's side): the judge's, and what
/// `--beyond-limits` goes up to.
pub struct Sizes {
    pub judge: usize,
    pub beyond: usize,
}

impl Sizes {
    /// The largest size random instances reach, past the judge's limits or not.
    pub const fn most(&self, beyond: bool) -> usize {
        if beyond {
            self.beyond
        } else {
            self.judge
        }
    }
}

/// Every valid instance smaller than one, up to a size small enough to run them all.
pub type AllSmaller<C> = fn(&C) -> Option<Smaller<C>>;

/// Instances to run all of, smallest first.
pub struct Smaller<C> {
    pub all: Vec<C>,
    /// What they are, in words: `27,402 valid graphs of 3 to 6 nodes`.
    pub what: String,
    /// Whether every instance not among them is larger, so that the first to fail is the
    /// smallest counterexample there is.
    pub complete: bool,
    /// Whether they are every instance smaller than the one shrunk to, so that if none fails,
    /// that one is the smallest counterexample there is.
    pub all_below: bool,
}

/// What running every smaller instance showed, in words for the report.
enum Proof {
    /// One failed, and replaced the shrunk instance: "the first to fail of ...".
    FirstOfAll(String),
    /// None failed: "none of the ... fails".
    NoneFails(String),
}

impl<C> Smaller<C> {
    /// `all`, described as `{count} {what}` (`27,402 valid graphs of 3 to 6 nodes`).
    pub fn new(all: Vec<C>, what: &str, complete: bool, all_below: bool) -> Smaller<C> {
        let what = format!("{} {what}", thousands(all.len() as u64));
        Smaller {
            all,
            what,
            complete,
            all_below,
        }
    }
}

/// The largest size a random instance may have at `scale` (0 to 1): from `low` up to `most`.
pub fn scaled(scale: f64, low: usize, most: usize) -> usize {
    low + ((most - low) as f64 * scale) as usize
}

/// Random rows and columns of at most `top` each, with the three cells every game needs.
pub fn sides(rng: &mut Rng, top: usize) -> (usize, usize) {
    loop {
        let (rows, cols) = (rng.between(1, top), rng.between(1, top));
        if rows * cols >= 3 {
            return (rows, cols);
        }
    }
}

/// `cases` named after the tables they come from, in order: `("regression", 5)` names the
/// next five `regression 1` to `regression 5`.
pub fn named<C>(tables: &[(&str, usize)], cases: impl IntoIterator<Item = C>) -> Vec<(String, C)> {
    let names = tables
        .iter()
        .flat_map(|&(table, count)| (1..=count).map(move |at| format!("{table} {at}")));
    names.zip(cases).collect()
}

/// `--check`'s options.
pub struct Options {
    pub solution: String,
    pub cases: Option<u64>,
    pub seconds: f64,
    pub seed: u64,
    pub beyond_limits: bool,
    pub time_limit: Duration,
    /// In bytes.
    pub memory_limit: u64,
    pub build: BuildOptions,
    /// How long shrinking a failure may take.
    pub shrink_time: Duration,
    /// `--input FILE`: the user's own instances (`-`: stdin), in place of the search.
    pub input: Option<String>,
}

/// The default memory limit, in MB: the most judges give (LeetCode's and Luogu's run from
/// 256 MB up), so that a right solution under AddressSanitizer or in a JVM, which take two
/// or three times the memory, is not flagged; `--memory-limit` sets a judge's own.
pub const MEMORY_LIMIT_MB: u64 = 1024;

/// The largest values the options take: past them a number is a typo.
const MOST_SECONDS: f64 = 1e6;
const MOST_TIME_LIMIT: f64 = 3600.0;
const MOST_MEMORY_MB: f64 = 1_048_576.0;

/// The options after `--check`: the solution, then any of `--cases N`, `--seconds S`,
/// `--seed N`, `--beyond-limits`, `--time-limit S`, `--memory-limit MB`, `--no-sanitize`,
/// `--shrink-seconds S`, `--std VALUE` (or `--edition`), `--verbose`, `--input FILE`.
pub fn options(args: &[String]) -> Result<Options, String> {
    let solution = args
        .first()
        .filter(|first| !first.starts_with("--"))
        .ok_or("--check needs your solution: a source file or a command")?;
    let mut options = Options {
        solution: solution.clone(),
        cases: None,
        seconds: 20.0,
        seed: 42,
        beyond_limits: false,
        time_limit: Duration::from_secs(3),
        memory_limit: MEMORY_LIMIT_MB << 20,
        build: BuildOptions {
            sanitize: true,
            standard: None,
            verbose: false,
        },
        shrink_time: SHRINK_TIME,
        input: None,
    };
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let mut value = |what: &str| {
            rest.next()
                .ok_or_else(|| format!("{flag} needs {what}"))
                .cloned()
        };
        let number = |text: String, what: &str, most: f64| -> Result<f64, String> {
            text.parse::<f64>()
                .ok()
                .filter(|number| *number > 0.0 && *number <= most)
                .ok_or_else(|| {
                    format!(
                        "{flag} needs {what} up to {most}, not {}",
                        crate::values::brief(&text)
                    )
                })
        };
        match flag.as_str() {
            "--cases" => {
                let text = value("a count")?;
                let cases = text.parse::<u64>().ok().filter(|&cases| cases > 0);
                options.cases = Some(cases.ok_or_else(|| {
                    format!("--cases needs a count, not {}", crate::values::brief(&text))
                })?);
            }
            "--seconds" => {
                let text = value("seconds")?;
                options.seconds = number(text, "a number of seconds", MOST_SECONDS)?;
            }
            "--time-limit" => {
                let text = value("seconds")?;
                let seconds = number(text, "a number of seconds", MOST_TIME_LIMIT)?;
                options.time_limit = Duration::from_secs_f64(seconds);
            }
            "--memory-limit" => {
                let text = value("megabytes")?;
                let megabytes = number(text, "a number of megabytes", MOST_MEMORY_MB)?;
                options.memory_limit = (megabytes * (1 << 20) as f64) as u64;
            }
            "--no-sanitize" => options.build.sanitize = false,
            "--verbose" => options.build.verbose = true,
            "--std" | "--edition" => {
                let text = value("a standard (c++17) or a Rust edition (2021)")?;
                let plain = |c: char| c.is_ascii_alphanumeric() || "+_".contains(c);
                if text.is_empty() || !text.chars().all(plain) {
                    return Err(format!(
                        "{flag} needs a standard such as c++17 or an edition such as 2021, \
                         not {}",
                        crate::values::brief(&text)
                    ));
                }
                options.build.standard = Some(text);
            }
            "--shrink-seconds" => {
                let text = value("seconds")?;
                let seconds = number(text, "a number of seconds", MOST_SECONDS)?;
                options.shrink_time = Duration::from_secs_f64(seconds);
            }
            "--seed" => {
                let text = value("a number")?;
                options.seed = text.parse().map_err(|_| {
                    format!("--seed needs a number, not {}", crate::values::brief(&text))
                })?;
            }
            "--beyond-limits" => options.beyond_limits = true,
            "--input" => options.input = Some(value("a file of test cases, or - for stdin")?),
            other => {
                return Err(format!(
                    "unknown option {} after --check",
                    crate::values::brief(other)
                ))
            }
        }
    }
    Ok(options)
}

/// Why the user's program failed on one instance.
enum Failure {
    /// It answered, wrongly: its answer as the judge reads it.
    Wrong(String),
    /// It crashed, hung, went past a limit, or printed what is not an answer.
    Broken(String),
}

/// A failing instance found among a list, and why.
struct Found {
    index: usize,
    failure: Failure,
}

/// What running a list of instances showed.
impl Verdict {
    /// The verdict on cases that followed `offset` others, which passed.
    fn after(self, offset: usize) -> Verdict {
        match self {
            Verdict::Fails(found) => Verdict::Fails(Found {
                index: offset + found.index,
                ..found
            }),
            Verdict::OnlyAfter(last) => Verdict::OnlyAfter(offset + last),
            Verdict::Passes => Verdict::Passes,
            Verdict::Stopped(answered) => Verdict::Stopped(offset + answered),
        }
    }
}

enum Verdict {
    Fails(Found),
    /// A run of the instances up to this one fails, though this one passes alone.
    OnlyAfter(usize),
    Passes,
    /// The search's time ran out after this many instances (a prefix) were answered right.
    Stopped(usize),
}

/// The smallest failing instance shrinking found, and whether it ran out of time first.
struct Shrunk<C> {
    case: C,
    failure: Failure,
    finished: bool,
}

/// One `--check` session: the problem, the user's program, where it runs, and what it has
/// cost so far.
struct Session<'p, C: 'static, A: 'static> {
    check: &'p Check<C, A>,
    expected: &'p Solver<C, A>,
    program: Program,
    sandbox: Sandbox,
    limit: Duration,
    memory: u64,
    /// How long shrinking may take (`--shrink-seconds`).
    shrink_time: Duration,
    runs: usize,
    /// What the latest run printed besides its answers.
    printed: String,
    /// The latest run's answers, as printed.
    answers: Vec<String>,
    /// The solution as the user named it, and the binary, for the commands a report ends with.
    solution: String,
    bin: &'static str,
    /// Failures that did not happen again when run again: what and on what size.
    unreproduced: Vec<String>,
    /// Whether the latest run was stopped for printing too much.
    flooded: bool,
}

/// How long shrinking may go on by default (`--shrink-seconds`): each round that meets a hang
/// costs a time limit.
const SHRINK_TIME: Duration = Duration::from_secs(60);

/// The test cases of the first process of a list run in growing chunks.
const FIRST_CHUNK: usize = 8;

/// What a process may take beyond its test cases' limits: starting up (a JVM takes a while).
const START_UP: Duration = Duration::from_secs(2);

impl<C: Clone, A: PartialEq + Display> Session<'_, C, A> {
    /// Runs every instance of `smaller` in order: where every smaller instance can be run,
    /// the smallest that fails is found, not guessed. The first to fail replaces `smallest`
    /// and its `failure`.
    fn run_all_smaller(
        &mut self,
        smaller: Smaller<C>,
        smallest: &mut C,
        failure: &mut Failure,
    ) -> Result<Proof, String> {
        let Smaller {
            all,
            what,
            complete,
            all_below,
        } = smaller;
        Ok(match self.first_failing_alone(&all)? {
            Some((index, smaller_failure)) => {
                *smallest = all[index].clone();
                *failure = smaller_failure;
                let there_is = if complete {
                    "the smallest there is: "
                } else {
                    ""
                };
                Proof::FirstOfAll(format!(
                    "{there_is}the first to fail of the {what}, run in order"
                ))
            }
            None if all_below => {
                Proof::FirstOfAll(format!("the smallest there is: none of the {what} fails"))
            }
            None => Proof::NoneFails(format!("none of the {what} fails")),
        })
    }

    /// Whether one process takes many test cases: harnessed LeetCode solutions and commands
    /// of the LeetCode problems do, noi2011's judge programs take one game a run.
    fn batches(&self) -> bool {
        self.check.harness.is_some()
    }

    /// The first of `cases` on which the program fails, running them in as few processes as
    /// the failures allow; runs started at `deadline` or later stop without a verdict.
    fn first_failure(&mut self, cases: &[C], deadline: Option<Instant>) -> Result<Verdict, String> {
        if self.batches() {
            return self.failure_in(cases, deadline);
        }
        for (index, case) in cases.iter().enumerate() {
            match self.failure_in(std::slice::from_ref(case), deadline)? {
                Verdict::Passes => {}
                Verdict::Fails(found) => {
                    return Ok(Verdict::Fails(Found {
                        index,
                        failure: found.failure,
                    }))
                }
                // One game a run: nothing carries over.
                Verdict::OnlyAfter(_) => {}
                Verdict::Stopped(_) => return Ok(Verdict::Stopped(index)),
            }
        }
        Ok(Verdict::Passes)
    }

    /// [`Self::first_failure`] on growing chunks of `cases` (8, 32, 128, ... in a process): the
    /// cases come smallest first, and a failure among the first few is found without running
    /// the large ones after it, which a slow program may take seconds on.
    fn first_failure_in_chunks(
        &mut self,
        cases: &[C],
        deadline: Option<Instant>,
    ) -> Result<Verdict, String> {
        let (mut offset, mut chunk) = (0, FIRST_CHUNK);
        while offset < cases.len() {
            let end = (offset + chunk).min(cases.len());
            match self.first_failure(&cases[offset..end], deadline)? {
                Verdict::Passes => {}
                other => return Ok(other.after(offset)),
            }
            offset = end;
            chunk *= 4;
        }
        Ok(Verdict::Passes)
    }

    /// What one run of the program on `cases` may use.
    fn limits(&self, cases: &[C], deadline: Option<Instant>) -> Limits {
        let answer_bytes: usize = cases.iter().map(self.check.answer_bytes).sum();
        Limits {
            quiet: self.limit,
            total: START_UP + self.limit * cases.len() as u32,
            memory: self.memory,
            answer_lines: self.batches().then_some(cases.len()),
            // Room for spaces, carriage returns and `True` where `true` will do.
            answer_bytes: (answer_bytes as u64) * 4 + 4096,
            deadline,
        }
    }

    /// Notes a failure on `case` that did not happen again when it ran alone.
    fn unreproduced(&mut self, case: &C, why: &str) {
        let why = why.lines().next().unwrap_or_default();
        self.unreproduced
            .push(format!("{why} on {}", (self.check.size)(case)));
    }

    /// One process on `cases`, judged up to its first failure, which is not located further.
    fn judged_run(&mut self, cases: &[C], deadline: Option<Instant>) -> Result<Judged, String> {
        let input = match &self.check.harness {
            Some(harness) if self.program.harnessed => (harness.input)(cases),
            // The command line reads the judge's text, one test case after another.
            _ => cases
                .iter()
                .map(|case| {
                    let text = (self.check.judge_text)(case);
                    if text.ends_with('\n') {
                        text
                    } else {
                        text + "\n"
                    }
                })
                .collect(),
        };
        let limits = self.limits(cases, deadline);
        let run = self
            .program
            .run(&mut self.sandbox, &input, &limits)
            .map_err(|BuildError(message)| message)?;
        self.runs += 1;
        self.flooded = matches!(run.ending, Ending::Flood { .. });
        if let Some(BuildError(message)) = self.program.could_not_start(&run) {
            return Err(message);
        }
        self.printed.clone_from(&run.printed);
        let answers = (self.check.answers)(&run.answers);
        self.answers = answers
            .iter()
            .map(|answer| match answer {
                Ok(answer) => answer.to_string(),
                Err(text) => text.clone(),
            })
            .collect();
        for (index, case) in cases.iter().enumerate() {
            match answers.get(index) {
                Some(Ok(answer)) if *answer != (self.expected.solve)(case) => {
                    return Ok(Judged::Wrong(index, answer.to_string()));
                }
                Some(Ok(_)) => {}
                None if matches!(run.ending, Ending::OutOfTime) => {
                    return Ok(Judged::Stopped(index))
                }
                Some(Err(text)) => {
                    let why = run.failure().unwrap_or_else(|| {
                        format!(
                            "printed {}, which is not an answer",
                            crate::values::brief(text)
                        )
                    });
                    return Ok(Judged::Broken(index, why));
                }
                None => {
                    let why = run
                        .failure()
                        .unwrap_or_else(|| "exited without printing an answer".to_string());
                    return Ok(Judged::Missing(index, why, run.timed_out()));
                }
            }
        }
        Ok(
            match failure_after_answers(&run, answers.len(), cases.len()) {
                None => Judged::Right,
                Some(why) => Judged::After(why),
            },
        )
    }

    /// One process on all of `cases`; a failure in it is located: a wrong answer is checked
    /// alone, and a crash, a hang, a limit or garbage is looked for among the instances from
    /// the last good answer on. A failure that does not happen alone is [`Verdict::OnlyAfter`].
    fn failure_in(&mut self, cases: &[C], deadline: Option<Instant>) -> Result<Verdict, String> {
        if cases.is_empty() {
            return Ok(Verdict::Passes);
        }
        let single = cases.len() == 1;
        let fails = |index, failure| Ok(Verdict::Fails(Found { index, failure }));
        let judged = self.judged_run(cases, deadline)?;
        // Output is bounded per call, as a judge bounds each test case's: a batch that
        // printed too much in all is split until one test case does it alone, or none does.
        if self.flooded && !single {
            let middle = cases.len().div_ceil(2);
            for (offset, part) in [(0, &cases[..middle]), (middle, &cases[middle..])] {
                match self.failure_in(part, None)?.after(offset) {
                    Verdict::Passes => {}
                    other => return Ok(other),
                }
            }
            return Ok(Verdict::Passes);
        }
        match judged {
            Judged::Right => Ok(Verdict::Passes),
            Judged::Stopped(answered) => Ok(Verdict::Stopped(answered)),
            Judged::Wrong(index, answer) if single => fails(index, Failure::Wrong(answer)),
            Judged::Wrong(index, _) => self.alone_or_after(cases, index),
            // A time-out is the program's only when it happens again, alone: a stall of the
            // machine (a loaded system, a stopped process) is not.
            Judged::Missing(index, why, true) if single => match self.judged_run(cases, None)? {
                Judged::Right => {
                    self.unreproduced(&cases[0], &why);
                    Ok(Verdict::Passes)
                }
                Judged::Missing(_, why, _) | Judged::Broken(_, why) | Judged::After(why) => {
                    fails(index, Failure::Broken(why))
                }
                Judged::Wrong(_, answer) => fails(index, Failure::Wrong(answer)),
                Judged::Stopped(_) => Ok(Verdict::Stopped(0)),
            },
            Judged::Broken(index, why) | Judged::Missing(index, why, _) if single => {
                fails(index, Failure::Broken(why))
            }
            // A harness writes each answer as it comes: a time-out with `index` answers out
            // points at `index`, which must time out alone too; if it does not, the rest of the
            // batch runs on.
            Judged::Missing(index, why, true) if self.program.harnessed => {
                match self.failure_in(&cases[index..=index], None)? {
                    Verdict::Fails(found) => fails(index, found.failure),
                    _ => {
                        self.unreproduced(&cases[index], &why);
                        let rest = self.failure_in(&cases[index + 1..], deadline)?;
                        Ok(rest.after(index + 1))
                    }
                }
            }
            Judged::Broken(index, _) | Judged::Missing(index, _, _) => self.broken_at(cases, index),
            Judged::After(why) if single => fails(0, Failure::Broken(why)),
            // Every answer right, then too many, a crash or a limit: look for the instance
            // that does it alone.
            Judged::After(_) => self.broken_at(cases, 0),
        }
    }

    /// `cases[index]`, which failed in a run of `cases`, run alone: its own failure, or
    /// [`Verdict::OnlyAfter`] if it passes alone.
    fn alone_or_after(&mut self, cases: &[C], index: usize) -> Result<Verdict, String> {
        Ok(match self.failure_in(&cases[index..=index], None)? {
            Verdict::Fails(found) => Verdict::Fails(Found { index, ..found }),
            _ => Verdict::OnlyAfter(index),
        })
    }

    /// The failure in a run of `cases` that broke at `from`: the program prints each answer
    /// as it comes, so the instance at `from` is the suspect and runs alone first; without any
    /// answer to go by (`from` 0), the cases are halved. If no part fails by itself, the
    /// failure needs what came before it ([`Verdict::OnlyAfter`]). Locating a failure is not
    /// stopped by the search's clock.
    fn broken_at(&mut self, cases: &[C], from: usize) -> Result<Verdict, String> {
        if from > 0 {
            return self.alone_or_after(cases, from);
        }
        let middle = cases.len().div_ceil(2);
        for (offset, part) in [(0, &cases[..middle]), (middle, &cases[middle..])] {
            match self.failure_in(part, None)? {
                Verdict::Fails(found) => {
                    return Ok(Verdict::Fails(Found {
                        index: offset + found.index,
                        ..found
                    }))
                }
                Verdict::OnlyAfter(last) => return Ok(Verdict::OnlyAfter(offset + last)),
                _ => {}
            }
        }
        Ok(Verdict::OnlyAfter(cases.len() - 1))
    }

    /// Shrinks `case` while it still fails, for at most the shrinking time, with the one engine
    /// ([`shared::shrink::shrink`]): each round keeps the smallest candidate that fails, the
    /// kind of step that worked last tried first.
    fn shrink(&mut self, case: C, failure: Failure) -> Result<Shrunk<C>, String> {
        let deadline = Instant::now() + self.shrink_time;
        let (shrink, measure) = (self.check.shrink, self.check.measure);
        // A step's kind: the first part of the measure it makes smaller (a node dropped, or
        // only an edge). The kind that worked last goes first in the next round, so that a
        // slow program does not run again, every round, the bigger steps that all passed
        // before; a round in which nothing fails still runs every candidate, so shrinking
        // still ends only where no single step keeps the failure.
        let kind = |smaller: &[usize; 3], of: &[usize; 3]| (0..3).find(|&at| smaller[at] < of[at]);
        let shrunk_from = Cell::new([0; 3]);
        let last_kind = Cell::new(None);
        let shrunk = shared::shrink::shrink(
            case,
            failure,
            |case| {
                let own = measure(case);
                shrunk_from.set(own);
                let mut smaller = shrink(case);
                smaller.sort_by_cached_key(|candidate| {
                    let size = measure(candidate);
                    (kind(&size, &own) != last_kind.get(), size)
                });
                smaller
            },
            |candidates| {
                let found = self.first_failing_alone(candidates)?;
                if let Some((index, _)) = &found {
                    let size = measure(&candidates[*index]);
                    last_kind.set(kind(&size, &shrunk_from.get()));
                }
                Ok::<_, String>(found)
            },
            || Instant::now() >= deadline,
        )?;
        Ok(Shrunk {
            case: shrunk.instance,
            failure: shrunk.failure,
            finished: shrunk.local_minimum,
        })
    }

    /// The first of `candidates` that fails alone, in as few processes as it takes: the
    /// candidates run in one batch, and a candidate that fails only after others is passed
    /// over, the rest running in a new process.
    fn first_failing_alone(
        &mut self,
        candidates: &[C],
    ) -> Result<Option<(usize, Failure)>, String> {
        let mut offset = 0;
        while offset < candidates.len() {
            match self.first_failure_in_chunks(&candidates[offset..], None)? {
                Verdict::Fails(found) => return Ok(Some((offset + found.index, found.failure))),
                Verdict::OnlyAfter(last) => offset += last + 1,
                Verdict::Passes | Verdict::Stopped(_) => break,
            }
        }
        Ok(None)
    }

    /// Whether one run of `cases` fails anywhere.
    fn run_fails(&mut self, cases: &[C]) -> Result<bool, String> {
        Ok(!matches!(self.judged_run(cases, None)?, Judged::Right))
    }

    /// The fewest of `cases`, in order, that still fail in one run (no single one can be left
    /// out), for at most the shrinking time: chunks are left out, halving their size when none
    /// can go. Returns them, and whether it got to the end.
    fn shortest_sequence(&mut self, cases: &[C]) -> Result<(Vec<C>, bool), String> {
        let started = Instant::now();
        let mut kept = cases.to_vec();
        let mut chunk = kept.len().div_ceil(2);
        while chunk >= 1 && kept.len() > 1 {
            let mut start = 0;
            let mut removed = false;
            while start < kept.len() {
                if started.elapsed() >= self.shrink_time {
                    return Ok((kept, false));
                }
                let end = (start + chunk).min(kept.len());
                let mut candidate = kept[..start].to_vec();
                candidate.extend_from_slice(&kept[end..]);
                if !candidate.is_empty() && self.run_fails(&candidate)? {
                    kept = candidate;
                    removed = true;
                } else {
                    start = end;
                }
            }
            if !removed {
                chunk /= 2;
            }
        }
        Ok((kept, true))
    }
}

/// One run judged in order, up to its first failure.
enum Judged {
    Right,
    /// The search's time ran out after this many right answers.
    Stopped(usize),
    Wrong(usize, String),
    /// Not an answer at this index: why.
    Broken(usize, String),
    /// No answer at this index: why, and whether the run timed out.
    Missing(usize, String, bool),
    /// Every answer right, then a failure: too many answers, a crash, a limit.
    After(String),
}

/// Why a run whose `answered` answers to `cases` test cases were all right still failed: too
/// many answers, a crash or a limit after them.
fn failure_after_answers(run: &Run, answered: usize, cases: usize) -> Option<String> {
    if answered > cases {
        return Some(format!(
            "printed {answered} answers for {cases} test case(s)"
        ));
    }
    run.failure()
}

/// A seeded generator for instance `index` of seed `seed`: the same pair, the same instance.
fn instance_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index)
}

/// Fewer instances than this in a pass that `--seconds` stopped earn it a warning.
const FEW_INSTANCES: u64 = 100;

/// How many random instances it takes to reach the judge's limits.
const RAMP: f64 = 400.0;

/// Runs `--check` for `problem`: exit 1 with a counterexample, 0 without, `Err` (exit 2) when
/// the solution cannot be built or run.
pub fn run<C: Clone, A: PartialEq + Display>(
    problem: &Problem<C, A>,
    options: &Options,
) -> Result<ExitCode, String> {
    let check = &problem.check;
    let solvers = (problem.solvers)();
    let expected = solvers.first().ok_or("the problem has no variant")?;
    // The user's own instances are read and checked before anything is built.
    let yours = match &options.input {
        Some(source) => Some(crate::driver::read_input(problem, source)?),
        None => None,
    };
    let harnesses = check.harness.as_ref().map(|harness| harness.code);
    let program = program::prepare(&options.solution, harnesses, check.judge, &options.build)
        .map_err(|BuildError(message)| message)?;
    let mut session = Session {
        check,
        expected,
        program,
        sandbox: Sandbox::new()?,
        limit: options.time_limit,
        memory: options.memory_limit,
        shrink_time: options.shrink_time,
        runs: 0,
        printed: String::new(),
        answers: Vec::new(),
        solution: options.solution.clone(),
        bin: problem.bin,
        unreproduced: Vec::new(),
        flooded: false,
    };
    // Built: the search's time starts now, and bounds every run of it.
    let started = Instant::now();
    let search = Search {
        problem,
        options,
        started,
        deadline: started + Duration::from_secs_f64(options.seconds),
        most: options.cases.unwrap_or(u64::MAX),
    };
    if let (Some(yours), Some(source)) = (yours, &options.input) {
        let named: Vec<(String, C)> = yours
            .into_iter()
            .enumerate()
            .map(|(at, case)| (format!("your input, test case {}", at + 1), case))
            .collect();
        return match search.named(&mut session, &named, 0, search.deadline)? {
            Searched::Reported(code) => Ok(code),
            Searched::Passed { tried, stopped } => {
                session.program.print_build();
                let all = if stopped { " (--seconds ran out)" } else { "" };
                let name = if source == "-" { "stdin" } else { source };
                println!(
                    "no counterexample in {} of the {} instances of {name}{all}",
                    thousands(tried),
                    named.len()
                );
                print_unreproduced(&session);
                Ok(ExitCode::SUCCESS)
            }
        };
    }
    let small: Vec<(String, C)> = match (check.small)() {
        Some(Smaller { all, what, .. }) => all
            .into_iter()
            .enumerate()
            .map(|(at, case)| (format!("{} of the {what}, in order", at + 1), case))
            .collect(),
        None => Vec::new(),
    };
    let fixed = (check.fixed)();
    let largest = (check.largest)(&mut instance_rng(options.seed, u64::MAX));
    let mut tried = 0;
    let mut reached_largest = false;
    // The small level gets a share of the time: a slow program (one process a game, an
    // interpreter) must still reach the fixed instances and the judge's largest in seconds.
    let small_share = Duration::from_secs_f64((options.seconds / 10.0).max(1.0));
    let small_until = (started + small_share).min(search.deadline);
    let levels = [
        (small, Level::Small(small_until)),
        (fixed, Level::Fixed),
        (largest, Level::Largest),
    ];
    for (named, level) in levels {
        let until = match level {
            Level::Small(until) => until,
            _ => search.deadline,
        };
        match search.named(&mut session, &named, tried, until)? {
            Searched::Reported(code) => return Ok(code),
            Searched::Passed {
                tried: now,
                stopped,
            } => {
                let whole = !stopped && now - tried == named.len() as u64;
                reached_largest |= level == Level::Largest && whole;
                tried = now;
                if stopped && !matches!(level, Level::Small(_)) {
                    break;
                }
            }
        }
    }
    if tried < search.most && Instant::now() < search.deadline {
        match search.random(&mut session, tried)? {
            Searched::Reported(code) => return Ok(code),
            Searched::Passed { tried: now, .. } => tried = now,
        }
    }
    if tried == 0 {
        return Err(format!(
            "--seconds {} ran out before your program answered a test case; no verdict",
            options.seconds
        ));
    }
    session.program.print_build();
    let largest = if reached_largest {
        ", the judge's largest included"
    } else {
        ""
    };
    println!(
        "no counterexample in {} instances ({}{largest}, seed {}, {:.1} s)",
        thousands(tried),
        (check.range)(options.beyond_limits),
        options.seed,
        started.elapsed().as_secs_f64()
    );
    print_unreproduced(&session);
    // A pass is only worth what it ran: say so when `--seconds` cut it short.
    let by_seconds = tried < search.most;
    if by_seconds && (tried < FEW_INSTANCES || !reached_largest) {
        let each = started.elapsed().as_secs_f64() / tried as f64;
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
    Ok(ExitCode::SUCCESS)
}

/// Failures that did not happen again: how often, and the first, so that a flaky program or
/// a stalled machine is neither blamed nor hidden.
fn print_unreproduced<C: Clone, A: PartialEq + Display>(session: &Session<C, A>) {
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
const WHY_LINES: usize = 40;

/// Saves `cases` in the command line's input format where `--check` keeps its files, for the
/// commands a report ends with; its path, or `None` when it cannot be written.
fn save_instances<C: Clone, A: PartialEq + Display>(
    session: &Session<C, A>,
    cases: &[C],
) -> Option<PathBuf> {
    let text: String = cases.iter().map(session.check.judge_text).collect();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    std::hash::Hash::hash(&text, &mut hasher);
    let name = format!(
        "cats-check-{}-{:016x}.txt",
        session.bin,
        std::hash::Hasher::finish(&hasher)
    );
    let path = sandbox::temp_root().join(name);
    std::fs::write(&path, text).ok().map(|()| path)
}

/// `text`, cut to one screen ([`WHY_LINES`]) when `rest` says where the rest is: given how
/// many lines were left out, the line that says so.
fn print_screen(text: &str, rest: Option<&dyn Fn(usize) -> String>) {
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
fn print_instance(text: &str, saved: Option<&PathBuf>) {
    let rest = |path: &PathBuf| {
        let path = shell_word(&path.to_string_lossy());
        move |more| format!("{more} more lines: the whole instance is in {path}")
    };
    let rest = saved.map(rest);
    let rest = rest.as_ref().map(|rest| rest as &dyn Fn(usize) -> String);
    print_screen(text.trim_end(), rest);
}

/// The explanation, cut to one screen; the rest is one command away.
fn print_why(why: &str, saved: Option<&PathBuf>, bin: &str) {
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

/// The commands that rerun exactly the reported instances and explain them.
fn print_next_steps<C: Clone, A: PartialEq + Display>(
    session: &Session<C, A>,
    saved: Option<&PathBuf>,
) {
    let Some(path) = saved else {
        return;
    };
    let (bin, path) = (session.bin, shell_word(&path.to_string_lossy()));
    println!(
        "rerun it: cargo run -q --bin {bin} -- --check {} --input {path}",
        shell_word(&session.solution)
    );
    println!("play it out: cargo run -q --bin {bin} -- --explain < {path}");
}

/// `text` as one word for a POSIX shell: as it is when plain, else in single quotes.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-+/=:,@".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The levels of instances the search runs before the random ones.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    /// Every small instance, until this time.
    Small(Instant),
    /// The examples, the regressions, the deep ones.
    Fixed,
    /// The judge's largest.
    Largest,
}

/// The search's bounds: when it started, when `--seconds` ends it, how many instances
/// `--cases` allows.
struct Search<'s, C: 'static, A: 'static> {
    problem: &'s Problem<C, A>,
    options: &'s Options,
    started: Instant,
    deadline: Instant,
    most: u64,
}

/// Where a search ended: a failure found and reported (with the exit status), or how many
/// instances passed and whether `--seconds` stopped it.
enum Searched {
    Reported(ExitCode),
    Passed { tried: u64, stopped: bool },
}

impl<C: Clone, A: PartialEq + Display> Search<'_, C, A> {
    /// Named instances (the fixed table, or the judge's largest) in one batch, after `tried`
    /// others.
    fn named(
        &self,
        session: &mut Session<C, A>,
        named: &[(String, C)],
        tried: u64,
        until: Instant,
    ) -> Result<Searched, String> {
        let cases: Vec<C> = named
            .iter()
            .map(|(_, case)| case.clone())
            .take(self.most.saturating_sub(tried) as usize)
            .collect();
        if cases.is_empty() {
            return Ok(Searched::Passed {
                tried,
                stopped: self.most <= tried,
            });
        }
        let origin = |index: usize| named[index].0.clone();
        let verdict = session.first_failure_in_chunks(&cases, Some(until))?;
        Ok(match verdict {
            Verdict::Fails(found) => {
                let caught = self.caught(origin(found.index), tried + found.index as u64 + 1);
                let case = cases[found.index].clone();
                let code = report(self.problem, session, caught, case, found.failure)?;
                Searched::Reported(code)
            }
            Verdict::OnlyAfter(last) => {
                let origin = format!("{} to {}", origin(0), origin(last));
                let caught = self.caught(origin, tried + last as u64 + 1);
                let code = report_sequence(self.problem, session, caught, &cases[..=last])?;
                Searched::Reported(code)
            }
            Verdict::Passes => Searched::Passed {
                tried: tried + cases.len() as u64,
                stopped: false,
            },
            Verdict::Stopped(answered) => Searched::Passed {
                tried: tried + answered as u64,
                stopped: true,
            },
        })
    }

    /// Seeded random instances, growing from the smallest to the judge's limits over [`RAMP`]
    /// instances, in batches that grow while they run quickly; a progress line on a terminal.
    fn random(&self, session: &mut Session<C, A>, mut tried: u64) -> Result<Searched, String> {
        let (check, seed) = (&self.problem.check, self.options.seed);
        let progress = std::io::stderr().is_terminal();
        let mut batch = 8usize;
        let mut index = 0u64;
        while tried < self.most && Instant::now() < self.deadline {
            let count = (batch as u64).min(self.most - tried);
            let cases: Vec<C> = (index..index + count)
                .map(|at| {
                    let scale = (at as f64 / RAMP).min(1.0);
                    let beyond = self.options.beyond_limits;
                    (check.generate)(&mut instance_rng(seed, at), scale, beyond)
                })
                .collect();
            let batch_started = Instant::now();
            let verdict = session.first_failure(&cases, Some(self.deadline))?;
            if progress {
                eprint!("\r\x1b[K");
            }
            match verdict {
                Verdict::Fails(found) => {
                    let origin = format!("seed {seed}, instance {}", index + found.index as u64);
                    let caught = self.caught(origin, tried + found.index as u64 + 1);
                    let case = cases[found.index].clone();
                    let code = report(self.problem, session, caught, case, found.failure)?;
                    return Ok(Searched::Reported(code));
                }
                Verdict::OnlyAfter(last) => {
                    let last_at = index + last as u64;
                    let origin = format!("seed {seed}, instances {index} to {last_at}");
                    let caught = self.caught(origin, tried + last as u64 + 1);
                    let code = report_sequence(self.problem, session, caught, &cases[..=last])?;
                    return Ok(Searched::Reported(code));
                }
                Verdict::Passes => {}
                Verdict::Stopped(answered) => {
                    tried += answered as u64;
                    break;
                }
            }
            index += count;
            tried += count;
            if progress {
                let last = cases.last().map(check.size).unwrap_or_default();
                eprint!("{tried} instances so far, now {last}");
                let _ = std::io::stderr().flush();
            }
            // Batches that run quickly grow, so that start-up stays a small share.
            if batch_started.elapsed() < Duration::from_millis(300) {
                batch = (batch * 2).min(512);
            }
        }
        if progress {
            eprint!("\r\x1b[K");
        }
        Ok(Searched::Passed {
            tried,
            stopped: true,
        })
    }

    /// Where and when a failure was caught.
    fn caught(&self, origin: String, instances: u64) -> Caught {
        Caught {
            origin,
            instances,
            after: self.started.elapsed(),
        }
    }
}

/// `4812` as `4,812`.
pub fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// How many lines of the program's own prints a report quotes.
const PRINTED_LINES: usize = 8;

/// The first lines of what the latest run printed besides its answers, if anything.
fn print_printed<C: Clone, A: PartialEq + Display>(session: &Session<C, A>) {
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
fn report_sequence<C: Clone, A: PartialEq + Display>(
    problem: &Problem<C, A>,
    session: &mut Session<C, A>,
    caught: Caught,
    cases: &[C],
) -> Result<ExitCode, String> {
    let check = &problem.check;
    let shrinking = Instant::now();
    let origin = &caught.origin;
    let runs_before = session.runs;
    let (kept, finished) = session.shortest_sequence(cases)?;
    // Once more, for the answers and prints the report shows.
    let judged = session.judged_run(&kept, None)?;
    let (answers, printed) = (session.answers.clone(), session.printed.clone());
    let failing = match &judged {
        Judged::Wrong(index, _) | Judged::Broken(index, _) | Judged::Missing(index, _, _) => *index,
        _ => kept.len() - 1,
    };
    let alone = session.run_fails(&kept[failing..=failing])?;
    session.printed = printed;
    let runs = session.runs - runs_before;
    let how = if finished {
        "no single one can be left out"
    } else {
        "stopped at the time limit for shrinking"
    };
    session.program.print_build();
    println!(
        "counterexample ({origin}): {} test cases in one process, shrunk from {} in {runs} \
         runs ({how}):",
        kept.len(),
        cases.len()
    );
    for case in &kept {
        println!("{}", (check.judge_text)(case).trim_end());
    }
    match judged {
        Judged::Wrong(..) => println!("your answers: {}", answers.join(" ")),
        Judged::Broken(_, why) | Judged::Missing(_, why, _) | Judged::After(why) => {
            println!("your program: {why}")
        }
        Judged::Right | Judged::Stopped(_) => {
            println!("your program: this time it answered every one right (a flaky failure)")
        }
    }
    let expected: Vec<String> = kept
        .iter()
        .map(|case| (session.expected.solve)(case).to_string())
        .collect();
    println!("expected:     {}", expected.join(" "));
    if !alone {
        println!(
            "test case {} passes when run alone: your solution keeps state between calls \
             (a global, a static, a class attribute not reset)",
            failing + 1
        );
    }
    print_printed(session);
    let saved = save_instances(session, &kept);
    println!("why (test case {}):", failing + 1);
    print_why(&(problem.explain)(&kept[failing]), None, session.bin);
    print_next_steps(session, saved.as_ref());
    print_unreproduced(session);
    caught.print(shrinking.elapsed());
    Ok(ExitCode::from(1))
}

/// Shrinks the failing instance and prints the counterexample; exit 1.
fn report<C: Clone, A: PartialEq + Display>(
    problem: &Problem<C, A>,
    session: &mut Session<C, A>,
    caught: Caught,
    case: C,
    failure: Failure,
) -> Result<ExitCode, String> {
    let check = &problem.check;
    let shrinking = Instant::now();
    let origin = &caught.origin;
    let runs_before = session.runs;
    let (from, from_text) = ((check.size)(&case), (check.judge_text)(&case));
    let Shrunk {
        case: mut smallest,
        mut failure,
        finished,
    } = session.shrink(case, failure)?;
    let proof = match (check.all_smaller)(&smallest) {
        Some(smaller) => Some(session.run_all_smaller(smaller, &mut smallest, &mut failure)?),
        None => None,
    };
    // The smallest instance once more, alone: its own prints for the report.
    session.printed.clear();
    let again = session.failure_in(std::slice::from_ref(&smallest), None)?;
    let reproduced = matches!(again, Verdict::Fails(_));
    if let Verdict::Fails(found) = again {
        failure = found.failure;
    } else {
        session.printed.clear();
    }
    let to = (check.size)(&smallest);
    let expected = (session.expected.solve)(&smallest);
    let one_line = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let runs = session.runs - runs_before;
    let runs = format!("{runs} run{}", if runs == 1 { "" } else { "s" });
    // Shrinking is a local search: it shows that no step it knows keeps the failure, not that
    // no smaller instance fails.
    let local = if finished {
        "no single shrinking step keeps the failure".to_string()
    } else {
        format!(
            "shrinking stopped at {} s",
            session.shrink_time.as_secs_f64()
        )
    };
    let how = match proof {
        Some(Proof::FirstOfAll(proof)) => proof,
        Some(Proof::NoneFails(proof)) => format!("{local}, and {proof}"),
        None => local,
    };
    let text = (check.judge_text)(&smallest);
    session.program.print_build();
    if text == from_text {
        println!("counterexample ({origin}), {to}; {how} ({runs}):");
    } else {
        println!("counterexample ({origin}), shrunk from {from} to {to} in {runs}; {how}:");
    }
    let saved = save_instances(session, std::slice::from_ref(&smallest));
    print_instance(&text, saved.as_ref());
    // A failure that the last lone run did not repeat is told as what happened, once.
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
    println!("expected:    {}", one_line(expected.to_string()));
    print_printed(session);
    println!("why:");
    print_why(&(problem.explain)(&smallest), saved.as_ref(), session.bin);
    print_next_steps(session, saved.as_ref());
    print_unreproduced(session);
    caught.print(shrinking.elapsed());
    Ok(ExitCode::from(1))
}

/// Where and when the search caught a failure.
struct Caught {
    /// The instance's name: `regression 1`, `seed 42, instance 1300`.
    origin: String,
    /// Instances run until it, itself included.
    instances: u64,
    /// Since the search began (the build done).
    after: Duration,
}

impl Caught {
    /// The report's last line: what catching and shrinking cost.
    fn print(&self, shrinking: Duration) {
        println!(
            "caught at instance {} after {:.2} s; shrinking took {:.2} s",
            thousands(self.instances),
            self.after.as_secs_f64(),
            shrinking.as_secs_f64()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_take_any_order_and_refuse_nonsense() {
        let parsed = options(&args(
            "mine.rs --seed 7 --beyond-limits --cases 30 --seconds 2.5 --memory-limit 256 \
             --no-sanitize",
        ))
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(parsed.solution, "mine.rs");
        assert_eq!(
            (parsed.seed, parsed.cases, parsed.seconds),
            (7, Some(30), 2.5)
        );
        assert!(parsed.beyond_limits);
        assert_eq!(parsed.memory_limit, 256 << 20);
        assert!(!parsed.build.sanitize);
        let defaults = options(&args("mine.rs")).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(defaults.memory_limit, MEMORY_LIMIT_MB << 20);
        assert!(defaults.build.sanitize);
        for (text, error) in [
            ("", "--check needs your solution"),
            ("--seed 3", "--check needs your solution"),
            ("mine.rs --cases 0", "--cases needs a count, not '0'"),
            (
                "mine.rs --seconds -1",
                "--seconds needs a number of seconds up to 1000000, not '-1'",
            ),
            (
                "mine.rs --seconds 1e30",
                "--seconds needs a number of seconds up to 1000000, not '1e30'",
            ),
            ("mine.rs --seconds NaN", "not 'NaN'"),
            ("mine.rs --time-limit 4000", "up to 3600, not '4000'"),
            (
                "mine.rs --memory-limit 0",
                "--memory-limit needs a number of megabytes",
            ),
            ("mine.rs --seed", "--seed needs a number"),
            ("mine.rs --fast", "unknown option '--fast' after --check"),
        ] {
            match options(&args(text)) {
                Ok(_) => panic!("{text:?} was accepted"),
                Err(message) => assert!(message.contains(error), "{text:?}: {message}"),
            }
        }
    }

    #[test]
    fn counts_read_with_separators() {
        assert_eq!(thousands(4812), "4,812");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
