//! The solo opponent on the Now view: the player answers what only the table shows; the
//! doctrine (`ambush_core::solo`) weighs the Insurgents' options, and a recorded roll chooses.
//!
//! Only what can change a decision is asked, and at most six questions for an activation,
//! whatever the number of units or markers: which of them see the Marine unit (one question,
//! several answers), which of those are within each of their ranges (one question a range),
//! whether the Marine unit is in the open and behind Solid Cover, and what it does first when
//! that changes what an interruption breaks into. A marker is asked about as every marker is,
//! whatever it hides. The odds the Insurgents weighed are shown once the answers are committed.
//!
//! The activation's questions and answers are in `activation.rs`, the Insurgent phase's orders
//! in `orders.rs`, the questions' rows in `questions.rs`.

mod activation;
mod orders;
mod questions;

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use ambush_core::game::{ArrivalChoice, Command, Game, GameState, Phase};
use ambush_core::rules::fire::OptimumReach;
use ambush_core::solo::plan::Step;
use ambush_core::solo::{self, RegularAction, View};
use ambush_core::unit::UnitId;

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::named_button;

/// Who the player is asked about: an Insurgent unit in view, or a marker (whatever it hides).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Who {
    /// A unit the table sees.
    Unit(UnitId),
    /// A marker, by its name ("B").
    Marker(String),
}

/// When an answer was given: answers kept from an earlier turn or phase are marked so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The turn.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
}

impl Stamp {
    /// Now, in this game.
    pub fn now(state: &GameState) -> Self {
        Self {
            turn: state.turn(),
            phase: state.phase(),
        }
    }

    /// "turn 1, Regular activations".
    pub fn words(self) -> String {
        format!("turn {}, {}", self.turn, self.phase)
    }
}

/// What one of them sees of a Regular unit, as the player answered: it sees it, within this
/// range if one was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting {
    /// The shortest range answered (the reach, at 15mm, as the units' profiles give it).
    pub within: Option<u32>,
    /// When it was answered.
    pub when: Stamp,
}

/// A yes-or-no answer with when it was given.
pub type Answer = (bool, Stamp);

/// The answers the player gave, remembered from one question to the next.
#[derive(Debug, Default)]
pub struct SoloForm {
    /// Whether the Regular unit activating moves or fires first.
    pub action: RegularAction,
    /// What each of them sees, by (who, Regular unit): only those that see it.
    pub sight: BTreeMap<(Who, UnitId), Sighting>,
    /// Regular units standing in the open.
    pub open: BTreeMap<UnitId, Answer>,
    /// Regular units behind Solid Cover.
    pub cover: BTreeMap<UnitId, Answer>,
    /// The markers units were put under, by unit: a unit hidden (or once hidden) under a
    /// marker is asked about by its marker's name.
    markers: BTreeMap<UnitId, String>,
    /// Each Insurgent unit's reach, as the game last said: what an answered range earns.
    reaches: BTreeMap<UnitId, OptimumReach>,
    /// The activation the Insurgents last answered: (Regular unit, turn, events in effect
    /// then). The answer stands while at least one of its steps is in effect; undoing them all
    /// takes it back.
    pub answered: Option<(UnitId, u32, usize)>,
    /// Interruptions whose Regular unit was asked again after its reaction: (Insurgent,
    /// Regular, turn).
    pub asked_again: Vec<(UnitId, UnitId, u32)>,
    /// Interruptions whose Insurgent unit lost sight and held its fire: (Insurgent, Regular,
    /// turn).
    pub held_fire: Vec<(UnitId, UnitId, u32)>,
    /// The opponent's weighed answers, worked out again only when the game or the answers
    /// change (the exact odds are not worked out every frame).
    interrupts: Option<(InterruptsKey, Vec<solo::InterruptDecision>)>,
    orders: Option<(OrdersKey, Vec<solo::UnitOrders>)>,
    /// The units in view asked about an activation, worked out again only when the game
    /// changes (each asks the gate about its interruption on a copy of the game).
    asked: Option<((usize, UnitId), Vec<UnitId>)>,
    /// The Marine units each Insurgent unit in view is asked about in its phase, worked out
    /// again only when the game changes (each asks the gate about its fire).
    asked_in_phase: Option<(usize, BTreeMap<UnitId, Vec<UnitId>>)>,
}

type InterruptsKey = (
    usize,
    UnitId,
    RegularAction,
    Vec<(UnitId, View)>,
    Vec<String>,
);
type OrdersKey = (usize, Vec<(UnitId, Vec<View>)>);

impl SoloForm {
    /// The Insurgents' answers to an activation, for these views of units (a unit under a
    /// marker among them) and these markers that hide nothing.
    fn interrupts(
        &mut self,
        game: &Game,
        regular: UnitId,
        views: Vec<(UnitId, View)>,
        markers: Vec<String>,
    ) -> Vec<solo::InterruptDecision> {
        let key = (game.revision(), regular, self.action, views, markers);
        if self.interrupts.as_ref().is_none_or(|(k, _)| *k != key) {
            let decisions = solo::interrupts(game, regular, self.action, &key.3, &key.4);
            self.interrupts = Some((key, decisions));
        }
        self.interrupts
            .as_ref()
            .map(|(_, d)| d.clone())
            .unwrap_or_default()
    }

    /// The Insurgent units in view that could interrupt this Regular unit, whatever it does
    /// first.
    fn asked(&mut self, game: &Game, regular: UnitId) -> Vec<UnitId> {
        let key = (game.revision(), regular);
        if self.asked.as_ref().is_none_or(|(k, _)| *k != key) {
            let mut units = solo::asked_about(game, regular, RegularAction::Moves);
            if game
                .state()
                .unit(regular)
                .is_some_and(solo::asks_what_first)
            {
                units.extend(solo::asked_about(game, regular, RegularAction::Fires));
                units.sort();
                units.dedup();
            }
            self.asked = Some((key, units));
        }
        self.asked
            .as_ref()
            .map(|(_, u)| u.clone())
            .unwrap_or_default()
    }

    /// The Marine units this Insurgent unit in view is asked about in its phase.
    fn asked_in_phase(&mut self, game: &Game, insurgent: UnitId) -> Vec<UnitId> {
        let revision = game.revision();
        if self
            .asked_in_phase
            .as_ref()
            .is_none_or(|(r, _)| *r != revision)
        {
            self.asked_in_phase = Some((revision, BTreeMap::new()));
        }
        let Some((_, asked)) = &mut self.asked_in_phase else {
            return Vec::new();
        };
        asked
            .entry(insurgent)
            .or_insert_with(|| solo::asked_in_phase(game, insurgent))
            .clone()
    }

    /// The Insurgent units' options in their phase, for these views.
    fn orders(&mut self, game: &Game, views: Vec<(UnitId, Vec<View>)>) -> Vec<solo::UnitOrders> {
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

    /// Who a unit is asked about as: its own name, or, for a unit put under a marker, the
    /// marker's while it is hidden (and after, until it is asked about by its own name).
    fn who(&self, insurgent: UnitId, regular: UnitId) -> Who {
        let own = Who::Unit(insurgent);
        match self.markers.get(&insurgent) {
            Some(marker) if !self.sight.contains_key(&(own.clone(), regular)) => {
                Who::Marker(marker.clone())
            }
            _ => own,
        }
    }

    /// How far the player said this Insurgent unit is from that Regular unit, if it sees it,
    /// in the unit's own ranges.
    pub fn distance(&self, insurgent: UnitId, regular: UnitId) -> Option<solo::Distance> {
        let who = self.who(insurgent, regular);
        let sighting = self.sight.get(&(who, regular))?;
        Some(solo::Distance::answered(
            sighting.within,
            self.reach_of(insurgent),
        ))
    }

    /// The reach of a unit as last seen by the questions (none before it was asked about).
    fn reach_of(&self, insurgent: UnitId) -> Option<OptimumReach> {
        self.reaches.get(&insurgent).copied()
    }

    /// What an Insurgent unit sees of a Regular unit, if it sees it.
    pub fn view(&self, insurgent: UnitId, regular: UnitId) -> Option<View> {
        let who = self.who(insurgent, regular);
        let sighting = self.sight.get(&(who, regular))?;
        let in_range =
            solo::Distance::earns_optimum_range(sighting.within, self.reach_of(insurgent));
        Some(View {
            regular,
            in_range,
            exposed: self.open.get(&regular).is_some_and(|a| a.0),
            solid_cover: self.cover.get(&regular).is_some_and(|a| a.0),
        })
    }

    /// Asks again, once this turn, what this Insurgent unit sees of that Regular unit after
    /// the Regular unit's reaction: its sight forgotten, the ground answered afresh.
    fn ask_again(&mut self, insurgent: UnitId, regular: UnitId, state: &GameState) {
        let key = (insurgent, regular, state.turn());
        if self.asked_again.contains(&key) {
            return;
        }
        self.asked_again.push(key);
        self.forget(insurgent, regular);
        self.open.insert(regular, (false, Stamp::now(state)));
        self.cover.insert(regular, (false, Stamp::now(state)));
    }

    /// Forgets what this Insurgent unit (under its own name or its marker's) sees of that
    /// Regular unit: it is asked again.
    fn forget(&mut self, insurgent: UnitId, regular: UnitId) {
        self.sight.remove(&(Who::Unit(insurgent), regular));
        if let Some(marker) = self.markers.get(&insurgent) {
            self.sight.remove(&(Who::Marker(marker.clone()), regular));
        }
    }

    /// What an Insurgent unit sees, as views of each Regular unit in sight.
    fn sees(&self, insurgent: UnitId, regulars: &[UnitId]) -> Vec<View> {
        regulars
            .iter()
            .filter_map(|&r| self.view(insurgent, r))
            .collect()
    }

    /// Keeps what the questions need from the game: the markers units were put under, and
    /// each Insurgent unit's reach.
    fn follow(&mut self, state: &GameState) {
        self.markers = solo::markers_of_units(state).into_iter().collect();
        self.reaches = solo::insurgent_reaches(state).into_iter().collect();
    }
}

/// The solo opponent's part of the Now view: what it asks the player, what it weighed once
/// answered, and the buttons that let it act. What it is to do goes to the queue as a
/// [`UiCommand::Plan`]: the plan itself is the app's, changed only after the frame.
pub fn solo_now_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    form.follow(state);
    // A reinforcement arrived on a 6: the player says which Hot Spot is nearest the Marines,
    // among those the agenda offers for it (the gate's: the active ones).
    for step in state.due_steps(game.scenario()) {
        let Some(ArrivalChoice { unit, name }) = &step.hot_spot_for else {
            continue;
        };
        let unit = *unit;
        ui.label(
            RichText::new(format!(
                "{name} arrived on a 6. Which active Hot Spot is nearest the Marines?"
            ))
            .strong(),
        );
        ui.horizontal_wrapped(|ui| {
            for item in &step.choices {
                let Command::PlaceArrival { hot_spot, .. } = item.command else {
                    continue;
                };
                let text = format!("Hot Spot {hot_spot}");
                if named_button(
                    ui,
                    text.as_str(),
                    &format!("Nearest the Marines: Hot Spot {hot_spot}"),
                    true,
                )
                .clicked()
                {
                    queue.push(UiCommand::Plan(vec![
                        Step::note(Some(unit), solo::hot_spot_choice(hot_spot)),
                        Step::always(item.command.clone()),
                    ]));
                }
            }
        });
    }
    match state.phase() {
        Phase::RegularActivations => activation::activation_ui(ui, game, form, queue),
        Phase::InsurgentActions => orders::orders_ui(ui, game, form, queue),
        Phase::Reinforcements => {
            ui.label("The Insurgents roll for their reinforcements themselves.");
        }
        Phase::GameOver => {}
    }
}
