//! The Insurgent phase in a solo game: for each Insurgent unit still to act, and each marker,
//! what it sees, the roll that chooses its order, and the order to carry out. Every marker has
//! its card, asks the same and shows the same, whatever it hides.

use egui::{RichText, Ui};

use ambush_core::game::{Game, GameState};
use ambush_core::solo::plan::{self, Step};
use ambush_core::solo::{self, ORDERS, UnitOrders, View};
use ambush_core::unit::{Side, UnitId};

use super::activation::fighting_regulars;
use super::questions::{Asked, grounds_ui, sight_ui};
use super::{SoloForm, Who};
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

/// One card per Insurgent unit in view still to act, then one per marker on the table.
pub(super) fn orders_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    style::heading(ui, "Insurgent orders");
    let regulars = fighting_regulars(state);
    let views: Vec<(UnitId, Vec<View>)> = state
        .units_in_play(Side::Insurgent)
        .map(|u| {
            // A unit in view is asked only about the Marines the rules let it fire at; one
            // under a marker about every Marine unit, as every marker is.
            let asked = if state.is_hidden(u.id) {
                regulars.clone()
            } else {
                form.asked_in_phase(game, u.id)
            };
            (u.id, form.sees(u.id, &asked))
        })
        .collect();
    let orders = form.orders(game, views);
    // Units whose orders came to nothing: the check they needed to act failed.
    for unit in solo::failed_checks(game) {
        let name = state.shown_name(unit);
        card(ui, &name, false, |ui| {
            ui.label(
                RichText::new(format!(
                    "{name} failed its Quality check: it does nothing more this turn. Leave it where it is."
                ))
                .strong(),
            );
        });
    }
    let in_view: Vec<&UnitOrders> = orders.iter().filter(|o| o.marker.is_none()).collect();
    let markers: Vec<_> = state.markers_on_table().cloned().collect();
    if in_view.is_empty()
        && markers.iter().all(|c| {
            state.marker_decided(&c.marker, ORDERS) && !solo::marker_acts(state, &c.marker)
        })
    {
        ui.label("Every Insurgent unit has acted: end the turn.");
        return;
    }
    for unit_orders in in_view {
        let name = state.shown_name(unit_orders.unit);
        let asked: Vec<Asked> = form
            .asked_in_phase(game, unit_orders.unit)
            .into_iter()
            .filter_map(|r| {
                Some(Asked {
                    who: Who::Unit(unit_orders.unit),
                    regular: r,
                    words: state.unit(r)?.name.clone(),
                    ranges: solo::ranges(game, Some(unit_orders.unit)),
                })
            })
            .collect();
        let chosen = solo::chosen(game, unit_orders);
        let decide = card(ui, &name, chosen.is_none(), |ui| match &chosen {
            Some(order) => order_ui(ui, game, form, queue, order),
            None => questions_ui(ui, state, form, &name, &asked),
        });
        if decide {
            // The roll, then at once the Quality check its order needs, if any: before a
            // figure moves.
            queue.push(UiCommand::Plan(plan::decide_steps(game, unit_orders)));
        }
    }
    for contact in &markers {
        let name = contact.name();
        let hidden_orders = orders
            .iter()
            .find(|o| o.marker.as_deref() == Some(contact.marker.as_str()));
        let asked: Vec<Asked> = regulars
            .iter()
            .filter_map(|&r| {
                Some(Asked {
                    who: Who::Marker(contact.marker.clone()),
                    regular: r,
                    words: state.unit(r)?.name.clone(),
                    ranges: solo::ranges(game, None),
                })
            })
            .collect();
        let decided = state.marker_decided(&contact.marker, ORDERS);
        let decide = card(ui, &name, !decided, |ui| {
            if !decided {
                questions_ui(ui, state, form, &name, &asked);
                return;
            }
            // The unit under it took an order the table will see: it is carried out.
            let order = hidden_orders.and_then(|o| solo::chosen(game, o));
            match order.filter(|_| solo::marker_acts(state, &contact.marker)) {
                Some(order) => order_ui(ui, game, form, queue, &order),
                None => {
                    ui.label(
                        RichText::new(format!("{name}: leave the marker where it is.")).strong(),
                    );
                }
            }
        });
        if decide {
            let steps = match hidden_orders {
                Some(o) => plan::decide_steps(game, o),
                None => vec![Step::always(solo::empty_marker_orders(&contact.marker))],
            };
            queue.push(UiCommand::Plan(steps));
        }
    }
}

/// A framed card headed with a unit's (or a marker's) name and, while it has to decide, its
/// Decide button on the same line (in view however many questions follow). True when the
/// button was clicked.
fn card(ui: &mut Ui, name: &str, decide: bool, body: impl FnOnce(&mut Ui)) -> bool {
    egui::Frame::group(ui.style())
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let clicked = ui
                .horizontal(|ui| {
                    ui.label(RichText::new(name).strong());
                    decide
                        && ui
                            .with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                decide_button(ui, name)
                            })
                            .inner
                })
                .inner;
            body(ui);
            clicked
        })
        .inner
}

/// What it sees: which Marine units, within which of its ranges, and which of them are in the
/// open or behind Solid Cover from it.
fn questions_ui(ui: &mut Ui, state: &GameState, form: &mut SoloForm, name: &str, asked: &[Asked]) {
    if asked.is_empty() {
        return;
    }
    sight_ui(
        ui,
        state,
        form,
        asked,
        &format!("Which of these does {name} see?"),
        &|d| match d {
            Some(d) => format!("Which of them are within {d} of {name}?"),
            None => format!("Which of them are within {name}'s range?"),
        },
    );
    let seen: Vec<UnitId> = asked
        .iter()
        .filter(|a| form.sight.contains_key(&(a.who.clone(), a.regular)))
        .map(|a| a.regular)
        .collect();
    if !seen.is_empty() {
        grounds_ui(ui, state, form, &seen);
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

/// The order chosen, with its reason unless the reasoning is kept hidden, and how it went.
fn order_ui(
    ui: &mut Ui,
    game: &Game,
    form: &SoloForm,
    queue: &mut Vec<UiCommand>,
    order: &solo::OrderFor,
) {
    ui.label(RichText::new(&order.words).strong());
    if !game.state().settings().doctrine_hidden {
        ui.label(RichText::new(format!("Why: {}", order.reason)).italics());
    }
    carry_out_ui(ui, game, form, queue, order);
}

/// The order chosen: carried out, or stopped on the table; its Quality check first if it has
/// still to be rolled. Only what the gate accepts is offered.
fn carry_out_ui(
    ui: &mut Ui,
    game: &Game,
    form: &SoloForm,
    queue: &mut Vec<UiCommand>,
    order: &solo::OrderFor,
) {
    let unit = order.unit;
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
    let regulars = fighting_regulars(game.state());
    let seen: Vec<(UnitId, View)> = form
        .sees(unit, &regulars)
        .into_iter()
        .map(|v| (unit, v))
        .collect();
    if plan::declared(game, unit).is_some() {
        // It declared it stands first: Overwatch may fire on it now, from the Now view.
        ui.label(format!(
            "{name} stands, its fire to come: units on Overwatch that see it may fire first (the Regulars' answers on the Now view). Then:"
        ));
    }
    let steps = plan::carried_out(game, order, &seen);
    if let Some(why) = plan::refusal(game, &plan::commands_of(&steps)) {
        // The table changed since the roll: the order no longer stands.
        ui.label(format!("The rules no longer allow this order: {why}."));
        let stop = plan::stopped(game, order, &format!("the rules refuse it ({why})"));
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
        // A conditional order whose condition the table did not meet ("not within 6\"").
        if let Some((words, otherwise)) = plan::otherwise(game, order)
            && plan::refusal(game, &plan::commands_of(&otherwise)).is_none()
        {
            let button = ambush_core::text::capitalized(&words);
            if named_button(ui, button.as_str(), &format!("{name}: {words}"), true).clicked() {
                queue.push(UiCommand::Plan(otherwise));
            }
        }
        for (button, what) in [
            ("No line of sight", "no line of sight"),
            ("Could not get through", "the way was blocked"),
        ] {
            let stop = plan::stopped(game, order, what);
            if plan::refusal(game, &plan::commands_of(&stop)).is_none()
                && named_button(ui, button, &format!("{name}: {button}"), true).clicked()
            {
                queue.push(UiCommand::Plan(stop));
            }
        }
    });
}
