//! Reports of a game: plain text and JSON for the command line, Markdown for the after-action
//! report.
//!
//! Every report tells the game as the table knows it: a unit under a marker is shown as its
//! marker until the marker is revealed or the game is over, unless the report is asked to
//! reveal everything ([`Reveal`]).

mod dice;

use crate::game::Game;
use crate::unit::{Figure, Presence, Side, Unit};

pub use dice::{dice_words, event_dice_words};

mod decisions;
mod json;

pub use decisions::{Reveal, settings_line};
pub use json::{json, json_with};

/// Each decision the solo opponent made by a weighed roll, undone ones included, as the table
/// knows them (see [`Reveal`]).
pub fn solo_decisions(game: &Game, reveal: Reveal) -> Vec<String> {
    decisions::lines(game, reveal)
}

/// The units of a side a report shows: every one, but those hidden under a marker (or waiting
/// to be put under one) while the report keeps them back.
fn units_shown<'a>(
    game: &'a Game,
    side: Side,
    reveal: Reveal,
) -> impl Iterator<Item = &'a std::sync::Arc<Unit>> + 'a {
    let state = game.state();
    let conceal = reveal.conceals(game);
    state
        .units
        .iter()
        .filter(move |u| u.side == side && !(conceal && state.is_hidden(u.id)))
}

/// The markers of a solo game in words, in their order: "Contact A — the tea house roof (Hot
/// Spot 1): on the table", and for one revealed what it hid. What a marker still on the table
/// hides is told only when the report reveals everything.
fn marker_lines(game: &Game, reveal: Reveal) -> Vec<String> {
    let state = game.state();
    let conceal = reveal.conceals(game);
    state
        .contacts
        .iter()
        .map(|c| {
            let hidden = c.unit.and_then(|u| state.unit(u)).map(|u| u.name.as_str());
            let what = match (c.revealed, conceal, hidden) {
                (true, _, Some(unit)) => format!("revealed: {unit}"),
                (true, _, None) => "revealed: it hid nothing".to_owned(),
                (false, true, _) => "on the table".to_owned(),
                (false, false, Some(unit)) => format!("on the table, hiding {unit}"),
                (false, false, None) => "on the table, hiding nothing".to_owned(),
            };
            format!("{} — {}: {what}", c.name(), c.at)
        })
        .collect()
}

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
    let limit = state.length_words(game.scenario()).map_or_else(
        || "No turn limit".to_owned(),
        |l| format!("Turn limit: {l}"),
    );
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

/// The game as it stands, in plain text, as the table knows it.
pub fn text(game: &Game) -> String {
    text_with(game, Reveal::AsTheTableKnows)
}

/// The game as it stands, in plain text.
pub fn text_with(game: &Game, reveal: Reveal) -> String {
    let state = game.state();
    let scenario = game.scenario();
    let (regular, insurgent) = state.victory_points(scenario);
    let mut out = String::new();
    out.push_str(&format!("{}\n", scenario.name));
    out.push_str(&format!("{}\n", state.headline()));
    out.push_str(&format!("{}\n", length_and_scale(game)));
    if let Some(line) = settings_line(game) {
        out.push_str(&format!("{line}\n"));
    }
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
        if units_shown(game, side, reveal).next().is_none() {
            out.push_str("  none in view\n");
        }
        for unit in units_shown(game, side, reveal) {
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
    let markers = marker_lines(game, reveal);
    if !markers.is_empty() {
        out.push_str("\nMarkers\n");
        for line in markers {
            out.push_str(&format!("  {line}\n"));
        }
    }
    let decisions = solo_decisions(game, reveal);
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

pub mod story;

/// The after-action report, as the table knows it: the final state, the story of the dice,
/// then every event with its dice.
pub fn markdown(game: &Game) -> String {
    markdown_with(
        game,
        &crate::story::tell(game),
        None,
        Reveal::AsTheTableKnows,
    )
}

/// The after-action report, its charts linked as written beside `path`.
fn markdown_with(
    game: &Game,
    story: &crate::story::Story,
    path: Option<&std::path::Path>,
    reveal: Reveal,
) -> String {
    let state = game.state();
    let scenario = game.scenario();
    let conceal = reveal.conceals(game);
    let mut out = format!("# After-action report: {}\n\n", scenario.name);
    out.push_str(&format!(
        "**{}** — {}\n\n",
        state.headline(),
        state.standing(scenario)
    ));
    if let Some(line) = settings_line(game) {
        out.push_str(&format!("{line}.\n\n"));
    }
    out.push_str("## Units\n\n");
    for side in [Side::Regular, Side::Insurgent] {
        out.push_str(&format!("### {side}\n\n"));
        for unit in units_shown(game, side, reveal) {
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
    let markers = marker_lines(game, reveal);
    if !markers.is_empty() {
        out.push_str("## Markers\n\n");
        for line in markers {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
    }
    let decisions = solo_decisions(game, reveal);
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
        // The dice that put the units under their markers would tell where they are.
        let secret = conceal && event.command.facts(state).secret_dice;
        let dice = if secret {
            String::new()
        } else {
            event_dice_words(event, state)
        };
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
