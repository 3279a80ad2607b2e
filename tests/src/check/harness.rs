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

/// One problem's `main` in each language; the prelude is the judge's, the same for every
/// problem.
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
                format!("{declaration}{source}\n{}", self.rust)
            }
            Language::Cpp => format!("{CPP_PRELUDE}{source}\n{}", self.cpp),
            Language::Python => format!("{PYTHON_PRELUDE}{source}\n{}", self.python),
            Language::Java => format!("{JAVA_PRELUDE}{source}{JAVA_MAIN_SPLIT}{}", self.java),
        }
    }
}

/// LeetCode 913: `cat_mouse_game(graph)` in each language.
pub static LC913: Harnesses = Harnesses {
    rust: r#"
fn main() {
    use std::io::Read;
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace().map(|token| token.parse::<i32>().unwrap());
    let cases = tokens.next().unwrap();
    for _ in 0..cases {
        let nodes = tokens.next().unwrap();
        let mut graph = Vec::new();
        for _ in 0..nodes {
            let degree = tokens.next().unwrap() as usize;
            graph.push(tokens.by_ref().take(degree).collect::<Vec<i32>>());
        }
        println!("{}", Solution::cat_mouse_game(graph));
    }
}
"#,
    cpp: r#"
int main() {
    int cases;
    if (!(cin >> cases)) return 0;
    while (cases--) {
        int nodes;
        cin >> nodes;
        vector<vector<int>> graph(nodes);
        for (auto &neighbours : graph) {
            int degree;
            cin >> degree;
            neighbours.resize(degree);
            for (auto &node : neighbours) cin >> node;
        }
        Solution solution;
        cout << solution.catMouseGame(graph) << endl;
    }
}
"#,
    python: r#"
def _harness_main():
    tokens = sys.stdin.read().split()
    at = 0
    def next_int():
        nonlocal at
        at += 1
        return int(tokens[at - 1])
    for _ in range(next_int()):
        graph = []
        for _ in range(next_int()):
            graph.append([next_int() for _ in range(next_int())])
        print(Solution().catMouseGame(graph), flush=True)

_harness_main()
"#,
    java: r#"import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        String text = new String(System.in.readAllBytes()).trim();
        String[] tokens = text.isEmpty() ? new String[0] : text.split("\\s+");
        int at = 0;
        int cases = Integer.parseInt(tokens[at++]);
        for (int t = 0; t < cases; t++) {
            int nodes = Integer.parseInt(tokens[at++]);
            int[][] graph = new int[nodes][];
            for (int node = 0; node < nodes; node++) {
                graph[node] = new int[Integer.parseInt(tokens[at++])];
                for (int i = 0; i < graph[node].length; i++) graph[node][i] = Integer.parseInt(tokens[at++]);
            }
            System.out.println(new Solution().catMouseGame(graph));
        }
    }
}
"#,
};

/// LeetCode 1728: `can_mouse_win(grid, cat_jump, mouse_jump)` in each language.
pub static LC1728: Harnesses = Harnesses {
    rust: r#"
fn main() {
    use std::io::Read;
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let cases: usize = tokens.next().unwrap().parse().unwrap();
    for _ in 0..cases {
        let mut number = || tokens.next().unwrap().parse::<i32>().unwrap();
        let (rows, cat_jump, mouse_jump) = (number(), number(), number());
        let grid: Vec<String> = (0..rows).map(|_| tokens.next().unwrap().to_string()).collect();
        println!("{}", Solution::can_mouse_win(grid, cat_jump, mouse_jump));
    }
}
"#,
    cpp: r#"
int main() {
    int cases;
    if (!(cin >> cases)) return 0;
    while (cases--) {
        int rows, catJump, mouseJump;
        cin >> rows >> catJump >> mouseJump;
        vector<string> grid(rows);
        for (auto &row : grid) cin >> row;
        Solution solution;
        cout << (solution.canMouseWin(grid, catJump, mouseJump) ? "true" : "false") << endl;
    }
}
"#,
    python: r#"
def _harness_main():
    tokens = sys.stdin.read().split()
    at = 0
    def next_token():
        nonlocal at
        at += 1
        return tokens[at - 1]
    for _ in range(int(next_token())):
        rows, cat_jump, mouse_jump = (int(next_token()) for _ in range(3))
        grid = [next_token() for _ in range(rows)]
        won = Solution().canMouseWin(grid, cat_jump, mouse_jump)
        print("true" if won else "false", flush=True)

_harness_main()
"#,
    java: r#"import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        String text = new String(System.in.readAllBytes()).trim();
        String[] tokens = text.isEmpty() ? new String[0] : text.split("\\s+");
        int at = 0;
        int cases = Integer.parseInt(tokens[at++]);
        for (int t = 0; t < cases; t++) {
            int rows = Integer.parseInt(tokens[at++]);
            int catJump = Integer.parseInt(tokens[at++]);
            int mouseJump = Integer.parseInt(tokens[at++]);
            String[] grid = new String[rows];
            for (int row = 0; row < rows; row++) grid[row] = tokens[at++];
            System.out.println(new Solution().canMouseWin(grid, catJump, mouseJump));
        }
    }
}
"#,
};
