//! NOI2011 兔兔与蛋蛋游戏 on the workbench: the variants as [`Solver`]s, the judge's answer
//! ([`Mistakes`]), and the command line's reading and checking of the statement's input:
//! `n m`, n rows of `X` `O` `.`, `k`, then 2k moves `x y` (1-based), Tutu's first. Line ends
//! may be CRLF; tokens are separated by any whitespace.
//!
//! The record is replayed as it is read: every move must take a piece of the mover's colour
//! (Tutu white `O`, Dandan black `X`) from a cell next to the empty cell. Boards past the
//! statement's 40x40 and records past its 1000 moves are welcome up to [`MAX_CELLS`].
//!
//! Uses only its own layer: `chase`, `input`, `instances`, `problem`.

use crate::problems::chase::{AnswerNote, PartedRound, Rounds, ROUNDS_SHOWN};
use crate::problems::input::{CaseNote, Expected, Found, InputError, Place, RecordWrong, Wrong};
use crate::problems::instances::{self, Known, Largest, Set, Sizes, Table};
use crate::problems::problem::Judge;
use crate::problems::problem::{Problem, Range, Size, Solver, TooLarge};
use shared::noi2011::{random_record, snake_record, tutu_can_move_at_end, Record};
use shared::rng::Rng;
use std::fmt;

/// NOI2011 兔兔与蛋蛋游戏 as the command line and `--check` know it.
pub struct Noi2011;

impl Problem for Noi2011 {
    type Case = Record;
    type Answer = Mistakes;

    const BIN: &'static str = "noi2011";
    const TITLE: &'static str =
        "NOI2011 兔兔与蛋蛋游戏 (Luogu P1971): Tutu's mistakes in a recorded game";
    const INPUT_HELP: &'static str =
        "the statement's input (game.in): n m, n rows of X O ., k, then 2k moves x y\n\
         (Tutu's first, 1-based). CRLF line ends are accepted; boards past 40x40 and\n\
         records past 1000 moves are welcome. The output is game.out's text.";

    fn solvers() -> Vec<Solver<Record, Mistakes>> {
        self::solvers()
    }

    fn examples() -> Vec<(Record, Mistakes)> {
        self::examples()
    }

    fn parse(text: &str) -> Result<Vec<Record>, InputError> {
        read(text).map(|record| vec![record])
    }

    fn note(record: &Record) -> Option<CaseNote> {
        tutu_can_move_at_end(record).then_some(CaseNote::TutuCanStillMove)
    }

    fn explain(record: &Record) -> String {
        ::noi2011::explain::explain(&record.board, &record.moves)
    }

    const JUDGE: Judge = Judge::Oi;

    fn rounds(record: &Record, answer: &Mistakes) -> Option<Rounds<Record>> {
        Some(self::rounds(record, answer))
    }

    fn first_round_flagged(answer: &Mistakes) -> Option<bool> {
        Some(answer.0.contains(&1))
    }

    fn answers(text: &str) -> Vec<Result<Mistakes, String>> {
        match game_out(text) {
            Ok(Some(mistakes)) => vec![Ok(mistakes)],
            Ok(None) => vec![],
            Err(()) => vec![Err(text.to_string())],
        }
    }

    /// The count, then at most one line per round: Tutu's move numbers.
    fn answer_bytes(record: &Record) -> usize {
        let rounds = record.moves.len() / 2;
        (rounds + 1) * (rounds.to_string().len() + 1)
    }

    fn fixed() -> Vec<(Known, Record)> {
        let samples = examples().into_iter().map(|(record, _)| record);
        instances::named(&[(Table::Sample, ::noi2011::EXAMPLES.len())], samples)
    }

    fn fixed_parts() -> [usize; 3] {
        [::noi2011::EXAMPLES.len(), 0, 0]
    }

    const RANDOM_INSTANCES: usize = 300;

    /// Tutu's pieces are the white ones, `O`.
    const MEASURE: [&'static str; 3] = ["cells", "moves", "tutu_pieces"];

    fn small() -> Option<instances::Smaller<Record>> {
        let all = shared::noi2011::all_records(SMALL_LEVEL_CELLS);
        let which = Set::Records {
            most: SMALL_LEVEL_CELLS,
            plan_stage: true,
        };
        Some(instances::Smaller::new(all, which, true, false))
    }

    /// The games of up to [`FIRST_CELLS`] cells: those of more run only once a larger game
    /// fails.
    fn small_first(small: &[Record]) -> usize {
        small
            .iter()
            .take_while(|record| record.cells() <= FIRST_CELLS)
            .count()
    }

    fn largest(rng: &mut Rng) -> Vec<(Known, Record)> {
        let (side, rounds) = (SIDE.judge, (SIDE.judge * SIDE.judge - 1) / 2);
        vec![
            (
                Known::Largest(Largest::Rounds(rounds)),
                snake_record(rng, side, side, rounds),
            ),
            (
                Known::Largest(Largest::RandomGame),
                random_record(rng, side, side, side * side),
            ),
        ]
    }

    fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Record {
        self::generate(rng, scale, beyond)
    }

    fn shrink(record: &Record) -> Vec<Record> {
        shared::noi2011::shrink(record)
    }

    /// Cells, then moves, then Tutu's pieces: a crop (with or without rounds dropped), a
    /// drop of rounds alone and a recolouring are shrinking's three kinds of step, each
    /// tried biggest first. Without Tutu's pieces a recolouring made no part smaller: it
    /// had no kind, like the first round's "none worked yet", and went before the big steps.
    fn measure(record: &Record) -> [usize; 3] {
        let cells = record.cells();
        let tutu = record
            .board
            .iter()
            .flatten()
            .filter(|&&piece| piece == b'O');
        [cells, record.moves.len(), tutu.count()]
    }

    /// A candidate that costs a run half of what `record` costs or less (a run's work grows
    /// with the cells times the moves): half the rounds dropped, the board cropped to the
    /// trail, or both, as `shared::noi2011::shrink` makes them first.
    fn cuts_most(candidate: &Record, record: &Record) -> bool {
        let cost = |record: &Record| record.cells() * (record.moves.len() + 1);
        2 * cost(candidate) <= cost(record)
    }

    /// Every legal game smaller than `record` (fewer cells, or as many and fewer moves) on
    /// boards of up to [`SMALL_CELLS`] cells, smallest first; none for a game on more than
    /// [`ALL_SMALLER_CELLS`].
    fn all_smaller(record: &Record) -> Option<instances::Smaller<Record>> {
        let cells_and_moves = |record: &Record| {
            let [cells, moves, _] = Self::measure(record);
            (cells, moves)
        };
        let own = cells_and_moves(record);
        if own.0 > ALL_SMALLER_CELLS {
            return None;
        }
        let all: Vec<Record> = shared::noi2011::all_records(own.0.min(SMALL_CELLS))
            .into_iter()
            .filter(|smaller| cells_and_moves(smaller) < own)
            .collect();
        if all.is_empty() {
            return None;
        }
        let all_below = own.0 <= SMALL_CELLS;
        let which = match all_below {
            true => Set::RecordsBelow {
                cells: own.0,
                moves_each: own.1 / 2,
            },
            false => Set::Records {
                most: SMALL_CELLS,
                plan_stage: false,
            },
        };
        Some(instances::Smaller::new(all, which, true, all_below))
    }

    fn size(record: &Record) -> Size {
        Size::Board {
            rows: record.board.len(),
            cols: record.board[0].len(),
            moves: record.moves.len(),
        }
    }

    fn range(beyond: bool) -> Range {
        Range::Boards {
            side: SIDE.most(beyond),
        }
    }

    fn judge_text(record: &Record) -> String {
        record.to_input()
    }
}

/// The most cells of the boards whose every legal game is `--check`'s small level (328 games
/// up to 6 cells, where the smallest failing game of a greedy matching lies). One game a
/// process: about 30 a second for Python on a busy machine, so only those of up to
/// [`FIRST_CELLS`] run before the fixed table, on every check.
const SMALL_LEVEL_CELLS: usize = 6;

/// The most cells of the small level's games that run before anything else (60 games, 2 s for
/// Python on a busy machine); the small level's others run once a larger game has failed.
const FIRST_CELLS: usize = 5;

/// The most cells of the boards whose every legal game `--check` runs after shrinking a game
/// (5,532 games up to 9 cells), smallest first, in what is left of the shrinking time.
const SMALL_CELLS: usize = 9;

/// The most cells of a shrunk game whose smaller games `--check` runs after shrinking (in what
/// is left of the shrinking time, one game a process): the small boards say little of a
/// failure that shrinking left on a larger one (a long game), and would only cost seconds.
const ALL_SMALLER_CELLS: usize = 4 * SMALL_CELLS;

/// The statement's largest board side, and `--check --beyond-limits`'s.
const SIDE: Sizes = Sizes {
    judge: 40,
    beyond: 100,
};

/// `game.out`'s text read as the judge reads it: the count, then that many move numbers,
/// whitespace aside. `Ok(None)` for no output at all, `Err` for anything else.
fn game_out(text: &str) -> Result<Option<Mistakes>, ()> {
    let mut numbers = text.split_whitespace().map(|token| token.parse::<usize>());
    let count = match numbers.next() {
        None => return Ok(None),
        Some(count) => count.map_err(|_| ())?,
    };
    let moves: Vec<usize> = numbers.collect::<Result<_, _>>().map_err(|_| ())?;
    if moves.len() == count {
        Ok(Some(Mistakes(moves)))
    } else {
        Err(())
    }
}

/// A random legal record on a board growing with `scale` to 40x40 (100x100 with `beyond`):
/// random play, or the empty cell along a snake for long records.
fn generate(rng: &mut Rng, scale: f64, beyond: bool) -> Record {
    let most = SIDE.most(beyond);
    // Three cells in a row are the least on which a whole round can be played.
    let (rows, cols) = instances::sides(rng, instances::scaled(scale, 3, most));
    if rng.chance(0.2) {
        let rounds = rng.between(1, (rows * cols - 1) / 2);
        snake_record(rng, rows, cols, rounds)
    } else {
        random_record(rng, rows, cols, rows * cols)
    }
}

/// The rounds of `record` where `answer` and the truth part, the first [`ROUNDS_SHOWN`] with
/// the game cut there (the board before the round, its moves from the round on).
///
/// # Complexity
/// One pass of the incremental matching over the record, O(cells · edges) at worst, and a
/// replay per cut game.
pub fn rounds(record: &Record, answer: &Mistakes) -> Rounds<Record> {
    let board = ::noi2011::game::Board::new(&record.board, &record.moves);
    let wins = ::noi2011::incremental::winners(&board);
    let rounds = wins.len() / 2;
    let mut parted = Vec::new();
    let mut cuts = Vec::new();
    for (index, pair) in wins.chunks(2).enumerate() {
        let (number, (wins_before, wins_after)) =
            (index + 1, (pair[0], pair.get(1) == Some(&true)));
        let said = answer.0.contains(&number);
        if said == (wins_before && wins_after) {
            continue;
        }
        let (row, col) = record.moves[2 * index];
        parted.push(PartedRound {
            number,
            tutu_move: (row + 1, col + 1),
            wins_before,
            wins_after,
            said,
        });
        // The first round's cut game is the game itself.
        if parted.len() <= ROUNDS_SHOWN && index > 0 {
            let (board, _) = shared::noi2011::before_move(record, 2 * index);
            let moves = record.moves[2 * index..].to_vec();
            cuts.push((parted.len() - 1, Record { board, moves }));
        }
    }
    Rounds {
        rounds,
        parted,
        cuts,
        notes: answer_notes(&answer.0, rounds),
    }
}

/// What is wrong with the rounds an answer names besides which they are: a round the game of
/// `rounds` rounds does not have, one named twice, the rounds out of order.
fn answer_notes(named: &[usize], rounds: usize) -> Vec<AnswerNote> {
    let mut notes = Vec::new();
    let missing: Vec<usize> = named
        .iter()
        .copied()
        .filter(|&round| round == 0 || round > rounds)
        .collect();
    if !missing.is_empty() {
        notes.push(AnswerNote::NoSuchRounds {
            named: missing,
            rounds,
        });
    }
    if let Some((_, &round)) = named
        .iter()
        .enumerate()
        .find(|&(at, round)| named[..at].contains(round))
    {
        notes.push(AnswerNote::NamedTwice { round });
    }
    if named.windows(2).any(|pair| pair[0] > pair[1]) {
        notes.push(AnswerNote::OutOfOrder);
    }
    notes
}

/// The judge's answer: Tutu's mistakes, numbered from 1, in increasing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistakes(pub Vec<usize>);

/// `game.out`: the count, then one move number a line.
impl fmt::Display for Mistakes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.len())?;
        for number in &self.0 {
            write!(f, "\n{number}")?;
        }
        Ok(())
    }
}

/// Every variant of the `noi2011` crate, the default first.
pub fn solvers() -> Vec<Solver<Record, Mistakes>> {
    let mut solvers = Solver::each_of(
        ::noi2011::VARIANTS,
        |variant| (variant.name, variant.summary, variant.sources),
        |variant, record: &Record| Mistakes((variant.mistakes)(&record.board, &record.moves)),
    );
    for (solver, variant) in solvers.iter_mut().zip(::noi2011::VARIANTS) {
        solver.refuses = Box::new(move |record: &Record| {
            let cells = record.cells();
            let most = variant.max_cells?;
            (cells > most).then_some(TooLarge { cells, most })
        });
    }
    solvers
}

/// The statement's samples with their answers.
pub fn examples() -> Vec<(Record, Mistakes)> {
    ::noi2011::known_cases()
        .into_iter()
        .map(|(board, moves, mistakes)| (Record { board, moves }, Mistakes(mistakes)))
        .collect()
}

/// Cells a board may have; larger boards are refused before anything is allocated.
pub const MAX_CELLS: u64 = 100_000_000;

struct Token<'a> {
    text: &'a str,
    place: Place,
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    for (line_index, line) in text.split('\n').enumerate() {
        let mut start = None;
        for (col, (offset, c)) in line
            .char_indices()
            .enumerate()
            .chain([(line.chars().count(), (line.len(), ' '))])
        {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some((col, offset)),
                (true, Some((start_col, start_offset))) => {
                    tokens.push(Token {
                        text: &line[start_offset..offset],
                        place: Place {
                            line: line_index + 1,
                            col: start_col + 1,
                        },
                    });
                    start = None;
                }
                _ => {}
            }
        }
    }
    tokens
}

struct Reader<'a> {
    tokens: std::vec::IntoIter<Token<'a>>,
    /// Where the last token read stands, for an input that ends too soon.
    last: Place,
}

fn record_error(place: Place, wrong: RecordWrong) -> InputError {
    InputError::at(place, Wrong::Record(wrong))
}

impl<'a> Reader<'a> {
    fn next(&mut self, what: Expected) -> Result<Token<'a>, InputError> {
        match self.tokens.next() {
            Some(token) => {
                self.last = token.place;
                Ok(token)
            }
            None => Err(InputError::at(self.last, Wrong::EndsBefore(what))),
        }
    }

    fn number(&mut self, what: Expected, low: u64, high: u64) -> Result<(u64, Place), InputError> {
        let token = self.next(what)?;
        let value: u64 = token.text.parse().map_err(|_| {
            let found = Found::Token(token.text.to_string());
            InputError::at(
                token.place,
                Wrong::Expected {
                    expected: what,
                    found,
                },
            )
        })?;
        if value < low || value > high {
            let wrong = Wrong::OutOfRange {
                what,
                value,
                low,
                high,
            };
            return Err(InputError::at(token.place, wrong));
        }
        Ok((value, token.place))
    }
}

/// The game of the input, checked: the record is replayed as it is read.
///
/// # Errors
/// The first problem, with its place.
pub fn read(text: &str) -> Result<Record, InputError> {
    let mut reader = Reader {
        tokens: tokens(text).into_iter(),
        last: Place { line: 1, col: 1 },
    };
    let (board, empty) = read_board(&mut reader)?;
    let moves = read_moves(&mut reader, &board, empty)?;
    if let Some(extra) = reader.tokens.next() {
        let wrong = RecordWrong::Trailing {
            text: extra.text.to_string(),
            moves: moves.len(),
        };
        return Err(record_error(extra.place, wrong));
    }
    Ok(Record { board, moves })
}

/// A board's rows of `X`, `O` and `.`, and a cell on it as (row, column), 0-based.
type Board = Vec<Vec<u8>>;
type Cell = (usize, usize);

/// The board's size and rows, checked: X, O and exactly one empty cell, which is returned.
fn read_board(reader: &mut Reader) -> Result<(Board, Cell), InputError> {
    let (rows, _) = reader.number(Expected::Rows, 1, MAX_CELLS)?;
    let (cols, cols_place) = reader.number(Expected::Cols, 1, MAX_CELLS)?;
    if rows * cols > MAX_CELLS {
        let wrong = RecordWrong::TooManyCells {
            rows,
            cols,
            most: MAX_CELLS,
        };
        return Err(record_error(cols_place, wrong));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut board: Board = Vec::new();
    let mut empty: Option<Cell> = None;
    for row in 0..rows {
        let token = reader.next(Expected::BoardRow { row })?;
        if token.text.len() != cols || !token.text.bytes().all(|b| matches!(b, b'X' | b'O' | b'.'))
        {
            let wrong = RecordWrong::BadRow {
                row,
                text: token.text.to_string(),
                cols,
            };
            return Err(record_error(token.place, wrong));
        }
        for (col, cell) in token.text.bytes().enumerate() {
            if cell != b'.' {
                continue;
            }
            if let Some((first_row, first_col)) = empty {
                let place = Place {
                    line: token.place.line,
                    col: token.place.col + col,
                };
                let wrong = RecordWrong::SecondEmpty {
                    cell: (row + 1, col + 1),
                    first: (first_row + 1, first_col + 1),
                };
                return Err(record_error(place, wrong));
            }
            empty = Some((row, col));
        }
        board.push(token.text.as_bytes().to_vec());
    }
    match empty {
        Some(empty) => Ok((board, empty)),
        None => Err(record_error(reader.last, RecordWrong::NoEmpty)),
    }
}

/// The rounds and the 2k moves, each checked against the rules as the board stands before
/// it: next to the empty cell, and the mover's own colour.
fn read_moves(
    reader: &mut Reader,
    board: &[Vec<u8>],
    mut empty: Cell,
) -> Result<Vec<Cell>, InputError> {
    let (rows, cols) = (board.len(), board[0].len());
    // The empty cell never returns to a cell it left, so 2k moves need 2k + 1 cells.
    let most_rounds = ((rows * cols - 1) / 2) as u64;
    let (rounds, _) = reader.number(Expected::Rounds, 1, most_rounds.max(1))?;
    let mut board = board.to_vec();
    let mut moves = Vec::with_capacity(2 * rounds as usize);
    for index in 0..2 * rounds as usize {
        // Tutu moves first, white pieces; Dandan black ones.
        let piece = if index % 2 == 0 { b'O' } else { b'X' };
        let (row, place) = reader.number(Expected::MoveRow { index }, 1, rows as u64)?;
        let (col, _) = reader.number(Expected::MoveCol { index }, 1, cols as u64)?;
        let cell = (row as usize, col as usize);
        let (row, col) = (row as usize - 1, col as usize - 1);
        if (row, col) == empty {
            return Err(record_error(place, RecordWrong::TakesEmpty { index, cell }));
        }
        if row.abs_diff(empty.0) + col.abs_diff(empty.1) != 1 {
            let wrong = RecordWrong::NotNextToEmpty {
                index,
                cell,
                empty: (empty.0 + 1, empty.1 + 1),
            };
            return Err(record_error(place, wrong));
        }
        if board[row][col] != piece {
            let wrong = RecordWrong::OtherColour {
                index,
                cell,
                holds: board[row][col],
            };
            return Err(record_error(place, wrong));
        }
        shared::noi2011::slide(&mut board, &mut empty, (row, col));
        moves.push((row, col));
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round left out of the right answer parts from the truth there, and its cut game (the
    /// board before it as the start) has that round first: the default variant calls it a
    /// mistake there too. The right answer parts nowhere.
    #[test]
    fn rounds_part_where_an_answer_differs_and_cut_games_start_there() {
        let solve = &solvers()[0].solve;
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for _ in 0..200 {
            let record = random_record(&mut rng, 4, 4, 8);
            let truth = solve(&record);
            assert!(rounds(&record, &truth).parted.is_empty());
            let Some(&later) = truth.0.iter().find(|&&round| round > 1) else {
                continue;
            };
            let mut missing = truth.0.clone();
            missing.retain(|&round| round != later);
            let found = rounds(&record, &Mistakes(missing));
            assert_eq!(found.parted.len(), 1, "{record:?}");
            assert_eq!(
                (found.parted[0].number, found.parted[0].said),
                (later, false)
            );
            assert!(found.parted[0].truth());
            let (index, cut) = &found.cuts[0];
            assert_eq!(*index, 0);
            assert!(solve(cut).0.contains(&1), "{cut:?}");
            checked += 1;
        }
        assert!(
            checked > 10,
            "only {checked} records had a mistake after round 1"
        );
    }

    #[test]
    fn an_answer_s_rounds_the_game_lacks_repeats_and_disorder_are_named() {
        assert!(answer_notes(&[1, 3], 3).is_empty());
        assert_eq!(
            answer_notes(&[3, 1, 1, 5], 3),
            [
                AnswerNote::NoSuchRounds {
                    named: vec![5],
                    rounds: 3
                },
                AnswerNote::NamedTwice { round: 1 },
                AnswerNote::OutOfOrder,
            ]
        );
    }

    #[test]
    fn minimax_refuses_boards_past_its_limit_only() {
        let solvers = solvers();
        let refusal = |rows: usize, cols: usize| {
            let record = Record {
                board: vec![vec![b'X'; cols]; rows],
                moves: vec![],
            };
            let refusals: Vec<Option<TooLarge>> = solvers
                .iter()
                .map(|solver| (solver.refuses)(&record))
                .collect();
            refusals
        };
        assert_eq!(refusal(7, 7), vec![None, None, None]);
        let large = refusal(5, 10);
        assert_eq!(large[..2], [None, None]);
        assert_eq!(
            large[2],
            Some(TooLarge {
                cells: 50,
                most: 49
            })
        );
    }

    #[test]
    fn reads_one_game_with_crlf_line_ends() {
        let record = read("1 6\r\nXO.OXO\r\n1\r\n1 2\r\n1 1\r\n").unwrap();
        assert_eq!(record.board, vec![b"XO.OXO".to_vec()]);
        assert_eq!(record.moves, vec![(0, 1), (0, 0)]);
        assert_eq!(Mistakes(vec![1, 4]).to_string(), "2\n1\n4");
    }
}
