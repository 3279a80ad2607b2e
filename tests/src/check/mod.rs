//! `--check SOLUTION`: looks for the smallest valid input on which the user's own solution
//! answers differently from the default variant, and explains the right answer.
//!
//! The instances come in levels: every instance small enough to run them all, smallest first;
//! the problem's fixed table (the statement's examples, the regression cases, instances built
//! to need long forced wins), in order of size; the judge's largest; then seeded random ones,
//! growing from small to the judge's limits (past them with `--beyond-limits`). They go to the
//! user's program in batches, many test cases a process, so that start-up does not dominate;
//! a batch that crashes, hangs or prints what is not an answer is split until the one
//! instance is found. A failing instance is then shrunk while it still fails, each round's
//! candidates again in one batch, and printed in the judge's own input format.
//!
//! # Complexity
//! Dominated by the user's program: about `--seconds` of runs, then a few dozen runs to shrink.
//!
//! # Modules, one job each
//! - `options`: the command line after `--check`, read and checked.
//! - [`program`] and [`judge`]: the user's file built as its judge builds it ([`harness`]: what
//!   the judge wraps around a LeetCode solution, per language).
//! - [`bwrap`]: the sandbox every build and run of the user's code starts in; [`cgroup`]: the
//!   limits that bind on a run's whole process tree, and its CPU time.
//! - [`sandbox`]: one run, isolated and limited.
//! - `search`: instances in order, each run judged, a failure located; `minimise`: a failure
//!   shrunk, every smaller instance run, and the smallest run once more alone.
//! - `diagnose`: the program asked about every position of a chase game's counterexample;
//!   [`diagnosis`]: its answers read against the truth (a horizon, a contradiction in its own
//!   answers, a cycle of claimed wins).
//! - `judge_rerun`: a fault only an extra check caught (UBSan, or AddressSanitizer where the
//!   judge runs none), run again on the judge's own build, to say what the judge would show.
//! - `report`: a failure gathered into the outcome; [`outcome`]: the verdict as a value, and
//!   the text report and `--json` rendered from it.
//! - [`many`]: several solutions checked side by side, a line as each ends, then a table and
//!   the failures' reports; `interrupt`: Ctrl-C there, which prints the table so far.
//! - this file: the shapes in which a problem tells `--check` of itself ([`Harness`],
//!   [`Smaller`], [`Sizes`]) and the helpers its descriptions share; what it tells is the
//!   `--check` section of [`crate::problems::Problem`].

pub mod bwrap;
pub mod cgroup;
mod diagnose;
pub mod diagnosis;
pub mod harness;
mod interrupt;
pub mod judge;
mod judge_rerun;
pub mod many;
mod minimise;
mod options;
pub mod outcome;
pub mod program;
mod report;
pub mod sandbox;
mod search;

pub use options::{options, Options, MEMORY_LIMIT_MB};
pub use search::run;

/// `--check` for problem `P`, its outcome rendered as the text report or, with `--json`, as
/// one JSON object: the exit status (0 a pass, 1 a counterexample), or the error to print
/// (exit 2; with `--json` the error is an object on stdout too).
pub fn check<P: crate::problems::Problem>(
    options: &Options,
) -> Result<std::process::ExitCode, outcome::CheckError> {
    match run::<P>(options) {
        Ok(found) if options.json => {
            println!("{}", found.json());
            Ok(found.exit_code())
        }
        Ok(found) => {
            print!("{}", found.text());
            Ok(found.exit_code())
        }
        Err(error) if options.json => {
            println!("{}", error.json(P::BIN));
            Ok(std::process::ExitCode::from(2))
        }
        Err(error) => Err(error),
    }
}

use harness::Harnesses;
use shared::rng::Rng;

/// A LeetCode problem's harnesses, and the input they read.
pub struct Harness<C: 'static> {
    pub code: &'static Harnesses,
    /// A batch of test cases in the harnesses' format.
    pub input: fn(&[C]) -> String,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_with_separators() {
        assert_eq!(thousands(4812), "4,812");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
