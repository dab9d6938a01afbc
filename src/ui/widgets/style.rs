//! Colours, chips and dice faces shared by the panels.

use egui::{
    Align2, Color32, CornerRadius, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2,
};

use ambush_core::unit::Side;

/// Text size of headings at zoom 1.
pub const HEADING: f32 = 20.0;
/// Text size of the turn headline at zoom 1.
pub const HEADLINE: f32 = 24.0;
/// Text size of the Now view's action buttons at zoom 1.
pub const ACTION: f32 = 16.0;
/// Height of the Now view's action buttons at zoom 1: a target easy to hit at a glance.
pub const ACTION_HEIGHT: f32 = 28.0;

/// The colour of a side.
pub fn side_color(side: Side, dark: bool) -> Color32 {
    match (side, dark) {
        (Side::Regular, true) => Color32::from_rgb(110, 170, 255),
        (Side::Regular, false) => Color32::from_rgb(20, 80, 180),
        (Side::Insurgent, true) => Color32::from_rgb(255, 150, 90),
        (Side::Insurgent, false) => Color32::from_rgb(170, 60, 10),
    }
}

/// A heading for a section.
pub fn heading(ui: &mut Ui, text: impl Into<String>) {
    ui.label(RichText::new(text.into()).size(HEADING).strong());
}

/// A small coloured chip with words on it (statuses, weapons). Its size is known before it
/// is placed, so in a wrapping row a chip that does not fit moves to the next line whole.
pub fn chip(ui: &mut Ui, text: &str, fill: Color32, on: Color32) -> egui::Response {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let margin = Vec2::new(6.0, 2.0);
    // Words longer than the whole row wrap inside the chip: a long badge ("Rifleman (slight
    // wound)") never widens the panel it is in.
    let wrap = (ui.max_rect().width() - 2.0 * margin.x).max(40.0);
    let galley = ui.painter().layout(text.to_owned(), font, on, wrap);
    let (rect, response) = ui.allocate_exact_size(galley.size() + 2.0 * margin, Sense::hover());
    if ui.is_rect_visible(rect) {
        ui.painter().rect_filled(rect, CornerRadius::same(6), fill);
        ui.painter().galley(rect.min + margin, galley, on);
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    response
}

/// A status on a card, as the view words it: red when it is bad news.
pub fn badge_words(ui: &mut Ui, badge: &ambush_core::view::BadgeWords) {
    let dark = ui.visuals().dark_mode;
    let (fill, on) = if badge.bad {
        if dark {
            (Color32::from_rgb(120, 40, 30), Color32::WHITE)
        } else {
            (
                Color32::from_rgb(250, 210, 200),
                Color32::from_rgb(120, 20, 0),
            )
        }
    } else if dark {
        (Color32::from_rgb(45, 70, 60), Color32::WHITE)
    } else {
        (
            Color32::from_rgb(205, 235, 215),
            Color32::from_rgb(10, 70, 30),
        )
    };
    chip(ui, &badge.label, fill, on);
}

/// How a die face is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieLook {
    /// A kept die.
    Kept,
    /// A discarded die (below the number needed).
    Discarded,
    /// An attacker die nobody stopped: a hit.
    Hit,
    /// A die that stopped or was stopped.
    Blocked,
    /// A success in a test.
    Success,
    /// A failure in a test.
    Failure,
}

/// Draws one die face with its value, about the size of a large letter.
pub fn die_face(ui: &mut Ui, face: u8, sides: u8, look: DieLook) -> egui::Response {
    let size = Vec2::splat(34.0);
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    // Named for screen readers (and tests): "d10 showing 5".
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, format!("d{sides} showing {face}"))
    });
    let dark = ui.visuals().dark_mode;
    let (fill, text, stroke) = match look {
        DieLook::Kept => (
            ui.visuals().extreme_bg_color,
            ui.visuals().strong_text_color(),
            ui.visuals().widgets.inactive.fg_stroke.color,
        ),
        DieLook::Discarded => (
            ui.visuals().faint_bg_color,
            ui.visuals().weak_text_color(),
            ui.visuals().weak_text_color(),
        ),
        DieLook::Hit | DieLook::Failure => (
            if dark {
                Color32::from_rgb(150, 35, 30)
            } else {
                Color32::from_rgb(255, 205, 195)
            },
            if dark {
                Color32::WHITE
            } else {
                Color32::from_rgb(120, 0, 0)
            },
            Color32::from_rgb(200, 50, 40),
        ),
        DieLook::Blocked | DieLook::Success => (
            if dark {
                Color32::from_rgb(35, 90, 55)
            } else {
                Color32::from_rgb(200, 240, 210)
            },
            if dark {
                Color32::WHITE
            } else {
                Color32::from_rgb(0, 80, 20)
            },
            Color32::from_rgb(60, 160, 90),
        ),
    };
    let painter = ui.painter();
    painter.rect_filled(rect, CornerRadius::same(6), fill);
    painter.rect_stroke(
        rect,
        CornerRadius::same(6),
        Stroke::new(1.5, stroke),
        StrokeKind::Inside,
    );
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        face.to_string(),
        FontId::proportional(18.0),
        text,
    );
    painter.text(
        Rect::from_min_size(
            rect.right_bottom() - Vec2::new(12.0, 10.0),
            Vec2::splat(10.0),
        )
        .center(),
        Align2::CENTER_CENTER,
        format!("d{sides}"),
        FontId::proportional(7.5),
        text.gamma_multiply(0.7),
    );
    response
}

/// A message at the top of the desk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The words.
    pub text: String,
    /// True for errors (red), false for information.
    pub error: bool,
}

impl Message {
    /// An error message.
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            error: true,
        }
    }

    /// An information message.
    pub fn info(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            error: false,
        }
    }
}

/// Draws a message as a toast over the bottom of `area`: it never pushes the desk's content,
/// so nothing moves under the referee's hand. Returns true when the user dismisses it.
/// Information goes away by itself after this many seconds; errors stay until dismissed.
pub const TOAST_SECONDS: f64 = 6.0;

pub fn message_toast(ctx: &egui::Context, area: Rect, message: &Message) -> bool {
    let width = (area.width() - 24.0).clamp(200.0, 620.0);
    let mut dismissed = false;
    if !message.error {
        // When was this message first shown?
        let id = egui::Id::unique("message_toast_since");
        let now = ctx.input(|i| i.time);
        let since = ctx.data_mut(|d| {
            let entry = d.get_temp_mut_or_insert_with(id, || (message.text.clone(), now));
            if entry.0 != message.text {
                *entry = (message.text.clone(), now);
            }
            entry.1
        });
        if now - since > TOAST_SECONDS {
            return true;
        }
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            TOAST_SECONDS - (now - since) + 0.05,
        ));
    }
    egui::Area::new(egui::Id::unique("message_toast"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(
            area.center().x - width / 2.0,
            area.bottom() - 8.0,
        ))
        .pivot(Align2::LEFT_BOTTOM)
        .show(ctx, |ui| {
            ui.set_width(width);
            dismissed = message_ui(ui, message);
        });
    dismissed
}

/// Draws the message banner; returns true when the user dismisses it.
pub fn message_ui(ui: &mut Ui, message: &Message) -> bool {
    let dark = ui.visuals().dark_mode;
    let (fill, on) = match (message.error, dark) {
        (true, true) => (Color32::from_rgb(110, 30, 25), Color32::WHITE),
        (true, false) => (
            Color32::from_rgb(255, 220, 215),
            Color32::from_rgb(110, 0, 0),
        ),
        (false, true) => (Color32::from_rgb(30, 60, 90), Color32::WHITE),
        (false, false) => (
            Color32::from_rgb(215, 235, 255),
            Color32::from_rgb(0, 40, 90),
        ),
    };
    let mut dismissed = false;
    egui::Frame::new()
        .fill(fill)
        .corner_radius(CornerRadius::same(6))
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&message.text).color(on).strong());
                if ui.button("Dismiss").clicked() {
                    dismissed = true;
                }
            });
        });
    dismissed
}

/// A large button for the step the referee is most likely to take next, known to screen readers
/// and tests by `name`.
pub fn action_button(ui: &mut Ui, text: &str, name: &str) -> egui::Response {
    let text = RichText::new(text).size(ACTION).strong();
    let response = ui.add(egui::Button::new(text).min_size(egui::vec2(0.0, ACTION_HEIGHT)));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response
}

/// A button showing short words, with a full name for screen readers and tests
/// ("Cautious" on Fireteam Alpha's card is "Activate Fireteam Alpha: Cautious").
pub fn named_button(
    ui: &mut Ui,
    text: impl Into<egui::WidgetText>,
    name: &str,
    enabled: bool,
) -> egui::Response {
    let response = ui.add_enabled(enabled, egui::Button::new(text));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, name));
    response
}

/// The solo opponent as the player sets it, on the start screen and in the Edit tab: its
/// difficulty (each named "Solo opponent: Veteran", its play in the hover) after `lead`, and
/// whether it keeps its reasoning hidden.
pub fn solo_opponent_ui(
    ui: &mut Ui,
    lead: &str,
    difficulty: &mut ambush_core::game::SoloDifficulty,
    reasoning_hidden: &mut bool,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(lead);
        for level in ambush_core::game::SoloDifficulty::ALL {
            let response = ui
                .radio_value(difficulty, level, level.name())
                .on_hover_text(level.words());
            let name = format!("Solo opponent: {}", level.name());
            let selected = *difficulty == level;
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, &name)
            });
        }
    });
    ui.checkbox(
        reasoning_hidden,
        "Keep its reasoning hidden until the game is over",
    );
}

/// An answer to pick among others: framed whether picked or not, so every answer looks like
/// one, and named in full for screen readers and tests ("Is it in the open? yes") with its
/// role (a radio button among exclusive answers, a check box among several). One not `enabled`
/// is greyed where it stands (an answer that waits for one above it keeps its place).
pub fn choice_button(
    ui: &mut Ui,
    words: &str,
    name: &str,
    selected: bool,
    role: egui::Role,
    enabled: bool,
) -> egui::Response {
    let button = egui::Button::new(words)
        .selected(selected)
        .frame_when_inactive(true)
        .frame(true);
    let response = ui.add_enabled(enabled, button);
    response.widget_info(|| egui::WidgetInfo::selected(role, enabled, selected, name));
    response
}

/// A button for a game command, enabled only when the game's gate allows the command now; when
/// it does not, hovering says why. Clicking queues the command.
pub fn command_button(
    ui: &mut Ui,
    game: &ambush_core::game::Game,
    text: impl Into<egui::WidgetText>,
    name: &str,
    command: ambush_core::game::Command,
    queue: &mut Vec<crate::ui::UiCommand>,
) -> egui::Response {
    let verdict = game.check(&command);
    let response = named_button(ui, text, name, verdict.is_ok());
    let response = match &verdict {
        Err(why) => response.on_disabled_hover_text(why.to_string()),
        Ok(_) => response,
    };
    if response.clicked() {
        queue.push(crate::ui::UiCommand::Play(command));
    }
    response
}

/// A small count changed one step per click ("−" and "+"), so each click is one journal
/// event (a drag would write dozens).
pub fn stepper(ui: &mut Ui, label: &str, value: &mut u8, max: u8) {
    let step = |ui: &mut Ui, text: &str, name: String, enabled: bool| {
        let button =
            egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(32.0, 28.0));
        let response = ui.add_enabled(enabled, button);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
        response.clicked()
    };
    // One row, centred on the buttons, whatever layout it sits in.
    ui.horizontal(|ui| {
        ui.set_min_height(28.0);
        ui.label(label);
        if step(ui, "−", format!("{label} less"), *value > 0) {
            *value -= 1;
        }
        ui.label(RichText::new(value.to_string()).strong());
        if step(ui, "+", format!("{label} more"), *value < max) {
            *value += 1;
        }
    });
}

/// A drop-down to pick a unit among those `keep` accepts.
pub fn unit_picker(
    ui: &mut Ui,
    id_salt: &str,
    label: &str,
    game: &ambush_core::game::Game,
    keep: impl Fn(&ambush_core::unit::Unit) -> bool,
    selected: &mut Option<ambush_core::unit::UnitId>,
) {
    let state = game.state();
    let current = selected
        .and_then(|id| state.unit(id))
        .map_or_else(|| "choose…".to_owned(), |u| u.name.clone());
    let label = ui.label(label);
    egui::ComboBox::from_id_salt(id_salt)
        .selected_text(current)
        .show_ui(ui, |ui| {
            // The units the desk may know of: never one under a marker, nor one held back
            // from the Regular player of a solo game.
            for unit in ambush_core::view::Sight::desk(game)
                .units()
                .filter(|u| keep(u))
            {
                ui.selectable_value(selected, Some(unit.id), &unit.name);
            }
        })
        .response
        .labelled_by(label.id);
}

/// A unit picker of the units the gate lets take this part (fire, be fired on, react, be
/// tested): the form asks the core, never the unit's fields.
pub fn part_picker(
    ui: &mut Ui,
    id_salt: &str,
    label: &str,
    game: &ambush_core::game::Game,
    part: ambush_core::game::Part,
    selected: &mut Option<ambush_core::unit::UnitId>,
) {
    let state = game.state();
    unit_picker(
        ui,
        id_salt,
        label,
        game,
        |u| state.may_take_part(u.id, part),
        selected,
    );
}

/// A number field with a label before it, linked for screen readers.
pub fn number<N: egui::emath::Numeric>(
    ui: &mut Ui,
    label: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
) -> egui::Response {
    let label = ui.label(label);
    ui.add(egui::DragValue::new(value).range(range))
        .labelled_by(label.id)
}
