//! The phones crate is below the desk: its dependency tree holds no GUI crate, and it reaches
//! the game through the core alone.

#[test]
fn the_phones_depend_on_no_gui_crate_and_on_the_core() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-p",
            "ambush-phones",
            "-e",
            "normal,build",
            "--prefix",
            "none",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cargo runs: {e}"));
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8_lossy(&output.stdout);
    let names: Vec<&str> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert!(
        names.contains(&"ambush-core") && names.contains(&"axum"),
        "{tree}"
    );
    for gui in [
        "egui",
        "eframe",
        "rfd",
        "winit",
        "egui_plot",
        "glow",
        "egui_kittest",
        "ambush-alley",
    ] {
        assert!(!names.contains(&gui), "the phones depend on {gui}:\n{tree}");
    }
}
