//! An activation's interruptions on the Now view: each interruption with what may answer it,
//! in the order the rules give (Overwatch before the Reaction test, then who acts first as the
//! test said), and the Insurgents who may still interrupt. Every button is an agenda item.

use egui::{RichText, Ui};

use ambush_core::game::{
    Agenda, AgendaItem, Command, FireContext, Game, Interruption, ReactionKind,
};
use ambush_core::unit::{Side, Unit};

use super::super::command::UiCommand;
use super::shots::{Fires, Shot, shots_ui};
use super::{NowForm, fires_of, item_button, small_item};
use crate::ui::solo::SoloForm;

/// The agenda's items of one side's units whose command matches.
fn items_where<'a>(
    agenda: &'a Agenda,
    game: &'a Game,
    side: Side,
    keep: impl Fn(&Command) -> bool + 'a,
) -> impl Iterator<Item = &'a AgendaItem> + 'a {
    agenda
        .units
        .iter()
        .filter(move |u| game.state().unit(u.unit).is_some_and(|x| x.side == side))
        .flat_map(|u| u.items.iter())
        .filter(move |item| keep(&item.command))
}

/// One interruption and what may answer it, the likeliest first.
pub(super) fn interruption_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    solo: &SoloForm,
    i: &Interruption,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    // An interruption whose Insurgent unit is gone has nothing left to answer.
    let (Some(ins), Some(reg)) = (
        state.unit(i.insurgent).filter(|u| u.in_play()),
        state.unit(i.regular),
    ) else {
        return;
    };
    let what = match i.kind {
        ReactionKind::InterruptFire => "fire",
        _ => "movement",
    };
    let who_first = match (i.tested, i.insurgents_first) {
        (false, _) => "Overwatch may answer before the Reaction test",
        (true, true) => "the Insurgents act first",
        (true, false) => "the Regulars react first",
    };
    ui.label(
        RichText::new(format!(
            "{} interrupts {}'s {what}: {who_first}",
            ins.name, reg.name
        ))
        .size(super::style::ACTION)
        .strong(),
    );
    overwatch_ui(ui, game, agenda, form, solo, i, queue);
    if !i.tested {
        // The declared interruption's Reaction test, once Overwatch has answered.
        for item in agenda.of(ins.id).iter().filter(|item| {
            matches!(item.command, Command::ReactionTest { regular, kind, .. }
                if regular == reg.id && kind == i.kind)
        }) {
            item_button(ui, item, queue);
        }
        return;
    }
    let two_player = !state.settings().solo;
    // The Insurgents' answer: their fire at the unit, or their move (a two-player game; solo,
    // the opponent's panel gives it).
    let insurgents = |ui: &mut Ui, form: &mut NowForm, queue: &mut Vec<UiCommand>| {
        if !two_player {
            return;
        }
        let fire: Vec<Shot> = fires_of(agenda, ins.id, FireContext::Interrupt)
            .into_iter()
            .filter(|shot| shot.target == reg.id)
            .collect();
        let moves: Vec<(String, &AgendaItem)> = agenda
            .of(ins.id)
            .iter()
            .filter_map(|item| match item.command {
                Command::InterruptMove { movement, .. } => {
                    Some((format!("or moves {}", movement.name()), item))
                }
                _ => None,
            })
            .collect();
        let fires = Fires {
            large: &fire,
            also: &moves,
            ..Fires::default()
        };
        shots_ui(ui, game, form, solo, fires, queue);
    };
    // The Regulars' answer: the interrupted unit's fire at the interrupting one (or its move
    // into cover), and friends in sight that have not activated, spending their activation.
    let regulars = |ui: &mut Ui, form: &mut NowForm, queue: &mut Vec<UiCommand>| {
        let reaction: Vec<Shot> = fires_of(agenda, reg.id, FireContext::Reaction)
            .into_iter()
            .filter(|shot| shot.target == ins.id)
            .collect();
        let friends: Vec<Shot> = state
            .units_in_play(Side::Regular)
            .filter(|friend| friend.id != reg.id)
            .flat_map(|friend| fires_of(agenda, friend.id, FireContext::Reaction))
            .filter(|shot| shot.target == ins.id)
            .collect();
        let moves: Vec<(String, &AgendaItem)> = agenda
            .of(reg.id)
            .iter()
            .filter(|item| {
                matches!(item.command, Command::ReactMove { insurgent, .. } if insurgent == ins.id)
            })
            .map(|item| {
                let text = format!("or {} moves into cover or out of sight", reg.name);
                (text, item)
            })
            .collect();
        let fires = Fires {
            large: &reaction,
            small: &friends,
            words: "Friends, spending their activation:",
            also: &moves,
            by_firer: true,
        };
        shots_ui(ui, game, form, solo, fires, queue);
    };
    // In the order the test gave.
    if i.insurgents_first {
        insurgents(ui, form, queue);
        regulars(ui, form, queue);
    } else {
        regulars(ui, form, queue);
        insurgents(ui, form, queue);
    }
}

/// Overwatch answers to an interruption: each Overwatch unit's Reaction test, then its fire.
fn overwatch_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    solo: &SoloForm,
    i: &Interruption,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let tests: Vec<&AgendaItem> = items_where(agenda, game, Side::Regular, |c| {
        matches!(c, Command::ReactionTest { insurgent, kind: ReactionKind::Overwatch, .. }
            if *insurgent == i.insurgent)
    })
    .collect();
    if !tests.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for item in tests {
                if let Command::ReactionTest { regular, .. } = item.command {
                    let name = state.unit(regular).map_or("", |u| u.name.as_str());
                    let text = format!("{name} on Overwatch: Reaction test");
                    small_item(ui, &text, &item.label, item, queue);
                }
            }
        });
    }
    // The Overwatch fires the agenda offers at this interrupting unit.
    let overwatch: Vec<Shot> = state
        .units_in_play(Side::Regular)
        .flat_map(|friend| fires_of(agenda, friend.id, FireContext::Overwatch))
        .filter(|shot| shot.target == i.insurgent)
        .collect();
    let fires = Fires {
        large: &overwatch,
        ..Fires::default()
    };
    shots_ui(ui, game, form, solo, fires, queue);
}

/// The Insurgent units that may interrupt the unit activating (a two-player game): a row of
/// buttons, one per unit, for what it may interrupt; a unit with no leader takes its Interrupt
/// check first, in the same click.
pub(super) fn interrupts_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    active: &Unit,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    // What is interrupted: the movement of a unit moving, unless the referee says its fire.
    let chosen = form
        .interrupt_fire
        .filter(|(unit, revision, _)| *unit == active.id && *revision == state.turn())
        .map(|(_, _, fire)| fire);
    let kind = ReactionKind::interrupting(active, chosen.unwrap_or(false));
    let fire = kind == ReactionKind::InterruptFire;
    let mut options = Vec::new();
    for ins in ambush_core::view::Sight::desk(game).units_on_table(Side::Insurgent) {
        // A unit whose interruption is declared goes on with it (its Reaction test, above).
        if state.interruption_by(ins.id).is_some() {
            continue;
        }
        let start = state.interrupt_command(game.scenario(), ins.id, active, kind);
        let items = agenda.of(ins.id);
        let series = if let Some(item) = items.iter().find(|item| item.command == start) {
            (vec![item.command.clone()], item.label.clone())
        } else if let Some(item) = items
            .iter()
            .find(|item| item.after_check.as_ref() == Some(&start))
        {
            (
                vec![item.command.clone(), start.clone()],
                item.label.clone(),
            )
        } else {
            continue;
        };
        options.push((ins, series));
    }
    if !options.is_empty() {
        // The likeliest first: the units with the most figures.
        options.sort_by_key(|(ins, _)| std::cmp::Reverse(ins.firing_count()));
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Interrupt its").strong());
            if ReactionKind::either_may_be_interrupted(active) {
                // Two answers, both framed so the one not picked still reads as a button.
                for (words, value) in [("movement", false), ("fire", true)] {
                    let name = format!("Interrupt its {words}");
                    let picked = fire == value;
                    if super::style::choice_button(
                        ui,
                        words,
                        &name,
                        picked,
                        egui::Role::RadioButton,
                        true,
                    )
                    .clicked()
                    {
                        form.interrupt_fire = Some((active.id, state.turn(), value));
                    }
                }
            } else {
                ui.label(RichText::new("fire").strong());
            }
            ui.label(RichText::new("with").strong());
            for (ins, (series, label)) in options {
                let text = if series.len() > 1 {
                    format!("{} (check)", ins.name)
                } else {
                    ins.name.clone()
                };
                let response = ui.button(text);
                response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                if response.clicked() {
                    queue.push(UiCommand::PlaySeries(series));
                }
            }
        });
    }
    // A Regular unit the rules leave open (Pinned, or pulling back) may be fired on with no
    // test, the interrupt sacrificed: the agenda offers it and words it.
    for ins in ambush_core::view::Sight::desk(game).units_on_table(Side::Insurgent) {
        if state.interruption_by(ins.id).is_some() {
            continue;
        }
        for item in agenda.of(ins.id).iter().filter(|item| {
            matches!(
                item.command,
                Command::Fire {
                    context: FireContext::Interrupt,
                    ..
                }
            )
        }) {
            // The agenda's own words: the interrupt given up for a shot the rules leave open.
            let name = item.label.clone();
            if super::style::action_button(ui, &name, &name).clicked() {
                queue.push(UiCommand::Play(item.command.clone()));
            }
        }
    }
}
