//! Solo play in the real app: the questions an activation asks (at most six, whatever the
//! number of units or markers), the Insurgents' weighed answer rolled by the app and shown
//! once committed, their orders, and the game replaying from its autosave.

use std::path::Path;
use std::sync::Arc;

use crate::common;

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Phase, Settings};
use common::ui::{app, app_with, click, game, temp_dir, unit};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The questions asked on screen, in order: each is a row of answers named "QUESTION? ANSWER",
/// one answer to pick (radio buttons) or several (check boxes), at least one of which may be
/// given now (a row whose answers all wait for one above is not asked yet).
pub(super) fn questions(harness: &Harness<'_, AssistantApp>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let nodes = harness
        .query_all_by_role(Role::RadioButton)
        .chain(harness.query_all_by_role(Role::CheckBox))
        .filter(|n| !n.accesskit_node().is_disabled());
    let mut labelled: Vec<(f32, f32, String)> = Vec::new();
    for node in nodes {
        let Some(label) = node.accesskit_node().label() else {
            continue;
        };
        if let Some((question, _)) = label.split_once("? ") {
            let rect = node.rect();
            labelled.push((rect.top(), rect.left(), format!("{question}?")));
        }
    }
    // In the order they are drawn, top to bottom.
    labelled.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    for (_, _, question) in labelled {
        if !out.contains(&question) {
            out.push(question);
        }
    }
    out
}

/// The answers of one question on screen that may be given now, by their words.
pub(super) fn answers(harness: &Harness<'_, AssistantApp>, question: &str) -> Vec<String> {
    let prefix = format!("{question} ");
    harness
        .query_all_by_role(Role::CheckBox)
        .chain(harness.query_all_by_role(Role::RadioButton))
        .filter(|n| !n.accesskit_node().is_disabled())
        .filter_map(|n| n.accesskit_node().label())
        .filter_map(|l| l.strip_prefix(&prefix).map(str::to_owned))
        .collect()
}

/// Every solo line of the log, in order.
pub(super) fn solo_lines(harness: &Harness<'_, AssistantApp>) -> Vec<String> {
    let game = game(harness);
    (0..game.event_count())
        .filter(|&n| game.in_effect(n))
        .filter_map(|n| game.outcome(n).map(|o| o.summary.clone()))
        .filter(|s| s.starts_with("Solo: "))
        .collect()
}

/// Says that every one of them sees the Regular unit.
fn all_see(harness: &mut Harness<'_, AssistantApp>, question: &str) {
    for answer in answers(harness, question) {
        click(harness, &format!("{question} {answer}"));
    }
}

/// A saved solo game of Contracting Trouble with two more Insurgent units of riflemen, written
/// where the app can open it: six Insurgent units that could interrupt.
fn six_units_saved(dir: &Path) -> std::path::PathBuf {
    let loaded = ambush_core::scenario::builtin::contracting_trouble().expect("shipped");
    let settings = Settings {
        solo: true,
        dice_stay: true,
        dice_seed: Some(11),
        ..Settings::default()
    };
    let mut game = Game::new(Arc::new(loaded.scenario), settings.clone());
    for n in [7, 8] {
        let unit = ambush_core::game::command::NewUnit {
            name: format!("Insurgents {n}"),
            side: ambush_core::unit::Side::Insurgent,
            profile: ambush_core::unit::Profile {
                tq: ambush_core::dice::Die::D6,
                morale: ambush_core::dice::Die::D10,
                optimum_range: 6,
                armor: 0,
            },
            location: "the rooftops".to_owned(),
            figures: (0..4)
                .map(|_| ambush_core::game::command::NewFigure {
                    name: "Gunman".to_owned(),
                    weapon: ambush_core::unit::Weapon::Rifle,
                    tq: None,
                })
                .collect(),
        };
        game.play(
            Command::AddUnit { unit },
            &mut DiceSource::typed(Vec::new()),
        )
        .expect("added");
    }
    let path = dir.join("six-units.jsonl");
    let header = ambush_core::journal::Header::new(loaded.file, settings);
    ambush_core::journal::write_whole(&path, &header, &game).expect("written");
    path
}

#[test]
fn an_activation_asks_who_sees_it_in_one_question_and_shows_the_odds_once_answered() {
    let dir = temp_dir("solo-questions");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    assert!(game(&harness).state().settings().solo);
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    // One question lists every Insurgent unit that could interrupt (not the lone leaders).
    let which = "Which of these can see it?";
    assert_eq!(questions(&harness), vec![which]);
    assert_eq!(
        answers(&harness, which),
        vec![
            "Insurgents 1",
            "Insurgents 3",
            "Insurgents 4",
            "Insurgents 5"
        ]
    );
    for seen in ["Insurgents 1", "Insurgents 4", "Insurgents 5"] {
        click(&mut harness, &format!("{which} {seen}"));
    }
    // Then the ranges, one question each, asked of those that have them; what Alpha does
    // first; the ground.
    let within_6 = "Which are within 6\" of it?";
    let within_12 = "Which are within 12\" of it?";
    assert_eq!(
        questions(&harness),
        vec![
            which,
            within_6,
            within_12,
            "What does it do first?",
            "Is it in the open?",
            "Is it behind Solid Cover from them?",
        ]
    );
    assert_eq!(
        answers(&harness, within_6),
        vec!["Insurgents 1", "Insurgents 4 (its leader)"]
    );
    assert_eq!(
        answers(&harness, within_12),
        vec!["Insurgents 4 (its RPG)", "Insurgents 5"]
    );
    click(&mut harness, &format!("{within_6} Insurgents 1"));
    click(&mut harness, &format!("{within_12} Insurgents 4 (its RPG)"));
    click(&mut harness, "Is it in the open? yes");
    assert!(questions(&harness).len() <= 6);
    // Nothing of the weighing before the answers are committed.
    assert!(harness.query_by_label_contains("weighed:").is_none());
    assert!(harness.query_by_label_contains("% (").is_none());
    click(&mut harness, "Let the Insurgents answer");
    let lines = solo_lines(&harness);
    let decided: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("answer to Fireteam Alpha's activation"))
        .collect();
    assert_eq!(decided.len(), 3, "{lines:#?}");
    let recorded = &game(&harness).state().solo_decisions();
    assert_eq!(recorded.len(), 3);
    assert!(recorded.iter().all(|d| d.roll.is_some()));
    // In the order of the table, then the odds on screen.
    let units: Vec<_> = recorded.iter().map(|d| d.unit).collect();
    let mut sorted = units.clone();
    sorted.sort();
    assert_eq!(units, sorted);
    harness.get_by_label_contains("The Insurgents have answered Fireteam Alpha");
    let on_panel = harness
        .query_all_by_label_contains("; weighed: ")
        .filter_map(|n| n.accesskit_node().value())
        .filter(|text| text.starts_with("Insurgents "))
        .count();
    assert_eq!(on_panel, 3, "one line for each decision, with its odds");
    // Every decision replays from the autosave, dice and all.
    let reloaded = ambush_core::journal::load_path(&dir.join("autosave.jsonl")).expect("reloads");
    assert_eq!(reloaded.game.state(), game(&harness).state());
}

/// Six Insurgent units that could interrupt, all in sight: the activation still asks six
/// questions at most.
#[test]
fn six_insurgent_units_in_sight_are_asked_six_questions_at_most() {
    let dir = temp_dir("solo-six-units");
    let saved = six_units_saved(&dir);
    let options = StartOptions {
        open: Some(saved),
        solo: None,
        data_dir: Some(dir.join("data")),
        seed: Some(3),
        native_dialogs: false,
        phones: None,
    };
    let mut harness = app_with(options, Prefs::default());
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    let which = "Which of these can see it?";
    assert_eq!(answers(&harness, which).len(), 6);
    all_see(&mut harness, which);
    all_see(&mut harness, "Which are within 12\" of it?");
    let asked = questions(&harness);
    assert!(asked.len() <= 6, "{asked:#?}");
    assert_eq!(asked.len(), 6, "{asked:#?}");
    click(&mut harness, "Let the Insurgents answer");
    let decided = game(&harness)
        .state()
        .solo_decisions()
        .iter()
        .filter(|d| d.about == "answer to Fireteam Alpha's activation")
        .count();
    assert_eq!(decided, 6);
}

/// Night Patrol's five markers, all in sight: six questions at most, every marker decides with
/// the same words and the same dice, in the order of the table.
#[test]
fn five_markers_in_sight_are_asked_six_questions_at_most_and_answer_alike_in_order() {
    let dir = temp_dir("solo-five-markers");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Night Patrol");
    assert!(game(&harness).state().unplaced().is_empty(), "markers set");
    click(&mut harness, "Activate Section, first half: Rapid");
    let which = "Which of these can see it?";
    assert_eq!(
        answers(&harness, which),
        vec![
            "Contact A",
            "Contact B",
            "Contact C",
            "Contact D",
            "Contact E"
        ]
    );
    all_see(&mut harness, which);
    // Every marker is asked about both ranges, whatever it hides.
    assert_eq!(answers(&harness, "Which are within 6\" of it?").len(), 5);
    assert_eq!(answers(&harness, "Which are within 12\" of it?").len(), 5);
    let asked = questions(&harness);
    assert!(asked.len() <= 6, "{asked:#?}");
    click(&mut harness, "Let the Insurgents answer");
    let g = game(&harness);
    let decisions: Vec<(String, usize)> = (0..g.event_count())
        .filter(|&n| g.in_effect(n))
        .filter_map(|n| {
            let event = g.event(n)?;
            let Command::MarkerDecide { marker, .. } = &event.command else {
                return None;
            };
            let faces: usize = event.dice.iter().map(|r| r.faces.len()).sum();
            Some((marker.clone(), faces))
        })
        .collect();
    assert_eq!(
        decisions,
        ["A", "B", "C", "D", "E"]
            .iter()
            .map(|m| ((*m).to_owned(), 2))
            .collect::<Vec<_>>()
    );
    let lines = solo_lines(&harness);
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Solo: Contact "))
        .collect();
    assert_eq!(said.len(), 5, "{lines:#?}");
    // Each says what it decided in the same words, whatever it hides: wait, or interrupt.
    assert!(
        said.iter()
            .all(|l| l.ends_with(": wait for its own turn") || l.contains(" decides: interrupt ")),
        "{said:#?}"
    );
}

/// Undoing the Insurgents' answer and asking again with the same answers gives the same rolls:
/// the dice of a solo game stay after undo.
#[test]
fn undoing_the_answer_and_asking_again_rolls_the_same() {
    let dir = temp_dir("solo-undo-same-roll");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    assert!(game(&harness).state().settings().dice_stay);
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    let before = game(&harness).events_in_effect();
    all_see(&mut harness, "Which of these can see it?");
    click(&mut harness, "Let the Insurgents answer");
    let first: Vec<(String, Option<u8>)> = game(&harness)
        .state()
        .solo_decisions()
        .iter()
        .map(|d| (d.options[d.chosen].words.clone(), d.roll))
        .collect();
    assert_eq!(first.len(), 4);
    while game(&harness).events_in_effect() > before {
        let undo = undo_label(&harness);
        click(&mut harness, &undo);
    }
    assert!(game(&harness).state().solo_decisions().is_empty());
    // The answers are still there: ask again.
    click(&mut harness, "Let the Insurgents answer");
    let again: Vec<(String, Option<u8>)> = game(&harness)
        .state()
        .solo_decisions()
        .iter()
        .map(|d| (d.options[d.chosen].words.clone(), d.roll))
        .collect();
    assert_eq!(first, again);
    // The report lists the undone decisions too.
    let report = ambush_core::report::text(game(&harness));
    assert_eq!(report.matches("(undone)").count(), 4, "{report}");
}

/// The name of the Undo button as it stands ("Undo: …").
fn undo_label(harness: &Harness<'_, AssistantApp>) -> String {
    harness
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Undo: "))
        .expect("an Undo button")
}

/// A new turn opens with nothing asked until a Regular unit activates; answers kept from an
/// earlier turn are marked so.
#[test]
fn a_new_turn_asks_nothing_until_a_unit_activates_and_kept_answers_are_marked() {
    let dir = temp_dir("solo-new-turn");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Night Patrol");
    click(&mut harness, "Activate Section, first half: Cautious");
    let which = "Which of these can see it?";
    click(&mut harness, &format!("{which} Contact B"));
    click(&mut harness, "Let the Insurgents answer");
    click(&mut harness, "End Regular activations");
    for marker in ["A", "B", "C", "D", "E"] {
        let decide = format!("Contact {marker}: decide its orders");
        if harness.query_by_label(&decide).is_some() {
            click(&mut harness, &decide);
        }
    }
    click(&mut harness, "End turn 1");
    // Turn 2: the Insurgents roll for reinforcements on their own; then the activations.
    while game(&harness).state().phase() == Phase::Reinforcements {
        let Some(label) = start_activations(&harness) else {
            break;
        };
        click(&mut harness, &label);
    }
    assert_eq!(game(&harness).state().turn(), 2);
    assert_eq!(game(&harness).state().phase(), Phase::RegularActivations);
    // No stale prompt for the last unit that activated, and no answer to give.
    assert!(questions(&harness).is_empty(), "{:?}", questions(&harness));
    assert!(
        harness
            .query_by_label("Let the Insurgents answer")
            .is_none()
    );
    harness.get_by_label("Activate a Regular unit below; the Insurgents then answer it here.");
    click(&mut harness, "Activate Section, first half: Cautious");
    // What Contact B was said to see is kept, and marked as kept from turn 1.
    assert!(
        harness
            .query_all_by_label_contains("(answers kept from turn 1, Regular activations)")
            .count()
            >= 1
    );
    assert!(answers(&harness, which).contains(&"Contact B".to_owned()));
    click(&mut harness, &format!("{which} still so"));
    assert_eq!(
        harness
            .query_all_by_label_contains("(answers kept from turn 1")
            .count(),
        0
    );
    let _ = unit(&harness, "Section, first half");
}

/// The button that starts the Regular activations, if it is on screen.
fn start_activations(harness: &Harness<'_, AssistantApp>) -> Option<String> {
    harness
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.contains("Regular activations") && !l.starts_with("End"))
}

/// The start screen chooses the opponent's difficulty and hidden reasoning; the weighing is
/// then never shown, and changing the difficulty later is a line of the log.
#[test]
fn difficulty_and_hidden_reasoning_are_chosen_on_the_start_screen() {
    let dir = temp_dir("solo-start-choices");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo opponent: Veteran");
    click(
        &mut harness,
        "Keep its reasoning hidden until the game is over",
    );
    click(&mut harness, "Solo game: Contracting Trouble!");
    let settings = game(&harness).state().settings().clone();
    assert_eq!(
        settings.difficulty,
        ambush_core::game::SoloDifficulty::Veteran
    );
    assert!(settings.doctrine_hidden);
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    all_see(&mut harness, "Which of these can see it?");
    click(&mut harness, "Let the Insurgents answer");
    assert!(harness.query_by_label_contains("weighed:").is_none());
    assert!(solo_lines(&harness).iter().all(|l| !l.contains("weighed:")));
    // The report names the difficulty.
    let report = ambush_core::report::text(game(&harness));
    assert!(
        report.contains("Solo opponent: Veteran, its reasoning hidden until the game is over"),
        "{report}"
    );
}
