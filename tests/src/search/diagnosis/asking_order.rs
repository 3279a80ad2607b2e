//! The order the program is asked about a chase's positions in, so that a diagnosis cut short
//! has still asked about every kind. Uses only the chase's positions.
//!
//! # Complexity
//! p positions of k kinds: O(p·k).

use crate::problems::chase::{Chase, GameResult};

/// A position's truth and the plies of its forced win.
type Kind = (GameResult, Option<u32>);

/// The order to ask in: one position of each truth and length in turn, longest wins first, so
/// that a diagnosis cut short has still asked about every kind.
pub fn asking_order<C>(chase: &Chase<C>) -> Vec<usize> {
    let mut kinds: Vec<(Kind, Vec<usize>)> = Vec::new();
    for (at, position) in chase.positions.iter().enumerate() {
        let kind = (position.truth, position.plies);
        match kinds.iter_mut().find(|(other, _)| *other == kind) {
            Some((_, members)) => members.push(at),
            None => kinds.push((kind, vec![at])),
        }
    }
    // The longest wins first: past a cap they are the ones judged wrong, and the horizon needs
    // them and the right ones just short of them before a cut.
    kinds.sort_by_key(|&((truth, plies), _)| {
        (std::cmp::Reverse(plies.map_or(0, |plies| plies + 1)), truth)
    });
    let most = kinds
        .iter()
        .map(|(_, members)| members.len())
        .max()
        .unwrap_or(0);
    (0..most)
        .flat_map(|round| {
            kinds
                .iter()
                .filter_map(move |(_, members)| members.get(round).copied())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::lc913;
    use shared::rng::Rng;

    #[test]
    fn a_cut_diagnosis_has_asked_about_every_kind() {
        // A 913 graph with draws and with forced wins of many plies.
        let chase = lc913::chase(&lc913::deep_graph(&mut Rng::new(7), 12, 300));
        let order = asking_order(&chase);
        assert_eq!(order.len(), chase.positions.len());
        let kinds: std::collections::HashSet<Kind> = chase
            .positions
            .iter()
            .map(|position| (position.truth, position.plies))
            .collect();
        let first: std::collections::HashSet<Kind> = order[..kinds.len()]
            .iter()
            .map(|&at| (chase.positions[at].truth, chase.positions[at].plies))
            .collect();
        assert_eq!(first, kinds);
    }
}
