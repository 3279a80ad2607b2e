//! [`Runner`]: the program as the search sees it. The search hands it test cases and limits and
//! gets back how the one process ended ([`Run`]): it knows nothing of builds, sandboxes or
//! harness files. [`Sandboxed`] is the user's program built as the judge builds it and run in
//! the sandbox; `in_process` plays a program from a Rust function, for the search's own tests.
//!
//! Uses `build::built`, `build::program`, `build::harness`, the sandbox's run records and the
//! problems; beside it, `error`.

use super::error::CheckError;
use crate::build::built::{BuildInfo, BuildOptions, Built};
use crate::build::error::BuildError;
use crate::build::program::{self, Program};
use crate::problems::Problem;
use crate::sandbox::{Limits, Run, ScratchDir};
use std::sync::Arc;
use std::time::Duration;

/// A program the search can run: one process on a list of test cases at a time, several at
/// once from several threads.
pub trait Runner<P: Problem>: Sync {
    /// One process on `cases`, in order, within `limits`: how it ended and what it printed.
    /// An error where it could not start at all (its interpreter missing, a command that is
    /// not one), which ends the check with no verdict.
    fn run(&self, cases: &[P::Case], limits: &Limits) -> Result<Run, CheckError>;

    /// Whether one process answers many test cases on the harness's channel (a wrapped
    /// LeetCode source); otherwise its stdout is its answer.
    fn harnessed(&self) -> bool;

    /// The CPU time a test case gets by default.
    fn time_limit(&self) -> Duration;

    /// How it was built, and what a report must add about that build.
    fn built(&self) -> &Built;

    /// The notes of its build, to add one the search learnt (`Note::ExtraTooSlow`).
    fn built_mut(&mut self) -> &mut Built;

    /// The build and the isolation of its runs, which open every report.
    fn build_info(&self) -> BuildInfo;

    /// The same solution built as `options` say (the first build's options without the extra
    /// checks: the judge's own build), to run in the same place.
    fn rebuilt(&self, options: &BuildOptions) -> Result<Box<dyn Runner<P>>, BuildError>;
}

/// The user's solution built by [`program::prepare`] and run in a scratch directory of the
/// sandbox, shared with any rebuild of it.
pub struct Sandboxed {
    program: Program,
    scratch: Arc<ScratchDir>,
    /// The solution as the user named it, for a rebuild.
    solution: String,
}

impl Sandboxed {
    /// `program`, built from `solution`, with a fresh scratch directory for its runs.
    pub fn new(program: Program, solution: &str) -> Result<Sandboxed, CheckError> {
        let scratch = Arc::new(ScratchDir::new(program.isolation())?);
        Ok(Sandboxed {
            program,
            scratch,
            solution: solution.to_string(),
        })
    }

    /// The text the program reads for `cases`: the harness's input, or for a judge program
    /// and a command, the judge's text of one test case after another.
    fn input<P: Problem>(&self, cases: &[P::Case]) -> String {
        match P::harness() {
            Some(harness) if self.program.harnessed => (harness.input)(cases),
            _ => cases
                .iter()
                .map(|case| {
                    let text = P::judge_text(case);
                    if text.ends_with('\n') {
                        text
                    } else {
                        text + "\n"
                    }
                })
                .collect(),
        }
    }
}

impl<P: Problem> Runner<P> for Sandboxed {
    fn run(&self, cases: &[P::Case], limits: &Limits) -> Result<Run, CheckError> {
        let input = self.input::<P>(cases);
        let run = self.program.run(&self.scratch, &input, limits)?;
        match self.program.could_not_start(&run) {
            Some(error) => Err(error.into()),
            None => Ok(run),
        }
    }

    fn harnessed(&self) -> bool {
        self.program.harnessed
    }

    fn time_limit(&self) -> Duration {
        self.program.time_limit
    }

    fn built(&self) -> &Built {
        &self.program.build
    }

    fn built_mut(&mut self) -> &mut Built {
        &mut self.program.build
    }

    fn build_info(&self) -> BuildInfo {
        self.program.build_info()
    }

    fn rebuilt(&self, options: &BuildOptions) -> Result<Box<dyn Runner<P>>, BuildError> {
        let harnesses = crate::build::harness::of::<P>();
        let program = program::prepare(&self.solution, harnesses, P::JUDGE, options)?;
        Ok(Box::new(Sandboxed {
            program,
            scratch: self.scratch.clone(),
            solution: self.solution.clone(),
        }))
    }
}
