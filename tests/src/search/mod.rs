//! The search layer: instances in order, each run judged, a failure found; `minimise` shrinks
//! it and `diagnose` asks the program about it.

pub mod caught;
pub mod diagnose;
pub mod diagnosis;
pub mod error;
pub mod judge_rerun;
pub mod levels;
pub mod minimise;
pub mod options;
pub mod session;
