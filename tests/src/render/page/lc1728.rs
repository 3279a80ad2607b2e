//! LeetCode 1728's page: the grid with its walls and food, the mouse and the cat as tokens,
//! each jump drawn, and every position's outcome from `degree_bfs`'s table searched to the end
//! (what `--explain` walks), the 1000-ply limit applied by the script as plies are played.
//!
//! Uses `outcome::verdict`, `problems::Problem`, `problems::lc1728`; beside it, `chase`, `frame`,
//! `marks`, `paged`.

use super::chase::{ChaseData, MODEL};
use super::frame::{html, within_page_limit, PageVerdict, Parts, ARROW_HEAD};
use super::marks;
use super::paged::Paged;
use crate::outcome::verdict::PageError;
use crate::problems::lc1728::Lc1728;
use crate::problems::Problem;
use ::lc1728::board::{Board, Moves, CAT_WIN, MOUSE_WIN, PLY_LIMIT};
use ::lc1728::explain::{limit_reason, optimal_line, table};
use shared::lc1728::Case;
use std::fmt::Write;

impl Paged for Lc1728 {
    fn page(case: &Case, verdict: Option<&PageVerdict>) -> Result<String, PageError> {
        page(case, verdict)
    }
}

/// The page of one game; `verdict` for a `--check` report's counterexample.
///
/// # Errors
/// A grid too large for a page ([`super::frame::MAX_ITEMS`]).
pub fn page(game: &Case, verdict: Option<&PageVerdict>) -> Result<String, PageError> {
    let (cat_jump, mouse_jump) = (
        game.cat_jump.max(1) as usize,
        game.mouse_jump.max(1) as usize,
    );
    let board = Board::new(&game.grid, cat_jump, mouse_jump);
    let positions = 2 * board.cells * board.cells;
    within_page_limit(Lc1728::size(game), positions)?;
    let table = table(&board);
    let start = board.start();
    let line = optimal_line(&board, &table, start);
    let (rows, cols) = (game.grid.len(), game.grid.first().map_or(0, String::len));
    let cell = (560 / rows.max(cols).max(1)).clamp(16, 96) as f64;
    let spots: Vec<(f64, f64)> = board
        .places
        .iter()
        .map(|&(row, col)| ((col as f64 + 0.5) * cell, (row as f64 + 0.5) * cell))
        .collect();
    let diagnosis = verdict.and_then(|verdict| verdict.diagnosis.as_ref());
    let chase = ChaseData {
        names: board
            .places
            .iter()
            .map(|(row, col)| format!("({row},{col})"))
            .collect(),
        mouse_moves: each_cell(&board, &board.mouse_moves),
        cat_moves: each_cell(&board, &board.cat_moves),
        table: table
            .outcome
            .iter()
            .zip(&table.plies)
            .map(|(&outcome, &plies)| (outcome, u32::from(plies)))
            .collect(),
        line,
        radius: cell * 0.32,
        goal: "food",
        limit: PLY_LIMIT,
        repeats: false,
        spots,
        yours: marks::data(diagnosis),
    };
    let parts = Parts {
        title: format!(
            "LeetCode 1728, Cat and Mouse II: a {rows}x{cols} grid, catJump {}, mouseJump {}",
            game.cat_jump, game.mouse_jump
        ),
        svg: drawing(
            game,
            &board,
            cell,
            &marks::misjudged_per_spot(diagnosis, board.cells),
        ),
        data: chase.data(),
        model: MODEL,
        result: result(table.outcome[start], table.plies[start]),
    };
    Ok(html(&parts, verdict))
}

/// The answer and why, from the start's outcome and plies to the end.
fn result(outcome: u8, plies: u16) -> String {
    let unit = if plies == 1 { "ply" } else { "plies" };
    match limit_reason(outcome, plies) {
        Some(reason) => {
            format!("answer false: the cat wins by the {PLY_LIMIT}-ply limit: {reason}")
        }
        None if outcome == MOUSE_WIN => format!("answer true: the mouse wins in {plies} {unit}"),
        None if outcome == CAT_WIN => format!("answer false: the cat wins in {plies} {unit}"),
        None => "answer false".to_string(),
    }
}

/// Each open cell's moves, staying first.
fn each_cell(board: &Board, moves: &Moves) -> Vec<Vec<usize>> {
    (0..board.cells)
        .map(|cell| moves.of(cell).iter().map(|&to| to as usize).collect())
        .collect()
}

/// The grid as SVG: walls dark, each open cell a square (`data-spot`, in the board's
/// numbering), shaded where `shaded` counts misjudged positions with the mouse on it, the
/// food marked.
fn drawing(game: &Case, board: &Board, cell: f64, shaded: &[usize]) -> String {
    let (rows, cols) = (game.grid.len(), game.grid.first().map_or(0, String::len));
    let (width, height) = (cols as f64 * cell, rows as f64 * cell);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" data-cells=\"{}\">\n{}{}",
        rows * cols,
        ARROW_HEAD,
        marks::hatch(shaded)
    );
    let square = |svg: &mut String, class: &str, row: usize, col: usize, spot: Option<usize>| {
        let (x, y) = (col as f64 * cell, row as f64 * cell);
        let geometry = format!("x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\"");
        let shade = spot.map_or(String::new(), |spot| {
            marks::shade(
                &format!("rect {geometry}"),
                shaded.get(spot).copied().unwrap_or(0),
            )
        });
        let spot = spot.map_or(String::new(), |spot| format!(" data-spot=\"{spot}\""));
        let _ = writeln!(svg, "<rect class=\"{class}\"{spot} {geometry}/>{shade}");
    };
    for (row, line) in game.grid.iter().enumerate() {
        for (col, symbol) in line.bytes().enumerate() {
            if symbol == b'#' {
                square(&mut svg, "spot wall", row, col, None);
            }
        }
    }
    for (spot, &(row, col)) in board.places.iter().enumerate() {
        let class = if spot == board.food {
            "spot floor food"
        } else {
            "spot floor"
        };
        square(&mut svg, class, row, col, Some(spot));
    }
    if let Some(&(row, col)) = board.places.get(board.food) {
        let (x, y) = ((col as f64 + 0.5) * cell, (row as f64 + 0.5) * cell);
        let _ = writeln!(
            svg,
            "<text class=\"label food\" x=\"{x}\" y=\"{y}\" style=\"font-size:{:.0}px\">F</text>",
            cell * 0.5
        );
    }
    svg.push_str("</svg>");
    svg
}
