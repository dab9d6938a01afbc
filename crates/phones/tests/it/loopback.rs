//! The server on 127.0.0.1: the live stream after a reconnection, a new game's tokens, closing.

use std::time::{Duration, Instant};

use ambush_core::dice::DiceSource;
use ambush_phones::{PhoneSeat, Table};

use crate::client::{Live, path, request};
use crate::games::{activate_first, for_two, waiting_fire};

fn view(data: &str) -> serde_json::Value {
    serde_json::from_str(data).unwrap_or_else(|e| panic!("{e}: {data}"))
}

#[test]
fn a_page_that_reconnects_gets_the_game_as_it_is_now_then_follows_it() {
    let mut game = for_two();
    let mut table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    let live_path = path(&table, PhoneSeat::Regular, "live");
    let mut live = Live::open(table.address(), &live_path);
    assert_eq!(live.status, 200);
    let (_, first) = live.next().unwrap_or_default();
    assert!(view(&first)["roll"].is_null());
    // The phone sleeps: its connection is gone.
    drop(live);
    // Meanwhile the game moves on and the desk waits for dice.
    activate_first(&mut game);
    let roll = waiting_fire(&game, 3);
    table.publish(&game, Some(&roll));
    let mut again = Live::open(table.address(), &live_path);
    let (name, now) = again.next().unwrap_or_default();
    assert_eq!(name, "view");
    let now = view(&now);
    assert_eq!(now["roll"]["number"], 3, "{now}");
    assert_eq!(now["headline"], game.state().headline());
    // And it follows the next change within the bound.
    let started = Instant::now();
    let mut source = DiceSource::seeded(5);
    game.play(roll.command.clone(), &mut source)
        .unwrap_or_else(|e| panic!("{e}"));
    table.publish(&game, None);
    let (_, next) = again.next().unwrap_or_default();
    assert!(view(&next)["roll"].is_null(), "{next}");
    assert!(
        started.elapsed() < Duration::from_millis(200),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(table.live_pages()[PhoneSeat::Regular.index()], 1);
}

#[test]
fn a_new_game_shuts_the_old_links_and_closing_ends_the_streams() {
    let game = for_two();
    let mut table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    let old = path(&table, PhoneSeat::Regular, "view");
    let mut live = Live::open(table.address(), &path(&table, PhoneSeat::Regular, "live"));
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("view"));
    table.new_game(&for_two());
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("closed"));
    assert_eq!(
        live.next(),
        None,
        "the stream of an earlier game's link ends"
    );
    assert_eq!(request(table.address(), "GET", &old, "").0, 403);
    let new = path(&table, PhoneSeat::Regular, "view");
    assert_ne!(new, old);
    assert_eq!(request(table.address(), "GET", &new, "").0, 200);
    let mut live = Live::open(table.address(), &path(&table, PhoneSeat::Table, "live"));
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("view"));
    let address = table.address();
    let started = Instant::now();
    table.close();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("closed"));
    assert!(
        std::net::TcpStream::connect(address).is_err(),
        "the server still listens"
    );
}

#[test]
fn after_a_restart_with_the_same_game_and_its_tokens_the_old_links_find_their_seats_again() {
    let game = for_two();
    let table =
        Table::open(([127, 0, 0, 1], 0).into(), &game, || {}).unwrap_or_else(|e| panic!("{e}"));
    let address = table.address();
    let links = table.links();
    let kept = table.tokens().unwrap_or_else(|| panic!("tokens"));
    let live_path = path(&table, PhoneSeat::Insurgent, "live");
    let mut live = Live::open(address, &live_path);
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("view"));
    // The desk quits: the page is told the table closed, and the server is gone.
    drop(table);
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("closed"));
    assert!(std::net::TcpStream::connect(address).is_err());
    // It starts again with the same game on the same port, and the tokens it kept.
    let mut again = Table::open_keeping(
        address,
        &game,
        kept,
        ambush_phones::Limits::default(),
        || {},
    )
    .unwrap_or_else(|e| panic!("the same port again: {e}"));
    assert_eq!(again.links(), links, "the same links");
    let mut live = Live::open(address, &live_path);
    assert_eq!(live.status, 200);
    let (name, data) = live.next().unwrap_or_default();
    assert_eq!(name, "view");
    assert_eq!(view(&data)["seat"], "insurgent");
    // Another game: the old links open nothing, and their page is told.
    again.new_game(&for_two());
    assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("closed"));
    let (status, body) = request(address, "GET", &live_path.replace("live", ""), "");
    assert_eq!(status, 403);
    assert!(body.contains("This table is closed"), "{body}");
}
