//! Units and figures: what a unit is made of and the statuses it carries during a game.

mod ambush;
mod badge;
mod figure;
mod profile;
mod status;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::Die;

pub use ambush::{AmbushPoint, AmbushSetup, ScheduledArrival};
pub use badge::Badge;
pub use figure::{Figure, FigureId, Weapon, Wound};
pub use profile::Profile;
pub use status::{Elimination, Movement, Presence, PullBack, UnitStatus};

/// The two sides of an Ambush Alley game.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Professional soldiers (the Marines in Contracting Trouble).
    Regular,
    /// Insurgent fighters.
    Insurgent,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Regular => Side::Insurgent,
            Side::Insurgent => Side::Regular,
        }
    }

    /// "Regular" or "Insurgent".
    pub const fn name(self) -> &'static str {
        match self {
            Side::Regular => "Regular",
            Side::Insurgent => "Insurgent",
        }
    }
}

impl Side {
    /// "a Regular unit", "an Insurgent unit".
    pub const fn a_unit(self) -> &'static str {
        match self {
            Side::Regular => "a Regular unit",
            Side::Insurgent => "an Insurgent unit",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Stable identifier of a unit within one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u32);

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U{}", self.0)
    }
}

/// A unit: figures that move and fight together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Stable id.
    pub id: UnitId,
    /// The scenario's id for it ("alpha"), or a generated one for reinforcements.
    pub key: String,
    /// Name shown on cards.
    pub name: String,
    /// Whose unit it is.
    pub side: Side,
    /// The figures, dependants included.
    pub figures: Vec<Figure>,
    /// Troop Quality, current Morale, Optimum Range, armor.
    #[serde(flatten)]
    pub profile: Profile,
    /// Where it stands, in words ("map key 1: by the mosque", "Hot Spot 3").
    pub location: String,
    /// True for units that never act (wounded contractors waiting to be picked up).
    #[serde(default)]
    pub non_combatant: bool,
    /// On the table or not.
    pub presence: Presence,
    /// How it arrives from ambush, while it is held back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambush: Option<AmbushSetup>,
    /// The turn it arrives on and where, while it waits off the table (a scheduled arrival).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<ScheduledArrival>,
    /// Statuses.
    pub status: UnitStatus,
    /// The edge it left the table by, when the referee said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_by: Option<crate::tabletop::Edge>,
    /// For captives (a scenario of version 4): the other side, whose unit frees them by
    /// moving into contact; they join it and change sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freed_by: Option<Side>,
}

impl Unit {
    /// Where the unit is, in words: as [`Presence::words`], except that a unit the scenario
    /// brings on later (not held in ambush) "arrives on turn 5", never "in ambush".
    pub fn presence_words(&self) -> String {
        match (&self.presence, &self.arrives, &self.ambush) {
            (Presence::InReserve, Some(arrives), None) => match arrives.arrives_on {
                Some(need) => format!("arrives with {need}+ from turn {}", arrives.turn),
                None => format!("arrives on turn {}", arrives.turn),
            },
            _ => self.presence.words(),
        }
    }

    /// True when a leader figure is with the unit.
    pub fn has_leader(&self) -> bool {
        self.figures.iter().any(Figure::is_leader)
    }

    /// True when the unit takes part in the fighting now: on the table, and not one that never
    /// acts (dependants waiting to be picked up). What activates, tests, and may be fired at.
    pub fn fights(&self) -> bool {
        self.in_play() && !self.non_combatant
    }

    /// True when the unit has nobody who fights: dependants only, or never acts.
    pub fn cannot_fight(&self) -> bool {
        self.non_combatant || self.firing_count() == 0
    }

    /// True for a unit whose every fighting figure is a leader (a leader on his own).
    pub fn leaders_only(&self) -> bool {
        self.firing_count() > 0 && self.firing_line().all(Figure::is_leader)
    }

    /// True when an Insurgent unit must pass an Interrupt check before it may interrupt: it has
    /// no leader and has not passed one this turn.
    pub fn needs_interrupt_check(&self) -> bool {
        !self.has_leader() && !self.status.passed_interrupt_check
    }

    /// True when an Insurgent unit must pass a Quality check before its own action: it has no
    /// leader and has not passed one this turn.
    pub fn needs_action_check(&self) -> bool {
        !self.has_leader() && !self.status.passed_action_check
    }

    /// True when the unit has stood still this turn: it declared no speed but Halted, and was
    /// not driven back by a Pull Back result.
    pub fn stationary(&self) -> bool {
        matches!(self.status.movement, None | Some(Movement::Halted)) && !self.status.pulled_back
    }

    /// True when the unit is moving this turn (Cautious or Rapid).
    pub fn moving(&self) -> bool {
        matches!(
            self.status.movement,
            Some(Movement::Cautious | Movement::Rapid)
        )
    }

    /// True when the unit has not yet acted this turn: not activated, no interrupt made, not
    /// done for the turn.
    pub fn yet_to_act(&self) -> bool {
        !self.status.activated && self.status.interrupts_made == 0 && !self.status.done_for_turn
    }

    /// Figures that fire and can be hit (dependants excluded).
    pub fn firing_line(&self) -> impl Iterator<Item = &Figure> {
        self.figures.iter().filter(|f| f.in_firing_line())
    }

    /// Number of figures in the firing line.
    pub fn firing_count(&self) -> usize {
        self.firing_line().count()
    }

    /// Number of dependants.
    pub fn dependant_count(&self) -> usize {
        self.figures.iter().filter(|f| !f.in_firing_line()).count()
    }

    /// The Troop Quality die a figure of this unit rolls.
    pub fn figure_die(&self, figure: &Figure) -> Die {
        figure.tq.unwrap_or(self.profile.tq)
    }

    /// The die the unit rolls for Reaction tests and Interrupt and Quality checks: the best
    /// Troop Quality in its firing line (its leader's, when it has one).
    pub fn test_die(&self) -> Die {
        self.firing_line()
            .map(|f| self.figure_die(f))
            .max()
            .unwrap_or(self.profile.tq)
    }

    /// Finds a figure by id.
    pub fn figure(&self, id: FigureId) -> Option<&Figure> {
        self.figures.iter().find(|f| f.id == id)
    }

    /// True while the unit is Shaken (the turn it happened and the whole next turn).
    pub fn is_shaken(&self, turn: u32) -> bool {
        self.status
            .shaken_on_turn
            .is_some_and(|since| turn <= since.saturating_add(1))
    }

    /// Whether it is on the table and can act.
    pub fn in_play(&self) -> bool {
        self.presence.is_on_table()
    }

    /// The figures in the order casualties are proposed: riflemen first, leaders last.
    pub fn casualty_proposal(&self, count: usize) -> Vec<FigureId> {
        let mut figures: Vec<&Figure> = self.firing_line().collect();
        figures.sort_by_key(|f| f.weapon.casualty_order());
        figures.into_iter().take(count).map(|f| f.id).collect()
    }

    /// Figures an Insurgent Morale check may Shrink away: the firing line without leaders.
    pub fn shrinkable(&self) -> usize {
        self.firing_line().filter(|f| !f.is_leader()).count()
    }

    /// A one-line summary of the figures, such as "2 Rifle, 1 Light support, 1 Leader".
    pub fn composition(&self) -> String {
        let mut parts = Vec::new();
        for weapon in Weapon::ALL {
            let count = self.figures.iter().filter(|f| f.weapon == weapon).count();
            if count > 0 {
                parts.push(format!("{count} {weapon}"));
            }
        }
        if parts.is_empty() {
            "no figures".to_owned()
        } else {
            parts.join(", ")
        }
    }
}
