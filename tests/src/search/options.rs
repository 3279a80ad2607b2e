//! [`Options`]: what `--check` was told, as one value; the driver reads it from the command
//! line (`driver/options.rs`), the search and the build read it.
//!
//! Uses `build::built`.

use crate::build::built::BuildOptions;
use std::time::Duration;

/// `--check`'s options.
#[derive(Clone)]
pub struct Options {
    /// The solution this check judges: the first given, or one of several.
    pub solution: String,
    /// Every solution given (`--check FILE...`, folders among them), in order.
    pub solutions: Vec<String>,
    /// `--cases N`: the plan's first N instances only.
    pub cases: Option<u64>,
    /// `--random N`: how many seeded random instances end the plan (the problem's count when
    /// absent).
    pub random: Option<u64>,
    /// `--seconds S`: the wall-clock backstop of the whole search, if the user set one; a
    /// plan it cuts short is not finished.
    pub seconds: Option<f64>,
    pub seed: u64,
    pub beyond_limits: bool,
    /// `--time-limit`; without it, the language's (`build::languages`).
    pub time_limit: Option<Duration>,
    /// In bytes.
    pub memory_limit: u64,
    pub build: BuildOptions,
    /// How long shrinking a failure may take.
    pub shrink_time: Duration,
    /// `--input FILE`: the user's own instances (`-`: stdin), in place of the search.
    pub input: Option<String>,
    /// How long the diagnosis of a counterexample may take: asking the program about every
    /// position of it.
    pub diagnose_time: Duration,
    /// `--jobs N`: how many processes run at once (the cores when absent); with several
    /// solutions, how many are checked at once, sharing them.
    pub jobs: Option<u64>,
    /// Told how far the plan has run as it runs, where the caller watches (a terminal's
    /// progress line); the search itself shows nothing.
    pub progress: Option<OnProgress>,
}

/// How far the plan has run: `done` of its `planned` instances passed, or the plan's runs
/// ended (passed, failed or stopped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Ran { done: usize, planned: usize },
    Ended,
}

/// What the search tells of its [`Progress`], from any of its threads.
pub type OnProgress = std::sync::Arc<dyn Fn(Progress) + Send + Sync>;
