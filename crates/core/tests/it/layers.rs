//! The layer table of ARCHITECTURE.md is the law of the core's modules: a module may use only
//! the modules of the rows above its own. This test reads that table and every source file, so
//! neither the code nor the document can drift from the other; and it asks Cargo that no GUI
//! crate is in the core's dependency tree.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common;

/// The rows of the table under "## Layers" in ARCHITECTURE.md, bottom layer first: the modules
/// named in backquotes in each row's second column.
fn layer_table() -> Vec<(String, Vec<String>)> {
    let text =
        std::fs::read_to_string(common::repo_path("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a section '## Layers'");
    let mut rows = Vec::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (Some(layer), Some(modules)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        if *layer == "layer" || layer.starts_with("---") {
            continue;
        }
        let names: Vec<String> = modules
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        rows.push(((*layer).to_owned(), names));
    }
    rows
}

/// The top-level modules `lib.rs` declares.
fn declared_modules(src: &Path) -> Vec<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    lib.lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("pub mod ")
                .or(l.trim().strip_prefix("mod "))
        })
        .map(|l| l.trim_end_matches(';').to_owned())
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file below `src` (`game/log/replay.rs` → game, log, replay).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("below src");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Every top-level module a file's code (comments left out) names: `crate::name`, or `super::`
/// climbing out of its own top-level module.
fn modules_named(code: &str, path: &[String], top: &[String]) -> Vec<(usize, String)> {
    let mut named = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("");
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let preceded = rest[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            if !preceded && top.contains(&name) {
                named.push((number + 1, name));
            }
            rest = after;
        }
        let mut rest = line;
        while let Some(at) = rest.find("super::") {
            let mut after = &rest[at..];
            let mut climbs = 0;
            while let Some(next) = after.strip_prefix("super::") {
                climbs += 1;
                after = next;
            }
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if climbs >= path.len() && top.contains(&name) {
                named.push((number + 1, name));
            }
            rest = after;
        }
    }
    named
}

#[test]
fn no_module_of_the_core_uses_one_above_its_row_of_the_layer_table() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let table = layer_table();
    let top = declared_modules(&src);
    assert!(
        table.len() >= 5,
        "the layer table has too few rows: {table:?}"
    );

    // Each module of lib.rs is in exactly one row, and the table names no other.
    let mut row_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (row, (layer, modules)) in table.iter().enumerate() {
        for module in modules {
            assert!(
                top.contains(module),
                "the layer table names `{module}` ({layer}), which lib.rs does not declare"
            );
            assert!(
                row_of.insert(module, row).is_none(),
                "`{module}` is in two rows of the layer table"
            );
        }
    }
    for module in &top {
        assert!(
            row_of.contains_key(module.as_str()),
            "lib.rs declares `{module}`, which the layer table of ARCHITECTURE.md leaves out"
        );
    }

    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let path = module_path(&src, &file);
        let Some(own) = path.first() else { continue };
        if own == "lib" {
            continue;
        }
        let own_row = row_of[own.as_str()];
        let code = std::fs::read_to_string(&file).expect("a source file");
        for (line, name) in modules_named(&code, &path, &top) {
            if name != *own && row_of[name.as_str()] >= own_row {
                wrong.push(format!(
                    "{}:{line}: `{own}` ({}) uses `{name}` ({})",
                    file.strip_prefix(&src).unwrap_or(&file).display(),
                    table[own_row].0,
                    table[row_of[name.as_str()]].0
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "uses that point up the layer table:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_scan_sees_crate_paths_and_climbs_but_not_comments() {
    let top: Vec<String> = ["game", "dice", "solo"].map(str::to_owned).to_vec();
    let path = ["game".to_owned(), "log".to_owned()];
    let code = "use crate::dice::Die;\n// crate::solo in a comment\nuse super::super::solo::x;\nlet a = mycrate::solo;\n";
    assert_eq!(
        modules_named(code, &path, &top),
        vec![(1, "dice".to_owned()), (3, "solo".to_owned())]
    );
}

/// The core's dependency tree, as Cargo resolves it, holds no GUI crate.
#[test]
fn the_core_depends_on_no_gui_crate() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-p",
            "ambush-core",
            "-e",
            "normal,build",
            "--prefix",
            "none",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8_lossy(&output.stdout);
    assert!(tree.lines().count() > 5, "{tree}");
    for line in tree.lines() {
        let name = line.split_whitespace().next().unwrap_or("");
        for gui in [
            "egui",
            "eframe",
            "rfd",
            "winit",
            "egui_plot",
            "glow",
            "egui_kittest",
        ] {
            assert_ne!(name, gui, "the core depends on {gui}:\n{tree}");
        }
    }
}
