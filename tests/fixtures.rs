//! Saved games written by earlier versions keep loading, and give the game their version showed.

use std::path::{Path, PathBuf};

use ambush_alley::game::Game;
use ambush_alley::journal;
use serde_json::{Value, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// What the fixture's `.state.json` records of a game: the parts of the state every version of
/// the app agrees on.
fn digest(game: &Game) -> Value {
    let state = game.state();
    let (regular, insurgent) = state.victory_points(game.scenario());
    json!({
        "turn": state.turn,
        "phase": state.phase,
        "victory_points": [regular, insurgent],
        "victory": state.victory.iter().map(|v| json!([v.item, v.count])).collect::<Vec<_>>(),
        "insurgency": state.insurgency.to_string(),
        "hot_spots": state.hot_spots.iter().map(|h| json!([h.number, h.active])).collect::<Vec<_>>(),
        "events_in_effect": game.events_in_effect(),
        "entries": game.entries().len(),
        "pending": state.pending.len(),
        "active_unit": state.active_unit.map(|u| u.0),
        "units": state.units.iter().map(|u| {
            let s = &u.status;
            json!({
                "id": u.id.0, "key": u.key, "name": u.name, "side": u.side,
                "presence": u.presence, "tq": u.tq, "morale": u.morale, "armor": u.armor,
                "optimum_range": u.optimum_range, "location": u.location,
                "figures": u.figures.iter()
                    .map(|f| json!([f.name, f.weapon, f.tq, f.wound, f.tag]))
                    .collect::<Vec<_>>(),
                "status": {
                    "movement": s.movement, "last_movement": s.last_movement,
                    "overwatch": s.overwatch, "pinned": s.pinned, "pull_back": s.pull_back,
                    "shaken_on_turn": s.shaken_on_turn, "in_cover": s.in_cover,
                    "activated": s.activated, "done_for_turn": s.done_for_turn,
                    "fire_only": s.fire_only, "times_interrupted": s.times_interrupted,
                    "interrupts_made": s.interrupts_made, "has_casualties": s.has_casualties,
                },
            })
        }).collect::<Vec<_>>(),
    })
}

fn expected(name: &str) -> Value {
    let text = std::fs::read_to_string(fixture(&format!("{name}.state.json")))
        .unwrap_or_else(|e| panic!("{name}.state.json: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}.state.json: {e}"))
}

#[test]
fn every_saved_game_of_an_earlier_version_loads_as_that_version_showed_it() {
    for name in [
        "v1-two-player-game",
        "v1-solo-game",
        "v1-edits",
        "v1-torn-tail",
    ] {
        let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loaded.refused, None, "{name}");
        assert_eq!(digest(&loaded.game), expected(name), "{name}");
    }
}

#[test]
fn a_crash_cut_last_line_is_left_out_and_said() {
    let loaded = journal::load_path(&fixture("v1-torn-tail.jsonl")).expect("it loads");
    let torn = loaded.dropped.expect("the unfinished line is reported");
    assert_eq!(torn.line, 60);
}
