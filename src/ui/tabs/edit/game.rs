//! Edits of the game as a whole: a unit added, the Hot Spots, the Insurgency Level, the turn.

use crate::ui::command::UiCommand;
use ambush_core::game::command::NewFigure;
use ambush_core::game::{Command, Game, Phase, Settings};
use ambush_core::rules::fire::InterruptionPenalty;
use ambush_core::rules::reinforcements::InsurgencyLevel;
use ambush_core::scenario::Scale;
use ambush_core::unit::{Side, Weapon};
use egui::{RichText, Ui};

use super::{EditForm, die_picker, name_it};

pub(super) fn new_unit_ui(ui: &mut Ui, form: &mut EditForm, queue: &mut Vec<UiCommand>) {
    ui.collapsing(RichText::new("Add a unit").strong(), |ui| {
        let u = &mut form.new_unit;
        egui::Grid::new("new_unit_grid")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label("Name");
                ui.text_edit_singleline(&mut u.name);
                ui.end_row();
                ui.label("Side");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut u.side, Side::Regular, "Regular");
                    ui.radio_value(&mut u.side, Side::Insurgent, "Insurgent");
                });
                ui.end_row();
                ui.label("Troop Quality / Morale");
                ui.horizontal(|ui| {
                    die_picker(
                        ui,
                        "new_tq",
                        "Troop Quality of the new unit",
                        &mut u.profile.tq,
                    );
                    die_picker(
                        ui,
                        "new_morale",
                        "Morale of the new unit",
                        &mut u.profile.morale,
                    );
                });
                ui.end_row();
                ui.label("Optimum Range / armor");
                ui.horizontal(|ui| {
                    name_it(
                        &ui.add(
                            egui::DragValue::new(&mut u.profile.optimum_range)
                                .range(ambush_core::limits::OPTIMUM_RANGE.range::<u32>()),
                        ),
                        egui::Role::SpinButton,
                        "Optimum Range of the new unit",
                    );
                    name_it(
                        &ui.add(
                            egui::DragValue::new(&mut u.profile.armor)
                                .range(ambush_core::limits::ARMOR.range::<u8>()),
                        ),
                        egui::Role::SpinButton,
                        "Armor of the new unit",
                    );
                });
                ui.end_row();
                crate::ui::widgets::style::number(
                    ui,
                    "Riflemen",
                    &mut form.riflemen,
                    1..=ambush_core::limits::FIGURES_PER_UNIT.max as u8 - 1,
                );
                ui.end_row();
                ui.label("Position");
                ui.text_edit_singleline(&mut u.location);
                ui.end_row();
            });
        let ready = !form.new_unit.name.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new("Add the unit"))
            .clicked()
        {
            let mut unit = form.new_unit.clone();
            unit.figures = (0..form.riflemen)
                .map(|_| NewFigure {
                    name: "Rifleman".to_owned(),
                    weapon: Weapon::Rifle,
                    tq: None,
                })
                .collect();
            queue.push(UiCommand::Play(Command::AddUnit { unit }));
        }
    });
}

pub(super) fn game_edit_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    ui.collapsing(
        RichText::new("Hot Spots, Insurgency Level, turn and settings").strong(),
        |ui| {
            ui.horizontal_wrapped(|ui| {
                for spot in state.hot_spots() {
                    let mut active = spot.active;
                    if ui
                        .checkbox(&mut active, format!("Hot Spot {} active", spot.number))
                        .changed()
                    {
                        queue.push(UiCommand::Play(Command::SetHotSpot {
                            hot_spot: spot.number,
                            active,
                        }));
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Insurgency Level:");
                for level in (1..=6)
                    .map(InsurgencyLevel::Level)
                    .chain([InsurgencyLevel::Automatic])
                {
                    if ui
                        .selectable_label(state.insurgency() == level, level.to_string())
                        .clicked()
                        && state.insurgency() != level
                    {
                        queue.push(UiCommand::Play(Command::SetInsurgencyLevel { level }));
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("Turn {}:", state.turn()));
                if ui.button("Turn −1").clicked() && state.turn() > 1 {
                    queue.push(UiCommand::Play(Command::SetTurn {
                        turn: state.turn() - 1,
                        phase: state.phase(),
                    }));
                }
                if ui.button("Turn +1").clicked() {
                    queue.push(UiCommand::Play(Command::SetTurn {
                        turn: state.turn() + 1,
                        phase: state.phase(),
                    }));
                }
                for phase in [
                    Phase::Reinforcements,
                    Phase::RegularActivations,
                    Phase::InsurgentActions,
                ] {
                    if ui
                        .selectable_label(state.phase() == phase, phase.name())
                        .clicked()
                        && state.phase() != phase
                    {
                        queue.push(UiCommand::Play(Command::SetTurn {
                            turn: state.turn(),
                            phase,
                        }));
                    }
                }
            });
            let mut settings: Settings = state.settings().clone();
            ui.horizontal_wrapped(|ui| {
                ui.label("Interruption penalty:");
                ui.radio_value(
                    &mut settings.interruption_penalty,
                    InterruptionPenalty::AfterFirst,
                    "a die for each after the first",
                );
                ui.radio_value(
                    &mut settings.interruption_penalty,
                    InterruptionPenalty::Each,
                    "a die for each",
                );
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Figures on the table:")
                    .on_hover_text(format!(
                        "The scenario's distances are written for {}: at the other scale they are converted (28mm is 1.5 times 15mm).",
                        state.written_scale()
                    ));
                ui.radio_value(&mut settings.scale, Scale::Mm15, "15mm");
                ui.radio_value(&mut settings.scale, Scale::Mm28, "28mm");
            });
            if settings.solo {
                crate::ui::widgets::style::solo_opponent_ui(
                    ui,
                    "Solo opponent:",
                    &mut settings.difficulty,
                    &mut settings.doctrine_hidden,
                );
            }
            // The gate says whether they may be switched off (never in a solo game).
            let off = Command::ChangeSettings {
                settings: Settings {
                    dice_stay: false,
                    ..state.settings().clone()
                },
            };
            let locked = settings
                .dice_stay
                .then(|| game.check(&off).err())
                .flatten();
            ui.add_enabled(
                locked.is_none(),
                egui::Checkbox::new(
                    &mut settings.dice_stay,
                    "Dice stay after undo: the same command at the same place rolls the same faces",
                ),
            )
            .on_hover_text(
                "On by default in a solo game, so undoing the opponent's roll and asking again gives the same roll; off by default in a game for two. Typed dice are always your own.",
            );
            if let Some(why) = locked {
                ui.label(RichText::new(ambush_core::text::capitalized(&why.to_string())).weak());
            }
            if &settings != state.settings() {
                queue.push(UiCommand::Play(Command::ChangeSettings { settings }));
            }
        },
    );
}
