//! The words on a button for each game command: one place, so a button says the same thing
//! wherever it is drawn.

use crate::game::{Command, FireContext, GameState, QualityPurpose, ReactionKind};
use crate::unit::{Movement, UnitId};

fn name(state: &GameState, id: UnitId) -> String {
    state
        .unit(id)
        .map_or_else(|| id.to_string(), |u| u.name.clone())
}

/// The words for a command, as a button says it.
pub fn command_label(state: &GameState, command: &Command) -> String {
    match command {
        Command::InsurgencyRoll => match state.insurgency {
            crate::rules::reinforcements::InsurgencyLevel::Automatic => {
                "Reinforcements arrive (Insurgency Level Automatic)".to_owned()
            }
            level => format!("Roll for reinforcements (level {level})"),
        },
        Command::TableRoll { .. } => "Roll 2d6 on the reinforcement table".to_owned(),
        Command::Arrival { .. } => "Roll up the arrival and its Hot Spot".to_owned(),
        Command::PlaceArrival { hot_spot, .. } => format!("Place at Hot Spot {hot_spot}"),
        Command::AmbushRoll { pending } => {
            let unit = state.pending(*pending).and_then(|p| p.step.unit());
            format!(
                "Roll for {} in ambush",
                unit.map_or_else(String::new, |u| name(state, u))
            )
        }
        Command::AmbushPlacement { .. } => "Roll its Hot Spot".to_owned(),
        Command::StartActivations => "Start Regular activations".to_owned(),
        Command::Activate {
            unit,
            movement,
            overwatch,
        } => {
            if *overwatch {
                format!("Activate {}: Overwatch", name(state, *unit))
            } else {
                format!("Activate {}: {}", name(state, *unit), movement.name())
            }
        }
        Command::InsurgentAction { unit, movement } => {
            format!("{} acts: {}", name(state, *unit), movement.name())
        }
        Command::QualityCheck { unit, purpose } => match purpose {
            QualityPurpose::Interrupt => {
                format!(
                    "{} tries to interrupt (Interrupt check)",
                    name(state, *unit)
                )
            }
            QualityPurpose::ActWithoutLeader => {
                format!("{}: Quality check to act", name(state, *unit))
            }
            QualityPurpose::Other => format!("Quality check for {}", name(state, *unit)),
        },
        Command::ReactionTest {
            insurgent,
            regular,
            kind,
            ..
        } => match kind {
            ReactionKind::InterruptMovement => format!(
                "{} interrupts {}'s movement",
                name(state, *insurgent),
                name(state, *regular)
            ),
            ReactionKind::InterruptFire => format!(
                "{} interrupts {}'s fire",
                name(state, *insurgent),
                name(state, *regular)
            ),
            ReactionKind::Overwatch => format!(
                "{} on Overwatch answers {}'s interruption (Reaction test)",
                name(state, *regular),
                name(state, *insurgent)
            ),
        },
        Command::Fire {
            attacker,
            target,
            context,
            ..
        } => {
            let how = match context {
                FireContext::Activation => "fires at",
                FireContext::Interrupt => "fires at",
                FireContext::Reaction => "reacts: fires at",
                FireContext::Overwatch => "fires from Overwatch at",
            };
            format!("{} {how} {}", name(state, *attacker), name(state, *target))
        }
        Command::InterruptMove { unit, movement } => {
            format!(
                "{} interrupts by moving {}",
                name(state, *unit),
                movement.name()
            )
        }
        Command::ReactMove { unit, .. } => {
            format!(
                "{} reacts: moves into cover or out of sight",
                name(state, *unit)
            )
        }
        Command::RemoveCasualties { figures, pending } => {
            let unit = state.pending(*pending).and_then(|p| p.step.unit());
            format!(
                "Remove {} from {}",
                crate::text::plural(figures.len(), "casualty", "casualties"),
                unit.map_or_else(String::new, |u| name(state, u))
            )
        }
        Command::FirstAid { figures, pending } => {
            let unit = state.pending(*pending).and_then(|p| p.step.unit());
            format!(
                "Roll First Aid for {} from {}",
                figures.len(),
                unit.map_or_else(String::new, |u| name(state, u))
            )
        }
        Command::MoraleCheck { unit, .. } => {
            format!("Roll Morale check for {}", name(state, *unit))
        }
        Command::DeclareInCover { unit } => format!("{}: declare In Cover", name(state, *unit)),
        Command::NeutralizeHotSpot { hot_spot, unit } => {
            format!("{} neutralizes Hot Spot {hot_spot}", name(state, *unit))
        }
        Command::JoinUnit { from, into } => {
            if state.unit(*from).is_some_and(|u| u.cannot_fight()) {
                format!("{} picks up the {}", name(state, *into), name(state, *from))
            } else {
                format!("{} joins {}", name(state, *from), name(state, *into))
            }
        }
        Command::DetachLeader { unit, figure } => {
            let who = state
                .unit(*unit)
                .and_then(|u| u.figure(*figure))
                .map_or_else(|| figure.to_string(), |f| f.name.clone());
            format!("{who} leaves {}", name(state, *unit))
        }
        Command::LeaveTable { unit, edge } => match edge {
            Some(edge) => format!("{} leaves by the {edge} edge", name(state, *unit)),
            None => format!("{} leaves the table", name(state, *unit)),
        },
        Command::StartInsurgentPhase => "End Regular activations".to_owned(),
        Command::EndTurn => format!("End turn {}", state.turn),
        Command::SoloNote { .. } => "Note".to_owned(),
        Command::SoloDecide { about, .. } => format!("Solo decision: {about}"),
        Command::PlaceContacts => "Set the markers".to_owned(),
        Command::RevealContact { marker } => format!("Marines see contact {marker}"),
        Command::EndGame => "End the game".to_owned(),
        Command::PlayOn => "Play on".to_owned(),
        Command::SkipPending { .. } => "Skip".to_owned(),
        Command::AwardVictory { item, delta } => format!("{delta:+} {item}"),
        Command::ChangeSettings { .. } => "Change the settings".to_owned(),
        Command::SetStatus { unit, .. } => format!("Set {}'s statuses", name(state, *unit)),
        Command::EditUnit { unit, .. } => format!("Edit {}", name(state, *unit)),
        Command::AddFigure { unit, .. } => format!("Add a figure to {}", name(state, *unit)),
        Command::RecordKilled { unit, .. } => {
            format!("Record a figure of {} killed", name(state, *unit))
        }
        Command::RemoveFigure { unit, .. } => {
            format!("Remove a figure from {}", name(state, *unit))
        }
        Command::SetWeapon { unit, .. } => format!("Re-arm a figure of {}", name(state, *unit)),
        Command::MoveFigure { to, .. } => format!("Move a figure to {}", name(state, *to)),
        Command::AddUnit { unit } => format!("Add {}", unit.name),
        Command::SetPresence { unit, .. } => format!("Place {}", name(state, *unit)),
        Command::SetHotSpot { hot_spot, active } => {
            format!(
                "Hot Spot {hot_spot} {}",
                if *active { "active" } else { "neutralized" }
            )
        }
        Command::SetInsurgencyLevel { level } => format!("Insurgency Level {level}"),
        Command::SetTurn { turn, phase } => format!("Turn {turn}, {phase}"),
    }
}

/// The words for a speed on a small button.
pub fn speed(movement: Movement, overwatch: bool) -> &'static str {
    if overwatch {
        "Overwatch"
    } else {
        movement.name()
    }
}
