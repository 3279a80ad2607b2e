//! `--check` of each language as the judge builds and calls it, through the real binaries:
//! JavaScript, TypeScript, Go and C, and LeetCode's other languages (PHP, Ruby, Kotlin, C#,
//! Scala, Elixir, Erlang and Racket), right ones passing and wrong ones caught at the smallest
//! size; Go and Java at LeetCode's versions, Go's package clauses and imports left out, Node's
//! globals, a method never named; commands, and commands and interpreters that cannot start;
//! files saved with a byte-order mark and GBK comments; compile errors and panics that name the
//! user's file and line; C++ under LeetCode's sanitizers and clang, a missing judge compiler or
//! sanitizer runtime named, noi2011 built as the OI judges build it, objects made as LeetCode's
//! driver makes them; a JavaScript file read, not run, at build time. The solutions are built
//! with the judges' compilers and run in bubblewrap: a test that needs a compiler or an
//! interpreter this machine lacks says so and skips it, and without bubblewrap the runs are
//! `--unsandboxed`, saying so, except under CI (`CI=true`), where either fails.

use crate::support::*;
use assert_cmd::Command;
use std::path::PathBuf;
use std::process::Output;

/// JavaScript, TypeScript, Go and C, as LeetCode gives the function: right ones pass, and
/// wrong ones modelled on real mistakes are caught and shrunk to the smallest failing size
/// known (found by running every smaller instance).
#[test]
fn javascript_typescript_go_and_c_solutions_are_checked() {
    // A short plan: the build and the harness are the point here; check.rs runs right
    // solutions through long ones.
    let right: Vec<(&str, &str)> = ["lc913", "lc1728"]
        .into_iter()
        .flat_map(|bin| {
            ["correct.js", "correct.ts", "correct.go", "correct.c"].map(|file| (bin, file))
        })
        .collect();
    each_at_once(&right, |&(bin, file)| {
        passes(bin, &fixture(bin, file), "40")
    });
    let wrong: [(&str, &str, InstanceSize, usize); 4] = [
        ("lc913", "cat_counts_hole.go", nodes, 4),
        ("lc913", "mouse_may_stay.ts", nodes, 5),
        ("lc1728", "jump_short.js", open_cells, 3),
        ("lc1728", "square_grid.c", open_cells, 3),
    ];
    each_at_once(&wrong, |&(bin, file, size, most)| {
        caught(bin, file, size, most);
    });
    // JavaScript's entry is a function its harness calls: one it never defines is said so.
    let js = read_fixture("lc913", "correct.js").replace("catMouseGame", "catGame");
    let js = scratch_file("renamed.js", js.as_bytes());
    if missing_tool(&js).is_none() {
        refused_for_naming_no("lc913", &js, "catMouseGame", true);
    }
}

/// One of LeetCode's other languages, built as `--check` builds it (PHP, Ruby, Elixir and
/// Racket checked by their interpreters without running, Erlang compiled by erlc, Kotlin and
/// Scala compiled with the compilers Maven Central gives at LeetCode's versions, C# with Mono's
/// older `mcs`): the right solution of each problem passes (a short plan: the build and the
/// harness are the point), and a wrong one of each, modelled on a real mistake, is caught at
/// the smallest size there is (the first of the small family to fail).
fn language_is_checked(extension: &str, lc913_wrong: (&str, usize), lc1728_wrong: (&str, usize)) {
    let correct = format!("correct.{extension}");
    let checks: [&(dyn Fn() + Sync); 4] = [
        &|| passes("lc913", &fixture("lc913", &correct), "40"),
        &|| passes("lc1728", &fixture("lc1728", &correct), "40"),
        &|| drop(caught("lc913", lc913_wrong.0, nodes, lc913_wrong.1)),
        &|| drop(caught("lc1728", lc1728_wrong.0, open_cells, lc1728_wrong.1)),
    ];
    each_at_once(&checks, |check| check());
}

/// Python 2, LeetCode's "Python", named `.py2`: built and run by a Python 2.7 (`xrange`, `/` on
/// integers, `has_key` in the fixtures), with LeetCode's Python 2 imports; a print statement
/// is a print, counted beside the answers; a coding line and the bytes it declares are read as
/// Python 2 reads them. A Python 2 file named `.py` does not compile as Python 3, and the
/// refusal says Python 2 compiles it; a Python 3 file named `.py2` the other way round.
#[test]
fn python2_is_checked() {
    language_is_checked("py2", ("cat_into_hole.py2", 5), ("jumps_swapped.py2", 3));
    let python2 = read_fixture("lc913", "correct.py2");
    let chatty = scratch_file(
        "chatty.py2",
        python2
            .replace(
                "        n = len(graph)\n",
                "        n = len(graph)\n        print n\n",
            )
            .as_bytes(),
    );
    if missing_tool(&chatty).is_some() {
        return;
    }
    let output = check("lc913", &chatty, &["--cases", "20", "--json"]);
    let json = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{json}");
    let printed = json_values(&json, &["found['printed']['runs_printed'] > 0"]);
    assert_eq!(printed, ["True"], "{json}");
    let coded = scratch_file(
        "coded.py2",
        format!("# -*- coding: utf-8 -*-\n# 猫和老鼠\n{python2}").as_bytes(),
    );
    passes("lc913", &coded, "20");
    let misnamed = [
        (
            scratch_file("python2_as.py", &std::fs::read(&chatty).unwrap()),
            "Python 2",
            "py2",
        ),
        (
            scratch_file(
                "python3_as.py2",
                read_fixture("lc913", "correct.py").as_bytes(),
            ),
            "Python 3",
            "py",
        ),
    ];
    for (file, other, extension) in misnamed {
        if missing_tool(&file).is_some() {
            continue;
        }
        let json = refused_json("lc913", &file, &[]);
        let hint = format!(
            "[{{'kind': 'compiles_as', 'language': '{other}', 'extensions': ['{extension}']}}]"
        );
        assert_refusal(&json, &[DOES_NOT_COMPILE, ("refusal['hints']", &hint)]);
    }
}

/// PHP; its names are the same in any case, so a lower-case method is LeetCode's, and one never
/// named is refused before anything runs; its tag in capitals is a tag.
#[test]
fn php_is_checked() {
    language_is_checked("php", ("cat_into_hole.php", 5), ("jump_short.php", 3));
    let php = read_fixture("lc913", "correct.php");
    let lower = scratch_file(
        "lower.php",
        php.replace("catMouseGame", "catmousegame").as_bytes(),
    );
    passes("lc913", &lower, "20");
    let renamed = scratch_file(
        "renamed.php",
        php.replace("catMouseGame", "catGame").as_bytes(),
    );
    if missing_tool(&renamed).is_none() {
        refused_for_naming_no("lc913", &renamed, "catMouseGame", false);
    }
    let upper = scratch_file(
        "upper_tag.php",
        php.replacen("<?php", "<?PHP", 1).as_bytes(),
    );
    passes("lc913", &upper, "20");
}

/// Ruby, with files as users save them (found by a review): a method never named refused; the
/// first line a block comment; a magic comment that freezes string literals, so a solution that
/// appends to one crashes, as it would on LeetCode. noi2011's judges take whole programs, in
/// the languages their table names, and Ruby is not one.
#[test]
fn ruby_is_checked() {
    language_is_checked("rb", ("mouse_may_stay.rb", 5), ("through_walls.rb", 3));
    let ruby = read_fixture("lc913", "correct.rb");
    let camel = scratch_file(
        "camel.rb",
        ruby.replace("cat_mouse_game", "catMouseGame").as_bytes(),
    );
    if missing_tool(&camel).is_none() {
        refused_for_naming_no("lc913", &camel, "cat_mouse_game", false);
    }
    let noted = scratch_file(
        "noted.rb",
        format!("=begin\nnotes\n=end\n{ruby}").as_bytes(),
    );
    passes("lc913", &noted, "20");
    let frozen = ruby.replace(
        "  n = graph.size\n",
        "  n = graph.size\n  tag = 'x'\n  tag << 'y'\n",
    );
    let frozen = scratch_file(
        "frozen.rb",
        format!("# frozen_string_literal: true\n{frozen}").as_bytes(),
    );
    if missing_tool(&frozen).is_none() {
        let json = failed_json("lc913", &frozen, &["--cases", "10"]);
        assert_facts(&json, &[("'FrozenError' in found['fault']", "True")]);
    }
    let output = check("noi2011", &fixture("lc913", "correct.rb"), &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--check builds Ruby as a LeetCode solution only"),
        "{stderr}"
    );
}

/// Kotlin; lc1728's right solution uses `java.util` without an import, as LeetCode's Kotlin
/// has it.
#[test]
fn kotlin_is_checked() {
    language_is_checked("kt", ("cat_counts_hole.kt", 4), ("jumps_swapped.kt", 3));
}

/// C# as Mono's mcs builds it. Right C# (a deconstructing `foreach`) that mcs refuses:
/// LeetCode's .NET may take it, so no verdict, and never "does not compile". A method never
/// named is said so, whatever the compiler says (mcs names only the harness's call).
#[test]
fn csharp_is_checked() {
    language_is_checked("cs", ("mover_wins.cs", 4), ("square_grid.cs", 3));
    let newer = fixture("lc1728", "tuple_foreach.cs");
    if missing_tool(&newer).is_none() {
        let json = refused_json("lc1728", &newer, &["--cases", "10"]);
        assert_refusal(
            &json,
            &[
                (
                    "found['verdict'], refusal['kind']",
                    "('error', 'cannot_judge')",
                ),
                ("refusal['version']['family']", "'mcs'"),
                ("tool['name'], tool['language']", "('mcs', 'C#')"),
                ("tool['older_than']", "{'family': 'dotnet', 'version': '9'}"),
                ("'tuple_foreach.cs(' in refusal['reason']['shown']", "True"),
            ],
        );
    }
    misnamed("misnamed.cs", "correct.cs", "CatMouseGame", "catMouseGame");
}

#[test]
fn scala_is_checked() {
    language_is_checked(
        "scala",
        ("cat_moves_first.scala", 3),
        ("row_wraps.scala", 3),
    );
}

#[test]
fn elixir_is_checked() {
    language_is_checked("ex", ("cat_into_hole.ex", 5), ("jumps_mouse_first.ex", 3));
}

#[test]
fn erlang_is_checked() {
    language_is_checked(
        "erl",
        ("undecided_mouse.erl", 5),
        ("down_right_only.erl", 3),
    );
}

/// Racket; a method never named is said so, and a Racket name ends where a Racket symbol does.
#[test]
fn racket_is_checked() {
    language_is_checked("rkt", ("undecided_cat.rkt", 5), ("jumps_swapped.rkt", 3));
    misnamed(
        "misnamed.rkt",
        "correct.rkt",
        "cat-mouse-game",
        "cat-mouse-game-v2",
    );
}

/// lc913's right solution in `right` with its method `name` renamed `wrong`, saved as `file`:
/// refused for naming no `name`.
fn misnamed(file: &str, right: &str, name: &str, wrong: &str) {
    let text = read_fixture("lc913", right).replace(name, wrong);
    let file = scratch_file(file, text.as_bytes());
    if missing_tool(&file).is_none() {
        refused_for_naming_no("lc913", &file, name, false);
    }
}

/// Go as LeetCode takes it: any package clause (`package leetcode`, as kept in a repository)
/// and standard packages used without an import line (`list.New()`, `strings.IndexByte`),
/// which LeetCode imports as goimports would.
#[test]
fn go_solutions_with_a_package_clause_or_no_imports_are_checked() {
    passes("lc913", &fixture("lc913", "list_no_imports.go"), "40");
    passes("lc1728", &fixture("lc1728", "package_leetcode.go"), "40");
    // A local variable named as a package, with an exported field: the import added for it
    // is kept used, so the file builds (and its constant answer is caught), not refused as
    // "imported and not used".
    if missing_tool("x.go").is_some() {
        return;
    }
    let shadowing = scratch_file(
        "shadows_heap.go",
        b"type holder struct{ Answer int }\n\nfunc catMouseGame(graph [][]int) int {\n\t\
          heap := holder{Answer: 1}\n\treturn heap.Answer\n}\n",
    );
    let output = check("lc913", &shadowing, &["--cases", "50"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
}

/// Go as LeetCode builds it, Go 1.23: with that toolchain where the go command fetched it
/// (`.ci/run` does), else the go here at language version 1.23 with a note naming both
/// versions. What 1.23 added before it (`min`, `max`, loops over integers) builds and passes;
/// what came after (`new` of a value, Go 1.26) does not compile, as on LeetCode.
#[test]
fn go_is_built_at_leetcode_s_version() {
    if missing_tool("x.go").is_some() {
        return;
    }
    passes("lc913", &fixture("lc913", "range_over_int.go"), "40");
    passes("lc1728", &fixture("lc1728", "min_max_builtins.go"), "40");
    let json = refused_json(
        "lc913",
        &fixture("lc913", "new_of_a_value.go"),
        &["--cases", "50"],
    );
    assert_refusal(
        &json,
        &[
            DOES_NOT_COMPILE,
            ("tool['name'], tool['version']['family']", "('go', 'go')"),
            ("'-gcflags=-lang=go1.23' in tool['args']", "True"),
            ("tool['judge'], tool['language']", "('LeetCode', 'Go')"),
            (
                "'new_of_a_value.go:7' in refusal['reason']['shown']",
                "True",
            ),
        ],
    );
    let number = "found['build']['tool']['version']['number'].startswith('1.23.')";
    let judge_s = json_values(&json, &[number]) == ["True"];
    let other = "[(note['kind'], note['judges_version']) for note in found['build']['note_facts']]";
    assert!(
        judge_s || json_values(&json, &[other]) == ["[('other_tool', '1.23')]"],
        "{json}"
    );
    assert!(
        judge_s || std::env::var("CI").as_deref() != Ok("true"),
        "LeetCode's Go 1.23 is missing under CI: .ci/run fetches it"
    );
    if !judge_s {
        println!("not with LeetCode's go 1.23: GOTOOLCHAIN=go1.23.12 go version fetches it");
    }
}

/// Go's standard packages are compiled once per toolchain, into a build cache of `--check`'s own
/// that each Go build starts from a copy of; what a build adds to its copy is its own and is
/// gone once it is built, so no build keeps a cache another could read.
#[test]
fn go_builds_share_only_the_standard_packages_cache() {
    if missing_tool("x.go").is_some() {
        return;
    }
    let text = read_fixture("lc913", "correct.go");
    let unique = format!("// built once, by process {}\n{text}", std::process::id());
    passes(
        "lc913",
        &scratch_file("own_cache.go", unique.as_bytes()),
        "10",
    );
    let root = tests::sandbox::places::cache_root();
    let mut standard = 0;
    for entry in std::fs::read_dir(&root).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let cache = entry.path().join("gocache");
        // A build being made (another test's) holds its copy until it ends.
        if name.starts_with("partial-") || !entry.path().join("built").is_file() {
            continue;
        }
        match name.starts_with("go-std-") {
            true => {
                // Go makes its 256 folders in any cache it opens: the files are what it compiled.
                let compiled = files_under(&cache);
                assert!(compiled > 100, "{}: {compiled} files", cache.display());
                standard += 1;
            }
            false => assert!(!cache.exists(), "{} was kept", cache.display()),
        }
    }
    assert!(
        standard >= 1,
        "no standard packages' cache in {}",
        root.display()
    );
}

/// How many regular files the tree at `path` holds.
fn files_under(path: &std::path::Path) -> usize {
    std::fs::read_dir(path).map_or(0, |entries| {
        entries
            .flatten()
            .map(|entry| match entry.file_type() {
                Ok(kind) if kind.is_dir() => files_under(&entry.path()),
                Ok(kind) => usize::from(kind.is_file()),
                Err(_) => 0,
            })
            .sum()
    })
}

/// Java as LeetCode builds it, Java 21: by the machine's JDK 21, else its newest newer one
/// with `--release 21` (Java 21's language and library, nothing newer), so a record pattern
/// (Java 21) builds and passes, and an unnamed variable (Java 22) does not compile, as on
/// LeetCode. With an older JDK (`JAVA_HOME` at Java 17, where there is one) the build line
/// says so, and a refusal is no verdict: "cannot judge the build", exit 2.
#[test]
fn java_is_built_at_leetcode_s_version() {
    if missing_tool("x.java").is_some() {
        return;
    }
    let output = check(
        "lc913",
        &fixture("lc913", "RecordPatterns21.java"),
        &["--cases", "300", "--json"],
    );
    let json = String::from_utf8_lossy(&output.stdout).into_owned();
    let tool = "((found.get('build') or {}).get('tool') or {})";
    let release = format!(
        "{tool}.get('args', [])[-2:] == ['--release', '21'] and {tool}.get('older_than') is None \
         and {tool}.get('judge') == 'LeetCode'"
    );
    let for_21 = json_values(&json, &[&release]) == ["True"];
    assert!(
        for_21 || std::env::var("CI").as_deref() != Ok("true"),
        "no JDK of Java 21 or newer under CI: {json}"
    );
    if !for_21 {
        println!("skipped: no JDK of Java 21 or newer here ({json})");
        return;
    }
    assert_eq!(output.status.code(), Some(0), "{json}");
    let json = refused_json(
        "lc913",
        &fixture("lc913", "Unnamed22.java"),
        &["--cases", "50"],
    );
    assert_refusal(
        &json,
        &[
            DOES_NOT_COMPILE,
            (
                "tool['name'], tool['version']['family']",
                "('javac', 'java')",
            ),
            ("'Unnamed22.java:7' in refusal['reason']['shown']", "True"),
        ],
    );
    let old = std::path::Path::new("/usr/lib/jvm/java-17-openjdk-amd64");
    if !old.join("bin/javac").is_file() {
        println!("skipped the older JDK: there is no {}", old.display());
        return;
    }
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .args([
            "--check",
            &fixture("lc913", "RecordPatterns21.java"),
            "--cases",
            "50",
            "--json",
        ])
        .env("JAVA_HOME", old)
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(2), "{json}");
    assert_refusal(
        &json,
        &[
            (
                "found['verdict'], refusal['kind']",
                "('error', 'cannot_judge')",
            ),
            ("refusal['version']['family']", "'java'"),
            ("refusal['version']['number'].split('.')[0]", "'17'"),
            ("tool['older_than']", "{'family': 'java', 'version': '21'}"),
        ],
    );
}

/// LeetCode's Node has lodash and the datastructures-js queues as globals; a solution that
/// uses one that is not installed here is told so, and a JavaScript crash names the user's
/// file and line, as does TypeScript's through its source map.
#[test]
fn node_solutions_name_missing_packages_and_their_own_lines() {
    if missing_tool("x.ts").is_some() {
        return;
    }
    let queue = scratch_file(
        "uses_queue.js",
        b"var catMouseGame = function (graph) {\n    const q = new MinPriorityQueue();\n    return 0;\n};\n",
    );
    // No verdict: LeetCode's Node has it, whatever the node here is.
    let json = refused_json("lc913", &queue, &[]);
    let package = "refusal['kind'], refusal['package'], refusal['global']";
    let missing = "('package_missing', '@datastructures-js/priority-queue', 'MinPriorityQueue')";
    assert_refusal(
        &json,
        &[("found['verdict']", "'error'"), (package, missing)],
    );
    for (name, text, place) in [
        (
            "crashes.js",
            "var catMouseGame = function (graph) {\n    return graph[99].length;\n};\n",
            "crashes.js:2:22",
        ),
        (
            "crashes.ts",
            "type Graph = number[][];\n\nfunction catMouseGame(graph: Graph): number {\n    return graph[99].length;\n}\n",
            "crashes.ts:4:22",
        ),
    ] {
        let path = scratch_file(name, text.as_bytes());
        let json = failed_json("lc913", &path, &[]);
        assert_facts(&json, &[("found['fault_facts']['kind']", "'crashed'")]);
        // The program's own trace names the user's file and line, never the build's copy.
        let fault = json_text(&json, "found['fault']");
        let at = format!("at catMouseGame ({})", path.replace(name, place));
        assert!(fault.contains(&at), "{at} not in {json}");
        assert!(!json.contains("cats-check-builds"), "{json}");
    }
}

// ---- Commands, and what cannot start ----

#[test]
fn commands_read_the_command_line_s_input() {
    // Another variant of this workspace, through `sh -c`: right on everything.
    let command = format!(
        "{} --variant fixpoint_worklist",
        env!("CARGO_BIN_EXE_lc913")
    );
    passes("lc913", &command, "300");
    // "Always a draw": wrong on the very first of the small graphs the search starts with.
    let json = failed_json("lc913", "sed 's/.*/0/'", &[]);
    let facts = [
        ("found['origin_facts']", "{'kind': 'in_order', 'at': 1}"),
        ("found['answer']", "'0'"),
        ("found['expected'] != '0'", "True"),
    ];
    assert_facts(&json, &facts);
    let instance = json_text(&json, "found['instance']");
    assert_eq!(
        answer_of("lc913", &instance),
        json_text(&json, "found['expected']")
    );
}

#[test]
fn commands_that_cannot_start_and_missing_interpreters_are_usage_errors() {
    let refused = |solution: &str, env: &[(&str, &str)], expected: &[&str]| {
        let output = Command::cargo_bin("lc913")
            .unwrap()
            .args(["--check", solution])
            .envs(env.iter().copied())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{solution}: {stderr}");
        assert!(output.stdout.is_empty(), "{solution}");
        for part in expected {
            assert!(stderr.contains(part), "{solution}: {stderr}");
        }
    };
    refused(
        "pyhton3 mine.py",
        &[],
        &["the command 'pyhton3 mine.py' could not start", "not found"],
    );
    // A `.py3` is not a language --check builds, nor a command.
    let py3_file = scratch_file(
        "mine.py3",
        b"class Solution:\n    def catMouseGame(self, graph):\n        return 0\n",
    );
    refused(
        &py3_file,
        &[],
        &[
            "could not start",
            "Permission denied",
            ".js, .ts, .go, .php, .rb, .kt, .cs, .scala, .ex, .exs, .erl, .rkt files",
        ],
    );
    if missing_tool("x.js").is_none() {
        let solution = fixture("lc913", "correct.js");
        passes("lc913", &solution, "11");
        refused(
            &solution,
            &[("PATH", "/nowhere")],
            &["Node.js 'node' was not found; set NODE to a node binary"],
        );
    }
    if missing_tool("x.py").is_none() {
        // Built (and cached) with python3 on PATH, then run where there is none.
        let solution = fixture("lc913", "correct.py");
        passes("lc913", &solution, "11");
        refused(
            &solution,
            &[("PATH", "/nowhere")],
            &["Python 'python3' was not found; set PYTHON to a Python 3 interpreter"],
        );
    }
}

// ---- Files as users save them, and what their compilers say ----

/// `text` saved as people save it: a byte-order mark, and a comment in GBK (`你好`).
fn as_saved(text: &str, comment: &str) -> Vec<u8> {
    [
        b"\xEF\xBB\xBF".as_slice(),
        comment.as_bytes(),
        b" \xC4\xE3\xBA\xC3\n",
        text.as_bytes(),
    ]
    .concat()
}

#[test]
fn sources_with_a_byte_order_mark_and_gbk_comments_build() {
    let emitted = std::fs::read_to_string(emitted("lc913", "lc913_for_bom.rs")).unwrap();
    let sources = [
        ("lc913", "bom_gbk.rs", emitted, "//"),
        (
            "lc913",
            "bom_gbk.cpp",
            read_fixture("lc913", "correct.cpp"),
            "//",
        ),
        (
            "lc913",
            "bom_gbk.py",
            read_fixture("lc913", "correct.py"),
            "#",
        ),
        (
            "lc1728",
            "BomGbk.java",
            read_fixture("lc1728", "Correct.java"),
            "//",
        ),
    ];
    for (bin, name, text, comment) in sources {
        if missing_tool(name).is_some() {
            continue;
        }
        passes(bin, &scratch_file(name, &as_saved(&text, comment)), "30");
    }
    // A whole judge program, as NOI programs are often saved: caught as before.
    if missing_tool("x.cpp").is_none() {
        let program = read_fixture("noi2011", "seed004_win.cpp");
        let file = scratch_file("gbk_seed004.cpp", &as_saved(&program, "//"));
        // Built and run: caught on the first of the small games.
        let json = failed_json("noi2011", &file, &[]);
        let first = "{'kind': 'in_order', 'at': 1}";
        assert_facts(&json, &[("found['origin_facts']", first)]);
    }
}

#[test]
fn compile_errors_name_the_user_s_file_and_line() {
    let broken = [
        (
            "broken.cpp",
            "class Solution {\npublic:\n    int catMouseGame(vector<vector<int>>& g) { return x; }\n};\n",
            "broken.cpp:3:",
        ),
        (
            "broken.py",
            "class Solution:\n    def catMouseGame(self, graph):\n        return (\n",
            "broken.py\", line 3",
        ),
        (
            "broken.rs",
            "impl Solution {\n    pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32 {\n        y\n    }\n}\n",
            "broken.rs:3:9",
        ),
        (
            "Broken.java",
            "class Solution {\n    public int catMouseGame(int[][] graph) {\n        return y;\n    }\n}\n",
            "Broken.java:3: error",
        ),
        (
            "broken.c",
            "int catMouseGame(int** graph, int graphSize, int* graphColSize) {\n    return y;\n}\n",
            "broken.c:2:12: error",
        ),
        (
            "broken.js",
            "var catMouseGame = function (graph) {\n    return (;\n};\n",
            "broken.js:2",
        ),
        // A brace left open: found at the end of the user's own text (its line 3 being where
        // the input ends), not at a harness line past it.
        (
            "unclosed.js",
            "var catMouseGame = function (graph) {\n    return 0;\n",
            "unclosed.js:3\n",
        ),
        (
            "broken.ts",
            "function catMouseGame(graph: number[][]): number {\n    const unused = 1;\n    return y;\n}\n",
            "broken.ts(3,12): error",
        ),
        (
            "broken.go",
            "func catMouseGame(graph [][]int) int {\n\treturn y\n}\n",
            "broken.go:2",
        ),
        // A package clause of its own and a standard package used without an import: both
        // rewritten on the clause's line, so the lines below keep their numbers.
        (
            "broken_package.go",
            "package leetcode\n\nfunc catMouseGame(graph [][]int) int {\n\tsort.Ints(graph[0])\n\treturn y\n}\n",
            "broken_package.go:5",
        ),
    ];
    each_at_once(&broken, |&(name, text, place)| {
        if missing_tool(name).is_some() {
            return;
        }
        let path = scratch_file(name, text.as_bytes());
        let json = refused_json("lc913", &path, &[]);
        // A tool older than the judge's (gcc 12 for LeetCode's 14, Node 20 for its 22) gives
        // no verdict, and says so; the place is named either way, in the tool's own words,
        // and the tool exited with a failure of its own.
        assert_refusal(
            &json,
            &[
                (REFUSED, "True"),
                ("refusal['reason']['kind']", "'messages'"),
                ("refusal['reason']['exit_status'] not in (0, None)", "True"),
            ],
        );
        // C++ is built by the judge's own clang: no version to blame, a verdict.
        if name == "broken.cpp" {
            assert_refusal(&json, &[DOES_NOT_COMPILE]);
        }
        let shown = json_text(&json, "found['refusal']['reason']['shown']");
        assert!(shown.contains(&path.replace(name, place)), "{name}: {json}");
        assert!(!json.contains("cats-check-builds"), "{name}: {json}");
    });
}

/// A Rust solution's lines keep their file and numbers, as the harness includes the file: a
/// brace left open is found on the user's own last line, not past it in the harness; a
/// signature of other types is an error at the harness's call (`main.rs`) with a note at the
/// user's definition; a panic names the user's file and line, never the build's directory.
#[test]
fn a_rust_solution_s_messages_and_panics_name_its_own_lines() {
    if missing_tool("x.rs").is_some() {
        return;
    }
    for (name, text, places) in [
        (
            "unclosed.rs",
            "impl Solution {\n    pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32 {\n",
            &["--> FILE:2:"][..],
        ),
        (
            "other_types.rs",
            "impl Solution {\n    pub fn cat_mouse_game(graph: Vec<Vec<usize>>) -> i32 {\n        \
             graph.len() as i32 - 1\n    }\n}\n",
            &["--> main.rs:", "--> FILE:2:12"][..],
        ),
    ] {
        let path = scratch_file(name, text.as_bytes());
        let json = refused_json("lc913", &path, &[]);
        assert_refusal(&json, &[DOES_NOT_COMPILE]);
        // C++ is built by the judge's own clang: no version to blame, a verdict.
        if name == "broken.cpp" {
            assert_refusal(&json, &[DOES_NOT_COMPILE]);
        }
        let shown = json_text(&json, "found['refusal']['reason']['shown']");
        for place in places {
            let place = place.replace("FILE", &path);
            assert!(shown.contains(&place), "{place} not in {json}");
        }
        assert!(!json.contains("cats-check-builds"), "{name}: {json}");
    }
    let name = "panics.rs";
    let text =
        "impl Solution {\n    pub fn cat_mouse_game(graph: Vec<Vec<i32>>) -> i32 {\n        \
                graph[99].len() as i32\n    }\n}\n";
    let path = scratch_file(name, text.as_bytes());
    let json = failed_json("lc913", &path, &[]);
    assert_facts(&json, &[("found['fault_facts']['kind']", "'crashed'")]);
    let fault = json_text(&json, "found['fault']");
    let at = format!("panicked at {path}:3:");
    assert!(fault.contains(&at), "{at} not in {json}");
    assert!(!json.contains("cats-check-builds"), "{json}");
}

/// Asserts that `--check` refuses `file` as not compiling, for it never names `name`, which
/// the judge calls.
fn refused_for_naming_no(bin: &str, file: &str, name: &str, function: bool) {
    let json = refused_json(bin, file, &["--cases", "10"]);
    let function = if function { "True" } else { "False" };
    let unnamed = format!("('does_not_compile', 'unnamed', '{name}', {function})");
    let facts = "refusal['kind'], refusal['reason']['kind'], refusal['reason']['name'], \
                 refusal['reason']['function']";
    assert_refusal(
        &json,
        &[("found['verdict']", "'compile_error'"), (facts, &unnamed)],
    );
}

/// A refusal by the tool's own messages: a verdict, or none from a tool older than the
/// judge's.
const REFUSED: &str = "refusal['kind'] == 'does_not_compile' or (refusal['kind'] == \
                       'cannot_judge' and tool['older_than'] is not None)";

// ---- Built as the judge builds it ----

#[test]
fn cpp_is_built_with_the_sanitizers_as_leetcode_builds_it() {
    let Some(caught) = caught("lc913", "degree_past_end.cpp", nodes, 12) else {
        return;
    };
    // The fault, as the report gives it, is the sanitizer's.
    let fault = &caught.answer;
    assert!(
        fault.contains("AddressSanitizer: heap-buffer-overflow"),
        "{fault}"
    );
    // The report's stack names the user's file and line.
    assert!(fault.contains("degree_past_end.cpp:13"), "{fault}");
    // The build named it: LeetCode's AddressSanitizer, and UBSan added.
    let sanitizers = json_values(
        &caught.json,
        &[
            "found['build']['tool']['sanitizers']",
            "found['build']['tool']['extra_checks']",
        ],
    );
    assert_eq!(
        sanitizers,
        ["['address']", "['undefined']"],
        "{}",
        caught.json
    );
    // Without them, the mistake goes unseen: the sanitizers are what catch it.
    passes_with(
        "lc913",
        &fixture("lc913", "degree_past_end.cpp"),
        "200",
        &["--no-sanitize"],
    );
}

/// The `--json` of a check that passed (exit 0): its build as `build`, its tool as `tool` and
/// its notes as `notes` (`build['tool']` and `build['note_facts']`) in `facts`, each asserted
/// to have its value.
fn assert_build(output: &Output, facts: &[(&str, &str)]) {
    let json = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{json}");
    let short = [
        ("tool[", "found['build']['tool']["),
        ("notes", "found['build']['note_facts']"),
    ];
    assert_facts_short(&json, facts, &short);
}

/// LeetCode's C++ prelude is precompiled once into the build cache, and a precompiled header
/// clang cannot read (here garbage in its place, as a compiler's upgrade would leave one)
/// costs a build, never a verdict: the program is built without it and passes, and the
/// garbage is not kept. In a cache of the test's own, so that no other test's build meets it.
#[test]
fn a_precompiled_prelude_clang_cannot_read_is_built_without_and_dropped() {
    if missing_tool("x.cpp").is_some() || sandbox_missing() {
        return;
    }
    // Only clang's builds read it: where g++ stands in (or `CXX` names another), none is made.
    let profile = tests::build::judge::profile(
        tests::problems::Judge::LeetCode,
        tests::build::languages::Language::Cpp,
    );
    let compiler = profile.as_ref().and_then(tests::build::judge::locate);
    if !compiler.is_some_and(|command| command.to_string_lossy().contains("clang")) {
        println!("skipped: the C++ compiler here is not clang");
        return;
    }
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cats-pch-cache");
    let _ = std::fs::remove_dir_all(&cache);
    std::fs::create_dir_all(&cache).unwrap();
    let correct = read_fixture("lc913", "correct.cpp");
    let check_in_cache = |name: &str| {
        let file = scratch_file(name, format!("// {name}\n{correct}").as_bytes());
        Command::cargo_bin("lc913")
            .unwrap()
            .env("TMPDIR", &cache)
            .args(["--check", &file, "--cases", "1"])
            .output()
            .unwrap()
    };
    let precompiled = || -> Vec<PathBuf> {
        let named = |dir: &std::path::Path, start: &str| -> Vec<PathBuf> {
            let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
            entries
                .filter(|entry| entry.file_name().to_string_lossy().starts_with(start))
                .map(|entry| entry.path())
                .collect()
        };
        named(&cache, "cats-check-builds-")
            .iter()
            .flat_map(|root| named(root, "cxx-prelude-"))
            .map(|dir| dir.join("prelude.pch"))
            .filter(|pch| pch.is_file())
            .collect()
    };
    let first = check_in_cache("pch_first.cpp");
    assert_eq!(first.status.code(), Some(0), "{first:?}");
    let made = precompiled();
    assert_eq!(made.len(), 1, "one precompiled prelude: {made:?}");
    let garbage = "not a precompiled header";
    std::fs::write(&made[0], garbage).unwrap();
    let second = check_in_cache("pch_second.cpp");
    assert_eq!(second.status.code(), Some(0), "{second:?}");
    let kept: Vec<PathBuf> = precompiled()
        .into_iter()
        .filter(|pch| std::fs::read(pch).is_ok_and(|bytes| bytes == garbage.as_bytes()))
        .collect();
    assert_eq!(kept, Vec::<PathBuf>::new(), "the garbage is dropped");
    let _ = std::fs::remove_dir_all(&cache);
}

/// LeetCode's build is clang 19, C++23, -O2 and AddressSanitizer, and that build alone decides
/// what compiles: `static const` members bound to references link there (UBSan, which would
/// refuse them, is left out with a note, and the judge's AddressSanitizer still catches a read
/// past a vector, whatever the file's path); clang takes full-width text under `#if 0`, which
/// g++ refuses, and refuses an initialised variable-length array, which g++ takes.
#[test]
fn leetcode_s_cpp_is_built_with_clang_as_leetcode_builds_it() {
    if missing_tool("x.cpp").is_some() {
        return;
    }
    let official = fixture("lc913", "static_const_members.cpp");
    let output = check("lc913", &official, &["--cases", "300", "--json"]);
    let left_out = "notes[0]['kind'], notes[0]['checks'], notes[0]['judge']";
    let undefined = "'undefined reference to `Solution::' in notes[0]['why']";
    let facts = [
        ("tool['name']", "'clang++-19'"),
        (
            "tool['version']['family'], tool['version']['number'].split('.')[0]",
            "('clang', '19')",
        ),
        (
            "tool['args']",
            "['-std=c++23', '-O2', '-fsanitize=address']",
        ),
        ("tool['judge'], tool['language']", "('LeetCode', 'C++')"),
        (
            "tool['sanitizers'], tool['extra_checks']",
            "(['address'], [])",
        ),
        (
            left_out,
            "('extra_checks_left_out', ['undefined'], 'LeetCode')",
        ),
        (undefined, "True"),
    ];
    assert_build(&output, &facts);
    // The same mistake-free text with a read past a vector, under a path with "san" in it.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("thousand/sandbox");
    std::fs::create_dir_all(&dir).unwrap();
    let read_past = dir.join("static_const_read_past.cpp");
    std::fs::copy(fixture("lc913", "static_const_read_past.cpp"), &read_past).unwrap();
    let json = failed_json("lc913", &read_past.to_string_lossy(), &[]);
    let facts = [
        ("found['fault_facts']['kind']", "'crashed'"),
        (
            "'AddressSanitizer: heap-buffer-overflow' in found['fault']",
            "True",
        ),
    ];
    assert_facts(&json, &facts);
    // Full-width punctuation under `#if 0`: clang skips it, as LeetCode does.
    let correct = read_fixture("lc913", "correct.cpp");
    let notes =
        format!("#if 0\n思路：反向广搜（拓扑排序），从已知胜负的状态出发。\n#endif\n{correct}");
    passes(
        "lc913",
        &scratch_file("if_zero_notes.cpp", notes.as_bytes()),
        "100",
    );
    // An initialised variable-length array: LeetCode's compile error, and g++'s pass.
    let vla = correct.replace(
        "vector<int> result(2 * n * n, 0), left(2 * n * n, 0);",
        "int size = 2 * n * n; int result[size] = {0}; vector<int> left(size, 0);",
    );
    assert_ne!(vla, correct);
    let vla = scratch_file("initialised_vla.cpp", vla.as_bytes());
    let json = refused_json("lc913", &vla, &["--cases", "50"]);
    let shown = "'variable-sized object may not be initialized' in refusal['reason']['shown']";
    assert_refusal(
        &json,
        &[
            DOES_NOT_COMPILE,
            (
                "tool['name'], tool['version']['family']",
                "('clang++-19', 'clang')",
            ),
            ("tool['version']['number'].split('.')[0]", "'19'"),
            (shown, "True"),
        ],
    );
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .env("CXX", "g++")
        .args(["--check", &vla, "--cases", "50", "--json"])
        .output()
        .unwrap();
    // g++ is named as the user's choice.
    let chosen = "{'by': 'variable', 'variable': 'CXX', 'command': 'g++', 'same_version': False}";
    let facts = [
        ("tool['name']", "'g++'"),
        (
            "notes[0]['kind'], notes[0]['family']",
            "('other_tool', 'clang')",
        ),
        ("notes[0]['chosen']", chosen),
    ];
    assert_build(&output, &facts);
}

/// Without the judge's compiler the nearest one builds, and the report says so; a sanitizer
/// whose runtime cannot link here is found on an empty program, left out, and named.
#[test]
fn a_missing_judge_compiler_and_sanitizer_runtime_are_named() {
    let correct = fixture("lc913", "correct.cpp");
    if missing_tool(&correct).is_some() {
        return;
    }
    // A PATH with g++ and what it calls, and no clang.
    let only_gxx = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("only-gxx");
    std::fs::create_dir_all(&only_gxx).unwrap();
    for tool in ["g++", "as", "ld", "ld.bfd"] {
        let found = std::env::split_paths(&std::env::var_os("PATH").unwrap())
            .map(|dir| dir.join(tool))
            .find(|path| path.is_file())
            .unwrap_or_else(|| panic!("{tool} is not on PATH"));
        let link = only_gxx.join(tool);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(found, link).unwrap();
    }
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .env("PATH", &only_gxx)
        .args(["--check", &correct, "--cases", "50", "--json"])
        .output()
        .unwrap();
    let instead = "{'by': 'instead', 'missing': 'clang++-19', 'command': 'g++'}";
    let facts = [
        ("tool['name']", "'g++'"),
        ("tool['version']['family']", "'gcc'"),
        ("notes[0]['version'] == tool['version']", "True"),
        (
            "notes[0]['kind'], notes[0]['family']",
            "('other_tool', 'clang')",
        ),
        ("notes[0]['judges_version']", "'19'"),
        ("notes[0]['chosen']", instead),
    ];
    assert_build(&output, &facts);
    // A compiler whose AddressSanitizer runtime is missing.
    let no_asan = scratch_file(
        "no_asan_cxx.sh",
        b"#!/bin/sh\nfor arg; do case \"$arg\" in -fsanitize=*address*) \
          echo 'cannot find libasan' >&2; exit 1;; esac; done\nexec g++ \"$@\"\n",
    );
    std::fs::set_permissions(
        &no_asan,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let output = Command::cargo_bin("lc913")
        .unwrap()
        .env("CXX", &no_asan)
        .args(["--check", &correct, "--cases", "50", "--json"])
        .output()
        .unwrap();
    let cannot_link =
        format!("{{'kind': 'cannot_link', 'sanitizer': 'address', 'compiler': '{no_asan}'}}");
    let by_cxx = "notes[0]['chosen']['by'], notes[0]['chosen']['variable']";
    let facts = [
        ("tool['args']", "['-std=c++23', '-O2']"),
        (
            "tool['sanitizers'], tool['extra_checks']",
            "([], ['undefined'])",
        ),
        ("notes[1]", &cannot_link),
        (
            "notes[0]['kind'], notes[0]['family']",
            "('other_tool', 'clang')",
        ),
        (by_cxx, "('variable', 'CXX')"),
    ];
    assert_build(&output, &facts);
}

/// NOI and Luogu build with g++, C++14 and -O2: `cin >> (row + 1)` into a char array, which
/// C++20 removed, is right there. `--std` picks another standard, names it in the build line,
/// and refuses one the compiler does not take; a refusal under a newer standard says which
/// older one takes the program, and shows the first error, not hundreds of lines.
#[test]
fn noi2011_is_built_as_the_oi_judges_build_it() {
    let program = fixture("noi2011", "oi_style.cpp");
    if missing_tool(&program).is_some() {
        return;
    }
    let output = check("noi2011", &program, &["--cases", "60", "--json"]);
    let facts = [
        ("tool['name'], tool['version']['family']", "('g++', 'gcc')"),
        ("tool['args'][:2]", "['-std=c++14', '-O2']"),
        (
            "tool['standard'], tool['your_standard']",
            "('c++14', False)",
        ),
        ("tool['judge'], tool['language']", "('NOI/Luogu', 'C++')"),
        ("tool['extra_checks']", "['address', 'undefined']"),
        // No note but, where g++ is not the judges' gcc 9, that one.
        (
            "[note['kind'] for note in notes if note['kind'] != 'other_tool']",
            "[]",
        ),
    ];
    assert_build(&output, &facts);
    let json = refused_json("noi2011", &program, &["--std", "c++23"]);
    let older = "{'kind': 'older_standard', 'older': 'c++17', 'used': 'c++23'}";
    assert_refusal(
        &json,
        &[
            DOES_NOT_COMPILE,
            ("tool['standard'], tool['your_standard']", "('c++23', True)"),
            ("tool['judge']", "'NOI/Luogu'"),
            ("'oi_style.cpp:39:' in refusal['reason']['shown']", "True"),
            ("refusal['reason']['more_lines'] > 0", "True"),
            // The first error only, which the text report shows with a count of the lines
            // left out: a screen, not the compiler's pages.
            ("len(refusal['reason']['shown'].splitlines()) < 40", "True"),
            ("refusal['hints']", &format!("[{older}]")),
        ],
    );
    let output = check("noi2011", &program, &["--std", "c++99x"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --std c++99x: g++ does not take -std=c++99x\n"
    );
    assert!(output.stdout.is_empty());
}

// ---- Run as the judge's driver runs it ----

/// LeetCode's C++ driver makes each test case's object as `Solution()`, a value-initialised
/// temporary on a stack large enough for a 16 MB member: a member table with no initialiser
/// starts at zero every time, and the 16 MB object fits. Both pass, as LeetCode accepts them,
/// as does a recursion thousands of frames deep, and the pass says the judge's largest
/// instances ran.
#[test]
fn cpp_objects_are_made_as_leetcode_s_driver_makes_them() {
    let uninitialised = fixture("lc913", "member_table_uninitialised.cpp");
    if missing_tool(&uninitialised).is_some() {
        return;
    }
    passes("lc913", &uninitialised, "300");
    // Recursion as deep as the positions (thousands of frames), under AddressSanitizer.
    passes("lc913", &fixture("lc913", "recursive_spread.cpp"), "300");
    let output = check("lc1728", &fixture("lc1728", "member_16mb.cpp"), &["--json"]);
    // The whole plan, the judge's largest grids included.
    let largest = "[family['ran'] == family['whole'] > 0 \
                   for family in found['plan']['families'] if family['kind'] == 'largest']";
    let plan = [
        ("found['verdict']", "'pass'"),
        (
            "found['plan']['ran'] == found['plan']['whole'] == 2523",
            "True",
        ),
        (largest, "[True]"),
    ];
    assert_exit_and_facts(&output, 0, &plan);
}

// ---- Read, not run, at build time ----

/// A JavaScript solution's build checks its syntax with `node --check` and reads its text for
/// the function, never running it: one that names no `catMouseGame` is a compile error, one
/// that defines it only at run time (through `eval`) passes the build and its run says the
/// function is missing, as the user's mistake.
#[test]
fn a_javascript_file_is_read_not_run_at_build_time() {
    if missing_tool("x.js").is_some() {
        return;
    }
    let unnamed = scratch_file("no_function.js", b"var catmousegame = (graph) => 1;\n");
    let json = refused_json("lc913", &unnamed, &[]);
    let reason =
        "refusal['reason']['kind'], refusal['reason']['name'], refusal['reason']['function']";
    let facts = [
        ("found['verdict']", "'compile_error'"),
        (reason, "('unnamed', 'catMouseGame', True)"),
        (
            "refusal['reason']['file'].endswith('no_function.js')",
            "True",
        ),
    ];
    assert_refusal(&json, &facts);
    let broken = scratch_file("syntax_error.js", b"var catMouseGame = (graph) => {;\n");
    let json = refused_json("lc913", &broken, &[]);
    // Refused either way; a node older than LeetCode's gives no verdict.
    let facts = [
        (REFUSED, "True"),
        ("'SyntaxError' in refusal['reason']['shown']", "True"),
    ];
    assert_refusal(&json, &facts);
    let hidden = b"// catMouseGame\neval('var catMouse' + 'Game = 1');\n";
    let hidden = scratch_file("defined_by_eval.js", hidden);
    let json = failed_json("lc913", &hidden, &[]);
    let undefined = "your solution defines no function catMouseGame once it has run, and \
                     LeetCode calls it";
    let fault = format!("{undefined:?} in found['fault']");
    assert_facts(&json, &[(fault.as_str(), "True")]);
}
