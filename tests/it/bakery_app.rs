//! Hostages at the Bakery, the built-in scenario of version 4, played at the desk from the
//! start screen to the end of the game, clicked as a referee (a game for two) and as a solo
//! player would: hostages freed and carried off, the scenario's rolls given by the app, its
//! notes for the players on the table screen, the end rolled each turn from turn 5 or the
//! secret turn limit, the hostages still held counted at the end; the autosave replays to the
//! same game.

use crate::common;

use ambush_alley::ui::AssistantApp;
use ambush_core::game::{Phase, Seat};
use ambush_core::unit::Presence;
use ambush_core::view::{TableView, Viewer};
use common::ui::{app_seeded, click, game, temp_dir};
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

/// Every word the table screen draws for this game (headless, as the View menu would open it
/// beside the desk).
fn table_screen_text(game: &ambush_core::game::Game) -> String {
    let mut screen = Harness::builder()
        .with_size([1920.0, 1080.0])
        .build_ui_state(
            |ui, game: &mut ambush_core::game::Game| {
                ambush_alley::ui::table_screen::table_screen_ui(ui, game, 1.0);
            },
            game.clone(),
        );
    screen.run();
    screen
        .query_all_by_label_contains("")
        .flat_map(|node| {
            let node = node.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the game showed on the way.
#[derive(Debug, Default)]
struct Seen {
    /// The notes for the players found on the table screen: (turn, text shown).
    notes_on_the_table_screen: Vec<(u32, String)>,
    /// The hostages freed at the desk.
    freed: Vec<String>,
    clicks: usize,
    /// The last clicks, for a game that goes nowhere.
    last: Vec<String>,
}

/// The rescues the referee plays: on this turn, this team frees this hostage and carries him
/// off the south edge.
const RESCUES: [(u32, &str, &str); 2] = [
    (1, "Assault team", "Baker's son"),
    (5, "Cordon team", "Shopkeeper"),
];

/// Plays the game on the desk to its end, as a player who answers every question with its first
/// answer (nothing seen, in a solo game) and otherwise moves the turn on.
fn play_to_the_end(harness: &mut Harness<'_, AssistantApp>, name: &str) -> Seen {
    let mut seen = Seen::default();
    for _ in 0..1500 {
        let state = game(harness).state().clone();
        if state.phase() == Phase::GameOver {
            return seen;
        }
        // The table screen shows the notes of this turn, as every seat's view has them.
        let notes = TableView::of(game(harness), Viewer::Table).notes;
        if !notes.is_empty()
            && !seen
                .notes_on_the_table_screen
                .iter()
                .any(|(t, _)| *t == state.turn())
        {
            let shown = table_screen_text(game(harness));
            for note in notes {
                assert!(
                    shown.contains(&format!("The scenario: {note}")),
                    "{note}\n{shown}"
                );
                seen.notes_on_the_table_screen.push((state.turn(), note));
            }
        }
        let on_screen = buttons(harness);
        let has = |label: &str| on_screen.iter().any(|b| b == label);
        let mut press = |harness: &mut Harness<'_, AssistantApp>, label: &str| {
            click(harness, label);
            seen.clicks += 1;
            seen.last
                .push(format!("{}: {label}", game(harness).state().headline()));
            if seen.last.len() > 12 {
                seen.last.remove(0);
            }
        };
        if has("End the game") {
            press(harness, "End the game");
            continue;
        }
        if has("End it with these points") {
            press(harness, "End it with these points");
            continue;
        }
        // The rescues, on their turns.
        if state.phase() == Phase::RegularActivations {
            let mut acted = false;
            for (turn, team, hostage) in RESCUES {
                if state.turn() != turn {
                    continue;
                }
                let free = format!("{team} frees {hostage}");
                let leave = format!("{team} leaves by the south edge");
                let activate = format!("Activate {team}: Rapid");
                for label in [free.as_str(), leave.as_str(), activate.as_str()] {
                    if has(label) {
                        if label == free {
                            seen.freed.push(hostage.to_owned());
                        }
                        press(harness, label);
                        acted = true;
                        break;
                    }
                }
                if acted {
                    break;
                }
            }
            if acted {
                continue;
            }
        }
        // Steps due that are the player's (or the referee's): the first answer of the first.
        let due = state.due_steps(game(harness).scenario());
        if let Some(label) = due
            .iter()
            .filter(|s| !(state.settings().solo && s.answers == Seat::Insurgent))
            .filter_map(|s| s.choices.first().map(|c| c.label.clone()))
            .find(|l| has(l))
        {
            press(harness, &label);
            continue;
        }
        if let Some(spot) = on_screen
            .iter()
            .find(|b| b.starts_with("Nearest the Marines: "))
        {
            let spot = spot.clone();
            press(harness, &spot);
            continue;
        }
        if let Some(b) = on_screen
            .iter()
            .find(|b| b.ends_with(": take its Reaction test") || b.ends_with(" fires now"))
        {
            let b = b.clone();
            press(harness, &b);
            continue;
        }
        match state.phase() {
            Phase::Reinforcements if has("Start Regular activations") => {
                press(harness, "Start Regular activations");
            }
            Phase::RegularActivations if has("Let the Insurgents answer") => {
                // Answers left as they are: nothing sees the unit.
                let _ = questions(harness)
                    .iter()
                    .map(|q| answers(harness, q).len())
                    .sum::<usize>();
                press(harness, "Let the Insurgents answer");
            }
            Phase::RegularActivations if has("End Regular activations") => {
                press(harness, "End Regular activations");
            }
            Phase::InsurgentActions => {
                let next = on_screen
                    .iter()
                    .find(|b| {
                        b.ends_with(": decide its orders")
                            || b.ends_with(" carried out its order")
                            || b.ends_with(": roll its Quality check")
                            || b.ends_with(": holds where it is")
                    })
                    .cloned();
                match next {
                    Some(b) => press(harness, &b),
                    None => press(harness, &format!("End turn {}", state.turn())),
                }
            }
            _ => panic!(
                "{name}: nothing to click at {} with {on_screen:#?}",
                state.headline()
            ),
        }
    }
    panic!("{name}: the game took more than 1,500 clicks: {seen:#?}");
}

/// The game, and its autosave read back: the same state.
fn replays_from_its_autosave(harness: &Harness<'_, AssistantApp>, dir: &std::path::Path) {
    let reloaded =
        ambush_core::journal::load_path(&dir.join("autosave.jsonl")).expect("the autosave reads");
    assert_eq!(reloaded.refused, None);
    assert_eq!(reloaded.game.state(), game(harness).state());
    assert_eq!(
        reloaded.game.scenario().as_ref(),
        game(harness).scenario().as_ref()
    );
}

/// What the end says of the hostages still held, and that it counted them.
fn held_at_the_end_is_counted(harness: &Harness<'_, AssistantApp>) {
    let game = game(harness);
    let state = game.state();
    let held = state
        .units()
        .filter(|u| u.side == ambush_core::unit::Side::Insurgent && u.presence == Presence::OnTable)
        .flat_map(|u| u.figures.iter())
        .filter(|f| f.tag.as_deref() == Some("hostage"))
        .count();
    let count = state
        .victory()
        .iter()
        .find(|c| c.item == "hostage-held")
        .map(|c| c.count);
    assert_eq!(count, Some(held as i32));
    let over = (0..game.event_count())
        .rev()
        .find_map(|n| {
            game.outcome(n)
                .filter(|o| o.summary.starts_with("Game over"))
        })
        .expect("the end is logged");
    assert!(
        over.notes
            .iter()
            .any(|n| n.starts_with("Hostage still held at the end: ")),
        "{over:?}"
    );
    // It ended by the end roll or at the turn limit, never later.
    assert!(state.turn() <= 8, "{}", state.headline());
}

#[test]
fn hostages_at_the_bakery_is_played_to_its_end_at_the_desk_for_two() {
    let dir = temp_dir("bakery-desk");
    let mut harness = app_seeded(&dir, false, 11);
    click(&mut harness, "New game: Hostages at the Bakery");
    assert_eq!(game(&harness).scenario().id, "bakery-hostages");
    let seen = play_to_the_end(&mut harness, "for two");
    assert_eq!(
        seen.freed,
        vec!["Baker's son".to_owned(), "Shopkeeper".to_owned()],
        "{seen:#?}"
    );
    let state = game(&harness).state();
    let count = |item: &str| {
        state
            .victory()
            .iter()
            .find(|c| c.item == item)
            .map_or(0, |c| c.count)
    };
    // Two hostages out; only the first before the end of turn 4.
    assert_eq!(count("hostage-out"), 2);
    assert_eq!(count("quick-rescue"), 1);
    held_at_the_end_is_counted(&harness);
    // Every note for the players that came was on the table screen in its turn.
    let given = state.player_notes().to_vec();
    assert_eq!(
        given.len(),
        seen.notes_on_the_table_screen.len(),
        "{given:?} {seen:#?}"
    );
    println!("for two: {} clicks, {seen:?}", seen.clicks);
    replays_from_its_autosave(&harness, &dir);
}

#[test]
fn hostages_at_the_bakery_is_played_to_its_end_solo() {
    let dir = temp_dir("bakery-solo");
    let mut harness = app_seeded(&dir, false, 5);
    click(&mut harness, "Solo game: Hostages at the Bakery");
    assert!(game(&harness).state().settings().solo);
    let seen = play_to_the_end(&mut harness, "solo");
    held_at_the_end_is_counted(&harness);
    // In a solo game the desk is the player's: the length was never on it before the end.
    println!("solo: {} clicks, {seen:?}", seen.clicks);
    replays_from_its_autosave(&harness, &dir);
}
