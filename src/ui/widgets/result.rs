//! Drawing what an event did: its summary, its notes and its dice.

use egui::{RichText, Ui};

use ambush_core::dice::{Face, Rolled};
use ambush_core::game::{Command, Detail, Event, FireReport, Game};
use ambush_core::rules::checks::{SUCCESS, TestDie};
use ambush_core::rules::fire::Pool;
use ambush_core::view::{Line, Sight};

use super::style::{self, DieLook, die_face};

/// Draws the result of the event at a record index, as the desk may read it (the core's
/// [`Sight`]: in a solo game nothing of the opponent's secrets, its dice and choices included),
/// with its notes for the referee unless they are shown elsewhere (`referee` false).
pub fn entry_result_ui(ui: &mut Ui, game: &Game, index: usize, referee: bool) {
    let (Some(line), Some(event)) = (Sight::desk(game).line(index), game.event(index)) else {
        return;
    };
    line_ui(ui, game, &line, event, referee);
}

/// Draws a line of the log with the dice that were rolled for it.
fn line_ui(ui: &mut Ui, game: &Game, line: &Line, event: &Event, referee: bool) {
    let dice = &event.dice;
    ui.label(
        RichText::new(&line.summary)
            .size(style::HEADING - 2.0)
            .strong(),
    );
    // The solo opponent's percentiles stay out of sight, as in the log: the markers' would tell
    // which of them hide a unit (the sight gives no dice words then).
    let secret = event.command.facts(game.state()).secret_dice && line.dice.is_empty();
    match &line.detail {
        _ if secret => {}
        Detail::Fire(report) => fire_ui(ui, game, report),
        Detail::RegularMorale(_) | Detail::InsurgentMorale(_) => {
            let modifier = match event.command {
                Command::MoraleCheck { modifier, .. } => i32::from(modifier),
                _ => 0,
            };
            faces_ui(ui, dice, |f| i32::from(f) + modifier >= SUCCESS);
        }
        Detail::Check(result) => {
            ui.horizontal(|ui| {
                let look = if result.passed {
                    DieLook::Success
                } else {
                    DieLook::Failure
                };
                die_face(ui, result.face, result.test.die.sides(), look);
                ui.label(format!(
                    "{} — total {} ({SUCCESS}+ passes)",
                    result.test.notation(),
                    result.total
                ));
            });
            for reason in &result.test.reasons {
                ui.label(RichText::new(reason).weak());
            }
        }
        Detail::Reaction(result) => {
            ui.horizontal_wrapped(|ui| {
                // One side's die, drawn as a success when that side acts first.
                let side = |ui: &mut Ui, name: &str, test: &TestDie, face, total, first: bool| {
                    ui.label(name);
                    let look = if first {
                        DieLook::Success
                    } else {
                        DieLook::Failure
                    };
                    die_face(ui, face, test.die.sides(), look);
                    ui.label(format!("{} = {total}", test.notation()));
                };
                let first = result.insurgent_first;
                side(
                    ui,
                    "Insurgents",
                    &result.setup.insurgent,
                    result.insurgent_face,
                    result.insurgent_total,
                    first,
                );
                ui.separator();
                side(
                    ui,
                    "Regulars",
                    &result.setup.regular,
                    result.regular_face,
                    result.regular_total,
                    !first,
                );
            });
            for reason in result.setup.regular.reasons.iter().skip(1) {
                ui.label(RichText::new(format!("Regulars: {reason}")).weak());
            }
        }
        Detail::FirstAid { results } => {
            let state = game.state();
            ui.horizontal_wrapped(|ui| {
                for r in results {
                    let look = if r.wound.takes_figure_out() {
                        DieLook::Failure
                    } else {
                        DieLook::Success
                    };
                    die_face(ui, r.face, 6, look);
                    let name = state
                        .unit_of_figure(r.figure)
                        .and_then(|u| u.figure(r.figure))
                        .map_or_else(|| r.figure.to_string(), |f| f.name.clone());
                    ui.label(format!("{name}: {}", r.wound.name()));
                }
            });
        }
        Detail::Decision(_) => {}
        Detail::Insurgency { .. }
        | Detail::TableRoll { .. }
        | Detail::Arrival { .. }
        | Detail::None => {
            faces_ui(ui, dice, |_| true);
        }
    }
    notes_ui(
        ui,
        &line.notes,
        line.more_notes,
        false,
        "the report lists them all",
    );
    // The scenario's notes for the referee: on the desk only, never on the players' screens.
    if !referee {
        return;
    }
    notes_ui(
        ui,
        &line.referee,
        line.more_referee,
        true,
        "the Scenario tab lists every note of the scenario",
    );
}

/// The words that count an event's notes left out of its line ("… and 480 more notes"), if
/// any: the core cuts a line's notes at [`ambush_core::view::NOTES_SHOWN`].
pub fn more_notes_words(more: usize) -> Option<String> {
    (more > 0).then(|| {
        format!(
            "… and {} more {}",
            ambush_core::text::thousands(more as u64),
            if more == 1 { "note" } else { "notes" }
        )
    })
}

/// An event's notes as its line holds them, then how many more and where they are.
fn notes_ui(ui: &mut Ui, notes: &[String], more: usize, strong: bool, elsewhere: &str) {
    for note in notes {
        let text = RichText::new(format!("• {note}"));
        ui.label(if strong { text.strong() } else { text });
    }
    if let Some(more) = more_notes_words(more) {
        ui.label(RichText::new(format!("{more} ({elsewhere})")).italics());
    }
}

fn faces_ui(ui: &mut Ui, dice: &[Rolled], good: impl Fn(Face) -> bool) {
    if dice.iter().all(|r| r.faces.is_empty()) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for rolled in dice {
            for &face in &rolled.faces {
                let look = if good(face) {
                    DieLook::Success
                } else {
                    DieLook::Failure
                };
                die_face(ui, face, rolled.die.sides(), look);
            }
        }
    });
}

/// The breakdown of a pool, one line per contribution.
pub fn pool_ui(ui: &mut Ui, title: &str, pool: &Pool) {
    ui.label(RichText::new(format!("{title}: {}", pool.notation())).strong());
    for line in &pool.lines {
        ui.label(format!("  {:+} {}", line.dice, line.reason));
    }
    if pool.was_clamped() {
        ui.label(format!("  ({} before the 0–10 limit)", pool.unclamped));
    }
}

fn fire_ui(ui: &mut Ui, game: &Game, report: &FireReport) {
    let state = game.state();
    let name = |id| state.unit(id).map_or("?", |u| u.name.as_str());
    let m = &report.matching;
    ui.columns(2, |cols| {
        pool_ui(
            &mut cols[0],
            &format!("Firepower of {}", name(report.attacker)),
            &report.firepower,
        );
        pool_ui(
            &mut cols[1],
            &format!("Defense of {}", name(report.target)),
            &report.defense,
        );
    });
    let attack_sides = report.firepower.dice.first().map_or(6, |d| d.sides());
    let defense_sides = report.defense.dice.first().map_or(6, |d| d.sides());
    ui.label(format!(
        "Attacker dice kept at {}+ (top) and the defender die that stopped each (below):",
        m.target_number
    ));
    ui.horizontal_wrapped(|ui| {
        for (i, &face) in m.attack.iter().enumerate() {
            ui.vertical(|ui| {
                let block = m.blocks.iter().find(|b| b.attack == i);
                match block {
                    Some(b) => {
                        die_face(ui, face, attack_sides, DieLook::Blocked);
                        die_face(ui, m.defense[b.defense], defense_sides, DieLook::Kept);
                    }
                    None => {
                        die_face(ui, face, attack_sides, DieLook::Hit);
                        ui.label(
                            RichText::new("hit")
                                .strong()
                                .color(ui.visuals().error_fg_color),
                        );
                    }
                }
            });
        }
    });
    let unused: Vec<Face> = m
        .defense
        .iter()
        .enumerate()
        .filter(|(i, _)| !m.blocks.iter().any(|b| b.defense == *i))
        .map(|(_, &f)| f)
        .collect();
    ui.horizontal_wrapped(|ui| {
        if !m.attack_discarded.is_empty() {
            ui.label("Attacker discarded:");
            for &f in &m.attack_discarded {
                die_face(ui, f, attack_sides, DieLook::Discarded);
            }
        }
        if !m.defense_discarded.is_empty() || !unused.is_empty() {
            ui.label("Defender unused:");
            for &f in unused.iter().chain(&m.defense_discarded) {
                die_face(ui, f, defense_sides, DieLook::Discarded);
            }
        }
    });
    ui.label(
        RichText::new(format!(
            "{} unblocked — {}",
            m.hits(),
            ambush_core::text::plural(report.casualties, "casualty", "casualties")
        ))
        .size(style::HEADING - 2.0)
        .strong(),
    );
}
