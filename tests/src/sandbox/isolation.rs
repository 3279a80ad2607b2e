//! How every process that touches the user's code is isolated, chosen once a session, and the
//! report's words for it. Uses [`super::bwrap`], [`super::cgroup`], [`super::places`] and
//! [`SetupError`].

use super::bwrap::Bwrap;
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
    /// bubblewrap where it works; where it does not, an error, unless the user chose to run
    /// the program as themselves.
    pub fn choose(unsandboxed: bool) -> Result<Isolation, SetupError> {
        if unsandboxed && super::places::own_uid() == 0 {
            return Err(SetupError(
                "--unsandboxed runs your program as you, and you are root: a stranger's program \
                 would be the machine's root. Let --check run it in bubblewrap, or run --check \
                 as an ordinary user (setpriv --reuid=nobody --regid=nogroup --clear-groups ...)"
                    .to_string(),
            ));
        }
        if unsandboxed {
            return Ok(Isolation::Unsandboxed);
        }
        super::bwrap::bwrap()
            .map(Isolation::Sandboxed)
            .map_err(|why| {
                SetupError(format!(
                    "no sandbox to run your program in: {why}. --check runs no program outside \
                 one; --unsandboxed runs it as you, with your files, network and processes \
                 within its reach"
                ))
            })
    }

    /// The report's line that names the isolation: what the program could reach, and how its
    /// limits bind.
    pub fn describe(&self) -> String {
        match self {
            Isolation::Sandboxed(bwrap) => {
                let limits = match super::cgroup::hierarchy() {
                    Some(_) => "memory and processes bound by a control group".to_string(),
                    None => format!(
                        "weaker limits (no control group here): memory summed over its \
                         processes, sampled, and at most {} processes by RLIMIT_NPROC",
                        super::cgroup::PROCESS_LIMIT
                    ),
                };
                let filter = match (bwrap.filters(), bwrap.disables_userns()) {
                    (true, true) => "",
                    (false, _) => " (no seccomp filter on this processor)",
                    (true, false) => {
                        " (it may make user namespaces of its own: bubblewrap before 0.8)"
                    }
                };
                format!(
                    "{} (none of your files, no network, no other process){filter}; {limits}",
                    bwrap.version
                )
            }
            Isolation::Unsandboxed => "none (--unsandboxed): the program ran as you, with your \
                files, network and processes within its reach"
                .to_string(),
        }
    }
}
