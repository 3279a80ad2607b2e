//! # The judge's reader and writer
//!
//! `--emit` appends this to a variant to make a whole program: it reads the statement's input
//! from stdin (Luogu's form of `game.in`), calls the variant's `mistakes`, and prints
//! `game.out`'s text. In this crate it runs the default variant.

use crate::incremental::mistakes;

// ---------------- submission: paste from the next line ----------------
// Reads input the judge guarantees well-formed: n m, n rows of X O ., k, then 2k moves x y.
use std::io::{Read, Write};

pub fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable text");
    let mut tokens = input.split_ascii_whitespace();
    let rows = number(tokens.next());
    let _cols = number(tokens.next());
    let board: Vec<Vec<u8>> = (0..rows)
        .map(|_| tokens.next().unwrap_or("").as_bytes().to_vec())
        .collect();
    let rounds = number(tokens.next());
    let mut moves = Vec::with_capacity(2 * rounds);
    for _ in 0..2 * rounds {
        let row = number(tokens.next());
        let col = number(tokens.next());
        moves.push((row - 1, col - 1));
    }
    let found = mistakes(&board, &moves);
    let mut output = format!("{}\n", found.len());
    for move_number in found {
        output.push_str(&format!("{}\n", move_number));
    }
    std::io::stdout()
        .write_all(output.as_bytes())
        .expect("stdout is writable");
}

fn number(token: Option<&str>) -> usize {
    token
        .and_then(|token| token.parse().ok())
        .expect("a whole number")
}
// ---------------- submission: paste up to the line above ----------------
