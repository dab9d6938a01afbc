//! The words of the game: what is due, where the turn stands, and what each event did.

mod length;

use crate::dice::Face;
use crate::rules::checks::ReactionResult;
use crate::rules::fire::Pool;
use crate::rules::reinforcements::{ArrivalRoll, InsurgencyLevel, TableRow};
use crate::scenario::Scenario;
use crate::text::plural;
use crate::unit::{Figure, Movement, Side, UnitId, Weapon};

use super::command::{FireContext, QualityPurpose, ReactionKind};
use super::pending::PendingStep;
use super::state::{GameState, Phase};

/// Figures in words with counts: "3× Gunman, RPG gunner".
pub fn name_counts<'a>(figures: impl Iterator<Item = &'a Figure>) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for figure in figures {
        match counts.iter_mut().find(|(n, _)| *n == figure.name) {
            Some((_, c)) => *c += 1,
            None => counts.push((&figure.name, 1)),
        }
    }
    counts
        .iter()
        .map(|(n, c)| {
            if *c == 1 {
                (*n).to_owned()
            } else {
                format!("{c}× {n}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "2 successes, 1 failure".
pub fn tally(successes: usize, failures: usize) -> String {
    format!(
        "{}, {}",
        plural(successes, "success", "successes"),
        plural(failures, "failure", "failures")
    )
}

impl GameState {
    pub(super) fn name_of(&self, id: UnitId) -> String {
        self.unit(id)
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    }

    /// Plain words for a pending step.
    pub fn describe_pending(&self, step: &PendingStep) -> String {
        match step {
            PendingStep::InsurgencyRoll => match self.insurgency {
                InsurgencyLevel::Automatic => {
                    "Insurgency Level Automatic: reinforcements arrive".to_owned()
                }
                InsurgencyLevel::Level(_) => {
                    format!("Insurgency roll (level {})", self.insurgency)
                }
            },
            PendingStep::TableRoll => "Roll 2d6 on the reinforcement table".to_owned(),
            PendingStep::EventRoll { need, what, .. } => {
                format!("The scenario's roll: {what} on {need}+")
            }
            PendingStep::Arrival { spec, .. } => {
                format!("Arrival: {} — roll it up and its Hot Spot", spec.describe())
            }
            PendingStep::HotSpotChoice { unit } => {
                format!(
                    "{} arrived on a 6: choose its Hot Spot",
                    self.name_of(*unit)
                )
            }
            PendingStep::Casualties { unit, count } => {
                let what = if self.unit(*unit).is_some_and(|u| u.side == Side::Regular) {
                    "roll First Aid for"
                } else {
                    "remove"
                };
                format!(
                    "{}: {what} {}",
                    self.name_of(*unit),
                    plural(*count as usize, "casualty", "casualties")
                )
            }
            PendingStep::AmbushRoll { unit } => {
                let need = self
                    .unit(*unit)
                    .and_then(|u| u.ambush.as_ref())
                    .map_or(3, |a| a.arrives_on);
                format!(
                    "{} in ambush: roll a d6, arrives on {need}+",
                    self.name_of(*unit)
                )
            }
            PendingStep::ArrivalRoll { unit } => {
                let terms = self
                    .unit(*unit)
                    .and_then(|u| u.arrives.as_ref())
                    .and_then(|a| a.arrives_on.map(|need| (need, a.at.clone())));
                match terms {
                    Some((need, at)) => format!(
                        "{}: roll a d6, arrives at {at} on {need}+",
                        self.name_of(*unit)
                    ),
                    None => format!("{}: roll to arrive", self.name_of(*unit)),
                }
            }
            PendingStep::AmbushPlacement { unit } => {
                format!(
                    "{} arrives from ambush: roll its Hot Spot",
                    self.name_of(*unit)
                )
            }
            PendingStep::MoraleCheck { unit, reason } => {
                format!(
                    "Morale check for {} ({})",
                    self.name_of(*unit),
                    reason.describe()
                )
            }
        }
    }

    /// The Hot Spots in words: "1 active, 2 neutralized, 3 wakes on turn 4".
    pub fn hot_spots_words(&self, scenario: &Scenario, separator: &str) -> String {
        self.hot_spots
            .iter()
            .map(|h| format!("{} {}", h.number, self.hot_spot_words(scenario, h.number)))
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// Where a Hot Spot stands, in words: "active", "neutralized", or, for one the scenario
    /// wakes on a later turn, "wakes on turn 4" (it is not active yet, and nothing put it out).
    pub fn hot_spot_words(&self, scenario: &Scenario, number: u8) -> String {
        let Some(spot) = self.hot_spots.iter().find(|h| h.number == number) else {
            return "not in this scenario".to_owned();
        };
        if spot.active {
            return "active".to_owned();
        }
        let wakes = scenario.events.iter().find(|e| {
            e.on_a_set_turn()
                && e.turn > self.turn
                && self.phase != Phase::GameOver
                && e.change
                    == crate::scenario::TimedChange::HotSpot {
                        number,
                        active: true,
                    }
        });
        match wakes {
            Some(event) => format!("wakes on turn {}", event.turn),
            None => "neutralized".to_owned(),
        }
    }

    /// "Turn 3 — Regular activations, 2 of 3 done".
    pub fn headline(&self) -> String {
        if let Some(reason) = &self.end_proposed {
            return format!("The game ends: {}", reason.describe());
        }
        match self.phase {
            Phase::RegularActivations => {
                let (done, total) = self.regular_activations();
                match self
                    .active_unit
                    .and_then(|a| self.unit(a))
                    .filter(|u| u.in_play())
                {
                    // The unit activating is not done yet.
                    Some(active) => format!(
                        "Turn {} — {} activating, {} of {total} done",
                        self.turn,
                        active.name,
                        done.saturating_sub(1)
                    ),
                    None => format!(
                        "Turn {} — {}, {done} of {total} done",
                        self.turn, self.phase
                    ),
                }
            }
            Phase::InsurgentActions => {
                // A marker counts as one, whatever it hides, until it has decided its orders.
                // Captives held by the Insurgents (version 4) never act.
                let waiting = self
                    .units_seen(Side::Insurgent)
                    .filter(|u| u.fights() && u.yet_to_act())
                    .count()
                    + self
                        .markers_on_table()
                        .filter(|c| !self.marker_decided(&c.marker, super::solo::ORDERS))
                        .count();
                format!(
                    "Turn {} — {}, {waiting} still to act",
                    self.turn, self.phase
                )
            }
            Phase::GameOver => format!("Game over after turn {}", self.turn),
            _ => format!("Turn {} — {}", self.turn, self.phase),
        }
    }

    /// The score so far: "Victory points so far: Regulars 10, Insurgents 3"; once the game is
    /// over, with who won.
    pub fn standing(&self, scenario: &Scenario) -> String {
        if self.phase == Phase::GameOver {
            return self.final_score(scenario);
        }
        let (regular, insurgent) = self.victory_points(scenario);
        format!("Victory points so far: Regulars {regular}, Insurgents {insurgent}")
    }

    /// "Regulars 10, Insurgents 3 — the Regulars win".
    pub fn final_score(&self, scenario: &Scenario) -> String {
        let (regular, insurgent) = self.victory_points(scenario);
        let more = match regular.cmp(&insurgent) {
            std::cmp::Ordering::Greater => "the Regulars win",
            std::cmp::Ordering::Less => "the Insurgents win",
            std::cmp::Ordering::Equal => "a draw",
        };
        let points = |side: Side| match side {
            Side::Regular => regular,
            Side::Insurgent => insurgent,
        };
        // The scenario's thresholds, the first reached first; without any, more points win.
        let verdict = if scenario.thresholds.is_empty() {
            more.to_owned()
        } else {
            match scenario
                .thresholds
                .iter()
                .find(|t| points(t.side) >= i64::from(t.points))
            {
                Some(t) => {
                    let unit = if t.points.abs() == 1 {
                        "point"
                    } else {
                        "points"
                    };
                    format!("{} (the {}s reached {} {unit})", t.label, t.side, t.points)
                }
                None => format!("no side reached a threshold of the scenario: {more}"),
            }
        };
        format!("Regulars {regular}, Insurgents {insurgent} — {verdict}")
    }
}

/// The Insurgency roll.
pub(super) fn insurgency_roll(level: InsurgencyLevel, face: Option<Face>, comes: bool) -> String {
    match (face, comes) {
        (None, _) => "Insurgency Level Automatic: reinforcements arrive".to_owned(),
        (Some(f), true) => format!("Insurgency roll {f} (level {level}): reinforcements arrive"),
        (Some(f), false) => format!("Insurgency roll {f} (level {level}): no reinforcements"),
    }
}

/// A roll on the reinforcement table.
pub(super) fn table_roll(total: u8, row: &TableRow) -> String {
    let described: Vec<String> = row.units.iter().map(|s| s.describe()).collect();
    format!("Reinforcement table {total}: {}", row.words(&described))
}

/// The name of an arriving figure.
pub(super) fn arrival_figure(weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::Rifle => "Gunman",
        Weapon::LightSupport => "LMG gunner",
        Weapon::MediumSupport => "RPG gunner",
        Weapon::AtRpg => "AT RPG gunner",
        Weapon::Leader => "Leader",
        Weapon::Dependant => "Dependant",
    }
}

/// An arriving unit: "Insurgents R1 (3 Rifle): arrives at Hot Spot 2; 1 AT RPG".
pub(super) fn arrival(head: &str, placed: &str, roll: &ArrivalRoll) -> String {
    let mut summary = format!("{head}: {placed}");
    if roll.gained_leader {
        summary.push_str("; leader check 1: one figure is a leader");
    }
    if roll.at_rpgs > 0 {
        summary.push_str(&format!("; {} AT RPG", roll.at_rpgs));
    }
    summary
}

/// A Regular unit activating.
pub(super) fn activated(name: &str, movement: Movement, overwatch: bool) -> String {
    if overwatch {
        format!("{name} activates and goes on Overwatch")
    } else {
        format!("{name} activates: {}", movement.name())
    }
}

/// The Quality check of a unit with casualties that wants to move Rapid.
pub(super) fn rapid_check(name: &str, passed: bool, total: i32) -> String {
    if passed {
        format!("{name} passes its Quality check ({total}) and moves Rapid")
    } else {
        format!(
            "{name} fails its Quality check ({total}): it has casualties and may move Cautiously at most"
        )
    }
}

/// A leaderless Insurgent unit failing the check for its own action.
pub(super) fn action_check_failed(name: &str) -> String {
    format!("{name} has no leader and fails its Quality check: no action this turn")
}

/// An Insurgent unit's own action.
pub(super) fn insurgent_acts(
    name: &str,
    movement: Movement,
    checked: bool,
    shaken: bool,
) -> String {
    let mut s = if checked {
        format!(
            "{name} passes its Quality check and acts: {}",
            movement.name()
        )
    } else {
        format!("{name} acts: {}", movement.name())
    };
    if shaken {
        s.push_str(" (Shaken: it can do nothing but withdraw from the enemy)");
    }
    s
}

/// A Quality check.
pub(super) fn quality_check(
    name: &str,
    purpose: QualityPurpose,
    total: i32,
    passed: bool,
) -> String {
    let what = match purpose {
        QualityPurpose::ActWithoutLeader => "Quality check to act without a leader",
        QualityPurpose::Interrupt => "Interrupt check",
        QualityPurpose::Other => "Quality check",
    };
    let verdict = if passed { "passed" } else { "failed" };
    format!("{name}: {what} {total} — {verdict}")
}

/// A Reaction test.
pub(super) fn interrupt_declared(ins: &str, reg: &str, kind: ReactionKind) -> String {
    let what = if kind == ReactionKind::InterruptMovement {
        "movement"
    } else {
        "fire"
    };
    format!(
        "{ins} interrupts {reg}'s {what}: units on Overwatch that see it may answer now, before {reg}'s Reaction test"
    )
}

pub(super) fn reaction(
    ins: &str,
    reg: &str,
    kind: ReactionKind,
    result: &ReactionResult,
) -> String {
    let (i, r) = (result.insurgent_total, result.regular_total);
    let what = match kind {
        ReactionKind::InterruptMovement => "movement",
        ReactionKind::InterruptFire => "fire",
        ReactionKind::Overwatch => "interruption",
    };
    match (kind, result.insurgent_first) {
        (ReactionKind::Overwatch, true) => {
            format!("Reaction {ins} {i} vs {reg} {r}: the Insurgents act before the Overwatch fire")
        }
        (ReactionKind::Overwatch, false) => {
            format!("Reaction {ins} {i} vs {reg} {r}: the Overwatch fire comes first")
        }
        (_, true) => format!(
            "{ins} interrupts {reg}'s {what}: {i} vs {r} — the Insurgents act first; then {reg} may return fire"
        ),
        (_, false) => format!(
            "{ins} interrupts {reg}'s {what}: {i} vs {r} — {reg} reacts first (fire, or get into cover or out of sight)"
        ),
    }
}

/// A fire combat.
pub(super) fn fire(
    attacker: &str,
    context: FireContext,
    target: &str,
    firepower: &Pool,
    defense: &Pool,
    casualties: usize,
) -> String {
    let how = match context {
        FireContext::Activation => "fires on",
        FireContext::Interrupt => "interrupts with fire on",
        FireContext::Reaction => "reacts with fire on",
        FireContext::Overwatch => "fires from Overwatch on",
    };
    format!(
        "{attacker} {how} {target}: {} against {}, {}",
        firepower.notation(),
        defense.notation(),
        plural(casualties, "casualty", "casualties")
    )
}
