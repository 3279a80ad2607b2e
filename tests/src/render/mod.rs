//! The render layer: pure functions of an outcome or an instance.

pub mod json;
pub mod page;
pub mod report;
pub mod table;
