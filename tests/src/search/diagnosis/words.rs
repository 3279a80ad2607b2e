//! The words the diagnosis's lines share: plies and results as the lines put them. Uses
//! nothing of the workbench.
//!
//! Uses the games' results.

use crate::problems::chase::GameResult;

/// ` in 7 plies`, for a forced win.
pub(super) fn in_plies(plies: Option<u32>) -> String {
    plies.map_or_else(String::new, |plies| format!(" in {}", plies_words(plies)))
}

/// `1 ply`, `7 plies`.
pub(super) fn plies_words(plies: u32) -> String {
    format!("{plies} pl{}", if plies == 1 { "y" } else { "ies" })
}

/// `a draw`, `mouse wins`: a result as the object of `called`.
pub(super) fn article(result: GameResult) -> &'static str {
    match result {
        GameResult::Draw => "a draw",
        other => other.words(),
    }
}
