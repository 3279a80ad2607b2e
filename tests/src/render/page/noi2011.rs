//! NOI2011's page: the board's pieces, the empty cell's path as the record plays, Tutu's
//! mistakes ringed, and at every position of the record each legal move of the player to move
//! with whether the mover wins after it ([`move_outcomes`], from the maximum matchings the
//! solvers use). A move off the record can be tried one ply deep; the page judges moves along
//! the record only (every line of play would be exponential).
//!
//! Uses `outcome::verdict`, `problems::Problem`, `problems::noi2011`, `render::sizes`; beside it,
//! `escape`, `frame`, `paged`.

use super::escape::numbers;
use super::frame::{html, within_page_limit, PageVerdict, Parts, ARROW_HEAD};
use super::paged::Paged;
use crate::outcome::verdict::PageError;
use crate::problems::noi2011::Noi2011;
use crate::problems::Problem;
use crate::render::sizes::size_words;
use ::noi2011::explain::move_outcomes;
use ::noi2011::game::{mistakes_from, Board};
use ::noi2011::incremental::winners;
use shared::noi2011::Record;
use std::fmt::Write;

impl Paged for Noi2011 {
    fn page(case: &Record, verdict: Option<&PageVerdict>) -> Result<String, PageError> {
        page(case, verdict)
    }
}

const MODEL: &str = include_str!("noi2011.js");

/// The page of one recorded game; `verdict` for a `--check` report's counterexample.
///
/// # Errors
/// A board and record too large for a page ([`super::frame::MAX_ITEMS`]).
pub fn page(record: &Record, verdict: Option<&PageVerdict>) -> Result<String, PageError> {
    let (rows, cols) = (record.board.len(), record.board.first().map_or(0, Vec::len));
    let items = record.cells() + record.moves.len() + 1;
    within_page_limit(Noi2011::size(record), items)?;
    let board = Board::new(&record.board, &record.moves);
    let mistakes = mistakes_from(&winners(&board));
    let outcomes: Vec<String> = move_outcomes(&board)
        .iter()
        .map(|moves| {
            numbers(
                moves
                    .iter()
                    .map(|&(cell, wins)| 2 * cell + usize::from(wins)),
            )
        })
        .collect();
    let cell = (720 / rows.max(cols).max(1)).clamp(14, 64);
    let data = format!(
        "{{cols:{cols},cell:{cell},path:{},moves:[{}],mistakes:{}}}",
        numbers(&board.path),
        outcomes.join(","),
        numbers(&mistakes)
    );
    let listed: Vec<String> = mistakes.iter().map(usize::to_string).collect();
    let result = match mistakes.len() {
        0 => "answer 0: Tutu made no mistake".to_string(),
        count => format!(
            "answer {count}: Tutu's mistakes are her moves {}",
            listed.join(", ")
        ),
    };
    let parts = Parts {
        title: format!(
            "NOI2011 兔兔与蛋蛋游戏 (Luogu P1971): a {}",
            size_words(Noi2011::size(record))
        ),
        svg: drawing(&board, rows, cell),
        data,
        model: MODEL,
        result,
    };
    Ok(html(&parts, verdict))
}

/// The board as SVG: one circle a cell, in reading order, its class the piece (`X` black,
/// `O` white, `E` the empty cell) and `out` for cells the empty cell can never enter.
fn drawing(board: &Board, rows: usize, cell: usize) -> String {
    let (width, height) = (board.cols * cell, rows * cell);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" data-cells=\"{}\">\n{}\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#f3e5ab\"/>\n<g id=\"cells\">\n",
        board.pieces.len(),
        ARROW_HEAD
    );
    let radius = cell as f64 * 0.4;
    for (index, &piece) in board.pieces.iter().enumerate() {
        let symbol = match piece {
            b'X' => 'X',
            b'O' => 'O',
            _ => 'E',
        };
        let out = if board.in_play(index) { "" } else { " out" };
        let (x, y) = (
            (index % board.cols) * cell + cell / 2,
            (index / board.cols) * cell + cell / 2,
        );
        let _ = writeln!(
            svg,
            "<circle class=\"piece {symbol}{out}\" cx=\"{x}\" cy=\"{y}\" r=\"{radius:.1}\"/>"
        );
    }
    svg.push_str("</g>\n</svg>");
    svg
}
