//! What a judge puts around a LeetCode solution, per language: the prelude it supplies, and a
//! `main` that reads a batch of test cases and writes one answer a line, calling a fresh
//! `Solution` for each, as LeetCode does.
//!
//! The answers go to the file named by [`ANSWERS_VARIABLE`], flushed one by one, not to
//! stdout: what the solution prints itself is its own business, as on LeetCode, and never
//! read as an answer.
//!
//! The prelude is placed so that the user's lines keep their numbers: C++ gets `#line`,
//! Java's imports share the user's first line, Rust's declarations come after the user's text,
//! and Python compiles the user's file under its own name.
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
    Python,
    Java,
}

/// The extensions `--check` builds, for messages.
pub const EXTENSIONS: &str = ".rs, .cpp, .cc, .cxx, .py, .java";

impl Language {
    /// The language of a source file, by its extension.
    pub fn of(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "rs" => Some(Language::Rust),
            "cpp" | "cc" | "cxx" => Some(Language::Cpp),
            "py" => Some(Language::Python),
            "java" => Some(Language::Java),
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
/// test case's tokens (`harness_token()` in Rust, `cin` in C++, `next(tokens)` in Python,
/// `next()` in Java), calls a fresh `Solution` and hands the answer to `harness_answer`
/// (Rust, Python), `harness_answers <<` (C++) or `answers.println` (Java).
pub struct Harnesses {
    pub rust: &'static str,
    pub cpp: &'static str,
    pub python: &'static str,
    pub java: &'static str,
}

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
    exec(code, namespace)
    if "--compile-only" in sys.argv:
        if "Solution" not in namespace:
            sys.stderr.write("%s defines no class Solution\n" % {path})
            sys.exit(1)
        sys.exit(0)
    return namespace

_harness_namespace = _harness_load()
{main}"#;

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
    let fill = |template: &str, case: &str| {
        template
            .replace("{answers}", ANSWERS_VARIABLE)
            .replace("{case}", case)
    };
    match language {
        Language::Rust => {
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
        Language::Cpp => {
            let line = format!("#line 1 {}\n", source.quoted_path());
            let (prelude, main) = match harnesses {
                Some(harnesses) => (
                    CPP_PRELUDE.to_string(),
                    format!(
                        "\n#line 1 \"check-harness.cpp\"\n{}",
                        fill(CPP_LOOP, harnesses.cpp)
                    ),
                ),
                None => (String::new(), String::new()),
            };
            let bytes = joined(&[
                prelude.as_bytes(),
                line.as_bytes(),
                &source.bytes,
                main.as_bytes(),
            ]);
            vec![("solution.cpp", bytes)]
        }
        Language::Python => {
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
                .replace("{path}", &path)
                .replace("{main}", &main);
            vec![
                ("solution.py", source.bytes.clone()),
                text_file("main.py", runner),
            ]
        }
        Language::Java => match harnesses {
            // Each class in a file of its own name, so a `public class Solution` compiles.
            Some(harnesses) => vec![
                (
                    "Solution.java",
                    joined(&[JAVA_PRELUDE.as_bytes(), &source.bytes]),
                ),
                text_file("Main.java", fill(JAVA_LOOP, harnesses.java)),
            ],
            None => vec![("Main.java", source.bytes.clone())],
        },
    }
}

/// LeetCode 913: `cat_mouse_game(graph)` in each language.
pub static LC913: Harnesses = Harnesses {
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
        Solution solution;
        harness_answers << solution.catMouseGame(graph) << endl;"#,
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
};

/// LeetCode 1728: `can_mouse_win(grid, cat_jump, mouse_jump)` in each language.
pub static LC1728: Harnesses = Harnesses {
    rust: r#"        let rows: usize = harness_token().parse().unwrap();
        let cat_jump: i32 = harness_token().parse().unwrap();
        let mouse_jump: i32 = harness_token().parse().unwrap();
        let grid: Vec<String> = (0..rows).map(|_| harness_token()).collect();
        harness_answer(Solution::can_mouse_win(grid, cat_jump, mouse_jump));"#,
    cpp: r#"        int rows, catJump, mouseJump;
        cin >> rows >> catJump >> mouseJump;
        vector<string> grid(rows);
        for (auto &row : grid) cin >> row;
        Solution solution;
        harness_answers << (solution.canMouseWin(grid, catJump, mouseJump) ? "true" : "false") << endl;"#,
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
};
