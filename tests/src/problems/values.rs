//! LeetCode's custom-testcase values: integers, double-quoted strings and nested arrays, as in
//! `[[2,5],[3]]` or `["M.C...F"]`. Each value remembers the line and column where it starts,
//! so that the problems' checks can say where a bad value stands.
//!
//! # Complexity
//! One pass over the text: O(length) time, O(number of values) memory.
//!
//! Uses `problems::input`.

use crate::problems::input::{Counted, Expected, Found, InputError, Place, ValueKind, Wrong};

/// Nesting deeper than this is refused; the parser recurses once per level, so the bound also
/// keeps hostile input like `[[[[...` from exhausting the stack.
pub const MAX_DEPTH: usize = 16;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Str(String),
    Array(Vec<Spanned>),
}

/// Positions (2n² for n nodes or open cells) that lc913's and lc1728's tables may hold:
/// larger instances are refused before anything is allocated.
pub const MAX_POSITIONS: u64 = 1 << 28;

/// Refuses an instance at `place` whose `counted` nodes or open cells make more than
/// [`MAX_POSITIONS`] positions, with what the tables would take at `table_bytes` a position.
pub fn within_table_limit(
    place: Place,
    counted: Counted,
    positions: u64,
    table_bytes: u64,
) -> Result<(), InputError> {
    if positions <= MAX_POSITIONS {
        return Ok(());
    }
    Err(InputError::at(
        place,
        Wrong::OverTableLimit {
            counted,
            positions,
            most: MAX_POSITIONS,
            table_bytes,
        },
    ))
}

/// A value and the place where its first character stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned {
    pub value: Value,
    pub place: Place,
}

impl Spanned {
    fn kind(&self) -> ValueKind {
        match self.value {
            Value::Int(_) => ValueKind::Int,
            Value::Str(_) => ValueKind::Str,
            Value::Array(_) => ValueKind::Array,
        }
    }

    fn not(&self, expected: Expected) -> InputError {
        InputError::at(
            self.place,
            Wrong::Expected {
                expected,
                found: Found::Value(self.kind()),
            },
        )
    }

    /// The elements of an array; `expected` names the value in the error.
    pub fn as_array(&self, expected: Expected) -> Result<&[Spanned], InputError> {
        match &self.value {
            Value::Array(items) => Ok(items),
            _ => Err(self.not(expected)),
        }
    }

    pub fn as_int(&self, expected: Expected) -> Result<i64, InputError> {
        match self.value {
            Value::Int(number) => Ok(number),
            _ => Err(self.not(expected)),
        }
    }

    pub fn as_str(&self, expected: Expected) -> Result<&str, InputError> {
        match &self.value {
            Value::Str(text) => Ok(text),
            _ => Err(self.not(expected)),
        }
    }
}

/// A malformed token: which top-level value it stands in (0-based), and the error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub value: usize,
    pub error: InputError,
}

/// Every top-level value of `text`, in order; whitespace (line breaks included) separates them
/// and may stand anywhere between tokens.
///
/// # Errors
/// The first malformed token, with its place.
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
        let value = cursor.value(0).map_err(|error| SyntaxError {
            value: values.len(),
            error,
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

    fn found(&self) -> Found {
        // The cursor only stops outside strings, at character boundaries, and a character
        // takes at most 4 bytes.
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let first = rest.get(..rest.len().min(4)).unwrap_or_default();
        match String::from_utf8_lossy(first).chars().next() {
            Some(c) => Found::Char(c),
            None => Found::End,
        }
    }

    /// `expected` is wanted here, where the cursor stands.
    fn expected(&self, expected: Expected) -> InputError {
        InputError::at(
            self.place,
            Wrong::Expected {
                expected,
                found: self.found(),
            },
        )
    }

    fn value(&mut self, depth: usize) -> Result<Spanned, InputError> {
        let place = self.place;
        let value = match self.peek() {
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::Str(self.string()?),
            Some(b'-' | b'0'..=b'9') => Value::Int(self.integer()?),
            _ => return Err(self.expected(Expected::Value)),
        };
        Ok(Spanned { value, place })
    }

    fn array(&mut self, depth: usize) -> Result<Value, InputError> {
        if depth >= MAX_DEPTH {
            return Err(InputError::at(
                self.place,
                Wrong::TooDeep { most: MAX_DEPTH },
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
                _ => return Err(self.expected(Expected::CommaOrClose)),
            }
        }
    }

    fn string(&mut self) -> Result<String, InputError> {
        let start = self.place;
        self.bump();
        let mut text = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n' | b'\r') => {
                    return Err(InputError::at(start, Wrong::UnclosedString));
                }
                Some(b'"') => {
                    self.bump();
                    return String::from_utf8(text)
                        .map_err(|_| InputError::at(start, Wrong::StringNotUtf8));
                }
                Some(b'\\') => {
                    let escape = self.place;
                    self.bump();
                    match self.peek() {
                        Some(byte @ (b'"' | b'\\' | b'/')) => text.push(byte),
                        _ => return Err(InputError::at(escape, Wrong::UnsupportedEscape)),
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

    fn integer(&mut self) -> Result<i64, InputError> {
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
            let followed_by = self.found();
            return Err(InputError::at(
                start,
                Wrong::NotAnInteger {
                    digits,
                    followed_by,
                },
            ));
        }
        match digits.parse() {
            Ok(number) => Ok(number),
            Err(_) => Err(InputError::at(start, Wrong::IntegerOutOfRange { digits })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(value: &Spanned) -> Vec<i64> {
        value
            .as_array(Expected::Value)
            .unwrap()
            .iter()
            .map(|v| v.as_int(Expected::Value).unwrap())
            .collect()
    }

    #[test]
    fn parses_nested_arrays_with_places() {
        let values = parse_values("[[2,5],\n [3]]  \"a#b\" -7").unwrap();
        assert_eq!(values.len(), 3);
        let rows = values[0].as_array(Expected::Graph).unwrap();
        assert_eq!(ints(&rows[0]), vec![2, 5]);
        assert_eq!(rows[1].place, Place { line: 2, col: 2 });
        assert_eq!(values[1].as_str(Expected::Value).unwrap(), "a#b");
        assert_eq!(values[2].as_int(Expected::Value).unwrap(), -7);
        assert_eq!(values[2].place, Place { line: 2, col: 14 });
    }

    #[test]
    fn empty_input_has_no_values() {
        assert_eq!(parse_values(" \r\n\t").unwrap(), vec![]);
        assert_eq!(ints(&parse_values("[ ]").unwrap()[0]), Vec::<i64>::new());
    }

    /// The place and the facts of each kind of malformed token (render/input.rs has their
    /// words).
    #[test]
    fn malformed_input_says_where_and_what() {
        let expected = |expected, found| Wrong::Expected { expected, found };
        let digits = |digits: &str| digits.to_string();
        let cases = [
            ("[1,2", (1, 5), expected(Expected::CommaOrClose, Found::End)),
            (
                "[1,,2]",
                (1, 4),
                expected(Expected::Value, Found::Char(',')),
            ),
            (
                "\n  [1 2]",
                (2, 6),
                expected(Expected::CommaOrClose, Found::Char('2')),
            ),
            ("\"abc", (1, 1), Wrong::UnclosedString),
            (
                "99999999999999999999",
                (1, 1),
                Wrong::IntegerOutOfRange {
                    digits: digits("99999999999999999999"),
                },
            ),
            (
                "1.5",
                (1, 1),
                Wrong::NotAnInteger {
                    digits: digits("1"),
                    followed_by: Found::Char('.'),
                },
            ),
            (
                "-",
                (1, 1),
                Wrong::IntegerOutOfRange {
                    digits: digits("-"),
                },
            ),
            (
                "[1,2],",
                (1, 6),
                expected(Expected::Value, Found::Char(',')),
            ),
            ("[1] 2 [", (1, 8), expected(Expected::Value, Found::End)),
            ("\"a\\n\"", (1, 3), Wrong::UnsupportedEscape),
        ];
        for (text, (line, col), wrong) in cases {
            let error = parse_values(text).unwrap_err().error;
            assert_eq!(
                error,
                InputError::at(Place { line, col }, wrong),
                "{text:?}"
            );
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let text = "[".repeat(100_000);
        let error = parse_values(&text).unwrap_err();
        assert_eq!(error.error.wrong, Wrong::TooDeep { most: 16 });
        assert_eq!(error.value, 0);
    }

    #[test]
    fn wrong_kinds_are_named() {
        let value = &parse_values("\"x\"").unwrap()[0];
        assert_eq!(
            value.as_int(Expected::Jump(crate::problems::input::Jump::Cat)),
            Err(InputError::at(
                Place { line: 1, col: 1 },
                Wrong::Expected {
                    expected: Expected::Jump(crate::problems::input::Jump::Cat),
                    found: Found::Value(ValueKind::Str),
                }
            ))
        );
    }
}
