//! The workbench's test material, used by the `tests` package only (no solution crate depends
//! on it):
//!
//! - [`rng`]: a seeded PRNG, std only, so that every random instance can be made again from
//!   its seed;
//! - [`cross`]: the cross-check loop that reports the seed and shrinks a failing instance;
//! - [`shrink`]: the one shrinking engine, used by the cross-checks and by `--check`;
//! - one module per problem: the test case type the command line reads, random instance
//!   generators, shrinking, and a brute-force oracle that plays the statement's rules
//!   literally, written from the statement and not from any variant.

pub mod cross;
pub mod lc1728;
pub mod lc913;
pub mod noi2011;
pub mod rng;
pub mod shrink;
