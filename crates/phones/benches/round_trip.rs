//! From a phone's dice to the desk's game and back to every page, on 127.0.0.1: 1,000 rolls,
//! each sent by the Regular seat's phone while 8 pages follow the game live (3 Regular, 3
//! Insurgent, 2 Table view). For each roll: the time from the phone's request to the faces
//! reaching the desk, and to the last of the 8 pages seeing the game after the event. Then the
//! memory the server keeps for each extra live page (the process's resident size, before and
//! after opening 64 more streams, read from /proc on Linux).
//!
//! `cargo bench -p ambush-phones --bench round_trip`.

#[path = "../tests/it/client.rs"]
#[allow(dead_code)]
mod client;
#[path = "../tests/it/games.rs"]
#[allow(dead_code)]
mod games;

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use ambush_core::dice::{DiceRole, DiceSource};
use ambush_phones::{Limits, PhoneSeat, Rate, Table};

use client::{Live, path, request};

const ROLLS: usize = 1000;

fn main() {
    let mut game = games::for_two();
    games::activate_first(&mut game);
    // A bench sends far faster than any player taps: the rate limits are opened up.
    let limits = Limits {
        answers: Rate {
            burst: 1e9,
            per_second: 1e9,
        },
        reads: Rate {
            burst: 1e9,
            per_second: 1e9,
        },
        live_pages: 200,
        // Every page and request comes from 127.0.0.1, 72 live pages at the end.
        connections: 256,
        per_address: 256,
        ..Limits::default()
    };
    let mut table = Table::open_with(([127, 0, 0, 1], 0).into(), &game, limits, || {})
        .unwrap_or_else(|e| panic!("{e}"));
    let address = table.address();
    // 8 live pages, each on its own thread, reporting when it sees a view after the event.
    let seats = [
        PhoneSeat::Regular,
        PhoneSeat::Regular,
        PhoneSeat::Regular,
        PhoneSeat::Insurgent,
        PhoneSeat::Insurgent,
        PhoneSeat::Insurgent,
        PhoneSeat::Table,
        PhoneSeat::Table,
    ];
    let (seen_tx, seen_rx) = mpsc::channel::<(usize, bool, Instant)>();
    for (page, seat) in seats.into_iter().enumerate() {
        let live_path = path(&table, seat, "live");
        let seen = seen_tx.clone();
        thread::spawn(move || {
            let mut live = Live::open(address, &live_path);
            while let Some((name, data)) = live.next() {
                if name != "view" {
                    continue;
                }
                // After the event the desk waits for no dice: the view has no roll.
                let no_roll = serde_json::from_str::<serde_json::Value>(&data)
                    .is_ok_and(|v| v["roll"].is_null());
                if seen.send((page, no_roll, Instant::now())).is_err() {
                    return;
                }
            }
        });
    }
    let answer_path = path(&table, PhoneSeat::Regular, "dice");
    let mut to_desk = Vec::with_capacity(ROLLS);
    let mut to_pages = Vec::with_capacity(ROLLS);
    for number in 1..=ROLLS as u64 {
        let roll = games::waiting_fire(&game, number);
        table.publish(&game, Some(&roll));
        // The Regular unit's Firepower: the Regular player's dice.
        let group = roll
            .request
            .groups
            .iter()
            .position(|g| g.role == DiceRole::Attack)
            .unwrap_or(0);
        let count = usize::from(roll.request.groups[group].count);
        let faces: Vec<u8> = (0..count).map(|i| (i % 6) as u8 + 1).collect();
        let body =
            serde_json::json!({ "roll": number, "group": group, "faces": faces }).to_string();
        // Pages settle on the roll's view before the clock starts.
        while seen_rx.recv_timeout(Duration::from_millis(20)).is_ok() {}
        let sent = Instant::now();
        let (status, words) = request(address, "POST", &answer_path, &body);
        assert_eq!(status, 202, "{words}");
        let phone = loop {
            if let Some(dice) = table.drain().into_iter().next() {
                break dice;
            }
            thread::yield_now();
        };
        to_desk.push(sent.elapsed());
        // The desk plays the event with the phone's faces for its group, its own for the rest.
        let typed: Vec<Vec<u8>> = roll
            .request
            .groups
            .iter()
            .enumerate()
            .map(|(i, g)| {
                if i == phone.group {
                    phone.faces.clone().unwrap_or_default()
                } else {
                    vec![1; usize::from(g.count)]
                }
            })
            .collect();
        game.play(roll.command.clone(), &mut DiceSource::typed(typed))
            .unwrap_or_else(|e| panic!("{e}"));
        table.publish(&game, None);
        let mut seen = [false; 8];
        let mut last = sent;
        while seen.iter().any(|s| !s) {
            let (page, no_roll, at) = seen_rx
                .recv_timeout(Duration::from_secs(5))
                .unwrap_or_else(|e| panic!("a page fell behind: {e}"));
            if no_roll {
                seen[page] = true;
                last = last.max(at);
            }
        }
        to_pages.push(last - sent);
        // Back to the same moment for the next roll.
        game.undo().unwrap_or_else(|e| panic!("{e}"));
    }
    report("phone → desk", &mut to_desk);
    report("phone → desk → 8 pages", &mut to_pages);
    memory_per_page(&table);
    table.close();
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{what}: median {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} rolls",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
        times.len()
    );
}

/// The resident size before and after 64 more live pages, per page; the page clients are
/// raw sockets in this process, which adds their own small buffers to the figure.
fn memory_per_page(table: &Table) {
    let Some(before) = resident_bytes() else {
        println!("memory per live page: not measured (no /proc/self/statm)");
        return;
    };
    let streams: Vec<Live> = (0..64)
        .map(|_| {
            let mut live = Live::open(table.address(), &path(table, PhoneSeat::Table, "live"));
            let _ = live.next();
            live
        })
        .collect();
    thread::sleep(Duration::from_millis(200));
    let after = resident_bytes().unwrap_or(before);
    println!(
        "memory per live page: {:.1} KiB (resident size {} → {} KiB with 64 more pages)",
        after.saturating_sub(before) as f64 / 64.0 / 1024.0,
        before / 1024,
        after / 1024
    );
    drop(streams);
}

fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}
