//! An activation's interruptions on the Now view: each interruption with what may answer it,
//! in the order its Reaction test gave, and the Insurgents who may still interrupt.

use egui::{RichText, Ui};

use ambush_core::game::{Command, FireContext, Game, Interruption, QualityPurpose, ReactionKind};
use ambush_core::rules::checks::ReactionModifiers;
use ambush_core::unit::{Movement, Side, Unit, UnitId};

use super::super::command::UiCommand;
use super::fire_row::{Shot, fire_row_ui};
use super::{NowForm, small_command};
use crate::ui::solo::SoloForm;

/// One interruption and what may answer it, the likeliest first.
pub(super) fn interruption_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    solo: &SoloForm,
    i: &Interruption,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let (Some(ins), Some(reg)) = (state.unit(i.insurgent), state.unit(i.regular)) else {
        return;
    };
    let what = match i.kind {
        ReactionKind::InterruptFire => "fire",
        _ => "movement",
    };
    let who_first = if i.insurgents_first {
        "the Insurgents act first"
    } else {
        "the Regulars react first"
    };
    ui.label(
        RichText::new(format!(
            "{} interrupts {}'s {what}: {who_first}",
            ins.name, reg.name
        ))
        .size(super::style::HEADING - 2.0)
        .strong(),
    );
    let two_player = !state.settings.solo;
    let insurgent_turn = |ui: &mut Ui, form: &mut NowForm, queue: &mut Vec<UiCommand>| {
        if two_player {
            fire_row_ui(
                ui,
                game,
                form,
                solo,
                Shot {
                    attacker: ins.id,
                    target: reg.id,
                    context: FireContext::Interrupt,
                },
                queue,
            );
            ui.horizontal_wrapped(|ui| {
                for movement in [Movement::Cautious, Movement::Rapid] {
                    small_command(
                        ui,
                        game,
                        &format!("or moves {}", movement.name()),
                        Command::InterruptMove {
                            unit: ins.id,
                            movement,
                        },
                        queue,
                    );
                }
            });
        }
    };
    // The interrupted unit's own answer, then the Insurgents', in the order the test gave.
    if i.insurgents_first {
        insurgent_turn(ui, form, queue);
    }
    fire_row_ui(
        ui,
        game,
        form,
        solo,
        Shot {
            attacker: reg.id,
            target: ins.id,
            context: FireContext::Reaction,
        },
        queue,
    );
    small_command(
        ui,
        game,
        &format!("{} moves into cover or out of sight instead", reg.name),
        Command::ReactMove {
            unit: reg.id,
            insurgent: ins.id,
        },
        queue,
    );
    if !i.insurgents_first {
        insurgent_turn(ui, form, queue);
    }
    // Friends in sight, and Overwatch units, may answer too.
    ui.horizontal_wrapped(|ui| {
        for friend in state.units_in_play(Side::Regular) {
            if friend.id == reg.id {
                continue;
            }
            let reacting = Command::Fire {
                attacker: friend.id,
                target: ins.id,
                modifiers: Default::default(),
                context: FireContext::Reaction,
            };
            if game.check(&reacting).is_ok() {
                let name = format!(
                    "{} reacts to {} (spends its activation)",
                    friend.name, ins.name
                );
                if crate::ui::widgets::style::named_button(ui, name.as_str(), &name, true).clicked()
                {
                    form.aim = Some(super::Aim {
                        attacker: friend.id,
                        target: ins.id,
                        context: FireContext::Reaction,
                        revision: game.revision(),
                    });
                }
            }
            small_command(
                ui,
                game,
                &format!("{} on Overwatch: Reaction test", friend.name),
                Command::ReactionTest {
                    insurgent: ins.id,
                    regular: friend.id,
                    kind: ReactionKind::Overwatch,
                    modifiers: ReactionModifiers::proposed(friend),
                },
                queue,
            );
        }
    });
    for friend in state.units_in_play(Side::Regular) {
        if i.overwatch_test(friend.id).is_some() {
            fire_row_ui(
                ui,
                game,
                form,
                solo,
                Shot {
                    attacker: friend.id,
                    target: ins.id,
                    context: FireContext::Overwatch,
                },
                queue,
            );
        }
    }
}

/// The Insurgent units that may interrupt the unit activating (a two-player game): a row of
/// buttons, one per unit, for each thing it may interrupt.
pub(super) fn interrupts_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut NowForm,
    active: &Unit,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    // What is interrupted: the movement of a unit moving, unless the referee says its fire; a
    // unit standing still has only its fire.
    let chosen = form
        .interrupt_fire
        .filter(|(unit, revision, _)| *unit == active.id && *revision == state.turn)
        .map(|(_, _, fire)| fire);
    let kind = ReactionKind::interrupting(active, chosen.unwrap_or(false));
    let fire = kind == ReactionKind::InterruptFire;
    let mut options = Vec::new();
    for ins in state.units_seen(Side::Insurgent) {
        let test = Command::ReactionTest {
            insurgent: ins.id,
            regular: active.id,
            kind,
            modifiers: ReactionModifiers::proposed(active),
        };
        let check = Command::QualityCheck {
            unit: ins.id,
            purpose: QualityPurpose::Interrupt,
        };
        // A unit without a leader tests first; the Reaction test follows if it passes.
        let series = if game.check(&test).is_ok() {
            vec![test.clone()]
        } else if ins.needs_interrupt_check()
            && game.check(&check).is_ok()
            && state.allows_once_checked(game.scenario(), ins.id, &test)
        {
            vec![check, test.clone()]
        } else {
            continue;
        };
        let mut label = test.facts(state).label;
        if series.len() > 1 {
            label.push_str(" (Interrupt check first)");
        }
        options.push((ins, series, label));
    }
    if options.is_empty() {
        return;
    }
    // The likeliest first: the units with the most figures.
    options.sort_by_key(|(ins, _, _)| std::cmp::Reverse(ins.firing_count()));
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Interrupt its").strong());
        if active.moving() {
            for (words, value) in [("movement", false), ("fire", true)] {
                if ui.selectable_label(fire == value, words).clicked() {
                    form.interrupt_fire = Some((active.id, state.turn, value));
                }
            }
        } else {
            ui.label(RichText::new("fire").strong());
        }
        ui.label(":");
        for (ins, series, label) in options {
            let text = if series.len() > 1 {
                format!("{} (check)", ins.name)
            } else {
                ins.name.clone()
            };
            let response = ui.button(text);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            if response.clicked() {
                queue.push(UiCommand::PlaySeries(series));
            }
        }
    });
    // A Pinned Regular unit may be fired on with no test, the interrupt sacrificed.
    for ins in state.units_seen(Side::Insurgent) {
        for target in state.units_in_play(Side::Regular) {
            let sacrifice = Command::Fire {
                attacker: ins.id,
                target: target.id,
                modifiers: Default::default(),
                context: FireContext::Interrupt,
            };
            if state.interruption_by(ins.id).is_none() && game.check(&sacrifice).is_ok() {
                let name = format!(
                    "{} sacrifices its interrupt to fire at {} (Pinned)",
                    ins.name, target.name
                );
                action_named_aim(ui, game, &name, ins.id, target.id, queue);
            }
        }
    }
}

/// A fire with no judgement to make beyond the units' state.
fn action_named_aim(
    ui: &mut Ui,
    game: &Game,
    name: &str,
    attacker: UnitId,
    target: UnitId,
    queue: &mut Vec<UiCommand>,
) {
    let state = game.state();
    let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else {
        return;
    };
    let command = Command::Fire {
        attacker,
        target,
        modifiers: ambush_core::rules::fire::FireModifiers::proposed(
            a,
            t,
            state.settings.interruption_penalty,
        ),
        context: FireContext::Interrupt,
    };
    super::action_named(ui, game, name, command, queue);
}
