//! The build steps, one per kind of language, each run in the build's directory on a
//! `step::Build`: a language's entry in the table names its step ([`super::entry::Step`]),
//! and the cache runs it ([`super::cache`]).
//!
//! - [`step`]: what every step shares: the build's directory, its tools run in the sandbox, its
//!   line in the report, its compile errors;
//! - [`c_family`]: C and C++;
//! - [`compiled`]: Rust, Go and Java;
//! - [`checked`]: Python, JavaScript and TypeScript, checked without running any of the program.
//!
//! # Adding a step
//! A [`super::entry::Step`] variant, a method of `step::Build` in the file of its kind (or a
//! file of its own), and its arm in the cache's `run_step`.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod c_family;
pub mod checked;
pub mod compiled;
pub mod step;
