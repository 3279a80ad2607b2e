//! [`Paged`]: a problem that can be drawn as a page; each game's page module implements it.
//!
//! Uses `outcome::verdict::PageError`, `problems::Problem`.

use crate::outcome::verdict::PageError;
use crate::problems::Problem;

/// A problem whose test cases make pages: `--explain --html` and a `--check` report's page.
pub trait Paged: Problem {
    /// The test case as a page, with a `--check` report's verdict if any; an error for an
    /// instance too large for one.
    fn page(
        case: &Self::Case,
        verdict: Option<&super::frame::PageVerdict>,
    ) -> Result<String, PageError>;
}
