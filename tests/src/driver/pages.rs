//! Pages written to their files: `--explain --html FILE` and a `--check` report's page. The
//! render layer makes a page; writing it is I/O, the driver's. A page that cannot be written
//! is one line of a `--check` report and never changes its verdict or exit status.
//!
//! Uses `outcome::verdict`, `render::page`, `search::diagnosis`.

use crate::outcome::verdict::{PageError, PageWritten, Yours};
use crate::render::page::counterexample;
use crate::render::page::Paged;
use crate::search::diagnosis::Diagnosis;

/// Writes the page to `path`; an error names the path and why.
pub fn write(path: &str, page: &str) -> Result<(), PageError> {
    std::fs::write(path, page).map_err(|error| PageError::Unwritable {
        path: path.to_string(),
        cause: error.to_string(),
    })
}

/// Writes the page of a counterexample to `path` ([`counterexample::page`]): where it went,
/// or why it did not.
pub fn report_page<P: Paged>(
    case: &P::Case,
    yours: &Yours,
    expected: &P::Answer,
    diagnosis: Option<&Diagnosis>,
    path: &str,
) -> PageWritten {
    match counterexample::page::<P>(case, yours, expected, diagnosis)
        .and_then(|page| write(path, &page))
    {
        Ok(()) => PageWritten::At(path.to_string()),
        Err(error) => PageWritten::NotWritten(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::lc913::Lc913;

    #[test]
    fn the_page_shows_both_answers_and_a_failure_to_write_says_why() {
        let dir = std::env::temp_dir().join(format!("cats-page-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("counterexample.html");
        let graph = crate::render::page::marks::tests::revisit_graph();
        let path_text = path.to_string_lossy().to_string();
        let written =
            report_page::<Lc913>(&graph, &Yours::Answer("0\n".into()), &2, None, &path_text);
        assert_eq!(written, PageWritten::At(path_text.clone()));
        let page = std::fs::read_to_string(&path).unwrap();
        assert!(
            page.contains("your answer: <b class=\"lose\">0</b>; expected: <b class=\"win\">2</b>")
        );
        assert!(
            page.contains("answer 2: the cat wins in 6 plies"),
            "the true line"
        );
        let _ = std::fs::remove_dir_all(&dir);
        let nowhere = dir.join("gone/page.html").to_string_lossy().to_string();
        let written = report_page::<Lc913>(&graph, &Yours::Answer("0".into()), &2, None, &nowhere);
        assert!(
            matches!(&written, PageWritten::NotWritten(PageError::Unwritable { path, .. }) if *path == nowhere),
            "{written:?}"
        );
    }
}
