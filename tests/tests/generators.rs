//! `--check`'s generators (each problem's `generate`, at every scale, within the judge's
//! limits and past them with `--beyond-limits`): what they make reads back from the judge's
//! text as itself (so it is valid: the readers check every rule of the input), every variant
//! that takes it answers alike, and so does the literal oracle wherever it is small enough to
//! run.

use shared::rng::Rng;
use std::time::Instant;
use tests::problems::lc1728::Lc1728;
use tests::problems::lc913::Lc913;
use tests::problems::noi2011::Noi2011;
use tests::problems::Problem;
use tests::render::input::input_error_words;

/// The scales drawn at: the smallest instances, the judge's limits, and between.
const SCALES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Draws `draws` instances at each scale within the limits and past them, except at the two
/// largest scales past them, where `largest_beyond` are drawn, and checks each. `oracle` gives
/// the statement's answer where it can afford to.
fn generated_instances_hold<P: Problem>(
    (draws, largest_beyond): (usize, usize),
    oracle: impl Fn(&P::Case) -> Option<P::Answer>,
) {
    let started = Instant::now();
    let solvers = P::solvers();
    let (mut compared, mut with_oracle) = (0, 0);
    for beyond in [false, true] {
        for (index, &scale) in SCALES.iter().enumerate() {
            let seed = 1000 * index as u64 + u64::from(beyond);
            let mut rng = Rng::new(seed);
            let draws = match beyond && scale >= 0.75 {
                true => largest_beyond,
                false => draws,
            };
            for draw in 0..draws {
                let case = P::generate(&mut rng, scale, beyond);
                let place = format!(
                    "{}: seed {seed}, draw {draw} (scale {scale}, beyond {beyond})",
                    P::BIN
                );
                let text = P::judge_text(&case);
                match P::parse(&text) {
                    Ok(read) => assert!(read == [case.clone()], "{place}: reads back as {read:?}"),
                    Err(error) => panic!("{place}: {}\n{text}", input_error_words(&error)),
                }
                let answers: Vec<(&str, P::Answer)> = solvers
                    .iter()
                    .filter(|solver| (solver.refuses)(&case).is_none())
                    .map(|solver| (solver.name, (solver.solve)(&case)))
                    .collect();
                let Some((first, answer)) = answers.first() else {
                    panic!("{place}: every variant refuses it");
                };
                for (name, other) in &answers[1..] {
                    assert_eq!(answer, other, "{place}: {first} and {name} differ\n{text}");
                }
                compared += 1;
                if let Some(expected) = oracle(&case) {
                    assert_eq!(*answer, expected, "{place}: the oracle differs\n{text}");
                    with_oracle += 1;
                }
            }
        }
    }
    println!(
        "{}: {compared} generated instances, {with_oracle} of them against the oracle, {:.1} s",
        P::BIN,
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn lc913_generators_make_valid_graphs_the_variants_and_oracle_agree_on() {
    generated_instances_hold::<Lc913>((60, 60), |graph| {
        (graph.len() <= 8).then(|| shared::lc913::oracle(graph))
    });
}

#[test]
fn lc1728_generators_make_valid_games_the_variants_and_oracle_agree_on() {
    // Fewer draws than the others: `fixpoint_sweep` sweeps a large grid up to 1000 times, and
    // at the largest grids past the judge's limits each of its solves takes a few tenths of a
    // second (8 s of the test's 12 s at 20 draws, on 2 cores), where within them all 100 take
    // a twentieth.
    generated_instances_hold::<Lc1728>((20, 6), |game| {
        let small = shared::lc1728::open_cells(game) <= 12;
        small.then(|| shared::lc1728::oracle(game, lc1728::board::PLY_LIMIT as usize))
    });
}

#[test]
fn noi2011_generators_make_valid_records_the_variants_and_oracle_agree_on() {
    generated_instances_hold::<Noi2011>((40, 40), |record| {
        let cells = record.cells();
        (cells <= 16).then(|| tests::problems::noi2011::Mistakes(shared::noi2011::oracle(record)))
    });
}
