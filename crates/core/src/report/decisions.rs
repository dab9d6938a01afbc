//! The solo opponent in a report: its settings, and every decision it rolled for, those undone
//! included, told as the table knows them: a decision made under a marker still on the table
//! is told by the marker's name and what it took, nothing more, until the marker is revealed
//! or the game is over.

use crate::game::{Detail, Game, SoloDecision};
use crate::unit::Side;
use crate::view::{Sight, Viewer};

/// Whether a report tells what only the game knows: what the markers hide, and the dice that
/// put the units under them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reveal {
    /// As the table knows it: a unit under a marker is shown as its marker until the marker is
    /// revealed or the game is over.
    #[default]
    AsTheTableKnows,
    /// Everything, for the referee who asks for it (`report --reveal`).
    Everything,
}

impl Reveal {
    /// Who the report is for: the table, or the referee who asked for everything.
    pub const fn viewer(self) -> Viewer {
        match self {
            Reveal::AsTheTableKnows => Viewer::Table,
            Reveal::Everything => Viewer::Everything,
        }
    }

    /// What the report may tell of this game.
    pub fn sight(self, game: &Game) -> Sight<'_> {
        Sight::new(game, self.viewer())
    }

    /// True when this report keeps back what the markers still on the table hide.
    pub fn conceals(self, game: &Game) -> bool {
        !self.sight(game).knows_secrets_of(Side::Insurgent)
    }
}

/// "Solo opponent: Veteran, its reasoning shown", or none in a game for two.
pub fn settings_line(game: &Game) -> Option<String> {
    game.state()
        .settings()
        .solo_words()
        .map(|words| format!("Solo opponent: {words}"))
}

/// Every decision the solo opponent rolled for, in the order they were made, undone ones
/// included, with whether each is still in effect.
fn all_decisions(game: &Game) -> Vec<(&SoloDecision, bool)> {
    (0..game.event_count())
        .filter_map(|n| match game.outcome(n).map(|o| &o.detail) {
            Some(Detail::Decision(d)) => Some((&**d, game.in_effect(n))),
            _ => None,
        })
        .collect()
}

/// Each decision the solo opponent made by a weighed roll, one line each: what it took, with its
/// chance and odds, and the best option it passed over; an undone one says so. None when there
/// are none; one line saying how many while the reasoning is kept hidden until the end.
pub(super) fn lines(sight: &Sight<'_>) -> Vec<String> {
    let game = sight.game();
    let state = game.state();
    let decisions = all_decisions(game);
    if decisions.is_empty() {
        return Vec::new();
    }
    let conceals = !sight.knows_secrets_of(Side::Insurgent);
    let undone = decisions.iter().filter(|(_, in_effect)| !in_effect).count();
    if state.settings().doctrine_hidden && conceals {
        let undone = if undone > 0 {
            format!(" ({undone} of them undone)")
        } else {
            String::new()
        };
        return vec![format!(
            "{} decisions{undone}, kept hidden until the game is over",
            decisions.len()
        )];
    }
    decisions
        .into_iter()
        .map(|(d, in_effect)| {
            let mut line = line(sight, d, in_effect);
            if !in_effect {
                line.push_str(" (undone)");
            }
            line
        })
        .collect()
}

/// One decision in words.
fn line(sight: &Sight<'_>, d: &SoloDecision, in_effect: bool) -> String {
    let state = sight.game().state();
    let taken_words = d.taken().map_or("", |o| o.words.as_str());
    if let Some(contact) = d.kept_back_by(state, !sight.conceals_markers()) {
        // The table knows the marker, and what it did; not what it weighed. Undone, what it
        // chose is no longer seen on the table: nothing of it is told.
        if !in_effect {
            return format!("Turn {}, {}, {}", d.turn, contact.name(), d.about);
        }
        return format!(
            "Turn {}, {}, {}: {taken_words}",
            d.turn,
            contact.name(),
            d.about
        );
    }
    let under_marker = d
        .marker
        .as_ref()
        .and_then(|m| state.contacts().iter().find(|c| &c.marker == m));
    let name = match (d.unit.and_then(|u| state.unit(u)), under_marker) {
        (Some(unit), Some(contact)) => format!("{} ({})", unit.name, contact.name()),
        (Some(unit), None) => unit.name.clone(),
        (None, Some(contact)) => format!("{}, which hid nothing", contact.name()),
        (None, None) => "?".to_owned(),
    };
    let roll = d
        .roll
        .map_or_else(|| "certain".to_owned(), |r| format!("rolled {r}"));
    let taken = d.taken().map_or_else(String::new, |o| {
        format!("{} ({}%, {roll}; {})", o.words, o.percent, o.odds)
    });
    let passed = d.passed_over().map_or_else(
        || "no other option".to_owned(),
        |o| format!("best passed over: {} ({}%; {})", o.words, o.percent, o.odds),
    );
    format!("Turn {}, {name}, {}: {taken}; {passed}", d.turn, d.about)
}
