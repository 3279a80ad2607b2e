//! NOI2011 兔兔与蛋蛋游戏: the test case type ([`Record`], which the command line reads),
//! random boards with random legal records, long records along a snake, and an oracle that
//! plays the rules literally.

use crate::rng::Rng;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

/// A test case: the board before the first move and the 2k moves, 0-based, Tutu's first.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Record {
    pub board: Vec<Vec<u8>>,
    pub moves: Vec<(usize, usize)>,
}

impl Record {
    /// The board's cells: its size in the first place of every order on games.
    pub fn cells(&self) -> usize {
        self.board.len() * self.board.first().map_or(0, Vec::len)
    }

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

/// Smaller records, the big steps first, so that a long game loses most of its size in a few
/// runs (noi2011 runs one game a process): whole rounds dropped from the start or the end by
/// halves, quarters, eighths, ... down to two, each time cropped to the rows and columns the
/// empty cell still visits; the board cropped to those rows and columns; every unvisited
/// white piece recoloured black. Then the single steps, which decide where shrinking ends:
/// the first or the last round dropped (dropping the first starts the board where it left
/// the pieces), a row or column the empty cell never visits dropped, one unvisited white
/// piece recoloured. Each candidate is a legal record of whole rounds with Tutu stranded at
/// the end, strictly smaller in (moves, cells, Tutu's pieces), so shrinking ends.
pub fn shrink(record: &Record) -> Vec<Record> {
    let mut smaller = Candidates::of(record);
    let rounds = record.moves.len() / 2;
    let mut dropped = rounds / 2;
    while dropped >= 2 {
        smaller.push(bare(&without_first_rounds(record, dropped)));
        smaller.push(bare(&without_last_rounds(record, dropped)));
        dropped /= 2;
    }
    if rounds > 1 {
        smaller.push(without_first_rounds(record, rounds / 2));
        smaller.push(without_last_rounds(record, rounds / 2));
    }
    smaller.push(crop_to_trail(record));
    push_side_crops(record, &mut smaller);
    let unvisited = unvisited_white(record);
    smaller.push(recoloured_black(record, &unvisited));
    if rounds > 1 {
        smaller.push(without_first_rounds(record, 1));
        smaller.push(without_last_rounds(record, 1));
    }
    push_single_line_drops(record, &mut smaller);
    for cell in unvisited {
        smaller.push(recoloured_black(record, &[cell]));
    }
    smaller.records
}

/// The record cropped to its trail with every unvisited white piece recoloured black.
fn bare(record: &Record) -> Record {
    let cropped = crop_to_trail(record);
    recoloured_black(&cropped, &unvisited_white(&cropped))
}

/// Shrinking's candidates as they are made: each has Tutu stranded again (the statement's
/// promise), and a candidate equal to the record or to an earlier one is left out, so that no
/// run is spent twice on one game and every candidate is strictly smaller. Earlier ones are
/// found by hash, then compared in full: a 100x100 board has thousands of candidates.
struct Candidates<'a> {
    of: &'a Record,
    by_hash: HashMap<u64, Vec<usize>>,
    records: Vec<Record>,
}

impl<'a> Candidates<'a> {
    /// No candidates yet for `record`.
    fn of(record: &'a Record) -> Self {
        Candidates {
            of: record,
            by_hash: HashMap::new(),
            records: Vec::new(),
        }
    }

    /// Adds `candidate` with Tutu stranded, unless it is the record or came before.
    fn push(&mut self, mut candidate: Record) {
        strand_tutu(&mut candidate);
        if candidate == *self.of {
            return;
        }
        let mut hasher = DefaultHasher::new();
        candidate.hash(&mut hasher);
        let same_hash = self.by_hash.entry(hasher.finish()).or_default();
        if same_hash
            .iter()
            .all(|&index| self.records[index] != candidate)
        {
            same_hash.push(self.records.len());
            self.records.push(candidate);
        }
    }
}

/// The record without its first `rounds` rounds: the board starts as those rounds left it,
/// so the rest of the game is played on the very same positions.
fn without_first_rounds(record: &Record, rounds: usize) -> Record {
    Record {
        board: before_move(record, 2 * rounds).0,
        moves: record.moves[2 * rounds..].to_vec(),
    }
}

/// The record without its last `rounds` rounds (the board unchanged).
fn without_last_rounds(record: &Record, rounds: usize) -> Record {
    let mut shorter = record.clone();
    shorter.moves.truncate(record.moves.len() - 2 * rounds);
    shorter
}

/// The cells the empty cell stands on during the record: its start, then every move's cell.
fn trail(record: &Record) -> Vec<(usize, usize)> {
    let mut cells = vec![find_empty(&record.board)];
    cells.extend_from_slice(&record.moves);
    cells
}

/// The rows and the columns of the smallest rectangle holding the record's trail: every row
/// and column the empty cell never visits lies outside it (the trail is connected).
fn trail_box(record: &Record) -> (RangeInclusive<usize>, RangeInclusive<usize>) {
    let cells = trail(record);
    let rows = cells.iter().map(|cell| cell.0);
    let cols = cells.iter().map(|cell| cell.1);
    let (top, bottom) = (rows.clone().min(), rows.max());
    let (left, right) = (cols.clone().min(), cols.max());
    // A trail holds at least its start, so the bounds exist.
    (
        top.unwrap_or(0)..=bottom.unwrap_or(0),
        left.unwrap_or(0)..=right.unwrap_or(0),
    )
}

/// The record on the smallest rectangle holding its trail: all the unvisited rows and columns
/// go at once, and every move keeps its neighbour.
fn crop_to_trail(record: &Record) -> Record {
    let (rows, cols) = trail_box(record);
    cropped(record, rows, cols)
}

/// The record on the board's `rows` and `cols` (which hold the trail), moves renumbered.
fn cropped(record: &Record, rows: RangeInclusive<usize>, cols: RangeInclusive<usize>) -> Record {
    let (top, left) = (*rows.start(), *cols.start());
    Record {
        board: record.board[rows]
            .iter()
            .map(|line| line[cols.clone()].to_vec())
            .collect(),
        moves: record
            .moves
            .iter()
            .map(|&(row, col)| (row - top, col - left))
            .collect(),
    }
}

/// Four candidates: the unvisited rows above the trail dropped, those below, the unvisited
/// columns left of it, those right of it; each block at once, the rest of the board kept.
fn push_side_crops(record: &Record, smaller: &mut Candidates) {
    let (rows, cols) = trail_box(record);
    let (all_rows, all_cols) = (0..=record.board.len() - 1, 0..=record.board[0].len() - 1);
    let sides = [
        (*rows.start()..=*all_rows.end(), all_cols.clone()),
        (0..=*rows.end(), all_cols.clone()),
        (all_rows.clone(), *cols.start()..=*all_cols.end()),
        (all_rows, 0..=*cols.end()),
    ];
    for (rows, cols) in sides {
        smaller.push(cropped(record, rows, cols));
    }
}

/// One candidate per row, then per column, that the empty cell never visits, with that line
/// dropped: the finest step on the board's size. Moves past it shift by one.
fn push_single_line_drops(record: &Record, smaller: &mut Candidates) {
    let visited = trail(record);
    let (rows, cols) = (record.board.len(), record.board[0].len());
    for row in (0..rows).filter(|&row| rows > 1 && visited.iter().all(|cell| cell.0 != row)) {
        let mut shorter = record.clone();
        shorter.board.remove(row);
        for cell in &mut shorter.moves {
            cell.0 -= usize::from(cell.0 > row);
        }
        smaller.push(shorter);
    }
    for col in (0..cols).filter(|&col| cols > 1 && visited.iter().all(|cell| cell.1 != col)) {
        let mut narrower = record.clone();
        for line in &mut narrower.board {
            line.remove(col);
        }
        for cell in &mut narrower.moves {
            cell.1 -= usize::from(cell.1 > col);
        }
        smaller.push(narrower);
    }
}

/// The white pieces the empty cell never reaches: recolouring them black keeps the record
/// legal (no move takes them) and only takes options from Tutu.
fn unvisited_white(record: &Record) -> Vec<(usize, usize)> {
    let mut visited: Vec<Vec<bool>> = record
        .board
        .iter()
        .map(|line| vec![false; line.len()])
        .collect();
    for (row, col) in trail(record) {
        visited[row][col] = true;
    }
    let mut cells = Vec::new();
    for (row, line) in record.board.iter().enumerate() {
        for (col, &piece) in line.iter().enumerate() {
            if piece == WHITE && !visited[row][col] {
                cells.push((row, col));
            }
        }
    }
    cells
}

/// The record with the pieces on `cells` recoloured black.
fn recoloured_black(record: &Record, cells: &[(usize, usize)]) -> Record {
    let mut recoloured = record.clone();
    for &(row, col) in cells {
        recoloured.board[row][col] = BLACK;
    }
    recoloured
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
    records.sort_by_key(|record| (record.cells(), record.moves.len()));
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
        let size = |record: &Record| (record.cells(), record.moves.len());
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
        let cells = record.cells();
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

    /// Every candidate of `record` replays by the rules, is whole rounds with Tutu stranded
    /// at the end, and is strictly smaller in (moves, cells, Tutu's pieces).
    fn assert_candidates_are_legal_and_smaller(record: &Record) {
        for smaller in shrink(record) {
            assert!(smaller.moves.len() >= 2 && smaller.moves.len().is_multiple_of(2));
            assert!(replay(&smaller), "Tutu can move at the end: {smaller:?}");
            assert!(
                measure(&smaller) < measure(record),
                "{smaller:?} from {record:?}"
            );
        }
    }

    #[test]
    fn every_candidate_of_long_games_is_legal_stranded_and_smaller() {
        let mut rng = Rng::new(26);
        for _ in 0..60 {
            let (rows, cols) = (rng.between(1, 9), rng.between(3, 9));
            let record = random_record(&mut rng, rows, cols, rows * cols);
            assert_candidates_are_legal_and_smaller(&record);
            let rounds = rng.between(1, (rows * cols - 1) / 2);
            let snake = snake_record(&mut rng, rows, cols, rounds);
            assert!(replay(&snake), "{snake:?}");
            assert_candidates_are_legal_and_smaller(&snake);
        }
    }

    #[test]
    fn big_steps_come_first_and_cover_halves_crops_and_recolouring() {
        let mut rng = Rng::new(7);
        let record = snake_record(&mut rng, 12, 10, 40);
        let candidates = shrink(&record);
        let rounds = |record: &Record| record.moves.len() / 2;
        // The first drops half the rounds and crops to the 5 rows left; halves from the end
        // and from the start with the board kept follow.
        assert_eq!((rounds(&candidates[0]), candidates[0].board.len()), (20, 5));
        let halves: Vec<&Record> = candidates
            .iter()
            .filter(|small| rounds(small) == 20 && small.board.len() == 12)
            .collect();
        assert_eq!(halves.len(), 2);
        assert!(halves.iter().any(|small| small.moves == record.moves[..40]));
        assert!(halves.iter().any(|small| small.moves == record.moves[40..]));
        assert!(candidates
            .iter()
            .any(|small| small.board.len() == 9 && rounds(small) == 40));
        // Every unvisited white piece recoloured at once, the rest of the record kept.
        assert!(!unvisited_white(&record).is_empty());
        assert!(candidates
            .iter()
            .any(|small| { small.moves == record.moves && unvisited_white(small).is_empty() }));
    }

    /// The judge's largest game fails, as a program whose per-move table holds 600 rounds
    /// does, on every game of 601 rounds or more: the big steps take it there in fewer than
    /// half the 232 checks the single steps took alone, to a board within 1.25 of the 1203
    /// cells that 601 rounds need.
    #[test]
    fn a_long_game_shrinks_to_its_needed_rounds_in_few_checks() {
        let mut rng = Rng::new(40);
        let record = snake_record(&mut rng, 40, 40, 799);
        let checks = std::cell::Cell::new(0);
        let needs_601_rounds = |record: &Record| {
            checks.set(checks.get() + 1);
            if record.moves.len() >= 1202 {
                Err(())
            } else {
                Ok(())
            }
        };
        let first_failing = crate::shrink::one_by_one(needs_601_rounds);
        let Ok(shrunk) = crate::shrink::shrink(record, (), shrink, first_failing, || false);
        let (board, moves) = (&shrunk.instance.board, shrunk.instance.moves.len());
        assert_eq!(moves, 1202);
        assert!(
            4 * board.len() * board[0].len() <= 5 * 1203,
            "{}",
            board.len()
        );
        assert!(checks.get() < 232 / 2, "{} checks", checks.get());
    }
}
