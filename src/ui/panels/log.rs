//! The log panel: every event of the game, newest at the bottom, following new events unless
//! the referee has scrolled up to read; undone events struck through where they stand; a filter
//! by unit, side and kind; long lines wrapped.

use std::collections::HashMap;

use egui::{RichText, Ui};

use ambush_core::game::{CommandKind as LogKind, Game};
use ambush_core::text::plural;
use ambush_core::unit::{Side, UnitId};
use ambush_core::view::{Line, Sight};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style;

/// The space between two lines of the log: tight, so more of the game is in view.
pub const ROW_GAP: f32 = 1.0;

/// The log's own choices.
#[derive(Debug)]
pub struct LogForm {
    /// Keep the newest event in view.
    pub follow: bool,
    /// Show only events about this unit.
    pub unit: Option<UnitId>,
    /// Show only events about this side's units.
    pub side: Option<Side>,
    /// Show only events of this kind.
    pub kind: Option<LogKind>,
    /// The rows shown, worked out for a revision of the game and a filter: each event's
    /// number in the game, and its number as the desk reads the log.
    rows: Option<(usize, Filter, Vec<usize>)>,
    /// The number the log shows for each event it shows, by the event's number in the game:
    /// its place among the lines the desk may read, so no gap tells of one kept back.
    numbers: HashMap<usize, usize>,
    /// Each line's words and whether it is in effect, worked out once for the revision (how
    /// lucky a roll was takes its exact odds).
    texts: (usize, HashMap<usize, (String, bool)>),
    /// The height of each row as last drawn, for the width it was drawn at.
    heights: HashMap<usize, f32>,
    width: f32,
    /// The height of the log's view when last drawn.
    view_height: f32,
    /// Where each row starts, for the rows it was worked out for.
    tops: Option<(RowsKey, Vec<f32>)>,
    /// The furthest the view could scroll when last drawn.
    reachable_end: f32,
}

type RowsKey = (usize, Filter);

type Filter = (Option<UnitId>, Option<Side>, Option<LogKind>);

impl Default for LogForm {
    fn default() -> Self {
        Self {
            follow: true,
            unit: None,
            side: None,
            kind: None,
            rows: None,
            numbers: HashMap::new(),
            texts: (0, HashMap::new()),
            heights: HashMap::new(),
            width: 0.0,
            view_height: 0.0,
            tops: None,
            reachable_end: 0.0,
        }
    }
}

impl LogForm {
    fn filter(&self) -> Filter {
        (self.unit, self.side, self.kind)
    }

    /// What the rows shown were worked out for.
    fn rows_key(&self) -> RowsKey {
        self.rows
            .as_ref()
            .map_or((0, self.filter()), |(r, f, _)| (*r, *f))
    }

    /// The numbers of the events the filter shows, oldest first: those the desk may read.
    pub fn rows(&mut self, game: &Game) -> &[usize] {
        let key = (game.revision(), self.filter());
        if self.rows.as_ref().is_none_or(|(r, f, _)| (*r, *f) != key) {
            let state = game.state();
            let sight = Sight::desk(game);
            self.numbers.clear();
            let mut rows = Vec::new();
            // The game's opening line first (a solo game's opponent), unless a filter hides it.
            let opening = self.unit.is_none()
                && self.side.is_none()
                && self.kind.is_none_or(|k| k == LogKind::Notes);
            if opening && sight.opening_line().is_some() {
                rows.push(OPENING);
            }
            for (number, line) in sight.lines().enumerate() {
                self.numbers.insert(line.event, number + 1);
                let units = &line.units;
                let shown = self.kind.is_none_or(|k| line.kind == k)
                    && self.unit.is_none_or(|u| units.contains(&u))
                    && self.side.is_none_or(|side| {
                        units
                            .iter()
                            .any(|&u| state.unit(u).is_some_and(|u| u.side == side))
                    });
                if shown {
                    rows.push(line.event);
                }
            }
            self.rows = Some((key.0, key.1, rows));
        }
        self.rows
            .as_ref()
            .map_or(&[], |(_, _, rows)| rows.as_slice())
    }
}

/// The row of the game's opening line (how a solo game's opponent plays), before every event.
const OPENING: usize = usize::MAX;

/// The words of one event of the log, as the desk may read it, and whether it is in effect.
fn words(game: &Game, index: usize, number: usize) -> (String, bool) {
    if index == OPENING {
        let opening = Sight::desk(game).opening_line().unwrap_or_default();
        return (format!("{:>4}  {opening}", "·"), true);
    }
    let Some(Line {
        summary,
        dice,
        luck,
        in_effect,
        referee,
        more_referee,
        ..
    }) = Sight::desk(game).line(index)
    else {
        return (String::new(), true);
    };
    let mut text = format!("{number:>4}  {summary}");
    if !dice.is_empty() {
        text.push_str(&format!("  [{dice}]"));
    }
    if let Some(words) = luck {
        text.push_str(&format!("  — {words}"));
    }
    // The scenario's notes for the referee, in words (the desk's only).
    for note in &referee {
        text.push_str(&format!("  • {note}"));
    }
    if let Some(more) = crate::ui::widgets::result::more_notes_words(more_referee) {
        text.push_str(&format!("  {more}"));
    }
    (text, in_effect)
}

impl LogForm {
    /// The line of one event, worked out once for each revision of the game.
    fn line(&mut self, game: &Game, index: usize) -> RichText {
        if self.texts.0 != game.revision() {
            self.texts = (game.revision(), HashMap::new());
        }
        let number = self
            .numbers
            .get(&index)
            .copied()
            .unwrap_or(index.saturating_add(1));
        let (text, in_effect) = self
            .texts
            .1
            .entry(index)
            .or_insert_with(|| words(game, index, number));
        if *in_effect {
            RichText::new(text.as_str())
        } else {
            RichText::new(format!("{text}  (undone)"))
                .weak()
                .strikethrough()
        }
    }
}

fn filter_ui(ui: &mut Ui, game: &Game, form: &mut LogForm) {
    let state = game.state();
    let unit_name = |id: Option<UnitId>| {
        id.and_then(|u| state.unit(u))
            .map_or("every unit".to_owned(), |u| u.name.clone())
    };
    let label = ui.label("Show:");
    egui::ComboBox::from_id_salt("log_unit")
        .selected_text(unit_name(form.unit))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut form.unit, None, "every unit");
            for unit in Sight::desk(game).units() {
                ui.selectable_value(&mut form.unit, Some(unit.id), &unit.name);
            }
        })
        .response
        .labelled_by(label.id);
    egui::ComboBox::from_id_salt("log_side")
        .selected_text(form.side.map_or("both sides", Side::name))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut form.side, None, "both sides");
            ui.selectable_value(&mut form.side, Some(Side::Regular), "Regular");
            ui.selectable_value(&mut form.side, Some(Side::Insurgent), "Insurgent");
        })
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Log: side"));
    egui::ComboBox::from_id_salt("log_kind")
        .selected_text(form.kind.map_or("every kind", LogKind::name))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut form.kind, None, "every kind");
            for kind in LogKind::ALL {
                ui.selectable_value(&mut form.kind, Some(kind), kind.name());
            }
        })
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Log: kind"));
}

/// The log folded to one line: how many events, the latest of them, and the way back.
pub fn folded_log_ui(ui: &mut Ui, game: &Game, queue: &mut Vec<UiCommand>) {
    ui.horizontal(|ui| {
        if style::named_button(ui, "Unfold", "Unfold the log", true).clicked() {
            queue.push(UiCommand::FoldLog(false));
        }
        let sight = Sight::desk(game);
        let latest = sight
            .last_line()
            .map_or_else(String::new, |line| format!(" · latest: {}", line.summary));
        let words = format!(
            "Log — {} in effect{latest}",
            plural(sight.events_in_effect(), "event", "events")
        );
        ui.add(egui::Label::new(RichText::new(words).strong()).truncate());
    });
}

/// Draws the log. Only the rows in view are laid out: the others keep the height they had when
/// last drawn, so a long game costs about as much as a short one.
pub fn log_ui(ui: &mut Ui, game: &Game, form: &mut LogForm, queue: &mut Vec<UiCommand>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!(
                "Log — {} in effect",
                plural(Sight::desk(game).events_in_effect(), "event", "events"),
            ))
            .strong(),
        );
        filter_ui(ui, game, form);
        if !form.follow && ui.button("Latest").clicked() {
            form.follow = true;
        }
        if ui.button("Export report…").clicked() {
            queue.push(UiCommand::ExportDialog);
        }
        if style::named_button(ui, "Fold", "Fold the log", true)
            .on_hover_text("Fold the log to one line, giving its room to the desk")
            .clicked()
        {
            queue.push(UiCommand::FoldLog(true));
        }
    });
    let width = ui.available_width();
    if (width - form.width).abs() > 1.0 {
        form.heights.clear();
        form.tops = None;
        form.width = width;
    }
    let one_line = ui.text_style_height(&egui::TextStyle::Body) + ROW_GAP;
    let rows = form.rows(game).to_vec();
    // Where each row starts, worked out again only when the rows or a row's height change.
    let key = form.rows_key();
    if form.tops.as_ref().is_none_or(|(k, _)| *k != key) {
        let mut y = 0.0;
        let mut tops = Vec::with_capacity(rows.len() + 1);
        for index in &rows {
            tops.push(y);
            y += form.heights.get(index).copied().unwrap_or(one_line);
        }
        tops.push(y);
        form.tops = Some((key, tops));
    }
    let tops = form
        .tops
        .as_ref()
        .map(|(_, t)| t.clone())
        .unwrap_or_default();
    let total = tops.last().copied().unwrap_or(0.0);
    // The view is as tall as the panel leaves it, however short (egui's least is 64 points,
    // taller than a log giving room to the Now view: its newest line was cut off below).
    let mut scroll = egui::ScrollArea::vertical()
        .id_salt("log_scroll")
        .min_scrolled_height(0.0)
        .auto_shrink([false, false]);
    // Only the referee's own scrolling takes the log away from the newest event: the wheel or
    // a drag upward over it. A view clamped for a frame (a new panel, a resumed game whose rows
    // are not measured yet) is no reason to stop following.
    let area = ui.available_rect_before_wrap();
    let (wheel_up, dragging) = ui.input(|i| {
        let over = i.pointer.hover_pos().is_some_and(|p| area.contains(p));
        (
            over && (i.smooth_scroll_delta.y > 0.0
                || i.events
                    .iter()
                    .any(|e| matches!(e, egui::Event::MouseWheel { delta, .. } if delta.y > 0.0))),
            i.pointer.primary_down() && i.pointer.press_origin().is_some_and(|p| area.contains(p)),
        )
    });
    let mut forced = None;
    if form.follow && !wheel_up && !dragging {
        // The end exactly, from the height the view had last frame: an offset past the end
        // would spring back, and keep the window repainting.
        let visible = if form.view_height > 0.0 {
            form.view_height
        } else {
            ui.available_height()
        };
        let end = (total - visible).max(0.0);
        scroll = scroll.vertical_scroll_offset(end);
        forced = Some(end);
    }
    let mut changed = false;
    let output = scroll.show_viewport(ui, |ui, viewport| {
        ui.set_min_height(total);
        let top = ui.min_rect().top();
        // The first row in view, found by halving, then the rows down to the view's bottom.
        let first = tops
            .partition_point(|&y| y <= viewport.top())
            .saturating_sub(1);
        for (position, &index) in rows.iter().enumerate().skip(first) {
            let y = tops[position];
            if y > viewport.bottom() {
                break;
            }
            let height = tops[position + 1] - y;
            let rect = egui::Rect::from_min_size(
                egui::pos2(ui.min_rect().left(), top + y),
                egui::vec2(width, height),
            );
            let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
            child.add(egui::Label::new(form.line(game, index)).wrap());
            let drawn = (child.min_rect().height() + ROW_GAP).max(one_line);
            if (drawn - height).abs() > 0.5 {
                form.heights.insert(index, drawn);
                changed = true;
            }
        }
    });
    if changed {
        form.tops = None;
    }
    // Following means staying at the end: scrolled up by the referee, the log stops following
    // until the referee comes back to the end or asks for the latest.
    // A view that changed height (the log giving room to the Now view) was held at the end
    // of the height it had: one more frame holds it at its own.
    let height = output.inner_rect.height();
    if form.follow && (form.view_height - height).abs() > 0.5 {
        ui.ctx().request_repaint();
    }
    form.view_height = height;
    let offset = output.state.clamped_offset().y;
    let end = (output.content_size.y - output.inner_rect.height()).max(0.0);
    let at_end = offset >= end - 4.0;
    // Held at the end, the view may still come out short of it for a frame when the end moved
    // past where the view could go last frame (a resumed game, rows measured anew): that is no
    // scroll of the referee's. Short of an end it could reach, it was scrolled.
    let scrolled_away = forced.is_some_and(|f| offset < f - 2.0 && f <= form.reachable_end + 2.0);
    form.follow = at_end || (form.follow && !(wheel_up || dragging || scrolled_away));
    form.reachable_end = end;
}
