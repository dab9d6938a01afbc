//! A real browser at the Regular seat: headless Chromium opens the page, taps the faces of the
//! roll the desk waits for, and the desk's game holds the event with those faces.

use std::time::{Duration, Instant};

use ambush_core::dice::DiceSource;
use ambush_phones::{PhoneSeat, Table};

use crate::chromium::{Browser, installed};
use crate::games::{activate_first, for_two, waiting_fire};

#[test]
fn the_regular_player_taps_the_faces_and_the_desk_plays_them() {
    if !installed() {
        assert!(
            std::env::var("AMBUSH_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
            "AMBUSH_REQUIRE_CHROMIUM=1 but chromium is not installed"
        );
        println!("SKIPPED: the browser test needs chromium (apt-get install chromium)");
        return;
    }
    let mut game = for_two();
    activate_first(&mut game);
    let mut roll = waiting_fire(&game, 1);
    let mut table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    table.publish(&game, Some(&roll));
    let check = ambush_phones::RollCheck::of(&game, &roll);
    let (group, dice) = check
        .groups
        .iter()
        .enumerate()
        .find(|(_, g)| g.seat == Some(PhoneSeat::Regular) && g.group.count > 0)
        .map(|(i, g)| (i, g.group.clone()))
        .unwrap_or_else(|| panic!("no Regular dice"));
    let url = table
        .links()
        .into_iter()
        .find(|l| l.seat == PhoneSeat::Regular)
        .map(|l| l.url)
        .unwrap_or_default();
    let mut browser = Browser::open(&url);
    browser.wait_for("document.querySelectorAll('[data-face]').length > 0");
    // Faces 1, 2, 3… around the die, then one too many taken back.
    let faces: Vec<u8> = (0..dice.count).map(|i| i % dice.die.sides() + 1).collect();
    for face in &faces {
        browser.tap(&format!("[data-group=\"{group}\"][data-face=\"{face}\"]"));
    }
    browser.wait_for(&format!(
        "document.querySelector('[data-send=\"{group}\"]') && !document.querySelector('[data-send=\"{group}\"]').disabled"
    ));
    browser.tap(&format!("[data-send=\"{group}\"]"));
    // The desk: what the phone sent comes in; the other side's dice are typed at the desk.
    let deadline = Instant::now() + Duration::from_secs(20);
    let sent = loop {
        if let Some(sent) = table.drain().into_iter().next() {
            break sent;
        }
        assert!(Instant::now() < deadline, "nothing came from the page");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        (sent.seat, sent.roll, sent.group),
        (PhoneSeat::Regular, 1, group)
    );
    assert_eq!(sent.faces.as_deref(), Some(faces.as_slice()));
    roll.received[group] = Some(ambush_phones::Received {
        by: ambush_phones::Sender::Phone(PhoneSeat::Regular),
        faces: faces.clone(),
    });
    table.publish(&game, Some(&roll));
    browser.wait_for("document.body.innerText.includes('Received by the desk')");
    let typed = roll.request.groups.iter().enumerate().map(|(i, g)| {
        if i == group {
            faces.clone()
        } else {
            vec![1; usize::from(g.count)]
        }
    });
    let typed: Vec<Vec<u8>> = typed.filter(|f| !f.is_empty()).collect();
    game.play(roll.command.clone(), &mut DiceSource::typed(typed))
        .unwrap_or_else(|e| panic!("{e}"));
    let event = game
        .applied_events()
        .last()
        .unwrap_or_else(|| panic!("no event"));
    assert_eq!(event.command, roll.command);
    assert_eq!(event.dice[group].faces, faces);
    table.publish(&game, None);
    browser.wait_for("document.getElementById('roll').hidden");
}
