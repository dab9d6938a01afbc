//! The Now view, at the centre of the desk: the step of the turn in progress, what it calls for,
//! and only the actions the rules allow next, as large buttons, the likeliest first.
//!
//! Every action offered comes from the game's agenda (`GameState::agenda`, worked out once per
//! change of the game), which the gate built; the view decides only their order and their words. The sections always come in the same order, so a
//! button stays where the referee expects it.

mod due;
mod fire_row;
mod insurgent;
mod interruption;
mod regular;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use egui::{RichText, Ui};

use ambush_core::game::{Agenda, AgendaItem, Command, FireContext, Game, Phase};
use ambush_core::unit::{FigureId, Side, UnitId};

use super::command::UiCommand;
use super::solo::SoloForm;
use crate::ui::widgets::style;

pub use fire_row::Situation;

/// The fire row of the fire being aimed, if any.
fn aimed_row_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    if let Some(aim) = form.aimed(game) {
        fire_row::fire_row_ui(
            ui,
            game,
            form,
            solo,
            fire_row::Shot {
                attacker: aim.attacker,
                target: aim.target,
                context: aim.context,
            },
            queue,
        );
    }
}

/// What the referee chose on the Now view, each for the moment it was chosen.
#[derive(Debug, Default)]
pub struct NowForm {
    /// The referee's judgement of each firing pair (range, open ground, cover), with the moment
    /// it was made for; a new moment starts a fresh judgement.
    pub situations: HashMap<(UnitId, UnitId), (fire_row::Moment, Situation)>,
    /// A fire the referee is aiming (a unit's own fire at a target it chose, or a friend's
    /// reaction), for the moment it was chosen in.
    pub aim: Option<Aim>,
    /// Whether the Insurgents interrupt the fire (not the movement) of this unit, this turn.
    pub interrupt_fire: Option<(UnitId, u32, bool)>,
    /// Figures chosen as casualties, by pending step.
    pub casualties: BTreeMap<u32, Vec<FigureId>>,
    /// The agenda, and the game's revision it was worked out for.
    agenda: Option<(usize, Arc<Agenda>)>,
}

impl NowForm {
    /// The agenda now, worked out again only when the game has changed.
    pub fn agenda(&mut self, game: &Game) -> Arc<Agenda> {
        let revision = game.revision();
        match &self.agenda {
            Some((at, agenda)) if *at == revision => Arc::clone(agenda),
            _ => {
                let agenda = Arc::new(game.state().agenda(game.scenario()));
                self.agenda = Some((revision, Arc::clone(&agenda)));
                agenda
            }
        }
    }
}

/// The targets of a unit's fire in this context, as the agenda offers them.
pub(super) fn fire_targets(agenda: &Agenda, attacker: UnitId, context: FireContext) -> Vec<UnitId> {
    agenda
        .of(attacker)
        .iter()
        .filter_map(|item| match item.command {
            Command::Fire {
                target, context: c, ..
            } if c == context => Some(target),
            _ => None,
        })
        .collect()
}

/// A fire being aimed: who fires, at whom, why, and when it was chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aim {
    /// The firing unit.
    pub attacker: UnitId,
    /// The target.
    pub target: UnitId,
    /// Why it fires.
    pub context: ambush_core::game::FireContext,
    /// The game's revision when it was chosen: any event ends it.
    pub revision: usize,
}

impl NowForm {
    /// The fire being aimed, if it was chosen since the last event.
    pub fn aimed(&self, game: &Game) -> Option<Aim> {
        self.aim.filter(|a| a.revision == game.revision())
    }
}

/// Small buttons, one per target the gate lets this unit fire at in this way now; clicking one
/// aims the fire, which then shows as a fire row. Returns whether any was drawn.
pub(super) fn targets_ui(
    ui: &mut Ui,
    game: &Game,
    agenda: &Agenda,
    form: &mut NowForm,
    attacker: UnitId,
    context: ambush_core::game::FireContext,
    words: &str,
) -> bool {
    let state = game.state();
    let Some(unit) = state.unit(attacker) else {
        return false;
    };
    let targets: Vec<&ambush_core::unit::Unit> = fire_targets(agenda, attacker, context)
        .into_iter()
        .filter_map(|t| state.unit(t))
        .collect();
    if targets.is_empty() {
        return false;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(words).strong());
        for target in targets {
            let selected = form.aimed(game).is_some_and(|a| {
                a.attacker == attacker && a.target == target.id && a.context == context
            });
            let response = ui.selectable_label(selected, &target.name);
            let name = format!("{}: {words} {}", unit.name, target.name);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            if response.clicked() {
                form.aim = Some(Aim {
                    attacker,
                    target: target.id,
                    context,
                    revision: game.revision(),
                });
            }
        }
    });
    true
}

/// A large button for a command the gate allows now; nothing is drawn when it does not. Returns
/// whether it was drawn.
pub(super) fn action(
    ui: &mut Ui,
    game: &Game,
    command: Command,
    queue: &mut Vec<UiCommand>,
) -> bool {
    let label = command.facts(game.state()).label;
    action_named(ui, game, &label, command, queue)
}

/// A large button with its own words.
pub(super) fn action_named(
    ui: &mut Ui,
    game: &Game,
    label: &str,
    command: Command,
    queue: &mut Vec<UiCommand>,
) -> bool {
    if game.check(&command).is_err() {
        return false;
    }
    let text = RichText::new(label).size(style::ACTION).strong();
    let button = egui::Button::new(text).min_size(egui::vec2(0.0, style::ACTION_HEIGHT));
    let response = ui.add(button);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
    if response.clicked() {
        queue.push(UiCommand::Play(command));
    }
    true
}

/// A large button for an item of the agenda (the gate has already allowed it).
pub(super) fn item_button(ui: &mut Ui, item: &AgendaItem, queue: &mut Vec<UiCommand>) {
    let text = RichText::new(&item.label).size(style::ACTION).strong();
    let button = egui::Button::new(text).min_size(egui::vec2(0.0, style::ACTION_HEIGHT));
    let response = ui.add(button);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &item.label));
    if response.clicked() {
        queue.push(UiCommand::Play(item.command.clone()));
    }
}

/// A small button for an item of the agenda, with short words; screen readers and tests know it
/// by `name`.
pub(super) fn small_item(
    ui: &mut Ui,
    text: &str,
    name: &str,
    item: &AgendaItem,
    queue: &mut Vec<UiCommand>,
) {
    if style::named_button(ui, text, name, true).clicked() {
        queue.push(UiCommand::Play(item.command.clone()));
    }
}

/// A small button for a command the gate allows now (the less likely choices).
pub(super) fn small_action(
    ui: &mut Ui,
    game: &Game,
    text: &str,
    name: &str,
    command: Command,
    queue: &mut Vec<UiCommand>,
) -> bool {
    if game.check(&command).is_err() {
        return false;
    }
    if style::named_button(ui, text, name, true).clicked() {
        queue.push(UiCommand::Play(command));
    }
    true
}

/// Draws the Now view.
pub fn now_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &mut SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    header_ui(ui, game);
    summary_ui(ui, game);
    if let Some(reason) = &state.end_proposed {
        ui.separator();
        style::heading(ui, format!("The game ends: {}", reason.describe()));
        ui.label(state.final_score(game.scenario()));
        ui.horizontal_wrapped(|ui| {
            action(ui, game, Command::EndGame, queue);
            action(ui, game, Command::PlayOn, queue);
        });
    }
    let agenda = form.agenda(game);
    due::due_ui(ui, game, &agenda, form, queue);
    if state.settings.solo && state.phase != Phase::GameOver {
        ui.separator();
        super::solo::solo_now_ui(ui, game, solo, queue);
    }
    ui.separator();
    match state.phase {
        Phase::Reinforcements => {
            action(ui, game, Command::StartActivations, queue);
        }
        Phase::RegularActivations => {
            regular::activations_ui(ui, game, &agenda, form, solo, queue);
        }
        Phase::InsurgentActions => {
            insurgent::insurgent_phase_ui(ui, game, &agenda, form, solo, queue);
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
    last_result_ui(ui, game);
}

/// The step in progress, in one line.
fn header_ui(ui: &mut Ui, game: &Game) {
    let state = game.state();
    let step = match state.phase {
        Phase::Reinforcements => format!("Turn {}: Insurgent reinforcements", state.turn),
        Phase::RegularActivations => match state.active_unit.and_then(|a| state.unit(a)) {
            Some(unit) if unit.in_play() => {
                let speed = if let Some(allowance) = state.movement_allowance(unit.id) {
                    format!(
                        "{}, {} left",
                        allowance.speed.name(),
                        ambush_core::scenario::Scale::words(allowance.inches)
                    )
                } else if unit.status.overwatch {
                    "on Overwatch".to_owned()
                } else {
                    "Halted".to_owned()
                };
                format!("{} activating · {speed}", unit.name)
            }
            _ => format!(
                "Turn {}: choose the next Regular unit to activate",
                state.turn
            ),
        },
        Phase::InsurgentActions => format!("Turn {}: the Insurgents act", state.turn),
        Phase::GameOver => "The game is over".to_owned(),
    };
    ui.label(RichText::new(step).size(style::HEADING).strong());
}

/// Who has activated, who interrupted, who is done: always in view.
fn summary_ui(ui: &mut Ui, game: &Game) {
    let state = game.state();
    let names = |side: Side, pick: &dyn Fn(&ambush_core::unit::Unit) -> bool| -> Vec<String> {
        state
            .units_seen(side)
            .filter(|u| !u.cannot_fight() && pick(u))
            .map(|u| u.name.clone())
            .collect()
    };
    let active = state.active_unit;
    let activated = names(Side::Regular, &|u| {
        u.status.activated && Some(u.id) != active && !u.status.done_for_turn
    });
    let waiting = names(Side::Regular, &|u| {
        !u.status.activated && !u.status.done_for_turn
    });
    let interrupted = names(Side::Insurgent, &|u| u.status.interrupts_made > 0);
    let done = state
        .units_in_play(Side::Regular)
        .chain(state.units_seen(Side::Insurgent))
        .filter(|u| u.status.done_for_turn)
        .map(|u| u.name.clone())
        .collect::<Vec<_>>();
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    let mut parts = Vec::new();
    if state.phase == Phase::RegularActivations {
        if !activated.is_empty() {
            parts.push(format!("Activated: {}", list(&activated)));
        }
        parts.push(format!("To activate: {}", list(&waiting)));
    }
    if matches!(
        state.phase,
        Phase::RegularActivations | Phase::InsurgentActions
    ) {
        if !interrupted.is_empty() {
            parts.push(format!("Interrupted: {}", list(&interrupted)));
        }
        if !done.is_empty() {
            parts.push(format!("Done: {}", list(&done)));
        }
    }
    if !parts.is_empty() {
        ui.label(RichText::new(parts.join(" · ")).weak());
    }
}

/// The last event's result, drawn with its dice, in the same place every time.
fn last_result_ui(ui: &mut Ui, game: &Game) {
    let Some(index) = game.last_in_effect() else {
        return;
    };
    ui.separator();
    ui.label(RichText::new("Last result").strong());
    crate::ui::widgets::result::entry_result_ui(ui, game, index);
}
