//! `cargo bench -p tests --bench sandbox`: what one run of `--check` costs beyond the program
//! itself, in each isolation: a command that does nothing (`true`) run a few hundred times
//! through the same path as every run (its files, the sandbox or the process group, its
//! control group, the watch, the end of its tree), the median and the 90th percentile of the
//! wall time a run takes, in milliseconds. The setup `--check` pays per process.

use std::time::{Duration, Instant};
use tests::build::built::BuildOptions;
use tests::build::program;
use tests::problems::Judge;
use tests::sandbox::{Limits, ScratchDir};

const RUNS: usize = 300;

/// The median and 90th percentile of `RUNS` runs of `true`, isolated as `unsandboxed` says.
fn measure(unsandboxed: bool) -> Result<(f64, f64), String> {
    let options = BuildOptions {
        unsandboxed,
        ..BuildOptions::default()
    };
    let program = program::prepare("true", None, Judge::LeetCode, &options)
        .map_err(|error| tests::render::build::error(&error))?;
    let scratch = ScratchDir::new(program.isolation())
        .map_err(|error| tests::render::build::setup_error(&error))?;
    let limits = Limits {
        quiet: Duration::from_secs(10),
        total: Duration::from_secs(10),
        memory: 256 << 20,
        answer_lines: None,
        answer_bytes: 1 << 20,
        deadline: None,
        stop: None,
        settled: None,
    };
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        program
            .run(&scratch, "", &limits)
            .map_err(|error| tests::render::build::error(&error))?;
        times.push(started.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    Ok((times[RUNS / 2], times[RUNS * 9 / 10]))
}

fn main() {
    println!("isolation        median   90th pct  (ms a run of `true`, {RUNS} runs)");
    for (name, unsandboxed) in [("bubblewrap", false), ("--unsandboxed", true)] {
        match measure(unsandboxed) {
            Ok((median, high)) => println!("{name:<16} {median:6.1}   {high:6.1}"),
            Err(why) => println!("{name:<16} skipped: {why}"),
        }
    }
}
