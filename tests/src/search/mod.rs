//! The search layer: the user's program run on instances in order, each run judged, the
//! first failure located, shrunk and diagnosed, and handed back as a value.
//!
//! The instances are a plan fixed before the first run ([`plan`]): the problem's known instances
//! (the statement's examples, the regression cases, instances built to need long forced wins), in
//! order of size; every instance small enough to run them all, smallest first; the judge's largest;
//! then seeded random ones, growing from small to the judge's limits (past them with
//! `--beyond-limits`). [`run_plan`] runs it: the instances go to the program in batches, many test
//! cases a process, so that start-up does not dominate; a batch that crashes, hangs or prints what
//! is not an answer is split until the one instance is found ([`session`]). A failing instance is
//! then shrunk ([`minimise`]), its positions asked about ([`diagnose`], read by the pure
//! [`diagnosis`]), and a fault only an extra check caught run again on the judge's own build
//! ([`judge_rerun`]).
//!
//! Uses the build, the sandbox's run records and the problems; names no outcome, renders and
//! writes nothing, reads no command line: [`options::Options`] is the value it is given.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod caught;
pub mod diagnose;
pub mod diagnosis;
pub mod error;
pub mod in_process;
pub mod judge_rerun;
pub mod minimise;
pub mod options;
pub mod plan;
pub mod run_plan;
pub mod runner;
pub mod session;
