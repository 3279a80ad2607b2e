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
//! - [`sandbox`]: one run, contained and limited.
//! - `search`: instances in order, each run judged, a failure located and shrunk.
//! - `report`: what the user reads of a counterexample.
//! - this file: what a problem tells `--check` of itself ([`Check`]).

pub mod harness;
pub mod judge;
mod options;
pub mod program;
mod report;
pub mod sandbox;
mod search;

pub use options::{options, Options, MEMORY_LIMIT_MB};
pub use search::run;

use harness::Harnesses;
use judge::Judge;
use shared::rng::Rng;

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
