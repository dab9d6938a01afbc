//! Undo in a solo game, through the desk: the opponent's roll cannot be fished for (another
//! roll, a setting, firing first before asking again give the same roll, or its questions
//! back), and no undo loses its turn (every undo back to before it answered leaves its
//! questions ready to ask; undoing a step of an answer offers that step again).

use crate::common;

use ambush_alley::ui::AssistantApp;
use ambush_core::dice::Rolled;
use ambush_core::game::{Command, Game};
use ambush_core::solo::{self, RegularAction, View};
use common::ui::{app, click, game, temp_dir, type_dice, unit};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::solo_app::answers;

const ANSWER: &str = "Let the Insurgents answer";

/// The name of the Undo button as it stands ("Undo: …").
fn undo_label(harness: &Harness<'_, AssistantApp>) -> String {
    harness
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Undo: "))
        .expect("an Undo button")
}

/// Undoes until `events` are in effect.
fn undo_to(harness: &mut Harness<'_, AssistantApp>, events: usize) {
    while game(harness).events_in_effect() > events {
        let undo = undo_label(harness);
        click(harness, &undo);
    }
}

/// Every event in effect from the `from`-th on: its command and its dice.
fn events_from(game: &Game, from: usize) -> Vec<(Command, Vec<Rolled>)> {
    game.applied_events()
        .skip(from)
        .map(|e| (e.command.clone(), e.dice.clone()))
        .collect()
}

/// Says that every one of them sees the Regular unit.
fn all_see(harness: &mut Harness<'_, AssistantApp>, question: &str) {
    for answer in answers(harness, question) {
        click(harness, &format!("{question} {answer}"));
    }
}

/// A solo game of Night Patrol on the desk, the app rolling, Section, first half activated
/// Rapid and seen by every marker, the Insurgents' answer given: the app, the number of events
/// before the answer, and the answer's events (the decisions, and whatever they led to).
fn night_patrol_answered(name: &str) -> (common::TestDir, Harness<'static, AssistantApp>) {
    let dir = temp_dir(name);
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Night Patrol");
    click(&mut harness, "Activate Section, first half: Rapid");
    all_see(&mut harness, "Which of these can see it?");
    (dir, harness)
}

/// The Insurgents answer: the events they made, from `before` on.
fn answer(harness: &mut Harness<'_, AssistantApp>, before: usize) -> Vec<(Command, Vec<Rolled>)> {
    click(harness, ANSWER);
    let made = events_from(game(harness), before);
    assert!(
        made.iter()
            .any(|(c, _)| matches!(c, Command::MarkerDecide { .. })),
        "the markers decided: {made:#?}"
    );
    made
}

/// The first way of fishing: undo the opponent's answer, make another roll (a Morale
/// check of the other half section, from its card), ask again: the same answer, roll for roll.
#[test]
fn undo_then_another_roll_gives_the_questions_back_and_the_same_rolls() {
    let (_dir, mut harness) = night_patrol_answered("solo-undo-another-roll");
    let before = game(&harness).events_in_effect();
    let first = answer(&mut harness, before);
    undo_to(&mut harness, before);
    click(&mut harness, "Morale check for Section, second half");
    click(
        &mut harness,
        "Morale check with modifier for Section, second half",
    );
    assert_eq!(game(&harness).events_in_effect(), before + 1, "a roll made");
    click(&mut harness, "Now");
    // The questions are ready to ask again, with their answers kept.
    assert!(
        harness.query_by_label(ANSWER).is_some(),
        "the questions are back"
    );
    let again = answer(&mut harness, before + 1);
    assert_eq!(again, first, "the same answer, roll for roll");
}

/// The second way: switching the dice that stay off in a solo game is refused, with words,
/// and asking again after undo gives the same rolls.
#[test]
fn undo_then_a_setting_cannot_switch_the_dice_that_stay_off() {
    let (_dir, mut harness) = night_patrol_answered("solo-undo-setting");
    let before = game(&harness).events_in_effect();
    let first = answer(&mut harness, before);
    undo_to(&mut harness, before);
    click(&mut harness, "Edit");
    click(
        &mut harness,
        "Hot Spots, Insurgency Level, turn and settings",
    );
    let dice_stay = "Dice stay after undo: the same command at the same place rolls the same faces";
    harness.get_by_label(dice_stay).scroll_to_me();
    harness.run();
    harness.get_by_label(dice_stay).click();
    harness.run();
    assert!(game(&harness).state().settings().dice_stay, "still on");
    assert!(
        harness
            .query_by_label_contains("cannot be switched off in a solo game")
            .is_some(),
        "the desk says why"
    );
    click(&mut harness, "Now");
    let now = game(&harness).events_in_effect();
    let again = answer(&mut harness, now);
    assert_eq!(again, first, "the same answer, roll for roll");
}

/// The third: undo the answer, then fire first (the natural "oops, I meant to fire first"):
/// the questions come back, ready to ask.
#[test]
fn undo_then_fire_first_gives_the_questions_back() {
    let dir = temp_dir("solo-undo-fire-first");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    // Cautious: once it has fired, its move is still to be interrupted.
    click(&mut harness, "Activate Fireteam Alpha: Cautious");
    let which = "Which of these can see it?";
    click(&mut harness, &format!("{which} Insurgents 1"));
    let before = game(&harness).events_in_effect();
    click(&mut harness, ANSWER);
    assert!(game(&harness).events_in_effect() > before);
    undo_to(&mut harness, before);
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    let fire = harness
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Fire: "))
        .expect("the fire button");
    click(&mut harness, &fire);
    assert!(
        game(&harness)
            .applied_events()
            .any(|e| matches!(e.command, Command::Fire { .. })),
        "Alpha fired"
    );
    click(&mut harness, "Now");
    assert!(
        harness.query_by_label(ANSWER).is_some(),
        "the questions are back"
    );
    assert!(
        harness
            .query_by_label_contains("The Insurgents have answered")
            .is_none()
    );
    // Asked again, they answer.
    click(&mut harness, ANSWER);
    assert!(game(&harness).events_in_effect() > before + 1);
}

/// Undoing only the Reaction test of an interruption leaves the decision to interrupt in
/// effect, and the test offered again on the Insurgents' panel.
#[test]
fn undoing_only_the_reaction_test_offers_it_again() {
    let dir = temp_dir("solo-undo-reaction-test");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    let which = "Which of these can see it?";
    click(&mut harness, &format!("{which} Insurgents 1"));
    // The roll that takes "interrupt" for Insurgents 1, as the player answered.
    let roll = {
        let g = game(&harness);
        let (alpha, ins1) = (
            unit(&harness, "Fireteam Alpha").id,
            unit(&harness, "Insurgents 1").id,
        );
        let view = View::unseen(alpha);
        let decisions = solo::interrupts(g, alpha, RegularAction::Moves, &[(ins1, view)], &[]);
        let Some(Command::SoloDecide { options, .. }) = &decisions[0].decide else {
            panic!("Insurgents 1 weighs its answer: {decisions:?}");
        };
        let first = options[0].words.starts_with("interrupt");
        if first { "0 1" } else { "0 0" }
    };
    click(&mut harness, ANSWER);
    type_dice(&mut harness, &[("Solo choice (percentile)", roll)]);
    let decided = game(&harness).events_in_effect();
    let taken = game(&harness)
        .state()
        .solo_decisions()
        .last()
        .and_then(|d| d.taken().map(|o| o.words.clone()));
    assert_eq!(taken.as_deref(), Some("interrupt Fireteam Alpha"));
    // Without a leader, its Interrupt check first: passed.
    type_dice(&mut harness, &[("Interrupt check: Insurgents 1", "6")]);
    // Its Reaction test: the Marines win it (1 against 8); the result in words follows.
    type_dice(
        &mut harness,
        &[
            ("Reaction: Insurgents 1", "1"),
            ("Reaction: Fireteam Alpha", "8"),
        ],
    );
    let tested = |g: &Game| {
        g.applied_events()
            .any(|e| matches!(e.command, Command::ReactionTest { .. }))
    };
    assert!(tested(game(&harness)));
    // Undo the test only (and its words): the decision and the Interrupt check stand.
    while tested(game(&harness)) {
        let undo = undo_label(&harness);
        click(&mut harness, &undo);
    }
    assert_eq!(game(&harness).events_in_effect(), decided + 1);
    let take = "Insurgents 1: take its Reaction test";
    assert!(
        harness.query_by_label(take).is_some(),
        "the test is offered again"
    );
    click(&mut harness, take);
    type_dice(
        &mut harness,
        &[
            ("Reaction: Insurgents 1", "1"),
            ("Reaction: Fireteam Alpha", "8"),
        ],
    );
    assert!(tested(game(&harness)));
}

/// The other way of losing the turn: undo the answer and the activation, activate the
/// unit again (at another speed): the questions are back, their answers kept, and the
/// opponent's roll for each decision is the same.
#[test]
fn undo_then_activating_again_gives_the_questions_back_and_the_same_rolls() {
    let dir = temp_dir("solo-undo-activate-again");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    let start = game(&harness).events_in_effect();
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    let which = "Which of these can see it?";
    click(&mut harness, &format!("{which} Insurgents 1"));
    click(&mut harness, &format!("{which} Insurgents 4"));
    click(&mut harness, ANSWER);
    let rolls = |g: &Game| -> Vec<(Option<ambush_core::unit::UnitId>, Option<u8>)> {
        g.state()
            .solo_decisions()
            .iter()
            .map(|d| (d.unit, d.roll))
            .collect()
    };
    let first = rolls(game(&harness));
    assert_eq!(first.len(), 2, "{first:?}");
    undo_to(&mut harness, start);
    click(&mut harness, "Activate Fireteam Alpha: Cautious");
    assert!(
        harness.query_by_label(ANSWER).is_some(),
        "the questions are back"
    );
    let picked = harness
        .get_by_label(&format!("{which} Insurgents 1"))
        .accesskit_node()
        .toggled();
    assert_eq!(
        picked,
        Some(egui::accesskit::Toggled::True),
        "the answers are kept"
    );
    click(&mut harness, ANSWER);
    assert_eq!(rolls(game(&harness)), first, "the same rolls");
}
