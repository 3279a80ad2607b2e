//! `lc1728`: the judge-style command line of LeetCode 1728 (see `lc1728 --help`).

fn main() -> std::process::ExitCode {
    driver::run(&lc1728::PROBLEM)
}
