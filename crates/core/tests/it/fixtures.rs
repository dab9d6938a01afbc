//! Saved games written by earlier versions keep loading, and give the game their version showed.

use std::path::PathBuf;

use ambush_core::game::Game;
use ambush_core::journal;
use serde_json::{Value, json};

use crate::common;

fn fixture(name: &str) -> PathBuf {
    common::repo_path("tests/fixtures").join(name)
}

/// What the fixture's `.state.json` records of a game: the parts of the state every version of
/// the app agrees on.
fn digest(game: &Game) -> Value {
    let state = game.state();
    let (regular, insurgent) = state.victory_points(game.scenario());
    json!({
        "turn": state.turn(),
        "phase": state.phase(),
        "victory_points": [regular, insurgent],
        "victory": state.victory().iter().map(|v| json!([v.item, v.count])).collect::<Vec<_>>(),
        "insurgency": state.insurgency().to_string(),
        "hot_spots": state.hot_spots().iter().map(|h| json!([h.number, h.active])).collect::<Vec<_>>(),
        "events_in_effect": game.events_in_effect(),
        "entries": game.entry_count(),
        "pending": state.pending_steps().len(),
        "active_unit": state.active_unit().map(|u| u.0),
        "units": state.units().map(|u| {
            let s = &u.status;
            json!({
                "id": u.id.0, "key": u.key, "name": u.name, "side": u.side,
                "presence": u.presence, "tq": u.profile.tq, "morale": u.profile.morale, "armor": u.profile.armor,
                "optimum_range": u.profile.optimum_range, "location": u.location,
                "figures": u.figures.iter()
                    .map(|f| json!([f.name, f.weapon, f.tq, f.wound, f.tag]))
                    .collect::<Vec<_>>(),
                "status": {
                    "movement": s.movement(), "last_movement": s.last_movement(),
                    "overwatch": s.overwatch(), "pinned": s.pinned(), "pull_back": s.pull_back(),
                    "shaken_on_turn": s.shaken_on_turn(), "in_cover": s.in_cover(),
                    "activated": s.activated(), "done_for_turn": s.done_for_turn(),
                    "fire_only": s.fire_only(), "times_interrupted": s.times_interrupted(),
                    "interrupts_made": s.interrupts_made(), "has_casualties": s.has_casualties(),
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

#[test]
fn an_entry_the_corrected_rules_refuse_opens_the_game_as_it_stood_before_it() {
    for (name, line, left_out, why) in [
        ("v1-contractors-walk-off", 3, 4, "never acts on its own"),
        (
            "v1-reaction-without-interruption",
            4,
            2,
            "has nothing to react to",
        ),
    ] {
        let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let refused = loaded
            .refused
            .clone()
            .expect("the refused entry is reported");
        assert_eq!((refused.line, refused.left_out), (line, left_out), "{name}");
        assert!(refused.reason.contains(why), "{name}: {}", refused.reason);
        assert_eq!(refused.written_by_rules, 1);
        let words = refused.words();
        assert!(
            words.contains(&format!("line {line}")) && words.contains("earlier rules"),
            "{words}"
        );
        assert_eq!(digest(&loaded.game), expected(name), "{name}");
    }
}

#[test]
fn resuming_a_refused_save_keeps_the_file_and_goes_on_in_a_journal_of_its_own() {
    use ambush_core::session::Session;
    let dir = std::env::temp_dir().join(format!("aa-fixtures-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let autosave = dir.join("autosave.jsonl");
    let original = std::fs::read(fixture("v1-contractors-walk-off.jsonl")).expect("fixture");
    std::fs::write(&autosave, &original).expect("copy");
    let loaded = journal::load_path(&autosave).expect("loads");
    let session = Session::resume(loaded, &autosave, Some(&autosave));
    assert_eq!(session.save_error(), None);
    // The journal now holds the game as it opened, in the current format.
    let reread = journal::load_path(&autosave).expect("the new autosave loads");
    assert_eq!(reread.refused, None);
    assert_eq!(reread.game.entry_count(), 1);
    // The original is kept, byte for byte, beside it.
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("previous-game"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read(kept[0].path()).expect("kept"), original);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_solo_game_with_weighed_choices_and_hidden_contacts_loads_as_it_was_played() {
    // Written by the version that brought the weighed opponent and the contacts (journal
    // format 1, scenario format 2): every choice with its percentile, the markers and what two
    // of them hid, an undo and a redo.
    let name = "v1-weighed-solo";
    let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(loaded.refused, None);
    assert_eq!(digest(&loaded.game), expected(name));
    let state = loaded.game.state();
    assert_eq!(
        state.settings().difficulty,
        ambush_core::game::SoloDifficulty::Veteran
    );
    assert_eq!(state.solo_decisions().len(), 4);
    assert!(state.solo_decisions().iter().all(|d| d.roll.is_some()));
    let revealed: Vec<&str> = state
        .contacts()
        .iter()
        .filter(|c| c.revealed)
        .map(|c| c.marker.as_str())
        .collect();
    assert_eq!(revealed, vec!["B", "D"]);
    assert_eq!(
        state.contacts().iter().filter(|c| c.unit.is_some()).count(),
        2
    );
}

#[test]
fn a_game_with_marker_decisions_and_dice_that_stay_loads_as_it_was_played() {
    // Written by the version that brought the markers' decisions and the dice that stay
    // (journal format 2, rules 5): every marker's decision with its percentile, an undo and a
    // redo, the difficulty changed, a marker's orders and a marker seen.
    let name = "v2-marker-decisions";
    let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(loaded.refused, None);
    assert_eq!(loaded.game.rules(), 5);
    assert_eq!(digest(&loaded.game), expected(name));
    let state = loaded.game.state();
    assert!(state.settings().dice_stay);
    assert_eq!(state.settings().dice_seed, Some(4_711));
    assert_eq!(
        state.settings().difficulty,
        ambush_core::game::SoloDifficulty::Veteran
    );
    assert_eq!(state.solo_decisions().len(), 6);
    assert!(state.solo_decisions().iter().all(|d| d.roll.is_some()));
    assert!(state.marker_decided("B", ambush_core::game::solo::ORDERS));
}

#[test]
fn a_game_of_a_scenario_of_version_3_loads_as_it_was_played() {
    // Written by the version that brought scenario format 3 (journal format 2, rules 5): six
    // turns of Roadblock at Dawn: the driver carried off (an escort that does not end the
    // game), an item scored once, undone and redone; the events of turns 3 to 6 (the
    // Insurgency Level twice, the market waking, a note for the referee); the quick reaction
    // force failing its roll, then coming on; the turn limit rolled at the end of turn 6.
    let name = "v2-roadblock-at-dawn";
    let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(loaded.refused, None);
    assert_eq!(loaded.game.rules(), 5);
    assert_eq!(digest(&loaded.game), expected(name));
    let game = &loaded.game;
    assert_eq!(game.scenario().events.len(), 4);
    assert_eq!(game.state().turn_limit(), Some(8));
    let notes: Vec<&String> = (0..game.event_count())
        .filter_map(|n| game.outcome(n))
        .flat_map(|o| o.referee.iter())
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("Turn 5, for the referee: "),
        "{notes:?}"
    );
}

#[test]
fn a_game_of_rules_5_keeps_what_those_rules_allowed() {
    // Written by 041a828 (journal format 2, rules 5) with the booklet's scenario: what rules 6
    // refuses, as rules 5 played it. Fireteam Alpha moves Rapid and its Reaction test is typed
    // "alert, not running" (the Regulars win it); Insurgents 1 fires its interruption with all
    // six gunmen while its two casualties are still due; Bravo activates while Alpha's First
    // Aid is still due, fires Halted, is interrupted after its fire and fires a second time;
    // a Morale check where the leader's die shows the 1 and his RPG gunner shrinks; the Squad
    // Leader fires from Overwatch at Insurgents 3 after its Halted fire is over.
    let name = "v2-rules5-what-rules6-refuses";
    let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(loaded.refused, None);
    assert_eq!(loaded.game.rules(), 5);
    assert_eq!(loaded.game.events_in_effect(), 22);
    assert_eq!(digest(&loaded.game), expected(name));
    let fires = ambush_core::story::tell(&loaded.game)
        .rolls
        .iter()
        .filter(|r| matches!(r.kind, ambush_core::story::RollKind::Fire { .. }))
        .count();
    assert_eq!(fires, 7);
}

#[test]
fn a_solo_game_of_rules_6_that_switched_its_dice_that_stay_off_replays_as_played() {
    // Written by 939596b (journal format 2, rules 6): a solo turn of Night Patrol with dice
    // that stay, the markers set, the five markers deciding, the dice that stay switched off
    // (which rules 7 refuses in a solo game), an undo and a redo, switched off again and the
    // last marker's decision rolled anew by the app's own generator.
    let name = "v2-rules6-solo-dice-switched-off";
    let loaded = journal::load_path(&fixture(&format!("{name}.jsonl")))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(loaded.refused, None);
    assert_eq!(loaded.game.rules(), 6);
    assert_eq!(digest(&loaded.game), expected(name));
    let state = loaded.game.state();
    assert!(state.settings().solo);
    assert!(!state.settings().dice_stay);
    assert_eq!(state.settings().dice_seed, Some(9_001));
    assert_eq!(state.solo_decisions().len(), 5);
}
