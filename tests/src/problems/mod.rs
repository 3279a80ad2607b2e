//! The problems the workbench knows, each described once as a [`Problem`]: its variants as
//! [`Solver`]s (built from the solution crate's registry), how to read and check the judge's
//! input, its examples, its explanation and page, and what `--check` needs of it. One module
//! a problem: [`lc913`], [`lc1728`], [`noi2011`] (within this crate, `::lc913` is the solution
//! crate and `crate::problems::lc913` the workbench's description of it).

pub mod lc1728;
pub mod lc913;
pub mod noi2011;

use crate::check::Check;
use crate::fence;
use crate::page;
use std::io::Read;

/// Why a variant will not take a test case (an exponential search on a large board), or
/// `None`.
pub type Refusal<C> = Box<dyn Fn(&C) -> Option<String>>;

/// One variant of a solution crate, as the command line and the tests run it: on a checked
/// test case `C`, answering `A`.
pub struct Solver<C, A> {
    /// The module's name (`degree_bfs`), which `--variant` and `--emit` take.
    pub name: &'static str,
    /// One line: the idea and the cost.
    pub summary: &'static str,
    /// The source files whose fenced parts make the submission ([`fence::submission`]).
    pub sources: &'static [&'static str],
    pub solve: Box<dyn Fn(&C) -> A>,
    pub refuses: Refusal<C>,
}

impl<C, A> Solver<C, A> {
    /// A variant that takes every test case.
    pub fn new(
        name: &'static str,
        summary: &'static str,
        sources: &'static [&'static str],
        solve: impl Fn(&C) -> A + 'static,
    ) -> Solver<C, A> {
        Solver {
            name,
            summary,
            sources,
            solve: Box::new(solve),
            refuses: Box::new(|_| None),
        }
    }

    /// One solver for each entry of a solution crate's registry, in order (the default first):
    /// `describe` gives an entry's name, summary and sources, `solve` answers a test case with
    /// the entry's judge function.
    pub fn each_of<V: 'static>(
        variants: &'static [V],
        describe: fn(&V) -> (&'static str, &'static str, &'static [&'static str]),
        solve: fn(&V, &C) -> A,
    ) -> Vec<Solver<C, A>>
    where
        C: 'static,
        A: 'static,
    {
        variants
            .iter()
            .map(|variant| {
                let (name, summary, sources) = describe(variant);
                Solver::new(name, summary, sources, move |case| solve(variant, case))
            })
            .collect()
    }

    /// The paste-ready submission: the fenced parts of its sources, joined.
    pub fn submission(&self) -> String {
        fence::submission(self.sources)
    }
}

/// Everything the command line needs to know of one problem.
pub struct Problem<C: 'static, A: 'static> {
    /// The binary's name.
    pub bin: &'static str,
    /// One line: which problem this is.
    pub title: &'static str,
    /// What stdin holds, for `--help`.
    pub input_help: &'static str,
    /// The variants; the first one is the default.
    pub solvers: fn() -> Vec<Solver<C, A>>,
    /// The statement's examples with their answers.
    pub examples: fn() -> Vec<(C, A)>,
    /// Reads and checks the whole input. An error says where (test case, line, column).
    pub parse: fn(&str) -> Result<Vec<C>, String>,
    /// A remark on a valid test case that the user should see on stderr, or `None`.
    pub note: fn(&C) -> Option<String>,
    /// Why the answer is what it is: the game played out under optimal play, as lines of
    /// text ending with a newline.
    pub explain: fn(&C) -> String,
    /// The test case as a page ([`crate::page`]), with a `--check` report's verdict if any;
    /// an error for an instance too large for one.
    pub page: fn(&C, Option<&page::Verdict>) -> Result<String, String>,
    /// What `--check` needs: harnesses, generators, shrinking, the judge's formats.
    pub check: Check<C, A>,
}

impl<C, A> Problem<C, A> {
    /// Reads and checks the test cases in `source` (a file, or `-` for stdin), in the command
    /// line's input format; a note on a valid one goes to stderr, an error says where.
    pub fn read_input(&self, source: &str) -> Result<Vec<C>, String> {
        let mut bytes = Vec::new();
        let read = if source == "-" {
            std::io::stdin().read_to_end(&mut bytes).map(|_| ())
        } else {
            std::fs::File::open(source)
                .and_then(|mut file| file.read_to_end(&mut bytes).map(|_| ()))
        };
        let name = if source == "-" { "stdin" } else { source };
        read.map_err(|error| format!("cannot read {name}: {error}"))?;
        let text = String::from_utf8(bytes).map_err(|error| {
            format!(
                "the input is not UTF-8 text (byte {})",
                error.utf8_error().valid_up_to()
            )
        })?;
        let cases = (self.parse)(&text)?;
        for (index, case) in cases.iter().enumerate() {
            if let Some(note) = (self.note)(case) {
                eprintln!("note: test case {}: {note}", index + 1);
            }
        }
        Ok(cases)
    }
}
