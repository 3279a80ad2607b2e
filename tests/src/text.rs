//! Text helpers every layer uses, kept once at the bottom: numbers with separators, durations,
//! quotes cut short, first lines, shell words and JSON strings. Uses nothing of the crate.

use std::time::Duration;

/// Longest quote of offending input an error message carries, in characters.
pub const QUOTE_CHARS: usize = 20;

/// `text` in single quotes, cut to its first [`QUOTE_CHARS`] characters and `…` if longer:
/// an error line stays one short line whatever the input holds.
pub fn brief(text: &str) -> String {
    format!("'{}'", cut(text, QUOTE_CHARS))
}

/// `text` cut to its first `most` characters and `…` if longer.
pub fn cut(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The first line of `text` (all of it when it has one line; nothing when empty).
pub fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().to_string()
}

/// Text on one line: runs of whitespace (line breaks included) become one space.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` as a JSON string (RFC 8259), also a JavaScript string literal: quotes, backslashes
/// and control characters escaped, and every character `also` names (`<`, in a page's script,
/// so that the text cannot end its element).
pub fn json_string(text: &str, also: impl Fn(char) -> bool) -> String {
    let mut literal = String::with_capacity(text.len() + 2);
    literal.push('"');
    for c in text.chars() {
        match c {
            '"' => literal.push_str("\\\""),
            '\\' => literal.push_str("\\\\"),
            c if (c as u32) < 0x20 || also(c) => {
                literal.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => literal.push(c),
        }
    }
    literal.push('"');
    literal
}

/// `n` as an ordinal in English: `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`, `113th`.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{}{suffix}", thousands(n))
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

/// A duration in the unit that keeps three significant figures readable.
pub fn format_duration(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{:.0} µs", seconds * 1e6)
    }
}

/// `text` as one word for `sh`, always quoted: for the scripts `--check` writes.
pub fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// `text` as one word for a POSIX shell: as it is when plain, else in single quotes.
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-+/=:,@".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        shell_quote(text)
    }
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

    #[test]
    fn quotes_are_cut_at_twenty_characters_not_bytes() {
        assert_eq!(brief("exactly twenty chars"), "'exactly twenty chars'");
        assert_eq!(brief("twenty-one characters"), "'twenty-one character…'");
        assert_eq!(brief("ééééééééééééééééééééé"), "'éééééééééééééééééééé…'");
    }
}
