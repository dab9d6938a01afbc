//! A victory item's row: its side, words, count and points, then the buttons that change the
//! count. An item scored once or not at all (a place held at the end, an event that happened)
//! has its two answers; any other item +1 and −1, so the referee may always correct a count,
//! even one the app keeps itself. Each button is a command the gate judges: enabled only when
//! the gate accepts it, saying why not when hovered.

use egui::Ui;

use ambush_core::game::{Command, Game};
use ambush_core::scenario::{VictoryItem, VictoryTrigger};

use super::style::command_button;
use crate::ui::command::UiCommand;

/// Whose question the row answers: the Scenario tab's count, or the questions asked before
/// the game ends (their buttons' names start "At the end: ").
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AwardAsked {
    /// The Scenario tab, at any time.
    Anytime,
    /// Before the game ends.
    AtTheEnd,
}

/// The row of one victory item.
pub fn award_row_ui(
    ui: &mut Ui,
    game: &Game,
    item: &VictoryItem,
    asked: AwardAsked,
    queue: &mut Vec<UiCommand>,
) {
    let count = game
        .state()
        .victory()
        .iter()
        .find(|c| c.item == item.id)
        .map_or(0, |c| c.count);
    ui.horizontal_wrapped(|ui| {
        ui.label(format!(
            "{} — {}: {} × {} = {}",
            item.side,
            item.label_words(),
            count,
            item.points,
            count * item.points
        ));
        for (text, name, delta) in buttons(item, asked) {
            let award = Command::AwardVictory {
                item: item.id.clone(),
                delta,
            };
            command_button(ui, game, text, &name, award, queue);
        }
    });
}

/// Each button's text, its full name (for screen readers and tests) and the change it makes.
fn buttons(item: &VictoryItem, asked: AwardAsked) -> [(&'static str, String, i32); 2] {
    let label = &item.label;
    let (yes, no) = match &item.trigger {
        VictoryTrigger::PlaceHeld { place } => (
            ("Held", format!("{place} is held")),
            ("Not held", format!("{place} is not held")),
        ),
        VictoryTrigger::Manual { once: true } => (
            ("It happened", format!("{label} happened")),
            ("It did not", format!("{label} did not happen")),
        ),
        _ => {
            let (more, less) = match asked {
                AwardAsked::Anytime => ("Award", "Take back"),
                AwardAsked::AtTheEnd => ("award", "take back"),
            };
            (
                ("+1", format!("{more} {label}")),
                ("−1", format!("{less} {label}")),
            )
        }
    };
    let named = |name: String| match asked {
        AwardAsked::Anytime => name,
        AwardAsked::AtTheEnd => format!("At the end: {name}"),
    };
    [(yes.0, named(yes.1), 1), (no.0, named(no.1), -1)]
}
