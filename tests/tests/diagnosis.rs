//! The diagnosis, in process: wrong solutions, each a real mistake (some of them the
//! end-to-end fixtures themselves, included as Rust), are checked as `--check` checks a
//! program (`search::in_process`: no compiler, no sandbox), and the report's diagnosis is held
//! to what its evidence can show and what it cannot.

use tests::outcome::gather::{self, Writes};
use tests::outcome::verdict::Outcome;
use tests::problems::lc1728::Lc1728;
use tests::problems::lc913::Lc913;
use tests::problems::noi2011::{Mistakes, Noi2011};
use tests::problems::Problem;
use tests::search::in_process::InProcess;
use tests::search::plan::Plan;
use tests::search::run_plan::search_on;

use crate::mistakes::*;

/// The diagnosis of `--check` on `program`: the report's lines, and the whole `--json`.
fn diagnosis_of<P: Problem + 'static>(program: InProcess<P>) -> (Vec<String>, String) {
    let argv = ["in-process".to_string()];
    let options = tests::driver::options::options(&argv)
        .expect("the options read")
        .search;
    let solvers = P::solvers();
    let plan = Plan::of::<P>(&options);
    let finding = search_on(&options, &solvers[0], &plan, Box::new(program));
    let writes = Writes::<P> {
        page: None,
        save: |_| None,
    };
    let outcome = finding.map(|finding| gather::outcome(finding, &writes));
    let Ok(outcome) = outcome else {
        panic!("no verdict: {outcome:?}")
    };
    let Outcome::Fails(failed) = &outcome else {
        panic!("no counterexample: {outcome:?}")
    };
    let diagnosis = failed.explained.diagnosis.as_ref().expect("a diagnosis");
    let json = tests::render::json::outcome(&outcome);
    (tests::render::diagnosis::lines(diagnosis), json)
}

/// A mistake, and what the diagnosis of its counterexample must say and must never say.
struct Row {
    mistake: &'static str,
    diagnosed: fn() -> (Vec<String>, String),
    says: &'static [&'static str],
    never: &'static [&'static str],
    /// What its `--json` holds, as written there.
    json_says: &'static [&'static str],
}

fn lc913(answer: fn(&Vec<Vec<i32>>) -> i32) -> (Vec<String>, String) {
    diagnosis_of(InProcess::<Lc913>::answering(answer))
}

fn lc1728(answer: fn(&shared::lc1728::Case) -> bool) -> (Vec<String>, String) {
    diagnosis_of(InProcess::<Lc1728>::answering(answer))
}

/// Words no diagnosis says without the evidence for them: a cause it cannot see.
const GUESSED_CAUSES: [&str; 3] = ["a depth limit,", "on the current path", "a memo filled"];

fn rows() -> Vec<Row> {
    vec![
        // Only the wins that end at the mouse's first move are right: no depth shown, so no
        // horizon; the contradiction rests on right answers and lists every reply the cat has,
        // and says the hole is not one of them.
        Row {
            mistake: "913, the cat's moves counted with the hole",
            diagnosed: || lc913(|graph| lc913_retrograde(graph, CAT_COUNTS_HOLE)),
            says: &[
                "no horizon is shown: the only forced wins of the mouse judged right are those of \
                 up to 1 ply, which the rules end at the mouse's first move",
                "(and no other: the rules bar the cat's move to 0, the hole)",
                "That fits more than one mistake",
            ],
            never: &["a horizon of", "a limit on the game's length"],
            json_says: &[
                "\"caps\":[],\"near_caps\":[],\"only_longest\":true,\"beyond_first_move\":false",
                "\"all_right\":true,\"rests_on_answers\":true",
            ],
        },
        // The mouse can win at its first move; the program does not see it. Nothing of the
        // program's answers is rested on, and the report says so.
        Row {
            mistake: "913, the cat moves first",
            diagnosed: || lc913(|graph| lc913_retrograde(graph, CAT_FIRST)),
            says: &[
                "it ends the game at once: mouse wins",
                "This rests on none of your answers: the rules alone make this position mouse \
                 wins",
                "which side moves first",
            ],
            never: &["Every answer this rests on", "a horizon of"],
            json_says: &["\"horizon\":null", "\"rests_on_answers\":false"],
        },
        Row {
            mistake: "1728, no piece may stay",
            diagnosed: || lc1728(|game| lc1728_retrograde(game, false)),
            says: &[
                "no horizon is shown",
                "stays at",
                "That fits more than one mistake",
            ],
            never: &["a horizon of", "a limit on the game's length"],
            json_says: &["\"beyond_first_move\":false"],
        },
        // Caps: a horizon holding the cap, named.
        Row {
            mistake: "913, capped_2n.rs",
            diagnosed: || lc913(|graph| capped_memo::Solution::cat_mouse_game(graph.clone())),
            says: &["a horizon of", "2n = "],
            never: &[],
            json_says: &["\"beyond_first_move\":true", "{\"name\":\"2n = "],
        },
        Row {
            mistake: "913, capped_2n.rs cut at 3n",
            diagnosed: || lc913(|graph| capped_memo::capped(graph, 3)),
            says: &["a horizon of", "3n = "],
            never: &[],
            json_says: &[],
        },
        Row {
            mistake: "913, horizon_4n.rs",
            diagnosed: || lc913(|graph| horizon_4n::Solution::cat_mouse_game(graph.clone())),
            says: &["a horizon of", "4n = "],
            never: &[],
            json_says: &[],
        },
        Row {
            mistake: "1728, ply_cap_70.rs",
            diagnosed: || {
                lc1728(|game| {
                    let grid = game.grid.clone();
                    ply_cap_70::Solution::can_mouse_win(grid, game.cat_jump, game.mouse_jump)
                })
            },
            says: &["a horizon of", "70 plies"],
            never: &[],
            json_says: &[],
        },
        Row {
            mistake: "1728, cut at as many plies as open cells",
            diagnosed: || {
                lc1728(|game| {
                    let cells = shared::lc1728::open_cells(game);
                    let plies = tests::problems::lc1728::mouse_win_plies(game);
                    plies.is_some_and(|plies| usize::from(plies) <= cells)
                })
            },
            says: &["a horizon of", "the open cells = "],
            never: &[],
            json_says: &[],
        },
        // A position on the line of play taken as a draw: a contradiction at a position it
        // misjudges.
        Row {
            mistake: "913, revisit_draw.cpp's search",
            diagnosed: || lc913(|graph| lc913_depth_first(graph, 0)),
            says: &[
                "a contradiction in your own answers",
                "That fits more than one mistake",
            ],
            never: &[],
            json_says: &[],
        },
        // A repeated position scored as the mouse's win: the loop its claims go round.
        Row {
            mistake: "913, repeat_wins.py's search",
            diagnosed: || lc913(|graph| lc913_depth_first(graph, 1)),
            says: &["a win no line of play reaches: you call", "back to "],
            never: &["a contradiction"],
            json_says: &["\"contradiction_facts\":null", "\"agree\":true"],
        },
    ]
}

/// Every mistake's diagnosis says what its evidence shows, and names no cause it cannot see.
#[test]
fn each_mistake_s_diagnosis_claims_only_what_its_evidence_shows() {
    let rows = rows();
    let diagnosed: Vec<(Vec<String>, String)> = std::thread::scope(|scope| {
        let runs: Vec<_> = rows.iter().map(|row| scope.spawn(row.diagnosed)).collect();
        runs.into_iter()
            .map(|run| run.join().expect("a diagnosis"))
            .collect()
    });
    let mut failures = Vec::new();
    for (row, (lines, json)) in rows.iter().zip(&diagnosed) {
        let text = lines.join("\n");
        let before = failures.len();
        for words in row.says.iter().filter(|words| !text.contains(**words)) {
            failures.push(format!("{}: does not say {words:?}", row.mistake));
        }
        for words in row.never.iter().chain(&GUESSED_CAUSES) {
            if text.contains(words) {
                failures.push(format!("{}: says {words:?}", row.mistake));
            }
        }
        for fact in row.json_says.iter().filter(|fact| !json.contains(**fact)) {
            failures.push(format!("{}: its --json has no {fact}", row.mistake));
        }
        if failures.len() > before {
            failures.push(format!("{}'s diagnosis:\n{text}\n{json}", row.mistake));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// noi2011's diagnosis asks about each parted round again on the game cut there (a process of
/// its own): a program right on any game's first round and wrong on its second, as one that
/// forgets what earlier rounds left behind (noi2011's `correct.py` with the matching's repair
/// thrown away) is, has its error carried from the rounds before; one wrong by its rule
/// (`no_winning_before.rs`, end to end in check.rs) has it in the round itself.
#[test]
fn a_noi2011_round_judged_right_when_cut_there_is_an_error_carried_from_before() {
    let wrong_in_round_two = |record: &shared::noi2011::Record| {
        let mut mistakes = (::noi2011::VARIANTS[0].mistakes)(&record.board, &record.moves);
        if record.moves.len() >= 4 {
            match mistakes.iter().position(|&round| round == 2) {
                Some(place) => {
                    mistakes.remove(place);
                }
                None => {
                    mistakes.push(2);
                    mistakes.sort_unstable();
                }
            }
        }
        Mistakes(mistakes)
    };
    let (lines, json) = diagnosis_of(InProcess::<Noi2011>::answering(wrong_in_round_two));
    let text = lines.join("\n");
    assert!(text.contains("round 2, Tutu moves"), "{text}");
    assert!(
        text.contains(
            "the game cut at round 2 (its board as the start): you judge its first round right: \
             the error is carried from the rounds before"
        ),
        "{text}"
    );
    assert!(!text.contains("round 1, Tutu moves"), "{text}");
    assert!(json.contains("\"cut_says_mistake\":"), "{json}");
}
