//! `--check` through the real binaries: wrong solutions modelled on real mistakes (in
//! `tests/fixtures/`, in Rust, C++, Python and Java) are caught and shrunk, and the reported
//! instance is a valid input whose right answer is the one printed; correct solutions, the
//! emitted default variants among them, are never flagged; broken programs, compile errors
//! and missing compilers get the contract's answers. A test that needs a compiler or an
//! interpreter this machine lacks says so and skips it.

use assert_cmd::Command;
use std::path::PathBuf;
use std::process::Output;

fn fixture(krate: &str, file: &str) -> String {
    format!("{}/fixtures/{krate}/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// The tool a source file needs beyond rustc, when this machine lacks it.
fn missing_tool(file: &str) -> Option<&'static str> {
    let (tool, arg) = match file.rsplit('.').next() {
        Some("cpp") => ("g++", "--version"),
        Some("py") => ("python3", "--version"),
        Some("java") => ("javac", "-version"),
        _ => return None,
    };
    let found = std::process::Command::new(tool)
        .arg(arg)
        .output()
        .is_ok_and(|output| output.status.success());
    (!found).then_some(tool)
}

fn check(bin: &str, solution: &str, options: &[&str]) -> Output {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .arg("--check")
        .arg(solution)
        .args(options)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "{bin} --check {solution}: {stderr}"
    );
    output
}

/// A counterexample report, read back.
struct Report {
    header: String,
    instance: String,
    answer: String,
    expected: String,
}

fn report(output: &Output) -> Report {
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{text}");
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default().to_string();
    assert!(header.starts_with("counterexample ("), "{text}");
    let mut instance = String::new();
    let mut answer = String::new();
    for line in lines.by_ref() {
        if line.starts_with("your answer: ") || line.starts_with("your program: ") {
            answer = line.to_string();
            break;
        }
        instance.push_str(line);
        instance.push('\n');
    }
    let expected = lines
        .next()
        .and_then(|line| line.strip_prefix("expected:    "))
        .unwrap_or_else(|| panic!("no expected line: {text}"))
        .to_string();
    assert_eq!(lines.next(), Some("why:"), "{text}");
    Report {
        header,
        instance,
        answer,
        expected,
    }
}

/// The binary's own answer on `input`, on one line.
fn answer_of(bin: &str, input: &str) -> String {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{input}");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Checks `file`, which must be caught: the report names an instance that the binary reads,
/// whose answer is the one printed as expected and not the user's, of size at most `most`
/// by `size`. Prints the figures the closing note asks for.
fn caught(bin: &str, file: &str, size: fn(&str) -> usize, most: usize) {
    if let Some(tool) = missing_tool(file) {
        println!("skipped {file}: {tool} is not on this machine");
        return;
    }
    let started = std::time::Instant::now();
    let output = check(bin, &fixture(bin, file), &["--seconds", "20"]);
    let report = report(&output);
    println!(
        "{file}: {} ({:.1} s)",
        report.header,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(answer_of(bin, &report.instance), report.expected, "{file}");
    assert_ne!(
        report.answer,
        format!("your answer: {}", report.expected),
        "{file}"
    );
    let measured = size(&report.instance);
    assert!(
        measured <= most,
        "{file}: the shrunk instance has size {measured}, over {most}:\n{}",
        report.instance
    );
}

fn nodes(instance: &str) -> usize {
    instance.matches('[').count() - 1
}

fn open_cells(instance: &str) -> usize {
    let grid = instance.lines().next().unwrap_or_default();
    grid.chars()
        .filter(|c| matches!(c, '.' | 'C' | 'M' | 'F'))
        .count()
}

fn board_cells(instance: &str) -> usize {
    let mut numbers = instance
        .split_whitespace()
        .map(|t| t.parse::<usize>().unwrap_or(0));
    numbers.next().unwrap_or(0) * numbers.next().unwrap_or(0)
}

#[test]
fn wrong_lc913_solutions_are_caught_and_shrunk() {
    for file in [
        "capped_2n.rs",
        "revisit_draw.cpp",
        "cat_into_hole.py",
        "CappedSweeps.java",
    ] {
        caught("lc913", file, nodes, 12);
    }
}

#[test]
fn wrong_lc1728_solutions_are_caught_and_shrunk() {
    for file in ["through_walls.py", "no_stay.cpp", "ply_cap_70.rs"] {
        caught("lc1728", file, open_cells, 40);
    }
}

#[test]
fn wrong_noi2011_programs_are_caught_and_shrunk() {
    for file in ["seed004_win.cpp", "no_winning_before.rs"] {
        caught("noi2011", file, board_cells, 16);
    }
}

/// Checks `solution`, which must pass: `no counterexample in N instances`.
fn passes(bin: &str, solution: &str, cases: &str) {
    if let Some(tool) = missing_tool(solution) {
        println!("skipped {solution}: {tool} is not on this machine");
        return;
    }
    let output = check(bin, solution, &["--cases", cases, "--seconds", "60"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{solution}: {text}");
    assert!(
        text.starts_with(&format!("no counterexample in {cases} instances")),
        "{text}"
    );
}

/// The default variant's submission, as a user would save it.
fn emitted(bin: &str, file: &str) -> String {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .args(["--emit", default_variant(bin)])
        .output()
        .unwrap();
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(file);
    std::fs::write(&path, &output.stdout).unwrap();
    path.to_string_lossy().into_owned()
}

fn default_variant(bin: &str) -> &'static str {
    match bin {
        "lc913" | "lc1728" => "degree_bfs",
        _ => "incremental",
    }
}

#[test]
fn correct_solutions_are_never_flagged() {
    passes("lc913", &emitted("lc913", "lc913_default.rs"), "400");
    passes("lc913", &fixture("lc913", "correct.cpp"), "400");
    passes("lc913", &fixture("lc913", "correct.py"), "400");
    passes("lc1728", &emitted("lc1728", "lc1728_default.rs"), "400");
    passes("lc1728", &fixture("lc1728", "Correct.java"), "300");
    passes("noi2011", &emitted("noi2011", "noi2011_default.rs"), "150");
    passes("noi2011", &fixture("noi2011", "correct.py"), "60");
}

#[test]
fn commands_read_the_command_line_s_input() {
    // Another variant of this workspace, through `sh -c`: right on everything.
    let command = format!(
        "{} --variant fixpoint_worklist",
        env!("CARGO_BIN_EXE_lc913")
    );
    passes("lc913", &command, "300");
    // "Always a draw": wrong on the statement's second example, already as small as it gets.
    let report = report(&check("lc913", "sed 's/.*/0/'", &[]));
    assert!(
        report.header.starts_with("counterexample (example 2)"),
        "{}",
        report.header
    );
    assert_eq!(report.answer, "your answer: 0");
    assert_eq!(report.expected, "1");
}

#[test]
fn a_program_that_hangs_or_prints_garbage_is_killed_and_reported() {
    // `yes` ignores its input and prints `y` forever: killed at its one test case's limit
    // and the allowance for starting up.
    let endless = report(&check("lc913", "yes", &["--time-limit", "0.3"]));
    assert_eq!(
        endless.answer,
        "your program: still running after 2.3 s (killed)"
    );
    // `sleep` prints nothing: killed when no answer has come within the limit.
    let silent = report(&check("lc913", "sleep 60", &["--time-limit", "0.3"]));
    assert_eq!(
        silent.answer,
        "your program: no answer within 0.3 s (killed)"
    );
    let garbage = report(&check("lc1728", "echo maybe", &[]));
    assert_eq!(
        garbage.answer,
        "your program: printed 'maybe', which is not an answer"
    );
}

#[test]
fn build_problems_and_bad_options_exit_2() {
    if missing_tool("x.cpp").is_none() {
        let broken = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("broken.cpp");
        std::fs::write(&broken, "class Solution { int x = ; };\n").unwrap();
        let output = check("lc913", &broken.to_string_lossy(), &[]);
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).contains("does not compile"));
    }
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
