//! # `fixpoint_sweep`: re-evaluate every undecided position until nothing changes
//!
//! Start with only the positions the rules decide (mouse in the hole, cat on the mouse). Then
//! sweep over all undecided positions, deciding one when its known successors already settle
//! it: a win when some move reaches a position the mover wins, a loss when every move reaches
//! a position the mover loses. Repeat full sweeps until one decides nothing; what is still
//! undecided then is a draw. Each sweep reads the results of the same sweep as they appear,
//! which only makes the fixpoint come sooner.
//!
//! From seed 003. The positions, moves and the settling rule are in `game.rs`.
//!
//! # Complexity
//! n nodes, e edges: 2n² positions and S sweeps (S ≤ 2n² + 1, in practice a few dozen): one
//! sweep looks at every move of every position, O(n·e), so O(S·n·e) time. Memory: one byte
//! per position, 2n² bytes.

use crate::game::{Game, DRAW};

pub struct Solution;

// ---------------- submission: paste from the next line ----------------
// Relies on the judge's guarantees (see `Game` below, which `--emit` appends) and on the cat at
// node 2 having a move. The table is sized from the input.

impl Solution {
    pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32 {
        let game = Game::new(&graph);
        i32::from(outcomes(&game)[game.start()])
    }
}

/// The outcome of every position with the cat off the hole.
pub fn outcomes(game: &Game) -> Vec<u8> {
    let mut outcome = vec![DRAW; game.positions()];
    for (here, result) in game.ends() {
        outcome[here] = result;
    }
    while sweep(game, &mut outcome) {}
    outcome
}

/// One sweep in seed 003's order (mouse, then cat, then whose turn), each position settled
/// from what is known at that moment; whether it decided anything.
pub fn sweep(game: &Game, outcome: &mut [u8]) -> bool {
    let mut changed = false;
    for mouse in 0..game.nodes {
        for cat in 1..game.nodes {
            for turn in 0..2 {
                let here = game.position(mouse, cat, turn);
                if outcome[here] == DRAW {
                    outcome[here] = game.settled(outcome, here);
                    changed |= outcome[here] != DRAW;
                }
            }
        }
    }
    changed
}
// ---------------- submission: paste up to the line above ----------------

/// How many sweeps of [`sweep`] decide the start: what a solution that stops sweeping early
/// must exceed to answer right. 0 if the rules decide it; the fixpoint's count if it is a draw.
///
/// # Complexity
/// O(S·n·e), as [`outcomes`].
pub fn sweeps_to_decide_start(game: &Game) -> usize {
    let mut outcome = vec![DRAW; game.positions()];
    for (here, result) in game.ends() {
        outcome[here] = result;
    }
    let mut sweeps = 0;
    while outcome[game.start()] == DRAW {
        sweeps += 1;
        if !sweep(game, &mut outcome) {
            break;
        }
    }
    sweeps
}
