//! Before the game ends: the items of the scenario only the referee can judge (a place held at
//! the end, an item the referee awards), each with its count and the buttons that change it,
//! then the end itself. Each answer is a logged award, as on the Scenario tab.

use egui::RichText;

use ambush_core::game::{Command, Game};

use super::AssistantApp;
use crate::ui::command::UiCommand;
use crate::ui::widgets::award::{AwardAsked, award_row_ui};
use crate::ui::widgets::paged::{self, Pages};

impl AssistantApp {
    /// True when ending the game asks the referee first: the gate allows the end and its
    /// scenario has items only the referee can judge.
    pub(super) fn asks_before_the_end(&self) -> bool {
        self.session.as_ref().is_some_and(|s| {
            let game = s.game();
            // The gate refuses the end of a game that is over.
            game.check(&Command::EndGame).is_ok()
                && game.scenario().judged_at_the_end().next().is_some()
        })
    }
}

/// Shows the questions, a page of them at a time (`pages`); returns the answer once given
/// (`true`: end the game now).
pub fn end_game_ui(
    ctx: &egui::Context,
    game: &Game,
    pages: &mut Pages,
    queue: &mut Vec<UiCommand>,
) -> Option<bool> {
    let title = "Before the game ends";
    super::confirm::question_ui(
        ctx,
        "end_game_questions",
        640.0,
        title,
        "End it with these points",
        "Not yet",
        |ui| {
            ui.label("Only the table knows these: say what holds now, then end the game.");
            ui.add_space(6.0);
            let judged: Vec<_> = game.scenario().judged_at_the_end().collect();
            paged::list_ui(ui, pages, "questions", &judged, |ui, _, _, item| {
                award_row_ui(ui, game, item, AwardAsked::AtTheEnd, queue);
            });
            ui.add_space(6.0);
            ui.label(RichText::new(game.state().final_score(game.scenario())).strong());
        },
    )
}
