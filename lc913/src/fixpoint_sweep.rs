//! # `fixpoint_sweep`: re-evaluate every undecided position until nothing changes
//!
//! Start with only the positions the rules decide (mouse in the hole, cat on the mouse). Then
//! sweep over all undecided positions, deciding one when its known successors already settle
//! it: a win when some move reaches a position the mover wins, a loss when every move reaches
//! a position the mover loses. Repeat full sweeps until one decides nothing; what is still
//! undecided then is a draw. Each sweep reads the results of the same sweep as they appear,
//! which only makes the fixpoint come sooner.
//!
//! From seed 003.
//!
//! # Complexity
//! n nodes, e edges: 2n² positions and S sweeps (S ≤ 2n² + 1, in practice a few dozen): one
//! sweep looks at every move of every position, O(n·e), so O(S·n·e) time. Memory: one byte
//! per position, 2n² bytes.

pub struct Solution;

// ---------------- submission: paste from the next line ----------------
// Relies on the judge's guarantees: the graph is undirected, without self-loops or repeated
// neighbours, every node has a neighbour and the cat at node 2 can move. The table is sized
// from the input.

const MOUSE_TURN: usize = 0;
const CAT_TURN: usize = 1;
const DRAW: u8 = 0;
const MOUSE_WIN: u8 = 1;
const CAT_WIN: u8 = 2;

impl Solution {
    pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32 {
        let start = (graph.len() + 2) * 2 + MOUSE_TURN;
        i32::from(outcomes(&graph)[start])
    }
}

/// The outcome of every position `(mouse * n + cat) * 2 + turn` with the cat off the hole.
pub fn outcomes(graph: &[Vec<i32>]) -> Vec<u8> {
    let n = graph.len();
    let mut outcome = vec![DRAW; 2 * n * n];
    for cat in 1..n {
        for turn in [MOUSE_TURN, CAT_TURN] {
            outcome[cat * 2 + turn] = MOUSE_WIN; // the mouse is in the hole
            outcome[(cat * n + cat) * 2 + turn] = CAT_WIN;
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for mouse in 0..n {
            for cat in 1..n {
                for turn in [MOUSE_TURN, CAT_TURN] {
                    let here = (mouse * n + cat) * 2 + turn;
                    if outcome[here] == DRAW {
                        outcome[here] = settled(graph, &outcome, mouse, cat, turn);
                        changed |= outcome[here] != DRAW;
                    }
                }
            }
        }
    }
    outcome
}

/// What the known results of the mover's moves already force: the mover's win if one move
/// reaches a position the mover wins, its loss if every move reaches one it loses, else `DRAW`
/// (not settled yet).
fn settled(graph: &[Vec<i32>], outcome: &[u8], mouse: usize, cat: usize, turn: usize) -> u8 {
    let n = graph.len();
    let (mover_wins, mover_loses, movers_node) = if turn == MOUSE_TURN {
        (MOUSE_WIN, CAT_WIN, mouse)
    } else {
        (CAT_WIN, MOUSE_WIN, cat)
    };
    let mut every_move_loses = true;
    for &to in &graph[movers_node] {
        let to = to as usize;
        let after = if turn == MOUSE_TURN {
            (to * n + cat) * 2 + CAT_TURN
        } else if to != 0 {
            (mouse * n + to) * 2 + MOUSE_TURN
        } else {
            continue; // the cat never enters the hole
        };
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
// ---------------- submission: paste up to the line above ----------------
