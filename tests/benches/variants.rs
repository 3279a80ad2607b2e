//! `cargo bench`: every variant of every crate on seeded instances of growing size, as tables
//! of the median wall time over several runs, positions (or questions) per second, and the
//! size of the variant's main tables. Variants that are slow by design stop at the sizes where
//! they still finish in seconds; the table marks where (`-`).
//!
//! Std only: `Instant` around each call, the median of `RUNS` runs (fewer for calls over a
//! second).
//!
//! Each variant's figures (its table bytes a position, the largest size it is timed at) are
//! looked up by its name, so adding or reordering a variant cannot mislabel a row; a variant
//! without figures stops the bench and says so.
//!
//! `cargo bench -p tests -- --inputs DIR` also writes every instance, in the input
//! format its crate's binary reads, to `DIR/<crate>/<instance>.txt`, so that other programs
//! (the seeds' own, say) can be timed on exactly these inputs.

use shared::lc1728::Case;
use shared::noi2011::Record;
use shared::rng::Rng;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tests::problems::instances::{Known, Table};
use tests::problems::Solver;
use tests::render::input::input_error_words;
use tests::render::plan::known_words;
use tests::text::format_duration;

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
                format!("{} {rate} {tables}", format_duration(time))
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

/// What the bench knows of one variant: its main tables' bytes a position (or a cell), and
/// the largest instance size it is timed at (nodes, cells).
struct Figures {
    bytes: f64,
    largest: usize,
}

/// `figures` of each of `solvers`, by name, in the solvers' order.
///
/// # Panics
/// If a variant has no figures: the bench would otherwise print a row it cannot label.
fn figures_of<'f, C, A>(
    solvers: &[Solver<C, A>],
    figures: &'f [(&str, Figures)],
) -> Vec<&'f Figures> {
    solvers
        .iter()
        .map(|solver| {
            figures
                .iter()
                .find(|(name, _)| *name == solver.name)
                .map(|(_, figures)| figures)
                .unwrap_or_else(|| panic!("the bench has no figures for variant {}", solver.name))
        })
        .collect()
}

/// Each variant's figures: the table bytes a position its crate keeps, and the largest size
/// it is timed at.
fn known_figures<'n>(
    tables: &[(&'n str, u64)],
    largest: impl Fn(&str) -> usize,
) -> Vec<(&'n str, Figures)> {
    tables
        .iter()
        .map(|&(name, bytes)| {
            let figures = Figures {
                bytes: bytes as f64,
                largest: largest(name),
            };
            (name, figures)
        })
        .collect()
}

/// A section's title: what its rates count, and each variant's table bytes a position (the
/// figure its crate keeps beside the code that allocates).
fn title(krate: &str, tables: &[(&str, u64)]) -> String {
    let tables: Vec<String> = tables
        .iter()
        .map(|(name, bytes)| format!("{name} {bytes}"))
        .collect();
    format!(
        "{krate} (positions per second; tables in bytes a position: {})",
        tables.join(", ")
    )
}

fn header<C, A>(title: &str, solvers: &[Solver<C, A>]) {
    println!("\n## {title}\n");
    let mut line = format!("{:<34}", "instance");
    for name in solvers.iter().map(|solver| solver.name) {
        line.push_str(&format!(
            " | {:<30}",
            format!("{name}: median, rate, tables")
        ));
    }
    println!("{}", line.trim_end());
}

/// What one row times: a test case, its size (nodes, cells) against each variant's largest,
/// the positions or questions its rate counts, and the positions or cells its tables hold.
struct Instance<'c, C> {
    name: &'c str,
    case: &'c C,
    size: usize,
    count: f64,
    table_units: f64,
}

/// One row: every solver that takes the case and whose largest size is at least the case's is
/// timed.
fn time_row<C, A>(instance: Instance<C>, solvers: &[Solver<C, A>], figures: &[&Figures]) {
    let Instance {
        name,
        case,
        size,
        count,
        table_units,
    } = instance;
    let cells = solvers
        .iter()
        .zip(figures)
        .map(|(solver, figures)| {
            let runs = size <= figures.largest && (solver.refuses)(case).is_none();
            runs.then(|| {
                let time = median(|| {
                    (solver.solve)(case);
                });
                (
                    time,
                    rate(count, time),
                    megabytes(table_units * figures.bytes),
                )
            })
        })
        .collect();
    row(name, cells);
}

fn lc913(inputs: &Inputs) {
    let solvers = tests::problems::lc913::solvers();
    // The sweep repeats full passes and the worklist rescans neighbours: they stop at n = 200
    // and n = 1000.
    let tables: Vec<(&str, u64)> = lc913::VARIANTS
        .iter()
        .map(|variant| (variant.name, variant.table_bytes))
        .collect();
    let known = known_figures(&tables, |name| match name {
        "fixpoint_sweep" => 200,
        "fixpoint_worklist" => 1000,
        _ => usize::MAX,
    });
    let figures = figures_of(&solvers, &known);
    header(&title("lc913", &tables), &solvers);
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
    // The regressions and every tenth size of the deepest-win table, by the names `--check`
    // reports them with.
    instances.extend(
        tests::problems::lc913::fixed()
            .into_iter()
            .filter(|(name, graph)| regression(name) || graph.len().is_multiple_of(10))
            .map(|(name, graph)| (known_words(&name), graph)),
    );
    for (name, graph) in &instances {
        inputs.write("lc913", name, &format!("{graph:?}\n"));
        let positions = 2.0 * (graph.len() * graph.len()) as f64;
        let instance = Instance {
            name,
            case: graph,
            size: graph.len(),
            count: positions,
            table_units: positions,
        };
        time_row(instance, &solvers, &figures);
    }
    println!(
        "(- : fixpoint_sweep runs up to n = 200, fixpoint_worklist up to n = 1000. degree_bfs"
    );
    println!(" stops once the start is decided; every rate counts all 2n² positions.)");
}

fn lc1728(inputs: &Inputs) {
    let solvers = tests::problems::lc1728::solvers();
    let tables: Vec<(&str, u64)> = lc1728::VARIANTS
        .iter()
        .map(|variant| (variant.name, variant.table_bytes))
        .collect();
    let known = known_figures(&tables, |_| usize::MAX);
    let figures = figures_of(&solvers, &known);
    header(&title("lc1728", &tables), &solvers);
    for (name, game) in &lc1728_instances() {
        inputs.write("lc1728", name, &format!("{game:?}\n"));
        let open = shared::lc1728::open_cells(game);
        let positions = 2.0 * (open * open) as f64;
        let instance = Instance {
            name,
            case: game,
            size: open,
            count: positions,
            table_units: positions,
        };
        time_row(instance, &solvers, &figures);
    }
}

/// lc1728's timed instances: open grids, mazes with several jumps, the regressions.
fn lc1728_instances() -> Vec<(String, Case)> {
    let mut rng = Rng::new(1728);
    let mut instances = Vec::new();
    let with_jumps = |game: Case, jump: i32| Case {
        cat_jump: jump,
        mouse_jump: jump,
        ..game
    };
    // Open grids: every cell a position, the most moves a jump allows. 8x8 with jumps 8 is
    // the judge's worst case; 24x24 with jumps 2 and 3 is where the seeds' programs are timed.
    for (side, jump) in [(8, 8), (24, 2), (24, 3)] {
        let game = shared::lc1728::random_game(&mut rng, side, side, 0.0, 1);
        instances.push((
            format!("{side}x{side} open, jumps {jump}"),
            with_jumps(game, jump),
        ));
    }
    for (side, jumps) in [
        (8, vec![1, 4, 8]),
        (16, vec![1, 8, 16]),
        (32, vec![1, 32]),
        (40, vec![1, 40]),
    ] {
        for jump in jumps {
            let game = shared::lc1728::maze_game(&mut rng, side, side);
            instances.push((
                format!("{side}x{side} maze, jumps {jump}"),
                with_jumps(game, jump),
            ));
        }
    }
    // The regressions, by the names `--check` reports them with (its fixed list is ordered
    // by size, the examples and the deepest-win table among them).
    instances.extend(
        tests::problems::lc1728::fixed()
            .into_iter()
            .filter(|(name, _)| regression(name))
            .map(|(name, game)| (known_words(&name), game)),
    );
    instances
}

/// Whether a known instance is one of the tracker's regressions.
fn regression(name: &Known) -> bool {
    matches!(
        name,
        Known::Listed {
            table: Table::Regression,
            ..
        }
    )
}

fn noi2011(inputs: &Inputs) {
    let solvers = tests::problems::noi2011::solvers();
    // rematch rebuilds two matchings per question: it stops at 40x40; minimax refuses boards
    // past its own limit.
    let figures = figures_of(
        &solvers,
        &[
            (
                "incremental",
                Figures {
                    bytes: 40.0,
                    largest: usize::MAX,
                },
            ),
            (
                "rematch",
                Figures {
                    bytes: 40.0,
                    largest: 1600,
                },
            ),
            (
                "minimax",
                Figures {
                    bytes: 40.0,
                    largest: usize::MAX,
                },
            ),
        ],
    );
    header(
        "noi2011 (questions per second: two per round; tables about 40 bytes a cell)",
        &solvers,
    );
    for (name, record) in &noi2011_instances() {
        let text = record.to_input();
        inputs.write("noi2011", name, &text);
        let record = match tests::problems::noi2011::read(&text) {
            Ok(record) => record,
            Err(error) => panic!("{name}: {}", input_error_words(&error)),
        };
        let cells = record.cells();
        let instance = Instance {
            name,
            case: &record,
            size: cells,
            count: record.moves.len() as f64,
            table_units: cells as f64,
        };
        time_row(instance, &solvers, &figures);
    }
    println!(
        "(- : rematch runs up to 40x40, minimax up to {} cells.)",
        noi2011::minimax::MAX_CELLS
    );
}

/// noi2011's timed records: a small one, the judge's largest, and past it.
fn noi2011_instances() -> Vec<(String, Record)> {
    let mut rng = Rng::new(2011);
    vec![
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
    ]
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
