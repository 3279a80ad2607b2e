//! The workspace's tests of the workbench, as one test binary: every test of `--check` and
//! of the command lines, the cross-checks of the variants and the in-process search, each file
//! beside this one a module (`cargo test -p tests --test workbench check_languages::` runs
//! one). One binary, not one per file: its tests share the cores from the first to the last
//! (one file's slow test no longer holds the next file back), and it is built and linked
//! once. `memory.rs` stays a binary of its own: it reads its process's peak memory, which no
//! other test may move.

mod mistakes;
mod support;

mod check;
mod check_faults;
mod check_languages;
mod check_many;
mod check_reports;
mod check_sandbox;
mod cli;
mod cross_lc1728;
mod cross_lc913;
mod cross_noi2011;
mod diagnosis;
mod emit;
mod explain;
mod generators;
mod harness;
mod hostile_builds;
mod layers;
mod layout;
mod openings;
mod page;
mod search;
