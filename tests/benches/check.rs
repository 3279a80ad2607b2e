//! `cargo bench -p tests --bench check`: `--check` on every fixture of `tests/fixtures/`, as a
//! user runs it (default options, builds cached), in two passes: once on a machine as quiet
//! as it gets, once beside a CPU hog of twice as many busy threads as there are cores. For
//! each pass, one table: where and when each wrong solution is caught, how long shrinking
//! takes, how small the report is and what the report shows of its size; correct ones, how
//! many of the plan's instances they pass (all of it, or the run is no pass). Then the two
//! passes side by side (verdict,
//! reported size, seconds) and a last line that says whether every verdict and
//! every reported instance was the same in both, naming the fixtures that differ.
//!
//! Why two passes: `--check` runs a fixed plan of instances, and its time limits and its
//! shrinking budget (`--shrink-seconds`) count CPU time, so a busy machine should slow it
//! down without changing what it finds; where a verdict, an instance or a plan's count does
//! change, the load reached something that counts wall-clock time, the program's CPU time
//! itself moved a budget's end, or the program is nondeterministic.
//!
//! Options after `--`: `--quiet-only` (one pass, no hog), `--fixtures NAME,NAME` (a subset;
//! a NAME is `crate/file` or a file name, which may match one fixture in each crate),
//! `--reports DIR` (every run's whole report kept, `DIR/quiet/` and `DIR/loaded/`).
//!
//! Needs the compilers and interpreters of the fixtures (clang++-19 or g++, gcc, python3,
//! javac, node, tsc, go); a fixture whose tool is missing is listed as skipped.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
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
    ("lc913", "static_const_read_past.cpp", true),
    ("lc913", "visited_never_cleared.cpp", true),
    ("lc913", "repeat_wins.py", true),
    ("lc913", "toplevel_sleeps.py", true),
    ("lc913", "toplevel_loops.py", true),
    ("lc913", "toplevel_floods.py", true),
    ("lc913", "toplevel_raises.py", true),
    ("lc913", "toplevel_loops.js", true),
    ("lc913", "correct.cpp", false),
    ("lc913", "correct.py", false),
    ("lc913", "Correct.java", false),
    ("lc913", "horizon_2n2_correct.cpp", false),
    ("lc913", "member_table_uninitialised.cpp", false),
    ("lc913", "recursive_spread.cpp", false),
    ("lc913", "static_const_members.cpp", false),
    ("lc913", "cat_counts_hole.go", true),
    ("lc913", "mouse_may_stay.ts", true),
    ("lc913", "correct.js", false),
    ("lc913", "correct.ts", false),
    ("lc913", "correct.go", false),
    ("lc913", "list_no_imports.go", false),
    ("lc913", "correct.c", false),
    ("lc913", "sweeps_to_fixpoint.py", false),
    ("lc913", "range_over_int.go", false),
    ("lc913", "RecordPatterns21.java", false),
    // Judged only by a Go or Java newer than this machine may have: exit 2 elsewhere.
    ("lc913", "new_of_a_value.go", false),
    ("lc913", "Unnamed22.java", false),
    ("lc1728", "through_walls.py", true),
    ("lc1728", "no_stay.cpp", true),
    ("lc1728", "ply_cap_70.rs", true),
    ("lc1728", "PlyCap74.java", true),
    ("lc1728", "ply_dp_76.cpp", true),
    ("lc1728", "Correct.java", false),
    ("lc1728", "correct.cpp", false),
    ("lc1728", "correct.py", false),
    ("lc1728", "member_16mb.cpp", false),
    ("lc1728", "jump_short.js", true),
    ("lc1728", "square_grid.c", true),
    ("lc1728", "correct.js", false),
    ("lc1728", "correct.ts", false),
    ("lc1728", "correct.go", false),
    ("lc1728", "package_leetcode.go", false),
    ("lc1728", "correct.c", false),
    ("lc1728", "memo_plies.py", false),
    ("lc1728", "min_max_builtins.go", false),
    ("noi2011", "seed004_win.cpp", true),
    ("noi2011", "no_winning_before.rs", true),
    ("noi2011", "greedy_matching.rs", true),
    ("noi2011", "shallow_augment.rs", true),
    ("noi2011", "long_game_past_end.cpp", true),
    ("noi2011", "correct.py", false),
    ("noi2011", "oi_style.cpp", false),
];

/// A fixture: its crate, its file name, and whether it is wrong.
type Fixture = (&'static str, &'static str, bool);

fn binary(bin: &str) -> &'static str {
    match bin {
        "lc913" => env!("CARGO_BIN_EXE_lc913"),
        "lc1728" => env!("CARGO_BIN_EXE_lc1728"),
        _ => env!("CARGO_BIN_EXE_noi2011"),
    }
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// The bench's own command line. `cargo bench` adds `--bench`; `cargo test` runs a bench
/// target's main without it, and then the bench does nothing.
#[derive(Default)]
struct Options {
    bench: bool,
    quiet_only: bool,
    names: Vec<String>,
    reports: Option<PathBuf>,
}

impl Options {
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut options = Options::default();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--bench" => options.bench = true,
                "--quiet-only" => options.quiet_only = true,
                "--fixtures" => {
                    let list = args.next().ok_or("--fixtures needs NAME,NAME")?;
                    options.names = list.split(',').map(str::to_string).collect();
                }
                "--reports" => {
                    let dir = args.next().ok_or("--reports needs a directory")?;
                    options.reports = Some(PathBuf::from(dir));
                }
                other => {
                    return Err(format!(
                        "unknown option '{other}'; the options are --quiet-only, \
                         --fixtures NAME,NAME and --reports DIR"
                    ))
                }
            }
        }
        Ok(options)
    }

    /// The fixtures asked for, in the table's order; a name that matches none is an error,
    /// so that a typo does not make a short, quiet run.
    fn selected(&self) -> Result<Vec<Fixture>, String> {
        let matches =
            |name: &str, &(bin, file, _): &Fixture| name == file || name == format!("{bin}/{file}");
        if let Some(unknown) = self
            .names
            .iter()
            .find(|name| !FIXTURES.iter().any(|fixture| matches(name, fixture)))
        {
            return Err(format!("no fixture is named '{unknown}'"));
        }
        Ok(FIXTURES
            .iter()
            .filter(|fixture| {
                self.names.is_empty() || self.names.iter().any(|n| matches(n, fixture))
            })
            .copied()
            .collect())
    }
}

/// The fixtures on disk that the list above leaves out: a new fixture should be benched too.
fn unlisted() -> Vec<String> {
    let mut missing = Vec::new();
    for bin in ["lc913", "lc1728", "noi2011"] {
        let Ok(entries) = std::fs::read_dir(fixtures_dir().join(bin)) else {
            continue;
        };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            if !FIXTURES.iter().any(|&(b, f, _)| b == bin && f == file) {
                missing.push(format!("{bin}/{file}"));
            }
        }
    }
    missing.sort();
    missing
}

/// Busy threads beside the measured runs, as many as `count`: with twice as many as there are
/// cores, `--check` and the program it judges get well under a core each, as on a shared
/// judge or a laptop that is building something. Dropping it stops and joins them, so they
/// end with the pass on every path, a panic's unwinding included; being the bench's own
/// threads, they also end with its process, however it ends.
struct Hog {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<u64>>,
}

impl Hog {
    fn start(count: usize) -> Hog {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..count)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || spin(&stop))
            })
            .collect();
        Hog { stop, threads }
    }
}

impl Drop for Hog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Arithmetic until `stop`, looking at the flag every thousand steps: a thread that always
/// wants the CPU, never sleeps, and touches no memory that others use.
fn spin(stop: &AtomicBool) -> u64 {
    let mut state = 1u64;
    while !stop.load(Ordering::Relaxed) {
        for _ in 0..1000 {
            state = black_box(state.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    }
    state
}

/// How many cores the scheduler offers this process (1 where it cannot say).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get())
}

/// The 1-minute load average, to say how quiet a pass really was (`?` off Linux).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

/// One measured `--check` run, as it came back; `code` is `None` when it could not start or
/// was killed by a signal.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    wall: f64,
}

/// `--check` on one fixture with default options: a first run (`--cases 1`) builds it, so
/// the second, the one measured, finds its build cached, as a user's second check does.
fn run_check(bin: &str, file: &str) -> Run {
    let path = fixtures_dir().join(bin).join(file);
    let _ = Command::new(binary(bin))
        .arg("--check")
        .arg(&path)
        .args(["--cases", "1"])
        .output();
    let started = Instant::now();
    let output = Command::new(binary(bin)).arg("--check").arg(&path).output();
    let wall = started.elapsed().as_secs_f64();
    match output {
        Ok(output) => Run {
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            wall,
        },
        Err(why) => Run {
            code: None,
            stdout: String::new(),
            stderr: format!("{} did not start: {why}", binary(bin)),
            wall,
        },
    }
}

/// The report's lines from its verdict on: the build's line, its notes and the sandbox's
/// line come first and say nothing of what was found.
fn report_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .skip_while(|line| {
            ["build: ", "note: ", "sandbox: "]
                .iter()
                .any(|prefix| line.starts_with(prefix))
        })
        .collect()
}

/// The verdict by exit status: 0 a pass (the whole plan ran), 1 a counterexample, 2 a usage
/// error or a missing tool (the fixture is skipped), 3 not finished (only a `--seconds` the
/// bench never sets would cut a plan short).
fn verdict(run: &Run) -> String {
    match run.code {
        Some(0) => "pass".to_string(),
        Some(3) => "not finished".to_string(),
        Some(1)
            if report_lines(&run.stdout)
                .first()
                .is_some_and(|header| header.starts_with("too slow")) =>
        {
            "too slow".to_string()
        }
        Some(1) => "counterexample".to_string(),
        Some(2) => "skipped (exit 2)".to_string(),
        Some(code) => format!("exit {code}"),
        None => "no exit status".to_string(),
    }
}

/// The instance a counterexample (or a time-out) shows: the lines between its header and the
/// program's answer or fault. For a long instance the last line names the file it was saved
/// in, named by a hash of the whole instance, so equal text means an equal instance.
fn reported_instance(report: &[&str]) -> String {
    if !report
        .first()
        .is_some_and(|h| h.starts_with("counterexample") || h.starts_with("too slow"))
    {
        return String::new();
    }
    report[1..]
        .iter()
        .take_while(|line| !line.starts_with("your answer") && !line.starts_with("your program"))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The size the header reports: a counterexample's size (without shrinking's count of runs,
/// which time can cut short while the instance stays the same), or how many of the plan's
/// instances ran.
fn reported_size(report: &[&str]) -> String {
    let header = report.first().copied().unwrap_or_default();
    if let Some(count) = between(header, "no counterexample in ", &[' ']) {
        return format!("{count} instances");
    }
    if let Some(count) = between(header, "not finished: ", &[' ']) {
        return format!("{count} instances, not finished");
    }
    let Some((_, rest)) = origin_and_rest(header) else {
        return String::new();
    };
    let size = size_and_shown(rest).0;
    // "… in 12 runs of 340 test cases": the count, not the size.
    match size.rsplit_once(" in ") {
        Some((size, runs)) if runs.contains(" run") => size.to_string(),
        _ => size,
    }
}

/// What a counterexample's header claims of its size (the smallest there is, or what was
/// ruled out): a claim that a time budget can cut short even where the instance is the same.
fn reported_claim(report: &[&str]) -> String {
    let header = report.first().copied().unwrap_or_default();
    origin_and_rest(header).map_or_else(String::new, |(_, rest)| size_and_shown(rest).1)
}

/// The part of `text` after `key` up to the next of `ends`.
fn between<'a>(text: &'a str, key: &str, ends: &[char]) -> Option<&'a str> {
    let rest = &text[text.find(key)? + key.len()..];
    Some(rest.split(ends).next().unwrap_or(rest))
}

/// A report's header split after its origin, `counterexample (ORIGIN)REST`, where the origin
/// may hold parentheses of its own (`1 of the 960 games ... (by open cells, cells, jumps), in
/// order`).
fn origin_and_rest(header: &str) -> Option<(&str, &str)> {
    let opening = ["counterexample (", "too slow ("]
        .into_iter()
        .find(|opening| header.starts_with(opening))?;
    let start = opening.len();
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

/// The reported size and what the report shows of it, from the header after its origin.
/// Three shapes: "…, shrunk from A to B in N runs; shown:", "…), B; shown (N runs):", and a
/// sequence's "…): K test cases in one process, shrunk from … (shown):".
fn size_and_shown(header: &str) -> (String, String) {
    if let Some(sequence) = between(header, "): ", &[',']) {
        let shown = between(header, "runs (", &[')']).unwrap_or("");
        return (sequence.to_string(), shown.to_string());
    }
    let size = match between(header, "shrunk from ", &[';']) {
        Some(shrunk) => between(shrunk, " to ", &[]).unwrap_or(shrunk).to_string(),
        None => between(header, "), ", &[';']).unwrap_or("?").to_string(),
    };
    let shown = header.split_once("; ").map_or("", |(_, shown)| shown);
    (size, shown.trim_end_matches(':').to_string())
}

/// A wrong fixture's row after its name, read from the report (the build's lines left out):
/// where it was caught, how many instances it took, the seconds to catch it and to shrink,
/// the report's size, and what the report shows of that size.
fn wrong_row(report: &[&str]) -> String {
    let header = report.first().copied().unwrap_or_default();
    let last = report.last().copied().unwrap_or_default();
    let (origin, rest) = origin_and_rest(header).unwrap_or(("?", header));
    let instances = between(last, "caught at instance ", &[' ']).unwrap_or("?");
    let to_catch = between(last, " after ", &[' ', ';']).unwrap_or("?");
    let shrinking = between(last, "shrinking took ", &[' ']).unwrap_or("?");
    let (size, shown) = size_and_shown(rest);
    format!("{origin} | {instances} | {to_catch} | {shrinking} | {size} | {shown}")
}

/// One fixture's row of a pass's table: a wrong one's figures, or a correct one's verdict
/// line, or why it was skipped.
fn detail_row(&(bin, file, wrong): &Fixture, run: &Run) -> String {
    let report = report_lines(&run.stdout);
    if run.code == Some(2) || run.code.is_none() {
        let why = run.stderr.lines().next().unwrap_or_default();
        return format!("| {bin}/{file} | skipped: {why} | | | | | |");
    }
    if wrong && run.code == Some(1) {
        return format!("| {bin}/{file} | {} |", wrong_row(&report));
    }
    let mark = if wrong {
        "wrong, not caught"
    } else {
        "correct"
    };
    let first = report.first().copied().unwrap_or_default();
    format!(
        "| {bin}/{file} ({mark}) | {first} | | {:.1} | | | |",
        run.wall
    )
}

/// Every fixture once, under whatever load there is; each run's verdict goes to stderr as it
/// ends, so that a long pass shows its progress, and with `reports` its whole report is kept
/// in `reports/PASS/CRATE-FILE.txt`, to read why two passes differ.
fn run_pass(fixtures: &[Fixture], name: &str, reports: Option<&Path>) -> Vec<Run> {
    let mut runs = Vec::with_capacity(fixtures.len());
    for (index, &(bin, file, _)) in fixtures.iter().enumerate() {
        let run = run_check(bin, file);
        eprintln!(
            "{name} {}/{}: {bin}/{file}: {}, {:.1} s, load {}",
            index + 1,
            fixtures.len(),
            verdict(&run),
            run.wall,
            load_average()
        );
        if let Some(dir) = reports {
            let dir = dir.join(name);
            let kept = std::fs::create_dir_all(&dir).and_then(|()| {
                let text = format!("{}\n--- stderr\n{}", run.stdout, run.stderr);
                std::fs::write(dir.join(format!("{bin}-{file}.txt")), text)
            });
            if let Err(why) = kept {
                eprintln!(
                    "warning: the report was not kept in {}: {why}",
                    dir.display()
                );
            }
        }
        runs.push(run);
    }
    runs
}

/// A pass's table, as the README shows it.
fn print_pass_table(title: &str, fixtures: &[Fixture], runs: &[Run]) {
    println!("## {title}\n");
    println!(
        "| fixture | caught at | instances | seconds to catch | seconds shrinking | report | \
         what the report shows of its size |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (fixture, run) in fixtures.iter().zip(runs) {
        println!("{}", detail_row(fixture, run));
    }
    println!();
}

/// What differs between a fixture's two runs: its verdict, its reported instance, what the
/// header claims of the instance's size, or nothing.
fn differences(quiet: &Run, loaded: &Run) -> Vec<&'static str> {
    let (quiet_report, loaded_report) = (report_lines(&quiet.stdout), report_lines(&loaded.stdout));
    let mut differ = Vec::new();
    if verdict(quiet) != verdict(loaded) {
        differ.push("verdict");
    }
    if reported_instance(&quiet_report) != reported_instance(&loaded_report) {
        differ.push("instance");
    }
    if reported_claim(&quiet_report) != reported_claim(&loaded_report) {
        differ.push("claim");
    }
    differ
}

/// A fixture's row of the side-by-side table, and what differs between its runs.
fn comparison_row(
    (bin, file, _): &Fixture,
    quiet: &Run,
    loaded: &Run,
) -> (String, Vec<&'static str>) {
    let cells = |run: &Run| {
        let size = reported_size(&report_lines(&run.stdout));
        format!("{} | {size} | {:.1}", verdict(run), run.wall)
    };
    let differ = differences(quiet, loaded);
    let mark = if differ.is_empty() {
        "-".to_string()
    } else {
        differ.join(", ")
    };
    let row = format!(
        "| {bin}/{file} | {} | {} | {mark} |",
        cells(quiet),
        cells(loaded)
    );
    (row, differ)
}

/// The two passes side by side, then the line that says whether every verdict and every
/// reported instance was the same, naming the fixtures that differ, and those whose header
/// claimed less under load (a time budget cut short) for the same instance.
fn print_comparison(fixtures: &[Fixture], quiet: &[Run], loaded: &[Run]) {
    println!("## Quiet and loaded side by side (seconds: wall-clock, of the whole --check)\n");
    println!(
        "| fixture | quiet: verdict | quiet: reported size | quiet: s | loaded: verdict | \
         loaded: reported size | loaded: s | differs |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let (mut differing, mut claims) = (Vec::new(), Vec::new());
    for (fixture, (quiet, loaded)) in fixtures.iter().zip(quiet.iter().zip(loaded)) {
        let (row, differ) = comparison_row(fixture, quiet, loaded);
        println!("{row}");
        let name = format!("{}/{}", fixture.0, fixture.1);
        let found: Vec<&str> = differ
            .iter()
            .copied()
            .filter(|&what| what != "claim")
            .collect();
        if !found.is_empty() {
            differing.push(format!("{name} ({})", found.join(", ")));
        } else if !differ.is_empty() {
            claims.push(name);
        }
    }
    println!();
    match differing.is_empty() {
        true => print!("same in both passes: every verdict and every reported instance"),
        false => print!("differ between the passes: {}", differing.join("; ")),
    }
    match claims.is_empty() {
        true => println!(),
        false => println!(
            "; the same instance, claimed of differently: {}",
            claims.join(", ")
        ),
    }
}

/// One pass, quiet or beside `hog` busy threads (stopped when it ends, however it ends), and
/// its title: the load average at its start and its end, for "quiet" is only as quiet as the
/// machine was.
fn measured_pass(
    fixtures: &[Fixture],
    hog: Option<usize>,
    reports: Option<&Path>,
) -> (String, Vec<Run>) {
    let before = load_average();
    let (title, runs, after) = match hog {
        None => {
            let runs = run_pass(fixtures, "quiet", reports);
            (
                "Quiet: no load of the bench's own".to_string(),
                runs,
                load_average(),
            )
        }
        Some(threads) => {
            let _hog = Hog::start(threads);
            let runs = run_pass(fixtures, "loaded", reports);
            let title = format!(
                "Loaded: beside {threads} busy threads, twice the {} cores",
                cores()
            );
            (title, runs, load_average())
        }
    };
    let title = format!("{title} (1-minute load {before} at the start, {after} at the end)");
    (title, runs)
}

fn main() {
    let options = Options::parse(std::env::args().skip(1)).and_then(|options| {
        let fixtures = options.selected()?;
        Ok((options, fixtures))
    });
    let (options, fixtures) = match options {
        Ok(parsed) => parsed,
        Err(why) => {
            eprintln!("error: {why}");
            std::process::exit(2);
        }
    };
    if !options.bench {
        return;
    }
    println!("# --check on the fixtures (default options, builds cached, this machine)\n");
    let unlisted = unlisted();
    if !unlisted.is_empty() {
        println!(
            "note: fixtures not in the bench's list: {}\n",
            unlisted.join(", ")
        );
    }
    let (title, quiet) = measured_pass(&fixtures, None, options.reports.as_deref());
    print_pass_table(&title, &fixtures, &quiet);
    if options.quiet_only {
        return;
    }
    let (title, loaded) = measured_pass(&fixtures, Some(2 * cores()), options.reports.as_deref());
    print_pass_table(&title, &fixtures, &loaded);
    print_comparison(&fixtures, &quiet, &loaded);
}
