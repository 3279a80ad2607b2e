//! The words of what a counterexample's report claims: its header (where it was found, what
//! shrinking did, how small it is shown to be) and its last line (when it was caught, what
//! came after cost). Pure functions of the outcome's facts ([`Failed`], [`Minimality`]).

use super::plan::set_words;
use super::sizes::size_words;
use crate::outcome::verdict::{CaughtFacts, Failed, Reported, Shrinking};
use crate::search::minimise::{LocalMinimum, Minimality, Proof};
use crate::text::thousands;

/// The header line: the verdict, where it was found, its size (and what it was shrunk from,
/// if shrinking changed it), the runs it took and the test cases they answered, and what it
/// claims.
pub fn header(failed: &Failed) -> String {
    let origin = super::plan::origin(&failed.found.origin);
    let how = minimality(&failed.found.smallest);
    let verdict = match failed.too_slow {
        Some(_) => "too slow",
        None => "counterexample",
    };
    let plural = |count: usize| if count == 1 { "" } else { "s" };
    match &failed.found.shrinking {
        Shrinking::Sequence { kept, from, runs } => format!(
            "{verdict} ({origin}): {kept} test cases in one process, shrunk from {from} in \
             {runs} runs ({how}):"
        ),
        Shrinking::Instance {
            from, runs, cases, ..
        } => {
            let to = size(failed);
            let ran = format!(
                "{runs} run{} of {} test case{}",
                plural(*runs),
                thousands(*cases as u64),
                plural(*cases)
            );
            match from {
                None if *cases == 0 => format!("{verdict} ({origin}), {to}; {how}:"),
                None => format!("{verdict} ({origin}), {to}; {how} ({ran}):"),
                Some(from) => {
                    let shrunk = shrunk(&size_words(*from), &to);
                    format!("{verdict} ({origin}), {shrunk} in {ran}; {how}:")
                }
            }
        }
    }
}

/// What shrinking did to an instance of size `from` (in words), now of size `to`: smaller, or
/// another instance of the same size (fewer of what the size does not count: a simpler
/// graph of as many nodes and edges).
fn shrunk(from: &str, to: &str) -> String {
    match from == to {
        true => format!("{to}, shrunk to another instance of that size"),
        false => format!("shrunk from {from} to {to}"),
    }
}

/// What was shown of a counterexample's size, no more.
pub fn minimality(minimality: &Minimality) -> String {
    match minimality {
        Minimality::NotShrunk { waited: true } => "not shrunk: a time-out is shown where it \
                                                   happened; it waited (it used almost no \
                                                   CPU), which no busy machine causes, so it \
                                                   was not run again"
            .to_string(),
        Minimality::NotShrunk { waited: false } => "not shrunk: a time-out is shown where it \
                                                    happened, and it happened again when run \
                                                    alone"
            .to_string(),
        Minimality::Sequence { finished: true } => "no single one can be left out".to_string(),
        Minimality::Sequence { finished: false } => {
            "stopped when --shrink-seconds of CPU time ran out".to_string()
        }
        Minimality::Shrunk { local, proof } => {
            let local = match local {
                LocalMinimum::NoStepKeeps => {
                    "no single shrinking step keeps the failure".to_string()
                }
                LocalMinimum::BudgetSpent { shrink_seconds } => format!(
                    "shrinking stopped after {shrink_seconds} s of your program's CPU time \
                     (--shrink-seconds gives it more)"
                ),
            };
            let there_is = |smallest: bool| match smallest {
                true => "the smallest there is: ",
                false => "",
            };
            match proof {
                None => local,
                Some(Proof::FirstInOrder) => {
                    "the smallest there is: the first of them to fail, run in order".to_string()
                }
                Some(Proof::FirstOf { set, smallest }) => format!(
                    "{}the first to fail of the {}, run in order",
                    there_is(*smallest),
                    set_words(set)
                ),
                Some(Proof::NoneFails {
                    set,
                    smallest: true,
                }) => format!(
                    "the smallest there is: none of the {} fails",
                    set_words(set)
                ),
                Some(Proof::NoneFails { set, .. }) => {
                    format!("{local}, and none of the {} fails", set_words(set))
                }
                Some(Proof::NoneOfFirst {
                    ran,
                    set,
                    shrink_seconds,
                }) => format!(
                    "{local}, and none of the first {} of the {} fails (then \
                     --shrink-seconds {shrink_seconds} of CPU time ran out)",
                    thousands(*ran as u64),
                    set_words(set)
                ),
            }
        }
    }
}

/// The report's last line: where and when it was caught, and what shrinking, the diagnosis
/// and the judge's own build took, each named.
pub fn caught(failed: &Failed) -> String {
    let CaughtFacts {
        instance,
        after_seconds,
        smaller_passed,
        shrinking_seconds,
        diagnosis_seconds,
        judge_seconds,
    } = &failed.ran.caught;
    let first = failed
        .found
        .first_failure
        .as_ref()
        .map_or_else(String::new, |(at, name)| {
            format!(
                " (first failure: instance {} of the plan, {})",
                thousands(*at),
                super::plan::instance_name(name)
            )
        });
    let mut line = format!(
        "caught at instance {}{first} after {after_seconds:.2} s",
        thousands(*instance)
    );
    if let Some((count, seconds)) = smaller_passed {
        line.push_str(&format!(
            "; the {} instances of the plan's small family that had not run ran after it in \
             {seconds:.2} s, none failing alone",
            thousands(*count as u64)
        ));
    }
    if let Some(seconds) = shrinking_seconds {
        line.push_str(&format!("; shrinking took {seconds:.2} s"));
    }
    if let Some(seconds) = diagnosis_seconds {
        line.push_str(&format!("; the diagnosis took {seconds:.2} s"));
    }
    if let Some(seconds) = judge_seconds {
        line.push_str(&format!(
            "; the judge's own build and its run took {seconds:.2} s"
        ));
    }
    line
}

/// A counterexample's size in words: the instance's (`6 nodes, 6 edges`), or a sequence's
/// count of test cases.
pub fn size(failed: &Failed) -> String {
    match &failed.reported {
        Reported::Instance { size, .. } => size_words(*size),
        Reported::Sequence { instances, .. } => format!("{} test cases", instances.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_that_keeps_the_size_says_so() {
        let same = shrunk("8 nodes, 11 edges", "8 nodes, 11 edges");
        assert_eq!(
            same,
            "8 nodes, 11 edges, shrunk to another instance of that size"
        );
        let smaller = shrunk("8 nodes, 11 edges", "6 nodes, 6 edges");
        assert_eq!(smaller, "shrunk from 8 nodes, 11 edges to 6 nodes, 6 edges");
    }
}
