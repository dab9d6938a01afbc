//! The solo opponent on the Now view: the player answers what only the table shows; the doctrine (`crate::solo`)
//! decides for the Insurgents, and every decision goes into the log with its reason.

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use crate::game::{Command, Game, PendingStep, Phase};
use crate::solo::plan::{self, Step};
use crate::solo::{self, RegularAction, View};
use crate::unit::{Movement, Side, UnitId};

use super::style::{self, named_button};

/// The answers the player gave, remembered from one question to the next.
#[derive(Debug, Default)]
pub struct SoloForm {
    /// The Regular unit whose activation is being answered.
    pub regular: Option<UnitId>,
    /// Whether it moves or fires first.
    pub action: RegularAction,
    /// What each Insurgent unit sees of each Regular unit, by (Insurgent, Regular).
    pub views: BTreeMap<(UnitId, UnitId), View>,
    /// Whether each (Insurgent, Regular) pair is in sight.
    pub seen: BTreeMap<(UnitId, UnitId), bool>,
    /// The activation the Insurgents last answered: (Regular unit, turn, events in effect
    /// then). The answer stands while at least one of its steps is in effect; undoing them all
    /// takes it back.
    pub answered: Option<(UnitId, u32, usize)>,
}

impl SoloForm {
    fn view(&mut self, insurgent: UnitId, regular: UnitId) -> &mut View {
        self.views
            .entry((insurgent, regular))
            .or_insert_with(|| View::unseen(regular))
    }

    /// The views of the Insurgent units that see `regular`.
    fn seen_by(&self, regular: UnitId) -> Vec<(UnitId, View)> {
        self.seen
            .iter()
            .filter(|((_, r), seen)| *r == regular && **seen)
            .filter_map(|((i, r), _)| self.views.get(&(*i, *r)).map(|v| (*i, v.clone())))
            .collect()
    }

    /// What an Insurgent unit sees.
    fn sees(&self, insurgent: UnitId) -> Vec<View> {
        self.seen
            .iter()
            .filter(|((i, _), seen)| *i == insurgent && **seen)
            .filter_map(|(key, _)| self.views.get(key).cloned())
            .collect()
    }
}

/// What one Insurgent unit that sees a Regular unit sees of it.
fn views_ui(ui: &mut Ui, form: &mut SoloForm, insurgent: UnitId, regular: UnitId, who: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{who} sees it:"));
        let view = form.view(insurgent, regular);
        ui.checkbox(&mut view.in_range, "in its Optimum Range");
        ui.checkbox(&mut view.exposed, "in the open");
        ui.checkbox(&mut view.solid_cover, "behind Solid Cover");
    });
}

fn sight_ui(
    ui: &mut Ui,
    form: &mut SoloForm,
    insurgent: UnitId,
    regular: UnitId,
    who: &str,
    whom: &str,
) {
    ui.horizontal_wrapped(|ui| {
        let seen = form.seen.entry((insurgent, regular)).or_insert(false);
        ui.checkbox(seen, format!("{who} can see {whom}"));
        if *seen {
            let view = form.view(insurgent, regular);
            ui.checkbox(&mut view.in_range, "in its Optimum Range");
            ui.checkbox(&mut view.exposed, "in the open");
            ui.checkbox(&mut view.solid_cover, "behind Solid Cover");
        }
    });
}

/// The solo opponent's part of the Now view: what it asks the player, what it decided, and
/// the buttons that let it act.
pub fn solo_now_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    for pending in &state.pending {
        if let PendingStep::HotSpotChoice { unit } = pending.step {
            let name = state
                .unit(unit)
                .map_or("A reinforcement", |u| u.name.as_str());
            ui.label(
                RichText::new(format!(
                    "{name} arrived on a 6. Which active Hot Spot is nearest the Marines?"
                ))
                .strong(),
            );
            ui.horizontal_wrapped(|ui| {
                for spot in state.hot_spots.iter().filter(|h| h.active) {
                    let text = format!("Hot Spot {}", spot.number);
                    if named_button(
                        ui,
                        text.as_str(),
                        &format!("Nearest the Marines: Hot Spot {}", spot.number),
                        true,
                    )
                    .clicked()
                    {
                        plan.push(Step::note(Some(unit), solo::hot_spot_choice(spot.number)));
                        plan.push(Step::always(Command::PlaceArrival {
                            pending: pending.id,
                            hot_spot: spot.number,
                        }));
                    }
                }
            });
        }
    }
    match state.phase {
        Phase::RegularActivations => activation_ui(ui, game, form, plan),
        Phase::InsurgentActions => orders_ui(ui, game, form, plan),
        Phase::Reinforcements => {
            ui.label("The Insurgents roll for their reinforcements themselves.");
        }
        Phase::GameOver => {}
    }
}

fn activation_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    if let Some(active) = state.active_unit {
        form.regular = Some(active);
    }
    waiting_fire_ui(ui, game, form, plan);
    let Some(regular) = form.regular.and_then(|r| state.unit(r)) else {
        ui.label("Activate a Regular unit below; the Insurgents then answer it here.");
        return;
    };
    let regular_id = regular.id;
    let speed = regular
        .status
        .movement
        .map_or("has not moved", Movement::name);
    style::heading(ui, format!("{} activates ({speed})", regular.name));
    ui.horizontal_wrapped(|ui| {
        ui.label("It first:");
        ui.radio_value(&mut form.action, RegularAction::Moves, "moves");
        ui.radio_value(&mut form.action, RegularAction::Fires, "fires");
    });
    // Who sees it, in one wrapped row; then, for those that do, what they see.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Who can see it?").strong());
        for unit in state.units_in_play(Side::Insurgent) {
            let seen = form.seen.entry((unit.id, regular_id)).or_insert(false);
            ui.checkbox(seen, unit.name.as_str()).widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::CheckBox,
                    true,
                    *seen,
                    format!("{} can see it", unit.name),
                )
            });
        }
    });
    for unit in state.units_in_play(Side::Insurgent) {
        if form
            .seen
            .get(&(unit.id, regular_id))
            .copied()
            .unwrap_or(false)
        {
            views_ui(ui, form, unit.id, regular_id, &unit.name);
        }
    }
    let answered = form.answered.is_some_and(|(unit, turn, events)| {
        unit == regular_id && turn == state.turn && game.events_in_effect() > events
    });
    if answered {
        ui.label(
            RichText::new(format!(
                "The Insurgents have answered {}'s activation: see the log.",
                regular.name
            ))
            .strong(),
        );
        ui.label("Activate the next Regular unit, or end the Regular activations.");
        return;
    }
    let views = form.seen_by(regular_id);
    let decisions = solo::interrupts(game, regular_id, form.action, &views);
    if decisions.is_empty() {
        ui.label("No Insurgent unit can see it: nobody interrupts.");
        return;
    }
    for d in &decisions {
        ui.label(&d.reason);
    }
    let words = if decisions.iter().all(|d| d.attempt.is_none()) {
        "Log the Insurgents' decision"
    } else {
        "Let the Insurgents interrupt"
    };
    if ui.button(RichText::new(words).strong()).clicked() {
        form.answered = Some((regular_id, state.turn, game.events_in_effect()));
        plan.extend(plan::interrupt_steps(game, regular_id, &decisions, &views));
    }
}

/// Interruptions where the Regulars reacted first: the Insurgents fire once the player has
/// resolved the reaction.
fn waiting_fire_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    for (i, r) in plan::waiting_to_fire(game) {
        let (Some(ins), Some(reg)) = (state.unit(i), state.unit(r)) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "{} reacted first. When its reaction is done:",
                reg.name
            ));
            if named_button(
                ui,
                format!("{} fires now", ins.name).as_str(),
                &format!("{} fires now", ins.name),
                true,
            )
            .clicked()
            {
                let view = form
                    .views
                    .get(&(i, r))
                    .cloned()
                    .unwrap_or_else(|| View::unseen(r));
                plan.extend(plan::fire_after_reaction(game, i, r, &view));
            }
        });
    }
}

fn orders_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    style::heading(ui, "Insurgent orders");
    ui.label("For each unit, tick what it can see; carry out its order on the table, then say how it went.");
    let regulars: Vec<(UnitId, String)> = state
        .units_in_play(Side::Regular)
        .filter(|u| !u.non_combatant)
        .map(|u| (u.id, u.name.clone()))
        .collect();
    let waiting: Vec<UnitId> = state.units_in_play(Side::Insurgent).map(|u| u.id).collect();
    let views: Vec<(UnitId, Vec<View>)> = waiting.iter().map(|&u| (u, form.sees(u))).collect();
    let orders = solo::orders(game, &views);
    if orders.is_empty() {
        ui.label("Every Insurgent unit has acted: end the turn.");
        return;
    }
    for order in orders {
        let Some(unit) = state.unit(order.unit) else {
            continue;
        };
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&order.words).strong());
            ui.label(RichText::new(format!("Why: {}", order.reason)).italics());
            for (r, name) in &regulars {
                sight_ui(ui, form, unit.id, *r, "it", name);
            }
            ui.horizontal_wrapped(|ui| {
                if named_button(
                    ui,
                    "Carried out",
                    &format!("{} carried out its order", unit.name),
                    true,
                )
                .clicked()
                {
                    plan.push(Step::note(
                        Some(unit.id),
                        format!("Order: {} Why: {} Carried out.", order.words, order.reason),
                    ));
                    let seen: Vec<(UnitId, View)> = form
                        .sees(unit.id)
                        .into_iter()
                        .map(|v| (unit.id, v))
                        .collect();
                    plan.extend(plan::order_steps(game, unit.id, &order.order, &seen));
                }
                for (button, what) in [
                    ("No line of sight", "no line of sight"),
                    ("Could not get through", "the way was blocked"),
                ] {
                    if named_button(ui, button, &format!("{}: {button}", unit.name), true).clicked()
                    {
                        plan.push(Step::note(
                            Some(unit.id),
                            format!(
                                "Order: {} Stopped on the table: {what}; it holds where it is.",
                                order.words
                            ),
                        ));
                        plan.push(Step::always(Command::InsurgentAction {
                            unit: unit.id,
                            movement: Movement::Halted,
                        }));
                    }
                }
            });
        });
    }
}
