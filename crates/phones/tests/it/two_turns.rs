//! Two whole turns of Contracting Trouble for two, every roll entered by the player whose dice
//! they are, on their own page over 127.0.0.1: the desk (as its dice prompt does) waits for
//! each roll, the phones send their groups, and the desk plays the event with exactly those
//! faces. No die is rolled or typed at the desk.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Phase};
use ambush_phones::{Limits, PhoneSeat, Rate, Received, RollCheck, Sender, Table, WaitingRoll};

use crate::client::{path, request};
use crate::games::for_two;

/// The next command a referee would give: a step due, else a Regular unit's activation and its
/// fire, else what moves the turn on.
fn next_command(game: &Game) -> Option<Command> {
    let state = game.state();
    let agenda = state.agenda(game.scenario());
    if let Some(step) = agenda.due.first() {
        return step
            .choices
            .first()
            .or(step.skip.as_ref())
            .map(|i| i.command.clone());
    }
    let wanted = |item: &&ambush_core::game::AgendaItem| match &item.command {
        Command::Fire { context, .. } => *context == ambush_core::game::FireContext::Activation,
        Command::Activate { overwatch, .. } => !overwatch,
        _ => false,
    };
    if let Some(item) = agenda
        .unit_items()
        .find(|i| matches!(i.command, Command::Fire { .. }) && wanted(i))
    {
        return Some(item.command.clone());
    }
    if state.phase() == Phase::RegularActivations
        && let Some(item) = agenda.unit_items().find(wanted)
    {
        return Some(item.command.clone());
    }
    agenda.phase.first().map(|i| i.command.clone())
}

#[test]
fn two_turns_with_every_roll_sent_from_the_players_own_pages() {
    let mut game = for_two();
    // The test answers far faster than players tap: its answers are not rate-limited.
    let limits = Limits {
        answers: Rate {
            burst: 1e9,
            per_second: 1e9,
        },
        ..Limits::default()
    };
    let mut table = Table::open_with(([127, 0, 0, 1], 0).into(), &game, limits, || {})
        .unwrap_or_else(|e| panic!("{e}"));
    let pages = [
        (PhoneSeat::Regular, path(&table, PhoneSeat::Regular, "dice")),
        (
            PhoneSeat::Insurgent,
            path(&table, PhoneSeat::Insurgent, "dice"),
        ),
    ];
    let mut number = 0;
    let mut sent = [0usize; 2];
    let mut faces_of = 0u64;
    for _ in 0..500 {
        if game.state().turn() > 2 {
            break;
        }
        let command = next_command(&game).expect("something to do");
        let request = game
            .check(&command)
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
        if request.is_empty() {
            game.play(command, &mut DiceSource::typed(Vec::<Vec<u8>>::new()))
                .unwrap_or_else(|e| panic!("{e}"));
            table.publish(&game, None);
            continue;
        }
        number += 1;
        let roll = WaitingRoll {
            number,
            command: command.clone(),
            received: vec![None; request.groups.len()],
            request: request.clone(),
        };
        table.publish(&game, Some(&roll));
        // Each group goes to its owner's page, which sends its faces.
        let check = RollCheck::of(&game, &roll);
        let mut faces: Vec<Option<Vec<u8>>> = vec![None; request.groups.len()];
        let mut received: Vec<Option<Received>> = vec![None; request.groups.len()];
        for (i, group) in check.groups.iter().enumerate() {
            let seat = group.seat.unwrap_or_else(|| {
                panic!(
                    "{} is nobody's at the table: the referee would roll it",
                    group.group.label
                )
            });
            let (page, route) = pages
                .iter()
                .enumerate()
                .find(|(_, (s, _))| *s == seat)
                .map(|(k, (_, r))| (k, r))
                .unwrap_or_else(|| panic!("no page for {seat:?}"));
            let sides = group.group.die.sides();
            let these: Vec<u8> = (0..group.group.count)
                .map(|_| {
                    faces_of = faces_of
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((faces_of >> 33) % u64::from(sides)) as u8 + 1
                })
                .collect();
            let body =
                serde_json::json!({ "roll": number, "group": i, "faces": these }).to_string();
            let (status, words) = request_to(&table, route, &body);
            assert_eq!(status, 202, "{words}");
            sent[page] += 1;
            // The desk takes it from the phone, as its prompt does each frame.
            let got = table.drain();
            assert_eq!(got.len(), 1, "{got:?}");
            assert_eq!(got[0].faces.as_deref(), Some(these.as_slice()));
            faces[i] = Some(these.clone());
            received[i] = Some(Received {
                by: Sender::Phone(seat),
                faces: these,
            });
            table.publish(
                &game,
                Some(&WaitingRoll {
                    received: received.clone(),
                    ..roll.clone()
                }),
            );
        }
        let typed: Vec<Vec<u8>> = faces.into_iter().map(Option::unwrap_or_default).collect();
        let before = game.events_in_effect();
        game.play(command, &mut DiceSource::typed(typed.clone()))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.events_in_effect(), before + 1);
        let event = game.applied_events().last().cloned().expect("played");
        let recorded: Vec<Vec<u8>> = event.dice.iter().map(|r| r.faces.clone()).collect();
        assert_eq!(recorded, typed, "the event holds exactly the phones' faces");
        table.publish(&game, None);
    }
    assert!(
        game.state().turn() > 2,
        "two turns were played (now turn {})",
        game.state().turn()
    );
    assert!(sent[0] > 0 && sent[1] > 0, "both players rolled: {sent:?}");
    eprintln!(
        "two turns: {number} rolls, {} groups from the Regular page, {} from the Insurgent page",
        sent[0], sent[1]
    );
}

fn request_to(table: &Table, route: &str, body: &str) -> (u16, String) {
    request(table.address(), "POST", route, body)
}
