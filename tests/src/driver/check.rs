//! `--check SOLUTION`: looks for the smallest valid input on which the user's own solution
//! answers differently from the default variant, and explains the right answer. This file
//! wires the layers for it, and is the only place that does: the search runs the program
//! ([`run_plan::search`], which builds it through [`crate::build`] and runs it in
//! [`crate::sandbox`]) and hands back where it ended; the outcome layer gathers that into the
//! verdict ([`gather::outcome`]), handed the page writer (`pages.rs`, over the render layer's
//! page) and the instance saver from here, since it does no I/O itself; the render layer
//! writes the verdict as text or JSON ([`crate::render`]), printed here.
//!
//! # Complexity
//! Dominated by the user's program: about `--seconds` of runs, then a few dozen runs to shrink.
//!
//! Uses `outcome::gather`, `outcome::verdict`, `problems::Problem`, `render::json`,
//! `render::page`, `render::report`, `sandbox::places`, `search::error`, `search::run_plan`,
//! `search::options`; beside it, `pages`.

use super::options::{Format, Request};
use super::pages::report_page;
use crate::outcome::gather::{self, PageWriter, Writes};
use crate::outcome::verdict::{Outcome, Verdict};
use crate::problems::input::InputError;
use crate::problems::Problem;
use crate::render::page::Paged;
use crate::render::{json, report};
use crate::sandbox::places::temp_root;
use crate::search::error::{CheckError, Internal};
use crate::search::options::{OnProgress, Options};
use crate::search::plan::Plan;
use crate::search::run_plan;
use std::path::PathBuf;

/// `--check` for problem `P`, its outcome rendered as the text report or, with `--json`, as
/// one JSON object, with the exit status of its verdict ([`Verdict::exit_status`]); or the
/// error to print when there is no verdict (exit 2; with `--json` the error is an object on
/// stdout). A compile error, the judge's build refusing the program, is a verdict: its
/// `error:` line is printed here, and it exits 1, as in a folder.
pub fn check<P: Paged>(request: &Request) -> Result<std::process::ExitCode, CheckError> {
    let mut options = request.search.clone();
    options.progress = progress_on_terminal();
    let result = run::<P>(&options, request.html.as_deref());
    let verdict = Verdict::of(&result);
    let json = request.format == Format::Json;
    match result {
        Ok(found) if json => println!("{}", json::outcome(&found)),
        Ok(found) => print!("{}", report::text(&found)),
        Err(error) if json => println!("{}", json::error(P::BIN, &error)),
        Err(error) if verdict == Verdict::CompileError => {
            eprintln!("error: {}", crate::render::build::check_error(&error));
        }
        Err(error) => return Err(error),
    }
    Ok(verdict.exit_code())
}

/// Where stderr is a terminal, a line there that says how far the plan has run, cleared when
/// its runs end; else nothing is told.
fn progress_on_terminal() -> Option<OnProgress> {
    use std::io::{IsTerminal, Write};
    std::io::stderr().is_terminal().then(|| {
        let line: OnProgress = std::sync::Arc::new(|progress| {
            eprint!("{}", report::progress_line(progress));
            let _ = std::io::stderr().flush();
        });
        line
    })
}

/// Runs `--check` for problem `P`: the search, then the outcome gathered from where it ended,
/// its page written to `html` if given; or why there is none (the solution cannot be built
/// or run: exit 2).
pub fn run<P: Paged>(options: &Options, html: Option<&str>) -> Result<Outcome, CheckError> {
    let solvers = P::solvers();
    let expected = solvers
        .first()
        .ok_or(CheckError::Internal(Internal::NoVariant))?;
    // The user's own instances are read and checked before anything is built.
    let plan = match &options.input {
        Some(source) => {
            let yours = read_noted::<P>(source).map_err(CheckError::Input)?;
            Plan::yours(source, yours, options)
        }
        None => Plan::of::<P>(options),
    };
    let finding = run_plan::search::<P>(options, expected, &plan)?;
    Ok(gather::outcome(finding, &writes::<P>(html)))
}

/// The test cases in `source` (a file, or `-` for stdin), each note on one shown on stderr as
/// it is read.
pub fn read_noted<P: Problem>(source: &str) -> Result<Vec<P::Case>, InputError> {
    let cases = P::read_input(source)?;
    for (index, case) in cases.iter().enumerate() {
        if let Some(note) = P::note(case) {
            eprintln!("{}", crate::render::input::case_note_line(index + 1, note));
        }
    }
    Ok(cases)
}

/// What a check writes besides its report: the counterexample's page and the saved instance.
fn writes<P: Paged>(html: Option<&str>) -> Writes<P> {
    let page: PageWriter<P> = report_page::<P>;
    Writes {
        page: html.map(|path| (path.to_string(), page)),
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
