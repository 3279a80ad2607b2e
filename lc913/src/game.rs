//! # The positions and moves every variant works on
//!
//! A position is (mouse's node, cat's node, whose turn), numbered `(mouse * n + cat) * 2 +
//! turn`; the rules end the game when the mouse is in the hole 0 or the cat on the mouse.
//! The graph is undirected, so the nodes a player can move to are also the nodes it can have
//! come from: one list of moves serves the forward search ([`Game::successors`]) and the
//! backward one ([`Game::predecessors`]).
//!
//! [`Game::settled`] is the fixpoint variants' rule (what the known results of a position's
//! moves already force); `degree_bfs` counts instead and does not call it.
//!
//! # Complexity
//! n nodes, maximum degree Δ: numbering O(1), a position's moves O(Δ), [`Game::settled`] O(Δ);
//! no memory beyond the graph.

// ---------------- submission: paste from the next line ----------------
// The positions and moves of the game. Relies on the judge's guarantees: the graph is
// undirected, without self-loops or repeated neighbours, and every node has a neighbour.

pub const MOUSE_TURN: usize = 0;
pub const CAT_TURN: usize = 1;
/// A position's outcome. `DRAW` also means "not decided yet" while a search runs: what no
/// search can decide is a draw, since neither side can force an end from it.
pub const DRAW: u8 = 0;
pub const MOUSE_WIN: u8 = 1;
pub const CAT_WIN: u8 = 2;

pub struct Game<'a> {
    pub graph: &'a [Vec<i32>],
    pub nodes: usize,
}

impl<'a> Game<'a> {
    pub fn new(graph: &'a [Vec<i32>]) -> Game<'a> {
        Game {
            graph,
            nodes: graph.len(),
        }
    }

    /// How many positions there are, the cat on the hole included (those are never reached).
    pub fn positions(&self) -> usize {
        2 * self.nodes * self.nodes
    }

    pub fn position(&self, mouse: usize, cat: usize, turn: usize) -> usize {
        (mouse * self.nodes + cat) * 2 + turn
    }

    /// `(mouse, cat, turn)` of a position number.
    pub fn decode(&self, position: usize) -> (usize, usize, usize) {
        (
            position / 2 / self.nodes,
            position / 2 % self.nodes,
            position % 2,
        )
    }

    /// Mouse on 1, cat on 2, mouse to move.
    pub fn start(&self) -> usize {
        self.position(1, 2, MOUSE_TURN)
    }

    /// Who wins if the rules end the game with the mouse on `mouse` and the cat on `cat`.
    pub fn ended(mouse: usize, cat: usize) -> Option<u8> {
        if mouse == cat {
            Some(CAT_WIN)
        } else if mouse == 0 {
            Some(MOUSE_WIN)
        } else {
            None
        }
    }

    /// Every position the rules end, once, with its winner (the cat never on the hole).
    pub fn ends(&self) -> Vec<(usize, u8)> {
        let mut ends = Vec::with_capacity(4 * self.nodes);
        for cat in 1..self.nodes {
            for turn in [MOUSE_TURN, CAT_TURN] {
                ends.push((self.position(0, cat, turn), MOUSE_WIN));
                ends.push((self.position(cat, cat, turn), CAT_WIN));
            }
        }
        ends
    }

    /// Where the mouse and the cat stand after each move `mover` can make from `(mouse, cat)`:
    /// a step to a neighbour, the cat never into the hole.
    pub fn moves(
        &self,
        mouse: usize,
        cat: usize,
        mover: usize,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        let movers_node = if mover == MOUSE_TURN { mouse } else { cat };
        self.graph[movers_node]
            .iter()
            .map(|&to| to as usize)
            .filter(move |&to| mover == MOUSE_TURN || to != 0)
            .map(move |to| {
                if mover == MOUSE_TURN {
                    (to, cat)
                } else {
                    (mouse, to)
                }
            })
    }

    /// How many moves `mover` has on `node`.
    pub fn move_count(&self, node: usize, mover: usize) -> usize {
        let into_hole = mover == CAT_TURN && self.graph[node].contains(&0);
        self.graph[node].len() - usize::from(into_hole)
    }

    /// The positions one move leads to from `here`.
    pub fn successors(&self, here: usize) -> impl Iterator<Item = usize> + '_ {
        let (mouse, cat, turn) = self.decode(here);
        self.moves(mouse, cat, turn)
            .map(move |(mouse, cat)| self.position(mouse, cat, 1 - turn))
    }

    /// The positions from which one move leads to `here`: the player not to move in `here`
    /// made it, from a node it can move back to.
    pub fn predecessors(&self, here: usize) -> impl Iterator<Item = usize> + '_ {
        let (mouse, cat, turn) = self.decode(here);
        let mover = 1 - turn;
        self.moves(mouse, cat, mover)
            .map(move |(mouse, cat)| self.position(mouse, cat, mover))
    }

    /// What the known outcomes of `here`'s moves already force: the mover's win if one move
    /// reaches a position the mover wins, its loss if every move reaches one it loses, else
    /// `DRAW` (not settled yet).
    pub fn settled(&self, outcome: &[u8], here: usize) -> u8 {
        let (mover_wins, mover_loses) = if here % 2 == MOUSE_TURN {
            (MOUSE_WIN, CAT_WIN)
        } else {
            (CAT_WIN, MOUSE_WIN)
        };
        let mut every_move_loses = true;
        for after in self.successors(here) {
            if outcome[after] == mover_wins {
                return mover_wins;
            }
            every_move_loses &= outcome[after] == mover_loses;
        }
        if every_move_loses {
            mover_loses
        } else {
            DRAW
        }
    }
}
// ---------------- submission: paste up to the line above ----------------

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_run_both_ways_and_keep_the_cat_out_of_the_hole() {
        // 0 - 1 - 2 - 0: a triangle.
        let graph = vec![vec![1, 2], vec![0, 2], vec![0, 1]];
        let game = Game::new(&graph);
        let cat_on_2 = game.position(1, 2, CAT_TURN);
        let after: Vec<usize> = game.successors(cat_on_2).collect();
        assert_eq!(after, vec![game.position(1, 1, MOUSE_TURN)]);
        assert_eq!(game.move_count(2, CAT_TURN), 1);
        assert_eq!(game.move_count(2, MOUSE_TURN), 2);
        // Every position with the cat off the hole.
        for here in (0..game.positions()).filter(|&here| game.decode(here).1 != 0) {
            for after in game.successors(here) {
                assert!(game.predecessors(after).any(|before| before == here));
            }
        }
        assert_eq!(game.decode(game.start()), (1, 2, MOUSE_TURN));
        assert_eq!(game.ends().len(), 2 * 2 * 2);
    }
}
