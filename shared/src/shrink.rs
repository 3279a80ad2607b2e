//! The one shrinking engine, for the cross-checks and for `--check`: from a failing instance,
//! take the first smaller candidate that still fails, and repeat until none does.
//!
//! It ends at a local minimum: no single step of the candidate list keeps the failure. That
//! is all it shows; a smaller failing instance may still exist that no chain of steps reaches,
//! and a report says so in those words. Candidate lists put the big steps first (drop a node
//! before an edge), so the early rounds take most of the size off.

/// Where shrinking ended.
pub struct Shrunk<I, F> {
    pub instance: I,
    pub failure: F,
    /// True at a local minimum; false when `out_of_time` stopped it first.
    pub local_minimum: bool,
    /// How many steps were taken (candidates kept).
    pub steps: usize,
}

/// Shrinks `instance`, which fails with `failure`.
///
/// `candidates` lists smaller instances, every one valid and strictly smaller by some
/// well-founded measure (so that the rounds end). `first_failing` runs a list of candidates
/// and names the first that fails, with its failure; it may run them one by one, or many in
/// one process, and may stop when `out_of_time`. `out_of_time` is asked before each round,
/// and after a round in which none failed: a round the time may have cut shows no local
/// minimum.
///
/// # Complexity
/// At most one round per step, and the steps are bounded by the measure; each round costs
/// what `first_failing` costs on the candidates.
pub fn shrink<I, F, E>(
    instance: I,
    failure: F,
    candidates: impl Fn(&I) -> Vec<I>,
    mut first_failing: impl FnMut(&[I]) -> Result<Option<(usize, F)>, E>,
    out_of_time: impl Fn() -> bool,
) -> Result<Shrunk<I, F>, E> {
    let mut shrunk = Shrunk {
        instance,
        failure,
        local_minimum: false,
        steps: 0,
    };
    loop {
        if out_of_time() {
            return Ok(shrunk);
        }
        let mut smaller = candidates(&shrunk.instance);
        match first_failing(&smaller)? {
            Some((index, failure)) if index < smaller.len() => {
                shrunk.instance = smaller.swap_remove(index);
                shrunk.failure = failure;
                shrunk.steps += 1;
            }
            _ => {
                shrunk.local_minimum = !out_of_time();
                return Ok(shrunk);
            }
        }
    }
}

/// `first_failing` for a check that runs one instance at a time.
pub fn one_by_one<I, F>(
    check: impl Fn(&I) -> Result<(), F>,
) -> impl FnMut(&[I]) -> Result<Option<(usize, F)>, std::convert::Infallible> {
    move |candidates| {
        Ok(candidates
            .iter()
            .enumerate()
            .find_map(|(index, candidate)| check(candidate).err().map(|failure| (index, failure))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers fail from 5 up; the steps are "minus 1" and "halve".
    fn steps(&n: &u32) -> Vec<u32> {
        [n / 2, n.saturating_sub(1)]
            .into_iter()
            .filter(|&m| m < n)
            .collect()
    }

    fn fails(&n: &u32) -> Result<(), String> {
        if n >= 5 {
            Err(format!("{n} fails"))
        } else {
            Ok(())
        }
    }

    #[test]
    fn ends_at_a_local_minimum_taking_big_steps_first() {
        let Ok(shrunk) = shrink(40, "40 fails".to_string(), steps, one_by_one(fails), || {
            false
        });
        assert_eq!(shrunk.instance, 5);
        assert_eq!(shrunk.failure, "5 fails");
        assert!(shrunk.local_minimum);
        // Halving first: 40, 20, 10, 5; from 5, both 2 and 4 pass.
        assert_eq!(shrunk.steps, 3);
    }

    #[test]
    fn stops_when_out_of_time_and_says_so() {
        let rounds = std::cell::Cell::new(0);
        let out_of_time = || {
            rounds.set(rounds.get() + 1);
            rounds.get() > 2
        };
        let Ok(shrunk) = shrink(40, String::new(), steps, one_by_one(fails), out_of_time);
        assert_eq!(shrunk.instance, 10);
        assert!(!shrunk.local_minimum);
    }
}
