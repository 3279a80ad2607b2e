//! The build layer: the table of languages, the harnesses a judge wraps around a LeetCode
//! solution, the judges' builds and the build cache. It runs compilers through the sandbox.
//!
//! - [`languages`]: every language, one entry each;
//! - [`judge`]: each judge's build of each language, read from that table;
//! - [`harness`]: what a judge puts around a solution, per language and problem;
//! - [`program`]: the user's file built as its judge builds it, cached; or a command.

pub mod harness;
pub mod judge;
pub mod languages;
pub mod program;
