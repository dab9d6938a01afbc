//! The solo opponent on the Now view: the core works out its panel (`ambush_core::solo::panel`)
//! from the game and the player's answers, which the desk holds as the core's plain data
//! ([`Answers`]); this room only draws the panel's parts and queues what is clicked as a
//! [`UiCommand::Solo`]. It keeps no memory of the opponent: whether the Insurgents have
//! answered an activation, and what is left of their answer after an undo, is read from the
//! game itself.
//!
//! The questions' rows are drawn in `questions.rs`, the other parts in `parts.rs`.

mod parts;
mod questions;

use std::sync::Arc;

use egui::Ui;

use ambush_core::game::{Game, GameState};
use ambush_core::solo::panel::{SoloPanel, solo_panel};
use ambush_core::solo::{Answering, Answers, View};
use ambush_core::unit::UnitId;

use crate::ui::command::UiCommand;

/// The player's answers to the solo opponent, and its panel as last worked out.
#[derive(Debug, Default)]
pub struct SoloForm {
    /// The answers given, kept from one question to the next.
    pub answers: Answers,
    /// The panel, and the game's revision and the answers' version it was worked out for (the
    /// exact odds and the gate's checks are not worked out every frame).
    panel: Option<((usize, u64), Arc<SoloPanel>)>,
}

impl SoloForm {
    /// The panel now, worked out again only when the game or the answers have changed.
    pub fn panel(&mut self, game: &Game) -> Arc<SoloPanel> {
        let key = (game.revision(), self.answers.version());
        match &self.panel {
            Some((at, panel)) if *at == key => Arc::clone(panel),
            _ => {
                let panel = Arc::new(solo_panel(game, &self.answers));
                self.panel = Some((key, Arc::clone(&panel)));
                panel
            }
        }
    }

    /// How far the Insurgents' answer to the activation now has come, as the panel last
    /// worked it out (nothing to wait for before it is first drawn).
    pub fn answering(&self) -> Option<&Answering> {
        self.panel.as_ref().map(|(_, p)| &p.answering)
    }

    /// What an Insurgent unit sees of a Regular unit, as the player answered.
    pub fn view(&self, state: &GameState, insurgent: UnitId, regular: UnitId) -> Option<View> {
        self.answers.view(state, insurgent, regular)
    }

    /// How far the player said this Insurgent unit is from that Regular unit, if it sees it.
    pub fn distance(
        &self,
        state: &GameState,
        insurgent: UnitId,
        regular: UnitId,
    ) -> Option<ambush_core::solo::Distance> {
        self.answers.distance(state, insurgent, regular)
    }
}

/// The solo opponent's part of the Now view: its panel, drawn part by part.
pub fn solo_now_ui(ui: &mut Ui, game: &Game, form: &mut SoloForm, queue: &mut Vec<UiCommand>) {
    let panel = form.panel(game);
    parts::parts_ui(ui, &panel.parts, queue);
}
