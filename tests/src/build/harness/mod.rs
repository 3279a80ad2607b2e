//! What a judge puts around a LeetCode solution, per language: the prelude it supplies, and a
//! `main` that reads a batch of test cases and writes one answer a line, calling a fresh
//! `Solution` for each, as LeetCode does.
//!
//! The answers go to the file named by `CATS_CHECK_ANSWERS` ([`ANSWERS_VARIABLE`]), flushed one
//! by one, not to stdout: what the solution prints itself is its own business, as on LeetCode,
//! and never read as an answer.
//! The prelude is placed so that the user's lines keep their numbers: C and C++ get `#line`, Go
//! `//line`, Java's imports, C#'s `using` lines, Ruby's `require 'set'`, PHP's `<?php`, Erlang's
//! module and Racket's `#lang` share the user's first line, Rust's harness is a crate root that
//! includes the user's file, JavaScript's and TypeScript's comes after the user's text (as LeetCode
//! appends its driver), and Python compiles the
//! user's file under its own name; Kotlin, Scala and Elixir need none. Go's package clause and the
//! standard imports LeetCode adds are the one rewriting of the user's own text: `go_source.rs`.
//!
//! The harness reads a plain format of its own (whitespace-separated tokens, written by each
//! problem's `harness_input`), so that no language needs a JSON parser:
//!
//! - lc913: the number of test cases T; per test case n, then for each node its degree and
//!   its neighbours.
//! - lc1728: T; per test case `rows catJump mouseJump`, then the rows of the grid.
//!
//! # The templates are source files
//! Beside this file, each in its own language, so that an editor and a reader see a program,
//! not a string: `prelude.*` (what the judge puts first), `main.*` (the harness's loop over
//! the batch: `main.js` serves TypeScript too, `runner.py` loads a Python file), and per
//! problem `lcNNN/case.*` (one test case: read it, call the solution, hand over the answer).
//! The loop and the case are apart, not one whole program per problem, because the loop holds
//! what is hard to get right (answers flushed one by one, Python's `--compile-only` check and
//! loading, Node's packages) and must not be copied once per problem; a case is the few lines that
//! differ. Each file opens with a comment, then a blank line; the template is what follows.
//! The placeholders, replaced by plain text substitution, are named `HARNESS_*` and stand
//! where the language takes a name, so that each template still parses:
//!
//! - `HARNESS_CASE`, alone on a comment line of `main.*`: the problem's `case.*`, each line
//!   indented as the marker is;
//! - `main.js`: `HARNESS_FUNCTION`, `HARNESS_PACKAGES`, and `/*: any*/`, the
//!   annotations TypeScript gets;
//! - `runner.py`: `HARNESS_PRELUDE_TEXT`, `HARNESS_MODULE`, `HARNESS_WHOLE_PROGRAM`,
//!   `HARNESS_FUNCTION` (the method LeetCode calls), `HARNESS_PATH`.
//!
//! The answers' variable is written out, `CATS_CHECK_ANSWERS`, so a template runs as it is;
//! a test holds it equal to [`ANSWERS_VARIABLE`].
//!
//! # Adding a language
//! Its entry in `build/languages.rs` (which says what else it needs); here, its `main.*`, and
//! `prelude.*` if the judge puts one first; its `case.*` in each problem's folder, with its
//! extension in `every_case!` and in its entry's `case` (a language may share another's, as
//! TypeScript reads `case.js`); a wrapping function like [`rust_files`], named in its entry,
//! which gets the problem's [`Case`]. The fingerprint test below prints the new rows to add.
//!
//! # Adding a problem
//! A folder of `case.*`, one per language, an `every_case!` line and its arm in [`of`], and the
//! problem's `harness_input` writing the tokens its cases read.
//!
//! [`ANSWERS_VARIABLE`]: crate::sandbox::ANSWERS_VARIABLE
//!
//! This file declares and re-exports: the code is in `wrap.rs` (the wrapping, the templates
//! put together) and `go_source.rs` (the one rewriting of the user's text).

mod go_source;
mod wrap;

pub(in crate::build) use go_source::standard_packages_program;

pub(in crate::build) use wrap::{
    c_files, cpp_files, csharp_files, elixir_files, erlang_files, go_files, java_files,
    javascript_files, kotlin_files, php_files, python2_files, python_files, racket_files,
    ruby_files, rust_files, scala_files, typescript_files, CPP_PRELUDE_HEADER, RUST_ROOT,
};
pub use wrap::{
    mentions, node_packages_needed, of, Case, File, Harnesses, PackageUse, Source, LC1728, LC913,
};
