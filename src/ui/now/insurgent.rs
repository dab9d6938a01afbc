//! The Insurgent phase on the Now view: the Regulars' answers to Insurgent units acting, the
//! Insurgent units still to act (in a two-player game), Hot Spots to neutralize, the end of the
//! turn.

use egui::{RichText, Ui};

use ambush_core::game::{Command, FireContext, Game};
use ambush_core::unit::{Movement, Side};

use super::super::command::UiCommand;
use super::{NowForm, action, aimed_row_ui, small_action, targets_ui};
use crate::ui::solo::SoloForm;

/// Draws the Insurgent phase.
pub fn insurgent_phase_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    // Insurgent units acting may be answered: Overwatch fire, and reactions.
    for ins in state.units_seen(Side::Insurgent) {
        if !state.acting_in_insurgent_phase(ins) {
            continue;
        }
        for reg in state.units_in_play(Side::Regular) {
            for (context, words) in [
                (FireContext::Overwatch, "fires from Overwatch at"),
                (FireContext::Reaction, "reacts: fires at"),
            ] {
                let fire = Command::Fire {
                    attacker: reg.id,
                    target: ins.id,
                    modifiers: Default::default(),
                    context,
                };
                if game.check(&fire).is_err() {
                    continue;
                }
                let name = format!("{} {words} {}", reg.name, ins.name);
                if crate::ui::widgets::style::named_button(ui, name.as_str(), &name, true).clicked()
                {
                    form.aim = Some(super::Aim {
                        attacker: reg.id,
                        target: ins.id,
                        context,
                        revision: game.revision(),
                    });
                }
            }
        }
    }
    if !state.settings.solo {
        for ins in state.units_seen(Side::Insurgent) {
            unit_turn_ui(ui, game, form, ins.id, queue);
        }
    }
    aimed_row_ui(ui, game, form, solo, queue);
    // What the Regulars may still declare this turn.
    let mut extras = Vec::new();
    for reg in state.units_in_play(Side::Regular) {
        extras.extend(
            state
                .moves_for(game.scenario(), reg.id)
                .into_iter()
                .filter(|c| {
                    matches!(
                        c,
                        Command::NeutralizeHotSpot { .. } | Command::DeclareInCover { .. }
                    )
                }),
        );
    }
    if !extras.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Also:").strong());
            for command in extras {
                let label = command.facts(state).label;
                small_action(ui, game, &label, &label, command, queue);
            }
        });
    }
    action(ui, game, Command::EndTurn, queue);
}

/// One Insurgent unit's own action: its speed, its fire, a leader's join.
fn unit_turn_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    id: ambush_core::unit::UnitId,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let Some(unit) = state.unit(id) else {
        return;
    };
    let speeds: Vec<Command> = [Movement::Halted, Movement::Cautious, Movement::Rapid]
        .into_iter()
        .map(|movement| Command::InsurgentAction { unit: id, movement })
        .filter(|c| game.check(c).is_ok())
        .collect();
    let joins: Vec<Command> = state
        .moves_for(game.scenario(), id)
        .into_iter()
        .filter(|c| matches!(c, Command::JoinUnit { .. } | Command::LeaveTable { .. }))
        .collect();
    if !speeds.is_empty() || !joins.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{}:", unit.name))
                    .size(super::style::ACTION)
                    .strong(),
            );
            for command in speeds {
                let Command::InsurgentAction { movement, .. } = command else {
                    continue;
                };
                let label = command.facts(state).label;
                small_action(ui, game, movement.name(), &label, command, queue);
            }
            for command in joins {
                let label = command.facts(state).label;
                small_action(ui, game, &label, &label, command, queue);
            }
        });
    }
    targets_ui(
        ui,
        game,
        form,
        id,
        FireContext::Activation,
        &format!("{} fires at:", unit.name),
    );
}
