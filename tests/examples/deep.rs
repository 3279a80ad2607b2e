//! Builds LeetCode 913 graphs whose forced win needs as many plies as possible, for the `DEEP`
//! fixed cases: `cargo run --release -p tests --example deep -- --seed 3 --steps 300 --wins
//! mouse` (thousands of annealing steps a size; `--from`, `--to` the sizes, `--swaps` the
//! renumbering's thousands of swaps). With `--problem lc1728`, LeetCode 1728 grids of up to
//! 8x8 instead (see [`lc1728_search`]).
//!
//! Scoring only the start (mouse on 1, cat on 2) gives a rough landscape where a hill-climb
//! stalls near 3 plies a node. This scores a graph by its deepest decided position of the
//! wanted result over *every* (mouse, cat) pair with the mouse to move, from one full
//! retrograde table, and renumbers that pair to nodes 1 and 2 at the end. Simulated annealing
//! toggles one edge at a time; sizes grow in a chain, each started from the best graph one
//! node smaller plus a node that hangs off the hole (unreachable: a mouse that reaches the hole
//! has won), so depth found at n carries over to n + 1. Dense graphs with a hole of degree 1
//! to 3 come out best, so the hole's degree is kept there.
//!
//! For each final graph the nodes 3..n-1 are then renumbered by a hill-climb on the number of
//! in-place sweeps seed 003's loop needs to decide the start (the answer and the depth do not
//! depend on names; the sweeps do).
//!
//! Prints a table (n, result, depth, depth/n, sweeps), then each graph as a `DEEP` entry.
//!
//! # Complexity
//! One score is one full retrograde analysis, O(n·e); the run takes `--minutes`.

use lc913::game::{Game, CAT_WIN, MOUSE_WIN};
use shared::lc913::{with_start, Graph};
use shared::rng::Rng;
use std::time::Instant;

/// The deepest position won by `wanted`, as (plies, mouse, cat).
fn deepest(graph: &Graph, wanted: u8) -> (u32, usize, usize) {
    tests::lc913::deepest(graph, Some(wanted))
}

/// The sweeps of seed 003's in-place loop until the start is decided.
fn sweeps_to_decide_start(graph: &Graph) -> usize {
    lc913::fixpoint_sweep::sweeps_to_decide_start(&Game::new(graph))
}

/// A graph as an adjacency matrix, for cheap edge toggles.
#[derive(Clone)]
struct Matrix(Vec<Vec<bool>>);

impl Matrix {
    fn graph(&self) -> Graph {
        self.0
            .iter()
            .map(|row| {
                (0..row.len())
                    .filter(|&to| row[to])
                    .map(|to| to as i32)
                    .collect()
            })
            .collect()
    }

    fn degree(&self, node: usize) -> usize {
        self.0[node].iter().filter(|&&edge| edge).count()
    }

    fn toggle(&mut self, a: usize, b: usize) {
        self.0[a][b] = !self.0[a][b];
        self.0[b][a] = !self.0[b][a];
    }

    /// Every node has a neighbour, and the hole has one to three.
    fn allowed(&self) -> bool {
        (0..self.0.len()).all(|node| self.degree(node) > 0) && (1..=3).contains(&self.degree(0))
    }

    /// A random dense graph on `n` nodes.
    fn random(rng: &mut Rng, n: usize) -> Matrix {
        loop {
            let mut matrix = Matrix(vec![vec![false; n]; n]);
            let density = 0.15 + 0.25 * rng.unit();
            for a in 1..n {
                for b in a + 1..n {
                    if rng.chance(density) {
                        matrix.toggle(a, b);
                    }
                }
            }
            for _ in 0..rng.between(1, 3) {
                matrix.toggle(0, rng.between(1, n - 1));
            }
            if matrix.allowed() {
                return matrix;
            }
        }
    }

    /// The same graph and one more node that hangs off the hole.
    fn grown(&self) -> Matrix {
        let n = self.0.len();
        let mut rows: Vec<Vec<bool>> = self
            .0
            .iter()
            .map(|row| [&row[..], &[false]].concat())
            .collect();
        rows.push(vec![false; n + 1]);
        let mut matrix = Matrix(rows);
        if matrix.degree(0) < 3 {
            matrix.toggle(0, n);
        } else {
            // The hole is full: the new node hangs off a node next to it instead.
            let next_to_hole = (1..n).find(|&node| matrix.0[0][node]).unwrap_or(1);
            matrix.toggle(next_to_hole, n);
        }
        matrix
    }
}

/// Simulated annealing on `steps` edge toggles from `start`: the best graph and its depth for
/// `wanted`.
fn anneal(rng: &mut Rng, start: Matrix, wanted: u8, steps: usize) -> (Matrix, u32) {
    let n = start.0.len();
    let mut best = start.clone();
    let mut best_score = deepest(&best.graph(), wanted).0;
    let mut current = start;
    let mut current_score = best_score;
    let (hot, cold) = (3.0f64, 0.05f64);
    for step in 0..steps {
        let progress = step as f64 / steps as f64;
        let temperature = hot * (cold / hot).powf(progress);
        let (a, b) = (rng.between(0, n - 1), rng.between(0, n - 1));
        if a == b {
            continue;
        }
        current.toggle(a, b);
        if !current.allowed() {
            current.toggle(a, b);
            continue;
        }
        let score = deepest(&current.graph(), wanted).0;
        let gain = f64::from(score) - f64::from(current_score);
        if gain >= 0.0 || rng.unit() < (gain / temperature).exp() {
            current_score = score;
            if score > best_score {
                best_score = score;
                best = current.clone();
            }
        } else {
            current.toggle(a, b);
        }
    }
    (best, best_score)
}

/// `graph` with its deepest `wanted` position as the start, and nodes 3..n-1 renumbered by a
/// hill-climb of `steps` swaps to need the most sweeps.
fn finished(rng: &mut Rng, graph: &Graph, wanted: u8, steps: usize) -> Option<(Graph, u32, usize)> {
    let (depth, mouse, cat) = deepest(graph, wanted);
    let mut best = with_start(graph, mouse, cat)?;
    let mut best_sweeps = sweeps_to_decide_start(&best);
    let n = best.len();
    for _ in 0..steps {
        let (a, b) = (rng.between(3, n - 1), rng.between(3, n - 1));
        if n <= 4 || a == b {
            continue;
        }
        let swapped = swap_nodes(&best, a, b);
        let sweeps = sweeps_to_decide_start(&swapped);
        if sweeps >= best_sweeps {
            best = swapped;
            best_sweeps = sweeps;
        }
    }
    Some((best, depth, best_sweeps))
}

/// The graph with nodes `a` and `b` trading names.
fn swap_nodes(graph: &Graph, a: usize, b: usize) -> Graph {
    let rename = |node: usize| match node {
        _ if node == a => b,
        _ if node == b => a,
        _ => node,
    };
    let mut renamed = vec![Vec::new(); graph.len()];
    for (node, list) in graph.iter().enumerate() {
        renamed[rename(node)] = list.iter().map(|&to| rename(to as usize) as i32).collect();
    }
    renamed
}

/// LeetCode 1728: simulated annealing from each regression the mouse wins (the tracker's
/// grids and those found before) on the mouse's plies to its forced win (within the 1000-ply
/// limit; a grid the mouse does not win scores 0). A step walls or opens a cell, moves the food, the cat or the mouse to a floor cell, or
/// changes a jump by one. Prints each start's best grid with its plies.
fn lc1728_search(rng: &mut Rng, steps: usize) {
    use shared::lc1728::Case;
    let score = |game: &Case| u32::from(tests::lc1728::mouse_win_plies(game).unwrap_or(0));
    for &(grid, cat_jump, mouse_jump, answer) in lc1728::REGRESSIONS {
        if !answer {
            continue;
        }
        let start = Case {
            grid: grid.iter().map(|row| row.to_string()).collect(),
            cat_jump,
            mouse_jump,
        };
        let (mut current, mut best) = (start.clone(), start.clone());
        let (mut current_score, mut best_score) = (score(&start), score(&start));
        let started_at = best_score;
        let (rows, cols) = (start.grid.len(), start.grid[0].len());
        let (hot, cold) = (2.0f64, 0.05f64);
        for step in 0..steps {
            let temperature = hot * (cold / hot).powf(step as f64 / steps as f64);
            let mut changed = current.clone();
            let (row, col) = (rng.below(rows), rng.below(cols));
            let here = changed.grid[row].as_bytes()[col];
            match rng.below(4) {
                0 | 1 => {
                    let flipped = match here {
                        b'.' => "#",
                        b'#' => ".",
                        _ => continue,
                    };
                    changed.grid[row].replace_range(col..=col, flipped);
                }
                2 => {
                    // A piece to the floor cell at (row, col).
                    if here != b'.' {
                        continue;
                    }
                    let piece = *rng.pick(&["F", "C", "M"]);
                    let Some((from_row, from_col)) = changed
                        .grid
                        .iter()
                        .enumerate()
                        .find_map(|(r, line)| line.find(piece).map(|c| (r, c)))
                    else {
                        continue;
                    };
                    changed.grid[from_row].replace_range(from_col..=from_col, ".");
                    changed.grid[row].replace_range(col..=col, piece);
                }
                _ => {
                    let jump = if rng.chance(0.5) {
                        &mut changed.cat_jump
                    } else {
                        &mut changed.mouse_jump
                    };
                    *jump = if rng.chance(0.5) {
                        *jump + 1
                    } else {
                        *jump - 1
                    };
                    if !(1..=7).contains(jump) {
                        continue;
                    }
                }
            }
            let new_score = score(&changed);
            let gain = f64::from(new_score) - f64::from(current_score);
            if new_score > 0 && (gain >= 0.0 || rng.unit() < (gain / temperature).exp()) {
                (current, current_score) = (changed, new_score);
                if current_score > best_score {
                    (best, best_score) = (current.clone(), current_score);
                }
            }
        }
        println!("// from the {started_at}-ply regression: the mouse wins in {best_score} plies");
        println!("{:?}, {}, {}", best.grid, best.cat_jump, best.mouse_jump);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str, default: f64| {
        args.iter()
            .position(|arg| arg == flag)
            .and_then(|at| args.get(at + 1))
            .and_then(|text| text.parse::<f64>().ok())
            .unwrap_or(default)
    };
    let seed = value("--seed", 1.0) as u64;
    if args.windows(2).any(|pair| pair == ["--problem", "lc1728"]) {
        let steps = (value("--steps", 20.0) * 1000.0) as usize;
        lc1728_search(&mut Rng::new(seed), steps);
        return;
    }
    // Thousands of annealing steps per size, and of renumbering swaps per graph.
    let steps = (value("--steps", 20.0) * 1000.0) as usize;
    let swaps = (value("--swaps", 2.0) * 1000.0) as usize;
    let (low, high) = (value("--from", 10.0) as usize, value("--to", 50.0) as usize);
    let sizes: Vec<usize> = (low..=high).collect();
    let mut rng = Rng::new(seed);
    let mut results = Vec::new();
    // `--wins mouse` or `--wins cat` searches for one result only (one core each).
    let only = args
        .iter()
        .position(|arg| arg == "--wins")
        .and_then(|at| args.get(at + 1));
    let results_wanted = [(MOUSE_WIN, "mouse"), (CAT_WIN, "cat")]
        .into_iter()
        .filter(|(_, name)| only.is_none_or(|only| only == name));
    for (wanted, name) in results_wanted {
        let mut carried: Option<Matrix> = None;
        for &n in &sizes {
            let began = Instant::now();
            let start = match carried.take() {
                Some(smaller) => smaller.grown(),
                None => Matrix::random(&mut rng, n),
            };
            let (best, depth) = anneal(&mut rng, start, wanted, steps);
            if let Some((graph, depth_found, sweeps)) =
                finished(&mut rng, &best.graph(), wanted, swaps)
            {
                assert_eq!(depth, depth_found);
                eprintln!(
                    "n {n:2} {name:5} depth {depth:3} ({:.2} a node), sweeps {sweeps:3} ({:.2} a node), {:.0} s",
                    f64::from(depth) / n as f64,
                    sweeps as f64 / n as f64,
                    began.elapsed().as_secs_f64()
                );
                results.push((n, name, depth, sweeps, graph));
            }
            carried = Some(best);
        }
    }
    println!("| n | wins | depth | depth/n | sweeps | sweeps/n |");
    println!("|---|---|---|---|---|---|");
    for (n, name, depth, sweeps, _) in &results {
        println!(
            "| {n} | {name} | {depth} | {:.2} | {sweeps} | {:.2} |",
            f64::from(*depth) / *n as f64,
            *sweeps as f64 / *n as f64
        );
    }
    for (n, name, depth, sweeps, graph) in &results {
        println!("// The {name} wins in {depth} plies on {n} nodes; {sweeps} sweeps.");
        println!("{graph:?}");
    }
}
