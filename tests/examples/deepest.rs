//! Makes the table of the deepest known forced win for every LeetCode 913 graph size:
//! `cargo run --release -p tests --example deepest -- [--seed 1] [--steps 40] [--from FILE]
//! [--out FILE]`
//! writes `tests/data/lc913-deepest.txt`, one graph per line in LeetCode's custom test case
//! format, for n = 3 to 50: the deepest mouse win, then the deepest cat win, each with its
//! deepest position renamed to the start (mouse on 1, cat on 2, mouse to move). A solution that
//! caps its search at c plies fails first on the smallest graph whose forced win is longer
//! than c, so `--check` runs this table in order of size.
//!
//! - n <= [`EXHAUSTIVE_NODES`]: every graph is scored, so the entry is the deepest there is.
//!   Renaming the nodes other than the hole changes no position's value, so only graphs whose
//!   nodes 1..n-1 have non-increasing degrees are solved (every graph has such a renaming);
//!   2^28 edge sets are still looked at for n = 8.
//! - larger n: simulated annealing, one edge toggled a step, on the graph's deepest position of
//!   the wanted winner over every (mouse, cat) pair. Each size starts from the deeper of the
//!   entry one node smaller plus a node hanging off the hole (a mouse there has already won)
//!   and the deepest graph of its size in `--from` (an earlier table: a run never loses depth
//!   an earlier one found). Then depth carries down (a node of the next entry dropped or
//!   contracted) and up again, so that no entry is shallower than the one before it. Entries
//!   are lower bounds.
//!
//! Among graphs as deep, the one with fewer edges is kept (the table is ordered by nodes, then
//! edges, as `--check` orders instances), and the annealed ones lose every edge that can go
//! without losing depth. Last, nodes 3..n-1 are renamed by a hill-climb to need the most sweeps
//! of seed 003's in-place loop, for solutions that cap their sweeps; names change no value.
//!
//! Prints the figures as a Markdown table on stdout, and each step's on stderr. With
//! `--problem lc1728`, LeetCode 1728's table instead (see [`lc1728_table`]), written to
//! `tests/data/lc1728-deepest.txt`. `tests/data/README.md` has the runs that made both.
//!
//! # Complexity
//! Exhaustive: 2^(n(n-1)/2) edge sets looked at, a small share solved, O(n^3) each. Annealed:
//! `--steps` thousand solves a size and a winner, O(n·e) each; the two winners run on two
//! threads: 7 to 13 minutes on 2 cores with `--steps 60` to `120`.

use lc913::game::{Game, CAT_WIN, MOUSE_WIN};
use shared::lc913::{with_start, Graph};
use shared::rng::Rng;
use std::time::Instant;

/// The largest graphs scored exhaustively.
const EXHAUSTIVE_NODES: usize = 8;

/// The judge's largest graph.
const MOST_NODES: usize = 50;

/// The renaming hill-climb's swaps a graph: each costs a run of seed 003's sweeps.
const SWAPS: usize = 300;

/// The deepest position won by `wanted`, as (plies, mouse, cat).
fn deepest(graph: &Graph, wanted: u8) -> (u32, usize, usize) {
    tests::problems::lc913::deepest(graph, Some(wanted))
}

fn edges(graph: &Graph) -> usize {
    graph.iter().map(Vec::len).sum::<usize>() / 2
}

/// A graph as an adjacency matrix, for cheap edge toggles.
#[derive(Clone)]
struct Matrix(Vec<Vec<bool>>);

impl Matrix {
    fn from_graph(graph: &Graph) -> Matrix {
        let n = graph.len();
        let mut rows = vec![vec![false; n]; n];
        for (node, list) in graph.iter().enumerate() {
            for &to in list {
                rows[node][to as usize] = true;
            }
        }
        Matrix(rows)
    }

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

    /// Every node has a neighbour and the cat's node 2 one besides the hole (every graph the
    /// judge may give), and the hole has at most three: the deepest mouse wins found have a
    /// hole hard to reach, and the narrower space anneals faster.
    fn allowed(&self) -> bool {
        (0..self.0.len()).all(|node| self.degree(node) > 0)
            && (1..self.0.len()).any(|to| self.0[2][to])
            && self.degree(0) <= 3
    }

    /// The same graph and one more node that hangs off the hole (or next to it).
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
            // The hole is full: the new node hangs off a neighbour of the hole, a dead end a
            // mouse next to the hole has no reason to enter.
            let next_to_hole = (1..n).find(|&node| matrix.0[0][node]).unwrap_or(1);
            matrix.toggle(next_to_hole, n);
        }
        matrix
    }
}

/// A graph's score: deeper first, then fewer edges.
type Score = (u32, std::cmp::Reverse<usize>);

fn score(graph: &Graph, wanted: u8) -> Score {
    (deepest(graph, wanted).0, std::cmp::Reverse(edges(graph)))
}

/// The deepest graph of `n` nodes for each winner (mouse, then cat), by scoring every graph
/// whose non-hole nodes are in non-increasing order of degree.
fn exhaustive(n: usize) -> [Graph; 2] {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    // The edge bits at each node, to read degrees off an edge set with popcounts.
    let mut at_node = vec![0u64; n];
    for (bit, &(a, b)) in pairs.iter().enumerate() {
        at_node[a] |= 1 << bit;
        at_node[b] |= 1 << bit;
    }
    let mut best: [Option<(Score, Graph)>; 2] = [None, None];
    for mask in 0u64..1 << pairs.len() {
        let degree = |node: usize| (mask & at_node[node]).count_ones();
        if degree(0) == 0
            || (2..n).any(|node| degree(node) > degree(node - 1))
            || degree(n - 1) == 0
        {
            continue;
        }
        let mut graph = vec![Vec::new(); n];
        for (bit, &(a, b)) in pairs.iter().enumerate() {
            if mask >> bit & 1 == 1 {
                graph[a].push(b as i32);
                graph[b].push(a as i32);
            }
        }
        for (slot, wanted) in [MOUSE_WIN, CAT_WIN].into_iter().enumerate() {
            let (plies, mouse, cat) = deepest(&graph, wanted);
            let Some(started) = (plies > 0)
                .then(|| with_start(&graph, mouse, cat))
                .flatten()
            else {
                continue;
            };
            let this = (plies, std::cmp::Reverse(edges(&graph)));
            if best[slot].as_ref().is_none_or(|(kept, _)| this > *kept) {
                best[slot] = Some((this, started));
            }
        }
    }
    best.map(|entry| entry.map(|(_, graph)| graph).unwrap_or_default())
}

/// Simulated annealing of `steps` edge toggles from `start`: the deepest graph for `wanted`.
fn anneal(rng: &mut Rng, start: Matrix, wanted: u8, steps: usize) -> Graph {
    let n = start.0.len();
    let mut best = start.graph();
    let mut best_score = score(&best, wanted);
    let mut current = start;
    let mut current_score = best_score;
    let (hot, cold) = (3.0f64, 0.05f64);
    for step in 0..steps {
        let temperature = hot * (cold / hot).powf(step as f64 / steps as f64);
        let (a, b) = (rng.below(n), rng.below(n));
        if a == b {
            continue;
        }
        current.toggle(a, b);
        if !current.allowed() {
            current.toggle(a, b);
            continue;
        }
        let graph = current.graph();
        let new_score = score(&graph, wanted);
        let gain = f64::from(new_score.0) - f64::from(current_score.0);
        if gain >= 0.0 || rng.unit() < (gain / temperature).exp() {
            current_score = new_score;
            if new_score > best_score {
                (best, best_score) = (graph, new_score);
            }
        } else {
            current.toggle(a, b);
        }
    }
    best
}

/// `graph` without every edge that can go keeping its depth for `wanted`, one pass in order.
fn pruned(graph: &Graph, wanted: u8) -> Graph {
    let depth = deepest(graph, wanted).0;
    let mut matrix = Matrix::from_graph(graph);
    let n = graph.len();
    for a in 0..n {
        for b in a + 1..n {
            if !matrix.0[a][b] {
                continue;
            }
            matrix.toggle(a, b);
            if !matrix.allowed() || deepest(&matrix.graph(), wanted).0 < depth {
                matrix.toggle(a, b);
            }
        }
    }
    matrix.graph()
}

/// `graph` with its deepest `wanted` position as the start, and nodes 3..n-1 renamed by a
/// hill-climb of `swaps` swaps to need the most sweeps of seed 003's loop.
fn started(rng: &mut Rng, graph: &Graph, wanted: u8, swaps: usize) -> Graph {
    let (_, mouse, cat) = deepest(graph, wanted);
    let mut best = with_start(graph, mouse, cat).unwrap_or_else(|| graph.clone());
    let sweeps = |graph: &Graph| lc913::fixpoint_sweep::sweeps_to_decide_start(&Game::new(graph));
    let mut best_sweeps = sweeps(&best);
    let n = best.len();
    for _ in 0..if n > 4 { swaps } else { 0 } {
        let (a, b) = (rng.between(3, n - 1), rng.between(3, n - 1));
        if a == b {
            continue;
        }
        let swapped = swap_nodes(&best, a, b);
        let now = sweeps(&swapped);
        if now >= best_sweeps {
            (best, best_sweeps) = (swapped, now);
        }
    }
    best
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

/// The entries of one winner for n = 3 to [`MOST_NODES`], each started and renamed: the
/// exhaustive ones, then each size annealed from the deeper of the entry one node smaller
/// (grown by a node) and the deepest graph of that size in `known`.
fn entries(seed: u64, wanted: u8, smallest: &[Graph], known: &[Graph], steps: usize) -> Vec<Graph> {
    let mut rng = Rng::new(seed);
    let mut best: Vec<Graph> = smallest.to_vec();
    for n in best.len() + 3..=MOST_NODES {
        let began = Instant::now();
        let mut starts: Vec<Graph> = known
            .iter()
            .filter(|graph| graph.len() == n)
            .cloned()
            .collect();
        if let Some(smaller) = best.last() {
            starts.push(Matrix::from_graph(smaller).grown().graph());
        }
        let Some(start) = starts.into_iter().max_by_key(|graph| score(graph, wanted)) else {
            continue;
        };
        let found = pruned(
            &anneal(&mut rng, Matrix::from_graph(&start), wanted, steps),
            wanted,
        );
        eprintln!(
            "n {n:2} {}: {} plies, {} edges, {:.1} s",
            if wanted == MOUSE_WIN { "mouse" } else { "cat" },
            deepest(&found, wanted).0,
            edges(&found),
            began.elapsed().as_secs_f64()
        );
        best.push(found);
    }
    // Depth found on a larger graph carries down: the deepest graph one node smaller than the
    // next entry (a node dropped, or two contracted) replaces this size's entry when deeper;
    // then depth carries up again, so that no entry is shallower than the one before it.
    let first = smallest.len();
    for at in (first..best.len().saturating_sub(1)).rev() {
        let n = best[at].len();
        let smaller = shared::lc913::shrink(&best[at + 1])
            .into_iter()
            .filter(|graph| graph.len() == n);
        if let Some(deeper) = smaller.max_by_key(|graph| score(graph, wanted)) {
            if score(&deeper, wanted) > score(&best[at], wanted) {
                best[at] = pruned(&deeper, wanted);
            }
        }
    }
    for at in first..best.len() {
        let grown = Matrix::from_graph(&best[at - 1]).grown().graph();
        if deepest(&grown, wanted).0 > deepest(&best[at], wanted).0 {
            best[at] = grown;
        }
    }
    best.iter()
        .map(|graph| started(&mut rng, graph, wanted, SWAPS))
        .collect()
}

/// LeetCode 1728's table: for every count of open cells, the grid of up to 8x8 (any jumps of
/// 1 to 8) whose mouse wins after the longest forced chase known, within the judge's limit.
///
/// Simulated annealing from each regression the mouse wins and from random mazes of every
/// size: a step walls or opens a cell, moves the food, the cat or the mouse to a floor cell,
/// or changes a jump by one; every grid visited that the mouse wins is a candidate for its
/// open-cell count. Then depth carries down: the deepest grid with one floor cell of the next
/// count's entry walled replaces a shallower entry. Among grids as deep, the smaller area,
/// then the shorter jumps, are kept.
mod lc1728_table {
    use shared::lc1728::{maze_game, open_cells, Case};
    use shared::rng::Rng;
    use std::collections::BTreeMap;

    /// A grid's score: the mouse's plies to its forced win (0 if it has none), then smaller
    /// area and shorter jumps.
    type Score = (u16, std::cmp::Reverse<(usize, usize)>);

    fn score(game: &Case) -> Score {
        // A win past the judge's limit of turns is no win.
        let plies = tests::problems::lc1728::mouse_win_plies(game)
            .filter(|&plies| plies <= lc1728::board::PLY_LIMIT)
            .unwrap_or(0);
        let [_, area, jumps] = shared::lc1728::measure(game);
        (plies, std::cmp::Reverse((area, jumps)))
    }

    /// The grid with the cell at (row, col) set to `cell`.
    fn with_cell(game: &Case, row: usize, col: usize, cell: &str) -> Case {
        let mut changed = game.clone();
        changed.grid[row].replace_range(col..=col, cell);
        changed
    }

    /// One random step from `game`, if it makes a valid grid.
    fn step(rng: &mut Rng, game: &Case) -> Option<Case> {
        let (rows, cols) = (game.grid.len(), game.grid[0].len());
        let (row, col) = (rng.below(rows), rng.below(cols));
        let here = game.grid[row].as_bytes()[col];
        match rng.below(4) {
            0 | 1 => match here {
                b'.' => Some(with_cell(game, row, col, "#")),
                b'#' => Some(with_cell(game, row, col, ".")),
                _ => None,
            },
            2 => {
                if here != b'.' {
                    return None;
                }
                let piece = *rng.pick(&["F", "C", "M"]);
                let (from_row, from_col) = game
                    .grid
                    .iter()
                    .enumerate()
                    .find_map(|(r, line)| line.find(piece).map(|c| (r, c)))?;
                let moved = with_cell(game, from_row, from_col, ".");
                Some(with_cell(&moved, row, col, piece))
            }
            _ => {
                let mut changed = game.clone();
                let jump = if rng.chance(0.5) {
                    &mut changed.cat_jump
                } else {
                    &mut changed.mouse_jump
                };
                *jump += if rng.chance(0.5) { 1 } else { -1 };
                (1..=8).contains(jump).then_some(changed)
            }
        }
    }

    /// Keeps `game` as its open count's entry if it beats the one there.
    fn offer(best: &mut BTreeMap<usize, (Score, Case)>, game: &Case, its: Score) {
        if its.0 == 0 {
            return;
        }
        let entry = best.entry(open_cells(game));
        let kept = entry.or_insert_with(|| (its, game.clone()));
        if its > kept.0 {
            *kept = (its, game.clone());
        }
    }

    /// The table, fewest open cells first.
    pub fn table(seed: u64, steps: usize) -> Vec<Case> {
        let mut rng = Rng::new(seed);
        let mut starts: Vec<Case> = lc1728::REGRESSIONS
            .iter()
            .filter(|&&(.., answer)| answer)
            .map(tests::problems::lc1728::case_of)
            .collect();
        for rows in 3..=8 {
            for cols in rows..=8 {
                starts.push(maze_game(&mut rng, rows, cols));
            }
        }
        let mut best: BTreeMap<usize, (Score, Case)> = BTreeMap::new();
        let (hot, cold) = (2.0f64, 0.05f64);
        for start in starts {
            let mut current = start;
            let mut current_score = score(&current);
            for at in 0..steps {
                let temperature = hot * (cold / hot).powf(at as f64 / steps as f64);
                let Some(changed) = step(&mut rng, &current) else {
                    continue;
                };
                let its = score(&changed);
                offer(&mut best, &changed, its);
                let gain = f64::from(its.0) - f64::from(current_score.0);
                if its.0 > 0 && (gain >= 0.0 || rng.unit() < (gain / temperature).exp()) {
                    (current, current_score) = (changed, its);
                }
            }
        }
        let counts: Vec<usize> = best.keys().copied().collect();
        for &open in counts.iter().rev() {
            let Some((_, larger)) = best.get(&open).cloned() else {
                continue;
            };
            for (row, line) in larger.grid.iter().enumerate() {
                for (col, cell) in line.bytes().enumerate() {
                    if cell == b'.' {
                        let walled = with_cell(&larger, row, col, "#");
                        let its = score(&walled);
                        offer(&mut best, &walled, its);
                    }
                }
            }
        }
        best.into_values().map(|(_, game)| game).collect()
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|arg| arg == flag)
            .and_then(|at| args.get(at + 1))
            .cloned()
    };
    let number = |flag: &str, default: u64| {
        value(flag)
            .and_then(|text| text.parse().ok())
            .unwrap_or(default)
    };
    let seed = number("--seed", 1);
    let steps = number("--steps", 40) as usize * 1000;
    if value("--problem").as_deref() == Some("lc1728") {
        let out = value("--out").unwrap_or_else(|| "tests/data/lc1728-deepest.txt".to_string());
        write_lc1728_table(seed, steps, &out);
    } else {
        let out = value("--out").unwrap_or_else(|| "tests/data/lc913-deepest.txt".to_string());
        // Graphs known to be deep (an earlier table, say): each size starts from them too, so
        // a run never loses depth an earlier one found.
        let known = value("--from").map_or_else(Vec::new, |file| read_graphs(&file));
        write_lc913_table(seed, steps, &known, &out);
    }
}

/// The graphs in `file`, in LeetCode's format, or the end of the run with why not.
fn read_graphs(file: &str) -> Vec<Graph> {
    match std::fs::read_to_string(file).map(|text| tests::problems::lc913::parse(&text)) {
        Ok(Ok(graphs)) => graphs,
        Ok(Err(error)) => {
            let words = tests::render::input::input_error_words(&error);
            fail(&format!("{file}: {words}"))
        }
        Err(error) => fail(&format!("cannot read {file}: {error}")),
    }
}

/// Makes lc1728's table into `out`, and prints its figures as `tests/data/README.md` keeps them.
fn write_lc1728_table(seed: u64, steps: usize, out: &str) {
    let began = Instant::now();
    let games = lc1728_table::table(seed, steps);
    let text: String = games.iter().map(|game| game.judge_text() + "\n").collect();
    if let Err(error) = std::fs::write(out, text) {
        fail(&format!("cannot write {out}: {error}"));
    }
    println!("| open cells | mouse wins in |");
    println!("|---|---|");
    for game in &games {
        let plies = tests::problems::lc1728::mouse_win_plies(game).unwrap_or(0);
        println!("| {} | {plies} |", shared::lc1728::open_cells(game));
    }
    eprintln!(
        "wrote {} grids to {out} in {:.0} s (seed {seed}, --steps {})",
        games.len(),
        began.elapsed().as_secs_f64(),
        steps / 1000
    );
}

/// Makes lc913's table into `out` (every size started from `known` too), and prints its
/// figures as `tests/data/README.md` keeps them.
fn write_lc913_table(seed: u64, steps: usize, known: &[Graph], out: &str) {
    let began = Instant::now();
    let [mouse, cat] = lc913_table(seed, steps, known);
    let mut text = String::new();
    for (mouse, cat) in mouse.iter().zip(&cat) {
        for graph in [mouse, cat] {
            text.push_str(&tests::problems::lc913::judge_text(graph));
            text.push('\n');
        }
    }
    if let Err(error) = std::fs::write(out, text) {
        fail(&format!("cannot write {out}: {error}"));
    }
    println!("| n | mouse wins in | cat wins in | found by |");
    println!("|---|---|---|---|");
    for (mouse, cat) in mouse.iter().zip(&cat) {
        let n = mouse.len();
        let how = if n <= EXHAUSTIVE_NODES {
            "every graph"
        } else {
            "annealing"
        };
        let (mouse, cat) = (deepest(mouse, MOUSE_WIN).0, deepest(cat, CAT_WIN).0);
        println!("| {n} | {mouse} | {cat} | {how} |");
    }
    eprintln!(
        "wrote {} graphs to {out} in {:.0} s (seed {seed}, --steps {})",
        mouse.len() + cat.len(),
        began.elapsed().as_secs_f64(),
        steps / 1000
    );
}

/// lc913's table: for every n, the mouse's deepest win and the cat's, every graph scored up
/// to [`EXHAUSTIVE_NODES`], annealed above (the mouse's and the cat's on a thread each).
fn lc913_table(seed: u64, steps: usize, known: &[Graph]) -> [Vec<Graph>; 2] {
    let mut smallest: [Vec<Graph>; 2] = [Vec::new(), Vec::new()];
    for n in 3..=EXHAUSTIVE_NODES {
        let at = Instant::now();
        let [mouse, cat] = exhaustive(n);
        eprintln!(
            "n {n:2} every graph: mouse {} plies, cat {} plies, {:.1} s",
            deepest(&mouse, MOUSE_WIN).0,
            deepest(&cat, CAT_WIN).0,
            at.elapsed().as_secs_f64()
        );
        smallest[0].push(mouse);
        smallest[1].push(cat);
    }
    std::thread::scope(|scope| {
        let [mouse, cat] =
            [(MOUSE_WIN, &smallest[0]), (CAT_WIN, &smallest[1])].map(|(wanted, smallest)| {
                scope.spawn(move || {
                    entries(seed + u64::from(wanted), wanted, smallest, known, steps)
                })
            });
        [mouse.join(), cat.join()].map(|entries| entries.unwrap_or_default())
    })
}
