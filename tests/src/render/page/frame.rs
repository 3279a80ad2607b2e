//! The page's frame: the style, the engine's script and the panel around a problem's
//! [`Parts`], and the verdict of a `--check` report.
//!
//! Uses `outcome::verdict` (a page not written), `problems::Size`, `render::sizes`,
//! `search::diagnosis`; beside it, `escape`, `marks`.

use super::escape::{escape, script_safe};
use super::marks;
use crate::outcome::verdict::PageError;
use crate::problems::Size;
use crate::render::sizes::extent_words;
use crate::search::diagnosis::Diagnosis;
use std::fmt::Write;

/// The most positions (lc913, lc1728) or cells and positions (noi2011) a page embeds: about
/// a megabyte of page, ten times the judge's largest instance.
pub const MAX_ITEMS: usize = 200_000;

/// What a `--check` report knows of a counterexample, shown at the top of its page.
pub struct PageVerdict {
    /// The user's program's answer, as printed, or what went wrong.
    pub yours: String,
    /// Whether `yours` is an answer (a wrong one), not a crash, a limit or garbage.
    pub answered: bool,
    /// The right answer, as printed.
    pub expected: String,
    /// What the program said of every position of the instance (lc913, lc1728, when it
    /// answered wrongly), for the marks ([`marks`]).
    pub diagnosis: Option<Diagnosis>,
}

/// One page's pieces, which [`html`] puts together.
pub struct Parts {
    /// The page's title and heading: the problem and the instance's size.
    pub title: String,
    /// The instance drawn: one `<svg>` element; the script adds the pieces that move.
    pub svg: String,
    /// The problem's data, a JavaScript object literal the model reads as `DATA`.
    pub data: String,
    /// The problem's model (`tokens.js` or `noi2011.js`), which defines `P` from `DATA`.
    pub model: &'static str,
    /// One line under the heading: the result under optimal play.
    pub result: String,
}

/// The arrowhead the drawings' last-move arrow (`#arrow`, which the script draws) ends with.
pub const ARROW_HEAD: &str =
    "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" \
     markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" \
     fill=\"#d81b60\"/></marker></defs>\n";

const STYLE: &str = include_str!("page.css");
const ENGINE: &str = include_str!("engine.js");

/// The whole page.
pub fn html(parts: &Parts, verdict: Option<&PageVerdict>) -> String {
    let mut page = String::with_capacity(parts.svg.len() + parts.data.len() + 16_384);
    let title = escape(&parts.title);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <header><h1>{title}</h1>\n<p id=\"result\">{}</p>\n",
        escape(&parts.result)
    );
    if let Some(verdict) = verdict {
        let _ = writeln!(
            page,
            "<p id=\"verdict\">{}: <b class=\"lose\">{}</b>; expected: \
             <b class=\"win\">{}</b>. The line below is the true one.</p>",
            if verdict.answered {
                "your answer"
            } else {
                "your program"
            },
            escape(&verdict.yours),
            escape(&verdict.expected)
        );
    }
    let diagnosis = verdict.and_then(|verdict| verdict.diagnosis.as_ref());
    page.push_str(&diagnosis.map_or(String::new(), marks::legend));
    let _ = write!(
        page,
        "</header>\n<main>\n<div id=\"board\">\n{}\n</div>\n{PANEL_STATUS}{}{PANEL}</main>\n\
         <script>\n\"use strict\";\nconst DATA = {};\n{}\n{ENGINE}</script>\n</body>\n</html>\n",
        parts.svg,
        diagnosis.map_or(String::new(), marks::panel),
        script_safe(&parts.data),
        parts.model
    );
    page
}

/// The panel beside the drawing opens with where the position stands; a diagnosis's lines on
/// the position follow it ([`marks::panel`]).
const PANEL_STATUS: &str = "<aside>
<p id=\"status\">the script has not run</p>
";

/// The rest of the panel: the controls, the moves, the line.
const PANEL: &str = "<nav><button id=\"first\" title=\"Home\">|&#x25C0; start</button>\
<button id=\"back\" title=\"left arrow\">&#x25C0; back</button>\
<button id=\"forward\" title=\"right arrow: along the line, or best play off it\">forward &#x25B6;</button>\
<button id=\"last\" title=\"End\">end &#x25B6;|</button></nav>
<h2 id=\"moves-heading\">moves</h2>
<ul id=\"moves\"></ul>
<p class=\"key\"><span class=\"win\">the mover wins</span> <span class=\"draw\">draw</span> \
<span class=\"lose\">the mover loses</span>, under best play from there.</p>
<h2>line of play</h2>
<ol id=\"line\"></ol>
</aside>
";

/// Refuses an instance of `size` that makes `items` positions (or cells and positions) past
/// [`MAX_ITEMS`].
pub fn within_page_limit(size: Size, items: usize) -> Result<(), PageError> {
    match items <= MAX_ITEMS {
        true => Ok(()),
        false => Err(PageError::TooLarge { size, items }),
    }
}

/// Why a page was not made or not written, in words.
pub fn page_error_words(error: &PageError) -> String {
    match error {
        PageError::TooLarge { size, items } => format!(
            "a page holds at most {MAX_ITEMS} positions; {} make {items} (the judge's largest \
             make under 20000)",
            extent_words(*size)
        ),
        PageError::Unwritable { path, cause } => {
            format!("cannot write the page to {path}: {cause}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each problem's instance too large for a page, and a file that cannot be written, each
    /// in the words `--explain --html` and a report's `note: no page:` give.
    #[test]
    fn a_page_not_written_says_why() {
        let graph = Size::Graph {
            nodes: 400,
            edges: 900,
        };
        let too_large = page_error_words(&within_page_limit(graph, 320_000).unwrap_err());
        assert_eq!(
            too_large,
            "a page holds at most 200000 positions; 400 nodes make 320000 (the judge's largest \
             make under 20000)"
        );
        let board = Size::Board {
            rows: 600,
            cols: 600,
            moves: 100_000,
        };
        let grid = Size::Grid {
            rows: 20,
            cols: 20,
            open: 390,
        };
        for (size, items, counted) in [
            (grid, 304_200, "; 390 open cells make 304200 "),
            (board, 460_001, "; 600x600 cells and 100000 moves make "),
        ] {
            let words = page_error_words(&PageError::TooLarge { size, items });
            assert!(words.contains(counted), "{words}");
        }
        assert!(within_page_limit(board, MAX_ITEMS).is_ok());
        let unwritable = PageError::Unwritable {
            path: "/gone/page.html".to_string(),
            cause: "No such file or directory (os error 2)".to_string(),
        };
        assert_eq!(
            page_error_words(&unwritable),
            "cannot write the page to /gone/page.html: No such file or directory (os error 2)"
        );
    }
}
