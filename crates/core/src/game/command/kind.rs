//! The kinds of event a command makes, as the log's filter groups them.

use serde::Serialize;

/// What kind of event a command makes, as the log's filter groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandKind {
    /// Fire combat.
    Fire,
    /// Reaction tests, Interrupt and Quality checks.
    Tests,
    /// Morale checks.
    Morale,
    /// Casualties and First Aid.
    Casualties,
    /// Activations, moves, joins, leaving the table, In Cover, Hot Spots neutralized.
    Moves,
    /// Reinforcements and ambushes.
    Reinforcements,
    /// Phases, turns, skips, the end of the game.
    Turn,
    /// The solo opponent's notes and decisions, and its markers.
    Notes,
    /// Manual edits, settings, victory points.
    Edits,
}

impl CommandKind {
    /// Every kind, in the order the log's filter offers them.
    pub const ALL: [CommandKind; 9] = [
        CommandKind::Fire,
        CommandKind::Tests,
        CommandKind::Morale,
        CommandKind::Casualties,
        CommandKind::Moves,
        CommandKind::Reinforcements,
        CommandKind::Turn,
        CommandKind::Notes,
        CommandKind::Edits,
    ];

    /// Its name in the log's filter.
    pub const fn name(self) -> &'static str {
        match self {
            CommandKind::Fire => "Fire",
            CommandKind::Tests => "Tests",
            CommandKind::Morale => "Morale",
            CommandKind::Casualties => "Casualties",
            CommandKind::Moves => "Moves",
            CommandKind::Reinforcements => "Reinforcements",
            CommandKind::Turn => "Turn",
            CommandKind::Notes => "Solo notes",
            CommandKind::Edits => "Edits",
        }
    }
}
