//! The build layer: the table of languages, the harnesses a judge wraps around a LeetCode
//! solution, the judges' builds and the build cache. It runs compilers through the sandbox.
//!
//! Its files, bottom first (each uses only those before it in this list):
//!
//! - [`harness`]: what a judge puts around a solution, per language and problem;
//! - [`entry`]: the types a language's entry in the table is made of;
//! - [`languages`]: every language, one entry each;
//! - [`judge`]: each judge's build of each language, read from that table;
//! - [`built`]: the options that ask for a build and the build as a report names it;
//! - [`marker`]: a build as the cache keeps it beside the build, written and read by one codec;
//! - [`error`]: a problem in building or starting the solution;
//! - [`tools`]: where the tools are and what their runs need;
//! - [`steps`]: the build steps, one per kind of language;
//! - [`cache`]: the build cache, which runs the steps;
//! - [`program`]: the user's file built as its judge builds it, cached; or a command.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod built;
pub mod cache;
pub mod entry;
pub mod error;
pub mod harness;
pub mod judge;
pub mod languages;
pub mod marker;
pub mod program;
pub mod steps;
pub mod tools;
