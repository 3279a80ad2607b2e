//! The cross-check loop: instances from seeds, a check per instance, and on failure the seed
//! and the smallest failing instance that shrinking finds.

use crate::rng::Rng;
use std::fmt::Debug;

/// Runs `check` on the instances `generate` makes from seeds `first_seed..first_seed + count`.
///
/// On the first failure, [`crate::shrink::shrink`] takes it to a local minimum of `shrink`'s
/// steps (each candidate valid and smaller).
///
/// # Panics
/// With the seed, the smallest failing instance found, the seed's own instance and the check's
/// message.
pub fn cross_check<I: Clone + Debug>(
    label: &str,
    first_seed: u64,
    count: u64,
    generate: impl Fn(&mut Rng) -> I,
    shrink: impl Fn(&I) -> Vec<I>,
    check: impl Fn(&I) -> Result<(), String>,
) {
    for seed in first_seed..first_seed + count {
        let instance = generate(&mut Rng::new(seed));
        if let Err(message) = check(&instance) {
            let Ok(shrunk) = crate::shrink::shrink(
                instance.clone(),
                message,
                &shrink,
                crate::shrink::one_by_one(&check),
                || false,
            );
            panic!(
                "{label}: seed {seed} fails: {}\n\
                 smallest failing instance (no single shrinking step keeps the failure): \
                 {:?}\n\
                 the seed's instance: {instance:?}",
                shrunk.failure, shrunk.instance
            );
        }
    }
}

/// The one answer every named solver gave, or a message naming the first two that differ.
///
/// # Panics
/// If `answers` is empty.
pub fn all_agree<A: PartialEq + Debug>(answers: Vec<(&str, A)>) -> Result<A, String> {
    let mut answers = answers.into_iter();
    let (first_name, first) = answers.next().expect("at least one answer");
    for (name, answer) in answers {
        if answer != first {
            return Err(format!(
                "{first_name} answers {first:?}, {name} answers {answer:?}"
            ));
        }
    }
    Ok(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "seed 2 fails: 5 is too big\n\
                               smallest failing instance (no single shrinking step keeps the \
                               failure): 5")]
    fn reports_the_seed_and_the_shrunk_instance() {
        // Instances are seed * 3, so seed 2 (6) fails first; shrinking steps down to 5.
        cross_check(
            "toy",
            0,
            10,
            |rng| {
                let first = rng.clone().next_u64();
                (0..10).find(|&s| Rng::new(s).next_u64() == first).unwrap() * 3
            },
            |&n| if n > 0 { vec![n - 1] } else { vec![] },
            |&n| {
                if n >= 5 {
                    Err(format!("{n} is too big"))
                } else {
                    Ok(())
                }
            },
        );
    }
}
