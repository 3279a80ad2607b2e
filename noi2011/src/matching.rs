//! # Maximum matching on the cells in play, without recursion
//!
//! Kuhn's augmenting paths: from an unmatched cell, a depth-first search along alternating
//! paths (any edge out, then the matched edge back) until it reaches another unmatched cell,
//! then flips the path. The search keeps its own stack, so a path as long as the board (a
//! 600x600 board has paths of 360,000 cells) cannot overflow the call stack. Visited marks
//! are stamps, so starting a new search costs nothing, and a failed search's marks are kept
//! while they stay true (see [`Matching::augment`]): on the board of a long game most
//! searches fail, and without that each would walk the whole board again.
//!
//! Used by `rematch` (a matching from scratch per question) and `incremental` (one matching,
//! one search per question).
//!
//! # Complexity
//! V cells, E edges (E ≤ 2V on a grid): one search O(E), and failed searches between two
//! changes of the matching O(E) together; [`Matching::maximize`] O(V·E) in the worst case,
//! near O(E) on boards in practice (a greedy start, then kept marks).

use crate::game::Board;

// ---------------- submission: paste from the next line ----------------
pub const UNMATCHED: u32 = u32::MAX;

pub struct Matching {
    /// Each cell's partner, or `UNMATCHED`.
    pub mate: Vec<u32>,
    /// Per target parity: the stamp a search towards that parity marks its cells with. A cell
    /// bearing the current stamp cannot reach an unmatched cell of that parity.
    visited: [Vec<u32>; 2],
    stamp: [u32; 2],
    /// The search's path: each entry a cell and how many of its neighbours it has tried.
    stack: Vec<(u32, u32)>,
}

impl Matching {
    pub fn new(cells: usize) -> Matching {
        Matching {
            mate: vec![UNMATCHED; cells],
            visited: [vec![0; cells], vec![0; cells]],
            stamp: [1, 1],
            stack: Vec::new(),
        }
    }

    /// Makes the matching maximum on the cells with `alive` set.
    pub fn maximize(&mut self, board: &Board, alive: &[bool]) {
        for cell in 0..alive.len() {
            if alive[cell] && self.mate[cell] == UNMATCHED {
                for &next in board.neighbours(cell) {
                    if alive[next as usize] && self.mate[next as usize] == UNMATCHED {
                        self.mate[cell] = next;
                        self.mate[next as usize] = cell as u32;
                        break;
                    }
                }
            }
        }
        // Every edge joins the two parities: searching from one of them is enough.
        for cell in 0..alive.len() {
            if alive[cell] && self.mate[cell] == UNMATCHED && board.parity(cell) == 0 {
                self.augment(board, alive, cell);
            }
        }
    }

    /// Looks for an alternating path from the unmatched cell `from` to an unmatched alive cell
    /// and, if there is one, flips it (`from` and that cell become matched).
    ///
    /// The marks of a failed search stay valid for later searches towards the same parity as
    /// long as the matching does not change and no cell of that parity becomes unmatched:
    /// only alive cells may leave in between. Hence the two stamps: a success changes the
    /// matching and renews both; a failure leaves `from` unmatched and renews the stamp of
    /// searches towards `from`'s parity.
    pub fn augment(&mut self, board: &Board, alive: &[bool], from: usize) -> bool {
        let target = 1 - board.parity(from);
        let stamp = self.stamp[target];
        let visited = &mut self.visited[target];
        self.stack.clear();
        self.stack.push((from as u32, 0));
        visited[from] = stamp;
        while let Some(&(cell, tried)) = self.stack.last() {
            let neighbours = board.neighbours(cell as usize);
            let top = self.stack.len() - 1;
            if tried as usize == neighbours.len() {
                self.stack.pop();
                continue;
            }
            self.stack[top].1 += 1;
            let next = neighbours[tried as usize] as usize;
            if !alive[next] || visited[next] == stamp {
                continue;
            }
            visited[next] = stamp;
            let partner = self.mate[next];
            if partner == UNMATCHED {
                // Flip the path: each cell on the stack takes the neighbour it went through.
                let mut taken = next as u32;
                while let Some((cell, _)) = self.stack.pop() {
                    let previous = self.mate[cell as usize];
                    self.mate[cell as usize] = taken;
                    self.mate[taken as usize] = cell;
                    taken = previous;
                }
                self.stamp = [self.stamp[0] + 1, self.stamp[1] + 1];
                return true;
            }
            if visited[partner as usize] != stamp {
                visited[partner as usize] = stamp;
                self.stack.push((partner, 0));
            }
        }
        self.stamp[1 - target] += 1;
        false
    }

    /// The number of matched pairs.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&mate| mate != UNMATCHED).count() / 2
    }
}
// ---------------- submission: paste up to the line above ----------------
