//! Files as people really write them, one table: a right solution in each opening form that
//! LeetCode takes (a `package` line copied from a repository, an import block, a module line
//! of its own, `console.log` while debugging) passes, built as LeetCode builds it; a language
//! LeetCode takes that `--check` cannot build is refused with the table's reason, never run as a
//! command. Each row failed before the wrapping learned its opening (TypeScript: "Cannot find
//! name 'console'"; Go: "fmt redeclared in this block"; Kotlin: "Expecting a top level
//! declaration" at the harness's import; Scala: "Not found: Solution" in the harness; Erlang:
//! "redefining module", blamed on Erlang's version; Swift: "could not start"); a mistake every
//! version refuses (Ruby's constant assigned in a method) is "does not compile", never blamed
//! on the version here (it was "LeetCode's newer ruby 3.2 may accept it").

use crate::support::*;

/// What a row's file must get.
#[derive(Debug)]
enum Judged {
    /// A pass on the first cases of the plan.
    Passes,
    /// No verdict (exit 2), with these words in the `error:` line.
    Refused(&'static str),
    /// The verdict "does not compile" (exit 1), with these words in the `error:` line, and no
    /// version blamed for it.
    DoesNotCompile(&'static str),
}

/// A right fixture of lc913's with `opening` before its text and `closing` after it.
fn opened(fixture_file: &str, opening: &str, closing: &str) -> String {
    let text = std::fs::read_to_string(fixture("lc913", fixture_file)).unwrap();
    format!("{opening}{text}{closing}")
}

/// `text` with `line` as the first statement of the function that `signature` opens.
fn inside(text: &str, signature: &str, line: &str) -> String {
    let at = text.find(signature).unwrap();
    let body = at + text[at..].find('{').unwrap() + 1;
    format!("{}\n{line}{}", &text[..body], &text[body..])
}

/// `text`, a Ruby solution, with `line` as the first of its method's body.
fn inside_ruby(text: &str, line: &str) -> String {
    let at = text.find("def cat_mouse_game").unwrap();
    let body = at + text[at..].find('\n').unwrap() + 1;
    format!("{}{line}{}", &text[..body], &text[body..])
}

const SWIFT: &str = "class Solution {\n    func catMouseGame(_ graph: [[Int]]) -> Int { 0 }\n}\n";
const DART: &str = "class Solution {\n  int catMouseGame(List<List<int>> graph) => 0;\n}\n";

#[test]
fn each_opening_gets_the_judge_s_verdict() {
    let ts = opened("correct.ts", "console.log(\"loaded\");\n", "");
    let cases: Vec<(&str, String, Judged)> = vec![
        (
            "console.ts",
            inside(
                &ts,
                "function catMouseGame",
                "    console.log(graph.length);",
            ),
            Judged::Passes,
        ),
        (
            "import_block.go",
            opened(
                "correct.go",
                "package main\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n)\n\n",
                "\nvar _ = fmt.Sprint\nvar _ = sort.Ints\n",
            ),
            Judged::Passes,
        ),
        (
            "Packaged.kt",
            opened(
                "correct.kt",
                concat!(
                    "// From a repository of solutions.\n",
                    "package g0901_1000.s0913_cat_and_mouse\n\n"
                ),
                "",
            ),
            Judged::Passes,
        ),
        (
            "Packaged.scala",
            opened(
                "correct.scala",
                "package g0901_1000.s0913_cat_and_mouse\n\n",
                "",
            ),
            Judged::Passes,
        ),
        (
            "own_module.erl",
            opened(
                "correct.erl",
                "-module(solution).\n-export([cat_mouse_game/1]).\n\n",
                "",
            ),
            Judged::Passes,
        ),
        (
            "shebang.py",
            opened(
                "correct.py",
                "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\nfrom typing import List\n",
                "",
            ),
            Judged::Passes,
        ),
        (
            "python2.py2",
            opened(
                "correct.py2",
                "#!/usr/bin/env python2\nfrom collections import deque\n",
                "",
            ),
            Judged::Passes,
        ),
        (
            "print_statement.py2",
            opened("correct.py2", "print 'loaded'\n", ""),
            Judged::Passes,
        ),
        (
            "constant_in_method.rb",
            inside_ruby(&opened("correct.rb", "", ""), "  DRAW = 0\n"),
            Judged::DoesNotCompile("dynamic constant assignment"),
        ),
        (
            "solution.swift",
            SWIFT.into(),
            Judged::Refused("cannot build Swift"),
        ),
        (
            "solution.dart",
            DART.into(),
            Judged::Refused("cannot build Dart"),
        ),
    ];
    // Each opening at once: most of a check's time is its processes' start and waits.
    each_at_once(&cases, |(name, text, judged)| {
        if missing_tool(name).is_some() {
            return;
        }
        let solution = scratch_file(&format!("opening_{name}"), text.as_bytes());
        let output = check("lc913", &solution, &["--cases", "5"]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        match judged {
            Judged::Passes => assert!(
                output.status.code() == Some(0) && stdout.contains("no counterexample in 5"),
                "{name}: {stdout}{stderr}"
            ),
            Judged::Refused(words) => assert!(
                output.status.code() == Some(2) && stderr.contains(words),
                "{name}: {stdout}{stderr}"
            ),
            Judged::DoesNotCompile(words) => assert!(
                output.status.code() == Some(1)
                    && stderr.contains(words)
                    && stderr.contains("does not compile")
                    && !stderr.contains("may accept"),
                "{name}: {stdout}{stderr}"
            ),
        }
    });
}
