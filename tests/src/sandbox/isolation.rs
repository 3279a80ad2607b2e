//! How every process that touches the user's code is isolated, chosen once a session, and the facts
//! a report names of it ([`SandboxFacts`]). Uses [`super::bwrap`], [`super::cgroup`],
//! [`super::places`] and [`SetupError`].

use super::bwrap::{Bwrap, SandboxUser};
use super::setup_error::SetupError;

/// How every process that touches the user's code is isolated, decided once a session.
#[derive(Clone, Copy)]
pub enum Isolation {
    /// In bubblewrap ([`super::bwrap`]), its tree bound by a control group where one can be
    /// had ([`super::cgroup`]).
    Sandboxed(&'static Bwrap),
    /// `--unsandboxed`: as the user, in a process group and a scratch directory, with the
    /// user's files, network and processes within its reach.
    Unsandboxed,
}

impl Isolation {
    /// The sandbox's own user, where the sandbox runs as one (when `--check` is root): a file
    /// `--check` makes for a sandboxed step to write is given to it.
    pub fn user(&self) -> Option<SandboxUser> {
        match self {
            Isolation::Sandboxed(bwrap) => bwrap.user(),
            Isolation::Unsandboxed => None,
        }
    }

    /// bubblewrap where it works; where it does not, an error, unless the user chose to run
    /// the program as themselves.
    pub fn choose(unsandboxed: bool) -> Result<Isolation, SetupError> {
        if unsandboxed && super::places::own_uid() == 0 {
            return Err(SetupError::UnsandboxedAsRoot);
        }
        if unsandboxed {
            return Ok(Isolation::Unsandboxed);
        }
        super::bwrap::bwrap()
            .map(Isolation::Sandboxed)
            .map_err(|why| SetupError::NoSandbox(Box::new(why.clone())))
    }

    /// What a report says of the isolation: what the program could reach, and how its limits
    /// bind.
    pub fn facts(&self) -> SandboxFacts {
        match self {
            Isolation::Sandboxed(bwrap) => SandboxFacts::Bubblewrap {
                version: bwrap.version.clone(),
                control_group: super::cgroup::hierarchy().is_some(),
                process_limit: super::cgroup::PROCESS_LIMIT,
                filters: bwrap.filters(),
                disables_userns: bwrap.disables_userns(),
            },
            Isolation::Unsandboxed => SandboxFacts::Unsandboxed,
        }
    }
}

/// The isolation of a check's runs, as a report names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SandboxFacts {
    /// In bubblewrap of this `version` (`0.8.0`, none where it says no number): none of the
    /// user's files, no network, no other process.
    Bubblewrap {
        version: Option<String>,
        /// Memory and processes bound by a control group; else memory summed over the
        /// processes, sampled, and at most `process_limit` processes by `RLIMIT_NPROC`.
        control_group: bool,
        process_limit: u64,
        /// Whether a seccomp filter is loaded (not on a processor it does not know).
        filters: bool,
        /// Whether the program is kept from making user namespaces (bubblewrap 0.8 on).
        disables_userns: bool,
    },
    /// `--unsandboxed`: as the user, with their files, network and processes in reach.
    Unsandboxed,
}
