//! What `--check` reports, and in what form, through the real binaries: `--json`'s one object
//! for every kind of outcome, read by an independent parser (Python's `json`), with the exit
//! status the text report has and the fields of tests/JSON.md's example of its verdict; the
//! text report's wording, kept whole as snapshots; the commands a report ends with, which rerun
//! and play out its instance, and `--input`; a counterexample's page; exit status 2 for a build
//! that fails, a compiler that is missing and a bad option. The solutions are built with the
//! judges' compilers and run in bubblewrap: a test that needs a compiler or an interpreter this
//! machine lacks says so and skips it, and without bubblewrap the runs are `--unsandboxed`,
//! saying so, except under CI (`CI=true`), where either fails.

use crate::support::*;
use assert_cmd::Command;
use std::path::PathBuf;

/// `--html FILE` writes the reported counterexample as a page, the program's answer against
/// the true one at its top, and the report says where it went.
#[test]
fn a_counterexample_s_page_shows_both_answers() {
    let page = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("counterexample.html");
    let _ = std::fs::remove_file(&page);
    let html = page.to_string_lossy().into_owned();
    let capped = fixture("lc913", "capped_2n.rs");
    let json = failed_json("lc913", &capped, &["--html", &html]);
    let page_line = format!("found['page'].startswith('page: ' + {html:?} + ' (open it')");
    assert_facts(&json, &[(page_line.as_str(), "True")]);
    let text = std::fs::read_to_string(&page).unwrap();
    let top = format!(
        "your answer: <b class=\"lose\">{}</b>; expected: <b class=\"win\">{}</b>",
        json_text(&json, "found['answer']"),
        json_text(&json, "found['expected']")
    );
    assert!(text.contains(&top), "{top} not in the page");
    let output = check("lc913", &capped, &["--html"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn build_problems_and_bad_options_exit_2() {
    // A compile error is a verdict, exit 1 (check_languages' compile errors).
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .env("CXX", "/nowhere/g++")
        .args(["--check", &fixture("lc913", "correct.cpp")])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: the C++ compiler '/nowhere/g++' was not found; set CXX to a C++17 compiler\n"
    );
    let output = check("lc913", "mine.rs", &["--cases", "many"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --cases needs a count, not 'many'\n"
    );
}

/// Every report ends with the commands that rerun exactly its instance (`--input`) and play
/// it out (`--explain`); `--input` checks the user's own instances, and refuses bad ones as the
/// command line does.
#[test]
fn reports_end_with_commands_that_rerun_and_explain_them() {
    let file = fixture("lc913", "revisit_draw.cpp");
    if missing_tool(&file).is_some() {
        return;
    }
    let first = failed_json("lc913", &file, &[]);
    let rerun = json_text(&first, "found['rerun']");
    let rerun = rerun
        .strip_prefix("cargo run -q --bin lc913 -- ")
        .unwrap_or_else(|| panic!("no rerun command: {first}"));
    let words: Vec<&str> = rerun.split_whitespace().collect();
    assert_eq!(words[..3], ["--check", file.as_str(), "--input"], "{rerun}");
    let explain = format!("cargo run -q --bin lc913 -- --explain < {}", words[3]);
    assert_eq!(json_text(&first, "found['explain']"), explain);
    let again = Command::cargo_bin("lc913")
        .unwrap()
        .args(&words)
        .arg("--json")
        .output()
        .unwrap();
    let instance = json_text(&first, "found['instance']");
    let same = format!("found['instance'] == {instance:?}");
    let yours = [
        ("found['origin_facts']", "{'kind': 'yours', 'at': 1}"),
        (same.as_str(), "True"),
    ];
    assert_exit_and_facts(&again, 1, &yours);
    let explained = Command::cargo_bin("lc913")
        .unwrap()
        .arg("--explain")
        .pipe_stdin(words[3])
        .unwrap()
        .output()
        .unwrap();
    assert_eq!(explained.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&explained.stdout).contains("result: cat wins"));
    // Without --input, test cases on stdin are not read, and a note says so.
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .args(["--check", &fixture("lc913", "correct.cpp"), "--cases", "5"])
        .write_stdin("[[1,2],[0,2],[0,1]]\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("note: stdin was not read: --check --input - checks the test cases on it"));
    // The user's own instances, on stdin; and a bad one, refused before anything is built.
    let correct = fixture("lc913", "correct.cpp");
    let yours = "[[1,2],[0,2],[0,1]]\n[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n";
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .args(["--check", &correct, "--input", "-", "--json"])
        .write_stdin(yours)
        .output()
        .unwrap();
    let stdin = [
        ("found['verdict']", "'pass'"),
        ("found['plan']['families'][0]['kind']", "'yours'"),
        ("found['plan']['families'][0]['source']", "'-'"),
        ("found['plan']['ran'], found['plan']['whole']", "(2, 2)"),
    ];
    assert_exit_and_facts(&output, 0, &stdin);
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .args(["--check", &correct, "--input", "-"])
        .write_stdin("[[1,2],[0]]")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: test case 1") && stderr.lines().count() == 1,
        "{stderr}"
    );
}

// ---- The outcome as data ----

/// What Python's `json` (an independent parser) reads of `text`: each of `fields` of the
/// one object on it, as `repr` shows them, one a line. Panics where it is not one JSON object.
fn parsed_json(text: &str, fields: &[&str]) -> Vec<String> {
    let expressions: Vec<String> = fields
        .iter()
        .map(|field| format!("found[{field:?}]"))
        .collect();
    let expressions: Vec<&str> = expressions.iter().map(String::as_str).collect();
    json_values(text, &expressions)
}

/// The text report's exact wording, kept in one place: a counterexample (its header, the
/// diagnosis, the line of play, the commands and what it cost) and a pass (its plan), each
/// compared whole with its snapshot in `tests/fixtures/snapshots/` ([`comparable`] sets aside
/// what the machine changes). The other tests read values (`--json`) or a line's own words.
/// `UPDATE_SNAPSHOTS=1` writes the snapshots anew, for a change of wording that is the point.
#[test]
fn the_text_report_s_wording_is_kept() {
    if missing_tool("x.py").is_some() {
        return;
    }
    let cases: [(&str, &[&str], &str); 2] = [
        ("cat_into_hole.py", &[], "lc913_counterexample.txt"),
        ("correct.py", &["--cases", "200"], "lc913_pass.txt"),
    ];
    for (file, options, snapshot) in cases {
        let output = check("lc913", &fixture("lc913", file), options);
        let text = comparable(&String::from_utf8_lossy(&output.stdout));
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/snapshots")
            .join(snapshot);
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let kept = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text, kept,
            "{file}'s report is not {snapshot} (UPDATE_SNAPSHOTS=1 writes it anew)"
        );
    }
}

/// A report with what the machine changes set aside: the build's and the sandbox's lines (the
/// tools' versions), times in seconds (`N s`), the saved instance's file (`SAVED`) and where
/// the workspace is (`tests/`).
fn comparable(report: &str) -> String {
    let report = report.replace(env!("CARGO_MANIFEST_DIR"), "tests");
    let mut kept = String::new();
    for line in report.lines() {
        if line.starts_with("build: ") || line.starts_with("sandbox: ") {
            continue;
        }
        // How much memory a run was seen to hold, and whether a sample was taken, is the
        // machine's.
        if line.starts_with("memory: ") {
            continue;
        }
        // Which test case was slowest, by how much, and whether its answer came alone or
        // together with others, is the machine's: the limit is kept.
        if let Some(margin) = line.strip_prefix("slowest test case: ") {
            let limit = margin.split("against the ").nth(1).unwrap_or_default();
            let limit = limit.split(" limit").next().unwrap_or_default();
            kept.push_str(&format!(
                "slowest test case: N s of CPU against the {limit} limit (SIZE)\n"
            ));
            continue;
        }
        let words: Vec<&str> = line.split(' ').collect();
        let shown: Vec<&str> = words
            .iter()
            .enumerate()
            .map(|(at, word)| {
                let seconds = words.get(at + 1).is_some_and(|next| next.starts_with('s'));
                if word.contains("cats-check-") {
                    "SAVED"
                } else if seconds && word.contains('.') && word.parse::<f64>().is_ok() {
                    "N"
                } else if seconds
                    && word
                        .strip_prefix('(')
                        .is_some_and(|n| n.parse::<f64>().is_ok())
                {
                    "(N"
                } else {
                    word
                }
            })
            .collect();
        kept.push_str(&shown.join(" "));
        kept.push('\n');
    }
    kept
}

/// A solution, its options, the exit status and the verdict it gets, and the fields to read.
type JsonCase<'a> = (String, Vec<&'a str>, i32, &'a str, &'a [&'a str]);

/// `--json` prints one JSON object for every kind of outcome, with its exit status: a pass, a
/// counterexample (a wrong answer, a crash, a time-out, a flood), a sequence, a compile error
/// and any other error; an independent parser reads each. That the text report says the same
/// is search.rs's to hold, on one outcome rendered both ways.
#[test]
fn json_outcomes_are_read_by_an_independent_parser() {
    if missing_tool("x.py").is_some() || missing_tool("x.cpp").is_some() {
        return;
    }
    let broken = scratch_file("broken_json.rs", b"impl Solution { pub fn cat_mouse_game(");
    let kinds: Vec<JsonCase> = vec![
        (
            fixture("lc913", "correct.cpp"),
            vec!["--cases", "30"],
            0,
            "pass",
            &["summary", "instances_run", "plan"],
        ),
        (
            fixture("lc913", "revisit_draw.cpp"),
            vec![],
            1,
            "wrong_answer",
            &[
                "instance",
                "answer",
                "expected",
                "smallest",
                "rerun",
                "diagnosis",
            ],
        ),
        (
            fixture("lc913", "global_not_cleared.cpp"),
            vec![],
            1,
            "wrong_answer",
            &["state_kept", "instances", "answers", "expected"],
        ),
        (
            "sh -c 'kill -SEGV $$'".to_string(),
            vec![],
            1,
            "crash",
            &["fault"],
        ),
        (
            "sleep 60".to_string(),
            vec!["--time-limit", "0.3"],
            1,
            "too_slow",
            &["fault"],
        ),
        ("yes".to_string(), vec![], 1, "crash", &["fault"]),
        (broken, vec![], 1, "compile_error", &["build", "message"]),
        (
            "no_such_file.rs".to_string(),
            vec![],
            2,
            "error",
            &["message"],
        ),
    ];
    // Each kind at once: most of their time is their processes' start and waits.
    each_at_once(&kinds, |(solution, options, status, verdict, fields)| {
        let (status, verdict) = (*status, *verdict);
        let mut all = options.clone();
        all.push("--json");
        let output = check("lc913", solution, &all);
        let json = String::from_utf8_lossy(&output.stdout).into_owned();
        assert_eq!(output.status.code(), Some(status), "{solution}: {json}");
        let mut wanted = vec!["version", "verdict", "problem"];
        let failure = json_values(&json, &["found.get('failure')"]).concat();
        wanted.extend_from_slice(fields);
        let read = parsed_json(&json, &wanted);
        assert_eq!(
            read[..3],
            ["6", &format!("'{verdict}'"), "'lc913'"],
            "{json}"
        );
        assert_shaped_as_its_example(&json);
        // What the report claims, in values: the size by the problem's measure, where and
        // when it was caught, what shrinking did and what was shown of its size.
        let claims = match failure.as_str() {
            "'instance'" if verdict != "too_slow" => vec![
                ("found['measure']['nodes'] >= 3", "True"),
                (
                    "found['origin_facts']['kind'] in ('named', 'in_order', 'random')",
                    "True",
                ),
                ("found['caught']['instance'] >= 1", "True"),
                ("found['minimality']['kind']", "'shrunk'"),
                ("found['shrinking']['runs'] >= 1", "True"),
            ],
            "'instance'" => vec![
                ("found['minimality']['kind']", "'not_shrunk'"),
                ("found['caught']['shrinking_seconds']", "None"),
            ],
            "'sequence'" => vec![
                ("found['minimality']['kind']", "'sequence'"),
                ("sorted(found['origin_facts'])", "['from', 'last']"),
                ("found['measure']", "None"),
                (
                    "found['shrinking']['kept'] == len(found['instances'])",
                    "True",
                ),
            ],
            _ => Vec::new(),
        };
        // How a faulty run ended, as facts: a signal, a time limit waited out, too many answers.
        let facts = match solution.as_str() {
            "sleep 60" => vec![
                ("found['fault_facts']['kind']", "'no_answer_within'"),
                ("found['fault_facts']['limit_seconds']", "0.3"),
                ("found['fault_facts']['waited']", "True"),
            ],
            "yes" => vec![
                ("found['fault_facts']['kind']", "'output_limit'"),
                ("found['fault_facts']['of']", "'answers'"),
                ("found['fault_facts']['limit']", "1"),
            ],
            kill if kill.contains("SEGV") => vec![
                ("found['fault_facts']['kind']", "'crashed'"),
                ("found['fault_facts']['signal']", "11"),
                ("found['fault_facts']['exit_status']", "None"),
            ],
            _ if status == 1 && verdict != "compile_error" => {
                vec![("found['fault_facts']", "None")]
            }
            // An error that is no refusal of the build: the file itself is missing.
            "no_such_file.rs" => vec![
                ("found['error_kind']", "'other'"),
                ("found['refusal']", "None"),
            ],
            _ => Vec::new(),
        };
        let claims: Vec<(&str, &str)> = claims.into_iter().chain(facts).collect();
        assert_facts(&json, &claims);
        // The sandbox as facts: bubblewrap at the version its own `--version` says.
        if verdict == "pass" && !sandbox_missing() {
            let said = Command::new("bwrap").arg("--version").output().unwrap();
            let said = String::from_utf8_lossy(&said.stdout).into_owned();
            let number = format!("'{}'", said.split_whitespace().last().unwrap_or_default());
            assert_facts(
                &json,
                &[
                    ("found['build']['isolation']['kind']", "'bubblewrap'"),
                    ("found['build']['isolation']['version']", &number),
                ],
            );
        }
        // A compile error names its build, as every outcome does.
        if verdict == "compile_error" {
            assert!(read[3].starts_with("{'line': 'rustc"), "{json}");
            // And as facts: the tool, its edition, the judge it builds as.
            for fact in ["'name': 'rustc'", "'standard': '20", "'judge': 'LeetCode'"] {
                assert!(read[3].contains(fact), "{fact} not in {json}");
            }
        }
    });
}
