//! Reports of a game: plain text and JSON for the command line, Markdown for the after-action
//! report.

mod dice;

use serde::Serialize;

use crate::game::Game;
use crate::unit::{Figure, Presence, Side, Unit};

pub use dice::{dice_words, event_dice_words};

fn figure_words(unit: &Unit, figure: &Figure) -> String {
    let mut words = format!("{} ({}", figure.name, figure.weapon);
    if let Some(tq) = figure.tq
        && tq != unit.profile.tq
    {
        words.push_str(&format!(", {tq}"));
    }
    if let Some(wound) = figure.wound {
        words.push_str(&format!(", {} wound", wound.name()));
    }
    words.push(')');
    words
}

fn presence_words(presence: &Presence) -> String {
    match presence {
        Presence::Eliminated { .. } => format!("out: {}", presence.words()),
        _ => presence.words(),
    }
}

/// "Turn limit: 8 turns. Scale: 28mm (distances as the scenario wrote them)."
pub fn length_and_scale(game: &Game) -> String {
    let state = game.state();
    let limit = match (state.turn_limit, &game.scenario().turn_limit_dice) {
        (Some(n), Some(dice)) => format!(
            "Turn limit: {} (rolled: {})",
            crate::text::plural(n as usize, "turn", "turns"),
            dice.words()
        ),
        (Some(n), None) => format!(
            "Turn limit: {}",
            crate::text::plural(n as usize, "turn", "turns")
        ),
        (None, Some(_)) => format!(
            "Turn limit: {}",
            game.scenario().length_words().unwrap_or_default()
        ),
        (None, None) => "No turn limit".to_owned(),
    };
    let scale = if state.settings.scale == state.written_scale {
        format!(
            "{} (distances as the scenario wrote them)",
            state.settings.scale
        )
    } else {
        format!(
            "{} (the scenario's {} distances converted)",
            state.settings.scale, state.written_scale
        )
    };
    format!("{limit}. Scale: {scale}.")
}

/// Each decision the solo opponent made by a weighed roll, one line each: what it took, with its
/// chance and odds, and the best option it passed over. None when there are none; one line
/// saying so while the reasoning is kept hidden until the end.
pub fn solo_decisions(game: &Game) -> Vec<String> {
    let state = game.state();
    if state.solo_decisions.is_empty() {
        return Vec::new();
    }
    if state.settings.doctrine_hidden && state.phase != crate::game::Phase::GameOver {
        return vec![format!(
            "{} decisions, kept hidden until the game is over",
            state.solo_decisions.len()
        )];
    }
    state
        .solo_decisions
        .iter()
        .map(|d| {
            let name = state.unit(d.unit).map_or("?", |u| u.name.as_str());
            let roll = d
                .roll
                .map_or_else(|| "certain".to_owned(), |r| format!("rolled {r}"));
            let taken = d.taken().map_or_else(String::new, |o| {
                format!("{} ({}%, {roll}; {})", o.words, o.percent, o.odds)
            });
            // The options are kept best first: the best passed over is the first not taken.
            let passed = d
                .options
                .iter()
                .enumerate()
                .find(|(i, _)| *i != d.chosen)
                .map_or_else(
                    || "no other option".to_owned(),
                    |(_, o)| format!("best passed over: {} ({}%; {})", o.words, o.percent, o.odds),
                );
            format!("Turn {}, {name}, {}: {taken}; {passed}", d.turn, d.about)
        })
        .collect()
}

/// The game as it stands, in plain text.
pub fn text(game: &Game) -> String {
    let state = game.state();
    let scenario = game.scenario();
    let (regular, insurgent) = state.victory_points(scenario);
    let mut out = String::new();
    out.push_str(&format!("{}\n", scenario.name));
    out.push_str(&format!("{}\n", state.headline()));
    out.push_str(&format!("{}\n", length_and_scale(game)));
    out.push_str(&format!(
        "Insurgency Level: {}   Victory points: Regulars {regular}, Insurgents {insurgent}\n",
        state.insurgency
    ));
    out.push_str(&format!("Hot Spots: {}\n", state.hot_spots_words(", ")));
    out.push_str(&format!(
        "Events: {} in effect, {} entries in the record\n",
        game.events_in_effect(),
        game.entry_count()
    ));
    for side in [Side::Regular, Side::Insurgent] {
        out.push_str(&format!("\n{side} units\n"));
        for unit in state.units.iter().filter(|u| u.side == side) {
            // The unit's own Troop Quality; a leader's better die is his, and the unit's tests.
            let tests = unit.test_die();
            let tq = if tests == unit.profile.tq {
                unit.profile.tq.to_string()
            } else {
                format!("{} (tests with {tests})", unit.profile.tq)
            };
            out.push_str(&format!(
                "  {} — TQ {tq}, Morale {}, Optimum Range {}, armor {} — {}\n",
                unit.name,
                unit.profile.morale,
                state.distance(unit.profile.optimum_range),
                unit.profile.armor,
                presence_words(&unit.presence)
            ));
            if !unit.location.is_empty() && unit.in_play() {
                out.push_str(&format!("    at {}\n", unit.location));
            }
            let figures: Vec<String> = unit.figures.iter().map(|f| figure_words(unit, f)).collect();
            if !figures.is_empty() {
                out.push_str(&format!("    figures: {}\n", figures.join(", ")));
            }
            if unit.in_play() {
                let badges: Vec<String> =
                    unit.badges(state.turn).iter().map(|b| b.label()).collect();
                if !badges.is_empty() {
                    out.push_str(&format!("    status: {}\n", badges.join(", ")));
                }
            }
        }
    }
    let decisions = solo_decisions(game);
    if !decisions.is_empty() {
        out.push_str("\nSolo opponent's decisions\n");
        for line in decisions {
            out.push_str(&format!("  {line}\n"));
        }
    }
    if !state.pending.is_empty() {
        out.push_str("\nDue\n");
        for p in &state.pending {
            out.push_str(&format!("  {}\n", state.describe_pending(&p.step)));
        }
    }
    out
}

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
    solo_decisions: Vec<String>,
    rolls: Vec<serde_json::Value>,
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

/// The game as it stands, as one JSON object.
pub fn json(game: &Game) -> serde_json::Value {
    let state = game.state();
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
        units: state
            .units
            .iter()
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
        solo_decisions: solo_decisions(game),
        rolls: rolls_json(&crate::story::tell(game)),
    };
    serde_json::to_value(&report).unwrap_or(serde_json::Value::Null)
}

pub mod story;

/// The after-action report: the final state, the story of the dice, then every event with its
/// dice.
pub fn markdown(game: &Game) -> String {
    markdown_with(game, &crate::story::tell(game), None)
}

/// The after-action report, its charts linked as written beside `path`.
fn markdown_with(
    game: &Game,
    story: &crate::story::Story,
    path: Option<&std::path::Path>,
) -> String {
    let state = game.state();
    let scenario = game.scenario();
    let mut out = format!("# After-action report: {}\n\n", scenario.name);
    out.push_str(&format!(
        "**{}** — {}\n\n",
        state.headline(),
        state.standing(scenario)
    ));
    out.push_str("## Units\n\n");
    for side in [Side::Regular, Side::Insurgent] {
        out.push_str(&format!("### {side}\n\n"));
        for unit in state.units.iter().filter(|u| u.side == side) {
            let figures: Vec<String> = unit.figures.iter().map(|f| figure_words(unit, f)).collect();
            out.push_str(&format!(
                "- **{}** ({}): {}\n",
                unit.name,
                presence_words(&unit.presence),
                if figures.is_empty() {
                    "no figures".to_owned()
                } else {
                    figures.join(", ")
                }
            ));
        }
        out.push('\n');
    }
    let decisions = solo_decisions(game);
    if !decisions.is_empty() {
        out.push_str("## The solo opponent's decisions\n\n");
        for line in decisions {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
    }
    out.push_str(&story::section(story, path));
    out.push_str("## Log\n\n");
    let marks = game.entry_count() - game.event_count();
    if marks > 0 {
        out.push_str(&format!(
            "Every event made, in order; undone ones are struck through ({} in the record).\n\n",
            crate::text::plural(marks, "undo or redo", "undos and redos")
        ));
    }
    for n in 0..game.event_count() {
        let (Some(event), Some(outcome)) = (game.event(n), game.outcome(n)) else {
            continue;
        };
        let mut body = outcome.summary.clone();
        if let Some(roll) = story.rolls.iter().find(|r| r.event == n) {
            body.push_str(&format!(" ({})", roll.words()));
        }
        let dice = event_dice_words(event, game.state());
        if !dice.is_empty() {
            body.push_str(&format!(" — dice {dice}"));
        }
        if game.in_effect(n) {
            out.push_str(&format!("{}. {body}\n", n + 1));
            for note in &outcome.notes {
                out.push_str(&format!("    - {note}\n"));
            }
            // The referee's report keeps the scenario's notes for the referee.
            for note in &outcome.referee {
                out.push_str(&format!("    - {note}\n"));
            }
            for due in &outcome.due {
                out.push_str(&format!("    - Due: {due}\n"));
            }
        } else {
            out.push_str(&format!("{}. ~~{body}~~ (undone)\n", n + 1));
        }
    }
    out
}
