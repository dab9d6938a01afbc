//! The desk with the table open to phones: each player's phone sends the faces of their own
//! dice, they fill the desk's waiting prompt, and one click plays the event with them.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::common;

use ambush_alley::ui::{Prefs, StartOptions};
use ambush_core::game::Command;
use common::ui::{app_with, game, new_game, temp_dir};
use egui_kittest::kittest::Queryable;

/// A request to the desk's server, as a phone's page makes it: status and body.
fn request(url: &str, method: &str, route: &str, body: &str) -> (u16, String) {
    let rest = url.trim_start_matches("http://");
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut stream = TcpStream::connect(host).unwrap_or_else(|e| panic!("{host}: {e}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap_or_else(|e| panic!("{e}"));
    let head = format!(
        "{method} /{path}{route} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body.as_bytes()))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_owned());
    (status, body)
}

/// Clicks by label through the accessibility tree: the window of links floats over the desk,
/// and a pointer click at the button's place could land on it.
fn click(harness: &mut egui_kittest::Harness<'_, ambush_alley::ui::AssistantApp>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run();
}

type Desk = egui_kittest::Harness<'static, ambush_alley::ui::AssistantApp>;

/// A new game of Contracting Trouble on a desk whose table is open to phones on 127.0.0.1.
fn desk_open_to_phones(dir: &std::path::Path) -> Desk {
    let options = StartOptions {
        open: None,
        solo: None,
        data_dir: Some(dir.to_path_buf()),
        seed: Some(7),
        native_dialogs: false,
        phones: Some(([127, 0, 0, 1], 0).into()),
    };
    let mut harness = app_with(options, Prefs::default());
    new_game(&mut harness);
    harness.run();
    harness
}

/// The links the desk shows: the Regular player's, then the Insurgent player's (the third is
/// the Table view's).
fn seat_links(harness: &Desk) -> (String, String) {
    let links: Vec<String> = harness
        .query_all_by_label_contains("http://127.0.0.1:")
        .filter_map(|node| node.value())
        .collect();
    assert_eq!(links.len(), 3, "{links:?}");
    (links[0].clone(), links[1].clone())
}

#[test]
fn each_players_phone_fills_the_waiting_prompt_and_one_click_plays_the_event() {
    let dir = temp_dir("phones-desk");
    let mut harness = desk_open_to_phones(&dir);
    // The desk shows each seat's link: the Regular player's first, then the Insurgent's.
    let (regular, insurgent) = seat_links(&harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    click(&mut harness, "Fire: 6d8 against 6d6");
    // Opening the table asked for physical dice: the desk waits, and the phones see the roll.
    let mut view = serde_json::Value::Null;
    for _ in 0..50 {
        harness.run();
        let (status, body) = request(&regular, "GET", "view", "");
        assert_eq!(status, 200, "{body}");
        view = serde_json::from_str(&body).unwrap_or_default();
        if !view["roll"].is_null() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let number = view["roll"]["number"].as_u64().unwrap_or_else(|| {
        panic!(
            "the Regular seat sees no roll: {view} ({} events)",
            game(&harness).events_in_effect()
        )
    });
    // The firer's phone sends the Firepower, the target's the Defense.
    let attack = serde_json::json!({ "roll": number, "group": 0, "faces": [8, 8, 7, 6, 5, 1] });
    let defense = serde_json::json!({ "roll": number, "group": 1, "faces": [6, 5, 2, 2, 1, 1] });
    assert_eq!(
        request(&regular, "POST", "dice", &attack.to_string()).0,
        202
    );
    assert_eq!(
        request(&insurgent, "POST", "dice", &defense.to_string()).0,
        202
    );
    // The Insurgent player cannot send the Regular player's dice.
    let (status, _) = request(&insurgent, "POST", "dice", &attack.to_string());
    assert_eq!(status, 409);
    for _ in 0..20 {
        harness.run();
        if harness
            .query_by_label("Faces for Defense: Insurgents 1 (d6)")
            .and_then(|n| n.value())
            .is_some_and(|v| !v.is_empty())
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    click(&mut harness, "Apply the dice");
    // The fire, then its casualties (six gunmen alike: taken off with no click).
    let last = game(&harness)
        .applied_events()
        .filter(|e| !e.dice.is_empty())
        .last()
        .cloned()
        .expect("the fire was played");
    assert!(matches!(last.command, Command::Fire { .. }));
    let faces: Vec<Vec<u8>> = last.dice.iter().map(|r| r.faces.clone()).collect();
    assert_eq!(faces, [vec![8, 8, 7, 6, 5, 1], vec![6, 5, 2, 2, 1, 1]]);
}

#[test]
fn playing_the_phones_faces_without_a_click_is_a_setting_kept_with_the_game() {
    let dir = temp_dir("phones-accept");
    let mut harness = desk_open_to_phones(&dir);
    click(&mut harness, "Play the phones' faces without my click");
    // The setting is an event of the game, so its journal keeps it.
    assert!(game(&harness).state().settings().phones_accept);
    assert!(matches!(
        game(&harness).applied_events().last().map(|e| &e.command),
        Some(Command::ChangeSettings { .. })
    ));
    let (regular, insurgent) = seat_links(&harness);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    click(&mut harness, "Fire: 6d8 against 6d6");
    harness.run();
    let (_, body) = request(&regular, "GET", "view", "");
    let view: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
    let number = view["roll"]["number"].as_u64().unwrap_or(0);
    let attack = serde_json::json!({ "roll": number, "group": 0, "faces": [8, 8, 7, 6, 5, 1] });
    let defense = serde_json::json!({ "roll": number, "group": 1, "faces": [6, 5, 2, 2, 1, 1] });
    assert_eq!(
        request(&regular, "POST", "dice", &attack.to_string()).0,
        202
    );
    assert_eq!(
        request(&insurgent, "POST", "dice", &defense.to_string()).0,
        202
    );
    let mut played = false;
    for _ in 0..50 {
        harness.run();
        played = game(&harness)
            .applied_events()
            .any(|e| matches!(e.command, Command::Fire { .. }));
        if played {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        played,
        "the fire was played with no click once both groups came in"
    );
}
