//! The build cache: a program built once and found again.
//!
//! Builds are cached under `$TMPDIR/cats-check-builds-UID/` (private to the user: mode 0700, owner
//! checked), one directory per hash of the wrapped sources, the user's path, the tools and their
//! flags, so a second `--check` of the same file does not compile it again. A build is made in a
//! private directory and renamed into place when it is finished, so two `--check` runs of one file
//! at once do not trip over each other; the newest [`CACHE_KEPT`] builds are kept.
//!
//! Uses everything below it in the build layer: the table and the judge's profile, the build
//! steps ([`super::steps`]), the tools; and the sandbox's private cache.

use super::built::{BuildOptions, Built};
use super::entry::Step;
use super::error::{BuildError, FileDoing, Setup};
use super::harness::{self, Source};
use super::judge::{self, Profile};
use super::languages::{Language, LanguageSpec};
use super::marker;
use super::steps::checked::TSCONFIG;
use super::steps::step::Build;
use super::tools::{extra_roots, python, Runner};
use crate::sandbox::left_behind::{self, Footprint};
use crate::sandbox::places::private_cache;
use crate::sandbox::Isolation;
use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Changes when the way a build is made or described changes, so that older builds are not
/// reused.
const CACHE_FORMAT: u32 = 13;

/// How many finished builds the cache keeps.
pub const CACHE_KEPT: usize = 50;

/// How much disk the cache's builds may take together: past it, the least recently used go
/// first. Each build is bounded by [`crate::sandbox::BUILD_DISK`], so this is a few builds at
/// their largest, and all of any usual size.
pub const CACHE_BYTES: u64 = 2 << 30;

/// The most of a marker that is read: it names a tool and a few notes.
const MARKER_MOST: u64 = 64 << 10;

/// Builds `files`, made of the user's `source` (a LeetCode solution with its `entry`, the
/// function or method LeetCode calls), into the cache (or finds them built) as `profile`
/// says: how to run them, where they are, and how they were built.
pub(super) fn build(
    language: Language,
    profile: &Profile,
    (files, source, entry): (&[harness::File], &Source, Option<&str>),
    (options, isolation): (&BuildOptions, Isolation),
) -> Result<(Runner, PathBuf, Built), BuildError> {
    let spec = language.spec();
    if let (Some(standard), false) = (&options.standard, spec.takes_std) {
        return Err(Setup::StdNotTaken {
            standard: standard.clone(),
            language: spec.name,
        }
        .into());
    }
    let command = judge::locate(profile);
    let root = private_cache()?;
    let key = cache_key(spec, profile, (files, &source.path), options, &command);
    let done = root.join(key);
    let marker = done.join("built");
    // Only a marker `--check` made: a regular file, of a marker's size.
    let kept = left_behind::read_regular(&marker, MARKER_MOST)
        .ok()
        .and_then(|bytes| marker::read(&String::from_utf8(bytes).ok()?));
    let built = match kept {
        Some(built) => {
            let _ = left_behind::touch(&marker);
            built
        }
        None => {
            let private = private_dir(&root)?;
            let tool = command.as_ref().map_or(profile.tools[0].into(), |command| {
                let path = Path::new(command);
                path.file_name().unwrap_or(path.as_os_str()).to_os_string()
            });
            let line = format!(
                "building {} with {} ...",
                source.path,
                tool.to_string_lossy()
            );
            let _slow = SlowNotice::after(SLOW_BUILD, move || eprintln!("{line}"));
            // The tool's version only for a build that is made: it starts the tool.
            let found = command.clone().map(|command| {
                // A Python is asked as it will run, its own executable: pyenv's shim, asked,
                // starts a dozen shell processes (about 0.1 s of CPU), and the build resolves
                // it anyway.
                let asked = match profile.stated.0 {
                    "python" => python(&command),
                    _ => command.clone(),
                };
                judge::found(profile, command, &asked)
            });
            let build = Build {
                files,
                source,
                dir: &private,
                first: private.join(files.first().map_or("", |(name, _)| name)),
                binary: private.join("solution"),
                profile,
                spec,
                found: found.as_ref(),
                options,
                isolation,
                roots: &extra_roots(language, source),
                entry,
            };
            let made = build.write().and_then(|()| run_step(&build, spec.step));
            let built = match made {
                Ok(built) => built,
                Err(error) => {
                    let _ = left_behind::remove_tree(&private);
                    return Err(error);
                }
            };
            finish(&private, &done, &built)?;
            prune(&root, (CACHE_KEPT, CACHE_BYTES), &done);
            built
        }
    };
    let runner = spec.run.runner(&done, source, command.as_deref());
    Ok((runner, done, built))
}

/// Runs the build step `step` names on `build`, in its directory.
fn run_step(build: &Build, step: Step) -> Result<Built, BuildError> {
    match step {
        Step::Rust => build.rust(),
        Step::CFamily { cpp } => build.c_family(cpp),
        Step::Python => build.python(),
        Step::Java => build.java(),
        Step::Node { typed } => build.node(typed),
        Step::Go => build.go(),
        Step::Script { check, ignore_case } => build.script(check, ignore_case),
        Step::Jvm { runtime } => build.jvm(runtime),
        Step::CSharp => build.csharp(),
        Step::Erlang => build.erlang(),
    }
}

/// How long a build goes before a line on stderr says what is being built.
const SLOW_BUILD: Duration = Duration::from_secs(2);

/// A notice given once if it is still held `after` it was made (a line on stderr that says
/// what a slow step is doing), and never when the step is quick. Dropping it is its end.
struct SlowNotice {
    _held: std::sync::mpsc::Sender<()>,
}

impl SlowNotice {
    fn after(after: Duration, notice: impl FnOnce() + Send + 'static) -> SlowNotice {
        let (held, waiting) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = waiting.recv_timeout(after) {
                notice();
            }
        });
        SlowNotice { _held: held }
    }
}

/// The name of a build's directory in the cache: a hash of the files, of the user's path
/// (which a binary may hold: a Rust panic names the user's file), and of how they are built
/// (the profile names the tools, the standard and the flags; TypeScript's settings are
/// [`TSCONFIG`]; the variables name other tools), so that a build made otherwise is not reused.
/// The sanitizer options count only where the judge's build has sanitizers (C and C++): a
/// Kotlin build made with them off is the same build, and is found again.
fn cache_key(
    spec: &LanguageSpec,
    profile: &Profile,
    (files, path): (&[harness::File], &str),
    options: &BuildOptions,
    command: &Option<OsString>,
) -> String {
    let mut hasher = DefaultHasher::new();
    let sanitized = !(profile.sanitizers.is_empty() && profile.extra_checks.is_empty());
    let settings = (
        (
            sanitized && options.sanitize,
            sanitized && options.without_extra_checks,
        ),
        &options.standard,
        format!("{profile:?}"),
    );
    (CACHE_FORMAT, files, path, TSCONFIG, settings, command).hash(&mut hasher);
    for variable in [spec.variable].iter().chain(spec.also_named) {
        std::env::var_os(variable).hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// A new directory of this process's own under `root`, for one build.
/// Made with `create_dir`, which fails where the name is taken: two builds of one process at
/// once (the tests build every language in threads) each get a directory of their own, by
/// their number, whatever the clock's resolution.
pub(super) fn private_dir(root: &Path) -> Result<PathBuf, BuildError> {
    static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let number = BUILDS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = root.join(format!("partial-{}-{number}-{nanos}", std::process::id()));
    std::fs::create_dir(&dir).map_err(|error| Setup::file(FileDoing::Create, &dir, &error))?;
    Ok(dir)
}

/// Something of ours that builds start from (the Go standard packages' build cache, LeetCode's
/// C++ prelude precompiled, what a compiler takes), kept in the cache as a build is (pruned
/// when unused), at `kind` and a hash of `key` (what it was made from): made on its first use
/// by `make` in a private directory of its own (true where it made it), found again after.
/// `None` where it cannot be made: the build then does without.
pub(in crate::build) fn ours(
    kind: &str,
    key: impl Hash,
    make: impl FnOnce(&Path) -> bool,
) -> Option<PathBuf> {
    let root = private_cache().ok()?;
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    let done = root.join(format!("{kind}-{:016x}", hasher.finish()));
    let marker = done.join("built");
    if std::fs::symlink_metadata(&marker).is_ok_and(|meta| meta.is_file()) {
        let _ = left_behind::touch(&marker);
        return Some(done);
    }
    let private = private_dir(&root).ok()?;
    if !make(&private) || finish(&private, &done, &Built::default()).is_err() {
        let _ = left_behind::remove_tree(&private);
        return None;
    }
    Some(done)
}

/// Moves a finished build into place, its marker naming how it was built; when another run
/// got there first, theirs is used.
/// The build's directory was writable to the sandboxed build, whose tools read the user's
/// source and may run its code: the marker is made anew ([`left_behind::make_anew`]), never
/// written through a link or a FIFO left at its name.
pub(super) fn finish(private: &Path, done: &Path, built: &Built) -> Result<(), BuildError> {
    let marker = private.join("built");
    left_behind::make_anew(&marker, marker::write(built).as_bytes())
        .map_err(|error| Setup::file(FileDoing::Write, &marker, &error))?;
    if std::fs::rename(private, done).is_err() {
        let _ = left_behind::remove_tree(private);
        let theirs = std::fs::symlink_metadata(done.join("built"));
        if !theirs.is_ok_and(|meta| meta.is_file()) {
            return Err(Setup::File {
                doing: FileDoing::Move,
                path: done.to_path_buf(),
                error: None,
            }
            .into());
        }
    }
    Ok(())
}

/// Keeps the cache under `root` within `(count, bytes)`: the `count` most recently used builds
/// and every build used within the hour ([`IN_USE`]: another check may be running it), as long
/// as all kept take at most `bytes` on disk; past that the least recently used go whatever their
/// age, but never `current`, the build this check runs. Builds left half done over an hour ago
/// are removed. Nothing is followed: a build's size is read by `lstat` and its removal never
/// descends through a link ([`left_behind`]).
///
/// # Complexity
/// One `lstat` per file of the cache.
pub fn prune(root: &Path, (count, bytes): (usize, u64), current: &Path) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let whole = Footprint {
        bytes: u64::MAX,
        entries: u64::MAX,
    };
    let mut builds = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        // Builds are folders; the cache also keeps files of the sandbox's own (its seccomp
        // filter), which are not pruning's.
        if !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            continue;
        }
        // A build being made is another check's, its sandbox perhaps still writing there.
        let partial = entry.file_name().to_string_lossy().starts_with("partial-");
        let marker = std::fs::symlink_metadata(path.join("built"))
            .ok()
            .filter(|meta| !partial && meta.is_file())
            .and_then(|meta| meta.modified().ok());
        if let Some(used) = marker {
            builds.push((used, path));
        } else {
            let old = std::fs::symlink_metadata(&path)
                .and_then(|meta| meta.modified())
                .ok()
                .and_then(|made| made.elapsed().ok())
                .is_some_and(|age| age > Duration::from_secs(3600));
            if old {
                let _ = left_behind::remove_tree(&path);
            }
        }
    }
    builds.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    // A build used within the hour may be running in another check now: past the count, it
    // stays; past the bytes, it goes.
    let idle = |used: &SystemTime| used.elapsed().is_ok_and(|idle| idle > IN_USE);
    let mut taken = left_behind::footprint(current, whole).bytes;
    for (index, (used, path)) in builds.into_iter().enumerate() {
        if path == current {
            continue;
        }
        taken = taken.saturating_add(left_behind::footprint(&path, whole).bytes);
        if taken > bytes || (index >= count && idle(&used)) {
            let _ = left_behind::remove_tree(&path);
        }
    }
}

/// How long after its last use a build may still be running in a check: pruning spares it.
const IN_USE: Duration = Duration::from_secs(3600);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_step_s_notice_is_given_once_and_a_quick_one_s_never() {
        let (given, notices) = std::sync::mpsc::channel();
        let notice = |name: &'static str| {
            let given = given.clone();
            move || given.send(name).unwrap()
        };
        let quick = SlowNotice::after(Duration::from_secs(5), notice("quick"));
        drop(quick);
        let slow = SlowNotice::after(Duration::from_millis(50), notice("slow"));
        assert_eq!(notices.recv_timeout(Duration::from_secs(10)), Ok("slow"));
        drop(slow);
        drop(given);
        // The quick one's thread ends without a notice, as does the slow one's after it.
        assert!(notices.recv_timeout(Duration::from_secs(10)).is_err());
    }

    #[test]
    fn pruning_keeps_the_newest_builds_and_fresh_partial_ones() {
        let root = std::env::temp_dir().join(format!("cats-prune-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let build = |name: &str, used: Option<u64>, bytes: usize| {
            let dir = root.join(name);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("solution"), vec![1u8; bytes]).unwrap();
            let marker = std::fs::File::create(dir.join("built")).unwrap();
            if let Some(index) = used {
                let used = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000 + index);
                marker.set_modified(used).unwrap();
            }
        };
        for index in 0..5u64 {
            build(&format!("build-{index}"), Some(index), 0);
        }
        std::fs::create_dir_all(root.join("partial-1-2")).unwrap();
        // A file of the sandbox's own, however old, is no build.
        let filter = std::fs::File::create(root.join("seccomp-1.bpf")).unwrap();
        filter
            .set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(1))
            .unwrap();
        let left = || {
            let mut left: Vec<String> = std::fs::read_dir(&root)
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            left.sort();
            left
        };
        let unbounded = u64::MAX;
        prune(&root, (2, unbounded), &root.join("build-0"));
        // The current build stays whatever its age, besides the two newest others.
        assert_eq!(
            left(),
            [
                "build-0",
                "build-3",
                "build-4",
                "partial-1-2",
                "seccomp-1.bpf"
            ]
        );
        std::fs::remove_dir_all(root.join("build-0")).unwrap();
        // Builds used within the hour stay past the count: a check may be running them.
        for name in ["in-use-1", "in-use-2"] {
            build(name, None, 0);
        }
        prune(&root, (1, unbounded), &root.join("in-use-2"));
        assert_eq!(
            left(),
            ["in-use-1", "in-use-2", "partial-1-2", "seccomp-1.bpf"]
        );
        // Past the bytes, the least recently used go, fresh or not, but never the current one.
        build("big-old", Some(10), 1 << 20);
        build("big-new", None, 1 << 20);
        prune(&root, (10, 3 << 19), &root.join("in-use-1"));
        assert_eq!(
            left(),
            [
                "big-new",
                "in-use-1",
                "in-use-2",
                "partial-1-2",
                "seccomp-1.bpf"
            ]
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
