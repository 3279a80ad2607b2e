//! The workbench: what runs the solution crates on a user's input and in the workspace tests.
//!
//! - [`driver`]: the command line the three binaries (`src/bin/`) share;
//! - [`check`]: `--check`, which stress-tests a user's own solution;
//! - [`fence`]: the markers around a source file's paste-ready part, and the submissions
//!   made of them;
//! - [`page`]: `--html`, a test case as a page with every move's outcome;
//! - [`values`]: LeetCode's input values with their places, and the brief quotes that keep
//!   every error one short line;
//! - [`lc913`], [`lc1728`], [`noi2011`]: each problem's variants as [`driver::Solver`]s, its
//!   input checks and its [`driver::Problem`] (a module of the crate's own name: within this
//!   crate, `::lc913` is the solution crate and `crate::lc913` this module).

pub mod check;
pub mod driver;
pub mod fence;
pub mod lc1728;
pub mod lc913;
pub mod noi2011;
pub mod page;
pub mod values;
