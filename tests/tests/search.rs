//! The search, in process: `--check`'s plan, batches, locating, shrinking, time-outs, waits,
//! flaky answers and sequences, run on programs played by Rust functions
//! (`search::in_process`), each outcome read as the typed value the report is written from.
//! No compiler, no sandbox, no wall clock: every test here runs in well under a second or two,
//! and what only a real build or a real process shows stays in the end-to-end tests
//! (check.rs and its neighbours).

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tests::outcome::gather::{self, Writes};
use tests::outcome::verdict::{Failed, Outcome, Reported, Shrinking, Verdict, Yours};
use tests::problems::instances::{Known, Table};
use tests::problems::lc1728::Lc1728;
use tests::problems::lc913::Lc913;
use tests::problems::noi2011::{Mistakes, Noi2011};
use tests::problems::Problem;
use tests::render::sizes::size_words;
use tests::search::caught::Origin;
use tests::search::in_process::{Act, Call, InProcess, Play};
use tests::search::minimise::{Minimality, Proof};
use tests::search::plan::{InstanceName, Plan};
use tests::search::run_plan::search_on;

use crate::mistakes;

/// The outcome of `--check` with `args` on `program`, as the report would be written from it,
/// and its verdict.
fn checked<P: Problem + 'static>(args: &[&str], program: InProcess<P>) -> (Outcome, Verdict) {
    let mut argv = vec!["in-process".to_string()];
    argv.extend(args.iter().map(|arg| arg.to_string()));
    let options = tests::driver::options::options(&argv)
        .expect("the options read")
        .search;
    let solvers = P::solvers();
    let plan = Plan::of::<P>(&options);
    let finding = search_on(&options, &solvers[0], &plan, Box::new(program));
    let outcome = finding.map(|finding| {
        let writes = Writes::<P> {
            page: None,
            save: |_| None,
        };
        gather::outcome(finding, &writes)
    });
    let verdict = Verdict::of(&outcome);
    (outcome.expect("a verdict"), verdict)
}

/// The text report says what `--json` says of the same outcome: `field`, the first the JSON
/// holds of its kind (a pass's `summary`, a counterexample's `instance`, a sequence's
/// `state_kept`, a `fault`), a string of the top-level object, stands in the text up to its
/// figures in parentheses.
fn assert_text_says_what_json_says(outcome: &Outcome, field: &str) {
    let json = tests::render::json::outcome(outcome);
    let text = tests::render::report::text(outcome);
    let said = top_level_string(&json, field).unwrap_or_else(|| panic!("no {field} in {json}"));
    let first = said.lines().next().unwrap_or_default();
    let first = first.split(" (").next().unwrap_or_default();
    assert!(!first.is_empty(), "an empty {field} in {json}");
    assert!(text.contains(first), "{first:?} not in\n{text}\n{json}");
}

/// The string value of `field` in the JSON object `json`, at its top level (not a key of the
/// same name in an object inside it), unescaped; `None` where it has none. A reader of the
/// JSON grammar's strings and nesting only, for what this crate's renderer writes; the
/// independent parser of `--json` is Python's, in check_reports.rs.
fn top_level_string(json: &str, field: &str) -> Option<String> {
    let (mut at, mut depth) = (0, 0);
    while let Some(c) = json[at..].chars().next() {
        at += c.len_utf8();
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            '"' => {
                let (text, length) = json_string(&json[at..])?;
                at += length;
                if depth == 1 && text == field && json[at..].starts_with(":\"") {
                    return json_string(&json[at + 2..]).map(|(value, _)| value);
                }
            }
            _ => {}
        }
    }
    None
}

/// The JSON string that `rest` begins with (after its opening quote), unescaped, and the
/// bytes it takes in `rest`, its closing quote included.
fn json_string(rest: &str) -> Option<(String, usize)> {
    let mut out = String::new();
    let mut chars = rest.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((out, at + 1)),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).map(|(_, c)| c).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

#[test]
fn the_top_level_string_is_read_not_a_nested_one() {
    let json = r#"{"a":{"fault":"inner"},"fault":"outer \"quoted\"\nline","n":[1,"fault"]}"#;
    assert_eq!(
        top_level_string(json, "fault").as_deref(),
        Some("outer \"quoted\"\nline")
    );
    assert_eq!(top_level_string(json, "a"), None);
    assert_eq!(top_level_string(json, "missing"), None);
}

/// The counterexample of an outcome that must be one.
fn failed(outcome: &Outcome) -> &Failed {
    match outcome {
        Outcome::Fails(failed) => failed,
        _ => panic!("no counterexample: {outcome:?}"),
    }
}

/// The instances a counterexample reports: one, or a sequence.
fn instances(failed: &Failed) -> Vec<String> {
    match &failed.reported {
        Reported::Instance { instance, .. } => vec![instance.clone()],
        Reported::Sequence { instances, .. } => instances.clone(),
    }
}

/// The right answer to an lc913 graph, from the default variant.
fn lc913_right(graph: &[Vec<i32>]) -> i32 {
    (::lc913::VARIANTS[0].cat_mouse_game)(graph.to_vec())
}

fn noi2011_right(record: &shared::noi2011::Record) -> Mistakes {
    Mistakes((::noi2011::VARIANTS[0].mistakes)(
        &record.board,
        &record.moves,
    ))
}

/// Every call a play got, with its test case.
type Calls<P> = Arc<Mutex<Vec<(<P as Problem>::Case, Call)>>>;

/// A play that records every call it gets.
fn recorded<P: Problem + 'static>(
    play: impl Fn(&P::Case, Call) -> Act<P::Answer> + Send + Sync + 'static,
) -> (Play<P>, Calls<P>) {
    let calls = Arc::new(Mutex::new(Vec::new()));
    let heard = calls.clone();
    let play: Play<P> = Arc::new(move |case: &P::Case, call: Call| {
        heard.lock().unwrap().push((case.clone(), call));
        play(case, call)
    });
    (play, calls)
}

#[test]
fn a_right_program_passes_the_whole_plan() {
    let (outcome, verdict) = checked(
        &["--cases", "600"],
        InProcess::<Lc913>::answering(|graph| lc913_right(graph)),
    );
    assert_eq!(verdict, Verdict::Pass);
    let Outcome::Pass(pass) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(pass.plan.ran(), 600);
    assert!(pass.unreproduced.is_empty());
    assert_text_says_what_json_says(&Outcome::Pass(pass), "summary");
}

/// The search tells whoever watches how far its plan has run, and nothing else: each count
/// of instances passed larger than the last, up to the plan's, then once that its runs
/// ended; on a failure, the count stops short of the plan (or is never told, where it came
/// in the first runs). The words are the driver's.
#[test]
fn the_search_tells_its_progress_and_draws_nothing() {
    use tests::search::options::Progress;
    let wrong = |graph: &Vec<Vec<i32>>| match graph.len() {
        6 => 2,
        _ => lc913_right(graph),
    };
    for (program, planned, fails) in [
        (
            InProcess::<Lc913>::answering(|graph| lc913_right(graph)),
            600,
            false,
        ),
        (InProcess::<Lc913>::answering(wrong), 600, true),
    ] {
        let argv = ["in-process", "--cases", "600"].map(String::from);
        let mut options = tests::driver::options::options(&argv)
            .expect("the options read")
            .search;
        let told = Arc::new(Mutex::new(Vec::new()));
        let heard = told.clone();
        options.progress = Some(Arc::new(move |progress| {
            heard.lock().unwrap().push(progress)
        }));
        let plan = Plan::of::<Lc913>(&options);
        let solvers = Lc913::solvers();
        let finding = search_on(&options, &solvers[0], &plan, Box::new(program));
        assert!(finding.is_ok());
        let told = told.lock().unwrap().clone();
        let (last, ran) = told.split_last().expect("progress was told");
        assert_eq!(*last, Progress::Ended, "{told:?}");
        let done: Vec<usize> = ran
            .iter()
            .map(|progress| match progress {
                Progress::Ran { done, planned: of } if *of == planned => *done,
                other => panic!("{other:?} among {told:?}"),
            })
            .collect();
        // A failure may come in the first runs, before any count.
        assert!(
            (fails || !done.is_empty()) && done.windows(2).all(|w| w[0] < w[1]),
            "{done:?}"
        );
        assert_eq!(done.last() == Some(&planned), !fails, "{done:?}");
    }
}

/// A mouse's win called a draw on graphs of five nodes or more: reported on a graph of five
/// nodes, the smallest there is, with the proof that says so; the wrong answer and the right
/// one as the judge reads them.
#[test]
fn a_wrong_answer_is_shrunk_to_the_smallest_failing_graph() {
    let wrong = |graph: &Vec<Vec<i32>>| match lc913_right(graph) {
        1 if graph.len() >= 5 => 0,
        right => right,
    };
    let (outcome, verdict) = checked(&[], InProcess::<Lc913>::answering(wrong));
    assert_eq!(verdict, Verdict::WrongAnswer);
    let failed = failed(&outcome);
    let measure = failed.reported.measure().expect("a measure");
    assert_eq!(measure.values[0], 5, "{failed:?}");
    assert!(matches!(failed.yours, Yours::Answer(ref answer) if answer == "0"));
    assert_eq!(failed.expected, ["1"]);
    let Minimality::Shrunk { proof, .. } = &failed.found.smallest else {
        panic!("{:?}", failed.found.smallest)
    };
    let smallest = match proof {
        Some(Proof::FirstInOrder) => true,
        Some(Proof::FirstOf { smallest, .. } | Proof::NoneFails { smallest, .. }) => *smallest,
        other => panic!("{other:?}"),
    };
    assert!(smallest, "{proof:?}");
    assert_text_says_what_json_says(&outcome, "instance");
}

/// A slow program (40 ms of CPU time a test case, as a search that runs a BFS for every cat
/// move under AddressSanitizer takes), wrong only on the cat's wins of larger graphs, is
/// shrunk under the default budget, its candidates answered many to a process: its runs are
/// far fewer than the test cases they answered.
#[test]
fn a_slow_program_s_counterexample_is_shrunk_in_batches() {
    let slow: Play<Lc913> = Arc::new(|graph, _| {
        let right = lc913_right(graph);
        let answer = match graph.len() >= 8 && right == 2 {
            true => 0,
            false => right,
        };
        Act::Computes(Duration::from_millis(40), answer)
    });
    let (outcome, verdict) = checked(&[], InProcess::<Lc913>::new(slow));
    assert_eq!(verdict, Verdict::WrongAnswer, "{outcome:?}");
    let failed = failed(&outcome);
    let Shrinking::Instance {
        from_measure: Some(from),
        runs,
        cases,
        ..
    } = &failed.found.shrinking
    else {
        panic!("not shrunk: {:?}", failed.found.shrinking)
    };
    let measure = failed.reported.measure().expect("a measure");
    assert!(measure.values < from.values, "{measure:?} from {from:?}");
    assert!(*cases >= 20 * *runs, "{runs} runs for {cases} test cases");
}

#[test]
fn noi2011_reports_the_smallest_failing_game() {
    let wrong = |record: &shared::noi2011::Record| match record.cells() >= 6 {
        true => Mistakes(Vec::new()),
        false => noi2011_right(record),
    };
    let smallest = shared::noi2011::all_records(8)
        .into_iter()
        .find(|record| wrong(record) != noi2011_right(record))
        .expect("a failing game of up to 8 cells");
    let (outcome, verdict) = checked(&[], InProcess::<Noi2011>::answering(wrong));
    assert_eq!(verdict, Verdict::WrongAnswer);
    let failed = failed(&outcome);
    let measure = failed.reported.measure().expect("a measure");
    assert_eq!(measure.values[0], smallest.cells(), "{failed:?}");
    assert!(
        matches!(
            &failed.found.smallest,
            Minimality::Shrunk { proof: Some(_), .. }
        ),
        "{:?}",
        failed.found.smallest
    );
}

/// The same report however many processes run at once: the first failure in plan order.
#[test]
fn the_report_does_not_depend_on_how_many_run_at_once() {
    // Wrong only on larger graphs the cat wins: first met among the random instances.
    let wrong = |graph: &Vec<Vec<i32>>| match lc913_right(graph) {
        2 if graph.len() >= 30 => 0,
        right => right,
    };
    let reports: Vec<(Vec<String>, String)> = ["1", "2", "3"]
        .iter()
        .map(|jobs| {
            let (outcome, _) = checked(&["--jobs", jobs], InProcess::<Lc913>::answering(wrong));
            let failed = failed(&outcome);
            (instances(failed), format!("{:?}", failed.found.origin))
        })
        .collect();
    assert!(
        reports.iter().all(|report| *report == reports[0]),
        "{reports:?}"
    );
}

/// An lc913 program as a Rust function.
type Lc913Answer = fn(&Vec<Vec<i32>>) -> i32;

/// 913's searches and relaxations cut off at a horizon, as LeetCode accepted them for years
/// (the fixtures themselves, or their searches cut where the C++ and Java ones are), are caught
/// by the deepest-win table, run in order of size, on about the smallest graph whose forced win
/// is longer than the cap (the bounds are the table's first such graph, and a little room for a
/// cap in sweeps rather than plies). (`sweeps_2n.py`, the same cap in sweeps as `sweeps_3n.rs`
/// a third lower, is run in the benchmarks, `tests/benches/check.rs`.)
#[test]
fn lc913_searches_capped_at_a_horizon_are_caught_by_the_deepest_wins() {
    let capped: [(&str, Lc913Answer, usize); 4] = [
        (
            "horizon_4n.rs",
            |graph| mistakes::horizon_4n::Solution::cat_mouse_game(graph.clone()),
            16,
        ),
        (
            "memo_5n.cpp's cap",
            |graph| mistakes::capped_memo::capped(graph, 5),
            24,
        ),
        (
            "Capped200.java's cap",
            |graph| mistakes::capped_memo::capped_at(graph, 200),
            38,
        ),
        (
            "sweeps_3n.rs",
            |graph| mistakes::sweeps_3n::Solution::cat_mouse_game(graph.clone()),
            24,
        ),
    ];
    let found: Vec<(Verdict, Option<usize>)> = std::thread::scope(|scope| {
        let runs: Vec<_> = capped
            .iter()
            .map(|&(_, answer, _)| {
                scope.spawn(move || {
                    // Caught is the point; a second of shrinking and of diagnosis is enough.
                    let args = ["--shrink-seconds", "1", "--diagnose-seconds", "1"];
                    let (outcome, verdict) = checked(
                        &args,
                        InProcess::<Lc913>::answering(answer).charging_own_time(),
                    );
                    let nodes = match &outcome {
                        Outcome::Fails(failed) => failed.reported.measure().map(|m| m.values[0]),
                        _ => None,
                    };
                    (verdict, nodes)
                })
            })
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("a verdict"))
            .collect()
    });
    for ((name, _, most_nodes), (verdict, nodes)) in capped.iter().zip(found) {
        assert_eq!(verdict, Verdict::WrongAnswer, "{name}");
        assert!(
            nodes.is_some_and(|nodes| nodes <= *most_nodes),
            "{name}: {nodes:?}"
        );
    }
}

/// Searches cut off at a horizon, as LeetCode accepted them for years, are caught by the
/// deepest-win table on about the fewest open cells it knows a longer win on.
#[test]
fn a_search_capped_at_a_horizon_is_caught_by_the_deepest_wins() {
    for (cap, most_open_cells) in [(74, 40), (76, 41)] {
        let capped = move |game: &shared::lc1728::Case| {
            tests::problems::lc1728::mouse_win_plies(game).is_some_and(|plies| plies <= cap)
        };
        let args = ["--shrink-seconds", "10"];
        let (outcome, verdict) = checked(&args, InProcess::<Lc1728>::answering(capped));
        assert_eq!(verdict, Verdict::WrongAnswer);
        let measure = failed(&outcome).reported.measure().expect("a measure");
        assert!(
            measure.values[0] <= most_open_cells,
            "cap {cap}: {measure:?}"
        );
    }
}

/// A program that computes past the limit is `too slow` where it happened: not shrunk, no
/// expected answer; one that waits is blamed at once, never run alone again.
#[test]
fn a_time_out_is_too_slow_where_it_happened_and_a_wait_is_not_run_again() {
    for (act, waited) in [(Act::Spins, false), (Act::Waits, true)] {
        let (play, calls) = recorded::<Lc913>(move |graph, _| match graph.len() >= 9 {
            true => act.clone(),
            false => Act::Answers(lc913_right(graph)),
        });
        let (outcome, verdict) = checked(&["--time-limit", "0.5"], InProcess::<Lc913>::new(play));
        assert_eq!(verdict, Verdict::TooSlow);
        let failed = failed(&outcome);
        assert_eq!(failed.found.smallest, Minimality::NotShrunk { waited });
        assert_eq!(failed.reported.measure().map(|m| m.values[0]), Some(9));
        assert!(failed.too_slow.is_some(), "{failed:?}");
        // Slow is not wrong: the text report sets no answer against the right one, shows no
        // line of play and claims no shrinking.
        let text = tests::render::report::text(&outcome);
        for line in text.lines() {
            assert!(
                !line.starts_with("expected:")
                    && line != "why:"
                    && !line.starts_with("play it out")
                    && !line.contains("shrinking took"),
                "{text}"
            );
        }
        assert_text_says_what_json_says(&outcome, "fault");
        let reported = &instances(failed)[0];
        let calls = calls.lock().unwrap();
        let alone = calls
            .iter()
            .filter(|(graph, call)| {
                call.in_process == 0 && &tests::problems::lc913::judge_text(graph) == reported
            })
            .count();
        // A computation past the limit is run again alone to confirm it; a wait is not.
        match waited {
            true => assert!(alone <= 1, "{alone} runs of the reported graph first"),
            false => assert!(alone >= 1, "never confirmed alone"),
        }
    }
}

/// A time-out that does not happen again alone is the machine's, not the program's: the plan
/// goes on, passes, and the report names what was not reproduced.
#[test]
fn a_stall_that_does_not_happen_again_is_not_blamed() {
    let play: Play<Lc913> = Arc::new(|graph, call| match (graph.len(), call.asked_before) {
        (7, 0) => Act::Spins,
        _ => Act::Answers(lc913_right(graph)),
    });
    let (outcome, verdict) = checked(&["--cases", "2000"], InProcess::<Lc913>::new(play));
    assert_eq!(verdict, Verdict::Pass);
    let Outcome::Pass(pass) = outcome else {
        panic!("{outcome:?}")
    };
    assert!(!pass.unreproduced.is_empty());
}

/// A wrong answer given only the first time a graph is asked is reported as flaky: what it
/// said then, and that it was right alone.
#[test]
fn a_wrong_answer_given_once_is_flaky() {
    let play: Play<Lc913> = Arc::new(|graph, call| {
        let right = lc913_right(graph);
        match (graph.len() >= 6, call.asked_before) {
            (true, 0) => Act::Answers((right + 1) % 3),
            _ => Act::Answers(right),
        }
    });
    let (outcome, verdict) = checked(&[], InProcess::<Lc913>::new(play));
    assert_eq!(verdict, Verdict::Flaky, "{outcome:?}");
    let failed = failed(&outcome);
    assert!(matches!(&failed.yours, Yours::Flaky(_)), "{failed:?}");
    assert_eq!(failed.reported.measure().map(|m| m.values[0]), Some(6));
}

/// A program that answers wrongly from its fourth call in a process on, whatever it is asked:
/// the shortest failing sequence, four test cases, its last failing and passing alone.
#[test]
fn state_kept_between_calls_is_the_shortest_failing_sequence() {
    let play: Play<Lc913> = Arc::new(|graph, call| {
        let right = lc913_right(graph);
        match call.in_process >= 3 {
            true => Act::Answers((right + 1) % 3),
            false => Act::Answers(right),
        }
    });
    let (outcome, verdict) = checked(&[], InProcess::<Lc913>::new(play));
    assert_eq!(verdict, Verdict::WrongAnswer);
    let failed = failed(&outcome);
    let Reported::Sequence {
        instances,
        passes_alone,
        ..
    } = &failed.reported
    else {
        panic!("no sequence: {failed:?}")
    };
    assert_eq!(instances.len(), 4, "{failed:?}");
    assert!(passes_alone);
    assert_eq!(
        failed.found.smallest,
        Minimality::Sequence { finished: true }
    );
    assert_text_says_what_json_says(&outcome, "state_kept");
}

/// A crash in the middle of a batch is located to its test case, and what the program
/// printed beside its answers is shown with it; output past the limit on one test case is
/// that test case's failure, not its batch's.
#[test]
fn a_crash_or_a_flood_is_located_to_its_test_case() {
    for act in [
        Act::Crashes(11),
        Act::Floods,
        Act::Garbles("oops".to_string()),
    ] {
        let expected = act.clone();
        let play: Play<Lc913> = Arc::new(move |graph, _| {
            let right = lc913_right(graph);
            match (graph.len(), graph.iter().map(Vec::len).sum::<usize>()) {
                (6, edges) if edges >= 14 => expected.clone(),
                _ => Act::Prints("debug\n".to_string(), right),
            }
        });
        let (outcome, verdict) = checked(&[], InProcess::<Lc913>::new(play));
        assert_eq!(verdict, Verdict::Crash, "{act:?}: {outcome:?}");
        let failed = failed(&outcome);
        let graph = tests::problems::lc913::parse(&instances(failed)[0]).unwrap();
        assert_eq!(graph[0].len(), 6, "{act:?}: {failed:?}");
        let printed = &failed.printed;
        assert!(printed.text.contains("debug") || printed.text.is_empty());
        // What the run printed is counted as well as kept, and the count reaches the report
        // (the sandbox's own count is check_faults' to check).
        assert_eq!(printed.bytes, printed.text.len() as u64, "{printed:?}");
        assert_text_says_what_json_says(&outcome, "fault");
    }
}

/// `--seconds` that ends the search before any answer is no verdict, never a pass; nor is
/// one that ends it after some answers, and the report says how much of the plan ran.
#[test]
fn a_plan_cut_short_is_not_finished() {
    let slow: Play<Lc913> =
        Arc::new(|graph, _| Act::Computes(Duration::from_millis(400), lc913_right(graph)));
    let (outcome, verdict) = checked(
        &["--seconds", "0.001", "--time-limit", "0.1"],
        InProcess::<Lc913>::new(slow),
    );
    assert_eq!(verdict, Verdict::NotFinished, "{outcome:?}");
    // `--seconds` is wall-clock time, which only a real wait passes in process.
    let slow: Play<Lc913> = Arc::new(|graph, _| {
        std::thread::sleep(Duration::from_millis(20));
        Act::Answers(lc913_right(graph))
    });
    let (outcome, verdict) = checked(&["--seconds", "0.5"], InProcess::<Lc913>::new(slow));
    assert_eq!(verdict, Verdict::NotFinished, "{outcome:?}");
    let text = tests::render::report::text(&outcome);
    let verdict = text
        .lines()
        .find(|line| !line.starts_with("build: ") && !line.starts_with("sandbox: "));
    assert!(
        verdict.is_some_and(|verdict| verdict.starts_with("not finished: ")
            && verdict.contains(
                " of the plan's 2,868 instances ran in --seconds 0.5, and passed; no verdict"
            )),
        "{text}"
    );
}

/// A time-out under checks the judge does not run (UBSan's, say) is the judge's only on its
/// own build: where that build answers in time, the plan runs again on it, and the report's
/// build says the extra checks were too slow, on which instance.
#[test]
fn a_time_out_only_an_extra_check_caused_is_not_too_slow() {
    use tests::build::built::{Built, Note, ToolRun};
    let built = Built {
        tool: Some(ToolRun {
            name: "clang++-19".to_string(),
            judge: "LeetCode".to_string(),
            extra_checks: vec!["undefined".to_string()],
            ..Default::default()
        }),
        notes: Vec::new(),
    };
    let slow_under_checks: Play<Lc913> = Arc::new(|graph, _| match graph.len() >= 9 {
        true => Act::Spins,
        false => Act::Answers(lc913_right(graph)),
    });
    let judges: Play<Lc913> = Arc::new(|graph, _| Act::Answers(lc913_right(graph)));
    let program = InProcess::<Lc913>::new(slow_under_checks)
        .built_as(built)
        .rebuilt_as(judges);
    let (outcome, verdict) = checked(&["--cases", "400"], program);
    assert_eq!(verdict, Verdict::Pass, "{outcome:?}");
    let Outcome::Pass(pass) = outcome else {
        panic!("{outcome:?}")
    };
    let notes = &pass.build.built.notes;
    assert!(
        matches!(notes.as_slice(), [Note::ExtraTooSlow { checks, judge, .. }]
            if checks == &["undefined"] && judge == "LeetCode"),
        "{notes:?}"
    );
    assert_eq!(pass.build.built.extra_checks(), [] as [String; 0]);
}

/// A wrong answer that came from the second of two runs at once, whose first passed, is that
/// run's own: told as flaky once the lone run answers right, never run again as if it had
/// been stopped for nothing.
#[test]
fn a_wrong_answer_once_in_the_second_of_two_runs_is_flaky() {
    let second_sample = noi2011_examples_case(1);
    let play: Play<Noi2011> = Arc::new(move |record, call| {
        let right = noi2011_right(record);
        match *record == second_sample && call.asked_before == 0 {
            true => Act::Answers(Mistakes(vec![1; right.0.len() + 1])),
            false => Act::Answers(right),
        }
    });
    let (outcome, verdict) = checked(&["--jobs", "2"], InProcess::<Noi2011>::new(play));
    assert_eq!(verdict, Verdict::Flaky, "{outcome:?}");
    let failed = failed(&outcome);
    let second = Known::Listed {
        table: Table::Sample,
        at: 2,
    };
    assert_eq!(
        failed.found.origin,
        Origin::Instance(InstanceName::Named(second))
    );
    assert!(matches!(&failed.yours, Yours::Flaky(_)), "{failed:?}");
}

/// The statement's `index`-th example (from 0) of noi2011.
fn noi2011_examples_case(index: usize) -> shared::noi2011::Record {
    let examples = tests::problems::noi2011::examples();
    examples.into_iter().nth(index).expect("an example").0
}

/// A right program that prints beside its answers passes, and the pass says what it printed
/// as facts: the bytes in all, in how many of its runs, and how the first run's prints began;
/// one that prints nothing says nothing of it.
#[test]
fn a_pass_says_what_the_program_printed() {
    let chatty: Play<Lc913> =
        Arc::new(|graph, _| Act::Prints(format!("nodes {}\n", graph.len()), lc913_right(graph)));
    let (outcome, verdict) = checked(&["--cases", "100"], InProcess::<Lc913>::new(chatty));
    assert_eq!(verdict, Verdict::Pass);
    let Outcome::Pass(pass) = &outcome else {
        panic!("{outcome:?}")
    };
    assert!(
        pass.printed.bytes >= 100 * "nodes 3\n".len() as u64,
        "{:?}",
        pass.printed
    );
    assert_eq!(pass.printed.runs, pass.runs);
    assert!(
        pass.printed.first.starts_with("nodes "),
        "{:?}",
        pass.printed
    );
    let text = tests::render::report::text(&outcome);
    let line = format!(
        "printed: {} bytes on stdout besides the answers, in {} of {} runs; the first that \
         printed began: 'nodes ",
        tests::text::thousands(pass.printed.bytes),
        pass.runs,
        pass.runs
    );
    assert!(text.contains(&line), "{text}");
    let json = tests::render::json::outcome(&outcome);
    let facts = format!(
        "\"printed\":{{\"bytes\":{},\"runs_printed\":{},\"runs\":{}",
        pass.printed.bytes, pass.runs, pass.runs
    );
    assert!(json.contains(&facts), "{json}");

    let quiet = InProcess::<Lc913>::answering(|graph| lc913_right(graph));
    let (outcome, _) = checked(&["--cases", "100"], quiet);
    assert!(!tests::render::report::text(&outcome).contains("printed:"));
    assert!(tests::render::json::outcome(&outcome).contains("\"printed\":null"));
}

/// A pass whose program printed on some test cases says which one printed when run alone,
/// as a judge shows a test case's own output: the first of the first printing run's test cases
/// that prints, found by halving that run; the halving's runs are its own, not the check's.
#[test]
fn a_pass_says_which_test_case_printed_alone() {
    let on_four: Play<Lc913> = Arc::new(|graph, _| match graph.len() {
        4 => Act::Prints("four nodes\n".to_string(), lc913_right(graph)),
        _ => Act::Answers(lc913_right(graph)),
    });
    let (outcome, verdict) = checked(&["--cases", "100"], InProcess::<Lc913>::new(on_four));
    assert_eq!(verdict, Verdict::Pass);
    let Outcome::Pass(pass) = &outcome else {
        panic!("{outcome:?}")
    };
    let options = tests::driver::options::options(&["in-process".to_string()])
        .unwrap()
        .search;
    let plan = Plan::of::<Lc913>(&options).all_cases();
    let first_four = plan
        .iter()
        .find(|graph| graph.len() == 4)
        .expect("a 4-node graph");
    let alone = pass
        .printed
        .alone
        .as_ref()
        .expect("a test case printed alone");
    assert_eq!(alone.instance, Lc913::judge_text(first_four));
    assert_eq!(alone.size, Lc913::size(first_four));
    assert_eq!(alone.printed.text, "four nodes\n");
    assert_eq!(alone.printed.bytes, 11);
    // A first run of at most eight test cases, halved at most three times, at most two runs
    // a halving.
    assert!((1..=6).contains(&alone.runs), "{alone:?}");
    let text = tests::render::report::text(&outcome);
    let said =
        format!(
        "; run alone, the test case {} ({}) printed 11 bytes, beginning 'four nodes' (found by \
         halving the first run that printed, in {} more runs)",
        alone.instance, size_words(alone.size), alone.runs
    );
    assert!(text.contains(&said), "{text}");
    let json = tests::render::json::outcome(&outcome);
    assert!(json.contains("\"alone\":{\"instance\":"), "{json}");

    // What prints only after other calls (the second of each process) prints alone nowhere,
    // and the pass says nothing of any test case.
    let second: Play<Lc913> = Arc::new(|graph, call| match call.in_process {
        1 => Act::Prints("second\n".to_string(), lc913_right(graph)),
        _ => Act::Answers(lc913_right(graph)),
    });
    let (outcome, _) = checked(&["--cases", "100"], InProcess::<Lc913>::new(second));
    let Outcome::Pass(pass) = &outcome else {
        panic!("{outcome:?}")
    };
    assert!(
        pass.printed.bytes > 0 && pass.printed.alone.is_none(),
        "{pass:?}"
    );
    let text = tests::render::report::text(&outcome);
    assert!(
        text.contains("printed: ") && !text.contains("run alone"),
        "{text}"
    );
}

/// A pass states its margin to the time limit: the slowest test case's CPU time against the
/// limit, and which it was; one within a fifth of the limit says so.
#[test]
fn a_pass_states_its_slowest_test_case_against_the_limit() {
    let slow_on_ten: Play<Lc913> = Arc::new(|graph, _| {
        let cpu = match graph.len() {
            10 => Duration::from_millis(2600),
            _ => Duration::from_millis(1),
        };
        Act::Computes(cpu, lc913_right(graph))
    });
    let args = ["--cases", "200", "--time-limit", "3"];
    let (outcome, verdict) = checked(&args, InProcess::<Lc913>::new(slow_on_ten));
    assert_eq!(verdict, Verdict::Pass, "{outcome:?}");
    let Outcome::Pass(pass) = &outcome else {
        panic!("{outcome:?}")
    };
    let slowest = pass.margins.slowest.as_ref().expect("a slowest test case");
    assert_eq!(slowest.cpu, Duration::from_millis(2600));
    assert_eq!(slowest.measure.values[0], 10);
    let text = tests::render::report::text(&outcome);
    let line = format!(
        "slowest test case: 2.60 s of CPU against the 3 s limit ({}); within a fifth of the \
         limit, so a slower judge may say Time Limit Exceeded",
        size_words(slowest.size)
    );
    assert!(text.contains(&line), "{text}");
    assert!(tests::render::json::outcome(&outcome).contains("\"within_a_fifth\":true"));

    let quick = InProcess::<Lc913>::answering(|graph| lc913_right(graph));
    let (outcome, _) = checked(&args, quick);
    let text = tests::render::report::text(&outcome);
    assert!(
        text.contains("slowest test case: 0.00 s of CPU against the 3 s limit ("),
        "{text}"
    );
    assert!(!text.contains("within a fifth"), "{text}");
}
