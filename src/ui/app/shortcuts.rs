//! The keyboard shortcuts of the desk: the text size, and, unless a text field or the dice
//! prompt has the keyboard, undo, redo, save and open.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::prefs::{self, Prefs};
use crate::ui::command::UiCommand;

impl super::AssistantApp {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        let shortcut = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
        ctx.input_mut(|i| {
            for (key, step) in [(Key::Plus, 0.1), (Key::Equals, 0.1), (Key::Minus, -0.1)] {
                if i.consume_shortcut(&shortcut(key)) {
                    self.prefs.ui_scale = prefs::clamp_scale(self.prefs.ui_scale + step);
                }
            }
            if i.consume_shortcut(&shortcut(Key::Num0)) {
                self.prefs.ui_scale = Prefs::default().ui_scale;
            }
        });
        // Ctrl+Z in a text field undoes the typing, not a game event.
        if self.prompt.is_some() || ctx.egui_wants_keyboard_input() {
            return;
        }
        ctx.input_mut(|i| {
            if i.consume_shortcut(&shortcut(Key::Z)) {
                self.queue.push(UiCommand::Undo);
            }
            if i.consume_shortcut(&shortcut(Key::Y)) {
                self.queue.push(UiCommand::Redo);
            }
            if i.consume_shortcut(&shortcut(Key::S)) {
                self.queue.push(UiCommand::Save);
            }
            if i.consume_shortcut(&shortcut(Key::O)) {
                self.queue.push(UiCommand::OpenDialog);
            }
        });
    }
}
