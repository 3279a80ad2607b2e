//! LeetCode 1728 on the workbench: the variants as [`Solver`]s, and the command line's reading
//! and checking of LeetCode's custom-testcase input, three values per test case, `grid`,
//! `catJump` and `mouseJump`, such as `["M.C...F"]`, then `1`, then `4`, separated by any
//! whitespace.
//!
//! Only the statement's structural rules are enforced (a rectangular grid of `C M F . #` with
//! exactly one `C`, `M` and `F`, jumps of at least 1); grids past the judge's 8x8 are welcome
//! up to [`MAX_POSITIONS`].

use crate::driver::{Problem, Solver};
use crate::values::{parse_values, Place, Spanned};
use shared::lc1728::Game;

/// The command line's description of this problem.
pub static PROBLEM: Problem<Game, bool> = Problem {
    bin: "lc1728",
    title: "LeetCode 1728, Cat and Mouse II (true if the mouse wins within 1000 plies)",
    input_help: "LeetCode's custom test cases, three values per test case: grid, catJump, \
                 mouseJump, e.g.\n  [\"M.C...F\"]\n  1\n  4\n\
                 Whitespace and line breaks between values do not matter. Grids may exceed the \
                 judge's 8x8.",
    solvers,
    examples,
    parse,
    note: |_| None,
    explain: |game| {
        ::lc1728::explain::explain(&game.grid, game.cat_jump as usize, game.mouse_jump as usize)
    },
};

/// Every variant of the `lc1728` crate, the default first.
pub fn solvers() -> Vec<Solver<Game, bool>> {
    ::lc1728::VARIANTS
        .iter()
        .map(|variant| {
            Solver::new(
                variant.name,
                variant.summary,
                variant.sources,
                |game: &Game| {
                    (variant.can_mouse_win)(game.grid.clone(), game.cat_jump, game.mouse_jump)
                },
            )
        })
        .collect()
}

/// The examples, then the regressions, as test cases with their answers.
pub fn known_cases() -> Vec<(Game, bool)> {
    ::lc1728::known_cases()
        .into_iter()
        .map(|(grid, cat_jump, mouse_jump, answer)| {
            let game = Game {
                grid,
                cat_jump,
                mouse_jump,
            };
            (game, answer)
        })
        .collect()
}

/// The statement's examples with their answers.
pub fn examples() -> Vec<(Game, bool)> {
    let mut cases = known_cases();
    cases.truncate(::lc1728::EXAMPLES.len());
    cases
}

/// Positions (2k² for k open cells) the tables may hold: at 9 bytes a position in
/// `degree_bfs`, about 2.4 GB. Larger grids are refused before anything is allocated.
pub const MAX_POSITIONS: u64 = 1 << 28;

/// Every test case of the input, checked.
///
/// # Errors
/// The first problem, as `test case K, line L, col C: what is wrong`.
pub fn parse(text: &str) -> Result<Vec<Game>, String> {
    let values = parse_values(text)
        .map_err(|error| format!("test case {}, {}", error.value / 3 + 1, error.message))?;
    if values.is_empty() {
        return Err("the input holds no test case (expected a grid, catJump and mouseJump)".into());
    }
    values
        .chunks(3)
        .enumerate()
        .map(|(index, group)| {
            game(group).map_err(|error| format!("test case {}, {error}", index + 1))
        })
        .collect()
}

fn game(group: &[Spanned]) -> Result<Game, String> {
    let (grid_value, cat_value, mouse_value) = match group {
        [grid, cat, mouse] => (grid, cat, mouse),
        [grid, ..] => {
            let missing = if group.len() == 1 {
                "catJump"
            } else {
                "mouseJump"
            };
            return Err(format!(
                "{}: the input ends before this test case's {missing}",
                grid.place
            ));
        }
        [] => unreachable!("chunks are never empty"),
    };
    let grid = grid_rows(grid_value)?;
    let jump = |value: &Spanned, name: &str| -> Result<i32, String> {
        let jump = value.as_int(name)?;
        if jump < 1 {
            return Err(format!(
                "{}: {name} is {jump}; it must be at least 1",
                value.place
            ));
        }
        i32::try_from(jump)
            .map_err(|_| format!("{}: {name} is {jump}, past LeetCode's i32", value.place))
    };
    Ok(Game {
        grid,
        cat_jump: jump(cat_value, "catJump")?,
        mouse_jump: jump(mouse_value, "mouseJump")?,
    })
}

fn grid_rows(value: &Spanned) -> Result<Vec<String>, String> {
    let rows = value.as_array("a grid (an array of strings)")?;
    if rows.is_empty() {
        return Err(format!("{}: the grid has no rows", value.place));
    }
    let mut grid = Vec::with_capacity(rows.len());
    let mut found: [Option<Place>; 3] = [None; 3];
    let mut open_cells: u64 = 0;
    for (row_index, row) in rows.iter().enumerate() {
        let line = row.as_str(&format!("row {row_index} of the grid (a string)"))?;
        let width = line.chars().count();
        let first_width = grid
            .first()
            .map_or(width, |first: &String| first.chars().count());
        if width == 0 || width != first_width {
            return Err(format!(
                "{}: row {row_index} has {width} cells, row 0 has {first_width} (the grid must be a non-empty rectangle)",
                row.place
            ));
        }
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
                other => {
                    return Err(format!(
                        "{place}: '{}' at row {row_index}, column {col} is not one of C M F . #",
                        other.escape_default()
                    ))
                }
            };
            if symbol != '#' {
                open_cells += 1;
            }
            if let Some(slot) = slot {
                if let Some(first) = found[slot] {
                    return Err(format!(
                        "{place}: a second '{symbol}' at row {row_index}, column {col} (the first is at {first})"
                    ));
                }
                found[slot] = Some(place);
            }
        }
        grid.push(line.to_string());
    }
    for (slot, symbol) in ['C', 'M', 'F'].iter().enumerate() {
        if found[slot].is_none() {
            return Err(format!("{}: the grid has no '{symbol}'", value.place));
        }
    }
    let positions = 2 * open_cells * open_cells;
    if positions > MAX_POSITIONS {
        return Err(format!(
            "{}: {open_cells} open cells make {positions} positions, over the limit of {MAX_POSITIONS} \
             (about {} GB of tables)",
            value.place,
            positions * 9 / 1_000_000_000
        ));
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_groups_of_three_values_across_lines() {
        let cases = parse("[\"M.C...F\"]\n1\n4\n[\"####F\",\"#C...\",\"M....\"] 1 2").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(
            cases[0],
            Game {
                grid: vec!["M.C...F".into()],
                cat_jump: 1,
                mouse_jump: 4
            }
        );
        assert_eq!(cases[1].grid.len(), 3);
    }

    #[test]
    fn every_structural_rule_is_enforced_with_its_place() {
        let good = "[\"M.C...F\"] 1 4\n";
        let cases = [
            ("[\"M.C..\",\"...F\"] 1 1", "test case 2, line 2, col 10: row 1 has 4 cells, row 0 has 5"),
            ("[\"M.C.x.F\"] 1 1", "test case 2, line 2, col 7: 'x' at row 0, column 4 is not one of"),
            ("[\"M.C.C.F\"] 1 1", "test case 2, line 2, col 7: a second 'C' at row 0, column 4 (the first is at line 2, col 5)"),
            ("[\"..C...F\"] 1 1", "test case 2, line 2, col 1: the grid has no 'M'"),
            ("[\"M.C...F\"] 0 1", "test case 2, line 2, col 13: catJump is 0; it must be at least 1"),
            ("[\"M.C...F\"] 1 -2", "test case 2, line 2, col 15: mouseJump is -2"),
            ("[\"M.C...F\"] 1 3000000000", "mouseJump is 3000000000, past LeetCode's i32"),
            ("[\"M.C...F\"] 1", "test case 2, line 2, col 1: the input ends before this test case's mouseJump"),
            ("[\"M.C...F\"]", "the input ends before this test case's catJump"),
            ("[] 1 1", "test case 2, line 2, col 1: the grid has no rows"),
            ("[\"\"] 1 1", "row 0 has 0 cells"),
            ("[\"M.C...F\"] \"1\" 1", "test case 2, line 2, col 13: expected catJump, found a string"),
            ("[[1]] 1 1", "test case 2, line 2, col 2: expected row 0 of the grid (a string), found an array"),
            ("[\"M.C...F\"] 1 1 [", "test case 3, line 2, col 18: expected a value"),
        ];
        for (text, expected) in cases {
            let error = parse(&format!("{good}{text}")).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
        }
        assert!(parse(" ").unwrap_err().contains("no test case"));
    }

    #[test]
    fn a_grid_too_large_for_memory_is_refused() {
        let row = format!("\"{}\"", ".".repeat(200));
        let mut rows = vec![row; 200];
        rows[0] = format!("\"CMF{}\"", ".".repeat(197));
        let error = parse(&format!("[{}] 1 1", rows.join(","))).unwrap_err();
        assert!(
            error.contains("40000 open cells make 3200000000 positions, over the limit"),
            "{error}"
        );
    }
}
