//! The answers grouped by truth and plies, each group's what-was-said counted. Uses the
//! chase's positions and the answers.
//!
//! # Complexity
//! p positions: O(p log p) for the sort.

use super::answers::Said;
use crate::problems::chase::{Chase, GameResult};

/// Misjudged positions of one truth whose plies lie in a range, and what was said there.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub truth: GameResult,
    /// The range of plies, for forced wins.
    pub plies: Option<(u32, u32)>,
    pub asked: usize,
    pub right: usize,
    /// What it said where it was wrong, with how often: a draw 35 times.
    pub wrong: Vec<(GameResult, usize)>,
}

/// The positions grouped by their truth, then by runs of plies that the program judged alike
/// (all right, all wrong the same way, or some of each), shortest first.
pub(super) fn groups<C>(chase: &Chase<C>, said: &[Said]) -> Vec<Group> {
    let mut by_truth: Vec<(GameResult, Option<u32>, &Said)> = chase
        .positions
        .iter()
        .zip(said)
        .filter(|(_, said)| matches!(said, Said::Result(_)))
        .map(|(position, said)| (position.truth, position.plies, said))
        .collect();
    // Mouse wins, then cat wins, then the rest; by plies within each.
    let rank = |truth: GameResult| match truth {
        GameResult::MouseWins => 0,
        GameResult::CatWins => 1,
        GameResult::Draw => 2,
    };
    by_truth.sort_by_key(|&(truth, plies, _)| (rank(truth), plies.is_none(), plies));
    let mut groups: Vec<Group> = Vec::new();
    let mut index = 0;
    while index < by_truth.len() {
        let (truth, plies, _) = by_truth[index];
        let same: Vec<&Said> = by_truth[index..]
            .iter()
            .take_while(|&&(other, other_plies, _)| other == truth && other_plies == plies)
            .map(|&(_, _, said)| said)
            .collect();
        index += same.len();
        let group = group_of(truth, plies, &same);
        match groups.last_mut() {
            Some(last) if alike(last, &group) => {
                last.plies = last.plies.zip(plies).map(|((from, _), to)| (from, to));
                last.asked += group.asked;
                last.right += group.right;
                for (said, count) in group.wrong {
                    if let Some(entry) = last.wrong.iter_mut().find(|entry| entry.0 == said) {
                        entry.1 += count;
                    }
                }
            }
            _ => groups.push(group),
        }
    }
    groups
}

fn group_of(truth: GameResult, plies: Option<u32>, said: &[&Said]) -> Group {
    let mut wrong: Vec<(GameResult, usize)> = Vec::new();
    let mut right = 0;
    for said in said {
        match said {
            Said::Result(result) if *result == truth => right += 1,
            Said::Result(result) => match wrong.iter_mut().find(|entry| entry.0 == *result) {
                Some(entry) => entry.1 += 1,
                None => wrong.push((*result, 1)),
            },
            _ => {}
        }
    }
    Group {
        truth,
        plies: plies.map(|plies| (plies, plies)),
        asked: said.len(),
        right,
        wrong,
    }
}

/// Whether `next` (of the following plies) reads as `group` does: the same truth, and all
/// right in both, or all wrong the same way in both.
fn alike(group: &Group, next: &Group) -> bool {
    fn kinds(group: &Group) -> Vec<GameResult> {
        let mut kinds: Vec<GameResult> = group.wrong.iter().map(|(said, _)| *said).collect();
        kinds.sort_unstable();
        kinds
    }
    let pure = |group: &Group| group.right == 0 || group.wrong.is_empty();
    group.truth == next.truth
        && group.plies.is_some()
        && next.plies.is_some()
        && pure(group)
        && pure(next)
        && (group.right == 0) == (next.right == 0)
        && kinds(group) == kinds(next)
}
