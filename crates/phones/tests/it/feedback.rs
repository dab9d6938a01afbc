//! What each page says of a roll as its dice come in: whose are still awaited, what came and
//! from whom, and the faces a seat sent echoed back to it.

use ambush_phones::{PhoneSeat, Received, Sender, WaitingRoll, views};

use crate::games::{activate_first, for_two, waiting_fire};

fn roll_of(view: &ambush_phones::SeatView) -> &ambush_phones::view::RollView {
    view.roll
        .as_ref()
        .unwrap_or_else(|| panic!("no roll: {view:?}"))
}

#[test]
fn the_table_view_says_whose_dice_are_still_awaited_and_shows_what_came_from_whom() {
    let mut game = for_two();
    activate_first(&mut game);
    let mut roll: WaitingRoll = waiting_fire(&game, 4);
    assert_eq!(roll.request.groups.len(), 2, "a fire: Firepower, Defense");
    let (before, _) = views(&game, Some(&roll));
    let table = roll_of(&before[PhoneSeat::Table.index()]);
    assert!(
        table
            .words
            .starts_with("Waiting for the Regular player and the Insurgent player:"),
        "{}",
        table.words
    );
    // The Regular player's phone sends the Firepower.
    let firepower = vec![8, 7, 7, 3, 2, 1];
    roll.received[0] = Some(Received {
        by: Sender::Phone(PhoneSeat::Regular),
        faces: firepower.clone(),
    });
    let (now, _) = views(&game, Some(&roll));
    let table = roll_of(&now[PhoneSeat::Table.index()]);
    assert!(
        table.words.starts_with("Waiting for the Insurgent player:"),
        "{}",
        table.words
    );
    assert!(table.groups[0].received);
    assert_eq!(
        table.groups[0].sent_by.as_deref(),
        Some("the Regular player's phone")
    );
    assert_eq!(table.groups[0].faces, firepower);
    assert!(!table.groups[1].received && table.groups[1].faces.is_empty());
    // The sender's own page: its dice are in, echoed; nothing more is its to roll.
    let regular = roll_of(&now[PhoneSeat::Regular.index()]);
    assert!(!regular.yours, "{regular:?}");
    assert!(regular.groups[0].received && regular.groups[0].faces == firepower);
    assert!(
        regular
            .words
            .starts_with("Waiting for the Insurgent player:"),
        "{}",
        regular.words
    );
    // The Insurgent player's page still asks for the Defense.
    let insurgent = roll_of(&now[PhoneSeat::Insurgent.index()]);
    assert!(insurgent.yours && insurgent.words.starts_with("Roll 6d6:"));
    // The Defense typed at the desk: every die is in.
    roll.received[1] = Some(Received {
        by: Sender::Desk,
        faces: vec![6, 5, 4, 3, 2, 1],
    });
    let (all_in, _) = views(&game, Some(&roll));
    for seat in PhoneSeat::ALL {
        let roll = roll_of(&all_in[seat.index()]);
        assert!(
            roll.words
                .starts_with("Every die is in; the referee plays them:"),
            "{seat}: {}",
            roll.words
        );
        assert_eq!(roll.groups[1].sent_by.as_deref(), Some("the desk"));
    }
}

#[test]
fn in_a_solo_game_the_insurgents_dice_are_the_apps_and_secret_dice_show_no_faces() {
    // Night Patrol, solo, before its markers are set: the dice that set them are secret.
    let game = crate::games::game(ambush_core::scenario::builtin::NIGHT_PATROL, true);
    let command = ambush_core::game::Command::PlaceContacts;
    let request = game
        .check(&command)
        .unwrap_or_else(|e| panic!("the markers may be set: {e}"));
    let faces: Vec<Option<Received>> = request
        .groups
        .iter()
        .map(|g| {
            Some(Received {
                by: Sender::App,
                faces: vec![1; usize::from(g.count)],
            })
        })
        .collect();
    let roll = WaitingRoll {
        number: 1,
        command,
        request,
        received: faces,
    };
    let (seen, check) = views(&game, Some(&roll));
    let check = check.unwrap_or_else(|| panic!("a check"));
    assert!(check.secret);
    assert!(
        check
            .groups
            .iter()
            .all(|g| g.seat.is_none() && g.whose == "the app")
    );
    for seat in [PhoneSeat::Regular, PhoneSeat::Table] {
        let roll = roll_of(&seen[seat.index()]);
        assert!(!roll.yours);
        for group in &roll.groups {
            assert_eq!(group.whose, "the app");
            assert_eq!(group.sent_by.as_deref(), Some("the app"));
            assert!(group.faces.is_empty(), "{seat} saw secret faces: {group:?}");
        }
    }
}
