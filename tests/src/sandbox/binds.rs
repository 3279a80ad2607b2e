//! What of the machine a sandbox may show: the one rule ([`Bind::of`]) that every path a
//! sandbox binds passes, whoever asks (a tool's root, a file or folder a command names, the
//! folders a JavaScript solution's `require` reads, a build's directory), and the sandbox's
//! own mount points that no bind may hide. A [`Bind`] is made only by that rule, and a
//! sandbox's [`View`](super::bwrap::View) binds nothing else: no folder many programs share
//! (`/tmp`, `/var/tmp`, `/dev/shm`, `/run`, `$TMPDIR`), no home, none of a home's private
//! folders, nothing that holds credentials, and no folder above any of them is ever shown;
//! a file under a temporary folder is shown as that file alone.
//!
//! Uses `places` beside it.

use super::places::{cache_root, temp_root};
use std::path::{Component, Path, PathBuf};

/// The sandbox's one writable place: its home, its temporary directory and a run's working
/// directory.
pub const SANDBOX_TMP: &str = "/tmp";
/// A run's working directory, inside [`SANDBOX_TMP`].
pub const SANDBOX_WORK: &str = "/tmp/work";
/// The sandbox's home, inside [`SANDBOX_TMP`].
pub const SANDBOX_HOME: &str = "/tmp/home";
/// The empty temporary folders every sandbox gets besides [`SANDBOX_TMP`].
pub const EMPTY_TMPFS: &[&str] = &["/var/tmp", "/dev/shm", "/run"];
/// The top-level entries a sandbox's root takes from the host's: links into `/usr` on a
/// merged-`/usr` system, directories (bound read-only) elsewhere.
pub const TOP_LEVEL: &[&str] = &["bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// The system's own trees: a sandbox has its own `/proc`, `/dev` and `/usr`, a few chosen
/// files of `/etc`, and nothing else of them.
const SYSTEM_TREES: &[&str] = &[
    "/proc", "/sys", "/dev", "/run", "/etc", "/usr", "/boot", "/var",
];

/// The folders where the machine's programs leave files, sockets and locks for each other,
/// besides `$TMPDIR`: a sandbox shows none of them, nothing inside and nothing above.
const SHARED: &[&str] = &[
    "/tmp",
    "/var/tmp",
    "/dev/shm",
    "/run",
    "/var/run",
    "/var/lock",
];

/// Of [`SHARED`], the temporary folders: a regular file there may be shown alone.
const TEMPORARY: &[&str] = &["/tmp", "/var/tmp"];

/// Where homes are, besides `$HOME` and root's.
const HOMES_IN: &[&str] = &["/home", "/var/home"];

/// The folders of a home that hold the user's own data, never bound however a tool is
/// installed there (`~/.local/bin/node` would otherwise bind `~/.local`: keyrings, histories).
const PRIVATE_FOLDERS: &[&str] = &[".cargo", ".local", ".config", ".cache", ".ssh", ".gnupg"];

/// Names that mark a file or a folder's entry as someone's credentials.
const CREDENTIALS: &[&str] = &[
    "credentials",
    "credentials.toml",
    ".npmrc",
    ".netrc",
    ".pypirc",
    ".git-credentials",
    ".ssh",
    ".gnupg",
    ".aws",
    ".docker",
];

/// A path of the machine that a sandbox may show, read-only (or, a build's own directory,
/// writable): `source`, its links resolved, at `target`, the place the program names it by.
/// Made only by [`Bind::of`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bind {
    source: PathBuf,
    target: PathBuf,
}

/// Why a path may not be bound into a sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// It does not exist (or its links lead nowhere).
    Missing,
    /// A device, or a part of the system's own trees ([`SYSTEM_TREES`]).
    System,
    /// `/`, or a folder at or above one of the sandbox's own mount points: it would hide
    /// them, and show what the sandbox replaces.
    HidesOwnMount,
    /// A folder many programs share ([`SHARED`], `$TMPDIR`), a folder inside one, or one
    /// above one.
    Shared,
    /// A home or a folder above one, or one of a home's [`PRIVATE_FOLDERS`].
    Home,
    /// A file or folder of credentials, or a folder that holds one.
    Credentials,
}

impl Bind {
    /// `path` as a sandbox may show it, at the place it names (where that is a plain
    /// absolute path; else at its resolved one), or why it may not be: both the place it
    /// names and what it resolves to must pass [`refusal`].
    ///
    /// # Complexity
    /// A few `stat` calls per home and per entry of [`CREDENTIALS`].
    pub fn of(path: &Path) -> Result<Bind, Refused> {
        let source = std::fs::canonicalize(path).map_err(|_| Refused::Missing)?;
        let metadata = std::fs::metadata(&source).map_err(|_| Refused::Missing)?;
        let kind = match metadata.file_type() {
            kind if kind.is_dir() => Kind::Folder,
            kind if kind.is_file() => Kind::File,
            kind => {
                use std::os::unix::fs::FileTypeExt;
                if kind.is_block_device() || kind.is_char_device() {
                    return Err(Refused::System);
                }
                // A socket or a FIFO the user's command names: theirs to show.
                Kind::Other
            }
        };
        let plain = path.is_absolute()
            && path
                .components()
                .skip(1)
                .all(|part| matches!(part, Component::Normal(_)));
        let target = if plain {
            path.to_path_buf()
        } else {
            source.clone()
        };
        match refusal(&source, kind).or_else(|| refusal(&target, kind)) {
            Some(why) => Err(why),
            None => Ok(Bind { source, target }),
        }
    }

    /// What is shown: the machine's path, its links resolved.
    pub fn source(&self) -> &Path {
        &self.source
    }

    /// Where the sandbox shows it.
    pub fn target(&self) -> &Path {
        &self.target
    }
}

/// What a path is, for the rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Folder,
    File,
    /// A socket or a FIFO.
    Other,
}

/// The sandbox's own mount points: what no bind may stand at or above.
fn own_mounts() -> impl Iterator<Item = PathBuf> {
    let top = TOP_LEVEL.iter().map(|name| Path::new("/").join(name));
    [
        SANDBOX_TMP,
        SANDBOX_WORK,
        SANDBOX_HOME,
        "/proc",
        "/dev",
        "/usr",
        "/etc",
    ]
    .iter()
    .chain(EMPTY_TMPFS)
    .map(PathBuf::from)
    .chain(top)
}

/// The places of [`SHARED`] and `$TMPDIR` (as given and resolved), and whether each is a
/// temporary folder, where a file may be shown alone; read once a process, as `$TMPDIR` is
/// ([`temp_root`]).
fn shared_places() -> &'static [(PathBuf, bool)] {
    static PLACES: std::sync::OnceLock<Vec<(PathBuf, bool)>> = std::sync::OnceLock::new();
    PLACES.get_or_init(read_shared_places)
}

fn read_shared_places() -> Vec<(PathBuf, bool)> {
    let mut places: Vec<(PathBuf, bool)> = SHARED
        .iter()
        .map(|place| (PathBuf::from(place), TEMPORARY.contains(place)))
        .collect();
    places.push((temp_root(), true));
    places.push((std::env::temp_dir(), true));
    let resolved: Vec<(PathBuf, bool)> = places
        .iter()
        .filter_map(|(place, temporary)| Some((std::fs::canonicalize(place).ok()?, *temporary)))
        .collect();
    places.extend(resolved);
    places
}

/// The homes of this machine's users: `$HOME`, root's, and the folders in [`HOMES_IN`], as
/// given and resolved; read once a process.
fn homes() -> &'static [PathBuf] {
    static HOMES: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();
    HOMES.get_or_init(read_homes)
}

fn read_homes() -> Vec<PathBuf> {
    let mut homes: Vec<PathBuf> = std::env::var_os("HOME")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    homes.push(PathBuf::from("/root"));
    for place in HOMES_IN {
        let entries = std::fs::read_dir(place).into_iter().flatten().flatten();
        homes.extend(entries.map(|entry| entry.path()));
    }
    let resolved: Vec<PathBuf> = homes
        .iter()
        .filter_map(|home| std::fs::canonicalize(home).ok())
        .collect();
    homes.extend(resolved);
    homes.retain(|home| home.parent().is_some());
    homes
}

/// Why `path`, a [`Kind`] of file, may not be bound, or `None` where it may: the rule of
/// [`Bind::of`], read on the path as written.
fn refusal(path: &Path, kind: Kind) -> Option<Refused> {
    if path.parent().is_none() || own_mounts().any(|mount| mount.starts_with(path)) {
        return Some(Refused::HidesOwnMount);
    }
    let named_credentials = path.components().any(|part| match part {
        Component::Normal(name) => CREDENTIALS.iter().any(|secret| name == *secret),
        _ => false,
    });
    if named_credentials {
        return Some(Refused::Credentials);
    }
    // A build's own directory, inside `--check`'s private cache (which `private_cache` keeps
    // 0700 and its user's): never the cache itself, which holds every other build.
    let cache = cache_root();
    if path.starts_with(&cache) && path != cache {
        return None;
    }
    let places = shared_places();
    let temporary_file = kind == Kind::File
        && places
            .iter()
            .any(|(place, temporary)| *temporary && path.starts_with(place));
    if !temporary_file && SYSTEM_TREES.iter().any(|tree| path.starts_with(tree)) {
        return Some(Refused::System);
    }
    if kind == Kind::Folder {
        let shared = places
            .iter()
            .any(|(place, _)| path.starts_with(place) || place.starts_with(path));
        if shared {
            return Some(Refused::Shared);
        }
        let private = |home: &PathBuf| {
            home.starts_with(path)
                || PRIVATE_FOLDERS
                    .iter()
                    .any(|folder| path.starts_with(home.join(folder)))
        };
        let named_private = path
            .file_name()
            .is_some_and(|name| PRIVATE_FOLDERS.iter().any(|folder| name == *folder));
        if named_private || homes().iter().any(private) {
            return Some(Refused::Home);
        }
        if CREDENTIALS.iter().any(|name| path.join(name).exists()) {
            return Some(Refused::Credentials);
        }
    } else if places
        .iter()
        .any(|(place, temporary)| !temporary && path.starts_with(place))
    {
        return Some(Refused::Shared);
    }
    None
}

/// How a sandbox runs a tool: what to bind for it, if it lives outside the system's trees
/// (the prefix it is installed in, the folder above its `bin`, as for a pyenv Python, a
/// Node.js from nvm, a JDK, or TypeScript's package; where [`Bind::of`] refuses that prefix,
/// the tool's file alone), and the path to start it by: as found on `PATH` where the
/// sandbox shows that path (a compiler's name tells it its language: `clang++-19` links to
/// `clang`), else with its links resolved. `None` for a tool not found.
pub fn tool_root(program: &Path) -> Option<(Option<Bind>, PathBuf)> {
    let found = if program.components().count() > 1 {
        program.to_path_buf()
    } else {
        let paths = std::env::var_os("PATH")?;
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|path| path.is_file())?
    };
    let real = std::fs::canonicalize(&found).ok()?;
    let system = |path: &Path| {
        path.starts_with("/usr")
            || TOP_LEVEL
                .iter()
                .any(|top| path.starts_with(Path::new("/").join(top)))
    };
    if system(&real) {
        let run_as = if system(&found) { found } else { real };
        return Some((None, run_as));
    }
    let prefix = real.parent()?.parent()?;
    let Ok(root) = Bind::of(prefix).or_else(|_| Bind::of(&real)) else {
        return Some((None, real));
    };
    let run_as = if found.starts_with(root.target()) {
        found
    } else {
        real
    };
    Some((Some(root), run_as))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of `name` under `parent`, made for the test.
    fn made(parent: &Path, name: &str) -> PathBuf {
        let dir = parent.join(format!("cats-binds-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn shared_folders_homes_and_what_is_above_them_are_never_bound() {
        let refused = |path: &Path| Bind::of(path).err();
        let table = [
            ("/", Refused::HidesOwnMount),
            ("/tmp", Refused::HidesOwnMount),
            ("/var", Refused::HidesOwnMount),
            ("/run", Refused::HidesOwnMount),
            ("/etc/passwd", Refused::System),
            ("/proc/self", Refused::System),
            ("/dev/null", Refused::System),
            ("/no/such/path", Refused::Missing),
            ("/root", Refused::Home),
        ];
        for (path, why) in table {
            assert_eq!(refused(Path::new(path)), Some(why), "{path}");
        }
        if let Some(home) = std::env::var_os("HOME") {
            let home = PathBuf::from(home);
            assert!(refused(&home).is_some());
            if let Some(above) = home.parent().filter(|above| above.parent().is_some()) {
                assert!(refused(above).is_some());
            }
            let cargo = home.join(".cargo");
            if cargo.is_dir() {
                assert_eq!(refused(&cargo), Some(Refused::Home));
            }
        }
        // A folder under /tmp is refused; a file there is shown alone.
        let under_tmp = made(Path::new("/tmp"), "folder");
        assert_eq!(refused(&under_tmp), Some(Refused::Shared));
        let file = under_tmp.join("solver");
        std::fs::write(&file, "").unwrap();
        let bind = Bind::of(&file).unwrap();
        assert_eq!(
            (bind.source(), bind.target()),
            (file.as_path(), file.as_path())
        );
        std::fs::remove_dir_all(&under_tmp).unwrap();
        // A folder that holds credentials, and a file that is one, where a folder may be
        // bound (this package's, unless the checkout itself lies in a shared folder).
        let here = std::env::current_dir().unwrap();
        if Bind::of(&here).is_err() {
            println!(
                "skipped the credentials: {} may not be bound",
                here.display()
            );
            return;
        }
        let elsewhere = made(&here, "tool");
        assert!(Bind::of(&elsewhere).is_ok());
        std::fs::write(elsewhere.join(".netrc"), "").unwrap();
        assert_eq!(refused(&elsewhere), Some(Refused::Credentials));
        let netrc = elsewhere.join(".netrc");
        assert_eq!(refused(&netrc), Some(Refused::Credentials));
        std::fs::remove_dir_all(&elsewhere).unwrap();
    }

    #[test]
    fn a_tool_under_tmp_is_bound_as_its_file_alone() {
        let dir = made(Path::new("/tmp"), "tool");
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        let tool = dir.join("bin/solver");
        std::fs::write(&tool, "").unwrap();
        let (root, run_as) = tool_root(&tool).unwrap();
        let root = root.unwrap();
        assert_eq!(
            (root.target(), run_as.as_path()),
            (tool.as_path(), tool.as_path())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
