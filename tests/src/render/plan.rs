//! What a check's plan covered, in words (the text report, and `--json`'s summary): the first
//! line of a pass or of a plan not finished, a line for each family of the plan, and the names
//! of its instances (where a failure was found). Pure functions of the outcome's [`PlanRan`]
//! and the plan's [`InstanceName`]s.
//!
//! Uses `outcome::verdict`, `search::caught`, `search::plan`, `text`; beside it, `sizes`.

use crate::outcome::verdict::Pass;
use crate::search::caught::Origin;
use crate::search::plan::{FamilyKind, FamilyRan, InstanceName, PlanRan};
use crate::text::{ordinal, thousands};

/// An instance's name: `regression 4`, `seed 42, instance 1300`, `your input, test case 2`.
pub fn instance_name(name: &InstanceName) -> String {
    match name {
        InstanceName::Named(name) => name.clone(),
        InstanceName::InOrder { at, what } => {
            format!("the {} of the {what}, in order", ordinal(*at as u64))
        }
        InstanceName::Random { seed, at } => format!("seed {seed}, instance {at}"),
        InstanceName::Yours { at } => format!("your input, test case {at}"),
    }
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
                0 => format!("every one of the {what}{shows}"),
                held => format!(
                    "the smallest {} of the {what}{shows}; the other {} run only once a larger \
                     instance fails",
                    thousands(family.whole as u64),
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
            what: "762 valid graphs of 3 to 5 nodes".to_string(),
        };
        assert_eq!(
            instance_name(&in_order),
            "the 3rd of the 762 valid graphs of 3 to 5 nodes, in order"
        );
        let span = Origin::Span {
            from: InstanceName::Yours { at: 1 },
            last: InstanceName::Named("regression 4".to_string()),
        };
        assert_eq!(origin(&span), "your input, test case 1 to regression 4");
    }
}
