//! The faces of an event's dice in words, each group named for whose dice they are.

use crate::dice::{DiceRole, Rolled};
use crate::game::{Command, Event};
use crate::unit::UnitId;

use super::Sight;

/// Faces of rolled dice, such as "d8: 7 6 5 4 | d6: 5 5 4".
pub fn dice_words(dice: &[Rolled]) -> String {
    dice.iter()
        .filter(|r| !r.faces.is_empty())
        .map(faces_words)
        .collect::<Vec<_>>()
        .join(" | ")
}

/// One group's die and faces: "d8: 7 6 5".
fn faces_words(rolled: &Rolled) -> String {
    let faces: Vec<String> = rolled.faces.iter().map(u8::to_string).collect();
    format!("{}: {}", rolled.die, faces.join(" "))
}

/// An event's dice, each run of groups named for whose they are: "Fireteam Alpha d8: 8 6 1 |
/// Insurgents 1 d6: 5 2". A group whose owner cannot be told (a record older than the groups'
/// names) or whose owner the viewer may not know by name is shown with its die alone.
pub fn event_dice_words(event: &Event, sight: &Sight<'_>) -> String {
    let mut runs: Vec<(Option<String>, Vec<String>)> = Vec::new();
    // The dice of the game's length are the referee's while the length is: their faces would
    // tell the limit rolled, or the end roll kept secret.
    let hidden = |role: Option<DiceRole>| match role {
        Some(DiceRole::TurnLimit) => !sight.knows_turn_limit(),
        Some(DiceRole::EndRoll) => !sight.knows_length(),
        _ => false,
    };
    for rolled in event
        .dice
        .iter()
        .filter(|r| !r.faces.is_empty() && !hidden(r.role))
    {
        let owner = rolled
            .role
            .and_then(|role| owner(&event.command, role, sight));
        let faces = faces_words(rolled);
        match runs.last_mut() {
            Some((last, groups)) if *last == owner && owner.is_some() => groups.push(faces),
            _ => runs.push((owner, vec![faces])),
        }
    }
    runs.into_iter()
        .map(|(owner, groups)| match owner {
            Some(owner) => format!("{owner} {}", groups.join(", ")),
            None => groups.join(" | "),
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Whose dice a group of this command is, in words.
fn owner(command: &Command, role: DiceRole, sight: &Sight<'_>) -> Option<String> {
    let state = sight.game().state();
    let name = |id: &UnitId| {
        state
            .unit(*id)
            .filter(|_| sight.sees(*id))
            .map(|u| u.name.clone())
    };
    match (command, role) {
        (Command::Fire { attacker, .. }, DiceRole::Attack) => name(attacker),
        (Command::Fire { target, .. }, DiceRole::Defense) => name(target),
        (Command::ReactionTest { insurgent, .. }, DiceRole::InsurgentReaction) => name(insurgent),
        (Command::ReactionTest { regular, .. }, DiceRole::RegularReaction) => name(regular),
        (_, DiceRole::Quality | DiceRole::Morale | DiceRole::FirstAid) => {
            command.facts(state).units.first().and_then(name)
        }
        (_, DiceRole::Insurgency) => Some("Insurgency roll".to_owned()),
        (_, DiceRole::Table) => Some("table".to_owned()),
        (_, DiceRole::FigureCount) => Some("figures".to_owned()),
        (_, DiceRole::AntiTank) => Some("AT check".to_owned()),
        (_, DiceRole::Leader) => Some("leader check".to_owned()),
        (_, DiceRole::HotSpot) => Some("Hot Spot".to_owned()),
        (_, DiceRole::Ambush) => Some("ambush".to_owned()),
        (_, DiceRole::TurnLimit) => Some("turn limit".to_owned()),
        (_, DiceRole::EndRoll) => Some("end roll".to_owned()),
        (_, DiceRole::Event) => Some("the scenario's roll".to_owned()),
        _ => None,
    }
}
