//! `--html FILE`: one test case as a self-contained page, to read as a picture and explore as
//! tablebase explorers show chess endings. The instance is drawn in inline SVG; the line of
//! optimal play steps with buttons and arrow keys; at every position each legal move of the
//! player to move is listed with its exact outcome (wins in N plies, draw, loses in N), from
//! the same retrograde tables `--explain` walks, embedded in the page; clicking a move plays
//! it, "back" undoes. No network, no packages: a little plain JavaScript.
//!
//! The page keeps its state in the DOM for tests and tools: `body[data-position]` (the
//! position in words a test can compare), `body[data-ply]`, `body[data-on-line]`, `#status`,
//! and it applies a fragment at load, in order: `steps=3` steps the optimal line, `play=KEY`
//! plays the move whose key the moves list shows, `back=1` steps back, `at=MOUSE,CAT` goes to
//! that position of a chase (the mouse to move), `click=ID` clicks an element, as in
//! `#steps=3&play=4&back=1`, so that `chromium --dump-dom file://...#steps=3` shows that
//! position. A `--check` page with a diagnosis also marks the program's mistakes ([`marks`]);
//! `body[data-yours]` says whether it judges the position shown right.
//!
//! One module per problem builds the [`Parts`]; [`frame::html`] puts them together. The script is
//! one engine (`engine.js`, stepping, the lists, keys, the fragment) over a problem's model:
//! `tokens.js` for the two chases (lc913, lc1728: a mouse and a cat on spots, each position's
//! outcome and plies from the table), `noi2011.js` for the game record.
//!
//! Declares and re-exports; defines nothing of its own.

pub mod browser;
mod chase;
pub mod counterexample;
pub mod escape;
pub mod frame;
pub mod layout;
pub mod lc1728;
pub mod lc913;
pub mod marks;
pub mod noi2011;
mod paged;

pub use frame::{PageVerdict, Parts};
pub use paged::Paged;
