//! LeetCode 913's page: the graph drawn by [`layout`], the hole dark, the mouse and the cat
//! as tokens, and every position's outcome from `degree_bfs`'s full table (what `--explain`
//! walks), so that each move of either player shows its exact outcome.
//!
//! Uses `outcome::verdict`, `problems::Problem`, `problems::lc913`, `render::sizes`; beside it,
//! `chase`, `escape`, `frame`, `layout`, `marks`, `paged`.

use super::chase::{ChaseData, MODEL};
use super::escape::escape;
use super::frame::{html, within_page_limit, PageVerdict, Parts, ARROW_HEAD};
use super::layout::layout;
use super::marks;
use super::paged::Paged;
use crate::outcome::verdict::PageError;
use crate::problems::lc913::Lc913;
use crate::problems::Problem;
use crate::render::sizes::size_words;
use ::lc913::explain::{optimal_line, table};
use ::lc913::game::{Game, CAT_TURN, CAT_WIN, MOUSE_TURN, MOUSE_WIN};
use shared::lc913::Graph;
use std::fmt::Write;

impl Paged for Lc913 {
    fn page(case: &Graph, verdict: Option<&PageVerdict>) -> Result<String, PageError> {
        page(case, verdict)
    }
}

/// The drawing's side, in SVG units, from `nodes`: more room for more nodes.
fn side(nodes: usize) -> f64 {
    (120.0 * (nodes as f64).sqrt()).clamp(480.0, 880.0)
}

/// The page of one graph; `verdict` for a `--check` report's counterexample.
///
/// # Errors
/// A graph too large for a page ([`super::frame::MAX_ITEMS`]).
pub fn page(graph: &Graph, verdict: Option<&PageVerdict>) -> Result<String, PageError> {
    let game = Game::new(graph);
    within_page_limit(Lc913::size(graph), game.positions())?;
    let table = table(&game);
    let (line, _) = optimal_line(&game, &table, game.start());
    let side = side(game.nodes);
    let radius = (100.0 / (game.nodes as f64).sqrt()).clamp(7.0, 18.0);
    // Room for the tokens' rings and badges around the nodes at the edge.
    let margin = 2.0 * radius + 6.0;
    let span = side - 2.0 * margin;
    let spots: Vec<(f64, f64)> = layout(graph, (2.0 * radius + 8.0) / span)
        .into_iter()
        .map(|(x, y)| (margin + x * span, margin + y * span))
        .collect();
    let start = game.start();
    let diagnosis = verdict.and_then(|verdict| verdict.diagnosis.as_ref());
    let shaded = marks::misjudged_per_spot(diagnosis, game.nodes);
    let svg = drawing(graph, (&spots, &shaded), radius, side);
    let chase = ChaseData {
        names: (0..game.nodes).map(|node| node.to_string()).collect(),
        mouse_moves: moves(&game, MOUSE_TURN),
        cat_moves: moves(&game, CAT_TURN),
        table: table
            .outcome
            .iter()
            .copied()
            .zip(table.plies.iter().copied())
            .collect(),
        line,
        radius,
        goal: "hole",
        limit: 0,
        repeats: true,
        spots,
        yours: marks::data(diagnosis),
    };
    let parts = Parts {
        title: format!(
            "LeetCode 913, Cat and Mouse: {}",
            size_words(Lc913::size(graph))
        ),
        svg,
        data: chase.data(),
        model: MODEL,
        result: result(table.outcome[start], table.plies[start]),
    };
    Ok(html(&parts, verdict))
}

/// The answer and the plies it takes, from the start's outcome and plies to the end.
fn result(outcome: u8, plies: u32) -> String {
    let unit = if plies == 1 { "ply" } else { "plies" };
    match outcome {
        MOUSE_WIN => format!("answer 1: the mouse wins in {plies} {unit} under optimal play"),
        CAT_WIN => format!("answer 2: the cat wins in {plies} {unit} under optimal play"),
        _ => "answer 0: a draw under optimal play".to_string(),
    }
}

/// Each node's moves for `mover`, in `Game::moves`' order (the cat's without the hole).
fn moves(game: &Game, mover: usize) -> Vec<Vec<usize>> {
    (0..game.nodes)
        .map(|node| {
            game.moves(node, node, mover)
                .map(|(mouse, cat)| if mover == MOUSE_TURN { mouse } else { cat })
                .collect()
        })
        .collect()
}

/// The graph as SVG: every edge in one path, then each node a circle (`data-spot`), shaded
/// where `shaded` counts misjudged positions with the mouse on it, and its number.
fn drawing(
    graph: &[Vec<i32>],
    (spots, shaded): (&[(f64, f64)], &[usize]),
    radius: f64,
    side: f64,
) -> String {
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" width=\"{side}\" \
         height=\"{side}\" data-nodes=\"{}\">\n{}{}<path class=\"edges\" d=\"",
        graph.len(),
        ARROW_HEAD,
        marks::hatch(shaded)
    );
    for (node, neighbours) in graph.iter().enumerate() {
        for &other in neighbours.iter().filter(|&&other| node < other as usize) {
            let ((x1, y1), (x2, y2)) = (spots[node], spots[other as usize]);
            let _ = write!(svg, "M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}");
        }
    }
    svg.push_str("\"/>\n");
    for (node, &(x, y)) in spots.iter().enumerate() {
        let (class, label_class, title) = if node == 0 {
            ("spot hole", "label on-hole", "node 0: the hole")
        } else {
            ("spot", "label", "")
        };
        let geometry = format!("cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius:.1}\"");
        let _ = writeln!(
            svg,
            "<circle class=\"{class}\" data-spot=\"{node}\" {geometry}><title>{}</title></circle>\
             {}<text class=\"{label_class}\" x=\"{x:.1}\" y=\"{y:.1}\">{node}</text>",
            if title.is_empty() {
                format!("node {node}")
            } else {
                escape(title)
            },
            marks::shade(&format!("circle {geometry}"), shaded[node])
        );
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::page::marks::tests::{hand_built, revisit_graph as graph};

    fn verdict(diagnosis: Option<crate::search::diagnosis::Diagnosis>) -> PageVerdict {
        PageVerdict {
            yours: "0".to_string(),
            answered: true,
            expected: "2".to_string(),
            diagnosis,
        }
    }

    #[test]
    fn a_diagnosis_shades_the_mouse_s_nodes_and_gives_the_script_its_answers() {
        let page = page(&graph(), Some(&verdict(Some(hand_built())))).unwrap();
        // Node 1 only: both misjudged positions have the mouse there.
        assert_eq!(page.matches("class=\"misjudged\"").count(), 1);
        assert!(page.contains(
            "<circle cx=\"438.0\" cy=\"275.8\" r=\"18.0\" class=\"misjudged\" \
             data-misjudged=\"2\"/>"
        ));
        assert!(page.contains("id=\"misjudged-hatch\""));
        assert!(page.contains("your program misjudges: 2 positions"));
        assert!(page.contains("<a id=\"to-contradiction\" href=\"#at=1,2\""));
        assert!(page.contains("<pre id=\"contradiction\" hidden>a contradiction"));
        assert!(page.contains("yours:{answers:[[1,2,2,0],"));
        assert!(
            page.contains("\"your program says \""),
            "the script's words"
        );
    }

    #[test]
    fn a_page_without_a_diagnosis_has_no_marks() {
        for verdict in [None, Some(&verdict(None))] {
            let page = page(&graph(), verdict).unwrap();
            for mark in [
                "id=\"misjudged-hatch\"",
                "class=\"misjudged\"",
                "id=\"marks\"",
                "id=\"yours\"",
            ] {
                assert!(!page.contains(mark), "{mark}");
            }
            assert!(page.contains(",yours:null}"));
        }
    }
}
