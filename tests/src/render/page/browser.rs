//! Debian's `chromium`, headless, on a page: the DOM after its script ran, or a screenshot. For
//! the page's tests and `cargo run -p tests --example page_screenshot`; the command line never
//! starts a browser.
//!
//! Each run gets a fresh profile directory, removed after, and its own process group, which is
//! killed on every path (done, timed out, failed) before the browser's own process is reaped,
//! so the group's id cannot have passed to anything else: no helper process outlives a run.
//!
//! Uses `sandbox::places`.

use crate::sandbox::places::on_path;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The command, as Debian names it.
const CHROMIUM: &str = "chromium";

/// How long one run may take before it is killed.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Whether `chromium` is on `PATH`.
pub fn available() -> bool {
    on_path(CHROMIUM.as_ref())
}

/// The `file://` address of `path` with `fragment` (without `#`; empty for none).
pub fn address(path: &Path, fragment: &str) -> Result<String, String> {
    let absolute = std::fs::canonicalize(path)
        .map_err(|error| format!("cannot find {}: {error}", path.display()))?;
    let hash = if fragment.is_empty() { "" } else { "#" };
    Ok(format!("file://{}{hash}{fragment}", absolute.display()))
}

/// The DOM of the page at `address` after its script ran, as chromium serializes it.
pub fn dump_dom(address: &str) -> Result<String, String> {
    run(&["--dump-dom".to_string(), address.to_string()])
}

/// A PNG of the page at `address` in a window of `width` x `height` pixels, written to `png`.
pub fn screenshot(address: &str, png: &Path, (width, height): (u32, u32)) -> Result<(), String> {
    run(&[
        format!("--screenshot={}", png.display()),
        format!("--window-size={width},{height}"),
        "--hide-scrollbars".to_string(),
        address.to_string(),
    ])?;
    if png.is_file() {
        Ok(())
    } else {
        Err(format!("chromium wrote no {}", png.display()))
    }
}

/// Headless chromium with `args`, no network, a fresh profile: its stdout.
fn run(args: &[String]) -> Result<String, String> {
    let profile = fresh_profile()?;
    let result = run_in_group(args, &profile);
    let _ = std::fs::remove_dir_all(&profile);
    result
}

/// A new empty directory for one run's profile.
fn fresh_profile() -> Result<PathBuf, String> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let dir = crate::sandbox::places::temp_root()
        .join(format!("cats-page-chromium-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    Ok(dir)
}

fn run_in_group(args: &[String], profile: &Path) -> Result<String, String> {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|error| format!("cannot start {CHROMIUM}: {error}"))?;
    let group = child.id();
    let mut stdout = child.stdout.take().ok_or("chromium has no stdout")?;
    let (sender, receiver) = mpsc::channel();
    // The pipe closes when every process of the run has let go of it: the browser is done.
    std::thread::spawn(move || {
        let mut text = String::new();
        let read = stdout.read_to_string(&mut text).map(|_| text);
        let _ = sender.send(read);
    });
    let started = Instant::now();
    let output = receiver.recv_timeout(TIMEOUT);
    // Not reaped yet, the browser's process keeps the group's id ours.
    let _ = Command::new("/bin/sh")
        .args([
            "-c",
            "kill -s KILL -- \"-$0\" 2>/dev/null",
            &group.to_string(),
        ])
        .status();
    let status = child.wait().map_err(|error| error.to_string())?;
    match output {
        Ok(Ok(text)) if status.success() => Ok(text),
        Ok(Ok(_)) => Err(format!("chromium ended with {status}")),
        Ok(Err(error)) => Err(format!("reading chromium's output: {error}")),
        Err(_) => Err(format!(
            "chromium did not finish within {:.0} s (killed)",
            started.elapsed().as_secs_f64()
        )),
    }
}
