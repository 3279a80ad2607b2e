//! [`Caught`]: where and when the search caught a failure, for the minimiser and the report.
//! Uses only [`crate::text`].

use crate::text::thousands;
use std::time::Duration;

/// Where and when the search caught a failure.
pub struct Caught {
    /// The instance's name: `regression 1`, `seed 42, instance 1300`.
    pub origin: String,
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
    pub first_failure: Option<(u64, String)>,
}

impl Caught {
    /// The report's last line: what catching and shrinking (if anything was) cost.
    pub fn line(&self, shrinking: Option<Duration>) -> String {
        let smaller = match self.smaller_passed {
            Some((count, took)) => format!(
                "; the {} instances of the plan's small family that had not run ran after it \
                 in {:.2} s, none failing alone",
                thousands(count as u64),
                took.as_secs_f64()
            ),
            None => String::new(),
        };
        let shrinking = shrinking.map_or_else(String::new, |took| {
            format!("; shrinking took {:.2} s", took.as_secs_f64())
        });
        let first = self
            .first_failure
            .as_ref()
            .map_or_else(String::new, |(at, name)| {
                format!(
                    " (first failure: instance {} of the plan, {name})",
                    thousands(*at)
                )
            });
        format!(
            "caught at instance {}{first} after {:.2} s{smaller}{shrinking}",
            thousands(self.instances),
            self.after.as_secs_f64(),
        )
    }
}
