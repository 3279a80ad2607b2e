//! Wrong solutions as Rust functions, for the in-process tests (`search.rs`, `diagnosis.rs`):
//! each a real mistake, written here or included from the end-to-end fixtures themselves,
//! with the right analysis they depart from checked against the variants.

#![allow(dead_code)]

/// How a retrograde analysis of 913 (positions decided from the game's ends backwards, a
/// position lost for the side to move once all its moves are) goes wrong.
#[derive(Clone, Copy, Default)]
pub struct Lc913Mistake {
    /// The cat's moves are counted with its edge to the hole, which it may not take: a cat
    /// beside the hole is never counted out.
    pub cat_counts_hole: bool,
    /// The game starts with the cat to move.
    pub cat_first: bool,
}

/// The cat's moves counted with the hole.
pub const CAT_COUNTS_HOLE: Lc913Mistake = Lc913Mistake {
    cat_counts_hole: true,
    cat_first: false,
};

/// The cat moving first.
pub const CAT_FIRST: Lc913Mistake = Lc913Mistake {
    cat_counts_hole: false,
    cat_first: true,
};

/// 913's answer by retrograde analysis, with `mistake`.
///
/// # Complexity
/// n nodes, e edges: O(n·e) time, O(n²) memory.
pub fn lc913_retrograde(graph: &[Vec<i32>], mistake: Lc913Mistake) -> i32 {
    const MOUSE_TURN: usize = 0;
    const CAT_TURN: usize = 1;
    let n = graph.len();
    let at = |mouse: usize, cat: usize, turn: usize| (mouse * n + cat) * 2 + turn;
    let mut result = vec![0; n * n * 2];
    let mut moves_left = vec![0; n * n * 2];
    for mouse in 0..n {
        for cat in 0..n {
            moves_left[at(mouse, cat, MOUSE_TURN)] = graph[mouse].len();
            moves_left[at(mouse, cat, CAT_TURN)] = graph[cat]
                .iter()
                .filter(|&&to| to != 0 || mistake.cat_counts_hole)
                .count();
        }
    }
    let mut queue = std::collections::VecDeque::new();
    for cat in 1..n {
        for turn in [MOUSE_TURN, CAT_TURN] {
            result[at(0, cat, turn)] = 1;
            result[at(cat, cat, turn)] = 2;
            queue.push_back((0, cat, turn));
            queue.push_back((cat, cat, turn));
        }
    }
    while let Some((mouse, cat, turn)) = queue.pop_front() {
        let outcome = result[at(mouse, cat, turn)];
        let mover = 1 - turn;
        let before: Vec<(usize, usize)> = match mover {
            MOUSE_TURN => graph[mouse]
                .iter()
                .map(|&from| (from as usize, cat))
                .collect(),
            _ => graph[cat]
                .iter()
                .filter(|&&from| from != 0)
                .map(|&from| (mouse, from as usize))
                .collect(),
        };
        for (from_mouse, from_cat) in before {
            let earlier = at(from_mouse, from_cat, mover);
            if result[earlier] != 0 {
                continue;
            }
            let mover_wins = outcome == mover as i32 + 1;
            moves_left[earlier] -= 1;
            if mover_wins || moves_left[earlier] == 0 {
                result[earlier] = outcome;
                queue.push_back((from_mouse, from_cat, mover));
            }
        }
    }
    let first = if mistake.cat_first {
        CAT_TURN
    } else {
        MOUSE_TURN
    };
    result[at(1, 2, first)]
}

/// 1728's answer by retrograde analysis (a draw is the cat's: no forced win of the judge's
/// grids comes near 1000 plies), where `may_stay` says whether a piece may stay in place.
///
/// # Complexity
/// c open cells, j the longer jump: O(c²·j) time, O(c²) memory.
pub fn lc1728_retrograde(game: &shared::lc1728::Case, may_stay: bool) -> bool {
    let cols = game.grid[0].len();
    let cells = game.grid.len() * cols;
    let symbol = |cell: usize| game.grid[cell / cols].as_bytes()[cell % cols];
    let find = |wanted: u8| (0..cells).find(|&cell| symbol(cell) == wanted).unwrap_or(0);
    let (mouse_start, cat_start, food) = (find(b'M'), find(b'C'), find(b'F'));
    let moves = |cell: usize, jump: i32| -> Vec<usize> {
        let reached = shared::lc1728::reachable(game, (cell / cols, cell % cols), jump);
        let skip = usize::from(!may_stay);
        reached
            .iter()
            .skip(skip)
            .map(|&(row, col)| row * cols + col)
            .collect()
    };
    let open: Vec<usize> = (0..cells).filter(|&cell| symbol(cell) != b'#').collect();
    let at = |mouse: usize, cat: usize, turn: usize| (mouse * cells + cat) * 2 + turn;
    let mut result = vec![0u8; cells * cells * 2];
    let mut moves_left = vec![0usize; cells * cells * 2];
    let mut queue = std::collections::VecDeque::new();
    for &mouse in &open {
        for &cat in &open {
            for turn in 0..2 {
                let here = at(mouse, cat, turn);
                let ended = match (mouse == cat || cat == food, mouse == food) {
                    (true, _) => 2,
                    (false, true) => 1,
                    _ => 0,
                };
                result[here] = ended;
                if ended != 0 {
                    queue.push_back((mouse, cat, turn));
                }
                moves_left[here] = match turn {
                    0 => moves(mouse, game.mouse_jump).len(),
                    _ => moves(cat, game.cat_jump).len(),
                };
            }
        }
    }
    while let Some((mouse, cat, turn)) = queue.pop_front() {
        let outcome = result[at(mouse, cat, turn)];
        let mover = 1 - turn;
        let before: Vec<(usize, usize)> = match mover {
            0 => moves(mouse, game.mouse_jump)
                .into_iter()
                .map(|from| (from, cat))
                .collect(),
            _ => moves(cat, game.cat_jump)
                .into_iter()
                .map(|from| (mouse, from))
                .collect(),
        };
        for (from_mouse, from_cat) in before {
            let earlier = at(from_mouse, from_cat, mover);
            if result[earlier] != 0 {
                continue;
            }
            moves_left[earlier] -= 1;
            if outcome == mover as u8 + 1 || moves_left[earlier] == 0 {
                result[earlier] = outcome;
                queue.push_back((from_mouse, from_cat, mover));
            }
        }
    }
    result[at(mouse_start, cat_start, 0)] == 1
}

/// 913's search over (mouse, cat, whose turn), depth first, where a position met again on the
/// current line of play is worth `revisited`: a draw (and the results that leaned on it kept
/// in a memo, as `revisit_draw.cpp` does), or a win of the mouse, as if going round were an
/// escape (`repeat_wins.py`, with no memo).
///
/// # Complexity
/// With the memo, O(n·e); without, exponential in n: for the small graphs a mistake is shrunk to.
pub fn lc913_depth_first(graph: &[Vec<i32>], revisited: i32) -> i32 {
    struct Search<'a> {
        graph: &'a [Vec<i32>],
        revisited: i32,
        on_line: std::collections::HashSet<(usize, usize, bool)>,
        memo: std::collections::HashMap<(usize, usize, bool), i32>,
    }
    impl Search<'_> {
        fn play(&mut self, mouse: usize, cat: usize, cat_turn: bool) -> i32 {
            if mouse == 0 {
                return 1;
            }
            if mouse == cat {
                return 2;
            }
            let here = (mouse, cat, cat_turn);
            if self.on_line.contains(&here) {
                return self.revisited;
            }
            if let Some(&known) = self.memo.get(&here) {
                return known;
            }
            self.on_line.insert(here);
            let (mover_wins, mover_loses) = if cat_turn { (2, 1) } else { (1, 2) };
            let moves: Vec<usize> = match cat_turn {
                true => self.graph[cat]
                    .iter()
                    .filter(|&&to| to != 0)
                    .map(|&to| to as usize)
                    .collect(),
                false => self.graph[mouse].iter().map(|&to| to as usize).collect(),
            };
            let mut best = mover_loses;
            for to in moves {
                let after = match cat_turn {
                    true => self.play(mouse, to, false),
                    false => self.play(to, cat, true),
                };
                if after == mover_wins {
                    best = after;
                    break;
                }
                if after == 0 {
                    best = 0;
                }
            }
            self.on_line.remove(&here);
            if self.revisited == 0 {
                self.memo.insert(here, best);
            }
            best
        }
    }
    let mut search = Search {
        graph,
        revisited,
        on_line: Default::default(),
        memo: Default::default(),
    };
    search.play(1, 2, false)
}

/// `capped_2n.rs`, the fixture, and its search cut elsewhere (`memo_5n.cpp` at 5n,
/// `Capped200.java` at 200 plies).
#[allow(clippy::all)]
pub mod capped_memo {
    pub struct Solution;
    include!("../../fixtures/lc913/capped_2n.rs");

    /// The fixture's search with its cap at `times`·n plies.
    pub fn capped(graph: &[Vec<i32>], times: usize) -> i32 {
        capped_at(graph, times * graph.len())
    }

    /// The fixture's search with its cap at `limit` plies.
    pub fn capped_at(graph: &[Vec<i32>], limit: usize) -> i32 {
        let n = graph.len();
        let mut memo = vec![vec![vec![-1i32; n]; n]; limit + 1];
        Solution::play(graph, &mut memo, limit, 0, 1, 2)
    }
}

#[allow(clippy::all)]
pub mod horizon_4n {
    pub struct Solution;
    include!("../../fixtures/lc913/horizon_4n.rs");
}

#[allow(clippy::all)]
pub mod ply_cap_70 {
    pub struct Solution;
    include!("../../fixtures/lc1728/ply_cap_70.rs");
}

#[allow(clippy::all)]
pub mod sweeps_3n {
    pub struct Solution;
    include!("../../fixtures/lc913/sweeps_3n.rs");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retrograde_analyses_without_a_mistake_are_right() {
        let mut rng = shared::rng::Rng::new(5);
        for _ in 0..300 {
            let graph = shared::lc913::any_graph(&mut rng, 3, 10);
            let right = (::lc913::VARIANTS[0].cat_mouse_game)(graph.clone());
            assert_eq!(
                lc913_retrograde(&graph, Lc913Mistake::default()),
                right,
                "{graph:?}"
            );
            let game = shared::lc1728::any_game(&mut rng, 4, 4);
            let right = shared::lc1728::oracle(&game, 1000);
            assert_eq!(lc1728_retrograde(&game, true), right, "{game:?}");
        }
    }
}
