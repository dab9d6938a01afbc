//! What the panels ask for. Panels only read the game and push these; the app applies them
//! once, after the frame.

use std::path::PathBuf;

use ambush_core::game::Command;
use ambush_core::scenario::check::LoadedScenario;
use ambush_core::solo::plan::Step;
use ambush_core::unit::UnitId;

use super::Tab;

/// How a solo game starts: the opponent's difficulty, and whether it keeps its reasoning
/// hidden until the game is over. Remembered between runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SoloStart {
    /// How sharp the opponent is.
    pub difficulty: ambush_core::game::SoloDifficulty,
    /// It keeps its reasoning out of sight until the game is over.
    pub reasoning_hidden: bool,
}

/// A request from a panel.
#[derive(Debug)]
pub enum UiCommand {
    /// Play a game command, rolling the dice it needs (or asking for physical dice).
    Play(Command),
    /// Play commands one after the other, each once the one before it is applied and only if
    /// the gate still allows it (an Interrupt check, then the Reaction test it opens).
    PlaySeries(Vec<Command>),
    /// Play a command the solo opponent decided on (a failure pauses it).
    SoloPlay(Command),
    /// Add steps to the solo opponent's plan, as the player asked it to act; it may move again.
    Plan(Vec<Step>),
    /// What a button of the solo opponent's panel does: an answer given, steps for its plan,
    /// its answer to an activation, or the player's own command.
    Solo(ambush_core::solo::panel::Act),
    /// Play a game command with faces typed from physical dice, one list per dice group.
    PlayTyped(Command, Vec<Vec<u8>>),
    /// Undo the last event.
    Undo,
    /// Redo the last undone event.
    Redo,
    /// Start a new game of a scenario: for two, or solo (the app commands the Insurgents) with
    /// the opponent's settings chosen on the start screen.
    NewGame(Box<LoadedScenario>, Option<SoloStart>),
    /// Go on with the autosaved game.
    ResumeAutosave,
    /// Look at the game another window is playing, without playing or writing anything.
    LookReadOnly,
    /// Use another data folder (the one given is held by another window, or unusable).
    UseDataFolder(PathBuf),
    /// The answer to the question the app asked: yes or no.
    Answer(bool),
    /// Choose a scenario or saved game to open with the file dialog.
    OpenDialog,
    /// Open a scenario or saved game from a path.
    OpenPath(PathBuf),
    /// Choose a scenario with the file dialog and start it as a solo game.
    OpenSoloDialog,
    /// Start the scenario at a path as a solo game.
    OpenSoloPath(PathBuf),
    /// Save to the last place saved, or ask where.
    Save,
    /// Choose where to save with the file dialog.
    SaveAsDialog,
    /// Save the game to a path.
    SaveAsPath(PathBuf),
    /// Choose where to export the after-action report.
    ExportDialog,
    /// Export the after-action report (Markdown) to a path.
    ExportPath(PathBuf),
    /// Write the whole game again to the autosave's place, after its file or folder was found
    /// gone.
    WriteAgain,
    /// Leave the game (it stays in the autosave) and show the start screen.
    CloseGame,
    /// Switch physical-dice mode.
    SetPhysicalDice(bool),
    /// Show a tab of the desk.
    ShowTab(Tab),
    /// Open the fire panel with this unit firing.
    FireFrom(UnitId),
    /// Open the fire panel with this unit as the target.
    FireAt(UnitId),
    /// Open the tests panel for this unit's Morale check.
    MoraleFor(UnitId),
    /// Open the edit panel on this unit.
    EditUnit(UnitId),
    /// Forget the message shown at the top.
    DismissMessage,
    /// Fold the log to one line (true) or unfold it.
    FoldLog(bool),
    /// Open the table to phones (on the address given), or close it.
    Phones(Option<std::net::SocketAddr>),
    /// Fold the table's links to one line, or unfold them.
    FoldTable(bool),
    /// The links name this address of the computer's.
    ChooseHost(std::net::IpAddr),
}
