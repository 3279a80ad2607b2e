//! The problems the workbench knows, each described once as a [`Problem`]: its variants as
//! [`Solver`]s (built from the solution crate's registry), how to read and check the judge's
//! input, its examples, its explanation and page, and what `--check` needs of it. One module
//! a problem: [`lc913`], [`lc1728`], [`noi2011`] (within this crate, `::lc913` is the solution
//! crate and `crate::problems::lc913` the workbench's description of it).
//!
//! Declares and re-exports; defines nothing of its own.

pub mod chase;
pub mod fence;
pub mod input;
pub mod instances;
pub mod lc1728;
pub mod lc913;
pub mod noi2011;
mod problem;
pub mod values;

pub use problem::{Judge, Measure, Problem, Range, Refusal, Size, Solver, TooLarge};
