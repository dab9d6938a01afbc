//! Before the game ends: the items of the scenario only the referee can judge (a place held at
//! the end, an item the referee awards), each with its count and the buttons that change it,
//! then the end itself. Each answer is a logged award, as on the Scenario tab.

use egui::RichText;

use ambush_core::game::{Command, Game};
use ambush_core::scenario::VictoryTrigger;

use super::AssistantApp;
use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, named_button};

impl AssistantApp {
    /// True when ending the game asks the referee first: the game is not over and its
    /// scenario has items only the referee can judge.
    pub(super) fn asks_before_the_end(&self) -> bool {
        self.session.as_ref().is_some_and(|s| {
            let game = s.game();
            game.state().phase != ambush_core::game::Phase::GameOver
                && game.check(&Command::EndGame).is_ok()
                && game.scenario().judged_at_the_end().next().is_some()
        })
    }
}

/// Shows the questions; returns the answer once given (`true`: end the game now).
pub fn end_game_ui(ctx: &egui::Context, game: &Game, queue: &mut Vec<UiCommand>) -> Option<bool> {
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("end_game_questions")).show(ctx, |ui| {
        ui.set_max_width(640.0);
        ui.label(
            RichText::new("Before the game ends")
                .size(style::HEADING)
                .strong(),
        );
        ui.add_space(6.0);
        ui.label("Only the table knows these: say what holds now, then end the game.");
        ui.add_space(6.0);
        let state = game.state();
        for item in game.scenario().judged_at_the_end() {
            let count = state
                .victory
                .iter()
                .find(|c| c.item == item.id)
                .map_or(0, |c| c.count);
            let award = |delta: i32| {
                UiCommand::Play(Command::AwardVictory {
                    item: item.id.clone(),
                    delta,
                })
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(format!(
                    "{} — {}: {} × {} = {}",
                    item.side,
                    item.label,
                    count,
                    item.points,
                    count * item.points
                ));
                match &item.trigger {
                    VictoryTrigger::PlaceHeld { place } => {
                        let held = count > 0;
                        let yes = format!("At the end: {place} is held");
                        if named_button(ui, "Held", &yes, !held).clicked() {
                            queue.push(award(1));
                        }
                        let no = format!("At the end: {place} is not held");
                        if named_button(ui, "Not held", &no, held).clicked() {
                            queue.push(award(-1));
                        }
                    }
                    VictoryTrigger::Manual { once: true } => {
                        let yes = format!("At the end: {} happened", item.label);
                        if named_button(ui, "It happened", &yes, count == 0).clicked() {
                            queue.push(award(1));
                        }
                        let no = format!("At the end: {} did not happen", item.label);
                        if named_button(ui, "It did not", &no, count > 0).clicked() {
                            queue.push(award(-1));
                        }
                    }
                    _ => {
                        let more = format!("At the end: award {}", item.label);
                        if named_button(ui, "+1", &more, true).clicked() {
                            queue.push(award(1));
                        }
                        let less = format!("At the end: take back {}", item.label);
                        if named_button(ui, "−1", &less, count > 0).clicked() {
                            queue.push(award(-1));
                        }
                    }
                }
            });
        }
        ui.add_space(6.0);
        ui.label(RichText::new(state.final_score(game.scenario())).strong());
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if ui
                .button(RichText::new("End it with these points").size(style::HEADING))
                .clicked()
            {
                answer = Some(true);
            }
            if ui
                .button(RichText::new("Not yet").size(style::HEADING))
                .clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                answer = Some(false);
            }
        });
    });
    answer
}
