//! `cargo bench`: every variant of every crate on seeded instances of growing size, as tables
//! of the median wall time over several runs, positions (or questions) per second, and the
//! size of the variant's main tables. Variants that are slow by design stop at the sizes where
//! they still finish in seconds; the table marks where (`-`).
//!
//! Std only: `Instant` around each call, the median of `RUNS` runs (fewer for calls over a
//! second).
//!
//! `cargo bench -p workspace-tests -- --inputs DIR` also writes every instance, in the input
//! format its crate's binary reads, to `DIR/<crate>/<instance>.txt`, so that other programs
//! (the seeds' own, say) can be timed on exactly these inputs.

use shared::rng::Rng;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// The median wall time of `solve`, run up to `RUNS` times (once if the first run takes more
/// than a second).
fn median(mut solve: impl FnMut()) -> Duration {
    let mut times = Vec::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        solve();
        times.push(started.elapsed());
        if times[0] > Duration::from_secs(1) {
            break;
        }
    }
    times.sort();
    times[times.len() / 2]
}

fn rate(count: f64, time: Duration) -> String {
    let per_second = count / time.as_secs_f64();
    if per_second >= 1e6 {
        format!("{:.1} M/s", per_second / 1e6)
    } else {
        format!("{:.1} k/s", per_second / 1e3)
    }
}

fn megabytes(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1e6)
}

/// One table row: instance, then per variant `time, rate, tables` or `-` where it does not run.
fn row(instance: &str, cells: Vec<Option<(Duration, String, String)>>) {
    let mut line = format!("{instance:<34}");
    for cell in cells {
        let text = match cell {
            Some((time, rate, tables)) => {
                format!("{} {rate} {tables}", driver::format_duration(time))
            }
            None => "-".to_string(),
        };
        line.push_str(&format!(" | {text:<30}"));
    }
    println!("{}", line.trim_end());
}

/// Where `--inputs` asked the instances to be written, if it did.
struct Inputs(Option<PathBuf>);

impl Inputs {
    /// Writes `text` as `<dir>/<krate>/<instance name, lowercased, runs of other characters
    /// as one dash>.txt`.
    fn write(&self, krate: &str, instance: &str, text: &str) {
        let Some(dir) = &self.0 else { return };
        let mut file = String::new();
        for c in instance.chars().map(|c| c.to_ascii_lowercase()) {
            if c.is_ascii_alphanumeric() {
                file.push(c);
            } else if !file.ends_with('-') {
                file.push('-');
            }
        }
        let dir = dir.join(krate);
        let path = dir.join(format!("{}.txt", file.trim_end_matches('-')));
        if let Err(error) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, text))
        {
            panic!("cannot write {}: {error}", path.display());
        }
    }
}

fn header(title: &str, names: &[&str]) {
    println!("\n## {title}\n");
    let mut line = format!("{:<34}", "instance");
    for name in names {
        line.push_str(&format!(
            " | {:<30}",
            format!("{name}: median, rate, tables")
        ));
    }
    println!("{}", line.trim_end());
}

fn lc913(inputs: &Inputs) {
    header(
        "lc913 (positions per second; tables at 7, 1, 5 bytes a position)",
        &["degree_bfs", "fixpoint_sweep", "fixpoint_worklist"],
    );
    let mut rng = Rng::new(913);
    let mut instances: Vec<(String, Vec<Vec<i32>>)> = Vec::new();
    for n in [50, 200, 1000, 2000] {
        // Average degree 8: the sparse shape's edge probability, raised.
        let mut graph = shared::lc913::random_graph(&mut rng, n, shared::lc913::Shape::Sparse);
        while graph.iter().map(Vec::len).sum::<usize>() < 8 * n {
            let (a, b) = (rng.below(n), rng.below(n));
            if a != b && !graph[a].contains(&(b as i32)) {
                graph[a].push(b as i32);
                graph[b].push(a as i32);
            }
        }
        instances.push((format!("random n={n}, degree 8"), graph));
    }
    let regressions = lc913::known_cases().into_iter().skip(lc913::EXAMPLES.len());
    for (index, (graph, _)) in regressions.enumerate() {
        instances.push((format!("regression {}", index + 1), graph));
    }
    let bytes_per_position = [7.0, 1.0, 5.0];
    // The sweep repeats full passes; the worklist rescans neighbours: both stop at n = 200.
    let largest = [usize::MAX, 200, 1000];
    for (name, graph) in &instances {
        inputs.write("lc913", name, &format!("{graph:?}\n"));
        let positions = 2.0 * (graph.len() * graph.len()) as f64;
        let cells = lc913::VARIANTS
            .iter()
            .zip(bytes_per_position.iter().zip(largest))
            .map(|(variant, (&bytes, largest))| {
                (graph.len() <= largest).then(|| {
                    let time = median(|| {
                        (variant.solve)(graph);
                    });
                    (time, rate(positions, time), megabytes(positions * bytes))
                })
            })
            .collect();
        row(name, cells);
    }
    println!(
        "(- : fixpoint_sweep runs up to n = 200, fixpoint_worklist up to n = 1000. degree_bfs"
    );
    println!(" stops once the start is decided; every rate counts all 2n² positions.)");
}

fn lc1728(inputs: &Inputs) {
    header(
        "lc1728 (positions per second; tables at 9 and 3 bytes a position)",
        &["degree_bfs", "fixpoint_sweep"],
    );
    let mut rng = Rng::new(1728);
    let mut instances = Vec::new();
    // Open grids: every cell a position, the most moves a jump allows. 8x8 with jumps 8 is
    // the judge's worst case; 24x24 with jumps 2 and 3 is where the seeds' programs are timed.
    for (side, jump) in [(8, 8), (24, 2), (24, 3)] {
        let game = shared::lc1728::random_game(&mut rng, side, side, 0.0, 1);
        let game = shared::lc1728::Game {
            cat_jump: jump,
            mouse_jump: jump,
            ..game
        };
        instances.push((format!("{side}x{side} open, jumps {jump}"), game));
    }
    for (side, jumps) in [
        (8, vec![1, 4, 8]),
        (16, vec![1, 8, 16]),
        (32, vec![1, 32]),
        (40, vec![1, 40]),
    ] {
        for jump in jumps {
            let game = shared::lc1728::maze_game(&mut rng, side, side);
            let game = shared::lc1728::Game {
                cat_jump: jump,
                mouse_jump: jump,
                ..game
            };
            instances.push((format!("{side}x{side} maze, jumps {jump}"), game));
        }
    }
    for (index, &(text, _)) in lc1728::REGRESSIONS.iter().enumerate() {
        let instance = lc1728::input::parse(text).unwrap().remove(0);
        let game = shared::lc1728::Game {
            grid: instance.grid,
            cat_jump: instance.cat_jump,
            mouse_jump: instance.mouse_jump,
        };
        instances.push((format!("regression {}", index + 1), game));
    }
    for (name, game) in &instances {
        inputs.write("lc1728", name, &format!("{game:?}\n"));
        let instance = lc1728::Instance {
            grid: game.grid.clone(),
            cat_jump: game.cat_jump,
            mouse_jump: game.mouse_jump,
        };
        let open = game
            .grid
            .iter()
            .map(|row| row.bytes().filter(|&b| b != b'#').count())
            .sum::<usize>();
        let positions = 2.0 * (open * open) as f64;
        let cells = lc1728::VARIANTS
            .iter()
            .zip([9.0, 3.0])
            .map(|(variant, bytes)| {
                let time = median(|| {
                    (variant.solve)(&instance);
                });
                Some((time, rate(positions, time), megabytes(positions * bytes)))
            })
            .collect();
        row(name, cells);
    }
}

fn noi2011(inputs: &Inputs) {
    header(
        "noi2011 (questions per second: two per round; tables about 40 bytes a cell)",
        &["incremental", "rematch", "minimax"],
    );
    let mut rng = Rng::new(2011);
    let instances = vec![
        (
            "7x7 random record".to_string(),
            shared::noi2011::random_record(&mut rng, 7, 7, 24),
        ),
        (
            "40x40, 800 moves (snake)".to_string(),
            shared::noi2011::snake_record(&mut rng, 40, 40, 400),
        ),
        (
            "40x40, random record".to_string(),
            shared::noi2011::random_record(&mut rng, 40, 40, 800),
        ),
        (
            // The snake covers half the board: the other half leaves room for mistakes.
            "100x100, 2500 moves each".to_string(),
            shared::noi2011::snake_record(&mut rng, 100, 100, 2500),
        ),
        (
            "100x100, 4999 moves each".to_string(),
            shared::noi2011::snake_record(&mut rng, 100, 100, 4999),
        ),
        (
            "300x300, 40000 moves each".to_string(),
            shared::noi2011::snake_record(&mut rng, 300, 300, 40_000),
        ),
    ];
    for (name, record) in &instances {
        let text = record.to_input();
        inputs.write("noi2011", name, &text);
        let game = noi2011::input::parse(&text).unwrap().remove(0);
        let questions = game.moves.len() as f64;
        let cells = (game.board.len() * game.board[0].len()) as f64;
        let cells_out = noi2011::VARIANTS
            .iter()
            .map(|variant| {
                // rematch rebuilds two matchings per question: it stops at 40x40.
                let runs = (variant.refuses)(&game).is_none()
                    && (variant.name != "rematch" || cells <= 1600.0);
                runs.then(|| {
                    let time = median(|| {
                        (variant.solve)(&game);
                    });
                    (time, rate(questions, time), megabytes(cells * 40.0))
                })
            })
            .collect();
        row(name, cells_out);
    }
    println!(
        "(- : rematch runs up to 40x40, minimax up to {} cells.)",
        noi2011::minimax::MAX_CELLS
    );
}

fn main() {
    // `cargo test` also runs bench targets' mains with `--bench` absent; run only under bench.
    let args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|arg| arg == "--bench") {
        return;
    }
    let inputs =
        Inputs(
            args.iter()
                .position(|arg| arg == "--inputs")
                .map(|at| match args.get(at + 1) {
                    Some(dir) => PathBuf::from(dir),
                    None => panic!("--inputs needs a directory"),
                }),
        );
    println!("# Variants across sizes (median of up to {RUNS} runs, this machine)");
    lc913(&inputs);
    lc1728(&inputs);
    noi2011(&inputs);
}
