//! # The board and the recorded game, as every variant reads them
//!
//! The pieces, each cell's neighbours, built once, and the path of the empty cell (where it
//! stands before each move, and after the last). Also the two facts the matching variants
//! stand on:
//!
//! - The empty cell never returns to a cell it left. Tutu's moves take it to a white piece,
//!   Dandan's to a black one, so after an even number of moves it stands on a cell of the
//!   start's parity (row + column) that held a black piece, after an odd number on a cell of
//!   the other parity that held a white piece; a cell it left holds, from then on, a piece
//!   that no later mover may take there. So the game is vertex geography: a token walks a
//!   simple path on the graph of the start plus the cells it can ever enter ([`Board::in_play`]),
//!   and whoever cannot move loses.
//! - In vertex geography on a bipartite graph, the player to move wins iff the token's vertex
//!   lies in every maximum matching. (If it does, moving along its matched edge keeps the
//!   opponent on a vertex that some maximum matching avoids, forever; if some maximum matching
//!   avoids it, every move lands on a matched vertex, and the opponent answers along the
//!   matching.)
//!
//! # Complexity
//! rows·cols cells, 2k moves: O(rows·cols + k) time and memory.

// ---------------- submission: paste from the next line ----------------
// The judge guarantees one empty cell and a legal record; `Board::new` relies on both.

/// Tutu moves white pieces into the empty cell, Dandan black ones.
pub const WHITE: u8 = b'O';
pub const BLACK: u8 = b'X';
pub const EMPTY: u8 = b'.';

pub struct Board {
    /// The pieces before the first move, row after row.
    pub pieces: Vec<u8>,
    pub cols: usize,
    /// Where the empty cell stands before move 1, 2, ..., 2k, and after the last.
    pub path: Vec<usize>,
    neighbour_start: Vec<u32>,
    neighbour_list: Vec<u32>,
}

impl Board {
    /// `rows` of `X`, `O` and `.`; `moves` as 0-based (row, column), Tutu's first.
    pub fn new(rows: &[Vec<u8>], moves: &[(usize, usize)]) -> Board {
        let cols = rows[0].len();
        let pieces: Vec<u8> = rows.concat();
        let start = pieces.iter().position(|&cell| cell == EMPTY).unwrap_or(0);
        let mut path = vec![start];
        path.extend(moves.iter().map(|&(row, col)| row * cols + col));
        let mut neighbour_start = vec![0u32];
        let mut neighbour_list = Vec::with_capacity(4 * pieces.len());
        for cell in 0..pieces.len() {
            let (row, col) = (cell / cols, cell % cols);
            if row > 0 {
                neighbour_list.push((cell - cols) as u32);
            }
            if row + 1 < rows.len() {
                neighbour_list.push((cell + cols) as u32);
            }
            if col > 0 {
                neighbour_list.push((cell - 1) as u32);
            }
            if col + 1 < cols {
                neighbour_list.push((cell + 1) as u32);
            }
            neighbour_start.push(neighbour_list.len() as u32);
        }
        Board {
            pieces,
            cols,
            path,
            neighbour_start,
            neighbour_list,
        }
    }

    /// The cells that share a side with `cell`.
    pub fn neighbours(&self, cell: usize) -> &[u32] {
        &self.neighbour_list
            [self.neighbour_start[cell] as usize..self.neighbour_start[cell + 1] as usize]
    }

    /// The parity of `cell` (row + column), which alternates along every move.
    pub fn parity(&self, cell: usize) -> usize {
        (cell / self.cols + cell % self.cols) % 2
    }

    /// Whether the empty cell can ever stand on `cell`: the start, and the cells whose piece
    /// its mover may take there (black on the start's parity, white on the other).
    pub fn in_play(&self, cell: usize) -> bool {
        let start = self.path[0];
        let wanted = if self.parity(cell) == self.parity(start) {
            BLACK
        } else {
            WHITE
        };
        cell == start || self.pieces[cell] == wanted
    }

    /// The number of moves each player made.
    pub fn rounds(&self) -> usize {
        (self.path.len() - 1) / 2
    }
}

/// Tutu's mistakes, numbered from 1, given who wins each position of the record:
/// `wins[2i]` whether Tutu, to move before her move i + 1, wins; `wins[2i + 1]` whether
/// Dandan, to move right after it, wins. A move is a mistake iff both hold.
pub fn mistakes_from(wins: &[bool]) -> Vec<usize> {
    wins.chunks(2)
        .enumerate()
        .filter(|(_, pair)| pair.len() == 2 && pair[0] && pair[1])
        .map(|(index, _)| index + 1)
        .collect()
}
// ---------------- submission: paste up to the line above ----------------

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_neighbours_and_cells_in_play() {
        let rows: Vec<Vec<u8>> = ["XO.OXO"]
            .iter()
            .map(|row| row.as_bytes().to_vec())
            .collect();
        let board = Board::new(&rows, &[(0, 1), (0, 0)]);
        assert_eq!(board.path, vec![2, 1, 0]);
        assert_eq!(board.neighbours(0), &[1]);
        assert_eq!(board.neighbours(2), &[1, 3]);
        assert_eq!(board.rounds(), 1);
        // Start (2), whites at odd distance (1, 3, 5), blacks at even distance (0, 4).
        let in_play: Vec<bool> = (0..6).map(|cell| board.in_play(cell)).collect();
        assert_eq!(in_play, vec![true, true, true, true, true, true]);
        let rows: Vec<Vec<u8>> = ["OX.XOX"]
            .iter()
            .map(|row| row.as_bytes().to_vec())
            .collect();
        let board = Board::new(&rows, &[]);
        let in_play: Vec<bool> = (0..6).map(|cell| board.in_play(cell)).collect();
        assert_eq!(in_play, vec![false, false, true, false, false, false]);
    }

    #[test]
    fn a_mistake_needs_a_win_before_and_a_loss_after() {
        assert_eq!(
            mistakes_from(&[true, true, false, true, true, false, true, true]),
            vec![1, 4]
        );
        assert_eq!(mistakes_from(&[]), Vec::<usize>::new());
    }
}
