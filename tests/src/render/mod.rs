//! The render layer: pure functions of an outcome or an instance.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod json;
pub mod page;
pub mod report;
pub mod table;
