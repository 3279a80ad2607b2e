//! What the `--check` tests share: the fixtures' paths, the tools a fixture needs (skipped where
//! missing, a failure under CI), the sandbox's presence, `--check` through the real binary, and
//! `--check` as an ordinary user where the tests run as root; and what the `check*.rs` files
//! share: a check that must pass or fail, a wrong solution caught and its instance measured, a
//! refused build's facts, the emitted default variant, and `--json` read by Python's `json`.
//! Each test file that declares this module uses part of it.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;
use std::process::Output;

/// `check` of each of `items` at once, a thread each, and what each gave, in order: most of a
/// check's time is its processes' start and their waits, which leave the cores idle. A panic
/// in one is this test's, once all have ended.
pub fn each_at_once<T: Sync, R: Send>(items: &[T], check: impl Fn(&T) -> R + Sync) -> Vec<R> {
    std::thread::scope(|scope| {
        let threads: Vec<_> = (items.iter())
            .map(|item| scope.spawn(|| check(item)))
            .collect();
        let joined = threads.into_iter().map(|thread| thread.join());
        let joined: Vec<_> = joined.collect();
        joined
            .into_iter()
            .map(|ended| ended.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

pub fn fixture(krate: &str, file: &str) -> String {
    format!("{}/fixtures/{krate}/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// The tool a source file needs, when this machine lacks it (as the build layer's table
/// finds each judge's own tool and what runs the build: `build::tools::missing_tool`), and
/// then a line saying the test skips it; under CI a missing tool fails the test, but Python
/// 2.7, which no registry serves. A command is no source file: it needs nothing.
pub fn missing_tool(file: &str) -> Option<&'static str> {
    use tests::build::languages::Language;
    let language = Language::of(std::path::Path::new(file))?;
    if language == Language::Python2 {
        return python2_missing();
    }
    let tool = tests::build::tools::missing_tool(language);
    assert!(
        tool.is_none() || std::env::var("CI").as_deref() != Ok("true"),
        "{tool:?} is missing under CI: .ci/run installs it"
    );
    if let Some(tool) = tool {
        println!("skipped: {tool} is not on this machine");
    }
    tool
}

/// Python 2.7 where the table finds it and it runs (pyenv's shim `python2` is on `PATH` even
/// where no 2.7 is installed); skipped even under CI, for no registry serves one.
fn python2_missing() -> Option<&'static str> {
    use tests::build::{judge, languages::Language};
    let profile = judge::profile(tests::problems::Judge::LeetCode, Language::Python2)?;
    let found = judge::locate(&profile).is_some_and(|python| {
        std::process::Command::new(python)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    });
    if found {
        return None;
    }
    println!("skipped: Python 2.7 is not on this machine, and no registry serves it");
    Some("python2.7")
}

/// Whether bubblewrap cannot sandbox runs here: then, outside CI, `--check` runs
/// `--unsandboxed` in these tests and the sandbox's own tests skip, each saying so; under CI
/// (whose `.ci/run` installs it) that fails.
pub fn sandbox_missing() -> bool {
    let why = tests::sandbox::bwrap::bwrap().err();
    assert!(
        why.is_none() || std::env::var("CI").as_deref() != Ok("true"),
        "no sandbox under CI: {why:?}"
    );
    if let Some(why) = why {
        println!(
            "skipped the sandbox: {}",
            tests::render::build::setup_error(why)
        );
    }
    why.is_some()
}

pub fn check(bin: &str, solution: &str, options: &[&str]) -> Output {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .arg("--check")
        .arg(solution)
        .args(options)
        .args(sandbox_missing().then_some("--unsandboxed"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "{bin} --check {solution}: {stderr}"
    );
    output
}

/// A file of `text` in this test binary's scratch directory; its path.
pub fn scratch_file(name: &str, text: &[u8]) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Waits up to `seconds` for `done`.
pub fn within(seconds: f64, mut done: impl FnMut() -> bool) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    done()
}

/// `program`, started with SIGINT's default action, as a terminal starts a command: a test run
/// from a script's background job (`cargo test &`) inherits SIGINT ignored, and Ctrl-C would
/// then do nothing the test could see. `env` replaces itself with `program`, so the child's id
/// is the program's.
pub fn with_ctrl_c_default(program: &str) -> std::process::Command {
    let mut command = std::process::Command::new("env");
    command.args(["--default-signal=INT", program]);
    command
}

/// Whether these tests run as root (CI's user): then `--check` is also run as `nobody`.
pub fn as_root() -> bool {
    tests::sandbox::places::cache_root().ends_with("cats-check-builds-0")
}

/// The home and `TMPDIR` of [`as_nobody`]'s `--check`.
pub fn nobody_home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-nobody-home")
}

/// `bin` run as `nobody` through `setpriv`, with no supplementary groups, in a folder of its
/// own that is its home and `TMPDIR` (the build cache and scratch files of that `--check`),
/// and the system's `PATH` with `/usr/local`'s tools (root's tools in `/root` are not its
/// to run). For a test that is root, to try `--check` as an ordinary user.
pub fn as_nobody(bin: &str) -> std::process::Command {
    const NOBODY: u32 = 65534;
    let home = nobody_home();
    std::fs::create_dir_all(&home).unwrap();
    std::os::unix::fs::chown(&home, Some(NOBODY), Some(NOBODY)).unwrap();
    let mut command = std::process::Command::new("setpriv");
    command
        .arg(format!("--reuid={NOBODY}"))
        .arg(format!("--regid={NOBODY}"))
        .args(["--clear-groups", "--"])
        .arg(assert_cmd::cargo::cargo_bin(bin))
        .env("TMPDIR", &home)
        .env("HOME", &home)
        .env("PATH", "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin")
        .current_dir(&home);
    command
}

/// The binary's own answer on `input`, on one line.
pub fn answer_of(bin: &str, input: &str) -> String {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{input}");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `file` is caught: the reported instance's answer is wrong, the expected one is the
/// problem's own, and its `size` (nodes, open cells, board cells, read from the instance here)
/// is at most `most` and is the size `--json` gives by the problem's measure; all read from
/// `--json`. `None` where its tool is missing.
/// An instance's size as the judge's input writes it: nodes, open cells or cells.
pub type InstanceSize = fn(&str) -> usize;

pub fn caught(bin: &str, file: &str, size: InstanceSize, most: usize) -> Option<Caught> {
    caught_with(bin, file, size, most, &[])
}

/// What a `--check --json` that found a counterexample says, read by Python's `json`.
pub struct Caught {
    pub instance: String,
    /// The wrong answer, or the fault's words.
    pub answer: String,
    pub expected: String,
    /// The whole JSON object.
    pub json: String,
}

/// The same with more options.
pub fn caught_with(
    bin: &str,
    file: &str,
    size: InstanceSize,
    most: usize,
    options: &[&str],
) -> Option<Caught> {
    if missing_tool(file).is_some() {
        return None;
    }
    let started = std::time::Instant::now();
    let mut all = vec!["--json"];
    all.extend_from_slice(options);
    let output = check(bin, &fixture(bin, file), &all);
    let json = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{file}: {json}");
    let field = |expression: &str| json_text(&json, expression);
    let caught = Caught {
        instance: field("found['instance']"),
        answer: field("found.get('answer', found.get('fault'))"),
        expected: field("found['expected']"),
        json: json.clone(),
    };
    println!(
        "{file}: {} ({:.1} s)",
        field("found['size'] + '; ' + found['smallest']"),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(answer_of(bin, &caught.instance), caught.expected, "{file}");
    assert_ne!(caught.answer, caught.expected, "{file}");
    let measure = match bin {
        "lc913" => "nodes",
        "lc1728" => "open_cells",
        _ => "cells",
    };
    let measured = size(&caught.instance);
    let said = field(&format!("found['measure'][{measure:?}]"));
    assert_eq!(said, measured.to_string(), "{file}: {json}");
    assert!(
        measured <= most,
        "{file}: the shrunk instance has {measured} {measure}, over {most}:\n{}",
        caught.instance
    );
    Some(caught)
}

pub fn nodes(instance: &str) -> usize {
    instance.matches('[').count() - 1
}

pub fn open_cells(instance: &str) -> usize {
    let grid = instance.lines().next().unwrap_or_default();
    grid.chars()
        .filter(|c| matches!(c, '.' | 'C' | 'M' | 'F'))
        .count()
}

/// Checks `solution`, which must pass: `no counterexample in N instances`.
pub fn passes(bin: &str, solution: &str, cases: &str) {
    passes_with(bin, solution, cases, &[]);
}

/// The same with more options.
pub fn passes_with(bin: &str, solution: &str, cases: &str, options: &[&str]) {
    if missing_tool(solution).is_some() {
        return;
    }
    let mut all = vec!["--cases", cases, "--json"];
    all.extend_from_slice(options);
    let output = check(bin, solution, &all);
    let json = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{solution}: {json}");
    // The pass says what of the plan ran: its first `cases` instances, the known ones first.
    let read = json_values(
        &json,
        &[
            "found['verdict']",
            "found['plan']['ran']",
            "found['plan']['planned']",
            "found['plan']['families'][0]['kind']",
            "found['plan']['families'][0]['ran'] > 0",
        ],
    );
    assert_eq!(read, ["'pass'", cases, cases, "'known'", "True"], "{json}");
}

/// The default variant's submission, as a user would save it.
pub fn emitted(bin: &str, file: &str) -> String {
    let output = Command::cargo_bin(bin)
        .unwrap()
        .args(["--emit", default_variant(bin)])
        .output()
        .unwrap();
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(file);
    std::fs::write(&path, &output.stdout).unwrap();
    path.to_string_lossy().into_owned()
}

/// The default variant, the first of the problem's registry.
pub fn default_variant(bin: &str) -> &'static str {
    let first = match bin {
        "lc913" => tests::problems::lc913::solvers()
            .first()
            .map(|solver| solver.name),
        "lc1728" => tests::problems::lc1728::solvers()
            .first()
            .map(|solver| solver.name),
        _ => tests::problems::noi2011::solvers()
            .first()
            .map(|solver| solver.name),
    };
    first.unwrap_or_else(|| panic!("{bin} has no variant"))
}

pub fn read_fixture(krate: &str, file: &str) -> String {
    std::fs::read_to_string(fixture(krate, file)).unwrap()
}

/// `--check --json` of `solution` that found a failure (exit status 1): the JSON object.
pub fn failed_json(bin: &str, solution: &str, options: &[&str]) -> String {
    let mut all = options.to_vec();
    all.push("--json");
    let output = check(bin, solution, &all);
    let json = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{solution}: {json}");
    json
}

/// `--check --json` of `solution` that a build refused (exit status 1 for a compile error, a
/// verdict; 2 for no verdict, a tool older than the judge's or a package missing): the JSON
/// object, its `refusal` read as `refusal` and its build's tool as `tool` by
/// [`assert_refusal`].
pub fn refused_json(bin: &str, solution: &str, options: &[&str]) -> String {
    let mut all = options.to_vec();
    all.push("--json");
    let output = check(bin, solution, &all);
    let json = String::from_utf8_lossy(&output.stdout).into_owned();
    let status = match json_text(&json, "found['verdict']").as_str() {
        "compile_error" => 1,
        _ => 2,
    };
    assert_eq!(output.status.code(), Some(status), "{solution}: {json}");
    assert_facts(&json, &[("found['error_kind']", "'refused'")]);
    json
}

/// A refusal that is a verdict: the program does not compile, whatever the tool's version.
pub const DOES_NOT_COMPILE: (&str, &str) = (
    "found['verdict'], refusal['kind']",
    "('compile_error', 'does_not_compile')",
);

/// Asserts `facts` of a refused build's `--json`, `refusal[` and `tool[` standing for its
/// refusal's and its build tool's fields.
pub fn assert_refusal(json: &str, facts: &[(&str, &str)]) {
    let short = [
        ("refusal[", "found['refusal']["),
        ("tool[", "found['build']['tool']["),
    ];
    assert_facts_short(json, facts, &short);
}

/// [`assert_facts`], each expression's `short` names (`tool[`) written out first.
pub fn assert_facts_short(json: &str, facts: &[(&str, &str)], short: &[(&str, &str)]) {
    let facts: Vec<(String, &str)> = facts
        .iter()
        .map(|(expression, value)| {
            let written = short
                .iter()
                .fold(expression.to_string(), |text, (name, whole)| {
                    text.replace(name, whole)
                });
            (written, *value)
        })
        .collect();
    let facts: Vec<(&str, &str)> = facts.iter().map(|(e, v)| (e.as_str(), *v)).collect();
    assert_facts(json, &facts);
}

/// The kind of fault a failure's `--json` names, and the megabytes its memory reached (`None`
/// for another kind).
pub fn fault_kind_and_megabytes(json: &str) -> (String, Option<u64>) {
    let facts = [
        "found['fault_facts']['kind']",
        "found['fault_facts'].get('memory_bytes', -1) >> 20",
    ];
    let read = json_values(json, &facts);
    let megabytes = read[1].parse().ok();
    (read[0].trim_matches('\'').to_string(), megabytes)
}

/// What Python's `json` (an independent parser) reads of `text`, one JSON object called
/// `found`: each of `expressions` on it (`found['plan']['ran']`), as `repr` shows them, one a
/// line. Panics where it is not one JSON object.
pub fn json_values(text: &str, expressions: &[&str]) -> Vec<String> {
    let body = format!("for expression in {expressions:?}:\n    print(repr(eval(expression)))\n");
    python_on_json(text, &body)
        .lines()
        .map(String::from)
        .collect()
}

/// Asserts that a `--check --json` exited with `status` and that its object has `facts` (as
/// [`assert_facts`] reads them).
pub fn assert_exit_and_facts(output: &Output, status: i32, facts: &[(&str, &str)]) {
    let json = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{json}{stderr}");
    assert_facts(&json, facts);
}

/// Asserts that each expression of `facts`, read on `--json`'s `json` as [`json_values`]
/// reads it, has its value (as Python's `repr` writes it).
pub fn assert_facts(json: &str, facts: &[(&str, &str)]) {
    let (expressions, values): (Vec<&str>, Vec<&str>) = facts.iter().copied().unzip();
    assert_eq!(json_values(json, &expressions), values, "{json}");
}

/// What the Python `body` prints, run on `text`, one JSON object read as `found` by Python's
/// `json`. Panics where it is not one, or where `body` fails.
///
/// One Python reads every test's JSON, a request at a time: a Python started for each read
/// costs about 90 ms of CPU on the project's machines, some 40 s over the suite.
pub fn python_on_json(text: &str, body: &str) -> String {
    let mut reader = JSON_READER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // A reader that cannot be asked (none yet, or one gone) is started again, once.
    let mut reply = reader.as_mut().map(|running| running.ask(text, body));
    if !matches!(reply, Some(Ok(_))) {
        let mut started = JsonReader::start();
        reply = Some(started.ask(text, body));
        *reader = Some(started);
    }
    drop(reader);
    match reply {
        Some(Ok(Ok(printed))) => printed,
        Some(Ok(Err(traceback))) => panic!("{text}\n{traceback}"),
        _ => panic!("python3 did not answer on {text}"),
    }
}

static JSON_READER: std::sync::Mutex<Option<JsonReader>> = std::sync::Mutex::new(None);

/// A `python3` that reads requests on its stdin (a line with the sizes in bytes of a text and
/// a body, then both) and answers each on its stdout (`ok` or `error` and a size, then what
/// the body printed or the traceback). It ends at the end of its stdin, which is this test
/// binary's end, however it ends.
struct JsonReader {
    python: std::process::Child,
    requests: std::process::ChildStdin,
    replies: std::io::BufReader<std::process::ChildStdout>,
}

const JSON_READER_SCRIPT: &str = r#"import contextlib, io, json, sys, traceback
requests, replies = sys.stdin.buffer, sys.stdout.buffer
while True:
    header = requests.readline()
    if not header:
        break
    text, body = (requests.read(int(size)).decode() for size in header.split())
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            lines = text.splitlines()
            assert len(lines) == 1, lines
            found = json.loads(lines[0])
            assert isinstance(found, dict)
            exec(body, {"json": json, "sys": sys, "lines": lines, "found": found})
        status, reply = b"ok", printed.getvalue().encode()
    except BaseException:
        status, reply = b"error", traceback.format_exc().encode(errors="backslashreplace")
    replies.write(b"%s %d\n" % (status, len(reply)) + reply)
    replies.flush()
"#;

impl JsonReader {
    fn start() -> JsonReader {
        use std::process::Stdio;
        let mut python = std::process::Command::new("python3")
            .args(["-c", JSON_READER_SCRIPT])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 reads --json");
        let (requests, replies) = (python.stdin.take(), python.stdout.take());
        JsonReader {
            python,
            requests: requests.unwrap(),
            replies: std::io::BufReader::new(replies.unwrap()),
        }
    }

    /// What `body` printed on `text`, or its traceback; an error where Python cannot be asked.
    fn ask(&mut self, text: &str, body: &str) -> std::io::Result<Result<String, String>> {
        use std::io::{BufRead, Read, Write};
        let request = format!("{} {}\n{text}{body}", text.len(), body.len());
        self.requests.write_all(request.as_bytes())?;
        self.requests.flush()?;
        let mut header = String::new();
        self.replies.read_line(&mut header)?;
        let unreadable = || std::io::Error::other(format!("python3 answered {header:?}"));
        let (status, size) = header.trim_end().split_once(' ').ok_or_else(unreadable)?;
        let size: usize = size.parse().map_err(|_| unreadable())?;
        let mut reply = vec![0; size];
        self.replies.read_exact(&mut reply)?;
        let reply = String::from_utf8_lossy(&reply).into_owned();
        match status {
            "ok" => Ok(Ok(reply)),
            "error" => Ok(Err(reply)),
            _ => Err(unreadable()),
        }
    }
}

impl Drop for JsonReader {
    fn drop(&mut self) {
        let _ = self.python.kill();
        let _ = self.python.wait();
    }
}

/// Asserts that `--json`'s `json` has the fields of tests/JSON.md's example of its verdict and
/// failure, at every depth where both have a value (an object of another `kind`, and `wrong`,
/// whose keys are answers, are not compared; of a list, the first items; of `answer`, `fault`
/// and `flaky`, one as in the example).
pub fn assert_shaped_as_its_example(json: &str) {
    let readme = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("JSON.md");
    let body = format!(
        r#"import re
readme = open({readme:?}).read()
examples = {{}}
for block in re.findall(r"```json\n(.*?)\n```", readme, re.S):
    example = json.loads(block)
    examples[(example["verdict"], example.get("failure"))] = example
def differences(ours, theirs, path):
    if isinstance(ours, dict) and isinstance(theirs, dict):
        if ours.get("kind") != theirs.get("kind") or path.endswith(".wrong"):
            return []
        found = []
        # What the program did is one of these, as tests/JSON.md says.
        one_of = {{"answer", "fault", "flaky"}} if path == "found" else set()
        if len(set(ours) & one_of) != len(set(theirs) & one_of):
            found.append(path + ": not one of " + str(sorted(one_of)))
        if set(ours) - one_of != set(theirs) - one_of:
            found.append(path + ": " + str(sorted((set(ours) ^ set(theirs)) - one_of)))
        for key in sorted(set(ours) & set(theirs)):
            found += differences(ours[key], theirs[key], path + "." + key)
        return found
    if isinstance(ours, list) and isinstance(theirs, list) and ours and theirs:
        return differences(ours[0], theirs[0], path + "[0]")
    return []
print("\n".join(differences(found, examples[(found["verdict"], found.get("failure"))], "found")))
"#,
        readme = readme.to_string_lossy()
    );
    let differences = python_on_json(json, &body);
    assert!(
        differences.trim().is_empty(),
        "fields not as in tests/JSON.md's example:\n{differences}\n{json}"
    );
}

/// What Python's `json` reads of `expression` on `text`'s one JSON object `found`, as
/// `str()` gives it (a string as it is, newlines and all).
pub fn json_text(text: &str, expression: &str) -> String {
    python_on_json(
        text,
        &format!("sys.stdout.write(str(eval({expression:?})))\n"),
    )
}

/// The one Python that reads `--json` answers each request on its own: a failing body is a
/// panic that shows Python's error, names one body defines are gone at the next, and it reads
/// on after a failure.
#[test]
fn the_json_reader_answers_each_request_alone() {
    let json = "{\"verdict\": \"pass\", \"plan\": {\"ran\": 3}}\n";
    assert_eq!(
        json_values(json, &["found['plan']['ran']", "found['verdict']"]),
        ["3", "'pass'"]
    );
    assert_eq!(python_on_json(json, "kept = 1\nprint(kept)\n"), "1\n");
    let failed = |text: &'static str, body: &'static str| {
        let panic = std::panic::catch_unwind(|| python_on_json(text, body)).unwrap_err();
        panic.downcast_ref::<String>().cloned().unwrap_or_default()
    };
    assert!(failed(json, "print(kept)\n").contains("NameError: name 'kept'"));
    assert!(failed("{}\n{}\n", "pass\n").contains("AssertionError"));
    assert!(failed("[1]\n", "pass\n").contains("AssertionError"));
    assert_eq!(json_text(json, "found['verdict']"), "pass");
}
