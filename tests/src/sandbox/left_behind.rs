//! What sandboxed code left behind, handled as data. A build step's tools write the build's
//! directory with the user's text in hand, and some of them run the user's code while they do
//! (a Scala macro runs inside `scalac`), so whatever is there afterwards may be a link to any
//! file of the machine, a FIFO, a device or a tree of a million files. `--check` itself, outside
//! any sandbox, still writes there (the cache's marker), reads there (the marker of a build found
//! again), measures and removes it: every such step goes through this file, and nothing here
//! follows a link, opens anything but a regular file, waits on one, or reads past a bound.
//!
//! - A file `--check` writes is made anew ([`make_anew`]): what stands at its name is removed
//!   (a link itself, never what it names), then the file is created with `O_EXCL`, which fails
//!   rather than follow a link that raced it there.
//! - A file is read ([`read_regular`]) or touched ([`touch`]) only where `lstat` finds a regular
//!   file; it is opened with `O_NOFOLLOW` and `O_NONBLOCK` (a FIFO does not stall the open) and
//!   checked again through its descriptor: the same inode, still regular.
//! - A tree is measured ([`footprint`]) by `lstat` alone, and removed ([`remove_tree`]) by
//!   `remove_dir_all`, which removes a link and never descends through one.
//!
//! When these run no sandboxed process is alive (a build step's end with its PID namespace), so
//! no name changes between the checks; the descriptor's own checks hold even if one did.
//!
//! Uses nothing of the sandbox's.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

/// `O_NOFOLLOW`: the open fails on a link. Its value is the architecture's; where this file
/// does not know it, the `lstat` before the open and the inode compared after it still refuse
/// a link.
#[cfg(any(
    target_arch = "aarch64",
    target_arch = "arm",
    target_arch = "powerpc64"
))]
const O_NOFOLLOW: i32 = 0o100000;
#[cfg(any(target_arch = "x86_64", target_arch = "x86", target_arch = "riscv64"))]
const O_NOFOLLOW: i32 = 0o400000;
#[cfg(not(any(
    target_arch = "aarch64",
    target_arch = "arm",
    target_arch = "powerpc64",
    target_arch = "x86_64",
    target_arch = "x86",
    target_arch = "riscv64"
)))]
const O_NOFOLLOW: i32 = 0;
/// `O_NONBLOCK`, the same on every architecture Linux runs Rust on but a few old ones: opening a
/// FIFO does not wait for a writer.
const O_NONBLOCK: i32 = 0o4000;

/// Why a name was refused: it is there, but not a regular file.
fn not_regular(path: &Path) -> std::io::Error {
    std::io::Error::new(
        ErrorKind::InvalidData,
        format!("{} is not a regular file", path.display()),
    )
}

/// The regular file at `path`, opened for reading (or, `write`, for writing) without following a
/// link or waiting on a FIFO, checked through its descriptor to be the regular file `lstat`
/// found. A link, a FIFO, a device, a socket or a directory there is refused.
fn open_regular(path: &Path, write: bool) -> std::io::Result<File> {
    let named = std::fs::symlink_metadata(path)?;
    if !named.file_type().is_file() {
        return Err(not_regular(path));
    }
    let file = File::options()
        .read(!write)
        .write(write)
        .custom_flags(O_NOFOLLOW | O_NONBLOCK)
        .open(path)?;
    let opened = file.metadata()?;
    if !opened.file_type().is_file() || (opened.dev(), opened.ino()) != (named.dev(), named.ino()) {
        return Err(not_regular(path));
    }
    Ok(file)
}

/// At most `most` bytes of the regular file at `path` ([`open_regular`]); anything else there
/// is an error, never followed.
///
/// # Complexity
/// Two `stat` calls and `O(most)` bytes read.
pub fn read_regular(path: &Path, most: u64) -> std::io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    open_regular(path, false)?
        .take(most)
        .read_to_end(&mut kept)?;
    Ok(kept)
}

/// Marks the regular file at `path` as modified now, if it is one: through its descriptor,
/// never through a link.
pub fn touch(path: &Path) -> std::io::Result<()> {
    open_regular(path, true)?.set_modified(std::time::SystemTime::now())
}

/// Writes `bytes` to `path` as a file made anew: whatever stood at that name (a link, a FIFO, a
/// file, a directory) is removed first, and the file is created exclusively, so nothing that
/// was there is written through.
pub fn make_anew(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    make_anew_from(path, &mut &bytes[..]).map(drop)
}

/// Copies the trusted file `from` (a runtime's jar) to `path`, made anew as [`make_anew`] makes
/// it; the bytes copied.
pub fn copy_anew(from: &Path, path: &Path) -> std::io::Result<u64> {
    make_anew_from(path, &mut File::open(from)?)
}

/// Copies the tree `from` (a build cache of `--check`'s own) to `to`, which must not exist yet:
/// its folders and regular files, each made anew and opened without following a link, and
/// nothing else (a link or a FIFO in it is left out); each given to `owner` (a uid and gid)
/// where one is named, so that a sandboxed step may write there. The bytes copied.
///
/// # Complexity
/// One `lstat` and one copy per entry of the tree.
pub fn copy_tree_anew(from: &Path, to: &Path, owner: Option<(u32, u32)>) -> std::io::Result<u64> {
    std::fs::create_dir(to)?;
    // `lchown`: the entry itself, never what a link there would name.
    let own = |path: &Path| match owner {
        Some((uid, gid)) => std::os::unix::fs::lchown(path, Some(uid), Some(gid)),
        None => Ok(()),
    };
    own(to)?;
    let mut copied = 0;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copied += copy_tree_anew(&source, &target, owner)?;
        } else if kind.is_file() {
            copied += make_anew_from(&target, &mut open_regular(&source, false)?)?;
            own(&target)?;
        }
    }
    Ok(copied)
}

fn make_anew_from(path: &Path, bytes: &mut dyn Read) -> std::io::Result<u64> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_dir() => std::fs::remove_dir_all(path)?,
        Ok(_) => std::fs::remove_file(path)?,
        Err(error) if error.kind() == ErrorKind::NotFound => {}
        Err(error) => return Err(error),
    }
    let mut file = File::options().write(true).create_new(true).open(path)?;
    let copied = std::io::copy(bytes, &mut file)?;
    file.flush()?;
    Ok(copied)
}

/// What a tree takes on disk: the bytes its entries occupy (their blocks, so that a sparse file
/// counts what it holds) and how many entries it has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Footprint {
    pub bytes: u64,
    pub entries: u64,
}

impl Footprint {
    /// Whether it is past `bound` in bytes or in entries.
    pub fn past(self, bound: Footprint) -> bool {
        self.bytes > bound.bytes || self.entries > bound.entries
    }
}

/// What the entries directly in `root` take on disk, read by `lstat` alone and never descending:
/// safe while a sandboxed step that can write `root`'s folders is still running (a folder it
/// swaps for a link between two looks would lead a walk outside; `root` itself is `--check`'s,
/// in a folder no sandbox can write).
///
/// # Complexity
/// One `lstat` per entry of `root`, at most `bound.entries + 1` of them.
pub fn footprint_at_top(root: &Path, bound: Footprint) -> Footprint {
    let mut seen = Footprint::default();
    for entry in std::fs::read_dir(root).into_iter().flatten().flatten() {
        let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
            continue;
        };
        seen.entries += 1;
        seen.bytes += meta.blocks() * 512;
        if seen.past(bound) {
            break;
        }
    }
    seen
}

/// What the tree at `root` takes on disk, read by `lstat` alone (a link counts as itself and is
/// never followed, nor is a mount crossed), the count stopped as soon as it is past `bound`
/// (it is then past it, and by at least what it says). Only for a tree no live process can
/// change: a folder swapped for a link between the `lstat` and the listing would be followed
/// ([`footprint_at_top`] is for a tree being written).
///
/// # Complexity
/// One `lstat` per entry, at most `bound.entries + 1` of them.
pub fn footprint(root: &Path, bound: Footprint) -> Footprint {
    let mut seen = Footprint::default();
    let Ok(top) = std::fs::symlink_metadata(root) else {
        return seen;
    };
    let device = top.dev();
    let mut folders = vec![root.to_path_buf()];
    seen.bytes += top.blocks() * 512;
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
                continue;
            };
            seen.entries += 1;
            seen.bytes += meta.blocks() * 512;
            if seen.past(bound) {
                return seen;
            }
            if meta.file_type().is_dir() && meta.dev() == device {
                folders.push(entry.path());
            }
        }
    }
    seen
}

/// Removes the tree at `path`, or the link or file that stands there: never what a link names
/// (std's `remove_dir_all` opens each folder without following links).
pub fn remove_tree(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path)?.file_type().is_dir() {
        true => std::fs::remove_dir_all(path),
        false => std::fs::remove_file(path),
    }
}

/// [`remove_tree`], where nothing standing at `path` is no error.
pub fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match remove_tree(path) {
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(()),
        done => done,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A folder of this test's own, with a victim file outside it that a link inside names.
    fn scene(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let root =
            std::env::temp_dir().join(format!("cats-left-behind-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("build")).unwrap();
        let victim = root.join("victim");
        std::fs::write(&victim, "the victim's own text").unwrap();
        std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o600)).unwrap();
        (root, victim)
    }

    fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(made.success());
    }

    /// A link to the victim, a FIFO, a directory: none is followed, waited on or written through,
    /// and the file is made anew in its place.
    #[test]
    fn what_stands_at_a_name_is_replaced_never_written_through() {
        let (root, victim) = scene("anew");
        let build = root.join("build");
        std::os::unix::fs::symlink(&victim, build.join("linked")).unwrap();
        mkfifo(&build.join("fifo"));
        std::fs::create_dir_all(build.join("folder/inner")).unwrap();
        std::os::unix::fs::symlink(&root, build.join("folder/inner/up")).unwrap();
        for name in ["linked", "fifo", "folder", "fresh"] {
            make_anew(&build.join(name), b"ours").unwrap();
            let meta = std::fs::symlink_metadata(build.join(name)).unwrap();
            assert!(meta.file_type().is_file(), "{name}");
            assert_eq!(std::fs::read(build.join(name)).unwrap(), b"ours");
        }
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "the victim's own text"
        );
        let mode = std::fs::metadata(&victim).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        // The link inside the removed folder was removed, not what it named.
        assert!(root.join("victim").is_file());
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Reading and touching refuse a link (to a file or to a FIFO) and a FIFO, at once, and read
    /// a regular file up to the bound only.
    #[test]
    fn only_a_regular_file_is_read_or_touched_and_only_so_far() {
        let (root, victim) = scene("read");
        let build = root.join("build");
        std::os::unix::fs::symlink(&victim, build.join("linked")).unwrap();
        mkfifo(&build.join("fifo"));
        std::os::unix::fs::symlink(build.join("fifo"), build.join("to_fifo")).unwrap();
        for name in ["linked", "fifo", "to_fifo"] {
            let path = build.join(name);
            let error = read_regular(&path, 100).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::InvalidData, "{name}");
            assert_eq!(touch(&path).unwrap_err().kind(), ErrorKind::InvalidData);
        }
        let before = std::fs::metadata(&victim).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let _ = touch(&build.join("linked"));
        assert_eq!(
            std::fs::metadata(&victim).unwrap().modified().unwrap(),
            before
        );
        std::fs::write(build.join("plain"), "0123456789").unwrap();
        assert_eq!(read_regular(&build.join("plain"), 4).unwrap(), b"0123");
        assert!(touch(&build.join("plain")).is_ok());
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A tree's footprint counts what its entries hold, a link as itself (never the file it
    /// names), and stops once past the bound.
    #[test]
    fn a_footprint_counts_blocks_not_what_links_name_and_stops_past_its_bound() {
        let (root, victim) = scene("footprint");
        std::fs::write(&victim, vec![1u8; 1 << 20]).unwrap();
        let build = root.join("build");
        std::os::unix::fs::symlink(&victim, build.join("linked")).unwrap();
        std::os::unix::fs::symlink(&root, build.join("up")).unwrap();
        let wide = Footprint {
            bytes: u64::MAX,
            entries: u64::MAX,
        };
        let small = footprint(&build, wide);
        assert_eq!(small.entries, 2);
        assert!(small.bytes < 1 << 16, "{small:?}");
        std::fs::write(build.join("big"), vec![1u8; 1 << 20]).unwrap();
        let big = footprint(&build, wide);
        assert!(big.bytes >= 1 << 20, "{big:?}");
        // A sparse file of a gigabyte holds nothing on disk.
        let sparse = File::create(build.join("sparse")).unwrap();
        sparse.set_len(1 << 30).unwrap();
        assert!(footprint(&build, wide).bytes < 2 << 20);
        for index in 0..50 {
            std::fs::write(build.join(format!("many-{index}")), "").unwrap();
        }
        let bound = Footprint {
            bytes: u64::MAX,
            entries: 10,
        };
        let stopped = footprint(&build, bound);
        assert!(stopped.past(bound) && stopped.entries == 11, "{stopped:?}");
        remove_tree(&build).unwrap();
        assert!(victim.is_file() && root.is_dir());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
