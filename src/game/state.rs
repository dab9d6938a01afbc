//! The state of a game at one moment: the replay of its log.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::rules::fire::InterruptionPenalty;
use crate::rules::reinforcements::{ArrivalSpec, InsurgencyLevel};
use crate::scenario::{Scale, Scenario};
use crate::unit::{Figure, FigureId, Presence, Side, Unit, UnitId, UnitStatus, Weapon};

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
}

/// Why a Morale check is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleReason {
    /// The unit took casualties.
    Casualties,
    /// An Insurgent unit without a leader was fired on.
    FiredOnWithoutLeader,
}

impl MoraleReason {
    /// Plain words.
    pub const fn describe(self) -> &'static str {
        match self {
            MoraleReason::Casualties => "took casualties",
            MoraleReason::FiredOnWithoutLeader => "fired on without a leader",
        }
    }
}

/// A step the rules call for that the referee has not yet run (or skipped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum PendingStep {
    /// The Insurgency roll of this turn.
    InsurgencyRoll,
    /// A 2d6 roll on the reinforcement table.
    TableRoll,
    /// A unit from a table row, to be rolled up and placed.
    Arrival {
        /// The row it came from.
        row: String,
        /// What it is made of.
        spec: ArrivalSpec,
    },
    /// A unit arrived on a Hot Spot roll of 6: the Insurgents choose the spot.
    HotSpotChoice {
        /// The unit waiting.
        unit: UnitId,
    },
    /// A unit in ambush rolls to arrive (start of the Insurgent phase).
    AmbushRoll {
        /// The unit in ambush.
        unit: UnitId,
    },
    /// A unit arriving from ambush rolls for its Hot Spot.
    AmbushPlacement {
        /// The unit.
        unit: UnitId,
    },
    /// Casualties to take off a unit (Insurgents) or to roll First Aid for (Regulars).
    Casualties {
        /// The unit hit.
        unit: UnitId,
        /// How many.
        count: u32,
    },
    /// A Morale check.
    MoraleCheck {
        /// The unit.
        unit: UnitId,
        /// Why.
        reason: MoraleReason,
    },
}

impl PendingStep {
    /// The command that runs this step with its dice and nothing else to decide, for the
    /// steps that are only a roll (the Insurgency roll, the table, arrivals and ambushes).
    /// `id` is the step's id.
    pub fn roll_command(&self, id: u32) -> Option<super::Command> {
        use super::Command;
        Some(match self {
            PendingStep::InsurgencyRoll => Command::InsurgencyRoll,
            PendingStep::TableRoll => Command::TableRoll { pending: id },
            PendingStep::Arrival { .. } => Command::Arrival { pending: id },
            PendingStep::AmbushRoll { .. } => Command::AmbushRoll { pending: id },
            PendingStep::AmbushPlacement { .. } => Command::AmbushPlacement { pending: id },
            PendingStep::HotSpotChoice { .. }
            | PendingStep::Casualties { .. }
            | PendingStep::MoraleCheck { .. } => return None,
        })
    }
}

/// A pending step with its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Stable id, used by commands that resolve or skip it.
    pub id: u32,
    /// What is due.
    pub step: PendingStep,
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
    pub turn: u32,
    /// Phase of the turn.
    pub phase: Phase,
    /// Every unit ever in the game, including those no longer on the table.
    pub units: Vec<Arc<Unit>>,
    /// The five Hot Spots.
    pub hot_spots: Vec<HotSpot>,
    /// Insurgency Level (the referee may change it).
    pub insurgency: InsurgencyLevel,
    /// Steps due, oldest first.
    pub pending: Vec<Pending>,
    /// Victory counters, in the scenario's order.
    pub victory: Vec<VictoryCount>,
    /// Options.
    pub settings: Settings,
    /// The Regular unit activated most recently this turn.
    pub active_unit: Option<UnitId>,
    /// Turn limit from the scenario.
    pub turn_limit: Option<u32>,
    /// Next free ids.
    pub next_unit: u32,
    /// Next free figure id.
    pub next_figure: u32,
    /// Next free pending id.
    pub next_pending: u32,
    /// Units brought in by reinforcements so far (to name new ones).
    pub arrivals: u32,
}

impl GameState {
    /// The state at the start of turn 1 of a scenario.
    pub fn new(scenario: &Scenario, settings: Settings) -> Self {
        let mut state = Self {
            turn: 1,
            phase: Phase::RegularActivations,
            units: Vec::new(),
            hot_spots: scenario
                .hot_spots
                .iter()
                .map(|h| HotSpot {
                    number: h.number,
                    location: h.location.clone(),
                    active: true,
                })
                .collect(),
            insurgency: scenario.insurgency,
            pending: Vec::new(),
            victory: scenario
                .victory
                .iter()
                .map(|v| VictoryCount {
                    item: v.id.clone(),
                    count: 0,
                })
                .collect(),
            settings,
            active_unit: None,
            turn_limit: scenario.turn_limit,
            next_unit: 1,
            next_figure: 1,
            next_pending: 1,
            arrivals: 0,
        };
        for setup in &scenario.units {
            let id = state.new_unit_id();
            let figures = setup
                .figures
                .iter()
                .map(|f| {
                    let mut figure = state.new_figure(f.name.clone(), f.weapon, f.tq);
                    figure.tag = f.tag.clone();
                    figure
                })
                .collect();
            state.units.push(Arc::new(Unit {
                id,
                key: setup.id.clone(),
                name: setup.name.clone(),
                side: setup.side,
                figures,
                tq: setup.tq,
                morale: setup.morale,
                optimum_range: setup.optimum_range,
                armor: setup.armor,
                location: setup.location.clone(),
                non_combatant: setup.non_combatant,
                presence: if setup.ambush.is_some() {
                    Presence::InReserve
                } else {
                    Presence::OnTable
                },
                ambush: setup.ambush.clone(),
                status: UnitStatus::default(),
            }));
        }
        state
    }

    /// Hands out a fresh unit id.
    pub(crate) fn new_unit_id(&mut self) -> UnitId {
        let id = UnitId(self.next_unit);
        self.next_unit += 1;
        id
    }

    /// A new figure with a fresh id; `tq` is its own Troop Quality die, if it differs from
    /// its unit's.
    pub(crate) fn new_figure(
        &mut self,
        name: impl Into<String>,
        weapon: Weapon,
        tq: Option<Die>,
    ) -> Figure {
        let id = FigureId(self.next_figure);
        self.next_figure += 1;
        let mut figure = Figure::new(id, name, weapon);
        figure.tq = tq;
        figure
    }

    /// Adds a pending step and returns its id.
    pub(crate) fn push_pending(&mut self, step: PendingStep) -> u32 {
        let id = self.next_pending;
        self.next_pending += 1;
        self.pending.push(Pending { id, step });
        id
    }

    /// A unit by id.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id).map(|u| &**u)
    }

    /// A unit by id, mutably.
    pub(crate) fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units
            .iter_mut()
            .find(|u| u.id == id)
            .map(Arc::make_mut)
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

    /// Regular units that can still activate this turn, and how many can at all.
    pub fn regular_activations(&self) -> (usize, usize) {
        let units: Vec<&Unit> = self
            .units_in_play(Side::Regular)
            .filter(|u| !u.non_combatant)
            .collect();
        let done = units.iter().filter(|u| u.status.activated).count();
        (done, units.len())
    }

    /// "Turn 3 — Regular activations, 2 of 3 done".
    pub fn headline(&self) -> String {
        match self.phase {
            Phase::RegularActivations => {
                let (done, total) = self.regular_activations();
                format!(
                    "Turn {} — {}, {done} of {total} done",
                    self.turn, self.phase
                )
            }
            Phase::InsurgentActions => {
                let waiting = self
                    .units_in_play(Side::Insurgent)
                    .filter(|u| u.yet_to_act())
                    .count();
                format!(
                    "Turn {} — {}, {waiting} still to act",
                    self.turn, self.phase
                )
            }
            _ => format!("Turn {} — {}", self.turn, self.phase),
        }
    }

    /// "Regulars 10, Insurgents 3 — the Regulars win".
    pub fn final_score(&self, scenario: &Scenario) -> String {
        let (regular, insurgent) = self.victory_points(scenario);
        let verdict = match regular.cmp(&insurgent) {
            std::cmp::Ordering::Greater => "the Regulars win",
            std::cmp::Ordering::Less => "the Insurgents win",
            std::cmp::Ordering::Equal => "a draw",
        };
        format!("Regulars {regular}, Insurgents {insurgent} — {verdict}")
    }

    /// Victory points for both sides: (Regular, Insurgent).
    pub fn victory_points(&self, scenario: &Scenario) -> (i32, i32) {
        let mut regular = 0;
        let mut insurgent = 0;
        for count in &self.victory {
            let Some(item) = scenario.victory_item(&count.item) else {
                continue;
            };
            let points = item.points * count.count;
            match item.side {
                Side::Regular => regular += points,
                Side::Insurgent => insurgent += points,
            }
        }
        (regular, insurgent)
    }
}
