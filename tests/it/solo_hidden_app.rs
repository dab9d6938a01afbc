//! Hidden until revealed, everywhere: two solo games of Night Patrol, the same in every click
//! and every die, but for where the app put its two hidden units (under markers A and B in one,
//! under D and E in the other). Until a marker is revealed, nothing on screen and nothing in a
//! report tells them apart: the same words, the same dice, the same order, the same counts.

use crate::common;

use ambush_alley::ui::AssistantApp;
use ambush_core::solo;
use common::ui::{app, click, game, temp_dir, type_dice};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use super::solo_app::answers;

/// Everything the desk shows, in the order of its tree: each node's name and value.
fn screen(harness: &Harness<'_, AssistantApp>) -> Vec<String> {
    harness
        .query_all(By::new().include_labels())
        .filter_map(|n| {
            let node = n.accesskit_node();
            let label = node.label().unwrap_or_default();
            let value = node.value().unwrap_or_default();
            (!label.is_empty() || !value.is_empty()).then(|| format!("{label}|{value}"))
        })
        .collect()
}

/// Every report of the game as the table knows it: text, JSON and Markdown.
fn reports(harness: &Harness<'_, AssistantApp>) -> [String; 3] {
    let game = game(harness);
    [
        ambush_core::report::text(game),
        ambush_core::report::json(game).to_string(),
        ambush_core::report::markdown(game),
    ]
}

/// Both games show and report exactly the same.
fn same(games: &[Harness<'_, AssistantApp>; 2], when: &str) {
    let (one, two) = (screen(&games[0]), screen(&games[1]));
    let differ: Vec<(&String, &String)> = one.iter().zip(&two).filter(|(a, b)| a != b).collect();
    assert!(
        differ.is_empty() && one.len() == two.len(),
        "{when}: the screens differ: {differ:#?}"
    );
    let (one, two) = (reports(&games[0]), reports(&games[1]));
    for (a, b) in one.iter().zip(&two) {
        assert_eq!(a, b, "{when}: the reports differ");
    }
}

/// Does the same in both games.
fn both(games: &mut [Harness<'_, AssistantApp>; 2], act: impl Fn(&mut Harness<'_, AssistantApp>)) {
    for harness in games.iter_mut() {
        act(harness);
    }
}

/// The percentile (tens, units) that takes "stay hidden" for the unit under this marker, in
/// whichever game hides one there, with nothing in sight; any roll does for an empty marker.
fn stay_hidden_roll(games: &[Harness<'_, AssistantApp>; 2], marker: &str) -> String {
    for harness in games {
        let game = game(harness);
        let orders = solo::orders(game, &[]);
        let Some(mine) = orders.iter().find(|o| o.marker.as_deref() == Some(marker)) else {
            continue;
        };
        let ambush_core::game::Command::MarkerDecide { options, .. } = &mine.decide else {
            panic!("a hidden unit decides as its marker");
        };
        let before: u32 = options
            .iter()
            .take_while(|o| o.words != solo::STAY_HIDDEN)
            .map(|o| u32::from(o.percent))
            .sum();
        let roll = before + 1;
        assert!(roll <= 100, "{options:?}");
        return format!("{} {}", roll / 10 % 10, roll % 10);
    }
    "1 1".to_owned()
}

#[test]
fn a_marker_that_hides_a_unit_and_an_empty_one_look_and_act_alike_everywhere() {
    let dirs = [temp_dir("solo-hidden-ab"), temp_dir("solo-hidden-de")];
    let mut games = [app(&dirs[0], true), app(&dirs[1], true)];
    both(&mut games, |h| click(h, "Solo game: Night Patrol"));
    // The markers' roll: 11 and 11 put the two units under A and B; 100 and 100 under E and D.
    type_dice(&mut games[0], &[("Contacts (percentile)", "1 1 1 1")]);
    type_dice(&mut games[1], &[("Contacts (percentile)", "0 0 0 0")]);
    let under = |h: &Harness<'_, AssistantApp>| -> Vec<String> {
        game(h)
            .state()
            .contacts()
            .iter()
            .filter(|c| c.unit.is_some())
            .map(|c| c.marker.clone())
            .collect()
    };
    assert_eq!(under(&games[0]), vec!["A", "B"]);
    assert_eq!(under(&games[1]), vec!["D", "E"]);
    same(&games, "the markers set");

    // An activation: every marker sees it, two within 6"; each rolls its decision.
    both(&mut games, |h| {
        click(h, "Activate Section, first half: Overwatch");
        let which = "Which of these can see it?";
        for answer in answers(h, which) {
            click(h, &format!("{which} {answer}"));
        }
        for marker in ["A", "E"] {
            click(h, &format!("Which are within 6\" of it? Contact {marker}"));
        }
    });
    same(&games, "the questions answered");
    both(&mut games, |h| {
        click(h, "Let the Insurgents answer");
        for _ in 0..5 {
            type_dice(h, &[("Solo choice (percentile)", "4 2")]);
        }
    });
    same(&games, "the Insurgents answered");

    // The other activation, seen by nobody; then the Insurgent phase: five still to act.
    both(&mut games, |h| {
        click(h, "Activate Section, second half: Cautious");
        click(h, "Let the Insurgents answer");
        click(h, "End Regular activations");
    });
    same(&games, "the Insurgent phase");
    assert!(
        game(&games[0])
            .state()
            .headline()
            .ends_with("5 still to act")
    );
    // Each marker decides, seeing nothing now (what it saw in the activation is taken back).
    for marker in ["A", "B", "C", "D", "E"] {
        let name = format!("Contact {marker}");
        both(&mut games, |h| {
            let which = format!("Which of these does {name} see?");
            for answer in answers(h, &which) {
                if h.query_by_label(&format!("{which} {answer}"))
                    .is_some_and(|n| {
                        n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
                    })
                {
                    click(h, &format!("{which} {answer}"));
                }
            }
        });
        let roll = stay_hidden_roll(&games, marker);
        both(&mut games, |h| {
            click(h, &format!("{name}: decide its orders"));
            type_dice(h, &[("Solo choice (percentile)", roll.as_str())]);
        });
        same(&games, &format!("{name} decided"));
    }
    assert!(
        game(&games[0])
            .state()
            .headline()
            .ends_with("0 still to act")
    );
    // Every tab of the desk, and the players' table screen, alike too.
    for tab in ["Fire", "Tests", "Edit", "Scenario", "Stats", "Now"] {
        both(&mut games, |h| click(h, tab));
        same(&games, &format!("the {tab} tab"));
    }
    both(&mut games, |h| {
        click(h, "View");
        click(h, "Table screen for the players");
    });
    same(&games, "the table screen");
    // The referee's report tells them apart, and so does the end of the game.
    let revealed = |h: &Harness<'_, AssistantApp>| {
        ambush_core::report::text_with(game(h), ambush_core::report::Reveal::Everything)
    };
    assert_ne!(revealed(&games[0]), revealed(&games[1]));
    assert!(revealed(&games[0]).contains("Contact A — "));
    assert!(revealed(&games[0]).contains("hiding Watchers"));
}
