//! `--explain` checked line by line: every ply is a legal move from where the line stands,
//! the plies to the end fall by one each ply, the game ends as the result line says, draws
//! keep to drawn positions until the first repetition, and a mistake's winning moves are
//! legal, winning, and all there are. The tables behind the lines are checked whole.

use shared::cross::cross_check;
use shared::rng::Rng;
use std::collections::HashMap;

/// `1 ply`, `6 plies`, as the explanations count them.
fn plies(count: usize) -> String {
    let unit = if count == 1 { "ply" } else { "plies" };
    format!("{count} {unit}")
}

/// `prefix` stripped from `line`, or a message saying which line broke the expected shape.
fn after<'a>(line: &'a str, prefix: &str) -> Result<&'a str, String> {
    line.strip_prefix(prefix)
        .ok_or_else(|| format!("expected '{prefix}...', found '{line}'"))
}

/// A cell written `(row,col)`, less `base` (1 for 1-based names).
fn parse_cell(text: &str, base: usize) -> Result<(usize, usize), String> {
    let bad = || format!("'{text}' is not a cell (row,col)");
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(bad)?;
    let (row, col) = inner.split_once(',').ok_or_else(bad)?;
    let number = |part: &str| {
        part.parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(base))
            .ok_or_else(bad)
    };
    Ok((number(row)?, number(col)?))
}

mod lc913_explain {
    use super::*;
    use lc913::degree_bfs::Table;
    use lc913::explain::{explain, table};
    use lc913::game::{Game, CAT_WIN, DRAW, MOUSE_TURN, MOUSE_WIN};
    use shared::lc913::{any_graph, shrink, Graph};

    /// Every position keeps the rules of retrograde analysis: a win is one ply more than its
    /// fastest winning move, a loss one more than its slowest move (all losing); a draw has no
    /// winning move and some drawing one. The outcomes are also `fixpoint_worklist`'s.
    fn table_is_consistent(game: &Game, table: &Table) -> Result<(), String> {
        let relaxed = lc913::fixpoint_worklist::outcomes(game);
        for mouse in 0..game.nodes {
            for cat in 1..game.nodes {
                for turn in [MOUSE_TURN, 1 - MOUSE_TURN] {
                    let here = game.position(mouse, cat, turn);
                    let (outcome, plies) = (table.outcome[here], table.plies[here]);
                    if outcome != relaxed[here] {
                        return Err(format!(
                            "position {here}: table {outcome}, fixpoint_worklist {}",
                            relaxed[here]
                        ));
                    }
                    if let Some(result) = Game::ended(mouse, cat) {
                        if outcome != result || plies != 0 {
                            return Err(format!(
                                "ended position {here} holds {outcome} in {plies}"
                            ));
                        }
                        continue;
                    }
                    let mover_wins = if turn == MOUSE_TURN {
                        MOUSE_WIN
                    } else {
                        CAT_WIN
                    };
                    let after: Vec<(u8, u32)> = game
                        .successors(here)
                        .map(|index| (table.outcome[index], table.plies[index]))
                        .collect();
                    let fastest_win = after
                        .iter()
                        .filter(|a| a.0 == mover_wins)
                        .map(|a| a.1)
                        .min();
                    let all_lose =
                        !after.is_empty() && after.iter().all(|a| a.0 != mover_wins && a.0 != DRAW);
                    let expected = match (fastest_win, all_lose) {
                        (Some(fastest), _) => (mover_wins, fastest + 1),
                        (None, true) => {
                            (after[0].0, after.iter().map(|a| a.1).max().unwrap_or(0) + 1)
                        }
                        (None, false) => (DRAW, 0),
                    };
                    if (outcome, plies) != expected {
                        return Err(format!(
                            "position {here}: {outcome} in {plies}, its moves say {expected:?}"
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Replays the explanation's lines on the graph and against the table.
    fn check(graph: &Graph) -> Result<(), String> {
        let game = Game::new(graph);
        let table = table(&game);
        table_is_consistent(&game, &table)?;
        let text = explain(graph);
        let lines: Vec<&str> = text.lines().collect();
        after(lines[0], "start: mouse on 1, cat on 2, mouse to move")?;
        let answer = lc913::degree_bfs::Solution::cat_mouse_game(graph.clone());
        let mut replay = Replay {
            graph,
            game: &game,
            table: &table,
            mouse: 1,
            cat: 2,
            turn: MOUSE_TURN,
            ply: 0,
            seen: HashMap::from([((1, 2, MOUSE_TURN), 0)]),
            repeated: None,
        };
        for line in &lines[1..] {
            if line.starts_with("the position after ply") {
                continue;
            }
            if let Ok(result) = after(line, "result: ") {
                return replay.result(result, answer);
            }
            if replay.repeated.is_some() {
                return Err("plies after the first repetition".into());
            }
            replay.play(line)?;
        }
        Err("no result line".into())
    }

    /// An explanation's line of play, followed on the graph and the table.
    struct Replay<'r> {
        graph: &'r Graph,
        game: &'r Game<'r>,
        table: &'r Table,
        mouse: usize,
        cat: usize,
        turn: usize,
        ply: usize,
        /// The ply at which each position was first reached.
        seen: HashMap<(usize, usize, usize), usize>,
        /// Where the line first came back to a position.
        repeated: Option<usize>,
    }

    impl Replay<'_> {
        /// The result line: the answer's words, and a line that really ends there (a win on
        /// a decided position, or a draw that has come back to a position).
        fn result(&self, result: &str, answer: i32) -> Result<(), String> {
            let (mouse, cat, ply) = (self.mouse, self.cat, self.ply);
            let here = self.game.position(mouse, cat, self.turn);
            let expected = match answer {
                1 => format!("mouse wins in {}", plies(ply)),
                2 => format!("cat wins in {}", plies(ply)),
                _ => format!("draw, position repeats after {}", plies(ply)),
            };
            if result != expected {
                return Err(format!("result '{result}', expected '{expected}'"));
            }
            match answer {
                0 if self.repeated.is_none() => Err("a draw line that never repeats".into()),
                0 => Ok(()),
                winner
                    if Game::ended(mouse, cat) != Some(winner as u8)
                        || self.table.plies[here] != 0 =>
                {
                    Err(format!(
                        "the line ends at ({mouse}, {cat}), which is not a win for {winner}"
                    ))
                }
                _ => Ok(()),
            }
        }

        /// One ply: the right player, a legal move, and a step down the table's plies to the
        /// end (or along drawn positions).
        fn play(&mut self, line: &str) -> Result<(), String> {
            let before = self.game.position(self.mouse, self.cat, self.turn);
            let rest = after(line, &format!("ply {}: ", self.ply + 1))?;
            let (who, from, to) = parse_ply(rest)?;
            let (expected_who, at) = if self.turn == MOUSE_TURN {
                ("mouse", self.mouse)
            } else {
                ("cat", self.cat)
            };
            if who != expected_who || from != at {
                return Err(format!(
                    "'{line}': it is the {expected_who}'s move from {at}"
                ));
            }
            if !self.graph[from].contains(&(to as i32)) || (who == "cat" && to == 0) {
                return Err(format!("'{line}' is not a legal move"));
            }
            if self.turn == MOUSE_TURN {
                self.mouse = to;
            } else {
                self.cat = to;
            }
            self.turn = 1 - self.turn;
            self.ply += 1;
            let now = self.game.position(self.mouse, self.cat, self.turn);
            let table = self.table;
            match table.outcome[before] {
                DRAW if table.outcome[now] != DRAW => {
                    return Err(format!("'{line}' leaves the drawn positions"))
                }
                DRAW => {}
                result
                    if table.outcome[now] != result
                        || table.plies[now] + 1 != table.plies[before] =>
                {
                    return Err(format!(
                        "'{line}': plies to the end go {} -> {}",
                        table.plies[before], table.plies[now]
                    ))
                }
                _ => {}
            }
            let position = (self.mouse, self.cat, self.turn);
            if Game::ended(self.mouse, self.cat).is_none() {
                if let Some(&first) = self.seen.get(&position) {
                    self.repeated = Some(first);
                }
                self.seen.entry(position).or_insert(self.ply);
            }
            Ok(())
        }
    }

    fn parse_ply(rest: &str) -> Result<(&str, usize, usize), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [who, from, "->", to] => Ok((
                who,
                from.parse().map_err(|_| rest.to_string())?,
                to.parse().map_err(|_| rest.to_string())?,
            )),
            _ => Err(format!("'{rest}' is not 'who A -> B'")),
        }
    }

    #[test]
    fn lines_for_examples_regressions_and_500_random_graphs_check_out() {
        for (graph, _) in tests::problems::lc913::known_cases() {
            check(&graph).unwrap_or_else(|e| panic!("{graph:?}: {e}"));
        }
        cross_check(
            "lc913 explain",
            30_000,
            500,
            |rng| any_graph(rng, 3, 14),
            shrink,
            check,
        );
    }
}

mod lc1728_explain {
    use super::*;
    use lc1728::board::{Board, CAT_TURN, MOUSE_TURN, PLY_LIMIT, UNDECIDED};
    use lc1728::explain::{explain, table};
    use shared::lc1728::{any_game, maze_game, shrink, Case};

    fn cell_at(game: &Case, symbol: char) -> (usize, usize) {
        for (row, line) in game.grid.iter().enumerate() {
            if let Some(col) = line.find(symbol) {
                return (row, col);
            }
        }
        panic!("no {symbol}")
    }

    /// The statement's move: stay, or 1..=jump cells in one direction, no wall crossed.
    fn legal(game: &Case, from: (usize, usize), to: (usize, usize), jump: i32) -> bool {
        shared::lc1728::reachable(game, from, jump).contains(&to)
    }

    fn drawing(game: &Case, mouse: (usize, usize), cat: (usize, usize)) -> Vec<String> {
        let food = cell_at(game, 'F');
        (0..game.grid.len())
            .map(|row| {
                let cells: String = game.grid[row]
                    .chars()
                    .enumerate()
                    .map(|(col, symbol)| match (row, col) {
                        place if place == cat => 'C',
                        place if place == mouse => 'M',
                        place if place == food => 'F',
                        _ if symbol == '#' => '#',
                        _ => '.',
                    })
                    .collect();
                format!("  {cells}")
            })
            .collect()
    }

    fn next_line<'t>(lines: &mut std::str::Lines<'t>) -> Result<&'t str, String> {
        lines.next().ok_or("the text ends early".to_string())
    }

    /// The grid drawn under a line: the next rows of text are the grid with the pieces on
    /// `(mouse, cat)`.
    fn drawing_holds(
        lines: &mut std::str::Lines,
        game: &Case,
        (mouse, cat): ((usize, usize), (usize, usize)),
        after_what: &str,
    ) -> Result<(), String> {
        let drawn = (0..game.grid.len())
            .map(|_| next_line(lines).map(str::to_string))
            .collect::<Result<Vec<String>, String>>()?;
        if drawn == drawing(game, mouse, cat) {
            Ok(())
        } else {
            Err(format!("{after_what}: drawing {drawn:?}"))
        }
    }

    /// Whether the result line fits the answer: the mouse on the food within the limit, or
    /// the cat on the mouse or the food, or the cat's win by the limit with no line shown.
    fn result_holds(
        result: &str,
        answer: bool,
        ply: usize,
        ends_won: bool,
        ends_caught: bool,
    ) -> bool {
        if answer {
            result == format!("mouse wins in {}", plies(ply)) && ends_won && ply as u16 <= PLY_LIMIT
        } else {
            result == format!("cat wins in {}", plies(ply)) && ends_caught
                || result.starts_with(&format!("cat wins by the {PLY_LIMIT}-ply limit")) && ply == 0
        }
    }

    /// The cell ply `ply + 1`'s line moves to, once it is a legal move of the player to move
    /// from where that player stands (the mouse and the cat stand on the two cells given).
    fn ply_move(
        line: &str,
        ply: usize,
        game: &Case,
        (mouse, cat): ((usize, usize), (usize, usize)),
    ) -> Result<(usize, usize), String> {
        let rest = after(line, &format!("ply {}: ", ply + 1))?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (who, from, to) = match words.as_slice() {
            [who, from, "->", to] if from != to => (who, from, to),
            [who, "stays", "at", at] => (who, at, at),
            _ => {
                return Err(format!(
                    "'{line}' is not 'ply K: who (r,c) -> (r,c)' nor 'ply K: who stays at (r,c)'"
                ))
            }
        };
        let (from, to) = (parse_cell(from, 0)?, parse_cell(to, 0)?);
        let (expected_who, at, jump) = if ply.is_multiple_of(2) {
            ("mouse", mouse, game.mouse_jump)
        } else {
            ("cat", cat, game.cat_jump)
        };
        if *who != expected_who || from != at || !legal(game, from, to, jump) {
            return Err(format!(
                "'{line}' is not a legal {expected_who} move from {at:?}"
            ));
        }
        Ok(to)
    }

    /// Checks `explain`'s text for `game` line by line: the start drawn, each ply a legal move
    /// that takes the plies to the same end down by one, drawn after it, and a result that
    /// fits the answer.
    fn check(game: &Case) -> Result<(), String> {
        let board = Board::new(&game.grid, game.cat_jump as usize, game.mouse_jump as usize);
        let table = table(&board);
        let number = |place: (usize, usize)| board.places.iter().position(|&p| p == place).unwrap();
        let text = explain(&game.grid, game.cat_jump as usize, game.mouse_jump as usize);
        let answer = lc1728::degree_bfs::Solution::can_mouse_win(
            game.grid.clone(),
            game.cat_jump,
            game.mouse_jump,
        );
        let (mut mouse, mut cat, food) =
            (cell_at(game, 'M'), cell_at(game, 'C'), cell_at(game, 'F'));
        let mut lines = text.lines();
        after(next_line(&mut lines)?, "start: ")?;
        drawing_holds(&mut lines, game, (mouse, cat), "at the start")?;
        let mut ply = 0;
        loop {
            let line = next_line(&mut lines)?;
            if let Ok(result) = after(line, "result: ") {
                let (ends_won, ends_caught) = (mouse == food, cat == mouse || cat == food);
                if !result_holds(result, answer, ply, ends_won, ends_caught) {
                    let start_plies = table.plies[board.start()];
                    return Err(format!("result '{result}' after {ply} plies, answer {answer}, start plies {start_plies}"));
                }
                return Ok(());
            }
            let to = ply_move(line, ply, game, (mouse, cat))?;
            let mouse_turn = ply % 2 == 0;
            let before = board.position(
                number(mouse),
                number(cat),
                if mouse_turn { MOUSE_TURN } else { CAT_TURN },
            );
            if mouse_turn {
                mouse = to;
            } else {
                cat = to;
            }
            ply += 1;
            let now = board.position(
                number(mouse),
                number(cat),
                if mouse_turn { CAT_TURN } else { MOUSE_TURN },
            );
            if table.outcome[now] != table.outcome[before]
                || table.plies[now] + 1 != table.plies[before]
            {
                return Err(format!(
                    "'{line}' does not lower the plies to the same end by one"
                ));
            }
            drawing_holds(&mut lines, game, (mouse, cat), &format!("after '{line}'"))?;
            if table.outcome[board.start()] == UNDECIDED {
                return Err("plies printed for an undecided start".into());
            }
        }
    }

    #[test]
    fn lines_for_examples_regressions_and_400_random_grids_check_out() {
        for (game, _) in tests::problems::lc1728::known_cases() {
            check(&game).unwrap_or_else(|e| panic!("{game:?}: {e}"));
        }
        let generate = |rng: &mut Rng| {
            if rng.chance(0.4) {
                let (rows, cols) = (rng.between(3, 8), rng.between(3, 8));
                maze_game(rng, rows, cols)
            } else {
                any_game(rng, 6, 6)
            }
        };
        cross_check("lc1728 explain", 40_000, 400, generate, shrink, check);
    }
}

mod noi2011_explain {
    use super::*;
    use noi2011::explain::explain;
    use shared::noi2011::{before_move, mover_wins, random_record, shrink, winners, Record};

    /// Checks `explain`'s text for `record` against the oracle: each round's line names Tutu's
    /// move, who wins before and after it, whether it is a mistake and then every winning
    /// move; the last line counts and lists the mistakes.
    fn check(record: &Record) -> Result<(), String> {
        let game = tests::problems::noi2011::read(&record.to_input())
            .map_err(|e| tests::render::input::input_error_words(&e))?;
        let text = explain(&game.board, &game.moves);
        let wins = winners(record);
        let rounds = record.moves.len() / 2;
        let lines: Vec<&str> = text.lines().collect();
        let mut mistakes = Vec::new();
        for (round, line) in lines[..rounds].iter().enumerate() {
            if round_holds(record, &wins, round, line)? {
                mistakes.push((round + 1).to_string());
            }
        }
        let expected = format!(
            "result: {} mistake(s): {}",
            mistakes.len(),
            mistakes.join(" ")
        );
        if lines.get(rounds) != Some(&expected.as_str()) {
            return Err(format!(
                "result line {:?}, expected {expected:?}",
                lines.get(rounds)
            ));
        }
        Ok(())
    }

    /// Checks round `round`'s `line` (0-based) against the oracle's `wins` (whether the player
    /// to move wins, before each move): whether Tutu's move was a mistake.
    fn round_holds(
        record: &Record,
        wins: &[bool],
        round: usize,
        line: &str,
    ) -> Result<bool, String> {
        let rest = after(line, &format!("move {}: Tutu ", round + 1))?;
        let parts: Vec<&str> = rest.split("; ").collect();
        let (cell, before) = parts[0].split_once(": before: ").ok_or(rest.to_string())?;
        if parse_cell(cell, 1)? != record.moves[2 * round] {
            return Err(format!("'{line}' names the wrong cell"));
        }
        let expected_before = if wins[2 * round] { "winning" } else { "losing" };
        let expected_after = if wins[2 * round + 1] {
            "after: Dandan winning"
        } else {
            "after: Dandan losing"
        };
        if before != expected_before || parts.get(1) != Some(&expected_after) {
            return Err(format!(
                "'{line}': the oracle says {expected_before}, {expected_after}"
            ));
        }
        let mistake = wins[2 * round] && wins[2 * round + 1];
        if mistake != (parts.get(2) == Some(&"mistake")) {
            return Err(format!("'{line}': the oracle says mistake = {mistake}"));
        }
        if !mistake {
            return Ok(false);
        }
        let listed: Vec<(usize, usize)> =
            after(parts.get(3).copied().unwrap_or(""), "winning moves: ")?
                .split_whitespace()
                .map(|cell| parse_cell(cell, 1))
                .collect::<Result<_, _>>()?;
        let winning = winning_moves(record, round);
        let (mut listed_sorted, mut winning_sorted) = (listed.clone(), winning.clone());
        listed_sorted.sort();
        winning_sorted.sort();
        if listed_sorted != winning_sorted {
            return Err(format!(
                "'{line}': the oracle's winning moves are {winning:?}"
            ));
        }
        Ok(true)
    }

    /// Tutu's winning moves in round `round`: every legal move, judged by the oracle (a move
    /// wins when Dandan, to move after it, loses).
    fn winning_moves(record: &Record, round: usize) -> Vec<(usize, usize)> {
        let (board, empty) = before_move(record, 2 * round);
        let mut winning = Vec::new();
        for (row, col) in shared::noi2011::neighbours(&board, empty) {
            if board[row][col] != b'O' {
                continue;
            }
            let (mut after_move, mut moved) = (board.clone(), empty);
            shared::noi2011::slide(&mut after_move, &mut moved, (row, col));
            if !mover_wins(&after_move, moved, b'X') {
                winning.push((row, col));
            }
        }
        winning
    }

    #[test]
    fn lines_for_samples_and_400_random_games_check_out() {
        for (record, _) in tests::problems::noi2011::examples() {
            check(&record).unwrap_or_else(|e| panic!("{record:?}: {e}"));
        }
        let generate = |rng: &mut Rng| {
            let (rows, cols) = (rng.between(2, 4), rng.between(3, 5));
            random_record(rng, rows, cols, 10)
        };
        cross_check("noi2011 explain", 50_000, 400, generate, shrink, check);
    }

    /// `move_outcomes` against the rules played out: at every position of the record, the
    /// moves listed are exactly the mover's legal ones, each with the oracle's outcome.
    fn outcomes_hold(record: &Record) -> Result<(), String> {
        let game = tests::problems::noi2011::read(&record.to_input())
            .map_err(|e| tests::render::input::input_error_words(&e))?;
        let board = noi2011::game::Board::new(&game.board, &game.moves);
        let outcomes = noi2011::explain::move_outcomes(&board);
        if outcomes.len() != record.moves.len() + 1 {
            return Err(format!("{} positions listed", outcomes.len()));
        }
        let cols = record.board[0].len();
        for (index, listed) in outcomes.iter().enumerate() {
            let (position, empty) = before_move(record, index);
            let (mover, opponent) = if index % 2 == 0 {
                (b'O', b'X')
            } else {
                (b'X', b'O')
            };
            let mut expected = Vec::new();
            for (row, col) in shared::noi2011::neighbours(&position, empty) {
                if position[row][col] == mover {
                    let (mut after_move, mut moved) = (position.clone(), empty);
                    shared::noi2011::slide(&mut after_move, &mut moved, (row, col));
                    expected.push((row * cols + col, !mover_wins(&after_move, moved, opponent)));
                }
            }
            let (mut listed, mut expected) = (listed.clone(), expected);
            listed.sort_unstable();
            expected.sort_unstable();
            if listed != expected {
                return Err(format!(
                    "position {index}: listed {listed:?}, the oracle {expected:?}"
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn every_legal_move_of_every_position_gets_the_oracle_s_outcome() {
        let generate = |rng: &mut Rng| {
            let (rows, cols) = (rng.between(2, 4), rng.between(3, 5));
            random_record(rng, rows, cols, 10)
        };
        cross_check(
            "noi2011 move outcomes",
            60_000,
            300,
            generate,
            shrink,
            outcomes_hold,
        );
    }
}
