//! The workbench's layers, read from its sources: every `crate::` and `super::` path in
//! `tests/src` (outside unit tests and comments) names the file it reaches, and
//!
//! - a file uses only the layers its own may use ([`MAY_USE`]: the layers below it, less
//!   those it must know nothing of), and
//! - no two files reach each other, at any distance: the files and what they use make no
//!   circle (a `mod.rs` reaches the children it declares, so a child that uses what its
//!   `mod.rs` defines, rather than what it re-exports, closes one).
//!
//! An architecture test, as Java's ArchUnit made them common, in std Rust: a path is resolved
//! module by module to the file that holds it, through `pub use` re-exports, so that a path
//! through a `mod.rs` counts for the file the item lives in.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each layer, bottom first, and the layers it may use (besides its own files). A layer is a
/// folder of `tests/src` or a file at its top.
const MAY_USE: &[(&str, &[&str])] = &[
    ("text", &[]),
    ("problems", &["text"]),
    ("sandbox", &["text"]),
    ("build", &["text", "problems", "sandbox"]),
    ("search", &["text", "problems", "sandbox", "build"]),
    (
        "outcome",
        &["text", "problems", "sandbox", "build", "search"],
    ),
    (
        "render",
        &["text", "problems", "sandbox", "build", "search", "outcome"],
    ),
    (
        "driver",
        &[
            "text", "problems", "sandbox", "build", "search", "outcome", "render",
        ],
    ),
    (
        "lib",
        &[
            "text", "problems", "sandbox", "build", "search", "outcome", "render", "driver",
        ],
    ),
];

/// The most lines of code a file may hold outside its unit tests (comments and blank lines
/// not counted).
const MOST_CODE_LINES: usize = 700;

/// One file of `tests/src`: its module path, its text without unit tests and comments, and
/// the paths of what it re-exports (read once, for every path that goes through it).
struct Source {
    module: Vec<String>,
    code: String,
    reexports: Vec<Vec<String>>,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, the binaries' folder left out (each is one call of the
/// driver), by its path relative to `tests/src`.
fn sources(dir: &Path, into: &mut BTreeMap<String, Source>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let relative = path
            .strip_prefix(src_dir())
            .unwrap()
            .to_string_lossy()
            .to_string();
        if path.is_dir() {
            if relative != "bin" {
                sources(&path, into);
            }
        } else if relative.ends_with(".rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let code = without_comments(without_unit_tests(&text));
            into.insert(
                relative.clone(),
                Source {
                    module: module_of(&relative),
                    reexports: reexports(&code),
                    code,
                },
            );
        }
    }
}

/// `search/session.rs` is `search::session`, `search/mod.rs` is `search`, `lib.rs` the root.
fn module_of(relative: &str) -> Vec<String> {
    let trimmed = relative.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text before the unit tests' module (`#[cfg(test)]` then `mod`), which ends a file.
fn without_unit_tests(text: &str) -> &str {
    let mut at = 0;
    while let Some(found) = text[at..].find("#[cfg(test)]") {
        let start = at + found;
        let after = text[start + "#[cfg(test)]".len()..].trim_start();
        // `pub(super) mod tests` shares its helpers with other files' unit tests.
        let after = match after.strip_prefix("pub(") {
            Some(rest) => rest
                .split_once(')')
                .map_or(after, |(_, rest)| rest.trim_start()),
            None => after,
        };
        if after.starts_with("mod ") || after.starts_with("pub mod ") {
            return &text[..start];
        }
        at = start + 1;
    }
    text
}

/// The text with `//` comments (doc comments included) and visibilities (`pub(in
/// crate::build)`) removed, strings kept as they are: a path in a doc link or a visibility is
/// not a use.
fn without_comments(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        let kept = match line.trim_start().starts_with("//") {
            true => String::new(),
            false => without_visibility(line),
        };
        code.push_str(&kept);
        code.push('\n');
    }
    code
}

/// `line` without its `pub(in PATH)`.
fn without_visibility(line: &str) -> String {
    match line.find("pub(in ") {
        Some(start) => match line[start..].find(')') {
            Some(end) => format!("{}pub{}", &line[..start], &line[start + end + 1..]),
            None => line.to_string(),
        },
        None => line.to_string(),
    }
}

/// Lines of code: neither blank nor a comment.
fn code_lines(code: &str) -> usize {
    code.lines().filter(|line| !line.trim().is_empty()).count()
}

/// Every path that starts at `crate` or `super` in `code`, as its segments, `use` trees
/// (`use super::{a, b::c}`) expanded into one path each.
fn paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_word = at == 0 || !is_word(bytes[at - 1]) && bytes[at - 1] != b':';
        let root = [&b"crate::"[..], b"super::"]
            .into_iter()
            .find(|root| bytes[at..].starts_with(root));
        match root {
            // An ASCII letter starts the root, so `at` is a character's boundary.
            Some(_) if starts_word => {
                let (tree, used) = use_tree(&code[at..]);
                found.extend(tree);
                at += used.max(1);
            }
            _ => at += 1,
        }
    }
    found
}

fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The paths of the tree at the start of `text` (`a::b::{c, d::e}`), and the bytes it takes.
fn use_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let bytes = text.as_bytes();
    let mut prefix: Vec<String> = Vec::new();
    let mut at = 0;
    loop {
        let start = at;
        while at < bytes.len() && (is_word(bytes[at]) || bytes[at] == b'*') {
            at += 1;
        }
        if at > start {
            prefix.push(text[start..at].to_string());
        }
        if text[at..].starts_with("::{") {
            at += 3;
            let mut all = Vec::new();
            loop {
                while at < bytes.len() && (bytes[at] == b' ' || bytes[at] == b'\n') {
                    at += 1;
                }
                if at >= bytes.len() || bytes[at] == b'}' {
                    at += 1;
                    break;
                }
                let (inner, used) = use_tree(&text[at..]);
                for path in inner {
                    let mut whole = prefix.clone();
                    whole.extend(path);
                    all.push(whole);
                }
                at += used;
                while at < bytes.len() && matches!(bytes[at], b',' | b' ' | b'\n') {
                    at += 1;
                }
            }
            return (all, at);
        }
        if text[at..].starts_with("::") {
            at += 2;
            continue;
        }
        return (vec![prefix], at);
    }
}

/// The file a path written in `from` reaches, or `None` for a path outside the crate's files
/// (a standard or external item reached through a re-export).
fn resolve(
    files: &BTreeMap<String, Source>,
    from: &[String],
    path: &[String],
    depth: usize,
) -> Option<String> {
    if depth > 8 {
        return None;
    }
    let mut module: Vec<String> = Vec::new();
    let mut segments = path.iter().peekable();
    match segments.peek().map(|segment| segment.as_str()) {
        Some("crate") => {
            segments.next();
        }
        Some("self") => {
            segments.next();
            module = from.to_vec();
        }
        Some("super") => {
            module = from.to_vec();
            while segments.peek().map(|segment| segment.as_str()) == Some("super") {
                segments.next();
                module.pop();
            }
        }
        _ => return None,
    }
    while let Some(next) = segments.peek() {
        let mut deeper = module.clone();
        deeper.push(next.to_string());
        if file_of(files, &deeper).is_none() {
            break;
        }
        module = deeper;
        segments.next();
    }
    let file = file_of(files, &module)?;
    // An item a `mod.rs` (or lib.rs) re-exports lives in the file it comes from.
    if let Some(item) = segments.next() {
        let holder = &files[&file];
        for reexport in &holder.reexports {
            let mut target = reexport.clone();
            match target.last().map(String::as_str) {
                Some("*") => {
                    target.pop();
                    target.push(item.clone());
                }
                Some(name) if name == item => {}
                _ => continue,
            }
            if let Some(found) = resolve(files, &holder.module, &target, depth + 1) {
                return Some(found);
            }
        }
    }
    Some(file)
}

/// The file that holds `module`, if it is one of the crate's.
fn file_of(files: &BTreeMap<String, Source>, module: &[String]) -> Option<String> {
    if module.is_empty() {
        return Some("lib.rs".to_string());
    }
    let joined = module.join("/");
    [format!("{joined}.rs"), format!("{joined}/mod.rs")]
        .into_iter()
        .find(|candidate| files.contains_key(candidate))
}

/// The paths of a file's `pub use` items; a relative one (`pub use run::Limits`) starts at
/// `self`, the file's own module.
fn reexports(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("pub use ") {
        let text = &code[at + "pub use ".len()..];
        let (tree, _) = use_tree(text);
        for path in tree {
            match path.first().map(String::as_str) {
                Some("crate" | "super") => found.push(path),
                // Relative to the file's own module: a child module's item.
                Some(_) => {
                    let mut relative = vec!["self".to_string()];
                    relative.extend(path);
                    found.push(relative);
                }
                None => {}
            }
        }
    }
    found
}

/// The files `file` reaches through its paths and the modules it declares.
fn uses(files: &BTreeMap<String, Source>, file: &str) -> BTreeMap<String, String> {
    let source = &files[file];
    let mut reached = BTreeMap::new();
    // `paths` finds only what starts at `crate` or `super`; a relative re-export starts at
    // `self`.
    let relative = source
        .reexports
        .iter()
        .filter(|path| path.first().map(String::as_str) == Some("self"))
        .cloned();
    for path in paths(&source.code).into_iter().chain(relative) {
        if let Some(target) = resolve(files, &source.module, &path, 0) {
            if target != file {
                reached.entry(target).or_insert_with(|| path.join("::"));
            }
        }
    }
    // A module declared here is reached by its declaration.
    for line in source.code.lines() {
        let line = line.trim();
        let declared = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(name) = declared {
            let mut child = source.module.clone();
            child.push(name.to_string());
            if let Some(target) = file_of(files, &child) {
                reached.insert(target, format!("mod {name}"));
            }
        }
    }
    reached
}

/// The layer a file belongs to: its top folder, or its name at the top.
fn layer(file: &str) -> &str {
    let top = file.split('/').next().unwrap_or(file);
    top.trim_end_matches(".rs")
}

fn all_sources() -> BTreeMap<String, Source> {
    let mut files = BTreeMap::new();
    sources(&src_dir(), &mut files);
    files
}

#[test]
fn every_file_uses_only_the_layers_below_its_own() {
    let files = all_sources();
    let layers: BTreeMap<&str, &[&str]> = MAY_USE.iter().copied().collect();
    let mut wrong = Vec::new();
    for file in files.keys() {
        let Some(allowed) = layers.get(layer(file)) else {
            wrong.push(format!("{file}: in no layer of MAY_USE"));
            continue;
        };
        for (target, path) in uses(&files, file) {
            let to = layer(&target);
            if to != layer(file) && !allowed.contains(&to) {
                wrong.push(format!(
                    "{file} uses {target} ({path}): {} may use only {}",
                    layer(file),
                    if allowed.is_empty() {
                        "itself".to_string()
                    } else {
                        allowed.join(", ")
                    }
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_two_files_reach_each_other() {
    let files = all_sources();
    let graph: BTreeMap<String, BTreeMap<String, String>> = files
        .keys()
        .map(|file| (file.clone(), uses(&files, file)))
        .collect();
    let mut circles = BTreeSet::new();
    for start in graph.keys() {
        if let Some(circle) = circle_through(&graph, start) {
            let mut names: Vec<String> = circle.clone();
            // One circle, named once whichever of its files it was found from.
            let smallest = names.iter().min().cloned().unwrap_or_default();
            let at = names.iter().position(|name| *name == smallest).unwrap_or(0);
            names.rotate_left(at);
            circles.insert(names.join(" -> "));
        }
    }
    assert!(
        circles.is_empty(),
        "files that reach each other (each uses the next, the last the first):\n{}",
        circles.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// A shortest path from `start` back to itself, if there is one (breadth first).
fn circle_through(
    graph: &BTreeMap<String, BTreeMap<String, String>>,
    start: &str,
) -> Option<Vec<String>> {
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.to_string()]);
    while let Some(file) = queue.pop_front() {
        for next in graph
            .get(&file)
            .map(|uses| uses.keys())
            .into_iter()
            .flatten()
        {
            if next == start {
                let mut circle = vec![file.clone()];
                let mut at = file.clone();
                while let Some(before) = came_from.get(&at) {
                    circle.push(before.clone());
                    at = before.clone();
                }
                circle.reverse();
                return Some(circle);
            }
            if !came_from.contains_key(next) && next != start {
                came_from.insert(next.clone(), file.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

#[test]
fn no_file_holds_more_than_700_lines_of_code() {
    let files = all_sources();
    let long: Vec<String> = files
        .iter()
        .map(|(file, source)| (file, code_lines(&source.code)))
        .filter(|(_, lines)| *lines > MOST_CODE_LINES)
        .map(|(file, lines)| format!("{file}: {lines} lines of code"))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

#[test]
fn the_reader_finds_paths_through_use_trees_and_re_exports() {
    let tree = paths("use super::{a, b::{c, d}};\nlet x = crate::e::f(1);");
    let joined: Vec<String> = tree.iter().map(|path| path.join("::")).collect();
    assert_eq!(
        joined,
        ["super::a", "super::b::c", "super::b::d", "crate::e::f"]
    );
    let files = all_sources();
    // `crate::sandbox::Limits` is re-exported by sandbox/mod.rs from sandbox/run.rs.
    let limits = ["crate", "sandbox", "Limits"].map(str::to_string);
    assert_eq!(
        resolve(&files, &[], &limits, 0).as_deref(),
        Some("sandbox/run.rs")
    );
    let text = ["crate", "text", "thousands"].map(str::to_string);
    assert_eq!(resolve(&files, &[], &text, 0).as_deref(), Some("text.rs"));
}

/// A language is one entry of the build layer's table: no file outside `build/` names one of
/// its languages, by the enum's variant (`Language::Kotlin`) or by its name as a string
/// (`"Kotlin"`); what differs by language is read from the table. Unit tests aside.
#[test]
fn no_file_outside_build_names_a_language() {
    let files = all_sources();
    let table = &files["build/languages.rs"].code;
    let body = table
        .split_once("enum Language {")
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(body, _)| body)
        .expect("build/languages.rs declares enum Language");
    let variants: Vec<String> = body
        .split(',')
        .map(|variant| variant.trim().to_string())
        .filter(|variant| !variant.is_empty())
        .collect();
    assert!(variants.len() >= 16, "{variants:?}");
    let names: Vec<String> = table
        .match_indices("name: \"")
        .filter_map(|(at, found)| {
            let rest = &table[at + found.len()..];
            rest.split_once('"').map(|(name, _)| format!("\"{name}\""))
        })
        .collect();
    assert!(names.len() >= 16, "{names:?}");
    let mut named = Vec::new();
    for (file, source) in files.iter().filter(|(file, _)| layer(file) != "build") {
        for variant in &variants {
            if source.code.contains(&format!("Language::{variant}")) {
                named.push(format!("{file}: Language::{variant}"));
            }
        }
        for name in &names {
            if source.code.contains(name.as_str()) {
                named.push(format!("{file}: {name}"));
            }
        }
    }
    assert!(
        named.is_empty(),
        "languages named outside build/: {named:#?}"
    );
}
