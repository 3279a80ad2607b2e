//! What a judge puts around a LeetCode solution, per language: the prelude it supplies, and a
//! `main` that reads a batch of test cases and writes one answer a line, calling a fresh
//! `Solution` for each, as LeetCode does.
//!
//! The answers go to the file named by [`ANSWERS_VARIABLE`], flushed one by one, not to
//! stdout: what the solution prints itself is its own business, as on LeetCode, and never
//! read as an answer.
//!
//! The prelude is placed so that the user's lines keep their numbers: C and C++ get `#line`,
//! Go `//line`, Java's imports share the user's first line, Rust's, JavaScript's and
//! TypeScript's harness comes after the user's text (as LeetCode appends its driver), and
//! Python compiles the user's file under its own name.
//!
//! The harness reads a plain format of its own (whitespace-separated tokens, written by each
//! problem's `harness_input`), so that no language needs a JSON parser:
//!
//! - lc913: the number of test cases T; per test case n, then for each node its degree and
//!   its neighbours.
//! - lc1728: T; per test case `rows catJump mouseJump`, then the rows of the grid.

use super::sandbox::ANSWERS_VARIABLE;
use std::path::Path;

/// A language `--check` can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Rust,
    Cpp,
    C,
    Python,
    Java,
    JavaScript,
    TypeScript,
    Go,
}

impl Language {
    /// Every language `--check` builds, for tests that go through them all.
    pub const ALL: [Language; 8] = [
        Language::Rust,
        Language::Cpp,
        Language::C,
        Language::Python,
        Language::Java,
        Language::JavaScript,
        Language::TypeScript,
        Language::Go,
    ];
}

/// The extensions `--check` builds, for messages.
pub const EXTENSIONS: &str = ".rs, .cpp, .cc, .cxx, .c, .py, .java, .js, .ts, .go";

impl Language {
    /// The language's name, for the report.
    pub fn name(self) -> &'static str {
        match self {
            Language::Rust => "Rust",
            Language::Cpp => "C++",
            Language::C => "C",
            Language::Python => "Python 3",
            Language::Java => "Java",
            Language::JavaScript => "JavaScript",
            Language::TypeScript => "TypeScript",
            Language::Go => "Go",
        }
    }

    /// The language of a source file, by its extension.
    pub fn of(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "rs" => Some(Language::Rust),
            "cpp" | "cc" | "cxx" => Some(Language::Cpp),
            "c" => Some(Language::C),
            "py" => Some(Language::Python),
            "java" => Some(Language::Java),
            "js" => Some(Language::JavaScript),
            "ts" => Some(Language::TypeScript),
            "go" => Some(Language::Go),
            _ => None,
        }
    }
}

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

/// One problem's test case in each language: the body of the harness's loop, which reads the
/// test case's tokens (`harness_token()` in Rust, `cin` in C++, `scanf` in C, `next(tokens)` in
/// Python, `next()` in Java, `harnessNext()` in JavaScript, `harnessInt()` and `harnessWord()`
/// in Go), calls a fresh `Solution` (or the function) and hands the answer to
/// `harness_answer` (Rust, Python), `harness_answers <<` (C++), `fprintf(harness_answers, ..)`
/// (C), `answers.println` (Java), `harnessAnswer` (JavaScript, TypeScript, Go).
pub struct Harnesses {
    /// The function a JavaScript or TypeScript solution defines.
    pub function: &'static str,
    pub rust: &'static str,
    pub cpp: &'static str,
    pub c: &'static str,
    pub python: &'static str,
    pub java: &'static str,
    /// JavaScript that TypeScript also type-checks.
    pub javascript: &'static str,
    pub go: &'static str,
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

const CPP_PRELUDE: &str = "#include <bits/stdc++.h>\nusing namespace std;\n";

const PYTHON_PRELUDE: &str = "\
import sys, math, heapq, bisect, itertools, functools, collections, string, re
from typing import *
from collections import *
from functools import *
from itertools import *
from heapq import *
from bisect import *
from math import inf
sys.setrecursionlimit(1 << 20)
";

/// LeetCode's C includes these, and uthash where it is installed.
const C_PRELUDE: &str = "\
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__has_include)
#if __has_include(<uthash.h>)
#include <uthash.h>
#endif
#endif
";

/// On the user's first line, so that the lines below keep their numbers.
const JAVA_PRELUDE: &str =
    "import java.util.*; import java.util.function.*; import java.util.stream.*; ";

/// The loop around a test case: the count of test cases, then each one. `{case}` is replaced.
const RUST_LOOP: &str = r#"
fn harness_answer(answer: impl std::fmt::Display) {
    use std::io::Write;
    let path = std::env::var_os("{answers}").expect("{answers} is not set");
    let mut file = std::fs::OpenOptions::new().append(true).open(path).unwrap();
    writeln!(file, "{}", answer).unwrap();
}

fn main() {
    use std::io::Read;
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut harness_token = move || tokens.next().unwrap().to_string();
    let cases: usize = harness_token().parse().unwrap();
    for _ in 0..cases {
{case}
    }
}
"#;

const CPP_LOOP: &str = r#"
static std::ofstream harness_answers;

int main() {
    const char *harness_path = getenv("{answers}");
    if (!harness_path) return 3;
    harness_answers.open(harness_path, std::ios::app);
    int cases;
    if (!(cin >> cases)) return 0;
    while (cases--) {
{case}
    }
}
"#;

const C_LOOP: &str = r#"
int main(void) {
    const char *harness_path = getenv("{answers}");
    FILE *harness_answers = harness_path ? fopen(harness_path, "a") : NULL;
    if (!harness_answers) return 3;
    int cases;
    if (scanf("%d", &cases) != 1) return 0;
    while (cases--) {
{case}
        fflush(harness_answers);
    }
    return 0;
}
"#;

/// After the user's text, in a function of its own so that its names cannot clash with the
/// user's; LeetCode's packages become globals where they are installed. With
/// `--compile-only` it stops once the user's code has loaded, after checking that the
/// function is defined and that the packages it uses ({uses}) were found.
const JAVASCRIPT_LOOP: &str = r#"
;(function harnessMain() {
    const harnessFs = require("fs");
    const harnessGlobal{any} = globalThis;
    const harnessMissing = new Map();
    for (const [harnessPackage, harnessNames] of {packages}) {
        let harnessExported;
        try {
            harnessExported = require(harnessPackage);
        } catch (error) {
            for (const harnessName of harnessNames) harnessMissing.set(harnessName, harnessPackage);
            continue;
        }
        for (const harnessName of harnessNames) {
            if (!(harnessName in harnessGlobal)) {
                harnessGlobal[harnessName] = harnessName === "_" ? harnessExported : harnessExported[harnessName];
            }
        }
    }
    if (process.argv.includes("--compile-only")) {
        if (typeof {function} !== "function") {
            process.stderr.write("your solution defines no function {function}\n");
            process.exit(1);
        }
        for (const harnessName of {uses}) {
            if (harnessMissing.has(harnessName) && eval("typeof " + harnessName) === "undefined") {
                const harnessPackage = harnessMissing.get(harnessName);
                process.stderr.write(`your solution uses ${harnessName}, which LeetCode provides from the npm package ${harnessPackage}; it is not installed here (npm install ${harnessPackage}, beside your file or on NODE_PATH)\n`);
                process.exit(1);
            }
        }
        process.exit(0);
    }
    const harnessAnswers = harnessFs.openSync(process.env.{answers}, "a");
    const harnessAnswer = (answer{any}) => harnessFs.writeSync(harnessAnswers, String(answer) + "\n");
    const harnessTokens = harnessFs.readFileSync(0, "utf8").split(/\s+/).filter((token{any}) => token !== "");
    let harnessAt = 0;
    const harnessNext = () => harnessTokens[harnessAt++];
    for (let harnessCases = Number(harnessNext()); harnessCases > 0; harnessCases--) {
{case}
    }
})();
"#;

/// The loop of the Go harness, in a file of its own: Go refuses unused imports, so the
/// user's file keeps exactly the imports the user wrote.
const GO_MAIN: &str = r#"package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func main() {
	harnessAnswers, err := os.OpenFile(os.Getenv("{answers}"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		os.Exit(3)
	}
	harnessInput := bufio.NewScanner(os.Stdin)
	harnessInput.Buffer(make([]byte, 1<<20), 1<<20)
	harnessInput.Split(bufio.ScanWords)
	harnessWord := func() string {
		harnessInput.Scan()
		return harnessInput.Text()
	}
	harnessInt := func() int {
		value, _ := strconv.Atoi(harnessWord())
		return value
	}
	harnessAnswer := func(answer interface{}) {
		fmt.Fprintln(harnessAnswers, answer)
	}
	for harnessCases := harnessInt(); harnessCases > 0; harnessCases-- {
{case}
	}
}
"#;

/// Python runs `main.py`, which loads the user's `solution.py` into a namespace of its own,
/// under the user's file name (so tracebacks and syntax errors name it), after `{prelude}`.
/// `--compile-only` stops after loading, for the build step.
const PYTHON_RUNNER: &str = r#"import os, sys, traceback

_HARNESS_PRELUDE = """{prelude}"""


def _harness_load():
    namespace = {"__name__": "{module}"}
    exec(_HARNESS_PRELUDE, namespace)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "solution.py"), "rb") as file:
        source = file.read()
    try:
        text = source.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Comments in GBK or Latin-1: each byte as a character, as the bytes are kept.
        text = source.decode("latin-1")
    try:
        code = compile(text, {path}, "exec")
    except SyntaxError as error:
        sys.stderr.write("".join(traceback.format_exception_only(type(error), error)))
        sys.exit(1)
    if "--compile-only" in sys.argv and {module_is_main}:
        sys.exit(0)
    try:
        exec(code, namespace)
    except BaseException as error:
        # It compiled, and stopped while loading: LeetCode's Runtime Error, not a compile error.
        if "--compile-only" in sys.argv:
            if isinstance(error, SystemExit):
                sys.stderr.write("it called exit(%r) while loading\n" % (error.code,))
            else:
                traceback.print_exc()
            sys.exit({load_failed})
        raise
    if "--compile-only" in sys.argv:
        if "Solution" not in namespace:
            sys.stderr.write("%s defines no class Solution\n" % {path})
            sys.exit(1)
        sys.exit(0)
    return namespace

_harness_namespace = _harness_load()
{main}"#;

/// The exit status of the Python build step when the file compiled and then stopped while
/// loading (an exception or `exit` at its top level).
pub const PYTHON_LOAD_FAILED: i32 = 4;

const PYTHON_LOOP: &str = r#"Solution = _harness_namespace["Solution"]
_harness_answers = open(os.environ["{answers}"], "a")


def harness_answer(answer):
    print(answer, file=_harness_answers, flush=True)


def _harness_main():
    tokens = iter(sys.stdin.read().split())
    for _ in range(int(next(tokens))):
{case}

_harness_main()
"#;

const JAVA_LOOP: &str = r#"import java.io.*;
import java.util.*;

public class Main {
    static String[] tokens;
    static int at = 0;
    static PrintStream answers;

    static String next() {
        return tokens[at++];
    }

    public static void main(String[] args) throws IOException {
        answers = new PrintStream(new FileOutputStream(System.getenv("{answers}"), true), true);
        tokens = new String(System.in.readAllBytes()).trim().split("\\s+");
        int cases = Integer.parseInt(next());
        for (int t = 0; t < cases; t++) {
{case}
        }
    }
}
"#;

/// A file of the program to build: its name in the build directory and its bytes.
pub type File = (&'static str, Vec<u8>);

fn text_file(name: &'static str, text: String) -> File {
    (name, text.into_bytes())
}

fn joined(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// The files of the program in `language` made of `source`: a LeetCode solution wrapped with
/// `harnesses`, or with none a whole judge program. The first file is the one the compiler's
/// messages name for the user's lines.
pub fn files(language: Language, harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    match language {
        Language::Rust => rust_files(harnesses, source),
        Language::Cpp | Language::C => c_family_files(language, harnesses, source),
        Language::Python => python_files(harnesses, source),
        Language::JavaScript | Language::TypeScript => node_files(language, harnesses, source),
        Language::Go => go_files(harnesses, source),
        Language::Java => java_files(harnesses, source),
    }
}

/// `template` with the answers' variable and the test case's code filled in.
fn fill(template: &str, case: &str) -> String {
    template
        .replace("{answers}", ANSWERS_VARIABLE)
        .replace("{case}", case)
}

/// Rust: the harness's `main` after the user's text, and `struct Solution` where the text
/// does not declare it.
fn rust_files(harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    // rustc reads UTF-8 only: bytes that are not (a comment in GBK) become U+FFFD.
    let text = String::from_utf8_lossy(&source.bytes).into_owned();
    let Some(harnesses) = harnesses else {
        return vec![text_file("solution.rs", text)];
    };
    // LeetCode declares the struct; a pasted text may or may not.
    let declares = text.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with("struct Solution") || line.starts_with("pub struct Solution")
    });
    let declaration = if declares { "" } else { "struct Solution;\n" };
    let main = fill(RUST_LOOP, harnesses.rust);
    vec![text_file(
        "solution.rs",
        format!("{text}\n{declaration}{main}"),
    )]
}

/// C and C++: the judge's prelude, the user's lines under their own name and numbers
/// (`#line`), then the harness under a name of its own.
fn c_family_files(language: Language, harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    let (name, prelude, main, case) = if language == Language::Cpp {
        let case = harnesses.map(|harnesses| harnesses.cpp);
        ("solution.cpp", CPP_PRELUDE, CPP_LOOP, case)
    } else {
        let case = harnesses.map(|harnesses| harnesses.c);
        ("solution.c", C_PRELUDE, C_LOOP, case)
    };
    // The judge's prelude, then the user's lines under their own file's name and
    // numbers, then the harness under a name of its own.
    let (prelude, main) = match case {
        Some(case) => (
            prelude,
            format!("\n#line 1 \"check-harness\"\n{}", fill(main, case)),
        ),
        None => ("", String::new()),
    };
    let line = format!("#line 1 {}\n", source.quoted_path());
    let bytes = joined(&[
        prelude.as_bytes(),
        line.as_bytes(),
        &source.bytes,
        main.as_bytes(),
    ]);
    vec![(name, bytes)]
}

/// Python: the user's file as saved, and `main.py`, which compiles it under its own name.
fn python_files(harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    let path = source.quoted_path();
    let (prelude, module, main) = match harnesses {
        Some(harnesses) => (
            PYTHON_PRELUDE,
            "solution",
            fill(PYTHON_LOOP, harnesses.python),
        ),
        None => ("", "__main__", String::new()),
    };
    let runner = PYTHON_RUNNER
        .replace("{prelude}", prelude)
        .replace(
            "{module_is_main}",
            if module == "__main__" {
                "True"
            } else {
                "False"
            },
        )
        .replace("{module}", module)
        .replace("{load_failed}", &PYTHON_LOAD_FAILED.to_string())
        .replace("{path}", &path)
        .replace("{main}", &main);
    vec![
        ("solution.py", source.bytes.clone()),
        text_file("main.py", runner),
    ]
}

/// JavaScript and TypeScript: the harness appended to the user's text, as LeetCode appends
/// its driver.
fn node_files(language: Language, harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    let text = source.lossy_text();
    let typed = language == Language::TypeScript;
    let name = if typed { "solution.ts" } else { "solution.js" };
    let Some(harnesses) = harnesses else {
        return vec![text_file(name, text)];
    };
    let used: Vec<&str> = NODE_PACKAGES
        .iter()
        .flat_map(|(_, names)| names.iter().copied())
        .filter(|name| uses_global(&text, name))
        .collect();
    let quoted = |names: &[&str]| {
        let items: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
        format!("[{}]", items.join(", "))
    };
    let packages: Vec<String> = NODE_PACKAGES
        .iter()
        .map(|(package, names)| format!("[\"{package}\", {}]", quoted(names)))
        .collect();
    let mut main = fill(JAVASCRIPT_LOOP, harnesses.javascript)
        .replace("{function}", harnesses.function)
        .replace("{packages}", &format!("[{}]", packages.join(", ")))
        .replace("{uses}", &quoted(&used))
        .replace("{any}", if typed { ": any" } else { "" });
    if typed {
        // No @types/node: the harness's own needs, and LeetCode's globals that the
        // solution uses without defining, as `any`.
        main.push_str("declare const require: any, process: any;\n");
        for name in used.iter().filter(|name| !defines(&text, name)) {
            main.push_str(&match *name {
                "_" => "declare const _: any;\n".to_string(),
                class => format!(
                    "declare class {class}<T = any> {{\n    constructor(...args: any[]);\n    \
                     [key: string]: any;\n    static [key: string]: any;\n}}\n"
                ),
            });
        }
    }
    vec![text_file(name, format!("{text}\n{main}"))]
}

/// Go: the user's file with `package main` added where missing and a `//line` directive,
/// and the harness in `main.go`.
fn go_files(harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    // Go reads only UTF-8; a pasted solution has no package clause.
    let text = source.lossy_text();
    let has_package = text
        .lines()
        .map(str::trim_start)
        .find(|line| !line.is_empty() && !line.starts_with("//"))
        .is_some_and(|line| line.starts_with("package "));
    let package = if has_package { "" } else { "package main\n" };
    let user = format!("{package}//line {}:1\n{text}", source.path);
    let mut files = vec![text_file("solution.go", user)];
    if let Some(harnesses) = harnesses {
        files.push(text_file("main.go", fill(GO_MAIN, harnesses.go)));
    }
    files
}

/// Java: `Solution.java` with the imports on the user's first line, and `Main.java`.
fn java_files(harnesses: Option<&Harnesses>, source: &Source) -> Vec<File> {
    match harnesses {
        // Each class in a file of its own name, so a `public class Solution` compiles.
        Some(harnesses) => vec![
            (
                "Solution.java",
                joined(&[JAVA_PRELUDE.as_bytes(), &source.bytes]),
            ),
            text_file("Main.java", fill(JAVA_LOOP, harnesses.java)),
        ],
        None => vec![("Main.java", source.bytes.clone())],
    }
}

/// Whether `text` uses the global `name`: `name.`, `name(`, `name<` or `new name`, not a
/// parameter or variable that happens to share the name.
fn uses_global(text: &str, name: &str) -> bool {
    let identifier = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        let whole = !before.is_some_and(identifier) && !after.is_some_and(identifier);
        let called = matches!(after, Some('.' | '(' | '<'));
        whole && (called || text[..at].trim_end().ends_with("new"))
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

/// LeetCode 913: `cat_mouse_game(graph)` in each language.
pub static LC913: Harnesses = Harnesses {
    function: "catMouseGame",
    rust: r#"        let nodes: usize = harness_token().parse().unwrap();
        let mut graph: Vec<Vec<i32>> = Vec::new();
        for _ in 0..nodes {
            let degree: usize = harness_token().parse().unwrap();
            graph.push((0..degree).map(|_| harness_token().parse().unwrap()).collect());
        }
        harness_answer(Solution::cat_mouse_game(graph));"#,
    cpp: r#"        int nodes;
        cin >> nodes;
        vector<vector<int>> graph(nodes);
        for (auto &neighbours : graph) {
            int degree;
            cin >> degree;
            neighbours.resize(degree);
            for (auto &node : neighbours) cin >> node;
        }
        // As LeetCode's driver: a value-initialised temporary per test case.
        harness_answers << Solution().catMouseGame(graph) << endl;"#,
    python: r#"        graph = []
        for _ in range(int(next(tokens))):
            graph.append([int(next(tokens)) for _ in range(int(next(tokens)))])
        harness_answer(Solution().catMouseGame(graph))"#,
    java: r#"            int[][] graph = new int[Integer.parseInt(next())][];
            for (int node = 0; node < graph.length; node++) {
                graph[node] = new int[Integer.parseInt(next())];
                for (int i = 0; i < graph[node].length; i++) graph[node][i] = Integer.parseInt(next());
            }
            answers.println(new Solution().catMouseGame(graph));"#,
    c: r#"        int nodes;
        if (scanf("%d", &nodes) != 1) return 3;
        int **graph = malloc(sizeof(int *) * (nodes > 0 ? nodes : 1));
        int *graphColSize = malloc(sizeof(int) * (nodes > 0 ? nodes : 1));
        for (int node = 0; node < nodes; node++) {
            if (scanf("%d", &graphColSize[node]) != 1) return 3;
            graph[node] = malloc(sizeof(int) * (graphColSize[node] > 0 ? graphColSize[node] : 1));
            for (int i = 0; i < graphColSize[node]; i++)
                if (scanf("%d", &graph[node][i]) != 1) return 3;
        }
        fprintf(harness_answers, "%d\n", catMouseGame(graph, nodes, graphColSize));
        for (int node = 0; node < nodes; node++) free(graph[node]);
        free(graph);
        free(graphColSize);"#,
    javascript: r#"        const graph = [];
        for (let node = Number(harnessNext()); node > 0; node--) {
            const neighbours = [];
            for (let degree = Number(harnessNext()); degree > 0; degree--) neighbours.push(Number(harnessNext()));
            graph.push(neighbours);
        }
        harnessAnswer(catMouseGame(graph));"#,
    go: r#"		graph := make([][]int, harnessInt())
		for node := range graph {
			graph[node] = make([]int, harnessInt())
			for i := range graph[node] {
				graph[node][i] = harnessInt()
			}
		}
		harnessAnswer(catMouseGame(graph))"#,
};

/// LeetCode 1728: `can_mouse_win(grid, cat_jump, mouse_jump)` in each language.
pub static LC1728: Harnesses = Harnesses {
    function: "canMouseWin",
    rust: r#"        let rows: usize = harness_token().parse().unwrap();
        let cat_jump: i32 = harness_token().parse().unwrap();
        let mouse_jump: i32 = harness_token().parse().unwrap();
        let grid: Vec<String> = (0..rows).map(|_| harness_token()).collect();
        harness_answer(Solution::can_mouse_win(grid, cat_jump, mouse_jump));"#,
    cpp: r#"        int rows, catJump, mouseJump;
        cin >> rows >> catJump >> mouseJump;
        vector<string> grid(rows);
        for (auto &row : grid) cin >> row;
        // As LeetCode's driver: a value-initialised temporary per test case.
        harness_answers << (Solution().canMouseWin(grid, catJump, mouseJump) ? "true" : "false") << endl;"#,
    python: r#"        rows, cat_jump, mouse_jump = (int(next(tokens)) for _ in range(3))
        grid = [next(tokens) for _ in range(rows)]
        won = Solution().canMouseWin(grid, cat_jump, mouse_jump)
        harness_answer("true" if won else "false")"#,
    java: r#"            int rows = Integer.parseInt(next());
            int catJump = Integer.parseInt(next());
            int mouseJump = Integer.parseInt(next());
            String[] grid = new String[rows];
            for (int row = 0; row < rows; row++) grid[row] = next();
            answers.println(new Solution().canMouseWin(grid, catJump, mouseJump));"#,
    c: r#"        int rows, catJump, mouseJump;
        if (scanf("%d %d %d", &rows, &catJump, &mouseJump) != 3) return 3;
        char **grid = malloc(sizeof(char *) * (rows > 0 ? rows : 1));
        static char harness_row[1 << 16];
        for (int row = 0; row < rows; row++) {
            if (scanf("%65535s", harness_row) != 1) return 3;
            grid[row] = malloc(strlen(harness_row) + 1);
            strcpy(grid[row], harness_row);
        }
        bool won = canMouseWin(grid, rows, catJump, mouseJump);
        fprintf(harness_answers, "%s\n", won ? "true" : "false");
        for (int row = 0; row < rows; row++) free(grid[row]);
        free(grid);"#,
    javascript: r#"        const rows = Number(harnessNext());
        const catJump = Number(harnessNext());
        const mouseJump = Number(harnessNext());
        const grid = [];
        for (let row = 0; row < rows; row++) grid.push(harnessNext());
        harnessAnswer(canMouseWin(grid, catJump, mouseJump));"#,
    go: r#"		rows, catJump, mouseJump := harnessInt(), harnessInt(), harnessInt()
		grid := make([]string, rows)
		for row := range grid {
			grid[row] = harnessWord()
		}
		harnessAnswer(canMouseWin(grid, catJump, mouseJump))"#,
};

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The files every language makes of the samples, for each problem and for a whole judge
    /// program, as they were when the templates were Rust strings (issue 27 moved them into
    /// files without changing a byte). A deliberate change to a template changes its rows:
    /// read the new files, then copy the rows this test prints.
    #[test]
    fn wrapped_files_are_the_same_byte_for_byte() {
        let expected = [
            (Language::Rust, "none", 0xaa448c8588bce69d),
            (Language::Rust, "lc913", 0x0941559c73ccf244),
            (Language::Rust, "lc1728", 0x5e1e66e8b8e6e67c),
            (Language::Cpp, "none", 0xfa5cdff9f4f3a8dc),
            (Language::Cpp, "lc913", 0x5a96717c38bd798e),
            (Language::Cpp, "lc1728", 0xb76dff93c87c375a),
            (Language::C, "none", 0x80084e8f6024b184),
            (Language::C, "lc913", 0x484bb58a76ccb638),
            (Language::C, "lc1728", 0xe675e53efe267b7c),
            (Language::Python, "none", 0xa542138983b5880c),
            (Language::Python, "lc913", 0x8c8335521d032c82),
            (Language::Python, "lc1728", 0x0b41bd6122a4deaa),
            (Language::Java, "none", 0x0a9384d39cb72488),
            (Language::Java, "lc913", 0x197a9a8783142560),
            (Language::Java, "lc1728", 0x2b0d992987f96aa4),
            (Language::JavaScript, "none", 0x21462080768f21ed),
            (Language::JavaScript, "lc913", 0xb43d8a06826af5c7),
            (Language::JavaScript, "lc1728", 0x73a9e926c82ecd81),
            (Language::TypeScript, "none", 0xa6725e3ce10b83c5),
            (Language::TypeScript, "lc913", 0xf3d5b426be8238c0),
            (Language::TypeScript, "lc1728", 0x4e37b36731990180),
            (Language::Go, "none", 0x0bbaa1a171cb5a31),
            (Language::Go, "lc913", 0xfb1ce629153bd2fd),
            (Language::Go, "lc1728", 0xbf3576abf6d116f1),
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
}
