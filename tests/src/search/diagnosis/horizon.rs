//! The horizon: every forced win of up to L plies judged right, every longer one wrong (a
//! search capped at some depth), if the answers show one, and the known caps that give it.
//! Uses the chase's positions.
//!
//! # Complexity
//! p positions: O(p).

use crate::problems::chase::{Cap, Chase, GameResult};

/// Every forced win of up to `longest_right` plies judged right, every one of
/// `shortest_wrong` plies or more judged wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct Horizon {
    pub longest_right: u32,
    pub shortest_wrong: u32,
    /// The side whose wins it cuts, when only one side's are.
    pub side: Option<GameResult>,
    /// The known caps that give exactly this, each with its plies (`2n`, 16): a cap of K plies
    /// judges a win of p plies right exactly when p <= K.
    pub caps: Vec<(Cap, u32)>,
    /// The known caps within a ply of it: a program that counts from 1, or cuts the game
    /// before it looks at the last ply's end, is off by one.
    pub near_caps: Vec<(Cap, u32)>,
    /// Whether the wrong wins are only the longest the instance has (of each side cut): then
    /// nothing longer tells a depth limit from another mistake.
    pub only_longest: bool,
    /// Whether a win judged right takes more than its winner's first move (one ply for the
    /// mouse, two for the cat), on a side whose wins are cut. Where none does, the wins judged
    /// right are only those the rules end at once, which take no search: the answers show no
    /// depth, and no horizon or cap is named (`caps` and `near_caps` empty).
    pub beyond_first_move: bool,
}

/// One side's forced wins as the program judged them: the longest judged right, the shortest
/// judged wrong, the longest answered at all.
#[derive(Default)]
struct SideWins {
    longest_right: Option<u32>,
    shortest_wrong: Option<u32>,
    longest: u32,
}

/// A horizon, if the answers show one: for each side some of whose forced wins are judged
/// wrong, some judged right too, and every right one shorter than every wrong one; the
/// bounds are taken over those sides. A side whose wins are all judged right is what a cap
/// gives to the side it scores the cut-off game for (1728's cat), and is left out. A mouse's
/// win of one ply and a cat's of two end at the winner's first move: judged right alone, they
/// show no depth searched.
pub(super) fn horizon<C>(
    chase: &Chase<C>,
    result: &dyn Fn(usize) -> Option<GameResult>,
) -> Option<Horizon> {
    let mut sides: Vec<(GameResult, SideWins)> = Vec::new();
    for (at, position) in chase.positions.iter().enumerate() {
        let (Some(plies), Some(said)) = (position.plies, result(at)) else {
            continue;
        };
        if !sides.iter().any(|(side, _)| *side == position.truth) {
            sides.push((position.truth, SideWins::default()));
        }
        let (_, wins) = sides.iter_mut().find(|(side, _)| *side == position.truth)?;
        wins.longest = wins.longest.max(plies);
        if said == position.truth {
            wins.longest_right = wins.longest_right.max(Some(plies));
        } else {
            wins.shortest_wrong = Some(wins.shortest_wrong.map_or(plies, |wrong| wrong.min(plies)));
        }
    }
    sides.retain(|(_, wins)| wins.shortest_wrong.is_some());
    let mut bounds: Option<(u32, u32)> = None;
    for (_, wins) in &sides {
        let (right, wrong) = (wins.longest_right?, wins.shortest_wrong?);
        bounds = Some(bounds.map_or((right, wrong), |(r, w)| (r.max(right), w.min(wrong))));
    }
    let (longest_right, shortest_wrong) = bounds?;
    if longest_right >= shortest_wrong {
        return None;
    }
    // The rules end a mouse's win of one ply, and a cat's of two, at the winner's first move.
    let first_move = |side: GameResult| match side {
        GameResult::CatWins => 2,
        _ => 1,
    };
    let beyond_first_move = sides
        .iter()
        .any(|(side, wins)| wins.longest_right > Some(first_move(*side)));
    let named = |fits: &dyn Fn(u32) -> bool| {
        chase
            .caps
            .iter()
            .filter(|(_, cap)| beyond_first_move && fits(*cap))
            .cloned()
            .collect()
    };
    Some(Horizon {
        longest_right,
        shortest_wrong,
        side: match sides.as_slice() {
            [(side, _)] => Some(*side),
            _ => None,
        },
        caps: named(&|cap| longest_right <= cap && cap < shortest_wrong),
        near_caps: named(&|cap| cap + 1 == longest_right || cap == shortest_wrong),
        only_longest: sides
            .iter()
            .all(|(_, wins)| wins.shortest_wrong == Some(wins.longest)),
        beyond_first_move,
    })
}
