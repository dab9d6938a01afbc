//! Fires the rules allow now, one click each: a row of what only the table shows (range, open
//! ground, cover), then one button per fire with its pools and exact odds. The row applies to
//! every fire listed after it, so the referee judges what is on the table first and fires with
//! one click; a fire with nothing to judge is a single click.

use egui::{RichText, Ui};

use ambush_core::game::{AgendaItem, FireContext, Game};
use ambush_core::unit::UnitId;
use ambush_core::view::JudgedFire;

use super::super::command::UiCommand;
use super::NowForm;
pub use super::judged::{Moment, Situation};
use super::judged::{judgement_ui, situation};
use crate::ui::solo::SoloForm;
use crate::ui::widgets::odds_view::percent;
use crate::ui::widgets::style;

/// One fire: who fires at whom, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shot {
    /// The firing unit.
    pub attacker: UnitId,
    /// The target.
    pub target: UnitId,
    /// Why it fires.
    pub context: FireContext,
}

/// Fires to draw under one row of the table's judgement: the likeliest as large buttons with
/// their whole names, pools and odds; the others as small buttons in one row after `words`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fires<'a> {
    /// Large buttons, one row each.
    pub large: &'a [Shot],
    /// Small buttons, in one row, each named for its target, or for its firing unit when
    /// `by_firer` (the answers to one unit).
    pub small: &'a [Shot],
    /// Name the small buttons for the firing unit.
    pub by_firer: bool,
    /// The words before the small buttons ("Fireteam Alpha fires at:").
    pub words: &'a str,
    /// Other ways to answer, as small buttons at the start of the row of small ones: the
    /// words on the button, and the agenda's item.
    pub also: &'a [(String, &'a AgendaItem)],
}

/// A fire as judged now (the core's: `ambush_core::view::judge_fire`).
pub type Ready = JudgedFire;

/// Fires worked out for a revision of the game: the gate's answer and the exact odds of each
/// fire as judged, so a frame does not ask them again (a unit may have forty targets).
#[derive(Debug, Default)]
pub struct Worked {
    revision: usize,
    fires: std::collections::HashMap<(Shot, Situation), Option<Ready>>,
}

fn ready(game: &Game, form: &mut NowForm, solo: &SoloForm, shot: Shot) -> Option<Ready> {
    let s = *situation(game, form, solo, shot.attacker, shot.target);
    if form.worked.revision != game.revision() {
        form.worked = Worked {
            revision: game.revision(),
            ..Worked::default()
        };
    }
    form.worked
        .fires
        .entry((shot, s))
        .or_insert_with(|| work_out(game, shot, s))
        .clone()
}

fn work_out(game: &Game, shot: Shot, s: Situation) -> Option<Ready> {
    ambush_core::view::judge_fire(game, shot.attacker, shot.target, shot.context, &s.yes())
}

/// Draws fires the gate allows now: the table's judgement for all of them, then a button for
/// each, and the other ways to answer. Returns whether any fire was drawn.
pub fn shots_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    fires: Fires<'_>,
    queue: &mut Vec<UiCommand>,
) -> bool {
    let mut ready_of = |shots: &[Shot]| -> Vec<(Shot, Ready)> {
        shots
            .iter()
            .filter_map(|&shot| Some((shot, ready(game, form, solo, shot)?)))
            .collect()
    };
    let large = ready_of(fires.large);
    let small = ready_of(fires.small);
    let all: Vec<&(Shot, Ready)> = large.iter().chain(&small).collect();
    if !all.is_empty() {
        judgement_ui(ui, game, form, solo, &all);
    }
    for (_, fire) in &large {
        ui.horizontal_wrapped(|ui| {
            if button(fire, ui, &fire.label, true).clicked() {
                queue.push(UiCommand::Play(fire.command.clone()));
            }
            // Beside the button on one line: the mean, then the pools, go to the hover text
            // when the whole would not fit.
            let whole = odds(fire);
            let font = egui::TextStyle::Body.resolve(ui.style());
            let room = ui.max_rect().right() - ui.cursor().min.x - ui.spacing().item_spacing.x;
            let fits = |text: &String| {
                ui.fonts_mut(|f| f.layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE))
                    .size()
                    .x
                    <= room
            };
            let pools = format!("{} · casualty {}", fire.pools, percent(fire.at_least_one));
            let text = if let Some(no_die) = &fire.no_die {
                format!(
                    "no Firepower die as judged: {} would give one",
                    no_die.gives
                )
            } else if fits(&whole) {
                whole.clone()
            } else if fits(&pools) {
                pools
            } else {
                // The pools go to the hover text too, rather than a line of their own.
                format!("casualty {}", percent(fire.at_least_one))
            };
            // Whole, on the next line when it does not fit beside the button.
            ui.add(egui::Label::new(RichText::new(text).weak()).extend())
                .on_hover_text(whole);
        });
    }
    if small.is_empty() && fires.also.is_empty() {
        return !all.is_empty();
    }
    let one_target = small
        .iter()
        .all(|(shot, _)| shot.target == small[0].0.target);
    ui.horizontal_wrapped(|ui| {
        for (text, item) in fires.also {
            super::small_item(ui, text, &item.label, item, queue);
        }
        if small.is_empty() {
            return;
        }
        if !fires.words.is_empty() {
            ui.add(egui::Label::new(RichText::new(fires.words).strong()).extend());
        }
        let who_of = |fire: &Ready| match (fires.by_firer, one_target) {
            (true, true) => fire.attacker.clone(),
            (true, false) => format!("{} at {}", fire.attacker, fire.target),
            (false, _) => fire.target.clone(),
        };
        let names: Vec<String> = small.iter().map(|(_, fire)| who_of(fire)).collect();
        for ((shot, fire), who) in small.iter().zip(&names) {
            // Two fires of the same units (an answer and an Overwatch shot) say why each fires.
            let who = if names.iter().filter(|n| *n == who).count() > 1 {
                format!("{who} ({})", shot.context.words())
            } else {
                who.clone()
            };
            // Without a die as judged, its odds are none: it says why it waits.
            let text = match fire.no_die {
                Some(_) => format!("{who} · no die"),
                None => format!("{who} · {}", percent(fire.at_least_one)),
            };
            if button(fire, ui, &text, false).clicked() {
                queue.push(UiCommand::Play(fire.command.clone()));
            }
        }
    });
    !all.is_empty()
}

/// The fire's button: large with its whole name, or small with `text`; disabled, saying why,
/// while the judgement leaves it no die.
fn button(fire: &Ready, ui: &mut Ui, text: &str, large: bool) -> egui::Response {
    let enabled = fire.no_die.is_none();
    let response = if large {
        ui.add_enabled_ui(enabled, |ui| style::action_button(ui, text, &fire.label))
            .inner
    } else {
        style::named_button(ui, text, &fire.label, enabled)
    };
    match &fire.no_die {
        Some(no_die) => response.on_disabled_hover_text(&no_die.why),
        None if large => response,
        None => response.on_hover_text(odds(fire)),
    }
}

/// The pools and the odds, in a few words.
fn odds(fire: &Ready) -> String {
    format!(
        "{} · casualty {} · mean {:.1}",
        fire.pools,
        percent(fire.at_least_one),
        fire.mean
    )
}
