//! The steps the rules call for now, in the order they came, each with its main action first
//! and its Skip kept apart, at the far end of the row.

use egui::{RichText, Ui};

use ambush_core::game::{Command, Game, PendingStep};
use ambush_core::unit::{Side, UnitId};

use super::super::command::UiCommand;
use super::super::odds_view::{first_aid_words, morale_words};
use super::NowForm;

/// Draws the steps due.
pub fn due_ui(ui: &mut Ui, game: &Game, form: &mut NowForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    form.casualties.retain(|id, _| state.pending(*id).is_some());
    if state.pending.is_empty() {
        return;
    }
    ui.separator();
    ui.label(
        RichText::new(format!("Due now ({})", state.pending.len()))
            .size(super::style::HEADING - 2.0)
            .strong(),
    );
    for pending in &state.pending {
        let id = pending.id;
        let words = state.describe_pending(&pending.step);
        ui.horizontal_wrapped(|ui| {
            match &pending.step {
                PendingStep::Casualties { unit, count } => {
                    casualties_ui(ui, game, form, id, *unit, *count as usize, queue);
                }
                PendingStep::MoraleCheck { unit, .. } => {
                    super::action(
                        ui,
                        game,
                        Command::MoraleCheck {
                            unit: *unit,
                            modifier: 0,
                            defensible: false,
                        },
                        queue,
                    );
                    if let Some(u) = state.unit(*unit) {
                        ui.label(RichText::new(morale_words(u, 0, false)).weak());
                    }
                    if super::super::style::named_button(
                        ui,
                        "With a modifier…",
                        &format!("Morale check with a modifier for {}", name(game, *unit)),
                        true,
                    )
                    .clicked()
                    {
                        queue.push(UiCommand::MoraleFor(*unit));
                    }
                }
                PendingStep::HotSpotChoice { .. } if state.settings.solo => {
                    // The solo opponent asks which spot is nearest the Marines, below.
                    ui.label(RichText::new(&words).strong());
                }
                PendingStep::HotSpotChoice { .. } => {
                    ui.label(RichText::new(&words).strong());
                    for spot in state.hot_spots.iter().filter(|h| h.active) {
                        super::small_action(
                            ui,
                            game,
                            &format!("Hot Spot {}", spot.number),
                            &format!("Place at Hot Spot {}", spot.number),
                            Command::PlaceArrival {
                                pending: id,
                                hot_spot: spot.number,
                            },
                            queue,
                        );
                    }
                }
                step => {
                    if let Some(command) = step.roll_command(id) {
                        let label = match step {
                            PendingStep::Arrival { spec, .. } => {
                                format!("Roll up the arrival: {}", spec.describe())
                            }
                            _ => command.facts(state).label,
                        };
                        super::action_named(ui, game, &label, command, queue);
                    }
                }
            }
            super::small_action(
                ui,
                game,
                "Skip",
                &format!("Skip: {words}"),
                Command::SkipPending { pending: id },
                queue,
            );
        });
    }
}

fn name(game: &Game, id: UnitId) -> String {
    game.state()
        .unit(id)
        .map_or_else(String::new, |u| u.name.clone())
}

/// Casualties: the proposed figures, which the owner may change, then the button that removes
/// them (Insurgents) or rolls their First Aid (Regulars).
fn casualties_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
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
    let command = if unit.side == Side::Regular {
        Command::FirstAid {
            pending,
            figures: chosen.clone(),
        }
    } else {
        Command::RemoveCasualties {
            pending,
            figures: chosen.clone(),
        }
    };
    if !super::action(ui, game, command, queue) {
        ui.label(
            RichText::new(format!(
                "{}: choose {due} casualties ({} chosen)",
                unit.name,
                chosen.len()
            ))
            .color(ui.visuals().warn_fg_color),
        );
    }
    if unit.side == Side::Regular {
        ui.label(RichText::new(first_aid_words(due)).weak());
    }
    ui.collapsing(format!("Which figures ({})", unit.name), |ui| {
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
}
