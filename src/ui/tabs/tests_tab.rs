//! The Tests tab: interrupts and Reaction tests, Quality checks and Morale checks.

use egui::{RichText, Ui};

use ambush_core::game::{Command, Game, Part, QualityPurpose, ReactionKind};
use ambush_core::rules::checks::{ReactionModifiers, TestDie};
use ambush_core::unit::{Side, UnitId};

use crate::ui::command::UiCommand;
use crate::ui::widgets::odds_view::{morale_words, percent};
use crate::ui::widgets::style::{self, part_picker};

/// The tests form.
#[derive(Debug)]
pub struct TestsForm {
    /// Interrupting Insurgent unit.
    pub insurgent: Option<UnitId>,
    /// The Regular unit interrupted (or on Overwatch).
    pub regular: Option<UnitId>,
    /// What the Reaction test decides.
    pub kind: ReactionKind,
    /// Reaction modifiers: the Regular unit's movement as the state says, the referee's
    /// adjustments, and any correction.
    pub reaction: ReactionModifiers,
    /// The referee overrules what the game knows of the Regular unit's movement.
    pub correcting: bool,
    /// The referee's words for the correction.
    pub correction: String,
    reaction_for: Option<(UnitId, usize)>,
    /// The activation the form last followed.
    followed: Option<UnitId>,
    /// Unit for a Quality check.
    pub quality_unit: Option<UnitId>,
    /// Why the Quality check.
    pub purpose: QualityPurpose,
    /// Unit for a Morale check.
    pub morale_unit: Option<UnitId>,
    /// Added to every Morale die.
    pub morale_modifier: i8,
    /// Regulars already in a defensible position.
    pub defensible: bool,
}

impl Default for TestsForm {
    fn default() -> Self {
        Self {
            insurgent: None,
            regular: None,
            kind: ReactionKind::InterruptMovement,
            reaction: ReactionModifiers::default(),
            correcting: false,
            correction: String::new(),
            reaction_for: None,
            followed: None,
            quality_unit: None,
            purpose: QualityPurpose::Other,
            morale_unit: None,
            morale_modifier: 0,
            defensible: false,
        }
    }
}

/// Draws the Tests tab.
pub fn tests_ui(ui: &mut Ui, game: &Game, form: &mut TestsForm, queue: &mut Vec<UiCommand>) {
    reaction_ui(ui, game, form, queue);
    ui.separator();
    quality_ui(ui, game, form, queue);
    ui.separator();
    morale_ui(ui, game, form, queue);
}

fn reaction_ui(ui: &mut Ui, game: &Game, form: &mut TestsForm, queue: &mut Vec<UiCommand>) {
    let state = game.state();
    style::heading(ui, "Interrupts and Reaction tests");
    // The form follows the game: a unit no longer on the table is dropped, and a new
    // activation brings its unit in as the one interrupted.
    for unit in [
        &mut form.insurgent,
        &mut form.regular,
        &mut form.quality_unit,
        &mut form.morale_unit,
    ] {
        if unit.is_some_and(|u| state.unit(u).is_none_or(|u| !u.in_play())) {
            *unit = None;
        }
    }
    if form.kind != ReactionKind::Overwatch && form.followed != state.active_unit() {
        form.followed = state.active_unit();
        if state.active_unit().is_some() {
            form.regular = state.active_unit();
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(
            &mut form.kind,
            ReactionKind::InterruptMovement,
            "Insurgents interrupt movement",
        );
        ui.radio_value(
            &mut form.kind,
            ReactionKind::InterruptFire,
            "Insurgents interrupt fire",
        );
        ui.radio_value(
            &mut form.kind,
            ReactionKind::Overwatch,
            "Overwatch answers an interruption",
        );
    });
    ui.horizontal_wrapped(|ui| {
        part_picker(
            ui,
            "reaction_insurgent",
            "Insurgent unit",
            game,
            Part::ReactingInsurgent,
            &mut form.insurgent,
        );
        let overwatch = form.kind == ReactionKind::Overwatch;
        part_picker(
            ui,
            "reaction_regular",
            if overwatch {
                "Overwatch unit"
            } else {
                "Regular unit"
            },
            game,
            Part::ReactingRegular(form.kind),
            &mut form.regular,
        );
    });
    let (Some(i), Some(r)) = (form.insurgent, form.regular) else {
        ui.label("Choose the Insurgent unit and the Regular unit.");
        return;
    };
    let (Some(ins), Some(reg)) = (state.unit(i), state.unit(r)) else {
        return;
    };
    if form.reaction_for != Some((r, game.revision())) {
        // The movement follows the Regular unit's state; the referee's own adjustments stay
        // while it is the same unit, and a correction only for the moment it was given.
        let mut proposed = ReactionModifiers::proposed(reg);
        if form.reaction_for.is_some_and(|(unit, _)| unit == r) {
            proposed.regular_adjust = form.reaction.regular_adjust;
            proposed.insurgent_adjust = form.reaction.insurgent_adjust;
        }
        form.reaction = proposed;
        form.correcting = false;
        form.correction.clear();
        form.reaction_for = Some((r, game.revision()));
    }
    let interrupting = form.kind != ReactionKind::Overwatch;
    let command = Command::ReactionTest {
        insurgent: i,
        regular: r,
        kind: form.kind,
        modifiers: form.reaction.clone(),
    };
    // Why not now, in the gate's words (the phase, the unit, the interruption).
    if let Err(why) = game.check(&command) {
        ui.label(RichText::new(format!("Not now: {why}")).color(ui.visuals().warn_fg_color));
    }
    // The gate says whether this unit must pass an Interrupt check first.
    let check = Command::QualityCheck {
        unit: i,
        purpose: QualityPurpose::Interrupt,
    };
    let needs_check = interrupting && game.check(&check).is_ok();
    if needs_check {
        ui.label(format!(
            "{} has no leader: it must pass an Interrupt check ({}) first.",
            ins.name,
            TestDie::for_unit(ins).passes_words()
        ));
        style::command_button(
            ui,
            game,
            "Interrupt check",
            &format!("Interrupt check for {}", ins.name),
            check,
            queue,
        );
    }
    movement_ui(ui, reg, form);
    ui.horizontal_wrapped(|ui| {
        style::number(
            ui,
            "Referee's adjustment, Regulars:",
            &mut form.reaction.regular_adjust,
            ambush_core::limits::DIE_ADJUST.range(),
        );
        style::number(
            ui,
            "Insurgents:",
            &mut form.reaction.insurgent_adjust,
            ambush_core::limits::DIE_ADJUST.range(),
        );
    });
    let (setup_words, odds) =
        ambush_core::odds::reaction_words(ins, reg, &form.reaction, needs_check);
    ui.label(setup_words);
    ui.label(RichText::new(odds).strong());
    style::command_button(
        ui,
        game,
        RichText::new("Roll the Reaction test").strong(),
        "Roll the Reaction test",
        command,
        queue,
    );
}

/// What the game knows of the Regular unit's movement, shown as facts; the referee's
/// correction, in words (logged), to overrule them.
fn movement_ui(ui: &mut Ui, reg: &ambush_core::unit::Unit, form: &mut TestsForm) {
    ui.label(format!("• {}", form.reaction.movement_words(reg)));
    ui.checkbox(
        &mut form.correcting,
        "Referee's correction: the game has this wrong",
    );
    if !form.correcting {
        form.reaction = form.reaction.as_the_state_says(reg);
        form.reaction.correction = None;
        return;
    }
    ui.indent("reaction_correction", |ui| {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Why (goes in the log):");
            ui.text_edit_singleline(&mut form.correction)
                .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            let [alert, rapid] = ReactionModifiers::CORRECTION_WORDS;
            ui.checkbox(&mut form.reaction.regular_alert, alert);
            ui.checkbox(&mut form.reaction.regular_rapid, rapid);
        });
    });
    form.reaction.correction = Some(form.correction.clone());
}

fn quality_ui(ui: &mut Ui, game: &Game, form: &mut TestsForm, queue: &mut Vec<UiCommand>) {
    style::heading(ui, "Quality check");
    ui.horizontal_wrapped(|ui| {
        part_picker(
            ui,
            "quality_unit",
            "Unit",
            game,
            Part::Tested,
            &mut form.quality_unit,
        );
        ui.radio_value(&mut form.purpose, QualityPurpose::Other, "any test");
        ui.radio_value(
            &mut form.purpose,
            QualityPurpose::ActWithoutLeader,
            "to act without a leader",
        );
    });
    let Some(id) = form.quality_unit else {
        return;
    };
    let Some(unit) = game.state().unit(id) else {
        return;
    };
    let test = TestDie::for_unit(unit);
    ui.label(
        RichText::new(format!(
            "Odds: passes {}",
            percent(ambush_core::odds::quality(&test))
        ))
        .strong(),
    );
    style::command_button(
        ui,
        game,
        format!(
            "Roll {} ({}+ passes)",
            test.notation(),
            ambush_core::rules::checks::SUCCESS
        ),
        &format!("Quality check for {}", unit.name),
        Command::QualityCheck {
            unit: id,
            purpose: form.purpose,
        },
        queue,
    );
}

fn morale_ui(ui: &mut Ui, game: &Game, form: &mut TestsForm, queue: &mut Vec<UiCommand>) {
    style::heading(ui, "Morale check");
    ui.horizontal_wrapped(|ui| {
        part_picker(
            ui,
            "morale_unit",
            "Unit",
            game,
            Part::Tested,
            &mut form.morale_unit,
        );
        style::number(
            ui,
            "Modifier to every die:",
            &mut form.morale_modifier,
            ambush_core::limits::DIE_ADJUST.range(),
        );
    });
    let Some(id) = form.morale_unit else {
        return;
    };
    let Some(unit) = game.state().unit(id) else {
        return;
    };
    if unit.side == Side::Regular {
        ui.checkbox(
            &mut form.defensible,
            "Already in a defensible position (a second Pinned does not pull back)",
        );
    }
    ui.label(RichText::new(morale_words(unit, form.morale_modifier, form.defensible)).strong());
    let (die, n) = ambush_core::rules::morale::morale_dice(unit);
    // Due when the agenda has this unit's Morale check among the steps due.
    let due = game
        .state()
        .due_steps(game.scenario())
        .iter()
        .flat_map(|step| &step.choices)
        .any(|item| matches!(item.command, Command::MoraleCheck { unit, .. } if unit == id));
    if due {
        ui.label(RichText::new("This check is due.").strong());
    }
    let words = format!("Roll {n}{die} for {}", unit.name);
    style::command_button(
        ui,
        game,
        words.as_str(),
        &format!("Morale check with modifier for {}", unit.name),
        Command::MoraleCheck {
            unit: id,
            modifier: form.morale_modifier,
            defensible: form.defensible,
        },
        queue,
    );
}
