//! The outcome gathered from where a search ended ([`Finding`]): for a failure, the build, the
//! instance in the judge's format, the program's answer against the expected one, the why,
//! and the commands that rerun and play it out; for a pass, how much ran and what it is worth.
//! No I/O of its own: what must be written (the page, the saved instance) the driver hands in
//! as [`Writes`]. Uses the search's values (`caught`, `diagnosis`,
//! `judge_rerun`, `minimise`, `plan`, `run_plan`, `session`), the problems and `text`.

use super::verdict::{
    CaughtFacts, Explained, Found, Margins, NextSteps, PageWritten, Ran, Reported,
};
use super::verdict::{Failed, FirstTime, Outcome, Pass, Saved, Shrinking, TooSlow, Yours};
use crate::problems::{Measure, Problem};
use crate::search::caught::Caught;
use crate::search::diagnosis::Diagnosis;
use crate::search::judge_rerun::JudgeWould;
use crate::search::minimise::Minimality;
use crate::search::minimise::{Minimised, MinimisedSequence};
use crate::search::plan::PlanRan;
use crate::search::run_plan::{
    Conclusion, Failing, FailingInstance, FailingSequence, Finding, Search,
};
use crate::search::session::{Failure, Judged, Session};
use crate::text::one_line;
use std::path::PathBuf;
use std::time::Duration;

/// What the driver does for the gathering, which does no I/O: writing a counterexample's page
/// (`--html`) and saving the reported instances for the commands a report ends with.
pub struct Writes<P: Problem> {
    /// With `--html`, where the counterexample's page goes, and what writes the page of a
    /// case there: what the program did on it, the expected answer, the diagnosis; the
    /// report's line that says where it went, or why not.
    pub page: Option<(String, PageWriter<P>)>,
    /// Saves instances in the command line's input format; their file, or `None`.
    pub save: fn(&[P::Case]) -> Option<PathBuf>,
}

/// Writes a counterexample's page ([`Writes::page`]).
pub type PageWriter<P> = fn(
    &<P as Problem>::Case,
    &Yours,
    &<P as Problem>::Answer,
    Option<&Diagnosis>,
    &str,
) -> PageWritten;

/// The outcome of a search that ended as `finding` says.
pub fn outcome<P: Problem>(finding: Finding<P>, writes: &Writes<P>) -> Outcome {
    let Finding {
        session,
        search,
        conclusion,
    } = finding;
    match conclusion {
        Conclusion::Failed(Failing::Instance(failing)) => {
            let FailingInstance {
                caught,
                minimised,
                diagnosis,
                judge_would,
            } = *failing;
            report(&session, writes, caught, minimised, diagnosis, judge_would)
        }
        Conclusion::Failed(Failing::Sequence(failing)) => {
            let FailingSequence { caught, minimised } = *failing;
            report_sequence(&session, writes, caught, minimised)
        }
        Conclusion::Passed(plan) => pass(&session, &search, plan, true),
        Conclusion::NotFinished(plan) => pass(&session, &search, plan, false),
    }
}

/// With `--html`, the page of `case` written, what the program did on it (`yours`) against
/// the `expected` answer, its mistakes marked where the `diagnosis` shows them: where it
/// went, or why not.
fn page_line<P: Problem>(
    writes: &Writes<P>,
    case: &P::Case,
    yours: &Yours,
    expected: &P::Answer,
    diagnosis: Option<&Diagnosis>,
) -> Option<PageWritten> {
    let (path, write) = writes.page.as_ref()?;
    Some(write(case, yours, expected, diagnosis, path))
}

/// What rerunning exactly the reported instances takes: where they were saved, for whose
/// binary and which solution.
fn saved<P: Problem>(session: &Session<P>, path: Option<PathBuf>) -> Option<Saved> {
    Some(Saved {
        bin: P::BIN,
        solution: session.solution.clone(),
        path: path?,
    })
}

/// A sequence of test cases that fails only in one process, minimised: the solution keeps
/// state between calls.
fn report_sequence<P: Problem>(
    session: &Session<P>,
    writes: &Writes<P>,
    caught: Caught,
    minimised: MinimisedSequence<P::Case>,
) -> Outcome {
    let MinimisedSequence {
        kept,
        from,
        finished,
        judged,
        answers,
        printed,
        failing,
        alone,
        runs,
        began,
    } = minimised;
    // The page shows the failing test case, and the program's answer to it or its fault.
    let (on_page, yours) = sequence_answers(&judged, answers);
    let expected: Vec<P::Answer> = kept.iter().map(&session.expected.solve).collect();
    let saved = saved(session, (writes.save)(&kept));
    let page = page_line(writes, &kept[failing], &on_page, &expected[failing], None);
    let elapsed = began.elapsed();
    Outcome::Fails(Box::new(Failed {
        problem: P::BIN,
        build: session.program.build_info(),
        reported: Reported::Sequence {
            instances: kept.iter().map(P::judge_text).collect(),
            failing,
            passes_alone: !alone,
        },
        found: Found {
            origin: caught.origin.clone(),
            first_failure: caught.first_failure.clone(),
            shrinking: Shrinking::Sequence {
                kept: kept.len(),
                from,
                runs,
            },
            smallest: Minimality::Sequence { finished },
        },
        yours,
        expected: expected.iter().map(ToString::to_string).collect(),
        printed,
        too_slow: None,
        explained: Explained {
            why: P::explain(&kept[failing]),
            diagnosis: None,
            judge_would: None,
        },
        next: NextSteps {
            page,
            saved,
            explainable: true,
        },
        ran: Ran {
            unreproduced: session.unreproduced.clone(),
            caught: caught_facts(&caught, Some(elapsed), (None, None)),
            instances_run: caught.instances,
            seconds: (caught.after + elapsed).as_secs_f64(),
        },
    }))
}

/// A failing instance, minimised: the counterexample's report.
fn report<P: Problem>(
    session: &Session<P>,
    writes: &Writes<P>,
    caught: Caught,
    minimised: Minimised<P::Case>,
    diagnosis: Option<Diagnosis>,
    judge_would: Option<JudgeWould>,
) -> Outcome {
    let Minimised {
        smallest,
        failure,
        reproduced,
        how,
        from,
        from_measure,
        runs,
        cases,
        began,
        printed,
    } = minimised;
    let to = P::size(&smallest);
    let expected = (session.expected.solve)(&smallest);
    let text = P::judge_text(&smallest);
    let shrunk_from = (text != from.1).then_some(from.0);
    let too_slow = failure.too_slow().and_then(TooSlow::of);
    let saved = saved(session, (writes.save)(std::slice::from_ref(&smallest)));
    let yours = yours_of(failure, reproduced);
    // A time-out says nothing of the game: no page, no line of play.
    let page = match too_slow {
        Some(_) => None,
        None => page_line(writes, &smallest, &yours, &expected, diagnosis.as_ref()),
    };
    let elapsed = began.elapsed();
    // A time-out is not shrunk: its line says nothing of shrinking.
    let shrinking = too_slow.is_none().then_some(elapsed);
    let after = (
        diagnosis.as_ref().map(|diagnosis| diagnosis.seconds),
        judge_would.as_ref().map(|judge_would| judge_would.seconds),
    );
    let caught_facts = caught_facts(&caught, shrinking, after);
    Outcome::Fails(Box::new(Failed {
        problem: P::BIN,
        build: session.program.build_info(),
        reported: Reported::Instance {
            instance: text,
            size: to,
            measure: Measure::of::<P>(&smallest),
        },
        found: Found {
            origin: caught.origin.clone(),
            first_failure: caught.first_failure.clone(),
            shrinking: Shrinking::Instance {
                from_measure: shrunk_from.is_some().then_some(Measure {
                    names: P::MEASURE,
                    values: from_measure,
                }),
                from: shrunk_from,
                runs,
                cases,
            },
            smallest: how,
        },
        yours,
        expected: vec![one_line(&expected.to_string())],
        printed,
        too_slow,
        explained: Explained {
            why: P::explain(&smallest),
            diagnosis,
            judge_would,
        },
        next: NextSteps {
            page,
            saved,
            explainable: too_slow.is_none(),
        },
        ran: Ran {
            unreproduced: session.unreproduced.clone(),
            caught: caught_facts,
            instances_run: caught.instances,
            seconds: (caught.after + elapsed).as_secs_f64(),
        },
    }))
}

/// What catching and shrinking cost, `elapsed` since shrinking began (if it did) less the
/// diagnosis's and the judge's build's own seconds (`diagnosing`, `judging`), each kept.
fn caught_facts(
    caught: &Caught,
    elapsed: Option<Duration>,
    (diagnosing, judging): (Option<f64>, Option<f64>),
) -> CaughtFacts {
    let after = [diagnosing, judging].into_iter().flatten().sum::<f64>();
    let shrinking = elapsed.map(|elapsed| elapsed.saturating_sub(Duration::from_secs_f64(after)));
    CaughtFacts {
        instance: caught.instances,
        after_seconds: caught.after.as_secs_f64(),
        smaller_passed: caught
            .smaller_passed
            .map(|(count, took)| (count, took.as_secs_f64())),
        shrinking_seconds: shrinking.map(|took| took.as_secs_f64()),
        diagnosis_seconds: diagnosing,
        judge_seconds: judging,
    }
}

/// What the program did on a sequence's run that was `judged` so: on its failing test case
/// (for the page), and in all (every one of its `answers`, where they were wrong).
///
/// That last run has no deadline, and is settled early only on a wrong answer, which it then
/// holds: it is never `Stopped` before it showed one, so a run that is not a failure answered
/// every test case right.
fn sequence_answers(judged: &Judged, answers: Vec<String>) -> (Yours, Yours) {
    match judged {
        Judged::Wrong(_, answer) => (Yours::Answer(answer.clone()), Yours::Answers(answers)),
        Judged::Broken(_, why) | Judged::Missing(_, why) | Judged::After(why) => {
            (Yours::Fault(why.clone()), Yours::Fault(why.clone()))
        }
        Judged::Right | Judged::Stopped(_) => (Yours::RightThisTime, Yours::RightThisTime),
    }
}

/// The program's answer or fault; one that the last lone run did not repeat is flaky.
fn yours_of(failure: Failure, reproduced: bool) -> Yours {
    match (failure, reproduced) {
        (Failure::Wrong(answer), true) => Yours::Answer(answer),
        (Failure::Broken(why), true) => Yours::Fault(why),
        (Failure::Wrong(answer), false) => Yours::Flaky(FirstTime::Answered(answer)),
        (Failure::Broken(why), false) => Yours::Flaky(FirstTime::Failed(why)),
    }
}

/// What passed: the whole plan (`finished`), or the start of it that ran before `--seconds`
/// ended the search, which is no pass.
fn pass<P: Problem>(
    session: &Session<P>,
    search: &Search,
    plan: PlanRan,
    finished: bool,
) -> Outcome {
    let options = search.options;
    let measured = session.measured.borrow().clone();
    let pass = Pass {
        problem: P::BIN,
        build: session.program.build_info(),
        plan,
        range: P::range(options.beyond_limits),
        backstop: options.seconds,
        seconds: search.started.elapsed().as_secs_f64(),
        program_cpu: session.program_cpu.as_secs_f64(),
        unreproduced: session.unreproduced.clone(),
        printed: measured.printed,
        runs: session.runs,
        margins: Margins {
            slowest: measured.slowest,
            time_limit: session.limit,
            most_seen_held: measured.most_seen_held,
            memory_limit: session.memory,
        },
    };
    match finished {
        true => Outcome::Pass(pass),
        false => Outcome::NotFinished(pass),
    }
}
