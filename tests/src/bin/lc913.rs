//! `lc913`: LeetCode 913's command line (`cargo run -q --bin lc913 -- --help`).

fn main() -> std::process::ExitCode {
    tests::driver::run::<tests::problems::lc913::Lc913>()
}
