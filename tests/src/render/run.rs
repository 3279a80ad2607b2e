//! The words of what a run did: how it ended ([`Ended`]), a fault that is not a crash
//! ([`Fault`]), what the program did on the reported test case ([`Yours`]), and the warning of
//! failures that did not happen again; the count of lines a text shown cut leaves out. Pure
//! functions of the values.
//!
//! Uses `outcome::verdict`, `sandbox` (a run's record), `search::session`, `text`; beside it,
//! `sizes`.

use super::sizes::size_words;
use crate::outcome::verdict::{FirstTime, Yours};
use crate::sandbox::{Ended, Ending, Flooded, Spent, OUTPUT_LIMIT};
use crate::search::session::{Fault, Printed, Slowest, Unreproduced};
use crate::text::{brief, cut, one_line, thousands};
use std::os::unix::process::ExitStatusExt;
use std::time::Duration;

/// `1363148800` as `1,300 MB`: judges state memory in binary megabytes.
pub fn megabytes(bytes: u64) -> String {
    let whole = (bytes + (1 << 19)) >> 20;
    format!("{} MB", thousands(whole))
}

/// What happened, in one line (`crashed: segmentation fault ...`, `no answer within 3.0 s
/// ...`), without the error output.
pub fn ended_summary(ended: &Ended) -> String {
    match &ended.ending {
        Ending::Quiet { limit, spent } => format!("no answer within {}", against(spent, *limit)),
        Ending::TooLong { limit, spent } => {
            format!("still running after {}", against(spent, *limit))
        }
        Ending::Memory(bytes) => format!(
            "memory limit exceeded: {} on this input (killed)",
            megabytes(*bytes)
        ),
        Ending::Processes { limit } => format!(
            "process limit exceeded: it tried to hold over {limit} processes and threads at \
             once (killed)"
        ),
        Ending::Flood {
            what,
            test_case: Some(test_case),
        } => format!(
            "output limit exceeded on test case {test_case}: {} (killed)",
            flooded(what)
        ),
        Ending::Flood {
            what,
            test_case: None,
        } => format!("output limit exceeded: {} (killed)", flooded(what)),
        Ending::OutOfTime => "stopped by the search's own clock".to_string(),
        Ending::Settled => "stopped at a wrong answer".to_string(),
        Ending::Exited(status) => {
            let stack = megabytes(ended.stack_kilobytes << 10);
            // AddressSanitizer names an overflow of the stack in its report; without it,
            // the kernel's SIGSEGV is all there is.
            match (status.code(), status.signal()) {
                _ if ended.stderr.contains("AddressSanitizer: stack-overflow") => format!(
                    "crashed: stack overflow, past the {stack} stack the judge gives (the \
                     report's first frames name the function that took it)"
                ),
                (_, Some(25)) => format!(
                    "crashed: file size limit exceeded (signal 25, SIGXFSZ): it wrote a file, \
                     or a memfd, of over {}",
                    megabytes(OUTPUT_LIMIT)
                ),
                (_, Some(11)) => format!(
                    "crashed: segmentation fault (signal 11): a bad memory access, or a stack \
                     overflow past the {stack} stack the judge gives"
                ),
                (Some(code), _) => format!("crashed: exit status {code}"),
                (None, Some(signal)) => format!("crashed: killed by signal {signal}"),
                (None, None) => "crashed".to_string(),
            }
        }
    }
}

/// What happened ([`ended_summary`]), then the error output.
pub fn ended(ended: &Ended) -> String {
    let mut text = ended_summary(ended);
    let stderr = ended.stderr.trim();
    if !stderr.is_empty() {
        text.push_str(":\n");
        text.push_str(stderr);
    }
    text
}

/// What a flooding run printed too much of.
fn flooded(what: &Flooded) -> String {
    match what {
        Flooded::Answers { test_cases } => {
            format!("more answers than the {test_cases} test case(s) it was given")
        }
        Flooded::AnswerBytes { limit } => format!(
            "over {} bytes of answers, more than any right answers take",
            thousands(*limit)
        ),
        Flooded::Output { stream, limit } => format!("over {} on {stream}", megabytes(*limit)),
    }
}

/// The words for a run stopped at `limit` having spent `spent`: by its CPU time, or by the
/// wall-clock backstop when it had used little CPU (it sleeps or waits); both figures, this
/// machine's.
fn against(spent: &Spent, limit: Duration) -> String {
    let (cpu, wall) = (spent.cpu.as_secs_f64(), spent.wall.as_secs_f64());
    if spent.cpu >= limit {
        format!(
            "{:.1} s of CPU time (killed; {cpu:.1} s of CPU, {wall:.1} s of wall-clock time on \
             this machine)",
            limit.as_secs_f64()
        )
    } else {
        // Little CPU in much time is a program that waits; much, a machine too busy to give
        // it the CPU (a time-out that is blamed only if it happens again, alone).
        let why = match spent.waited(limit) {
            true => "it sleeps or waits",
            false => "this machine was too busy to give it its time",
        };
        format!(
            "{:.1} s of wall-clock time, the backstop of a {:.1} s limit on CPU time (killed; \
             it used {cpu:.1} s of CPU on this machine: {why})",
            crate::sandbox::backstop(limit).as_secs_f64(),
            limit.as_secs_f64()
        )
    }
}

/// A fault whole: a crash or a limit with its error output, or what stood for an answer.
pub fn fault_with_output(fault: &Fault) -> String {
    match fault {
        Fault::Ended(ended) => self::ended(ended),
        other => fault_summary(other),
    }
}

/// A fault in one line: a crash or a limit without its error output.
pub fn fault_summary(fault: &Fault) -> String {
    match fault {
        Fault::Ended(ended) => ended_summary(ended),
        Fault::NotAnAnswer(text) => format!("printed {}, which is not an answer", brief(text)),
        Fault::NoAnswer => "exited without printing an answer".to_string(),
        Fault::TooManyAnswers { answered, cases } => {
            format!("printed {answered} answers for {cases} test case(s)")
        }
    }
}

/// A fault in one line ([`fault_summary`]), and a sanitizer's `SUMMARY:` line where its error
/// output holds one: what the judge's own build showed.
pub fn fault_with_sanitizer(fault: &Fault) -> String {
    let first = fault_summary(fault);
    let stderr = match fault {
        Fault::Ended(ended) => ended.stderr.as_str(),
        _ => "",
    };
    match stderr
        .lines()
        .find_map(|line| line.trim().strip_prefix("SUMMARY: "))
    {
        Some(summary) => format!("{first} ({summary})"),
        None => first,
    }
}

/// The report's line of what the program did on the reported test case (`your answer: 0`).
pub fn yours_line(yours: &Yours) -> String {
    match yours {
        Yours::Answer(answer) => format!("your answer: {}", one_line(answer)),
        Yours::Answers(answers) => format!("your answers: {}", answers.join(" ")),
        Yours::Fault(why) => format!("your program: {}", fault_with_output(why)),
        Yours::Flaky(FirstTime::Answered(answer)) => format!(
            "your program: answered {} once, then right when run again alone (a flaky failure)",
            one_line(answer)
        ),
        Yours::Flaky(FirstTime::Failed(why)) => format!(
            "your program: failed once, then answered right when run again alone (a flaky \
             failure): {}",
            fault_with_output(why)
        ),
        Yours::RightThisTime => {
            "your program: this time it answered every one right (a flaky failure)".to_string()
        }
    }
}

/// What the program did on the page's test case: an answer as printed (`true`), or, in place
/// of one, its fault or a flaky sequence's note in words (`false`).
pub fn on_page(yours: &Yours) -> (String, bool) {
    match yours {
        Yours::Answer(answer) | Yours::Flaky(FirstTime::Answered(answer)) => (answer.clone(), true),
        Yours::Answers(answers) => (answers.join(" "), true),
        Yours::Fault(why) | Yours::Flaky(FirstTime::Failed(why)) => (fault_with_output(why), false),
        Yours::RightThisTime => ("right this time (a flaky failure)".to_string(), false),
    }
}

/// The line that says test case `failing` (from 0) of a sequence passes when run alone.
pub fn passes_alone(failing: usize) -> String {
    format!(
        "test case {} passes when run alone: your solution keeps state between calls (a \
         global, a static, a class attribute not reset)",
        failing + 1
    )
}

/// The warning of failures that did not happen again when run alone, if there were any: how
/// often, and the first, so that a flaky program or a stalled machine is neither blamed nor
/// hidden.
pub fn warnings(unreproduced: &[Unreproduced]) -> Vec<String> {
    let Some(first) = unreproduced.first() else {
        return Vec::new();
    };
    let count = unreproduced.len();
    vec![format!(
        "warning: {count} failure{} did not happen again when run alone (first: {} on {}): a \
         stall of this machine, or a program that does not fail the same way twice",
        if count == 1 { "" } else { "s" },
        fault_summary(&first.fault),
        size_words(first.size)
    )]
}

/// A count of bytes in words: `1 byte`, `12,000 bytes`.
pub fn bytes_words(bytes: u64) -> String {
    format!(
        "{} byte{}",
        thousands(bytes),
        if bytes == 1 { "" } else { "s" }
    )
}

/// What the runs printed on stdout besides their answers, as a fact, if they printed anything:
/// how much, in how many of the `runs`, and the first line of the first run's prints, which a
/// judge shows beside a test case as the program's own output; then the test case that printed
/// when run alone, where one did.
pub fn printed_line(printed: &Printed, runs: usize) -> Option<String> {
    if printed.bytes == 0 {
        return None;
    }
    let mut said = format!(
        "printed: {} on stdout besides the answers, in {} of {} run{}; the first that \
         printed began: {}",
        bytes_words(printed.bytes),
        printed.runs,
        runs,
        if runs == 1 { "" } else { "s" },
        brief(first_printed_line(&printed.first))
    );
    if let Some(alone) = &printed.alone {
        let found = match alone.runs {
            0 => "the only test case of the first run that printed".to_string(),
            more => format!(
                "found by halving the first run that printed, in {more} more run{}",
                if more == 1 { "" } else { "s" }
            ),
        };
        said.push_str(&format!(
            "; run alone, the test case {} ({}) printed {}, beginning {} ({found})",
            cut(&alone.instance, INSTANCE_CHARS),
            size_words(alone.size),
            bytes_words(alone.printed.bytes),
            brief(first_printed_line(&alone.printed.text)),
        ));
    }
    Some(said)
}

/// Longest instance a printed line shows, in characters: a 50-node graph is hundreds.
const INSTANCE_CHARS: usize = 60;

/// The first line of prints that is not blank.
fn first_printed_line(text: &str) -> &str {
    text.lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default()
}

/// The margin to the time limit: the slowest test case's CPU time against `limit`, and its
/// size; said where it came within a fifth of the limit.
pub fn slowest_line(slowest: &Slowest, limit: Duration) -> String {
    let close = match within_a_fifth(slowest, limit) {
        true => "; within a fifth of the limit, so a slower judge may say Time Limit Exceeded",
        false => "",
    };
    if let Some(count) = slowest.together {
        return format!(
            "slowest test case: at most {:.2} s of CPU against the {} s limit: {} answers came \
             together, the largest of them {}, and that is what they took in all{}",
            slowest.cpu.as_secs_f64(),
            limit.as_secs_f64(),
            thousands(count as u64),
            size_words(slowest.size),
            match within_a_fifth(slowest, limit) {
                true => " (within a fifth of the limit in all; each alone may be far less)",
                false => "",
            }
        );
    }
    format!(
        "slowest test case: {:.2} s of CPU against the {} s limit ({}){close}",
        slowest.cpu.as_secs_f64(),
        limit.as_secs_f64(),
        size_words(slowest.size)
    )
}

/// The margin to the memory limit: the most memory a run was seen to hold against `limit`;
/// said where it came within a fifth of it; where nothing was measured (every run too short
/// for a sample), said so.
pub fn memory_line(most_seen_held: u64, limit: u64) -> String {
    if most_seen_held == 0 {
        return format!(
            "memory: none measured (no run lasted long enough for a sample), against the {} limit",
            megabytes(limit)
        );
    }
    let close = match memory_within_a_fifth(most_seen_held, limit) {
        true => "; within a fifth of the limit",
        false => "",
    };
    format!(
        "memory: the most seen held was {} (sampled, so a brief peak may be missed), against the \
         {} limit{close}",
        megabytes(most_seen_held),
        megabytes(limit)
    )
}

/// Whether `held` bytes came within a fifth of a memory `limit`.
pub fn memory_within_a_fifth(held: u64, limit: u64) -> bool {
    held.saturating_mul(5) >= limit.saturating_mul(4)
}

/// Whether the slowest test case came within a fifth of the time `limit`.
pub fn within_a_fifth(slowest: &Slowest, limit: Duration) -> bool {
    slowest.cpu * 5 >= limit * 4
}

/// `count` lines left out of a text shown cut (a report, a tool's messages, a program's
/// output), in words: `1 more line`, `12 more lines`.
pub fn more_lines(count: usize) -> String {
    match count {
        1 => "1 more line".to_string(),
        count => format!("{count} more lines"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Size;
    use std::process::ExitStatus;

    /// Answers that came together are a bound, said as one, never a test case's own time.
    #[test]
    fn the_time_margin_of_answers_read_together_is_a_bound() {
        let slowest = |cpu: f64, together: Option<usize>| Slowest {
            cpu: Duration::from_secs_f64(cpu),
            size: Size::Graph {
                nodes: 9,
                edges: 14,
            },
            measure: crate::problems::Measure {
                names: ["nodes", "edges", ""],
                values: [9, 14, 0],
            },
            together,
        };
        let limit = Duration::from_secs(3);
        assert_eq!(
            slowest_line(&slowest(0.04, Some(120)), limit),
            "slowest test case: at most 0.04 s of CPU against the 3 s limit: 120 answers came \
             together, the largest of them 9 nodes, 14 edges, and that is what they took in all"
        );
        let close = slowest_line(&slowest(2.9, Some(2)), limit);
        assert!(close.ends_with("(within a fifth of the limit in all; each alone may be far less)"));
        assert_eq!(
            slowest_line(&slowest(0.04, None), limit),
            "slowest test case: 0.04 s of CPU against the 3 s limit (9 nodes, 14 edges)"
        );
    }

    #[test]
    fn the_memory_margin_says_what_was_sampled() {
        let line = memory_line(6 << 20, 1 << 30);
        let said = "memory: the most seen held was 6 MB (sampled, so a brief peak may be missed), \
                    against the 1,024 MB limit";
        assert_eq!(line, said);
        let close = memory_line(900 << 20, 1 << 30);
        assert!(close.ends_with("; within a fifth of the limit"), "{close}");
        assert_eq!(
            memory_line(0, 1 << 30),
            "memory: none measured (no run lasted long enough for a sample), against the \
             1,024 MB limit"
        );
    }

    fn ended(ending: Ending, stderr: &str) -> Ended {
        Ended {
            ending,
            stderr: stderr.to_string(),
            stack_kilobytes: 256 << 10,
        }
    }

    /// The words of each way a run can fail, the figures as this machine measured them.
    #[test]
    fn each_fault_is_worded_with_its_figures() {
        let spent = |cpu: f64, wall: f64| Spent {
            cpu: Duration::from_secs_f64(cpu),
            wall: Duration::from_secs_f64(wall),
        };
        let limit = Duration::from_millis(300);
        let words = [
            (
                Ending::Quiet {
                    limit,
                    spent: spent(0.01, 2.9),
                },
                "no answer within 2.9 s of wall-clock time, the backstop of a 0.3 s limit on CPU \
                 time (killed; it used 0.0 s of CPU on this machine: it sleeps or waits)",
            ),
            (
                Ending::TooLong {
                    limit,
                    spent: spent(0.3, 0.4),
                },
                "still running after 0.3 s of CPU time (killed; 0.3 s of CPU, 0.4 s of \
                 wall-clock time on this machine)",
            ),
            (
                Ending::Memory(1300 << 20),
                "memory limit exceeded: 1,300 MB on this input (killed)",
            ),
            (
                Ending::Flood {
                    what: Flooded::Answers { test_cases: 1 },
                    test_case: None,
                },
                "output limit exceeded: more answers than the 1 test case(s) it was given \
                 (killed)",
            ),
            (
                Ending::Flood {
                    what: Flooded::Output {
                        stream: "stdout",
                        limit: OUTPUT_LIMIT,
                    },
                    test_case: Some(1),
                },
                "output limit exceeded on test case 1: over 64 MB on stdout (killed)",
            ),
            (
                Ending::Exited(ExitStatus::from_raw(11)),
                "crashed: segmentation fault (signal 11): a bad memory access, or a stack \
                 overflow past the 256 MB stack the judge gives",
            ),
            (
                Ending::Exited(ExitStatus::from_raw(3 << 8)),
                "crashed: exit status 3",
            ),
        ];
        for (ending, said) in words {
            assert_eq!(ended_summary(&ended(ending, "")), said);
        }
        let processes = ended(Ending::Processes { limit: 256 }, "");
        assert!(ended_summary(&processes).contains("over 256 processes and threads"));
        let asan = "==1==ERROR: AddressSanitizer: stack-overflow on address 0x1\nSUMMARY: \
                    AddressSanitizer: stack-overflow a.cpp:3 in f";
        let overflow = Fault::Ended(ended(Ending::Exited(ExitStatus::from_raw(1 << 8)), asan));
        assert!(fault_summary(&overflow).starts_with("crashed: stack overflow, past the 256 MB"));
        assert_eq!(
            fault_with_output(&overflow),
            format!("{}:\n{asan}", fault_summary(&overflow))
        );
        assert!(fault_with_sanitizer(&overflow)
            .ends_with("(AddressSanitizer: stack-overflow a.cpp:3 in f)"));
        let garbage = Fault::NotAnAnswer("maybe".to_string());
        assert_eq!(
            fault_with_output(&garbage),
            "printed 'maybe', which is not an answer"
        );
    }

    #[test]
    fn what_the_program_did_is_a_line_and_a_warning_counts_what_did_not_happen_again() {
        let answered = Yours::Flaky(FirstTime::Answered("0\n".to_string()));
        assert_eq!(
            yours_line(&answered),
            "your program: answered 0 once, then right when run again alone (a flaky failure)"
        );
        assert_eq!(on_page(&answered), ("0\n".to_string(), true));
        assert_eq!(
            on_page(&Yours::Fault(Fault::NoAnswer)),
            ("exited without printing an answer".to_string(), false)
        );
        assert_eq!(warnings(&[]), Vec::<String>::new());
        let twice = Unreproduced {
            fault: Fault::NoAnswer,
            size: Size::Graph { nodes: 3, edges: 2 },
            measure: crate::problems::Measure {
                names: ["nodes", "edges", ""],
                values: [3, 2, 0],
            },
        };
        let warned = warnings(&[twice.clone(), twice]);
        assert!(
            warned[0].starts_with(
                "warning: 2 failures did not happen again when run alone (first: exited \
                 without printing an answer on 3 nodes, 2 edges)"
            ),
            "{warned:?}"
        );
    }

    #[test]
    fn memory_reads_in_megabytes() {
        assert_eq!(megabytes(1300 << 20), "1,300 MB");
        assert_eq!(megabytes(0), "0 MB");
    }
}
