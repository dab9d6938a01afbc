//! The Regular activations on the Now view: the activation in progress with its interruptions
//! (`interruption.rs`), the active unit's own fire and moves, and the units still to activate.

use egui::{RichText, Ui};

use ambush_core::game::{Agenda, AgendaItem, Command, FireContext, Game};
use ambush_core::unit::{Unit, UnitId};

use super::super::command::UiCommand;
use super::interruption::{interruption_ui, interrupts_ui};
use super::shots::{Fires, shots_ui};
use super::{NowForm, fires_of, small_item};
use crate::ui::solo::SoloForm;
use crate::ui::widgets::style;

/// Draws the Regular activation phase.
pub fn activations_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    solo: &SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let two_player = !state.settings().solo;
    let active = state
        .active_unit()
        .and_then(|a| state.unit(a))
        .filter(|u| u.in_play());
    for interruption in state.interruptions() {
        interruption_ui(ui, game, agenda, form, solo, interruption, queue);
    }
    let Some(unit) = active else {
        next_units_ui(ui, agenda, game, queue);
        return;
    };
    if two_player {
        interrupts_ui(ui, game, agenda, form, unit, queue);
    }
    // The unit's own fire: one click per target, once the table is judged; in a solo game,
    // once the Insurgents have answered its activation (they may interrupt its fire).
    let targets = fires_of(agenda, unit.id, FireContext::Activation);
    let waits = solo
        .answering()
        .is_some_and(|a| a.waits() && a.regular() == Some(unit.id));
    if waits && !targets.is_empty() {
        ui.label(
            RichText::new(format!(
                "{} fires once the Insurgents have answered its activation (above).",
                unit.name
            ))
            .weak(),
        );
        moves_ui(ui, agenda, unit, queue);
        next_units_compact_ui(ui, game, agenda, queue);
        return;
    }
    let fires = Fires {
        small: &targets,
        words: &format!("{} fires at:", unit.name),
        ..Fires::default()
    };
    shots_ui(ui, game, form, solo, fires, queue);
    moves_ui(ui, agenda, unit, queue);
    next_units_compact_ui(ui, game, agenda, queue);
}

/// The active unit's moves besides its fire, as the agenda offers them: leaving the table,
/// picking up dependants (their joining it), a leader joining or leaving, hunkering down,
/// neutralizing a Hot Spot.
fn moves_ui(ui: &mut Ui, agenda: &Agenda, active: &Unit, queue: &mut Vec<UiCommand>) {
    let joining: Vec<&AgendaItem> = agenda
        .unit_items()
        .filter(|item| {
            matches!(item.command, Command::JoinUnit { from, into } if into == active.id && from != active.id)
        })
        .collect();
    let own = agenda.of(active.id).iter().filter(|item| {
        matches!(
            item.command,
            Command::LeaveTable { .. }
                | Command::JoinUnit { .. }
                | Command::DetachLeader { .. }
                | Command::DeclareInCover { .. }
                | Command::NeutralizeHotSpot { .. }
        )
    });
    let items: Vec<&AgendaItem> = joining.into_iter().chain(own).collect();
    if items.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Also:").strong());
        let mut edges = Vec::new();
        for item in items {
            match item.command {
                Command::LeaveTable {
                    edge: Some(edge), ..
                } => edges.push((edge, item)),
                _ => small_item(ui, &item.label, &item.label, item, queue),
            }
        }
        if !edges.is_empty() {
            ui.label("leave the table by the");
            for (edge, item) in edges {
                small_item(ui, edge.name(), &item.label, item, queue);
            }
            ui.label("edge");
        }
    });
}

/// The activations the agenda offers, unit by unit: (unit, its speeds allowed).
fn activations(agenda: &Agenda) -> Vec<(UnitId, Vec<&AgendaItem>)> {
    agenda
        .units
        .iter()
        .map(|u| {
            let speeds = u
                .items
                .iter()
                .filter(|item| matches!(item.command, Command::Activate { .. }))
                .collect::<Vec<_>>();
            (u.unit, speeds)
        })
        .filter(|(_, speeds)| !speeds.is_empty())
        .collect()
}

/// The words of an activation's button: its speed.
fn speed_words(item: &AgendaItem) -> &'static str {
    match item.command {
        Command::Activate {
            movement,
            overwatch,
            ..
        } => crate::ui::widgets::labels::speed(movement, overwatch),
        _ => "",
    }
}

/// While a unit activates, the next ones in one line of small buttons.
fn next_units_compact_ui(ui: &mut Ui, game: &Game, agenda: &Agenda, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let next = activations(agenda);
    if next.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Next:").strong());
        for (unit, speeds) in next {
            ui.label(state.unit(unit).map_or("", |u| u.name.as_str()));
            for item in speeds {
                small_item(ui, speed_words(item), &item.label, item, queue);
            }
        }
    });
}

/// The Regular units still to activate, one row each with their speeds.
fn next_units_ui(ui: &mut Ui, agenda: &Agenda, game: &Game, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let next = activations(agenda);
    if next.is_empty() {
        return;
    }
    ui.label(RichText::new("Activate:").size(style::ACTION).strong());
    for (unit, speeds) in next {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(state.unit(unit).map_or("", |u| u.name.as_str())).size(style::ACTION),
            );
            for item in speeds {
                if style::action_button(ui, speed_words(item), &item.label).clicked() {
                    queue.push(UiCommand::Play(item.command.clone()));
                }
            }
        });
    }
}
