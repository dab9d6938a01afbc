//! The Scenario tab: the mission as the players read it.

use egui::{RichText, Ui};

use ambush_core::game::{Command, Game};

use crate::ui::command::UiCommand;
use crate::ui::widgets::award::{AwardAsked, award_row_ui};
use crate::ui::widgets::paged::{self, Pages};
use crate::ui::widgets::style;

/// Draws the scenario's brief, objectives, special rules and reinforcement table, and the
/// victory points. Every text and list of the file is drawn a page at a time (`pages`), so a
/// frame costs what is on screen however large the file.
pub fn scenario_ui(ui: &mut Ui, game: &Game, pages: &mut Pages, queue: &mut Vec<UiCommand>) {
    victory_ui(ui, game, pages, queue);
    let scenario = game.scenario();
    style::heading(ui, &scenario.name);
    if !scenario.table.is_empty() {
        ui.label(format!("Table: {}", scenario.table));
    }
    // As the desk may know it: the referee's in a game for two, the player's in a solo game.
    ui.label(ambush_core::report::length_and_scale_for(
        &ambush_core::view::Sight::desk(game),
    ));
    paged::text_ui(ui, pages, "the brief", &scenario.brief, |ui, part| {
        ui.label(part);
    });
    for objective in &scenario.objectives {
        ui.label(RichText::new(format!("{} objective", objective.side)).strong());
        let name = format!("the {} objective", objective.side);
        paged::text_ui(ui, pages, &name, &objective.text, |ui, part| {
            ui.label(part);
        });
    }
    if !scenario.special_rules.is_empty() {
        ui.label(RichText::new("Special rules").strong());
        bullets_ui(ui, pages, "special rules", &scenario.special_rules);
    }
    referee_ui(ui, game, pages);
    hot_spots_ui(ui, game);
    held_back_ui(ui, game, pages);
    let p = &scenario.insurgents;
    ui.label(RichText::new("Arriving Insurgents").strong());
    ui.label(format!(
        "TQ {}{} · Morale {} · Optimum {} · Armor {} (unless their row says otherwise)",
        p.profile.tq,
        if p.leader_tq == p.profile.tq {
            String::new()
        } else {
            format!(" (leaders {})", p.leader_tq)
        },
        p.profile.morale,
        game.state().distance(p.profile.optimum_range),
        p.profile.armor
    ));
    ui.label(
        RichText::new(format!(
            "Insurgency Level {}; reinforcements (2d6)",
            scenario.insurgency
        ))
        .strong(),
    );
    egui::Grid::new("reinforcement_table")
        .striped(true)
        .show(ui, |ui| {
            // As it stands now: the scenario's events (version 4) may change a row.
            for row in &game.state().reinforcement_table(scenario).rows {
                let rolls: Vec<String> = row.rolls.iter().map(u8::to_string).collect();
                let rolls = rolls.join(", ");
                ui.label(&rolls);
                let units: Vec<String> = row.units.iter().map(|u| u.describe_whole()).collect();
                let name = format!("reinforcements on {rolls}");
                ui.vertical(|ui| {
                    paged::text_ui(ui, pages, &name, &row.words(&units), |ui, part| {
                        ui.label(part);
                    });
                });
                ui.end_row();
            }
        });
    ui.label(RichText::new("Victory points").strong());
    paged::list_ui(
        ui,
        pages,
        "victory points",
        &scenario.victory,
        |ui, _, _, item| {
            let unit = if item.points.abs() == 1 {
                "point"
            } else {
                "points"
            };
            let each = if item.trigger.scored_once() {
                ""
            } else {
                " each"
            };
            ui.label(format!(
                "{}: {} — {} {unit}{each}; {}",
                item.side,
                item.label_words(),
                item.points,
                item.trigger.words()
            ));
        },
    );
    if !scenario.thresholds.is_empty() {
        ui.label(RichText::new("Results at the end (the first reached)").strong());
        paged::list_ui(ui, pages, "results", &scenario.thresholds, |ui, _, _, t| {
            ui.label(format!(
                "• {}: the {}s with {} points or more",
                t.label, t.side, t.points
            ));
        });
        ui.label("• none reached: the side with more points wins, or a draw");
    }
}

/// A list of texts of the file, each a bullet, a page of them at a time, each drawn a page at
/// a time too (one rule may be the whole file).
fn bullets_ui(ui: &mut Ui, pages: &mut Pages, name: &str, texts: &[String]) {
    paged::list_ui(ui, pages, name, texts, |ui, pages, i, text| {
        let part_name = format!("{name}, entry {}", i + 1);
        paged::text_ui(ui, pages, &part_name, text, |ui, part| {
            ui.label(format!("• {part}"));
        });
    });
}

/// What only the referee reads: the scenario's events on a set turn and the author's notes.
/// The table screen and the phones never show them.
fn referee_ui(ui: &mut Ui, game: &Game, pages: &mut Pages) {
    let scenario = game.scenario();
    if !scenario.events.is_empty() {
        ui.label(RichText::new("The scenario's events, as a turn begins").strong());
        let state = game.state();
        paged::list_ui(ui, pages, "events", &scenario.events, |ui, _, i, event| {
            // An event on a roll or a condition happens once: said when it has.
            let done = if !event.on_a_set_turn() && state.event_happened(i) {
                " (it has happened)"
            } else {
                ""
            };
            ui.label(format!(
                "• {}: {}{done}",
                ambush_core::text::capitalized(&event.when_words()),
                event.change.referee_words()
            ));
        });
    }
    if !scenario.author_notes.is_empty() {
        ui.label(
            RichText::new(
                "Author's notes (for the referee; never on the table screen or the phones)",
            )
            .strong(),
        );
        bullets_ui(ui, pages, "author's notes", &scenario.author_notes);
    }
}

/// The Hot Spots with their places, and what each face of the Hot Spot roll names.
fn hot_spots_ui(ui: &mut Ui, game: &Game) {
    let scenario = game.scenario();
    ui.label(RichText::new("Hot Spots").strong());
    for spot in game.state().hot_spots() {
        let state = game.state().hot_spot_words(scenario, spot.number);
        let place = if spot.location.is_empty() {
            "no place given".to_owned()
        } else {
            spot.location.clone()
        };
        ui.label(format!("{}: {place} ({state})", spot.number));
    }
    ui.label(format!(
        "Hot Spot roll (d6): {}",
        game.state().hot_spot_roll_words(scenario)
    ));
}

/// Units not on the table at the start: in ambush, or arriving on a set turn, with their terms.
fn held_back_ui(ui: &mut Ui, game: &Game, pages: &mut Pages) {
    let scenario = game.scenario();
    let held: Vec<String> = scenario
        .units
        .iter()
        .filter_map(|u| {
            if let Some(ambush) = &u.ambush {
                Some(format!("{}: held in ambush, {}", u.name, ambush.terms()))
            } else {
                u.arrives
                    .as_ref()
                    .map(|a| format!("{} {}", u.name, a.terms()))
            }
        })
        .collect();
    if held.is_empty() {
        return;
    }
    ui.label(RichText::new("Held back").strong());
    paged::list_ui(ui, pages, "units held back", &held, |ui, _, _, line| {
        ui.label(format!("• {line}"));
    });
}

/// The victory points: each item with its count, +1 and −1, and the end of the game.
pub fn victory_ui(ui: &mut Ui, game: &Game, pages: &mut Pages, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    ui.collapsing(
        RichText::new("Victory points").size(style::HEADING - 4.0),
        |ui| {
            let items: Vec<_> = state.victory_items(game.scenario()).collect();
            paged::list_ui(ui, pages, "scores", &items, |ui, _, _, (_, item)| {
                award_row_ui(ui, game, item, AwardAsked::Anytime, queue);
            });
            // Offered while the gate allows it.
            if game.check(&Command::EndGame).is_ok() && ui.button("End the game now").clicked() {
                queue.push(UiCommand::Play(Command::EndGame));
            }
        },
    );
}
