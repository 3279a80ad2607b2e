//! LeetCode 913 on the workbench: the variants as [`Solver`]s, and the command line's reading
//! and checking of LeetCode's custom-testcase input, one `graph` per test case, such as
//! `[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]`, separated by any whitespace.
//!
//! Only the statement's structural rules are enforced (at least three nodes, undirected, no
//! self-loops or repeated neighbours, every node has a neighbour, the cat can move); graphs past
//! the judge's 50 nodes are welcome up to [`crate::problems::values::MAX_POSITIONS`].
//!
//! Uses only its own layer: `chase`, `input`, `instances`, `problem`, `values`.

use crate::problems::chase::{Asked, Cap, Chase, GameResult, MouseMove, Next, Position};
use crate::problems::chase::{Spot, Standing, Step, TooManyPositions};
use crate::problems::input::{CaseShape, Counted, Expected, GraphWrong, InputError, Place, Wrong};
use crate::problems::instances::{self, DeepSize, Harness, Known, Largest, Set, Sizes, Table};
use crate::problems::problem::Judge;
use crate::problems::problem::{Problem, Range, Size, Solver};
use crate::problems::values::{parse_values, within_table_limit, Spanned};
use shared::lc913::{any_graph, random_graph, toggle_edge, Graph, Shape, SHAPES};
use shared::rng::Rng;
use std::sync::OnceLock;

/// LeetCode 913 as the command line and `--check` know it.
pub struct Lc913;

impl Problem for Lc913 {
    type Case = Graph;
    type Answer = i32;

    const BIN: &'static str = "lc913";
    const TITLE: &'static str = "LeetCode 913, Cat and Mouse (0 draw, 1 mouse wins, 2 cat wins)";
    const INPUT_HELP: &'static str =
        "LeetCode's custom test cases, one graph per test case, e.g.\n  \
         [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n\
         Whitespace and line breaks between values do not matter. Graphs may exceed \
         the judge's 50 nodes.";

    fn solvers() -> Vec<Solver<Graph, i32>> {
        self::solvers()
    }

    fn examples() -> Vec<(Graph, i32)> {
        self::examples()
    }

    fn parse(text: &str) -> Result<Vec<Graph>, InputError> {
        self::parse(text)
    }

    fn explain(graph: &Graph) -> String {
        ::lc913::explain::explain(graph)
    }

    const JUDGE: Judge = Judge::LeetCode;

    fn harness() -> Option<Harness<Graph>> {
        Some(Harness {
            input: harness_input,
        })
    }

    fn answers(text: &str) -> Vec<Result<i32, String>> {
        instances::answer_tokens(text, |token| token.parse().ok())
    }

    fn answer_bytes(_graph: &Graph) -> usize {
        "2\n".len()
    }

    fn fixed() -> Vec<(Known, Graph)> {
        self::fixed()
    }

    fn fixed_parts() -> [usize; 3] {
        let known = [::lc913::EXAMPLES.len(), ::lc913::REGRESSIONS.len()];
        [known[0], known[1], deepest_table().len()]
    }

    const RANDOM_INSTANCES: usize = 2_000;

    const MEASURE: [&'static str; 3] = ["nodes", "edges", ""];

    fn largest(rng: &mut Rng) -> Vec<(Known, Graph)> {
        self::largest(rng)
    }

    fn small() -> Option<instances::Smaller<Graph>> {
        let all = shared::lc913::all_graphs(SMALL_NODES);
        let which = Set::Graphs {
            most: SMALL_NODES,
            plan_stage: true,
        };
        Some(instances::Smaller::new(all, which, true, false))
    }

    fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Graph {
        self::generate(rng, scale, beyond)
    }

    fn shrink(graph: &Graph) -> Vec<Graph> {
        shared::lc913::shrink(graph)
    }

    fn measure(graph: &Graph) -> [usize; 3] {
        let (nodes, edges) = nodes_and_edges(graph);
        [nodes, edges, 0]
    }

    fn all_smaller(graph: &Graph) -> Option<instances::Smaller<Graph>> {
        self::all_smaller(graph)
    }

    fn size(graph: &Graph) -> Size {
        let (nodes, edges) = nodes_and_edges(graph);
        Size::Graph { nodes, edges }
    }

    fn range(beyond: bool) -> Range {
        Range::Nodes {
            least: 3,
            most: NODES.most(beyond),
        }
    }

    fn judge_text(graph: &Graph) -> String {
        self::judge_text(graph)
    }

    fn chase(graph: &Graph) -> Option<Result<Chase<Graph>, TooManyPositions>> {
        let positions = graph.len().saturating_sub(1).pow(2);
        Some(crate::problems::chase::within_reach(positions).map(|()| self::chase(graph)))
    }

    fn result_of(answer: &i32) -> Option<GameResult> {
        match answer {
            0 => Some(GameResult::Draw),
            1 => Some(GameResult::MouseWins),
            2 => Some(GameResult::CatWins),
            _ => None,
        }
    }
}

/// The judge's largest graph, and `--check --beyond-limits`'s.
const NODES: Sizes = Sizes {
    judge: 50,
    beyond: 300,
};

/// A graph as LeetCode's custom test case box takes it: `[[2,5],[3],[0,4,5]]`.
pub fn judge_text(graph: &Graph) -> String {
    format!("{graph:?}").replace(' ', "")
}

/// A batch in the harnesses' format: the count, then per graph n and each node's degree and
/// neighbours.
fn harness_input(graphs: &[Graph]) -> String {
    let mut text = format!("{}\n", graphs.len());
    for graph in graphs {
        text.push_str(&format!("{}\n", graph.len()));
        for neighbours in graph {
            let listed: Vec<String> = neighbours.iter().map(i32::to_string).collect();
            text.push_str(&format!("{} {}\n", neighbours.len(), listed.join(" ")));
        }
    }
    text
}

/// The plies to the end from the start, when someone can force a win there.
fn start_plies(graph: &Graph) -> Option<u32> {
    let game = ::lc913::game::Game::new(graph);
    let table = ::lc913::degree_bfs::solve(&game, true);
    let start = game.start();
    (table.outcome[start] != ::lc913::game::DRAW).then_some(table.plies[start])
}

/// A graph of `n` nodes whose forced win from the start takes many plies: random edges
/// toggled, each change kept when the plies do not fall. Solutions that cap their search at
/// some multiple of n plies, or stop sweeping after n rounds, answer these wrongly; random
/// graphs seldom need more than a handful of plies.
pub fn deep_graph(rng: &mut Rng, n: usize, steps: usize) -> Graph {
    let shape = *rng.pick(&SHAPES);
    let mut graph = random_graph(rng, n, shape);
    let mut depth = start_plies(&graph).unwrap_or(0);
    for _ in 0..steps {
        let Some(changed) = toggled(rng, &graph) else {
            continue;
        };
        if let Some(plies) = start_plies(&changed) {
            if plies >= depth {
                (graph, depth) = (changed, plies);
            }
        }
    }
    graph
}

/// `graph` with the edge between two random nodes added or removed, if that leaves it valid.
fn toggled(rng: &mut Rng, graph: &Graph) -> Option<Graph> {
    let n = graph.len();
    let (a, b) = (rng.below(n), rng.below(n));
    if a == b {
        return None;
    }
    let mut changed = graph.clone();
    toggle_edge(&mut changed, a, b);
    shared::lc913::is_valid(&changed).then_some(changed)
}

/// The deepest position (mouse, cat, mouse to move) that `wanted` wins (either side with
/// `None`) and that can start a game (the cat has a move), as (plies, mouse, cat); plies 0
/// when there is none.
///
/// # Complexity
/// One full retrograde analysis: O(n·e).
pub fn deepest(graph: &Graph, wanted: Option<u8>) -> (u32, usize, usize) {
    let game = ::lc913::game::Game::new(graph);
    let table = ::lc913::degree_bfs::solve(&game, false);
    let mut best = (0, 0, 0);
    for mouse in 1..graph.len() {
        for (cat, cat_moves) in graph.iter().enumerate().skip(1) {
            if mouse == cat || !cat_moves.iter().any(|&to| to != 0) {
                continue;
            }
            let here = game.position(mouse, cat, ::lc913::game::MOUSE_TURN);
            let outcome = table.outcome[here];
            let won = match wanted {
                Some(wanted) => outcome == wanted,
                None => outcome != ::lc913::game::DRAW,
            };
            if won && table.plies[here] > best.0 {
                best = (table.plies[here], mouse, cat);
            }
        }
    }
    best
}

/// A graph of the deepest-win table with a few edges toggled, started from its deepest
/// position: as deep as the original, or nearly, and new, so that a cap tuned to pass the
/// table is still caught. At most `top` nodes.
fn mutated_deep(rng: &mut Rng, top: usize) -> Option<Graph> {
    let small: Vec<&Graph> = deepest_table()
        .iter()
        .map(|deep| &deep.graph)
        .filter(|graph| graph.len() <= top)
        .collect();
    let mut graph = (*small.get(rng.below(small.len().max(1)))?).clone();
    for _ in 0..rng.between(1, 4) {
        if let Some(changed) = toggled(rng, &graph) {
            graph = changed;
        }
    }
    let (_, mouse, cat) = deepest(&graph, None);
    shared::lc913::with_start(&graph, mouse, cat).or(Some(graph))
}

/// A random valid graph: a few in eight built to be deep, one in ten a table's deep graph
/// changed a little, the rest of every shape; n grows with `scale` to the judge's 50 nodes
/// (or a few hundred).
fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Graph {
    let most = NODES.most(beyond);
    let top = instances::scaled(scale, 3, most);
    if rng.chance(0.15) {
        let n = rng.between(3, top.min(NODES.judge));
        deep_graph(rng, n, 150)
    } else if let Some(graph) = rng.chance(0.1).then(|| mutated_deep(rng, top)).flatten() {
        graph
    } else {
        any_graph(rng, 3, top)
    }
}

/// Graphs of the judge's 50 nodes: dense, sparse, and one built to need a long forced win.
fn largest(rng: &mut Rng) -> Vec<(Known, Graph)> {
    let nodes = NODES.judge;
    vec![
        (
            Known::Largest(Largest::Dense),
            random_graph(rng, nodes, Shape::Dense),
        ),
        (
            Known::Largest(Largest::Sparse),
            random_graph(rng, nodes, Shape::Sparse),
        ),
        (Known::Largest(Largest::Deep), deep_graph(rng, nodes, 150)),
    ]
}

/// The most nodes of the graphs `--check` runs all of before anything else: 762 graphs, a
/// second or less even for an interpreted solution.
const SMALL_NODES: usize = 5;

/// The most nodes of the graphs `--check` runs all of after shrinking: the 27,402 valid graphs
/// of up to 6 nodes are one batch that takes a compiled solution well under a second.
const ALL_GRAPHS_NODES: usize = 6;

/// Every valid graph smaller than `graph` by (nodes, then edges), up to [`ALL_GRAPHS_NODES`]
/// nodes, smallest first.
fn all_smaller(graph: &Graph) -> Option<instances::Smaller<Graph>> {
    let own = nodes_and_edges(graph);
    let nodes = own.0.min(ALL_GRAPHS_NODES);
    let all: Vec<Graph> = shared::lc913::all_graphs(nodes)
        .into_iter()
        .filter(|smaller| nodes_and_edges(smaller) < own)
        .collect();
    if all.is_empty() {
        return None;
    }
    // Ordered by nodes, then edges, and every graph not among them is larger than all of them:
    // the first to fail is the smallest there is.
    let all_below = own.0 <= ALL_GRAPHS_NODES;
    let which = match all_below {
        true => Set::GraphsBelow {
            nodes: own.0,
            edges: own.1,
        },
        false => Set::Graphs {
            most: nodes,
            plan_stage: false,
        },
    };
    Some(instances::Smaller::new(all, which, true, all_below))
}

/// The deepest known forced win for every graph size, n = 3 to 50: the mouse's, then the
/// cat's, each started at its deepest position. Made by `tests/examples/deepest.rs`
/// (exhaustive up to 8 nodes, annealed above); `tests/data/README.md` has the figures.
const DEEPEST: &str = include_str!("../../data/lc913-deepest.txt");

/// One entry of the deepest-win table.
pub struct Deepest {
    pub graph: Graph,
    /// Who wins from the start: 1 the mouse, 2 the cat (the table's order says which).
    pub answer: i32,
    /// The winner's fastest forced win from the start, in plies.
    pub plies: u32,
}

/// The deepest-win table, smallest first, read once; a test holds it to its claims.
pub fn deepest_table() -> &'static [Deepest] {
    static TABLE: OnceLock<Vec<Deepest>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is the workbench's own, read at compile time, and a test reads it whole:
        // an empty table here is never silent.
        let graphs = parse(DEEPEST).unwrap_or_default();
        graphs
            .into_iter()
            .enumerate()
            .map(|(at, graph)| Deepest {
                plies: start_plies(&graph).unwrap_or(0),
                answer: if at % 2 == 0 { 1 } else { 2 },
                graph,
            })
            .collect()
    })
}

/// The examples, the regressions and the deepest-win table, as `--check` names them, ordered
/// by size (nodes, then edges): a solution that caps its search fails first on the smallest
/// graph whose forced win is longer than its cap.
pub fn fixed() -> Vec<(Known, Graph)> {
    let tables = [
        (Table::Example, ::lc913::EXAMPLES.len()),
        (Table::Regression, ::lc913::REGRESSIONS.len()),
    ];
    let cases = ::lc913::known_cases().into_iter().map(|(graph, _)| graph);
    let mut fixed = instances::named(&tables, cases);
    fixed.extend(deepest_table().iter().map(|deep| {
        let name = Known::Deepest {
            winner: match deep.answer {
                1 => GameResult::MouseWins,
                _ => GameResult::CatWins,
            },
            size: DeepSize::Nodes(deep.graph.len()),
            plies: deep.plies,
        };
        (name, deep.graph.clone())
    }));
    fixed.sort_by_key(|(_, graph)| nodes_and_edges(graph));
    fixed
}

/// Every position of `graph` with the mouse to move that can start a game (the cat has a move
/// off the hole), each as a graph of its own renamed so that the mouse stands on 1 and the cat
/// on 2, with its truth and the moves two plies on: what the diagnosis asks a program about.
///
/// # Complexity
/// One retrograde table, O(n·e), and n² renamed graphs of O(n + e) each.
pub fn chase(graph: &Graph) -> Chase<Graph> {
    use ::lc913::game::{Game, CAT_WIN, MOUSE_TURN, MOUSE_WIN};
    let game = Game::new(graph);
    let table = ::lc913::degree_bfs::solve(&game, false);
    let n = graph.len();
    let mut index = vec![None; n * n];
    let mut starts = Vec::new();
    for mouse in 1..n {
        for cat in (1..n).filter(|&cat| cat != mouse) {
            if let Some(renamed) = shared::lc913::with_start(graph, mouse, cat) {
                index[mouse * n + cat] = Some(starts.len());
                starts.push((mouse, cat, renamed));
            }
        }
    }
    let positions = starts
        .into_iter()
        .map(|(mouse, cat, renamed)| {
            let here = game.position(mouse, cat, MOUSE_TURN);
            let truth = match table.outcome[here] {
                MOUSE_WIN => GameResult::MouseWins,
                CAT_WIN => GameResult::CatWins,
                _ => GameResult::Draw,
            };
            Position {
                standing: Standing {
                    mouse: Spot::Node(mouse),
                    cat: Spot::Node(cat),
                },
                case: renamed,
                truth,
                plies: (truth != GameResult::Draw).then_some(table.plies[here]),
                moves: mouse_moves(graph, (mouse, cat), &index),
                places: (mouse, cat),
            }
        })
        .collect();
    Chase {
        positions,
        asked: Asked::RenamedGraph,
        caps: (2..=8)
            .map(|times| (Cap::TimesNodes(times), times * n as u32))
            .chain([(Cap::NodesSquared, (n * n) as u32)])
            // Round numbers that published solutions took for "longer than any game".
            .chain([100, 200, 500, 1000].map(|plies| (Cap::Plies, plies)))
            .collect(),
        itself: index.get(n + 2).copied().flatten(),
    }
}

/// The mouse's moves from (mouse, cat) and the cat's replies, two plies on: an end by the
/// rules, or the position numbered in `index` (mouse · n + cat).
fn mouse_moves(
    graph: &Graph,
    (mouse, cat): (usize, usize),
    index: &[Option<usize>],
) -> Vec<MouseMove> {
    let n = graph.len();
    graph[mouse]
        .iter()
        .map(|&to| {
            let to = to as usize;
            let then = match to {
                0 => Ok(GameResult::MouseWins),
                _ if to == cat => Ok(GameResult::CatWins),
                _ => Err(graph[cat]
                    .iter()
                    .map(|&reply| reply as usize)
                    .filter(|&reply| reply != 0)
                    .filter_map(|reply| {
                        let next = match index[to * n + reply] {
                            _ if reply == to => Next::Ends(GameResult::CatWins),
                            Some(at) => Next::At(at),
                            // Never: the cat came from `cat`, a node next to `reply` and not the
                            // hole, so the renamed graph is a valid start.
                            None => return None,
                        };
                        Some((to_node(reply), next))
                    })
                    .collect()),
            };
            MouseMove {
                step: to_node(to),
                cat_barred: match then {
                    Err(_) if graph[cat].contains(&0) => Some(Spot::Node(0)),
                    _ => None,
                },
                then,
            }
        })
        .collect()
}

/// A move to `node` (913's pieces never stay).
fn to_node(node: usize) -> Step {
    Step {
        to: Spot::Node(node),
        stays: false,
    }
}

/// A graph's size as `--check` orders instances: nodes, then edges.
fn nodes_and_edges(graph: &Graph) -> (usize, usize) {
    (graph.len(), graph.iter().map(Vec::len).sum::<usize>() / 2)
}

/// The examples, the regressions and the deepest-win table with their answers: the table every
/// variant and every emitted submission is tested on.
pub fn known_cases() -> Vec<(Graph, i32)> {
    let mut cases = ::lc913::known_cases();
    cases.extend(
        deepest_table()
            .iter()
            .map(|deep| (deep.graph.clone(), deep.answer)),
    );
    cases
}

/// Every variant of the `lc913` crate, the default first.
pub fn solvers() -> Vec<Solver<Graph, i32>> {
    Solver::each_of(
        ::lc913::VARIANTS,
        |variant| (variant.name, variant.summary, variant.sources),
        |variant, graph| (variant.cat_mouse_game)(graph.clone()),
    )
}

/// The statement's examples with their answers.
pub fn examples() -> Vec<(Graph, i32)> {
    let mut cases = ::lc913::known_cases();
    cases.truncate(::lc913::EXAMPLES.len());
    cases
}

/// Every graph of the input, checked.
///
/// # Errors
/// The first problem, with its test case and place.
pub fn parse(text: &str) -> Result<Vec<Graph>, InputError> {
    let values = parse_values(text).map_err(|error| error.error.in_case(error.value + 1))?;
    if values.is_empty() {
        return Err(InputError::whole(Wrong::NoTestCase(CaseShape::Graph)));
    }
    values
        .iter()
        .enumerate()
        .map(|(index, value)| graph(value).map_err(|error| error.in_case(index + 1)))
        .collect()
}

fn graph(value: &Spanned) -> Result<Graph, InputError> {
    let wrong = |place, wrong| InputError::at(place, Wrong::Graph(wrong));
    let rows = value.as_array(Expected::Graph)?;
    let n = rows.len();
    if n < 3 {
        return Err(wrong(value.place, GraphWrong::TooFewNodes { nodes: n }));
    }
    let table_bytes = ::lc913::VARIANTS.iter().map(|variant| variant.table_bytes);
    let positions = 2 * (n as u64) * (n as u64);
    within_table_limit(
        value.place,
        Counted::Nodes(n as u64),
        positions,
        table_bytes.max().unwrap_or(0),
    )?;
    let (graph, places) = neighbour_lists(rows)?;
    undirected(&graph, &places)?;
    if graph
        .get(2)
        .is_some_and(|cat_start| cat_start.iter().all(|&to| to == 0))
    {
        let place = rows.get(2).map_or(value.place, |row| row.place);
        return Err(wrong(place, GraphWrong::CatCannotMove));
    }
    Ok(graph)
}

/// Each node's list, checked alone: not empty, nodes in range, not itself, no repeats; with
/// the places of the listed neighbours, for the symmetry check's errors.
fn neighbour_lists(rows: &[Spanned]) -> Result<(Graph, Vec<Vec<Place>>), InputError> {
    let wrong = |place, wrong| InputError::at(place, Wrong::Graph(wrong));
    let n = rows.len();
    let mut graph = Vec::with_capacity(n);
    let mut places = Vec::with_capacity(n);
    // listed_by[x] == node + 1 once node's list has named x: repeats are found in O(1).
    let mut listed_by = vec![0usize; n];
    for (node, row) in rows.iter().enumerate() {
        let items = row.as_array(Expected::NeighbourList { node })?;
        if items.is_empty() {
            return Err(wrong(row.place, GraphWrong::NoNeighbour { node }));
        }
        let mut neighbours = Vec::with_capacity(items.len());
        for item in items {
            let neighbour = item.as_int(Expected::Neighbour { node })?;
            if neighbour < 0 || neighbour >= n as i64 {
                let listed = neighbour;
                return Err(wrong(
                    item.place,
                    GraphWrong::NoSuchNode {
                        node,
                        listed,
                        nodes: n,
                    },
                ));
            }
            if neighbour == node as i64 {
                return Err(wrong(item.place, GraphWrong::ListsItself { node }));
            }
            if listed_by[neighbour as usize] == node + 1 {
                return Err(wrong(
                    item.place,
                    GraphWrong::ListsTwice { node, neighbour },
                ));
            }
            listed_by[neighbour as usize] = node + 1;
            neighbours.push(neighbour as i32);
        }
        graph.push(neighbours);
        places.push(items.iter().map(|item| item.place).collect::<Vec<_>>());
    }
    Ok((graph, places))
}

/// Every listed edge listed back: the graph is undirected.
fn undirected(graph: &Graph, places: &[Vec<Place>]) -> Result<(), InputError> {
    let mut sorted = graph.clone();
    for row in &mut sorted {
        row.sort_unstable();
    }
    for (node, (row, row_places)) in graph.iter().zip(places).enumerate() {
        for (&neighbour, &place) in row.iter().zip(row_places) {
            let back = sorted
                .get(neighbour as usize)
                .map(|list| list.binary_search(&(node as i32)));
            if !matches!(back, Some(Ok(_))) {
                return Err(InputError::at(
                    place,
                    Wrong::Graph(GraphWrong::NotListedBack { node, neighbour }),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::input::{Found, ValueKind};

    #[test]
    fn reads_several_test_cases_across_lines() {
        let graphs =
            parse("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n[[1,3],\n [0],[3],[0,2]]\n").unwrap();
        assert_eq!(graphs.len(), 2);
        assert_eq!(graphs[1], vec![vec![1, 3], vec![0], vec![3], vec![0, 2]]);
    }

    /// Each rule, broken, gives its own error at its place, in its test case (render/input.rs
    /// has their words).
    #[test]
    fn every_structural_rule_is_enforced_with_its_place() {
        let graph = |wrong| Wrong::Graph(wrong);
        let cases = [
            (
                "[[1],[0]]",
                (1, 1, 1),
                graph(GraphWrong::TooFewNodes { nodes: 2 }),
            ),
            (
                "[[1,2],[0,2],[0,1]] [[1,2],[0,3],[0]]",
                (2, 1, 31),
                graph(GraphWrong::NoSuchNode {
                    node: 1,
                    listed: 3,
                    nodes: 3,
                }),
            ),
            (
                "[[1,2],[0,-1],[0]]",
                (1, 1, 11),
                graph(GraphWrong::NoSuchNode {
                    node: 1,
                    listed: -1,
                    nodes: 3,
                }),
            ),
            (
                "[[1,2],[0,1],[0]]",
                (1, 1, 11),
                graph(GraphWrong::ListsItself { node: 1 }),
            ),
            (
                "[[1,2,1],[0],[0]]",
                (1, 1, 7),
                graph(GraphWrong::ListsTwice {
                    node: 0,
                    neighbour: 1,
                }),
            ),
            (
                "[[1,2],[0],[]]",
                (1, 1, 12),
                graph(GraphWrong::NoNeighbour { node: 2 }),
            ),
            (
                "[[1,2],[0,2],[0]]",
                (1, 1, 11),
                graph(GraphWrong::NotListedBack {
                    node: 1,
                    neighbour: 2,
                }),
            ),
            (
                "[[1,2],[0],[0]]",
                (1, 1, 12),
                graph(GraphWrong::CatCannotMove),
            ),
            (
                "[[1,2],[0],\"x\"]",
                (1, 1, 12),
                Wrong::Expected {
                    expected: Expected::NeighbourList { node: 2 },
                    found: Found::Value(ValueKind::Str),
                },
            ),
            (
                "[[1,2],[0,2],[0,1]] 7",
                (2, 1, 21),
                Wrong::Expected {
                    expected: Expected::Graph,
                    found: Found::Value(ValueKind::Int),
                },
            ),
            (
                "[[1,2],[0,2],[0,1]",
                (1, 1, 19),
                Wrong::Expected {
                    expected: Expected::CommaOrClose,
                    found: Found::End,
                },
            ),
        ];
        for (text, (case, line, col), wrong) in cases {
            let expected = InputError::at(Place { line, col }, wrong).in_case(case);
            assert_eq!(parse(text), Err(expected), "{text}");
        }
        assert_eq!(
            parse(""),
            Err(InputError::whole(Wrong::NoTestCase(CaseShape::Graph)))
        );
    }

    #[test]
    fn a_graph_too_large_for_memory_is_refused_before_allocation() {
        let n = 12_000;
        let mut text = String::from("[");
        for node in 0..n {
            let next = (node + 1) % n;
            let previous = (node + n - 1) % n;
            text.push_str(&format!(
                "{}[{next},{previous}]",
                if node > 0 { "," } else { "" }
            ));
        }
        text.push(']');
        let error = parse(&text).unwrap_err();
        assert!(
            matches!(
                error.wrong,
                Wrong::OverTableLimit {
                    counted: Counted::Nodes(12_000),
                    positions: 288_000_000,
                    ..
                }
            ),
            "{error:?}"
        );
    }
}
