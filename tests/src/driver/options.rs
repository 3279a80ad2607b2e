//! `--check`'s options, described once in [`OPTIONS`]: the command line is read from that
//! table, the defaults come from it, `--help`'s list is written from it and tests/README.md's
//! list is checked against it, so that an option added or changed there is so everywhere.
//!
//! Uses `build::built`, `build::languages`, `search::options`, `text`.

use crate::build::built::BuildOptions;
use crate::build::judge::profile;
use crate::build::languages;
use crate::problems::Judge;
use crate::search::options::Options;
use crate::text::brief;
use std::fmt;
use std::time::Duration;

/// The default memory limit, in MB: the most judges give (LeetCode's and Luogu's run from
/// 256 MB up), so that a right solution under AddressSanitizer or in a JVM, which take two
/// or three times the memory, is not flagged; `--memory-limit` sets a judge's own.
pub const MEMORY_LIMIT_MB: u64 = 1024;

/// The largest values the options take: past them a number is a typo.
const MOST_SECONDS: f64 = 1e6;
const MOST_TIME_LIMIT: f64 = 3600.0;
const MOST_MEMORY_MB: f64 = 1_048_576.0;

/// One of `--check`'s options: how the user writes it, what `--help` says of it, and how its
/// value is read.
struct Spec {
    name: &'static str,
    /// Other names it answers to, left out of the help (`--edition` for `--std`).
    aliases: &'static [&'static str],
    /// What the value stands for in `--help` and the README (`S`, `N`, `MB`, `FILE`,
    /// `VALUE`); empty for a flag, which takes none.
    placeholder: &'static str,
    /// What it does, a phrase for `--help`'s parentheses.
    help: &'static str,
    kind: Kind,
}

/// How an option's value is read, each kind holding the setter of what it reads, so that no
/// row can pair a reader with a setter of another type.
enum Kind {
    /// No value: being there sets it.
    Flag(fn(&mut Request)),
    /// A number above 0 and up to `most`, in `unit`s; `default` when the option is absent.
    Amount {
        unit: &'static str,
        most: f64,
        default: f64,
        set: fn(&mut Request, f64),
    },
    /// An amount whose absence leaves the choice to what is checked: `default` says what it
    /// is then under a judge, for `--help`.
    AmountOr {
        unit: &'static str,
        most: f64,
        default: fn(Judge) -> String,
        set: fn(&mut Request, f64),
    },
    /// A whole number from 1 to `most`; no default (the option's absence means no bound).
    Count {
        most: u64,
        set: fn(&mut Request, u64),
    },
    /// A whole number, 0 included; `default` when the option is absent.
    Number {
        default: u64,
        set: fn(&mut Request, u64),
    },
    /// A C or C++ standard or a Rust edition: letters, digits, `+` and `_` only, for the
    /// compiler to judge.
    Standard(fn(&mut Request, String)),
    /// Any text, a file's name; `needs` says what it names when it is missing.
    File {
        needs: &'static str,
        set: fn(&mut Request, String),
    },
}

/// Every option after `--check SOLUTION`, in the order `--help` and tests/README.md list them.
const OPTIONS: &[Spec] = &[
    Spec {
        name: "--seconds",
        aliases: &[],
        placeholder: "S",
        help: "a wall-clock backstop for the whole search: a plan it cuts short is not finished \
               (exit 3), never a pass",
        kind: Kind::AmountOr {
            unit: "seconds",
            most: MOST_SECONDS,
            default: |_| "none".to_string(),
            set: |options, seconds| options.search.seconds = Some(seconds),
        },
    },
    Spec {
        name: "--cases",
        aliases: &[],
        placeholder: "N",
        help: "the plan's first N instances only",
        kind: Kind::Count {
            most: u64::MAX,
            set: |options, cases| options.search.cases = Some(cases),
        },
    },
    Spec {
        name: "--random",
        aliases: &[],
        placeholder: "N",
        help: "how many seeded random instances end the plan; the problem's count by default",
        // Every instance of the plan is made before the first run: a bound keeps that in
        // memory (a million 50-node graphs are a few hundred MB).
        kind: Kind::Count {
            most: 1_000_000,
            set: |options, random| options.search.random = Some(random),
        },
    },
    Spec {
        name: "--seed",
        aliases: &[],
        placeholder: "N",
        help: "the random instances' seed",
        kind: Kind::Number {
            default: 42,
            set: |options, seed| options.search.seed = seed,
        },
    },
    Spec {
        name: "--beyond-limits",
        aliases: &[],
        placeholder: "",
        help: "instances past the judge's limits too",
        kind: Kind::Flag(|options| options.search.beyond_limits = true),
    },
    Spec {
        name: "--time-limit",
        aliases: &[],
        placeholder: "S",
        help: "CPU seconds per instance, wall-clock time only as a backstop",
        kind: Kind::AmountOr {
            unit: "seconds",
            most: MOST_TIME_LIMIT,
            default: time_limits_text,
            set: |options, seconds| {
                options.search.time_limit = Some(Duration::from_secs_f64(seconds))
            },
        },
    },
    Spec {
        name: "--memory-limit",
        aliases: &[],
        placeholder: "MB",
        help: "the whole process tree's",
        kind: Kind::Amount {
            unit: "megabytes",
            most: MOST_MEMORY_MB,
            default: MEMORY_LIMIT_MB as f64,
            set: |options, megabytes| {
                options.search.memory_limit = (megabytes * (1u64 << 20) as f64) as u64;
            },
        },
    },
    Spec {
        name: "--no-sanitize",
        aliases: &[],
        placeholder: "",
        help: "C and C++ without AddressSanitizer and UBSan, for speed",
        kind: Kind::Flag(|options| options.search.build.sanitize = false),
    },
    Spec {
        name: "--shrink-seconds",
        aliases: &[],
        placeholder: "S",
        help: "CPU seconds of your program (and 20 ms a run) for shrinking a failure",
        // A report in seconds, even for a slow program that fails only on large instances (a
        // Java search capped at 200 plies, shrinking 35-node graphs, took 27 s to end where
        // no single step keeps the failure). CPU time, not wall-clock time, so that load
        // slows shrinking without changing what it finds; the report says when it stopped.
        kind: Kind::Amount {
            unit: "seconds",
            most: MOST_SECONDS,
            default: 10.0,
            set: |options, seconds| options.search.shrink_time = Duration::from_secs_f64(seconds),
        },
    },
    Spec {
        name: "--diagnose-seconds",
        aliases: &[],
        placeholder: "S",
        help: "CPU seconds a process for asking your program about every position of the \
               counterexample",
        // A 50-node graph's 2,352 positions are one batch, a second or two for a fast
        // program; a slow one's diagnosis is cut, and says what it covered.
        kind: Kind::Amount {
            unit: "seconds",
            most: MOST_SECONDS,
            default: 5.0,
            set: |options, seconds| options.search.diagnose_time = Duration::from_secs_f64(seconds),
        },
    },
    Spec {
        name: "--std",
        aliases: &["--edition"],
        placeholder: "VALUE",
        help: "a C or C++ standard such as c++17, or a Rust edition, in place of the judge's",
        kind: Kind::Standard(|options, standard| options.search.build.standard = Some(standard)),
    },
    Spec {
        name: "--verbose",
        aliases: &[],
        placeholder: "",
        help: "compile errors whole",
        kind: Kind::Flag(|options| options.search.build.verbose = true),
    },
    Spec {
        name: "--input",
        aliases: &[],
        placeholder: "FILE",
        help: "your own test cases in this input format, - for stdin, in place of the search",
        kind: Kind::File {
            needs: "a file of test cases, or - for stdin",
            set: |options, file| options.search.input = Some(file),
        },
    },
    Spec {
        name: "--html",
        aliases: &[],
        placeholder: "FILE",
        help: "the counterexample as a page, your answer against the true one",
        kind: Kind::File {
            needs: "the name of the file to write the page to",
            set: |options, file| options.html = Some(file),
        },
    },
    Spec {
        name: "--unsandboxed",
        aliases: &[],
        placeholder: "",
        help: "run it as you, where bubblewrap cannot make a sandbox",
        kind: Kind::Flag(|options| options.search.build.unsandboxed = true),
    },
    Spec {
        name: "--json",
        aliases: &[],
        placeholder: "",
        help: "the verdict as one JSON object, schema in tests/JSON.md",
        kind: Kind::Flag(|options| options.format = Format::Json),
    },
    Spec {
        name: "--jobs",
        aliases: &[],
        placeholder: "N",
        help: "how many processes run at once, shared by several solutions; the cores by \
               default",
        kind: Kind::Count {
            most: 4096,
            set: |options, jobs| options.search.jobs = Some(jobs),
        },
    },
];

/// How `--check` prints what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The text report.
    Text,
    /// `--json`: one JSON object on stdout.
    Json,
}

/// What `--check` was asked: the search's options, and how the driver shows what it found,
/// which the search knows nothing of.
#[derive(Clone)]
pub struct Request {
    pub search: Options,
    pub format: Format,
    /// `--html FILE`: the counterexample's page is written there.
    pub html: Option<String>,
    /// The options as the user wrote them, the solutions left out: for the command that
    /// checks one of several alone.
    pub given: Vec<String>,
}

impl Request {
    /// The options of `solution` when none is given: each option's default from the table
    /// (the zeros here stand only until it is set), and the judge's own build.
    fn defaults(solution: &str) -> Request {
        let options = Options {
            solution: solution.to_string(),
            solutions: vec![solution.to_string()],
            cases: None,
            random: None,
            seconds: None,
            seed: 0,
            beyond_limits: false,
            time_limit: None,
            memory_limit: 0,
            build: BuildOptions {
                sanitize: true,
                without_extra_checks: false,
                standard: None,
                verbose: false,
                unsandboxed: false,
            },
            shrink_time: Duration::ZERO,
            input: None,
            diagnose_time: Duration::ZERO,
            jobs: None,
            progress: None,
        };
        let mut request = Request {
            search: options,
            format: Format::Text,
            html: None,
            given: Vec::new(),
        };
        for spec in OPTIONS {
            spec.kind.set_default(&mut request);
        }
        request
    }

    /// `--help`'s entry for each option, in the table's order, e.g. `--seconds S (20, the
    /// whole search)`: the default first where there is one, as `judge`'s problems have it;
    /// the caller lays them out.
    pub fn help_entries(judge: Judge) -> Vec<String> {
        OPTIONS.iter().map(|spec| spec.help_entry(judge)).collect()
    }
}

impl Spec {
    /// How the user writes it: `--seconds S`, or the name alone for a flag.
    fn usage(&self) -> String {
        match self.placeholder {
            "" => self.name.to_string(),
            placeholder => format!("{} {placeholder}", self.name),
        }
    }

    fn help_entry(&self, judge: Judge) -> String {
        match self.kind.default_text(judge) {
            // A default that depends on what is checked is a clause of its own.
            Some(default) if matches!(self.kind, Kind::AmountOr { .. }) => {
                format!("{} ({default}; {})", self.usage(), self.help)
            }
            Some(default) => format!("{} ({default}, {})", self.usage(), self.help),
            None => format!("{} ({})", self.usage(), self.help),
        }
    }

    fn answers_to(&self, flag: &str) -> bool {
        self.name == flag || self.aliases.contains(&flag)
    }
}

impl Kind {
    /// Sets the value the option has when the user does not give it, if it has one.
    fn set_default(&self, options: &mut Request) {
        match *self {
            Kind::Amount { default, set, .. } => set(options, default),
            Kind::Number { default, set } => set(options, default),
            Kind::Flag(_)
            | Kind::AmountOr { .. }
            | Kind::Count { .. }
            | Kind::Standard(_)
            | Kind::File { .. } => {}
        }
    }

    /// The default as the user would write it, for `--help`.
    fn default_text(&self, judge: Judge) -> Option<String> {
        match *self {
            Kind::Amount { default, .. } => Some(default.to_string()),
            Kind::AmountOr { default, .. } => Some(default(judge)),
            Kind::Number { default, .. } => Some(default.to_string()),
            Kind::Flag(_) | Kind::Count { .. } | Kind::Standard(_) | Kind::File { .. } => None,
        }
    }

    /// Takes `flag`'s value, if this kind has one, from `rest`, checks it and sets it in
    /// `options`.
    fn read<'a>(
        &self,
        flag: &str,
        rest: &mut impl Iterator<Item = &'a String>,
        options: &mut Request,
    ) -> Result<(), OptionError> {
        let mut value = |needs: &'static str| {
            rest.next().cloned().ok_or_else(|| OptionError::Missing {
                flag: flag.to_string(),
                needs,
            })
        };
        let invalid = |what: String, text: String| OptionError::Invalid {
            flag: flag.to_string(),
            what,
            text,
        };
        match *self {
            Kind::Flag(set) => set(options),
            Kind::Amount {
                unit, most, set, ..
            }
            | Kind::AmountOr {
                unit, most, set, ..
            } => {
                let text = value(unit)?;
                let amount = text.parse::<f64>().ok().filter(|n| *n > 0.0 && *n <= most);
                let what = || format!("a number of {unit} up to {most}");
                set(options, amount.ok_or_else(|| invalid(what(), text))?);
            }
            Kind::Count { most, set } => {
                let text = value("a count")?;
                let count = text
                    .parse::<u64>()
                    .ok()
                    .filter(|count| (1..=most).contains(count));
                let what = match most {
                    u64::MAX => "a count".to_string(),
                    most => format!("a count up to {most}"),
                };
                set(options, count.ok_or_else(|| invalid(what, text))?);
            }
            Kind::Number { set, .. } => {
                let text = value("a number")?;
                let number = text.parse::<u64>().ok();
                set(
                    options,
                    number.ok_or_else(|| invalid("a number".into(), text))?,
                );
            }
            Kind::Standard(set) => {
                let text = value("a standard (c++17) or a Rust edition (2021)")?;
                let plain = |c: char| c.is_ascii_alphanumeric() || "+_".contains(c);
                if text.is_empty() || !text.chars().all(plain) {
                    let what = "a standard such as c++17 or an edition such as 2021";
                    return Err(invalid(what.into(), text));
                }
                set(options, text);
            }
            Kind::File { needs, set } => set(options, value(needs)?),
        }
        Ok(())
    }
}

/// Why the command line after `--check` cannot be read: a usage error.
#[derive(Debug)]
pub enum OptionError {
    /// No solution first.
    NoSolution,
    /// An option that is none of the table's.
    Unknown(String),
    /// `flag` came last, without the value it `needs`.
    Missing { flag: String, needs: &'static str },
    /// `flag`'s value `text` is not `what` it needs.
    Invalid {
        flag: String,
        what: String,
        text: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            OptionError::NoSolution => {
                formatter.write_str("--check needs your solution: a source file or a command")
            }
            OptionError::Unknown(option) => {
                write!(formatter, "unknown option {} after --check", brief(option))
            }
            OptionError::Missing { flag, needs } => write!(formatter, "{flag} needs {needs}"),
            OptionError::Invalid { flag, what, text } => {
                write!(formatter, "{flag} needs {what}, not {}", brief(text))
            }
        }
    }
}

/// The options after `--check`: a solution, then more solutions and any of the table's, in
/// any order.
pub fn options(args: &[String]) -> Result<Request, OptionError> {
    let solution = args
        .first()
        .filter(|first| !first.starts_with("--"))
        .ok_or(OptionError::NoSolution)?;
    let mut options = Request::defaults(solution);
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        // A word that is not an option is one more solution; one that starts with a single
        // dash is a mistyped option (`-j 2`), never a command.
        if !flag.starts_with('-') {
            options.search.solutions.push(flag.clone());
            continue;
        }
        let spec = OPTIONS
            .iter()
            .find(|spec| spec.answers_to(flag))
            .ok_or_else(|| OptionError::Unknown(flag.clone()))?;
        let at_flag = args.len() - rest.len() - 1;
        spec.kind.read(flag, &mut rest, &mut options)?;
        let written = args
            .get(at_flag..args.len() - rest.len())
            .unwrap_or_default();
        options.given.extend_from_slice(written);
    }
    Ok(options)
}

/// The time limits as `--help` states them, from the table of languages: `the judge's for your
/// language: 10 for Python 3, Python 2, PHP, Ruby, Elixir, Erlang and Racket, 3 for any other,
/// 10 for a command`, the languages of each limit together in the table's order and the usual limit
/// named once; only the languages `judge`'s problems take (noi2011's judges take no Ruby).
fn time_limits_text(judge: Judge) -> String {
    let seconds = |limit: Duration| limit.as_secs_f64().to_string();
    let mut limits: Vec<(Duration, Vec<&str>)> = Vec::new();
    let taken = |spec: &&languages::LanguageSpec| profile(judge, spec.language).is_some();
    for spec in languages::LANGUAGES
        .iter()
        .filter(taken)
        .filter(|spec| spec.time_limit != languages::TIME_LIMIT_USUAL)
    {
        match limits
            .iter_mut()
            .find(|(limit, _)| *limit == spec.time_limit)
        {
            Some((_, names)) => names.push(spec.name),
            None => limits.push((spec.time_limit, vec![spec.name])),
        }
    }
    let mut named: Vec<String> = limits
        .iter()
        .map(|(limit, names)| format!("{} for {}", seconds(*limit), listed(names)))
        .collect();
    named.push(format!(
        "{} for any other",
        seconds(languages::TIME_LIMIT_USUAL)
    ));
    named.push(format!(
        "{} for a command",
        seconds(languages::COMMAND_TIME_LIMIT)
    ));
    format!("the judge's for your language: {}", named.join(", "))
}

/// `names` as a list in words: `A`, `A and B`, `A, B and C`.
fn listed(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

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
             --no-sanitize --edition 2018",
        ))
        .unwrap_or_else(|error| panic!("{error}"))
        .search;
        assert_eq!(parsed.solution, "mine.rs");
        assert_eq!(
            (parsed.seed, parsed.cases, parsed.seconds),
            (7, Some(30), Some(2.5))
        );
        assert!(parsed.beyond_limits);
        assert_eq!(parsed.memory_limit, 256 << 20);
        assert!(!parsed.build.sanitize);
        assert_eq!(parsed.build.standard.as_deref(), Some("2018"));
        for (text, expected) in [
            ("", "--check needs your solution"),
            ("--seed 3", "--check needs your solution"),
            ("mine.rs --cases 0", "--cases needs a count, not '0'"),
            (
                "mine.rs --random 1000000000000000000",
                "--random needs a count up to 1000000, not '1000000000000000000'",
            ),
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
            (
                "mine.cpp --std c++17;rm",
                "--std needs a standard such as c++17 or an edition such as 2021, not 'c++17;rm'",
            ),
        ] {
            match options(&args(text)) {
                Ok(_) => panic!("{text:?} was accepted"),
                Err(error) => {
                    let message = error.to_string();
                    assert!(message.contains(expected), "{text:?}: {message}");
                }
            }
        }
    }

    #[test]
    fn several_solutions_stand_anywhere_but_in_an_option_s_value() {
        let request = options(&args("a.py b.cpp --std c++17 dir --jobs 2 --json"))
            .unwrap_or_else(|error| panic!("{error}"));
        let parsed = &request.search;
        assert_eq!(parsed.solution, "a.py");
        assert_eq!(parsed.solutions, ["a.py", "b.cpp", "dir"]);
        assert_eq!(parsed.build.standard.as_deref(), Some("c++17"));
        assert_eq!(parsed.jobs, Some(2));
        assert_eq!(request.format, Format::Json);
        assert_eq!(request.given, ["--std", "c++17", "--jobs", "2", "--json"]);
        assert_eq!(
            options(&args("a.py")).map(|one| one.search.solutions).ok(),
            Some(vec!["a.py".into()])
        );
    }

    #[test]
    fn the_defaults_are_the_tables() {
        let request = options(&args("mine.rs")).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!((request.format, request.html), (Format::Text, None));
        let defaults = request.search;
        assert_eq!(
            (
                defaults.seconds,
                defaults.seed,
                defaults.cases,
                defaults.random
            ),
            (None, 42, None, None)
        );
        assert_eq!(defaults.time_limit, None);
        let chosen = options(&args("mine.py --time-limit 4.5")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(chosen.search.time_limit, Some(Duration::from_secs_f64(4.5)));
        assert_eq!(defaults.memory_limit, MEMORY_LIMIT_MB << 20);
        assert_eq!(defaults.shrink_time, Duration::from_secs(10));
        assert_eq!(defaults.diagnose_time, Duration::from_secs(5));
        assert!(defaults.build.sanitize && !defaults.beyond_limits);
        let help = Request::help_entries(Judge::LeetCode);
        assert_eq!(
            help[0],
            "--seconds S (none; a wall-clock backstop for the whole search: a plan it cuts short \
             is not finished (exit 3), never a pass)"
        );
        assert!(help.contains(&"--memory-limit MB (1024, the whole process tree's)".to_string()));
        assert!(help.contains(
            &"--time-limit S (the judge's for your language: 10 for Python 3, Python 2, PHP, \
              Ruby, Elixir, Erlang and Racket, 3 for any other, 10 for a command; CPU seconds per instance, \
              wall-clock time only as a backstop)"
                .to_string()
        ));
        // noi2011's judges take whole programs in fewer languages, and the help names those.
        let oi = Request::help_entries(Judge::Oi);
        assert!(oi.contains(
            &"--time-limit S (the judge's for your language: 10 for Python 3, 3 for any other, \
              10 for a command; CPU seconds per instance, wall-clock time only as a backstop)"
                .to_string()
        ), "{oi:?}");
    }

    #[test]
    fn every_row_is_written_as_it_is_read() {
        let mut names = Vec::new();
        for spec in OPTIONS {
            let flag = matches!(spec.kind, Kind::Flag(_));
            assert_eq!(flag, spec.placeholder.is_empty(), "{}", spec.name);
            assert!(!spec.help.is_empty(), "{}", spec.name);
            names.push(spec.name);
            names.extend(spec.aliases);
        }
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name is given twice");
    }

    /// The options tests/README.md lists in its sentence that begins "Options: ", as written
    /// there (`--seconds S`), in order; parentheses hold remarks, not the sentence's end.
    fn readme_options() -> Vec<String> {
        let readme = include_str!("../../README.md");
        let start = readme
            .find("Options: `")
            .unwrap_or_else(|| panic!("tests/README.md has no \"Options: `\""));
        let sentence = &readme[start..];
        let mut depth = 0;
        let mut end = sentence.len();
        for (index, character) in sentence.char_indices() {
            match character {
                '(' => depth += 1,
                ')' => depth -= 1,
                '.' if depth == 0 && sentence[index + 1..].starts_with(char::is_whitespace) => {
                    end = index;
                    break;
                }
                _ => {}
            }
        }
        sentence[..end]
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|quoted| quoted.starts_with("--"))
            .map(String::from)
            .collect()
    }

    #[test]
    fn the_readme_lists_the_tables_options() {
        let table: Vec<String> = OPTIONS.iter().map(Spec::usage).collect();
        assert_eq!(
            readme_options(),
            table,
            "tests/README.md's \"Options: \" sentence lists --check's options as the table in \
             tests/src/driver/options.rs does, in its order"
        );
    }
}
