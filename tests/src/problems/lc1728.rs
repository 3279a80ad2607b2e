//! LeetCode 1728 on the workbench: the variants as [`Solver`]s, and the command line's reading
//! and checking of LeetCode's custom-testcase input, three values per test case, `grid`,
//! `catJump` and `mouseJump`, such as `["M.C...F"]`, then `1`, then `4`, separated by any
//! whitespace.
//!
//! Only the statement's structural rules are enforced (a rectangular grid of `C M F . #` with
//! exactly one `C`, `M` and `F`, jumps of at least 1); grids past the judge's 8x8 are welcome
//! up to [`crate::problems::values::MAX_POSITIONS`].
//!
//! Uses only its own layer: `chase`, `input`, `instances`, `problem`, `values`.

use crate::problems::chase::{Asked, Cap, Chase, GameResult, MouseMove, Next, Position};
use crate::problems::chase::{Spot, Standing, Step, TooManyPositions};
use crate::problems::input::{
    CaseShape, Counted, Expected, GridWrong, InputError, Jump, Place, Wrong,
};
use crate::problems::instances::{self, DeepSize, Harness, Known, Largest, Set, Sizes, Table};
use crate::problems::problem::Judge;
use crate::problems::problem::{Problem, Range, Size, Solver};
use crate::problems::values::{parse_values, within_table_limit, Spanned};
use ::lc1728::board::{Board, MOUSE_WIN, PLY_LIMIT};
use shared::lc1728::{corridor, maze_game, random_game, Case};
use shared::rng::Rng;
use std::sync::OnceLock;

/// LeetCode 1728 as the command line and `--check` know it.
pub struct Lc1728;

impl Problem for Lc1728 {
    type Case = Case;
    type Answer = bool;

    const BIN: &'static str = "lc1728";
    const TITLE: &'static str =
        "LeetCode 1728, Cat and Mouse II (true if the mouse wins within 1000 plies)";
    const INPUT_HELP: &'static str =
        "LeetCode's custom test cases, three values per test case: grid, catJump, \
         mouseJump, e.g.\n  [\"M.C...F\"]\n  1\n  4\n\
         Whitespace and line breaks between values do not matter. Grids may exceed the \
         judge's 8x8.";

    fn solvers() -> Vec<Solver<Case, bool>> {
        self::solvers()
    }

    fn examples() -> Vec<(Case, bool)> {
        self::examples()
    }

    fn parse(text: &str) -> Result<Vec<Case>, InputError> {
        self::parse(text)
    }

    fn explain(game: &Case) -> String {
        ::lc1728::explain::explain(&game.grid, game.cat_jump as usize, game.mouse_jump as usize)
    }

    const JUDGE: Judge = Judge::LeetCode;

    fn harness() -> Option<Harness<Case>> {
        Some(Harness {
            input: harness_input,
        })
    }

    fn answers(text: &str) -> Vec<Result<bool, String>> {
        instances::answer_tokens(text, |token| match token.to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        })
    }

    fn answer_bytes(_game: &Case) -> usize {
        "false\n".len()
    }

    fn fixed() -> Vec<(Known, Case)> {
        self::fixed()
    }

    fn fixed_parts() -> [usize; 3] {
        let known = [::lc1728::EXAMPLES.len(), ::lc1728::REGRESSIONS.len()];
        [known[0], known[1], deepest_table().len()]
    }

    const RANDOM_INSTANCES: usize = 1_500;

    /// The jumps are the cat's and the mouse's added.
    const MEASURE: [&'static str; 3] = ["open_cells", "cells", "jumps"];

    fn largest(rng: &mut Rng) -> Vec<(Known, Case)> {
        self::largest(rng)
    }

    fn small() -> Option<instances::Smaller<Case>> {
        let all = shared::lc1728::all_games(SMALL_CELLS);
        let which = Set::Games { most: SMALL_CELLS };
        // A larger grid with walls can have fewer open cells: not every game left out is
        // larger.
        Some(instances::Smaller::new(all, which, false, false))
    }

    fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Case {
        self::generate(rng, scale, beyond)
    }

    fn shrink(game: &Case) -> Vec<Case> {
        shared::lc1728::shrink(game)
    }

    fn measure(game: &Case) -> [usize; 3] {
        shared::lc1728::measure(game)
    }

    fn all_smaller(game: &Case) -> Option<instances::Smaller<Case>> {
        self::all_smaller(game)
    }

    fn size(game: &Case) -> Size {
        Size::Grid {
            rows: game.grid.len(),
            cols: game.grid[0].len(),
            open: shared::lc1728::open_cells(game),
        }
    }

    fn range(beyond: bool) -> Range {
        Range::Grids {
            side: SIDE.most(beyond),
            most_jump: SIDE.judge,
        }
    }

    fn judge_text(game: &Case) -> String {
        game.judge_text()
    }

    fn chase(game: &Case) -> Option<Result<Chase<Case>, TooManyPositions>> {
        let positions = shared::lc1728::open_cells(game).saturating_sub(1).pow(2);
        Some(crate::problems::chase::within_reach(positions).map(|()| self::chase(game)))
    }

    fn result_of(answer: &bool) -> Option<GameResult> {
        Some(match answer {
            true => GameResult::MouseWins,
            false => GameResult::CatWins,
        })
    }
}

/// The judge's largest grid side (and jump), and `--check --beyond-limits`'s side.
const SIDE: Sizes = Sizes {
    judge: 8,
    beyond: 40,
};

/// Every placement of the mouse and the cat on `game`'s open cells (apart, neither on the
/// food), the mouse to move, each as a grid of its own with the pieces moved there, with its
/// truth and the moves two plies on: what the diagnosis asks a program about.
///
/// # Complexity
/// One retrograde table, O(k²·J) for k open cells and jumps up to J; k² grids of O(rows·cols).
pub fn chase(game: &Case) -> Chase<Case> {
    use ::lc1728::board::{CAT_WIN, MOUSE_TURN};
    let board = Board::new(&game.grid, game.cat_jump as usize, game.mouse_jump as usize);
    let table = ::lc1728::degree_bfs::solve(&board, PLY_LIMIT, false);
    let cells = board.cells;
    let mut index = vec![None; cells * cells];
    let mut placements = Vec::new();
    for mouse in (0..cells).filter(|&cell| cell != board.food) {
        for cat in (0..cells).filter(|&cell| cell != board.food && cell != mouse) {
            index[mouse * cells + cat] = Some(placements.len());
            placements.push((mouse, cat));
        }
    }
    let spot = |cell: usize| {
        let (row, col) = board.places[cell];
        Spot::Cell { row, col }
    };
    let positions = placements
        .iter()
        .map(|&(mouse, cat)| {
            let here = board.position(mouse, cat, MOUSE_TURN);
            let (truth, plies) = match table.outcome[here] {
                MOUSE_WIN => (GameResult::MouseWins, Some(u32::from(table.plies[here]))),
                CAT_WIN => (GameResult::CatWins, Some(u32::from(table.plies[here]))),
                // Undecided within the limit: the cat wins when the time runs out.
                _ => (GameResult::CatWins, None),
            };
            Position {
                standing: Standing {
                    mouse: spot(mouse),
                    cat: spot(cat),
                },
                case: placed(game, &board, (mouse, cat)),
                truth,
                plies,
                moves: mouse_moves(&board, (mouse, cat), &index, &spot),
                places: (mouse, cat),
            }
        })
        .collect();
    let open = cells as u32;
    Chase {
        positions,
        asked: Asked::MovedGrid,
        caps: vec![
            (Cap::Plies, 70),
            (Cap::TimesOpenCells(1), open),
            (Cap::TimesOpenCells(2), 2 * open),
            (Cap::TimesOpenCells(4), 4 * open),
        ],
        itself: index
            .get(board.mouse * cells + board.cat)
            .copied()
            .flatten(),
    }
}

/// `game` with the mouse and the cat moved to these open cells of `board`.
fn placed(game: &Case, board: &Board, (mouse, cat): (usize, usize)) -> Case {
    let mut rows: Vec<Vec<u8>> = game
        .grid
        .iter()
        .map(|row| {
            row.bytes()
                .map(|cell| {
                    if cell == b'M' || cell == b'C' {
                        b'.'
                    } else {
                        cell
                    }
                })
                .collect()
        })
        .collect();
    for (cell, piece) in [(mouse, b'M'), (cat, b'C')] {
        let (row, col) = board.places[cell];
        rows[row][col] = piece;
    }
    Case {
        grid: rows
            .into_iter()
            .map(|row| String::from_utf8_lossy(&row).into_owned())
            .collect(),
        ..game.clone()
    }
}

/// The mouse's moves from (mouse, cat), staying included, and the cat's replies, two plies on:
/// an end by the rules, or the placement numbered in `index` (mouse · cells + cat).
fn mouse_moves(
    board: &Board,
    (mouse, cat): (usize, usize),
    index: &[Option<usize>],
    spot: &dyn Fn(usize) -> Spot,
) -> Vec<MouseMove> {
    let cells = board.cells;
    let step = |from: usize, to: usize| Step {
        to: spot(to),
        stays: from == to,
    };
    board
        .mouse_moves
        .of(mouse)
        .iter()
        .map(|&to| {
            let to = to as usize;
            let then = if to == cat {
                Ok(GameResult::CatWins)
            } else if to == board.food {
                Ok(GameResult::MouseWins)
            } else {
                Err(board
                    .cat_moves
                    .of(cat)
                    .iter()
                    .filter_map(|&reply| {
                        let reply = reply as usize;
                        let next = if reply == to || reply == board.food {
                            Next::Ends(GameResult::CatWins)
                        } else {
                            Next::At(index[to * cells + reply]?)
                        };
                        Some((step(cat, reply), next))
                    })
                    .collect())
            };
            MouseMove {
                step: step(mouse, to),
                then,
                cat_barred: None,
            }
        })
        .collect()
}

/// A batch in the harnesses' format: the count, then per grid `rows catJump mouseJump` and
/// the rows.
fn harness_input(games: &[Case]) -> String {
    let mut text = format!("{}\n", games.len());
    for game in games {
        text.push_str(&format!(
            "{} {} {}\n{}\n",
            game.grid.len(),
            game.cat_jump,
            game.mouse_jump,
            game.grid.join("\n")
        ));
    }
    text
}

/// The plies of the mouse's fastest forced win from the start, if it has one at all.
///
/// # Complexity
/// One full retrograde table: O(cells² · moves).
pub fn mouse_win_plies(game: &Case) -> Option<u16> {
    let board = Board::new(&game.grid, game.cat_jump as usize, game.mouse_jump as usize);
    let table = ::lc1728::explain::table(&board);
    let start = board.start();
    (table.outcome[start] == MOUSE_WIN).then_some(table.plies[start])
}

/// A grid whose mouse wins, but only after a long chase: a maze's cells walled and opened at
/// random, each change kept when the mouse still wins within the limit and needs no fewer
/// plies. Solutions that cap their search near 70 plies answer these wrongly.
pub fn deep_grid(rng: &mut Rng, rows: usize, cols: usize, steps: usize) -> Case {
    let game = maze_game(rng, rows, cols);
    deeper(rng, game, steps)
}

/// `game` with cells walled and opened at random while the mouse's forced win grows longer
/// (or stays as long).
pub fn deeper(rng: &mut Rng, mut game: Case, steps: usize) -> Case {
    let (rows, cols) = (game.grid.len(), game.grid[0].len());
    let mut depth = mouse_win_plies(&game).unwrap_or(0);
    for _ in 0..steps {
        let (row, col) = (rng.below(rows), rng.below(cols));
        let cell = game.grid[row].as_bytes()[col];
        let flipped = match cell {
            b'.' => "#",
            b'#' => ".",
            _ => continue,
        };
        let mut changed = game.clone();
        changed.grid[row].replace_range(col..=col, flipped);
        if let Some(plies) = mouse_win_plies(&changed) {
            if plies >= depth && plies <= PLY_LIMIT {
                (game, depth) = (changed, plies);
            }
        }
    }
    game
}

/// A random valid grid of up to 8x8 (40x40 with `beyond`), growing with `scale`: open, with
/// random walls, mazes, grown to need long chases, and with `beyond` corridors whose win
/// needs just under or just over 1000 plies.
/// Grids of the judge's 8x8, with both jumps 1 and both 8, open and walled.
fn largest(rng: &mut Rng) -> Vec<(Known, Case)> {
    let side = SIDE.judge;
    let mut largest = Vec::new();
    for jump in [1, side as i32] {
        for walls_percent in [0, 30] {
            // 30 / 100 rounds to the same double as 0.3.
            let walls = f64::from(walls_percent) / 100.0;
            let game = random_game(rng, side, side, walls, side);
            let name = Known::Largest(Largest::Grid {
                jump,
                walls_percent,
            });
            let case = Case {
                cat_jump: jump,
                mouse_jump: jump,
                ..game
            };
            largest.push((name, case));
        }
    }
    largest
}

fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Case {
    let most = SIDE.most(beyond);
    let (rows, cols) = instances::sides(rng, instances::scaled(scale, 2, most));
    let jumps = |rng: &mut Rng, game: Case| Case {
        cat_jump: rng.between(1, SIDE.judge) as i32,
        mouse_jump: rng.between(1, SIDE.judge) as i32,
        ..game
    };
    match rng.below(if beyond { 10 } else { 9 }) {
        0..=2 => {
            let walls = *rng.pick(&[0.0, 0.15, 0.3, 0.45]);
            random_game(rng, rows, cols, walls, SIDE.judge)
        }
        3..=5 if rows >= 3 && cols >= 3 => {
            let game = maze_game(rng, rows, cols);
            if rng.chance(0.5) {
                jumps(rng, game)
            } else {
                game
            }
        }
        // Hill-climbed mazes reach about 60 plies; variations of the tracker's grids keep
        // near their 73 and 75.
        6 => {
            let regressions = ::lc1728::REGRESSIONS;
            let game = case_of(&regressions[rng.below(regressions.len())]);
            deeper(rng, game, 20)
        }
        7 | 8 if rows >= 3 && cols >= 3 => {
            let (rows, cols) = (rows.min(SIDE.judge), cols.min(SIDE.judge));
            deep_grid(rng, rows, cols, 60)
        }
        9 => corridor(rng.between(498, 502), SIDE.beyond),
        _ => random_game(rng, rows, cols, 0.0, SIDE.judge),
    }
}

/// The deepest known forced win of the mouse for every count of open cells, on grids of up
/// to 8x8: made by `tests/examples/deepest.rs --problem lc1728` (annealed; lower bounds);
/// `tests/data/README.md` has the figures.
const DEEPEST: &str = include_str!("../../data/lc1728-deepest.txt");

/// The deepest-win table, fewest open cells first, read once; a test holds it to its claims.
pub fn deepest_table() -> &'static [Case] {
    static TABLE: OnceLock<Vec<Case>> = OnceLock::new();
    // The file is the workbench's own, read at compile time, and a test reads it whole: an
    // empty table here is never silent.
    TABLE.get_or_init(|| parse(DEEPEST).unwrap_or_default())
}

/// The examples, the regressions and the deepest-win table, as `--check` names them, ordered
/// by size (open cells, area, jumps): a solution that caps its search fails first on the
/// smallest grid whose forced win is longer than its cap.
pub fn fixed() -> Vec<(Known, Case)> {
    let tables = [
        (Table::Example, ::lc1728::EXAMPLES.len()),
        (Table::Regression, ::lc1728::REGRESSIONS.len()),
    ];
    let mut fixed = instances::named(&tables, known_cases().into_iter().map(|(game, _)| game));
    fixed.extend(deepest_table().iter().map(|game| {
        let name = Known::Deepest {
            winner: GameResult::MouseWins,
            size: DeepSize::OpenCells(shared::lc1728::open_cells(game)),
            plies: u32::from(mouse_win_plies(game).unwrap_or(0)),
        };
        (name, game.clone())
    }));
    fixed.sort_by_key(|(_, game)| shared::lc1728::measure(game));
    fixed
}

/// Every variant of the `lc1728` crate, the default first.
pub fn solvers() -> Vec<Solver<Case, bool>> {
    Solver::each_of(
        ::lc1728::VARIANTS,
        |variant| (variant.name, variant.summary, variant.sources),
        |variant, game| (variant.can_mouse_win)(game.grid.clone(), game.cat_jump, game.mouse_jump),
    )
}

/// The most cells of the grids `--check` runs all of after shrinking: about 60,000 games of
/// up to 6 cells, one batch.
const ALL_GAMES_CELLS: usize = 6;

/// The most cells of the games `--check` runs all of before anything else.
const SMALL_CELLS: usize = 4;

/// Every game of up to [`ALL_GAMES_CELLS`] cells, smallest first, when `game` has more open
/// cells than the smallest of them.
fn all_smaller(game: &Case) -> Option<instances::Smaller<Case>> {
    if shared::lc1728::open_cells(game) <= 3 {
        return None;
    }
    let all = shared::lc1728::all_games(ALL_GAMES_CELLS);
    let which = Set::Games {
        most: ALL_GAMES_CELLS,
    };
    // A larger grid with walls can have fewer open cells.
    Some(instances::Smaller::new(all, which, false, false))
}

/// The examples, then the regressions, as test cases with their answers.
pub fn known_cases() -> Vec<(Case, bool)> {
    ::lc1728::EXAMPLES
        .iter()
        .chain(::lc1728::REGRESSIONS)
        .map(|known| (case_of(known), known.3))
        .collect()
}

/// One of the solution crate's known cases as a test case (its answer left out).
pub fn case_of(&(grid, cat_jump, mouse_jump, _): &::lc1728::KnownCase) -> Case {
    Case {
        grid: grid.iter().map(|row| row.to_string()).collect(),
        cat_jump,
        mouse_jump,
    }
}

/// The statement's examples with their answers.
pub fn examples() -> Vec<(Case, bool)> {
    let mut cases = known_cases();
    cases.truncate(::lc1728::EXAMPLES.len());
    cases
}

/// Every test case of the input, checked.
///
/// # Errors
/// The first problem, with its test case and place.
pub fn parse(text: &str) -> Result<Vec<Case>, InputError> {
    let values = parse_values(text).map_err(|error| error.error.in_case(error.value / 3 + 1))?;
    if values.is_empty() {
        return Err(InputError::whole(Wrong::NoTestCase(CaseShape::Grid)));
    }
    values
        .chunks(3)
        .enumerate()
        .map(|(index, group)| game(group).map_err(|error| error.in_case(index + 1)))
        .collect()
}

fn grid_error(place: Place, wrong: GridWrong) -> InputError {
    InputError::at(place, Wrong::Grid(wrong))
}

fn game(group: &[Spanned]) -> Result<Case, InputError> {
    let (grid_value, cat_value, mouse_value) = match group {
        [grid, cat, mouse] => (grid, cat, mouse),
        [grid, ..] => {
            let missing = if group.len() == 1 {
                Jump::Cat
            } else {
                Jump::Mouse
            };
            return Err(grid_error(grid.place, GridWrong::MissingJump(missing)));
        }
        [] => unreachable!("chunks are never empty"),
    };
    let grid = grid_rows(grid_value)?;
    let jump = |value: &Spanned, jump: Jump| -> Result<i32, InputError> {
        let number = value.as_int(Expected::Jump(jump))?;
        if number < 1 {
            let wrong = GridWrong::JumpBelowOne {
                jump,
                value: number,
            };
            return Err(grid_error(value.place, wrong));
        }
        i32::try_from(number).map_err(|_| {
            let wrong = GridWrong::JumpPastI32 {
                jump,
                value: number,
            };
            grid_error(value.place, wrong)
        })
    };
    Ok(Case {
        grid,
        cat_jump: jump(cat_value, Jump::Cat)?,
        mouse_jump: jump(mouse_value, Jump::Mouse)?,
    })
}

/// The grid, checked: a non-empty rectangle of `C M F . #` with exactly one `C`, `M` and
/// `F`, whose positions fit the variants' tables.
fn grid_rows(value: &Spanned) -> Result<Vec<String>, InputError> {
    let rows = value.as_array(Expected::Grid)?;
    if rows.is_empty() {
        return Err(grid_error(value.place, GridWrong::NoRows));
    }
    let mut grid = Vec::with_capacity(rows.len());
    let mut found: [Option<(usize, usize)>; 3] = [None; 3];
    let mut open_cells: u64 = 0;
    for (row_index, row) in rows.iter().enumerate() {
        let line = row.as_str(Expected::GridRow { row: row_index })?;
        let width = line.chars().count();
        let first_width = grid
            .first()
            .map_or(width, |first: &String| first.chars().count());
        if width == 0 {
            return Err(grid_error(
                row.place,
                GridWrong::EmptyRow { row: row_index },
            ));
        }
        if width != first_width {
            let wrong = GridWrong::Ragged {
                row: row_index,
                width,
                first_width,
            };
            return Err(grid_error(row.place, wrong));
        }
        open_cells += row_cells(row, row_index, line, &mut found)?;
        grid.push(line.to_string());
    }
    for (slot, symbol) in ['C', 'M', 'F'].into_iter().enumerate() {
        if found[slot].is_none() {
            return Err(grid_error(value.place, GridWrong::Lacks { symbol }));
        }
    }
    let table_bytes = ::lc1728::VARIANTS.iter().map(|variant| variant.table_bytes);
    within_table_limit(
        value.place,
        Counted::OpenCells(open_cells),
        2 * open_cells * open_cells,
        table_bytes.max().unwrap_or(0),
    )?;
    Ok(grid)
}

/// The cells of row `row_index` (`line`, the string `row`), checked: each one of `C M F . #`,
/// and no second `C`, `M` or `F`, where `found` holds the row and column of the first of each
/// so far. Returns the row's open cells (all but walls).
fn row_cells(
    row: &Spanned,
    row_index: usize,
    line: &str,
    found: &mut [Option<(usize, usize)>; 3],
) -> Result<u64, InputError> {
    let mut open_cells = 0;
    for (col, symbol) in line.chars().enumerate() {
        // The string's characters stand one column after its opening quote.
        let place = Place {
            line: row.place.line,
            col: row.place.col + 1 + col,
        };
        let slot = match symbol {
            'C' => Some(0),
            'M' => Some(1),
            'F' => Some(2),
            '.' | '#' => None,
            _ => {
                let wrong = GridWrong::NotASymbol {
                    symbol,
                    row: row_index,
                    col,
                };
                return Err(grid_error(place, wrong));
            }
        };
        if symbol != '#' {
            open_cells += 1;
        }
        if let Some(slot) = slot {
            if let Some(first) = found[slot] {
                let wrong = GridWrong::Second {
                    symbol,
                    row: row_index,
                    col,
                    first,
                };
                return Err(grid_error(place, wrong));
            }
            found[slot] = Some((row_index, col));
        }
    }
    Ok(open_cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::input::{Found, ValueKind};

    #[test]
    fn reads_groups_of_three_values_across_lines() {
        let cases = parse("[\"M.C...F\"]\n1\n4\n[\"####F\",\"#C...\",\"M....\"] 1 2").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(
            cases[0],
            Case {
                grid: vec!["M.C...F".into()],
                cat_jump: 1,
                mouse_jump: 4
            }
        );
        assert_eq!(cases[1].grid.len(), 3);
    }

    /// Each rule, broken, gives its own error at its place, in its test case (render/input.rs
    /// has their words).
    #[test]
    fn every_structural_rule_is_enforced_with_its_place() {
        let good = "[\"M.C...F\"] 1 4\n";
        let grid = |wrong| Wrong::Grid(wrong);
        let expected = |expected, kind| Wrong::Expected {
            expected,
            found: Found::Value(kind),
        };
        let cases = [
            (
                "[\"M.C..\",\"...F\"] 1 1",
                (2, 10),
                grid(GridWrong::Ragged {
                    row: 1,
                    width: 4,
                    first_width: 5,
                }),
            ),
            (
                "[\"M.C.x.F\"] 1 1",
                (2, 7),
                grid(GridWrong::NotASymbol {
                    symbol: 'x',
                    row: 0,
                    col: 4,
                }),
            ),
            (
                "[\"M.C.C.F\"] 1 1",
                (2, 7),
                grid(GridWrong::Second {
                    symbol: 'C',
                    row: 0,
                    col: 4,
                    first: (0, 2),
                }),
            ),
            ("[\"\"] 1 1", (2, 2), grid(GridWrong::EmptyRow { row: 0 })),
            (
                "[\"..C...F\"] 1 1",
                (2, 1),
                grid(GridWrong::Lacks { symbol: 'M' }),
            ),
            (
                "[\"M.C...F\"] 0 1",
                (2, 13),
                grid(GridWrong::JumpBelowOne {
                    jump: Jump::Cat,
                    value: 0,
                }),
            ),
            (
                "[\"M.C...F\"] 1 -2",
                (2, 15),
                grid(GridWrong::JumpBelowOne {
                    jump: Jump::Mouse,
                    value: -2,
                }),
            ),
            (
                "[\"M.C...F\"] 1 3000000000",
                (2, 15),
                grid(GridWrong::JumpPastI32 {
                    jump: Jump::Mouse,
                    value: 3_000_000_000,
                }),
            ),
            (
                "[\"M.C...F\"] 1",
                (2, 1),
                grid(GridWrong::MissingJump(Jump::Mouse)),
            ),
            (
                "[\"M.C...F\"]",
                (2, 1),
                grid(GridWrong::MissingJump(Jump::Cat)),
            ),
            ("[] 1 1", (2, 1), grid(GridWrong::NoRows)),
            (
                "[\"M.C...F\"] \"1\" 1",
                (2, 13),
                expected(Expected::Jump(Jump::Cat), ValueKind::Str),
            ),
            (
                "[[1]] 1 1",
                (2, 2),
                expected(Expected::GridRow { row: 0 }, ValueKind::Array),
            ),
        ];
        for (text, (line, col), wrong) in cases {
            let error = InputError::at(Place { line, col }, wrong).in_case(2);
            assert_eq!(parse(&format!("{good}{text}")), Err(error), "{text}");
        }
        let third = InputError::at(
            Place { line: 2, col: 18 },
            Wrong::Expected {
                expected: Expected::Value,
                found: Found::End,
            },
        );
        assert_eq!(
            parse(&format!("{good}[\"M.C...F\"] 1 1 [")),
            Err(third.in_case(3))
        );
        assert_eq!(
            parse(" "),
            Err(InputError::whole(Wrong::NoTestCase(CaseShape::Grid)))
        );
    }

    #[test]
    fn a_grid_too_large_for_memory_is_refused() {
        let row = format!("\"{}\"", ".".repeat(200));
        let mut rows = vec![row; 200];
        rows[0] = format!("\"CMF{}\"", ".".repeat(197));
        let error = parse(&format!("[{}] 1 1", rows.join(","))).unwrap_err();
        assert!(
            matches!(
                error.wrong,
                Wrong::OverTableLimit {
                    counted: Counted::OpenCells(40_000),
                    positions: 3_200_000_000,
                    ..
                }
            ),
            "{error:?}"
        );
    }
}
