//! LeetCode 913: every variant against every other, and against the literal oracle.

use shared::cross::{all_agree, cross_check};
use shared::lc913::{any_graph, oracle, random_graph, shrink, with_start, Graph, SHAPES};
use shared::rng::Rng;

/// Every variant's answer, or a message naming the first two that differ.
fn agreed_answer(graph: &Graph) -> Result<i32, String> {
    all_agree(
        tests::problems::lc913::solvers()
            .iter()
            .map(|solver| (solver.name, (solver.solve)(graph)))
            .collect(),
    )
}

#[test]
fn variants_agree_on_3000_random_graphs_up_to_50_nodes() {
    cross_check(
        "lc913 variants",
        0,
        3000,
        |rng| any_graph(rng, 3, 50),
        shrink,
        |graph| agreed_answer(graph).map(|_| ()),
    );
}

#[test]
fn variants_agree_with_the_literal_oracle_on_600_graphs_up_to_8_nodes() {
    cross_check(
        "lc913 oracle",
        10_000,
        600,
        |rng| any_graph(rng, 3, 8),
        shrink,
        |graph| {
            let answer = agreed_answer(graph)?;
            let expected = oracle(graph);
            if answer == expected {
                Ok(())
            } else {
                Err(format!(
                    "the variants answer {answer}, the oracle {expected}"
                ))
            }
        },
    );
}

#[test]
fn variants_agree_on_every_start_position() {
    // Renaming nodes moves the start anywhere, so answers over all starts compare whole
    // tables of results, not just one entry.
    cross_check(
        "lc913 every start",
        20_000,
        150,
        |rng| any_graph(rng, 3, 10),
        shrink,
        |graph| {
            for mouse in 1..graph.len() {
                for cat in 1..graph.len() {
                    if let Some(renamed) = with_start(graph, mouse, cat) {
                        let answer = agreed_answer(&renamed)
                            .map_err(|e| format!("mouse {mouse}, cat {cat}: {e}"))?;
                        if renamed.len() <= 6 && answer != oracle(&renamed) {
                            return Err(format!(
                                "mouse {mouse}, cat {cat}: variants {answer}, oracle differs"
                            ));
                        }
                    }
                }
            }
            Ok(())
        },
    );
}

#[test]
fn every_shape_yields_every_result_somewhere() {
    // Guards the generators: a cross-check over graphs that are all draws would prove little.
    let mut seen = [[false; 3]; 6];
    let mut rng = Rng::new(99);
    for _ in 0..600 {
        for (which, &shape) in SHAPES.iter().enumerate() {
            let n = rng.between(3, 12);
            let graph = random_graph(&mut rng, n, shape);
            seen[which][agreed_answer(&graph).unwrap() as usize] = true;
        }
    }
    for (which, results) in seen.iter().enumerate() {
        assert!(
            results.iter().filter(|&&s| s).count() >= 2,
            "{:?}: {results:?}",
            SHAPES[which]
        );
    }
    assert!(seen.iter().any(|r| r[0]) && seen.iter().any(|r| r[1]) && seen.iter().any(|r| r[2]));
}

#[test]
fn fast_variants_agree_on_large_graphs() {
    // The sweep is O(S·n·e): it joins at moderate sizes only.
    let mut rng = Rng::new(7);
    for &(n, shape) in &[
        (400, SHAPES[0]),
        (300, SHAPES[3]),
        (500, SHAPES[2]),
        (200, SHAPES[1]),
    ] {
        let graph = random_graph(&mut rng, n, shape);
        let bfs = lc913::degree_bfs::Solution::cat_mouse_game(graph.clone());
        let worklist = lc913::fixpoint_worklist::Solution::cat_mouse_game(graph.clone());
        assert_eq!(bfs, worklist, "n = {n}, {shape:?}");
        if n <= 300 {
            assert_eq!(
                bfs,
                lc913::fixpoint_sweep::Solution::cat_mouse_game(graph),
                "n = {n}"
            );
        }
    }
}

/// `shared::lc913::is_valid` (the generators' and shrinkers' test) and the command line's
/// reader (the user's) accept the same graphs: random ones, and each changed by one edit that
/// may break a rule (a one-way edge, a node listing itself, a repeat, a node out of range, an
/// empty list, the cat's only way out through the hole).
#[test]
fn is_valid_and_the_reader_agree() {
    let mut rng = Rng::new(30_000);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..3000 {
        let mut graph = any_graph(&mut rng, 3, 12);
        let n = graph.len();
        let node = rng.below(n);
        match rng.below(7) {
            0 => graph[node].push(rng.below(n) as i32),
            1 => graph[node].push(node as i32),
            2 => graph[node].push(n as i32),
            3 => graph[node].clear(),
            4 => graph[2] = vec![0],
            5 => {
                if let Some(&first) = graph[node].first() {
                    graph[node].push(first);
                }
            }
            _ => {} // unchanged
        }
        let text = tests::problems::lc913::judge_text(&graph);
        let read = tests::problems::lc913::parse(&text);
        assert_eq!(
            shared::lc913::is_valid(&graph),
            read.is_ok(),
            "{text}: the reader says {read:?}"
        );
        if read.is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    assert!(valid > 300 && invalid > 300, "{valid} valid, {invalid} not");
}

/// The deepest-win table `--check` runs in order of size: a mouse win and a cat win for every
/// n from 3 to 50, each started at its deepest position, never shallower than the entry one
/// node smaller, and up to 6 nodes the deepest of every graph there is.
#[test]
fn the_deepest_table_holds_what_it_claims() {
    let table = tests::problems::lc913::deepest_table();
    assert_eq!(table.len(), 2 * 48, "two entries a size, n = 3 to 50");
    let mut exhaustive = [[0u32; 2]; 7];
    for graph in shared::lc913::all_graphs(6) {
        for (slot, wanted) in [1u8, 2].into_iter().enumerate() {
            let plies = tests::problems::lc913::deepest(&graph, Some(wanted)).0;
            let kept = &mut exhaustive[graph.len()][slot];
            *kept = (*kept).max(plies);
        }
    }
    for (at, deep) in table.iter().enumerate() {
        let (n, slot) = (3 + at / 2, at % 2);
        let graph = &deep.graph;
        assert_eq!(graph.len(), n, "entry {at}");
        let wanted = slot as u8 + 1;
        assert_eq!(
            agreed_answer(graph),
            Ok(i32::from(wanted)),
            "entry {at}: {graph:?}"
        );
        let (deepest, _, _) = tests::problems::lc913::deepest(graph, Some(wanted));
        assert_eq!(
            deep.plies, deepest,
            "entry {at} starts at its deepest position"
        );
        if at >= 2 {
            assert!(
                deep.plies >= table[at - 2].plies,
                "entry {at} is shallower than n - 1's"
            );
        }
        if n <= 6 {
            assert_eq!(
                deep.plies, exhaustive[n][slot],
                "entry {at}: not the deepest there is"
            );
        }
    }
}
