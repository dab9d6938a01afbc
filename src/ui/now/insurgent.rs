//! The Insurgent phase on the Now view: the Regulars' answers to Insurgent units acting, the
//! Insurgent units still to act (in a two-player game), Hot Spots to neutralize, the end of the
//! turn. Every button is an agenda item.

use egui::{RichText, Ui};

use ambush_core::game::{Agenda, AgendaItem, Command, FireContext, Game};
use ambush_core::unit::{Side, UnitId};

use super::super::command::UiCommand;
use super::{NowForm, action, aimed_row_ui, small_item, targets_ui};
use crate::ui::solo::SoloForm;

/// Draws the Insurgent phase.
pub fn insurgent_phase_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    solo: &SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    // Insurgent units acting may be answered: Overwatch fire, and reactions.
    for reg in state.units_in_play(Side::Regular) {
        for item in agenda.of(reg.id) {
            let Command::Fire {
                target, context, ..
            } = item.command
            else {
                continue;
            };
            let words = match context {
                FireContext::Overwatch => "fires from Overwatch at",
                FireContext::Reaction => "reacts: fires at",
                FireContext::Activation | FireContext::Interrupt => continue,
            };
            let ins = state.unit(target).map_or("", |u| u.name.as_str());
            let name = format!("{} {words} {ins}", reg.name);
            if crate::ui::widgets::style::named_button(ui, name.as_str(), &name, true).clicked() {
                form.aim = Some(super::Aim {
                    attacker: reg.id,
                    target,
                    context,
                    revision: game.revision(),
                });
            }
        }
    }
    if !state.settings.solo {
        for ins in state.units_seen(Side::Insurgent) {
            unit_turn_ui(ui, game, agenda, form, ins.id, queue);
        }
    }
    aimed_row_ui(ui, game, form, solo, queue);
    // What the Regulars may still declare this turn.
    let extras: Vec<&AgendaItem> = state
        .units_in_play(Side::Regular)
        .flat_map(|reg| agenda.of(reg.id))
        .filter(|item| {
            matches!(
                item.command,
                Command::NeutralizeHotSpot { .. } | Command::DeclareInCover { .. }
            )
        })
        .collect();
    if !extras.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Also:").strong());
            for item in extras {
                small_item(ui, &item.label, &item.label, item, queue);
            }
        });
    }
    action(ui, game, Command::EndTurn, queue);
}

/// One Insurgent unit's own action: its speed, its fire, a leader's join.
fn unit_turn_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    id: UnitId,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let Some(unit) = state.unit(id) else {
        return;
    };
    let items: Vec<&AgendaItem> = agenda
        .of(id)
        .iter()
        .filter(|item| {
            matches!(
                item.command,
                Command::InsurgentAction { .. }
                    | Command::JoinUnit { .. }
                    | Command::LeaveTable { .. }
            )
        })
        .collect();
    if !items.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{}:", unit.name))
                    .size(super::style::ACTION)
                    .strong(),
            );
            for item in items {
                let text = match item.command {
                    Command::InsurgentAction { movement, .. } => movement.name().to_owned(),
                    _ => item.label.clone(),
                };
                small_item(ui, &text, &item.label, item, queue);
            }
        });
    }
    targets_ui(
        ui,
        game,
        agenda,
        form,
        id,
        FireContext::Activation,
        &format!("{} fires at:", unit.name),
    );
}
