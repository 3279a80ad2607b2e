//! `noi2011`: NOI2011 兔兔与蛋蛋游戏's judge program with every variant
//! (`cargo run -q --bin noi2011 -- --help`).

fn main() -> std::process::ExitCode {
    tests::driver::run::<tests::problems::noi2011::Noi2011>()
}
