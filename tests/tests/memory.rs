//! Each variant's table bytes a position (the `table_bytes` its crate keeps beside the code
//! that allocates, which the command line's size limit and the bench read) against what a real
//! run takes: the growth of the peak resident memory (`VmHWM`, reset through
//! `/proc/self/clear_refs`) over one solve of a large instance, in a process that does
//! nothing else. Linux only; elsewhere it says it skipped.

use shared::lc1728::Case;
use shared::lc913::{random_graph, Shape};
use shared::rng::Rng;

/// `VmHWM` or `VmRSS` of this process, in bytes.
fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

/// How far the peak resident memory rises above the current one while `solve` runs.
fn peak_growth(solve: impl FnOnce()) -> Option<u64> {
    // Writing 5 resets the peak to the current resident size (Linux 4.0 and later).
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    let before = status_bytes("VmRSS:")?;
    solve();
    Some(status_bytes("VmHWM:")?.saturating_sub(before))
}

/// Checks that a run on `positions` positions grows the peak by no more than `table_bytes` a
/// position, give or take 20% and 2 MB (the graph, the move lists, the allocator's rounding):
/// the figure bounds what the size limit lets through. It is what the tables take when a
/// search decides every position; a search that stops once the start is decided leaves part
/// of its queue untouched, so the peak must reach only half of it.
fn takes_what_it_claims(name: &str, positions: u64, table_bytes: u64, solve: impl FnOnce()) {
    let Some(growth) = peak_growth(solve) else {
        println!("skipped {name}: no /proc/self/clear_refs here");
        return;
    };
    let claimed = positions * table_bytes;
    println!(
        "{name}: {positions} positions, {:.1} MB measured, {:.1} MB claimed ({table_bytes} bytes a position)",
        growth as f64 / 1e6,
        claimed as f64 / 1e6
    );
    assert!(
        growth * 2 >= claimed && growth * 10 <= claimed * 12 + 20_000_000,
        "{name}: the peak grew by {growth} bytes on {positions} positions; the crate claims \
         {table_bytes} bytes a position ({claimed})"
    );
}

/// The variant `one_variant_alone` measures, as `lc913/degree_bfs`.
const VARIANT_VARIABLE: &str = "MEMORY_TEST_VARIANT";

/// Each variant measured in a process of its own: memory a run frees stays resident in the
/// allocator's heap and would hide the next run's tables.
#[test]
fn each_variant_s_tables_take_the_bytes_a_position_its_crate_claims() {
    let names = lc913::VARIANTS
        .iter()
        .map(|variant| format!("lc913/{}", variant.name))
        .chain(
            lc1728::VARIANTS
                .iter()
                .map(|variant| format!("lc1728/{}", variant.name)),
        );
    // All at once: each process's peak is its own, whatever runs beside it.
    let started: Vec<(String, std::process::Child)> = names
        .map(|name| {
            let child = std::process::Command::new(std::env::current_exe().unwrap())
                .args(["--ignored", "--exact", "one_variant_alone", "--nocapture"])
                .env(VARIANT_VARIABLE, &name)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            (name, child)
        })
        .collect();
    for (name, child) in started {
        let output = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let measured = stdout.lines().filter(|line| line.contains("positions"));
        println!("{}", measured.collect::<Vec<_>>().join("\n"));
        assert!(
            output.status.success(),
            "{name}:\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// One variant's run, in the process
/// `each_variant_s_tables_take_the_bytes_a_position_its_crate_claims` starts for it.
#[test]
#[ignore = "run by each_variant_s_tables_take_the_bytes_a_position_its_crate_claims, one process a variant"]
fn one_variant_alone() {
    let Ok(name) = std::env::var(VARIANT_VARIABLE) else {
        return;
    };
    let mut rng = Rng::new(5);
    for variant in lc913::VARIANTS {
        if name != format!("lc913/{}", variant.name) {
            continue;
        }
        // The sweep's one byte a position needs many positions to be seen; sparse graphs keep
        // its sweeps few.
        let n = if variant.table_bytes < 4 { 3000 } else { 2000 };
        let graph = random_graph(&mut rng, n, Shape::Sparse);
        let positions = 2 * (n * n) as u64;
        takes_what_it_claims(&name, positions, variant.table_bytes, || {
            (variant.cat_mouse_game)(graph);
        });
    }
    for variant in lc1728::VARIANTS {
        if name != format!("lc1728/{}", variant.name) {
            continue;
        }
        // An open 40x40 square, the cat in one corner, the food in the next and the mouse in
        // the one across: 1,600 cells, and every position is decided (tables a solve never
        // touches would not show in resident memory), each within 52 plies, so the sweeps are
        // few. (A row as long, where the cat needs a ply for every few cells, took six times
        // as long to sweep.)
        let side = 40;
        let mut grid: Vec<String> = (0..side).map(|_| ".".repeat(side)).collect();
        grid[0] = format!("C{}F", ".".repeat(side - 2));
        grid[side - 1] = format!("{}M", ".".repeat(side - 1));
        let game = Case {
            grid,
            cat_jump: 3,
            mouse_jump: 1,
        };
        let open = (side * side) as u64;
        let positions = 2 * open * open;
        takes_what_it_claims(&name, positions, variant.table_bytes, || {
            (variant.can_mouse_win)(game.grid, game.cat_jump, game.mouse_jump);
        });
    }
}
