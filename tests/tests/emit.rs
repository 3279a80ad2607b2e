//! Every `--emit` text compiled alone with `rustc --edition 2018`, as an old judge would, and
//! with `--edition 2024`, as LeetCode does now, then run on the statement's examples, the
//! regression cases and deep instances, answers checked.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tests::problems::noi2011::Mistakes;
use tests::problems::Solver;

/// The editions judges compile with: LeetCode's old 2018 and its 2024.
const EDITIONS: [&str; 2] = ["2018", "2024"];

/// Compiles `program` alone under each of [`EDITIONS`] (warnings are errors: a paste-ready
/// text should be clean) and returns the executables' paths.
fn compile(name: &str, program: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emitted");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{name}.rs"));
    std::fs::write(&source, program).unwrap();
    EDITIONS
        .iter()
        .map(|edition| {
            let binary = dir.join(format!("{name}_{edition}"));
            let compiled = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
                .args(["--edition", edition, "-O", "-D", "warnings", "-o"])
                .arg(&binary)
                .arg(&source)
                .output()
                .expect("rustc runs");
            assert!(
                compiled.status.success(),
                "{name} does not compile alone under edition {edition}:\n{}",
                String::from_utf8_lossy(&compiled.stderr)
            );
            binary
        })
        .collect()
}

/// Runs `binary` with `stdin`; returns its stdout.
fn run(binary: &Path, stdin: &str) -> String {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{} failed: {output:?}",
        binary.display()
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Each LeetCode submission beside `struct Solution;` and a `main` of `calls` (one
/// `println!` a case) prints the `expected` answers. The text pasted must not declare
/// `struct Solution` itself (the judge does) nor carry test code.
fn leetcode_submissions_answer<C, A: ToString>(
    label: &str,
    solvers: &[Solver<C, A>],
    calls: &str,
    expected: &[impl ToString],
) {
    let expected: String = expected
        .iter()
        .map(|answer| answer.to_string() + "\n")
        .collect();
    for solver in solvers {
        let submission = solver.submission();
        assert!(
            submission.contains("impl Solution")
                && !submission.contains("struct Solution")
                && !submission.contains("#[cfg(test)]"),
            "{label} {}: {submission}",
            solver.name
        );
        let program = format!("struct Solution;\n\n{submission}\nfn main() {{\n{calls}}}\n");
        for binary in compile(&format!("{label}_{}", solver.name), &program) {
            let output = run(&binary, "");
            assert_eq!(output, expected, "{label} {}", binary.display());
        }
    }
}

#[test]
fn lc913_submissions_compile_alone_and_answer() {
    // The deepest-win table's graphs of 10, 20, ... 50 nodes too: every literal graph is
    // compiled code here, and the whole table would take rustc minutes.
    let mut cases = lc913::known_cases();
    cases.extend(
        tests::problems::lc913::deepest_table()
            .iter()
            .filter(|deep| deep.graph.len().is_multiple_of(10))
            .map(|deep| (deep.graph.clone(), deep.answer)),
    );
    let calls: String = cases
        .iter()
        .map(|(graph, _)| {
            // `[[1, 2], [0]]` as a Rust expression: `vec![vec![1, 2], vec![0]]`.
            let graph = format!("{graph:?}").replace('[', "vec![");
            format!("    println!(\"{{}}\", Solution::cat_mouse_game({graph}));\n")
        })
        .collect();
    let answers: Vec<i32> = cases.iter().map(|&(_, answer)| answer).collect();
    leetcode_submissions_answer(
        "lc913",
        &tests::problems::lc913::solvers(),
        &calls,
        &answers,
    );
}

#[test]
fn lc1728_submissions_compile_alone_and_answer() {
    let mut cases = tests::problems::lc1728::known_cases();
    let deepest = tests::problems::lc1728::deepest_table().iter();
    cases.extend(deepest.map(|game| (game.clone(), true)));
    let mut calls = String::new();
    for (game, _) in &cases {
        let rows: Vec<String> = game
            .grid
            .iter()
            .map(|row| format!("{row:?}.to_string()"))
            .collect();
        calls.push_str(&format!(
            "    println!(\"{{}}\", Solution::can_mouse_win(vec![{}], {}, {}));\n",
            rows.join(", "),
            game.cat_jump,
            game.mouse_jump
        ));
    }
    let answers: Vec<bool> = cases.iter().map(|&(_, answer)| answer).collect();
    leetcode_submissions_answer(
        "lc1728",
        &tests::problems::lc1728::solvers(),
        &calls,
        &answers,
    );
}

#[test]
fn noi2011_programs_compile_alone_and_answer_the_samples() {
    let long = shared::noi2011::snake_record(&mut shared::rng::Rng::new(1), 40, 40, 400);
    let long_expected = Mistakes(noi2011::rematch::mistakes(&long.board, &long.moves));
    for solver in tests::problems::noi2011::solvers() {
        let submission = solver.submission();
        assert!(
            submission.contains("pub fn main()") && !submission.contains("use crate::"),
            "{}",
            solver.name
        );
        for binary in compile(&format!("noi2011_{}", solver.name), &submission) {
            for (record, expected) in tests::problems::noi2011::examples() {
                // CRLF line ends, as some judges' files have.
                let input = record.to_input().replace('\n', "\r\n");
                let output = run(&binary, &input);
                assert_eq!(output, format!("{expected}\n"), "{}", binary.display());
            }
            if (solver.refuses)(&long).is_none() {
                let output = run(&binary, &long.to_input());
                assert_eq!(output, format!("{long_expected}\n"), "{}", binary.display());
            }
        }
    }
}
