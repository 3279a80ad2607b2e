//! `noi2011`: the judge program of NOI2011 兔兔与蛋蛋游戏, with every variant (see
//! `noi2011 --help`).

fn main() -> std::process::ExitCode {
    driver::run(&noi2011::PROBLEM)
}
