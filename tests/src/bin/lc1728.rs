//! `lc1728`: LeetCode 1728's command line (`cargo run -q --bin lc1728 -- --help`).

fn main() -> std::process::ExitCode {
    tests::driver::run::<tests::problems::lc1728::Lc1728>()
}
