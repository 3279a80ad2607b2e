//! The outcome layer: the verdict as a value ([`verdict`]), gathered from where the search
//! ended ([`gather`]). No I/O.

pub mod gather;
pub mod verdict;
