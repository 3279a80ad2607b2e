//! [`Plan`]: the instances a check runs, in order, fixed before its first run by the problem,
//! `--seed` and the options alone, so that two checks of one program, on a quiet machine and
//! a busy one, run the same instances in the same processes and reach the same verdict.
//!
//! The families, in order, and why there: the problem's known instances (the statement's
//! examples, the regression cases, the deepest forced win known of each size: capped searches
//! fail there at once), every valid instance up to a small size (a mistake they show is
//! reported at the smallest size there is; noi2011 holds back its 6-cell games until another
//! fails), the judge's largest (mistakes only size shows: overflows, reads past an end,
//! slowness), then seeded random instances growing to the judge's limits (the mistakes no
//! table foresaw).
//! `--cases N` keeps the plan's first N instances; `--random N` sets the last family's count.
//! The random instances are made as the run reaches them ([`Cases`]): each is a function of
//! the seed and its place alone, and a check that fails early, or whose build is refused,
//! never pays for the rest (913's deep graphs take about a second to make in all).
//!
//! Uses only the problems.

use super::options::Options;
use crate::problems::instances::{InstanceSet, Known, Smaller};
use crate::problems::Problem;
use shared::rng::Rng;
use std::borrow::Cow;

/// A seeded generator for instance `index` of seed `seed`: the same pair, the same instance.
pub fn instance_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index)
}

/// How many random instances it takes to reach the judge's limits: a slow ramp, since the
/// mistakes that random instances find best show on mid-sized ones (a player that may not
/// stay put: 1728's `no_stay.cpp`, caught at random instance 244 over this ramp and at 1,300
/// over one of 400), and the largest have a family of their own.
pub const RAMP: usize = 1000;

/// What a family of the plan is, as data: the renderer says it in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyKind {
    /// Every valid instance up to a size, smallest first (`what`: 762 of 913's valid graphs
    /// of 3 to 5 nodes, in order). `held_back` more of them,
    /// the largest, run only once a larger instance fails, before it is shrunk; `complete`:
    /// every instance not among them is larger, so the first of them to fail is the smallest
    /// counterexample there is.
    Every {
        what: InstanceSet,
        held_back: usize,
        complete: bool,
    },
    /// The problem's known instances, smallest first: the statement's examples, the
    /// regression cases, and the deepest forced win known of each size.
    Known {
        examples: usize,
        regressions: usize,
        deepest: usize,
    },
    /// The judge's largest instances.
    Largest,
    /// Seeded random instances, growing from the smallest to the judge's limits (past them
    /// with `beyond`) over the first `ramp` of them: [`RAMP`], or all of them where there are
    /// fewer.
    Random {
        seed: u64,
        beyond: bool,
        ramp: usize,
    },
    /// `--input`'s instances, in the file's order; `source` is the file, or `-` for stdin.
    Yours { source: String },
}

/// An instance's name in the plan: as the problem names it, or by its place in its family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstanceName {
    /// As the problem names it: an example, a regression, the deepest win known of a size, an
    /// instance at the judge's limits (`regression 4`).
    Named(Known),
    /// The `at`-th (from 1) of every instance up to a size, run in order; `what` names them.
    InOrder { at: usize, what: InstanceSet },
    /// The seeded random instance `at` (from 0) of `seed`.
    Random { seed: u64, at: u64 },
    /// Test case `at` (from 1) of `--input`.
    Yours { at: usize },
}

/// One family of the plan: its instances made and named, or, for the random family, how many
/// are to be made when the run reaches them.
pub struct Family<C> {
    pub kind: FamilyKind,
    pub named: Vec<(InstanceName, C)>,
    /// How many more the plan runs, made on demand by the plan's [`Maker`].
    pub unmade: usize,
    /// How many the family had before `--cases` cut the plan.
    pub whole: usize,
}

/// The plan: its families in order, the small instances held back, and how the random
/// family's instances are made.
pub struct Plan<C> {
    pub families: Vec<Family<C>>,
    /// The instances of the [`FamilyKind::Every`] family held back until a larger one fails.
    pub held_back: Vec<(InstanceName, C)>,
    maker: Option<Maker<C>>,
}

/// How the random family makes its instance `at`: from its seed and `at` alone (past the
/// judge's limits or not, as its [`FamilyKind::Random`] says), its size growing over the
/// first `steps`.
struct Maker<C> {
    steps: usize,
    generate: fn(&mut Rng, f64, bool) -> C,
}

impl<C> Maker<C> {
    /// # Complexity
    /// One call of the problem's generator: for 913, up to 150 solves of a 50-node graph.
    fn make(&self, (seed, beyond): (u64, bool), at: usize) -> C {
        let scale = (at as f64 / self.steps as f64).min(1.0);
        (self.generate)(&mut instance_rng(seed, at as u64), scale, beyond)
    }
}

/// Where an instance of the plan is: among a family's named ones, or the `at`-th of the random
/// family's, to be made.
enum Place<'p, C> {
    Named(&'p (InstanceName, C)),
    Unmade { seed: u64, beyond: bool, at: usize },
}

/// A run's cases, made as it reaches them: a plan's (its random instances made only once a
/// part needs them), or a list given whole.
pub struct Cases<'a, C: Clone> {
    made: Cow<'a, [C]>,
    total: usize,
    plan: Option<&'a Plan<C>>,
}

impl<'a, C: Clone> Cases<'a, C> {
    /// Cases given whole.
    pub fn given(cases: &'a [C]) -> Cases<'a, C> {
        Cases {
            made: Cow::Borrowed(cases),
            total: cases.len(),
            plan: None,
        }
    }

    /// How many there are, made or not.
    pub fn len(&self) -> usize {
        self.total
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The first `end` of them (all, where there are fewer), made where they are not yet.
    pub fn up_to(&mut self, end: usize) -> &[C] {
        let end = end.min(self.total);
        if let (Some(plan), true) = (self.plan, self.made.len() < end) {
            let made = self.made.to_mut();
            while made.len() < end {
                match plan.case(made.len()) {
                    Some(case) => made.push(case),
                    None => break,
                }
            }
        }
        &self.made[..end.min(self.made.len())]
    }

    /// Those made so far, in order: every one a run has reached.
    pub fn made(&self) -> &[C] {
        &self.made
    }
}

/// What a family of the plan covered, as numbers: for the report and `--json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyRan {
    pub kind: FamilyKind,
    /// How many of its instances the plan holds (after `--cases`), and how many the family
    /// has in all.
    pub planned: usize,
    pub whole: usize,
    /// How many of them ran and passed.
    pub ran: usize,
    /// The problem's measure ([`Problem::measure`]) of its smallest and largest instance
    /// that ran; `None` where none did.
    pub sizes: Option<([usize; 3], [usize; 3])>,
}

/// What a plan covered: each family, and the names of the problem's measure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanRan {
    pub families: Vec<FamilyRan>,
    /// The names of the measure's parts (`nodes`, `edges`), for the families' sizes.
    pub measure: [&'static str; 3],
}

impl PlanRan {
    /// How many instances the plan held (after `--cases`).
    pub fn planned(&self) -> u64 {
        self.families
            .iter()
            .map(|family| family.planned as u64)
            .sum()
    }

    /// How many of them ran and passed.
    pub fn ran(&self) -> u64 {
        self.families.iter().map(|family| family.ran as u64).sum()
    }

    /// The whole plan's count, before `--cases` cut it.
    pub fn whole(&self) -> u64 {
        self.families.iter().map(|family| family.whole as u64).sum()
    }

    /// `--input`'s file (`-` for stdin), where the plan is its instances.
    pub fn yours(&self) -> Option<&str> {
        match &self.families[..] {
            [FamilyRan {
                kind: FamilyKind::Yours { source },
                ..
            }] => Some(source),
            _ => None,
        }
    }
}

impl<C: Clone> Plan<C> {
    /// The default plan of `P` as `options` set it.
    pub fn of<P: Problem<Case = C>>(options: &Options) -> Plan<C> {
        let seed = options.seed;
        let mut families = Vec::new();
        let mut held_back = Vec::new();
        let [examples, regressions, deepest] = P::fixed_parts();
        let known = FamilyKind::Known {
            examples,
            regressions,
            deepest,
        };
        families.push(Family::named(known, P::fixed()));
        if let Some(Smaller {
            all,
            what,
            complete,
            ..
        }) = P::small()
        {
            let first = P::small_first(&all).min(all.len());
            let mut named: Vec<(InstanceName, C)> = all
                .into_iter()
                .enumerate()
                .map(|(at, case)| (InstanceName::InOrder { at: at + 1, what }, case))
                .collect();
            held_back = named.split_off(first);
            let kind = FamilyKind::Every {
                what,
                held_back: held_back.len(),
                complete,
            };
            families.push(Family::new(kind, named));
        }
        let largest = P::largest(&mut instance_rng(seed, u64::MAX));
        families.push(Family::named(FamilyKind::Largest, largest));
        let whole = options
            .random
            .map_or(P::RANDOM_INSTANCES, |count| count as usize);
        let mut count = whole;
        // Only as many as `--cases` leaves room for are made: making one can take a search.
        if let Some(most) = options.cases {
            let before: usize = families
                .iter()
                .map(|family: &Family<C>| family.named.len())
                .sum();
            let room = usize::try_from(most)
                .unwrap_or(usize::MAX)
                .saturating_sub(before);
            count = count.min(room);
        }
        // The sizes reach the judge's limits after [`RAMP`] instances, or at the last of
        // fewer.
        let ramp = whole.min(RAMP);
        let steps = match whole > RAMP {
            true => RAMP,
            false => whole.saturating_sub(1).max(1),
        };
        let beyond = options.beyond_limits;
        let mut random = Family::new(FamilyKind::Random { seed, beyond, ramp }, Vec::new());
        (random.unmade, random.whole) = (count, whole);
        families.push(random);
        let maker = Maker {
            steps,
            generate: P::generate,
        };
        let mut plan = Plan {
            families,
            held_back,
            maker: Some(maker),
        };
        if let Some(most) = options.cases {
            plan.cut(most);
        }
        plan
    }

    /// `--input`'s instances as the whole plan, named by their place; `--cases` keeps the
    /// first of them.
    pub fn yours(source: &str, cases: Vec<C>, options: &Options) -> Plan<C> {
        let named = cases
            .into_iter()
            .enumerate()
            .map(|(at, case)| (InstanceName::Yours { at: at + 1 }, case))
            .collect();
        let kind = FamilyKind::Yours {
            source: source.to_string(),
        };
        let mut plan = Plan {
            families: vec![Family::new(kind, named)],
            held_back: Vec::new(),
            maker: None,
        };
        if let Some(most) = options.cases {
            plan.cut(most);
        }
        plan
    }

    /// Keeps the plan's first `most` instances.
    fn cut(&mut self, most: u64) {
        let mut left = usize::try_from(most).unwrap_or(usize::MAX);
        for family in &mut self.families {
            family.named.truncate(left);
            left -= family.named.len();
            family.unmade = family.unmade.min(left);
            left -= family.unmade;
        }
    }

    /// The planned instances, made as a run reaches them.
    pub fn cases(&self) -> Cases<'_, C> {
        Cases {
            made: Cow::Owned(Vec::new()),
            total: self.len(),
            plan: Some(self),
        }
    }

    /// Every planned instance, in order, all made.
    pub fn all_cases(&self) -> Vec<C> {
        let mut cases = self.cases();
        cases.up_to(self.len());
        cases.made.into_owned()
    }

    /// The plan's instance `index`, made if it is a random one.
    fn case(&self, index: usize) -> Option<C> {
        match self.place(index)?.1 {
            Place::Named((_, case)) => Some(case.clone()),
            Place::Unmade { seed, beyond, at } => {
                let maker = self.maker.as_ref()?;
                Some(maker.make((seed, beyond), at))
            }
        }
    }

    /// The family of the plan's instance `index`, and where in it the instance is.
    fn place(&self, mut index: usize) -> Option<(&Family<C>, Place<'_, C>)> {
        for family in &self.families {
            if let Some(named) = family.named.get(index) {
                return Some((family, Place::Named(named)));
            }
            index -= family.named.len();
            if let (true, FamilyKind::Random { seed, beyond, .. }) =
                (index < family.unmade, &family.kind)
            {
                let (seed, beyond) = (*seed, *beyond);
                return Some((
                    family,
                    Place::Unmade {
                        seed,
                        beyond,
                        at: index,
                    },
                ));
            }
            index = index.checked_sub(family.unmade)?;
        }
        None
    }

    /// How many instances the plan runs.
    pub fn len(&self) -> usize {
        self.families.iter().map(Family::planned).sum()
    }

    /// Whether it runs none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The family of the plan's instance `index`, and the instance's name.
    pub fn at(&self, index: usize) -> Option<(&Family<C>, InstanceName)> {
        let (family, place) = self.place(index)?;
        let name = match place {
            Place::Named((name, _)) => name.clone(),
            Place::Unmade { seed, at, .. } => InstanceName::Random {
                seed,
                at: at as u64,
            },
        };
        Some((family, name))
    }

    /// Whether the first failure in plan order, at `index`, is the smallest there is: it lies
    /// in a complete [`FamilyKind::Every`] family, run smallest first.
    pub fn in_order(&self, index: usize) -> bool {
        matches!(
            self.at(index),
            Some((
                Family {
                    kind: FamilyKind::Every { complete: true, .. },
                    ..
                },
                _
            ))
        )
    }

    /// The small instances to run, in order, before a failure at the plan's instance `index`
    /// is shrunk, and whether the first of them to fail is the smallest there is: the family
    /// of every instance up to a size, if the failure came before it, and what that family
    /// holds back. None where the failure lies in that family: it is the smallest of it.
    pub fn smaller_first(&self, index: usize) -> (Vec<(InstanceName, C)>, bool) {
        let mut start = 0;
        for family in &self.families {
            if let FamilyKind::Every { complete, .. } = family.kind {
                let before = index < start;
                let within = index < start + family.planned() && !before;
                if within {
                    return (Vec::new(), false);
                }
                let mut smaller = match before {
                    true => family.named.clone(),
                    false => Vec::new(),
                };
                smaller.extend(self.held_back.iter().cloned());
                // Where `--cases` cut the family, games between its cut and what it holds
                // back never run: the first to fail is then no proof of anything.
                let whole = family.named.len() == family.whole;
                return (smaller, complete && whole);
            }
            start += family.planned();
        }
        (Vec::new(), false)
    }

    /// What the plan covered when its first `ran` instances had run and passed; `made`: the
    /// plan's instances made so far ([`Cases::made`]), every one that ran among them.
    pub fn ran<P: Problem<Case = C>>(&self, made: &[C], ran: u64) -> PlanRan {
        let mut left = usize::try_from(ran).unwrap_or(usize::MAX);
        let mut start = 0;
        let families = self
            .families
            .iter()
            .map(|family| {
                let planned = family.planned();
                let done = left.min(planned);
                left -= done;
                let ran = made.iter().skip(start).take(done);
                start += planned;
                let measures = ran.map(P::measure);
                let sizes = measures.clone().min().zip(measures.max());
                FamilyRan {
                    kind: family.kind.clone(),
                    planned,
                    whole: family.whole,
                    ran: done,
                    sizes,
                }
            })
            .collect();
        PlanRan {
            families,
            measure: P::MEASURE,
        }
    }
}

impl<C> Family<C> {
    fn new(kind: FamilyKind, named: Vec<(InstanceName, C)>) -> Family<C> {
        let whole = named.len();
        Family {
            kind,
            named,
            unmade: 0,
            whole,
        }
    }

    /// How many of its instances the plan runs, made or not.
    pub fn planned(&self) -> usize {
        self.named.len() + self.unmade
    }

    /// A family of instances as the problem names them.
    fn named(kind: FamilyKind, named: Vec<(Known, C)>) -> Family<C> {
        let named = named.into_iter();
        Family::new(
            kind,
            named
                .map(|(name, case)| (InstanceName::Named(name), case))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::lc913::Lc913;
    use shared::noi2011::Record;

    fn options(cases: Option<u64>, random: u64) -> Options {
        let mut args = vec!["mine.rs".to_string(), "--random".into(), random.to_string()];
        if let Some(cases) = cases {
            args.extend(["--cases".to_string(), cases.to_string()]);
        }
        let Ok(options) = crate::driver::options::options(&args) else {
            panic!("the options {args:?} were refused");
        };
        options.search
    }

    /// The plan is a function of the options alone: the same twice, and `--cases` keeps its
    /// first instances, in order, across families.
    #[test]
    fn a_plan_depends_on_the_options_alone_and_cases_keeps_its_start() {
        let whole = Plan::<_>::of::<Lc913>(&options(None, 50));
        let again = Plan::<_>::of::<Lc913>(&options(None, 50));
        assert_eq!(whole.all_cases(), again.all_cases());
        let known = whole.families[0].planned();
        let every = whole.families[1].planned();
        assert!(matches!(whole.families[1].kind, FamilyKind::Every { .. }));
        let first = known + every;
        let cut = Plan::<_>::of::<Lc913>(&options(Some(first as u64 + 2), 50));
        assert_eq!(cut.len(), first + 2);
        assert_eq!(cut.all_cases()[..], whole.all_cases()[..first + 2]);
        assert_eq!(cut.families[2].planned(), 2);
        assert_eq!(cut.families[2].whole, whole.families[2].planned());
        assert_eq!(cut.families[3].planned(), 0);
        assert!(!whole.in_order(known - 1) && whole.in_order(known));
        assert!(whole.in_order(first - 1) && !whole.in_order(first));
        let ran = cut.ran::<Lc913>(&cut.all_cases(), first as u64 + 1);
        let counts: Vec<(usize, usize)> = ran.families.iter().map(|f| (f.planned, f.ran)).collect();
        assert_eq!(counts, [(known, known), (every, every), (2, 1), (0, 0)]);
        assert_eq!(ran.families[3].whole, 50);
        // A failure before the small family runs all of it first, one within it none, one
        // after it what it holds back (none for lc913).
        assert_eq!(whole.smaller_first(0).0.len(), every);
        assert!(whole.smaller_first(0).1);
        assert!(whole.smaller_first(known).0.is_empty());
        assert!(whole.smaller_first(first).0.is_empty());
    }

    /// The random instances are made as a run reaches them, the same as made all at once,
    /// and named by their place before they are made.
    #[test]
    fn random_instances_are_made_only_as_a_run_reaches_them() {
        let plan = Plan::<_>::of::<Lc913>(&options(None, 50));
        let fixed = plan.len() - 50;
        let mut cases = plan.cases();
        assert_eq!(cases.up_to(fixed + 3).len(), fixed + 3);
        assert_eq!(cases.made().len(), fixed + 3);
        assert_eq!(cases.made(), &plan.all_cases()[..fixed + 3]);
        let seed = match plan.families[3].kind {
            FamilyKind::Random { seed, .. } => seed,
            _ => panic!("the last family is the random one"),
        };
        let name = plan.at(fixed + 7).map(|(_, name)| name);
        assert_eq!(name, Some(InstanceName::Random { seed, at: 7 }));
        assert!(plan.at(plan.len()).is_none());
        assert_eq!(cases.up_to(plan.len() + 5).len(), plan.len());
    }

    /// noi2011 holds its 6-cell games back: a failure before them runs them, in order, and
    /// the first to fail is the smallest there is, unless `--cases` cut the family of every
    /// small game, whose games below the cut then never run. Its 300 random games reach the
    /// judge's limits at their last, not after 1,000 as larger families do.
    #[test]
    fn what_runs_before_shrinking_claims_order_only_where_nothing_was_cut() {
        use crate::problems::noi2011::Noi2011;
        let whole = Plan::<_>::of::<Noi2011>(&options(None, 300));
        let (smaller, in_order) = whole.smaller_first(0);
        assert_eq!(
            smaller.len(),
            whole.families[1].planned() + whole.held_back.len()
        );
        assert!(in_order && !whole.held_back.is_empty());
        let cut = Plan::<_>::of::<Noi2011>(&options(Some(3), 300));
        let (smaller, in_order) = cut.smaller_first(0);
        assert_eq!(smaller.len(), cut.held_back.len());
        assert!(!in_order);
        fn ramp<C>(plan: &Plan<C>) -> usize {
            match plan.families[3].kind {
                FamilyKind::Random { ramp, .. } => ramp,
                _ => 0,
            }
        }
        assert_eq!(ramp(&whole), 300);
        assert_eq!(ramp(&Plan::<_>::of::<Lc913>(&options(None, 2000))), 1000);
        // Near their end the games' sides come near the judge's 40 (a ramp over 1,000 would
        // have stopped them at 14).
        let all = whole.all_cases();
        let sides = all.iter().rev().take(100);
        let side = |record: &Record| {
            let cols = record.board.first().map_or(0, Vec::len);
            record.board.len().max(cols)
        };
        assert!(sides
            .map(side)
            .max()
            .is_some_and(|most| (30..=40).contains(&most)));
    }
}
