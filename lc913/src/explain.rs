//! `--explain`: every position's outcome and plies to the end, and the game from the start
//! played out under optimal play.
//!
//! The winner takes a fastest forced win and the loser a slowest loss, so every ply lowers the
//! plies to the end by exactly one; in a draw both sides keep to drawn positions, and the line
//! stops at the first repeated position, where the statement ends the game.
//!
//! # Complexity
//! n nodes, e edges: [`table`] O(n·e) time, 5 bytes a position plus the queue; a line of play
//! O(n²) plies at most.

use std::collections::HashMap;
use std::fmt::Write;

pub const MOUSE_TURN: usize = 0;
pub const CAT_TURN: usize = 1;
pub const DRAW: u8 = 0;
pub const MOUSE_WIN: u8 = 1;
pub const CAT_WIN: u8 = 2;

/// Every position's result under optimal play, `(mouse * n + cat) * 2 + turn` (the cat
/// never on the hole).
pub struct Table {
    pub nodes: usize,
    pub outcome: Vec<u8>,
    /// Plies until the game ends, for decided positions: the winner's fastest forced win, the
    /// loser's slowest loss. 0 for positions the rules end.
    pub plies: Vec<u32>,
}

impl Table {
    pub fn position(&self, mouse: usize, cat: usize, turn: usize) -> usize {
        (mouse * self.nodes + cat) * 2 + turn
    }

    /// The positions one move leads to from `(mouse, cat, turn)`, in the graph's order.
    pub fn moves<'a>(
        &'a self,
        graph: &'a [Vec<i32>],
        (mouse, cat, turn): (usize, usize, usize),
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        let movers_node = if turn == MOUSE_TURN { mouse } else { cat };
        graph[movers_node].iter().filter_map(move |&to| {
            let to = to as usize;
            match turn {
                MOUSE_TURN => Some((to, cat, CAT_TURN)),
                _ if to == 0 => None, // the cat never enters the hole
                _ => Some((mouse, to, MOUSE_TURN)),
            }
        })
    }
}

/// Whether the rules end the game at `(mouse, cat)`, and who wins.
pub fn ended(mouse: usize, cat: usize) -> Option<u8> {
    if mouse == cat {
        Some(CAT_WIN)
    } else if mouse == 0 {
        Some(MOUSE_WIN)
    } else {
        None
    }
}

/// Retrograde BFS as in `degree_bfs`, keeping each position's plies to the end: the FIFO
/// decides positions in order of plies, so a win is decided by its fastest move and a loss by
/// its slowest.
pub fn table(graph: &[Vec<i32>]) -> Table {
    let n = graph.len();
    let mut table = Table {
        nodes: n,
        outcome: vec![DRAW; 2 * n * n],
        plies: vec![0; 2 * n * n],
    };
    let mut unresolved_moves = vec![0u32; 2 * n * n];
    let mut queue = Vec::new();
    for mouse in 0..n {
        for cat in 1..n {
            for turn in [MOUSE_TURN, CAT_TURN] {
                let here = table.position(mouse, cat, turn);
                match ended(mouse, cat) {
                    Some(result) => {
                        table.outcome[here] = result;
                        queue.push((mouse, cat, turn));
                    }
                    None => {
                        unresolved_moves[here] =
                            table.moves(graph, (mouse, cat, turn)).count() as u32
                    }
                }
            }
        }
    }
    let mut head = 0;
    while let Some(&(mouse, cat, turn)) = queue.get(head) {
        head += 1;
        let here = table.position(mouse, cat, turn);
        let mover = 1 - turn;
        let mover_wins = if mover == MOUSE_TURN {
            MOUSE_WIN
        } else {
            CAT_WIN
        };
        // Moves are undirected edges: the nodes the mover came from are its neighbours.
        let movers_node = if mover == MOUSE_TURN { mouse } else { cat };
        for &from in &graph[movers_node] {
            let from = from as usize;
            let before = if mover == MOUSE_TURN {
                (from, cat, mover)
            } else {
                (mouse, from, mover)
            };
            if before.1 == 0 {
                continue;
            }
            let index = table.position(before.0, before.1, before.2);
            if table.outcome[index] != DRAW {
                continue;
            }
            if table.outcome[here] != mover_wins {
                unresolved_moves[index] -= 1;
                if unresolved_moves[index] > 0 {
                    continue;
                }
            }
            table.outcome[index] = table.outcome[here];
            table.plies[index] = table.plies[here] + 1;
            queue.push(before);
        }
    }
    table
}

/// The game from the start (mouse on 1, cat on 2, mouse to move) under optimal play: one
/// `ply K: mouse A -> B` line a ply, then the result.
pub fn explain(graph: &[Vec<i32>]) -> String {
    let table = table(graph);
    let mut text = String::from("start: mouse on 1, cat on 2, mouse to move\n");
    let mut here = (1, 2, MOUSE_TURN);
    let result = table.outcome[table.position(1, 2, MOUSE_TURN)];
    let mut seen = HashMap::new();
    let mut ply = 0;
    loop {
        let index = table.position(here.0, here.1, here.2);
        if let Some(winner) = ended(here.0, here.1) {
            let who = if winner == MOUSE_WIN { "mouse" } else { "cat" };
            let _ = writeln!(text, "result: {who} wins in {ply} plies");
            break;
        }
        if let Some(first) = seen.insert(index, ply) {
            let _ = writeln!(
                text,
                "the position after ply {ply} is the one after ply {first}"
            );
            let _ = writeln!(text, "result: draw, position repeats after {ply} plies");
            break;
        }
        // A win or loss keeps to the positions one ply nearer the end; a draw to drawn ones.
        let next = table.moves(graph, here).find(|&(mouse, cat, turn)| {
            let after = table.position(mouse, cat, turn);
            table.outcome[after] == result
                && (result == DRAW || table.plies[after] + 1 == table.plies[index])
        });
        let Some(next) = next else {
            let _ = writeln!(text, "result: no move keeps the table's promise (a bug)");
            break;
        };
        ply += 1;
        let line = if here.2 == MOUSE_TURN {
            format!("ply {ply}: mouse {} -> {}", here.0, next.0)
        } else {
            format!("ply {ply}: cat {} -> {}", here.1, next.1)
        };
        text.push_str(&line);
        text.push('\n');
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
        let text = explain(&crate::example_graph(1));
        assert_eq!(text, "start: mouse on 1, cat on 2, mouse to move\nply 1: mouse 1 -> 0\nresult: mouse wins in 1 plies\n\n");
    }

    #[test]
    fn a_draw_stops_at_the_first_repetition() {
        let text = explain(&crate::example_graph(0));
        assert!(
            text.contains("result: draw, position repeats after"),
            "{text}"
        );
    }
}
