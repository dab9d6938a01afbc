//! Every fact about a command, in one exhaustive `match`: what the log and the buttons call it,
//! what kind of event it is, which units it names, which units it shows (a hidden unit that
//! does it is revealed first), whether it is a manual edit, whether it may come after the
//! game's end, and whether its dice stay out of the log's words. There is no catch-all arm: a new command does not compile until each fact is
//! given.

use serde::Serialize;

use crate::rules::reinforcements::InsurgencyLevel;
use crate::text::plural;
use crate::unit::UnitId;

use super::super::pending::PendingStep;
use super::super::state::GameState;
use super::{Command, CommandKind, FireContext, QualityPurpose, ReactionKind};

/// The facts of one command, worked out against a state (for the names it uses).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CommandFacts {
    /// What a button and the log call it ("Fireteam Alpha fires at Insurgents 1").
    pub label: String,
    /// The log's kind.
    pub kind: CommandKind,
    /// The units it names, for the log's filter.
    pub units: Vec<UnitId>,
    /// The units that act in it: a unit hidden under a marker shows itself first.
    pub shows: Vec<UnitId>,
    /// A manual edit: the table is the truth, the rules are overruled.
    pub edit: bool,
    /// It may come after the game's end (edits, skips, victory points, settings, notes).
    pub after_the_end: bool,
    /// Its dice are the solo opponent's percentiles, kept out of the log's words: shown as
    /// dice they would tell which markers hide somebody.
    pub secret_dice: bool,
}

impl CommandFacts {
    fn new(kind: CommandKind, label: String, units: &[UnitId]) -> Self {
        Self {
            label,
            kind,
            units: units.to_vec(),
            shows: Vec::new(),
            edit: false,
            after_the_end: false,
            secret_dice: false,
        }
    }

    /// The units that act in it (and so are revealed).
    fn showing(mut self, units: &[UnitId]) -> Self {
        self.shows = units.to_vec();
        self
    }

    /// A manual edit, which may come after the end.
    fn edit(mut self) -> Self {
        self.edit = true;
        self.after_the_end = true;
        self
    }

    /// Its dice are not shown in the log.
    fn secret_dice(mut self) -> Self {
        self.secret_dice = true;
        self
    }

    /// Not an edit, but it may come after the end.
    fn after_the_end(mut self) -> Self {
        self.after_the_end = true;
        self
    }
}

/// A unit's name as the table knows it: its marker's while it is hidden under one (a label
/// shown before the unit acts, on the desk or in a dice prompt, never names it).
fn name(state: &GameState, id: UnitId) -> String {
    match state.unit(id) {
        Some(_) => state.shown_name(id),
        None => id.to_string(),
    }
}

/// The name of the unit a pending step is about, or nothing.
fn pending_unit(state: &GameState, pending: u32) -> String {
    state
        .pending(pending)
        .and_then(|p| p.step.unit())
        .map_or_else(String::new, |u| name(state, u))
}

impl Command {
    /// Every fact about this command; see the module's text. A command answering a step due
    /// names the unit the step is about too.
    pub fn facts(&self, state: &GameState) -> CommandFacts {
        let mut facts = self.own_facts(state);
        if let Some(unit) = self
            .pending_step()
            .and_then(|id| state.pending(id))
            .and_then(|p| p.step.unit())
            && !facts.units.contains(&unit)
        {
            facts.units.push(unit);
        }
        facts
    }

    /// The step due this command answers, if it answers one.
    pub fn pending_step(&self) -> Option<u32> {
        match self {
            Command::TableRoll { pending }
            | Command::Arrival { pending }
            | Command::PlaceArrival { pending, .. }
            | Command::AmbushRoll { pending }
            | Command::AmbushPlacement { pending }
            | Command::ArrivalRoll { pending }
            | Command::EventRoll { pending }
            | Command::RemoveCasualties { pending, .. }
            | Command::FirstAid { pending, .. }
            | Command::SkipPending { pending } => Some(*pending),
            _ => None,
        }
    }

    fn own_facts(&self, state: &GameState) -> CommandFacts {
        use CommandKind as K;
        let n = |id: &UnitId| name(state, *id);
        match self {
            Command::InsurgencyRoll => {
                let label = match state.insurgency {
                    InsurgencyLevel::Automatic => {
                        "Reinforcements arrive (Insurgency Level Automatic)".to_owned()
                    }
                    level => format!("Roll for reinforcements (level {level})"),
                };
                CommandFacts::new(K::Reinforcements, label, &[])
            }
            Command::TableRoll { .. } => CommandFacts::new(
                K::Reinforcements,
                "Roll 2d6 on the reinforcement table".to_owned(),
                &[],
            ),
            Command::Arrival { pending } => {
                let label = match state.pending(*pending).map(|p| &p.step) {
                    Some(PendingStep::Arrival { spec, .. }) => {
                        format!("Roll up the arrival: {}", spec.describe())
                    }
                    _ => "Roll up the arrival and its Hot Spot".to_owned(),
                };
                CommandFacts::new(K::Reinforcements, label, &[])
            }
            Command::PlaceArrival { hot_spot, .. } => CommandFacts::new(
                K::Reinforcements,
                format!("Place at Hot Spot {hot_spot}"),
                &[],
            ),
            Command::AmbushRoll { pending } => CommandFacts::new(
                K::Reinforcements,
                format!("Roll for {} in ambush", pending_unit(state, *pending)),
                &[],
            ),
            Command::ArrivalRoll { pending } => CommandFacts::new(
                K::Reinforcements,
                format!("Roll for {} to arrive", pending_unit(state, *pending)),
                &[],
            ),
            Command::EventRoll { pending } => {
                let label = match state.pending(*pending).map(|p| &p.step) {
                    Some(PendingStep::EventRoll { need, what, .. }) => {
                        format!("The scenario's roll: {what} on {need}+")
                    }
                    _ => "The scenario's roll".to_owned(),
                };
                CommandFacts::new(K::Turn, label, &[])
            }
            Command::AmbushPlacement { .. } => {
                CommandFacts::new(K::Reinforcements, "Roll its Hot Spot".to_owned(), &[])
            }
            Command::StartActivations => {
                CommandFacts::new(K::Turn, "Start Regular activations".to_owned(), &[])
            }
            Command::Activate {
                unit,
                movement,
                overwatch,
            } => {
                let speed = if *overwatch {
                    "Overwatch"
                } else {
                    movement.name()
                };
                CommandFacts::new(K::Moves, format!("Activate {}: {speed}", n(unit)), &[*unit])
            }
            Command::InsurgentAction { unit, movement } => CommandFacts::new(
                K::Moves,
                format!("{} acts: {}", n(unit), movement.name()),
                &[*unit],
            )
            .showing(&[*unit]),
            Command::QualityCheck { unit, purpose } => {
                let label = match purpose {
                    QualityPurpose::Interrupt => {
                        format!("{} tries to interrupt (Interrupt check)", n(unit))
                    }
                    QualityPurpose::ActWithoutLeader => {
                        format!("{}: Quality check to act", n(unit))
                    }
                    QualityPurpose::Other => format!("Quality check for {}", n(unit)),
                };
                CommandFacts::new(K::Tests, label, &[*unit]).showing(&[*unit])
            }
            Command::ReactionTest {
                insurgent,
                regular,
                kind,
                ..
            } => {
                let label = match kind {
                    ReactionKind::InterruptMovement => {
                        format!("{} interrupts {}'s movement", n(insurgent), n(regular))
                    }
                    ReactionKind::InterruptFire => {
                        format!("{} interrupts {}'s fire", n(insurgent), n(regular))
                    }
                    ReactionKind::Overwatch => format!(
                        "{} on Overwatch answers {}'s interruption (Reaction test)",
                        n(regular),
                        n(insurgent)
                    ),
                };
                CommandFacts::new(K::Tests, label, &[*insurgent, *regular]).showing(&[*insurgent])
            }
            Command::DeclareInterrupt {
                insurgent,
                regular,
                kind,
            } => {
                let what = if *kind == ReactionKind::InterruptMovement {
                    "movement"
                } else {
                    "fire"
                };
                CommandFacts::new(
                    K::Tests,
                    format!(
                        "{} will interrupt {}'s {what} (Overwatch may answer first)",
                        n(insurgent),
                        n(regular)
                    ),
                    &[*insurgent, *regular],
                )
                .showing(&[*insurgent])
            }
            Command::Fire {
                attacker,
                target,
                context,
                ..
            } => {
                // An interrupt fire with no interruption is the interrupt given up for a shot
                // at a unit the rules leave open to it (Pinned, or pulling back).
                let sacrificed = *context == FireContext::Interrupt
                    && state.interruption_by(*attacker).is_none()
                    && state.phase == crate::game::state::Phase::RegularActivations;
                let how = match context {
                    FireContext::Interrupt if sacrificed => "sacrifices its interrupt to fire at",
                    FireContext::Activation | FireContext::Interrupt => "fires at",
                    FireContext::Reaction => "reacts: fires at",
                    FireContext::Overwatch => "fires from Overwatch at",
                };
                CommandFacts::new(
                    K::Fire,
                    format!("{} {how} {}", n(attacker), n(target)),
                    &[*attacker, *target],
                )
                .showing(&[*attacker])
            }
            Command::InterruptMove { unit, movement } => CommandFacts::new(
                K::Moves,
                format!("{} interrupts by moving {}", n(unit), movement.name()),
                &[*unit],
            )
            .showing(&[*unit]),
            Command::ReactMove { unit, insurgent } => CommandFacts::new(
                K::Moves,
                format!("{} reacts: moves into cover or out of sight", n(unit)),
                &[*unit, *insurgent],
            ),
            Command::RemoveCasualties { figures, pending } => CommandFacts::new(
                K::Casualties,
                format!(
                    "Remove {} from {}",
                    plural(figures.len(), "casualty", "casualties"),
                    pending_unit(state, *pending)
                ),
                &[],
            ),
            Command::FirstAid { figures, pending } => CommandFacts::new(
                K::Casualties,
                format!(
                    "Roll First Aid for {} from {}",
                    figures.len(),
                    pending_unit(state, *pending)
                ),
                &[],
            ),
            Command::MoraleCheck { unit, .. } => CommandFacts::new(
                K::Morale,
                format!("Roll Morale check for {}", n(unit)),
                &[*unit],
            )
            .showing(&[*unit]),
            Command::DeclareInCover { unit } => {
                CommandFacts::new(K::Moves, format!("{}: declare In Cover", n(unit)), &[*unit])
            }
            Command::NeutralizeHotSpot { hot_spot, unit } => CommandFacts::new(
                K::Moves,
                format!("{} neutralizes Hot Spot {hot_spot}", n(unit)),
                &[*unit],
            ),
            Command::JoinUnit { from, into } => {
                let source = state.unit(*from);
                let captives = source.zip(state.unit(*into)).is_some_and(|(s, t)| {
                    s.non_combatant && s.freed_by == Some(t.side) && s.side != t.side
                });
                if captives {
                    // The freeing unit acts: the seat that answers it is its side's.
                    let label = format!("{} frees {}", n(into), n(from));
                    return CommandFacts::new(K::Moves, label, &[*into, *from])
                        .showing(&[*into, *from]);
                }
                let label = if source.is_some_and(|u| u.cannot_fight()) {
                    format!("{} picks up the {}", n(into), n(from))
                } else {
                    format!("{} joins {}", n(from), n(into))
                };
                CommandFacts::new(K::Moves, label, &[*from, *into]).showing(&[*from, *into])
            }
            Command::DetachLeader { unit, figure } => {
                let who = state
                    .unit(*unit)
                    .and_then(|u| u.figure(*figure))
                    .map_or_else(|| figure.to_string(), |f| f.name.clone());
                // A leader stepping out of a unit under a marker shows where it is: the unit
                // shows itself first, as for anything it does. (The desk never offered it for a
                // hidden unit, so no saved game replays otherwise.)
                CommandFacts::new(K::Moves, format!("{who} leaves {}", n(unit)), &[*unit])
                    .showing(&[*unit])
            }
            Command::LeaveTable { unit, edge } => {
                let label = match edge {
                    Some(edge) => format!("{} leaves by the {edge} edge", n(unit)),
                    None => format!("{} leaves the table", n(unit)),
                };
                CommandFacts::new(K::Moves, label, &[*unit])
            }
            Command::StartInsurgentPhase => {
                CommandFacts::new(K::Turn, "End Regular activations".to_owned(), &[])
            }
            Command::EndTurn => CommandFacts::new(K::Turn, format!("End turn {}", state.turn), &[]),
            Command::SoloNote { unit, .. } => {
                let units: Vec<UnitId> = unit.iter().copied().collect();
                CommandFacts::new(K::Notes, "Note".to_owned(), &units).after_the_end()
            }
            Command::SoloDecide { unit, about, .. } => {
                CommandFacts::new(K::Notes, format!("Solo decision: {about}"), &[*unit])
                    .secret_dice()
            }
            // It names no unit: the marker may hide one.
            Command::MarkerDecide { about, .. } => {
                CommandFacts::new(K::Notes, format!("Solo decision: {about}"), &[]).secret_dice()
            }
            Command::PlaceContacts => {
                CommandFacts::new(K::Notes, "Set the markers".to_owned(), &[]).secret_dice()
            }
            Command::RevealContact { marker } => {
                CommandFacts::new(K::Notes, format!("Marines see contact {marker}"), &[])
            }
            Command::EndGame => CommandFacts::new(K::Turn, "End the game".to_owned(), &[]),
            Command::PlayOn => CommandFacts::new(K::Turn, "Play on".to_owned(), &[]),
            Command::SkipPending { .. } => {
                CommandFacts::new(K::Turn, "Skip".to_owned(), &[]).after_the_end()
            }
            Command::AwardVictory { item, delta } => {
                CommandFacts::new(K::Edits, format!("{delta:+} {item}"), &[]).after_the_end()
            }
            Command::ChangeSettings { .. } => {
                CommandFacts::new(K::Edits, "Change the settings".to_owned(), &[]).after_the_end()
            }
            Command::SetStatus { unit, .. } => {
                CommandFacts::new(K::Edits, format!("Set {}'s statuses", n(unit)), &[*unit]).edit()
            }
            Command::EditUnit { unit, .. } => {
                CommandFacts::new(K::Edits, format!("Edit {}", n(unit)), &[*unit]).edit()
            }
            Command::AddFigure { unit, .. } => {
                CommandFacts::new(K::Edits, format!("Add a figure to {}", n(unit)), &[*unit]).edit()
            }
            Command::RecordKilled { unit, .. } => CommandFacts::new(
                K::Casualties,
                format!("Record a figure of {} killed", n(unit)),
                &[*unit],
            )
            .edit(),
            Command::RemoveFigure { unit, .. } => CommandFacts::new(
                K::Edits,
                format!("Remove a figure from {}", n(unit)),
                &[*unit],
            )
            .edit(),
            Command::SetWeapon { unit, .. } => CommandFacts::new(
                K::Edits,
                format!("Re-arm a figure of {}", n(unit)),
                &[*unit],
            )
            .edit(),
            Command::MoveFigure { to, .. } => {
                CommandFacts::new(K::Edits, format!("Move a figure to {}", n(to)), &[*to]).edit()
            }
            Command::AddUnit { unit } => {
                CommandFacts::new(K::Edits, format!("Add {}", unit.name), &[]).edit()
            }
            Command::SetPresence { unit, .. } => {
                CommandFacts::new(K::Edits, format!("Place {}", n(unit)), &[*unit]).edit()
            }
            Command::SetHotSpot { hot_spot, active } => {
                let now = if *active { "active" } else { "neutralized" };
                CommandFacts::new(K::Edits, format!("Hot Spot {hot_spot} {now}"), &[]).edit()
            }
            Command::SetInsurgencyLevel { level } => {
                CommandFacts::new(K::Edits, format!("Insurgency Level {level}"), &[]).edit()
            }
            Command::SetTurn { turn, phase } => {
                CommandFacts::new(K::Edits, format!("Turn {turn}, {phase}"), &[]).edit()
            }
        }
    }
}
