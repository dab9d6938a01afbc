//! A report as one JSON object: the state of the game, the solo opponent's settings and
//! decisions, the markers, and every roll of the story of the dice under `rolls`.

use serde::Serialize;

use crate::game::Game;
use crate::unit::{Presence, Side};

use super::{Reveal, solo_decisions, units_shown};

#[derive(Serialize)]
struct FigureJson<'a> {
    id: u32,
    name: &'a str,
    weapon: crate::unit::Weapon,
    tq: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    wound: Option<crate::unit::Wound>,
}

#[derive(Serialize)]
struct UnitJson<'a> {
    id: u32,
    key: &'a str,
    name: &'a str,
    side: Side,
    presence: &'a Presence,
    tq: String,
    morale: String,
    optimum_range: u32,
    armor: u8,
    location: &'a str,
    figures: Vec<FigureJson<'a>>,
    status: Vec<String>,
}

#[derive(Serialize)]
struct VictoryJson<'a> {
    id: &'a str,
    side: Side,
    label: &'a str,
    count: i32,
    points: i64,
}

#[derive(Serialize)]
struct ReportJson<'a> {
    scenario: &'a str,
    scenario_name: &'a str,
    turn: u32,
    phase: crate::game::Phase,
    headline: String,
    insurgency_level: String,
    turn_limit: Option<u32>,
    scale: crate::tabletop::Scale,
    scenario_scale: crate::tabletop::Scale,
    victory_points: [i64; 2],
    victory: Vec<VictoryJson<'a>>,
    hot_spots: &'a [crate::game::state::HotSpot],
    units: Vec<UnitJson<'a>>,
    pending: Vec<String>,
    events: usize,
    entries: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    solo: Option<SoloJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    markers: Vec<MarkerJson<'a>>,
    solo_decisions: Vec<String>,
    rolls: Vec<serde_json::Value>,
}

#[derive(Serialize)]
struct SoloJson {
    difficulty: crate::game::SoloDifficulty,
    reasoning_hidden: bool,
}

#[derive(Serialize)]
struct MarkerJson<'a> {
    marker: &'a str,
    name: String,
    at: &'a str,
    revealed: bool,
    /// What it hides (the unit's name, or null for nothing), once the report may tell it.
    #[serde(skip_serializing_if = "Option::is_none")]
    hides: Option<Option<&'a str>>,
}

/// The rolls of the story of the dice as JSON: fire combats with exactly the keys of the
/// format (kind, line, attack, defend, target, hits, expected, p_at_least, p_at_most, then the
/// casualties: casualties, expected_casualties, p_casualties_at_least); checks
/// and Reaction tests under their own kinds.
fn rolls_json(story: &crate::story::Story) -> Vec<serde_json::Value> {
    use crate::story::RollKind;
    story
        .rolls
        .iter()
        .map(|r| match &r.kind {
            RollKind::Fire {
                attack,
                defend,
                target,
                hits,
                expected,
                p_at_least,
                p_at_most,
                casualties,
                expected_casualties,
                p_casualties_at_least,
            } => serde_json::json!({
                "kind": "fire",
                "line": r.line,
                "attack": attack,
                "defend": defend,
                "target": target,
                "hits": hits,
                "expected": expected,
                "p_at_least": p_at_least,
                "p_at_most": p_at_most,
                "casualties": casualties,
                "expected_casualties": expected_casualties,
                "p_casualties_at_least": p_casualties_at_least,
            }),
            RollKind::Check { passed, chance } => serde_json::json!({
                "kind": "check",
                "line": r.line,
                "side": r.side,
                "passed": passed,
                "chance": chance,
                "percentile": r.percentile,
            }),
            RollKind::Morale {
                successes,
                dice,
                expected,
                p_at_least,
                passed,
                chance,
            } => serde_json::json!({
                "kind": "morale",
                "line": r.line,
                "side": r.side,
                "successes": successes,
                "dice": dice,
                "expected": expected,
                "p_at_least": p_at_least,
                "passed": passed,
                "chance": chance,
                "percentile": r.percentile,
            }),
            RollKind::Reaction {
                insurgents_first,
                chance,
            } => serde_json::json!({
                "kind": "reaction",
                "line": r.line,
                "insurgents_first": insurgents_first,
                "chance": chance,
                "percentile": r.percentile,
            }),
        })
        .collect()
}

/// The game as it stands, as one JSON object, as the table knows it.
pub fn json(game: &Game) -> serde_json::Value {
    json_with(game, Reveal::AsTheTableKnows)
}

/// The game as it stands, as one JSON object.
pub fn json_with(game: &Game, reveal: Reveal) -> serde_json::Value {
    let state = game.state();
    let conceal = reveal.conceals(game);
    let scenario = game.scenario();
    let (regular, insurgent) = state.victory_points(scenario);
    let report = ReportJson {
        scenario: &scenario.id,
        scenario_name: &scenario.name,
        turn: state.turn,
        phase: state.phase,
        headline: state.headline(),
        insurgency_level: state.insurgency.to_string(),
        turn_limit: state.turn_limit,
        scale: state.settings.scale,
        scenario_scale: state.written_scale,
        victory_points: [regular, insurgent],
        victory: state
            .victory
            .iter()
            .filter_map(|c| {
                scenario.victory_item(&c.item).map(|item| VictoryJson {
                    id: &item.id,
                    side: item.side,
                    label: &item.label,
                    count: c.count,
                    points: i64::from(c.count) * i64::from(item.points),
                })
            })
            .collect(),
        hot_spots: &state.hot_spots,
        units: [Side::Regular, Side::Insurgent]
            .into_iter()
            .flat_map(|side| units_shown(game, side, reveal))
            .map(|u| UnitJson {
                id: u.id.0,
                key: &u.key,
                name: &u.name,
                side: u.side,
                presence: &u.presence,
                tq: u.profile.tq.to_string(),
                morale: u.profile.morale.to_string(),
                optimum_range: u.profile.optimum_range,
                armor: u.profile.armor,
                location: &u.location,
                figures: u
                    .figures
                    .iter()
                    .map(|f| FigureJson {
                        id: f.id.0,
                        name: &f.name,
                        weapon: f.weapon,
                        tq: u.figure_die(f).to_string(),
                        wound: f.wound,
                    })
                    .collect(),
                status: u.badges(state.turn).iter().map(|b| b.label()).collect(),
            })
            .collect(),
        pending: state
            .pending
            .iter()
            .map(|p| state.describe_pending(&p.step))
            .collect(),
        events: game.events_in_effect(),
        entries: game.entry_count(),
        solo: state.settings.solo.then_some(SoloJson {
            difficulty: state.settings.difficulty,
            reasoning_hidden: state.settings.doctrine_hidden,
        }),
        markers: state
            .contacts
            .iter()
            .map(|c| MarkerJson {
                marker: &c.marker,
                name: c.name(),
                at: &c.at,
                revealed: c.revealed,
                hides: (c.revealed || !conceal)
                    .then(|| c.unit.and_then(|u| state.unit(u)).map(|u| u.name.as_str())),
            })
            .collect(),
        solo_decisions: solo_decisions(game, reveal),
        rolls: rolls_json(&crate::story::tell(game)),
    };
    serde_json::to_value(&report).unwrap_or(serde_json::Value::Null)
}
