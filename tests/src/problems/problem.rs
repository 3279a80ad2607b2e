//! [`Problem`], the one description each game gives of itself (its variants as [`Solver`]s, its
//! input, its examples, what `--check` needs of it), and [`Judge`], whose rules a solution is
//! held to. Uses only the problems' own data modules.

use crate::problems::chase::{Chase, GameResult, Rounds, TooManyPositions};

use crate::problems::fence;
use crate::problems::input::{CaseNote, InputError, Wrong};
use crate::problems::instances::{Harness, Known, Smaller};
use shared::rng::Rng;
use std::fmt::{Debug, Display};
use std::io::Read;

/// Why a variant will not take a test case (an exponential search on a large board), or
/// `None`.
pub type Refusal<C> = Box<dyn Fn(&C) -> Option<TooLarge>>;

/// A test case larger than a variant's exponential search takes: its board's cells, and the
/// most the variant takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    pub cells: usize,
    pub most: usize,
}

/// One variant of a solution crate, as the command line and the tests run it: on a checked
/// test case `C`, answering `A`.
pub struct Solver<C, A> {
    /// The module's name (`degree_bfs`), which `--variant` and `--emit` take.
    pub name: &'static str,
    /// One line: the idea and the cost.
    pub summary: &'static str,
    /// The source files whose fenced parts make the submission ([`fence::submission`]).
    pub sources: &'static [&'static str],
    pub solve: Box<dyn Fn(&C) -> A>,
    pub refuses: Refusal<C>,
}

impl<C, A> Solver<C, A> {
    /// A variant that takes every test case.
    pub fn new(
        name: &'static str,
        summary: &'static str,
        sources: &'static [&'static str],
        solve: impl Fn(&C) -> A + 'static,
    ) -> Solver<C, A> {
        Solver {
            name,
            summary,
            sources,
            solve: Box::new(solve),
            refuses: Box::new(|_| None),
        }
    }

    /// One solver for each entry of a solution crate's registry, in order (the default first):
    /// `describe` gives an entry's name, summary and sources, `solve` answers a test case with
    /// the entry's judge function.
    pub fn each_of<V: 'static>(
        variants: &'static [V],
        describe: fn(&V) -> (&'static str, &'static str, &'static [&'static str]),
        solve: fn(&V, &C) -> A,
    ) -> Vec<Solver<C, A>>
    where
        C: 'static,
        A: 'static,
    {
        variants
            .iter()
            .map(|variant| {
                let (name, summary, sources) = describe(variant);
                Solver::new(name, summary, sources, move |case| solve(variant, case))
            })
            .collect()
    }

    /// The paste-ready submission: the fenced parts of its sources, joined.
    pub fn submission(&self) -> String {
        fence::submission(self.sources)
    }
}

/// Everything the command line needs to know of one problem, implemented by a unit struct in
/// the problem's module ([`super::lc913::Lc913`], [`super::lc1728::Lc1728`],
/// [`super::noi2011::Noi2011`]).
/// No method takes `self`: a problem holds no data, only a description, so the code that runs
/// one (the driver, `--check`, the tests) is generic over `P: Problem` and calls
/// `P::parse(text)`, and a binary is `driver::run::<Lc913>()`.
///
/// One trait, not a `Problem` and a `--check` supertrait: every problem is checked, and the
/// command line needs both halves (`--help` names the judge and the harness, `--check` is one
/// of its modes), so a split would only make every bound the larger trait. The methods come in
/// two sections, the command line's and then `--check`'s. Where a problem has nothing to
/// add (a note, a harness, instances of its own), a provided method says so.
pub trait Problem {
    /// A test case, as the command line reads it and `--check` makes, runs and shrinks it;
    /// compared and printed where a test reads one back.
    type Case: Clone + PartialEq + Debug + Send + Sync + 'static;
    /// A right answer to a test case, as a variant gives it and the judge reads it: compared
    /// with another variant's or the user's, and printed.
    type Answer: PartialEq + Display + Debug + 'static;

    // ---- The command line ----

    /// The binary's name.
    const BIN: &'static str;
    /// One line: which problem this is.
    const TITLE: &'static str;
    /// What stdin holds, for `--help`.
    const INPUT_HELP: &'static str;

    /// The variants; the first one is the default.
    fn solvers() -> Vec<Solver<Self::Case, Self::Answer>>;

    /// The statement's examples with their answers.
    fn examples() -> Vec<(Self::Case, Self::Answer)>;

    /// Reads and checks the whole input. An error says where (test case, line, column).
    fn parse(text: &str) -> Result<Vec<Self::Case>, InputError>;

    /// A remark on a valid test case that the user should see on stderr, or `None`: by
    /// default there is none.
    fn note(_case: &Self::Case) -> Option<CaseNote> {
        None
    }

    /// Why the answer is what it is: the game played out under optimal play, as lines of
    /// text ending with a newline.
    fn explain(case: &Self::Case) -> String;

    /// Reads and checks the test cases in `source` (a file, or `-` for stdin), in the command
    /// line's input format; an error says where. The notes on valid ones are
    /// [`Problem::note`]'s, for the caller to show.
    fn read_input(source: &str) -> Result<Vec<Self::Case>, InputError> {
        let mut bytes = Vec::new();
        let read = if source == "-" {
            std::io::stdin().read_to_end(&mut bytes).map(|_| ())
        } else {
            std::fs::File::open(source)
                .and_then(|mut file| file.read_to_end(&mut bytes).map(|_| ()))
        };
        read.map_err(|error| {
            InputError::whole(Wrong::Unreadable {
                source: source.to_string(),
                cause: error.to_string(),
            })
        })?;
        let text = String::from_utf8(bytes).map_err(|error| {
            InputError::whole(Wrong::NotUtf8 {
                valid_up_to: error.utf8_error().valid_up_to(),
            })
        })?;
        Self::parse(&text)
    }

    // ---- What `--check` needs: harnesses, generators, shrinking, the judge's formats ----

    /// Whose build and runtime a solution gets.
    const JUDGE: Judge;

    /// The judge's wrapper of a LeetCode solution in each language, or `None` (the default)
    /// when a source file is a whole judge program reading the command line's input, one
    /// test case a run.
    fn harness() -> Option<Harness<Self::Case>> {
        None
    }

    /// The answers a program printed, in order, each parsed as the judge reads it or the text
    /// that is not an answer.
    fn answers(text: &str) -> Vec<Result<Self::Answer, String>>;

    /// The most bytes a right answer to the instance takes, line end included: a program
    /// that prints far more is stopped.
    fn answer_bytes(case: &Self::Case) -> usize;

    /// Named instances tried first: examples, regressions, instances built to be hard.
    fn fixed() -> Vec<(Known, Self::Case)>;

    /// How many of [`Problem::fixed`] are the statement's examples, the regression cases and
    /// the deepest forced wins known, in that order: what a check's plan says it ran.
    fn fixed_parts() -> [usize; 3];

    /// How many seeded random instances end a check's plan (`--random` sets another count):
    /// enough that every wrong fixture is caught in the plan's first quarter, few enough that
    /// a right program's check costs seconds of CPU (tests/CHECK.md has both tables).
    const RANDOM_INSTANCES: usize;

    /// What [`Problem::measure`]'s three numbers count, as `--json` names them (`nodes`,
    /// `edges`; an empty name for a part the problem does not use).
    const MEASURE: [&'static str; 3];

    /// Instances at the judge's limits, as every judge's test set holds: tried right after
    /// the fixed ones, so that a mistake only the largest reach is found in seconds. None by
    /// default.
    fn largest(_rng: &mut Rng) -> Vec<(Known, Self::Case)> {
        Vec::new()
    }

    /// Every instance up to a size that runs in a second or so, smallest first: tried before
    /// anything else (the first [`Problem::small_first`] of them; the rest before a larger
    /// failure is shrunk), so that a mistake they show is reported at the smallest size there
    /// is. `None` (the default) where there is no such level.
    fn small() -> Option<Smaller<Self::Case>> {
        None
    }

    /// How many of `small`, the small level's instances, run before the fixed table: all of
    /// them by default. A count, not a share of `--seconds`, so that the same instances run
    /// on a busy machine as on an idle one; the rest run only once a larger instance has
    /// failed, before it is shrunk, so that the smallest failing one is reported whatever
    /// the machine's speed (noi2011 runs one game a process, and its 6-cell games would
    /// cost a slow program most of `--seconds` on every pass).
    fn small_first(small: &[Self::Case]) -> usize {
        small.len()
    }

    /// A random valid instance; `scale` runs from 0 (smallest) to 1 (the judge's limits, or
    /// past them with `beyond`).
    fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Self::Case;

    /// Smaller valid instances, each smaller by the shrinker's own measure (so that shrinking
    /// ends); shrinking tries first those that [`Problem::cuts_most`], then the kind of step
    /// that worked last, each smallest first by `measure`.
    fn shrink(case: &Self::Case) -> Vec<Self::Case>;

    /// Whether shrinking's `candidate` cuts so much of `case` that it runs before any other
    /// step: where one run of a large instance takes long (noi2011: one game a process, a
    /// 40x40 board with 799 rounds), the steps that halve it must come first, not after
    /// hundreds of single steps of the kind that worked last. None by default.
    fn cuts_most(_candidate: &Self::Case, _case: &Self::Case) -> bool {
        false
    }

    /// The size that orders instances, compared as a tuple: lc913 (nodes, edges), lc1728
    /// (open cells, area, jumps), noi2011 (cells, moves). Shrinking tries the smallest
    /// candidate first, and the small levels run in this order.
    fn measure(case: &Self::Case) -> [usize; 3];

    /// Every valid instance up to a size small enough to run them all, and smaller than this
    /// one, smallest first, with which set they are ([`crate::problems::instances::Set`]):
    /// the first that fails is the smallest counterexample there is. `None` (the default)
    /// where there are too many to run.
    fn all_smaller(_case: &Self::Case) -> Option<Smaller<Self::Case>> {
        None
    }

    /// The instance's size as the report states it (render words it: `23 nodes, 40 edges`).
    fn size(case: &Self::Case) -> Size;

    /// The sizes the random instances cover, past the judge's limits with `beyond` (render
    /// words it: `n 3..50`).
    fn range(beyond: bool) -> Range;

    /// The instance as the judge's input: LeetCode's custom test case, or `game.in`. The
    /// command line reads it too, test cases one after another.
    fn judge_text(case: &Self::Case) -> String;

    /// For a chase game, every position of a counterexample as an instance of its own, with
    /// its truth and its moves: the diagnosis asks the program about each; or why there is no
    /// diagnosis (more positions than [`crate::problems::chase::MOST_DIAGNOSED_POSITIONS`]). `None`
    /// (the default) where the problem is no chase.
    fn chase(_case: &Self::Case) -> Option<Result<Chase<Self::Case>, TooManyPositions>> {
        None
    }

    /// An answer read as a chase game's result, for the diagnosis; `None` by default.
    fn result_of(_answer: &Self::Answer) -> Option<GameResult> {
        None
    }

    /// For a recorded game, the rounds where the program's `answer` and the truth part, each
    /// with the game cut there: the diagnosis asks the program about the cut games. `None`
    /// (the default) where the problem has no rounds.
    fn rounds(_case: &Self::Case, _answer: &Self::Answer) -> Option<Rounds<Self::Case>> {
        None
    }

    /// Whether `answer`, to a game cut at a round, calls that round (now its first) a
    /// mistake; `None` by default.
    fn first_round_flagged(_answer: &Self::Answer) -> Option<bool> {
        None
    }
}

/// Whose build and runtime a problem's solutions get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    /// LeetCode: a solution class called by the judge's driver, every test case in one process.
    LeetCode,
    /// NOI and Luogu: a whole program, one test a process.
    Oi,
}

impl Judge {
    /// The judge's name, for the report and the help.
    pub fn name(self) -> &'static str {
        match self {
            Judge::LeetCode => "LeetCode",
            Judge::Oi => "NOI/Luogu",
        }
    }
}

/// An instance's size as its report states it, a shape a problem; render words it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// A graph (lc913).
    Graph { nodes: usize, edges: usize },
    /// A grid and how many of its cells are open (lc1728).
    Grid {
        rows: usize,
        cols: usize,
        open: usize,
    },
    /// A board and the moves made on it, both players' (noi2011).
    Board {
        rows: usize,
        cols: usize,
        moves: usize,
    },
}

/// The sizes a plan's random instances cover; render words it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// Graphs of `least` to `most` nodes (lc913).
    Nodes { least: usize, most: usize },
    /// Grids of up to `side` by `side`, with jumps of 1 to `most_jump` (lc1728).
    Grids { side: usize, most_jump: usize },
    /// Boards of up to `side` by `side` (noi2011).
    Boards { side: usize },
}

/// An instance's size by its problem's measure: the names (`nodes`, `edges`; an empty name
/// is no part of the measure) and the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measure {
    pub names: [&'static str; 3],
    pub values: [usize; 3],
}

impl Measure {
    /// `case`'s size by `P`'s measure ([`Problem::measure`]).
    pub fn of<P: Problem>(case: &P::Case) -> Measure {
        Measure {
            names: P::MEASURE,
            values: P::measure(case),
        }
    }
}
