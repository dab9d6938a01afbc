//! The Scenario tab: the mission as the players read it.

use egui::{RichText, Ui};

use crate::game::Game;

use super::style;

/// Draws the scenario's brief, objectives, special rules and reinforcement table.
pub fn scenario_ui(ui: &mut Ui, game: &Game) {
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
