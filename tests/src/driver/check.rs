//! `--check SOLUTION`: looks for the smallest valid input on which the user's own solution
//! answers differently from the default variant, and explains the right answer.
//!
//! The instances come in levels: every instance small enough to run them all, smallest first;
//! the problem's fixed table (the statement's examples, the regression cases, instances built
//! to need long forced wins), in order of size; the judge's largest; then seeded random ones,
//! growing from small to the judge's limits (past them with `--beyond-limits`). They go to the
//! user's program in batches, many test cases a process, so that start-up does not dominate;
//! a batch that crashes, hangs or prints what is not an answer is split until the one
//! instance is found. A failing instance is then shrunk while it still fails, each round's
//! candidates again in one batch, and printed in the judge's own input format.
//!
//! # Complexity
//! Dominated by the user's program: about `--seconds` of runs, then a few dozen runs to shrink.
//!
//! # Modules, one job each
//! - `options`: the command line after `--check`, read and checked.
//! - [`program`] and [`judge`]: the user's file built as its judge builds it ([`harness`]: what
//!   the judge wraps around a LeetCode solution, per language).
//! - [`bwrap`]: the sandbox every build and run of the user's code starts in; [`cgroup`]: the
//!   limits that bind on a run's whole process tree, and its CPU time.
//! - [`sandbox`]: one run, isolated and limited.
//! - `search`: instances in order, each run judged, a failure located; `minimise`: a failure
//!   shrunk, every smaller instance run, and the smallest run once more alone.
//! - `diagnose`: the program asked about every position of a chase game's counterexample;
//!   [`diagnosis`]: its answers read against the truth (a horizon, a contradiction in its own
//!   answers, a cycle of claimed wins).
//! - `judge_rerun`: a fault only an extra check caught (UBSan, or AddressSanitizer where the
//!   judge runs none), run again on the judge's own build, to say what the judge would show.
//! - `report`: a failure gathered into the outcome; [`outcome`]: the verdict as a value, and
//!   the text report and `--json` rendered from it.
//! - [`many`]: several solutions checked side by side, a line as each ends, then a table and
//!   the failures' reports; `interrupt`: Ctrl-C there, which prints the table so far.
//! - this file: the shapes in which a problem tells `--check` of itself ([`Harness`],
//!   [`Smaller`], [`Sizes`]) and the helpers its descriptions share; what it tells is the
//!   `--check` section of [`crate::problems::Problem`].

use crate::outcome::gather::{run, Writes};
use crate::problems::Problem;
use crate::render::page::check::report_page;
use crate::render::page::Paged;
use crate::render::{json, report};
use crate::sandbox::places::temp_root;
use crate::search::error::CheckError;
use crate::search::options::Options;
use std::path::PathBuf;

/// `--check` for problem `P`, its outcome rendered as the text report or, with `--json`, as
/// one JSON object: the exit status (0 a pass, 1 a counterexample), or the error to print
/// (exit 2; with `--json` the error is an object on stdout too).
pub fn check<P: Paged>(options: &Options) -> Result<std::process::ExitCode, CheckError> {
    match run::<P>(options, &writes::<P>()) {
        Ok(found) if options.json => {
            println!("{}", json::outcome(&found));
            Ok(found.exit_code())
        }
        Ok(found) => {
            print!("{}", report::text(&found));
            Ok(found.exit_code())
        }
        Err(error) if options.json => {
            println!("{}", json::error(P::BIN, &error));
            Ok(std::process::ExitCode::from(2))
        }
        Err(error) => Err(error),
    }
}

/// What a check writes besides its report: the counterexample's page and the saved instance.
pub fn writes<P: Paged>() -> Writes<P> {
    Writes {
        page: report_page::<P>,
        save: save_instances::<P>,
    }
}

/// Saves `cases` in the command line's input format where `--check` keeps its files, for the
/// commands a report ends with; its path, or `None` when it cannot be written.
fn save_instances<P: Problem>(cases: &[P::Case]) -> Option<PathBuf> {
    let text: String = cases.iter().map(P::judge_text).collect();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    std::hash::Hash::hash(&text, &mut hasher);
    let name = format!(
        "cats-check-{}-{:016x}.txt",
        P::BIN,
        std::hash::Hasher::finish(&hasher)
    );
    let path = temp_root().join(name);
    std::fs::write(&path, text).ok().map(|()| path)
}
