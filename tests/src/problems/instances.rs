//! What `--check` needs of a problem beside its rules, as data: the sets of instances it runs
//! ([`Smaller`]), the sizes random ones reach ([`Sizes`]), the input its LeetCode harnesses
//! read ([`Harness`]) and the helpers the problems' generators share. Uses only [`crate::text`].

use crate::text::thousands;
use shared::rng::Rng;

/// A LeetCode problem's harness input: a batch of test cases in the format the harnesses
/// read (the harnesses themselves, one per language, are the build's: `build/harness/`).
pub struct Harness<C: 'static> {
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
