//! The words of why an input was not taken: `test case 2, line 1, col 31: node 1 lists 3, but
//! the nodes are 0 to 2`. The readers state it as an [`InputError`]; the command line prints
//! these words, as `--check --input`'s report does; and of a note on a valid test case.
//!
//! Uses `problems::input` and `text`.

use crate::problems::input::{
    CaseNote, CaseShape, Counted, Expected, Found, GraphWrong, GridWrong, InputError, Jump,
    RecordWrong, ValueKind, Wrong,
};
use crate::text::{brief, thousands};

/// A note on valid test case `at` (from 1), as stderr shows it while the input is read.
pub fn case_note_line(at: usize, note: CaseNote) -> String {
    let words = match note {
        CaseNote::TutuCanStillMove => {
            "the record does not end with Tutu unable to move, as the statement promises; the \
             mistakes are answered all the same"
        }
    };
    format!("note: test case {at}: {words}")
}

/// The error in words: its test case and place first, where it has them.
pub fn input_error_words(error: &InputError) -> String {
    let what = wrong_words(&error.wrong);
    match (error.case, error.place) {
        (Some(case), Some(place)) => {
            format!(
                "test case {case}, line {}, col {}: {what}",
                place.line, place.col
            )
        }
        (None, Some(place)) => format!("line {}, col {}: {what}", place.line, place.col),
        (Some(case), None) => format!("test case {case}: {what}"),
        (None, None) => what,
    }
}

fn wrong_words(wrong: &Wrong) -> String {
    match wrong {
        Wrong::Unreadable { source, cause } => {
            let name = if source == "-" { "stdin" } else { source };
            format!("cannot read {name}: {cause}")
        }
        Wrong::NotUtf8 { valid_up_to } => {
            format!("the input is not UTF-8 text (byte {valid_up_to})")
        }
        Wrong::NoTestCase(CaseShape::Graph) => {
            "the input holds no test case (expected a graph like [[1,2],[0],[0]])".to_string()
        }
        Wrong::NoTestCase(CaseShape::Grid) => {
            "the input holds no test case (expected a grid, catJump and mouseJump)".to_string()
        }
        Wrong::Expected { expected, found } => format!(
            "expected {}, found {}",
            expected_words(*expected),
            found_words(found)
        ),
        Wrong::EndsBefore(what) => format!("the input ends before {}", expected_words(*what)),
        Wrong::OutOfRange {
            what,
            value,
            low,
            high,
        } => format!(
            "{} is {value}, outside {} to {}",
            expected_words(*what),
            thousands(*low),
            thousands(*high)
        ),
        Wrong::TooDeep { most } => format!("arrays nested deeper than {most}"),
        Wrong::UnclosedString => "string not closed on its line".to_string(),
        Wrong::StringNotUtf8 => "string is not UTF-8".to_string(),
        Wrong::UnsupportedEscape => "unsupported escape (only \\\" \\\\ \\/ are)".to_string(),
        Wrong::NotAnInteger {
            digits,
            followed_by,
        } => format!(
            "not an integer: {} followed by {}",
            brief(digits),
            found_words(followed_by)
        ),
        Wrong::IntegerOutOfRange { digits } => {
            format!("not an integer in range: {}", brief(digits))
        }
        Wrong::OverTableLimit {
            counted,
            positions,
            most,
            table_bytes,
        } => {
            let counted = match counted {
                Counted::Nodes(nodes) => format!("{nodes} nodes"),
                Counted::OpenCells(open) => format!("{open} open cells"),
            };
            let gigabytes = (positions * table_bytes) as f64 / 1e9;
            format!(
                "{counted} make {positions} positions, over the limit of {most} (up to about \
                 {gigabytes:.1} GB of tables, at {table_bytes} bytes a position)"
            )
        }
        Wrong::Graph(wrong) => graph_words(*wrong),
        Wrong::Grid(wrong) => grid_words(*wrong),
        Wrong::Record(wrong) => record_words(wrong),
    }
}

fn expected_words(expected: Expected) -> String {
    match expected {
        Expected::Value => "a value".to_string(),
        Expected::CommaOrClose => "',' or ']'".to_string(),
        Expected::Graph => "a graph (an array of neighbour lists)".to_string(),
        Expected::NeighbourList { node } => format!("the neighbour list of node {node}"),
        Expected::Neighbour { node } => format!("a neighbour of node {node}"),
        Expected::Grid => "a grid (an array of strings)".to_string(),
        Expected::GridRow { row } => format!("row {row} of the grid (a string)"),
        Expected::Jump(jump) => jump_name(jump).to_string(),
        Expected::Rows => "n (the board's rows)".to_string(),
        Expected::Cols => "m (the board's columns)".to_string(),
        Expected::BoardRow { row } => format!("row {} of the board", row + 1),
        Expected::Rounds => "k (the moves each player made)".to_string(),
        Expected::MoveRow { index } => format!("the row of {}", move_name(index)),
        Expected::MoveCol { index } => format!("the column of {}", move_name(index)),
    }
}

fn found_words(found: &Found) -> String {
    match found {
        Found::End => "the end of the input".to_string(),
        Found::Char(c) => format!("'{}'", c.escape_default()),
        Found::Value(ValueKind::Int) => "an integer".to_string(),
        Found::Value(ValueKind::Str) => "a string".to_string(),
        Found::Value(ValueKind::Array) => "an array".to_string(),
        Found::Token(text) => brief(text),
    }
}

fn jump_name(jump: Jump) -> &'static str {
    match jump {
        Jump::Cat => "catJump",
        Jump::Mouse => "mouseJump",
    }
}

/// Move `index` (0-based) of a recorded game, and whose it is: `move 3 (Tutu's move 2)`.
fn move_name(index: usize) -> String {
    let player = mover(index).0;
    format!("move {} ({player}'s move {})", index + 1, index / 2 + 1)
}

/// Who makes move `index`, the colour of their pieces and its letter: Tutu moves first.
fn mover(index: usize) -> (&'static str, &'static str, char) {
    if index.is_multiple_of(2) {
        ("Tutu", "white", 'O')
    } else {
        ("Dandan", "black", 'X')
    }
}

fn graph_words(wrong: GraphWrong) -> String {
    match wrong {
        GraphWrong::TooFewNodes { nodes } => format!(
            "the graph has {nodes} node(s); the game needs the hole 0, the mouse's 1 and the cat's 2"
        ),
        GraphWrong::NoNeighbour { node } => format!("node {node} has no neighbour"),
        GraphWrong::NoSuchNode {
            node,
            listed,
            nodes,
        } => format!(
            "node {node} lists {listed}, but the nodes are 0 to {}",
            nodes.saturating_sub(1)
        ),
        GraphWrong::ListsItself { node } => format!("node {node} lists itself"),
        GraphWrong::ListsTwice { node, neighbour } => {
            format!("node {node} lists {neighbour} twice")
        }
        GraphWrong::NotListedBack { node, neighbour } => format!(
            "node {node} lists {neighbour}, but node {neighbour} does not list {node} (the graph \
             is undirected)"
        ),
        GraphWrong::CatCannotMove => {
            "the cat starts on node 2, whose only neighbour is the hole it may not enter"
                .to_string()
        }
    }
}

fn grid_words(wrong: GridWrong) -> String {
    const RECTANGLE: &str = "(the grid must be a non-empty rectangle)";
    match wrong {
        GridWrong::MissingJump(jump) => {
            format!("the input ends before this test case's {}", jump_name(jump))
        }
        GridWrong::JumpBelowOne { jump, value } => {
            format!("{} is {value}; it must be at least 1", jump_name(jump))
        }
        GridWrong::JumpPastI32 { jump, value } => {
            format!("{} is {value}, past LeetCode's i32", jump_name(jump))
        }
        GridWrong::NoRows => "the grid has no rows".to_string(),
        GridWrong::EmptyRow { row } => format!("row {row} is empty {RECTANGLE}"),
        GridWrong::Ragged {
            row,
            width,
            first_width,
        } => format!("row {row} has {width} cells, row 0 has {first_width} {RECTANGLE}"),
        GridWrong::NotASymbol { symbol, row, col } => format!(
            "'{}' at row {row}, column {col} is not one of C M F . #",
            symbol.escape_default()
        ),
        GridWrong::Second {
            symbol,
            row,
            col,
            first: (first_row, first_col),
        } => format!(
            "a second '{symbol}' at row {row}, column {col} (the first is at row {first_row}, \
             column {first_col})"
        ),
        GridWrong::Lacks { symbol } => format!("the grid has no '{symbol}'"),
    }
}

fn record_words(wrong: &RecordWrong) -> String {
    let cell = |(row, col): (usize, usize)| format!("({row},{col})");
    match wrong {
        RecordWrong::TooManyCells { rows, cols, most } => format!(
            "a {rows}x{cols} board has {} cells, over the limit of {most}",
            rows * cols
        ),
        RecordWrong::BadRow { row, text, cols } => format!(
            "row {} of the board is {}; expected {cols} cells of X, O or .",
            row + 1,
            brief(text)
        ),
        RecordWrong::SecondEmpty { cell: at, first } => format!(
            "a second empty cell at {}; the first is at {}",
            cell(*at),
            cell(*first)
        ),
        RecordWrong::NoEmpty => "the board has no empty cell '.'".to_string(),
        RecordWrong::TakesEmpty { index, cell: at } => format!(
            "{} takes {}, which is the empty cell itself: a move takes a piece next to it",
            move_name(*index),
            cell(*at)
        ),
        RecordWrong::NotNextToEmpty {
            index,
            cell: at,
            empty,
        } => format!(
            "{} takes {}, which is not next to the empty cell {}",
            move_name(*index),
            cell(*at),
            cell(*empty)
        ),
        RecordWrong::OtherColour {
            index,
            cell: at,
            holds,
        } => {
            let (player, colour, piece) = mover(*index);
            format!(
                "{} takes {}, which holds '{}'; {player} moves {colour} pieces ('{piece}')",
                move_name(*index),
                cell(*at),
                char::from(*holds)
            )
        }
        RecordWrong::Trailing { text, moves } => format!(
            "unexpected {} after the record's {moves} moves",
            brief(text)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{lc1728, lc913, noi2011};

    fn lc913_words(text: &str) -> String {
        input_error_words(&lc913::parse(text).unwrap_err())
    }

    /// Every kind of error, read from a text and worded whole: what the command line prints.
    #[test]
    fn each_kind_of_error_is_worded_with_its_place() {
        let cases = [
            ("", "the input holds no test case (expected a graph like [[1,2],[0],[0]])"),
            ("[1,2", "test case 1, line 1, col 5: expected ',' or ']', found the end of the input"),
            ("[1,,2]", "test case 1, line 1, col 4: expected a value, found ','"),
            ("\"abc", "test case 1, line 1, col 1: string not closed on its line"),
            ("1.5", "test case 1, line 1, col 1: not an integer: '1' followed by '.'"),
            ("-", "test case 1, line 1, col 1: not an integer in range: '-'"),
            ("\"a\\n\"", "test case 1, line 1, col 3: unsupported escape (only \\\" \\\\ \\/ are)"),
            ("[1] 2 [", "test case 3, line 1, col 8: expected a value, found the end of the input"),
            ("[[1],[0]]", "test case 1, line 1, col 1: the graph has 2 node(s); the game needs the hole 0, the mouse's 1 and the cat's 2"),
            ("[[1,2],[0,2],[0,1]] [[1,2],[0,3],[0]]", "test case 2, line 1, col 31: node 1 lists 3, but the nodes are 0 to 2"),
            ("[[1,2],[0,1],[0]]", "test case 1, line 1, col 11: node 1 lists itself"),
            ("[[1,2,1],[0],[0]]", "test case 1, line 1, col 7: node 0 lists 1 twice"),
            ("[[1,2],[0],[]]", "test case 1, line 1, col 12: node 2 has no neighbour"),
            ("[[1,2],[0,2],[0]]", "test case 1, line 1, col 11: node 1 lists 2, but node 2 does not list 1 (the graph is undirected)"),
            ("[[1,2],[0],[0]]", "test case 1, line 1, col 12: the cat starts on node 2, whose only neighbour is the hole it may not enter"),
            ("[[1,2],[0],\"x\"]", "test case 1, line 1, col 12: expected the neighbour list of node 2, found a string"),
            ("[[1,2],[0,2],[0,1]] 7", "test case 2, line 1, col 21: expected a graph (an array of neighbour lists), found an integer"),
            ("[[1,2],[0,[1]],[0]]", "test case 1, line 1, col 11: expected a neighbour of node 1, found an array"),
        ];
        for (text, expected) in cases {
            assert_eq!(lc913_words(text), expected, "{text}");
        }
        let cases = [
            ("[\"M.C..\",\"...F\"] 1 1", "test case 1, line 1, col 10: row 1 has 4 cells, row 0 has 5 (the grid must be a non-empty rectangle)"),
            ("[\"M.C.x.F\"] 1 1", "test case 1, line 1, col 7: 'x' at row 0, column 4 is not one of C M F . #"),
            ("[\"M.C.C.F\"] 1 1", "test case 1, line 1, col 7: a second 'C' at row 0, column 4 (the first is at row 0, column 2)"),
            ("[\"\"] 1 1", "test case 1, line 1, col 2: row 0 is empty (the grid must be a non-empty rectangle)"),
            ("[\"..C...F\"] 1 1", "test case 1, line 1, col 1: the grid has no 'M'"),
            ("[\"M.C...F\"] 0 1", "test case 1, line 1, col 13: catJump is 0; it must be at least 1"),
            ("[\"M.C...F\"] 1 3000000000", "test case 1, line 1, col 15: mouseJump is 3000000000, past LeetCode's i32"),
            ("[\"M.C...F\"]", "test case 1, line 1, col 1: the input ends before this test case's catJump"),
            ("[] 1 1", "test case 1, line 1, col 1: the grid has no rows"),
            ("[[1]] 1 1", "test case 1, line 1, col 2: expected row 0 of the grid (a string), found an array"),
            ("3 1 1", "test case 1, line 1, col 1: expected a grid (an array of strings), found an integer"),
            (" ", "the input holds no test case (expected a grid, catJump and mouseJump)"),
        ];
        for (text, expected) in cases {
            let words = input_error_words(&lc1728::parse(text).unwrap_err());
            assert_eq!(words, expected, "{text}");
        }
        let cases = [
            ("", "line 1, col 1: the input ends before n (the board's rows)"),
            ("1 x", "line 1, col 3: expected m (the board's columns), found 'x'"),
            ("0 3", "line 1, col 1: n (the board's rows) is 0, outside 1 to 100,000,000"),
            ("20000 20000", "line 1, col 7: a 20000x20000 board has 400000000 cells, over the limit of 100000000"),
            ("1 3\nXO", "line 2, col 1: row 1 of the board is 'XO'; expected 3 cells of X, O or ."),
            ("1 3\n.O.", "line 2, col 3: a second empty cell at (1,3); the first is at (1,1)"),
            ("1 3\nXOX", "line 2, col 1: the board has no empty cell '.'"),
            ("1 3\nXO.\n2", "line 3, col 1: k (the moves each player made) is 2, outside 1 to 1"),
            ("1 3\nXO.\n1\n1 3", "line 4, col 1: move 1 (Tutu's move 1) takes (1,3), which is the empty cell itself: a move takes a piece next to it"),
            ("1 3\nXO.\n1\n1 1", "line 4, col 1: move 1 (Tutu's move 1) takes (1,1), which is not next to the empty cell (1,3)"),
            ("1 3\nOX.\n1\n1 2", "line 4, col 1: move 1 (Tutu's move 1) takes (1,2), which holds 'X'; Tutu moves white pieces ('O')"),
            ("1 3\nXO.\n1\n1 2\n1 2", "line 5, col 1: move 2 (Dandan's move 1) takes (1,2), which is the empty cell itself: a move takes a piece next to it"),
            ("1 3\nXO.\n1\n1 2", "line 4, col 3: the input ends before the row of move 2 (Dandan's move 1)"),
            ("1 3\nXO.\n1\n1 2\n1 1 7", "line 5, col 5: unexpected '7' after the record's 2 moves"),
        ];
        for (text, expected) in cases {
            let words = input_error_words(&noi2011::read(text).unwrap_err());
            assert_eq!(words, expected, "{text:?}");
        }
    }

    #[test]
    fn huge_tokens_are_quoted_by_their_first_characters_and_limits_in_gigabytes() {
        assert_eq!(
            lc913_words(&"7".repeat(10_000_000)),
            format!(
                "test case 1, line 1, col 1: not an integer in range: '{}…'",
                "7".repeat(20)
            )
        );
        let text = format!("[{}]", "[[[[".repeat(5));
        assert_eq!(
            lc913_words(&text),
            "test case 1, line 1, col 17: arrays nested deeper than 16"
        );
        let limit = InputError::whole(Wrong::OverTableLimit {
            counted: Counted::Nodes(12_000),
            positions: 288_000_000,
            most: 1 << 28,
            table_bytes: 4,
        });
        assert_eq!(
            input_error_words(&limit),
            "12000 nodes make 288000000 positions, over the limit of 268435456 (up to about 1.2 \
             GB of tables, at 4 bytes a position)"
        );
        let unreadable = InputError::whole(Wrong::Unreadable {
            source: "-".to_string(),
            cause: "Is a directory (os error 21)".to_string(),
        });
        assert_eq!(
            input_error_words(&unreadable),
            "cannot read stdin: Is a directory (os error 21)"
        );
        let not_text = InputError::whole(Wrong::NotUtf8 { valid_up_to: 3 });
        assert_eq!(
            input_error_words(&not_text),
            "the input is not UTF-8 text (byte 3)"
        );
    }
}
