//! The Regular activations on the Now view: the activation in progress with its interruptions
//! (`interruption.rs`), the active unit's own fire and moves, and the units still to activate.

use egui::{RichText, Ui};

use ambush_core::game::{Command, FireContext, Game};
use ambush_core::unit::{Movement, Side, Unit};

use super::super::command::UiCommand;
use super::interruption::{interruption_ui, interrupts_ui};
use super::{NowForm, action, aimed_row_ui, small_action, targets_ui};
use crate::ui::solo::SoloForm;

/// Draws the Regular activation phase.
pub fn activations_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let two_player = !state.settings.solo;
    let active = state
        .active_unit
        .and_then(|a| state.unit(a))
        .filter(|u| u.in_play());
    for interruption in &state.interruptions {
        interruption_ui(ui, game, form, solo, interruption, queue);
    }
    if let Some(unit) = active {
        if two_player {
            interrupts_ui(ui, game, form, unit, queue);
        }
        targets_ui(ui, game, form, unit.id, FireContext::Activation, "Fire at:");
    }
    aimed_row_ui(ui, game, form, solo, queue);
    if let Some(unit) = active {
        moves_ui(ui, game, unit, queue);
        next_units_compact_ui(ui, game, queue);
        small_action(
            ui,
            game,
            "End Regular activations",
            "End Regular activations",
            Command::StartInsurgentPhase,
            queue,
        );
    } else {
        next_units_ui(ui, game, queue);
        action(ui, game, Command::StartInsurgentPhase, queue);
    }
}

/// The active unit's moves besides its fire: leaving the table, picking up dependants, a leader
/// joining or leaving, hunkering down.
fn moves_ui(ui: &mut Ui, game: &Game, active: &Unit, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let mut commands: Vec<Command> = state.moves_for(game.scenario(), active.id);
    // Dependants waiting to be picked up join the unit that reaches them.
    for waiting in state.units_in_play(Side::Regular) {
        let pick_up = Command::JoinUnit {
            from: waiting.id,
            into: active.id,
        };
        if waiting.cannot_fight() && game.check(&pick_up).is_ok() {
            commands.insert(0, pick_up);
        }
    }
    if commands.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Also:").strong());
        let mut edges = Vec::new();
        for command in commands {
            let label = command.facts(state).label;
            match command {
                Command::LeaveTable {
                    edge: Some(edge), ..
                } => edges.push((edge, label, command)),
                _ => {
                    small_action(ui, game, &label, &label, command, queue);
                }
            }
        }
        if !edges.is_empty() {
            ui.label("leave the table by the");
            for (edge, label, command) in edges {
                small_action(ui, game, edge.name(), &label, command, queue);
            }
            ui.label("edge");
        }
    });
}

/// While a unit activates, the next ones in one line of small buttons.
fn next_units_compact_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let commands: Vec<Command> = state
        .units_in_play(Side::Regular)
        .flat_map(|unit| {
            [
                (Movement::Halted, false),
                (Movement::Cautious, false),
                (Movement::Rapid, false),
                (Movement::Halted, true),
            ]
            .map(|(movement, overwatch)| Command::Activate {
                unit: unit.id,
                movement,
                overwatch,
            })
        })
        .filter(|c| game.check(c).is_ok())
        .collect();
    if commands.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Next:").strong());
        let mut last = None;
        for command in commands {
            let Command::Activate {
                unit,
                movement,
                overwatch,
            } = command
            else {
                continue;
            };
            if last != Some(unit) {
                ui.label(state.unit(unit).map_or("", |u| u.name.as_str()));
                last = Some(unit);
            }
            let label = command.facts(state).label;
            small_action(
                ui,
                game,
                crate::ui::widgets::labels::speed(movement, overwatch),
                &label,
                command,
                queue,
            );
        }
    });
}

/// The Regular units still to activate, one row each with their speeds.
fn next_units_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let mut first = true;
    for unit in state.units_in_play(Side::Regular) {
        let speeds = [
            (Movement::Halted, false),
            (Movement::Cautious, false),
            (Movement::Rapid, false),
            (Movement::Halted, true),
        ];
        let allowed: Vec<Command> = speeds
            .iter()
            .map(|&(movement, overwatch)| Command::Activate {
                unit: unit.id,
                movement,
                overwatch,
            })
            .filter(|c| game.check(c).is_ok())
            .collect();
        if allowed.is_empty() {
            continue;
        }
        if first {
            ui.label(
                RichText::new("Activate:")
                    .size(super::style::ACTION)
                    .strong(),
            );
            first = false;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&unit.name).size(super::style::ACTION));
            for command in allowed {
                let Command::Activate {
                    movement,
                    overwatch,
                    ..
                } = command
                else {
                    continue;
                };
                let label = command.facts(state).label;
                let text = RichText::new(crate::ui::widgets::labels::speed(movement, overwatch))
                    .size(super::style::ACTION);
                let response = ui.add(
                    egui::Button::new(text).min_size(egui::vec2(0.0, super::style::ACTION_HEIGHT)),
                );
                response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                if response.clicked() {
                    queue.push(UiCommand::Play(command));
                }
            }
        });
    }
}
