//! What a stranger's build and command can reach, seen from outside the run: a build that
//! leaves links and FIFOs where `--check` puts its own files, a build that fills the disk, and a
//! command beside files of the user's. Each is tried as root (CI's user, a container's) and,
//! where the tests are root, as an ordinary user (`nobody`, through `setpriv`); nothing is read
//! from what the program printed: a victim file's bytes and mode, a FIFO that a reader opened,
//! the cache's size on disk.

use crate::support::*;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::Arc;
use std::time::Duration;

/// `nobody`'s uid and gid, as [`as_nobody`] runs `--check`.
const NOBODY: u32 = 65534;

/// A Scala solution whose macro runs inside `scalac` at build time and leaves, in the build's
/// directory, a link to `victim` at the name of one runtime jar and of the cache's marker, and
/// a FIFO at the other jar's: what `--check` copied there after the build, or read back, it
/// would write through the link or wait on the FIFO for good.
fn leaving_macro(victim: &Path) -> String {
    format!(
        "import scala.quoted.*\n\
         object Solution {{\n  \
         inline def catMouseGame(graph: Array[Array[Int]]): Int = ${{ Solution.leave('graph) }}\n  \
         def leave(graph: Expr[Array[Array[Int]]])(using Quotes): Expr[Int] = {{\n    \
         import java.nio.file.{{Files, Paths}}\n    \
         val here = Paths.get(System.getProperty(\"user.dir\"))\n    \
         for (name <- Seq(\"scala3-library_3.jar\", \"built\")) {{\n      \
         Files.deleteIfExists(here.resolve(name))\n      \
         Files.createSymbolicLink(here.resolve(name), Paths.get({victim:?}))\n    }}\n    \
         val fifo = here.resolve(\"scala-library.jar\")\n    \
         Files.deleteIfExists(fifo)\n    \
         new ProcessBuilder(\"mkfifo\", fifo.toString).start().waitFor()\n    \
         '{{ 0 }}\n  }}\n}}\n",
        victim = victim.to_string_lossy()
    )
}

/// A file of the victim's own, mode 600, owned by `owner`: what a hostile build must not change.
fn victim_file(path: &Path, owner: Option<u32>) {
    std::fs::write(path, "the victim's own text\n").unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
    if let Some(owner) = owner {
        std::os::unix::fs::chown(path, Some(owner), Some(owner)).unwrap();
    }
}

fn assert_victim_intact(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mode = std::fs::symlink_metadata(path)
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(
        (text.as_str(), mode & 0o777),
        ("the victim's own text\n", 0o600),
        "{} was changed",
        path.display()
    );
}

/// How long a `--check` that should end may go before the test calls it hung: far more than a
/// Scala build and a short plan take on a busy machine. A backstop, not a bound on time.
const HUNG: Duration = Duration::from_secs(600);

/// A short plan, and the shortest time limit: the checks here are about what a build leaves.
const SHORT: [&str; 4] = ["--cases", "3", "--time-limit", "1"];

/// `command`'s output, or a failure naming `what` if it runs past [`HUNG`] (it is then killed).
fn ends(mut command: std::process::Command, what: &str) -> std::process::Output {
    let child = command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let id = child.id();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output()));
    match receiver.recv_timeout(HUNG) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &id.to_string()])
                .status();
            panic!("{what} hung");
        }
    }
}

/// That `--check` built and ran the program and found it failing (exit 1), not that it stopped
/// before (a tool missing, a setup error, a compile error, a command that could not start): the
/// attack was tried.
fn assert_judged(output: &std::process::Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let ran = !stderr.contains("does not compile") && !stderr.contains("could not start");
    assert!(output.status.code() == Some(1) && ran, "{stderr}");
}

/// The macro's links and FIFOs, left as root and as `nobody`: the victim outside keeps its bytes
/// and mode, and `--check` ends (the run's jars are the macro's to break: its verdict is its own).
/// The run that opens the FIFO waits until its time limit's wall-clock backstop: the shortest
/// limit, so that the test waits 5 s a check, not 11.
#[test]
fn a_macro_s_links_and_fifos_change_no_outside_file_and_hang_nothing() {
    if missing_tool("x.scala").is_some() || sandbox_missing() {
        return;
    }
    // Root's check and nobody's run at once: most of each is the wait.
    std::thread::scope(|scope| {
        let nobody = as_root().then(|| {
            scope.spawn(|| {
                let dir = nobody_home().join("leaving-macro");
                leaving_macro_checked(dir, Some(NOBODY), as_nobody("lc913"), "as nobody");
            })
        });
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-leaving-macro");
        let root = std::process::Command::new(assert_cmd::cargo::cargo_bin("lc913"));
        leaving_macro_checked(dir, None, root, "as root");
        if let Some(nobody) = nobody {
            nobody
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
    });
}

/// One `--check` of the leaving macro by `check` (as `who`), its solution and a victim file in
/// `dir`, which, with the folder above it, is given to `owner` where one is named. Its builds
/// are kept under a `TMPDIR` of its own in `dir`, removed after: they hold the macro's FIFO,
/// which nothing else should meet in the cache the tests share.
fn leaving_macro_checked(
    dir: PathBuf,
    owner: Option<u32>,
    mut check: std::process::Command,
    who: &str,
) {
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tmp")).unwrap();
    if let Some(owner) = owner {
        for folder in [dir.parent().unwrap(), &dir, &dir.join("tmp")] {
            std::os::unix::fs::chown(folder, Some(owner), Some(owner)).unwrap();
        }
    }
    let victim = dir.join("victim");
    victim_file(&victim, owner);
    let solution = dir.join("leaving.scala");
    std::fs::write(&solution, leaving_macro(&victim)).unwrap();
    check.arg("--check").arg(&solution).args(SHORT);
    check.env("TMPDIR", dir.join("tmp"));
    let output = ends(check, &format!("--check of the leaving macro {who}"));
    assert_victim_intact(&victim);
    assert_judged(&output);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A C++ solution whose initialised array makes a binary past the build's limit on disk is
/// refused as its build's fault, with what its folder held, and leaves nothing in the cache.
#[test]
fn a_build_past_its_disk_limit_is_the_build_s_fault_and_leaves_nothing() {
    if missing_tool("x.cpp").is_some() {
        return;
    }
    let limit = tests::sandbox::BUILD_DISK.bytes;
    let text = format!(
        "static char table[{}] = {{1}};\n\
         class Solution {{\npublic:\n    int catMouseGame(vector<vector<int>>& graph) {{\n        \
         return table[graph.size()];\n    }}\n}};\n",
        limit + (32 << 20)
    );
    let solution = scratch_file("too_large.cpp", text.as_bytes());
    let cache = tests::sandbox::places::cache_root();
    let output = check("lc913", &solution, &["--cases", "1", "--json"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(r#""kind":"build_too_large""#),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Nothing of it is left: every build in the cache, whole or half done, is within the limit.
    let whole = tests::sandbox::left_behind::Footprint {
        bytes: u64::MAX,
        entries: u64::MAX,
    };
    for entry in std::fs::read_dir(&cache).unwrap().flatten() {
        let held = tests::sandbox::left_behind::footprint(&entry.path(), whole);
        assert!(held.bytes <= limit, "{}: {held:?}", entry.path().display());
    }
}

/// A FIFO at `path`, owned by `owner` and mode 600 (or, owned by root, readable by all: as root
/// `--check` runs its sandbox as a user of its own, and only the sandbox's view may stop it), and
/// a watcher that tells whether anything opened
/// it for reading while it watched: the sandbox showed it. The watcher opens it for writing
/// without waiting, which succeeds only while a reader has it open, and then lets the reader go.
fn watched_fifo(path: &Path, owner: Option<u32>) -> (Arc<AtomicBool>, Arc<AtomicBool>) {
    let _ = std::fs::remove_file(path);
    let made = std::process::Command::new("mkfifo")
        .args(["-m", if owner.is_some() { "600" } else { "644" }])
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
    if let Some(owner) = owner {
        std::os::unix::fs::chown(path, Some(owner), Some(owner)).unwrap();
    }
    let (reached, done) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let (seen, stop, path) = (reached.clone(), done.clone(), path.to_path_buf());
    std::thread::spawn(move || {
        while !stop.load(SeqCst) {
            let opened = std::fs::File::options()
                .write(true)
                .custom_flags(0o4000)
                .open(&path);
            if opened.is_ok() {
                seen.store(true, SeqCst);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    (reached, done)
}

/// A command's folder: `bin/run.sh` (which tries to read a FIFO beside it and one in the folder
/// above, then answers 0 to every test case) and the two FIFOs, watched. Made under `top`,
/// owned by `owner`.
struct CommandFolder {
    script: PathBuf,
    watched: Vec<(PathBuf, Arc<AtomicBool>, Arc<AtomicBool>)>,
}

impl CommandFolder {
    fn new(top: &Path, owner: Option<u32>) -> CommandFolder {
        let _ = std::fs::remove_dir_all(top);
        std::fs::create_dir_all(top.join("bin")).unwrap();
        let fifos = [top.join(".env"), top.join("bin").join("neighbour")];
        let script = top.join("bin").join("run.sh");
        let reads: Vec<String> = fifos
            .iter()
            .map(|fifo| format!("cat '{}' >/dev/null 2>&1", fifo.display()))
            .collect();
        let text = format!(
            "#!/bin/sh\n{}\nwhile read line; do echo 0; done\n",
            reads.join("\n")
        );
        std::fs::write(&script, text).unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        if let Some(owner) = owner {
            for path in [top.to_path_buf(), top.join("bin"), script.clone()] {
                std::os::unix::fs::chown(path, Some(owner), Some(owner)).unwrap();
            }
        }
        let watched = fifos
            .into_iter()
            .map(|fifo| {
                let (reached, done) = watched_fifo(&fifo, owner);
                (fifo, reached, done)
            })
            .collect();
        CommandFolder { script, watched }
    }

    /// The FIFOs a run opened, once the watchers stop.
    fn reached(self) -> Vec<PathBuf> {
        std::thread::sleep(Duration::from_millis(50));
        let mut reached = Vec::new();
        for (fifo, seen, done) in self.watched {
            done.store(true, SeqCst);
            if seen.load(SeqCst) {
                reached.push(fifo);
            }
        }
        reached
    }
}

/// `--check COMMAND` of `lc913` with one test case, from `here`, as `command` runs it.
fn check_command(mut binary: std::process::Command, solution: &str, here: &Path) {
    binary
        .arg("--check")
        .arg(solution)
        .args(["--cases", "1"])
        .current_dir(here);
    assert_judged(&ends(binary, solution));
}

/// A command is shown its own file and the files its words name, never its folder or the one
/// above: in /opt, by its path, as `./run.sh` from its folder or by its name on `PATH`, behind a
/// link under /tmp, and
/// two levels under a home, as root and (where the tests are root) as `nobody` in its home.
/// Seen from outside: the FIFOs beside it and above it are never opened.
#[test]
fn a_command_reads_neither_its_neighbours_nor_its_parent_folder() {
    if sandbox_missing() {
        return;
    }
    let bin = || std::process::Command::new(assert_cmd::cargo::cargo_bin("lc913"));
    let pid = std::process::id();
    let opt = PathBuf::from(format!("/opt/cats-reach-{pid}"));
    let home = PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()));
    let mut tried = Vec::new();
    for top in [opt.clone(), home.join(format!("cats-reach-{pid}/project"))] {
        let folder = CommandFolder::new(&top, None);
        let script = folder.script.to_string_lossy().into_owned();
        check_command(bin(), &script, Path::new("/"));
        check_command(bin(), "./run.sh", &top.join("bin"));
        // Found on `PATH` by its name: shown as its file alone, and it runs.
        let mut on_path = bin();
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![top.join("bin")];
        paths.extend(std::env::split_paths(&path));
        on_path.env("PATH", std::env::join_paths(paths).unwrap());
        check_command(on_path, "run.sh", Path::new("/"));
        let link = std::env::temp_dir().join(format!("cats-reach-link-{pid}"));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&folder.script, &link).unwrap();
        check_command(bin(), &link.to_string_lossy(), Path::new("/"));
        let _ = std::fs::remove_file(&link);
        tried.push((top.clone(), folder.reached()));
    }
    if as_root() {
        let top = nobody_home().join("cats-reach/project");
        std::fs::create_dir_all(nobody_home()).unwrap();
        let folder = CommandFolder::new(&top, Some(NOBODY));
        let script = folder.script.to_string_lossy().into_owned();
        // Its temporary folder apart from its home, as a user's is: a folder under `TMPDIR`
        // is never shown whatever the command.
        let tmp = nobody_home().join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        std::os::unix::fs::chown(&tmp, Some(NOBODY), Some(NOBODY)).unwrap();
        let mut nobody = as_nobody("lc913");
        nobody.env("TMPDIR", &tmp);
        check_command(nobody, &script, &nobody_home());
        tried.push((top, folder.reached()));
        let _ = std::fs::remove_dir_all(nobody_home().join("cats-reach"));
    }
    let _ = std::fs::remove_dir_all(&opt);
    let _ = std::fs::remove_dir_all(home.join(format!("cats-reach-{pid}")));
    let reached: Vec<_> = tried
        .iter()
        .filter(|(_, fifos)| !fifos.is_empty())
        .collect();
    assert!(reached.is_empty(), "commands reached: {reached:?}");
}

/// Code that runs at build time (Rust's `include_bytes!`, C++'s `#include` and `#embed` of a
/// path outside) reaches only what the build's sandbox shows: a FIFO of the machine's that each
/// names is never opened, and the build is refused as one that does not compile.
#[test]
fn build_time_code_reads_nothing_outside_its_sandbox() {
    if sandbox_missing() {
        return;
    }
    let fifo = PathBuf::from(format!("/opt/cats-build-time-{}", std::process::id()));
    let (reached, done) = watched_fifo(&fifo, None);
    let named = fifo.to_string_lossy();
    let mut tried = Vec::new();
    let rust = format!(
        "const READ: &[u8] = include_bytes!({named:?});\n\
         impl Solution {{\n    pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32 {{\n        \
         (READ.len() + graph.len()) as i32 % 3\n    }}\n}}\n"
    );
    tried.push(("embeds.rs", rust));
    if missing_tool("x.cpp").is_none() {
        let cpp = |directive: &str| {
            format!(
                "static const char read[] = {{\n{directive} {named:?}\n}};\n\
                 class Solution {{\npublic:\n    int catMouseGame(vector<vector<int>>& graph) {{\n        \
                 return (sizeof read + graph.size()) % 3;\n    }}\n}};\n"
            )
        };
        tried.push(("includes.cpp", cpp("#include")));
        tried.push(("embeds.cpp", cpp("#embed")));
    }
    for (name, text) in &tried {
        let solution = scratch_file(name, text.as_bytes());
        let output = check("lc913", &solution, &["--cases", "1", "--json"]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains(r#""kind":"does_not_compile""#),
            "{name}: {stdout}"
        );
    }
    std::thread::sleep(Duration::from_millis(50));
    done.store(true, SeqCst);
    let _ = std::fs::remove_file(&fifo);
    assert!(!reached.load(SeqCst), "a build opened {named}");
}
