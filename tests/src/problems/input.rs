//! Why an input was not taken, as facts: [`InputError`] says which test case, where in the
//! text and what is wrong ([`Wrong`]), each reader's rules with the numbers they involve.
//! `render::input` words it (`test case 2, line 1, col 31: node 1 lists 3, but the nodes are
//! 0 to 2`); nothing here writes a sentence. And [`CaseNote`]: what a reader notes of a test
//! case it took.
//!
//! Uses nothing of the workbench.

/// A remark on a valid test case: what in it the statement promises and it does not keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseNote {
    /// A recorded game (noi2011) that does not end with Tutu unable to move.
    TutuCanStillMove,
}

/// A 1-based line and column (in characters) of the input text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub col: usize,
}

/// The first thing wrong with an input: in which test case (1-based) and where, where the
/// input has test cases and places (a file that cannot be read has neither).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub case: Option<usize>,
    pub place: Option<Place>,
    pub wrong: Wrong,
}

impl InputError {
    /// What is wrong at `place`, in no test case yet.
    pub fn at(place: Place, wrong: Wrong) -> InputError {
        InputError {
            case: None,
            place: Some(place),
            wrong,
        }
    }

    /// What is wrong with the input as a whole.
    pub fn whole(wrong: Wrong) -> InputError {
        InputError {
            case: None,
            place: None,
            wrong,
        }
    }

    /// The same error, said of test case `case` (1-based).
    pub fn in_case(self, case: usize) -> InputError {
        InputError {
            case: Some(case),
            ..self
        }
    }
}

/// What is wrong, by kind, with the facts each kind has. The user's own text (a token, a
/// number's digits) is kept whole; render quotes it briefly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    /// The file (or stdin, `source` `-`) cannot be read: the system's own words.
    Unreadable { source: String, cause: String },
    /// The bytes are not UTF-8 from this byte on.
    NotUtf8 { valid_up_to: usize },
    /// Nothing but whitespace: a problem's input needs at least one test case.
    NoTestCase(CaseShape),
    /// One of `expected` should stand here, but `found` does.
    Expected { expected: Expected, found: Found },
    /// The input ends where `expected` should come.
    EndsBefore(Expected),
    /// A number outside the range the statement allows, bounds included.
    OutOfRange {
        what: Expected,
        value: u64,
        low: u64,
        high: u64,
    },
    /// LeetCode's values: arrays nested deeper than [`crate::problems::values::MAX_DEPTH`].
    TooDeep { most: usize },
    /// A string whose closing quote is not on its line.
    UnclosedString,
    /// A string's bytes, escapes undone, are not UTF-8.
    StringNotUtf8,
    /// A backslash escape other than `\"`, `\\` and `\/`.
    UnsupportedEscape,
    /// Digits (`digits`, a sign included) run on into `followed_by`: `1.5`, `3e2`.
    NotAnInteger { digits: String, followed_by: Found },
    /// Digits too many for a 64-bit integer, or a sign alone.
    IntegerOutOfRange { digits: String },
    /// More positions than the variants' tables may hold.
    OverTableLimit {
        counted: Counted,
        positions: u64,
        most: u64,
        table_bytes: u64,
    },
    /// lc913's graph rules.
    Graph(GraphWrong),
    /// lc1728's grid and jump rules.
    Grid(GridWrong),
    /// noi2011's board and record rules.
    Record(RecordWrong),
}

/// What one test case of a problem's input is made of, for an input that holds none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseShape {
    /// lc913: a graph.
    Graph,
    /// lc1728: a grid, catJump and mouseJump.
    Grid,
}

/// What should stand at a place: a value of LeetCode's input or a token of game.in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Any of LeetCode's values, where the text ended or a stray character stands.
    Value,
    /// A `,` or the `]` that closes an array.
    CommaOrClose,
    /// lc913: a graph, an array of neighbour lists.
    Graph,
    /// lc913: node `node`'s neighbour list.
    NeighbourList { node: usize },
    /// lc913: one of node `node`'s neighbours.
    Neighbour { node: usize },
    /// lc1728: a grid, an array of strings.
    Grid,
    /// lc1728: row `row` (0-based) of the grid, a string.
    GridRow { row: usize },
    /// lc1728: one of the jumps.
    Jump(Jump),
    /// noi2011: n, the board's rows.
    Rows,
    /// noi2011: m, the board's columns.
    Cols,
    /// noi2011: row `row` (0-based) of the board.
    BoardRow { row: usize },
    /// noi2011: k, the moves each player made.
    Rounds,
    /// noi2011: the row of move `index` (0-based; Tutu's are the even ones).
    MoveRow { index: usize },
    /// noi2011: the column of move `index`.
    MoveCol { index: usize },
}

/// What stood where something else was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The end of the input.
    End,
    /// A character that starts no value.
    Char(char),
    /// A value of another kind.
    Value(ValueKind),
    /// A token of game.in that is not a number.
    Token(String),
}

/// The kinds of LeetCode's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    Int,
    Str,
    Array,
}

/// lc1728's jumps, as the statement names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jump {
    Cat,
    Mouse,
}

/// What an instance's positions were counted from, for [`Wrong::OverTableLimit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Nodes(u64),
    OpenCells(u64),
}

/// lc913's graph rules, broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphWrong {
    /// Fewer than the three nodes the game starts on.
    TooFewNodes {
        nodes: usize,
    },
    NoNeighbour {
        node: usize,
    },
    /// `listed` is not a node of the `nodes`.
    NoSuchNode {
        node: usize,
        listed: i64,
        nodes: usize,
    },
    ListsItself {
        node: usize,
    },
    ListsTwice {
        node: usize,
        neighbour: i64,
    },
    /// `node` lists `neighbour`, which does not list it back.
    NotListedBack {
        node: usize,
        neighbour: i32,
    },
    /// Node 2's only neighbour is the hole, which the cat may not enter.
    CatCannotMove,
}

/// lc1728's grid and jump rules, broken; rows and columns are 0-based, as LeetCode's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridWrong {
    /// The input ends after the grid, or after catJump.
    MissingJump(Jump),
    JumpBelowOne {
        jump: Jump,
        value: i64,
    },
    JumpPastI32 {
        jump: Jump,
        value: i64,
    },
    NoRows,
    EmptyRow {
        row: usize,
    },
    Ragged {
        row: usize,
        width: usize,
        first_width: usize,
    },
    NotASymbol {
        symbol: char,
        row: usize,
        col: usize,
    },
    /// A second `C`, `M` or `F`, and where the first is.
    Second {
        symbol: char,
        row: usize,
        col: usize,
        first: (usize, usize),
    },
    Lacks {
        symbol: char,
    },
}

/// noi2011's board and record rules, broken; cells are (row, column), 1-based, as game.in's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordWrong {
    TooManyCells {
        rows: u64,
        cols: u64,
        most: u64,
    },
    /// Row `row` (0-based) is `text`, not `cols` cells of X, O and `.`.
    BadRow {
        row: usize,
        text: String,
        cols: usize,
    },
    SecondEmpty {
        cell: (usize, usize),
        first: (usize, usize),
    },
    NoEmpty,
    /// Move `index` (0-based) takes the empty cell itself.
    TakesEmpty {
        index: usize,
        cell: (usize, usize),
    },
    NotNextToEmpty {
        index: usize,
        cell: (usize, usize),
        empty: (usize, usize),
    },
    /// Move `index` takes a piece of the other player's colour (`holds` is the cell's byte).
    OtherColour {
        index: usize,
        cell: (usize, usize),
        holds: u8,
    },
    /// A token after the record's `moves` moves.
    Trailing {
        text: String,
        moves: usize,
    },
}
