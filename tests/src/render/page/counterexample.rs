//! `--check --html FILE`: the page of the counterexample a `--check` report shows, with the
//! user's answer against the true one at the top, and the program's mistakes marked where
//! the diagnosis shows them. Pure: the driver writes it (`driver/pages.rs`). Uses the
//! search's diagnosis and the page's frame.

use super::frame::PageVerdict;
use super::paged::Paged;
use crate::search::diagnosis::Diagnosis;
use crate::text::one_line;

/// The page of `case`, the user's answer `yours` (as their program printed it, or what went
/// wrong: `answered` says which) against `expected`, and the program's mistakes marked where
/// a `diagnosis` shows them; an error for an instance too large for a page.
pub fn page<P: Paged>(
    case: &P::Case,
    (yours, answered): (&str, bool),
    expected: &P::Answer,
    diagnosis: Option<&Diagnosis>,
) -> Result<String, String> {
    let verdict = PageVerdict {
        yours: one_line(yours),
        answered,
        expected: one_line(&expected.to_string()),
        diagnosis: diagnosis.cloned(),
    };
    P::page(case, Some(&verdict))
}
