//! The Insurgent phase on the Now view, one unit at a time, as the Regular activations are: the
//! unit acting with its speeds, the leaders who may join it, its fire with its targets and the
//! Regulars' answers to it, all in one place; the other units that may still act in one short
//! row to pick from; then what the Regulars may still declare (a Hot Spot neutralized, In
//! Cover). In a solo game the opponent's panel gives the Insurgents' orders; this view keeps
//! the Regulars' answers and declarations. Every button is an agenda item.

use egui::{RichText, Ui};

use ambush_core::dice::DiceRole;
use ambush_core::game::{Agenda, AgendaItem, Command, FireContext, Game};
use ambush_core::unit::{Side, UnitId};

use super::super::command::UiCommand;
use super::shots::{Fires, Shot, shots_ui};
use super::{NowForm, fires_of, small_item};
use crate::ui::solo::SoloForm;
use crate::ui::widgets::style;

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
    let mut shown = None;
    if !state.settings().solo {
        let waiting = may_act(game, agenda);
        shown = acting(ui.ctx(), game, agenda, form, &waiting);
        if let Some(unit) = shown {
            acting_ui(ui, game, agenda, form, solo, unit, queue);
        }
        others_ui(ui, game, agenda, form, &waiting, shown, queue);
    }
    // Answers to the units that acted before, still open.
    let open: Vec<Shot> = answers(game, agenda)
        .into_iter()
        .filter(|shot| Some(shot.target) != shown)
        .collect();
    let fires = Fires {
        small: &open,
        words: "The Regulars may still answer:",
        by_firer: true,
        ..Fires::default()
    };
    shots_ui(ui, game, form, solo, fires, queue);
    regulars_ui(ui, game, agenda, queue);
}

/// The Regulars' answers the agenda offers to Insurgent units that acted: reaction fire and
/// Overwatch fire, in the Regular units' order.
fn answers(game: &Game, agenda: &Agenda) -> Vec<Shot> {
    game.state()
        .units_in_play(Side::Regular)
        .flat_map(|reg| {
            [FireContext::Overwatch, FireContext::Reaction]
                .into_iter()
                .flat_map(move |context| fires_of(agenda, reg.id, context))
        })
        .collect()
}

/// What an Insurgent unit may do on its own now: act at a speed, join or be joined, leave the
/// table, fire.
fn own_items<'a>(agenda: &'a Agenda, unit: UnitId) -> impl Iterator<Item = &'a AgendaItem> + 'a {
    agenda.of(unit).iter().filter(|item| {
        matches!(
            item.command,
            Command::InsurgentAction { .. }
                | Command::JoinUnit { .. }
                | Command::LeaveTable { .. }
                | Command::Fire {
                    context: FireContext::Activation,
                    ..
                }
        )
    })
}

/// The Insurgent units on the table that may still do something of their own, in table order.
fn may_act(game: &Game, agenda: &Agenda) -> Vec<UnitId> {
    ambush_core::view::Sight::desk(game)
        .units_on_table(Side::Insurgent)
        .filter(|u| own_items(agenda, u.id).next().is_some())
        .map(|u| u.id)
        .collect()
}

/// Whether the agenda offers this unit its speeds (it has not acted yet).
fn not_acted(agenda: &Agenda, unit: UnitId) -> bool {
    agenda
        .of(unit)
        .iter()
        .any(|item| matches!(item.command, Command::InsurgentAction { .. }))
}

/// The unit acting now: the one the referee picked; else the last one to act, while it may
/// still fire or be answered; else the first that has not acted.
fn acting(
    ui_ctx: &egui::Context,
    game: &Game,
    agenda: &Agenda,
    form: &NowForm,
    waiting: &[UnitId],
) -> Option<UnitId> {
    let state = game.state();
    if let Some((unit, turn)) = form.insurgent
        && turn == state.turn()
        && waiting.contains(&unit)
    {
        return Some(unit);
    }
    let answered: Vec<UnitId> = answers(game, agenda).iter().map(|s| s.target).collect();
    // The unit acting in the phase, as the desk's view has it: the last to declare its action.
    let last = crate::ui::widgets::desk_view(ui_ctx, game)
        .acting
        .filter(|u| waiting.contains(u) || answered.contains(u));
    last.or_else(|| waiting.iter().copied().find(|&u| not_acted(agenda, u)))
        .or_else(|| waiting.first().copied())
}

/// The unit acting: its speeds, who may join it, where it may leave, its fire, and the
/// Regulars' answers to it.
fn acting_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    solo: &SoloForm,
    id: UnitId,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let Some(unit) = state.unit(id) else {
        return;
    };
    let speeds: Vec<&AgendaItem> = agenda
        .of(id)
        .iter()
        .filter(|item| matches!(item.command, Command::InsurgentAction { .. }))
        .collect();
    // A unit with no leader rolls its Quality check with its speed: the gate asks for the die.
    let check = speeds
        .iter()
        .any(|item| item.dice.iter().any(|d| d.group.role == DiceRole::Quality));
    let mut title = format!("{} acts", unit.name);
    if check {
        title.push_str(" (no leader: Quality check with its speed)");
    } else if let Some(speed) = unit.status.movement() {
        title = format!("{} · {}", unit.name, speed.name());
    }
    ui.label(RichText::new(title).size(style::ACTION).strong());
    let joins: Vec<&AgendaItem> = agenda
        .unit_items()
        .filter(|item| {
            matches!(item.command, Command::JoinUnit { from, into }
                if (from == id) != (into == id))
        })
        .collect();
    let leaving: Vec<&AgendaItem> = agenda
        .of(id)
        .iter()
        .filter(|item| matches!(item.command, Command::LeaveTable { .. }))
        .collect();
    if !speeds.is_empty() || !joins.is_empty() || !leaving.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for item in &speeds {
                if let Command::InsurgentAction { movement, .. } = item.command
                    && style::action_button(ui, movement.name(), &item.label).clicked()
                {
                    queue.push(UiCommand::Play(item.command.clone()));
                }
            }
            // Joins in a few words: the other unit's name after "joined by" or "joins".
            let name = |other: UnitId| state.unit(other).map_or("", |u| u.name.as_str());
            let (joined_by, joining): (Vec<&AgendaItem>, Vec<&AgendaItem>) =
                joins.iter().partition(
                    |item| matches!(item.command, Command::JoinUnit { into, .. } if into == id),
                );
            for (words, items) in [("joined by", joined_by), ("joins", joining)] {
                if items.is_empty() {
                    continue;
                }
                ui.label(words);
                for item in items {
                    if let Command::JoinUnit { from, into } = item.command {
                        let other = if into == id { from } else { into };
                        small_item(ui, name(other), &item.label, item, queue);
                    }
                }
            }
            // The edges in a word each, as a Regular unit's are.
            let edges: Vec<_> = leaving
                .iter()
                .filter_map(|item| match item.command {
                    Command::LeaveTable {
                        edge: Some(edge), ..
                    } => Some((edge, *item)),
                    _ => None,
                })
                .collect();
            for item in leaving
                .iter()
                .filter(|item| !edges.iter().any(|(_, e)| std::ptr::eq(*e, **item)))
            {
                small_item(ui, &item.label, &item.label, item, queue);
            }
            if !edges.is_empty() {
                ui.label("leaves by the");
                for (edge, item) in edges {
                    small_item(ui, edge.name(), &item.label, item, queue);
                }
                ui.label("edge");
            }
        });
    }
    let targets = fires_of(agenda, id, FireContext::Activation);
    let fires = Fires {
        small: &targets,
        words: &format!("{} fires at:", unit.name),
        ..Fires::default()
    };
    shots_ui(ui, game, form, solo, fires, queue);
    let answering: Vec<Shot> = answers(game, agenda)
        .into_iter()
        .filter(|shot| shot.target == id)
        .collect();
    let fires = Fires {
        small: &answering,
        words: "The Regulars may answer:",
        by_firer: true,
        ..Fires::default()
    };
    shots_ui(ui, game, form, solo, fires, queue);
}

/// The other units that may still act: each its name, a click on which brings it forward (to
/// be joined first, say), and one that has not acted yet its speeds after it, a click on one
/// its action (it comes forward with it).
fn others_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    waiting: &[UnitId],
    shown: Option<UnitId>,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let others: Vec<UnitId> = waiting
        .iter()
        .copied()
        .filter(|&u| Some(u) != shown)
        .collect();
    if others.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Also to act:").strong());
        for id in others {
            let Some(unit) = state.unit(id) else {
                continue;
            };
            let speeds: Vec<&AgendaItem> = agenda
                .of(id)
                .iter()
                .filter(|item| matches!(item.command, Command::InsurgentAction { .. }))
                .collect();
            let name = format!("{} acts next", unit.name);
            if style::named_button(ui, unit.name.as_str(), &name, true).clicked() {
                form.insurgent = Some((id, state.turn()));
            }
            for item in speeds {
                if let Command::InsurgentAction { movement, .. } = item.command
                    && style::named_button(ui, movement.name(), &item.label, true).clicked()
                {
                    form.insurgent = Some((id, state.turn()));
                    queue.push(UiCommand::Play(item.command.clone()));
                }
            }
        }
    });
}

/// What the Regulars may still declare this turn: a Hot Spot neutralized (one row for all,
/// each unit's name then one button per spot), hunkering down In Cover.
fn regulars_ui(ui: &mut Ui, game: &Game, agenda: &Agenda, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let spots: Vec<(&str, Vec<&AgendaItem>)> = state
        .units_in_play(Side::Regular)
        .map(|reg| {
            let items = agenda
                .of(reg.id)
                .iter()
                .filter(|item| matches!(item.command, Command::NeutralizeHotSpot { .. }))
                .collect();
            (reg.name.as_str(), items)
        })
        .filter(|(_, items): &(&str, Vec<&AgendaItem>)| !items.is_empty())
        .collect();
    if !spots.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Neutralize Hot Spot:").strong());
            for (name, items) in spots {
                let numbers: Vec<(String, &AgendaItem)> = items
                    .into_iter()
                    .filter_map(|item| match item.command {
                        Command::NeutralizeHotSpot { hot_spot, .. } => {
                            Some((hot_spot.to_string(), item))
                        }
                        _ => None,
                    })
                    .collect();
                // A unit's name and its spots stay together: the group is placed whole, on
                // the next line when it does not fit on this one.
                let gap = 4.0;
                let font = egui::TextStyle::Body.resolve(ui.style());
                let text_width = |text: &str| {
                    ui.fonts_mut(|f| {
                        f.layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::WHITE)
                    })
                    .size()
                    .x
                };
                let padding = 2.0 * ui.spacing().button_padding.x;
                let width = text_width(name)
                    + numbers
                        .iter()
                        .map(|(n, _)| gap + text_width(n) + padding)
                        .sum::<f32>();
                let height = ui.spacing().interact_size.y;
                ui.allocate_ui_with_layout(
                    egui::vec2(width, height),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.spacing_mut().item_spacing.x = gap;
                        ui.label(name);
                        for (number, item) in &numbers {
                            small_item(ui, number, &item.label, item, queue);
                        }
                    },
                );
            }
        });
    }
    let cover: Vec<&AgendaItem> = state
        .units_in_play(Side::Regular)
        .flat_map(|reg| agenda.of(reg.id))
        .filter(|item| matches!(item.command, Command::DeclareInCover { .. }))
        .collect();
    if !cover.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Also:").strong());
            for item in cover {
                small_item(ui, &item.label, &item.label, item, queue);
            }
        });
    }
}
