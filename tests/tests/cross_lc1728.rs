//! LeetCode 1728: every variant against every other, whole tables of plies included, against
//! the literal oracle at the real limit and at small ones, and on corridors that pin the limit.

use lc1728::board::{Board, MOUSE_WIN, PLY_LIMIT, UNDECIDED};
use lc1728::{degree_bfs, fixpoint_sweep, VARIANTS};
use shared::cross::{all_agree, cross_check};
use shared::lc1728::{any_game, corridor, maze_game, oracle, random_game, shrink, Case};
use shared::rng::Rng;
use std::cell::Cell;

fn board(game: &Case) -> Board {
    Board::new(&game.grid, game.cat_jump as usize, game.mouse_jump as usize)
}

/// Every variant's answer, or a message naming the first two that differ.
fn agreed_answer(game: &Case) -> Result<bool, String> {
    all_agree(
        tests::problems::lc1728::solvers()
            .iter()
            .map(|solver| (solver.name, (solver.solve)(game)))
            .collect(),
    )
}

/// The two searches' full tables: same outcome everywhere, same plies where decided.
fn tables_agree(game: &Case, limit: u16) -> Result<(), String> {
    let board = board(game);
    let searched = degree_bfs::solve(&board, limit, false);
    let swept = fixpoint_sweep::solve(&board, limit);
    for here in 0..searched.outcome.len() {
        let (a, b) = (searched.outcome[here], swept.outcome[here]);
        if a != b || (a != UNDECIDED && searched.plies[here] != swept.plies[here]) {
            return Err(format!(
                "limit {limit}, position {here}: degree_bfs {a} in {} plies, fixpoint_sweep {b} in {}",
                searched.plies[here], swept.plies[here]
            ));
        }
    }
    Ok(())
}

#[test]
fn variants_agree_on_3000_random_grids_and_their_whole_tables() {
    let (deepest_start, deepest_anywhere) = (Cell::new(0u16), Cell::new(0u16));
    let generate = |rng: &mut Rng| {
        if rng.chance(0.3) {
            let (rows, cols) = (rng.between(3, 8), rng.between(3, 8));
            maze_game(rng, rows, cols)
        } else {
            any_game(rng, 8, 8)
        }
    };
    cross_check("lc1728 variants", 0, 3000, generate, shrink, |game| {
        agreed_answer(game)?;
        tables_agree(game, PLY_LIMIT)?;
        let board = board(game);
        let table = degree_bfs::solve(&board, PLY_LIMIT, false);
        if table.outcome[board.start()] == MOUSE_WIN {
            deepest_start.set(deepest_start.get().max(table.plies[board.start()]));
        }
        let deepest = (0..table.outcome.len())
            .filter(|&here| table.outcome[here] == MOUSE_WIN)
            .map(|here| table.plies[here])
            .max();
        deepest_anywhere.set(deepest_anywhere.get().max(deepest.unwrap_or(0)));
        Ok(())
    });
    println!(
        "deepest mouse win among 3000 grids: {} plies from a start, {} from any position",
        deepest_start.get(),
        deepest_anywhere.get()
    );
    // Guards the generators: the tables compared must include long forced chases.
    assert!(
        deepest_anywhere.get() >= 40,
        "the mazes should make long chases"
    );
}

#[test]
fn variants_agree_with_the_literal_oracle_on_400_small_grids() {
    cross_check(
        "lc1728 oracle",
        10_000,
        400,
        |rng| any_game(rng, 4, 4),
        shrink,
        |game| {
            let answer = agreed_answer(game)?;
            let expected = oracle(game, PLY_LIMIT as usize);
            if answer != expected {
                return Err(format!(
                    "the variants answer {answer}, the oracle {expected}"
                ));
            }
            Ok(())
        },
    );
}

#[test]
fn searches_match_the_oracle_under_small_limits() {
    // With a limit of a few plies the cut decides most answers: this checks the limit's
    // reading (plies, not moves; the mouse's landing ply counts) where it binds.
    cross_check(
        "lc1728 small limits",
        20_000,
        1500,
        |rng| {
            let game = any_game(rng, 5, 5);
            let limit = rng.between(0, 12) as u16;
            (game, limit)
        },
        |(game, limit)| shrink(game).into_iter().map(|g| (g, *limit)).collect(),
        |(game, limit)| {
            let board = board(game);
            let expected = oracle(game, *limit as usize);
            for (name, outcome) in [
                (
                    "degree_bfs",
                    degree_bfs::solve(&board, *limit, false).outcome[board.start()],
                ),
                (
                    "degree_bfs stopping at the start",
                    degree_bfs::solve(&board, *limit, true).outcome[board.start()],
                ),
                (
                    "fixpoint_sweep",
                    fixpoint_sweep::solve(&board, *limit).outcome[board.start()],
                ),
            ] {
                if (outcome == MOUSE_WIN) != expected {
                    return Err(format!("{name} says {outcome}, the oracle {expected}"));
                }
            }
            tables_agree(game, *limit)
        },
    );
}

#[test]
fn corridors_pin_the_1000_ply_limit() {
    // m moves end on ply 2m − 1: 500 moves on ply 999 (in time), 501 on ply 1001 (too late).
    for (moves, expected) in [(500, true), (501, false)] {
        let game = corridor(moves, 40);
        let board = board(&game);
        let table = degree_bfs::solve(&board, u16::MAX - 1, false);
        assert_eq!(table.outcome[board.start()], MOUSE_WIN);
        assert_eq!(usize::from(table.plies[board.start()]), 2 * moves - 1);
        for variant in VARIANTS {
            assert_eq!(
                (variant.can_mouse_win)(game.grid.clone(), 1, 1),
                expected,
                "{} on {moves} moves",
                variant.name
            );
        }
    }
}

#[test]
fn larger_grids_agree_between_variants() {
    let mut rng = Rng::new(5);
    for (rows, cols, walls, jump) in [
        (12, 12, 0.3, 3),
        (16, 10, 0.2, 2),
        (16, 16, 0.35, 4),
        (20, 20, 0.4, 2),
    ] {
        let game = random_game(&mut rng, rows, cols, walls, jump);
        agreed_answer(&game).unwrap_or_else(|e| panic!("{game:?}: {e}"));
        tables_agree(&game, PLY_LIMIT).unwrap_or_else(|e| panic!("{game:?}: {e}"));
    }
}

/// The deepest-win table `--check` runs in order of size: one grid of up to 8x8 for each count
/// of open cells, fewest first, within the judge's jumps, each one every variant says the mouse
/// wins, within the limit.
#[test]
fn the_deepest_table_holds_what_it_claims() {
    let table = tests::problems::lc1728::deepest_table();
    assert!(table.len() >= 40, "{} entries", table.len());
    let mut counts = Vec::new();
    for game in table {
        let (rows, cols) = (game.grid.len(), game.grid[0].len());
        assert!(rows <= 8 && cols <= 8, "{game:?}");
        assert!((1..=8).contains(&game.cat_jump) && (1..=8).contains(&game.mouse_jump));
        assert_eq!(agreed_answer(game), Ok(true), "{game:?}");
        let plies = tests::problems::lc1728::mouse_win_plies(game).unwrap_or(0);
        assert!((1..=PLY_LIMIT).contains(&plies), "{plies} plies: {game:?}");
        counts.push(shared::lc1728::open_cells(game));
    }
    assert!(
        counts.windows(2).all(|pair| pair[0] < pair[1]),
        "{counts:?}"
    );
}
