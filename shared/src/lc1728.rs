//! LeetCode 1728: the test case type ([`Case`], which the command line reads), random grids
//! that meet the statement's constraints, and an oracle that plays the statement's rules
//! literally, cut at a ply limit.

use crate::rng::Rng;
use std::fmt;

/// A test case: `grid`, `catJump`, `mouseJump`.
#[derive(Clone, PartialEq, Eq)]
pub struct Case {
    pub grid: Vec<String>,
    pub cat_jump: i32,
    pub mouse_jump: i32,
}

impl Case {
    /// The test case as LeetCode's custom test case box takes it (and `lc1728` reads it):
    /// `grid`, `catJump`, `mouseJump`, one a line.
    pub fn judge_text(&self) -> String {
        let rows: Vec<String> = self.grid.iter().map(|row| format!("{row:?}")).collect();
        format!(
            "[{}]\n{}\n{}",
            rows.join(","),
            self.cat_jump,
            self.mouse_jump
        )
    }
}

/// The judge's text, so that a failure can be pasted.
impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.judge_text())
    }
}

/// A random grid: walls with probability `walls`, then `C`, `M` and `F` on three distinct
/// cells, jumps from 1 to `max_jump`.
///
/// # Panics
/// If the grid has fewer than three cells.
pub fn random_game(rng: &mut Rng, rows: usize, cols: usize, walls: f64, max_jump: usize) -> Case {
    assert!(rows * cols >= 3, "the grid needs room for C, M and F");
    let cells: Vec<u8> = (0..rows * cols)
        .map(|_| if rng.chance(walls) { b'#' } else { b'.' })
        .collect();
    let floor: Vec<usize> = (0..rows * cols).collect();
    let (cat_jump, mouse_jump) = (rng.between(1, max_jump), rng.between(1, max_jump));
    with_pieces(rng, cells, cols, floor, cat_jump, mouse_jump)
}

/// The game of `cells` (row after row, `cols` wide) with `C`, `M` and `F` on three distinct
/// random cells of `floor`.
fn with_pieces(
    rng: &mut Rng,
    mut cells: Vec<u8>,
    cols: usize,
    mut floor: Vec<usize>,
    cat_jump: usize,
    mouse_jump: usize,
) -> Case {
    rng.shuffle(&mut floor);
    for (&cell, symbol) in floor.iter().zip([b'C', b'M', b'F']) {
        cells[cell] = symbol;
    }
    Case {
        grid: cells
            .chunks(cols)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect(),
        cat_jump: cat_jump as i32,
        mouse_jump: mouse_jump as i32,
    }
}

/// A random game of up to `max_rows` x `max_cols` cells, a random wall density, and jumps up
/// to the grid's longer side.
pub fn any_game(rng: &mut Rng, max_rows: usize, max_cols: usize) -> Case {
    loop {
        let (rows, cols) = (rng.between(1, max_rows), rng.between(1, max_cols));
        if rows * cols >= 3 {
            let walls = *rng.pick(&[0.0, 0.15, 0.3, 0.45]);
            return random_game(rng, rows, cols, walls, rows.max(cols));
        }
    }
}

/// A maze of up to `rows` x `cols` cells: corridors carved by a random depth-first walk from
/// the even cells, a few walls knocked out to make loops, pieces on random floor cells and
/// small jumps. Chases in mazes are long, which random grids seldom are.
pub fn maze_game(rng: &mut Rng, rows: usize, cols: usize) -> Case {
    let mut cells = vec![b'#'; rows * cols];
    let start = (0, 0);
    cells[0] = b'.';
    let mut stack = vec![start];
    while let Some(&(r, c)) = stack.last() {
        let mut next: Vec<(usize, usize, usize, usize)> = Vec::new();
        for (dr, dc) in [(-2i64, 0i64), (2, 0), (0, -2), (0, 2)] {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                let (nr, nc) = (nr as usize, nc as usize);
                if cells[nr * cols + nc] == b'#' {
                    next.push((nr, nc, (r + nr) / 2, (c + nc) / 2));
                }
            }
        }
        if next.is_empty() {
            stack.pop();
        } else {
            let &(nr, nc, wall_r, wall_c) = rng.pick(&next);
            cells[wall_r * cols + wall_c] = b'.';
            cells[nr * cols + nc] = b'.';
            stack.push((nr, nc));
        }
    }
    for cell in cells.iter_mut() {
        if *cell == b'#' && rng.chance(0.08) {
            *cell = b'.';
        }
    }
    let floor: Vec<usize> = (0..rows * cols)
        .filter(|&cell| cells[cell] == b'.')
        .collect();
    let (cat_jump, mouse_jump) = (rng.between(1, 2), rng.between(1, 2));
    with_pieces(rng, cells, cols, floor, cat_jump, mouse_jump)
}

/// A one-wide corridor, `width` cells across, in which the mouse (jump 1) needs exactly
/// `moves` moves to reach the food, and a cat walled into a cell of its own: the mouse's win
/// lands on ply 2·moves − 1, which pins the 1000-ply limit.
///
/// # Panics
/// If `width` is below 2.
pub fn corridor(moves: usize, width: usize) -> Case {
    assert!(width >= 2, "the corridor turns within its width");
    // The corridor snakes: even rows run full width, odd rows are walls with one gap at the
    // end the corridor turns at.
    let mut path = Vec::new();
    let mut row = 0;
    while path.len() <= moves {
        let cols: Vec<usize> = if row % 4 == 0 {
            (0..width).collect()
        } else {
            (0..width).rev().collect()
        };
        path.extend(cols.iter().map(|&col| (row, col)));
        path.push((row + 1, cols[width - 1]));
        row += 2;
    }
    path.truncate(moves + 1);
    let rows = path[moves].0 + 1;
    let mut grid = vec![vec![b'#'; width]; rows + 2];
    for &(r, c) in &path {
        grid[r][c] = b'.';
    }
    grid[path[0].0][path[0].1] = b'M';
    grid[path[moves].0][path[moves].1] = b'F';
    grid[rows + 1][0] = b'C'; // row `rows` is all wall: the cat can only stay
    Case {
        grid: grid
            .into_iter()
            .map(|row| String::from_utf8_lossy(&row).into_owned())
            .collect(),
        cat_jump: 1,
        mouse_jump: 1,
    }
}

/// Smaller games: a row or column without a player or the food dropped, a jump shortened,
/// a floor cell walled, a player or the food moved one cell up or left onto the floor. Each is
/// smaller by (cells, open cells, jumps, the pieces' rows and columns added up), so shrinking
/// ends.
pub fn shrink(game: &Case) -> Vec<Case> {
    let mut smaller = lines_dropped(game);
    for jump in [1, game.cat_jump - 1] {
        if jump >= 1 && jump < game.cat_jump {
            smaller.push(Case {
                cat_jump: jump,
                ..game.clone()
            });
        }
    }
    for jump in [1, game.mouse_jump - 1] {
        if jump >= 1 && jump < game.mouse_jump {
            smaller.push(Case {
                mouse_jump: jump,
                ..game.clone()
            });
        }
    }
    for (row, line) in game.grid.iter().enumerate() {
        for (col, symbol) in line.bytes().enumerate() {
            if symbol == b'.' {
                let mut candidate = game.clone();
                candidate.grid[row].replace_range(col..=col, "#");
                smaller.push(candidate);
            }
        }
    }
    smaller.extend(pieces_moved(game));
    smaller
}

/// The game without one of its rows, then without one of its columns, where that line holds
/// no player and not the food (and is not the grid's only one).
fn lines_dropped(game: &Case) -> Vec<Case> {
    let mut smaller = Vec::new();
    let cols = game.grid[0].len();
    let keeps_pieces = |line: &str| !line.contains(['C', 'M', 'F']);
    if game.grid.len() > 1 {
        for drop in 0..game.grid.len() {
            if keeps_pieces(&game.grid[drop]) {
                let mut candidate = game.clone();
                candidate.grid.remove(drop);
                smaller.push(candidate);
            }
        }
    }
    if cols > 1 {
        for drop in 0..cols {
            let column: String = game.grid.iter().map(|row| &row[drop..=drop]).collect();
            if keeps_pieces(&column) {
                let mut candidate = game.clone();
                for row in &mut candidate.grid {
                    row.remove(drop);
                }
                smaller.push(candidate);
            }
        }
    }
    smaller
}

/// The game with a player or the food moved one cell up or left, onto the floor.
fn pieces_moved(game: &Case) -> Vec<Case> {
    let mut moved = Vec::new();
    let floor = |row: usize, col: usize| game.grid[row].as_bytes()[col] == b'.';
    for (row, line) in game.grid.iter().enumerate() {
        for (col, symbol) in line.bytes().enumerate() {
            if !matches!(symbol, b'C' | b'M' | b'F') {
                continue;
            }
            let up = (row > 0 && floor(row - 1, col)).then(|| (row - 1, col));
            let left = (col > 0 && floor(row, col - 1)).then(|| (row, col - 1));
            for (to_row, to_col) in [up, left].into_iter().flatten() {
                let mut candidate = game.clone();
                let piece = (symbol as char).to_string();
                candidate.grid[row].replace_range(col..=col, ".");
                candidate.grid[to_row].replace_range(to_col..=to_col, &piece);
                moved.push(candidate);
            }
        }
    }
    moved
}

/// Every game on a grid of 3 to `most` cells: each shape, each placing of the cat, the mouse
/// and the food, each set of walls on the other cells, each pair of jumps up to the grid's
/// longer side less one (a longer jump reaches no further). Ordered by open cells, then
/// cells, then the two jumps added up: run in order, the first that fails is the smallest
/// failing game of at most `most` cells.
///
/// # Complexity
/// About 60,000 games at 6 cells.
pub fn all_games(most: usize) -> Vec<Case> {
    let mut games = Vec::new();
    for rows in 1..=most {
        for cols in 1..=most / rows {
            let cells = rows * cols;
            if cells < 3 {
                continue;
            }
            let longest_jump = (rows.max(cols) - 1).max(1) as i32;
            for cat in 0..cells {
                for mouse in (0..cells).filter(|&mouse| mouse != cat) {
                    for food in (0..cells).filter(|&food| food != cat && food != mouse) {
                        let others: Vec<usize> = (0..cells)
                            .filter(|&cell| cell != cat && cell != mouse && cell != food)
                            .collect();
                        for walls in 0u32..1 << others.len() {
                            let mut grid = vec![b'.'; cells];
                            grid[cat] = b'C';
                            grid[mouse] = b'M';
                            grid[food] = b'F';
                            for (bit, &cell) in others.iter().enumerate() {
                                if walls >> bit & 1 == 1 {
                                    grid[cell] = b'#';
                                }
                            }
                            let grid: Vec<String> = grid
                                .chunks(cols)
                                .map(|row| String::from_utf8_lossy(row).into_owned())
                                .collect();
                            for cat_jump in 1..=longest_jump {
                                for mouse_jump in 1..=longest_jump {
                                    games.push(Case {
                                        grid: grid.clone(),
                                        cat_jump,
                                        mouse_jump,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    games.sort_by_key(measure);
    games
}

/// A game's size, compared as a tuple: open cells, then the grid's cells, then both jumps
/// added up. Every list of games (`--check`'s, the tables') is ordered by it.
pub fn measure(game: &Case) -> [usize; 3] {
    let jumps = (game.cat_jump + game.mouse_jump) as usize;
    [open_cells(game), cells_of(game), jumps]
}

/// The cells a player or the food may stand on.
pub fn open_cells(game: &Case) -> usize {
    game.grid
        .iter()
        .map(|row| row.bytes().filter(|&b| b != b'#').count())
        .sum()
}

fn cells_of(game: &Case) -> usize {
    game.grid.len() * game.grid[0].len()
}

/// The statement's move from `(row, col)` for a piece that jumps `jump`: stay, or 1 to
/// `jump` cells up, down, left or right, stopping at the grid's edge and before a wall. The
/// oracle and the workbench's checks of explanations move pieces with it.
pub fn reachable(game: &Case, (row, col): (usize, usize), jump: i32) -> Vec<(usize, usize)> {
    let (rows, cols) = (game.grid.len() as i64, game.grid[0].len() as i64);
    let mut reached = vec![(row, col)];
    for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
        for step in 1..=i64::from(jump) {
            let (r, c) = (row as i64 + dr * step, col as i64 + dc * step);
            if r < 0 || c < 0 || r >= rows || c >= cols {
                break;
            }
            if game.grid[r as usize].as_bytes()[c as usize] == b'#' {
                break;
            }
            reached.push((r as usize, c as usize));
        }
    }
    reached
}

/// Whether the mouse wins, by the statement's rules cut at `limit` plies: the mouse moves on
/// plies 1, 3, 5, ..., the cat on 2, 4, ...; a move stays or jumps 1..=jump cells in one
/// direction without crossing a wall or the edge; the cat wins by landing on the mouse or on
/// the food, the mouse by landing on the food; when `limit` plies are played, the cat wins.
/// Evaluated by backward induction over the plies that remain (0, 1, ..., limit).
///
/// # Complexity
/// O(limit · cells² · moves): for small grids.
pub fn oracle(game: &Case, limit: usize) -> bool {
    let rows = game.grid.len();
    let cols = game.grid[0].len();
    let cells = rows * cols;
    let at = |cell: usize| game.grid[cell / cols].as_bytes()[cell % cols];
    let find = |symbol: u8| {
        (0..cells)
            .find(|&cell| at(cell) == symbol)
            .expect("C, M and F are on the grid")
    };
    let (mouse, cat, food) = (find(b'M'), find(b'C'), find(b'F'));
    let moves = |cell: usize, jump: i32| -> Vec<usize> {
        let reached = reachable(game, (cell / cols, cell % cols), jump);
        reached.iter().map(|&(row, col)| row * cols + col).collect()
    };
    let mouse_moves: Vec<Vec<usize>> = (0..cells)
        .map(|cell| moves(cell, game.mouse_jump))
        .collect();
    let cat_moves: Vec<Vec<usize>> = (0..cells).map(|cell| moves(cell, game.cat_jump)).collect();
    // wins[(m * cells + c) * 2 + cat_to_move]: the mouse wins with the remaining plies.
    let index = |m: usize, c: usize, cat_to_move: usize| (m * cells + c) * 2 + cat_to_move;
    let mut wins = vec![false; 2 * cells * cells]; // no ply remains: the cat wins
    for _remaining in 1..=limit {
        let mut next = vec![false; 2 * cells * cells];
        for m in 0..cells {
            for c in 0..cells {
                if at(m) == b'#' || at(c) == b'#' || m == c || m == food || c == food {
                    continue; // not a position where anyone is to move
                }
                next[index(m, c, 0)] = mouse_moves[m]
                    .iter()
                    .any(|&to| to != c && (to == food || wins[index(to, c, 1)]));
                next[index(m, c, 1)] = cat_moves[c]
                    .iter()
                    .all(|&to| to != m && to != food && wins[index(m, to, 0)]);
            }
        }
        wins = next;
    }
    wins[index(mouse, cat, 0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rows: &[&str], cat_jump: i32, mouse_jump: i32) -> Case {
        Case {
            grid: rows.iter().map(|r| r.to_string()).collect(),
            cat_jump,
            mouse_jump,
        }
    }

    #[test]
    fn oracle_answers_the_statement_s_examples() {
        assert!(oracle(&game(&["####F", "#C...", "M...."], 1, 2), 1000));
        assert!(oracle(&game(&["M.C...F"], 1, 4), 1000));
        assert!(!oracle(&game(&["M.C...F"], 1, 3), 1000));
        assert!(!oracle(
            &game(&["C...#", "...#F", "....#", "M...."], 2, 5),
            1000
        ));
        assert!(oracle(
            &game(&[".M...", "..#..", "#..#.", "C#.#.", "...#F"], 3, 1),
            1000
        ));
    }

    #[test]
    fn the_limit_counts_plies() {
        // The mouse needs 2 moves, landing on ply 3.
        let g = game(&["M.F", "###", "C##"], 1, 1);
        assert!(oracle(&g, 3));
        assert!(!oracle(&g, 2));
    }

    #[test]
    fn generated_games_hold_one_c_m_f_and_shrink_validly() {
        let mut rng = Rng::new(3);
        for round in 0..300 {
            let g = if round % 3 == 0 {
                maze_game(&mut rng, 8, 8)
            } else {
                any_game(&mut rng, 6, 6)
            };
            let text: String = g.grid.concat();
            for symbol in ['C', 'M', 'F'] {
                assert_eq!(text.matches(symbol).count(), 1, "{g:?}");
            }
            for smaller in shrink(&g) {
                let text: String = smaller.grid.concat();
                assert!(
                    ['C', 'M', 'F']
                        .iter()
                        .all(|&s| text.matches(s).count() == 1),
                    "{smaller:?}"
                );
                assert!(smaller.cat_jump >= 1 && smaller.mouse_jump >= 1);
            }
        }
    }
}
