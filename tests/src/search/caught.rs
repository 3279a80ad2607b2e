//! [`Caught`]: where and when the search caught a failure, for the minimiser and the report.
//! Uses the plan's names of instances.

use super::plan::InstanceName;
use std::time::Duration;

/// Where in the plan a failure was found: one instance, or the instances `from` to `last`
/// run in one process (a sequence).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Instance(InstanceName),
    Span {
        from: InstanceName,
        last: InstanceName,
    },
}

/// Where and when the search caught a failure.
pub struct Caught {
    /// Where in the plan.
    pub origin: Origin,
    /// Instances run until it, itself included.
    pub instances: u64,
    /// Since the search began (the build done).
    pub after: Duration,
    /// Whether the instance is the first to fail of a list of every instance up to a size,
    /// run smallest first (the origin names the list): then nothing smaller fails.
    pub first_in_order: bool,
    /// How many of the plan's small instances that had not run ran after it, before
    /// shrinking, none failing alone, and how long they took, if any did.
    pub smaller_passed: Option<(usize, Duration)>,
    /// Where the plan's run failed first, when a smaller instance run after it is reported in
    /// its place: its place in the plan (from 1) and its name.
    pub first_failure: Option<(u64, InstanceName)>,
}
