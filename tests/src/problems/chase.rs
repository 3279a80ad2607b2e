//! A chase game's counterexample as its problem describes it to the diagnosis: every
//! position with its truth and its moves ([`Chase`]), and a recorded game's rounds where an
//! answer and the truth part ([`Rounds`]). Facts only (`render/game.rs` words them); the
//! reading of a program's answers against it is `search/diagnosis/`. Uses nothing of the
//! crate.

/// A position's value, ordered from the mouse's side: a cat win is the least.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameResult {
    CatWins,
    Draw,
    MouseWins,
}

/// Where a piece stands, as its problem's input names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spot {
    /// A node of 913's graph (0 is the hole).
    Node(usize),
    /// A cell of 1728's grid: its row and column, from 0.
    Cell { row: usize, col: usize },
}

/// Where the mouse and the cat stand, the mouse to move: a position as the report names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Standing {
    pub mouse: Spot,
    pub cat: Spot,
}

/// A piece's move: to `to`, or staying there (1728 lets the mouse and the cat stay).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub to: Spot,
    pub stays: bool,
}

/// How each position was asked about, as an instance of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// 913: a graph of its own, its nodes renamed so that the mouse stands on 1 and the cat
    /// on 2.
    RenamedGraph,
    /// 1728: a grid of its own, the mouse and the cat moved there.
    MovedGrid,
}

/// A limit on the game's length that solutions are known to put, as they reckon it; the
/// plies it comes to on an instance go beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// A multiple of 913's nodes (`2n`).
    TimesNodes(u32),
    /// 913's nodes squared.
    NodesSquared,
    /// A number of plies whatever the instance: a round number published solutions took for
    /// "longer than any game", or 1728's 70.
    Plies,
    /// A multiple of 1728's open cells.
    TimesOpenCells(u32),
}

/// Where a move leads, two plies on: an end by the rules, or a position asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    Ends(GameResult),
    At(usize),
}

/// One move of the mouse from a position, and what the cat can answer.
#[derive(Debug, Clone)]
pub struct MouseMove {
    pub step: Step,
    /// An end by the rules at once (the hole, the food, the cat's node), or the cat's replies:
    /// each its step and where it leads.
    pub then: Result<GameResult, Vec<(Step, Next)>>,
    /// A node next to the cat's that the rules bar it from (913's hole), if there is one: a
    /// program that counts the move there among the replies never counts the cat out.
    pub cat_barred: Option<Spot>,
}

/// One position with the mouse to move, as an instance of its own.
#[derive(Debug, Clone)]
pub struct Position<C> {
    pub standing: Standing,
    pub case: C,
    pub truth: GameResult,
    /// The plies to the end under best play, for a forced win; `None` for a draw (or for a
    /// loss that only a limit on the game's length gives).
    pub plies: Option<u32>,
    /// The mouse's moves and the cat's replies.
    pub moves: Vec<MouseMove>,
    /// The mouse's place (a node, an open cell) and the cat's, for the page.
    pub places: (usize, usize),
}

/// A chase game's counterexample seen as all its positions.
#[derive(Debug, Clone)]
pub struct Chase<C> {
    pub positions: Vec<Position<C>>,
    pub asked: Asked,
    /// Limits on the game's length that solutions are known to put, each with its plies on
    /// this instance, for naming the one a horizon fits.
    pub caps: Vec<(Cap, u32)>,
    /// The position that is the instance itself (913: mouse on 1, cat on 2), whose answer
    /// among the others must be the one the program gave alone.
    pub itself: Option<usize>,
}

/// The most positions a diagnosis asks about: the judges' largest instances have 2,352 (913,
/// 50 nodes) and 3,782 (1728, 64 open cells); past the limits they run into the hundreds of
/// thousands, each with its moves, more than a few seconds of any program can answer.
pub const MOST_DIAGNOSED_POSITIONS: usize = 10_000;

/// A chase with more positions than a diagnosis asks about: up to `positions` with the mouse
/// to move, past [`MOST_DIAGNOSED_POSITIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyPositions {
    pub positions: usize,
}

/// `Ok` when about `positions` positions (an upper bound) are few enough to ask about.
pub fn within_reach(positions: usize) -> Result<(), TooManyPositions> {
    match positions <= MOST_DIAGNOSED_POSITIONS {
        true => Ok(()),
        false => Err(TooManyPositions { positions }),
    }
}

/// A recorded game (noi2011) read round by round: the rounds where the program's answer and
/// the truth part, each with the game cut there (the board before the round as the start)
/// for asking the program again.
#[derive(Debug, Clone)]
pub struct Rounds<C> {
    /// How many rounds the record has.
    pub rounds: usize,
    pub parted: Vec<PartedRound>,
    /// For the first [`ROUNDS_SHOWN`] parted rounds but the first round (whose cut game is
    /// the game itself), the index in `parted` and the game cut there.
    pub cuts: Vec<(usize, C)>,
    /// What is wrong with the answer besides its rounds.
    pub notes: Vec<AnswerNote>,
}

/// What is wrong with the rounds an answer names besides which they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerNote {
    /// Rounds it names that a game of `rounds` rounds does not have.
    NoSuchRounds { named: Vec<usize>, rounds: usize },
    /// The first round it names a second time.
    NamedTwice { round: usize },
    /// Its rounds are not in increasing order, as the judge's file lists them.
    OutOfOrder,
}

/// The most rounds where a program and the truth part that a diagnosis shows, each with a run
/// of its cut game: on a 40x40 board one run takes a sanitized program a second.
pub const ROUNDS_SHOWN: usize = 5;

/// One round where the program and the truth part.
#[derive(Debug, Clone, PartialEq)]
pub struct PartedRound {
    /// From 1.
    pub number: usize,
    /// Tutu's move as the input writes it: its row and column, from 1.
    pub tutu_move: (usize, usize),
    /// Whether Tutu, to move, wins before her move; whether Dandan, to move, wins after it.
    pub wins_before: bool,
    pub wins_after: bool,
    /// Whether the program calls the round a mistake (the truth is the other way).
    pub said: bool,
}

/// What a program said of a game cut at a round, about that round (now its first).
#[derive(Debug, Clone, PartialEq)]
pub enum CutSays<F> {
    /// It calls the first round a mistake (`true`) or not.
    Judges(bool),
    /// It did not answer: a crash, a limit, output that is not an answer (`F`: why, as the
    /// search knows it).
    Fault(F),
}

impl PartedRound {
    /// Whether the round is a mistake: Tutu wins before it and Dandan after it.
    pub fn truth(&self) -> bool {
        self.wins_before && self.wins_after
    }
}
