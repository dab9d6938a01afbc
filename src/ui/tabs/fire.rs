//! The Fire tab: attacker, target, what the game knows about the shot (shown, not asked), the
//! table's facts as toggles, the pools, the roll; and the referee's correction, in words, for
//! overruling what the game knows.

use egui::{RichText, Ui};

use ambush_core::game::{Command, Detail, FireContext, Game, Part, TableQuestion};
use ambush_core::rules::fire::{FireModifiers, OptimumReach};
use ambush_core::unit::{Unit, UnitId};

use crate::ui::command::UiCommand;
use crate::ui::widgets::style::{self, part_picker};

/// The fire form.
#[derive(Debug, Default)]
pub struct FireForm {
    /// Firing unit.
    pub attacker: Option<UnitId>,
    /// Target unit.
    pub target: Option<UnitId>,
    /// Toggles as the referee left them.
    pub modifiers: FireModifiers,
    /// The referee overrules what the game knows about this shot.
    pub correcting: bool,
    /// The referee's words for the correction.
    pub correction: String,
    /// Why the unit fires.
    pub context: FireContext,
    /// The pair and game moment the toggles were last proposed for.
    proposed_for: Option<(UnitId, UnitId, usize)>,
    /// The last odds worked out, and the fire they are for (worked out again only when the
    /// fire changes, not every frame).
    odds: Option<((Command, usize), ambush_core::odds::FireOdds)>,
}

impl FireForm {
    /// Keeps the form in step with the game: units no longer on the table are dropped; each new
    /// moment refreshes what the units' state says, keeps the referee's judgements (range,
    /// exposure, cover, adjustments) while the firing unit is the same, and moves the context to
    /// one the rules allow now when the one chosen no longer is.
    fn propose(&mut self, game: &Game) {
        let state = game.state();
        if self
            .attacker
            .is_some_and(|a| !state.may_take_part(a, Part::Firer))
        {
            self.attacker = None;
        }
        if self
            .target
            .is_some_and(|t| !state.may_take_part(t, Part::TargetOf(None)))
        {
            self.target = None;
        }
        let (Some(a), Some(t)) = (self.attacker, self.target) else {
            return;
        };
        let (Some(attacker), Some(target)) = (state.unit(a), state.unit(t)) else {
            return;
        };
        let key = (a, t, game.revision());
        if self.proposed_for == Some(key) {
            self.modifiers.correction = self.correcting.then(|| self.correction.clone());
            if !self.correcting {
                self.modifiers = self.modifiers.as_the_state_says(
                    attacker,
                    target,
                    state.settings().interruption_penalty,
                );
            }
            return;
        }
        self.correcting = false;
        self.correction.clear();
        let fresh =
            FireModifiers::proposed(attacker, target, state.settings().interruption_penalty);
        let same_attacker = self.proposed_for.is_some_and(|(x, _, _)| x == a);
        self.modifiers = if same_attacker {
            FireModifiers {
                optimum_range: self.modifiers.optimum_range,
                target_exposed: self.modifiers.target_exposed,
                solid_cover: self.modifiers.solid_cover,
                beyond_effective_range: self.modifiers.beyond_effective_range,
                firepower_adjust: self.modifiers.firepower_adjust,
                defense_adjust: self.modifiers.defense_adjust,
                ..fresh
            }
        } else {
            fresh
        };
        let allowed = |context| {
            game.check(&Command::Fire {
                attacker: a,
                target: t,
                modifiers: self.modifiers.clone(),
                context,
            })
            .is_ok()
        };
        if !same_attacker || !allowed(self.context) {
            self.context = default_context(game, &self.modifiers, a, t);
        }
        self.proposed_for = Some(key);
    }
}

/// The first way the gate lets this unit fire at that one now.
fn default_context(
    game: &Game,
    modifiers: &FireModifiers,
    attacker: UnitId,
    target: UnitId,
) -> FireContext {
    FireContext::ALL
        .into_iter()
        .find(|&context| {
            game.check(&Command::Fire {
                attacker,
                target,
                modifiers: modifiers.clone(),
                context,
            })
            .is_ok()
        })
        .unwrap_or_default()
}

/// Draws the Fire tab.
pub fn fire_ui(ui: &mut Ui, game: &Game, form: &mut FireForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    style::heading(ui, "Fire combat");
    // A target the firing unit may not fire on (its own side) is dropped.
    if let Some(t) = form.target
        && !state.may_take_part(t, Part::TargetOf(form.attacker))
    {
        form.target = None;
    }
    ui.horizontal_wrapped(|ui| {
        part_picker(
            ui,
            "fire_attacker",
            "Firing unit",
            game,
            Part::Firer,
            &mut form.attacker,
        );
        part_picker(
            ui,
            "fire_target",
            "Target",
            game,
            Part::TargetOf(form.attacker),
            &mut form.target,
        );
        if ui.button("Swap").clicked() {
            std::mem::swap(&mut form.attacker, &mut form.target);
        }
    });
    form.propose(game);
    let (Some(a), Some(t)) = (form.attacker, form.target) else {
        ui.label("Choose the firing unit and its target (or use Fire… and Target on the cards).");
        last_fire_ui(ui, game);
        return;
    };
    let (Some(attacker), Some(target)) = (state.unit(a), state.unit(t)) else {
        return;
    };

    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Fires as:").strong());
        for (context, words) in [
            (FireContext::Activation, "its activation or action"),
            (FireContext::Interrupt, "an interruption"),
            (FireContext::Reaction, "a reaction"),
            (FireContext::Overwatch, "Overwatch"),
        ] {
            ui.radio_value(&mut form.context, context, words);
        }
    });

    let reach = OptimumReach::of(attacker);
    let reach_words = match reach.support {
        Some(s) => format!(
            "{} ({} with its support weapons)",
            state.distance(reach.base),
            state.distance(s)
        ),
        None => state.distance(reach.base),
    };
    known_ui(ui, &form.modifiers, attacker, target);
    let m = &mut form.modifiers;
    ui.label(RichText::new("What the table shows").strong());
    // The table's questions, in the words and with the effects the core gives them.
    for question in [
        TableQuestion::OptimumRange,
        TableQuestion::BeyondEffectiveRange,
        TableQuestion::InTheOpen,
        TableQuestion::SolidCover,
    ] {
        let words = match question {
            TableQuestion::OptimumRange => format!(
                "Target within Optimum Range: {reach_words} ({})",
                question.effect()
            ),
            TableQuestion::InTheOpen => format!(
                "{} exposed: open ground, over 2\" from cover ({})",
                target.name,
                question.effect()
            ),
            TableQuestion::SolidCover => {
                format!("{} behind Solid Cover ({})", target.name, question.effect())
            }
            _ => format!("{}: {}", question.words(), question.effect()),
        };
        if let Some(answer) = question.of(m) {
            ui.checkbox(answer, words);
        }
    }
    correction_ui(
        ui,
        &mut form.correcting,
        &mut form.correction,
        &mut form.modifiers,
        attacker,
    );
    let m = &mut form.modifiers;
    ui.horizontal_wrapped(|ui| {
        style::number(
            ui,
            "Referee's adjustment to Firepower:",
            &mut m.firepower_adjust,
            ambush_core::limits::POOL_ADJUST.range(),
        );
        style::number(
            ui,
            "to Defense:",
            &mut m.defense_adjust,
            ambush_core::limits::POOL_ADJUST.range(),
        );
    });

    let key = (
        Command::Fire {
            attacker: a,
            target: t,
            modifiers: form.modifiers.clone(),
            context: form.context,
        },
        game.revision(),
    );
    if form.odds.as_ref().is_none_or(|(k, _)| *k != key) {
        form.odds = Some((
            key.clone(),
            ambush_core::odds::FireOdds::of(attacker, target, &form.modifiers),
        ));
    }
    let Some((_, odds)) = form.odds.clone() else {
        return;
    };
    ui.separator();
    ui.columns(2, |cols| {
        crate::ui::widgets::result::pool_ui(&mut cols[0], "Firepower", &odds.firepower);
        crate::ui::widgets::result::pool_ui(&mut cols[1], "Defense", &odds.defense);
    });
    if !odds.firepower.is_empty() {
        crate::ui::widgets::odds_view::casualties_ui(ui, &odds.casualties);
    }
    let (firepower, defense) = (odds.firepower, odds.defense);
    ui.separator();
    let words = if firepower.is_empty() {
        "Fire (no Firepower: no attack)".to_owned()
    } else {
        format!(
            "Fire: {} against {}",
            firepower.notation(),
            defense.notation()
        )
    };
    let command = Command::Fire {
        attacker: a,
        target: t,
        modifiers: form.modifiers.clone(),
        context: form.context,
    };
    let verdict = game.check(&command);
    style::command_button(
        ui,
        game,
        RichText::new(words.as_str())
            .size(style::HEADING - 2.0)
            .strong(),
        &words,
        command,
        queue,
    );
    if let Err(why) = verdict {
        ui.label(RichText::new(format!("Not now: {why}")).color(ui.visuals().warn_fg_color));
    }
    last_fire_ui(ui, game);
}

/// The last fire combat, when it is the most recent event (what it calls for is on Now).
fn last_fire_ui(ui: &mut Ui, game: &Game) {
    let Some(index) = game.last_in_effect() else {
        return;
    };
    if matches!(
        game.outcome(index).map(|o| &o.detail),
        Some(Detail::Fire(_))
    ) {
        ui.separator();
        style::heading(ui, "Result");
        crate::ui::widgets::result::entry_result_ui(ui, game, index, true);
    }
}

/// What the game knows about the shot, in the core's words. Shown as the modifiers now stand
/// (corrected or not).
fn known_ui(ui: &mut Ui, m: &FireModifiers, attacker: &Unit, target: &Unit) {
    ui.label(RichText::new("What the game knows").strong());
    let mut facts = m.known_words(attacker, target);
    if facts.is_empty() {
        facts.push("Nothing that changes the dice.".to_owned());
    }
    for fact in facts {
        ui.label(format!("• {fact}"));
    }
}

/// The referee's correction: overrule what the game knows, with the reason in words (logged).
fn correction_ui(
    ui: &mut Ui,
    correcting: &mut bool,
    words: &mut String,
    m: &mut FireModifiers,
    attacker: &Unit,
) {
    ui.checkbox(correcting, "Referee's correction: the game has this wrong");
    if !*correcting {
        return;
    }
    ui.indent("fire_correction", |ui| {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Why (goes in the log):");
            ui.text_edit_singleline(words).labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            let [rapid, pinned, cautious, in_cover] =
                ambush_core::rules::fire::FireModifiers::CORRECTION_WORDS;
            ui.checkbox(&mut m.attacker_rapid, rapid);
            ui.checkbox(&mut m.attacker_pinned, pinned);
            ui.checkbox(&mut m.target_cautious, cautious);
            ui.checkbox(&mut m.target_in_cover, in_cover);
        });
        style::number(
            ui,
            &format!("Dice {} has lost:", attacker.name),
            &mut m.interruption_dice,
            ambush_core::limits::LOST_DICE.range(),
        );
    });
    m.correction = Some(words.clone());
}
