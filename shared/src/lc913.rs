//! LeetCode 913: random graphs that meet the statement's constraints, and an oracle that plays
//! the statement's rules literally.

use crate::rng::Rng;

pub type Graph = Vec<Vec<i32>>;

/// The shapes [`random_graph`] draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Each edge with probability about 2.5 / n.
    Sparse,
    /// Each edge with probability one half.
    Dense,
    /// A random tree: every pursuit ends or stalls without cycles.
    Tree,
    /// One long cycle with a few chords.
    Cycle,
    /// A path, nodes in random order.
    Path,
    /// A few hubs that most nodes hang on.
    Hubs,
}

pub const SHAPES: [Shape; 6] = [
    Shape::Sparse,
    Shape::Dense,
    Shape::Tree,
    Shape::Cycle,
    Shape::Path,
    Shape::Hubs,
];

/// A random valid graph of `n` nodes (n >= 3) of the given shape. Repairs keep it valid: a
/// node left without a neighbour is joined to a random node, and the cat's node 2 gets a
/// neighbour other than the hole.
pub fn random_graph(rng: &mut Rng, n: usize, shape: Shape) -> Graph {
    assert!(n >= 3, "the game needs nodes 0, 1 and 2");
    let mut adjacent = shaped(rng, n, shape);
    for node in 0..n {
        if !adjacent[node].iter().any(|&edge| edge) {
            let other = (node + 1 + rng.below(n - 1)) % n;
            join(&mut adjacent, node, other);
        }
    }
    if (1..n).all(|other| !adjacent[2][other]) {
        let others: Vec<usize> = (1..n).filter(|&node| node != 2).collect();
        let other = *rng.pick(&others);
        join(&mut adjacent, 2, other);
    }
    let mut graph: Graph = adjacent
        .iter()
        .map(|row| (0..n).filter(|&b| row[b]).map(|b| b as i32).collect())
        .collect();
    for list in &mut graph {
        rng.shuffle(list);
    }
    graph
}

/// The edges of a random graph of `n` nodes of `shape`, as an adjacency matrix, before the
/// repairs that make it valid (a node may have no neighbour).
fn shaped(rng: &mut Rng, n: usize, shape: Shape) -> Vec<Vec<bool>> {
    let mut adjacent = vec![vec![false; n]; n];
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    match shape {
        Shape::Sparse | Shape::Dense => {
            let p = if shape == Shape::Dense {
                0.5
            } else {
                2.5 / n as f64
            };
            for a in 0..n {
                for b in a + 1..n {
                    if rng.chance(p) {
                        join(&mut adjacent, a, b);
                    }
                }
            }
        }
        Shape::Tree => {
            for i in 1..n {
                let parent = order[rng.below(i)];
                join(&mut adjacent, order[i], parent);
            }
        }
        Shape::Cycle | Shape::Path => {
            for i in 1..n {
                join(&mut adjacent, order[i - 1], order[i]);
            }
            if shape == Shape::Cycle {
                join(&mut adjacent, order[n - 1], order[0]);
                for _ in 0..rng.below(3) {
                    join(&mut adjacent, rng.below(n), rng.below(n));
                }
            }
        }
        Shape::Hubs => {
            let hubs = 1 + rng.below(3.min(n - 1));
            for &node in &order[hubs..] {
                join(&mut adjacent, node, order[rng.below(hubs)]);
                if rng.chance(0.3) {
                    join(&mut adjacent, node, rng.below(n));
                }
            }
        }
    }
    adjacent
}

/// An undirected edge between `a` and `b`, unless they are one node.
fn join(adjacent: &mut [Vec<bool>], a: usize, b: usize) {
    if a != b {
        adjacent[a][b] = true;
        adjacent[b][a] = true;
    }
}

/// A random valid graph with n drawn from `min_n..=max_n` and a random shape.
pub fn any_graph(rng: &mut Rng, min_n: usize, max_n: usize) -> Graph {
    let n = rng.between(min_n, max_n);
    let shape = *rng.pick(&SHAPES);
    random_graph(rng, n, shape)
}

/// Adds the edge between `a` and `b`, or removes it if it is there (both lists).
pub fn toggle_edge(graph: &mut Graph, a: usize, b: usize) {
    if graph[a].contains(&(b as i32)) {
        graph[a].retain(|&to| to != b as i32);
        graph[b].retain(|&to| to != a as i32);
    } else {
        graph[a].push(b as i32);
        graph[b].push(a as i32);
    }
}

/// Whether `graph` meets the statement's constraints (the generators' and shrinkers' check).
pub fn is_valid(graph: &Graph) -> bool {
    let n = graph.len();
    n >= 3
        && graph.iter().enumerate().all(|(node, list)| {
            !list.is_empty()
                && list.iter().all(|&to| {
                    let to = to as usize;
                    to < n && to != node && graph[to].contains(&(node as i32))
                })
                && (1..list.len()).all(|i| !list[..i].contains(&list[i]))
        })
        && graph[2].iter().any(|&to| to != 0)
}

/// Smaller valid graphs, the biggest steps first: one node fewer (any node but the hole;
/// the nodes after it move down, so dropping node 1 or 2 starts the game elsewhere), two
/// neighbours contracted into one, two nodes merged (on graphs of up to [`MERGE_NODES`]), one
/// edge fewer, and last the same graph with its lists sorted. Each is smaller by (nodes,
/// edges, pairs out of order in the lists), so shrinking ends.
pub fn shrink(graph: &Graph) -> Vec<Graph> {
    let n = graph.len();
    let mut smaller: Vec<Graph> = (1..n).rev().map(|node| without_node(graph, node)).collect();
    for a in 0..n {
        for b in a + 1..n {
            let adjacent = graph[a].contains(&(b as i32));
            if adjacent || n <= MERGE_NODES {
                smaller.push(merged(graph, a, b));
            }
        }
    }
    for a in 0..n {
        for &b in &graph[a] {
            if (a as i32) < b {
                let mut candidate = graph.clone();
                candidate[a].retain(|&to| to != b);
                candidate[b as usize].retain(|&to| to as usize != a);
                smaller.push(candidate);
            }
        }
    }
    if graph.iter().any(|list| !list.is_sorted()) {
        let mut sorted = graph.clone();
        for list in &mut sorted {
            list.sort_unstable();
        }
        smaller.push(sorted);
    }
    smaller.retain(is_valid);
    smaller
}

/// Graphs up to this size also try merging nodes that are not neighbours: n² candidates.
pub const MERGE_NODES: usize = 12;

/// The graph without `removed`, the nodes after it numbered one lower.
fn without_node(graph: &Graph, removed: usize) -> Graph {
    let rename = |node: i32| {
        if node as usize > removed {
            node - 1
        } else {
            node
        }
    };
    (0..graph.len())
        .filter(|&node| node != removed)
        .map(|node| {
            graph[node]
                .iter()
                .filter(|&&to| to as usize != removed)
                .map(|&to| rename(to))
                .collect()
        })
        .collect()
}

/// The graph with `b` merged into `a` (`a < b`): `a` takes `b`'s neighbours, and the nodes
/// after `b` are numbered one lower.
fn merged(graph: &Graph, a: usize, b: usize) -> Graph {
    let mut joined = graph.clone();
    for &to in &graph[b] {
        let to = to as usize;
        if to != a && !joined[a].contains(&(to as i32)) {
            joined[a].push(to as i32);
            joined[to].push(a as i32);
        }
    }
    without_node(&joined, b)
}

/// Every valid graph of 3 to `most` nodes, ordered by nodes and then edges: with a check
/// that runs them in order, the first that fails is the smallest failing graph there is.
///
/// # Complexity
/// 2^(most·(most−1)/2) edge sets: 32,768 at 6 nodes (27,402 valid in all), two million at 7.
pub fn all_graphs(most: usize) -> Vec<Graph> {
    let mut graphs = Vec::new();
    for n in 3..=most {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let mut of_size: Vec<(u32, Graph)> = Vec::new();
        for mask in 0u64..1 << pairs.len() {
            let mut graph = vec![Vec::new(); n];
            for (bit, &(a, b)) in pairs.iter().enumerate() {
                if mask >> bit & 1 == 1 {
                    graph[a].push(b as i32);
                    graph[b].push(a as i32);
                }
            }
            if is_valid(&graph) {
                of_size.push((mask.count_ones(), graph));
            }
        }
        of_size.sort_by_key(|(edges, _)| *edges);
        graphs.extend(of_size.into_iter().map(|(_, graph)| graph));
    }
    graphs
}

/// The same graph with its nodes renamed so that `mouse` becomes node 1 and `cat` node 2 (the
/// hole stays 0): the start of the renamed graph is the position (mouse, cat, mouse to move)
/// of the original. `None` if that position is not a valid start.
pub fn with_start(graph: &Graph, mouse: usize, cat: usize) -> Option<Graph> {
    let n = graph.len();
    if mouse == 0 || cat == 0 || mouse == cat || mouse >= n || cat >= n {
        return None;
    }
    // Old nodes in their new order: the hole, the mouse's, the cat's, then the rest.
    let mut old_nodes = vec![0, mouse, cat];
    old_nodes.extend((1..n).filter(|&node| node != mouse && node != cat));
    let mut new_name = vec![0; n];
    for (new, &old) in old_nodes.iter().enumerate() {
        new_name[old] = new;
    }
    let mut renamed = vec![Vec::new(); n];
    for (node, list) in graph.iter().enumerate() {
        renamed[new_name[node]] = list
            .iter()
            .map(|&to| new_name[to as usize] as i32)
            .collect();
    }
    is_valid(&renamed).then_some(renamed)
}

/// The statement's answer (0 draw, 1 mouse, 2 cat) by playing the rules literally: a search
/// over every play history, where the mover picks its best result, moving into the hole wins
/// for the mouse, meeting wins for the cat, and a position (mouse, cat, whose turn) seen before
/// in the same history is a draw.
///
/// # Complexity
/// Exponential in the history length; meant for graphs of up to about 7 nodes.
///
/// # Panics
/// If the graph has more than 8 nodes (the history is a 128-bit set).
pub fn oracle(graph: &Graph) -> i32 {
    assert!(
        graph.len() <= 8,
        "the oracle's history set holds 2 * 8 * 8 positions"
    );
    let start = Position {
        mouse: 1,
        cat: 2,
        mouse_to_move: true,
    };
    play(graph, start, 1u128 << start.bit(graph.len()))
}

#[derive(Clone, Copy)]
struct Position {
    mouse: usize,
    cat: usize,
    mouse_to_move: bool,
}

impl Position {
    fn bit(self, n: usize) -> usize {
        (self.mouse * n + self.cat) * 2 + usize::from(self.mouse_to_move)
    }
}

const DRAW: i32 = 0;
const MOUSE: i32 = 1;
const CAT: i32 = 2;

/// The result of the game from `here` under best play, given the positions already seen.
fn play(graph: &Graph, here: Position, seen: u128) -> i32 {
    let n = graph.len();
    let (best, worst) = if here.mouse_to_move {
        (MOUSE, CAT)
    } else {
        (CAT, MOUSE)
    };
    let mover_node = if here.mouse_to_move {
        here.mouse
    } else {
        here.cat
    };
    let mut result = worst;
    for &to in &graph[mover_node] {
        let to = to as usize;
        let next = if here.mouse_to_move {
            Position {
                mouse: to,
                cat: here.cat,
                mouse_to_move: false,
            }
        } else if to == 0 {
            continue; // the cat may not enter the hole
        } else {
            Position {
                mouse: here.mouse,
                cat: to,
                mouse_to_move: true,
            }
        };
        let outcome = if next.mouse == next.cat {
            CAT
        } else if next.mouse == 0 {
            MOUSE
        } else if seen & (1 << next.bit(n)) != 0 {
            DRAW
        } else {
            play(graph, next, seen | 1 << next.bit(n))
        };
        if outcome == best {
            return best;
        }
        if outcome == DRAW {
            result = DRAW;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oracle_answers_the_statement_s_examples() {
        assert_eq!(
            oracle(&vec![
                vec![2, 5],
                vec![3],
                vec![0, 4, 5],
                vec![1, 4, 5],
                vec![2, 3],
                vec![0, 2, 3]
            ]),
            0
        );
        assert_eq!(oracle(&vec![vec![1, 3], vec![0], vec![3], vec![0, 2]]), 1);
        assert_eq!(
            oracle(&vec![
                vec![2, 3],
                vec![3, 4],
                vec![0, 4],
                vec![0, 1],
                vec![1, 2]
            ]),
            1
        );
    }

    #[test]
    fn generated_and_shrunk_graphs_are_valid() {
        let mut rng = Rng::new(1);
        for _ in 0..500 {
            let graph = any_graph(&mut rng, 3, 12);
            assert!(is_valid(&graph), "{graph:?}");
            assert!(shrink(&graph).iter().all(is_valid));
        }
    }

    #[test]
    fn renaming_moves_the_start() {
        let graph = vec![
            vec![2, 5],
            vec![3],
            vec![0, 4, 5],
            vec![1, 4, 5],
            vec![2, 3],
            vec![0, 2, 3],
        ];
        let renamed = with_start(&graph, 4, 5).unwrap();
        // Old node 4 (neighbours 2, 3) is new node 1; old 5 (neighbours 0, 2, 3) new node 2.
        let mut one = renamed[1].clone();
        one.sort();
        assert_eq!(renamed[2].len(), 3);
        assert!(renamed[2].contains(&0));
        assert_eq!(one.len(), 2);
        assert_eq!(with_start(&graph, 4, 4), None);
    }
}
