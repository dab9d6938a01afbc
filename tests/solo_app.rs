//! Two solo turns of Contracting Trouble in the real app, with typed dice and scripted answers.

mod common;
mod ui_common;

use ambush_alley::game::Phase;
use ambush_alley::ui::AssistantApp;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use ui_common::{app, click, game, temp_dir, type_dice as dice, unit};

/// Every solo note in the log, in order.
fn notes(harness: &Harness<'_, AssistantApp>) -> Vec<String> {
    let game = game(harness);
    (0..game.event_count())
        .filter_map(|n| game.outcome(n).map(|o| o.summary.clone()))
        .filter(|s| s.starts_with("Solo: "))
        .collect()
}

fn has_note(harness: &Harness<'_, AssistantApp>, text: &str) {
    let all = notes(harness);
    assert!(
        all.iter().any(|n| n.contains(text)),
        "no note with {text:?} in {all:#?}"
    );
}

fn ticked(harness: &Harness<'_, AssistantApp>, label: &str) -> bool {
    harness.get_by_label(label).accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
}

#[test]
fn two_solo_turns_of_contracting_trouble() {
    let dir = temp_dir("two-turns");
    let mut harness = app(&dir, true);
    // The app opens on its start screen: start a solo game.
    assert!(harness.state().game().is_none());
    click(&mut harness, "Solo game: Contracting Trouble!");
    assert!(game(&harness).state().settings.solo);

    // ---- Turn 1: Fireteam Alpha runs; Insurgents 1 and 4 can see it. ----
    click(&mut harness, "Activate Fireteam Alpha: Rapid");
    click(&mut harness, "Insurgents 1 can see it");
    click(&mut harness, "Insurgents 4 can see it");
    click(&mut harness, "Let the Insurgents interrupt");
    // The app rolls for the Insurgents: the stronger unit first. Insurgents 1 (no leader) has
    // six gunmen: its Interrupt check fails on a 2.
    dice(&mut harness, &[("Quality check: Insurgents 1", "2")]);
    assert!(unit(&harness, "Insurgents 1").status.done_for_turn);
    // Insurgents 4 (leader) against Alpha: 7 against 2 − 1 (running): the Insurgents go first.
    dice(
        &mut harness,
        &[
            ("Reaction: Insurgents 4", "7"),
            ("Reaction: Fireteam Alpha", "2"),
        ],
    );
    // Its fire: the leader's d8 and three d6 (gunner and RPG) against five d8.
    dice(
        &mut harness,
        &[
            ("Firepower: Insurgents 4 (d8)", "8"),
            ("Firepower: Insurgents 4 (d6)", "6 6 5"),
            ("Defense: Fireteam Alpha (d8)", "1 1 1 1 1"),
        ],
    );
    has_note(
        &harness,
        "Insurgents 1 tries to interrupt without a leader: Fireteam Alpha is running",
    );
    has_note(
        &harness,
        "Insurgents 4 interrupts: it has a leader and Fireteam Alpha is running.",
    );
    has_note(
        &harness,
        "Insurgents 4 fires on Fireteam Alpha before it reaches cover.",
    );
    let fire = game(&harness)
        .last_outcome()
        .map(|o| o.summary.clone())
        .unwrap_or_default();
    assert!(fire.contains("4 casualties"), "{fire}");
    // The Marines are the player's: First Aid and Morale are rolled by hand.
    click(&mut harness, "Roll First Aid for 4 from Fireteam Alpha");
    dice(
        &mut harness,
        &[(
            "First Aid, one d6 each in this order: Rifleman, Rifleman, Grenadier (M203 RGL), Automatic rifleman (SAW)",
            "1 2 1 2",
        )],
    );
    click(&mut harness, "Roll Morale check for Fireteam Alpha");
    dice(&mut harness, &[("Morale: Fireteam Alpha", "9 9 9 9")]);
    assert!(!unit(&harness, "Fireteam Alpha").status.pinned);

    click(&mut harness, "Now");
    click(&mut harness, "End Regular activations");
    assert_eq!(game(&harness).state().phase, Phase::InsurgentActions);
    // Orders: the leaders first, each to a leaderless unit still able to act.
    click(&mut harness, "Leader 2A carried out its order");
    click(&mut harness, "Leader 2B carried out its order");
    assert!(
        unit(&harness, "Insurgents 5").has_leader() && unit(&harness, "Insurgents 3").has_leader()
    );
    has_note(
        &harness,
        "Order: Leader 2A: move to Insurgents 5 and join it.",
    );
    // The units they joined may only fire, and see nothing: they stay in cover.
    click(&mut harness, "Insurgents 3 carried out its order");
    click(&mut harness, "Insurgents 5 carried out its order");
    has_note(&harness, "a leader has just joined it");
    // The last two leaders, with no one left to lead, close in on the Marines.
    click(&mut harness, "Leader 2C carried out its order");
    click(&mut harness, "Leader 2D carried out its order");
    has_note(&harness, "Order: Leader 2D: advance Cautiously");
    click(&mut harness, "Now");
    click(&mut harness, "End turn 1");

    // ---- Turn 2: the Insurgents roll their own reinforcements. ----
    assert_eq!(game(&harness).state().turn, 2);
    dice(&mut harness, &[("Reinforcement table (2d6)", "3 4")]);
    // 7: 1d6 gunmen + leader + LMG. Two gunmen; Hot Spot 6: the Insurgents choose.
    dice(
        &mut harness,
        &[
            ("Number of Rifle figures (1d6)", "2"),
            ("Hot Spot roll", "6"),
        ],
    );
    click(&mut harness, "Now");
    click(&mut harness, "Nearest the Marines: Hot Spot 4");
    has_note(
        &harness,
        "On a 6 the Insurgents choose: Hot Spot 4, the active spot nearest the Marines",
    );
    let arrived = unit(&harness, "Insurgents R1");
    assert!(
        arrived.in_play() && arrived.location.contains("Hot Spot 4"),
        "{}",
        arrived.location
    );
    assert_eq!(arrived.figures.len(), 4);

    click(&mut harness, "Now");
    click(&mut harness, "Start Regular activations");
    // Alpha halts this time. What the player ticked last turn is offered again.
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    assert!(
        ticked(&harness, "Insurgents 1 can see it"),
        "the ticks are remembered"
    );
    assert!(ticked(&harness, "Insurgents 4 can see it"));
    click(&mut harness, "Log the Insurgents' decision");
    has_note(&harness, "Insurgents 4 holds: no opening on Fireteam Alpha");
    has_note(
        &harness,
        "Insurgents 1 holds: without a leader it risks its turn",
    );
    click(&mut harness, "Now");
    click(&mut harness, "End Regular activations");
    // Insurgents 1 reports no line of sight: it holds (and, without a leader, tests to act).
    click(&mut harness, "Insurgents 1: No line of sight");
    dice(
        &mut harness,
        &[("Quality check (no leader): Insurgents 1", "5")],
    );
    has_note(&harness, "Stopped on the table: no line of sight");
    assert!(unit(&harness, "Insurgents 1").status.activated);
    click(&mut harness, "Now");
    click(&mut harness, "End turn 2");
    assert_eq!(game(&harness).state().turn, 3);
    // Every decision is in the saved game, with its reason, and it all replays.
    let text = std::fs::read_to_string(dir.join("autosave.jsonl")).expect("autosave");
    assert!(text.contains("\"type\":\"solo_note\""));
    let reloaded = ambush_alley::journal::load_path(&dir.join("autosave.jsonl")).expect("reloads");
    assert_eq!(reloaded.game.state(), game(&harness).state());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undoing_the_insurgents_answer_lets_them_answer_again() {
    let dir = temp_dir("answer-undo");
    let mut harness = app(&dir, true);
    click(&mut harness, "Solo game: Contracting Trouble!");
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Insurgents 4 can see it");
    click(&mut harness, "Log the Insurgents' decision");
    has_note(&harness, "Insurgents 4 holds");
    let answered = game(&harness).events_in_effect();
    harness.get_by_label_contains("The Insurgents have answered Fireteam Alpha");
    // Undo the answer: the activation stands, and the answer may be given again.
    for _ in 1..answered {
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        harness.run();
    }
    assert_eq!(game(&harness).events_in_effect(), 1);
    assert!(
        harness
            .query_by_label_contains("The Insurgents have answered")
            .is_none()
    );
    click(&mut harness, "Log the Insurgents' decision");
    assert_eq!(game(&harness).events_in_effect(), answered);
    let _ = std::fs::remove_dir_all(&dir);
}
