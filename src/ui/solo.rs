//! The Solo tab: the player answers what only the table shows; the doctrine (`crate::solo`)
//! decides for the Insurgents, and every decision goes into the log with its reason.

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use crate::game::{Command, FireContext, Game, PendingStep, Phase};
use crate::solo::{self, Order, RegularAction, View};
use crate::unit::{Movement, Side, UnitId};

use super::command::UiCommand;
use super::style::{self, named_button};

/// When a step of the plan is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum When {
    /// Always.
    Always,
    /// Only if the unit can still act (it may have failed its Interrupt or Quality check).
    CanAct(UnitId),
    /// Only if this unit's last Reaction test let the Insurgents act first.
    InsurgentsFirst(UnitId),
}

/// One step of the solo opponent's plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Give a command, if its condition holds.
    Give(Command, When),
    /// Log, in plain words, how this unit's interruption turned out.
    ReactionWords {
        /// The interrupting Insurgent unit.
        insurgent: UnitId,
        /// The Regular unit.
        regular: UnitId,
        /// What was interrupted.
        kind: crate::game::ReactionKind,
    },
}

impl Step {
    fn always(command: Command) -> Self {
        Self::Give(command, When::Always)
    }

    fn when(command: Command, when: When) -> Self {
        Self::Give(command, when)
    }
}

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
    /// Interruptions waiting for the Regular unit's reaction: (Insurgent, Regular, view).
    pub waiting_fire: Vec<(UnitId, UnitId, View)>,
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

/// Draws the Solo tab.
pub fn solo_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut SoloForm,
    due: &mut super::turn::TurnForm,
    queue: &mut Vec<UiCommand>,
    plan: &mut Vec<Step>,
) {
    let state = game.state();
    style::heading(ui, "Solo: the app commands the Insurgents");
    if !state.settings.solo {
        ui.label("This game is not a solo game. Turn solo play on to let the app command the Insurgents.");
        if ui.button("Turn solo play on").clicked() {
            let settings = crate::game::Settings {
                solo: true,
                ..state.settings.clone()
            };
            queue.push(UiCommand::Play(Command::ChangeSettings { settings }));
        }
        return;
    }
    ui.label("Answer what only the table shows; the Insurgents decide by their doctrine (docs/solo-play.md) and every decision is logged with its reason.");
    ui.separator();
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
                        plan.push(Step::always(Command::SoloNote {
                            unit: Some(unit),
                            text: solo::hot_spot_choice(spot.number),
                        }));
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
            ui.label("The Insurgents roll for their reinforcements themselves; press Start Regular activations on the Turn tab when they are in.");
        }
        Phase::GameOver => {
            ui.label(state.final_score(game.scenario()));
        }
    }
    // What the rules now call for (First Aid for the Marines, their Morale checks) is the
    // player's to run: it is shown here too.
    ui.add_space(6.0);
    super::turn::due_ui(ui, game, due, queue);
}

fn activation_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    if let Some(active) = state.active_unit {
        form.regular = Some(active);
    }
    waiting_fire_ui(ui, game, form, plan);
    let Some(regular) = form.regular.and_then(|r| state.unit(r)) else {
        ui.label("Activate a Regular unit (the buttons on its card); the Insurgents then answer it here.");
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
    ui.label("Which Insurgent units can see it? (Remembered for next time.)");
    for unit in state.units_in_play(Side::Insurgent) {
        sight_ui(ui, form, unit.id, regular_id, &unit.name, "it");
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
        ui.label("Activate the next Regular unit, or end the Regular activations on the Turn tab.");
        return;
    }
    let views = form.seen_by(regular_id);
    let decisions = solo::interrupts(state, regular_id, form.action, &views);
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
        for d in &decisions {
            plan.push(Step::always(Command::SoloNote {
                unit: Some(d.unit),
                text: d.reason.clone(),
            }));
        }
        for d in &decisions {
            let Some(kind) = d.attempt else { continue };
            let Some(unit) = state.unit(d.unit) else {
                continue;
            };
            if unit.needs_leader_check() {
                plan.push(Step::always(Command::QualityCheck {
                    unit: d.unit,
                    purpose: crate::game::QualityPurpose::Interrupt,
                }));
            }
            let modifiers = crate::rules::checks::ReactionModifiers::proposed(regular);
            plan.push(Step::when(
                Command::ReactionTest {
                    insurgent: d.unit,
                    regular: regular_id,
                    kind,
                    modifiers,
                },
                When::CanAct(d.unit),
            ));
            plan.push(Step::ReactionWords {
                insurgent: d.unit,
                regular: regular_id,
                kind,
            });
            let view = views
                .iter()
                .find(|(i, _)| *i == d.unit)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| View::unseen(regular_id));
            let modifiers = solo::fire_modifiers(state, unit, regular, &view);
            plan.push(Step::when(
                Command::Fire {
                    attacker: d.unit,
                    target: regular_id,
                    modifiers,
                    context: FireContext::Interrupt,
                },
                When::InsurgentsFirst(d.unit),
            ));
            form.waiting_fire.push((d.unit, regular_id, view));
        }
    }
}

/// Interruptions where the Regulars reacted first: the Insurgents fire once the player has
/// resolved the reaction.
fn waiting_fire_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    // Those that already fired, or can no longer, drop off the list.
    form.waiting_fire.retain(|(i, r, _)| {
        let gone = state
            .unit(*i)
            .is_none_or(|u| u.status.fired || !u.in_play() || u.status.done_for_turn);
        !gone && state.unit(*r).is_some_and(|u| u.in_play())
    });
    let mut fire_now = None;
    for (index, (i, r, _)) in form.waiting_fire.iter().enumerate() {
        let (Some(ins), Some(reg)) = (state.unit(*i), state.unit(*r)) else {
            continue;
        };
        // Only once its Reaction test has been made and went the Regulars' way.
        if last_reaction_first(game, *i) != Some(false) {
            continue;
        }
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
                fire_now = Some(index);
            }
        });
    }
    if let Some(index) = fire_now {
        let (i, r, view) = form.waiting_fire.remove(index);
        if let (Some(ins), Some(reg)) = (state.unit(i), state.unit(r)) {
            let modifiers = solo::fire_modifiers(state, ins, reg, &view);
            plan.push(Step::always(Command::SoloNote {
                unit: Some(i),
                text: format!("{} fires on {} after its reaction.", ins.name, reg.name),
            }));
            plan.push(Step::when(
                Command::Fire {
                    attacker: i,
                    target: r,
                    modifiers,
                    context: FireContext::Interrupt,
                },
                When::CanAct(i),
            ));
        }
    }
}

fn orders_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, plan: &mut Vec<Step>) {
    let state = game.state();
    form.waiting_fire.clear();
    style::heading(ui, "Insurgent orders");
    ui.label("For each unit, tick what it can see; carry out its order on the table, then say how it went.");
    let regulars: Vec<(UnitId, String)> = state
        .units_in_play(Side::Regular)
        .filter(|u| !u.non_combatant)
        .map(|u| (u.id, u.name.clone()))
        .collect();
    let waiting: Vec<UnitId> = state
        .units_in_play(Side::Insurgent)
        .filter(|u| u.yet_to_act())
        .map(|u| u.id)
        .collect();
    if waiting.is_empty() {
        ui.label("Every Insurgent unit has acted: end the turn on the Turn tab.");
        return;
    }
    let views: Vec<(UnitId, Vec<View>)> = waiting.iter().map(|&u| (u, form.sees(u))).collect();
    let orders = solo::orders(state, &views);
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
                    plan.push(Step::always(Command::SoloNote {
                        unit: Some(unit.id),
                        text: format!("Order: {} Why: {} Carried out.", order.words, order.reason),
                    }));
                    plan.extend(order_steps(game, form, unit.id, &order.order));
                }
                for (button, what) in [
                    ("No line of sight", "no line of sight"),
                    ("Could not get through", "the way was blocked"),
                ] {
                    if named_button(ui, button, &format!("{}: {button}", unit.name), true).clicked()
                    {
                        plan.push(Step::always(Command::SoloNote {
                            unit: Some(unit.id),
                            text: format!(
                                "Order: {} Stopped on the table: {what}; it holds where it is.",
                                order.words
                            ),
                        }));
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

/// The commands that carry out an order.
fn order_steps(game: &Game, form: &SoloForm, unit: UnitId, order: &Order) -> Vec<Step> {
    let state = game.state();
    let act = |movement| Step::always(Command::InsurgentAction { unit, movement });
    match order {
        Order::Fire { target } => {
            let (Some(ins), Some(reg)) = (state.unit(unit), state.unit(*target)) else {
                return Vec::new();
            };
            let view = form
                .views
                .get(&(unit, *target))
                .cloned()
                .unwrap_or_else(|| View::unseen(*target));
            let modifiers = solo::fire_modifiers(state, ins, reg, &view);
            vec![
                act(Movement::Halted),
                Step::when(
                    Command::Fire {
                        attacker: unit,
                        target: *target,
                        modifiers,
                        context: FireContext::Activation,
                    },
                    When::CanAct(unit),
                ),
            ]
        }
        Order::Join { into } => vec![Step::always(Command::JoinUnit {
            from: unit,
            into: *into,
        })],
        Order::FallBack | Order::Advance { .. } => vec![act(Movement::Cautious)],
        Order::TakeCover => vec![act(Movement::Halted)],
    }
}

/// The next step the solo opponent takes on its own, if any: the Insurgents' share of what is
/// due (reinforcements, ambushes, their casualties and Morale checks).
pub fn automatic_step(game: &Game) -> Option<Step> {
    let state = game.state();
    if !state.settings.solo || state.phase == Phase::GameOver {
        return None;
    }
    let insurgent = |id: UnitId| state.unit(id).is_some_and(|u| u.side == Side::Insurgent);
    for pending in &state.pending {
        if let Some(command) = pending.step.roll_command(pending.id) {
            return Some(Step::always(command));
        }
        let command = match &pending.step {
            PendingStep::Casualties { unit, count } if insurgent(*unit) => {
                let figures = state
                    .unit(*unit)
                    .map(|u| u.casualty_proposal(*count as usize))
                    .unwrap_or_default();
                Command::RemoveCasualties {
                    pending: pending.id,
                    figures,
                }
            }
            PendingStep::MoraleCheck { unit, .. } if insurgent(*unit) => Command::MoraleCheck {
                unit: *unit,
                modifier: 0,
                defensible: false,
            },
            _ => continue,
        };
        return Some(Step::always(command));
    }
    None
}

/// How this unit's Reaction test this turn went: `Some(true)` if the Insurgents acted first,
/// `None` if it has made no interruption this turn (an older test says nothing about now).
pub fn last_reaction_first(game: &Game, insurgent: UnitId) -> Option<bool> {
    let unit = game.state().unit(insurgent)?;
    if unit.status.interrupts_made == 0 {
        return None;
    }
    let index = (0..game.entries().len()).rev().find(|&i| {
        game.entry_state(i) == crate::game::EntryState::InEffect
            && matches!(
                game.event(i).map(|e| &e.command),
                Some(Command::ReactionTest { insurgent: u, .. }) if *u == insurgent
            )
    })?;
    match game.outcome(index).map(|o| &o.detail) {
        Some(crate::game::Detail::Reaction(r)) => Some(r.insurgent_first),
        _ => None,
    }
}

/// The command a step gives now, or `None` when its condition does not hold (it is dropped).
pub fn command(game: &Game, step: &Step) -> Option<Command> {
    let state = game.state();
    match step {
        Step::Give(command, When::Always) => Some(command.clone()),
        Step::Give(command, When::CanAct(unit)) => state
            .unit(*unit)
            .is_some_and(|u| u.in_play() && !u.status.done_for_turn)
            .then(|| command.clone()),
        Step::Give(command, When::InsurgentsFirst(unit)) => {
            (last_reaction_first(game, *unit) == Some(true)).then(|| command.clone())
        }
        Step::ReactionWords {
            insurgent,
            regular,
            kind,
        } => {
            let first = last_reaction_first(game, *insurgent)?;
            let (ins, reg) = (state.unit(*insurgent)?, state.unit(*regular)?);
            Some(Command::SoloNote {
                unit: Some(*insurgent),
                text: solo::interrupt_words(&ins.name, &reg.name, *kind, first),
            })
        }
    }
}
