//! The three binaries as a user meets them, through the real executables: answers, tables,
//! listings, emitted text, explanations, and bad input (one `error:` line, exit 2).

use assert_cmd::Command;

/// Asserts the answer to bad input: exit status 2, nothing on stdout, and one line
/// on stderr that begins with `error: ` and contains `expected`.
fn assert_refused(output: &std::process::Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(
        stderr.starts_with("error: ") && stderr.lines().count() == 1,
        "not a one-line error: {stderr}"
    );
    assert!(
        stderr.contains(expected),
        "expected {expected:?} in: {stderr}"
    );
}

mod lc913 {
    use super::*;

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
        for solver in tests::problems::lc913::solvers() {
            let output = lc913().args(["--emit", solver.name]).output().unwrap();
            assert_eq!(output.status.code(), Some(0));
            let text = String::from_utf8(output.stdout).unwrap();
            assert_eq!(text, solver.submission());
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
            "--explain",
            "--html",
            "--examples",
            "--list",
            "--emit",
            "--check",
            "--seconds",
            "--cases",
            "--seed",
            "--beyond-limits",
            "--time-limit",
            "--memory-limit",
            "--no-sanitize",
            "--shrink-seconds",
            "--diagnose-seconds",
            "--std",
            "--verbose",
            "--input",
            "--unsandboxed",
            "--json",
            "--help",
        ] {
            assert!(text.contains(flag), "{flag}");
        }
        // Sentences end at line ends, not mid-list: the old text broke "(.rs, ..., .java," from
        // "or any command".
        for bin in ["lc913", "noi2011"] {
            let output = std::process::Command::new(match bin {
                "lc913" => env!("CARGO_BIN_EXE_lc913"),
                _ => env!("CARGO_BIN_EXE_noi2011"),
            })
            .arg("--help")
            .output()
            .unwrap();
            let help = String::from_utf8(output.stdout).unwrap();
            let lines: Vec<&str> = help.lines().map(str::trim).collect();
            for pair in lines.windows(2) {
                assert!(
                    !(pair[0].ends_with(',') && pair[1].starts_with("or ")),
                    "{bin}: {pair:?}"
                );
            }
            assert!(
                help.contains("command reading this input format.")
                    || help.contains("reading this\n                             input format."),
                "{help}"
            );
            // The descriptions stand in one column, whatever the binary's name: a continuation
            // line starts where the first command's description does.
            let column = help
                .lines()
                .find_map(|line| line.find("solve every test case"))
                .unwrap();
            for line in help.lines().filter(|line| line.starts_with("     ")) {
                let indent = line.len() - line.trim_start().len();
                assert_eq!(indent, column, "{bin}: {line:?}");
            }
        }
        // Where the builds are cached.
        let cache = tests::sandbox::places::cache_root();
        assert!(text.contains(&*cache.to_string_lossy()), "{text}");
    }

    #[test]
    fn a_closed_stdout_ends_the_program_quietly() {
        // A pipe whose reader is gone before the program starts, as after `| head -0`: its
        // first write fails, whenever it comes.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_lc913"))
            .arg("--list")
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(tests::driver::BROKEN_PIPE_STATUS),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            output.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
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
    fn a_huge_token_is_quoted_by_its_first_twenty_characters() {
        let digits = "1".repeat(10_000_000);
        let input = format!("[[1,2],[0,2],[0,{digits}]]");
        let output = lc913().write_stdin(input).output().unwrap();
        assert_refused(
            &output,
            "test case 1, line 1, col 17: not an integer in range: '11111111111111111111…'",
        );
        assert!(output.stderr.len() < 200, "{} bytes", output.stderr.len());
        let flag = format!("--{}", "x".repeat(100_000));
        let output = lc913().arg(&flag).output().unwrap();
        assert_refused(&output, "unknown argument '--xxxxxxxxxxxxxxxxxx…'");
        assert!(output.stderr.len() < 200, "{} bytes", output.stderr.len());
    }

    #[test]
    fn explain_plays_each_test_case_out() {
        lc913()
            .arg("--explain")
            .write_stdin("[[1,3],[0],[3],[0,2]]\n[[2,3],[3,4],[0,4],[0,1],[1,2]]")
            .assert()
            .success()
            .stdout(
                "start: mouse on 1, cat on 2, mouse to move\nply 1: mouse 1 -> 0\nresult: mouse wins in 1 ply\n\n\
                 start: mouse on 1, cat on 2, mouse to move\nply 1: mouse 1 -> 3\nply 2: cat 2 -> 4\nply 3: mouse 3 -> 0\n\
                 result: mouse wins in 3 plies\n\n",
            );
    }
}

mod lc1728 {
    use super::*;

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
        for solver in tests::problems::lc1728::solvers() {
            let output = lc1728().args(["--emit", solver.name]).output().unwrap();
            assert_eq!(
                String::from_utf8(output.stdout).unwrap(),
                solver.submission()
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
}

mod noi2011 {
    use super::*;

    fn noi2011() -> Command {
        Command::cargo_bin("noi2011").unwrap()
    }

    const SAMPLE_3: &str = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n";

    #[test]
    fn answers_like_the_judge_with_every_variant_and_crlf() {
        for (record, expected) in tests::problems::noi2011::examples() {
            let (input, expected) = (record.to_input(), format!("{expected}\n"));
            noi2011()
                .write_stdin(input.clone())
                .assert()
                .success()
                .stdout(expected.clone())
                .stderr("");
            for variant in ["incremental", "rematch", "minimax"] {
                noi2011()
                    .args(["--variant", variant])
                    .write_stdin(input.replace('\n', "\r\n"))
                    .assert()
                    .success()
                    .stdout(expected.clone());
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
        for solver in tests::problems::noi2011::solvers() {
            let output = noi2011().args(["--emit", solver.name]).output().unwrap();
            let text = String::from_utf8(output.stdout).unwrap();
            assert_eq!(text, solver.submission());
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
            stderr
                .starts_with("note: test case 1: the record does not end with Tutu unable to move"),
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
            "minimax takes boards of up to 49 cells (its search is exponential); this one has 64",
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
        let huge_row = format!("1 6\nXO.OXO{}\n", "O".repeat(1_000_000));
        let huge_number = format!("1 x{}\n", "9".repeat(1_000_000));
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
            ("1 6\nXO.OXO\n0\n", "line 3, col 1: k (the moves each player made) is 0, outside 1 to 2"),
            ("1 6\nXO.OXO\n99999999\n", "k (the moves each player made) is 99999999, outside 1 to 2"),
            ("1 6\nXO.OXO\n1\n1 2\n", "the input ends before the row of move 2 (Dandan's move 1)"),
            ("1 6\nXO.OXO\n1\n1 5\n1 1\n", "line 4, col 1: move 1 (Tutu's move 1) takes (1,5), which is not next to the empty cell (1,3)"),
            ("1 6\nXO.OXO\n1\n1 3\n1 2\n", "line 4, col 1: move 1 (Tutu's move 1) takes (1,3), which is the empty cell itself: a move takes a piece next to it"),
            ("1 6\nOX.XOX\n1\n1 2\n1 1\n", "move 1 (Tutu's move 1) takes (1,2), which holds 'X'; Tutu moves white pieces ('O')"),
            ("1 6\nXO.OXO\n1\n1 4\n1 3\n", "move 2 (Dandan's move 1) takes (1,3), which holds 'O'; Dandan moves black pieces ('X')"),
            ("1 6\nXO.OXO\n1\n1 7\n1 1\n", "line 4, col 3: the column of move 1 (Tutu's move 1) is 7, outside 1 to 6"),
            ("1 6\nXO.OXO\n1\n1 2\n1 1\n5\n", "line 6, col 1: unexpected '5' after the record's 2 moves"),
            ("1 6\r\nXO.OXO\r\n1\r\n1 2\r\n1 1\r\n2 2\r\n", "line 6, col 1: unexpected '2'"),
            (huge_row.as_str(), "line 2, col 1: row 1 of the board is 'XO.OXOOOOOOOOOOOOOOO…'; expected 6 cells"),
            (huge_number.as_str(), "line 1, col 3: expected m (the board's columns), found 'x9999999999999999999…'"),
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
            .write_stdin("1 6\nXO.OXO\n1\n1 2\n1 1\n")
            .assert()
            .success()
            .stdout(
                "move 1: Tutu (1,2): before: winning; after: Dandan winning; mistake; winning moves: (1,4)\n\
                 result: 1 mistake(s): 1\n\n",
            );
    }
}
