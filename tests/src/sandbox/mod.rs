//! The sandbox layer: one run of one command under limits, as a value in ([`Launch`],
//! [`Limits`]) and a record out ([`Ended`]). It knows nothing of languages or problems.
//!
//! - [`setup_error`]: the one error every part of the sandbox gives;
//! - [`places`]: where `--check` keeps its files, and who the user is;
//! - [`cgroup`]: the control group that binds a run's whole process tree, and its CPU time;
//! - [`binds`]: what of the machine a sandbox may show, and the sandbox's own mount points;
//! - [`bwrap`]: bubblewrap around every process that touches the user's code;
//! - [`left_behind`]: what sandboxed code left, read, written, measured and removed as data;
//! - `run`: one run as values: its launch and limits in, its record out;
//! - `shells`: the system's shell for `--check`'s own work: waiting on a pipe, sweeping marks;
//! - `process_group`: an unsandboxed tree's processes, read from `/proc`;
//! - `measure`: a running tree's memory, CPU time and processes;
//! - `watch`: a running program watched until it exits or passes a limit;
//! - `run_files`: a run's files, and its record read from them;
//! - `environment`: the variables a build step or a run gets;
//! - `starting_shell`: the shell that starts a build step or a run, in `bwrap` or not;
//! - `groups`: this process's control groups, named and made;
//! - `isolation`: bubblewrap, or `--unsandboxed`, chosen once a session;
//! - `sandboxed_run`: one run in bubblewrap;
//! - `unsandboxed`: one run under `--unsandboxed`, its process group led by an anchor;
//! - `build_step`: one build step, bounded and collected;
//! - `scratch`: a session's scratch directory and its janitor.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod binds;
mod build_step;
pub mod bwrap;
pub mod cgroup;
mod environment;
mod groups;
mod isolation;
pub mod left_behind;
mod measure;
pub mod places;
mod process_group;
mod run;
mod run_files;
mod sandboxed_run;
mod scratch;
pub mod setup_error;
mod shells;
mod starting_shell;
mod unsandboxed;
mod watch;

pub use build_step::{build_output, StepError, BUILD_CPU, BUILD_DISK, BUILD_TIME};
pub use isolation::{Isolation, SandboxFacts};
pub use run::{
    backstop, Ended, Ending, Flooded, Launch, Limits, Run, RunError, Settled, Spent,
    ANSWERS_VARIABLE, OUTPUT_LIMIT,
};
pub use scratch::ScratchDir;
pub use setup_error::SetupError;
