//! The workbench: what runs the solution crates on a user's input and in the workspace tests.
//!
//! - [`driver`]: the command line the three binaries (`src/bin/`) share;
//! - [`check`]: `--check`, which stress-tests a user's own solution;
//! - [`fence`]: the markers around a source file's paste-ready part, and the submissions
//!   made of them;
//! - [`page`]: `--html`, a test case as a page with every move's outcome;
//! - [`values`]: LeetCode's input values with their places, and the brief quotes that keep
//!   every error one short line;
//! - [`problems`]: each problem described once ([`problems::Problem`]): its variants as
//!   [`problems::Solver`]s, its input checks, its examples and what `--check` needs of it.

pub mod check;
pub mod driver;
pub mod fence;
pub mod page;
pub mod problems;
pub mod values;
