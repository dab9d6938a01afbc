//! The server's door on 127.0.0.1: a client that sends nothing, one that sends its body a byte
//! at a time, one that stops reading its live page, and a newcomer when every connection is a
//! page's: each bounded in time.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use ambush_phones::{Limits, PhoneSeat, Table};

use crate::client::{Live, path, request};
use crate::games::for_two;

fn table(limits: Limits) -> Table {
    Table::open_with(([127, 0, 0, 1], 0).into(), &for_two(), limits, || {})
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Reads until the server closes the connection (or `within` passes): how long it took.
fn closed_after(stream: &mut TcpStream, within: Duration) -> Option<Duration> {
    let started = Instant::now();
    let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
    let mut buffer = [0u8; 4096];
    while started.elapsed() < within {
        match stream.read(&mut buffer) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return Some(started.elapsed()),
        }
    }
    None
}

#[test]
fn a_client_that_sends_nothing_or_idles_after_its_answer_is_dropped_after_the_head_timeout() {
    let table = table(Limits {
        head: Duration::from_secs(1),
        ..Limits::default()
    });
    let mut silent = TcpStream::connect(table.address()).unwrap_or_else(|e| panic!("{e}"));
    let after = closed_after(&mut silent, Duration::from_secs(10));
    assert!(
        after.is_some_and(|t| t >= Duration::from_millis(900) && t < Duration::from_secs(4)),
        "{after:?}"
    );
    // A page's request answered, then the connection left open and idle.
    let mut idle = TcpStream::connect(table.address()).unwrap_or_else(|e| panic!("{e}"));
    let view = path(&table, PhoneSeat::Table, "view");
    let head = format!("GET {view} HTTP/1.1\r\nHost: x\r\n\r\n");
    idle.write_all(head.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let after = closed_after(&mut idle, Duration::from_secs(10));
    assert!(
        after.is_some_and(|t| t < Duration::from_secs(4)),
        "{after:?}"
    );
    assert_eq!(table.connections(), 0);
}

#[test]
fn a_body_sent_a_byte_at_a_time_is_cut_off_and_nothing_reaches_the_desk() {
    let table = table(Limits {
        request: Duration::from_secs(1),
        ..Limits::default()
    });
    let dice = path(&table, PhoneSeat::Regular, "dice");
    let mut slow = TcpStream::connect(table.address()).unwrap_or_else(|e| panic!("{e}"));
    let head = format!(
        "POST {dice} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
    );
    slow.write_all(head.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let _ = slow.set_read_timeout(Some(Duration::from_millis(200)));
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1024];
    while started.elapsed() < Duration::from_secs(10) && !answer.ends_with(b"}") {
        // One byte of the body every 200 ms: 40 s for the whole of it.
        let _ = slow.write_all(b" ");
        match slow.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
            Err(_) => {}
        }
    }
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("Too slow"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(4));
    assert!(table.drain().is_empty());
}

#[test]
fn a_live_page_that_stops_reading_is_dropped_once_a_write_has_waited_too_long() {
    let mut game = for_two();
    let mut table = Table::open_with(
        ([127, 0, 0, 1], 0).into(),
        &game,
        Limits {
            stall: Duration::from_secs(1),
            ..Limits::default()
        },
        || {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // The stream is opened and never read again.
    let live = Live::open(table.address(), &path(&table, PhoneSeat::Table, "live"));
    assert_eq!(live.status, 200);
    assert_eq!(table.live_pages()[PhoneSeat::Table.index()], 1);
    // The game moves on and on: each change is a new view to write, until the buffers between
    // the server and the client are full.
    let started = Instant::now();
    let mut dice = ambush_core::dice::DiceSource::seeded(3);
    while table.live_pages()[PhoneSeat::Table.index()] > 0
        && started.elapsed() < Duration::from_secs(30)
    {
        for _ in 0..20 {
            let _ = game.play(
                ambush_core::game::Command::ChangeSettings {
                    settings: ambush_core::game::Settings {
                        phones_accept: !game.state().settings().phones_accept,
                        ..game.state().settings().clone()
                    },
                },
                &mut dice,
            );
            table.publish(&game, None);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = started.elapsed();
    assert_eq!(
        table.live_pages()[PhoneSeat::Table.index()],
        0,
        "the stream is still held after {took:?}"
    );
    drop(live);
    // Another page of the seat is served as before.
    let (status, _) = request(
        table.address(),
        "GET",
        &path(&table, PhoneSeat::Table, "view"),
        "",
    );
    assert_eq!(status, 200);
}

#[test]
fn when_every_connection_is_a_pages_a_newcomer_is_turned_away_and_the_pages_go_on() {
    let mut game = for_two();
    let mut table = Table::open_with(
        ([127, 0, 0, 1], 0).into(),
        &game,
        Limits {
            per_address: 3,
            head: Duration::from_secs(20),
            ..Limits::default()
        },
        || {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut pages: Vec<Live> = (0..3)
        .map(|_| {
            let mut live = Live::open(table.address(), &path(&table, PhoneSeat::Table, "live"));
            assert_eq!(live.next().map(|(n, _)| n).as_deref(), Some("view"));
            live
        })
        .collect();
    // A fourth connection from the same address, which shows no token: closed at once, long
    // before its head timeout.
    let mut newcomer = TcpStream::connect(table.address()).unwrap_or_else(|e| panic!("{e}"));
    let after = closed_after(&mut newcomer, Duration::from_secs(10));
    assert!(
        after.is_some_and(|t| t < Duration::from_secs(2)),
        "{after:?}"
    );
    // The pages still follow the game.
    ambush_core::game::Game::play(
        &mut game,
        ambush_core::game::Command::StartInsurgentPhase,
        &mut ambush_core::dice::DiceSource::seeded(1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    table.publish(&game, None);
    for page in &mut pages {
        let (name, data) = page.next().unwrap_or_default();
        assert_eq!(name, "view");
        assert!(data.contains(&game.state().headline()), "{data}");
    }
}
