//! The user's source wrapped as its judge wraps it: the saved [`Source`], each problem's
//! [`Harnesses`] (its `case.*` files), the templates beside this file put together, one
//! wrapping function a language. Uses `problems::Problem`; beside it, `go_source`.

use super::go_source;
use crate::problems::Problem;

/// The user's source file as saved: its bytes without a UTF-8 byte-order mark (which would
/// stand in the middle of the wrapped file), and the path it was given by, for messages.
pub struct Source {
    pub bytes: Vec<u8>,
    pub path: String,
}

impl Source {
    pub fn new(bytes: Vec<u8>, path: &str) -> Source {
        let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => rest.to_vec(),
            None => bytes,
        };
        Source {
            bytes,
            path: path.to_string(),
        }
    }

    pub fn is_utf8(&self) -> bool {
        std::str::from_utf8(&self.bytes).is_ok()
    }

    /// The text, for compilers that read only UTF-8: other bytes (a comment in GBK) become
    /// U+FFFD.
    fn lossy_text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// The path as a string literal that C and Python read alike, for `#line` and
    /// `compile`.
    fn quoted_path(&self) -> String {
        let mut quoted = String::from("\"");
        for character in self.path.chars() {
            match character {
                '\\' | '"' => quoted.extend(['\\', character]),
                '\n' => quoted.push_str("\\n"),
                _ => quoted.push(character),
            }
        }
        quoted.push('"');
        quoted
    }
}

/// One problem's test case in each language, as its file in the problem's folder
/// (`lc913/case.cpp`): the body of the harness's loop, which reads the test case's tokens,
/// calls a fresh `Solution` (or the function) and hands over the answer. Indexed by the case
/// file's extension, which each language's entry in the table names (both Pythons read
/// `case.py`, JavaScript and TypeScript `case.js`).
pub struct Harnesses {
    /// The function a JavaScript or TypeScript solution defines.
    pub function: &'static str,
    /// Each case file's extension and text.
    pub cases: &'static [(&'static str, &'static str)],
}

/// One problem's call in one language: what a wrapping function puts in its harness.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// The function a JavaScript or TypeScript solution defines (`catMouseGame`).
    pub function: &'static str,
    /// The case file's text.
    pub text: &'static str,
}

impl Harnesses {
    /// The case whose file has the extension `extension` (`kt`); `None` where the problem's
    /// folder has none (a test holds every language's to exist).
    pub fn case(&self, extension: &str) -> Option<Case> {
        let (_, text) = self.cases.iter().find(|(ext, _)| *ext == extension)?;
        Some(Case {
            function: self.function,
            text,
        })
    }
}

/// A problem's [`Harnesses`]: the `case.*` files in its folder, and its JavaScript function.
macro_rules! harnesses {
    ($folder:literal, $function:literal, [$($extension:literal),* $(,)?]) => {
        Harnesses {
            function: $function,
            cases: &[$(($extension, include_str!(concat!($folder, "/case.", $extension)))),*],
        }
    };
}

/// The case files every LeetCode problem has, one a harness kind.
macro_rules! every_case {
    ($folder:literal, $function:literal) => {
        harnesses!(
            $folder,
            $function,
            [
                "rs", "cpp", "c", "py", "java", "js", "go", "php", "rb", "kt", "cs", "scala",
                "exs", "erl", "rkt"
            ]
        )
    };
}

/// LeetCode 913: `cat_mouse_game(graph)` in each language.
pub static LC913: Harnesses = every_case!("lc913", "catMouseGame");

/// LeetCode 1728: `can_mouse_win(grid, cat_jump, mouse_jump)` in each language.
pub static LC1728: Harnesses = every_case!("lc1728", "canMouseWin");

/// The harnesses of problem `P`, found by its binary's name, or `None` for a problem whose
/// solutions are whole judge programs ([`Problem::harness`] is `None`).
///
/// # Panics
/// If a LeetCode problem has no folder of `case.*` here: a test below holds every problem to it.
pub fn of<P: Problem>() -> Option<&'static Harnesses> {
    P::harness()?;
    match P::BIN {
        "lc913" => Some(&LC913),
        "lc1728" => Some(&LC1728),
        other => panic!("no harnesses for {other}: add its folder of case.* and a line here"),
    }
}

/// The globals LeetCode's Node provides, by the package that provides them.
const NODE_PACKAGES: &[(&str, &[&str])] = &[
    ("lodash", &["_"]),
    ("@datastructures-js/queue", &["Queue"]),
    (
        "@datastructures-js/priority-queue",
        &["PriorityQueue", "MinPriorityQueue", "MaxPriorityQueue"],
    ),
    ("@datastructures-js/deque", &["Deque"]),
];

// The templates beside this file; the module's doc says what each holds.
const PRELUDE_CPP: &str = include_str!("prelude.cpp");
/// The one header LeetCode's C++ prelude includes (`prelude.cpp`): what a C++ build may
/// precompile once, as the judge does, instead of parsing it in every build.
pub const CPP_PRELUDE_HEADER: &str = "bits/stdc++.h";
const PRELUDE_C: &str = include_str!("prelude.c");
const PRELUDE_PY: &str = include_str!("prelude.py");
const PRELUDE_PY2: &str = include_str!("prelude2.py");
const PRELUDE_JAVA: &str = include_str!("prelude.java");
const MAIN_RS: &str = include_str!("main.rs");
const MAIN_CPP: &str = include_str!("main.cpp");
const MAIN_C: &str = include_str!("main.c");
const MAIN_JS: &str = include_str!("main.js");
const MAIN_GO: &str = include_str!("main.go");
const MAIN_JAVA: &str = include_str!("Main.java");
const RUNNER_PY: &str = include_str!("runner.py");
const MAIN_PY: &str = include_str!("main.py");
const PRELUDE_CS: &str = include_str!("prelude.cs");
const PRELUDE_KT: &str = include_str!("prelude.kt");
const MAIN_PHP: &str = include_str!("main.php");
const MAIN_RB: &str = include_str!("main.rb");
const MAIN_KT: &str = include_str!("Main.kt");
const MAIN_CS: &str = include_str!("Main.cs");
const MAIN_SCALA: &str = include_str!("Main.scala");
const MAIN_EXS: &str = include_str!("main.exs");
const MAIN_ERL: &str = include_str!("main.erl");
const PRELUDE_ERL: &str = include_str!("prelude.erl");
const MAIN_RKT: &str = include_str!("main.rkt");
const PRELUDE_RKT: &str = include_str!("prelude.rkt");

/// The line of a `main.*` where the problem's test case goes, after its indentation.
const CASE_MARKERS: [&str; 4] = [
    "// HARNESS_CASE",
    "# HARNESS_CASE",
    "%% HARNESS_CASE",
    ";; HARNESS_CASE",
];

/// A file of the program to build: its name in the build directory and its bytes.
pub type File = (&'static str, Vec<u8>);

fn text_file(name: &'static str, text: String) -> File {
    (name, text.into_bytes())
}

/// A template file's text: what follows its opening comment (which tells whoever edits the
/// file what it is) and the blank line that ends the comment.
fn template(file: &'static str) -> &'static str {
    file.split_once("\n\n").map_or(file, |(_, text)| text)
}

/// `main`'s template with its [`CASE_MARKERS`] line replaced by `case`'s template, each line
/// indented as the marker was.
fn with_case(main: &'static str, case: &'static str) -> String {
    let mut text = String::new();
    for line in template(main).split_inclusive('\n') {
        let code = line.trim_start();
        if !CASE_MARKERS.contains(&code.trim_end()) {
            text.push_str(line);
            continue;
        }
        let indentation = &line[..line.len() - code.len()];
        for case_line in template(case).lines() {
            if !case_line.is_empty() {
                text.push_str(indentation);
            }
            text.push_str(case_line);
            text.push('\n');
        }
    }
    text
}

/// Rust: the user's text in `solution.rs`, and the harness's crate root [`RUST_ROOT`], which
/// includes it (`include!`), declares `struct Solution` where the text does not, and holds the
/// harness's `main`. rustc names the user's lines by their own file and numbers, and the
/// harness's by its own: an error at the call (a signature of other types) points at the
/// harness, with a note at the user's definition, never at a line their file lacks.
pub(in crate::build) fn rust_files(case: Option<Case>, source: &Source) -> Vec<File> {
    // rustc reads UTF-8 only: bytes that are not (a comment in GBK) become U+FFFD.
    let text = source.lossy_text();
    let Some(case) = case else {
        return vec![text_file("solution.rs", text)];
    };
    // LeetCode declares the struct; a pasted text may or may not.
    let declares = text.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with("struct Solution") || line.starts_with("pub struct Solution")
    });
    let declaration = if declares { "" } else { "struct Solution;\n" };
    // An included file takes no inner attributes (`#![allow(dead_code)]`) or inner doc
    // comments (`//!`), which a crate's first lines may have: each goes to the root, a blank
    // line in its place keeping the numbers.
    let mut attributes = String::new();
    let mut lines: Vec<&str> = Vec::new();
    // The opening: blank and comment lines, until the first line of anything else.
    let mut opening = true;
    for line in text.lines() {
        let inner = line.trim_start();
        if opening && (inner.starts_with("#![") || inner.starts_with("//!")) {
            attributes.push_str(line);
            attributes.push('\n');
            lines.push("");
            continue;
        }
        opening &= inner.is_empty() || inner.starts_with("//");
        lines.push(line);
    }
    let user = match attributes.is_empty() {
        true => text,
        false => lines.join("\n") + "\n",
    };
    let main = with_case(MAIN_RS, case.text);
    vec![
        text_file("solution.rs", user),
        text_file(
            RUST_ROOT,
            format!("{attributes}include!(\"solution.rs\");\n{declaration}\n{main}"),
        ),
    ]
}

/// The crate root of a Rust LeetCode solution's build: the harness, which includes the
/// user's file.
pub(in crate::build) const RUST_ROOT: &str = "main.rs";

pub(in crate::build) fn cpp_files(case: Option<Case>, source: &Source) -> Vec<File> {
    c_family_files(true, case, source)
}

pub(in crate::build) fn c_files(case: Option<Case>, source: &Source) -> Vec<File> {
    c_family_files(false, case, source)
}

/// C and C++: the judge's prelude, the user's lines under their own name and numbers
/// (`#line`), then the harness under a name of its own.
fn c_family_files(cpp: bool, case: Option<Case>, source: &Source) -> Vec<File> {
    let (name, prelude, main, case) = if cpp {
        let case = case.map(|case| case.text);
        ("solution.cpp", PRELUDE_CPP, MAIN_CPP, case)
    } else {
        let case = case.map(|case| case.text);
        ("solution.c", PRELUDE_C, MAIN_C, case)
    };
    // The harness's own `#line` is in its template: its lines are named apart from the user's.
    let (prelude, main) = match case {
        Some(case) => (template(prelude), format!("\n{}", with_case(main, case))),
        None => ("", String::new()),
    };
    let line = format!("#line 1 {}\n", source.quoted_path());
    let bytes = [
        prelude.as_bytes(),
        line.as_bytes(),
        &source.bytes,
        main.as_bytes(),
    ]
    .concat();
    vec![(name, bytes)]
}

/// Python 3: the user's file as saved, and `main.py`, which compiles it under its own name.
pub(in crate::build) fn python_files(case: Option<Case>, source: &Source) -> Vec<File> {
    python_files_with(PRELUDE_PY, case, source)
}

/// Python 2: the same files, with LeetCode's Python 2 imports (`runner.py` and `main.py` run
/// under both).
pub(in crate::build) fn python2_files(case: Option<Case>, source: &Source) -> Vec<File> {
    python_files_with(PRELUDE_PY2, case, source)
}

fn python_files_with(prelude_file: &'static str, case: Option<Case>, source: &Source) -> Vec<File> {
    let path = source.quoted_path();
    let (prelude, module, main) = match case {
        Some(case) => (
            template(prelude_file),
            "solution",
            with_case(MAIN_PY, case.text),
        ),
        None => ("", "__main__", String::new()),
    };
    let whole_program = if case.is_none() { "True" } else { "False" };
    let method = case.map_or("", |case| case.function);
    // The user's path last, so that nothing in it is taken for a placeholder.
    let runner = template(RUNNER_PY)
        .replace("HARNESS_PRELUDE_TEXT", prelude)
        .replace("HARNESS_WHOLE_PROGRAM", whole_program)
        .replace("HARNESS_MODULE", module)
        .replace("HARNESS_FUNCTION", method)
        .replace("HARNESS_PATH", &path);
    vec![
        ("solution.py", source.bytes.clone()),
        text_file("main.py", runner + &main),
    ]
}

pub(in crate::build) fn javascript_files(case: Option<Case>, source: &Source) -> Vec<File> {
    node_files(false, case, source)
}

pub(in crate::build) fn typescript_files(case: Option<Case>, source: &Source) -> Vec<File> {
    node_files(true, case, source)
}

/// Node's globals as TypeScript declarations, loosely typed: what a solution (and the harness)
/// may use on Node without importing anything.
const NODE_GLOBALS_TS: &str = "declare const require: any, process: any, console: any, \
     Buffer: any, module: any, exports: any, global: any, __dirname: string, \
     __filename: string;\n\
     declare function setTimeout(...args: any[]): any;\n\
     declare function clearTimeout(...args: any[]): void;\n\
     declare function setInterval(...args: any[]): any;\n\
     declare function clearInterval(...args: any[]): void;\n\
     declare function setImmediate(...args: any[]): any;\n\
     declare function queueMicrotask(callback: () => void): void;\n\
     declare function structuredClone<T>(value: T): T;\n";

/// JavaScript and TypeScript (`typed`): the harness appended to the user's text, as LeetCode
/// appends its driver.
fn node_files(typed: bool, case: Option<Case>, source: &Source) -> Vec<File> {
    let text = source.lossy_text();
    let name = if typed { "solution.ts" } else { "solution.js" };
    let Some(case) = case else {
        return vec![text_file(name, text)];
    };
    let quoted = |names: &[&str]| {
        let items: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
        format!("[{}]", items.join(", "))
    };
    let packages: Vec<String> = NODE_PACKAGES
        .iter()
        .map(|(package, names)| format!("[\"{package}\", {}]", quoted(names)))
        .collect();
    let mut main = with_case(MAIN_JS, case.text)
        .replace("HARNESS_FUNCTION", case.function)
        .replace("HARNESS_PACKAGES", &format!("[{}]", packages.join(", ")))
        .replace("/*: any*/", if typed { ": any" } else { "" });
    if typed {
        // No @types/node: Node's globals, which LeetCode's TypeScript (run on Node, with its
        // types) lets a solution use without an import (`console.log` above all), and
        // LeetCode's globals that the solution uses without defining, as `any`.
        main.push_str(NODE_GLOBALS_TS);
        for (_, name) in globals_needed(&text) {
            main.push_str(&match name {
                "_" => "declare const _: any;\n".to_string(),
                class => format!(
                    "declare class {class}<T = any> {{\n    constructor(...args: any[]);\n    \
                     [key: string]: any;\n    static [key: string]: any;\n}}\n"
                ),
            });
        }
    }
    vec![text_file(name, format!("{text}\n\n{main}"))]
}

/// Go: the user's file in `package main` with the standard imports it uses, as LeetCode
/// takes it ([`go_source`]), and the harness in `main.go`.
pub(in crate::build) fn go_files(case: Option<Case>, source: &Source) -> Vec<File> {
    // Go reads only UTF-8.
    let text = source.lossy_text();
    let user = go_source::as_leetcode_takes_it(&text, &source.path);
    let mut files = vec![text_file("solution.go", user)];
    if let Some(case) = case {
        files.push(text_file("main.go", with_case(MAIN_GO, case.text)));
    }
    files
}

/// Java: `Solution.java` with the imports on the user's first line, and `Main.java`: each class
/// in a file of its own name, so a `public class Solution` compiles.
pub(in crate::build) fn java_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let main = case.map(|case| with_case(MAIN_JAVA, case.text));
    beside_harness(
        ("Solution.java", "Main.java"),
        &one_line(PRELUDE_JAVA),
        main,
        source,
    )
}

/// A LeetCode solution in `solution` with `prelude` on its first line (so that its lines keep
/// their numbers) and the harness in `main`; a whole program alone, as `main`.
fn beside_harness(
    (solution, main): (&'static str, &'static str),
    prelude: &str,
    harness: Option<String>,
    source: &Source,
) -> Vec<File> {
    match harness {
        Some(harness) => vec![
            (solution, [prelude.as_bytes(), &source.bytes].concat()),
            text_file(main, harness),
        ],
        None => vec![(main, source.bytes.clone())],
    }
}

/// A prelude template as one line, to go before the user's first line.
fn one_line(prelude: &'static str) -> String {
    format!("{} ", template(prelude).trim_end())
}

/// PHP: the user's class after `<?php` (which LeetCode's editor leaves out; kept where the file
/// has it), and `main.php`, which requires it.
pub(in crate::build) fn php_files(case: Option<Case>, source: &Source) -> Vec<File> {
    // PHP's opening tag is the same in any case (`<?PHP`).
    let start = source.bytes.trim_ascii_start();
    let opened = start
        .get(..5)
        .is_some_and(|tag| tag.eq_ignore_ascii_case(b"<?php"));
    let prelude = if opened { "" } else { "<?php " };
    let main = case.map(|case| format!("<?php\n{}", with_case(MAIN_PHP, case.text)));
    beside_harness(("solution.php", "main.php"), prelude, main, source)
}

/// Ruby: the user's methods as they wrote them (their first line may be `=begin` or a magic
/// comment), and `main.rb`, which requires them.
pub(in crate::build) fn ruby_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let main = case.map(|case| with_case(MAIN_RB, case.text));
    beside_harness(("solution.rb", "main.rb"), "", main, source)
}

/// Kotlin: `Solution.kt` with LeetCode's `import java.util.*` on the user's first line (or, where
/// the file opens with a `package` clause, which must come first, on that clause's line after
/// its name), and `Main.kt`, which imports `Solution` from that package.
pub(in crate::build) fn kotlin_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let text = source.lossy_text();
    let package = package_clause(&text);
    let main = case.map(|case| importing_solution(package.as_ref(), with_case(MAIN_KT, case.text)));
    let Some((_, end)) = package.filter(|_| main.is_some()) else {
        return beside_harness(
            ("Solution.kt", "Main.kt"),
            &one_line(PRELUDE_KT),
            main,
            source,
        );
    };
    let prelude = one_line(PRELUDE_KT);
    let solution = format!("{}; {}{}", &text[..end], prelude.trim_end(), &text[end..]);
    let mut files = vec![text_file("Solution.kt", solution)];
    files.extend(main.map(|main| text_file("Main.kt", main)));
    files
}

/// The package a Kotlin or Scala file declares (`package a.b`, the first thing in it but
/// comments, blank lines and Kotlin's `@file:` annotations) and where its name ends in the text.
fn package_clause(text: &str) -> Option<(String, usize)> {
    let mut at = 0;
    let rest = loop {
        let rest = text[at..].trim_start();
        at = text.len() - rest.len();
        if rest.starts_with("//") || rest.starts_with("@file:") {
            at += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(comment) = rest.strip_prefix("/*") {
            at += 2 + comment.find("*/")? + 2;
        } else {
            break rest;
        }
    };
    let name = rest.strip_prefix("package")?;
    let start = name.len() - name.trim_start().len();
    if start == 0 {
        return None;
    }
    let name = name.trim_start();
    let length = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '`'))
        .unwrap_or(name.len());
    let end = at + "package".len() + start + length;
    Some((name[..length].to_string(), end))
}

/// A harness in the default package, importing the user's `Solution` from their `package`.
fn importing_solution(package: Option<&(String, usize)>, harness: String) -> String {
    match package {
        Some((name, _)) if !name.is_empty() => format!("import {name}.Solution\n{harness}"),
        _ => harness,
    }
}

/// C#: `Solution.cs` with LeetCode's `using` lines on the user's first line, and `Main.cs`.
pub(in crate::build) fn csharp_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let main = case.map(|case| with_case(MAIN_CS, case.text));
    beside_harness(
        ("Solution.cs", "Main.cs"),
        &one_line(PRELUDE_CS),
        main,
        source,
    )
}

/// Scala: `Solution.scala` as the user wrote it, and `Main.scala`, which imports `Solution` from
/// the user's `package` where the file declares one.
pub(in crate::build) fn scala_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let package = package_clause(&source.lossy_text());
    let main =
        case.map(|case| importing_solution(package.as_ref(), with_case(MAIN_SCALA, case.text)));
    beside_harness(("Solution.scala", "Main.scala"), "", main, source)
}

/// Elixir: `solution.ex` as the user wrote it, and `main.exs`, which requires it.
pub(in crate::build) fn elixir_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let main = case.map(|case| with_case(MAIN_EXS, case.text));
    beside_harness(("solution.ex", "main.exs"), "", main, source)
}

/// Erlang: `solution.erl`, the user's functions in a module that exports them all (its line on
/// the user's first line), and `main.erl`.
pub(in crate::build) fn erlang_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let main = case.map(|case| with_case(MAIN_ERL, case.text));
    // A file that declares the module itself (`-module(solution).`, which must be its first
    // attribute) keeps it: the prelude's other attribute follows it on its line.
    let text = source.lossy_text();
    let declared = erlang_module_end(&text).filter(|_| main.is_some());
    if let (Some(end), Some(main)) = (declared, &main) {
        let prelude = one_line(PRELUDE_ERL);
        let rest = prelude.split_once(". ").map_or("", |(_, rest)| rest);
        let solution = format!("{} {}{}", &text[..end], rest.trim_end(), &text[end..]);
        return vec![
            text_file("solution.erl", solution),
            text_file("main.erl", main.clone()),
        ];
    }
    beside_harness(
        ("solution.erl", "main.erl"),
        &one_line(PRELUDE_ERL),
        main,
        source,
    )
}

/// Where the `-module(solution).` attribute that opens `text` (after comments and blank lines)
/// ends, if it does.
fn erlang_module_end(text: &str) -> Option<usize> {
    let mut at = 0;
    loop {
        let rest = text[at..].trim_start();
        at = text.len() - rest.len();
        if !rest.starts_with('%') {
            break;
        }
        at += rest.find('\n').unwrap_or(rest.len());
    }
    let rest = &text[at..];
    let attribute = rest
        .strip_prefix("-module")?
        .trim_start()
        .strip_prefix('(')?;
    let name = attribute.trim_start().strip_prefix("solution")?;
    let close = name.trim_start().strip_prefix(')')?;
    let end = close.trim_start().strip_prefix('.')?;
    Some(text.len() - end.len())
}

/// Racket: `solution.rkt`, the user's definitions in a `#lang racket` module that provides them
/// all (on the user's first line), and `main.rkt`.
pub(in crate::build) fn racket_files(case: Option<Case>, source: &Source) -> Vec<File> {
    let main = case.map(|case| with_case(MAIN_RKT, case.text));
    beside_harness(
        ("solution.rkt", "main.rkt"),
        &one_line(PRELUDE_RKT),
        main,
        source,
    )
}

/// Where `name` stands in `text` as a whole JavaScript identifier, not part of a longer one.
/// A Lisp name (one with a `-`, as Racket's `cat-mouse-game`) ends where a Lisp symbol does.
fn identifier_at<'t>(text: &'t str, name: &'t str) -> impl Iterator<Item = usize> + 't {
    let lisp = name.contains('-');
    let identifier = move |c: char| {
        c.is_alphanumeric() || "_$".contains(c) || (lisp && "-!?*<>=/+:.%&^~".contains(c))
    };
    text.match_indices(name)
        .map(|(at, _)| at)
        .filter(move |&at| {
            let before = text[..at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(identifier) && !after.is_some_and(identifier)
        })
}

/// LeetCode's Node globals that `text` uses without defining them, each after its package.
fn globals_needed(text: &str) -> Vec<(&'static str, &'static str)> {
    NODE_PACKAGES
        .iter()
        .flat_map(|(package, names)| names.iter().map(move |name| (*package, *name)))
        .filter(|(_, name)| uses_global(text, name) && !defines(text, name))
        .collect()
}

/// Whether `text` uses the global `name`: `name.`, `name(`, `name<` or `new name`, not a
/// parameter or variable that happens to share the name.
fn uses_global(text: &str, name: &str) -> bool {
    identifier_at(text, name).any(|at| {
        let after = text[at + name.len()..].chars().next();
        let called = matches!(after, Some('.' | '(' | '<'));
        called || text[..at].trim_end().ends_with("new")
    })
}

/// Whether the user's text names `name` anywhere, as a whole identifier (in code, a string or
/// a comment), in any case with `ignore_case`: where it does not, it surely does not define it.
pub fn mentions(source: &Source, name: &str, ignore_case: bool) -> bool {
    let (text, name) = match ignore_case {
        true => (
            source.lossy_text().to_ascii_lowercase(),
            name.to_ascii_lowercase(),
        ),
        false => (source.lossy_text(), name.to_string()),
    };
    // Bound, so that the search's borrow of the text ends before the text does.
    let found = identifier_at(&text, &name).next().is_some();
    found
}

/// Why a solution needs an npm package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackageUse {
    /// It uses this global of the package without defining it, as LeetCode's Node provides it
    /// (`MinPriorityQueue`).
    Global(String),
    /// It names the package in a `require` or an `import`.
    Required,
}

/// The npm packages a JavaScript or TypeScript solution needs, each with why: for a LeetCode
/// solution (`leetcode`), LeetCode's globals it uses without defining them (`_`, from
/// `lodash`); the packages it names in `require("...")` or an `import` line's `from "..."`
/// (not a relative path, which is left to its run; not in a comment's line).
pub fn node_packages_needed(source: &Source, leetcode: bool) -> Vec<(String, PackageUse)> {
    let text = source.lossy_text();
    let mut needed: Vec<(String, PackageUse)> = Vec::new();
    for (package, name) in globals_needed(&text).into_iter().filter(|_| leetcode) {
        if !needed.iter().any(|(known, _)| known == package) {
            needed.push((package.to_string(), PackageUse::Global(name.to_string())));
        }
    }
    let code_lines = text.lines().map(str::trim_start).filter(|line| {
        !line.starts_with("//") && !line.starts_with("/*") && !line.starts_with('*')
    });
    for line in code_lines {
        let openings: &[&str] = match line.starts_with("import ") {
            true => &[
                "from \"",
                "from '",
                "import \"",
                "import '",
                "require(\"",
                "require('",
            ],
            false => &["require(\"", "require('"],
        };
        for opening in openings {
            for package in quoted_after(line, opening) {
                let plain = !package.is_empty() && !package.starts_with(['.', '/']);
                if plain && !needed.iter().any(|(known, _)| known == package) {
                    needed.push((package.to_string(), PackageUse::Required));
                }
            }
        }
    }
    needed
}

/// What stands between the quote that ends each `opening` in `line` and the next one like it
/// (`require("lodash")` gives `lodash`).
fn quoted_after<'l>(line: &'l str, opening: &'l str) -> impl Iterator<Item = &'l str> + 'l {
    let quote = opening.chars().next_back().unwrap_or('"');
    line.match_indices(opening).filter_map(move |(at, _)| {
        let rest = &line[at + opening.len()..];
        rest.find(quote).map(|end| &rest[..end])
    })
}

/// Whether `text` declares `name` itself (`class Queue`, `const _ = ...`).
fn defines(text: &str, name: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|word| !word.is_empty())
        .collect();
    words.windows(2).any(|pair| {
        pair[1] == name
            && [
                "class",
                "function",
                "const",
                "let",
                "var",
                "interface",
                "type",
            ]
            .contains(&pair[0])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::languages::{files, Language};
    use crate::sandbox::ANSWERS_VARIABLE;

    /// FNV-1a over each file's name and bytes: a fingerprint that, unlike std's hasher, is
    /// the same on every Rust version.
    fn fingerprint(files: &[File]) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for (name, bytes) in files {
            let named = name
                .bytes()
                .chain([0])
                .chain(bytes.iter().copied())
                .chain([0]);
            for byte in named {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash
    }

    /// Sources that take every branch of the wrapping: a byte-order mark, a path that needs
    /// quoting, LeetCode's Node globals used and defined, a declared `struct Solution`, a
    /// package clause, and bytes that are not UTF-8.
    fn samples() -> [Source; 2] {
        [
            Source::new(
                b"\xEF\xBB\xBFclass Solution {\n  _.sum(x); new Queue(); new PriorityQueue(3);\n}\n\
                  // \xE6\xB3\xA8\n"
                    .to_vec(),
                "dir/my \"sol\"\\.x",
            ),
            Source::new(
                b"pub struct Solution;\npackage main\nclass Deque {}\nconst _ = 1; _.x; Deque.y\n\
                  // \xB0\xA1\n"
                    .to_vec(),
                "b.src",
            ),
        ]
    }

    /// A C++ build precompiles `CPP_PRELUDE_HEADER` in the prelude's place: the prelude must
    /// include that header and nothing else, or the precompiled one would not be what it puts
    /// before the user's file.
    #[test]
    fn the_cpp_prelude_includes_the_header_a_build_precompiles() {
        let includes: Vec<&str> = PRELUDE_CPP
            .lines()
            .filter(|line| line.starts_with('#'))
            .collect();
        assert_eq!(includes, [format!("#include <{CPP_PRELUDE_HEADER}>")]);
    }

    /// The files every language makes of the samples, for each problem and for a whole judge
    /// program, as they were when the templates were Rust strings (issue 27 moved them into
    /// files without changing a byte), then as issue 42 changed Python's and Node's (their
    /// builds no longer run the user's file) and Rust's harness became a crate root of its own
    /// that includes the user's file, TypeScript's declared Node's globals, and Python's harness
    /// came to run under Python 2 too (issue 62). A deliberate change to a template changes its
    /// rows: read the new files, then copy the rows this test prints.
    #[test]
    fn wrapped_files_are_the_same_byte_for_byte() {
        let expected = [
            (Language::Rust, "none", 0xaa448c8588bce69d),
            (Language::Rust, "lc913", 0x040d05a461073108),
            (Language::Rust, "lc1728", 0xc15a2f57f327d434),
            (Language::Cpp, "none", 0xfa5cdff9f4f3a8dc),
            (Language::Cpp, "lc913", 0x5a96717c38bd798e),
            (Language::Cpp, "lc1728", 0xb76dff93c87c375a),
            (Language::C, "none", 0x80084e8f6024b184),
            (Language::C, "lc913", 0x484bb58a76ccb638),
            (Language::C, "lc1728", 0xe675e53efe267b7c),
            (Language::Python, "none", 0x644bef996ab546ae),
            (Language::Python, "lc913", 0x9d4636ebc1bc8fac),
            (Language::Python, "lc1728", 0x5c0f9b5e20620dc6),
            (Language::Python2, "none", 0x644bef996ab546ae),
            (Language::Python2, "lc913", 0x10d519d2366b0f28),
            (Language::Python2, "lc1728", 0xdf469985b150198a),
            (Language::Java, "none", 0x0a9384d39cb72488),
            (Language::Java, "lc913", 0x197a9a8783142560),
            (Language::Java, "lc1728", 0x2b0d992987f96aa4),
            (Language::JavaScript, "none", 0x21462080768f21ed),
            (Language::JavaScript, "lc913", 0xe6727b1099395c2d),
            (Language::JavaScript, "lc1728", 0x4001bab45efbf1bd),
            (Language::TypeScript, "none", 0xa6725e3ce10b83c5),
            (Language::TypeScript, "lc913", 0x54ec100bed6eab9a),
            (Language::TypeScript, "lc1728", 0x58e38e991d72be40),
            (Language::Go, "none", 0x0bbaa1a171cb5a31),
            (Language::Go, "lc913", 0xfb1ce629153bd2fd),
            (Language::Go, "lc1728", 0xbf3576abf6d116f1),
            (Language::Php, "none", 0x8b0a112118b6cd4c),
            (Language::Php, "lc913", 0x66a2c143ff2e9aea),
            (Language::Php, "lc1728", 0x8724f61b522cf1e8),
            (Language::Ruby, "none", 0xa90dda9635b68600),
            (Language::Ruby, "lc913", 0x88ccb87aa41152e6),
            (Language::Ruby, "lc1728", 0xd4e0dc5d9bd6a694),
            (Language::Kotlin, "none", 0xd355753255f40ec8),
            (Language::Kotlin, "lc913", 0xa2f0041363f04624),
            (Language::Kotlin, "lc1728", 0x2f0f7d9eda5a6e68),
            (Language::CSharp, "none", 0x6f79ef5a4ffc9ea4),
            (Language::CSharp, "lc913", 0x28f97053028300e8),
            (Language::CSharp, "lc1728", 0x8450d302aa4408ca),
            (Language::Scala, "none", 0x1678d4a0aad00e6c),
            (Language::Scala, "lc913", 0x51dddcb639af0b26),
            (Language::Scala, "lc1728", 0xcaf8c6518842ac62),
            (Language::Elixir, "none", 0x43b3fc3e33733dcc),
            (Language::Elixir, "lc913", 0x6422c7a808e03e02),
            (Language::Elixir, "lc1728", 0xd0049ebd7264ae0c),
            (Language::Erlang, "none", 0x2c95b1a97b15f81a),
            (Language::Erlang, "lc913", 0xe051a4e3022b7758),
            (Language::Erlang, "lc1728", 0x3c8a0610f7ab1d4a),
            (Language::Racket, "none", 0x4a24f1b510bfd872),
            (Language::Racket, "lc913", 0xc0813ea9b1cf578c),
            (Language::Racket, "lc1728", 0x6b560df5faa87268),
        ];
        let problems = [
            ("none", None),
            ("lc913", Some(&LC913)),
            ("lc1728", Some(&LC1728)),
        ];
        let mut actual = Vec::new();
        for language in Language::ALL {
            for (problem, harnesses) in problems {
                let files: Vec<File> = samples()
                    .iter()
                    .flat_map(|source| files(language, harnesses, source))
                    .collect();
                actual.push((language, problem, fingerprint(&files)));
            }
        }
        let rows: Vec<String> = actual
            .iter()
            .map(|(language, problem, hash)| {
                format!("(Language::{language:?}, \"{problem}\", 0x{hash:016x}),")
            })
            .collect();
        assert_eq!(actual, expected, "now:\n{}", rows.join("\n"));
    }

    /// A Rust solution stays in a file of its own, line for line, its opening inner attributes
    /// and doc comments moved to the root that includes it; the root declares `struct
    /// Solution` only where the text does not.
    #[test]
    fn a_rust_solution_keeps_its_lines_in_a_file_the_harness_includes() {
        let text = "// notes\n#![allow(dead_code)]\n//! mine\nimpl Solution {}\n#![late]\n";
        let source = Source::new(text.as_bytes().to_vec(), "mine.rs");
        let files = rust_files(LC913.case("rs"), &source);
        let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["solution.rs", RUST_ROOT]);
        let user = String::from_utf8_lossy(&files[0].1).into_owned();
        // Moved out, a blank line each; one after the first item stays, for rustc to refuse.
        assert_eq!(user, "// notes\n\n\nimpl Solution {}\n#![late]\n");
        let root = String::from_utf8_lossy(&files[1].1).into_owned();
        assert!(
            root.starts_with(
                "#![allow(dead_code)]\n//! mine\ninclude!(\"solution.rs\");\nstruct Solution;\n"
            ),
            "{root}"
        );
        let declared = Source::new(b"pub struct Solution;\nimpl Solution {}\n".to_vec(), "a.rs");
        let files = rust_files(LC913.case("rs"), &declared);
        assert_eq!(files[0].1, b"pub struct Solution;\nimpl Solution {}\n");
        let root = String::from_utf8_lossy(&files[1].1).into_owned();
        assert!(root.starts_with("include!(\"solution.rs\");\n\n"), "{root}");
        assert!(!root.contains("struct Solution"), "{root}");
    }

    /// The build reads a JavaScript solution's text for its function and its packages: a
    /// name counts only whole, a package only outside a comment's line and not relative, and
    /// a global LeetCode provides only where the solution uses it without defining it.
    #[test]
    fn node_solutions_are_read_for_their_function_and_packages() {
        let source = |text: &str| Source::new(text.as_bytes().to_vec(), "a.js");
        assert!(mentions(
            &source("var catMouseGame = 1;"),
            "catMouseGame",
            false
        ));
        assert!(!mentions(
            &source("var catMouseGame2 = 1;"),
            "catMouseGame",
            false
        ));
        assert!(!mentions(
            &source("var $catMouseGame = 1;"),
            "catMouseGame",
            false
        ));
        // PHP's method names are the same in any case.
        assert!(!mentions(
            &source("function catmousegame()"),
            "catMouseGame",
            false
        ));
        assert!(mentions(
            &source("function catmousegame()"),
            "catMouseGame",
            true
        ));
        let needed = |text: &str, leetcode| {
            let needed = node_packages_needed(&source(text), leetcode);
            needed
                .into_iter()
                .map(|(package, _)| package)
                .collect::<Vec<_>>()
        };
        let text = "const a = require(\"left-pad\"), b = require('./mine');\n\
                    // const c = require(\"in-a-comment\");\n\
                    import { d } from 'typed-pkg';\n\
                    const q = new Queue(); const h = new Deque(); class Deque {}\n\
                    const words = \"taken from 'somewhere'\";\n";
        assert_eq!(
            needed(text, true),
            ["@datastructures-js/queue", "left-pad", "typed-pkg"]
        );
        assert_eq!(needed(text, false), ["left-pad", "typed-pkg"]);
    }

    /// What the templates' placeholders are called: none may be left in a file to build.
    const PLACEHOLDERS: [&str; 8] = [
        "HARNESS_CASE",
        "HARNESS_FUNCTION",
        "HARNESS_PACKAGES",
        "/*: any*/",
        "HARNESS_PRELUDE_TEXT",
        "HARNESS_MODULE",
        "HARNESS_WHOLE_PROGRAM",
        "HARNESS_PATH",
    ];

    const MAINS: [&str; 15] = [
        MAIN_RS, MAIN_CPP, MAIN_C, MAIN_JS, MAIN_GO, MAIN_JAVA, MAIN_PY, MAIN_PHP, MAIN_RB,
        MAIN_KT, MAIN_CS, MAIN_SCALA, MAIN_EXS, MAIN_ERL, MAIN_RKT,
    ];

    fn cases(harnesses: &Harnesses) -> Vec<&'static str> {
        harnesses.cases.iter().map(|(_, text)| *text).collect()
    }

    /// A template that lost its opening comment or its blank line would be built with (part
    /// of) the comment, or without its first lines.
    #[test]
    fn every_template_opens_with_a_comment_then_a_blank_line() {
        let preludes = [
            PRELUDE_CPP,
            PRELUDE_C,
            PRELUDE_PY,
            PRELUDE_PY2,
            PRELUDE_JAVA,
            PRELUDE_CS,
            PRELUDE_KT,
            PRELUDE_ERL,
            PRELUDE_RKT,
            RUNNER_PY,
        ];
        let all = preludes
            .into_iter()
            .chain(MAINS)
            .chain(cases(&LC913))
            .chain(cases(&LC1728));
        for file in all {
            let (comment, _) = file
                .split_once("\n\n")
                .expect("a blank line after the comment");
            // PHP's opening tag stands before its comment, so that the file is PHP.
            let comment = comment.strip_prefix("<?php\n").unwrap_or(comment);
            assert!(
                comment.lines().all(|line| ["//", "# ", "%% ", ";; "]
                    .iter()
                    .any(|mark| line.starts_with(mark))),
                "{comment}"
            );
        }
    }

    /// Each loop has one place for the test case and writes to the answers' file; whatever
    /// is built holds no placeholder.
    #[test]
    fn a_package_clause_is_read_after_comments_and_file_annotations() {
        fn clause(text: &str) -> Option<(String, &str)> {
            package_clause(text).map(|(name, end)| (name, &text[end..]))
        }
        assert_eq!(
            clause("// From a repository.\n/* a\n block */\n@file:JvmName(\"X\")\npackage g0901.s0913\n\nclass A"),
            Some(("g0901.s0913".to_string(), "\n\nclass A"))
        );
        assert_eq!(
            clause("package a.b // why\n"),
            Some(("a.b".to_string(), " // why\n"))
        );
        for none in [
            "class Solution",
            "// package a\nclass A",
            "packages.x",
            "import a.b",
        ] {
            assert_eq!(package_clause(none), None, "{none}");
        }
    }

    /// Kotlin's prelude goes after a package clause, on its line, and the harness imports the
    /// user's `Solution` from the package; without a clause, the prelude opens the first line.
    #[test]
    fn kotlin_s_prelude_follows_a_package_clause() {
        let source = Source::new(b"package a.b\nclass Solution".to_vec(), "x.kt");
        let files = kotlin_files(LC913.case("kt"), &source);
        let solution = String::from_utf8_lossy(&files[0].1);
        assert_eq!(
            solution.lines().next(),
            Some("package a.b; import java.util.*;")
        );
        assert!(String::from_utf8_lossy(&files[1].1).starts_with("import a.b.Solution\n"));
        let plain = Source::new(b"class Solution".to_vec(), "x.kt");
        let files = kotlin_files(LC913.case("kt"), &plain);
        assert!(String::from_utf8_lossy(&files[0].1).starts_with("import java.util.*; class"));
        assert!(String::from_utf8_lossy(&files[1].1).starts_with("fun main"));
    }

    /// An Erlang file's own `-module(solution).` is kept, the prelude's `-compile` after it on
    /// its line; without one, the prelude declares the module.
    #[test]
    fn an_erlang_module_line_of_the_user_s_is_kept_and_not_repeated() {
        let source = Source::new(
            b"%% mine\n-module( solution ).\n-export([f/1]).\nf(X) -> X.\n".to_vec(),
            "x.erl",
        );
        let files = erlang_files(LC913.case("erl"), &source);
        let solution = String::from_utf8_lossy(&files[0].1);
        assert_eq!(
            solution.lines().nth(1),
            Some("-module( solution ). -compile([export_all, nowarn_export_all]).")
        );
        assert_eq!(solution.matches("-module").count(), 1, "{solution}");
        for other in ["f(X) -> X.\n", "-module(other).\n"] {
            assert_eq!(erlang_module_end(other), None, "{other}");
        }
    }

    #[test]
    fn templates_are_filled_in_whole() {
        for main in MAINS {
            let markers = template(main)
                .lines()
                .filter(|line| CASE_MARKERS.contains(&line.trim()))
                .count();
            assert_eq!(markers, 1, "{main}");
            assert!(template(main).contains(ANSWERS_VARIABLE), "{main}");
        }
        for language in Language::ALL {
            for harnesses in [None, Some(&LC913), Some(&LC1728)] {
                for source in samples() {
                    for (name, bytes) in files(language, harnesses, &source) {
                        let text = String::from_utf8_lossy(&bytes);
                        let left = PLACEHOLDERS.iter().find(|name| text.contains(*name));
                        assert_eq!(left, None, "{language:?} {name}:\n{text}");
                    }
                }
            }
        }
    }
}
