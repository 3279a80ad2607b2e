//! The markers that fence the paste-ready part of a solution crate's source file.
//!
//! A variant file keeps what the judge must not see (LeetCode declares `struct Solution`
//! itself; `use crate::` lines; unit tests) outside the fence, and the submission inside it.
//! A submission is the fenced parts of the variant's file and of the pieces it shares, joined
//! ([`submission`]); `--emit` prints exactly that.
//!
//! Uses nothing of the crate.

/// The line that opens the paste-ready part.
pub const START: &str = "// ---------------- submission: paste from the next line ----------------";
/// The line that closes it.
pub const END: &str = "// ---------------- submission: paste up to the line above ----------------";

/// The lines strictly between the start and the end marker, ending with a newline.
///
/// # Panics
/// If `source` lacks either marker or has one twice: sources are compiled into the binary,
/// so that is a bug in this workspace, which the emit tests would meet first.
pub fn fenced(source: &str) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let position = |marker: &str| {
        let mut found = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.trim_end() == marker);
        match (found.next(), found.next()) {
            (Some((index, _)), None) => index,
            _ => panic!("a variant's source must hold the line {marker:?} exactly once"),
        }
    };
    let (start, end) = (position(START), position(END));
    assert!(
        start < end,
        "the submission's end marker stands before its start"
    );
    let mut text = lines[start + 1..end].join("\n");
    text.push('\n');
    text
}

/// The fenced parts of `sources`, joined in order: a variant's paste-ready submission.
pub fn submission(sources: &[&str]) -> String {
    let parts: Vec<String> = sources.iter().map(|source| fenced(source)).collect();
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_the_fenced_lines() {
        let source = format!("pub struct Solution;\n{START}\nimpl Solution {{}}\n\nfn f() {{}}\n{END}\n#[cfg(test)]\n");
        assert_eq!(fenced(&source), "impl Solution {}\n\nfn f() {}\n");
    }

    #[test]
    #[should_panic(expected = "exactly once")]
    fn a_missing_marker_is_a_bug() {
        fenced("impl Solution {}\n");
    }
}
