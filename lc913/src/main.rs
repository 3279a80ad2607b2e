//! `lc913`: the judge-style command line of LeetCode 913 (see `lc913 --help`).

fn main() -> std::process::ExitCode {
    driver::run(&lc913::PROBLEM)
}
