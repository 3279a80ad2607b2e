//! NOI2011: every variant against every other (minimax where it fits), against the literal
//! oracle, on long records, and on a board far past the statement's limits.

use shared::cross::{all_agree, cross_check};
use shared::noi2011::{
    all_records, oracle, random_record, shrink, snake_record, tutu_can_move_at_end, Record,
};
use shared::rng::Rng;
use tests::problems::noi2011::{read, solvers, Mistakes};
use tests::render::input::input_error_words;

/// The record as the command line hands it to the variants: through the real reader, which
/// also checks the record's legality.
fn game(record: &Record) -> Record {
    read(&record.to_input()).unwrap_or_else(|e| panic!("{}: {record:?}", input_error_words(&e)))
}

/// Every variant's answer that takes the game, or a message naming the first two that differ.
fn agreed_answer(record: &Record) -> Result<Mistakes, String> {
    let game = game(record);
    let answers = solvers()
        .iter()
        .filter(|solver| (solver.refuses)(&game).is_none())
        .map(|solver| (solver.name, (solver.solve)(&game)))
        .collect();
    all_agree(answers)
}

#[test]
fn variants_agree_on_2400_random_games() {
    let generate = |rng: &mut Rng| {
        let (rows, cols) = if rng.chance(0.8) {
            (rng.between(1, 7), rng.between(3, 7)) // minimax joins
        } else {
            (rng.between(5, 16), rng.between(5, 16))
        };
        random_record(rng, rows, cols, rng.clone().between(1, 3 * rows * cols))
    };
    cross_check("noi2011 variants", 0, 2400, generate, shrink, |record| {
        agreed_answer(record).map(|_| ())
    });
}

/// Every legal game of up to 6 cells, which `--check` runs first (up to 5): each reads back
/// through the real reader, and every variant and the oracle answer it alike.
#[test]
fn variants_and_the_oracle_agree_on_every_game_of_up_to_six_cells() {
    let records = all_records(6);
    for record in &records {
        let answer = agreed_answer(record).unwrap_or_else(|e| panic!("{e}: {record:?}"));
        assert_eq!(answer, Mistakes(oracle(record)), "{}", record.to_input());
    }
    println!("{} games of 3 to 6 cells", records.len());
}

#[test]
fn variants_agree_with_the_literal_oracle_on_600_small_games() {
    let generate = |rng: &mut Rng| {
        let rows = rng.between(1, 4);
        let cols = rng.between(3, 5);
        random_record(rng, rows, cols, 12)
    };
    cross_check("noi2011 oracle", 10_000, 600, generate, shrink, |record| {
        let answer = agreed_answer(record)?;
        let expected = Mistakes(oracle(record));
        if answer != expected {
            return Err(format!(
                "the variants answer {answer:?}, the oracle {expected:?}"
            ));
        }
        Ok(())
    });
}

#[test]
fn mistakes_are_common_enough_to_test_something() {
    // Guards the generator: records without mistakes would make the checks above vacuous.
    let mut rng = Rng::new(77);
    let with_mistakes = (0..300)
        .filter(|_| {
            let record = random_record(&mut rng, 5, 5, 20);
            !agreed_answer(&record).unwrap().0.is_empty()
        })
        .count();
    assert!(
        with_mistakes >= 50,
        "only {with_mistakes} of 300 records have a mistake"
    );
}

#[test]
fn rematch_and_incremental_agree_on_40x40_games_of_800_moves() {
    let mut rng = Rng::new(40);
    for round in 0..6 {
        let record = if round % 2 == 0 {
            snake_record(&mut rng, 40, 40, 400)
        } else {
            random_record(&mut rng, 40, 40, 1000)
        };
        let game = game(&record);
        let incremental = ::noi2011::incremental::mistakes(&game.board, &game.moves);
        let rematch = ::noi2011::rematch::mistakes(&game.board, &game.moves);
        assert_eq!(
            incremental,
            rematch,
            "round {round}, {} moves",
            game.moves.len()
        );
    }
}

#[test]
fn a_600x600_board_with_50000_moves_each_runs_without_recursion() {
    // Test threads have small stacks (2 MiB): a search that recursed once per cell of a
    // 100,000-cell path, 20 bytes or more a frame, would overflow here.
    let record = snake_record(&mut Rng::new(600), 600, 600, 50_000);
    let game = game(&record);
    assert!(!tutu_can_move_at_end(&game));
    let mistakes = ::noi2011::incremental::mistakes(&game.board, &game.moves);
    assert!(mistakes.len() <= 50_000);
}
