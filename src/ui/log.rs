//! The log panel: every entry of the record, newest at the bottom.

use egui::{RichText, TextStyle, Ui};

use crate::game::{Entry, EntryState, Game};
use crate::report::dice_words;
use crate::text::plural;

use super::command::UiCommand;

/// Draws the log. Only the rows in view are laid out, so a long game costs no more than a
/// short one.
pub fn log_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    let entries = game.entries();
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!(
                "Log — {} in effect, {}",
                plural(game.events_in_effect(), "event", "events"),
                plural(entries.len(), "entry", "entries")
            ))
            .strong(),
        );
        if ui.button("Export report…").clicked() {
            queue.push(UiCommand::ExportDialog);
        }
    });
    let row_height = ui.text_style_height(&TextStyle::Body);
    egui::ScrollArea::vertical()
        .id_salt("log_scroll")
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show_rows(ui, row_height, entries.len(), |ui, rows| {
            for index in rows {
                let Some(entry) = entries.get(index) else {
                    continue;
                };
                let text = match entry {
                    Entry::Event(event) => {
                        let summary = game.outcome(index).map_or("", |o| o.summary.as_str());
                        let dice = dice_words(&event.dice);
                        let mut line = format!("{:>4}  {summary}", index + 1);
                        if !dice.is_empty() {
                            line.push_str(&format!("  [{dice}]"));
                        }
                        if game.entry_state(index) == EntryState::Undone {
                            RichText::new(format!("{line}  (undone)"))
                                .weak()
                                .strikethrough()
                        } else {
                            RichText::new(line)
                        }
                    }
                    Entry::Undo => RichText::new(format!("{:>4}  undo", index + 1))
                        .italics()
                        .weak(),
                    Entry::Redo => RichText::new(format!("{:>4}  redo", index + 1))
                        .italics()
                        .weak(),
                };
                ui.add(egui::Label::new(text).truncate());
            }
        });
}
