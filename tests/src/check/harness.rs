//! What a judge puts around a LeetCode solution, per language: the prelude it supplies, and a
//! `main` that reads a batch of test cases and prints one answer a line, calling a fresh
//! `Solution` for each, as LeetCode does.
//!
//! The harness reads a plain format of its own (whitespace-separated tokens, written by each
//! problem's `harness_input`), so that no language needs a JSON parser:
//!
//! - lc913: the number of test cases T; per test case n, then for each node its degree and
//!   its neighbours.
//! - lc1728: T; per test case `rows catJump mouseJump`, then the rows of the grid.

use std::path::Path;

/// A language `--check` can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Rust,
    Cpp,
    Python,
    Java,
}

/// The Java harness is two files (`Solution.java` holds the user's text, so that a
/// `public class Solution` compiles); this line separates them in the wrapped text.
pub const JAVA_MAIN_SPLIT: &str = "\n// ---- Main.java ----\n";

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

    pub fn extension(self) -> &'static str {
        match self {
            Language::Rust => "rs",
            Language::Cpp => "cpp",
            Language::Python => "py",
            Language::Java => "java",
        }
    }

    /// A whole judge program (noi2011's), built as it is; Java's must be `class Main`.
    pub fn whole_program(self, source: &str) -> String {
        match self {
            Language::Java => format!("{JAVA_MAIN_SPLIT}{source}"),
            _ => source.to_string(),
        }
    }
}

/// One problem's test case in each language: the body of the harness's loop, which reads the
/// test case's tokens (`harness_token()` in Rust, `cin` in C++, `next(tokens)` in Python,
/// `next()` in Java), calls a fresh `Solution` and prints the answer on a line of its own.
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

const JAVA_PRELUDE: &str =
    "import java.util.*;\nimport java.util.function.*;\nimport java.util.stream.*;\n";

/// The loop around a test case: the count of test cases, then each one. `{case}` is replaced.
const RUST_LOOP: &str = r#"
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
int main() {
    int cases;
    if (!(cin >> cases)) return 0;
    while (cases--) {
{case}
    }
}
"#;

const PYTHON_LOOP: &str = r#"
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

    static String next() {
        return tokens[at++];
    }

    public static void main(String[] args) throws IOException {
        tokens = new String(System.in.readAllBytes()).trim().split("\\s+");
        int cases = Integer.parseInt(next());
        for (int t = 0; t < cases; t++) {
{case}
        }
    }
}
"#;

impl Harnesses {
    /// `source` (the text pasted into LeetCode) as a whole program in `language`.
    pub fn wrap(&self, language: Language, source: &str) -> String {
        match language {
            Language::Rust => {
                // LeetCode declares the struct; a pasted text may or may not.
                let declares = source.lines().any(|line| {
                    let line = line.trim_start();
                    line.starts_with("struct Solution") || line.starts_with("pub struct Solution")
                });
                let declaration = if declares { "" } else { "struct Solution;\n" };
                let main = RUST_LOOP.replace("{case}", self.rust);
                format!("{declaration}{source}\n{main}")
            }
            Language::Cpp => {
                let main = CPP_LOOP.replace("{case}", self.cpp);
                format!("{CPP_PRELUDE}{source}\n{main}")
            }
            Language::Python => {
                let main = PYTHON_LOOP.replace("{case}", self.python);
                format!("{PYTHON_PRELUDE}{source}\n{main}")
            }
            Language::Java => {
                let main = JAVA_LOOP.replace("{case}", self.java);
                format!("{JAVA_PRELUDE}{source}{JAVA_MAIN_SPLIT}{main}")
            }
        }
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
        println!("{}", Solution::cat_mouse_game(graph));"#,
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
        cout << solution.catMouseGame(graph) << endl;"#,
    python: r#"        graph = []
        for _ in range(int(next(tokens))):
            graph.append([int(next(tokens)) for _ in range(int(next(tokens)))])
        print(Solution().catMouseGame(graph), flush=True)"#,
    java: r#"            int[][] graph = new int[Integer.parseInt(next())][];
            for (int node = 0; node < graph.length; node++) {
                graph[node] = new int[Integer.parseInt(next())];
                for (int i = 0; i < graph[node].length; i++) graph[node][i] = Integer.parseInt(next());
            }
            System.out.println(new Solution().catMouseGame(graph));"#,
};

/// LeetCode 1728: `can_mouse_win(grid, cat_jump, mouse_jump)` in each language.
pub static LC1728: Harnesses = Harnesses {
    rust: r#"        let rows: usize = harness_token().parse().unwrap();
        let cat_jump: i32 = harness_token().parse().unwrap();
        let mouse_jump: i32 = harness_token().parse().unwrap();
        let grid: Vec<String> = (0..rows).map(|_| harness_token()).collect();
        println!("{}", Solution::can_mouse_win(grid, cat_jump, mouse_jump));"#,
    cpp: r#"        int rows, catJump, mouseJump;
        cin >> rows >> catJump >> mouseJump;
        vector<string> grid(rows);
        for (auto &row : grid) cin >> row;
        Solution solution;
        cout << (solution.canMouseWin(grid, catJump, mouseJump) ? "true" : "false") << endl;"#,
    python: r#"        rows, cat_jump, mouse_jump = (int(next(tokens)) for _ in range(3))
        grid = [next(tokens) for _ in range(rows)]
        won = Solution().canMouseWin(grid, cat_jump, mouse_jump)
        print("true" if won else "false", flush=True)"#,
    java: r#"            int rows = Integer.parseInt(next());
            int catJump = Integer.parseInt(next());
            int mouseJump = Integer.parseInt(next());
            String[] grid = new String[rows];
            for (int row = 0; row < rows; row++) grid[row] = next();
            System.out.println(new Solution().canMouseWin(grid, catJump, mouseJump));"#,
};
