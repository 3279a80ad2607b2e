//! What `--check` found, as one value: the search and the minimiser make it, and it is then
//! rendered, as the text report or as one JSON object (`--json`); nothing is printed before
//! it exists. The JSON schema is written down in `tests/README.md` ([`SCHEMA_VERSION`]).

use crate::build::built::BuildInfo;
use crate::problems::chase::GameResult;
use crate::search::diagnosis::{Diagnosis, Group, Horizon, RoundsDiagnosis};
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The version of the JSON schema: a field's meaning changes only with it.
pub const SCHEMA_VERSION: u32 = 1;

/// The verdict, and what a report of it needs.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// No counterexample.
    Pass(Pass),
    /// A failing instance, or a sequence of test cases that fails only in one process.
    Fails(Box<Failed>),
}

/// A pass: how much ran.
#[derive(Debug, Clone)]
pub struct Pass {
    pub problem: &'static str,
    pub build: BuildInfo,
    /// `no counterexample in 1,234 instances (...)`.
    pub summary: String,
    pub instances_run: u64,
    pub seconds: f64,
    /// Warnings, each a line: failures that did not happen again, a weak pass.
    pub warnings: Vec<String>,
    /// How much of the small level ran, in words.
    pub small: Option<String>,
}

/// What the program did on the reported test case.
#[derive(Debug, Clone)]
pub enum Yours {
    /// A wrong answer, as the judge reads it.
    Answer(String),
    /// Wrong answers to a sequence, one a test case.
    Answers(Vec<String>),
    /// A crash, a limit, output that is not an answer.
    Fault(String),
    /// Right when run again: what it did the first time (an answer or a fault).
    Flaky { first: String },
}

/// What the judge's own build did on the reported instance, where the fault was one that
/// only an extra check caught: undefined behaviour the judge may or may not trip on, so the
/// report says which.
#[derive(Debug, Clone)]
pub struct JudgeWould {
    /// The judge's build in words (`g++ (gcc 12.2.0) -std=c++14 -O2, no sanitizers`).
    pub build: String,
    pub shows: JudgeShows,
    /// What building it and the run took.
    pub seconds: f64,
}

/// What the judge's own build showed on the reported instance.
#[derive(Debug, Clone)]
pub enum JudgeShows {
    /// A wrong answer, as the judge reads it.
    WrongAnswer(String),
    /// A crash, a limit or output that is not an answer, in a line.
    Fault(String),
    /// The right answer: the undefined behaviour happens to pass there.
    RightAnswer,
    /// It could not be built or run: why.
    NotRun(String),
}

impl JudgeWould {
    /// The report's line, right after what the program did under the extra checks.
    pub fn line(&self) -> String {
        let shows = match &self.shows {
            JudgeShows::WrongAnswer(answer) => format!(
                "a wrong answer ({}): the judge would reject it",
                crate::text::one_line(answer)
            ),
            JudgeShows::Fault(fault) => format!("{fault}: the judge would reject it"),
            JudgeShows::RightAnswer => "the right answer: undefined behaviour that happens to \
                                        pass on the judge's build: the judge would accept it, \
                                        this time"
                .to_string(),
            JudgeShows::NotRun(why) => format!("not run: {why}"),
        };
        format!("on the judge's own build ({}): {shows}", self.build)
    }

    /// `shows` and its answer, fault or reason (`null` for the right answer), for `--json`.
    fn json(&self) -> String {
        let (shows, detail) = match &self.shows {
            JudgeShows::WrongAnswer(answer) => ("wrong_answer", Some(answer.as_str())),
            JudgeShows::Fault(fault) => ("fault", Some(fault.as_str())),
            JudgeShows::RightAnswer => ("right_answer", None),
            JudgeShows::NotRun(why) => ("not_run", Some(why.as_str())),
        };
        let mut object = Object::empty();
        object.string("build", &self.build);
        object.string("shows", shows);
        object.optional("detail", detail);
        object.number("seconds", self.seconds);
        object.finish()
    }
}

/// A counterexample: one instance, or a sequence of test cases in one process.
#[derive(Debug, Clone)]
pub struct Failed {
    pub problem: &'static str,
    pub build: BuildInfo,
    /// The header line, as shown.
    pub header: String,
    /// Where the search found it (`regression 4`, `seed 42, instance 1300`).
    pub origin: String,
    /// What the report claims of its size, no more than was shown.
    pub smallest: String,
    /// The instance's size in words (`6 nodes, 6 edges`), or the sequence's length.
    pub size: String,
    /// The instances in the command line's input format: one, or a sequence.
    pub instances: Vec<String>,
    pub sequence: bool,
    /// Where the instances were saved whole, for the commands.
    pub saved: Option<PathBuf>,
    /// The line that says what the program did (`your answer: 0`).
    pub yours_line: String,
    pub yours: Yours,
    /// The right answers, one a test case.
    pub expected: Vec<String>,
    /// For a sequence, the line that says its failing test case passes alone, if it does.
    pub stateful: Option<String>,
    /// What the program printed besides its answers.
    pub printed: String,
    /// The failing test case (0 for one instance) and its explanation.
    pub failing: usize,
    /// What a time-out spent, when the failure is one (a verdict of its own: no expected
    /// answer, no explanation).
    pub too_slow: Option<crate::search::report::TooSlow>,
    /// What asking the program about every position of the instance showed, if it was asked.
    pub diagnosis: Option<Diagnosis>,
    /// What the judge's own build showed, where only an extra check caught the fault.
    pub judge_would: Option<JudgeWould>,
    pub why: String,
    /// The line that says where `--html` wrote the page, if it did.
    pub page: Option<String>,
    /// The commands that rerun and explain it.
    pub rerun: Option<String>,
    pub explain: Option<String>,
    pub warnings: Vec<String>,
    /// The last line: where and when it was caught, what shrinking took.
    pub caught: String,
    pub instances_run: u64,
    pub seconds: f64,
}

/// How many lines of the explanation (and of a saved instance) a report shows: one screen.
pub const WHY_LINES: usize = 40;
/// How many lines of the program's own prints a report quotes.
pub const PRINTED_LINES: usize = 8;

impl Outcome {
    /// The exit status: 0 for a pass, 1 for a counterexample.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Outcome::Pass(_) => ExitCode::SUCCESS,
            Outcome::Fails(_) => ExitCode::from(1),
        }
    }

    /// The text report.
    pub fn text(&self) -> String {
        let mut text = String::new();
        match self {
            Outcome::Pass(pass) => {
                build_text(&mut text, &pass.build);
                line(&mut text, &pass.summary);
                for warning in &pass.warnings {
                    line(&mut text, warning);
                }
                if let Some(small) = &pass.small {
                    line(&mut text, &format!("smallest first: {small}"));
                }
            }
            Outcome::Fails(failed) => failed_text(&mut text, failed),
        }
        text
    }

    /// One JSON object (RFC 8259), on one line.
    pub fn json(&self) -> String {
        match self {
            Outcome::Pass(pass) => {
                let mut object = Object::new("pass", pass.problem, &pass.build);
                object.string("summary", &pass.summary);
                object.number("instances_run", pass.instances_run as f64);
                object.number("seconds", pass.seconds);
                object.strings("warnings", &pass.warnings);
                object.optional("small", pass.small.as_deref());
                object.finish()
            }
            Outcome::Fails(failed) => failed_json(failed),
        }
    }
}

fn line(text: &mut String, line: &str) {
    text.push_str(line);
    text.push('\n');
}

fn build_text(text: &mut String, build: &BuildInfo) {
    line(text, &format!("build: {}", build.line));
    for note in &build.notes {
        line(text, &format!("note: {note}"));
    }
    line(text, &format!("sandbox: {}", build.sandbox));
}

/// `text`, cut to one screen ([`WHY_LINES`]) when `rest` says where the rest is: given how
/// many lines were left out, the line that says so.
fn screen(out: &mut String, text: &str, rest: Option<&dyn Fn(usize) -> String>) {
    let lines: Vec<&str> = text.lines().collect();
    let cut = rest.is_some() && lines.len() > WHY_LINES;
    for shown in lines.iter().take(if cut { WHY_LINES } else { lines.len() }) {
        line(out, shown);
    }
    if let Some(rest) = rest.filter(|_| cut) {
        line(out, &format!("… {}", rest(lines.len() - WHY_LINES)));
    }
}

/// `text` as one word for a POSIX shell: as it is when plain, else in single quotes.
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-+/=:,@".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

fn failed_text(text: &mut String, failed: &Failed) {
    build_text(text, &failed.build);
    line(text, &failed.header);
    let saved = failed
        .saved
        .as_ref()
        .map(|path| shell_word(&path.to_string_lossy()));
    if failed.sequence {
        for instance in &failed.instances {
            line(text, instance.trim_end());
        }
    } else {
        let instance = failed.instances.concat();
        let rest = saved
            .as_ref()
            .map(|path| move |more| format!("{more} more lines: the whole instance is in {path}"));
        let rest = rest.as_ref().map(|rest| rest as &dyn Fn(usize) -> String);
        screen(text, instance.trim_end(), rest);
    }
    line(text, &failed.yours_line);
    if let Some(judge_would) = &failed.judge_would {
        line(text, &judge_would.line());
    }
    if failed.too_slow.is_some() {
        // Slow is not wrong: no answer to set against the right one, no line of play.
        for extra in [&failed.rerun].into_iter().flatten() {
            line(text, extra);
        }
        for warning in &failed.warnings {
            line(text, warning);
        }
        line(text, &failed.caught);
        return;
    }
    let expected = match failed.sequence {
        true => format!("expected:     {}", failed.expected.join(" ")),
        false => format!("expected:    {}", failed.expected.concat()),
    };
    line(text, &expected);
    if let Some(stateful) = &failed.stateful {
        line(text, stateful);
    }
    printed_text(text, &failed.printed);
    if let Some(diagnosis) = &failed.diagnosis {
        for shown in diagnosis.lines() {
            line(text, &shown);
        }
    }
    match failed.sequence {
        true => line(text, &format!("why (test case {}):", failed.failing + 1)),
        false => line(text, "why:"),
    }
    let command = match (&saved, failed.sequence) {
        (Some(path), false) => format!(
            "cargo run -q --bin {} -- --explain < {path} shows them all",
            failed.problem
        ),
        _ => "--explain shows them all".to_string(),
    };
    let rest = |more| format!("{more} more lines: {command}");
    screen(text, &failed.why, Some(&rest));
    for extra in [&failed.page, &failed.rerun, &failed.explain]
        .into_iter()
        .flatten()
    {
        line(text, extra);
    }
    for warning in &failed.warnings {
        line(text, warning);
    }
    line(text, &failed.caught);
}

/// The first lines of what a run printed besides its answers, if anything.
fn printed_text(text: &mut String, printed: &str) {
    let printed: Vec<&str> = printed.lines().collect();
    if printed.is_empty() {
        return;
    }
    line(text, "your program printed (not read as answers):");
    for shown in printed.iter().take(PRINTED_LINES) {
        line(text, &format!("  {}", crate::text::cut(shown, 100)));
    }
    if printed.len() > PRINTED_LINES {
        line(text, "  …");
    }
}

fn failed_json(failed: &Failed) -> String {
    let verdict = match (failed.sequence, failed.too_slow) {
        (true, _) => "sequence",
        (false, Some(_)) => "too_slow",
        (false, None) => "counterexample",
    };
    let mut object = Object::new(verdict, failed.problem, &failed.build);
    object.string("origin", &failed.origin);
    if failed.sequence {
        object.strings("instances", &failed.instances);
        object.number("failing", (failed.failing + 1) as f64);
    } else {
        object.string("instance", &failed.instances.concat());
    }
    object.string("size", &failed.size);
    match &failed.yours {
        Yours::Answer(answer) => object.string("answer", answer),
        Yours::Answers(answers) => object.strings("answers", answers),
        Yours::Fault(fault) => object.string("fault", fault),
        Yours::Flaky { first } => object.string("flaky", first),
    }
    match (failed.sequence, failed.too_slow) {
        (true, _) => object.strings("expected", &failed.expected),
        (false, Some(_)) => object.raw("expected", None),
        (false, None) => object.string("expected", &failed.expected.concat()),
    }
    object.raw(
        "too_slow",
        failed.too_slow.map(|slow| {
            let mut inner = Object::empty();
            inner.number("cpu_seconds", slow.cpu.as_secs_f64());
            inner.number("wall_seconds", slow.wall.as_secs_f64());
            inner.number("limit_seconds", slow.limit.as_secs_f64());
            inner.finish()
        }),
    );
    object.string("smallest", &failed.smallest);
    object.optional("state_kept", failed.stateful.as_deref());
    object.string("printed", &failed.printed);
    object.number("instances_run", failed.instances_run as f64);
    object.number("seconds", failed.seconds);
    object.strings("warnings", &failed.warnings);
    let command = |line: &Option<String>, label: &str| {
        line.as_ref()
            .and_then(|line| line.strip_prefix(label).map(str::to_string))
    };
    object.optional("rerun", command(&failed.rerun, "rerun it: ").as_deref());
    object.optional(
        "explain",
        command(&failed.explain, "play it out: ").as_deref(),
    );
    object.optional("page", failed.page.as_deref());
    object.raw("diagnosis", failed.diagnosis.as_ref().map(diagnosis_json));
    object.raw(
        "judge_would",
        failed.judge_would.as_ref().map(JudgeWould::json),
    );
    object.finish()
}

/// The diagnosis as a JSON object: the counts, the groups by truth and plies, the horizon,
/// the contradiction's and the cycle's lines, the misjudged positions' places.
fn diagnosis_json(diagnosis: &Diagnosis) -> String {
    if let Some(rounds) = &diagnosis.rounds {
        return rounds_json(rounds, diagnosis.seconds);
    }
    let mut object = Object::empty();
    if let Some(why) = &diagnosis.skipped {
        object.string("skipped", why);
        return object.finish();
    }
    let misjudged_at = diagnosis.misjudged_at();
    object.number("positions", diagnosis.positions() as f64);
    object.string("asked_as", &diagnosis.asked_as);
    object.number("answered", diagnosis.answered() as f64);
    object.number("misjudged", misjudged_at.len() as f64);
    object.optional("cut", diagnosis.cut.as_deref());
    let groups: Vec<String> = diagnosis.groups.iter().map(group_json).collect();
    object.raw("groups", Some(format!("[{}]", groups.join(","))));
    object.raw("horizon", diagnosis.horizon.as_ref().map(horizon_json));
    object.strings("contradiction", &diagnosis.contradiction);
    object.strings("cycle", &diagnosis.cycle);
    let pair = |(first, second): (usize, usize)| format!("[{first},{second}]");
    let places: Vec<String> = misjudged_at.into_iter().map(pair).collect();
    object.raw("misjudged_at", Some(format!("[{}]", places.join(","))));
    object.raw("contradiction_at", diagnosis.contradiction_at.map(pair));
    object.number("seconds", diagnosis.seconds);
    object.finish()
}

/// Misjudged positions of one truth and run of plies, as a JSON object.
fn group_json(group: &Group) -> String {
    let mut inner = Object::empty();
    inner.string("truth", group.truth.words());
    inner.raw(
        "plies",
        group.plies.map(|(from, to)| format!("[{from},{to}]")),
    );
    inner.number("asked", group.asked as f64);
    inner.number("right", group.right as f64);
    let mut wrong = Object::empty();
    for (said, count) in &group.wrong {
        wrong.number(said, *count as f64);
    }
    inner.raw("wrong", Some(wrong.finish()));
    inner.finish()
}

/// A horizon as a JSON object: its bounds, the side it cuts (or `null` for both), the caps.
fn horizon_json(horizon: &Horizon) -> String {
    let mut inner = Object::empty();
    inner.number("longest_right", f64::from(horizon.longest_right));
    inner.number("shortest_wrong", f64::from(horizon.shortest_wrong));
    inner.optional("side", horizon.side.map(GameResult::words));
    inner.strings("caps", &horizon.caps);
    inner.strings("near_caps", &horizon.near_caps);
    inner.boolean("only_longest", horizon.only_longest);
    inner.finish()
}

/// A recorded game's diagnosis as a JSON object: the rounds, and those where the program and
/// the truth part.
fn rounds_json(rounds: &RoundsDiagnosis, seconds: f64) -> String {
    let mut object = Object::empty();
    object.number("rounds", rounds.rounds as f64);
    object.number("parted_in_all", rounds.parted_in_all as f64);
    let parted: Vec<String> = rounds
        .parted
        .iter()
        .map(|round| {
            let mut inner = Object::empty();
            inner.number("round", round.number as f64);
            inner.string("tutu_move", &round.tutu_move);
            for (key, value) in [
                ("wins_before", round.wins_before),
                ("wins_after", round.wins_after),
                ("mistake", round.truth()),
                ("you_say_mistake", round.said),
            ] {
                inner.boolean(key, value);
            }
            inner.optional("cut", round.cut.as_deref());
            inner.finish()
        })
        .collect();
    object.raw("parted", Some(format!("[{}]", parted.join(","))));
    object.number("seconds", seconds);
    object.finish()
}

/// A JSON object written field by field, strings escaped as RFC 8259 requires.
pub struct Object {
    text: String,
}

impl Object {
    pub fn empty() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    /// An object that opens with the fields every outcome has.
    pub fn new(verdict: &str, problem: &str, build: &BuildInfo) -> Object {
        let mut object = Object::opening(verdict, problem);
        let mut inner = Object::empty();
        inner.string("line", &build.line);
        inner.strings("notes", &build.notes);
        inner.string("sandbox", &build.sandbox);
        object.raw("build", Some(inner.finish()));
        object
    }

    /// An object that opens with the fields every object has, an error's too.
    pub fn opening(verdict: &str, problem: &str) -> Object {
        let mut object = Object::empty();
        object.number("version", SCHEMA_VERSION as f64);
        object.string("verdict", verdict);
        object.string("problem", problem);
        object
    }

    pub fn key(&mut self, key: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        self.text.push_str(&quoted(key));
        self.text.push(':');
    }

    /// A value already written as JSON, or `null`.
    pub fn raw(&mut self, key: &str, json: Option<String>) {
        self.key(key);
        self.text.push_str(json.as_deref().unwrap_or("null"));
    }

    pub fn boolean(&mut self, key: &str, value: bool) {
        self.key(key);
        self.text.push_str(if value { "true" } else { "false" });
    }

    pub fn string(&mut self, key: &str, value: &str) {
        self.key(key);
        self.text.push_str(&quoted(value));
    }

    pub fn optional(&mut self, key: &str, value: Option<&str>) {
        self.raw(key, value.map(quoted));
    }

    pub fn strings(&mut self, key: &str, values: &[String]) {
        self.key(key);
        let quoted: Vec<String> = values.iter().map(|value| quoted(value)).collect();
        let _ = write!(self.text, "[{}]", quoted.join(","));
    }

    /// A number; JSON has no NaN or infinity, which become `null`.
    pub fn number(&mut self, key: &str, value: f64) {
        self.key(key);
        if value.is_finite() {
            let _ = write!(self.text, "{}", (value * 1000.0).round() / 1000.0);
        } else {
            self.text.push_str("null");
        }
    }

    pub fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    crate::text::json_string(text, |_| false)
}

/// Why `--check` gave no verdict (exit status 2).
#[derive(Debug)]
pub enum CheckError {
    /// The judge's build refused the program (a compile error, the compile limit): why, and
    /// the build.
    Refused(String, BuildInfo),
    /// Anything else: bad options or input, a missing tool, the machine.
    Other(String),
}

impl From<String> for CheckError {
    fn from(message: String) -> CheckError {
        CheckError::Other(message)
    }
}

/// A build step, or the start of a run, that failed: the program's fault when the judge's
/// build refused it.
impl From<crate::build::error::BuildError> for CheckError {
    fn from(error: crate::build::error::BuildError) -> CheckError {
        match error.refused {
            Some(build) => CheckError::Refused(error.message, build),
            None => CheckError::Other(error.message),
        }
    }
}

impl From<crate::sandbox::SetupError> for CheckError {
    fn from(error: crate::sandbox::SetupError) -> CheckError {
        CheckError::Other(error.to_string())
    }
}

impl From<&str> for CheckError {
    fn from(message: &str) -> CheckError {
        CheckError::Other(message.to_string())
    }
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            CheckError::Refused(message, _) | CheckError::Other(message) => {
                formatter.write_str(message)
            }
        }
    }
}

impl CheckError {
    /// The JSON object `--json` prints for it.
    pub fn json(&self, problem: &str) -> String {
        error_json(problem, self)
    }
}

/// An error as the JSON object `--json` prints for it: a compile error (the judge's build
/// refused the program), with its build as every outcome has, or any other error; exit status
/// 2 either way.
pub fn error_json(problem: &str, error: &CheckError) -> String {
    let (mut object, message) = match error {
        CheckError::Refused(message, build) => {
            (Object::new("compile_error", problem, build), message)
        }
        CheckError::Other(message) => (Object::opening("error", problem), message),
    };
    object.string("message", message);
    object.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_rfc_8259_asks() {
        assert_eq!(
            quoted("a\"b\\c\nd\u{1}é<"),
            "\"a\\\"b\\\\c\\u000ad\\u0001é<\""
        );
        let build = BuildInfo {
            line: "g++ -O2".to_string(),
            notes: vec!["a note".to_string()],
            sandbox: "none".to_string(),
        };
        let refused = CheckError::Refused("line 1\n\tline 2".to_string(), build);
        assert_eq!(
            error_json("lc913", &refused),
            "{\"version\":1,\"verdict\":\"compile_error\",\"problem\":\"lc913\",\
             \"build\":{\"line\":\"g++ -O2\",\"notes\":[\"a note\"],\"sandbox\":\"none\"},\
             \"message\":\"line 1\\u000a\\u0009line 2\"}"
        );
        assert_eq!(
            error_json("lc913", &CheckError::Other("no".to_string())),
            "{\"version\":1,\"verdict\":\"error\",\"problem\":\"lc913\",\"message\":\"no\"}"
        );
    }
}
