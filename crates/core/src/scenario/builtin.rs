//! Scenarios built into the binary.

use super::check::{LoadedScenario, ScenarioError, load_bytes};

/// The text of Contracting Trouble, the booklet's scenario.
pub const CONTRACTING_TROUBLE: &str =
    include_str!("../../../../scenarios/contracting-trouble.json");

/// The solo variant of Contracting Trouble: some Insurgents wait in ambush.
pub const CONTRACTING_TROUBLE_SOLO: &str =
    include_str!("../../../../scenarios/contracting-trouble-solo.json");

/// Night Patrol: a 15 mm patrol with three Hot Spots, its own Hot Spot roll and reinforcement
/// table, and a quick reaction force arriving on turn 3.
pub const NIGHT_PATROL: &str = include_str!("../../../../scenarios/night-patrol.json");

/// The Pump House: a 28 mm escort with ambushes at a named Hot Spot and at a point, a spot
/// neutralized at the start, foreign fighters among the reinforcements and a place to hold.
pub const PUMP_HOUSE: &str = include_str!("../../../../scenarios/pump-house.json");

/// Roadblock at Dawn: version 3 of the format, with events on a set turn (the Insurgency Level
/// rises, the market wakes, a note for the referee), a turn limit rolled at the end of turn 6,
/// a quick reaction force arriving on a roll, an escort that does not end the game, an item
/// the referee scores once, victory thresholds and the author's notes.
pub const ROADBLOCK_AT_DAWN: &str = include_str!("../../../../scenarios/roadblock-at-dawn.json");

/// Hostages at the Bakery: version 4 of the format, with events on a roll and on a condition
/// (a note for the players, a row of the reinforcement table and the Hot Spot roll changed, the
/// Insurgency Level raised once the Insurgents have points), a turn limit kept secret and an end
/// rolled each turn from turn 5, an arrival at a Hot Spot by number, points that count only up to
/// turn 4, points for hostages still held at the end, and hostages who change sides when freed.
pub const BAKERY_HOSTAGES: &str = include_str!("../../../../scenarios/bakery-hostages.json");

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
    ("night-patrol", "Night Patrol", NIGHT_PATROL),
    ("pump-house", "The Pump House", PUMP_HOUSE),
    ("roadblock-at-dawn", "Roadblock at Dawn", ROADBLOCK_AT_DAWN),
    ("bakery-hostages", "Hostages at the Bakery", BAKERY_HOSTAGES),
];
