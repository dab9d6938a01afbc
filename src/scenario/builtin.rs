//! Scenarios built into the binary.

use super::check::{LoadedScenario, ScenarioError, load_bytes};

/// The text of Contracting Trouble, the booklet's scenario.
pub const CONTRACTING_TROUBLE: &str = include_str!("../../scenarios/contracting-trouble.json");

/// The solo variant of Contracting Trouble: some Insurgents wait in ambush.
pub const CONTRACTING_TROUBLE_SOLO: &str =
    include_str!("../../scenarios/contracting-trouble-solo.json");

/// Contracting Trouble, checked. The file ships with the app and is tested, so this fails only
/// if the shipped file was broken.
pub fn contracting_trouble() -> Result<LoadedScenario, ScenarioError> {
    load_bytes(CONTRACTING_TROUBLE.as_bytes())
}

/// Every built-in scenario: (id, title, text).
pub const ALL: &[(&str, &str, &str)] = &[
    (
        "contracting-trouble",
        "Contracting Trouble!",
        CONTRACTING_TROUBLE,
    ),
    (
        "contracting-trouble-solo",
        "Contracting Trouble! (solo variant, with ambushes)",
        CONTRACTING_TROUBLE_SOLO,
    ),
];
