//! One fire the rules allow now, ready to roll: the button, the pools and their odds, and the
//! referee's judgement of what only the table shows (range, open ground, cover).

use egui::{RichText, Ui};

use ambush_core::game::{Command, FireContext, Game, Phase};
use ambush_core::rules::fire::{self, FireModifiers};
use ambush_core::unit::{Movement, Side, UnitId};

use super::super::command::UiCommand;
use super::NowForm;
use crate::ui::solo::SoloForm;
use crate::ui::widgets::odds_view::percent;

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// The moment of a pair of units now.
pub fn moment(game: &Game, attacker: UnitId, target: UnitId) -> Moment {
    let state = game.state();
    let movement = |id| state.unit(id).and_then(|u| u.status.movement);
    (
        state.turn,
        state.phase,
        state.active_unit,
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
            .view(attacker, target)
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
                solo.distance(target, attacker),
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

/// The modifiers of a fire: what the units' state says, with the referee's judgement.
pub fn modifiers(game: &Game, attacker: UnitId, target: UnitId, s: Situation) -> FireModifiers {
    let state = game.state();
    let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else {
        return FireModifiers::default();
    };
    FireModifiers {
        optimum_range: s.optimum_range,
        target_exposed: s.exposed,
        solid_cover: s.solid_cover,
        beyond_effective_range: s.beyond,
        ..FireModifiers::proposed(a, t, state.settings.interruption_penalty)
    }
}

/// One fire: who fires at whom, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// The firing unit.
    pub attacker: UnitId,
    /// The target.
    pub target: UnitId,
    /// Why it fires.
    pub context: FireContext,
}

/// Draws a fire the gate allows now; nothing when it does not. Returns whether it was drawn.
pub fn fire_row_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    shot: Shot,
    queue: &mut Vec<UiCommand>,
) -> bool {
    let Shot {
        attacker,
        target,
        context,
    } = shot;
    let state = game.state();
    let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else {
        return false;
    };
    let mut s = *situation(game, form, solo, attacker, target);
    let command = Command::Fire {
        attacker,
        target,
        modifiers: modifiers(game, attacker, target, s),
        context,
    };
    if game.check(&command).is_err() {
        return false;
    }
    let Command::Fire { modifiers: m, .. } = &command else {
        return false;
    };
    let attack = fire::firepower(a, m);
    let defense = fire::defense(t, m);
    ui.horizontal_wrapped(|ui| {
        super::action(ui, game, command.clone(), queue);
        let odds = if attack.is_empty() {
            "no Firepower: no attack".to_owned()
        } else {
            let dist = ambush_core::odds::casualties(
                &attack.dice,
                &defense.dice,
                m.target_number(),
                t.firing_count(),
            );
            format!(
                "{} vs {} · at least one casualty {} · mean {:.1}",
                attack.notation(),
                defense.notation(),
                percent(dist.at_least(1)),
                dist.mean()
            )
        };
        ui.label(RichText::new(odds).weak());
    });
    ui.horizontal_wrapped(|ui| {
        let pair = format!("{} at {}", a.name, t.name);
        let toggle = |ui: &mut Ui, value: &mut bool, words: &str| {
            let response = ui.checkbox(value, words);
            response.widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::CheckBox,
                    true,
                    *value,
                    format!("{words}: {pair}"),
                )
            });
        };
        toggle(ui, &mut s.optimum_range, "Optimum Range");
        toggle(ui, &mut s.exposed, "In the open");
        toggle(ui, &mut s.solid_cover, "Solid Cover");
        toggle(ui, &mut s.beyond, "Beyond effective range");
    });
    *situation(game, form, solo, attacker, target) = s;
    true
}
