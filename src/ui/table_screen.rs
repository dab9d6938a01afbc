//! The table screen: a second window for the players, on a TV or a monitor turned toward the
//! table. Large type, read-only: the turn and phase, the active unit, the Hot Spots, the victory
//! points, the scenario's notes for the players of this turn, the last roll as dice faces (which defender die stopped which attacker die), what is
//! due next, and compact cards of both sides. It reads the game each frame, so it follows every
//! event and every undo; closing it changes nothing in the game.

use egui::{Color32, RichText, Ui};

use ambush_core::game::{Detail, Game};
use ambush_core::unit::Side;
use ambush_core::view::{Line, Viewer};

/// The id of the table screen's window.
pub fn viewport_id() -> egui::ViewportId {
    egui::ViewportId::from_hash_of("ambush-alley-table-screen")
}

/// The table screen's content, at `scale` times its normal size: what every player may see
/// ([`Viewer::Table`]), nothing more.
pub fn table_screen_ui(ui: &mut Ui, game: &Game, scale: f32) {
    let view = crate::ui::widgets::view_for(ui.ctx(), game, Viewer::Table);
    let size = |points: f32| points * scale;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&view.headline).size(size(34.0)).strong());
    });
    let [regular, insurgent] = view.victory;
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("Regulars {regular} VP"))
                .size(size(28.0))
                .color(Color32::from_rgb(90, 150, 255)),
        );
        ui.label(
            RichText::new(format!("Insurgents {insurgent} VP"))
                .size(size(28.0))
                .color(Color32::from_rgb(240, 130, 70)),
        );
        ui.label(RichText::new(format!("Hot Spots: {}", view.hot_spots)).size(size(24.0)));
    });
    if let Some(active) = view.active.and_then(|u| view.unit(u)) {
        ui.label(
            RichText::new(format!("Active: {}", active.name))
                .size(size(26.0))
                .strong(),
        );
    }
    // The scenario's notes for the players (version 4), through the turn they were given in.
    for note in &view.notes {
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(2.0, Color32::from_rgb(217, 164, 65)))
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!("The scenario: {note}"))
                        .size(size(24.0))
                        .strong(),
                );
            });
    }
    ui.separator();
    last_roll_ui(ui, view.last.as_ref(), scale);
    ui.separator();
    // What is due and whose answer it is, as the table may read it.
    let next = if !view.next.is_empty() {
        format!("Next: {}", view.next.join("; "))
    } else {
        view.phase_next.clone()
    };
    ui.label(RichText::new(next).size(size(24.0)));
    ui.separator();
    ui.columns(2, |cols| {
        for (col, side) in cols.iter_mut().zip([Side::Regular, Side::Insurgent]) {
            col.label(
                RichText::new(format!("{side} units"))
                    .size(size(26.0))
                    .strong(),
            );
            for unit in view.on_table(side) {
                let mut line = format!("{} — {}", unit.name, unit.count);
                if !unit.badges.is_empty() {
                    let badges: Vec<&str> = unit.badges.iter().map(|b| b.label.as_str()).collect();
                    line.push_str(&format!(" · {}", badges.join(", ")));
                }
                col.label(RichText::new(line).size(size(20.0)));
            }
            if side == Side::Insurgent {
                for contact in &view.markers {
                    col.label(
                        RichText::new(format!("{} — a marker", contact.name)).size(size(20.0)),
                    );
                }
            }
        }
    });
}

/// The last event in effect the table may read: its words, its dice, and how lucky it was.
fn last_roll_ui(ui: &mut Ui, last: Option<&Line>, scale: f32) {
    let size = |points: f32| points * scale;
    let Some(outcome) = last else {
        ui.label(RichText::new("No roll yet").size(size(24.0)).weak());
        return;
    };
    ui.label(
        RichText::new(format!("Last: {}", outcome.summary))
            .size(size(26.0))
            .strong(),
    );
    if let Detail::Fire(report) = &outcome.detail {
        let m = &report.matching;
        ui.label(
            RichText::new(format!(
                "Attacker dice at {}+, and below each the defender die that stopped it:",
                m.target_number
            ))
            .size(size(18.0)),
        );
        ui.horizontal_wrapped(|ui| {
            for (i, face) in m.attack.iter().enumerate() {
                let blocked = m
                    .blocks
                    .iter()
                    .find(|b| b.attack == i)
                    .map(|b| m.defense[b.defense]);
                ui.vertical(|ui| {
                    die_ui(ui, *face, blocked.is_none(), scale);
                    let below = blocked.map_or_else(|| "hit".to_owned(), |d| d.to_string());
                    ui.label(RichText::new(below).size(size(20.0)));
                });
            }
            for face in &m.attack_discarded {
                ui.vertical(|ui| {
                    ui.label(RichText::new(format!(" {face} ")).size(size(30.0)).weak());
                    ui.label(RichText::new("miss").size(size(16.0)).weak());
                });
            }
        });
    }
    if let Some(luck) = &outcome.luck {
        ui.label(RichText::new(luck).size(size(20.0)).italics());
    }
    for note in &outcome.notes {
        ui.label(RichText::new(note).size(size(18.0)));
    }
    if let Some(more) = crate::ui::widgets::result::more_notes_words(outcome.more_notes) {
        ui.label(RichText::new(more).size(size(18.0)).italics());
    }
}

/// One die face, framed; a hit stands out.
fn die_ui(ui: &mut Ui, face: u8, hit: bool, scale: f32) {
    let fill = if hit {
        Color32::from_rgb(200, 60, 50)
    } else {
        ui.visuals().widgets.inactive.bg_fill
    };
    egui::Frame::NONE
        .fill(fill)
        .corner_radius(6.0 * scale)
        .inner_margin(8.0 * scale)
        .show(ui, |ui| {
            ui.label(
                RichText::new(format!("{face:>2}"))
                    .size(30.0 * scale)
                    .strong()
                    .color(Color32::WHITE),
            );
        });
}
