//! `--check FILE...` and `--check FOLDER` through the real binary: a folder of the fixtures,
//! wrong and correct in C++, Python and JavaScript, one that does not build, one too slow and
//! one that crashes, checked side by side; the lines as each ends, the table, each failure's
//! report byte for byte what `--check` of that file alone prints (times aside), the JSON
//! lines, the exit status, and Ctrl-C and `kill -9`, after which no process of the run is left.
//! A tool this machine lacks skips the test, saying so, except under CI (`CI=true`).

use crate::support::{each_at_once, with_ctrl_c_default};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_lc913");

/// What this machine lacks of the folder's tools and the sandbox, if anything, said in a
/// line; under CI a missing one fails the test.
fn missing_tool() -> Option<String> {
    let tools = ["clang++-19", "python3", "node"];
    let missing = tools.iter().find(|tool| {
        !Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    });
    let missing = match missing {
        Some(tool) => Some(format!("{tool} is not on this machine")),
        None => tests::sandbox::bwrap::bwrap()
            .err()
            .map(tests::render::build::setup_error),
    };
    assert!(
        missing.is_none() || std::env::var("CI").as_deref() != Ok("true"),
        "{missing:?} under CI: .ci/run installs it"
    );
    if let Some(why) = &missing {
        println!("skipped: {why}");
    }
    missing
}

/// A fresh folder of its own for one test, under the test binary's scratch directory.
fn folder(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("check-many-{name}"));
    let _ = std::fs::remove_dir_all(&path);
    std::fs::create_dir_all(&path).unwrap();
    path
}

fn fixture(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/lc913")
        .join(file)
}

/// The folder the tests check, each file with the verdict it must get: fixtures copied in,
/// and three written here (a syntax error, an endless loop, an index past the end), beside a
/// file and a folder that are no solution.
fn solutions(into: &Path) -> BTreeMap<String, &'static str> {
    let mut verdicts = BTreeMap::new();
    for (file, verdict) in [
        ("revisit_draw.cpp", "wrong answer"),
        ("repeat_wins.py", "wrong answer"),
        ("correct.cpp", "pass"),
        ("correct.js", "pass"),
    ] {
        std::fs::copy(fixture(file), into.join(file)).unwrap();
        verdicts.insert(file.to_string(), verdict);
    }
    let method = "class Solution:\n    def catMouseGame(self, graph)";
    for (file, text, verdict) in [
        (
            "broken.py",
            format!("{method}\n        return 0\n"),
            "compile error",
        ),
        (
            "slow.py",
            format!("{method}:\n        while True:\n            pass\n"),
            "too slow",
        ),
        (
            "crash.py",
            format!("{method}:\n        return graph[99][0]\n"),
            "crash",
        ),
    ] {
        std::fs::write(into.join(file), text).unwrap();
        verdicts.insert(file.to_string(), verdict);
    }
    std::fs::write(into.join("notes.txt"), "not a solution\n").unwrap();
    std::fs::create_dir_all(into.join("nested.py")).unwrap();
    verdicts
}

/// The options every check here takes: short plans (their first 1,000 instances, past the
/// wrong fixtures' first failures), a short time limit for the endless loop.
const OPTIONS: [&str; 4] = ["--cases", "1000", "--time-limit", "1"];

fn lc913(args: &[&str]) -> Output {
    let output = Command::new(BIN)
        .arg("--check")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    output
}

/// `text` with every figure of seconds (`0.88 s`) made `N s`, and a time-out's words made
/// one: what differs between two runs of one check (on a machine too busy, a time-out is the
/// wall-clock backstop's, in other words).
fn timeless(text: &str) -> String {
    let time_out = "your program: no answer within ";
    let mut out = String::new();
    for line in text.lines() {
        let mut rest = if line.starts_with(time_out) {
            time_out
        } else {
            line
        };
        while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
            out.push_str(&rest[..at]);
            let figure = (rest[at..].find(|c: char| !c.is_ascii_digit() && c != '.'))
                .map_or(rest.len(), |end| at + end);
            match rest[figure..].starts_with(" s") {
                true => out.push('N'),
                false => out.push_str(&rest[at..figure]),
            }
            rest = &rest[figure..];
        }
        out.push_str(rest);
        out.push('\n');
    }
    out
}

/// The reports the summary shows, by solution: what follows each `---- NAME ----` line, up to
/// the blank line before the next or the result.
fn reports(text: &str) -> BTreeMap<String, String> {
    let mut reports = BTreeMap::new();
    for section in text.split("\n---- ").skip(1) {
        let (name, report) = section.split_once(" ----\n").unwrap();
        let report = report.split("\n\nresult: ").next().unwrap();
        let report = report.strip_suffix('\n').unwrap_or(report);
        reports.insert(name.to_string(), format!("{report}\n"));
    }
    reports
}

/// The folder checked at once: a line as each ends, the table with each file's language,
/// build and verdict, every failure's report as `--check` of it alone prints it, exit 1; and
/// each file alone gets the verdict the table gives it.
#[test]
fn a_folder_is_checked_side_by_side_as_each_file_alone() {
    if missing_tool().is_some() {
        return;
    }
    let dir = folder("table");
    let verdicts = solutions(&dir);
    let name = |file: &str| dir.join(file).to_string_lossy().into_owned();
    let started = Instant::now();
    let mut args = vec![dir.to_str().unwrap(), "--jobs", "2"];
    args.extend(OPTIONS);
    let output = lc913(&args);
    let together = started.elapsed();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.starts_with("checking 7 solutions, 2 at a time\n"),
        "{text}"
    );
    for (file, verdict) in &verdicts {
        let line = format!("{} ... {verdict}", name(file));
        assert!(text.contains(&line), "no line {line:?}:\n{text}");
    }
    let table: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("file "))
        .take_while(|line| !line.is_empty())
        .collect();
    assert_eq!(table.len(), 1 + verdicts.len(), "{text}");
    for row in &table[1..] {
        let cells: Vec<&str> = row
            .split("   ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let file = Path::new(cells[0]).file_name().unwrap().to_str().unwrap();
        let language = if file.ends_with(".py") {
            "Python 3"
        } else if file.ends_with(".js") {
            "JavaScript"
        } else {
            "C++"
        };
        assert_eq!(cells[1], language, "{row}");
        assert!(cells.contains(&verdicts[file]), "{row}");
        if verdicts[file] == "wrong answer" {
            assert!(row.contains(" nodes, "), "no counterexample's size: {row}");
        }
    }
    assert!(table[1..]
        .iter()
        .any(|row| row.contains("clang++-19 -std=c++23 -O2")));
    assert!(
        !text.contains("notes.txt") && !text.contains("nested.py"),
        "{text}"
    );
    assert!(
        text.trim_end().lines().last().unwrap().starts_with(
            "result: FAILED. 2 pass, 2 wrong answer, 1 too slow, 1 crash, 1 compile error; 7 \
             solutions in "
        ),
        "{text}"
    );
    let shown = reports(&text);
    let failing: Vec<String> = (verdicts.iter())
        .filter(|(_, verdict)| **verdict != "pass")
        .map(|(file, _)| name(file))
        .collect();
    assert_eq!(shown.keys().cloned().collect::<Vec<_>>(), failing);
    // Each alone: its exit status, and its report (or its `error:` line) as shown above.
    let mut alone_seconds = 0.0;
    for (file, verdict) in &verdicts {
        let started = Instant::now();
        let mut args = vec![name(file)];
        args.extend(OPTIONS.map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = lc913(&args);
        alone_seconds += started.elapsed().as_secs_f64();
        // A build that takes over 2 s (as on a busy machine) says so on stderr while it
        // runs: a notice of the wall clock's, no part of the report.
        let notice = |line: &&str| line.starts_with("building ") && line.ends_with(" ...");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stderr: String = stderr
            .lines()
            .filter(|line| !notice(line))
            .map(|line| format!("{line}\n"))
            .collect();
        let (code, printed) = match *verdict {
            "pass" => (0, None),
            "compile error" => (1, Some(stderr)),
            _ => (
                1,
                Some(String::from_utf8_lossy(&output.stdout).into_owned()),
            ),
        };
        assert_eq!(output.status.code(), Some(code), "{file}: {output:?}");
        if let Some(printed) = printed {
            assert_eq!(
                timeless(&shown[&name(file)]),
                timeless(&printed),
                "{file}'s report differs from its own --check's"
            );
        }
    }
    println!(
        "7 solutions: {:.1} s together (2 at a time), {alone_seconds:.1} s one after another",
        together.as_secs_f64()
    );
}

/// `--json`: one object a solution, one a line, with its verdict, and what `--check --json`
/// of it alone prints; the exit status as without it.
#[test]
fn json_gives_one_object_a_solution() {
    if missing_tool().is_some() {
        return;
    }
    let dir = folder("json");
    solutions(&dir);
    let files: Vec<String> = ["correct.js", "repeat_wins.py", "broken.py"]
        .iter()
        .map(|file| dir.join(file).to_string_lossy().into_owned())
        .collect();
    let mut args: Vec<&str> = files.iter().map(String::as_str).collect();
    args.extend(OPTIONS);
    args.push("--json");
    let output = lc913(&args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert_eq!(text.lines().count(), 3, "{text}");
    // Python's `json` reads each line; the fields that matter come back one a line.
    let read = "import json, sys\n\
                for line in sys.stdin:\n    o = json.loads(line)\n    \
                print(o['solution'], o['language'], o['verdict'], o['check']['verdict'], \
                o['check'].get('failure'), o['size'], sep='|')";
    let mut python = Command::new("python3")
        .args(["-c", read])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    python
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let read = python.wait_with_output().unwrap();
    assert!(read.status.success(), "not JSON: {text}");
    let mut rows: Vec<String> = String::from_utf8_lossy(&read.stdout)
        .lines()
        .map(String::from)
        .collect();
    rows.sort();
    let at = |file: &str| dir.join(file).to_string_lossy().into_owned();
    assert_eq!(
        rows,
        [
            format!(
                "{}|Python 3|compile_error|compile_error|None|None",
                at("broken.py")
            ),
            format!("{}|JavaScript|pass|pass|None|None", at("correct.js")),
            format!(
                "{}|Python 3|wrong_answer|wrong_answer|instance|5 nodes, 3 edges",
                at("repeat_wins.py")
            ),
        ]
    );
    // The object of a check is the one `--check --json` of that file prints.
    let alone = lc913(&[&files[2], "--json"]);
    let own = String::from_utf8_lossy(&alone.stdout)
        .trim_end()
        .to_string();
    assert!(
        text.contains(&format!("\"check\":{own}}}")),
        "{own}\n{text}"
    );
    // Every solution passes: exit 0.
    let output = lc913(&[&files[0], &files[0], "--cases", "50", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// What cannot be checked as asked is a usage error, exit 2, before anything runs.
#[test]
fn several_solutions_refuse_what_takes_one() {
    let dir = folder("usage");
    std::fs::write(dir.join("notes.txt"), "not a solution\n").unwrap();
    let empty = dir.to_string_lossy().into_owned();
    let file = fixture("correct.py").to_string_lossy().into_owned();
    for (args, message) in [
        (
            vec![&empty[..]],
            "holds no solution: no file ending in .rs, .cpp",
        ),
        (
            vec![&file, &file, "--html", "page.html"],
            "--html writes one page",
        ),
        (vec![&file, &file, "--input", "-"], "--input - is read once"),
        (
            vec![&file, &file, "--jobs", "0"],
            "--jobs needs a count up to 4096, not '0'",
        ),
    ] {
        let output = lc913(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: ") && stderr.contains(message),
            "{stderr}"
        );
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// Every process below `pid` (its children, theirs, ...), as `ps` lists them: the pid and the
/// command line of each.
fn descendants(pid: u32) -> Vec<(u32, String)> {
    let listed = Command::new("ps")
        .args(["-e", "-o", "pid=,ppid=,args="])
        .output()
        .unwrap();
    let rows: Vec<(u32, u32, String)> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let pid = words.next()?.parse().ok()?;
            let parent = words.next()?.parse().ok()?;
            Some((pid, parent, words.collect::<Vec<_>>().join(" ")))
        })
        .collect();
    let mut found: Vec<(u32, String)> = Vec::new();
    let mut parents = vec![pid];
    while let Some(parent) = parents.pop() {
        for (child, _, args) in rows.iter().filter(|(_, of, _)| *of == parent) {
            found.push((*child, args.clone()));
            parents.push(*child);
        }
    }
    found
}

/// Which of `processes` `ps` still lists as running, by pid (a zombie, ended and waiting for
/// its new parent to read its status, is not).
fn still_running(processes: &[(u32, String)]) -> Vec<String> {
    let pids: Vec<String> = processes.iter().map(|(pid, _)| pid.to_string()).collect();
    let listed = Command::new("ps")
        .args(["-o", "pid=,stat=,args=", "-p", &pids.join(",")])
        .output()
        .unwrap();
    String::from_utf8_lossy(&listed.stdout)
        .lines()
        .filter(|line| {
            line.split_whitespace()
                .nth(1)
                .is_some_and(|stat| !stat.starts_with('Z'))
        })
        .map(String::from)
        .collect()
}

/// The folder's checks, started as a terminal starts a command (a process group of its own,
/// which Ctrl-C signals whole); returns once the first check has ended and every check is
/// under way (one a job), with the child, its stdout's lines so far and a receiver of the rest.
fn started_in_a_group(
    dir: &Path,
) -> (
    std::process::Child,
    Vec<String>,
    std::sync::mpsc::Receiver<String>,
) {
    let mut child = with_ctrl_c_default(BIN)
        .args(["--check", dir.to_str().unwrap(), "--jobs", "3"])
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let mut seen = Vec::new();
    while !seen
        .iter()
        .any(|line: &String| line.contains(" ... wrong answer"))
    {
        let line = receiver
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| panic!("no check ended: {seen:?}"));
        seen.push(line);
    }
    // The two correct ones are now running: built, and searching.
    std::thread::sleep(Duration::from_secs(3));
    (child, seen, receiver)
}

/// Ctrl-C, a real SIGINT to the process group as a terminal sends it, ends every check and
/// prints the table so far (exit 130), and `kill -9` of `--check` alone ends all it started
/// too: `ps` shows none of their processes left.
#[test]
fn ctrl_c_prints_the_table_so_far_and_nothing_is_left() {
    if missing_tool().is_some() {
        return;
    }
    // Each signal a folder of its own, both at once: most of the time is the wait for the
    // checks to be under way.
    let signals: [&(dyn Fn() + Sync); 2] = [
        &|| ctrl_c_prints_the_table_so_far(&interrupted_folder("interrupt")),
        &|| sigkill_leaves_nothing(&interrupted_folder("killed")),
    ];
    each_at_once(&signals, |signal| signal());
}

/// A folder for the signal tests: a wrong solution, and two right ones slow enough to be
/// running still (a plan of thousands of test cases at 20 ms each).
fn interrupted_folder(name: &str) -> PathBuf {
    let dir = folder(name);
    std::fs::copy(fixture("repeat_wins.py"), dir.join("repeat_wins.py")).unwrap();
    let correct = std::fs::read_to_string(fixture("correct.py")).unwrap();
    let slow = correct.replace(
        "        n = len(graph)",
        "        __import__('time').sleep(0.02)\n        n = len(graph)",
    );
    assert_ne!(slow, correct);
    for file in ["slow_a.py", "slow_b.py"] {
        std::fs::write(dir.join(file), &slow).unwrap();
    }
    dir
}

fn ctrl_c_prints_the_table_so_far(dir: &Path) {
    let (child, mut seen, rest) = started_in_a_group(dir);
    let processes = descendants(child.id());
    assert!(
        processes
            .iter()
            .any(|(_, args)| args == "/bin/sh -c read _"),
        "no sentinel among {processes:?}"
    );
    assert!(
        processes.iter().any(|(_, args)| args.contains("bwrap")),
        "no check running: {processes:?}"
    );
    let signalled = Command::new("kill")
        .args(["-s", "INT", "--", &format!("-{}", child.id())])
        .status()
        .unwrap();
    assert!(signalled.success());
    let status = child.wait_with_output().unwrap().status;
    seen.extend(rest.iter());
    let text = seen.join("\n");
    assert_eq!(status.code(), Some(130), "{text}");
    assert!(text.contains("interrupted (Ctrl-C)"), "{text}");
    let name = |file: &str| dir.join(file).to_string_lossy().into_owned();
    for (file, verdict) in [
        ("slow_a.py", "interrupted"),
        ("slow_b.py", "interrupted"),
        ("repeat_wins.py", "wrong answer"),
    ] {
        let row = (text.lines())
            .find(|line| line.starts_with(&format!("{} ", name(file))) && !line.contains(" ... "));
        assert!(
            row.is_some_and(|row| row.contains(&format!("   {verdict}   "))),
            "{file}: {row:?}\n{text}"
        );
    }
    assert!(text.contains(&format!("---- {} ----\nbuild: ", name("repeat_wins.py"))));
    assert!(text.contains("result: INTERRUPTED. 1 wrong answer, 2 interrupted; 3 solutions"));
    let left = || still_running(&processes);
    let started = Instant::now();
    while !left().is_empty() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(left(), Vec::<String>::new(), "left running after Ctrl-C");
}

/// `kill -9` of `--check` alone: its sentinel, sandboxes and janitors end with it.
fn sigkill_leaves_nothing(dir: &Path) {
    let (mut child, _, _) = started_in_a_group(dir);
    let processes = descendants(child.id());
    child.kill().unwrap();
    child.wait().unwrap();
    let started = Instant::now();
    let left = || still_running(&processes);
    while !left().is_empty() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(left(), Vec::<String>::new(), "left running after kill -9");
}
