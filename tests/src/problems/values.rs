//! LeetCode's custom-testcase values: integers, double-quoted strings and nested arrays, as in
//! `[[2,5],[3]]` or `["M.C...F"]`. Each value remembers the line and column where it starts,
//! so that the problems' checks can say where a bad value stands. Also the two things every
//! input error is made of: a [`Place`], and a [`brief`] quote of the offending text.
//!
//! # Complexity
//! One pass over the text: O(length) time, O(number of values) memory.
//!
//! Uses `text`.

use crate::text::brief;
use std::fmt;

/// Nesting deeper than this is refused; the parser recurses once per level, so the bound also
/// keeps hostile input like `[[[[...` from exhausting the stack.
pub const MAX_DEPTH: usize = 16;

/// A 1-based line and column (in characters) of the input text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, col {}", self.line, self.col)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Str(String),
    Array(Vec<Spanned>),
}

/// Positions (2n² for n nodes or open cells) that lc913's and lc1728's tables may hold:
/// larger instances are refused before anything is allocated.
pub const MAX_POSITIONS: u64 = 1 << 28;

/// Refuses an instance at `place` whose `what` (`60000 nodes`) make more than
/// [`MAX_POSITIONS`] positions, with what the tables would take at `table_bytes` a position.
pub fn within_table_limit(
    place: &Place,
    what: &str,
    positions: u64,
    table_bytes: u64,
) -> Result<(), String> {
    if positions <= MAX_POSITIONS {
        return Ok(());
    }
    Err(format!(
        "{place}: {what} make {positions} positions, over the limit of {MAX_POSITIONS} (up to \
         about {:.1} GB of tables, at {table_bytes} bytes a position)",
        (positions * table_bytes) as f64 / 1e9
    ))
}

/// A value and the place where its first character stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned {
    pub value: Value,
    pub place: Place,
}

impl Spanned {
    fn kind(&self) -> &'static str {
        match self.value {
            Value::Int(_) => "an integer",
            Value::Str(_) => "a string",
            Value::Array(_) => "an array",
        }
    }

    /// The elements of an array; `what` names the expected value in the error.
    pub fn as_array(&self, what: &str) -> Result<&[Spanned], String> {
        match &self.value {
            Value::Array(items) => Ok(items),
            _ => Err(format!(
                "{}: expected {}, found {}",
                self.place,
                what,
                self.kind()
            )),
        }
    }

    pub fn as_int(&self, what: &str) -> Result<i64, String> {
        match self.value {
            Value::Int(number) => Ok(number),
            _ => Err(format!(
                "{}: expected {}, found {}",
                self.place,
                what,
                self.kind()
            )),
        }
    }

    pub fn as_str(&self, what: &str) -> Result<&str, String> {
        match &self.value {
            Value::Str(text) => Ok(text),
            _ => Err(format!(
                "{}: expected {}, found {}",
                self.place,
                what,
                self.kind()
            )),
        }
    }
}

/// A malformed token: which top-level value it stands in (0-based) and what is wrong, with
/// its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub value: usize,
    pub message: String,
}

/// Every top-level value of `text`, in order; whitespace (line breaks included) separates them
/// and may stand anywhere between tokens.
///
/// # Errors
/// The first malformed token: its message begins with the token's place.
pub fn parse_values(text: &str) -> Result<Vec<Spanned>, SyntaxError> {
    let mut cursor = Cursor {
        bytes: text.as_bytes(),
        pos: 0,
        place: Place { line: 1, col: 1 },
    };
    let mut values = Vec::new();
    loop {
        cursor.skip_whitespace();
        if cursor.peek().is_none() {
            return Ok(values);
        }
        let value = cursor.value(0).map_err(|message| SyntaxError {
            value: values.len(),
            message,
        })?;
        values.push(value);
    }
}

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    place: Place,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn bump(&mut self) {
        if let Some(byte) = self.peek() {
            self.pos += 1;
            if byte == b'\n' {
                self.place.line += 1;
                self.place.col = 1;
            } else if byte & 0xC0 != 0x80 {
                // UTF-8 continuation bytes do not start a new character.
                self.place.col += 1;
            }
        }
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.bump();
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(_) => {
                // The cursor only stops outside strings, at character boundaries.
                // A character takes at most 4 bytes.
                let rest = self.bytes.get(self.pos..).unwrap_or_default();
                let first = rest.get(..rest.len().min(4)).unwrap_or_default();
                match String::from_utf8_lossy(first).chars().next() {
                    Some(c) => format!("'{}'", c.escape_default()),
                    None => "the end of the input".to_string(),
                }
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Spanned, String> {
        let place = self.place;
        let value = match self.peek() {
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::Str(self.string()?),
            Some(b'-' | b'0'..=b'9') => Value::Int(self.integer()?),
            _ => return Err(format!("{place}: expected a value, found {}", self.found())),
        };
        Ok(Spanned { value, place })
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        if depth >= MAX_DEPTH {
            return Err(format!(
                "{}: arrays nested deeper than {MAX_DEPTH}",
                self.place
            ));
        }
        self.bump();
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.bump();
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_whitespace();
            items.push(self.value(depth + 1)?);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    return Ok(Value::Array(items));
                }
                _ => {
                    return Err(format!(
                        "{}: expected ',' or ']', found {}",
                        self.place,
                        self.found()
                    ))
                }
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        let start = self.place;
        self.bump();
        let mut text = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n' | b'\r') => {
                    return Err(format!("{start}: string not closed on its line"));
                }
                Some(b'"') => {
                    self.bump();
                    return String::from_utf8(text)
                        .map_err(|_| format!("{start}: string is not UTF-8"));
                }
                Some(b'\\') => {
                    let escape = self.place;
                    self.bump();
                    match self.peek() {
                        Some(byte @ (b'"' | b'\\' | b'/')) => text.push(byte),
                        _ => {
                            return Err(format!(
                                "{escape}: unsupported escape (only \\\" \\\\ \\/ are)"
                            ))
                        }
                    }
                    self.bump();
                }
                Some(byte) => {
                    text.push(byte);
                    self.bump();
                }
            }
        }
    }

    fn integer(&mut self) -> Result<i64, String> {
        let start = self.place;
        let mut digits = String::new();
        if self.peek() == Some(b'-') {
            digits.push('-');
            self.bump();
        }
        while let Some(byte @ b'0'..=b'9') = self.peek() {
            digits.push(char::from(byte));
            self.bump();
        }
        if matches!(
            self.peek(),
            Some(b'.' | b'e' | b'E' | b'a'..=b'z' | b'A'..=b'Z' | b'_')
        ) {
            return Err(format!(
                "{start}: not an integer: {} followed by {}",
                brief(&digits),
                self.found()
            ));
        }
        digits
            .parse()
            .map_err(|_| format!("{start}: not an integer in range: {}", brief(&digits)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(value: &Spanned) -> Vec<i64> {
        value
            .as_array("an array")
            .unwrap()
            .iter()
            .map(|v| v.as_int("an integer").unwrap())
            .collect()
    }

    #[test]
    fn parses_nested_arrays_with_places() {
        let values = parse_values("[[2,5],\n [3]]  \"a#b\" -7").unwrap();
        assert_eq!(values.len(), 3);
        let rows = values[0].as_array("rows").unwrap();
        assert_eq!(ints(&rows[0]), vec![2, 5]);
        assert_eq!(rows[1].place, Place { line: 2, col: 2 });
        assert_eq!(values[1].as_str("s").unwrap(), "a#b");
        assert_eq!(values[2].as_int("n").unwrap(), -7);
        assert_eq!(values[2].place, Place { line: 2, col: 14 });
    }

    #[test]
    fn empty_input_has_no_values() {
        assert_eq!(parse_values(" \r\n\t").unwrap(), vec![]);
        assert_eq!(ints(&parse_values("[ ]").unwrap()[0]), Vec::<i64>::new());
    }

    #[test]
    fn malformed_input_says_where() {
        let cases = [
            (
                "[1,2",
                "line 1, col 5: expected ',' or ']', found the end of the input",
            ),
            ("[1,,2]", "line 1, col 4: expected a value, found ','"),
            ("\n  [1 2]", "line 2, col 6: expected ',' or ']', found '2'"),
            ("\"abc", "line 1, col 1: string not closed on its line"),
            (
                "99999999999999999999",
                "line 1, col 1: not an integer in range",
            ),
            ("1.5", "line 1, col 1: not an integer: '1' followed by '.'"),
            ("-", "line 1, col 1: not an integer in range: '-'"),
            ("[1,2],", "line 1, col 6: expected a value, found ','"),
            ("[1] 2 [", "line 1, col 8: expected a value, found the end"),
            ("\"a\\n\"", "line 1, col 3: unsupported escape"),
        ];
        for (text, expected) in cases {
            let error = parse_values(text).unwrap_err().message;
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let text = "[".repeat(100_000);
        let error = parse_values(&text).unwrap_err();
        assert!(error.message.contains("nested deeper than 16"), "{error:?}");
        assert_eq!(error.value, 0);
    }

    #[test]
    fn a_huge_token_is_quoted_by_its_first_characters() {
        let error = parse_values(&"7".repeat(10_000_000)).unwrap_err().message;
        assert_eq!(
            error,
            format!(
                "line 1, col 1: not an integer in range: '{}…'",
                "7".repeat(20)
            )
        );
        assert_eq!(brief("exactly twenty chars"), "'exactly twenty chars'");
        assert_eq!(brief("ééééééééééééééééééééé"), "'éééééééééééééééééééé…'");
    }

    #[test]
    fn wrong_kinds_are_named() {
        let value = &parse_values("\"x\"").unwrap()[0];
        assert_eq!(
            value.as_int("catJump").unwrap_err(),
            "line 1, col 1: expected catJump, found a string"
        );
    }
}
