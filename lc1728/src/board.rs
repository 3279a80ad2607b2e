//! # The board both variants search
//!
//! A grid becomes its open cells, numbered in reading order, and for each cell the cells one
//! move reaches for the mouse and for the cat: staying, or a jump of 1..=jump cells in one of
//! four directions that stops at a wall or the edge (but passes the other player). Built once,
//! stored back to back, so that the searches never allocate per position.
//!
//! # Complexity
//! rows·cols cells, k open, J ≤ 1 + 4·(max(rows, cols) − 1) moves a cell: O(rows·cols + k·J)
//! time and memory.

// ---------------- submission: paste from the next line ----------------
// The board both variants search: the judge guarantees a rectangular grid with exactly one
// 'C', 'M' and 'F', and jumps of at least 1. The tables are sized from the input; they need
// 2k² < 2^32 positions for k open cells and fewer than 65536 moves a cell.

pub const MOUSE_TURN: usize = 0;
pub const CAT_TURN: usize = 1;
pub const UNDECIDED: u8 = 0;
pub const MOUSE_WIN: u8 = 1;
pub const CAT_WIN: u8 = 2;
/// The mouse must reach the food on one of the first 1000 plies (a ply is one player's move).
pub const PLY_LIMIT: u16 = 1000;

/// The open cells (numbered in reading order) and, for each, the cells one move reaches.
pub struct Board {
    pub cells: usize,
    pub mouse: usize,
    pub cat: usize,
    pub food: usize,
    /// The (row, col) of each open cell.
    pub places: Vec<(usize, usize)>,
    pub mouse_moves: Moves,
    pub cat_moves: Moves,
}

/// For each cell, the cells one move reaches, itself first (staying is a move), stored
/// back to back: cell `c`'s moves are `to[start[c]..start[c + 1]]`.
pub struct Moves {
    start: Vec<u32>,
    to: Vec<u32>,
}

impl Moves {
    pub fn of(&self, cell: usize) -> &[u32] {
        &self.to[self.start[cell] as usize..self.start[cell + 1] as usize]
    }
}

impl Board {
    pub fn new(grid: &[String], cat_jump: usize, mouse_jump: usize) -> Board {
        let (rows, cols) = (grid.len(), grid[0].len());
        let mut number = vec![u32::MAX; rows * cols];
        let mut places = Vec::new();
        let (mut mouse, mut cat, mut food) = (0, 0, 0);
        for (row, line) in grid.iter().enumerate() {
            for (col, symbol) in line.bytes().enumerate() {
                if symbol == b'#' {
                    continue;
                }
                match symbol {
                    b'M' => mouse = places.len(),
                    b'C' => cat = places.len(),
                    b'F' => food = places.len(),
                    _ => {}
                }
                number[row * cols + col] = places.len() as u32;
                places.push((row, col));
            }
        }
        let moves = |jump: usize| {
            let mut moves = Moves {
                start: vec![0],
                to: Vec::new(),
            };
            for &(row, col) in &places {
                moves.to.push(number[row * cols + col]);
                for (row_step, col_step) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (mut r, mut c) = (row as isize, col as isize);
                    for _ in 0..jump {
                        r += row_step;
                        c += col_step;
                        if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
                            break;
                        }
                        let cell = number[r as usize * cols + c as usize];
                        if cell == u32::MAX {
                            break; // no jump passes a wall
                        }
                        moves.to.push(cell);
                    }
                }
                moves.start.push(moves.to.len() as u32);
            }
            moves
        };
        let (mouse_moves, cat_moves) = (moves(mouse_jump), moves(cat_jump));
        Board {
            cells: places.len(),
            mouse,
            cat,
            food,
            places,
            mouse_moves,
            cat_moves,
        }
    }

    /// The position `(mouse * cells + cat) * 2 + turn`.
    pub fn position(&self, mouse: usize, cat: usize, turn: usize) -> usize {
        (mouse * self.cells + cat) * 2 + turn
    }

    /// Mouse and cat where the grid puts them, mouse to move.
    pub fn start(&self) -> usize {
        self.position(self.mouse, self.cat, MOUSE_TURN)
    }

    /// The positions the rules end, with their result: the cat on the mouse or on the food
    /// wins for the cat, the mouse alone on the food wins for the mouse.
    pub fn ends(&self) -> Vec<(usize, u8)> {
        let mut ends = Vec::new();
        for turn in [MOUSE_TURN, CAT_TURN] {
            for cell in 0..self.cells {
                ends.push((self.position(cell, cell, turn), CAT_WIN));
                if cell != self.food {
                    ends.push((self.position(cell, self.food, turn), CAT_WIN));
                    ends.push((self.position(self.food, cell, turn), MOUSE_WIN));
                }
            }
        }
        ends
    }
}

/// Every position's outcome, and its plies to the end under best play where decided.
pub struct Table {
    pub outcome: Vec<u8>,
    pub plies: Vec<u16>,
}

// ---------------- submission: paste up to the line above ----------------

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn board(rows: &[&str], cat_jump: usize, mouse_jump: usize) -> Board {
        let grid: Vec<String> = rows.iter().map(|row| row.to_string()).collect();
        Board::new(&grid, cat_jump, mouse_jump)
    }

    #[test]
    fn moves_stay_and_stop_at_walls_and_edges_but_pass_players() {
        let board = board(&["M.C#F"], 1, 3);
        assert_eq!(board.cells, 4);
        // Mouse on cell 0 jumps up to 3 to the right: over the cat, not over the wall.
        assert_eq!(board.mouse_moves.of(0), &[0, 1, 2]);
        assert_eq!(board.cat_moves.of(2), &[2, 1]);
        assert_eq!(board.mouse_moves.of(3), &[3]);
        assert_eq!(board.places[3], (0, 4));
        assert_eq!((board.mouse, board.cat, board.food), (0, 2, 3));
    }

    #[test]
    fn ends_hold_each_terminal_position_once() {
        let board = board(&["M.C#F"], 1, 1);
        let ends = board.ends();
        // Per turn: 4 cells on the same cell, 3 cat-on-food, 3 mouse-on-food.
        assert_eq!(ends.len(), 2 * (4 + 3 + 3));
        let mut seen: Vec<usize> = ends.iter().map(|&(here, _)| here).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), ends.len());
    }
}
