//! Solo play in the real app: the questions an activation asks, the Insurgents' weighed answer
//! rolled by the app, their orders, and the game replaying from its autosave.

use crate::common;

use ambush_alley::ui::AssistantApp;
use ambush_core::game::Phase;
use common::ui::{app, click, game, temp_dir, unit};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The questions on screen, in order: each is a row of answers named "QUESTION? ANSWER".
fn questions(harness: &Harness<'_, AssistantApp>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for node in harness.query_all_by_role(Role::RadioButton) {
        let Some(label) = node.accesskit_node().label() else {
            continue;
        };
        if let Some((question, _)) = label.split_once("? ") {
            let question = format!("{question}?");
            if !out.contains(&question) {
                out.push(question);
            }
        }
    }
    out
}

/// The solo opponent's latest decision.
fn last_decision(harness: &Harness<'_, AssistantApp>) -> ambush_core::game::SoloDecision {
    game(harness)
        .state()
        .solo_decisions
        .last()
        .cloned()
        .expect("a decision")
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

#[test]
fn a_solo_activation_asks_only_what_matters_and_the_app_rolls_each_choice() {
    let dir = temp_dir("solo-questions");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    assert!(game(&harness).state().settings.solo);
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    // One question per Insurgent unit that could interrupt (not the lone leaders), and what
    // Alpha does first; nothing about cover until somebody sees it.
    let asked = questions(&harness);
    assert_eq!(
        asked,
        vec![
            "What does it do first?",
            "Does Insurgents 1 see Fireteam Alpha?",
            "Does Insurgents 3 see Fireteam Alpha?",
            "Does Insurgents 4 see Fireteam Alpha?",
            "Does Insurgents 5 see Fireteam Alpha?",
        ]
    );
    // Three of them see it, two within their Optimum Range; it is in the open.
    let mut answers = 0;
    for (unit, answer) in [
        ("Insurgents 1", "yes, within 6\""),
        ("Insurgents 4", "yes, within 12\" of its RPG"),
        ("Insurgents 5", "yes, farther"),
    ] {
        click(
            &mut harness,
            &format!("Does {unit} see Fireteam Alpha? {answer}"),
        );
        answers += 1;
    }
    click(&mut harness, "Is Fireteam Alpha in the open? yes");
    answers += 1;
    let asked = questions(&harness);
    assert_eq!(asked.len(), 7, "{asked:?}");
    assert!(answers <= 6);
    // The Insurgents weigh their options in view, then answer with the app's dice.
    harness.get_by_label_contains("Insurgents 4 weighs: interrupt Fireteam Alpha");
    click(&mut harness, "Let the Insurgents answer");
    let lines = solo_lines(&harness);
    let decided: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("answer to Fireteam Alpha's activation"))
        .collect();
    assert_eq!(decided.len(), 3, "{lines:#?}");
    assert!(
        decided
            .iter()
            .all(|l| l.contains("rolled ") && l.contains("weighed: ")),
        "{decided:#?}"
    );
    let recorded = &game(&harness).state().solo_decisions;
    assert_eq!(recorded.len(), 3);
    assert!(recorded.iter().all(|d| d.roll.is_some()));
    harness.get_by_label_contains("The Insurgents have answered Fireteam Alpha");

    // The Insurgent phase: Insurgents 4 is asked what it sees, decides, and carries it out.
    if game(&harness).state().pending.is_empty() {
        click(&mut harness, "Now");
    }
    let state = game(&harness).state();
    assert_eq!(state.phase, Phase::RegularActivations);
    // Every decision replays from the autosave, dice and all.
    let reloaded = ambush_core::journal::load_path(&dir.join("autosave.jsonl")).expect("reloads");
    assert_eq!(reloaded.game.state(), game(&harness).state());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_insurgent_phase_decides_each_unit_then_the_player_carries_it_out() {
    let dir = temp_dir("solo-orders");
    let mut harness = app(&dir, false);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "End Regular activations");
    assert_eq!(game(&harness).state().phase, Phase::InsurgentActions);
    // A lone leader is asked nothing: he decides at once between joining and hiding.
    click(&mut harness, "Leader 2A: decide its orders");
    let decision = last_decision(&harness);
    assert_eq!(decision.about, "its orders");
    let taken = decision
        .taken()
        .map(|o| o.words.clone())
        .unwrap_or_default();
    assert!(
        taken == "stay out of sight" || taken.starts_with("join "),
        "{taken}"
    );
    click(&mut harness, "Leader 2A carried out its order");
    assert!(unit(&harness, "Leader 2A").status.activated || !unit(&harness, "Leader 2A").in_play());
    // Insurgents 1 sees Fireteam Bravo in the open within 6": it weighs firing first.
    click(
        &mut harness,
        "Does Insurgents 1 see Fireteam Bravo? yes, within 6\"",
    );
    click(&mut harness, "Is Fireteam Bravo in the open? yes");
    harness.get_by_label_contains("fire at Fireteam Bravo: ");
    click(&mut harness, "Insurgents 1: decide its orders");
    let decision = last_decision(&harness);
    assert_eq!(decision.options[0].words, "fire at Fireteam Bravo");
    let _ = std::fs::remove_dir_all(&dir);
}
