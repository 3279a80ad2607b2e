//! The render layer: pure functions of an outcome or an instance (text, JSON, tables, pages),
//! and, for the tests and an example only, headless chromium to look at a page
//! (`page/browser.rs`; the command line never starts a browser).
//!
//! Declares and re-exports; defines nothing of its own.

pub mod build;
pub mod claims;
pub mod diagnosis;
pub mod game;
pub mod input;
pub mod json;
pub mod json_build;
pub mod json_object;
pub mod many;
pub mod page;
pub mod plan;
pub mod report;
pub mod run;
pub mod sizes;
pub mod table;
