//! The Insurgent phase in a solo game: for each Insurgent unit still to act, what it sees, its
//! options weighed by the odds, the roll that chooses, and the order to carry out.

use egui::{RichText, Ui};

use ambush_core::game::{Command, Game};
use ambush_core::solo::plan::{self, Step};
use ambush_core::solo::{self, View};
use ambush_core::unit::{Side, UnitId};

use super::SoloForm;
use super::questions::{ground_ui, sight_ui};
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

/// One card per Insurgent unit still to act.
pub(super) fn orders_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    style::heading(ui, "Insurgent orders");
    let regulars: Vec<(UnitId, String)> = state
        .units_in_play(Side::Regular)
        .filter(|u| !u.non_combatant)
        .map(|u| (u.id, u.name.clone()))
        .collect();
    let waiting: Vec<UnitId> = state.units_in_play(Side::Insurgent).map(|u| u.id).collect();
    let views: Vec<(UnitId, Vec<View>)> = waiting.iter().map(|&u| (u, form.sees(u))).collect();
    let orders = form.orders(game, views);
    empty_markers_ui(ui, game, form, queue);
    // Units whose orders came to nothing: the check they needed to act failed.
    for unit in solo::failed_checks(game) {
        let name = state.shown_name(unit);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&name).strong());
            ui.label(
                RichText::new(format!(
                    "{name} failed its Quality check: it does nothing more this turn. Leave it where it is."
                ))
                .strong(),
            );
        });
    }
    if orders.is_empty() {
        ui.label("Every Insurgent unit has acted: end the turn.");
        return;
    }
    let hidden = state.settings.doctrine_hidden;
    for unit_orders in orders {
        let Some(unit) = state.unit(unit_orders.unit) else {
            continue;
        };
        let name = state.shown_name(unit.id);
        let hidden_unit = state.is_hidden(unit.id);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&name).strong());
            if let Some(order) = solo::chosen(game, &unit_orders) {
                ui.label(RichText::new(&order.words).strong());
                if !hidden {
                    ui.label(RichText::new(format!("Why: {}", order.reason)).italics());
                }
                carry_out_ui(ui, game, form, queue, unit.id, &order);
                return;
            }
            // Only a unit the rules let fire is asked what it sees, and only of Marines it
            // could hit.
            let asked = solo::asked_in_phase(game, unit.id);
            for (r, regular) in regulars.iter().filter(|(r, _)| asked.contains(r)) {
                sight_ui(ui, game, form, unit.id, *r);
                if form.view(unit.id, *r).is_some() {
                    ground_ui(ui, form, *r, regular);
                }
            }
            if !hidden
                && !hidden_unit
                && let Command::SoloDecide { options, .. } = &unit_orders.decide
            {
                for o in options {
                    ui.label(
                        RichText::new(format!("{}: {}% ({})", o.words, o.percent, o.odds)).weak(),
                    );
                }
            }
            if decide_button(ui, &name) {
                // The roll, then at once the Quality check its order needs, if any: before a
                // figure moves.
                queue.push(UiCommand::Plan(plan::decide_steps(game, &unit_orders)));
            }
        });
    }
}

/// The button that has a unit (or a marker) decide its orders.
fn decide_button(ui: &mut Ui, name: &str) -> bool {
    named_button(
        ui,
        RichText::new("Decide").strong(),
        &format!("{name}: decide its orders"),
        true,
    )
    .clicked()
}

/// Markers that hide nothing have their turn too, so the cards give nothing away.
fn empty_markers_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    let regulars: Vec<UnitId> = state
        .units_in_play(Side::Regular)
        .filter(|u| !u.non_combatant)
        .map(|u| u.id)
        .collect();
    for contact in state.markers_on_table().filter(|c| c.unit.is_none()) {
        let name = contact.name();
        let done = form
            .markers_done
            .contains(&(contact.marker.clone(), state.turn));
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&name).strong());
            if done {
                ui.label(RichText::new(format!("{name}: leave the marker where it is.")).strong());
                return;
            }
            for r in &regulars {
                super::questions::marker_sight_ui(ui, game, form, &contact.marker, *r);
            }
            if decide_button(ui, &name) {
                form.markers_done.push((contact.marker.clone(), state.turn));
                queue.push(UiCommand::Plan(vec![Step::note(
                    None,
                    format!("{name} decides: stay hidden"),
                )]));
            }
        });
    }
}

/// The order chosen: carried out, or stopped on the table; its Quality check first if it has
/// still to be rolled. Only what the gate accepts is offered.
fn carry_out_ui(
    ui: &mut Ui,
    game: &Game,
    form: &SoloForm,
    queue: &mut Vec<UiCommand>,
    unit: UnitId,
    order: &solo::OrderFor,
) {
    let name = game.state().shown_name(unit);
    let check = plan::check_steps(game, unit, &order.order);
    if !check.is_empty() {
        // The roll came without its check (it was cancelled, or the plan was stopped).
        ui.label(format!(
            "{name} has no leader: its Quality check comes first, before it moves or fires."
        ));
        let text = format!("{name}: roll its Quality check");
        if named_button(ui, text.as_str(), &text, true).clicked() {
            queue.push(UiCommand::Plan(check));
        }
        return;
    }
    let seen: Vec<(UnitId, View)> = form.sees(unit).into_iter().map(|v| (unit, v)).collect();
    let steps = plan::carried_out(game, order, &seen);
    if let Some(why) = plan::refusal(game, &plan::commands_of(&steps)) {
        // The table changed since the roll: the order no longer stands.
        ui.label(format!("The rules no longer allow this order: {why}."));
        let stop = plan::stopped(order, &format!("the rules refuse it ({why})"));
        if plan::refusal(game, &plan::commands_of(&stop)).is_none() {
            let text = format!("{name}: holds where it is");
            if named_button(ui, text.as_str(), &text, true).clicked() {
                queue.push(UiCommand::Plan(stop));
            }
        }
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if named_button(
            ui,
            "Carried out",
            &format!("{name} carried out its order"),
            true,
        )
        .clicked()
        {
            queue.push(UiCommand::Plan(steps));
        }
        for (button, what) in [
            ("No line of sight", "no line of sight"),
            ("Could not get through", "the way was blocked"),
        ] {
            let stop = plan::stopped(order, what);
            if plan::refusal(game, &plan::commands_of(&stop)).is_none()
                && named_button(ui, button, &format!("{name}: {button}"), true).clicked()
            {
                queue.push(UiCommand::Plan(stop));
            }
        }
    });
}
