//! Typing the faces of physical dice: one field per group of dice, keyboard first.
//!
//! The prompt reads the keyboard itself, key by key in the order the keys came, instead of
//! leaving it to text fields that take the focus a frame late: every key goes to the group
//! being typed when it was pressed, however fast the next one comes. A group whose count of
//! dice is typed moves on to the next by itself (Enter does the same, and Backspace on an empty
//! group goes back); Enter applies the dice once every group is ready.

use egui::{Key, RichText, Sense};

use ambush_core::dice::{DiceRequest, Face, read_typed_for, typing_hint};
use ambush_core::game::Command;
use ambush_core::view::GroupWords;

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
    /// The group the keyboard types into.
    current: usize,
    /// The prompt's number, which the phones' answers name (new for every prompt).
    pub number: u64,
    /// For each group, the seat whose phone sent its faces, if one did.
    pub from_phone: Vec<Option<ambush_phones::PhoneSeat>>,
    /// For each group, whether the app rolled it (the solo opponent's dice while the table is
    /// open): nobody types it.
    app: Vec<bool>,
    /// Each group in the words the desk may read (a unit under a marker is not named).
    words: Vec<GroupWords>,
}

/// What a key did to the prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Nothing more than the text it changed.
    Nothing,
    /// Every group is ready and Enter was pressed: apply the dice.
    Apply,
    /// Escape: give up.
    Cancel,
}

impl DicePrompt {
    /// A prompt for a command's dice, its groups worded as the desk may read them
    /// ([`Sight::roll_words`]).
    pub fn new(command: Command, request: DiceRequest, words: Vec<GroupWords>) -> Self {
        let n = request.groups.len();
        // The keyboard starts on the first group that needs any dice.
        let current = request.groups.iter().position(|g| g.count > 0).unwrap_or(0);
        Self {
            command,
            request,
            inputs: vec![String::new(); n],
            current,
            number: 0,
            from_phone: vec![None; n],
            app: vec![false; n],
            words,
        }
    }

    /// The same prompt with the groups marked in `app` already rolled by the app, with these
    /// faces: the keyboard starts on the first group left to type.
    pub fn with_app_dice(mut self, app: Vec<bool>, faces: Vec<Vec<Face>>) -> Self {
        for (i, faces) in faces.iter().enumerate() {
            if app.get(i).copied().unwrap_or(false) {
                self.inputs[i] = super::phones::faces_words(faces);
            }
        }
        self.app = app;
        self.app.resize(self.request.groups.len(), false);
        let first = self.typed_groups().next();
        self.current = first.unwrap_or(0);
        self
    }

    /// Whether the app rolled this group.
    pub fn by_app(&self, group: usize) -> bool {
        self.app.get(group).copied().unwrap_or(false)
    }

    /// Each group's faces, or every problem with what was typed.
    pub fn check(&self) -> Vec<Result<Vec<Face>, String>> {
        self.request
            .groups
            .iter()
            .zip(&self.inputs)
            .map(|(group, text)| {
                let faces = read_typed_for(text, group.die, usize::from(group.count))
                    .map_err(|e| e.to_string())?;
                let problems = group.problems(&faces);
                if problems.is_empty() {
                    Ok(faces)
                } else {
                    Err(problems.join("; "))
                }
            })
            .collect()
    }

    /// The groups that ask for dice, in order.
    fn typed_groups(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        (0..self.request.groups.len())
            .filter(|&i| self.request.groups[i].count > 0 && !self.by_app(i))
    }

    /// Takes one event from the keyboard: text goes to the group being typed, Backspace takes
    /// its last character back (or, on an empty group, goes back to the one before), Enter
    /// moves on to the next group still to type or applies the dice when all are ready.
    pub fn key(&mut self, event: &egui::Event) -> Typed {
        match event {
            egui::Event::Text(text) | egui::Event::Paste(text) => {
                // Key by key, as typed: a group filled moves on before the next key.
                for c in text
                    .chars()
                    .filter(|c| c.is_ascii_digit() || matches!(c, ' ' | ',' | ';'))
                {
                    let app = self.by_app(self.current);
                    let Some(input) = self.inputs.get_mut(self.current).filter(|_| !app) else {
                        break;
                    };
                    input.push(c);
                    // Faces typed by hand replace what a phone sent.
                    self.from_phone[self.current] = None;
                    self.on_when_typed();
                }
                Typed::Nothing
            }
            egui::Event::Key {
                key, pressed: true, ..
            } => match key {
                Key::Backspace => {
                    let app = self.by_app(self.current);
                    match self.inputs.get_mut(self.current) {
                        Some(input) if !input.is_empty() && !app => {
                            input.pop();
                        }
                        _ => {
                            let now = self.current;
                            let before = self.typed_groups().rfind(|&i| i < now);
                            self.current = before.unwrap_or(now);
                        }
                    }
                    Typed::Nothing
                }
                Key::Enter => self.enter(),
                Key::Escape => Typed::Cancel,
                _ => Typed::Nothing,
            },
            _ => Typed::Nothing,
        }
    }

    /// A group whose count of dice is typed moves the keyboard on by itself, to the next group
    /// still to type after it; the last one waits for the Enter that applies. A d10 group whose
    /// last key is a 1 waits too: the 1 may be the start of a 10.
    fn on_when_typed(&mut self) {
        let now = self.current;
        let group = &self.request.groups[now];
        let text = &self.inputs[now];
        if group.die == ambush_core::dice::Die::D10 && text.ends_with('1') {
            return;
        }
        let checks = self.check();
        if checks[now].is_err() {
            return;
        }
        let next = self.typed_groups().find(|&i| i > now && checks[i].is_err());
        if let Some(next) = next {
            self.current = next;
        }
    }

    /// Enter: on to the next group still to type, or apply when every group is ready.
    fn enter(&mut self) -> Typed {
        let checks = self.check();
        if checks.get(self.current).is_some_and(Result::is_err) {
            // The keyboard stays where the mistake is.
            return Typed::Nothing;
        }
        let not_ready: Vec<usize> = self
            .typed_groups()
            .filter(|&i| checks[i].is_err())
            .collect();
        match not_ready
            .iter()
            .find(|&&i| i > self.current)
            .or(not_ready.first())
        {
            Some(&next) => {
                self.current = next;
                Typed::Nothing
            }
            None => Typed::Apply,
        }
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

/// Draws the prompt as a modal window. `ahead` holds keys typed after the Enter that applied
/// the prompt before this one, in the same frame: they are this prompt's first keys (a series
/// asks its next roll at once, and a quick typist is already typing it). Keys typed after the
/// Enter that applies this prompt are left there for the next.
pub fn dice_prompt_ui(
    ctx: &egui::Context,
    prompt: &mut DicePrompt,
    ahead: &mut Vec<egui::Event>,
) -> Option<PromptAnswer> {
    let mut answer = None;
    // The keyboard is the prompt's: no field or button behind it keeps the focus.
    ctx.memory_mut(|mem| {
        if let Some(id) = mem.focused() {
            mem.surrender_focus(id);
        }
    });
    let mut events = std::mem::take(ahead);
    events.extend(ctx.input(|i| i.events.clone()));
    let mut apply = false;
    // Keys after the one that applies belong to no field of this prompt: they wait for the
    // next one. Keys after a cancel are dropped with it.
    for (n, event) in events.iter().enumerate() {
        match prompt.key(event) {
            Typed::Nothing => {}
            Typed::Apply => {
                apply = true;
                ahead.extend(events[n + 1..].iter().filter(|e| is_typing(e)).cloned());
                break;
            }
            Typed::Cancel => {
                answer = Some(PromptAnswer::Cancel);
                break;
            }
        }
    }
    let modal = egui::Modal::new(egui::Id::unique("dice_prompt")).show(ctx, |ui| {
        ui.set_min_width(460.0);
        style::heading(ui, "Roll the physical dice");
        ui.label("Type each group's faces: a group typed moves on by itself; Enter applies them.");
        let checks = prompt.check();
        for (i, check) in checks.iter().enumerate() {
            let group = &prompt.request.groups[i];
            if group.count == 0 {
                continue;
            }
            let (label, each) = prompt
                .words
                .get(i)
                .map_or(("Dice", &[][..]), |w| (w.label.as_str(), w.each.as_slice()));
            ui.label(RichText::new(format!("{label} — {} × {}", group.count, group.die)).strong());
            if prompt.by_app(i) {
                // The solo opponent's own dice: rolled by the app, never typed.
                ui.label(format!("Rolled by the app: {}", prompt.inputs[i]));
                continue;
            }
            let current = prompt.current == i;
            if field_ui(ui, &prompt.inputs[i], label, current).clicked() {
                prompt.current = i;
            }
            if let Some(seat) = prompt.from_phone[i] {
                ui.label(RichText::new(format!("From the {seat}'s phone")).weak());
            }
            if !each.is_empty() {
                let order: Vec<String> = each
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
                Err(_) => (
                    typing_hint(group.die).to_owned(),
                    ui.visuals().weak_text_color(),
                ),
            };
            ui.label(RichText::new(words).color(color));
        }
        let all_ok = checks.iter().all(Result::is_ok);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(all_ok, egui::Button::new("Apply the dice"))
                .clicked()
            {
                apply = true;
            }
            if ui.button("Cancel").clicked() {
                answer = Some(PromptAnswer::Cancel);
            }
        });
        if apply && all_ok && answer.is_none() {
            answer = Some(PromptAnswer::Faces(
                checks.into_iter().filter_map(Result::ok).collect(),
            ));
        }
    });
    // Escape is read with the other keys; a click beside the prompt closes it.
    if answer.is_none() && modal.backdrop_response.clicked() {
        answer = Some(PromptAnswer::Cancel);
    }
    answer
}

/// One group's faces as typed, in a box that shows the caret while the keyboard types into
/// it; a click on it moves the keyboard there. Screen readers and tests know it as
/// "Faces for <group>".
/// A key the prompt reads: text, or a key pressed.
fn is_typing(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Text(_) | egui::Event::Key { pressed: true, .. }
    )
}

fn field_ui(ui: &mut egui::Ui, text: &str, label: &str, current: bool) -> egui::Response {
    let height = ui.text_style_height(&egui::TextStyle::Body) + 10.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(300.0, height), Sense::CLICK);
    let visuals = ui.visuals();
    let stroke = if current {
        visuals.selection.stroke
    } else {
        visuals.widgets.inactive.bg_stroke
    };
    let painter = ui.painter();
    painter.rect(
        rect,
        egui::CornerRadius::same(4),
        visuals.extreme_bg_color,
        stroke,
        egui::StrokeKind::Inside,
    );
    let galley = painter.layout_no_wrap(
        text.to_owned(),
        egui::TextStyle::Body.resolve(ui.style()),
        visuals.text_color(),
    );
    let start = rect.left_center() + egui::vec2(6.0, -galley.size().y / 2.0);
    let caret_x = start.x + galley.size().x + 1.0;
    painter.galley(start, galley, visuals.text_color());
    if current {
        // The caret: where the next key goes.
        painter.line_segment(
            [
                egui::pos2(caret_x, rect.top() + 4.0),
                egui::pos2(caret_x, rect.bottom() - 4.0),
            ],
            egui::Stroke::new(2.0, visuals.text_color()),
        );
    }
    let name = format!("Faces for {label}");
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::text_edit(true, "", text, "");
        info.label = Some(name.clone());
        info.selected = Some(current);
        info
    });
    response
}
