//! Writes `--html` pages and a PNG of each, for a person to look at:
//! `cargo run -p tests --example page_screenshot -- OUT_DIR`.
//!
//! For each problem: the statement's first example and the judge's largest instances (lc913 50
//! nodes dense, sparse and deep; lc1728 8x8 with both jumps 1 and both 8; noi2011 40x40 with a
//! 799-round game and a random one), plus lc913's deepest known win on 13 nodes. Prints each
//! page's size and the time it took to build; screenshots (three plies into the optimal line)
//! need Debian's `chromium` and are skipped without it.

use shared::rng::Rng;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tests::problems::lc1728::Lc1728;
use tests::problems::lc913::Lc913;
use tests::problems::noi2011::Noi2011;
use tests::render::page::browser;
use tests::render::page::frame::page_error_words;
use tests::render::page::Paged;
use tests::text::format_duration;

fn main() -> std::process::ExitCode {
    let Some(out) = std::env::args().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cargo run -p tests --example page_screenshot -- OUT_DIR");
        return std::process::ExitCode::from(2);
    };
    if let Err(error) = std::fs::create_dir_all(&out) {
        eprintln!("error: cannot create {}: {error}", out.display());
        return std::process::ExitCode::from(2);
    }
    let shots = browser::available();
    if !shots {
        println!("note: chromium is not on this machine: pages only, no screenshots");
    }
    let deep = tests::problems::lc913::deepest_table()
        .iter()
        .find(|deep| deep.graph.len() == 13)
        .map(|deep| {
            (
                "the deepest mouse win on 13 nodes".to_string(),
                deep.graph.clone(),
            )
        });
    let mut failed = false;
    failed |= !pages::<Lc913>(deep, &out, shots);
    failed |= !pages::<Lc1728>(None, &out, shots);
    failed |= !pages::<Noi2011>(None, &out, shots);
    if failed {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    }
}

/// The pages of `P`'s first example, `extra` and its largest instances, each with its
/// size and build time printed and a screenshot where `shots`; false if any failed.
fn pages<P: Paged>(extra: Option<(String, P::Case)>, out: &Path, shots: bool) -> bool {
    let mut cases: Vec<(String, P::Case)> = P::examples()
        .into_iter()
        .take(1)
        .map(|(case, _)| ("the statement's first example".to_string(), case))
        .collect();
    cases.extend(extra);
    let largest = P::largest(&mut Rng::new(42)).into_iter();
    cases.extend(largest.map(|(name, case)| (tests::render::plan::known_words(&name), case)));
    let mut fine = true;
    for (index, (name, case)) in cases.iter().enumerate() {
        let started = Instant::now();
        let page = match P::page(case, None) {
            Ok(page) => page,
            Err(error) => {
                println!("{} {name}: {}", P::BIN, page_error_words(&error));
                fine = false;
                continue;
            }
        };
        let took = started.elapsed();
        let file = out.join(format!("{}-{}.html", P::BIN, index + 1));
        if let Err(error) = std::fs::write(&file, &page) {
            println!("{}: cannot write: {error}", file.display());
            fine = false;
            continue;
        }
        println!(
            "{} {name}: {:.1} KB, built in {} -> {}",
            P::BIN,
            page.len() as f64 / 1024.0,
            format_duration(took),
            file.display()
        );
        if shots {
            let png = file.with_extension("png");
            let shot = browser::address(&file, "steps=3")
                .and_then(|address| browser::screenshot(&address, &png, (1400, 1000)));
            match shot {
                Ok(()) => println!("  screenshot: {}", png.display()),
                Err(error) => {
                    println!("  screenshot failed: {error}");
                    fine = false;
                }
            }
        }
    }
    fine
}
