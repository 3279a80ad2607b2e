//! What the two chases' pages (lc913, lc1728) hand their script, `tokens.js`: the spots a
//! mouse and a cat stand on, each spot's moves for either, and every position's outcome and
//! plies to the end from the solver's retrograde table.
//!
//! Uses only its own layer: `escape`.

use super::escape::{js_string, numbers, strings};

/// The script model both chases share.
pub const MODEL: &str = include_str!("tokens.js");

/// One chase, as its page's data.
pub struct ChaseData {
    /// Each spot's centre in the drawing.
    pub spots: Vec<(f64, f64)>,
    /// Each spot's name, as `--explain` writes it (`3`, `(0,4)`); also the key that plays a
    /// move to it.
    pub names: Vec<String>,
    /// Each spot's moves for the mouse and for the cat, in the solver's order.
    pub mouse_moves: Vec<Vec<usize>>,
    pub cat_moves: Vec<Vec<usize>>,
    /// Each position's outcome (0 none, 1 mouse, 2 cat) and plies to the end.
    pub table: Vec<(u8, u32)>,
    /// The optimal line's positions, the start first.
    pub line: Vec<usize>,
    /// The tokens' radius in the drawing.
    pub radius: f64,
    /// What the mouse runs for: `hole`, `food`.
    pub goal: &'static str,
    /// The ply limit that ends the game (lc1728's 1000), 0 for none.
    pub limit: u16,
    /// Whether a repeated position ends the game in a draw (lc913).
    pub repeats: bool,
    /// What a `--check` program said of each position ([`super::marks::data`]), `null`
    /// without a diagnosis.
    pub yours: String,
}

impl ChaseData {
    /// The data as a JavaScript object literal.
    pub fn data(&self) -> String {
        let spots = self
            .spots
            .iter()
            .map(|&(x, y)| format!("[{x:.1},{y:.1}]"))
            .collect::<Vec<_>>()
            .join(",");
        let lists = |moves: &[Vec<usize>]| {
            let each: Vec<String> = moves.iter().map(numbers).collect();
            format!("[{}]", each.join(","))
        };
        // 3 · plies + outcome: one short number a position.
        let table = numbers(
            self.table
                .iter()
                .map(|&(outcome, plies)| 3 * u64::from(plies) + u64::from(outcome)),
        );
        format!(
            "{{n:{},spots:[{spots}],names:{},mouseMoves:{},catMoves:{},table:{table},line:{},\
             radius:{:.1},goal:{},limit:{},repeats:{},yours:{}}}",
            self.spots.len(),
            strings(self.names.iter().cloned()),
            lists(&self.mouse_moves),
            lists(&self.cat_moves),
            numbers(&self.line),
            self.radius,
            js_string(self.goal),
            self.limit,
            self.repeats,
            self.yours
        )
    }
}
