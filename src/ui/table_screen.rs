//! The table screen: a second window for the players, on a TV or a monitor turned toward the
//! table. Large type, read-only: the turn and phase, the active unit, the Hot Spots, the victory
//! points, the last roll as dice faces (which defender die stopped which attacker die), what is
//! due next, and compact cards of both sides. It reads the game each frame, so it follows every
//! event and every undo; closing it changes nothing in the game.

use egui::{Color32, RichText, Ui};

use ambush_core::game::{Detail, Game, Phase};
use ambush_core::story;
use ambush_core::unit::Side;

/// The id of the table screen's window.
pub fn viewport_id() -> egui::ViewportId {
    egui::ViewportId::from_hash_of("ambush-alley-table-screen")
}

/// The table screen's content, at `scale` times its normal size.
pub fn table_screen_ui(ui: &mut Ui, game: &Game, scale: f32) {
    let state = game.state();
    let scenario = game.scenario();
    let size = |points: f32| points * scale;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(state.headline()).size(size(34.0)).strong());
    });
    let (regular, insurgent) = state.victory_points(scenario);
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
        ui.label(
            RichText::new(format!("Hot Spots: {}", state.hot_spots_words(" · "))).size(size(24.0)),
        );
    });
    if let Some(active) = state.active_unit.and_then(|u| state.unit(u)) {
        ui.label(
            RichText::new(format!("Active: {}", active.name))
                .size(size(26.0))
                .strong(),
        );
    }
    ui.separator();
    last_roll_ui(ui, game, scale);
    ui.separator();
    // What is due and whose answer it is, from the agenda every screen draws from.
    let due: Vec<String> = state
        .due_steps(scenario)
        .iter()
        .map(|step| format!("{} — {}", step.words, step.answers.name()))
        .collect();
    let next = if !due.is_empty() {
        format!("Next: {}", due.join("; "))
    } else {
        match state.phase {
            Phase::Reinforcements => "Next: the Insurgents' reinforcements".to_owned(),
            Phase::RegularActivations => "Next: a Regular unit activates".to_owned(),
            Phase::InsurgentActions => "Next: the Insurgent units act".to_owned(),
            Phase::GameOver => format!("Game over: {}", state.standing(scenario)),
        }
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
            for unit in state.units_seen(side) {
                let badges: Vec<String> =
                    unit.badges(state.turn).iter().map(|b| b.label()).collect();
                // Dependants are carried, not fighting figures: counted apart.
                let mut line = format!(
                    "{} — {}",
                    unit.name,
                    ambush_core::text::plural(unit.firing_count(), "figure", "figures")
                );
                if unit.dependant_count() > 0 {
                    line.push_str(&format!(
                        " + {}",
                        ambush_core::text::plural(
                            unit.dependant_count(),
                            "dependant",
                            "dependants"
                        )
                    ));
                }
                if !badges.is_empty() {
                    line.push_str(&format!(" · {}", badges.join(", ")));
                }
                col.label(RichText::new(line).size(size(20.0)));
            }
            if side == Side::Insurgent {
                for contact in state.markers_on_table() {
                    col.label(
                        RichText::new(format!("{} — a marker", contact.name())).size(size(20.0)),
                    );
                }
            }
        }
    });
}

/// The last roll in effect: its words, its dice, and how lucky it was.
fn last_roll_ui(ui: &mut Ui, game: &Game, scale: f32) {
    let size = |points: f32| points * scale;
    let Some(outcome) = game.last_outcome() else {
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
    if let Some(luck) = story::luck_words(&outcome.detail) {
        ui.label(RichText::new(luck).size(size(20.0)).italics());
    }
    for note in &outcome.notes {
        ui.label(RichText::new(note).size(size(18.0)));
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
