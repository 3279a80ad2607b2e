//! `--check --html FILE`: the page of the counterexample a `--check` report shows, with the
//! user's answer against the true one at the top, and the program's mistakes marked where
//! the diagnosis shows them. Pure: the driver writes it (`driver/pages.rs`). Uses the
//! search's diagnosis, `outcome::verdict` (what the user's program did), `render::run` (a fault's
//! words), `text` and the page's frame.

use super::frame::PageVerdict;
use super::paged::Paged;
use crate::outcome::verdict::{PageError, Yours};
use crate::search::diagnosis::Diagnosis;
use crate::text::one_line;

/// The page of `case`, what the program did on it (`yours`: an answer or what went wrong)
/// against `expected`, and the program's mistakes marked where a `diagnosis` shows them; an
/// error for an instance too large for a page.
pub fn page<P: Paged>(
    case: &P::Case,
    yours: &Yours,
    expected: &P::Answer,
    diagnosis: Option<&Diagnosis>,
) -> Result<String, PageError> {
    let (yours, answered) = crate::render::run::on_page(yours);
    let verdict = PageVerdict {
        yours: one_line(&yours),
        answered,
        expected: one_line(&expected.to_string()),
        diagnosis: diagnosis.cloned(),
    };
    P::page(case, Some(&verdict))
}
