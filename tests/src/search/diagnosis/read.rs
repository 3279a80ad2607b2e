//! The diagnosis as one value ([`Diagnosis`]) and [`diagnose`], which reads a program's
//! answers about every position of a chase game's counterexample by each finding in turn
//! (`groups`, `horizon`, `contradiction`, `cycle`). Uses its siblings and the problems' chase
//! data.

use super::answers::{Answered, Cut, Said};
use super::contradiction::{contradiction, Contradiction};
use super::cycle::{cycle, Cycle};
use super::groups::{groups, Group};
use super::horizon::{horizon, Horizon};
use super::rounds::RoundsDiagnosis;
use crate::problems::chase::{Asked, Chase, GameResult, TooManyPositions};

/// The diagnosis: what the program's answers about every position show. How many were
/// asked, answered and misjudged, and where, are read from `answers` ([`Diagnosis::positions`],
/// [`Diagnosis::answered`], [`Diagnosis::misjudged_at`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Diagnosis {
    /// How the positions were asked about; none for rounds, or where none were asked.
    pub asked: Option<Asked>,
    /// Why some positions have no result (a cut, faults), if any do.
    pub cut: Option<Cut>,
    pub groups: Vec<Group>,
    pub horizon: Option<Horizon>,
    /// The contradiction in the program's answers, if there is one.
    pub contradiction: Option<Contradiction>,
    /// A cycle of claimed wins, if there is one.
    pub cycle: Option<Cycle>,
    /// Every position asked about: its places (mouse, cat), its truth and what the program
    /// said (`None`: no result), for the page.
    pub answers: Vec<Answered>,
    /// The places of the contradiction's position, if there is one.
    pub contradiction_at: Option<(usize, usize)>,
    /// What asking and reading took, in seconds.
    pub seconds: f64,
    /// For a recorded game (noi2011), in place of the positions: the rounds.
    pub rounds: Option<RoundsDiagnosis>,
    /// Why the positions were not asked about (too many of them), if they were not.
    pub skipped: Option<TooManyPositions>,
    /// Where the answers cannot be read as the program's own, one a position: what the
    /// instance itself got asked among the others, and alone. Then no horizon, contradiction
    /// or cycle is drawn from them.
    pub kept_state: Option<KeptState>,
}

/// The instance's own position answered one way among the others and another alone: the
/// program keeps state between test cases.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeptState {
    pub among_others: Option<GameResult>,
    pub alone: Option<GameResult>,
}

/// The diagnosis of `chase` from what the program `said` of each position.
pub fn diagnose<C>(chase: &Chase<C>, said: &[Said], cut: Option<Cut>) -> Diagnosis {
    let positions = &chase.positions;
    let result = |index: usize| match said.get(index) {
        Some(Said::Result(result)) => Some(*result),
        _ => None,
    };
    let wrong = |index: usize| result(index).is_some_and(|said| said != positions[index].truth);
    let misjudged: Vec<usize> = (0..positions.len()).filter(|&at| wrong(at)).collect();
    let horizon = horizon(chase, &result);
    // A horizon and a contradiction are both shown where both are there: a cap gives both
    // (the first win past it rests on right answers), and so can a search that goes wrong
    // another way on a small instance, which only the contradiction then describes.
    let (contradiction_at, contradiction) = match contradiction(chase, &result, &misjudged) {
        Some((at, found)) => (Some(positions[at].places), Some(found)),
        None => (None, None),
    };
    let cycle = match contradiction {
        None => cycle(chase, &result, &misjudged),
        Some(_) => None,
    };
    Diagnosis {
        asked: Some(chase.asked),
        cut,
        groups: groups(chase, said),
        horizon,
        contradiction,
        cycle,
        answers: positions
            .iter()
            .enumerate()
            .map(|(at, position)| Answered {
                places: position.places,
                truth: position.truth,
                said: result(at),
            })
            .collect(),
        contradiction_at,
        ..Diagnosis::default()
    }
}

impl Diagnosis {
    /// The diagnosis of a recorded game, round by round: no positions.
    pub fn of_rounds(rounds: RoundsDiagnosis) -> Diagnosis {
        Diagnosis {
            seconds: rounds.seconds,
            rounds: Some(rounds),
            ..Diagnosis::default()
        }
    }

    /// How many positions were asked about.
    pub fn positions(&self) -> usize {
        self.answers.len()
    }

    /// How many got a result.
    pub fn answered(&self) -> usize {
        self.answers
            .iter()
            .filter(|answer| answer.said.is_some())
            .count()
    }

    /// The places (mouse, cat) of every misjudged position.
    pub fn misjudged_at(&self) -> Vec<(usize, usize)> {
        self.answers
            .iter()
            .filter(|answer| answer.said.is_some_and(|said| said != answer.truth))
            .map(|answer| answer.places)
            .collect()
    }

    /// The diagnosis with the instance's own position answered `among_others` in the batch,
    /// against `alone`, the program's answer to the instance run alone: where they differ, the
    /// program keeps state between test cases, and its batch answers are not each its own.
    pub fn checked_against(
        mut self,
        among_others: Option<GameResult>,
        alone: Option<GameResult>,
    ) -> Diagnosis {
        if among_others.is_none() || alone.is_none() || among_others == alone {
            return self;
        }
        self.kept_state = Some(KeptState {
            among_others,
            alone,
        });
        (self.horizon, self.contradiction, self.cycle) = (None, None, None);
        self.contradiction_at = None;
        self
    }

    /// No diagnosis, and why: too many positions.
    pub fn skipped(why: TooManyPositions) -> Diagnosis {
        Diagnosis {
            skipped: Some(why),
            ..Diagnosis::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::chase::{Position, Standing};
    use crate::problems::{lc1728, lc913, Problem};
    use shared::rng::Rng;

    /// A 913 graph with draws and with forced wins of many plies.
    fn deep_graph() -> shared::lc913::Graph {
        let mut rng = Rng::new(7);
        lc913::deep_graph(&mut rng, 12, 300)
    }

    fn said_by(
        chase: &Chase<shared::lc913::Graph>,
        rule: impl Fn(&Position<shared::lc913::Graph>) -> GameResult,
    ) -> Vec<Said> {
        chase
            .positions
            .iter()
            .map(|position| Said::Result(rule(position)))
            .collect()
    }

    #[test]
    fn each_position_asked_is_the_game_its_truth_names() {
        let solve = &lc913::solvers()[0].solve;
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let graph = shared::lc913::any_graph(&mut rng, 3, 9);
            for position in lc913::chase(&graph).positions {
                let answer = lc913::Lc913::result_of(&solve(&position.case));
                assert_eq!(
                    answer,
                    Some(position.truth),
                    "{:?} of {graph:?}",
                    position.standing
                );
            }
        }
        let solve = &lc1728::solvers()[0].solve;
        for _ in 0..10 {
            let game = shared::lc1728::any_game(&mut rng, 4, 4);
            for position in lc1728::chase(&game).positions {
                let answer = lc1728::Lc1728::result_of(&solve(&position.case));
                assert_eq!(
                    answer,
                    Some(position.truth),
                    "{:?} of {game:?}",
                    position.standing
                );
            }
        }
    }

    #[test]
    fn a_cap_shows_as_a_horizon_that_holds_it() {
        let chase = lc913::chase(&deep_graph());
        let longest = chase
            .positions
            .iter()
            .filter_map(|position| position.plies)
            .max();
        let longest = longest.unwrap_or(0);
        assert!(longest >= 12, "the graph's longest win is {longest} plies");
        let cap = longest - 3;
        // A search cut after `cap` plies calls every longer win a draw and gets the rest right.
        let said = said_by(&chase, |position| match position.plies {
            Some(plies) if plies > cap => GameResult::Draw,
            _ => position.truth,
        });
        let diagnosis = diagnose(&chase, &said, None);
        let horizon = diagnosis
            .horizon
            .clone()
            .unwrap_or_else(|| panic!("{diagnosis:?}"));
        assert!(
            horizon.longest_right <= cap && cap < horizon.shortest_wrong,
            "{horizon:?}"
        );
        assert_eq!(
            diagnosis.contradiction.as_ref().map(|found| found.said),
            Some(GameResult::Draw),
            "{diagnosis:?}"
        );
        // The caps named as exact give exactly this horizon; those named as near are a ply off;
        // each is one of the chase's.
        for cap in horizon.caps.iter().chain(&horizon.near_caps) {
            assert!(chase.caps.contains(cap), "{cap:?}");
        }
        for &(_, exact) in &horizon.caps {
            assert!(horizon.longest_right <= exact && exact < horizon.shortest_wrong);
        }
        for &(_, near) in &horizon.near_caps {
            assert!(near + 1 == horizon.longest_right || near == horizon.shortest_wrong);
        }
    }

    #[test]
    fn one_wrong_answer_is_a_contradiction_at_it() {
        let chase = lc913::chase(&deep_graph());
        let wrong = chase
            .positions
            .iter()
            .position(|position| position.plies.is_some_and(|plies| plies >= 5))
            .unwrap_or(0);
        let mut said = said_by(&chase, |position| position.truth);
        said[wrong] = Said::Result(GameResult::Draw);
        let diagnosis = diagnose(&chase, &said, None);
        assert_eq!(diagnosis.misjudged_at().len(), 1);
        let found = diagnosis
            .contradiction
            .clone()
            .unwrap_or_else(|| panic!("{diagnosis:?}"));
        assert_eq!(found.standing, chase.positions[wrong].standing);
        assert_eq!(
            (found.said, found.truth),
            (GameResult::Draw, chase.positions[wrong].truth)
        );
        // Every answer it rests on is right, and they give the truth by the rules.
        assert!(
            found.all_right && found.by_its_answers == found.truth,
            "{found:?}"
        );
        assert!(diagnosis.cycle.is_none());
    }

    #[test]
    fn answers_that_keep_state_between_positions_are_not_read_further() {
        let chase = lc913::chase(&deep_graph());
        let wrong = chase
            .positions
            .iter()
            .position(|position| position.plies.is_some_and(|plies| plies >= 5));
        let mut said = said_by(&chase, |position| position.truth);
        said[wrong.unwrap_or(0)] = Said::Result(GameResult::Draw);
        let diagnosis = diagnose(&chase, &said, None);
        assert!(diagnosis.contradiction.is_some());
        let same = diagnosis
            .clone()
            .checked_against(Some(GameResult::Draw), Some(GameResult::Draw));
        assert_eq!(same, diagnosis);
        let differs =
            diagnosis.checked_against(Some(GameResult::MouseWins), Some(GameResult::Draw));
        let kept_state = KeptState {
            among_others: Some(GameResult::MouseWins),
            alone: Some(GameResult::Draw),
        };
        assert_eq!(differs.kept_state, Some(kept_state));
        assert!(
            differs.contradiction.is_none() && differs.cycle.is_none() && differs.horizon.is_none()
        );
    }

    #[test]
    fn draws_scored_as_wins_show_a_cycle_of_claimed_wins() {
        // The statement's first example, a draw from the start.
        let graph = lc913::examples()[0].0.clone();
        let chase = lc913::chase(&graph);
        assert!(chase
            .positions
            .iter()
            .any(|position| position.truth == GameResult::Draw));
        // Scoring every endless line as the mouse's: consistent answers, wrong at every draw.
        let said = said_by(&chase, |position| match position.truth {
            GameResult::Draw => GameResult::MouseWins,
            other => other,
        });
        let diagnosis = diagnose(&chase, &said, None);
        assert!(diagnosis.contradiction.is_none(), "{diagnosis:?}");
        let cycle = diagnosis
            .cycle
            .clone()
            .unwrap_or_else(|| panic!("{diagnosis:?}"));
        assert_eq!(cycle.claimed, GameResult::MouseWins);
        assert!(cycle.agree, "{cycle:?}");
        // Every position on the loop, each named once, is a draw the answers call a mouse win.
        let mut standings: Vec<Standing> = cycle.steps.iter().map(|&(at, _)| at).collect();
        standings.sort();
        standings.dedup();
        assert_eq!(standings.len(), cycle.steps.len(), "{cycle:?}");
        for (standing, _) in &cycle.steps {
            let position = chase
                .positions
                .iter()
                .find(|position| position.standing == *standing);
            assert_eq!(
                position.map(|position| position.truth),
                Some(GameResult::Draw),
                "{standing:?}"
            );
        }
    }
}
