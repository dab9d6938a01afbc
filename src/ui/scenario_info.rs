//! The Scenario tab: the mission as the players read it.

use egui::{RichText, Ui};

use crate::game::{Command, Game, Phase};

use super::command::UiCommand;
use super::style::{self, named_button};

/// Draws the scenario's brief, objectives, special rules and reinforcement table, and the
/// victory points.
pub fn scenario_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    victory_ui(ui, game, queue);
    let scenario = game.scenario();
    style::heading(ui, &scenario.name);
    if !scenario.table.is_empty() {
        ui.label(format!(
            "Table: {} — scale {}",
            scenario.table, scenario.scale
        ));
    }
    if let Some(limit) = scenario.turn_limit {
        ui.label(format!("The game lasts {limit} turns."));
    }
    ui.label(&scenario.brief);
    for objective in &scenario.objectives {
        ui.label(RichText::new(format!("{} objective", objective.side)).strong());
        ui.label(&objective.text);
    }
    if !scenario.special_rules.is_empty() {
        ui.label(RichText::new("Special rules").strong());
        for rule in &scenario.special_rules {
            ui.label(format!("• {rule}"));
        }
    }
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
            for row in &scenario.reinforcements.rows {
                let rolls: Vec<String> = row.rolls.iter().map(u8::to_string).collect();
                ui.label(rolls.join(", "));
                let units: Vec<String> = row.units.iter().map(|u| u.describe()).collect();
                let mut words = units.join("; ");
                if row.roll_again {
                    words.push_str(", and roll again");
                }
                ui.label(words);
                ui.end_row();
            }
        });
    ui.label(RichText::new("Victory points").strong());
    for item in &scenario.victory {
        ui.label(format!(
            "{}: {} — {} points",
            item.side, item.label, item.points
        ));
    }
}

/// The victory points: each item with its count, +1 and −1, and the end of the game.
pub fn victory_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    ui.collapsing(
        RichText::new("Victory points").size(style::HEADING - 4.0),
        |ui| {
            for count in &state.victory {
                let Some(item) = game.scenario().victory_item(&count.item) else {
                    continue;
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!(
                        "{} — {}: {} × {} = {}",
                        item.side,
                        item.label,
                        count.count,
                        item.points,
                        count.count * item.points
                    ));
                    if named_button(ui, "+1", &format!("Award {}", item.label), true).clicked() {
                        queue.push(UiCommand::Play(Command::AwardVictory {
                            item: item.id.clone(),
                            delta: 1,
                        }));
                    }
                    if named_button(
                        ui,
                        "−1",
                        &format!("Take back {}", item.label),
                        count.count != 0,
                    )
                    .clicked()
                    {
                        queue.push(UiCommand::Play(Command::AwardVictory {
                            item: item.id.clone(),
                            delta: -1,
                        }));
                    }
                });
            }
            if state.phase != Phase::GameOver && ui.button("End the game now").clicked() {
                queue.push(UiCommand::Play(Command::EndGame));
            }
        },
    );
}
