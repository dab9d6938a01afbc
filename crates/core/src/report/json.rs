//! A report as one JSON object: the state of the game, the solo opponent's settings and
//! decisions, the markers, and every roll of the story of the dice under `rolls`.

use serde::Serialize;

use crate::game::Game;
use crate::unit::{Presence, Side};

use super::{Reveal, decisions, due_lines, events_words, units_shown};

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
    /// The turn limit, when the report's viewer may know it.
    turn_limit: Option<u32>,
    /// How long the game is, in words, as the report's viewer may know it.
    length: Option<String>,
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
fn rolls_json(story: &crate::story::Story, readable: &[usize]) -> Vec<serde_json::Value> {
    use crate::story::RollKind;
    story
        .rolls
        .iter()
        .filter(|r| readable.binary_search(&r.event).is_ok())
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

/// The game as it stands, as one JSON object. The units and their figures are numbered in the
/// report's own order (`id`, from 1), so that no gap in the numbers counts a unit the report
/// keeps back.
pub fn json_with(game: &Game, reveal: Reveal) -> serde_json::Value {
    let sight = reveal.sight(game);
    let state = game.state();
    let scenario = game.scenario();
    let (regular, insurgent) = state.victory_points(scenario);
    let (events, entries) = events_words(&sight);
    let mut figure_number = 0u32;
    let units: Vec<UnitJson<'_>> = [Side::Regular, Side::Insurgent]
        .into_iter()
        .flat_map(|side| units_shown(&sight, side))
        .enumerate()
        .map(|(i, u)| UnitJson {
            id: i as u32 + 1,
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
                .map(|f| {
                    figure_number += 1;
                    FigureJson {
                        id: figure_number,
                        name: &f.name,
                        weapon: f.weapon,
                        tq: u.figure_die(f).to_string(),
                        wound: f.wound,
                    }
                })
                .collect(),
            status: u.badges(state.turn()).iter().map(|b| b.label()).collect(),
        })
        .collect();
    let readable_events: Vec<usize> = (0..game.event_count())
        .filter(|&n| sight.reads(n) && game.in_effect(n))
        .collect();
    let story = crate::story::tell(game);
    let report = ReportJson {
        scenario: &scenario.id,
        scenario_name: &scenario.name,
        turn: state.turn(),
        phase: state.phase(),
        headline: state.headline(),
        insurgency_level: state.insurgency().to_string(),
        turn_limit: state.turn_limit().filter(|_| sight.knows_turn_limit()),
        length: sight.length_words(),
        scale: state.settings().scale,
        scenario_scale: state.written_scale(),
        victory_points: [regular, insurgent],
        victory: state
            .victory_items(scenario)
            .map(|(c, item)| VictoryJson {
                id: &item.id,
                side: item.side,
                label: &item.label,
                count: c.count,
                points: i64::from(c.count) * i64::from(item.points),
            })
            .collect(),
        hot_spots: state.hot_spots(),
        units,
        pending: due_lines(&sight),
        events,
        entries,
        solo: state.settings().solo.then_some(SoloJson {
            difficulty: state.settings().difficulty,
            reasoning_hidden: state.settings().doctrine_hidden,
        }),
        markers: state
            .contacts()
            .iter()
            .map(|c| MarkerJson {
                marker: &c.marker,
                name: c.name(),
                at: &c.at,
                revealed: c.revealed,
                hides: sight.hidden_by(c).map(|unit| unit.map(|u| u.name.as_str())),
            })
            .collect(),
        solo_decisions: decisions::lines(&sight),
        rolls: rolls_json(&story, &readable_events),
    };
    serde_json::to_value(&report).unwrap_or(serde_json::Value::Null)
}
