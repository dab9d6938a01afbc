//! The steps the rules call for now, in the order they came, each with its main action first
//! and its Skip kept apart, at the far end of the row. Everything here comes from the agenda
//! (`GameState::agenda`): which commands answer a step, which Hot Spots may be chosen, how many
//! casualties to take and whether they roll First Aid.

use egui::{RichText, Ui};

use ambush_core::game::{Agenda, CasualtyPick, Command, DueStep, Game};

use super::super::command::UiCommand;
use super::NowForm;
use crate::ui::widgets::odds_view::{first_aid_words, morale_words};

/// Draws the steps due.
pub fn due_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    form.casualties.retain(|id, _| state.pending(*id).is_some());
    if agenda.due.is_empty() {
        return;
    }
    ui.separator();
    ui.label(
        RichText::new(format!("Due now ({})", agenda.due.len()))
            .size(super::style::HEADING - 2.0)
            .strong(),
    );
    for step in &agenda.due {
        ui.horizontal_wrapped(|ui| {
            let choosing_a_spot = step.hot_spot_for.is_some();
            if let Some(pick) = &step.casualties {
                casualties_ui(ui, game, form, step, pick, queue);
            } else if choosing_a_spot {
                ui.label(RichText::new(&step.words).strong());
                // In a solo game the opponent asks which spot is nearest the Marines, below.
                if !state.settings().solo {
                    for item in &step.choices {
                        if let Command::PlaceArrival { hot_spot, .. } = item.command {
                            let text = format!("Hot Spot {hot_spot}");
                            super::small_item(ui, &text, &item.label, item, queue);
                        }
                    }
                }
            } else if let Some(item) = step.choices.first() {
                super::item_button(ui, item, queue);
                if let Command::MoraleCheck { unit, .. } = item.command {
                    morale_extras_ui(ui, game, unit, queue);
                }
            }
            if let Some(skip) = &step.skip {
                let name = format!("Skip: {}", step.words);
                super::small_item(ui, "Skip", &name, skip, queue);
            }
        });
        // Which figures, on a line of its own under the row: beside words that wrap it was
        // pushed to the row's far end and cut off there.
        if let Some(pick) = &step.casualties {
            which_figures_ui(ui, game, form, step, pick);
        }
    }
}

/// Beside a Morale check: its odds, and the same check with a modifier.
fn morale_extras_ui(
    ui: &mut Ui,
    game: &Game,
    unit: ambush_core::unit::UnitId,
    queue: &mut Vec<UiCommand>,
) {
    let Some(u) = game.state().unit(unit) else {
        return;
    };
    ui.label(RichText::new(morale_words(u, 0, false)).weak());
    if crate::ui::widgets::style::named_button(
        ui,
        "With a modifier…",
        &format!("Morale check with a modifier for {}", u.name),
        true,
    )
    .clicked()
    {
        queue.push(UiCommand::MoraleFor(unit));
    }
}

/// Casualties: the proposed figures, which the owner may change, then the button that removes
/// them (Insurgents) or rolls their First Aid (Regulars).
fn casualties_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    step: &DueStep,
    pick: &CasualtyPick,
    queue: &mut Vec<UiCommand>,
) {
    let Some(unit) = game.state().unit(pick.unit) else {
        return;
    };
    let chosen = form
        .casualties
        .entry(step.pending)
        .or_insert_with(|| pick.proposed.clone());
    // After an undo the same step may stand for other figures: keep only those still there.
    let before = chosen.len();
    chosen.retain(|id| pick.candidates.contains(id));
    if chosen.len() < before && chosen.is_empty() {
        *chosen = pick.proposed.clone();
    }
    // The agenda's command with the figures chosen here; the gate decides whether it may go.
    let command = step.choices.first().map(|item| match &item.command {
        Command::FirstAid { pending, .. } => Command::FirstAid {
            pending: *pending,
            figures: chosen.clone(),
        },
        Command::RemoveCasualties { pending, .. } => Command::RemoveCasualties {
            pending: *pending,
            figures: chosen.clone(),
        },
        other => other.clone(),
    });
    if !command.is_some_and(|c| super::action(ui, game, c, queue)) {
        ui.label(
            RichText::new(format!(
                "{}: choose {} casualties ({} chosen)",
                unit.name,
                pick.count,
                chosen.len()
            ))
            .color(ui.visuals().warn_fg_color),
        );
    }
    if pick.first_aid {
        ui.label(RichText::new(first_aid_words(pick.count)).weak());
    }
}

/// The figures the owner may choose as the casualties, ticked as chosen.
fn which_figures_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    step: &DueStep,
    pick: &CasualtyPick,
) {
    let (Some(unit), Some(chosen)) = (
        game.state().unit(pick.unit),
        form.casualties.get_mut(&step.pending),
    ) else {
        return;
    };
    ui.collapsing(format!("Which figures ({})", unit.name), |ui| {
        // The figures the agenda says may be chosen.
        for figure in pick.candidates.iter().filter_map(|&f| unit.figure(f)) {
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
