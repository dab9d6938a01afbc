//! Two whole turns of solo play, clicked as a player would, counting the questions each
//! activation asks with every unit and marker answering that it sees the Marines (the most
//! questions there can be): never more than six, in Contracting Trouble, its solo variant with
//! ambushes, and Night Patrol.

use crate::common;

use ambush_alley::ui::AssistantApp;
use ambush_core::game::{Phase, Seat};
use common::ui::{app, click, game, temp_dir};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use super::solo_app::{answers, questions};

/// The buttons on screen, by name.
fn buttons(harness: &Harness<'_, AssistantApp>) -> Vec<String> {
    harness
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

/// Picks every answer of each question whose words start so, that is not picked yet.
fn pick_all(harness: &mut Harness<'_, AssistantApp>, starts: &str) {
    for question in questions(harness) {
        if !question.starts_with(starts) {
            continue;
        }
        for answer in answers(harness, &question) {
            let name = format!("{question} {answer}");
            let picked = harness.query_by_label(&name).is_some_and(|n| {
                n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
            });
            if !picked {
                click(harness, &name);
            }
        }
    }
}

/// What the counting found: for each activation and each Insurgent card, (turn, who, questions).
#[derive(Debug, Default)]
struct Counted {
    activations: Vec<(u32, String, usize)>,
    cards: Vec<(u32, String, usize)>,
}

/// Plays two whole turns of a solo game started from the start screen, as a player who says
/// that everything sees everything, and counts the questions.
fn two_turns(scenario: &str, name: &str) -> Counted {
    let dir = temp_dir(name);
    let mut harness = app(&dir, false);
    click(&mut harness, &format!("Solo game: {scenario}"));
    let mut counted = Counted::default();
    for _ in 0..400 {
        let state = game(&harness).state().clone();
        if state.turn() > 2 || state.phase() == Phase::GameOver {
            return counted;
        }
        let on_screen = buttons(&harness);
        let has = |name: &str| on_screen.iter().any(|b| b == name);
        // Steps due that are the player's: the first answer of the first one.
        let due = state.due_steps(game(&harness).scenario());
        if let Some(label) = due
            .iter()
            .filter(|s| s.answers != Seat::Insurgent)
            .filter_map(|s| s.choices.first().map(|c| c.label.clone()))
            .find(|l| has(l))
        {
            click(&mut harness, &label);
            continue;
        }
        if let Some(spot) = on_screen
            .iter()
            .find(|b| b.starts_with("Nearest the Marines: "))
        {
            let spot = spot.clone();
            click(&mut harness, &spot);
            continue;
        }
        // Interruptions waiting for the player's side of them.
        if let Some(b) = on_screen
            .iter()
            .find(|b| b.ends_with(": take its Reaction test") || b.ends_with(" fires now"))
        {
            let b = b.clone();
            click(&mut harness, &b);
            continue;
        }
        match state.phase() {
            Phase::Reinforcements if has("Start Regular activations") => {
                click(&mut harness, "Start Regular activations");
            }
            Phase::RegularActivations if has("Let the Insurgents answer") => {
                // Everything sees it, and within the shortest range it is asked about.
                let listed = questions(&harness)
                    .iter()
                    .find(|q| q.starts_with("Which of these can see "))
                    .map_or(0, |q| answers(&harness, q).len());
                pick_all(&mut harness, "Which of these can see ");
                let asked = questions(&harness);
                if let Some(within) = asked.iter().find(|q| q.starts_with("Which are within")) {
                    let within = within.clone();
                    pick_all(&mut harness, &within);
                }
                let asked = questions(&harness).len();
                let active = state
                    .active_unit()
                    .and_then(|u| state.unit(u))
                    .map_or_else(String::new, |u| u.name.clone());
                counted.activations.push((
                    state.turn(),
                    format!("{active} ({listed} asked about, all in sight)"),
                    asked,
                ));
                click(&mut harness, "Let the Insurgents answer");
            }
            Phase::RegularActivations => {
                let next = on_screen
                    .iter()
                    .find(|b| b.starts_with("Activate ") && b.ends_with(": Cautious"))
                    .cloned();
                match next {
                    Some(activate) => click(&mut harness, &activate),
                    None => click(&mut harness, "End Regular activations"),
                }
            }
            Phase::InsurgentActions => {
                let next = on_screen.iter().find_map(|b| {
                    b.strip_suffix(": decide its orders")
                        .map(|who| (who.to_owned(), b.clone()))
                });
                if let Some((who, decide)) = next {
                    pick_all(&mut harness, &format!("Which of these does {who} see?"));
                    let mine = questions(&harness)
                        .iter()
                        .filter(|q| q.contains(&who))
                        .count();
                    let ground = questions(&harness)
                        .iter()
                        .filter(|q| {
                            q.starts_with("Which are in the open")
                                || q.contains("Solid Cover from it")
                        })
                        .count();
                    counted.cards.push((state.turn(), who, mine + ground));
                    click(&mut harness, &decide);
                    continue;
                }
                let carry = on_screen
                    .iter()
                    .find(|b| {
                        b.ends_with(" carried out its order")
                            || b.ends_with(": roll its Quality check")
                            || b.ends_with(": holds where it is")
                    })
                    .cloned();
                match carry {
                    Some(b) => click(&mut harness, &b),
                    None => click(&mut harness, &format!("End turn {}", state.turn())),
                }
            }
            _ => panic!(
                "{scenario}: nothing to click at {} with {on_screen:#?}",
                state.headline()
            ),
        }
    }
    panic!("{scenario}: two turns took more than 400 clicks: {counted:#?}");
}

#[test]
fn two_whole_turns_ask_at_most_six_questions_in_every_activation() {
    for (scenario, name) in [
        ("Contracting Trouble!", "solo-two-turns-ct"),
        (
            "Contracting Trouble! (solo variant, with ambushes)",
            "solo-two-turns-ct-variant",
        ),
        ("Night Patrol", "solo-two-turns-np"),
    ] {
        let counted = two_turns(scenario, name);
        // The counts, for the record: `cargo test solo_turns -- --nocapture`.
        let line = |rows: &[(u32, String, usize)]| {
            rows.iter()
                .map(|(t, who, n)| format!("t{t} {who}: {n}"))
                .collect::<Vec<_>>()
                .join("; ")
        };
        println!(
            "{scenario}: activations [{}]; Insurgent cards [{}]",
            line(&counted.activations),
            line(&counted.cards)
        );
        assert!(counted.activations.len() >= 4, "{scenario}: {counted:#?}");
        for (turn, who, asked) in counted.activations.iter().chain(&counted.cards) {
            assert!(
                *asked <= 6,
                "{scenario}, turn {turn}: {who} was asked {asked} questions"
            );
        }
    }
}
