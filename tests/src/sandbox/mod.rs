//! The sandbox layer: one run of one command under limits, as a value in ([`Launch`],
//! [`Limits`]) and a record out ([`Ended`]). It knows nothing of languages or problems.
//!
//! - [`bwrap`]: bubblewrap around every process that touches the user's code;
//! - [`cgroup`]: the control group that binds a run's whole process tree, and its CPU time;
//! - [`places`]: where `--check` keeps its files, and who the user is;
//! - `run`: one run, isolated, limited, watched and ended on every exit.

pub mod bwrap;
pub mod cgroup;
pub mod places;
mod run;
pub mod setup_error;

pub use run::{
    backstop, build_output, megabytes, Ended, Ending, Isolation, Launch, Limits, PastBuildCpu, Run,
    RunError, ScratchDir, Settled, Spent, ANSWERS_VARIABLE, BUILD_CPU, BUILD_TIME,
};
pub use setup_error::SetupError;
