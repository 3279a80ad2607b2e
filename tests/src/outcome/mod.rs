//! The outcome layer: the verdict as a value ([`verdict`]), gathered from where the search
//! ended ([`gather`]). No I/O.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod gather;
pub mod verdict;
