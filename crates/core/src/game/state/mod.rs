//! The state of a game at one moment: the replay of its log.

mod start;

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::fire::InterruptionPenalty;
use crate::rules::reinforcements::InsurgencyLevel;
use crate::scenario::Scale;
use crate::unit::{FigureId, Side, Unit, UnitId};

use super::interruption::Interruption;
use super::pending::{EndReason, Pending};

/// The version of the rules this app plays by. A game keeps the rules it was started under:
/// a saved game replays, and goes on, by the rules it was written by, so what was allowed when
/// it was played stays allowed. Version 1 is the app before the gate (513b515 and earlier);
/// version 2 decides every command in one place; version 3 orders an interruption as the
/// booklet does (Overwatch before the Reaction test, Insurgent-phase reactions after the act,
/// a Morale check after interrupt fire won by the Insurgents) and derives what the state knows
/// about a shot instead of taking it from the fire event; version 4 refuses a fire left with no
/// Firepower die (before, it was logged as "no attack" and used up the unit's fire); version 5
/// counts a Regular unit's fire on an interruption of its own activation as its fire for that
/// activation (it may then only finish its move); version 6 lets no unit act (nor a new
/// activation begin) while the casualties, First Aid or Morale check of a fire are due, takes a
/// Reaction test's movement modifiers from the state as a fire's, leaves no fire to interrupt
/// once a unit's fire is resolved, has an Insurgent unit declare its action before it fires in
/// its phase (Overwatch may interrupt it from then until its fire is over), and names the
/// leader's die in an Insurgent Morale check (his 1 shrinks nobody); version 7 fixes the dice that
/// stay after undo by the roll itself (what is rolled, by whom, where in the game, which of its
/// kind: no other roll moves them) and keeps a solo game's dice that stay from being switched
/// off.
pub const RULES_VERSION: u32 = 7;

/// The phases of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Turn 2 on: the Insurgency roll and arrivals.
    Reinforcements,
    /// Regular units activate one by one; Insurgents may interrupt.
    RegularActivations,
    /// Insurgent units that did not interrupt act.
    InsurgentActions,
    /// The game has ended.
    GameOver,
}

impl Phase {
    /// A short name for the header.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Reinforcements => "Insurgent reinforcements",
            Phase::RegularActivations => "Regular activations",
            Phase::InsurgentActions => "Insurgent actions",
            Phase::GameOver => "Game over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Hot Spot counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HotSpot {
    /// 1 to 5.
    pub number: u8,
    /// Where it is, in words.
    pub location: String,
    /// False once a Regular unit neutralized it.
    pub active: bool,
}

impl HotSpot {
    /// Where a unit arriving at this spot is placed, in words.
    pub fn arrival_location(&self) -> String {
        format!("within 4\" of Hot Spot {} ({})", self.number, self.location)
    }
}

/// Per-game options (stored in the saved game, changed only by logged events).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How Regular units lose Firepower to interruptions.
    pub interruption_penalty: InterruptionPenalty,
    /// Figure scale for distances shown.
    pub scale: Scale,
    /// The app commands the Insurgents.
    pub solo: bool,
    /// How sharp the solo opponent is.
    pub difficulty: super::solo::SoloDifficulty,
    /// The solo opponent keeps its reasoning out of sight until the game is over.
    pub doctrine_hidden: bool,
    /// With the table open to phones, the faces the players send are played without the
    /// referee's click once every group of the roll has its faces.
    pub phones_accept: bool,
    /// Dice stay after undo: the app's dice for an event are fixed by the game's seed and the
    /// event's place in the game, so undoing it and giving a command again at the same place
    /// rolls the same faces. Off in games saved before it (their dice came from the generator
    /// as it ran); on by default in a new solo game.
    pub dice_stay: bool,
    /// The seed the dice that stay are drawn from, chosen when the game starts (or when dice
    /// that stay are switched on); none in games saved before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice_seed: Option<u64>,
}

/// A victory-point counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryCount {
    /// The scenario's item id.
    pub item: String,
    /// Times scored.
    pub count: i32,
}

/// Everything the app knows about a game at one moment.
///
/// Units are shared between copies of the state and copied only when changed, so keeping
/// earlier states for undo costs little.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// Turn number, from 1.
    pub(crate) turn: u32,
    /// Phase of the turn.
    pub(crate) phase: Phase,
    /// Every unit ever in the game, including those no longer on the table.
    pub(crate) units: Vec<Arc<Unit>>,
    /// The five Hot Spots.
    pub(crate) hot_spots: Vec<HotSpot>,
    /// Insurgency Level (the referee may change it).
    pub(crate) insurgency: InsurgencyLevel,
    /// Steps due, oldest first.
    pub(crate) pending: Vec<Pending>,
    /// Victory counters, in the scenario's order.
    pub(crate) victory: Vec<VictoryCount>,
    /// Options.
    pub(crate) settings: Settings,
    /// The Regular unit activated most recently this turn.
    pub(crate) active_unit: Option<UnitId>,
    /// The interruptions of the activation in progress.
    pub(crate) interruptions: Vec<Interruption>,
    /// Insurgent-phase answers given this turn: (Regular unit, Insurgent unit it reacted to or
    /// fired on from Overwatch).
    pub(crate) answered: Vec<(UnitId, UnitId)>,
    /// Insurgent-phase shots this turn: (Insurgent unit, the unit it fired at).
    pub(crate) insurgent_shots: Vec<(UnitId, UnitId)>,
    /// The end of the game the app proposes now: the referee confirms it (End the game) or plays
    /// on.
    pub(crate) end_proposed: Option<EndReason>,
    /// Ends of the game the referee chose to play on past.
    pub(crate) declined_ends: Vec<EndReason>,
    /// Turn limit from the scenario.
    pub(crate) turn_limit: Option<u32>,
    /// Next free ids.
    pub(crate) next_unit: u32,
    /// Next free figure id.
    pub(crate) next_figure: u32,
    /// Next free pending id.
    pub(crate) next_pending: u32,
    /// Units brought in by reinforcements so far (to name new ones).
    pub(crate) arrivals: u32,
    /// Insurgent figures taken off as casualties so far (victory points may count them).
    pub(crate) insurgent_casualties: u32,
    /// The figure scale the scenario's distances were written at.
    pub(crate) written_scale: crate::tabletop::Scale,
    /// The solo opponent's decisions made by a weighted roll, oldest first.
    pub(crate) solo_decisions: Vec<super::solo::SoloDecision>,
    /// Markers on the table in a solo game, some hiding Insurgent units.
    pub(crate) contacts: Vec<super::contacts::Contact>,
    /// Units still to be put under a marker.
    pub(crate) unplaced: Vec<UnitId>,
    /// The rules the game is played by ([`RULES_VERSION`] for a new game; a saved game's own).
    pub(crate) rules: u32,
    /// What the scenario's events (version 4) made of the course of the game.
    pub(crate) course: super::course::Course,
}

/// What the state holds, read only: the game changes only by commands through the gate, and
/// what a seat may see of it is the view's (`crate::view`).
impl GameState {
    /// Turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Phase of the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every unit ever in the game, in the order of their ids, those no longer on the table
    /// included. What a seat may know of them is [`crate::view::Sight`]'s.
    pub fn units(&self) -> impl DoubleEndedIterator<Item = &Unit> + ExactSizeIterator + Clone {
        self.units.iter().map(|u| &**u)
    }

    /// The Hot Spots.
    pub fn hot_spots(&self) -> &[HotSpot] {
        &self.hot_spots
    }

    /// The Insurgency Level.
    pub fn insurgency(&self) -> InsurgencyLevel {
        self.insurgency
    }

    /// The steps due, oldest first.
    pub fn pending_steps(&self) -> &[Pending] {
        &self.pending
    }

    /// The victory counters, in the scenario's order.
    pub fn victory(&self) -> &[VictoryCount] {
        &self.victory
    }

    /// The game's options.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The Regular unit activated most recently this turn.
    pub fn active_unit(&self) -> Option<UnitId> {
        self.active_unit
    }

    /// The interruptions of the activation in progress.
    pub fn interruptions(&self) -> &[Interruption] {
        &self.interruptions
    }

    /// The end of the game the app proposes now, if it proposes one.
    pub fn end_proposed(&self) -> Option<&EndReason> {
        self.end_proposed.as_ref()
    }

    /// The turn limit, once known to the game (rolled, for a limit in dice). The referee's:
    /// what a seat may know of it is [`crate::view::Sight::length_words`].
    pub fn turn_limit(&self) -> Option<u32> {
        self.turn_limit
    }

    /// Insurgent figures taken off as casualties so far (victory points may count them).
    pub fn insurgent_casualties(&self) -> u32 {
        self.insurgent_casualties
    }

    /// The figure scale the scenario's distances were written at.
    pub fn written_scale(&self) -> crate::tabletop::Scale {
        self.written_scale
    }

    /// The solo opponent's decisions made by a weighted roll, oldest first.
    pub fn solo_decisions(&self) -> &[super::solo::SoloDecision] {
        &self.solo_decisions
    }

    /// The markers of a solo game, revealed ones included.
    pub fn contacts(&self) -> &[super::contacts::Contact] {
        &self.contacts
    }

    /// The units still to be put under a marker, in a solo game before its markers are set.
    pub fn unplaced(&self) -> &[UnitId] {
        &self.unplaced
    }

    /// The version of the rules the game is played by.
    pub fn rules(&self) -> u32 {
        self.rules
    }

    /// True when the game is played by rules of this version or later.
    pub const fn rules_at_least(&self, version: u32) -> bool {
        self.rules >= version
    }

    /// A unit by id.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        // Units are kept in the order of their ids, which only ever grow.
        self.units
            .binary_search_by_key(&id, |u| u.id)
            .ok()
            .map(|i| &*self.units[i])
    }

    /// A unit by id, mutably.
    pub(crate) fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        let index = self.units.binary_search_by_key(&id, |u| u.id).ok()?;
        Some(Arc::make_mut(&mut self.units[index]))
    }

    /// The unit a figure belongs to.
    pub fn unit_of_figure(&self, figure: FigureId) -> Option<&Unit> {
        self.units
            .iter()
            .find(|u| u.figures.iter().any(|f| f.id == figure))
            .map(|u| &**u)
    }

    /// Units of a side that are on the table.
    pub fn units_in_play(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .map(|u| &**u)
            .filter(move |u| u.side == side && u.in_play())
    }

    /// A Hot Spot by number.
    pub fn hot_spot(&self, number: u8) -> Option<&HotSpot> {
        self.hot_spots.iter().find(|h| h.number == number)
    }

    /// A pending step by id.
    pub fn pending(&self, id: u32) -> Option<&Pending> {
        self.pending.iter().find(|p| p.id == id)
    }

    /// The units of a side on the table that take part in the fighting: all but those that
    /// never act (dependants waiting to be picked up). The units that activate, and the
    /// Marines the solo opponent asks about.
    pub fn fighting_units(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.units_in_play(side).filter(|u| u.fights())
    }

    /// Regular units that can still activate this turn, and how many can at all.
    pub fn regular_activations(&self) -> (usize, usize) {
        let units: Vec<&Unit> = self.fighting_units(Side::Regular).collect();
        let done = units.iter().filter(|u| u.status.activated).count();
        (done, units.len())
    }

    /// The interruption this Insurgent unit made in the activation in progress.
    pub fn interruption_by(&self, insurgent: UnitId) -> Option<&Interruption> {
        self.interruptions.iter().find(|i| i.insurgent == insurgent)
    }

    /// The interruption this Insurgent unit made, to change.
    pub(crate) fn interruption_by_mut(&mut self, insurgent: UnitId) -> Option<&mut Interruption> {
        self.interruptions
            .iter_mut()
            .find(|i| i.insurgent == insurgent)
    }

    /// True when this Insurgent unit is taking its own action in the Insurgent phase (it has
    /// declared its move, or fired), so that Regular units on Overwatch may fire on it: they
    /// interrupt any action in their sight.
    pub fn acting_in_insurgent_phase(&self, insurgent: &Unit) -> bool {
        self.phase == Phase::InsurgentActions
            && insurgent.side == Side::Insurgent
            && insurgent.status.interrupts_made == 0
            && (insurgent.status.fired || insurgent.status.movement.is_some())
    }

    /// True when this Regular unit may react to this Insurgent unit in the Insurgent phase:
    /// the Insurgent unit has moved (in its sight: the table's to say) or has fired at it. A
    /// unit that has only declared it stands Halted has done nothing to react to yet. (Games
    /// played by rules before version 3 let any unit react once the Insurgent unit acted.)
    pub fn may_react_in_insurgent_phase(&self, regular: UnitId, insurgent: &Unit) -> bool {
        if !self.acting_in_insurgent_phase(insurgent) {
            return false;
        }
        if !self.rules_at_least(3) {
            return true;
        }
        let moved = insurgent
            .status
            .movement
            .is_some_and(|m| m != crate::unit::Movement::Halted);
        moved || self.insurgent_shots.contains(&(insurgent.id, regular))
    }

    /// A distance the scenario wrote (at its own scale), in words at the scale the game is
    /// played at: as written when the two agree, converted when they do not.
    pub fn distance(&self, written: u32) -> String {
        crate::tabletop::Scale::words(self.settings.scale.from_scale(self.written_scale, written))
    }
}
