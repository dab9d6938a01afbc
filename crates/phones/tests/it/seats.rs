//! What each seat receives: never a hidden unit in the Regular seat's data or the Table view's,
//! at the HTTP boundary and over games played at random.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, GameState};
use ambush_core::unit::{Presence, Side};
use ambush_phones::{PhoneSeat, Table, WaitingRoll};

use crate::client::{Live, path, request};
use crate::games::{ambushes_for_two, night_patrol_hidden};

/// The names and keys of the Insurgent units the table does not show.
fn unseen(state: &GameState) -> Vec<String> {
    state
        .units()
        .filter(|u| u.side == Side::Insurgent)
        .filter(|u| state.is_hidden(u.id) || matches!(u.presence, Presence::InReserve))
        .flat_map(|u| [u.name.clone(), format!("\"{}\"", u.key)])
        .collect()
}

fn assert_nothing_unseen(json: &str, state: &GameState, seat: PhoneSeat) {
    for name in unseen(state) {
        assert!(!json.contains(&name), "{seat} received {name}: {json}");
    }
    assert!(
        !json.contains("\"hides\""),
        "{seat} was told what a marker hides: {json}"
    );
}

#[test]
fn hidden_contacts_stay_off_the_regular_seat_and_the_table_view() {
    let game = night_patrol_hidden();
    let state = game.state();
    assert_eq!(unseen(state).len(), 4, "two hidden units, by name and key");
    let table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    // A solo game: the app is the Insurgent player, so no Insurgent link.
    let seats: Vec<PhoneSeat> = table.links().iter().map(|l| l.seat).collect();
    assert_eq!(seats, vec![PhoneSeat::Regular, PhoneSeat::Table]);
    for seat in seats {
        let (status, json) = request(table.address(), "GET", &path(&table, seat, "view"), "");
        assert_eq!(status, 200);
        assert_nothing_unseen(&json, state, seat);
        // The markers themselves are on the table for all to see.
        assert!(
            json.contains("Contact A") && json.contains("Contact E"),
            "{json}"
        );
        let mut live = Live::open(table.address(), &path(&table, seat, "live"));
        let (name, data) = live.next().unwrap_or_default();
        assert_eq!(name, "view");
        assert_nothing_unseen(&data, state, seat);
    }
}

#[test]
fn units_in_ambush_are_the_insurgent_seats_alone() {
    let game = ambushes_for_two();
    let state = game.state();
    let secret = unseen(state);
    assert!(!secret.is_empty(), "the variant holds units back in ambush");
    let table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    for seat in [PhoneSeat::Regular, PhoneSeat::Table] {
        let (_, json) = request(table.address(), "GET", &path(&table, seat, "view"), "");
        assert_nothing_unseen(&json, state, seat);
    }
    let (status, json) = request(
        table.address(),
        "GET",
        &path(&table, PhoneSeat::Insurgent, "view"),
        "",
    );
    assert_eq!(status, 200);
    let names: Vec<&String> = secret.iter().filter(|s| !s.starts_with('"')).collect();
    for name in names {
        assert!(
            json.contains(name.as_str()),
            "the Insurgent seat lacks {name}: {json}"
        );
    }
    assert!(json.contains("in ambush"), "{json}");
}

/// A random item of the agenda with its roll, played with seeded dice.
fn step(game: &mut Game, pick: usize, seed: u64) -> Option<WaitingRoll> {
    let agenda = game.state().agenda(game.scenario());
    let items: Vec<_> = agenda
        .due
        .iter()
        .flat_map(|d| d.choices.iter())
        .chain(agenda.unit_items())
        .chain(agenda.phase.iter())
        .collect();
    let item = items.get(pick % items.len().max(1))?;
    let request = game.check(&item.command).ok()?;
    let roll = WaitingRoll {
        number: seed,
        command: item.command.clone(),
        received: vec![None; request.groups.len()],
        request,
    };
    Some(roll)
}

#[test]
fn over_random_games_the_regular_seat_never_receives_a_hidden_unit() {
    for seed in 0..6u64 {
        let mut game = night_patrol_hidden();
        for n in 0..40u64 {
            let Some(roll) = step(&mut game, (seed * 7919 + n * 104_729) as usize, n) else {
                break;
            };
            let (views, _) = ambush_phones::views(&game, Some(&roll));
            for seat in [PhoneSeat::Regular, PhoneSeat::Table] {
                let json = serde_json::to_string(&views[seat.index()]).unwrap_or_default();
                assert_nothing_unseen(&json, game.state(), seat);
            }
            let _ = game.play(roll.command, &mut DiceSource::seeded(seed * 1000 + n));
        }
    }
}

#[test]
fn the_scenario_s_notes_for_the_referee_never_reach_a_phone() {
    let game = crate::games::roadblock_at_turn_5();
    let note = game
        .last_outcome()
        .and_then(|o| o.referee.first().cloned())
        .expect("the note of turn 5");
    let scenario = game.scenario();
    assert_eq!(scenario.author_notes.len(), 2);
    let table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    for seat in [PhoneSeat::Regular, PhoneSeat::Insurgent, PhoneSeat::Table] {
        let (status, json) = request(table.address(), "GET", &path(&table, seat, "view"), "");
        assert_eq!(status, 200);
        // The end of turn 4 is in the log the seat sees; what the scenario keeps for the
        // referee is not.
        assert!(
            json.contains("End of turn 4; turn 5 begins"),
            "{seat}: {json}"
        );
        assert!(
            !json.contains("The convoy radios"),
            "{seat}: {note}: {json}"
        );
        for author in &scenario.author_notes {
            assert!(!json.contains(&author[..40]), "{seat}: {author}: {json}");
        }
    }
}

#[test]
fn the_scenario_s_notes_for_the_players_reach_every_phone_through_their_turn() {
    use ambush_core::game::PendingStep;
    // Hostages at the Bakery: the note for the players is rolled for as turn 2 begins (4+).
    let mut game = crate::games::game(ambush_core::scenario::builtin::BAKERY_HOSTAGES, false);
    let mut dice = DiceSource::seeded(3);
    for command in [Command::StartInsurgentPhase, Command::EndTurn] {
        game.play(command, &mut dice)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let pending = game
        .state()
        .pending_steps()
        .iter()
        .find(|p| matches!(p.step, PendingStep::EventRoll { .. }))
        .map(|p| p.id)
        .expect("the note's roll is due");
    game.play(
        Command::EventRoll { pending },
        &mut DiceSource::typed([vec![6]]),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    for seat in [PhoneSeat::Regular, PhoneSeat::Insurgent, PhoneSeat::Table] {
        let (status, json) = request(table.address(), "GET", &path(&table, seat, "view"), "");
        assert_eq!(status, 200);
        let view: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(
            view["notes"],
            serde_json::json!([
                "The call to prayer rings out and the streets fill with people.\nNo unit may fire across the market street this turn."
            ]),
            "{seat}: {json}"
        );
        // The author's notes stay the referee's.
        assert!(
            !json.contains("Keep the game's length behind the screen"),
            "{seat}: {json}"
        );
    }
    // The page draws them in a box of its own.
    let (status, html) = request(
        table.address(),
        "GET",
        &path(&table, PhoneSeat::Table, ""),
        "",
    );
    assert_eq!(status, 200);
    assert!(html.contains("id=\"notes\""), "{html}");
}
