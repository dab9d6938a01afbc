//! Typing the faces of physical dice: one line per group of dice, keyboard first.

use egui::{Key, RichText};

use ambush_core::dice::{DiceRequest, Die, Face, parse_faces};
use ambush_core::game::Command;

use crate::ui::widgets::style;

/// A command waiting for the faces of physical dice.
#[derive(Debug)]
pub struct DicePrompt {
    /// The command the dice are for.
    pub command: Command,
    /// The dice it needs.
    pub request: DiceRequest,
    /// What was typed, one line per group.
    pub inputs: Vec<String>,
    /// The group whose field should take the keyboard next.
    focus: Option<usize>,
    /// The prompt's number, which the phones' answers name (new for every prompt).
    pub number: u64,
    /// For each group, the seat whose phone sent its faces, if one did.
    pub from_phone: Vec<Option<ambush_phones::PhoneSeat>>,
}

impl DicePrompt {
    /// A prompt for a command's dice.
    pub fn new(command: Command, request: DiceRequest) -> Self {
        let n = request.groups.len();
        // The keyboard starts on the first group that needs any dice.
        let focus = request.groups.iter().position(|g| g.count > 0);
        Self {
            command,
            request,
            inputs: vec![String::new(); n],
            focus,
            number: 0,
            from_phone: vec![None; n],
        }
    }

    /// Each group's faces, or every problem with what was typed. On a d10 a 0 is a 10, as
    /// most d10s print it.
    pub fn check(&self) -> Vec<Result<Vec<Face>, String>> {
        self.request
            .groups
            .iter()
            .zip(&self.inputs)
            .map(|(group, text)| {
                let mut faces = parse_faces(text).map_err(|e| e.to_string())?;
                if group.die == Die::D10 {
                    for face in &mut faces {
                        if *face == 0 {
                            *face = 10;
                        }
                    }
                }
                let problems = group.problems(&faces);
                if problems.is_empty() {
                    Ok(faces)
                } else {
                    Err(problems.join("; "))
                }
            })
            .collect()
    }
}

/// What the person did with the prompt.
#[derive(Debug, PartialEq, Eq)]
pub enum PromptAnswer {
    /// The faces, one list per group, all valid.
    Faces(Vec<Vec<Face>>),
    /// They gave up; nothing happens.
    Cancel,
}

/// Draws the prompt as a modal window.
pub fn dice_prompt_ui(ctx: &egui::Context, prompt: &mut DicePrompt) -> Option<PromptAnswer> {
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("dice_prompt")).show(ctx, |ui| {
        ui.set_min_width(460.0);
        style::heading(ui, "Roll the physical dice");
        ui.label("Type each group's faces, such as 6 4 4 2, then Enter.");
        let checks = prompt.check();
        let groups = prompt.request.groups.len();
        let mut submit = false;
        for (i, check) in checks.iter().enumerate() {
            let group = &prompt.request.groups[i];
            if group.count == 0 {
                continue;
            }
            ui.label(
                RichText::new(format!("{} — {} × {}", group.label, group.count, group.die))
                    .strong(),
            );
            let response = ui.add(
                egui::TextEdit::singleline(&mut prompt.inputs[i])
                    .hint_text(format!(
                        "{}, 1 to {}",
                        ambush_core::text::plural(usize::from(group.count), "face", "faces"),
                        group.die.sides()
                    ))
                    .desired_width(300.0),
            );
            response.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::TextInput,
                    true,
                    format!("Faces for {}", group.label),
                )
            });
            if prompt.focus == Some(i) {
                // Asked again each frame until the field really has the keyboard (the modal
                // may not take focus on its very first frame).
                if response.has_focus() {
                    prompt.focus = None;
                } else {
                    response.request_focus();
                    ui.ctx().request_repaint();
                }
            }
            if response.lost_focus() && ui.input(|inp| inp.key_pressed(Key::Enter)) {
                if check.is_err() {
                    // The keyboard stays where the mistake is.
                    prompt.focus = Some(i);
                } else {
                    match (i + 1..groups).find(|&j| prompt.request.groups[j].count > 0) {
                        Some(next) => prompt.focus = Some(next),
                        None => submit = true,
                    }
                }
            }
            if let Some(seat) = prompt.from_phone[i] {
                ui.label(RichText::new(format!("From the {seat}'s phone")).weak());
            }
            if !group.each.is_empty() {
                let order: Vec<String> = group
                    .each
                    .iter()
                    .enumerate()
                    .map(|(n, what)| format!("{}: {what}", n + 1))
                    .collect();
                ui.label(RichText::new(format!("In order — {}", order.join(" · "))).weak());
            }
            // The status line is always there, so the dialog does not jump as it changes.
            let (words, color) = match check {
                Ok(_) => ("ready".to_owned(), egui::Color32::from_rgb(60, 160, 90)),
                Err(e) if !prompt.inputs[i].trim().is_empty() => {
                    (e.clone(), ui.visuals().error_fg_color)
                }
                Err(_) => (" ".to_owned(), ui.visuals().weak_text_color()),
            };
            ui.label(RichText::new(words).color(color));
        }
        let all_ok = checks.iter().all(Result::is_ok);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(all_ok, egui::Button::new("Apply the dice"))
                .clicked()
            {
                submit = true;
            }
            if ui.button("Cancel").clicked() {
                answer = Some(PromptAnswer::Cancel);
            }
        });
        if submit && all_ok {
            answer = Some(PromptAnswer::Faces(
                checks.into_iter().filter_map(Result::ok).collect(),
            ));
        }
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(PromptAnswer::Cancel);
    }
    answer
}
