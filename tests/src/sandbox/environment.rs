//! The environment a build step or a run gets: the few of the caller's variables it keeps,
//! its home and temporary directories, its launch's own. Uses the run's values
//! ([`super::run`]) and the system's `PATH` ([`super::shells`]).

use super::run::{Launch, ANSWERS_VARIABLE};
use super::shells::SYSTEM_PATH;
use std::ffi::OsString;
use std::path::Path;

/// The variables a program keeps from the caller's environment: what finds its tools and
/// names its locale (and, by prefix, `LC_*` and pyenv's `PYENV_*`). Everything else of the
/// user's stays out; `HOME`, `TMPDIR` and the XDG directories point into its scratch space.
const PASSED_THROUGH: &[&str] = &["PATH", "LANG", "LANGUAGE", "TZ", "JAVA_HOME", "TERM"];

/// The caller's variables a program keeps ([`PASSED_THROUGH`]), then its home and temporary
/// directories under `home` and `temp`.
pub(super) fn base_environment(home: &Path, temp: &Path) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            PASSED_THROUGH.contains(&&*name)
                || name.starts_with("LC_")
                || name.starts_with("PYENV_")
        })
        .collect();
    // The system's own directories last: a compiler finds its assembler and linker there,
    // whatever the caller's `PATH` held.
    let path = env.iter_mut().find(|(name, _)| name == "PATH");
    match path {
        Some((_, value)) => value.push(format!(":{SYSTEM_PATH}")),
        None => env.push(("PATH".into(), SYSTEM_PATH.into())),
    }
    for (name, dir) in [
        ("HOME", home.to_path_buf()),
        ("TMPDIR", temp.to_path_buf()),
        ("XDG_CONFIG_HOME", home.join(".config")),
        ("XDG_CACHE_HOME", home.join(".cache")),
        ("XDG_DATA_HOME", home.join(".local/share")),
        ("XDG_STATE_HOME", home.join(".local/state")),
        ("XDG_RUNTIME_DIR", home.join("run")),
    ] {
        env.push((name.into(), dir.into()));
    }
    env
}

/// A run's environment: the caller's variables it keeps, its home and temporary directory
/// (`home`), its launch's own, and where a harness writes its `answers`.
pub(super) fn run_environment(
    launch: &Launch,
    (home, temp): (&Path, &Path),
    answers: &std::ffi::OsStr,
) -> Vec<(OsString, OsString)> {
    let mut env = base_environment(home, temp);
    env.extend(launch.env.iter().cloned());
    if launch.harnessed {
        env.push((ANSWERS_VARIABLE.into(), answers.to_os_string()));
    }
    env
}
