//! Where the game is, in words: what a message says when a save fails, so the referee knows
//! whether anything would be lost by closing the app.

use crate::text::plural;

use super::{SaveState, Session};

impl Session {
    /// Where every entry of the game is right now, as a sentence: in the autosave (named), or
    /// how many entries are only in memory and why.
    pub fn where_the_game_is(&self) -> String {
        let entries = |n: usize| plural(n, "entry", "entries");
        match self.save_state() {
            SaveState::Saved { entries: n } => format!(
                "{} of the game {} in the autosave, {}",
                if n == 1 {
                    "The one entry".to_owned()
                } else {
                    format!("All {}", entries(n))
                },
                if n == 1 { "is" } else { "are" },
                self.journal_path()
                    .map_or_else(String::new, |p| p.display().to_string())
            ),
            SaveState::Failing {
                unsaved,
                nothing_on_disk: true,
                ..
            } => format!(
                "None of the game is on disk: every entry ({unsaved}) is only in memory, so keep the app open"
            ),
            SaveState::Failing { unsaved, .. } => format!(
                "{} of the game {} only in memory, not yet in the autosave, so keep the app open",
                crate::text::capitalized(&entries(unsaved)),
                if unsaved == 1 { "is" } else { "are" }
            ),
            SaveState::Gone { entries: n, .. } => format!(
                "The autosave is gone: every entry of the game ({n}) is only in memory, so keep the app open"
            ),
            SaveState::Copying { unsaved } => format!(
                "The game is being copied into the autosave; {} only in memory until it is there",
                entries(unsaved)
            ),
            SaveState::NotAutosaved => {
                "The game has no autosave: it is only in memory, so keep the app open".to_owned()
            }
            SaveState::ReadOnly => {
                "This is a look at a game open in another window: it is saved there".to_owned()
            }
        }
    }
}
