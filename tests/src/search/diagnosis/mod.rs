//! Where a wrong program goes wrong, from its own answers: the program is asked about every
//! position of its counterexample (each as an instance of its own,
//! [`Chase`](crate::problems::chase::Chase)), and its answers
//! are read against the truth. Pure: the answers come in, a [`Diagnosis`] goes out; the runs
//! are `super::diagnose`'s.
//!
//! What the answers can show, and is claimed only when they show it:
//! - a **horizon**: every forced win of up to L plies judged right, every longer one wrong (a
//!   search capped at some depth);
//! - a **contradiction**: a misjudged position whose every position two plies on (the mouse to
//!   move again) the program judges right, so that its own answers there, combined by the
//!   game's rule, give the truth it missed: the mistake is in how it combines moves;
//! - a **cycle**: wins it claims at draws, supported only by one another, round a loop that
//!   no line of play leaves (a repeated position scored as a win).
//!
//! # Complexity
//! p positions, each with at most m·r replies two plies on: O(p·m·r) for each of the three.
//!
//! # Files
//! One file a finding: [`groups`], [`horizon`], [`contradiction`] and [`cycle`]; for a
//! recorded game, [`rounds`]; the game's rule applied to answers ([`rule`]) below them;
//! [`read`] puts them together. Their lines are worded in `render/diagnosis.rs`.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod answers;
pub mod asking_order;
pub mod contradiction;
pub mod cycle;
pub mod groups;
pub mod horizon;
pub mod read;
pub mod rounds;
pub mod rule;

pub use answers::{Answered, Cut, NoResult, Said, Stopped};
pub use asking_order::asking_order;
pub use contradiction::{Better, Contradiction, Reached, Reply, Shown};
pub use cycle::Cycle;
pub use groups::Group;
pub use horizon::Horizon;
pub use read::{diagnose, Diagnosis, KeptState};
pub use rounds::RoundsDiagnosis;
