//! The workspace as its design card draws it: the top level, self-contained solution crates,
//! and `shared` used by the workbench alone. Dependencies are read from `cargo tree`, so a
//! dependency added in any form (normal, dev, build) fails here.

use std::path::Path;
use std::process::Command;

fn workspace_root() -> &'static Path {
    // This package is `<root>/tests`.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests package sits in the workspace")
}

/// `cargo tree ARGS` over the workspace, offline (nothing is fetched): its lines, each package
/// prefixed by its depth.
fn cargo_tree(args: &[&str]) -> Vec<String> {
    let output = Command::new(env!("CARGO"))
        .arg("tree")
        .args(["--offline", "-e", "normal,dev,build", "--prefix", "depth"])
        .args(args)
        .current_dir(workspace_root())
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| line.split(" (").next().unwrap_or(line).to_string())
        .collect()
}

#[test]
fn the_top_level_holds_exactly_the_design_card_s_entries() {
    let allowed = [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "lc913",
        "lc1728",
        "noi2011",
        "shared",
        "tests",
        ".ci",
        ".gitignore",
        "LICENSE",
    ];
    // Git's own folder and the ignored build folder are not part of the tree.
    let ignored = [".git", "target"];
    let mut extra = Vec::new();
    for entry in std::fs::read_dir(workspace_root()).expect("the root is readable") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        if !allowed.contains(&name.as_ref()) && !ignored.contains(&name.as_ref()) {
            extra.push(name.into_owned());
        }
    }
    assert!(extra.is_empty(), "not on the design card: {extra:?}");
}

#[test]
fn each_solution_crate_stands_alone() {
    for krate in ["lc913", "lc1728", "noi2011"] {
        let tree = cargo_tree(&["-p", krate]);
        assert_eq!(
            tree,
            vec![format!("0{krate} v0.1.0")],
            "{krate} must build with std alone"
        );
    }
}

#[test]
fn shared_is_a_dependency_of_the_workbench_only() {
    let dependents = cargo_tree(&["-i", "shared", "--depth", "1"]);
    assert_eq!(dependents, vec!["0shared v0.1.0", "1tests v0.1.0"]);
}
