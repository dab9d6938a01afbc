//! The solo opponent on the Now view: the player answers what only the table shows; the
//! doctrine (`ambush_core::solo`) weighs the Insurgents' options, and a recorded roll chooses.
//!
//! Only what can change a decision is asked: for each Insurgent unit that could interrupt, one
//! question (does it see the Marines, and within which of its own ranges?), and for the Marine
//! unit two (in the open? behind Solid Cover?), asked again after it moved in reaction.
//!
//! The Insurgent phase's orders are in `orders.rs`, the questions' rows in `questions.rs`.

mod orders;
mod questions;

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use ambush_core::game::{Command, Game, PendingStep, Phase, ReactionKind};
use ambush_core::solo::plan::{self, Step};
use ambush_core::solo::{self, RegularAction, View};
use ambush_core::unit::{Movement, UnitId};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};
use questions::{ground_ui, marker_sight_ui, question_ui, sight_ui};

/// What an Insurgent unit sees of a Regular unit, as the player answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sight {
    /// Not in sight (the answer until one is given).
    #[default]
    Unseen,
    /// In sight, at this distance.
    Seen {
        /// Within which of the unit's ranges, as answered.
        distance: solo::Distance,
        /// Whether that earns the unit its Optimum Range die, as the core says.
        in_range: bool,
    },
}

/// The answers the player gave, remembered from one question to the next.
#[derive(Debug, Default)]
pub struct SoloForm {
    /// The Regular unit whose activation is being answered.
    pub regular: Option<UnitId>,
    /// Whether it moves or fires first.
    pub action: RegularAction,
    /// What each Insurgent unit sees of each Regular unit, by (Insurgent, Regular).
    pub sight: BTreeMap<(UnitId, UnitId), Sight>,
    /// Regular units standing in the open.
    pub open: BTreeMap<UnitId, bool>,
    /// Regular units behind Solid Cover.
    pub cover: BTreeMap<UnitId, bool>,
    /// The activation the Insurgents last answered: (Regular unit, turn, events in effect
    /// then). The answer stands while at least one of its steps is in effect; undoing them all
    /// takes it back.
    pub answered: Option<(UnitId, u32, usize)>,
    /// Interruptions whose Regular unit was asked again after its reaction: (Insurgent,
    /// Regular, turn).
    pub asked_again: Vec<(UnitId, UnitId, u32)>,
    /// What empty markers see, as the player answered (it changes nothing, and so the
    /// questions give nothing away): (marker, Regular).
    pub marker_sight: BTreeMap<(String, UnitId), Sight>,
    /// Empty markers that have had their turn: (marker, turn).
    pub markers_done: Vec<(String, u32)>,
    /// Interruptions whose Insurgent unit lost sight and held its fire: (Insurgent, Regular,
    /// turn).
    pub held_fire: Vec<(UnitId, UnitId, u32)>,
    /// The opponent's weighed answers, worked out again only when the game or the answers
    /// change (the exact odds are not worked out every frame).
    interrupts: Option<(InterruptsKey, Vec<solo::InterruptDecision>)>,
    orders: Option<(OrdersKey, Vec<solo::UnitOrders>)>,
}

type InterruptsKey = (usize, UnitId, RegularAction, Vec<(UnitId, View)>);
type OrdersKey = (usize, Vec<(UnitId, Vec<View>)>);

impl SoloForm {
    /// The Insurgents' answers to an activation, for these views.
    fn interrupts(
        &mut self,
        game: &Game,
        regular: UnitId,
        views: Vec<(UnitId, View)>,
    ) -> Vec<solo::InterruptDecision> {
        let key = (game.revision(), regular, self.action, views);
        if self.interrupts.as_ref().is_none_or(|(k, _)| *k != key) {
            let decisions = solo::interrupts(game, regular, self.action, &key.3);
            self.interrupts = Some((key, decisions));
        }
        self.interrupts
            .as_ref()
            .map(|(_, d)| d.clone())
            .unwrap_or_default()
    }

    /// The Insurgent units' options in their phase, for these views.
    pub(super) fn orders(
        &mut self,
        game: &Game,
        views: Vec<(UnitId, Vec<View>)>,
    ) -> Vec<solo::UnitOrders> {
        let key = (game.revision(), views);
        if self.orders.as_ref().is_none_or(|(k, _)| *k != key) {
            let orders = solo::orders(game, &key.1);
            self.orders = Some((key, orders));
        }
        self.orders
            .as_ref()
            .map(|(_, o)| o.clone())
            .unwrap_or_default()
    }
}

impl SoloForm {
    /// What an Insurgent unit sees of a Regular unit, if it sees it.
    /// How far the player said this Insurgent unit is from that Regular unit, if it sees it.
    pub fn distance(&self, insurgent: UnitId, regular: UnitId) -> Option<solo::Distance> {
        match self.sight.get(&(insurgent, regular)).copied()? {
            Sight::Seen { distance, .. } => Some(distance),
            Sight::Unseen => None,
        }
    }

    pub fn view(&self, insurgent: UnitId, regular: UnitId) -> Option<View> {
        let Sight::Seen { in_range, .. } = self.sight.get(&(insurgent, regular)).copied()? else {
            return None;
        };
        Some(View {
            regular,
            in_range,
            exposed: self.open.get(&regular).copied().unwrap_or(false),
            solid_cover: self.cover.get(&regular).copied().unwrap_or(false),
        })
    }

    /// The views of the Insurgent units that see `regular`.
    fn seen_by(&self, regular: UnitId) -> Vec<(UnitId, View)> {
        self.sight
            .keys()
            .filter(|(_, r)| *r == regular)
            .filter_map(|&(i, r)| self.view(i, r).map(|v| (i, v)))
            .collect()
    }

    /// What an Insurgent unit sees.
    pub(super) fn sees(&self, insurgent: UnitId) -> Vec<View> {
        self.sight
            .keys()
            .filter(|(i, _)| *i == insurgent)
            .filter_map(|&(i, r)| self.view(i, r))
            .collect()
    }
}

/// The solo opponent's part of the Now view: what it asks the player, what it weighs, and the
/// buttons that let it act. What it is to do goes to the queue as a [`UiCommand::Plan`]: the
/// plan itself is the app's, changed only after the frame.
pub fn solo_now_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
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
                        queue.push(UiCommand::Plan(vec![
                            Step::note(Some(unit), solo::hot_spot_choice(spot.number)),
                            Step::always(Command::PlaceArrival {
                                pending: pending.id,
                                hot_spot: spot.number,
                            }),
                        ]));
                    }
                }
            });
        }
    }
    match state.phase {
        Phase::RegularActivations => activation_ui(ui, game, form, queue),
        Phase::InsurgentActions => orders::orders_ui(ui, game, form, queue),
        Phase::Reinforcements => {
            ui.label("The Insurgents roll for their reinforcements themselves.");
        }
        Phase::GameOver => {}
    }
}

fn activation_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    if let Some(active) = state.active_unit {
        form.regular = Some(active);
    }
    declared_ui(ui, game, form, queue);
    waiting_fire_ui(ui, game, form, queue);
    let Some(regular) = form.regular.and_then(|r| state.unit(r)) else {
        ui.label("Activate a Regular unit below; the Insurgents then answer it here.");
        return;
    };
    let regular_id = regular.id;
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
    let speed = regular
        .status
        .movement
        .map_or("has not moved", Movement::name);
    style::heading(ui, format!("{} activates ({speed})", regular.name));
    if solo::asks_what_first(regular) {
        let action = &mut form.action;
        question_ui(
            ui,
            "What does it do first?",
            action,
            &[
                (RegularAction::Moves, "moves"),
                (RegularAction::Fires, "fires"),
            ],
        );
    }
    // Units in view that could interrupt, then every marker, in the order of their names.
    let mut asked: Vec<UnitId> = solo::asked_about(game, regular_id, form.action)
        .into_iter()
        .filter(|u| !state.is_hidden(*u))
        .collect();
    let markers: Vec<_> = state.markers_on_table().cloned().collect();
    if asked.is_empty() && markers.is_empty() {
        ui.label("No Insurgent unit could interrupt it: nobody is asked.");
    }
    for &insurgent in &asked {
        sight_ui(ui, game, form, insurgent, regular_id);
    }
    for contact in &markers {
        match contact.unit {
            Some(unit) => {
                sight_ui(ui, game, form, unit, regular_id);
                asked.push(unit);
            }
            None => marker_sight_ui(ui, game, form, &contact.marker, regular_id),
        }
    }
    let views: Vec<(UnitId, View)> = form
        .seen_by(regular_id)
        .into_iter()
        .filter(|(i, _)| asked.contains(i))
        .collect();
    let marker_seen = form
        .marker_sight
        .iter()
        .any(|((_, r), s)| *r == regular_id && *s != Sight::Unseen);
    if !views.is_empty() || marker_seen {
        ground_ui(ui, form, regular_id, &regular.name);
    }
    let views: Vec<(UnitId, View)> = form
        .seen_by(regular_id)
        .into_iter()
        .filter(|(i, _)| asked.contains(i))
        .collect();
    let decisions = form.interrupts(game, regular_id, views.clone());
    if !state.settings.doctrine_hidden {
        for d in &decisions {
            ui.label(RichText::new(d.summary(state)).weak());
        }
    }
    if ui
        .button(RichText::new("Let the Insurgents answer").strong())
        .clicked()
    {
        form.answered = Some((regular_id, state.turn, game.events_in_effect()));
        let mut steps = plan::interrupt_steps(game, regular_id, &decisions, &views);
        // A marker seen that hides nothing answers as a hidden unit that waits would.
        for contact in markers.iter().filter(|c| c.unit.is_none()) {
            let seen = form
                .marker_sight
                .get(&(contact.marker.clone(), regular_id))
                .is_some_and(|s| *s != Sight::Unseen);
            if seen {
                steps.push(Step::note(
                    None,
                    format!("{} decides: wait for its own turn", contact.name()),
                ));
            }
        }
        if steps.is_empty() {
            steps.push(Step::note(
                None,
                format!(
                    "No Insurgent unit sees {}: nobody interrupts.",
                    regular.name
                ),
            ));
        }
        queue.push(UiCommand::Plan(steps));
    }
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
        if form.held_fire.contains(&(i, r, state.turn)) {
            continue;
        }
        let reacted = state.interruption_by(i).is_some_and(|x| x.answered(r));
        ui.label(format!(
            "{} reacted first. When its reaction is done:",
            reg.name
        ));
        if reacted {
            // It moved or fired: what the Insurgents see of it may have changed.
            if !form.asked_again.contains(&(i, r, state.turn)) {
                form.asked_again.push((i, r, state.turn));
                form.sight.insert((i, r), Sight::Unseen);
                form.open.insert(r, false);
                form.cover.insert(r, false);
            }
            sight_ui(ui, game, form, i, r);
            if form.view(i, r).is_some() {
                ground_ui(ui, form, r, &reg.name);
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
                    form.held_fire.push((i, r, state.turn));
                }
                queue.push(UiCommand::Plan(steps));
            }
        });
    }
}
