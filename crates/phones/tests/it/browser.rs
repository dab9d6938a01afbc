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
    // The page echoes the faces it sent at once, then says the desk has them.
    let shown = faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    browser.wait_for(&format!(
        "(() => {{ const e = document.querySelector('[data-echo=\"{group}\"]'); return !!e && e.innerText.includes('You sent') && e.innerText.includes('{shown}'); }})()"
    ));
    roll.received[group] = Some(ambush_phones::Received {
        by: ambush_phones::Sender::Phone(PhoneSeat::Regular),
        faces: faces.clone(),
    });
    table.publish(&game, Some(&roll));
    browser.wait_for("document.body.innerText.includes('Received by the desk')");
    assert!(
        browser
            .eval("document.getElementById('roll').innerText")
            .as_str()
            .is_some_and(|t| t.contains(&shown) && t.contains("Waiting for the Insurgent player")),
        "{}",
        browser.eval("document.getElementById('roll').innerText")
    );
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
    // The fire's result is the latest line, near the top of the page.
    let summary = game
        .last_outcome()
        .map(|o| o.summary.clone())
        .unwrap_or_default();
    browser.wait_for(&format!(
        "document.getElementById('latest').innerText === {summary:?}"
    ));
    let top = browser.eval("document.getElementById('latest').getBoundingClientRect().top");
    assert!(
        top.as_f64().is_some_and(|t| t < 320.0),
        "the latest result is {top} px down the page"
    );
}

#[test]
fn a_page_comes_back_by_itself_after_the_desk_restarts_and_says_so_once_its_game_is_gone() {
    if !installed() {
        assert!(
            std::env::var("AMBUSH_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
            "AMBUSH_REQUIRE_CHROMIUM=1 but chromium is not installed"
        );
        println!("SKIPPED: the browser test needs chromium (apt-get install chromium)");
        return;
    }
    let game = for_two();
    let table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    let address = table.address();
    let kept = table.tokens().unwrap_or_else(|| panic!("tokens"));
    let url = table
        .links()
        .into_iter()
        .find(|l| l.seat == PhoneSeat::Table)
        .map(|l| l.url)
        .unwrap_or_default();
    let mut browser = Browser::open(&url);
    let headline = game.state().headline();
    browser.wait_for(&format!(
        "document.getElementById('headline').innerText === {headline:?}"
    ));
    // The desk quits: the page says the table closed, and waits.
    drop(table);
    browser.wait_for(
        "!document.getElementById('offline').hidden && document.getElementById('offline').innerText.includes('closed the table')",
    );
    // Some seconds later the desk is back with the same game, on the same port.
    std::thread::sleep(Duration::from_secs(2));
    let mut table = Table::open_keeping(
        address,
        &game,
        kept,
        ambush_phones::Limits::default(),
        || {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    browser.wait_for(
        "document.getElementById('offline').hidden && !document.body.classList.contains('stale')",
    );
    assert_eq!(
        browser.eval("document.getElementById('headline').innerText"),
        serde_json::json!(headline)
    );
    assert_eq!(table.live_pages()[PhoneSeat::Table.index()], 1);
    // Another game: this page's game is gone, and it says so in words.
    table.new_game(&for_two());
    browser.wait_for("document.body.innerText.includes('Ask the referee for the new code')");
    assert_eq!(
        browser.eval("document.getElementById('main').hidden"),
        serde_json::json!(true)
    );
}
