//! `--check`'s options: read, checked against their ranges, with the defaults a judge would
//! give.

use super::program::BuildOptions;
use std::time::Duration;

/// `--check`'s options.
pub struct Options {
    pub solution: String,
    pub cases: Option<u64>,
    pub seconds: f64,
    pub seed: u64,
    pub beyond_limits: bool,
    pub time_limit: Duration,
    /// In bytes.
    pub memory_limit: u64,
    pub build: BuildOptions,
    /// How long shrinking a failure may take.
    pub shrink_time: Duration,
    /// `--input FILE`: the user's own instances (`-`: stdin), in place of the search.
    pub input: Option<String>,
    /// `--html FILE`: the counterexample's page is written there.
    pub html: Option<String>,
    /// `--json`: the outcome as one JSON object on stdout, in place of the text report.
    pub json: bool,
    /// How long the diagnosis of a counterexample may take: asking the program about every
    /// position of it.
    pub diagnose_time: Duration,
}

/// The default memory limit, in MB: the most judges give (LeetCode's and Luogu's run from
/// 256 MB up), so that a right solution under AddressSanitizer or in a JVM, which take two
/// or three times the memory, is not flagged; `--memory-limit` sets a judge's own.
pub const MEMORY_LIMIT_MB: u64 = 1024;

/// The largest values the options take: past them a number is a typo.
const MOST_SECONDS: f64 = 1e6;
const MOST_TIME_LIMIT: f64 = 3600.0;
const MOST_MEMORY_MB: f64 = 1_048_576.0;

impl Options {
    /// The options of `solution` when none is given: the judge's usual limits.
    fn defaults(solution: &str) -> Options {
        Options {
            solution: solution.to_string(),
            cases: None,
            seconds: 20.0,
            seed: 42,
            beyond_limits: false,
            time_limit: Duration::from_secs(3),
            memory_limit: MEMORY_LIMIT_MB << 20,
            build: BuildOptions {
                sanitize: true,
                standard: None,
                verbose: false,
                unsandboxed: false,
            },
            shrink_time: SHRINK_TIME,
            input: None,
            html: None,
            json: false,
            diagnose_time: DIAGNOSE_TIME,
        }
    }
}

/// `text`, the value of `flag`, as a number above 0 and up to `most`, or why not.
fn positive(flag: &str, text: &str, what: &str, most: f64) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|number| *number > 0.0 && *number <= most)
        .ok_or_else(|| {
            format!(
                "{flag} needs {what} up to {most}, not {}",
                crate::values::brief(text)
            )
        })
}

/// `text`, the value of `flag`, as a whole number of at least `least`, or why not.
fn whole(flag: &str, text: String, least: u64) -> Result<u64, String> {
    let what = if least > 0 { "a count" } else { "a number" };
    text.parse::<u64>()
        .ok()
        .filter(|&number| number >= least)
        .ok_or_else(|| format!("{flag} needs {what}, not {}", crate::values::brief(&text)))
}

/// `text`, the value of `flag`, as a C or C++ standard or a Rust edition: letters, digits,
/// `+` and `_` only, for the compiler to judge; or why not.
fn standard(flag: &str, text: String) -> Result<String, String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || "+_".contains(c);
    if text.is_empty() || !text.chars().all(plain) {
        return Err(format!(
            "{flag} needs a standard such as c++17 or an edition such as 2021, not {}",
            crate::values::brief(&text)
        ));
    }
    Ok(text)
}

/// The options after `--check`: the solution, then any of `--cases N`, `--seconds S`,
/// `--seed N`, `--beyond-limits`, `--time-limit S`, `--memory-limit MB`, `--no-sanitize`,
/// `--shrink-seconds S`, `--std VALUE` (or `--edition`), `--verbose`, `--input FILE`,
/// `--html FILE`, `--unsandboxed`, `--json`, `--diagnose-seconds S`.
pub fn options(args: &[String]) -> Result<Options, String> {
    let solution = args
        .first()
        .filter(|first| !first.starts_with("--"))
        .ok_or("--check needs your solution: a source file or a command")?;
    let mut options = Options::defaults(solution);
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let mut value = |what: &str| {
            rest.next()
                .ok_or_else(|| format!("{flag} needs {what}"))
                .cloned()
        };
        let number = |text: String, what: &str, most: f64| positive(flag, &text, what, most);
        match flag.as_str() {
            "--cases" => options.cases = Some(whole(flag, value("a count")?, 1)?),
            "--seconds" => {
                let text = value("seconds")?;
                options.seconds = number(text, "a number of seconds", MOST_SECONDS)?;
            }
            "--time-limit" => {
                let text = value("seconds")?;
                let seconds = number(text, "a number of seconds", MOST_TIME_LIMIT)?;
                options.time_limit = Duration::from_secs_f64(seconds);
            }
            "--memory-limit" => {
                let text = value("megabytes")?;
                let megabytes = number(text, "a number of megabytes", MOST_MEMORY_MB)?;
                options.memory_limit = (megabytes * (1 << 20) as f64) as u64;
            }
            "--no-sanitize" => options.build.sanitize = false,
            "--verbose" => options.build.verbose = true,
            "--unsandboxed" => options.build.unsandboxed = true,
            "--json" => options.json = true,
            "--std" | "--edition" => {
                let text = value("a standard (c++17) or a Rust edition (2021)")?;
                options.build.standard = Some(standard(flag, text)?);
            }
            "--shrink-seconds" => {
                let text = value("seconds")?;
                let seconds = number(text, "a number of seconds", MOST_SECONDS)?;
                options.shrink_time = Duration::from_secs_f64(seconds);
            }
            "--diagnose-seconds" => {
                let text = value("seconds")?;
                let seconds = number(text, "a number of seconds", MOST_SECONDS)?;
                options.diagnose_time = Duration::from_secs_f64(seconds);
            }
            "--seed" => options.seed = whole(flag, value("a number")?, 0)?,
            "--beyond-limits" => options.beyond_limits = true,
            "--input" => options.input = Some(value("a file of test cases, or - for stdin")?),
            "--html" => options.html = Some(value("the name of the file to write the page to")?),
            other => {
                return Err(format!(
                    "unknown option {} after --check",
                    crate::values::brief(other)
                ))
            }
        }
    }
    Ok(options)
}

/// How long shrinking may go on by default (`--shrink-seconds`): a report in seconds, even
/// for a slow program that fails only on large instances (a Java search capped at 200 plies,
/// shrinking 35-node graphs, took 27 s to end where no single step keeps the failure). Each
/// round that meets a hang costs a time limit; the report says when the time stopped it.
const SHRINK_TIME: Duration = Duration::from_secs(10);

/// How long the diagnosis may go on by default (`--diagnose-seconds`): a 50-node graph's
/// 2,352 positions are one batch, a second or two for a fast program; a slow one's diagnosis
/// is cut, and says what it covered.
const DIAGNOSE_TIME: Duration = Duration::from_secs(5);

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_take_any_order_and_refuse_nonsense() {
        let parsed = options(&args(
            "mine.rs --seed 7 --beyond-limits --cases 30 --seconds 2.5 --memory-limit 256 \
             --no-sanitize",
        ))
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(parsed.solution, "mine.rs");
        assert_eq!(
            (parsed.seed, parsed.cases, parsed.seconds),
            (7, Some(30), 2.5)
        );
        assert!(parsed.beyond_limits);
        assert_eq!(parsed.memory_limit, 256 << 20);
        assert!(!parsed.build.sanitize);
        let defaults = options(&args("mine.rs")).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(defaults.memory_limit, MEMORY_LIMIT_MB << 20);
        assert!(defaults.build.sanitize);
        for (text, error) in [
            ("", "--check needs your solution"),
            ("--seed 3", "--check needs your solution"),
            ("mine.rs --cases 0", "--cases needs a count, not '0'"),
            (
                "mine.rs --seconds -1",
                "--seconds needs a number of seconds up to 1000000, not '-1'",
            ),
            (
                "mine.rs --seconds 1e30",
                "--seconds needs a number of seconds up to 1000000, not '1e30'",
            ),
            ("mine.rs --seconds NaN", "not 'NaN'"),
            ("mine.rs --time-limit 4000", "up to 3600, not '4000'"),
            (
                "mine.rs --memory-limit 0",
                "--memory-limit needs a number of megabytes",
            ),
            ("mine.rs --seed", "--seed needs a number"),
            ("mine.rs --fast", "unknown option '--fast' after --check"),
        ] {
            match options(&args(text)) {
                Ok(_) => panic!("{text:?} was accepted"),
                Err(message) => assert!(message.contains(error), "{text:?}: {message}"),
            }
        }
    }
}
