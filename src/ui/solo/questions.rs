//! A question of the solo opponent, drawn as one row: its words, then its choices side by side,
//! each named in full ("Which of these can see Fireteam Alpha? Insurgents 4") for screen
//! readers and tests, a closed choice greyed in its place. Answers kept from an earlier turn or
//! phase say so, with a button to keep them.

use egui::{RichText, Ui};

use ambush_core::solo::panel::Act;
use ambush_core::solo::{Pick, Question};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{choice_button_if, named_button};

/// Draws a question; a choice clicked, or the answers kept confirmed, is queued.
pub(super) fn question_ui(ui: &mut Ui, question: &Question, queue: &mut Vec<UiCommand>) {
    let role = match question.pick {
        Pick::One => egui::Role::RadioButton,
        Pick::Many => egui::Role::CheckBox,
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(&question.words).on_hover_text(&question.why);
        for choice in &question.choices {
            let name = format!("{} {}", question.words, choice.words);
            if choice_button_if(ui, &choice.words, &name, choice.picked, role, choice.open)
                .clicked()
            {
                queue.push(UiCommand::Solo(Act::Answer {
                    answer: choice.answer.clone(),
                }));
            }
        }
        if let (Some(when), Some(still_so)) = (question.kept, &question.still_so) {
            ui.label(RichText::new(format!("(answers kept from {})", when.words())).weak());
            let name = format!("{} still so", question.words);
            if named_button(ui, "still so", &name, true).clicked() {
                queue.push(UiCommand::Solo(Act::Answer {
                    answer: still_so.clone(),
                }));
            }
        }
    });
}
