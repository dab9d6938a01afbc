//! A Regular unit activates: the questions, the Insurgents' answer once they are committed,
//! what they weighed (after the answer, unless the reasoning is kept hidden), and the
//! interruptions that wait for Overwatch or for the Regulars' reaction.

use egui::{RichText, Ui};

use ambush_core::game::{Game, GameState, ReactionKind, SoloDecision};
use ambush_core::solo::plan::{self, Step};
use ambush_core::solo::{self, InterruptDecision, RegularAction, View};
use ambush_core::unit::{Movement, Side, UnitId};

use super::questions::{Asked, asked_about, ground_ui, question_ui, sight_ui};
use super::{SoloForm, Who};
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

pub(super) fn activation_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut SoloForm,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    declared_ui(ui, game, form, queue);
    waiting_fire_ui(ui, game, form, queue);
    // Only the unit activating now is asked about: a new turn asks nothing until one does.
    let Some(regular) = state
        .active_unit()
        .and_then(|r| state.unit(r))
        .filter(|u| u.in_play())
    else {
        ui.label("Activate a Regular unit below; the Insurgents then answer it here.");
        return;
    };
    let regular_id = regular.id;
    let answered = form.answered.is_some_and(|(unit, turn, events)| {
        unit == regular_id && turn == state.turn() && game.events_in_effect() > events
    });
    if answered {
        ui.label(
            RichText::new(format!(
                "The Insurgents have answered {}'s activation: see the log.",
                regular.name
            ))
            .strong(),
        );
        weighed_ui(ui, state, &InterruptDecision::about(&regular.name));
        ui.label("Activate the next Regular unit, or end the Regular activations.");
        return;
    }
    // Those who could interrupt, whatever it does first; then every marker.
    let units = form.asked(game, regular_id);
    let asked = asked_about(game, &units, regular_id);
    if asked.is_empty() {
        ui.label(format!(
            "No Insurgent unit or marker on the table could interrupt {}: nothing to ask.",
            regular.name
        ));
        return;
    }
    let speed = regular
        .status
        .movement()
        .map_or("has not moved", Movement::name);
    // The answer's button on the heading's line, where it stays in view however many questions
    // follow; it takes the answers as they stand at the end of this frame.
    let answer = ui
        .horizontal(|ui| {
            style::heading(ui, format!("{} activates ({speed})", regular.name));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.button(RichText::new("Let the Insurgents answer").strong())
                    .clicked()
            })
            .inner
        })
        .inner;
    sight_ui(
        ui,
        state,
        form,
        &asked,
        &format!("Which of these can see {}?", regular.name),
        &within_words,
    );
    let seen: Vec<&Asked> = asked
        .iter()
        .filter(|a| form.sight.contains_key(&(a.who.clone(), regular_id)))
        .collect();
    if !seen.is_empty() {
        if solo::asks_what_first(regular) {
            let action = &mut form.action;
            question_ui(
                ui,
                "What does it do first?",
                None,
                action,
                &[
                    (RegularAction::Moves, "moves"),
                    (RegularAction::Fires, "fires"),
                ],
            );
        }
        ground_ui(ui, state, form, regular_id);
    }
    let (views, markers) = views_of(state, form, &seen, regular_id);
    if answer {
        let decisions = form.interrupts(game, regular_id, views.clone(), markers);
        form.answered = Some((regular_id, state.turn(), game.events_in_effect()));
        let mut steps = plan::interrupt_steps(game, regular_id, &decisions, &views);
        if steps.is_empty() {
            steps.push(Step::note(
                None,
                format!(
                    "No Insurgent unit or marker sees {}: nobody interrupts.",
                    regular.name
                ),
            ));
        }
        queue.push(UiCommand::Plan(steps));
    }
}

/// "Which of them are within 6\" of it?", or, when their ranges differ, "Which of them are
/// within their range of it?" (each answer then says its own).
fn within_words(distance: Option<&str>) -> String {
    match distance {
        Some(d) => format!("Which of them are within {d} of it?"),
        None => "Which of them are within their range of it?".to_owned(),
    }
}

/// The views the answers give: of each unit in view that sees the Regular unit, of each unit
/// under a marker that sees it (its own reach decides its Optimum Range die); and the markers
/// that see it and hide nothing.
fn views_of(
    state: &GameState,
    form: &SoloForm,
    seen: &[&Asked],
    regular: UnitId,
) -> (Vec<(UnitId, View)>, Vec<String>) {
    let mut views = Vec::new();
    let mut markers = Vec::new();
    for a in seen {
        let unit = match &a.who {
            Who::Unit(u) => Some(*u),
            Who::Marker(m) => state
                .contacts()
                .iter()
                .find(|c| &c.marker == m)
                .and_then(|c| c.unit),
        };
        match (unit, &a.who) {
            (Some(u), _) => {
                if let Some(view) = form.view(u, regular) {
                    views.push((u, view));
                }
            }
            (None, Who::Marker(m)) => markers.push(m.clone()),
            (None, Who::Unit(_)) => {}
        }
    }
    (views, markers)
}

/// What the Insurgents weighed in their answer, once it is made: each decision of this turn
/// about `about`, in the order made; a marker's only by its marker and what it did. Nothing
/// while the reasoning is kept hidden.
pub(super) fn weighed_ui(ui: &mut Ui, state: &GameState, about: &str) {
    if state.settings().doctrine_hidden {
        return;
    }
    for d in state
        .solo_decisions()
        .iter()
        .filter(|d| d.turn == state.turn() && d.about == about)
    {
        ui.label(RichText::new(decision_words(state, d)).weak());
    }
}

/// A decision in words, as the table may know it.
pub(super) fn decision_words(state: &GameState, d: &SoloDecision) -> String {
    let taken = d.taken().map_or("", |o| o.words.as_str());
    // The desk never tells what a marker still on the table keeps back.
    if let Some(contact) = d.kept_back_by(state, false) {
        return format!("{}: {taken}", contact.name());
    }
    let name = d.unit.map_or_else(String::new, |u| state.shown_name(u));
    let rolled = d
        .roll
        .map_or_else(|| "certain".to_owned(), |r| format!("rolled {r}"));
    let weighed: Vec<String> = d
        .options
        .iter()
        .map(|o| format!("{} {}% ({})", o.words, o.percent, o.odds))
        .collect();
    format!(
        "{name}: {taken} ({rolled}); weighed: {}",
        weighed.join(" · ")
    )
}

/// Interruptions the Insurgents have declared and not yet tested: the player's units on
/// Overwatch answer first (their Reaction test, and their fire if they pass, below), then the
/// Insurgents take their Reaction test.
fn declared_ui(ui: &mut Ui, game: &Game, form: &SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    for (i, r) in plan::awaiting_test(game) {
        let (Some(reg), Some(kind)) = (
            state.unit(r),
            state.declared_interruption(i).map(|d| d.kind),
        ) else {
            continue;
        };
        let name = state.shown_name(i);
        let what = if kind == ReactionKind::InterruptFire {
            "fire"
        } else {
            "movement"
        };
        ui.label(
            RichText::new(format!(
                "{name} declares it interrupts {}'s {what}. Units on Overwatch that see it answer first: their Reaction test below, and their fire if they pass. Then:",
                reg.name
            ))
            .strong(),
        );
        let text = format!("{name}: take its Reaction test");
        if named_button(ui, text.as_str(), &text, true).clicked() {
            let view = form.view(i, r).unwrap_or_else(|| View::unseen(r));
            queue.push(UiCommand::Plan(plan::declared_steps(game, i, &view)));
        }
    }
}

/// Interruptions where the Regulars reacted first: the Insurgents fire once the player has
/// resolved the reaction, asking again what changed if the Marines moved or fired.
fn waiting_fire_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    for (i, r) in plan::waiting_to_fire(game) {
        let (Some(ins), Some(reg)) = (state.unit(i), state.unit(r)) else {
            continue;
        };
        if form.held_fire.contains(&(i, r, state.turn())) {
            continue;
        }
        let reacted = state.interruption_by(i).is_some_and(|x| x.answered(r));
        ui.label(format!(
            "{} reacted first. When its reaction is done:",
            reg.name
        ));
        let asked_again = (i, r, state.turn());
        let seen_before = form.view(i, r).is_some();
        if reacted && seen_before && !form.asked_again.contains(&asked_again) {
            // What it saw as it declared still stands unless the player says the reaction
            // changed it: no question is asked for nothing (an activation asks six at most).
            let name = format!("{}: what it sees of {} changed", ins.name, reg.name);
            if named_button(ui, "What it sees changed…", &name, true).clicked() {
                form.ask_again(i, r, state);
            }
        } else if reacted {
            // It moved or fired, and what the Insurgents see of it is asked again: the player
            // said it changed, or nothing is known of it (a game resumed since).
            let who = Who::Unit(i);
            form.ask_again(i, r, state);
            let asked = [Asked {
                who: who.clone(),
                regular: r,
                words: ins.name.clone(),
                ranges: solo::ranges(game, Some(i)),
            }];
            sight_ui(
                ui,
                state,
                form,
                &asked,
                &format!("Which of these still see {}?", reg.name),
                &within_words,
            );
            if form.sight.contains_key(&(who, r)) {
                ground_ui(ui, state, form, r);
            }
        }
        let view = form.view(i, r);
        ui.horizontal_wrapped(|ui| {
            let (text, steps) = match &view {
                Some(view) => (
                    format!("{} fires now", ins.name),
                    plan::fire_after_reaction(game, i, r, view),
                ),
                None => (
                    format!("{} no longer sees it", ins.name),
                    vec![Step::note(
                        Some(i),
                        format!(
                            "{} has lost sight of {}: it holds its fire.",
                            ins.name, reg.name
                        ),
                    )],
                ),
            };
            if named_button(ui, text.as_str(), &text, true).clicked() {
                if view.is_none() {
                    form.held_fire.push((i, r, state.turn()));
                }
                queue.push(UiCommand::Plan(steps));
            }
        });
    }
}

/// The Regular units in play that can fight, in the order of the table.
pub(super) fn fighting_regulars(state: &GameState) -> Vec<UnitId> {
    state.fighting_units(Side::Regular).map(|u| u.id).collect()
}
