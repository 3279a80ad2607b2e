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

/// How a line of optimal play ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The rules end the game: `MOUSE_WIN` or `CAT_WIN`.
    Won(u8),
    /// The last position is the one after ply `first`: a draw.
    Repeats { first: usize },
    /// No move keeps the table's promise (a bug in the table).
    Broken,
}

/// The positions of the game from `from` under optimal play, `from` first, and how it ends:
/// the winner takes a fastest forced win and the loser a slowest loss; in a draw both sides
/// keep to drawn positions until one repeats (the last position is then the repeat).
pub fn optimal_line(game: &Game, table: &Table, from: usize) -> (Vec<usize>, Ending) {
    let result = table.outcome[from];
    let mut line = vec![from];
    let mut seen = HashMap::new();
    let mut here = from;
    loop {
        let (mouse, cat, _) = game.decode(here);
        if let Some(winner) = Game::ended(mouse, cat) {
            return (line, Ending::Won(winner));
        }
        if let Some(first) = seen.insert(here, line.len() - 1) {
            return (line, Ending::Repeats { first });
        }
        // A win or loss keeps to the positions one ply nearer the end; a draw to drawn ones.
        let next = game.successors(here).find(|&after| {
            table.outcome[after] == result
                && (result == DRAW || table.plies[after] + 1 == table.plies[here])
        });
        let Some(next) = next else {
            return (line, Ending::Broken);
        };
        line.push(next);
        here = next;
    }
}

/// The game from the start (mouse on 1, cat on 2, mouse to move) under optimal play: one
/// `ply K: mouse A -> B` line a ply, then the result.
pub fn explain(graph: &[Vec<i32>]) -> String {
    let game = Game::new(graph);
    let table = table(&game);
    let mut text = String::from("start: mouse on 1, cat on 2, mouse to move\n");
    let (line, ending) = optimal_line(&game, &table, game.start());
    for (ply, pair) in line.windows(2).enumerate() {
        let ((mouse, cat, turn), (next_mouse, next_cat, _)) =
            (game.decode(pair[0]), game.decode(pair[1]));
        let _ = if turn == MOUSE_TURN {
            writeln!(text, "ply {}: mouse {mouse} -> {next_mouse}", ply + 1)
        } else {
            writeln!(text, "ply {}: cat {cat} -> {next_cat}", ply + 1)
        };
    }
    let ply = line.len() - 1;
    let _ = match ending {
        Ending::Won(winner) => {
            let who = if winner == MOUSE_WIN { "mouse" } else { "cat" };
            writeln!(text, "result: {who} wins in {}", plies(ply))
        }
        Ending::Repeats { first } => writeln!(
            text,
            "the position after ply {ply} is the one after ply {first}\n\
             result: draw, position repeats after {}",
            plies(ply)
        ),
        Ending::Broken => writeln!(text, "result: no move keeps the table's promise (a bug)"),
    };
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
