//! What a `--check` diagnosis adds to a chase's page (lc913, lc1728): the program's own
//! answers, so that a reader sees where it goes wrong without reading its code. The spots
//! where the mouse stands in a misjudged position are shaded in the drawing; the script shows
//! "your program says X" beside the truth at every position with the mouse to move; the
//! contradiction's position is one click away, its lines shown when the replay stands there.
//!
//! The diagnosis names positions by their places (mouse, cat): 913's nodes, 1728's open cells
//! in `Board`'s reading order. Those are the page's spot numbers too, so nothing is renamed.
//!
//! Uses `problems::chase`, `render::diagnosis`, `search::diagnosis`, `text`; beside it, `escape`.

use super::escape::{escape, numbers};
use crate::problems::chase::GameResult;
use crate::render::diagnosis::{contradiction_lines, cycle_lines};
use crate::search::diagnosis::Diagnosis;
use crate::text::thousands;
use std::fmt::Write;

/// A result as the chases' table codes it (0 a draw, 1 the mouse wins, 2 the cat wins), so
/// that the script reads the program's answers as it reads the table.
fn code(result: GameResult) -> u8 {
    match result {
        GameResult::Draw => 0,
        GameResult::MouseWins => 1,
        GameResult::CatWins => 2,
    }
}

/// The program's answers for the script (`DATA.yours`): each position asked about as
/// `[mouse, cat, truth, said]`, `said` -1 where it gave no result, and the contradiction's
/// places or `null`; `null` without a diagnosis, which the script takes as "no marks".
pub fn data(diagnosis: Option<&Diagnosis>) -> String {
    let Some(diagnosis) = diagnosis else {
        return "null".to_string();
    };
    let answers: Vec<String> = diagnosis
        .answers
        .iter()
        .map(|answer| {
            let said = answer.said.map_or(-1, |said| i32::from(code(said)));
            let (mouse, cat) = answer.places;
            numbers([
                mouse as i32,
                cat as i32,
                i32::from(code(answer.truth)),
                said,
            ])
        })
        .collect();
    let contradiction = diagnosis
        .contradiction_at
        .map_or("null".to_string(), |(mouse, cat)| numbers([mouse, cat]));
    format!(
        "{{answers:[{}],contradiction:{contradiction}}}",
        answers.join(",")
    )
}

/// How many misjudged positions have the mouse on each of `spots` spots: what the drawing
/// shades (a spot of 0 is not shaded).
pub fn misjudged_per_spot(diagnosis: Option<&Diagnosis>, spots: usize) -> Vec<usize> {
    let mut count = vec![0; spots];
    for (mouse, _) in diagnosis.map_or_else(Vec::new, Diagnosis::misjudged_at) {
        if let Some(slot) = count.get_mut(mouse) {
            *slot += 1;
        }
    }
    count
}

/// The definition of the hatching that shades misjudged spots, for a drawing that shades any
/// of `shaded` (a page without marks stays as it was): a pattern, so that the tints of the
/// legal moves still show through it.
pub fn hatch(shaded: &[usize]) -> &'static str {
    match shaded.iter().any(|&count| count > 0) {
        true => HATCH,
        false => "",
    }
}

const HATCH: &str = "<defs><pattern id=\"misjudged-hatch\" width=\"6\" height=\"6\" \
     patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"2.5\" \
     height=\"6\" fill=\"#8e24aa\"/></pattern></defs>\n";

/// The shading laid over a spot where the mouse stands in `count` misjudged positions, as the
/// spot's own `shape` (`circle cx=".." cy=".." r=".."`), or nothing for a spot of 0.
pub fn shade(shape: &str, count: usize) -> String {
    if count == 0 {
        return String::new();
    }
    format!("<{shape} class=\"misjudged\" data-misjudged=\"{count}\"/>")
}

/// The header's lines under the verdict: what the shading means and the link to the
/// contradiction's position, which the script follows (`#at=MOUSE,CAT` without it).
pub fn legend(diagnosis: &Diagnosis) -> String {
    // Too many positions to ask about: no marks, and why.
    if let Some(too_many) = diagnosis.skipped {
        let why = crate::render::diagnosis::skipped_words(too_many);
        return format!("<p id=\"marks\">No diagnosis: {}</p>\n", escape(&why));
    }
    let mut legend = String::from("<p id=\"marks\">");
    let misjudged = diagnosis.misjudged_at().len();
    if misjudged == 0 {
        let _ = write!(
            legend,
            "Your program judges all {} positions it answered right.",
            thousands(diagnosis.answered() as u64)
        );
    } else {
        let _ = write!(
            legend,
            "<span class=\"swatch\"></span> the mouse's place in a position your program \
             misjudges: {} position{} (of {} it answered, the mouse to move).",
            thousands(misjudged as u64),
            if misjudged == 1 { "" } else { "s" },
            thousands(diagnosis.answered() as u64)
        );
    }
    if let Some((mouse, cat)) = diagnosis.contradiction_at {
        let _ = write!(
            legend,
            " <a id=\"to-contradiction\" href=\"#at={mouse},{cat}\" data-at=\"{mouse},{cat}\">\
             Show the contradiction in your own answers &#x25B6;</a>"
        );
    }
    legend.push_str("</p>\n");
    // A cycle has no one position to go to: its lines are one click away instead.
    if let Some(cycle) = &diagnosis.cycle {
        let _ = writeln!(
            legend,
            "<details id=\"cycle\"><summary>A win no line of play reaches, in your own \
             answers</summary><pre>{}</pre></details>",
            escape(&cycle_lines(cycle).join("\n"))
        );
    }
    legend
}

/// The panel's lines under the status: what the program says of the position shown (the
/// script fills it), and the contradiction's lines, which the script shows only when the
/// replay stands at its position.
pub fn panel(diagnosis: &Diagnosis) -> String {
    let mut panel = String::from("<p id=\"yours\" hidden></p>\n");
    if let Some(contradiction) = &diagnosis.contradiction {
        let _ = writeln!(
            panel,
            "<pre id=\"contradiction\" hidden>{}</pre>",
            escape(&contradiction_lines(contradiction).join("\n"))
        );
    }
    panel
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::problems::chase::{Spot, Standing, Step};
    use crate::search::diagnosis::{Answered, Contradiction, Reached, Reply, Shown};

    /// The 6-node graph `revisit_draw.cpp` fails on, mouse on 1, cat on 2.
    pub fn revisit_graph() -> Vec<Vec<i32>> {
        vec![
            vec![5],
            vec![3, 4],
            vec![5],
            vec![1, 4],
            vec![1, 3, 5],
            vec![0, 2, 4],
        ]
    }

    /// A diagnosis of [`revisit_graph`] made by hand, a few of its positions only: the start
    /// (mouse on 1, cat on 2) and one other misjudged as draws, one judged right, one not
    /// answered; the start the contradiction.
    pub fn hand_built() -> Diagnosis {
        let answer = |places, truth, said| Answered {
            places,
            truth,
            said: Some(said),
        };
        let (cat, draw, mouse) = (GameResult::CatWins, GameResult::Draw, GameResult::MouseWins);
        let to = |node| Step {
            to: Spot::Node(node),
            stays: false,
        };
        Diagnosis {
            cut: Some(crate::search::diagnosis::Cut {
                without_result: 0,
                first: None,
                stopped: Some(crate::search::diagnosis::Stopped::Runs(4)),
                replied: 3,
                asked: 4,
            }),
            groups: Vec::new(),
            horizon: None,
            contradiction: Some(Contradiction {
                standing: Standing {
                    mouse: Spot::Node(1),
                    cat: Spot::Node(2),
                },
                said: draw,
                truth: cat,
                plies: Some(6),
                by_its_answers: cat,
                all_right: true,
                shown: Shown::EveryMove(vec![(
                    to(3),
                    Err(Reply {
                        step: to(5),
                        leads_to: Reached::Ends(cat),
                    }),
                )]),
            }),
            cycle: None,
            answers: vec![
                answer((1, 2), cat, draw),
                answer((1, 4), cat, draw),
                answer((3, 5), cat, cat),
                Answered {
                    places: (4, 1),
                    truth: mouse,
                    said: None,
                },
            ],
            contradiction_at: Some((1, 2)),
            ..Diagnosis::default()
        }
    }

    #[test]
    fn the_answers_go_to_the_script_in_the_table_s_codes() {
        assert_eq!(
            data(Some(&hand_built())),
            "{answers:[[1,2,2,0],[1,4,2,0],[3,5,2,2],[4,1,1,-1]],contradiction:[1,2]}"
        );
        assert_eq!(data(None), "null");
    }

    #[test]
    fn a_spot_is_shaded_by_the_misjudged_positions_with_the_mouse_on_it() {
        assert_eq!(
            misjudged_per_spot(Some(&hand_built()), 6),
            [0, 2, 0, 0, 0, 0]
        );
        assert_eq!(misjudged_per_spot(None, 3), [0, 0, 0]);
        assert_eq!(shade("rect x=\"1\"", 0), "");
        assert_eq!(
            shade("rect x=\"1\"", 2),
            "<rect x=\"1\" class=\"misjudged\" data-misjudged=\"2\"/>"
        );
    }

    #[test]
    fn the_legend_counts_the_misjudged_and_the_panel_holds_the_contradiction() {
        let diagnosis = hand_built();
        let legend = legend(&diagnosis);
        assert!(legend.contains("misjudges: 2 positions (of 3 it answered"));
        assert!(legend.contains("href=\"#at=1,2\" data-at=\"1,2\""));
        let panel = panel(&diagnosis);
        assert!(panel.contains(
            "<pre id=\"contradiction\" hidden>a contradiction in your own answers: mouse on 1, \
             cat on 2, the mouse to move: you say draw, the truth is cat wins in 6 plies.\n"
        ));
        assert!(panel.contains("\n  the mouse to 3, the cat to 5 (the rules end it: cat wins)\n"));
    }
}
