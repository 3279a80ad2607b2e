//! The workbench, in layers that only look down (tests/README.md has the map):
//!
//! - [`text`]: helpers every layer uses;
//! - [`problems`]: the three games as data;
//! - [`sandbox`]: one run of one command under limits;
//! - [`build`]: languages, harnesses, the judges' builds, the build cache;
//! - [`search`]: instances in order and a failure found, shrunk and diagnosed;
//! - [`outcome`]: the verdict as a value;
//! - [`render`]: text, JSON and pages;
//! - [`driver`]: the command line.

pub mod build;
pub mod driver;
pub mod outcome;
pub mod problems;
pub mod render;
pub mod sandbox;
pub mod search;
pub mod text;
