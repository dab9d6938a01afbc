//! What each seat at the table may see, in one place: [`Sight`], the one owner of secrecy
//! (which units a viewer may know of, by what name, which lines of the log it may read, the
//! turn limit as it may know it); [`TableView`], the game as one seat may see it, as plain
//! data (units on their cards, who may still activate, the unit acting, what is due, the last
//! event); and the words of an event's dice as a viewer reads them.
//! The desk, the table screen, every phone seat and the reports ask it; none of them decides
//! a secret.

mod dice;
mod fire;
mod sight;
mod table;

use serde::{Deserialize, Serialize};

pub use dice::{dice_words, event_dice_words};
pub use fire::{JudgedFire, NoDie, judge_fire, judged_modifiers};
pub use sight::{GroupWords, Line, NOTES_SHOWN, Sight, TurnNotes, is_secret, out_of_sight};
pub use table::{Activations, BadgeWords, MarkerCard, TableView, UnitCard};

/// Who looks at the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The desk: the referee's in a game for two, who knows everything; the player's in a
    /// solo game, who knows what the Regular player may (and the scenario's notes for the
    /// referee, being their own referee).
    Desk,
    /// The Regular player's phone.
    Regular,
    /// The Insurgent player's phone.
    Insurgent,
    /// What every player sees: the table screen, the phones' Table view, the reports.
    Table,
    /// Everything, for the referee who asks for it (`report --reveal`).
    Everything,
}
