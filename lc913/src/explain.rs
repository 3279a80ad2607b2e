//! `--explain`: the game from the start played out under optimal play.
//!
//! The table is `degree_bfs`'s, searched to the end: every decided position holds its plies
//! to the end, the winner's fastest forced win and the loser's slowest loss, so every ply of
//! the line lowers them by exactly one. In a draw both sides keep to drawn positions, and the
//! line stops at the first repeated position, where the statement ends the game.
//!
//! # Complexity
//! n nodes, e edges: the table O(n·e) time and 11 bytes a position; the line O(n²) plies at
//! most.

use crate::degree_bfs::{self, Table};
use crate::game::{Game, DRAW, MOUSE_TURN, MOUSE_WIN};
use std::collections::HashMap;
use std::fmt::Write;

/// `1 ply`, `6 plies`.
fn plies(count: usize) -> String {
    format!("{count} {}", if count == 1 { "ply" } else { "plies" })
}

/// Every position's outcome and plies to the end, searched in full.
pub fn table(game: &Game) -> Table {
    degree_bfs::solve(game, false)
}

/// The game from the start (mouse on 1, cat on 2, mouse to move) under optimal play: one
/// `ply K: mouse A -> B` line a ply, then the result.
pub fn explain(graph: &[Vec<i32>]) -> String {
    let game = Game::new(graph);
    let table = table(&game);
    let mut text = String::from("start: mouse on 1, cat on 2, mouse to move\n");
    let mut here = game.start();
    let result = table.outcome[here];
    let mut seen = HashMap::new();
    let mut ply = 0;
    loop {
        let (mouse, cat, turn) = game.decode(here);
        if let Some(winner) = Game::ended(mouse, cat) {
            let who = if winner == MOUSE_WIN { "mouse" } else { "cat" };
            let _ = writeln!(text, "result: {who} wins in {}", plies(ply));
            break;
        }
        if let Some(first) = seen.insert(here, ply) {
            let _ = writeln!(
                text,
                "the position after ply {ply} is the one after ply {first}"
            );
            let _ = writeln!(text, "result: draw, position repeats after {}", plies(ply));
            break;
        }
        // A win or loss keeps to the positions one ply nearer the end; a draw to drawn ones.
        let next = game.successors(here).find(|&after| {
            table.outcome[after] == result
                && (result == DRAW || table.plies[after] + 1 == table.plies[here])
        });
        let Some(next) = next else {
            let _ = writeln!(text, "result: no move keeps the table's promise (a bug)");
            break;
        };
        ply += 1;
        let (next_mouse, next_cat, _) = game.decode(next);
        let _ = if turn == MOUSE_TURN {
            writeln!(text, "ply {ply}: mouse {mouse} -> {next_mouse}")
        } else {
            writeln!(text, "ply {ply}: cat {cat} -> {next_cat}")
        };
        here = next;
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_the_statement_s_second_example() {
        let text = explain(&crate::known_cases()[1].0);
        assert_eq!(text, "start: mouse on 1, cat on 2, mouse to move\nply 1: mouse 1 -> 0\nresult: mouse wins in 1 ply\n\n");
    }

    #[test]
    fn a_draw_stops_at_the_first_repetition() {
        let text = explain(&crate::known_cases()[0].0);
        assert!(
            text.contains("result: draw, position repeats after"),
            "{text}"
        );
    }
}
