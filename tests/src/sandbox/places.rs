//! Where `--check` keeps its files (its temporary root, the build cache, private to the user),
//! who the user is, and whether a command can be started. Uses only `setup_error` beside it.

use std::ffi::OsStr;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::setup_error::{CacheFault, Doing, SetupError};

/// Where `--check` keeps its own files (builds, scratch directories): `$TMPDIR` as the caller
/// set it when that is an absolute path, the system's `/tmp` when it is unset, empty or
/// relative (a relative one would name a different place from each scratch directory, and
/// land in the user's own directory). Decided once.
pub fn temp_root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| match std::env::var_os("TMPDIR").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        _ => PathBuf::from("/tmp"),
    })
    .clone()
}

/// Where builds are cached.
pub fn cache_root() -> PathBuf {
    temp_root().join(format!("cats-check-builds-{}", own_uid()))
}

/// The build cache's directory, made private to this user (mode 0700) if it is new, and
/// refused if anyone else could have put a build there: another owner, or writable by others.
/// A directory of ours that others may only read is made private.
pub fn private_cache() -> Result<PathBuf, SetupError> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let root = cache_root();
    let made = std::fs::DirBuilder::new().mode(0o700).create(&root);
    if let Err(error) = made.as_ref() {
        if error.kind() != ErrorKind::AlreadyExists {
            return Err(SetupError::io(Doing::Create, &root, error));
        }
    }
    let meta = std::fs::symlink_metadata(&root)
        .map_err(|error| SetupError::io(Doing::Read, &root, &error))?;
    let refused = |why| {
        Err(SetupError::CacheRefused {
            path: root.clone(),
            why,
        })
    };
    if !meta.is_dir() {
        return refused(CacheFault::NotADirectory);
    }
    if meta.uid() != own_uid() {
        return refused(CacheFault::OwnedBy(meta.uid()));
    }
    if meta.mode() & 0o022 != 0 {
        return refused(CacheFault::OthersMayWrite);
    }
    if meta.mode() & 0o077 != 0 {
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o700))
            .map_err(|error| SetupError::io(Doing::MakePrivate, &root, &error))?;
    }
    Ok(root)
}

/// This process's effective user id, from `/proc` (std has no `geteuid`).
pub fn own_uid() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("Uid:"))?;
            line.split_whitespace().nth(2)?.parse().ok()
        })
        .unwrap_or(u32::MAX)
}

/// Whether `command` names a program that can be started: a path to a file, or a name found
/// on `PATH`.
pub fn on_path(command: &OsStr) -> bool {
    on_path_as(command).is_file()
}

/// The file `command` names: itself where it is a path, else the first on `PATH` of its
/// name (or the name alone where none is).
pub fn on_path_as(command: &OsStr) -> PathBuf {
    let path = Path::new(command);
    if path.components().count() > 1 {
        return path.to_path_buf();
    }
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .map(|dir| dir.join(command))
        .find(|path| path.is_file())
        .unwrap_or_else(|| path.to_path_buf())
}

/// How many cores this machine has (1 when it cannot tell): `--jobs`' default, and whether a
/// search runs two batches at once.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
