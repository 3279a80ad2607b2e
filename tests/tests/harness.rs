//! Every language's harness around each LeetCode problem, built as `--check` builds it and run
//! on the statement's examples: a known right solution must give the examples' answers through
//! the harness's own channel, and print nothing of its own. The fast test of the templates in
//! `src/build/harness/`: a library call per build and run, no search, each language in a
//! thread. Built with `--check`'s own options (C and C++ under the judge's sanitizers and the
//! extra checks) into `--check`'s cache, so that a fixture's build is shared with the tests that
//! check it (about 12 s on two cores when nothing is cached, 2 s when all is).
//!
//! The right solutions: Rust, the default variant's submission; the others, `tests/fixtures/lc913/`
//! `correct.{cpp,c,py,py2,js,ts,go,php,rb,kt,cs,scala,ex,erl,rkt}` and `Correct.java`, and the same in
//! `tests/fixtures/lc1728/`. The match in [`right_solution`] names every language, so a new one
//! does not compile until it has its fixtures here.
//!
//! A language whose tool this machine lacks is skipped with a line that says so, except under
//! CI (`CI=true`), where that fails.

use std::path::PathBuf;
use std::time::Duration;
use tests::build::built::BuildOptions;
use tests::build::judge;
use tests::build::languages::Language;
use tests::build::program;
use tests::problems::lc1728::Lc1728;
use tests::problems::lc913::Lc913;
use tests::problems::Judge;
use tests::problems::Problem;
use tests::sandbox::{Ending, Limits, ScratchDir};

/// Whether `language` can be built and run here, by the tools `--check` would use (and for
/// TypeScript, Node's too); if not, says so, and under CI fails.
fn present(language: Language) -> bool {
    let mut needs = vec![language];
    if language == Language::TypeScript {
        needs.push(Language::JavaScript);
    }
    for needed in needs {
        let profile = judge::profile(Judge::LeetCode, needed).expect("LeetCode builds it");
        if judge::locate(&profile).is_none() {
            let tool = profile.tools[0];
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "{tool} is missing under CI: .ci/run installs it"
            );
            println!("skipped: {tool} is not on this machine");
            return false;
        }
    }
    true
}

/// A right solution to `P` in `language`: its fixture, or for Rust the default
/// variant's submission, saved as a user would save it.
fn right_solution<P: Problem>(language: Language) -> String {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(P::BIN);
    let path = match language {
        Language::Rust => {
            let solvers = P::solvers();
            let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("harness_{}_default.rs", P::BIN));
            std::fs::write(&path, solvers[0].submission()).unwrap();
            path
        }
        Language::Java => folder.join("Correct.java"),
        Language::Cpp => folder.join("correct.cpp"),
        Language::C => folder.join("correct.c"),
        Language::Python => folder.join("correct.py"),
        Language::Python2 => folder.join("correct.py2"),
        Language::JavaScript => folder.join("correct.js"),
        Language::TypeScript => folder.join("correct.ts"),
        Language::Go => folder.join("correct.go"),
        Language::Php => folder.join("correct.php"),
        Language::Ruby => folder.join("correct.rb"),
        Language::Kotlin => folder.join("correct.kt"),
        Language::CSharp => folder.join("correct.cs"),
        Language::Scala => folder.join("correct.scala"),
        Language::Elixir => folder.join("correct.ex"),
        Language::Erlang => folder.join("correct.erl"),
        Language::Racket => folder.join("correct.rkt"),
    };
    path.to_string_lossy().into_owned()
}

/// Builds the right solution to `P` in `language` with its harness and runs it on the
/// statement's examples, all in one batch as `--check` sends them.
fn answers_the_examples<P: Problem>(language: Language) {
    let solution = right_solution::<P>(language);
    let harness = P::harness().expect("a LeetCode problem");
    let options = BuildOptions {
        sanitize: true,
        unsandboxed: tests::sandbox::bwrap::bwrap().is_err()
            && std::env::var("CI").as_deref() != Ok("true"),
        ..BuildOptions::default()
    };
    let program = program::prepare(
        &solution,
        tests::build::harness::of::<P>(),
        Judge::LeetCode,
        &options,
    )
    .unwrap_or_else(|error| {
        panic!(
            "{solution} does not build: {}",
            tests::render::build::error(&error)
        )
    });
    let (cases, expected): (Vec<P::Case>, Vec<P::Answer>) = P::examples().into_iter().unzip();
    let limits = Limits {
        quiet: Duration::from_secs(20),
        total: Duration::from_secs(60),
        memory: 2 << 30,
        answer_lines: Some(cases.len()),
        answer_bytes: 4096,
        deadline: None,
        stop: None,
        settled: None,
    };
    let scratch = ScratchDir::new(program.isolation()).unwrap();
    let input = (harness.input)(&cases);
    let run = program
        .run(&scratch, &input, &limits)
        .unwrap_or_else(|error| {
            panic!(
                "{solution} does not run: {}",
                tests::render::build::error(&error)
            )
        });
    let exited = matches!(run.ending, Ending::Exited(status) if status.success());
    assert!(exited, "{solution}: {:?}\n{}", run.ending, run.stderr);
    let answers: Vec<P::Answer> = P::answers(&run.answers)
        .into_iter()
        .map(|answer| answer.unwrap_or_else(|text| panic!("{solution}: not an answer: {text}")))
        .collect();
    assert_eq!(
        answers,
        expected,
        "{solution} on the examples of {}",
        P::BIN
    );
    assert_eq!(
        run.printed, "",
        "{solution}: its prints are not its answers"
    );
}

/// Every language at once, each in a thread of its own: the builds are most of the time.
#[test]
fn every_language_s_harness_gives_the_examples_answers() {
    std::thread::scope(|scope| {
        for language in Language::ALL {
            // Named, so that a failure says which language's harness failed.
            let thread = std::thread::Builder::new().name(language.name().to_string());
            let spawned = thread.spawn_scoped(scope, move || {
                if present(language) {
                    answers_the_examples::<Lc913>(language);
                    answers_the_examples::<Lc1728>(language);
                }
            });
            spawned.unwrap();
        }
    });
}
