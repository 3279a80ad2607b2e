//! The files of one run, which the program never sees (its input, its answers, prints and
//! errors, the mark of its start), and the run's record read from them once it has ended.
//! Uses the run's values ([`super::run`]) and the [`Watch`] on its answers.

use super::run::{Ending, Launch, Limits, Run, RunError, Spent};
use super::setup_error::{Doing, SetupError};
use super::watch::Watch;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// How much of the program's own prints a report may quote.
const PRINTED_KEPT: usize = 4096;
/// How much of its error output a report quotes, from its start (a sanitizer's report) and
/// from its end (a traceback), in characters.
const STDERR_HEAD: usize = 1200;
const STDERR_TAIL: usize = 800;

/// A file the run writes, created empty.
fn create(path: &Path) -> Result<File, RunError> {
    File::create(path).map_err(|error| RunError::Setup(SetupError::io(Doing::Create, path, &error)))
}

/// The files of one run, in its directory, which the program never sees: its input, what it
/// writes its answers, its own prints and its errors to, and the mark of its start.
pub(super) struct RunFiles {
    pub(super) answers: PathBuf,
    pub(super) printed: PathBuf,
    pub(super) stderr: PathBuf,
    pub(super) started: PathBuf,
}

impl RunFiles {
    /// Writes `input` into `dir` and creates the run's output files empty: the files, the
    /// program's stdin, stdout and stderr, and the watch on its answers (opened before the
    /// program starts, so that nothing can fail between its start and its end).
    pub(super) fn create(
        dir: &Path,
        input: &str,
        harnessed: bool,
    ) -> Result<(RunFiles, [File; 3], Watch), RunError> {
        let setup = |error: std::io::Error| RunError::Setup(SetupError::Run(error.to_string()));
        let input_path = dir.join("input");
        std::fs::write(&input_path, input).map_err(setup)?;
        let files = RunFiles {
            answers: dir.join("answers"),
            printed: dir.join("stdout"),
            stderr: dir.join("stderr"),
            started: dir.join(STARTED),
        };
        let answers_file = create(&files.answers)?;
        let stdout = if harnessed {
            create(&files.printed)?
        } else {
            answers_file
        };
        let stderr = create(&files.stderr)?;
        create(&files.started)?;
        let stdin = File::open(&input_path).map_err(setup)?;
        let watch = Watch {
            answers: File::open(&files.answers).map_err(setup)?,
            started: File::open(&files.started).map_err(setup)?,
            kept: Vec::new(),
            lines: 0,
            slowest: None,
            together: None,
            most_seen_held: 0,
        };
        Ok((files, [stdin, stdout, stderr], watch))
    }
}

/// The file a run's start script writes a byte to just before it starts the program: a run
/// that ends without it never got as far as the program, and what went wrong is `--check`'s,
/// not the program's; the program's clock starts when it is written.
const STARTED: &str = "started";

/// The run's record once it has ended: its answers, prints and errors read from the files
/// `--check` made (never by a name the program could have replaced), or a setup error when the
/// program was never reached.
pub(super) fn finished(
    files: RunFiles,
    mut watch: Watch,
    (ending, spent): (Ending, Option<Spent>),
    launch: &Launch,
    limits: &Limits,
) -> Result<Run, RunError> {
    watch.read_new(limits.answer_bytes);
    let stderr = head_and_tail(&files.stderr);
    let Some(spent) = spent else {
        let why = stderr.lines().next().map(str::to_string);
        return Err(RunError::Setup(SetupError::NotStarted(why)));
    };
    Ok(Run {
        ending,
        answers: String::from_utf8_lossy(&watch.kept).into_owned(),
        printed: if launch.harnessed {
            head(&files.printed, PRINTED_KEPT)
        } else {
            String::new()
        },
        printed_bytes: match launch.harnessed {
            true => std::fs::metadata(&files.printed).map_or(0, |meta| meta.len()),
            false => 0,
        },
        stderr,
        stack_kilobytes: launch.stack_kilobytes,
        spent,
        slowest_answer: watch.slowest,
        slowest_together: watch.together,
        most_seen_held: watch.most_seen_held,
    })
}

/// The first `most` bytes of a file, as text.
fn head(path: &Path, most: usize) -> String {
    let mut kept = Vec::new();
    if let Ok(file) = File::open(path) {
        let _ = file.take(most as u64).read_to_end(&mut kept);
    }
    String::from_utf8_lossy(&kept).into_owned()
}

/// A file's text, or its first [`STDERR_HEAD`] and last [`STDERR_TAIL`] characters (about:
/// whole lines) when it is longer.
fn head_and_tail(path: &Path) -> String {
    let most = STDERR_HEAD + STDERR_TAIL;
    let whole = head(path, 4 * most);
    if whole.chars().count() <= most {
        return whole;
    }
    let mut kept = Vec::new();
    if let Ok(mut file) = File::open(path) {
        let length = file.metadata().map_or(0, |meta| meta.len());
        let from = length.saturating_sub(4 * STDERR_TAIL as u64);
        if file.seek(SeekFrom::Start(from)).is_ok() {
            let _ = file.read_to_end(&mut kept);
        }
    }
    let end = String::from_utf8_lossy(&kept);
    let tail_start = end
        .char_indices()
        .rev()
        .nth(STDERR_TAIL)
        .map_or(0, |(at, _)| at);
    let tail = end[tail_start..]
        .split_once('\n')
        .map_or("", |(_, lines)| lines);
    let head_end = whole
        .char_indices()
        .nth(STDERR_HEAD)
        .map_or(whole.len(), |(at, _)| at);
    let head = whole[..head_end]
        .rsplit_once('\n')
        .map_or("", |(lines, _)| lines);
    format!("{head}\n…\n{tail}")
}
