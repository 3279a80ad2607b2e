//! The `lc913` binary as a user meets it: answers, tables, listings, emitted text, and bad input.

use assert_cmd::Command;
use shared::check::assert_refused;

fn lc913() -> Command {
    Command::cargo_bin("lc913").unwrap()
}

const EXAMPLES: &str = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n[[1,3],[0],[3],[0,2]]\n";

#[test]
fn solves_every_test_case_on_stdin_one_answer_per_line() {
    lc913()
        .write_stdin(EXAMPLES)
        .assert()
        .success()
        .stdout("0\n1\n")
        .stderr("");
    for variant in ["degree_bfs", "fixpoint_sweep", "fixpoint_worklist"] {
        lc913()
            .args(["--variant", variant])
            .write_stdin("[[2,3],[3,4],[0,4],[0,1],[1,2]]  [[5,6],[3,4],[6],[1,4,5],[1,3,5],[0,3,4,6],[0,2,5]]")
            .assert()
            .success()
            .stdout("1\n2\n");
    }
}

#[test]
fn all_prints_a_table_of_every_variant_and_agrees() {
    let output = lc913().arg("--all").write_stdin(EXAMPLES).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let header = text.lines().next().unwrap();
    for name in ["case", "degree_bfs", "fixpoint_sweep", "fixpoint_worklist"] {
        assert!(header.contains(name), "{text}");
    }
    assert!(text.lines().nth(2).unwrap().starts_with("2 "), "{text}");
    assert!(text.contains("agree: 2 test case(s)"), "{text}");
}

#[test]
fn examples_run_through_every_variant_with_the_expected_answers() {
    let output = lc913().arg("--examples").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.lines().next().unwrap().ends_with("expected"), "{text}");
    assert!(text.contains("the expected one"), "{text}");
}

#[test]
fn list_names_each_variant_first() {
    let output = lc913().arg("--list").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let names: Vec<&str> = text
        .lines()
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, ["degree_bfs", "fixpoint_sweep", "fixpoint_worklist"]);
    assert!(text.lines().next().unwrap().ends_with("(default)"));
}

#[test]
fn emit_prints_the_fenced_submission_only() {
    for variant in lc913::VARIANTS {
        let output = lc913().args(["--emit", variant.name]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(text, variant.submission());
        assert!(text.contains("pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32"));
        assert!(!text.contains("struct Solution") && !text.contains("#[cfg(test)]"));
    }
}

#[test]
fn help_describes_every_flag() {
    let output = lc913().arg("--help").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    for flag in [
        "--variant",
        "--all",
        "--examples",
        "--list",
        "--emit",
        "--help",
    ] {
        assert!(text.contains(flag), "{flag}");
    }
}

fn refused(args: &[&str], input: &str, expected: &str) {
    let output = lc913().args(args).write_stdin(input).output().unwrap();
    assert_refused(&output, expected);
}

#[test]
fn bad_input_is_refused_with_its_place_and_nothing_solved() {
    let good = "[[1,2],[0,2],[0,1]]\n";
    let cases = [
        (
            "[[1,2],[0,2],[0,1]",
            "test case 2, line 2, col 19: expected ',' or ']'",
        ),
        (
            "[[1,2],[0,2],[0,x]]",
            "test case 2, line 2, col 17: expected a value, found 'x'",
        ),
        (
            "[[1,2],[0,2],[0,3]]",
            "node 2 lists 3, but the nodes are 0 to 2",
        ),
        ("[[1,2],[0,2],[0,1,-4]]", "node 2 lists -4"),
        (
            "[[1,2],[0,2],[0,1],[0]]",
            "node 3 lists 0, but node 0 does not list 3",
        ),
        ("[[1,2],[0,1,2],[0,1]]", "node 1 lists itself"),
        ("[[1,2],[0,2],[0,1],[]]", "node 3 has no neighbour"),
        ("[[1,2],[0,2,2],[0,1]]", "node 1 lists 2 twice"),
        (
            "[[1,2],[0],[0]]",
            "the cat starts on node 2, whose only neighbour is the hole",
        ),
        ("[[1],[0]]", "the graph has 2 node(s)"),
        (
            "[[1,2],[0,2],[0,1]] 3",
            "test case 3, line 2, col 21: expected a graph",
        ),
        (
            "[[1,2],[0,2],[0,1]] [[1,2],[0,2],[0,99999999999]]",
            "test case 3, line 2, col 37: node 2 lists 99999999999",
        ),
    ];
    for (input, expected) in cases {
        refused(&[], &format!("{good}{input}"), expected);
        refused(&["--all"], &format!("{good}{input}"), expected);
    }
}

#[test]
fn bad_arguments_and_non_utf8_input_are_refused() {
    refused(&[], " \n", "the input holds no test case");
    refused(
        &["--variant", "nope"],
        "",
        "no variant 'nope'; the variants are: degree_bfs",
    );
    refused(&["--emit"], "", "--emit needs a variant name");
    refused(&["--frobnicate"], "", "unknown argument '--frobnicate'");
    refused(&["--list", "extra"], "", "unexpected argument 'extra'");
    let output = lc913()
        .write_stdin(vec![b'[', 0xff, b']'])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not UTF-8"));
}

#[test]
fn explain_plays_each_test_case_out() {
    lc913()
        .arg("--explain")
        .write_stdin("[[1,3],[0],[3],[0,2]]\n[[2,3],[3,4],[0,4],[0,1],[1,2]]")
        .assert()
        .success()
        .stdout(
            "start: mouse on 1, cat on 2, mouse to move\nply 1: mouse 1 -> 0\nresult: mouse wins in 1 plies\n\n\
             start: mouse on 1, cat on 2, mouse to move\nply 1: mouse 1 -> 3\nply 2: cat 2 -> 4\nply 3: mouse 3 -> 0\n\
             result: mouse wins in 3 plies\n\n",
        );
}
