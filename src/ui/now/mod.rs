//! The Now view, at the centre of the desk: the step of the turn in progress, what it calls for,
//! and only the actions the rules allow next, as large buttons, the likeliest first.
//!
//! Every action offered comes from the game's agenda (`GameState::agenda`, worked out once per
//! change of the game), which the gate built; the view decides only their order and their
//! words. The sections always come in the same order, and the button that moves the turn on
//! (start the activations, end them, end the turn) is always at the right of the first line,
//! so a button stays where the referee expects it.

mod due;
mod insurgent;
mod interruption;
mod judged;
mod regular;
mod shots;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use egui::{RichText, Ui};

use ambush_core::game::{Agenda, AgendaItem, Command, FireContext, Game, Phase};
use ambush_core::unit::{FigureId, UnitId};

use super::command::UiCommand;
use super::solo::SoloForm;
use crate::ui::widgets::style;

pub use shots::Situation;

/// What the referee chose on the Now view, each for the moment it was chosen.
#[derive(Debug, Default)]
pub struct NowForm {
    /// The referee's judgement of each firing pair (range, open ground, cover), with the moment
    /// it was made for; a new moment starts a fresh judgement.
    pub situations: HashMap<(UnitId, UnitId), (shots::Moment, Situation)>,
    /// Whether the Insurgents interrupt the fire (not the movement) of this unit, this turn.
    pub interrupt_fire: Option<(UnitId, u32, bool)>,
    /// The Insurgent unit the referee chose to act next in the Insurgent phase, and the turn.
    pub insurgent: Option<(UnitId, u32)>,
    /// Figures chosen as casualties, by pending step.
    pub casualties: BTreeMap<u32, Vec<FigureId>>,
    /// The event whose notes for the referee were dismissed (the turn's notes stay until then).
    pub dismissed: Option<usize>,
    /// The agenda, and the game's revision it was worked out for.
    agenda: Option<(usize, Arc<Agenda>)>,
    /// The fires offered, worked out for the game's revision.
    worked: shots::Worked,
    /// The height of the view down to the last result, as last drawn: what the log gives
    /// room for (the last result is the log's newest line too).
    pub actions_height: f32,
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

/// The fires a unit may make in this context now, as the agenda offers them.
pub(super) fn fires_of(
    agenda: &Agenda,
    attacker: UnitId,
    context: FireContext,
) -> Vec<shots::Shot> {
    agenda
        .of(attacker)
        .iter()
        .filter_map(|item| match item.command {
            Command::Fire {
                target, context: c, ..
            } if c == context => Some(shots::Shot {
                attacker,
                target,
                context,
            }),
            _ => None,
        })
        .collect()
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
    if game.check(&command).is_err() {
        return false;
    }
    if style::action_button(ui, &label, &label).clicked() {
        queue.push(UiCommand::Play(command));
    }
    true
}

/// A large button for an item of the agenda (the gate has already allowed it).
pub(super) fn item_button(ui: &mut Ui, item: &AgendaItem, queue: &mut Vec<UiCommand>) {
    if style::action_button(ui, &item.label, &item.label).clicked() {
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

/// Draws the Now view.
pub fn now_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &mut SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let agenda = form.agenda(game);
    let top = ui.min_rect().top();
    // Rows of buttons a little closer than elsewhere on the desk: a busy step of the turn
    // holds at 1280×800 without scrolling.
    ui.spacing_mut().item_spacing.y = 4.0;
    header_ui(ui, game, &agenda, queue);
    summary_ui(ui, game);
    let noted = turn_notes_ui(ui, game, form);
    if let Some(reason) = state.end_proposed() {
        ui.separator();
        style::heading(ui, format!("The game ends: {}", reason.describe()));
        ui.label(state.final_score(game.scenario()));
        // End it or play on: the agenda's own items of the phase.
        ui.horizontal_wrapped(|ui| {
            for item in agenda
                .phase
                .iter()
                .filter(|item| matches!(item.command, Command::EndGame | Command::PlayOn))
            {
                item_button(ui, item, queue);
            }
        });
    }
    due::due_ui(ui, game, &agenda, form, queue);
    if state.settings().solo && state.phase() != Phase::GameOver {
        ui.separator();
        super::solo::solo_now_ui(ui, game, solo, queue);
    }
    ui.separator();
    match state.phase() {
        Phase::Reinforcements => {}
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
    form.actions_height = ui.min_rect().bottom() - top;
    last_result_ui(ui, game, noted);
}

/// The step in progress, in one line, with the button that moves the turn on at its right,
/// always in the same place.
fn header_ui(ui: &mut Ui, game: &Game, agenda: &Agenda, queue: &mut Vec<UiCommand>) {
    let step = crate::ui::widgets::desk_view(ui.ctx(), game).step.clone();
    // The phase's own button: the only item of the agenda's phase list that moves the turn on;
    // none while the end of the game is proposed (End the game or Play on answers that first).
    let proposed = game.state().end_proposed().is_some();
    let next = agenda.phase.iter().filter(|_| !proposed).find(|item| {
        matches!(
            item.command,
            Command::StartActivations | Command::StartInsurgentPhase | Command::EndTurn
        )
    });
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if let Some(item) = next {
                item_button(ui, item, queue);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.add(
                    egui::Label::new(RichText::new(step).size(style::ACTION).strong()).truncate(),
                );
            });
        });
    });
}

/// The scenario's notes for the referee on this turn (a note on a set turn), in a frame under
/// the header until the referee dismisses them: what the opponent does next (its reinforcement
/// roll, in a solo game) never takes their place. The event whose notes it shows, if any.
fn turn_notes_ui(ui: &mut Ui, game: &Game, form: &mut NowForm) -> Option<usize> {
    let turn = ambush_core::view::Sight::desk(game).turn_notes()?;
    if form.dismissed == Some(turn.event) {
        return None;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(RichText::new("For the referee").strong());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if style::named_button(ui, "Dismiss", "Dismiss the note for the referee", true)
                    .clicked()
                {
                    form.dismissed = Some(turn.event);
                }
            });
        });
        for note in &turn.notes {
            ui.label(RichText::new(note).strong());
        }
        if let Some(more) = crate::ui::widgets::result::more_notes_words(turn.more) {
            ui.label(
                RichText::new(format!(
                    "{more} (the Scenario tab lists every note of the scenario)"
                ))
                .italics(),
            );
        }
    });
    Some(turn.event)
}

/// Who has activated, who interrupted, who is done, as the desk's view has them: always in
/// view, in one line.
fn summary_ui(ui: &mut Ui, game: &Game) {
    let view = crate::ui::widgets::desk_view(ui.ctx(), game);
    let a = &view.activations;
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    let mut parts = Vec::new();
    if view.phase == Phase::RegularActivations {
        if !a.activated.is_empty() {
            parts.push(format!("Activated: {}", list(&a.activated)));
        }
        parts.push(format!("To activate: {}", list(&a.to_activate)));
    }
    if matches!(
        view.phase,
        Phase::RegularActivations | Phase::InsurgentActions
    ) {
        if !a.interrupted.is_empty() {
            parts.push(format!("Interrupted: {}", list(&a.interrupted)));
        }
        if !a.done.is_empty() {
            parts.push(format!("Done: {}", list(&a.done)));
        }
    }
    // Always one line, empty or not, so what follows never moves as units are done.
    let words = parts.join(" · ");
    ui.add(egui::Label::new(RichText::new(&words).weak()).truncate())
        .on_hover_text(words);
}

/// The last event's result, drawn with its dice, in the same place every time (its notes for
/// the referee left to their frame above when it shows them).
fn last_result_ui(ui: &mut Ui, game: &Game, noted: Option<usize>) {
    let Some(index) = game.last_in_effect() else {
        return;
    };
    ui.separator();
    ui.label(RichText::new("Last result").strong());
    let referee = noted != Some(index);
    crate::ui::widgets::result::entry_result_ui(ui, game, index, referee);
}
