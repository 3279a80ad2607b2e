//! The judge's own build, for a fault only an extra check caught: UBSan, or AddressSanitizer
//! under the OI judges, which run none. Such a fault is undefined behaviour that the judge's
//! build may crash on, answer wrongly after, or survive; the program is built a second time as
//! the judge builds it (its own sanitizers kept: LeetCode's AddressSanitizer) and run once on
//! the reported instance, in the same sandbox and limits, so the report can say which.
//!
//! # Complexity
//! One build (cached like the first) and one run of the reported instance.
//!
//! Uses `build::built`, `build::error`, `build::harness`, `build::program`, `problems::Problem`;
//! beside it, `error`, `minimise`, `session`.

use super::error::CheckError;
use super::minimise::Minimised;
use super::runner::Runner;
use super::session::{Failure, Fault, Judged, Session};
use crate::build::built::{BuildOptions, Built, Note};
use crate::build::error::BuildError;
use crate::problems::Problem;
use crate::sandbox::{Ended, Ending};
use std::time::Instant;

impl<P: Problem> Session<'_, P> {
    /// What the judge's own build shows on `minimised`'s instance, when its fault (repeated
    /// when run alone) was caught by a check the judge does not run; `None` otherwise. `options`
    /// are the first build's, kept but for the extra checks.
    pub fn judge_rerun(
        &mut self,
        minimised: &Minimised<P::Case>,
        options: &BuildOptions,
    ) -> Result<Option<JudgeWould>, CheckError> {
        let extra = self.program.built().extra_checks().to_vec();
        let Some(caught_by) = caught_only_by_extra_check(minimised, &extra) else {
            return Ok(None);
        };
        let began = Instant::now();
        let judges = BuildOptions {
            without_extra_checks: true,
            ..options.clone()
        };
        let (build, shows) = match self.program.rebuilt(&judges) {
            Ok(program) => (
                Some(program.built().clone()),
                self.shown_by(program, &minimised.smallest)?,
            ),
            Err(error) => (None, JudgeShows::NotBuilt(Box::new(error))),
        };
        Ok(Some(JudgeWould {
            build,
            lacks: extra,
            caught_by,
            shows,
            seconds: began.elapsed().as_secs_f64(),
        }))
    }

    /// The judge's own build, for a time-out (`ended`, on the plan's `instance`-th test case
    /// `case`) of a build with extra checks the judge does not run, where the program computed
    /// rather than waited: if on that build the same case ends within the limit, the time-out
    /// was the extra checks', and the judge's build is handed back (with a note that says so)
    /// for the check to go on with; `None` where it is too slow there too, or cannot be built.
    ///
    /// # Complexity
    /// One build (cached like the first) and one run of `case`.
    pub fn in_time_on_the_judge_s_build(
        &mut self,
        (case, instance): (&P::Case, u64),
        ended: &Ended,
        options: &BuildOptions,
    ) -> Result<Option<Box<dyn Runner<P>>>, CheckError> {
        let extra = self.program.built().extra_checks().to_vec();
        let (Ending::Quiet { limit, spent } | Ending::TooLong { limit, spent }) = ended.ending
        else {
            return Ok(None);
        };
        if extra.is_empty() || ended.waited() {
            return Ok(None);
        }
        let judges = BuildOptions {
            without_extra_checks: true,
            ..options.clone()
        };
        let Ok(mut judges) = self.program.rebuilt(&judges) else {
            return Ok(None);
        };
        let ours = std::mem::replace(&mut self.program, judges);
        let judged = self.judged_run(std::slice::from_ref(case), None);
        judges = std::mem::replace(&mut self.program, ours);
        let too_slow = match judged?.0 {
            Judged::Broken(_, fault) | Judged::Missing(_, fault) | Judged::After(fault) => {
                matches!(fault, Fault::Ended(ended) if ended.timed_out())
            }
            Judged::Stopped(_) => true,
            Judged::Right | Judged::Wrong(..) => false,
        };
        if too_slow {
            return Ok(None);
        }
        let judge = judges.built().tool.as_ref().map(|tool| tool.judge.clone());
        judges.built_mut().notes.push(Note::ExtraTooSlow {
            checks: extra,
            judge: judge.unwrap_or_default(),
            instance,
            cpu_millis: spent.cpu.as_millis() as u64,
            limit_millis: limit.as_millis() as u64,
        });
        Ok(Some(judges))
    }

    /// What one run of `judges` (the judge's own build) on `case` shows, judged as every run
    /// is. The session's program is put back after.
    fn shown_by(
        &mut self,
        judges: Box<dyn Runner<P>>,
        case: &P::Case,
    ) -> Result<JudgeShows, CheckError> {
        let ours = std::mem::replace(&mut self.program, judges);
        let judged = self.judged_run(std::slice::from_ref(case), None);
        self.program = ours;
        Ok(match judged?.0 {
            Judged::Right => JudgeShows::RightAnswer,
            Judged::Wrong(_, answer) => JudgeShows::WrongAnswer(answer),
            Judged::Broken(_, fault) | Judged::Missing(_, fault) | Judged::After(fault) => {
                JudgeShows::Fault(fault)
            }
            // Only the search's clock stops a run, and this one runs without it.
            Judged::Stopped(_) => JudgeShows::Stopped,
        })
    }
}

/// The extra check (`address`, `undefined`) that alone caught `minimised`'s fault, by the
/// report it printed, if the build added that check (`extra`) and the fault repeated alone: a
/// sanitizer the judge runs itself, a wrong answer or any other fault needs no second build.
fn caught_only_by_extra_check<C>(
    minimised: &Minimised<C>,
    extra: &[String],
) -> Option<&'static str> {
    let Failure::Broken(Fault::Ended(ended)) = &minimised.failure else {
        return None;
    };
    let caught_by = sanitizer_report(&ended.stderr)?;
    let added = extra.iter().any(|check| check == caught_by);
    (minimised.reproduced && added).then_some(caught_by)
}

/// The sanitizer whose report `stderr` holds: AddressSanitizer's `ERROR:` line, or UBSan's
/// `runtime error:` (with `-fno-sanitize-recover` its first report ends the run).
fn sanitizer_report(stderr: &str) -> Option<&'static str> {
    if stderr.contains("ERROR: AddressSanitizer") {
        Some("address")
    } else if stderr.contains("runtime error:") || stderr.contains("UndefinedBehaviorSanitizer") {
        Some("undefined")
    } else {
        None
    }
}

/// What the judge's own build did on the reported instance, where the fault was one that
/// only an extra check caught: undefined behaviour the judge may or may not trip on, so the
/// report says which.
#[derive(Debug, Clone)]
pub struct JudgeWould {
    /// The judge's own build; none where it could not be made.
    pub build: Option<Built>,
    /// The extra checks the first build added, which the judge's lacks (`undefined`).
    pub lacks: Vec<String>,
    /// The one of them that caught the fault.
    pub caught_by: &'static str,
    pub shows: JudgeShows,
    /// What building it and the run took.
    pub seconds: f64,
}

/// What the judge's own build showed on the reported instance.
#[derive(Debug, Clone)]
pub enum JudgeShows {
    /// A wrong answer, as the judge reads it.
    WrongAnswer(String),
    /// A crash, a limit or output that is not an answer.
    Fault(Fault),
    /// The right answer: the undefined behaviour happens to pass there.
    RightAnswer,
    /// It could not be built: why.
    NotBuilt(Box<BuildError>),
    /// It was stopped before it answered.
    Stopped,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sanitizer_is_told_by_its_report() {
        let asan = "==2==ERROR: AddressSanitizer: global-buffer-overflow on address 0x1";
        assert_eq!(sanitizer_report(asan), Some("address"));
        let ubsan = "a.cpp:3:9: runtime error: signed integer overflow: 2147483647 + 1";
        assert_eq!(sanitizer_report(ubsan), Some("undefined"));
        assert_eq!(sanitizer_report("Segmentation fault"), None);
    }
}
