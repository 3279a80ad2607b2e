//! NOI2011 兔兔与蛋蛋游戏: the test case type ([`Record`], which the command line reads),
//! random boards with random legal records, long records along a snake, and an oracle that
//! plays the rules literally.

use crate::rng::Rng;
use std::collections::HashMap;
use std::fmt;

/// A test case: the board before the first move and the 2k moves, 0-based, Tutu's first.
#[derive(Clone, PartialEq, Eq)]
pub struct Record {
    pub board: Vec<Vec<u8>>,
    pub moves: Vec<(usize, usize)>,
}

impl Record {
    /// The statement's input text (which `noi2011` reads): the board's size, its rows, the
    /// rounds, then the moves, 1-based.
    pub fn to_input(&self) -> String {
        let mut text = format!("{} {}\n", self.board.len(), self.board[0].len());
        for row in &self.board {
            text.push_str(&String::from_utf8_lossy(row));
            text.push('\n');
        }
        text.push_str(&format!("{}\n", self.moves.len() / 2));
        for &(row, col) in &self.moves {
            text.push_str(&format!("{} {}\n", row + 1, col + 1));
        }
        text
    }
}

/// The statement's input, so that a failure can be pasted.
impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_input())
    }
}

const WHITE: u8 = b'O';
const BLACK: u8 = b'X';
const EMPTY: u8 = b'.';

fn find_empty(board: &[Vec<u8>]) -> (usize, usize) {
    for (row, line) in board.iter().enumerate() {
        if let Some(col) = line.iter().position(|&cell| cell == EMPTY) {
            return (row, col);
        }
    }
    panic!("the board has no empty cell")
}

/// The one move of the game: the piece on `cell` (next to the empty cell) slides into the
/// empty cell, which moves to `cell`. The workbench's readers, generators and oracle all move
/// pieces with it.
pub fn slide(board: &mut [Vec<u8>], empty: &mut (usize, usize), cell: (usize, usize)) {
    board[empty.0][empty.1] = board[cell.0][cell.1];
    board[cell.0][cell.1] = EMPTY;
    *empty = cell;
}

/// The cells next to `(row, col)` on the board, up, down, left, right.
pub fn neighbours(board: &[Vec<u8>], (row, col): (usize, usize)) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    if row > 0 {
        cells.push((row - 1, col));
    }
    if row + 1 < board.len() {
        cells.push((row + 1, col));
    }
    if col > 0 {
        cells.push((row, col - 1));
    }
    if col + 1 < board[0].len() {
        cells.push((row, col + 1));
    }
    cells
}

/// A board of random pieces, white or black with probability one half each.
fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let piece = |rng: &mut Rng| if rng.chance(0.5) { WHITE } else { BLACK };
    (0..rows)
        .map(|_| (0..cols).map(|_| piece(rng)).collect())
        .collect()
}

/// Recolours the unvisited white pieces next to the final empty cell black, so that Tutu
/// cannot move at the end, as the statement promises. The record stays legal: those cells
/// were never entered, and a white piece turned black only takes options from Tutu.
fn strand_tutu(record: &mut Record) {
    let (board, empty) = before_move(record, record.moves.len());
    let start = find_empty(&record.board);
    for (row, col) in neighbours(&board, empty) {
        let visited = (row, col) == start || record.moves.contains(&(row, col));
        if board[row][col] == WHITE && !visited {
            record.board[row][col] = BLACK;
        }
    }
}

/// A random board (each piece white with probability one half) and a random legal record:
/// both players move at random, for up to `max_rounds` rounds or until one is stuck; the
/// record ends after a Dandan move, with Tutu stranded. Retries boards where no full round
/// can be played.
///
/// # Panics
/// If the board has fewer than three cells: no round can be played on it.
pub fn random_record(rng: &mut Rng, rows: usize, cols: usize, max_rounds: usize) -> Record {
    assert!(rows * cols >= 3, "a round needs three cells in a row");
    loop {
        let mut board = random_board(rng, rows, cols);
        board[rng.below(rows)][rng.below(cols)] = EMPTY;
        let start_board = board.clone();
        let mut empty = find_empty(&board);
        let mut moves = Vec::new();
        let rounds = rng.between(1, max_rounds.max(1));
        'rounds: for _ in 0..rounds {
            let mut round = Vec::new();
            for piece in [WHITE, BLACK] {
                let options: Vec<(usize, usize)> = neighbours(&board, empty)
                    .into_iter()
                    .filter(|&(r, c)| board[r][c] == piece)
                    .collect();
                if options.is_empty() {
                    break 'rounds;
                }
                let cell = *rng.pick(&options);
                round.push((cell, empty));
                slide(&mut board, &mut empty, cell);
            }
            moves.extend(round.iter().map(|&(cell, _)| cell));
        }
        if moves.len() >= 2 {
            moves.truncate(moves.len() / 2 * 2);
            let mut record = Record {
                board: start_board,
                moves,
            };
            strand_tutu(&mut record);
            return record;
        }
    }
}

/// A board whose empty cell walks a snake (rows left to right, then right to left, ...) for
/// `rounds` rounds: the cells of the snake alternate white and black from the start, the other
/// cells are random, and Tutu is stranded at the end. Makes long records on large boards.
pub fn snake_record(rng: &mut Rng, rows: usize, cols: usize, rounds: usize) -> Record {
    assert!(2 * rounds < rows * cols, "the snake must fit on the board");
    let mut board = random_board(rng, rows, cols);
    let path: Vec<(usize, usize)> = (0..=2 * rounds)
        .map(|step| {
            let row = step / cols;
            let col = if row.is_multiple_of(2) {
                step % cols
            } else {
                cols - 1 - step % cols
            };
            (row, col)
        })
        .collect();
    for (step, &(row, col)) in path.iter().enumerate() {
        board[row][col] = match step {
            0 => EMPTY,
            odd if odd % 2 == 1 => WHITE,
            _ => BLACK,
        };
    }
    let mut record = Record {
        board,
        moves: path[1..].to_vec(),
    };
    strand_tutu(&mut record);
    record
}

/// Smaller records, the big steps first: the first round dropped (the board starts where it
/// left the pieces, so the empty cell moves), the last round dropped, a row or column that
/// the empty cell never visits dropped (anywhere: no move crosses it), then one of Tutu's
/// pieces that never moves recoloured as Dandan's. Each is strictly smaller in (moves, cells,
/// Tutu's pieces), so shrinking ends; Tutu is stranded again in each.
pub fn shrink(record: &Record) -> Vec<Record> {
    let mut smaller = Vec::new();
    let mut push = |mut candidate: Record| {
        strand_tutu(&mut candidate);
        if !smaller.contains(&candidate) {
            smaller.push(candidate);
        }
    };
    if record.moves.len() > 2 {
        push(Record {
            board: before_move(record, 2).0,
            moves: record.moves[2..].to_vec(),
        });
        let mut shorter = record.clone();
        shorter.moves.truncate(record.moves.len() - 2);
        push(shorter);
    }
    let mut visited = record.moves.clone();
    visited.push(find_empty(&record.board));
    let (rows, cols) = (record.board.len(), record.board[0].len());
    for row in (0..rows).filter(|&row| rows > 1 && visited.iter().all(|cell| cell.0 != row)) {
        let mut shorter = record.clone();
        shorter.board.remove(row);
        for cell in &mut shorter.moves {
            cell.0 -= usize::from(cell.0 > row);
        }
        push(shorter);
    }
    for col in (0..cols).filter(|&col| cols > 1 && visited.iter().all(|cell| cell.1 != col)) {
        let mut narrower = record.clone();
        for line in &mut narrower.board {
            line.remove(col);
        }
        for cell in &mut narrower.moves {
            cell.1 -= usize::from(cell.1 > col);
        }
        push(narrower);
    }
    for (row, line) in record.board.iter().enumerate() {
        for (col, &piece) in line.iter().enumerate() {
            if piece == WHITE && !visited.contains(&(row, col)) {
                let mut recoloured = record.clone();
                recoloured.board[row][col] = BLACK;
                push(recoloured);
            }
        }
    }
    smaller
}

/// The board and the empty cell before move `index` (0-based) of the record.
pub fn before_move(record: &Record, index: usize) -> (Vec<Vec<u8>>, (usize, usize)) {
    let mut board = record.board.clone();
    let mut empty = find_empty(&board);
    for &cell in &record.moves[..index] {
        slide(&mut board, &mut empty, cell);
    }
    (board, empty)
}

/// Every legal game record on boards of 3 to `most` cells that ends as the statement promises
/// (whole rounds played, then Tutu unable to move), ordered by cells, then moves: run in
/// order, the first that fails is the smallest failing game of at most `most` cells.
///
/// # Complexity
/// Every board (cells · 2^(cells − 1) of each shape) and every line of play on it: a few
/// hundred records at 5 cells.
pub fn all_records(most: usize) -> Vec<Record> {
    let mut records = Vec::new();
    for cells in 3..=most {
        for rows in (1..=cells).filter(|rows| cells % rows == 0) {
            let cols = cells / rows;
            for empty in 0..cells {
                for mask in 0u32..1 << (cells - 1) {
                    let mut board = vec![vec![WHITE; cols]; rows];
                    let others = (0..cells).filter(|&cell| cell != empty);
                    for (bit, cell) in others.enumerate() {
                        if mask >> bit & 1 == 1 {
                            board[cell / cols][cell % cols] = BLACK;
                        }
                    }
                    board[empty / cols][empty % cols] = EMPTY;
                    let start = (empty / cols, empty % cols);
                    lines_of_play(&board, start, &mut Vec::new(), &board, &mut records);
                }
            }
        }
    }
    records.sort_by_key(|record| {
        (
            record.board.len() * record.board[0].len(),
            record.moves.len(),
        )
    });
    records
}

/// Every way the game on `board` (the empty cell at `empty`, `moves` played from `start`)
/// goes on by whole rounds until Tutu cannot move; each such end is a record.
fn lines_of_play(
    board: &[Vec<u8>],
    empty: (usize, usize),
    moves: &mut Vec<(usize, usize)>,
    start: &[Vec<u8>],
    records: &mut Vec<Record>,
) {
    let of_colour = |board: &[Vec<u8>], at, colour| -> Vec<(usize, usize)> {
        neighbours(board, at)
            .into_iter()
            .filter(|&(row, col)| board[row][col] == colour)
            .collect()
    };
    let tutu = of_colour(board, empty, WHITE);
    if tutu.is_empty() {
        if !moves.is_empty() {
            records.push(Record {
                board: start.to_vec(),
                moves: moves.clone(),
            });
        }
        return;
    }
    for white in tutu {
        let (mut after_tutu, mut at) = (board.to_vec(), empty);
        slide(&mut after_tutu, &mut at, white);
        // A round Dandan cannot answer ends the game mid-round: no record of whole rounds.
        for black in of_colour(&after_tutu, at, BLACK) {
            let (mut after_round, mut now) = (after_tutu.clone(), at);
            slide(&mut after_round, &mut now, black);
            moves.extend([white, black]);
            lines_of_play(&after_round, now, moves, start, records);
            moves.truncate(moves.len() - 2);
        }
    }
}

/// Whether Tutu can move when the record ends: the statement promises she cannot, and the
/// command line notes a record that breaks the promise.
pub fn tutu_can_move_at_end(record: &Record) -> bool {
    let (board, empty) = before_move(record, record.moves.len());
    neighbours(&board, empty)
        .iter()
        .any(|&(row, col)| board[row][col] == WHITE)
}

/// Whether the player who slides `mover` pieces (`b'O'` Tutu, `b'X'` Dandan), to move on
/// `board` with the empty cell on `empty`, wins, by the statement's rules: some piece of
/// theirs next to the empty cell slides in and leaves the opponent without a winning reply;
/// whoever cannot move loses. A search over whole boards, memoised on the board and mover.
///
/// # Complexity
/// Exponential in the board's size: for boards of up to about 20 cells.
pub fn mover_wins(board: &[Vec<u8>], empty: (usize, usize), mover: u8) -> bool {
    wins(&mut board.to_vec(), empty, mover, &mut HashMap::new())
}

/// For each of the record's 2k positions, whether the player to move wins ([`mover_wins`]).
pub fn winners(record: &Record) -> Vec<bool> {
    let mut memo = HashMap::new();
    (0..record.moves.len())
        .map(|index| {
            let (mut board, empty) = before_move(record, index);
            let mover = if index % 2 == 0 { WHITE } else { BLACK };
            wins(&mut board, empty, mover, &mut memo)
        })
        .collect()
}

/// Tutu's mistakes (1-based), by the statement's definition: before the move she has a
/// winning strategy, after it Dandan has one ([`winners`]).
pub fn oracle(record: &Record) -> Vec<usize> {
    let wins = winners(record);
    (0..wins.len() / 2)
        .filter(|&round| wins[2 * round] && wins[2 * round + 1])
        .map(|round| round + 1)
        .collect()
}

fn wins(
    board: &mut Vec<Vec<u8>>,
    empty: (usize, usize),
    mover: u8,
    memo: &mut HashMap<(Vec<Vec<u8>>, u8), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(board.clone(), mover)) {
        return known;
    }
    let other = if mover == WHITE { BLACK } else { WHITE };
    let mut result = false;
    for cell in neighbours(board, empty) {
        if board[cell.0][cell.1] == mover {
            let mut after = empty;
            slide(board, &mut after, cell);
            let opponent_wins = wins(board, cell, other, memo);
            slide(board, &mut after, empty);
            if !opponent_wins {
                result = true;
                break;
            }
        }
    }
    memo.insert((board.clone(), mover), result);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_records_are_legal_whole_rounds_smallest_first() {
        let three: Vec<String> = all_records(3)
            .iter()
            .map(|record| record.to_input())
            .collect();
        // On three cells in a line only an end cell can start a round: `.OX` and `XO.`, one
        // round each, in a row and in a column.
        assert_eq!(
            three,
            [
                "1 3\n.OX\n1\n1 2\n1 3\n",
                "1 3\nXO.\n1\n1 2\n1 1\n",
                "3 1\n.\nO\nX\n1\n2 1\n3 1\n",
                "3 1\nX\nO\n.\n1\n2 1\n1 1\n",
            ]
        );
        let records = all_records(5);
        assert!(records.len() > 20, "{}", records.len());
        let size = |record: &Record| {
            (
                record.board.len() * record.board[0].len(),
                record.moves.len(),
            )
        };
        assert!(records
            .windows(2)
            .all(|pair| size(&pair[0]) <= size(&pair[1])));
        for record in &records {
            assert!(!record.moves.is_empty() && record.moves.len() % 2 == 0);
            assert!(!tutu_can_move_at_end(record), "{}", record.to_input());
        }
    }

    fn parse(rows: &[&str], moves: &[(usize, usize)]) -> Record {
        Record {
            board: rows.iter().map(|row| row.as_bytes().to_vec()).collect(),
            moves: moves.iter().map(|&(r, c)| (r - 1, c - 1)).collect(),
        }
    }

    #[test]
    fn oracle_answers_the_samples() {
        assert_eq!(oracle(&parse(&["XO.OXO"], &[(1, 2), (1, 1)])), vec![1]);
        let second = parse(
            &["XOX", "O.O", "XOX"],
            &[
                (2, 3),
                (1, 3),
                (1, 2),
                (1, 1),
                (2, 1),
                (3, 1),
                (3, 2),
                (3, 3),
            ],
        );
        assert_eq!(oracle(&second), Vec::<usize>::new());
        let third = parse(
            &["OOXX", "OXXO", "OO.O", "XXXO"],
            &[(3, 2), (2, 2), (1, 2), (1, 3)],
        );
        assert_eq!(oracle(&third), vec![1, 2]);
    }

    /// Replays `record`; panics on an illegal move; true if Tutu is stuck at the end.
    fn replay(record: &Record) -> bool {
        let mut board = record.board.clone();
        let mut empty = find_empty(&board);
        for (index, &cell) in record.moves.iter().enumerate() {
            let piece = if index % 2 == 0 { WHITE } else { BLACK };
            assert!(
                neighbours(&board, empty).contains(&cell),
                "move {index} not adjacent"
            );
            assert_eq!(
                board[cell.0][cell.1], piece,
                "move {index} takes the wrong colour"
            );
            slide(&mut board, &mut empty, cell);
        }
        !tutu_can_move_at_end(record)
    }

    /// What every shrinking step lowers: (moves, cells, Tutu's pieces), in that order.
    fn measure(record: &Record) -> (usize, usize, usize) {
        let cells = record.board.len() * record.board[0].len();
        let tutu = record
            .board
            .iter()
            .flatten()
            .filter(|&&piece| piece == WHITE);
        (record.moves.len(), cells, tutu.count())
    }

    #[test]
    fn generated_records_are_legal_and_strand_tutu() {
        let mut rng = Rng::new(11);
        for _ in 0..300 {
            let rows = rng.between(1, 5);
            let record = random_record(&mut rng, rows, 4, 6);
            assert!(record.moves.len() >= 2 && record.moves.len().is_multiple_of(2));
            assert!(replay(&record), "{record:?}");
            for smaller in shrink(&record) {
                assert!(replay(&smaller), "{smaller:?}");
                assert!(measure(&smaller) < measure(&record), "{smaller:?}");
            }
        }
        let snake = snake_record(&mut rng, 7, 9, 25);
        assert_eq!(snake.moves.len(), 50);
        assert!(replay(&snake));
    }
}
