//! Reports of a game: plain text and JSON for the command line, Markdown for the after-action
//! report.
//!
//! Every report tells the game as the table knows it: a unit under a marker is shown as its
//! marker until the marker is revealed or the game is over, unless the report is asked to
//! reveal everything ([`Reveal`]).

use crate::game::Game;
use crate::unit::{Figure, Presence, Side, Unit};
use crate::view::Sight;

pub use crate::view::dice_words;

mod decisions;
mod json;

pub use crate::view::event_dice_words;
pub use decisions::{Reveal, settings_line};
pub use json::{json, json_with};

/// Each decision the solo opponent made by a weighed roll, undone ones included, as the table
/// knows them (see [`Reveal`]).
pub fn solo_decisions(game: &Game, reveal: Reveal) -> Vec<String> {
    decisions::lines(&reveal.sight(game))
}

/// The units of a side a report shows: every one the report's viewer may know of (a unit
/// under a marker, or not yet on the table, only once the report may tell it).
fn units_shown<'a>(sight: &Sight<'a>, side: Side) -> impl Iterator<Item = &'a Unit> + 'a {
    sight.units().filter(move |u| u.side == side)
}

/// The markers of a solo game in words, in their order: "Contact A — the tea house roof (Hot
/// Spot 1): on the table", and for one revealed what it hid. What a marker still on the table
/// hides is told only when the report may tell it.
fn marker_lines(sight: &Sight<'_>) -> Vec<String> {
    sight
        .game()
        .state()
        .contacts()
        .iter()
        .map(|c| {
            let what = match (c.revealed, sight.hidden_by(c)) {
                (true, Some(Some(unit))) => format!("revealed: {}", unit.name),
                (true, _) => "revealed: it hid nothing".to_owned(),
                (false, None) => "on the table".to_owned(),
                (false, Some(Some(unit))) => format!("on the table, hiding {}", unit.name),
                (false, Some(None)) => "on the table, hiding nothing".to_owned(),
            };
            format!("{} — {}: {what}", c.name(), c.at)
        })
        .collect()
}

/// The steps due, as the report's viewer may read them.
fn due_lines(sight: &Sight<'_>) -> Vec<String> {
    sight.due_words()
}

/// "Events: 12 in effect, 15 entries in the record", counting what the viewer may read.
fn events_words(sight: &Sight<'_>) -> (usize, usize) {
    let game = sight.game();
    let readable = (0..game.event_count()).filter(|&n| sight.reads(n)).count();
    let marks = game.entry_count() - game.event_count();
    (sight.events_in_effect(), readable + marks)
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

fn presence_words(unit: &Unit) -> String {
    match unit.presence {
        Presence::Eliminated { .. } => format!("out: {}", unit.presence_words()),
        _ => unit.presence_words(),
    }
}

/// "Turn limit: 8 turns. Scale: 28mm (distances as the scenario wrote them)."
pub fn length_and_scale(game: &Game) -> String {
    length_and_scale_for(&Sight::new(game, crate::view::Viewer::Table))
}

/// "Turn limit: 8 turns. Scale: …", the turn limit as this viewer may know it.
pub fn length_and_scale_for(sight: &Sight<'_>) -> String {
    let state = sight.game().state();
    let limit = sight.length_words().map_or_else(
        || "No turn limit".to_owned(),
        |l| format!("Turn limit: {l}"),
    );
    let (scale, written) = (state.settings().scale, state.written_scale());
    let scale = if scale == written {
        format!("{scale} (distances as the scenario wrote them)")
    } else {
        format!("{scale} (the scenario's {written} distances converted)")
    };
    format!("{limit}. Scale: {scale}.")
}

/// The game as it stands, in plain text, as the table knows it.
pub fn text(game: &Game) -> String {
    text_with(game, Reveal::AsTheTableKnows)
}

/// The game as it stands, in plain text.
pub fn text_with(game: &Game, reveal: Reveal) -> String {
    let sight = reveal.sight(game);
    let state = game.state();
    let scenario = game.scenario();
    let (regular, insurgent) = state.victory_points(scenario);
    let mut out = String::new();
    out.push_str(&format!("{}\n", scenario.name));
    out.push_str(&format!("{}\n", state.headline()));
    out.push_str(&format!("{}\n", length_and_scale_for(&sight)));
    if let Some(line) = settings_line(game) {
        out.push_str(&format!("{line}\n"));
    }
    out.push_str(&format!(
        "Insurgency Level: {}   Victory points: Regulars {regular}, Insurgents {insurgent}\n",
        state.insurgency()
    ));
    out.push_str(&format!(
        "Hot Spots: {}\n",
        state.hot_spots_words(game.scenario(), ", ")
    ));
    let (events, entries) = events_words(&sight);
    out.push_str(&format!(
        "Events: {events} in effect, {entries} entries in the record\n"
    ));
    for side in [Side::Regular, Side::Insurgent] {
        out.push_str(&format!("\n{side} units\n"));
        if units_shown(&sight, side).next().is_none() {
            out.push_str("  none in view\n");
        }
        for unit in units_shown(&sight, side) {
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
                presence_words(unit)
            ));
            if !unit.location.is_empty() && unit.in_play() {
                out.push_str(&format!("    at {}\n", unit.location));
            }
            let figures: Vec<String> = unit.figures.iter().map(|f| figure_words(unit, f)).collect();
            if !figures.is_empty() {
                out.push_str(&format!("    figures: {}\n", figures.join(", ")));
            }
            if unit.in_play() {
                let badges: Vec<String> = unit
                    .badges(state.turn())
                    .iter()
                    .map(|b| b.label())
                    .collect();
                if !badges.is_empty() {
                    out.push_str(&format!("    status: {}\n", badges.join(", ")));
                }
            }
        }
    }
    let markers = marker_lines(&sight);
    if !markers.is_empty() {
        out.push_str("\nMarkers\n");
        for line in markers {
            out.push_str(&format!("  {line}\n"));
        }
    }
    let decisions = decisions::lines(&sight);
    if !decisions.is_empty() {
        out.push_str("\nSolo opponent's decisions\n");
        for line in decisions {
            out.push_str(&format!("  {line}\n"));
        }
    }
    let due = due_lines(&sight);
    if !due.is_empty() {
        out.push_str("\nDue\n");
        for line in due {
            out.push_str(&format!("  {line}\n"));
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
    let sight = reveal.sight(game);
    let state = game.state();
    let scenario = game.scenario();
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
        for unit in units_shown(&sight, side) {
            let figures: Vec<String> = unit.figures.iter().map(|f| figure_words(unit, f)).collect();
            out.push_str(&format!(
                "- **{}** ({}): {}\n",
                unit.name,
                presence_words(unit),
                if figures.is_empty() {
                    "no figures".to_owned()
                } else {
                    figures.join(", ")
                }
            ));
        }
        out.push('\n');
    }
    let markers = marker_lines(&sight);
    if !markers.is_empty() {
        out.push_str("## Markers\n\n");
        for line in markers {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
    }
    let decisions = decisions::lines(&sight);
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
    // Numbered as the report's viewer reads them: no gap tells of a line kept back.
    for (number, line) in sight.whole_lines().enumerate() {
        let mut body = line.summary.clone();
        if let Some(roll) = story.rolls.iter().find(|r| r.event == line.event)
            && !line.dice.is_empty()
        {
            body.push_str(&format!(" ({})", roll.words()));
        }
        if !line.dice.is_empty() {
            body.push_str(&format!(" — dice {}", line.dice));
        }
        if line.in_effect {
            out.push_str(&format!("{}. {body}\n", number + 1));
            for note in line.notes.iter().chain(&line.referee) {
                // A note of several lines (a scenario's, version 4) stays in its list item.
                let note = note.replace('\n', "\n      ");
                out.push_str(&format!("    - {note}\n"));
            }
            for due in &line.due {
                out.push_str(&format!("    - Due: {due}\n"));
            }
        } else {
            out.push_str(&format!("{}. ~~{body}~~ (undone)\n", number + 1));
        }
    }
    out
}
