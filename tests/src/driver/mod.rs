//! The driver: the command line, which alone wires the layers together.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod check;
pub mod cli;
pub mod interrupt;
pub mod many;
pub mod options;
pub mod pages;

pub use cli::{run, BROKEN_PIPE_STATUS};
