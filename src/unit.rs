//! Units and figures: what a unit is made of and the statuses it carries during a game.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::Die;

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

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a figure carries, which decides what it adds to its unit.
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
pub enum Weapon {
    /// Rifle or other small arms: one Firepower die.
    Rifle,
    /// Light support weapon (SAW, M203/RGL, LMG): one extra Firepower die.
    LightSupport,
    /// Medium support weapon (RPG): two extra Firepower dice.
    MediumSupport,
    /// Anti-tank RPG: counts as a Medium support weapon against infantry.
    AtRpg,
    /// A leader, armed with small arms.
    Leader,
    /// Someone the unit looks after (a contractor, a wounded comrade): neither fires nor defends.
    Dependant,
}

impl Weapon {
    /// Every weapon, in the order units list them.
    pub const ALL: [Weapon; 6] = [
        Weapon::Leader,
        Weapon::Rifle,
        Weapon::LightSupport,
        Weapon::MediumSupport,
        Weapon::AtRpg,
        Weapon::Dependant,
    ];

    /// Firepower dice this figure adds on top of its own die.
    pub const fn support_dice(self) -> u8 {
        match self {
            Weapon::LightSupport => 1,
            Weapon::MediumSupport | Weapon::AtRpg => 2,
            Weapon::Rifle | Weapon::Leader | Weapon::Dependant => 0,
        }
    }

    /// True for support weapons, whose figures double the unit's Optimum Range.
    pub const fn is_support(self) -> bool {
        self.support_dice() > 0
    }

    /// True when the figure takes part in fire combat (fires, and can be hit).
    pub const fn in_firing_line(self) -> bool {
        !matches!(self, Weapon::Dependant)
    }

    /// A short name for cards and reports.
    pub const fn name(self) -> &'static str {
        match self {
            Weapon::Rifle => "Rifle",
            Weapon::LightSupport => "Light support",
            Weapon::MediumSupport => "RPG",
            Weapon::AtRpg => "AT RPG",
            Weapon::Leader => "Leader",
            Weapon::Dependant => "Dependant",
        }
    }

    /// Order in which casualties are proposed: plain riflemen first, then support, leaders last.
    pub const fn casualty_order(self) -> u8 {
        match self {
            Weapon::Rifle => 0,
            Weapon::LightSupport => 1,
            Weapon::MediumSupport => 2,
            Weapon::AtRpg => 3,
            Weapon::Leader => 4,
            Weapon::Dependant => 5,
        }
    }
}

impl fmt::Display for Weapon {
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

/// Stable identifier of a figure within one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FigureId(pub u32);

impl fmt::Display for FigureId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "F{}", self.0)
    }
}

/// How badly a Regular casualty was hurt (the First Aid result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wound {
    /// First Aid 1–2: stays in the firing line.
    Slight,
    /// First Aid 3–4: leaves the firing line and becomes a dependant.
    Moderate,
    /// First Aid 5–6: a dependant, and the unit owes a morale check.
    Serious,
}

impl Wound {
    /// The First Aid result for a d6 face.
    pub const fn from_first_aid(face: u8) -> Wound {
        match face {
            0..=2 => Wound::Slight,
            3 | 4 => Wound::Moderate,
            _ => Wound::Serious,
        }
    }

    /// True when the figure is lost to the firing line.
    pub const fn takes_figure_out(self) -> bool {
        !matches!(self, Wound::Slight)
    }

    /// "slight", "moderate" or "serious".
    pub const fn name(self) -> &'static str {
        match self {
            Wound::Slight => "slight",
            Wound::Moderate => "moderate",
            Wound::Serious => "serious",
        }
    }
}

/// One figure on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// Stable id.
    pub id: FigureId,
    /// Name shown on cards ("Cpl. Ortiz", "Rifleman").
    pub name: String,
    /// What it carries.
    pub weapon: Weapon,
    /// Its own Troop Quality when it differs from the unit's (Insurgent leaders roll d8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tq: Option<Die>,
    /// The weapon it carried before it was wounded and became a dependant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub former_weapon: Option<Weapon>,
    /// The First Aid result, for a wounded Regular.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wound: Option<Wound>,
    /// Free-form tag a scenario uses for victory points (for example "contractor").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

impl Figure {
    /// A figure with no wound, no tag and the unit's Troop Quality.
    pub fn new(id: FigureId, name: impl Into<String>, weapon: Weapon) -> Self {
        Self {
            id,
            name: name.into(),
            weapon,
            tq: None,
            former_weapon: None,
            wound: None,
            tag: None,
        }
    }

    /// True for leaders.
    pub fn is_leader(&self) -> bool {
        self.weapon == Weapon::Leader
    }

    /// True for figures that fire and can be hit.
    pub fn in_firing_line(&self) -> bool {
        self.weapon.in_firing_line()
    }
}

/// How fast a unit moved this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    /// Did not move (also Overwatch).
    Halted,
    /// Up to 6".
    Cautious,
    /// Up to 12".
    Rapid,
}

impl Movement {
    /// "Halted", "Cautious" or "Rapid".
    pub const fn name(self) -> &'static str {
        match self {
            Movement::Halted => "Halted",
            Movement::Cautious => "Cautious",
            Movement::Rapid => "Rapid",
        }
    }

    /// The farthest a unit may move at this speed, in inches at 15mm scale.
    pub const fn max_inches(self) -> u32 {
        match self {
            Movement::Halted => 0,
            Movement::Cautious => 6,
            Movement::Rapid => 12,
        }
    }
}

/// A Regular unit's recovery after a Pull Back result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PullBack {
    /// Normal.
    #[default]
    None,
    /// Forced to pull back this turn.
    PullingBack,
    /// Regrouping this turn: may fire or go on Overwatch, may not move.
    Regrouping,
}

/// Where a unit is with respect to the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum Presence {
    /// On the table, in play.
    #[default]
    OnTable,
    /// Arrived as a reinforcement on a Hot Spot roll of 6; the Insurgent player picks the spot.
    AwaitingHotSpot,
    /// Held back in ambush, not yet on the table.
    InReserve,
    /// Left the table by an edge (escorting dependants off, for instance).
    LeftTable,
    /// Out of the game.
    Eliminated {
        /// Why.
        cause: Elimination,
    },
}

impl Presence {
    /// Where the unit is, in words ("in ambush"); for a unit out of the game, why.
    pub fn words(&self) -> String {
        match self {
            Presence::OnTable => "on the table".to_owned(),
            Presence::AwaitingHotSpot => "waiting for its Hot Spot".to_owned(),
            Presence::InReserve => "in ambush".to_owned(),
            Presence::LeftTable => "left the table".to_owned(),
            Presence::Eliminated { cause } => cause.describe().to_owned(),
        }
    }

    /// True for units that can act and be targeted.
    pub fn is_on_table(&self) -> bool {
        matches!(self, Presence::OnTable)
    }
}

/// Why a unit left play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Elimination {
    /// Every figure was removed.
    NoFiguresLeft,
    /// Its Morale dropped below d6.
    Broken,
    /// It arrived at a neutralized Hot Spot.
    LostAtNeutralizedHotSpot,
    /// An ambush reserve that never arrived.
    NeverArrived,
    /// Its figures joined another unit.
    Merged,
    /// The referee removed it.
    RemovedByReferee,
}

impl Elimination {
    /// Plain words for the cause.
    pub const fn describe(self) -> &'static str {
        match self {
            Elimination::NoFiguresLeft => "no figures left",
            Elimination::Broken => "broken and fled",
            Elimination::LostAtNeutralizedHotSpot => "lost at a neutralized Hot Spot",
            Elimination::NeverArrived => "never arrived from ambush",
            Elimination::Merged => "joined another unit",
            Elimination::RemovedByReferee => "removed by the referee",
        }
    }
}

/// Everything about a unit that changes during play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitStatus {
    /// Movement declared this turn (`None` until it moves or activates).
    pub movement: Option<Movement>,
    /// Movement of the previous turn (for the "stationary last turn" reaction bonus).
    pub last_movement: Option<Movement>,
    /// On Overwatch (Regulars only), until its next activation.
    pub overwatch: bool,
    /// Pinned this turn.
    pub pinned: bool,
    /// Pull Back / Regrouping.
    pub pull_back: PullBack,
    /// Shaken (Insurgents): the turn in which it was shaken. It lasts through the next turn.
    pub shaken_on_turn: Option<u32>,
    /// Hunkered down In Cover.
    pub in_cover: bool,
    /// Regulars: activated (or spent its activation reacting). Insurgents: acted in their phase.
    pub activated: bool,
    /// No further action this turn (a failed Interrupt or Quality check, a leader joining late).
    pub done_for_turn: bool,
    /// May fire but not move this turn (a leader joined before it activated).
    pub fire_only: bool,
    /// Regulars: times interrupted this turn.
    pub times_interrupted: u8,
    /// Insurgents: interrupts made this turn (at most one).
    pub interrupts_made: u8,
    /// Insurgents without a leader: passed the Interrupt or Quality check this turn.
    pub passed_leader_check: bool,
    /// Overwatch fire made this turn.
    pub overwatch_shots: u8,
    /// Fired this turn.
    pub fired: bool,
    /// Lost a figure to fire at some point in the game (Regulars: Quality check to move fast).
    pub has_casualties: bool,
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
    /// Troop Quality die.
    pub tq: Die,
    /// Current Morale die (steps down when Shaken).
    pub morale: Die,
    /// Optimum Range in inches at 15mm scale.
    pub optimum_range: u32,
    /// Armor dice added to Defense.
    pub armor: u8,
    /// Where it stands, in words ("map key 1: by the mosque", "Hot Spot 3").
    pub location: String,
    /// True for units that never act (wounded contractors waiting to be picked up).
    #[serde(default)]
    pub non_combatant: bool,
    /// On the table or not.
    pub presence: Presence,
    /// How it arrives from ambush, while it is held back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambush: Option<crate::scenario::AmbushSetup>,
    /// Statuses.
    pub status: UnitStatus,
}

impl Unit {
    /// True when a leader figure is with the unit.
    pub fn has_leader(&self) -> bool {
        self.figures.iter().any(Figure::is_leader)
    }

    /// True when the unit must pass a leader check (a Quality check) before it may act: it has
    /// no leader and has not passed one this turn.
    pub fn needs_leader_check(&self) -> bool {
        !self.has_leader() && !self.status.passed_leader_check
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
        figure.tq.unwrap_or(self.tq)
    }

    /// The die the unit rolls for Reaction tests and Interrupt and Quality checks: the best
    /// Troop Quality in its firing line (its leader's, when it has one).
    pub fn test_die(&self) -> Die {
        self.firing_line()
            .map(|f| self.figure_die(f))
            .max()
            .unwrap_or(self.tq)
    }

    /// Finds a figure by id.
    pub fn figure(&self, id: FigureId) -> Option<&Figure> {
        self.figures.iter().find(|f| f.id == id)
    }

    /// True while the unit is Shaken (the turn it happened and the whole next turn).
    pub fn is_shaken(&self, turn: u32) -> bool {
        self.status
            .shaken_on_turn
            .is_some_and(|since| turn <= since + 1)
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

/// A status shown on a unit's card and in reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Badge {
    /// Pinned this turn.
    Pinned,
    /// Pulling back this turn.
    PullingBack,
    /// Regrouping (may not move).
    Regrouping,
    /// Shaken.
    Shaken,
    /// Hunkered down In Cover.
    InCover,
    /// On Overwatch.
    Overwatch,
    /// Activated (Regulars) or acted (Insurgents) this turn.
    Activated,
    /// Interrupted this many times this turn.
    Interrupted(u8),
    /// Used its interrupt this turn.
    Interrupting,
    /// Has lost figures: tests to move faster than Cautious.
    HasCasualties,
    /// No further action this turn.
    Done,
    /// May fire but not move this turn.
    FireOnly,
    /// No leader (Insurgents): tests before acting.
    NoLeader,
    /// How it moved this turn.
    Moved(Movement),
}

impl Badge {
    /// The words on the badge.
    pub fn label(&self) -> String {
        match self {
            Badge::Pinned => "Pinned".to_owned(),
            Badge::PullingBack => "Pull Back".to_owned(),
            Badge::Regrouping => "Regrouping".to_owned(),
            Badge::Shaken => "Shaken".to_owned(),
            Badge::InCover => "In Cover".to_owned(),
            Badge::Overwatch => "Overwatch".to_owned(),
            Badge::Activated => "Activated".to_owned(),
            Badge::Interrupted(n) => format!("Interrupted ×{n}"),
            Badge::Interrupting => "Interrupted this turn".to_owned(),
            Badge::HasCasualties => "Has casualties".to_owned(),
            Badge::Done => "Done for the turn".to_owned(),
            Badge::FireOnly => "Fire only".to_owned(),
            Badge::NoLeader => "No leader".to_owned(),
            Badge::Moved(m) => m.name().to_owned(),
        }
    }

    /// True for statuses that hamper the unit (drawn in warning colours).
    pub fn is_bad(&self) -> bool {
        matches!(
            self,
            Badge::Pinned
                | Badge::PullingBack
                | Badge::Regrouping
                | Badge::Shaken
                | Badge::HasCasualties
                | Badge::Done
                | Badge::Interrupted(_)
                | Badge::NoLeader
        )
    }
}

impl Unit {
    /// Its statuses as badges, in a fixed order.
    pub fn badges(&self, turn: u32) -> Vec<Badge> {
        let s = &self.status;
        let mut badges = Vec::new();
        if s.pinned {
            badges.push(Badge::Pinned);
        }
        match s.pull_back {
            PullBack::PullingBack => badges.push(Badge::PullingBack),
            PullBack::Regrouping => badges.push(Badge::Regrouping),
            PullBack::None => {}
        }
        if self.is_shaken(turn) {
            badges.push(Badge::Shaken);
        }
        if s.in_cover {
            badges.push(Badge::InCover);
        }
        if s.overwatch {
            badges.push(Badge::Overwatch);
        }
        if let Some(m) = s.movement {
            badges.push(Badge::Moved(m));
        }
        if s.activated {
            badges.push(Badge::Activated);
        }
        if s.times_interrupted > 0 {
            badges.push(Badge::Interrupted(s.times_interrupted));
        }
        if s.interrupts_made > 0 {
            badges.push(Badge::Interrupting);
        }
        if s.done_for_turn {
            badges.push(Badge::Done);
        }
        if s.fire_only {
            badges.push(Badge::FireOnly);
        }
        if s.has_casualties && self.side == Side::Regular {
            badges.push(Badge::HasCasualties);
        }
        if self.side == Side::Insurgent && !self.has_leader() && !self.non_combatant {
            badges.push(Badge::NoLeader);
        }
        badges
    }
}
