//! The table's judgement of a fire: what only the referee sees (Optimum Range, open ground,
//! Solid Cover, beyond effective range), kept per pair of units for the moment it was made,
//! and the row of boxes that sets it for every fire listed.

use egui::Ui;

use ambush_core::game::{Game, Phase, TableQuestion};
use ambush_core::unit::{Movement, Side, UnitId};

use super::NowForm;
use super::shots::{Ready, Shot};
use crate::ui::solo::SoloForm;

/// The moment a judgement is made for: the turn, the phase, the unit activating and how both
/// units move. When any of it changes, the judgement starts afresh.
pub type Moment = (
    u32,
    Phase,
    Option<UnitId>,
    Option<Movement>,
    Option<Movement>,
);

/// What the referee sees on the table about one unit firing at another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Situation {
    /// The target is within the firing unit's Optimum Range.
    pub optimum_range: bool,
    /// The target stands in the open.
    pub exposed: bool,
    /// The target is behind Solid Cover.
    pub solid_cover: bool,
    /// The target is beyond effective range.
    pub beyond: bool,
}

impl Situation {
    /// The answer to one of the table's questions about a fire.
    pub fn answer(&mut self, question: TableQuestion) -> Option<&mut bool> {
        match question {
            TableQuestion::OptimumRange => Some(&mut self.optimum_range),
            TableQuestion::InTheOpen => Some(&mut self.exposed),
            TableQuestion::SolidCover => Some(&mut self.solid_cover),
            TableQuestion::BeyondEffectiveRange => Some(&mut self.beyond),
            TableQuestion::WhichFigures => None,
        }
    }

    /// The questions answered yes.
    pub fn yes(mut self) -> Vec<TableQuestion> {
        TableQuestion::FIRE
            .into_iter()
            .filter(|q| self.answer(*q).is_some_and(|a| *a))
            .collect()
    }
}

/// The moment of a pair of units now.
pub fn moment(game: &Game, attacker: UnitId, target: UnitId) -> Moment {
    let state = game.state();
    let movement = |id| state.unit(id).and_then(|u| u.status.movement());
    (
        state.turn(),
        state.phase(),
        state.active_unit(),
        movement(attacker),
        movement(target),
    )
}

/// What the solo player answered about this pair, as a starting judgement.
fn from_solo(game: &Game, solo: &SoloForm, attacker: UnitId, target: UnitId) -> Situation {
    let state = game.state();
    let side = state.unit(attacker).map(|u| u.side);
    match side {
        Some(Side::Insurgent) => solo
            .view(state, attacker, target)
            .map(|v| Situation {
                optimum_range: v.in_range,
                exposed: v.exposed,
                solid_cover: v.solid_cover,
                beyond: false,
            })
            .unwrap_or_default(),
        // The answer bounds the distance by the Insurgents' reach; the Regular unit's own
        // reach must cover it.
        Some(Side::Regular) => Situation {
            optimum_range: match (
                solo.distance(state, target, attacker),
                state.unit(attacker),
                state.unit(target),
            ) {
                (Some(distance), Some(regular), Some(insurgent)) => {
                    ambush_core::solo::regular_reaches(regular, insurgent, distance)
                }
                _ => false,
            },
            ..Situation::default()
        },
        None => Situation::default(),
    }
}

/// The referee's judgement of a pair for this moment.
pub fn situation<'a>(
    game: &Game,
    form: &'a mut NowForm,
    solo: &SoloForm,
    attacker: UnitId,
    target: UnitId,
) -> &'a mut Situation {
    let now = moment(game, attacker, target);
    let fresh = from_solo(game, solo, attacker, target);
    let entry = form
        .situations
        .entry((attacker, target))
        .or_insert((now, fresh));
    if entry.0 != now {
        *entry = (now, fresh);
    }
    &mut entry.1
}

/// The row of what only the table shows, for every fire listed: a box is ticked when it holds
/// for all of them, half-ticked when for some; a click sets it for all.
pub(super) fn judgement_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    fires: &[&(Shot, Ready)],
) {
    let names: Vec<String> = fires
        .iter()
        .map(|(shot, _)| {
            let state = game.state();
            let name = |id| state.unit(id).map_or("", |u| u.name.as_str());
            format!("{} at {}", name(shot.attacker), name(shot.target))
        })
        .collect();
    ui.horizontal_wrapped(|ui| {
        for judgement in TableQuestion::FIRE {
            let values: Vec<bool> = fires
                .iter()
                .map(|(shot, _)| {
                    situation(game, form, solo, shot.attacker, shot.target)
                        .answer(judgement)
                        .is_some_and(|a| *a)
                })
                .collect();
            let mut on = values.iter().all(|v| *v);
            let mixed = !on && values.iter().any(|v| *v);
            // Short words keep the four boxes on one line at 1024×700; the hover says it whole.
            let response = ui
                .add(egui::Checkbox::new(&mut on, judgement.short_words()).indeterminate(mixed))
                .on_hover_text(format!("{}: {}", judgement.words(), judgement.effect()));
            let name = format!("{}: {}", judgement.words(), names.join(", "));
            response
                .widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &name));
            if response.changed() {
                for (shot, _) in fires {
                    if let Some(answer) =
                        situation(game, form, solo, shot.attacker, shot.target).answer(judgement)
                    {
                        *answer = on;
                    }
                }
            }
        }
    });
}
