//! Every `--emit` text compiled alone with `rustc --edition 2018`, as an old judge would, then
//! run on the statement's examples and the regression cases, answers checked.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Compiles `program` alone (warnings are errors: a paste-ready text should be clean) and
/// returns the executable's path.
fn compile(name: &str, program: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emitted");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{name}.rs"));
    let binary = dir.join(name);
    std::fs::write(&source, program).unwrap();
    let compiled = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["--edition", "2018", "-O", "-D", "warnings", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        compiled.status.success(),
        "{name} does not compile alone:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    binary
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

/// `[[1,2],[0]]` as a Rust expression: `vec![vec![1,2],vec![0]]`.
fn as_vec_literal(json: &str) -> String {
    json.replace('[', "vec![")
}

/// Each LeetCode submission beside `struct Solution;` and a `main` of `calls` (one
/// `println!` a case) prints the `expected` answers.
fn leetcode_submissions_answer<C, A: ToString>(
    label: &str,
    variants: &[driver::Variant<C, A>],
    calls: &str,
    expected: &[impl ToString],
) {
    let expected: String = expected
        .iter()
        .map(|answer| answer.to_string() + "\n")
        .collect();
    for variant in variants {
        let program = format!(
            "struct Solution;\n\n{}\nfn main() {{\n{calls}}}\n",
            variant.submission()
        );
        let output = run(&compile(&format!("{label}_{}", variant.name), &program), "");
        assert_eq!(output, expected, "{label} {}", variant.name);
    }
}

#[test]
fn lc913_submissions_compile_alone_and_answer() {
    let cases = lc913::known_cases();
    let calls: String = cases
        .iter()
        .map(|(graph, _)| {
            format!(
                "    println!(\"{{}}\", Solution::cat_mouse_game({}));\n",
                as_vec_literal(&format!("{graph:?}"))
            )
        })
        .collect();
    let answers: Vec<i32> = cases.iter().map(|&(_, answer)| answer).collect();
    leetcode_submissions_answer("lc913", lc913::VARIANTS, &calls, &answers);
}

#[test]
fn lc1728_submissions_compile_alone_and_answer() {
    let cases = lc1728::known_cases();
    let mut calls = String::new();
    for (text, _) in &cases {
        let instance = lc1728::input::parse(text).unwrap().remove(0);
        let rows: Vec<String> = instance
            .grid
            .iter()
            .map(|row| format!("{row:?}.to_string()"))
            .collect();
        calls.push_str(&format!(
            "    println!(\"{{}}\", Solution::can_mouse_win(vec![{}], {}, {}));\n",
            rows.join(", "),
            instance.cat_jump,
            instance.mouse_jump
        ));
    }
    let answers: Vec<bool> = cases.iter().map(|&(_, answer)| answer).collect();
    leetcode_submissions_answer("lc1728", lc1728::VARIANTS, &calls, &answers);
}

#[test]
fn noi2011_programs_compile_alone_and_answer_the_samples() {
    let long = shared::noi2011::snake_record(&mut shared::rng::Rng::new(1), 40, 40, 400);
    let game = noi2011::input::parse(&long.to_input()).unwrap().remove(0);
    let long_expected = noi2011::rematch::mistakes(&game.board, &game.moves);
    for variant in noi2011::VARIANTS {
        let binary = compile(&format!("noi2011_{}", variant.name), &variant.submission());
        for example in noi2011::EXAMPLES {
            // CRLF line ends, as some judges' files have.
            let input = example.input.replace('\n', "\r\n");
            assert_eq!(run(&binary, &input), example.expected, "{}", variant.name);
        }
        if (variant.refuses)(&game).is_none() {
            let expected = format!("{}\n", noi2011::Mistakes(long_expected.clone()));
            assert_eq!(run(&binary, &long.to_input()), expected, "{}", variant.name);
        }
    }
}
