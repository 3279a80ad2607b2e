//! The render layer: pure functions of an outcome or an instance.

pub mod page;
pub mod table;
