//! The `noi2011` binary as a judge and a user meet it: samples, CRLF, every flag, notes, and
//! bad records.

use assert_cmd::Command;
use shared::check::assert_refused;

fn noi2011() -> Command {
    Command::cargo_bin("noi2011").unwrap()
}

const SAMPLE_3: &str = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n";

#[test]
fn answers_like_the_judge_with_every_variant_and_crlf() {
    for example in noi2011::EXAMPLES {
        noi2011()
            .write_stdin(example.input)
            .assert()
            .success()
            .stdout(example.expected)
            .stderr("");
        for variant in ["incremental", "rematch", "minimax"] {
            noi2011()
                .args(["--variant", variant])
                .write_stdin(example.input.replace('\n', "\r\n"))
                .assert()
                .success()
                .stdout(example.expected);
        }
    }
}

#[test]
fn all_examples_list_and_emit() {
    let output = noi2011()
        .arg("--all")
        .write_stdin(SAMPLE_3)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.lines().nth(1).unwrap().contains("2 1 2"), "{text}");
    let output = noi2011().arg("--examples").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("agree: 3 test case(s)"));
    let output = noi2011().arg("--list").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let names: Vec<&str> = text
        .lines()
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, ["incremental", "rematch", "minimax"]);
    for variant in noi2011::VARIANTS {
        let output = noi2011().args(["--emit", variant.name]).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert_eq!(text, variant.submission());
        assert!(text.contains("pub fn main()"));
    }
}

#[test]
fn a_record_that_leaves_tutu_a_move_is_answered_with_a_note() {
    // Sample 3 cut after the first round: Tutu could still move.
    let input = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n1\n3 2\n2 2\n";
    let output = noi2011().write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "1\n1\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("note: test case 1: the record does not end with Tutu unable to move"),
        "{stderr}"
    );
}

#[test]
fn minimax_refuses_large_boards_and_all_skips_it() {
    let record = shared::noi2011::snake_record(&mut shared::rng::Rng::new(3), 8, 8, 10);
    let input = record.to_input();
    assert_refused(
        &noi2011()
            .args(["--variant", "minimax"])
            .write_stdin(input.clone())
            .output()
            .unwrap(),
        "minimax searches every line of play and takes boards of up to 49 cells; this one has 64",
    );
    let output = noi2011().arg("--all").write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("skipped") && text.contains("minimax skipped test case 1"),
        "{text}"
    );
}

#[test]
fn bad_boards_and_records_are_refused_with_their_place() {
    let cases = [
        ("", "the input ends before n"),
        ("0 6\n", "line 1, col 1: n (the board's rows) is 0"),
        ("1 x\n", "line 1, col 3: expected m (the board's columns), found 'x'"),
        ("100000 100000\n", "a 100000x100000 board has 10000000000 cells, over the limit"),
        ("1 6\nXO.OX\n", "line 2, col 1: row 1 of the board is 'XO.OX'; expected 6 cells"),
        ("1 6\nXO.OXA\n", "row 1 of the board is 'XO.OXA'"),
        ("2 6\nXO.OXO\n", "line 2, col 1: the input ends before row 2 of the board"),
        ("1 6\nXOXOXO\n1\n", "the board has no empty cell"),
        ("1 6\nXO..XO\n1\n", "line 2, col 4: a second empty cell at (1,4); the first is at (1,3)"),
        ("1 6\nXO.OXO\n0\n", "line 3, col 1: k (the moves each player made) is 0, outside 1..=2"),
        ("1 6\nXO.OXO\n99999999\n", "k (the moves each player made) is 99999999, outside 1..=2"),
        ("1 6\nXO.OXO\n1\n1 2\n", "the input ends before the row of move 2 (Dandan's move 1)"),
        ("1 6\nXO.OXO\n1\n1 5\n1 1\n", "line 4, col 1: move 1 (Tutu's move 1) takes (1,5), which is not next to the empty cell (1,3)"),
        ("1 6\nOX.XOX\n1\n1 2\n1 1\n", "move 1 (Tutu's move 1) takes (1,2), which holds 'X'; Tutu moves white pieces ('O')"),
        ("1 6\nXO.OXO\n1\n1 4\n1 3\n", "move 2 (Dandan's move 1) takes (1,3), which holds 'O'; Dandan moves black pieces ('X')"),
        ("1 6\nXO.OXO\n1\n1 7\n1 1\n", "line 4, col 3: the column of move 1 (Tutu's move 1) is 7, outside 1..=6"),
        ("1 6\nXO.OXO\n1\n1 2\n1 1\n5\n", "line 6, col 1: unexpected '5' after the record's 2 moves"),
        ("1 6\r\nXO.OXO\r\n1\r\n1 2\r\n1 1\r\n2 2\r\n", "line 6, col 1: unexpected '2'"),
    ];
    for (input, expected) in cases {
        assert_refused(&noi2011().write_stdin(input).output().unwrap(), expected);
        assert_refused(
            &noi2011().arg("--all").write_stdin(input).output().unwrap(),
            expected,
        );
    }
}

#[test]
fn explain_judges_each_of_tutus_moves() {
    noi2011()
        .arg("--explain")
        .write_stdin(noi2011::EXAMPLES[0].input)
        .assert()
        .success()
        .stdout(
            "move 1: Tutu (1,2): before: winning; after: Dandan winning; mistake; winning moves: (1,4)\n\
             result: 1 mistake(s): 1\n\n",
        );
}
