//! The `lc1728` binary as a user meets it: answers, tables, listings, emitted text, and bad input.

use assert_cmd::Command;
use shared::check::assert_refused;

fn lc1728() -> Command {
    Command::cargo_bin("lc1728").unwrap()
}

const EXAMPLES: &str =
    "[\"####F\",\"#C...\",\"M....\"]\n1\n2\n[\"M.C...F\"]\n1\n4\n[\"M.C...F\"] 1 3\n";

#[test]
fn solves_every_test_case_on_stdin_one_answer_per_line() {
    lc1728()
        .write_stdin(EXAMPLES)
        .assert()
        .success()
        .stdout("true\ntrue\nfalse\n")
        .stderr("");
    lc1728()
        .args(["--variant", "fixpoint_sweep"])
        .write_stdin(EXAMPLES)
        .assert()
        .success()
        .stdout("true\ntrue\nfalse\n");
}

#[test]
fn all_and_examples_tables_agree() {
    let output = lc1728()
        .arg("--all")
        .write_stdin(EXAMPLES)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.lines().next().unwrap().contains("degree_bfs"),
        "{text}"
    );
    assert!(text.contains("agree: 3 test case(s)"), "{text}");
    let output = lc1728().arg("--examples").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("agree: 5 test case(s)"));
}

#[test]
fn list_and_emit() {
    let output = lc1728().arg("--list").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let names: Vec<&str> = text
        .lines()
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, ["degree_bfs", "fixpoint_sweep"]);
    for variant in lc1728::VARIANTS {
        let output = lc1728().args(["--emit", variant.name]).output().unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            variant.submission()
        );
    }
}

#[test]
fn grids_past_the_judge_s_limits_run() {
    // 20x20 with the food behind a wall line: the cat guards the only gap.
    let mut rows = vec![".".repeat(20); 20];
    rows[0] = format!("M{}", ".".repeat(19));
    rows[10] = format!("{}.", "#".repeat(19));
    rows[19] = format!("{}CF", ".".repeat(18));
    let grid: Vec<String> = rows.iter().map(|row| format!("\"{row}\"")).collect();
    let input = format!("[{}] 20 20", grid.join(","));
    lc1728()
        .write_stdin(input)
        .assert()
        .success()
        .stdout("false\n");
}

fn refused(input: &str, expected: &str) {
    assert_refused(&lc1728().write_stdin(input).output().unwrap(), expected);
    assert_refused(
        &lc1728().arg("--all").write_stdin(input).output().unwrap(),
        expected,
    );
}

#[test]
fn bad_input_is_refused_with_its_place_and_nothing_solved() {
    let good = "[\"M.C...F\"] 1 4\n";
    let cases = [
        (
            "[\"M.C..\",\"...F\"] 1 1",
            "test case 2, line 2, col 10: row 1 has 4 cells, row 0 has 5",
        ),
        ("[\"M.C.C.F\"] 1 1", "a second 'C' at row 0, column 4"),
        ("[\"M.C.M.F\"] 1 1", "a second 'M'"),
        ("[\"M.F.C.F\"] 1 1", "a second 'F'"),
        ("[\"..C...F\"] 1 1", "the grid has no 'M'"),
        ("[\"M.....F\"] 1 1", "the grid has no 'C'"),
        ("[\"M.C....\"] 1 1", "the grid has no 'F'"),
        (
            "[\"M.C.?.F\"] 1 1",
            "'?' at row 0, column 4 is not one of C M F . #",
        ),
        ("[\"M.C...F\"] 0 1", "catJump is 0; it must be at least 1"),
        ("[\"M.C...F\"] 1 -1", "mouseJump is -1"),
        (
            "[\"M.C...F\"] 1",
            "the input ends before this test case's mouseJump",
        ),
        (
            "[\"M.C...F\"] 1 1 2",
            "test case 3, line 2, col 17: the input ends before this test case's catJump",
        ),
        (
            "[\"M.C...F\" 1 1",
            "test case 2, line 2, col 12: expected ',' or ']'",
        ),
        ("[\"M.C...F] 1 1", "string not closed on its line"),
    ];
    for (input, expected) in cases {
        refused(&format!("{good}{input}"), expected);
    }
}

#[test]
fn explain_draws_the_grid_under_every_ply() {
    let output = lc1728()
        .arg("--explain")
        .write_stdin("[\"M.C...F\"] 1 4\n[\"M.C...F\"] 1 3")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("ply 1: mouse (0,0) -> (0,4)\n  ..C.M.F\n"),
        "{text}"
    );
    assert!(text.contains("result: mouse wins in 3 plies\n"), "{text}");
    assert!(
        text.contains("ply 8: cat (0,5) -> (0,6)\n  M.....C\nresult: cat wins in 8 plies\n"),
        "{text}"
    );
}
