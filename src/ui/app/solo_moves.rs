//! The solo opponent's moves on the desk: what a button of its panel does, and the next step
//! of its plan, taken once the commands of the frame are applied.

use ambush_core::session::Session;
use ambush_core::solo::{self, panel::Act};

use crate::ui::command::UiCommand;

impl super::AssistantApp {
    /// What a button of the solo opponent's panel does.
    pub(super) fn solo_act(&mut self, act: Act) {
        match act {
            Act::Answer { answer } => {
                if let Some(session) = &self.session {
                    self.desk.solo.answers.give(session.game().state(), &answer);
                }
            }
            Act::Plan { steps } => self.apply(UiCommand::Plan(steps)),
            Act::Answering { regular } => {
                // Weighed now, as the answers stand when the player lets them answer.
                let steps = self
                    .game()
                    .map(|game| solo::answer_steps(game, &self.desk.solo.answers, regular))
                    .unwrap_or_default();
                self.apply(UiCommand::Plan(steps));
            }
            Act::Play { command } => self.apply(UiCommand::Play(command)),
        }
    }

    /// Queues the solo opponent's next move, if it has one and nothing else is waiting.
    pub(super) fn solo_next(&mut self) {
        if self.prompt.is_some() || !self.queue.is_empty() || self.solo_paused {
            return;
        }
        let Some(game) = self.session.as_ref().map(Session::game) else {
            return;
        };
        if let Some(command) = ambush_core::solo::plan::next_command(game, &mut self.plan) {
            self.queue.push(UiCommand::SoloPlay(command));
            return;
        }
        if let Some(step) = ambush_core::solo::plan::automatic_step(game)
            && let Some(command) = ambush_core::solo::plan::command(game, &step)
        {
            self.queue.push(UiCommand::SoloPlay(command));
        }
    }
}
