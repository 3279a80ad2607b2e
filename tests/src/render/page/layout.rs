//! Where the page draws each node of an lc913 graph: a stress-majorization layout, computed
//! here so that the page needs no script to draw the instance and the same graph always looks
//! the same.
//!
//! Stress majorization places nodes so that drawn distances match graph distances (hops),
//! weighting near pairs most (Gansner, Koren and North, "Graph drawing by stress
//! majorization", 2004). Unlike a circle it keeps neighbours together, so trees, paths, grids
//! and sparse graphs come out with few or no crossings; unlike a seeded force simulation it
//! needs no randomness: it starts from the layers of a breadth-first search from the hole and
//! runs a fixed number of rounds.
//!
//! # Complexity
//! n nodes, e edges: the distances O(n·e), then `ROUNDS` rounds of O(n²); O(n²) memory.
//!
//! Uses nothing of the crate.

use std::collections::VecDeque;

/// Rounds of the localized update: enough for graphs of a few hundred nodes to settle.
const ROUNDS: usize = 300;

/// Each node's place, (x, y) within the unit square, the drawing's aspect kept, no two nodes
/// nearer than `gap` where the square leaves room (nodes drawn as discs of diameter `gap` do
/// not overlap).
pub fn layout(graph: &[Vec<i32>], gap: f64) -> Vec<(f64, f64)> {
    let n = graph.len();
    let distance = distances(graph);
    let mut place = layered_start(graph);
    for _ in 0..ROUNDS {
        for node in 0..n {
            if let Some(moved) = majorized(node, &place, &distance[node]) {
                place[node] = moved;
            }
        }
    }
    let mut place = fit_unit_square(&place);
    for _ in 0..SEPARATING_SWEEPS {
        if !separate(&mut place, gap) {
            break;
        }
        place = fit_unit_square(&place);
    }
    place
}

/// Sweeps of [`separate`] at most: enough to settle the few near pairs a layout leaves.
const SEPARATING_SWEEPS: usize = 50;

/// Pushes apart, half each way, every two nodes nearer than `gap`; whether any were.
fn separate(place: &mut [(f64, f64)], gap: f64) -> bool {
    let mut moved = false;
    for first in 0..place.len() {
        for second in first + 1..place.len() {
            let ((x1, y1), (x2, y2)) = (place[first], place[second]);
            let (dx, dy) = (x2 - x1, y2 - y1);
            let apart = (dx * dx + dy * dy).sqrt();
            if apart >= gap {
                continue;
            }
            // Nodes on one spot part along a fixed direction of their own.
            let (ux, uy) = if apart > 1e-9 {
                (dx / apart, dy / apart)
            } else {
                let angle = (first * 31 + second) as f64;
                (angle.cos(), angle.sin())
            };
            let push = (gap - apart) / 2.0 + 1e-6;
            place[first] = (x1 - ux * push, y1 - uy * push);
            place[second] = (x2 + ux * push, y2 + uy * push);
            moved = true;
        }
    }
    moved
}

/// Hops between every two nodes; nodes in different components are set one hop further apart
/// than the farthest pair that is connected, so that components sit side by side.
fn distances(graph: &[Vec<i32>]) -> Vec<Vec<f64>> {
    let n = graph.len();
    let hops: Vec<Vec<Option<usize>>> = (0..n).map(|from| bfs(graph, from)).collect();
    let farthest = hops.iter().flatten().flatten().copied().max().unwrap_or(0);
    hops.iter()
        .map(|row| {
            row.iter()
                .map(|hop| hop.unwrap_or(farthest + 1) as f64)
                .collect()
        })
        .collect()
}

/// Hops from `from` to every node, `None` where it cannot reach.
fn bfs(graph: &[Vec<i32>], from: usize) -> Vec<Option<usize>> {
    let mut hops = vec![None; graph.len()];
    let mut queue = VecDeque::from([from]);
    if let Some(first) = hops.get_mut(from) {
        *first = Some(0);
    }
    while let Some(node) = queue.pop_front() {
        let here = hops.get(node).copied().flatten().unwrap_or(0);
        for &next in graph.get(node).map_or(&[][..], Vec::as_slice) {
            let next = next as usize;
            if let Some(slot @ None) = hops.get_mut(next) {
                *slot = Some(here + 1);
                queue.push_back(next);
            }
        }
    }
    hops
}

/// The start: x the hops from the hole, y the order within that layer, centred, with a small
/// fixed offset per node so that no two nodes share a place and the layout is not stuck on a
/// line (the update keeps a configuration's span).
fn layered_start(graph: &[Vec<i32>]) -> Vec<(f64, f64)> {
    let hops = bfs(graph, 0);
    let layer_of = |node: usize| hops.get(node).copied().flatten().unwrap_or(graph.len());
    let mut in_layer = vec![0usize; graph.len() + 1];
    for node in 0..graph.len() {
        in_layer[layer_of(node)] += 1;
    }
    let mut seen = vec![0usize; graph.len() + 1];
    (0..graph.len())
        .map(|node| {
            let layer = layer_of(node);
            let order = seen[layer] as f64 - (in_layer[layer] as f64 - 1.0) / 2.0;
            seen[layer] += 1;
            let wobble = ((node * 7919) % 17) as f64 / 17.0 - 0.5;
            (layer as f64 + 0.1 * wobble, order + 0.3 * wobble)
        })
        .collect()
}

/// `node`'s place that lowers the stress with every other node held still (the localized
/// update): the weighted mean of where each other node says it should be, weights 1/d².
fn majorized(node: usize, place: &[(f64, f64)], distance: &[f64]) -> Option<(f64, f64)> {
    let (x, y) = place[node];
    let (mut sum_x, mut sum_y, mut sum_weight) = (0.0, 0.0, 0.0);
    for (other, (&(ox, oy), &wanted)) in place.iter().zip(distance).enumerate() {
        if other == node || wanted <= 0.0 {
            continue;
        }
        let weight = 1.0 / (wanted * wanted);
        let (dx, dy) = (x - ox, y - oy);
        let drawn = (dx * dx + dy * dy).sqrt().max(1e-9);
        sum_x += weight * (ox + wanted * dx / drawn);
        sum_y += weight * (oy + wanted * dy / drawn);
        sum_weight += weight;
    }
    (sum_weight > 0.0).then(|| (sum_x / sum_weight, sum_y / sum_weight))
}

/// `place` scaled and moved into [0, 1]², the longer side spanning it, the shorter centred.
fn fit_unit_square(place: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let lowest = |pick: fn(&(f64, f64)) -> f64| place.iter().map(pick).fold(f64::MAX, f64::min);
    let highest = |pick: fn(&(f64, f64)) -> f64| place.iter().map(pick).fold(f64::MIN, f64::max);
    let (min_x, max_x) = (lowest(|p| p.0), highest(|p| p.0));
    let (min_y, max_y) = (lowest(|p| p.1), highest(|p| p.1));
    let span = (max_x - min_x).max(max_y - min_y).max(1e-9);
    let (pad_x, pad_y) = (
        (span - (max_x - min_x)) / 2.0,
        (span - (max_y - min_y)) / 2.0,
    );
    place
        .iter()
        .map(|&(x, y)| ((x - min_x + pad_x) / span, (y - min_y + pad_y) / span))
        .collect()
}

/// How many pairs of edges cross in a drawing (edges sharing a node never count): how the
/// tests judge a layout.
#[cfg(test)]
fn crossings(graph: &[Vec<i32>], place: &[(f64, f64)]) -> usize {
    let mut edges = Vec::new();
    for (a, neighbours) in graph.iter().enumerate() {
        edges.extend(
            neighbours
                .iter()
                .map(|&b| (a, b as usize))
                .filter(|&(a, b)| a < b),
        );
    }
    let side = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        ((q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)).signum()
    };
    let mut count = 0;
    for (index, &(a, b)) in edges.iter().enumerate() {
        for &(c, d) in &edges[index + 1..] {
            if a == c || a == d || b == c || b == d {
                continue;
            }
            let (pa, pb, pc, pd) = (place[a], place[b], place[c], place[d]);
            if side(pa, pb, pc) * side(pa, pb, pd) < 0.0
                && side(pc, pd, pa) * side(pc, pd, pb) < 0.0
            {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rows x cols grid graph, nodes in reading order.
    fn grid(rows: usize, cols: usize) -> Vec<Vec<i32>> {
        let mut graph = vec![Vec::new(); rows * cols];
        for node in 0..rows * cols {
            let (row, col) = (node / cols, node % cols);
            let mut join = |other: usize| {
                graph[node].push(other as i32);
                graph[other].push(node as i32);
            };
            if col + 1 < cols {
                join(node + 1);
            }
            if row + 1 < rows {
                join(node + cols);
            }
        }
        graph
    }

    /// Nodes on a circle, in number order: the drawing this layout replaces.
    fn circle(n: usize) -> Vec<(f64, f64)> {
        (0..n)
            .map(|node| {
                let angle = node as f64 * std::f64::consts::TAU / n as f64;
                (angle.cos(), angle.sin())
            })
            .collect()
    }

    fn closest_pair(place: &[(f64, f64)]) -> f64 {
        let mut closest = f64::MAX;
        for (index, &(x, y)) in place.iter().enumerate() {
            for &(ox, oy) in &place[index + 1..] {
                closest = closest.min(((x - ox).powi(2) + (y - oy).powi(2)).sqrt());
            }
        }
        closest
    }

    #[test]
    fn a_grid_graph_is_drawn_without_crossings_and_nodes_apart() {
        let graph = grid(7, 7);
        let place = layout(&graph, 0.05);
        assert_eq!(crossings(&graph, &place), 0);
        // 7 nodes a side in the unit square: about 1/6 apart; overlapping would be near 0.
        assert!(closest_pair(&place) > 0.08, "{}", closest_pair(&place));
        assert!(place
            .iter()
            .all(|&(x, y)| (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y)));
        assert!(crossings(&graph, &circle(49)) > 20);
    }

    #[test]
    fn the_same_graph_gets_the_same_drawing_and_leaves_apart() {
        // A star with a path: the star's leaves share every distance but their own.
        let mut graph = vec![
            vec![1, 2, 3, 4, 5],
            vec![0],
            vec![0, 6],
            vec![0],
            vec![0],
            vec![0],
        ];
        graph.push(vec![2]);
        assert_eq!(layout(&graph, 0.05), layout(&graph, 0.05));
        assert_eq!(crossings(&graph, &layout(&graph, 0.05)), 0);
        assert!(closest_pair(&layout(&graph, 0.05)) > 0.1);
    }

    #[test]
    fn nodes_are_kept_a_gap_apart() {
        // A sparse graph of 50 nodes whose stress layout alone has two nodes 0.026 apart.
        let mut rng = shared::rng::Rng::new(0);
        let graph = shared::lc913::random_graph(&mut rng, 50, shared::lc913::Shape::Sparse);
        let place = layout(&graph, 0.04);
        assert!(closest_pair(&place) > 0.039, "{}", closest_pair(&place));
    }

    #[test]
    fn components_apart_do_not_overlap() {
        let graph = vec![vec![1], vec![0], vec![3], vec![2]];
        assert!(closest_pair(&layout(&graph, 0.05)) > 0.2);
    }
}
