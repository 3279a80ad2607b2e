//! The search layer: instances in order, each run judged, a failure found; `minimise` shrinks
//! it and `diagnose` asks the program about it.

pub mod asking_order;
pub mod diagnose;
pub mod diagnosis;
pub mod diagnosis_answers;
pub mod diagnosis_contradiction;
pub mod diagnosis_cycle;
pub mod diagnosis_groups;
pub mod diagnosis_horizon;
pub mod diagnosis_rounds;
pub mod diagnosis_rule;
pub mod diagnosis_words;
pub mod judge_rerun;
pub mod minimise;
pub mod options;
pub mod report;
pub mod session;
