//! What a check's plan covered, in words (the text report, and `--json`'s summary): the first
//! line of a pass or of a plan not finished, a line for each family of the plan, and the names
//! of its instances (where a failure was found). Pure functions of the outcome's [`PlanRan`]
//! and the plan's [`InstanceName`]s.
//!
//! Uses `outcome::verdict`, `problems` (the instances' names and sets), `search::caught`,
//! `search::plan`, `text`; beside it, `game` and `sizes`.

use super::game::plies_words;
use crate::outcome::verdict::Pass;
use crate::problems::chase::GameResult;
use crate::problems::instances::{DeepSize, InstanceSet, Known, Largest, Set, Table};
use crate::search::caught::Origin;
use crate::search::plan::{FamilyKind, FamilyRan, InstanceName, PlanRan};
use crate::text::{ordinal, thousands};

/// An instance's name: `regression 4`, `seed 42, instance 1300`, `your input, test case 2`.
pub fn instance_name(name: &InstanceName) -> String {
    match name {
        InstanceName::Named(known) => known_words(known),
        InstanceName::InOrder { at, what } => {
            format!(
                "the {} of the {}, in order",
                ordinal(*at as u64),
                set_words(what)
            )
        }
        InstanceName::Random { seed, at } => format!("seed {seed}, instance {at}"),
        InstanceName::Yours { at } => format!("your input, test case {at}"),
    }
}

/// A known instance's name: `example 1`, `the deepest cat win known on 7 nodes (12 plies)`,
/// `the judge's largest, jumps 8, walls 0.3`.
pub fn known_words(known: &Known) -> String {
    match *known {
        Known::Listed { table, at } => {
            let table = match table {
                Table::Example => "example",
                Table::Regression => "regression",
                Table::Sample => "sample",
            };
            format!("{table} {at}")
        }
        Known::Deepest {
            winner,
            size,
            plies,
        } => {
            let winner = match winner {
                GameResult::CatWins => "cat",
                _ => "mouse",
            };
            let size = match size {
                DeepSize::Nodes(nodes) => format!("{nodes} nodes"),
                DeepSize::OpenCells(cells) => format!("{cells} open cells"),
            };
            format!(
                "the deepest {winner} win known on {size} ({})",
                plies_words(plies)
            )
        }
        Known::Largest(largest) => {
            let which = match largest {
                Largest::Dense => "dense".to_string(),
                Largest::Sparse => "sparse".to_string(),
                Largest::Deep => "deep".to_string(),
                Largest::Grid {
                    jump,
                    walls_percent,
                } => format!("jumps {jump}, walls {}", f64::from(walls_percent) / 100.0),
                Largest::Rounds(rounds) => format!("{rounds} rounds"),
                Largest::RandomGame => "a random game".to_string(),
            };
            format!("the judge's largest, {which}")
        }
    }
}

/// A set of instances with its count: `762 valid graphs of 3 to 5 nodes (by nodes, then
/// edges)`.
pub fn set_words(set: &InstanceSet) -> String {
    let which = match set.which {
        Set::Graphs { most, plan_stage } => format!(
            "valid graphs of 3 to {most} nodes{}",
            if plan_stage {
                " (by nodes, then edges)"
            } else {
                ""
            }
        ),
        Set::GraphsBelow { nodes, edges } => format!(
            "valid graphs smaller than {nodes} nodes, {edges} edges (fewer nodes, or as many and \
             fewer edges)"
        ),
        Set::Games { most } => {
            format!("games on grids of 3 to {most} cells (by open cells, cells, jumps)")
        }
        Set::Records { most, plan_stage } => format!(
            "legal games on boards of 3 to {most} cells{}",
            if plan_stage {
                " (by cells, then moves)"
            } else {
                ""
            }
        ),
        Set::RecordsBelow { cells, moves_each } => format!(
            "legal games smaller than {cells} cells, {moves_each} move{} each (fewer cells, or \
             as many and fewer moves)",
            if moves_each == 1 { "" } else { "s" }
        ),
    };
    format!("{} {which}", thousands(set.count as u64))
}

/// Where a failure was found: an instance's name, or the first and last of a sequence's.
pub fn origin(origin: &Origin) -> String {
    match origin {
        Origin::Instance(name) => instance_name(name),
        Origin::Span { from, last } => {
            format!("{} to {}", instance_name(from), instance_name(last))
        }
    }
}

/// The first line of a pass, or of a plan `--seconds` cut short.
pub fn summary(pass: &Pass, finished: bool) -> String {
    let plan = &pass.plan;
    let seconds = pass.seconds;
    if let Some(source) = plan.yours() {
        let name = if source == "-" { "stdin" } else { source };
        let (ran, whole) = (thousands(plan.ran()), thousands(plan.whole()));
        return match finished {
            true => format!("no counterexample in {ran} of the {whole} instances of {name}"),
            false => format!(
                "not finished: {ran} of the {whole} instances of {name} ran in --seconds {}, \
                 and passed; no verdict",
                backstop(pass)
            ),
        };
    }
    let seed = seed(plan).map_or_else(String::new, |seed| format!(", seed {seed}"));
    if !finished {
        return format!(
            "not finished: {} of the plan's {} instances ran in --seconds {}, and passed; no \
             verdict ({}{seed}, {seconds:.1} s)",
            thousands(plan.ran()),
            thousands(plan.planned()),
            backstop(pass),
            super::sizes::range_words(pass.range),
        );
    }
    let largest = plan.families.iter().any(|family| {
        family.kind == FamilyKind::Largest && family.ran > 0 && family.ran == family.whole
    });
    let largest = if largest {
        ", the judge's largest included"
    } else {
        ""
    };
    let part = match plan.planned() == plan.whole() {
        true => String::new(),
        false => format!(
            "the first {} of the plan's {} (--cases); ",
            thousands(plan.planned()),
            thousands(plan.whole())
        ),
    };
    format!(
        "no counterexample in {} instances ({part}{}{largest}{seed}, {seconds:.1} s)",
        thousands(plan.ran()),
        super::sizes::range_words(pass.range),
    )
}

/// `--seconds` as the user wrote it, near enough.
fn backstop(pass: &Pass) -> String {
    pass.backstop
        .map_or_else(String::new, |seconds| seconds.to_string())
}

/// The random family's seed, if the plan has one.
fn seed(plan: &PlanRan) -> Option<u64> {
    plan.families.iter().find_map(|family| match family.kind {
        FamilyKind::Random { seed, .. } => Some(seed),
        _ => None,
    })
}

/// A line for each family of the plan (none for `--input`'s): how many of its instances ran,
/// what they are, their sizes, and what running them shows.
pub fn families(plan: &PlanRan) -> Vec<String> {
    if plan.yours().is_some() {
        return Vec::new();
    }
    let mut lines =
        vec!["the plan, in order (the first failure in this order is reported):".to_string()];
    for family in &plan.families {
        let count = match (family.ran == family.planned, family.planned == family.whole) {
            (true, true) => thousands(family.ran as u64),
            _ => format!(
                "{} of {}",
                thousands(family.ran as u64),
                thousands(family.whole as u64)
            ),
        };
        // The family of every instance up to a size says its sizes itself.
        let sizes = family
            .sizes
            .filter(|_| !matches!(family.kind, FamilyKind::Every { .. }));
        let sizes = sizes.map_or_else(String::new, |(smallest, largest)| {
            let unit = plan.measure[0].replace('_', " ");
            match smallest[0] == largest[0] {
                true => format!(": {} {unit}", thousands(largest[0] as u64)),
                false => format!(
                    ": {} to {} {unit}",
                    thousands(smallest[0] as u64),
                    thousands(largest[0] as u64)
                ),
            }
        });
        lines.push(format!("  {count:>7}  {}{sizes}", what(family)));
    }
    lines
}

/// What a family is and what running it shows, in words.
fn what(family: &FamilyRan) -> String {
    let all = family.ran == family.whole;
    match &family.kind {
        FamilyKind::Every {
            what,
            held_back,
            complete,
        } => {
            let shows = match (all, complete) {
                (true, true) => ", smallest first: none fails",
                (true, false) => ", smallest first",
                (false, _) => ", smallest first (not all of them ran)",
            };
            match held_back {
                0 => format!("every one of the {}{shows}", set_words(what)),
                held => format!(
                    "the smallest {} of the {}{shows}; the other {} run only once a larger \
                     instance fails",
                    thousands(family.whole as u64),
                    set_words(what),
                    thousands(*held as u64)
                ),
            }
        }
        FamilyKind::Known {
            examples,
            regressions,
            deepest,
        } => {
            let mut parts = vec![format!("the statement's examples ({examples})")];
            if *regressions > 0 {
                parts.push(format!("the regression cases ({regressions})"));
            }
            if *deepest > 0 {
                parts.push(format!(
                    "the deepest forced win known of each size ({deepest})"
                ));
            }
            format!("the known instances, by size: {}", parts.join(", "))
        }
        FamilyKind::Largest => "the judge's largest".to_string(),
        FamilyKind::Random { seed, beyond, ramp } => {
            let limits = match beyond {
                true => "past the judge's limits",
                false => "to the judge's limits",
            };
            let cut = match family.planned < *ramp {
                true => ", cut by --cases before they reach them",
                false => "",
            };
            format!(
                "seeded random instances (seed {seed}), growing {limits} over the first {}{cut}",
                thousands(*ramp as u64)
            )
        }
        FamilyKind::Yours { .. } => "your test cases".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_and_sequences_are_named_by_their_place() {
        let random = InstanceName::Random { seed: 42, at: 244 };
        assert_eq!(instance_name(&random), "seed 42, instance 244");
        let in_order = InstanceName::InOrder {
            at: 3,
            what: InstanceSet {
                count: 762,
                which: Set::Graphs {
                    most: 5,
                    plan_stage: false,
                },
            },
        };
        assert_eq!(
            instance_name(&in_order),
            "the 3rd of the 762 valid graphs of 3 to 5 nodes, in order"
        );
        let span = Origin::Span {
            from: InstanceName::Yours { at: 1 },
            last: InstanceName::Named(Known::Listed {
                table: Table::Regression,
                at: 4,
            }),
        };
        assert_eq!(origin(&span), "your input, test case 1 to regression 4");
    }

    #[test]
    fn known_instances_and_sets_read_as_each_problem_names_them() {
        let known = [
            (
                Known::Listed {
                    table: Table::Sample,
                    at: 2,
                },
                "sample 2",
            ),
            (
                Known::Deepest {
                    winner: GameResult::CatWins,
                    size: DeepSize::Nodes(7),
                    plies: 12,
                },
                "the deepest cat win known on 7 nodes (12 plies)",
            ),
            (
                Known::Deepest {
                    winner: GameResult::MouseWins,
                    size: DeepSize::OpenCells(4),
                    plies: 1,
                },
                "the deepest mouse win known on 4 open cells (1 ply)",
            ),
            (Known::Largest(Largest::Dense), "the judge's largest, dense"),
            (
                Known::Largest(Largest::Grid {
                    jump: 8,
                    walls_percent: 30,
                }),
                "the judge's largest, jumps 8, walls 0.3",
            ),
            (
                Known::Largest(Largest::Grid {
                    jump: 1,
                    walls_percent: 0,
                }),
                "the judge's largest, jumps 1, walls 0",
            ),
            (
                Known::Largest(Largest::Rounds(799)),
                "the judge's largest, 799 rounds",
            ),
            (
                Known::Largest(Largest::RandomGame),
                "the judge's largest, a random game",
            ),
        ];
        for (known, words) in known {
            assert_eq!(known_words(&known), words);
        }
        let set = |count, which| set_words(&InstanceSet { count, which });
        let sets = [
            (
                set(
                    762,
                    Set::Graphs {
                        most: 5,
                        plan_stage: true,
                    },
                ),
                "762 valid graphs of 3 to 5 nodes (by nodes, then edges)",
            ),
            (
                set(2_489, Set::GraphsBelow { nodes: 6, edges: 6 }),
                "2,489 valid graphs smaller than 6 nodes, 6 edges (fewer nodes, or as many and \
                 fewer edges)",
            ),
            (
                set(64_320, Set::Games { most: 6 }),
                "64,320 games on grids of 3 to 6 cells (by open cells, cells, jumps)",
            ),
            (
                set(
                    328,
                    Set::Records {
                        most: 6,
                        plan_stage: false,
                    },
                ),
                "328 legal games on boards of 3 to 6 cells",
            ),
            (
                set(
                    40,
                    Set::RecordsBelow {
                        cells: 5,
                        moves_each: 1,
                    },
                ),
                "40 legal games smaller than 5 cells, 1 move each (fewer cells, or as many and \
                 fewer moves)",
            ),
        ];
        for (words, expected) in sets {
            assert_eq!(words, expected);
        }
    }
}
