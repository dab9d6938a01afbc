//! A good scenario file as large as the cap allows is drawn a page at a time: the Scenario tab
//! lays out one page of each long text and list, whatever the file holds, and turns pages on
//! request, one page per click however hurried.

use crate::common;

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use common::ui::{app_sized, click, temp_dir};
use egui::{Event, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::{Value, json};

/// Contracting Trouble with 5,000 special rules and a brief of about a megabyte, each of its
/// paragraphs numbered.
fn large_scenario(dir: &std::path::Path) -> (std::path::PathBuf, usize) {
    let mut file = contracting_trouble();
    let rules: Vec<String> = (1..=5_000)
        .map(|i| format!("Rule number {i}: the shutters stay down in this block."))
        .collect();
    file["special_rules"] = json!(rules);
    let paragraphs = 10_000;
    let brief: String = (1..=paragraphs)
        .map(|i| format!("Paragraph {i} of the brief: dust hangs over the street, nobody moves.\n"))
        .collect();
    file["brief"] = json!(brief);
    let path = dir.join("large.json");
    std::fs::write(&path, serde_json::to_string(&file).expect("written")).expect("saved");
    (path, paragraphs)
}

/// Contracting Trouble's file, to grow.
fn contracting_trouble() -> Value {
    serde_json::from_str(ambush_core::scenario::builtin::CONTRACTING_TROUBLE).expect("JSON")
}

/// The app in a tall window with `path` open, on its Scenario tab.
fn opened(path: std::path::PathBuf, dir: &std::path::Path) -> Harness<'static, AssistantApp> {
    let mut harness = opened_on_now(path, dir);
    click(&mut harness, "Scenario");
    harness
}

/// The app in a tall window with `path` open, on its Now view.
fn opened_on_now(
    path: std::path::PathBuf,
    dir: &std::path::Path,
) -> Harness<'static, AssistantApp> {
    let options = StartOptions {
        open: Some(path),
        solo: None,
        data_dir: Some(dir.join("data")),
        seed: Some(1),
        native_dialogs: false,
        phones: None,
    };
    // A tall window: what is not drawn is not drawn because it is on another page.
    let harness = app_sized(options, Prefs::default(), [1280.0, 20_000.0]);
    assert!(
        harness.state().game().is_some(),
        "{:?}",
        harness.state().message()
    );
    harness
}

/// The labels drawn that contain `text`.
fn count(harness: &Harness<'_, AssistantApp>, text: &str) -> usize {
    harness.query_all_by_label_contains(text).count()
}

/// Every character of text the desk draws, summed over its widgets.
fn drawn_chars(harness: &Harness<'_, AssistantApp>) -> usize {
    harness
        .query_all_by_label_contains("")
        .filter_map(|node| {
            let node = node.accesskit_node();
            node.value().or(node.label())
        })
        .map(|label| label.chars().count())
        .sum()
}

#[test]
fn the_scenario_tab_draws_a_long_list_and_a_long_brief_a_page_at_a_time() {
    let dir = temp_dir("large-scenario-pages");
    let (path, paragraphs) = large_scenario(&dir);
    let mut harness = opened(path, &dir);
    // One page of the rules, the pager saying which.
    harness.get_by_label("Special rules 1–40 of 5,000");
    assert_eq!(count(&harness, "Rule number "), 40);
    assert_eq!(count(&harness, "Rule number 1:"), 1);
    assert_eq!(count(&harness, "Rule number 41:"), 0);
    // One page of the brief: its first paragraphs, not its last.
    harness.get_by_label_contains("The brief, part 1 of ");
    assert_eq!(count(&harness, "Paragraph 1 of the brief"), 1);
    assert_eq!(count(&harness, &format!("Paragraph {paragraphs} of")), 0);
    // The whole desk draws a few pages' worth of text, not the file's megabyte.
    let drawn = drawn_chars(&harness);
    assert!(drawn < 30_000, "{drawn} characters drawn");

    click(&mut harness, "special rules: later");
    harness.get_by_label("Special rules 41–80 of 5,000");
    assert_eq!(
        (
            count(&harness, "Rule number 41:"),
            count(&harness, "Rule number 1:")
        ),
        (1, 0)
    );
    click(&mut harness, "special rules: last");
    harness.get_by_label("Special rules 4,961–5,000 of 5,000");
    assert_eq!(count(&harness, "Rule number 5000:"), 1);
    assert!(
        harness
            .get_by_label("special rules: later")
            .accesskit_node()
            .is_disabled(),
        "no page after the last"
    );
    click(&mut harness, "special rules: first");
    assert_eq!(count(&harness, "Rule number 1:"), 1);

    // The brief's last page ends with its last paragraph; no paragraph is lost between pages.
    click(&mut harness, "the brief: last");
    assert_eq!(count(&harness, &format!("Paragraph {paragraphs} of")), 1);
    let drawn = drawn_chars(&harness);
    assert!(drawn < 30_000, "{drawn} characters drawn");
}

#[test]
fn a_hurried_double_click_turns_one_page() {
    let dir = temp_dir("large-scenario-double");
    let (path, _) = large_scenario(&dir);
    let mut harness = opened(path, &dir);
    let at = harness.get_by_label("special rules: later").rect().center();
    harness.event(Event::PointerMoved(at));
    for _ in 0..2 {
        for pressed in [true, false] {
            harness.event(Event::PointerButton {
                pos: at,
                button: PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
        harness.step();
        harness.step();
    }
    harness.run();
    harness.get_by_label("Special rules 41–80 of 5,000");
}

#[test]
fn a_turn_with_hundreds_of_notes_shows_twenty_and_counts_the_rest() {
    use ambush_core::game::{Command, Game, Settings};
    let dir = temp_dir("large-scenario-notes");
    let mut file = contracting_trouble();
    file["version"] = json!(3);
    let events: Vec<Value> = (1..=500)
        .map(|i| json!({"turn": 2, "kind": "note", "text": format!("Radio call {i} from the convoy.")}))
        .collect();
    file["events"] = json!(events);
    let text = serde_json::to_string(&file).expect("written");
    let loaded = ambush_core::scenario::check::load_bytes(text.as_bytes()).expect("a good file");
    let settings = Settings::default();
    let mut game = Game::new(std::sync::Arc::new(loaded.scenario), settings.clone());
    let mut dice = ambush_core::dice::DiceSource::seeded(1);
    for command in [Command::StartInsurgentPhase, Command::EndTurn] {
        game.play(command, &mut dice).expect("played");
    }
    let path = dir.join("turn-2.jsonl");
    let header = ambush_core::journal::Header::new(loaded.file, settings);
    ambush_core::journal::write_whole(&path, &header, &game).expect("saved");

    let harness = opened_on_now(path, &dir);
    assert_eq!(common::ui::game(&harness).state().turn(), 2);
    // In their frame on the Now view, twenty, and one line of the log holding the same twenty.
    assert_eq!(count(&harness, "Radio call "), 21);
    assert_eq!(count(&harness, "Radio call 1 from"), 2);
    assert_eq!(count(&harness, "Radio call 21 from"), 0);
    harness.get_by_label_contains("… and 480 more notes (the Scenario tab lists every note");
}

#[test]
fn the_pages_of_a_long_brief_put_together_are_the_brief() {
    let dir = temp_dir("large-scenario-brief");
    let mut file = contracting_trouble();
    // Words of every length, a few letters outside ASCII, and one long word with no space to
    // cut at.
    let brief: String = (1..=600)
        .map(|i| {
            format!(
                "Paragraph {i}: {} — café déjà vu {}\n",
                "dust ".repeat(i % 7),
                "x".repeat(i % 40 * (i % 13))
            )
        })
        .collect();
    file["brief"] = json!(brief);
    let path = dir.join("brief.json");
    std::fs::write(&path, serde_json::to_string(&file).expect("written")).expect("saved");
    let mut harness = opened(path, &dir);
    let part = |h: &Harness<'_, AssistantApp>| -> String {
        h.query_all_by_label_contains("Paragraph ")
            .filter_map(|n| n.accesskit_node().value().or(n.accesskit_node().label()))
            .next()
            .unwrap_or_default()
    };
    let mut whole = part(&harness);
    let mut pages = 1;
    while !harness
        .get_by_label("the brief: later")
        .accesskit_node()
        .is_disabled()
    {
        click(&mut harness, "the brief: later");
        whole.push_str(&part(&harness));
        pages += 1;
    }
    assert!(pages > 5, "{pages} pages");
    harness.get_by_label(&format!("The brief, part {pages} of {pages}"));
    // Compared by where they first differ: the brief is too long to print.
    let differ = whole
        .char_indices()
        .zip(brief.chars())
        .find(|((_, a), b)| a != b)
        .map(|((i, _), _)| i);
    assert_eq!(
        (differ, whole.len()),
        (None, brief.len()),
        "the pages put together differ from the brief"
    );
}
