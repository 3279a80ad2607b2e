//! `cargo bench -p tests --bench check`: `--check` on every fixture of `tests/fixtures/`, as a
//! user runs it (default options, builds cached), and one table: where and when each wrong
//! solution is caught, how long shrinking takes, how small the report is and what the report
//! shows of its size (the smallest there is, or what was ruled out); correct ones, how many
//! instances they pass in the default 20 s.
//!
//! Needs the compilers and interpreters of the fixtures (g++, gcc, python3, javac, node, tsc,
//! go); a fixture whose tool is missing is listed as skipped.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Every fixture, by crate, with whether it is wrong.
const FIXTURES: &[(&str, &str, bool)] = &[
    ("lc913", "revisit_draw.cpp", true),
    ("lc913", "capped_2n.rs", true),
    ("lc913", "cat_into_hole.py", true),
    ("lc913", "CappedSweeps.java", true),
    ("lc913", "degree_past_end.cpp", true),
    ("lc913", "global_not_cleared.cpp", true),
    ("lc913", "horizon_4n.rs", true),
    ("lc913", "memo_5n.cpp", true),
    ("lc913", "Capped200.java", true),
    ("lc913", "sweeps_2n.py", true),
    ("lc913", "sweeps_3n.rs", true),
    ("lc913", "correct.cpp", false),
    ("lc913", "correct.py", false),
    ("lc913", "horizon_2n2_correct.cpp", false),
    ("lc913", "cat_counts_hole.go", true),
    ("lc913", "mouse_may_stay.ts", true),
    ("lc913", "correct.js", false),
    ("lc913", "correct.ts", false),
    ("lc913", "correct.go", false),
    ("lc913", "list_no_imports.go", false),
    ("lc913", "correct.c", false),
    ("lc1728", "through_walls.py", true),
    ("lc1728", "no_stay.cpp", true),
    ("lc1728", "ply_cap_70.rs", true),
    ("lc1728", "PlyCap74.java", true),
    ("lc1728", "ply_dp_76.cpp", true),
    ("lc1728", "Correct.java", false),
    ("lc1728", "jump_short.js", true),
    ("lc1728", "square_grid.c", true),
    ("lc1728", "correct.js", false),
    ("lc1728", "correct.ts", false),
    ("lc1728", "correct.go", false),
    ("lc1728", "package_leetcode.go", false),
    ("lc1728", "correct.c", false),
    ("noi2011", "seed004_win.cpp", true),
    ("noi2011", "no_winning_before.rs", true),
    ("noi2011", "greedy_matching.rs", true),
    ("noi2011", "shallow_augment.rs", true),
    ("noi2011", "long_game_past_end.cpp", true),
    ("noi2011", "correct.py", false),
];

fn binary(bin: &str) -> &'static str {
    match bin {
        "lc913" => env!("CARGO_BIN_EXE_lc913"),
        "lc1728" => env!("CARGO_BIN_EXE_lc1728"),
        _ => env!("CARGO_BIN_EXE_noi2011"),
    }
}

/// The part of `header` after `key` up to the next of `ends`.
fn between<'a>(text: &'a str, key: &str, ends: &[char]) -> Option<&'a str> {
    let rest = &text[text.find(key)? + key.len()..];
    Some(rest.split(ends).next().unwrap_or(rest))
}

/// A report's header split after its origin, `counterexample (ORIGIN)REST`, where the origin
/// may hold parentheses of its own (`1 of the 960 games ... (by open cells, cells, jumps), in
/// order`).
fn origin_and_rest(header: &str) -> Option<(&str, &str)> {
    let start = header.find("counterexample (")? + "counterexample (".len();
    let mut depth = 1;
    for (at, character) in header[start..].char_indices() {
        depth += match character {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        if depth == 0 {
            return Some((&header[start..start + at], &header[start + at..]));
        }
    }
    None
}

fn main() {
    // `cargo test` also runs bench targets' mains with `--bench` absent; run only under bench.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    println!("# --check on the fixtures (default options, builds cached, this machine)\n");
    println!("| fixture | caught at | instances | seconds to catch | seconds shrinking | report | what the report shows of its size |");
    println!("|---|---|---|---|---|---|---|");
    for &(bin, file, wrong) in FIXTURES {
        let path = fixtures.join(bin).join(file);
        // A first run builds the fixture; the second is the one measured.
        let _ = Command::new(binary(bin))
            .args(["--check"])
            .arg(&path)
            .args(["--cases", "1"])
            .output();
        let started = Instant::now();
        let output = Command::new(binary(bin)).arg("--check").arg(&path).output();
        let wall = started.elapsed().as_secs_f64();
        let Ok(output) = output else {
            println!(
                "| {bin}/{file} | skipped: {} did not start | | | | | |",
                binary(bin)
            );
            continue;
        };
        let stdout = String::from_utf8_lossy(&output.stdout);
        // The verdict comes after the build's line and its notes.
        let text: String = stdout
            .lines()
            .filter(|line| !line.starts_with("build: ") && !line.starts_with("note: "))
            .map(|line| format!("{line}\n"))
            .collect();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.code() == Some(2) {
            let why = stderr.lines().next().unwrap_or_default();
            println!("| {bin}/{file} | skipped: {why} | | | | | |");
            continue;
        }
        if !wrong {
            let verdict = text.lines().next().unwrap_or_default();
            println!("| {bin}/{file} (correct) | {verdict} | | {wall:.1} | | | |");
            continue;
        }
        println!("| {bin}/{file} | {} |", wrong_row(&text));
    }
}

/// A wrong fixture's row after its name, read from the report `text` (the build's lines
/// left out): where it was caught, how many instances it took, the seconds to catch it and to
/// shrink, the report's size, and what the report shows of that size.
fn wrong_row(text: &str) -> String {
    let header = text.lines().next().unwrap_or_default();
    let last = text.lines().last().unwrap_or_default();
    let (origin, header) = origin_and_rest(header).unwrap_or(("?", header));
    let instances = between(last, "caught at instance ", &[' ']).unwrap_or("?");
    let to_catch = between(last, " after ", &[' ']).unwrap_or("?");
    let shrinking = between(last, "shrinking took ", &[' ']).unwrap_or("?");
    // Three shapes: "…, shrunk from A to B in N runs; shown:", "…), B; shown (N runs):",
    // and a sequence's "…): K test cases in one process, shrunk from … (shown):".
    let (size, shown) = if let Some(sequence) = between(header, "): ", &[',']) {
        let shown = between(header, "runs (", &[')']).unwrap_or("");
        (sequence.to_string(), shown.to_string())
    } else {
        let size = match between(header, "shrunk from ", &[';']) {
            Some(shrunk) => between(shrunk, " to ", &[]).unwrap_or(shrunk).to_string(),
            None => between(header, "), ", &[';']).unwrap_or("?").to_string(),
        };
        let shown = header.split_once("; ").map_or("", |(_, shown)| shown);
        (size, shown.trim_end_matches(':').to_string())
    };
    format!("{origin} | {instances} | {to_catch} | {shrinking} | {size} | {shown}")
}
