//! What `--check` needs of a problem beside its rules, as data: the sets of instances it runs
//! ([`Smaller`]), the sizes random ones reach ([`Sizes`]), the input its LeetCode harnesses
//! read ([`Harness`]), the names of known instances ([`Known`]) and the helpers the problems'
//! generators share; `render/plan.rs` words the sets and the names. Uses `chase`'s results.

use crate::problems::chase::GameResult;
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

/// Which instances a set to run all of holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Set {
    /// 913's valid graphs of 3 to `most` nodes, by nodes, then edges. `plan_stage`: the plan's
    /// own stage of them, whose words say that order; a shrink's set of them (false) is in the
    /// same order, but its words leave it unsaid.
    Graphs { most: usize, plan_stage: bool },
    /// 913's valid graphs smaller than one of `nodes` nodes and `edges` edges.
    GraphsBelow { nodes: usize, edges: usize },
    /// 1728's games on grids of 3 to `most` cells (by open cells, cells, jumps).
    Games { most: usize },
    /// noi2011's legal games on boards of 3 to `most` cells, by cells, then moves;
    /// `plan_stage` as for graphs.
    Records { most: usize, plan_stage: bool },
    /// noi2011's legal games smaller than one of `cells` cells and `moves_each` moves each.
    RecordsBelow { cells: usize, moves_each: usize },
}

/// A set of instances and how many it holds: `27,402 valid graphs of 3 to 6 nodes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InstanceSet {
    pub count: usize,
    pub which: Set,
}

/// A known instance, as the plan names it (`regression 4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// The `at`-th (from 1) of a table the problem's crate lists.
    Listed { table: Table, at: usize },
    /// The deepest forced win known on an instance of its size: the winner's, in `plies`.
    Deepest {
        winner: GameResult,
        size: DeepSize,
        plies: u32,
    },
    /// One of the instances at the judge's limits.
    Largest(Largest),
}

/// A table of known instances: the statement's examples (noi2011's samples), the tracker's
/// regressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    Example,
    Regression,
    Sample,
}

/// The size a deepest win is known for: 913's nodes, 1728's open cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeepSize {
    Nodes(usize),
    OpenCells(usize),
}

/// An instance at the judge's limits, by how it was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Largest {
    /// 913: a dense graph, a sparse one, one grown to a deep forced win.
    Dense,
    Sparse,
    Deep,
    /// 1728: both jumps `jump`, and walls on `walls_percent` of the cells.
    Grid {
        jump: i32,
        walls_percent: u32,
    },
    /// noi2011: a game of `rounds` rounds, the most a board has.
    Rounds(usize),
    /// noi2011: a random game.
    RandomGame,
}

/// Instances to run all of, smallest first.
pub struct Smaller<C> {
    pub all: Vec<C>,
    /// Which they are, and how many.
    pub what: InstanceSet,
    /// Whether every instance not among them is larger, so that the first to fail is the
    /// smallest counterexample there is.
    pub complete: bool,
    /// Whether they are every instance smaller than the one shrunk to, so that if none fails,
    /// that one is the smallest counterexample there is.
    pub all_below: bool,
}

impl<C> Smaller<C> {
    /// `all`, which are the instances of `which`.
    pub fn new(all: Vec<C>, which: Set, complete: bool, all_below: bool) -> Smaller<C> {
        let what = InstanceSet {
            count: all.len(),
            which,
        };
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

/// `cases` named after the tables they come from, in order: `(Table::Regression, 5)` names
/// the next five the regressions 1 to 5.
pub fn named<C>(tables: &[(Table, usize)], cases: impl IntoIterator<Item = C>) -> Vec<(Known, C)> {
    let names = tables
        .iter()
        .flat_map(|&(table, count)| (1..=count).map(move |at| Known::Listed { table, at }));
    names.zip(cases).collect()
}
