//! Where the dice that stay after undo come from: a generator seeded from the game's seed and
//! the roll's place, so an event undone and given again at the same place rolls the same faces.
//!
//! By the rules of version 7 a roll's place is the roll itself: what is rolled (the command,
//! without the table's judgement: modifiers, options weighed, figures chosen), where in the
//! game (the turn, the phase and the unit activating) and which roll of that kind it is among
//! the events in effect. No other roll, note or setting moves it, so undoing the opponent's
//! roll, making any other roll and asking again gives the same faces. Earlier rules placed a
//! roll by how many rolls in effect came before it; their games go on so.
//!
//! Every number here is hashed the same way on every machine and in every build (FNV-1a over
//! bytes, never `std`'s hasher), and only the faces go into the log: a replay never asks how
//! they were drawn.

use serde_json::Value;

use crate::dice::DiceSource;

use super::super::command::{Command, Event};
use super::super::state::GameState;

/// The fields of a command that are the table's judgement or a choice made with the roll, not
/// what is rolled: a fire's and a test's modifiers, a Morale check's modifier and defensible
/// position, the options a decision weighs, the figures First Aid rolls for. Changing them
/// after an undo does not buy a new roll.
const JUDGEMENT: [&str; 5] = ["modifiers", "modifier", "defensible", "options", "figures"];

/// The dice of `command`, placed by the roll itself (rules 7 and later).
pub(super) fn by_the_roll<'e>(
    seed: u64,
    command: &Command,
    state: &GameState,
    applied: impl Iterator<Item = &'e Event>,
) -> DiceSource {
    let what = what_is_rolled(command);
    // Which roll of this kind it is: the same roll made before and still in effect (only the
    // commands of the same kind are written out to compare: a long game holds many others).
    let kind = std::mem::discriminant(command);
    let before = applied
        .filter(|e| std::mem::discriminant(&e.command) == kind)
        .filter(|e| what_is_rolled(&e.command) == what)
        .count() as u64;
    let active = state.active_unit().map_or(0, |u| u64::from(u.0) + 1);
    let place = [
        what,
        u64::from(state.turn()),
        state.phase() as u64,
        active,
        before,
    ];
    DiceSource::placed(seed, fnv(place.iter().flat_map(|n| n.to_le_bytes())))
}

/// What a command rolls for, as a number: the command as the journal writes it, its
/// judgement left out.
fn what_is_rolled(command: &Command) -> u64 {
    let mut value = serde_json::to_value(command).unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut value {
        for field in JUDGEMENT {
            fields.remove(field);
        }
    }
    fnv(value.to_string().into_bytes())
}

/// The dice of `command` placed by how many events in effect rolled dice before it, and by
/// its kind and the units it names (rules 1 to 6).
pub(super) fn by_rolls_before<'e>(
    seed: u64,
    command: &Command,
    state: &GameState,
    applied: impl Iterator<Item = &'e Event>,
) -> DiceSource {
    let rolled = kind_and_units(command, state);
    let rolls = applied
        .filter(|e| e.dice.iter().any(|r| !r.faces.is_empty()))
        .count();
    DiceSource::placed(seed ^ rolled, rolls as u64)
}

/// A number for what a command rolls for by rules 1 to 6: its kind (as the journal names it)
/// and the units it names.
fn kind_and_units(command: &Command, state: &GameState) -> u64 {
    let kind = serde_json::to_value(command)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_owned))
        .unwrap_or_default();
    let units = command.facts(state).units;
    fnv(kind
        .bytes()
        .chain(units.iter().flat_map(|u| u.0.to_le_bytes())))
}

/// FNV-1a over bytes: the same on every machine and in every build.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
