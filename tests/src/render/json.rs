//! The outcome as one JSON object on one line (`--json`), and `--check`'s error as one: the
//! schema is written down in `tests/JSON.md` ([`SCHEMA_VERSION`]). Pure functions of the
//! value.
//!
//! Uses `build::built`, `outcome::verdict`, `problems::chase`, `problems::Measure`, `sandbox` (a
//! run's ending), `search` (caught, diagnosis, error, judge_rerun, minimise, plan, session), and
//! this layer's words and its JSON object and build.

use super::game::tutu_move_words;
use super::game::{asked_words, cap_words, cut_game_words, result_words, standing_words};
use super::json_object::Object;
use super::plan::set_words;
use super::sizes::size_words;
use crate::build::built::BuildInfo;
use crate::outcome::verdict::{
    CaughtFacts, Failed, FirstTime, Outcome, Reported, Shrinking, Verdict, Yours,
};
use crate::problems::chase::{Cap, CutSays, GameResult};
use crate::problems::Measure;
use crate::sandbox::{Ending, Flooded, Spent};
use crate::search::caught::Origin;
use crate::search::diagnosis::{Contradiction, Cut, Cycle, Diagnosis, Group, Horizon};
use crate::search::diagnosis::{RoundsDiagnosis, Stopped};
use crate::search::error::CheckError;
use crate::search::judge_rerun::{JudgeShows, JudgeWould};
use crate::search::minimise::{LocalMinimum, Minimality, Proof};
use crate::search::plan::{FamilyKind, FamilyRan, InstanceName, PlanRan};
use crate::search::session::{Fault, Printed, Slowest, Unreproduced};
use std::os::unix::process::ExitStatusExt;

/// The version of the JSON schema: a field's meaning changes only with it.
pub const SCHEMA_VERSION: u32 = 6;

/// One JSON object (RFC 8259), on one line.
pub fn outcome(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Pass(pass) | Outcome::NotFinished(pass) => {
            let finished = matches!(outcome, Outcome::Pass(_));
            let verdict = super::report::verdict_key(Verdict::of_outcome(outcome));
            let mut object = outcome_object(verdict, pass.problem, &pass.build);
            object.string("summary", &super::plan::summary(pass, finished));
            object.number("instances_run", pass.plan.ran() as f64);
            object.number("seconds", pass.seconds);
            object.number("program_cpu_seconds", pass.program_cpu);
            object.raw("backstop_seconds", pass.backstop.map(|s| s.to_string()));
            object.strings("warnings", &super::run::warnings(&pass.unreproduced));
            object.number("unreproduced", pass.unreproduced.len() as f64);
            object.raw(
                "unreproduced_facts",
                Some(unreproduced_json(&pass.unreproduced)),
            );
            object.raw("printed", printed_json(&pass.printed, pass.runs));
            object.raw(
                "slowest",
                slowest_json(pass.margins.slowest.as_ref(), pass.margins.time_limit),
            );
            object.raw(
                "memory",
                memory_json(pass.margins.most_seen_held, pass.margins.memory_limit),
            );
            object.raw("plan", Some(plan_json(&pass.plan)));
            object.finish()
        }
        Outcome::Fails(failed) => failed_json(failed),
    }
}

/// An instance of the plan as facts: its family's `kind` (`"named"`: as the problem names it,
/// with `name`; `"in_order"` with `at` from 1; `"random"` with `seed` and `at` from 0; `"yours"`
/// with `at` from 1).
fn instance_json(name: &InstanceName) -> String {
    let mut object = Object::empty();
    match name {
        InstanceName::Named(known) => {
            object.string("kind", "named");
            object.string("name", &super::plan::known_words(known));
        }
        InstanceName::InOrder { at, .. } => {
            object.string("kind", "in_order");
            object.number("at", *at as f64);
        }
        InstanceName::Random { seed, at } => {
            object.string("kind", "random");
            object.raw("seed", Some(seed.to_string()));
            object.number("at", *at as f64);
        }
        InstanceName::Yours { at } => {
            object.string("kind", "yours");
            object.number("at", *at as f64);
        }
    }
    object.finish()
}

/// An object that opens with the fields every outcome has.
fn outcome_object(verdict: &str, problem: &str, build: &BuildInfo) -> Object {
    let mut object = opening(verdict, problem);
    object.raw("build", Some(super::json_build::build(build)));
    object
}

/// An object that opens with the fields every object has, an error's too.
fn opening(verdict: &str, problem: &str) -> Object {
    let mut object = Object::empty();
    object.number("version", SCHEMA_VERSION as f64);
    object.string("verdict", verdict);
    object.string("problem", problem);
    object
}

/// `shows` and its answer, fault or reason (`null` for the right answer), for `--json`.
fn judge_would(would: &JudgeWould) -> String {
    let not_run = super::build::not_run(would);
    let (shows, detail) = match &would.shows {
        JudgeShows::WrongAnswer(answer) => ("wrong_answer", Some(answer.clone())),
        JudgeShows::Fault(fault) => ("fault", Some(super::run::fault_with_sanitizer(fault))),
        JudgeShows::RightAnswer => ("right_answer", None),
        JudgeShows::NotBuilt(_) | JudgeShows::Stopped => ("not_run", Some(not_run)),
    };
    let mut object = Object::empty();
    object.string("build", &super::build::judge_build(would));
    object.raw(
        "judge_build",
        would.build.as_ref().map(super::json_build::tool),
    );
    object.strings("lacks", &would.lacks);
    object.string("caught_by", would.caught_by);
    object.string("shows", shows);
    object.optional("detail", detail.as_deref());
    let fault = match &would.shows {
        JudgeShows::Fault(fault) => Some(fault_json(fault)),
        _ => None,
    };
    object.raw("fault_facts", fault);
    object.number("seconds", would.seconds);
    object.finish()
}

fn failed_json(failed: &Failed) -> String {
    let verdict = super::report::verdict_key(Verdict::of_failed(failed));
    let mut object = outcome_object(verdict, failed.problem, &failed.build);
    let sequence = matches!(failed.reported, Reported::Sequence { .. });
    object.string("failure", if sequence { "sequence" } else { "instance" });
    let found = &failed.found;
    object.string("origin", &super::plan::origin(&found.origin));
    let origin = match &found.origin {
        Origin::Instance(name) => instance_json(name),
        Origin::Span { from, last } => {
            let mut span = Object::empty();
            span.raw("from", Some(instance_json(from)));
            span.raw("last", Some(instance_json(last)));
            span.finish()
        }
    };
    object.raw("origin_facts", Some(origin));
    object.raw(
        "first_failure",
        found.first_failure.as_ref().map(|(position, name)| {
            let mut inner = Object::empty();
            inner.number("position", *position as f64);
            inner.string("name", &super::plan::instance_name(name));
            inner.raw("instance", Some(instance_json(name)));
            inner.finish()
        }),
    );
    match &failed.reported {
        Reported::Sequence {
            instances, failing, ..
        } => {
            object.strings("instances", instances);
            object.number("failing", (failing + 1) as f64);
        }
        Reported::Instance { instance, .. } => object.string("instance", instance),
    }
    object.string("size", &super::claims::size(failed));
    object.raw("measure", failed.reported.measure().map(measure_json));
    match &failed.yours {
        Yours::Answer(answer) => object.string("answer", answer),
        Yours::Answers(answers) => object.strings("answers", answers),
        Yours::Fault(fault) => object.string("fault", &super::run::fault_with_output(fault)),
        Yours::Flaky(FirstTime::Answered(answer)) => object.string("flaky", answer),
        Yours::Flaky(FirstTime::Failed(fault)) => {
            object.string("flaky", &super::run::fault_with_output(fault))
        }
        Yours::RightThisTime => object.string("flaky", "right this time"),
    }
    let fault = match &failed.yours {
        Yours::Fault(fault) | Yours::Flaky(FirstTime::Failed(fault)) => Some(fault),
        _ => None,
    };
    object.raw("fault_facts", fault.map(fault_json));
    match (sequence, failed.too_slow) {
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
    object.string("smallest", &super::claims::minimality(&found.smallest));
    object.raw("minimality", Some(minimality_json(&found.smallest)));
    object.raw("shrinking", Some(shrinking_json(&found.shrinking)));
    let ran = &failed.ran;
    object.raw("caught", Some(caught_json(&ran.caught)));
    let passes_alone = match failed.reported {
        Reported::Sequence {
            failing,
            passes_alone: true,
            ..
        } => Some(super::run::passes_alone(failing)),
        _ => None,
    };
    object.optional("state_kept", passes_alone.as_deref());
    object.string("printed", &failed.printed.text);
    object.number("printed_bytes", failed.printed.bytes as f64);
    object.number("instances_run", ran.instances_run as f64);
    object.number("seconds", ran.seconds);
    object.strings("warnings", &super::run::warnings(&ran.unreproduced));
    object.number("unreproduced", ran.unreproduced.len() as f64);
    object.raw(
        "unreproduced_facts",
        Some(unreproduced_json(&ran.unreproduced)),
    );
    let (rerun, explain) = super::report::commands(&failed.next);
    object.optional("rerun", rerun.as_deref());
    object.optional("explain", explain.as_deref());
    let page = failed.next.page.as_ref().map(super::report::page_line);
    object.optional("page", page.as_deref());
    let explained = &failed.explained;
    object.raw(
        "diagnosis",
        explained.diagnosis.as_ref().map(diagnosis_json),
    );
    object.raw(
        "judge_would",
        explained.judge_would.as_ref().map(judge_would),
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
    if let Some(too_many) = diagnosis.skipped {
        object.string("skipped", &super::diagnosis::skipped_words(too_many));
        return object.finish();
    }
    let misjudged_at = diagnosis.misjudged_at();
    object.number("positions", diagnosis.positions() as f64);
    object.optional("asked_as", diagnosis.asked.map(asked_words));
    object.number("answered", diagnosis.answered() as f64);
    object.number("misjudged", misjudged_at.len() as f64);
    let cut = diagnosis.cut.as_ref().map(super::diagnosis::positions_cut);
    object.optional("cut", cut.as_deref());
    object.raw("cut_counts", diagnosis.cut.as_ref().map(cut_json));
    object.raw(
        "kept_state",
        diagnosis.kept_state.map(|kept_state| {
            let mut inner = Object::empty();
            let words = |result: Option<GameResult>| result.map(result_words);
            inner.optional("among_others", words(kept_state.among_others));
            inner.optional("alone", words(kept_state.alone));
            inner.finish()
        }),
    );
    let groups: Vec<String> = diagnosis.groups.iter().map(group_json).collect();
    object.raw("groups", Some(format!("[{}]", groups.join(","))));
    object.raw("horizon", diagnosis.horizon.as_ref().map(horizon_json));
    let contradiction = diagnosis.contradiction.as_ref();
    let contradiction = contradiction.map_or_else(Vec::new, super::diagnosis::contradiction_lines);
    object.strings("contradiction", &contradiction);
    let cycle = diagnosis.cycle.as_ref();
    object.strings(
        "cycle",
        &cycle.map_or_else(Vec::new, super::diagnosis::cycle_lines),
    );
    object.raw(
        "contradiction_facts",
        diagnosis.contradiction.as_ref().map(contradiction_json),
    );
    object.raw("cycle_facts", cycle.map(cycle_json));
    let pair = |(first, second): (usize, usize)| format!("[{first},{second}]");
    let places: Vec<String> = misjudged_at.into_iter().map(pair).collect();
    object.raw("misjudged_at", Some(format!("[{}]", places.join(","))));
    object.raw("contradiction_at", diagnosis.contradiction_at.map(pair));
    object.number("seconds", diagnosis.seconds);
    object.finish()
}

/// A fault as facts: its `kind`, and the figures of that kind (an exit status or a signal, the
/// limit passed and what the run spent, the bytes, the answers).
fn fault_json(fault: &Fault) -> String {
    let mut object = Object::empty();
    let ended = match fault {
        Fault::Ended(ended) => ended,
        Fault::NotAnAnswer(text) => {
            object.string("kind", "not_an_answer");
            object.string("printed", text);
            return object.finish();
        }
        Fault::NoAnswer => {
            object.string("kind", "no_answer");
            return object.finish();
        }
        Fault::TooManyAnswers { answered, cases } => {
            object.string("kind", "too_many_answers");
            object.number("answered", *answered as f64);
            object.number("test_cases", *cases as f64);
            return object.finish();
        }
    };
    let mut timed = |kind: &str, limit: &std::time::Duration, spent: &Spent| {
        object.string("kind", kind);
        object.number("limit_seconds", limit.as_secs_f64());
        object.number("cpu_seconds", spent.cpu.as_secs_f64());
        object.number("wall_seconds", spent.wall.as_secs_f64());
        object.boolean("waited", spent.waited(*limit));
    };
    match &ended.ending {
        Ending::Quiet { limit, spent } => timed("no_answer_within", limit, spent),
        Ending::TooLong { limit, spent } => timed("still_running_after", limit, spent),
        Ending::Memory(bytes) => {
            object.string("kind", "memory_limit");
            object.number("memory_bytes", *bytes as f64);
        }
        Ending::Processes { limit } => {
            object.string("kind", "process_limit");
            object.number("limit", *limit as f64);
        }
        Ending::Flood { what, test_case } => {
            object.string("kind", "output_limit");
            let (of, limit) = match what {
                Flooded::Answers { test_cases } => ("answers", *test_cases as u64),
                Flooded::AnswerBytes { limit } => ("answer_bytes", *limit),
                Flooded::Output { stream, limit } => (*stream, *limit),
            };
            object.string("of", of);
            object.number("limit", limit as f64);
            object.optional_number("test_case", test_case.map(|case| case as f64));
        }
        Ending::Exited(status) => {
            object.string("kind", "crashed");
            object.optional_number("exit_status", status.code().map(f64::from));
            object.optional_number("signal", status.signal().map(f64::from));
        }
        Ending::OutOfTime | Ending::Settled => object.string("kind", "stopped"),
    }
    object.number("stack_kilobytes", ended.stack_kilobytes as f64);
    object.finish()
}

/// What kept positions from a result, in numbers: how many got none, how many replied of those
/// asked, and whether the CPU time or the runs ran out.
fn cut_json(cut: &Cut) -> String {
    let mut inner = Object::empty();
    inner.number("without_result", cut.without_result as f64);
    inner.number("replied", cut.replied as f64);
    inner.number("asked", cut.asked as f64);
    let stopped = cut.stopped.map(|stopped| match stopped {
        Stopped::OutOfTime { .. } => "out_of_time",
        Stopped::Runs(_) => "runs",
    });
    inner.optional("stopped", stopped);
    inner.finish()
}

/// The contradiction as facts: the position, what was said, the truth and its plies, what the
/// answers two plies on make of it, and whether they are all right.
fn contradiction_json(found: &Contradiction) -> String {
    let mut object = Object::empty();
    object.string("name", &standing_words(found.standing));
    object.string("said", result_words(found.said));
    object.string("truth", result_words(found.truth));
    object.optional_number("plies", found.plies.map(f64::from));
    object.string("by_its_answers", result_words(found.by_its_answers));
    object.boolean("all_right", found.all_right);
    object.boolean("rests_on_answers", found.shown.rests_on_answers());
    object.finish()
}

/// The cycle as facts: the claimed win, the truth at its first position, the loop's positions
/// by name, and whether the answers along it agree.
fn cycle_json(cycle: &Cycle) -> String {
    let mut object = Object::empty();
    object.string("claimed", result_words(cycle.claimed));
    object.string("truth", result_words(cycle.truth));
    object.optional_number("plies", cycle.plies.map(f64::from));
    let names: Vec<String> = cycle
        .steps
        .iter()
        .map(|&(standing, _)| standing_words(standing))
        .collect();
    object.strings("positions", &names);
    object.boolean("agree", cycle.agree);
    object.finish()
}

/// Misjudged positions of one truth and run of plies, as a JSON object.
fn group_json(group: &Group) -> String {
    let mut inner = Object::empty();
    inner.string("truth", result_words(group.truth));
    inner.raw(
        "plies",
        group.plies.map(|(from, to)| format!("[{from},{to}]")),
    );
    inner.number("asked", group.asked as f64);
    inner.number("right", group.right as f64);
    let mut wrong = Object::empty();
    for (said, count) in &group.wrong {
        wrong.number(result_words(*said), *count as f64);
    }
    inner.raw("wrong", Some(wrong.finish()));
    inner.finish()
}

/// A horizon as a JSON object: its bounds, the side it cuts (or `null` for both), the caps.
fn horizon_json(horizon: &Horizon) -> String {
    let mut inner = Object::empty();
    inner.number("longest_right", f64::from(horizon.longest_right));
    inner.number("shortest_wrong", f64::from(horizon.shortest_wrong));
    inner.optional("side", horizon.side.map(result_words));
    let caps = |caps: &[(Cap, u32)]| {
        let caps: Vec<String> = caps
            .iter()
            .map(|&(reckoned, plies)| {
                let mut cap = Object::empty();
                cap.string("name", &cap_words((reckoned, plies)));
                cap.number("plies", f64::from(plies));
                cap.finish()
            })
            .collect();
        format!("[{}]", caps.join(","))
    };
    inner.raw("caps", Some(caps(&horizon.caps)));
    inner.raw("near_caps", Some(caps(&horizon.near_caps)));
    inner.boolean("only_longest", horizon.only_longest);
    inner.boolean("beyond_first_move", horizon.beyond_first_move);
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
        .map(|(round, says)| {
            let mut inner = Object::empty();
            inner.number("round", round.number as f64);
            inner.string("tutu_move", &tutu_move_words(round));
            for (key, value) in [
                ("wins_before", round.wins_before),
                ("wins_after", round.wins_after),
                ("mistake", round.truth()),
                ("you_say_mistake", round.said),
            ] {
                inner.boolean(key, value);
            }
            let cut = says
                .as_ref()
                .map(|says| cut_game_words(round, &super::diagnosis::cut_says_in_words(says)));
            inner.optional("cut", cut.as_deref());
            let judges = match says {
                Some(CutSays::Judges(mistake)) => Some(*mistake),
                _ => None,
            };
            inner.raw(
                "cut_says_mistake",
                judges.map(|mistake| mistake.to_string()),
            );
            inner.finish()
        })
        .collect();
    object.raw("parted", Some(format!("[{}]", parted.join(","))));
    object.number("seconds", seconds);
    object.finish()
}

/// An error as the JSON object `--json` prints for it: a compile error (the judge's build
/// refused the program), with its build as every outcome has, or any other error (with the
/// build where a refusal is no verdict: a tool older than the judge's, a missing npm
/// package); its kind and the refusal as facts; exit status 2 either way.
pub fn error(problem: &str, error: &CheckError) -> String {
    let verdict = super::report::verdict_key(Verdict::of_error(error));
    let mut object = match error {
        CheckError::Refused(refusal) => outcome_object(verdict, problem, &refusal.build),
        _ => opening(verdict, problem),
    };
    object.string("message", &super::build::check_error(error));
    let (kind, refusal) = match error {
        CheckError::Refused(refusal) => ("refused", Some(&refusal.why)),
        CheckError::Input(_) => ("input", None),
        CheckError::Internal(_) => ("internal", None),
        CheckError::Sandbox { .. } | CheckError::Setup(_) => ("other", None),
    };
    object.string("error_kind", kind);
    object.raw("refusal", refusal.map(super::json_build::refusal));
    object.finish()
}

/// The plan as a JSON object of numbers: its counts, and each family's kind, counts and sizes
/// (the problem's measure, by name).
fn plan_json(plan: &PlanRan) -> String {
    let mut object = Object::empty();
    object.number("planned", plan.planned() as f64);
    object.number("ran", plan.ran() as f64);
    object.number("whole", plan.whole() as f64);
    let families: Vec<String> = plan
        .families
        .iter()
        .map(|family| family_json(family, &plan.measure))
        .collect();
    object.raw("families", Some(format!("[{}]", families.join(","))));
    object.finish()
}

fn family_json(family: &FamilyRan, measure: &[&'static str; 3]) -> String {
    let mut object = Object::empty();
    match &family.kind {
        FamilyKind::Every {
            held_back,
            complete,
            ..
        } => {
            object.string("kind", "every");
            object.number("held_back", *held_back as f64);
            object.boolean("complete", *complete);
        }
        FamilyKind::Known {
            examples,
            regressions,
            deepest,
        } => {
            object.string("kind", "known");
            object.number("examples", *examples as f64);
            object.number("regressions", *regressions as f64);
            object.number("deepest", *deepest as f64);
        }
        FamilyKind::Largest => object.string("kind", "largest"),
        FamilyKind::Random { seed, beyond, ramp } => {
            object.string("kind", "random");
            object.raw("seed", Some(seed.to_string()));
            object.boolean("beyond_limits", *beyond);
            object.number("ramp", *ramp as f64);
        }
        FamilyKind::Yours { source } => {
            object.string("kind", "yours");
            object.string("source", source);
        }
    }
    object.number("planned", family.planned as f64);
    object.number("whole", family.whole as f64);
    object.number("ran", family.ran as f64);
    let size = |values| {
        measure_json(&Measure {
            names: *measure,
            values,
        })
    };
    object.raw("smallest", family.sizes.map(|(smallest, _)| size(smallest)));
    object.raw("largest", family.sizes.map(|(_, largest)| size(largest)));
    object.finish()
}

/// What was shown of a counterexample's size, as facts: `kind` (`not_shrunk`, `shrunk`,
/// `sequence`), `smallest_there_is`, and each kind's own.
fn minimality_json(minimality: &Minimality) -> String {
    let mut object = Object::empty();
    match minimality {
        Minimality::NotShrunk { waited } => {
            object.string("kind", "not_shrunk");
            object.boolean("smallest_there_is", false);
            object.boolean("waited", *waited);
        }
        Minimality::Sequence { finished } => {
            object.string("kind", "sequence");
            object.boolean("smallest_there_is", false);
            object.boolean("finished", *finished);
        }
        Minimality::Shrunk { local, proof } => {
            object.string("kind", "shrunk");
            let smallest = match proof {
                Some(Proof::FirstInOrder) => true,
                Some(Proof::FirstOf { smallest, .. } | Proof::NoneFails { smallest, .. }) => {
                    *smallest
                }
                Some(Proof::NoneOfFirst { .. }) | None => false,
            };
            object.boolean("smallest_there_is", smallest);
            match local {
                LocalMinimum::NoStepKeeps => object.string("local", "no_step_keeps"),
                LocalMinimum::BudgetSpent { shrink_seconds } => {
                    object.string("local", "budget_spent");
                    object.number("shrink_seconds", *shrink_seconds);
                }
            }
            object.raw("proof", proof.as_ref().map(proof_json));
        }
    }
    object.finish()
}

/// What running every smaller instance showed: `kind` (`first_in_order`, `first_of`,
/// `none_fails`, `none_of_first`), the list in words and its count, how many ran.
fn proof_json(proof: &Proof) -> String {
    let mut object = Object::empty();
    match proof {
        Proof::FirstInOrder => object.string("kind", "first_in_order"),
        Proof::FirstOf { set, .. } => {
            object.string("kind", "first_of");
            object.string("set", &set_words(set));
            object.number("count", set.count as f64);
        }
        Proof::NoneFails { set, .. } => {
            object.string("kind", "none_fails");
            object.string("set", &set_words(set));
            object.number("count", set.count as f64);
            object.number("ran", set.count as f64);
        }
        Proof::NoneOfFirst {
            ran,
            set,
            shrink_seconds,
        } => {
            object.string("kind", "none_of_first");
            object.string("set", &set_words(set));
            object.number("count", set.count as f64);
            object.number("ran", *ran as f64);
            object.number("shrink_seconds", *shrink_seconds);
        }
    }
    object.finish()
}

/// What shrinking did: one instance's size before (`null` where unchanged), runs and test
/// cases; a sequence's test cases kept, before, and runs.
fn shrinking_json(shrinking: &Shrinking) -> String {
    let mut object = Object::empty();
    match shrinking {
        Shrinking::Instance {
            from,
            from_measure,
            runs,
            cases,
        } => {
            object.optional("from", from.map(size_words).as_deref());
            object.raw("from_measure", from_measure.as_ref().map(measure_json));
            object.number("runs", *runs as f64);
            object.number("test_cases", *cases as f64);
        }
        Shrinking::Sequence { kept, from, runs } => {
            object.number("kept", *kept as f64);
            object.number("from_test_cases", *from as f64);
            object.number("runs", *runs as f64);
        }
    }
    object.finish()
}

/// When the search caught it, and what came after cost, in seconds (`null` for what did not
/// happen).
fn caught_json(caught: &CaughtFacts) -> String {
    let mut object = Object::empty();
    object.number("instance", caught.instance as f64);
    object.number("after_seconds", caught.after_seconds);
    object.raw(
        "smaller_passed",
        caught.smaller_passed.map(|(count, took)| {
            let mut inner = Object::empty();
            inner.number("count", count as f64);
            inner.number("seconds", took);
            inner.finish()
        }),
    );
    object.optional_number("shrinking_seconds", caught.shrinking_seconds);
    object.optional_number("diagnosis_seconds", caught.diagnosis_seconds);
    object.optional_number("judge_seconds", caught.judge_seconds);
    object.finish()
}

/// What the runs printed besides their answers: bytes in all, the runs that printed and all the
/// runs, the start of the first one's prints, and the test case that printed alone (`alone`:
/// `{"instance", "size", "measure", "bytes", "first", "runs"}`, or `null`); `null` where nothing
/// was printed.
fn printed_json(printed: &Printed, runs: usize) -> Option<String> {
    (printed.bytes > 0).then(|| {
        let mut object = Object::empty();
        object.number("bytes", printed.bytes as f64);
        object.number("runs_printed", printed.runs as f64);
        object.number("runs", runs as f64);
        object.string("first", &printed.first);
        let alone = printed.alone.as_ref().map(|alone| {
            let mut object = Object::empty();
            object.string("instance", &alone.instance);
            object.string("size", &size_words(alone.size));
            object.raw("measure", Some(measure_json(&alone.measure)));
            object.number("bytes", alone.printed.bytes as f64);
            object.string("first", &alone.printed.text);
            object.number("runs", alone.runs as f64);
            object.finish()
        });
        object.raw("alone", alone);
        object.finish()
    })
}

/// The slowest test case against the time limit: `{"cpu_seconds", "limit_seconds", "size",
/// "measure", "within_a_fifth"}`; `null` where no test case was answered.
fn slowest_json(slowest: Option<&Slowest>, limit: std::time::Duration) -> Option<String> {
    slowest.map(|slowest| {
        let mut object = Object::empty();
        object.number("cpu_seconds", slowest.cpu.as_secs_f64());
        object.number("limit_seconds", limit.as_secs_f64());
        object.string("size", &size_words(slowest.size));
        object.raw("measure", Some(measure_json(&slowest.measure)));
        let close = super::run::within_a_fifth(slowest, limit);
        object.boolean("within_a_fifth", close);
        object.optional_number("together", slowest.together.map(|count| count as f64));
        object.finish()
    })
}

/// The most memory a run was seen to hold against the limit: `{"most_seen_held_bytes",
/// "limit_bytes", "within_a_fifth"}`; `null` where no sample was taken.
fn memory_json(most_seen_held: u64, limit: u64) -> Option<String> {
    (most_seen_held > 0).then(|| {
        let mut object = Object::empty();
        object.number("most_seen_held_bytes", most_seen_held as f64);
        object.number("limit_bytes", limit as f64);
        let close = super::run::memory_within_a_fifth(most_seen_held, limit);
        object.boolean("within_a_fifth", close);
        object.finish()
    })
}

/// The failures that did not happen again alone, each as facts: `{"fault", "size",
/// "measure"}`, its fault as [`fault_json`] gives it and its instance's size.
fn unreproduced_json(unreproduced: &[Unreproduced]) -> String {
    let each: Vec<String> = unreproduced
        .iter()
        .map(|failure| {
            let mut object = Object::empty();
            object.raw("fault", Some(fault_json(&failure.fault)));
            object.string("size", &size_words(failure.size));
            object.raw("measure", Some(measure_json(&failure.measure)));
            object.finish()
        })
        .collect();
    format!("[{}]", each.join(","))
}

/// A size by the problem's measure, named (`{"nodes":3,"edges":2}`).
fn measure_json(measure: &Measure) -> String {
    let mut size = Object::empty();
    for (name, value) in measure.names.iter().zip(measure.values) {
        if !name.is_empty() {
            size.number(name, value as f64);
        }
    }
    size.finish()
}

#[cfg(test)]
mod tests {
    use super::super::json_object::quoted;
    use super::*;
    use crate::build::built::{Built, Note, ToolRun};
    use crate::build::error::{Reason, Refusal, Setup, Why};
    use crate::sandbox::SandboxFacts;

    #[test]
    fn strings_are_escaped_as_rfc_8259_asks() {
        assert_eq!(
            quoted("a\"b\\c\nd\u{1}é<"),
            "\"a\\\"b\\\\c\\u000ad\\u0001é<\""
        );
        let tool = ToolRun {
            name: "g++".to_string(),
            args: vec!["-O2".to_string()],
            judge: "NOI/Luogu".to_string(),
            language: "C++".to_string(),
            ..ToolRun::default()
        };
        let build = BuildInfo {
            built: Built {
                tool: Some(tool),
                notes: vec![Note::CannotLink {
                    sanitizer: "address".to_string(),
                    compiler: "g++".to_string(),
                }],
            },
            sandbox: SandboxFacts::Unsandboxed,
        };
        let why = Why::DoesNotCompile {
            reason: Reason::Messages {
                shown: "line 1\n\tline 2".to_string(),
                more_lines: 0,
                exit_status: Some(1),
            },
            hints: Vec::new(),
        };
        let refused = CheckError::Refused(Box::new(Refusal { build, why }));
        assert_eq!(
            error("lc913", &refused),
            "{\"version\":6,\"verdict\":\"compile_error\",\"problem\":\"lc913\",\
             \"build\":{\"line\":\"g++ -O2, as NOI/Luogu builds C++\",\"notes\":[\"AddressSanitizer \
             left out: it cannot link on this machine (an empty program does not build with \
             -fsanitize=address under g++)\"],\"sandbox\":\"none (--unsandboxed): the program \
             ran as you, with your files, network and processes within its reach\",\
             \"tool\":{\"name\":\"g++\",\"version\":null,\"args\":[\"-O2\"],\"standard\":null,\
             \"your_standard\":false,\"judge\":\"NOI/Luogu\",\"language\":\"C++\",\
             \"older_than\":null,\"sanitizers\":[],\"extra_checks\":[],\"sanitizers_off\":false},\
             \"note_facts\":[{\"kind\":\"cannot_link\",\"sanitizer\":\"address\",\
             \"compiler\":\"g++\"}],\"isolation\":{\"kind\":\"none\"}},\
             \"message\":\"your solution does not compile (g++ -O2, as NOI/Luogu builds C++):\
             \\u000anote: AddressSanitizer left out: it cannot link on this machine (an empty \
             program does not build with -fsanitize=address under g++)\\u000aline 1\\u000a\
             \\u0009line 2\",\"error_kind\":\"refused\",\"refusal\":{\"kind\":\"does_not_compile\",\
             \"reason\":{\"kind\":\"messages\",\"shown\":\"line 1\\u000a\\u0009line 2\",\
             \"more_lines\":0,\"exit_status\":1},\"hints\":[]}}"
        );
        assert_eq!(
            error(
                "lc913",
                &CheckError::Setup(Setup::NoFile("mine.rs".to_string()))
            ),
            "{\"version\":6,\"verdict\":\"error\",\"problem\":\"lc913\",\
             \"message\":\"there is no file mine.rs\",\
             \"error_kind\":\"other\",\"refusal\":null}"
        );
    }
}
