//! The Turn tab: what the rules call for now, the phase's actions, and the last result.

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use crate::game::{Command, Game, PendingStep, Phase};
use crate::unit::{FigureId, Side, UnitId};

use super::command::UiCommand;
use super::style::{self, named_button, unit_picker};

/// The Turn tab's own choices.
#[derive(Debug, Default)]
pub struct TurnForm {
    /// Figures chosen as casualties, by pending step.
    pub casualties: BTreeMap<u32, Vec<FigureId>>,
    /// Unit for the "other actions".
    pub unit: Option<UnitId>,
    /// Second unit (joining).
    pub into: Option<UnitId>,
    /// Hot Spot to neutralize.
    pub hot_spot: u8,
}

/// Draws the Turn tab.
pub fn turn_ui(ui: &mut Ui, game: &Game, form: &mut TurnForm, queue: &mut Vec<UiCommand>) {
    due_ui(ui, game, form, queue);
    ui.add_space(6.0);
    phase_ui(ui, game, queue);
    ui.add_space(6.0);
    if let Some(index) = game.last_in_effect() {
        ui.separator();
        style::heading(ui, "Last result");
        super::result::entry_result_ui(ui, game, index);
    }
    ui.add_space(6.0);
    ui.separator();
    other_actions_ui(ui, game, form, queue);
}

/// The steps the rules call for now, each with its buttons.
pub fn due_ui(ui: &mut Ui, game: &Game, form: &mut TurnForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    form.casualties.retain(|id, _| state.pending(*id).is_some());
    if state.pending.is_empty() {
        return;
    }
    style::heading(ui, format!("Due now ({})", state.pending.len()));
    for pending in &state.pending {
        let words = state.describe_pending(&pending.step);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&words).strong());
            let id = pending.id;
            if let PendingStep::Casualties { unit, count } = &pending.step {
                casualties_ui(ui, game, form, id, *unit, *count as usize, queue);
            }
            ui.horizontal_wrapped(|ui| {
                if let Some(command) = pending.step.roll_command(id) {
                    let (text, name) = match &pending.step {
                        PendingStep::InsurgencyRoll => ("Make the Insurgency roll", None),
                        PendingStep::TableRoll => ("Roll the 2d6", None),
                        PendingStep::Arrival { spec, .. } => (
                            "Roll up the arrival and its Hot Spot",
                            Some(format!("Roll up arrival {id}: {}", spec.describe())),
                        ),
                        PendingStep::AmbushRoll { .. } => ("Roll for the ambush", None),
                        _ => ("Roll its Hot Spot", None),
                    };
                    let name = name.unwrap_or_else(|| text.to_owned());
                    style::command_button(ui, game, text, &name, command, queue);
                }
                match &pending.step {
                    PendingStep::HotSpotChoice { .. } => {
                        ui.label("Place at:");
                        for spot in state.hot_spots.iter().filter(|h| h.active) {
                            let text = format!("Hot Spot {}", spot.number);
                            let command = Command::PlaceArrival {
                                pending: id,
                                hot_spot: spot.number,
                            };
                            style::command_button(ui, game, text.as_str(), &text, command, queue);
                        }
                    }

                    // Rolls have their button above; casualties their form.
                    PendingStep::InsurgencyRoll
                    | PendingStep::TableRoll
                    | PendingStep::Arrival { .. }
                    | PendingStep::AmbushRoll { .. }
                    | PendingStep::AmbushPlacement { .. }
                    | PendingStep::Casualties { .. } => {}
                    PendingStep::MoraleCheck { unit, .. } => {
                        if let Some(u) = state.unit(*unit) {
                            ui.label(super::odds_view::morale_words(u, 0, false));
                        }
                        let name = state.unit(*unit).map_or("", |u| u.name.as_str());
                        style::command_button(
                            ui,
                            game,
                            "Roll the Morale check",
                            &format!("Roll Morale check for {name}"),
                            Command::MoraleCheck {
                                unit: *unit,
                                modifier: 0,
                                defensible: false,
                            },
                            queue,
                        );
                        if ui.button("With a modifier…").clicked() {
                            queue.push(UiCommand::MoraleFor(*unit));
                        }
                    }
                }
                style::command_button(
                    ui,
                    game,
                    "Skip",
                    &format!("Skip: {words}"),
                    Command::SkipPending { pending: id },
                    queue,
                );
            });
        });
    }
}

fn casualties_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut TurnForm,
    pending: u32,
    unit_id: UnitId,
    count: usize,
    queue: &mut Vec<UiCommand>,
) {
    let Some(unit) = game.state().unit(unit_id) else {
        return;
    };
    let due = count.min(unit.firing_count());
    let chosen = form
        .casualties
        .entry(pending)
        .or_insert_with(|| unit.casualty_proposal(count));
    // After an undo the same step may stand for other figures: keep only those still there.
    let before = chosen.len();
    chosen.retain(|id| unit.firing_line().any(|f| f.id == *id));
    if chosen.len() < before && chosen.is_empty() {
        *chosen = unit.casualty_proposal(count);
    }
    ui.vertical(|ui| {
        ui.label(format!(
            "Choose {due} (proposed: riflemen first, leaders last):"
        ));
        ui.horizontal_wrapped(|ui| {
            for figure in unit.firing_line() {
                let mut on = chosen.contains(&figure.id);
                let label = format!("{} ({})", figure.name, figure.weapon);
                if ui.checkbox(&mut on, label).changed() {
                    if on {
                        chosen.push(figure.id);
                    } else {
                        chosen.retain(|f| *f != figure.id);
                    }
                }
            }
        });
        if unit.side == Side::Regular {
            ui.label(super::odds_view::first_aid_words(due));
        }
        let ready = chosen.len() == due;
        let (text, command) = if unit.side == Side::Regular {
            (
                format!("Roll First Aid for {due}"),
                Command::FirstAid {
                    pending,
                    figures: chosen.clone(),
                },
            )
        } else {
            (
                format!(
                    "Remove {}",
                    crate::text::plural(due, "casualty", "casualties")
                ),
                Command::RemoveCasualties {
                    pending,
                    figures: chosen.clone(),
                },
            )
        };
        style::command_button(
            ui,
            game,
            text.as_str(),
            &format!("{} from {}", text, unit.name),
            command,
            queue,
        );
        if !ready {
            ui.label(
                RichText::new(format!("{} chosen, {due} needed", chosen.len()))
                    .color(ui.visuals().warn_fg_color),
            );
        }
    });
}

fn phase_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    if let Some(reason) = &state.end_proposed {
        style::heading(ui, format!("The game ends: {}", reason.describe()));
        ui.label(state.final_score(game.scenario()));
        ui.horizontal_wrapped(|ui| {
            style::command_button(
                ui,
                game,
                "End the game",
                "End the game",
                Command::EndGame,
                queue,
            );
            style::command_button(ui, game, "Play on", "Play on", Command::PlayOn, queue);
        });
    }
    style::heading(ui, state.phase.name());
    match state.phase {
        Phase::Reinforcements => {
            ui.label("Roll for Insurgent reinforcements, then the Regulars activate.");
            style::command_button(
                ui,
                game,
                "Start Regular activations",
                "Start Regular activations",
                Command::StartActivations,
                queue,
            );
        }
        Phase::RegularActivations => {
            let waiting: Vec<&str> = state
                .units_in_play(Side::Regular)
                .filter(|u| !u.non_combatant && !u.status.activated)
                .map(|u| u.name.as_str())
                .collect();
            if waiting.is_empty() {
                ui.label("Every Regular unit has activated.");
            } else {
                ui.label(format!(
                    "Still to activate: {} — use the buttons on their cards.",
                    waiting.join(", ")
                ));
            }
            if state.settings.solo {
                ui.label("The Insurgents answer each activation on the Solo tab; fire from the Fire tab.");
            } else {
                ui.label("Insurgents interrupt from the Tests tab; fire from the Fire tab.");
            }
            ui.horizontal_wrapped(|ui| {
                if ui.button("Interrupt…").clicked() {
                    queue.push(UiCommand::ShowTab(super::Tab::Tests));
                }
                style::command_button(
                    ui,
                    game,
                    "End Regular activations",
                    "End Regular activations",
                    Command::StartInsurgentPhase,
                    queue,
                );
            });
        }
        Phase::InsurgentActions => {
            let waiting: Vec<&str> = state
                .units_in_play(Side::Insurgent)
                .filter(|u| u.yet_to_act())
                .map(|u| u.name.as_str())
                .collect();
            if waiting.is_empty() {
                ui.label("Every Insurgent unit has acted or interrupted.");
            } else {
                ui.label(format!("May still act: {}", waiting.join(", ")));
            }
            style::command_button(ui, game, "End turn", "End turn", Command::EndTurn, queue);
        }
        Phase::GameOver => {
            ui.label(
                RichText::new(state.final_score(game.scenario()))
                    .size(style::HEADING)
                    .strong(),
            );
            ui.label("Undo brings the game back if it ended by mistake.");
        }
    }
}

fn other_actions_ui(ui: &mut Ui, game: &Game, form: &mut TurnForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    ui.collapsing(
        RichText::new("More actions").size(style::HEADING - 4.0),
        |ui| {
            ui.horizontal_wrapped(|ui| {
                unit_picker(
                    ui,
                    "turn_unit",
                    "Unit",
                    game,
                    |u| u.in_play(),
                    &mut form.unit,
                );
            });
            let Some(unit) = form.unit else {
                ui.label("Choose a unit for these actions.");
                return;
            };
            ui.horizontal_wrapped(|ui| {
                style::command_button(
                    ui,
                    game,
                    "Declare In Cover",
                    "Declare In Cover",
                    Command::DeclareInCover { unit },
                    queue,
                );
                ui.label("Leave the table by the");
                for edge in crate::table::Edge::ALL {
                    let text = format!("{edge} edge");
                    style::command_button(
                        ui,
                        game,
                        text.as_str(),
                        &format!("Leave the table by the {edge} edge"),
                        Command::LeaveTable {
                            unit,
                            edge: Some(edge),
                        },
                        queue,
                    );
                }
            });
            ui.horizontal_wrapped(|ui| {
                let label = ui.label("Neutralize Hot Spot");
                egui::ComboBox::from_id_salt("neutralize_spot")
                    .selected_text(if form.hot_spot == 0 {
                        "choose…".to_owned()
                    } else {
                        form.hot_spot.to_string()
                    })
                    .show_ui(ui, |ui| {
                        for spot in state.hot_spots.iter().filter(|h| h.active) {
                            ui.selectable_value(
                                &mut form.hot_spot,
                                spot.number,
                                spot.number.to_string(),
                            );
                        }
                    })
                    .response
                    .labelled_by(label.id);
                style::command_button(
                    ui,
                    game,
                    "Neutralize",
                    "Neutralize",
                    Command::NeutralizeHotSpot {
                        hot_spot: form.hot_spot,
                        unit,
                    },
                    queue,
                );
            });
            ui.horizontal_wrapped(|ui| {
                let side = state.unit(unit).map(|u| u.side);
                unit_picker(
                    ui,
                    "turn_into",
                    "Joins",
                    game,
                    |u| u.in_play() && Some(u.side) == side && u.id != unit && !u.non_combatant,
                    &mut form.into,
                );
                if let Some(into) = form.into {
                    style::command_button(
                        ui,
                        game,
                        "Join",
                        "Join",
                        Command::JoinUnit { from: unit, into },
                        queue,
                    );
                }
            });
        },
    );
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
