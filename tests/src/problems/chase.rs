//! A chase game's counterexample as its problem describes it to the diagnosis: every
//! position with its truth and its moves ([`Chase`]), and a recorded game's rounds where an
//! answer and the truth part ([`Rounds`]). Data with the words the report uses for it; the
//! reading of a program's answers against it is `search/diagnosis/`. Uses nothing of the
//! crate.

/// A position's value, ordered from the mouse's side: a cat win is the least.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameResult {
    CatWins,
    Draw,
    MouseWins,
}

impl GameResult {
    /// `mouse wins`, in the report's words.
    pub fn words(self) -> &'static str {
        match self {
            GameResult::CatWins => "cat wins",
            GameResult::Draw => "draw",
            GameResult::MouseWins => "mouse wins",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            GameResult::CatWins => "cat wins",
            GameResult::Draw => "draws",
            GameResult::MouseWins => "mouse wins",
        }
    }

    /// `a draw`, `mouse wins`: a result as the object of `called`.
    pub fn with_article(self) -> &'static str {
        match self {
            GameResult::Draw => "a draw",
            other => other.words(),
        }
    }
}

/// `1 ply`, `7 plies`.
pub fn plies_words(plies: u32) -> String {
    format!("{plies} pl{}", if plies == 1 { "y" } else { "ies" })
}

/// ` in 7 plies`, for a forced win; nothing where there is none.
pub fn in_plies(plies: Option<u32>) -> String {
    plies.map_or_else(String::new, |plies| format!(" in {}", plies_words(plies)))
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
    /// `to 7`, `stays on (2, 3)`.
    pub words: String,
    /// An end by the rules at once (the hole, the food, the cat's node), or the cat's replies:
    /// each in words (`to 5`) and where it leads.
    pub then: Result<GameResult, Vec<(String, Next)>>,
    /// A move the cat's place has that the rules bar it from, in words (913's `to 0, the
    /// hole`), if there is one: a program that counts it among the replies never counts the
    /// cat out.
    pub cat_barred: Option<String>,
}

/// One position with the mouse to move, as an instance of its own.
#[derive(Debug, Clone)]
pub struct Position<C> {
    /// `mouse on 4, cat on 3`.
    pub name: String,
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
    /// How each was asked, in words: `each as a graph of its own, ...`.
    pub asked_as: String,
    /// Limits on the game's length that solutions are known to put, in plies, by name
    /// (`2n = 60`), for naming the one a horizon fits.
    pub caps: Vec<(String, u32)>,
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
    /// What is wrong with the answer besides its rounds: a round the game does not have, one
    /// named twice, rounds out of order.
    pub notes: Vec<String>,
}

/// The most rounds where a program and the truth part that a diagnosis shows, each with a run
/// of its cut game: on a 40x40 board one run takes a sanitized program a second.
pub const ROUNDS_SHOWN: usize = 5;

/// One round where the program and the truth part.
#[derive(Debug, Clone, PartialEq)]
pub struct PartedRound {
    /// From 1.
    pub number: usize,
    /// Tutu's move, as the input writes it: `(2, 3)`.
    pub tutu_move: String,
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
    /// It did not answer: a crash, a limit, output that is not an answer (`F`: as data, or in
    /// words).
    Fault(F),
}

impl PartedRound {
    /// Whether the round is a mistake: Tutu wins before it and Dandan after it.
    pub fn truth(&self) -> bool {
        self.wins_before && self.wins_after
    }

    /// The cut game's answer in words: the same error (the round itself is misjudged), or
    /// right (the error comes from the rounds before).
    pub fn cut_game_words(&self, says: &CutSays<String>) -> String {
        match says {
            CutSays::Judges(said) if *said == self.said => format!(
                "the game cut at round {} (its board as the start): you judge its first round the \
                 same way: the error is in the round itself",
                self.number
            ),
            CutSays::Judges(_) => format!(
                "the game cut at round {} (its board as the start): you judge its first round \
                 right: the error is carried from the rounds before",
                self.number
            ),
            CutSays::Fault(why) => format!(
                "the game cut at round {} (its board as the start): your program: {why}",
                self.number
            ),
        }
    }

    /// The round's line: Tutu's move, the truth before and after, what the program said.
    pub fn line(&self) -> String {
        let wins = |wins: bool| if wins { "wins" } else { "loses" };
        let mistake = |mistake: bool| if mistake { "a mistake" } else { "no mistake" };
        format!(
            "  round {}, Tutu moves {}: Tutu {} before it, Dandan {} after it: {}; you say {}",
            self.number,
            self.tutu_move,
            wins(self.wins_before),
            wins(self.wins_after),
            mistake(self.truth()),
            mistake(self.said)
        )
    }
}
