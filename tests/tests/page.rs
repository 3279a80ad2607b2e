//! `--explain --html FILE` through the real binaries: the page's structure (the instance drawn
//! in SVG, one element a node or cell, nothing fetched from a network, under 200 KB for the
//! judge's largest instances), bad uses refused with one `error:` line, and, in headless
//! chromium, the script run: the start drawn, stepping along the line reaching what the text
//! explanation says, a move off the line played and taken back, and a `--check` page's marks
//! of a program's mistakes: its answers beside the truth, the contradiction one click away.
//! Without chromium those say they skipped, except under CI (`CI=true`), where that fails.

use assert_cmd::Command;
use shared::rng::Rng;
use std::path::{Path, PathBuf};
use tests::problems::lc1728::Lc1728;
use tests::problems::lc913::Lc913;
use tests::problems::noi2011::Noi2011;
use tests::problems::Problem;
use tests::render::page::browser;
use tests::render::plan::known_words;

/// A page written for a test, in a directory of its own that goes when this does.
struct PageFile {
    dir: PathBuf,
    path: PathBuf,
}

impl PageFile {
    fn new(name: &str) -> PageFile {
        let dir =
            std::env::temp_dir().join(format!("cats-page-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        PageFile {
            path: dir.join(name),
            dir,
        }
    }
}

impl Drop for PageFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The page of `input`'s first test case written by `bin --explain --html`, and what the
/// binary printed; asserts that it succeeded and still printed the whole explanation.
fn write_page(bin: &str, input: &str, name: &str) -> (PageFile, String) {
    let page = PageFile::new(name);
    let output = Command::cargo_bin(bin)
        .unwrap()
        .arg("--explain")
        .arg("--html")
        .arg(&page.path)
        .write_stdin(input)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{bin} {name}: {stderr}");
    let explained = Command::cargo_bin(bin)
        .unwrap()
        .arg("--explain")
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.stdout, explained.stdout, "--html changes the text");
    (page, String::from_utf8(output.stdout).unwrap())
}

/// Asserts what every page holds: one `<svg>` with `count` elements carrying `marker`, a
/// script, and no address but the SVG namespace's (nothing to fetch).
fn assert_structure(page: &str, marker: &str, count: usize) {
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..100]);
    assert_eq!(page.matches("<svg").count(), 1);
    assert_eq!(page.matches(marker).count(), count, "{marker}");
    assert!(page.contains("<script>") && page.contains("const DATA = {"));
    let addresses = page.matches("http").count();
    let namespace = page.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(
        addresses, namespace,
        "an address other than the SVG namespace"
    );
    for fetching in [
        "src=",
        "<link",
        "@import",
        "fetch(",
        "XMLHttpRequest",
        "url(http",
    ] {
        assert!(!page.contains(fetching), "{fetching}");
    }
}

/// The judge's largest instances of `P` in its input format, seeded.
fn largest<P: Problem>() -> Vec<(String, String)> {
    P::largest(&mut Rng::new(42))
        .into_iter()
        .map(|(name, case)| (known_words(&name), P::judge_text(&case)))
        .collect()
}

/// Pages of the judge's largest instances: their structure, and under 200 KB (sizes printed).
fn assert_largest_pages<P: Problem>(count: fn(&str) -> (&'static str, usize)) {
    for (index, (name, input)) in largest::<P>().iter().enumerate() {
        let (page_file, _) = write_page(P::BIN, input, &format!("{}-largest-{index}.html", P::BIN));
        let page = std::fs::read_to_string(&page_file.path).unwrap();
        let (marker, expected) = count(input);
        assert_structure(&page, marker, expected);
        println!("{} {name}: {:.1} KB", P::BIN, page.len() as f64 / 1024.0);
        assert!(page.len() < 200 * 1024, "{name}: {} bytes", page.len());
    }
}

mod structure {
    use super::*;

    #[test]
    fn lc913_pages_draw_every_node_and_stay_small() {
        let (page_file, _) = write_page(
            "lc913",
            "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]",
            "lc913.html",
        );
        let page = std::fs::read_to_string(&page_file.path).unwrap();
        assert_structure(&page, "data-spot=", 6);
        assert!(
            page.contains("answer 0: a draw"),
            "the answer heads the page"
        );
        assert_largest_pages::<Lc913>(|input| {
            (
                "data-spot=",
                tests::problems::lc913::parse(input).unwrap()[0].len(),
            )
        });
    }

    #[test]
    fn lc1728_pages_draw_every_open_cell_and_stay_small() {
        let (page_file, _) = write_page("lc1728", "[\"M.C...F\"] 1 4", "lc1728.html");
        let page = std::fs::read_to_string(&page_file.path).unwrap();
        assert_structure(&page, "data-spot=", 7);
        assert!(page.contains("answer true: the mouse wins in 3 plies"));
        assert_largest_pages::<Lc1728>(|input| {
            let game = &tests::problems::lc1728::parse(input).unwrap()[0];
            ("data-spot=", shared::lc1728::open_cells(game))
        });
    }

    #[test]
    fn noi2011_pages_draw_every_cell_and_stay_small() {
        let (page_file, _) = write_page("noi2011", "1 6\nXO.OXO\n1\n1 2\n1 1\n", "noi2011.html");
        let page = std::fs::read_to_string(&page_file.path).unwrap();
        assert_structure(&page, "<circle class=\"piece", 6);
        assert!(page.contains("answer 1: Tutu's mistakes are her moves 1"));
        assert_largest_pages::<Noi2011>(|input| {
            let record = tests::problems::noi2011::read(input).unwrap();
            ("<circle class=\"piece", record.cells())
        });
    }

    #[test]
    fn bad_uses_get_one_error_line_and_status_2() {
        let graph = "[[2,3],[3,4],[0,4],[0,1],[1,2]]";
        let unwritable = std::env::temp_dir().join("cats-page-no-such-dir/x/page.html");
        let cases: [(&[&str], &str, &str); 5] = [
            (
                &["--explain", "--html"],
                graph,
                "--html needs the name of the file",
            ),
            (
                &["--explain", "--html", "--all"],
                graph,
                "--html needs the name of the file",
            ),
            (
                &["--html", "x.html"],
                graph,
                "--html goes after --explain or --check",
            ),
            (
                &["--all", "--html", "x.html"],
                graph,
                "unexpected argument '--html'; --html goes after --explain or --check",
            ),
            (
                &["--explain", "--html", "x.html"],
                "[[1],[0]]",
                "test case 1, line 1, col 1",
            ),
        ];
        for (args, input, expected) in cases {
            let output = Command::cargo_bin("lc913")
                .unwrap()
                .args(args)
                .write_stdin(input)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(output.stdout.is_empty(), "{args:?}");
            assert!(
                stderr.starts_with("error: ") && stderr.lines().count() == 1,
                "{stderr}"
            );
            assert!(stderr.contains(expected), "{args:?}: {stderr}");
        }
        assert!(
            !Path::new("x.html").exists(),
            "a refused input wrote its page"
        );
        // A page that cannot be written is the error; the explanation is printed all the same.
        let explained = Command::cargo_bin("lc913")
            .unwrap()
            .arg("--explain")
            .write_stdin(graph)
            .output()
            .unwrap();
        let output = Command::cargo_bin("lc913")
            .unwrap()
            .args(["--explain", "--html", unwritable.to_str().unwrap()])
            .write_stdin(graph)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("error: cannot write the page to"),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!explained.stdout.is_empty());
        assert_eq!(output.stdout, explained.stdout);
    }

    #[test]
    fn several_test_cases_make_the_first_one_s_page_and_say_so() {
        let page_file = PageFile::new("first.html");
        let output = Command::cargo_bin("lc913")
            .unwrap()
            .args(["--explain", "--html"])
            .arg(&page_file.path)
            .write_stdin("[[2,3],[3,4],[0,4],[0,1],[1,2]] [[1,3],[0],[3],[0,2]]")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("note: the page shows test case 1 of 2"),
            "{stderr}"
        );
        let page = std::fs::read_to_string(&page_file.path).unwrap();
        assert!(page.contains("5 nodes"), "the first graph's page");
    }
}

/// Whether chromium can run this test: it is on `PATH`, or the test is skipped (said so)
/// outside CI and fails under it.
fn chromium_here() -> bool {
    if browser::available() {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "chromium is missing under CI: .ci/run installs Debian's chromium"
    );
    println!("skipped: chromium is not on this machine");
    false
}

/// The value of `attribute` on the DOM's `<body>`, as chromium serialized it.
fn body_attribute(dom: &str, attribute: &str) -> Option<String> {
    let body = &dom[dom.find("<body")?..];
    let tag = &body[..body.find('>')?];
    let start = tag.find(&format!("{attribute}=\""))? + attribute.len() + 2;
    let value = &tag[start..];
    Some(value[..value.find('"')?].to_string())
}

/// The DOM of `page` after its script ran with `fragment`.
fn dom(page: &Path, fragment: &str) -> String {
    let address = browser::address(page, fragment).unwrap();
    browser::dump_dom(&address).unwrap()
}

/// The mouse's and the cat's places after `plies` plies of an lc913 or lc1728 explanation,
/// as the page's `data-position` says them.
fn position_after(explanation: &str, plies: usize) -> String {
    let start = explanation.lines().next().unwrap();
    let place = |after: &str| {
        let rest = &start[start.find(after).unwrap() + after.len()..];
        rest.split(',').next().unwrap().trim().to_string()
    };
    let (mut mouse, mut cat) = if start.contains("mouse on") {
        (place("mouse on "), place("cat on "))
    } else {
        // `start: mouse (0,0), cat (0,2), ...`: cells hold commas.
        let cells: Vec<&str> = start.split(['(', ')']).collect();
        (format!("({})", cells[1]), format!("({})", cells[3]))
    };
    for line in explanation
        .lines()
        .filter(|line| line.starts_with("ply "))
        .take(plies)
    {
        let (_, played) = line.split_once(": ").unwrap();
        // `mouse (0,0) -> (0,4)`, `cat stays at (1,1)`, `mouse 1 -> 3`: where it ends, last.
        let to = played.rsplit(' ').next().unwrap().to_string();
        if played.starts_with("mouse") {
            mouse = to;
        } else {
            cat = to;
        }
    }
    let turn = if plies.is_multiple_of(2) {
        "mouse"
    } else {
        "cat"
    };
    format!("mouse={mouse} cat={cat} turn={turn}")
}

mod in_chromium {
    use super::*;

    /// A page of `bin` on `input`, at its start and `steps` plies on: drawn, and where the
    /// explanation says; then `detour` (a move off the line) played and taken back.
    fn steps_and_detour(bin: &str, input: &str, steps: usize, detour: &str, after_detour: &str) {
        let (page_file, explanation) = write_page(bin, input, &format!("{bin}-browser.html"));
        let start = dom(&page_file.path, "");
        assert!(
            start.contains("id=\"mouse\"") && start.contains("id=\"cat\""),
            "no tokens drawn"
        );
        assert_eq!(
            body_attribute(&start, "data-position"),
            Some(position_after(&explanation, 0))
        );
        assert!(start.contains("class=\"move "), "no move listed");
        let stepped = dom(&page_file.path, &format!("steps={steps}"));
        assert_eq!(
            body_attribute(&stepped, "data-ply"),
            Some(steps.to_string())
        );
        assert_eq!(
            body_attribute(&stepped, "data-position"),
            Some(position_after(&explanation, steps))
        );
        assert!(
            stepped.contains("id=\"arrow\" visibility=\"visible\""),
            "the last move drawn: {stepped}"
        );
        let off = dom(&page_file.path, &format!("play={detour}"));
        assert_eq!(body_attribute(&off, "data-error"), None);
        assert_eq!(
            body_attribute(&off, "data-position").as_deref(),
            Some(after_detour)
        );
        assert_eq!(
            body_attribute(&off, "data-on-line").as_deref(),
            Some("false")
        );
        let back = dom(&page_file.path, &format!("play={detour}&back=1"));
        assert_eq!(
            body_attribute(&back, "data-position"),
            Some(position_after(&explanation, 0))
        );
        assert_eq!(
            body_attribute(&back, "data-on-line").as_deref(),
            Some("true")
        );
    }

    #[test]
    fn lc913_steps_the_explained_line_and_plays_a_detour() {
        if !chromium_here() {
            return;
        }
        // The mouse's best is 1 -> 3; 1 -> 4 is the detour.
        let graph = "[[2,3],[3,4],[0,4],[0,1],[1,2]]";
        steps_and_detour("lc913", graph, 2, "4", "mouse=4 cat=2 turn=cat");
        // A deep win on 13 nodes; the detour is the mouse's first neighbour that is not its
        // best move.
        let deep = &tests::problems::lc913::deepest_table()[20].graph;
        let best = position_after(&Lc913::explain(deep), 1);
        let detour = deep[1]
            .iter()
            .map(i32::to_string)
            .find(|node| !best.starts_with(&format!("mouse={node} ")))
            .unwrap();
        let after = format!("mouse={detour} cat=2 turn=cat");
        steps_and_detour(
            "lc913",
            &tests::problems::lc913::judge_text(deep),
            7,
            &detour,
            &after,
        );
    }

    #[test]
    fn lc1728_steps_the_explained_line_and_plays_a_detour() {
        if !chromium_here() {
            return;
        }
        // Ply 2 is the cat's stay (no arrow, its ring dashed), ply 3 the mouse's jump.
        let game = "[\"M.C...F\"] 1 4";
        steps_and_detour("lc1728", game, 3, "(0,1)", "mouse=(0,1) cat=(0,2) turn=cat");
        let (page_file, _) = write_page("lc1728", game, "lc1728-stay.html");
        let stayed = dom(&page_file.path, "steps=2");
        assert!(
            stayed.contains("id=\"cat\" class=\"token stayed\""),
            "{stayed}"
        );
        assert!(
            stayed.contains("id=\"arrow\" visibility=\"hidden\""),
            "{stayed}"
        );
    }

    #[test]
    fn noi2011_steps_the_record_marks_the_mistake_and_plays_a_detour() {
        if !chromium_here() {
            return;
        }
        let (page_file, _) = write_page(
            "noi2011",
            "1 6\nXO.OXO\n1\n1 2\n1 1\n",
            "noi2011-browser.html",
        );
        let start = dom(&page_file.path, "");
        assert_eq!(
            body_attribute(&start, "data-position").as_deref(),
            Some("empty=(1,3) moves=0 turn=Tutu")
        );
        // Tutu's moves: (1,2), the record's, loses; (1,4) wins.
        assert!(
            start.contains("class=\"move lose\" data-key=\"(1,2)\""),
            "{start}"
        );
        assert!(
            start.contains("class=\"move win best\" data-key=\"(1,4)\""),
            "{start}"
        );
        let stepped = dom(&page_file.path, "steps=1");
        assert_eq!(
            body_attribute(&stepped, "data-position").as_deref(),
            Some("empty=(1,2) moves=1 turn=Dandan")
        );
        assert!(
            stepped.contains("class=\"ring mistake\""),
            "the mistake ringed"
        );
        assert!(
            stepped.contains("class=\"mistake current\""),
            "the mistake in the line"
        );
        let off = dom(&page_file.path, "play=(1,4)");
        assert_eq!(
            body_attribute(&off, "data-position").as_deref(),
            Some("empty=(1,4) moves=1 turn=Dandan")
        );
        assert_eq!(
            body_attribute(&off, "data-on-line").as_deref(),
            Some("false")
        );
        // The judge's largest: 799 rounds stepped in the page.
        let (name, input) = largest::<Noi2011>().remove(0);
        let (page_file, _) = write_page("noi2011", &input, "noi2011-largest-browser.html");
        let far = dom(&page_file.path, "steps=300");
        assert_eq!(
            body_attribute(&far, "data-ply").as_deref(),
            Some("300"),
            "{name}"
        );
    }

    /// Asserts the `<body>` attributes of `dom`, each `(attribute, value)`.
    fn assert_body(dom: &str, expected: &[(&str, &str)]) {
        for &(attribute, value) in expected {
            assert_eq!(
                body_attribute(dom, attribute).as_deref(),
                Some(value),
                "{attribute}"
            );
        }
    }

    /// A `--check` page of the 6-node graph `revisit_draw.cpp` fails on, with the diagnosis a
    /// program gets that calls every win of more than 4 plies a draw (as that fixture does):
    /// written as `--check --html` writes it.
    fn diagnosed_page() -> PageFile {
        use tests::problems::chase::GameResult;
        use tests::search::diagnosis::{diagnose, Said};
        let graph =
            &tests::problems::lc913::parse("[[5],[3,4],[5],[1,4],[1,3,5],[0,2,4]]").unwrap()[0];
        let chase = tests::problems::lc913::chase(graph);
        let said: Vec<Said> = chase
            .positions
            .iter()
            .map(|position| match position.plies {
                Some(plies) if plies > 4 => Said::Result(GameResult::Draw),
                _ => Said::Result(position.truth),
            })
            .collect();
        let diagnosis = diagnose(&chase, &said, None);
        assert_eq!(diagnosis.contradiction_at, Some((1, 2)), "{diagnosis:?}");
        let page = PageFile::new("lc913-diagnosed.html");
        let line = tests::driver::pages::report_page::<Lc913>(
            graph,
            &tests::outcome::verdict::Yours::Answer("0".to_string()),
            &2,
            Some(&diagnosis),
            &page.path.to_string_lossy(),
        );
        assert!(
            matches!(line, tests::outcome::verdict::PageWritten::At(_)),
            "{line:?}"
        );
        page
    }

    #[test]
    fn a_check_page_shows_the_program_s_answers_and_goes_to_its_contradiction() {
        if !chromium_here() {
            return;
        }
        let page = diagnosed_page();
        // Ply 2: mouse on 3, cat on 5, the mouse to move, which the program judges right.
        let stepped = dom(&page.path, "steps=2");
        assert_body(&stepped, &[("data-yours", "right")]);
        assert!(
            stepped.contains(
                "start \u{b7} the truth: cat wins \u{b7} <span class=\"yours wrong\">your program \
                 says draw</span>"
            ),
            "{stepped}"
        );
        assert!(stepped.contains("<pre id=\"contradiction\" hidden=\"\">"));
        // From a detour, the link takes the replay to the contradiction (the start, here) and
        // shows its lines.
        let clicked = dom(&page.path, "play=4&steps=1&click=to-contradiction");
        assert_eq!(body_attribute(&clicked, "data-error"), None);
        assert_body(
            &clicked,
            &[
                ("data-position", "mouse=1 cat=2 turn=mouse"),
                ("data-on-line", "true"),
                ("data-yours", "wrong"),
            ],
        );
        assert!(clicked.contains("<pre id=\"contradiction\">a contradiction in your own answers"));
        assert!(clicked.contains(
            "your program says draw here, the mouse to move; the truth: cat wins: misjudged"
        ));
        // A position off the line, by the fragment: a start of its own.
        let off = dom(&page.path, "at=3,2");
        assert_body(
            &off,
            &[
                ("data-position", "mouse=3 cat=2 turn=mouse"),
                ("data-on-line", "false"),
                ("data-yours", "wrong"),
            ],
        );
    }
}
