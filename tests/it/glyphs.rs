//! Every character the words of the core and of the desk are written with has a glyph in the
//! app's fonts: none draws as an empty box (a "→" once did, in the turn limit's note and in a
//! change of the settings).

use std::path::Path;

/// The string literals of a Rust source, roughly: what stands between double quotes on lines
/// that are not comments (enough to find every character a word may be written with).
fn literals(source: &str) -> Vec<String> {
    source
        .lines()
        .map(str::trim_start)
        .filter(|line| !line.starts_with("//"))
        .flat_map(|line| {
            line.split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_character_the_words_are_written_with_has_a_glyph() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["crates/core/src", "crates/phones/src", "src"] {
        sources(&root.join(dir), &mut files);
    }
    let ctx = egui::Context::default();
    let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
    // Nothing is painted here: the font atlas is only read.
    output.textures_delta.clear();
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        for literal in literals(&text) {
            for c in literal.chars().filter(|c| !c.is_ascii()) {
                let drawn = ctx.fonts_mut(|f| f.has_glyph(&egui::FontId::proportional(14.0), c));
                if !drawn {
                    missing.push(format!(
                        "{c:?} in {:?} ({})",
                        literal,
                        file.strip_prefix(root).unwrap_or(file).display()
                    ));
                }
            }
        }
    }
    assert!(missing.is_empty(), "no glyph for: {missing:#?}");
}
