//! The table on the desk across a restart, and in a solo game: the links of a game kept open
//! come back with it on the port it last opened on, another game draws new ones; in a solo game
//! with the table open the opponent's dice stay the app's, and physical dice are as the player
//! left them once the table closes.

use std::net::SocketAddr;

use crate::common;

use ambush_alley::ui::{AssistantApp, Prefs, StartOptions};
use ambush_core::game::Command;
use common::ui::{app_with, click, game, new_game, temp_dir, type_dice};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type Desk = Harness<'static, AssistantApp>;

fn desk(dir: &std::path::Path, phones: Option<SocketAddr>, prefs: Prefs) -> Desk {
    let options = StartOptions {
        open: None,
        solo: None,
        data_dir: Some(dir.to_path_buf()),
        seed: Some(7),
        native_dialogs: false,
        phones,
    };
    app_with(options, prefs)
}

/// The links the desk shows, in seat order.
fn links(harness: &Desk) -> Vec<String> {
    harness
        .query_all_by_label_contains("http://127.0.0.1:")
        .filter_map(|node| node.value())
        .collect()
}

#[test]
fn a_games_links_come_back_after_a_restart_and_another_game_draws_new_ones() {
    let dir = temp_dir("phones-restart");
    let mut first = desk(&dir, Some(([127, 0, 0, 1], 0).into()), Prefs::default());
    new_game(&mut first);
    first.run();
    let before = links(&first);
    assert_eq!(before.len(), 3, "{before:?}");
    // The port the table opened on is remembered, with the address --phones gave.
    let prefs = first.state().prefs().clone();
    let address = prefs.table_address.expect("the table's address is kept");
    assert_eq!(address.ip().to_string(), "127.0.0.1");
    assert_ne!(address.port(), 0);
    assert!(before[0].contains(&format!(":{}/s/", address.port())));
    // The desk quits with the game open; it starts again (its preferences kept, as eframe
    // keeps them), the game is resumed and the table opened on the port it had.
    drop(first);
    let mut again = desk(&dir, None, prefs);
    click(&mut again, "Resume the autosaved game");
    click(&mut again, "Game");
    click(&mut again, "Open the table to phones");
    assert_eq!(links(&again), before, "the same links, the same port");
    // Another game: new links, and the old ones open nothing.
    click(&mut again, "Game");
    click(&mut again, "Close the table to phones");
    click(&mut again, "Game");
    click(&mut again, "Close game");
    new_game(&mut again);
    click(&mut again, "Game");
    click(&mut again, "Open the table to phones");
    let after = links(&again);
    assert_eq!(after.len(), 3);
    for (old, new) in before.iter().zip(&after) {
        assert_ne!(old, new);
    }
    assert!(
        !dir.join("table-links.json").exists()
            || std::fs::read_to_string(dir.join("table-links.json")).is_ok_and(|t| !before
                .iter()
                .any(|l| t.contains(&l[l.len() - 33..l.len() - 1]))),
        "the old game's tokens are forgotten"
    );
}

#[test]
fn the_port_is_the_referees_to_change_and_a_taken_port_is_said_so() {
    let dir = temp_dir("phones-port");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
    let busy = taken.local_addr().unwrap_or_else(|e| panic!("{e}")).port();
    let prefs = Prefs {
        table_address: Some(([127, 0, 0, 1], busy).into()),
        ..Prefs::default()
    };
    let mut harness = desk(&dir, None, prefs);
    new_game(&mut harness);
    click(&mut harness, "Game");
    click(&mut harness, "Open the table to phones");
    let said = harness.state().message().unwrap_or_default().to_owned();
    assert!(
        said.contains(&format!("127.0.0.1:{busy}"))
            && said.contains("Another program uses this port"),
        "{said}"
    );
    assert!(links(&harness).is_empty());
    // Another port, typed in the menu.
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("{e}"));
    click(&mut harness, "Game");
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "on port")
        .focus();
    harness.run();
    for _ in 0..6 {
        harness.key_press(egui::Key::Backspace);
    }
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "on port")
        .type_text(&free.to_string());
    harness.run();
    click(&mut harness, "Open the table to phones");
    let shown = links(&harness);
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert!(shown[0].contains(&format!(":{free}/s/")), "{shown:?}");
    assert_eq!(
        harness.state().prefs().table_address,
        Some(([127, 0, 0, 1], free).into())
    );
    drop(taken);
}

#[test]
fn in_a_solo_game_with_the_table_open_the_opponents_dice_are_the_apps_and_physical_dice_come_back()
{
    let dir = temp_dir("phones-solo");
    let mut harness = desk(&dir, Some(([127, 0, 0, 1], 0).into()), Prefs::default());
    click(&mut harness, "Solo game: Contracting Trouble!");
    harness.run();
    assert_eq!(links(&harness).len(), 2, "no Insurgent seat in a solo game");
    // The player's preference is left alone: the table asks for physical dice meanwhile.
    assert!(!harness.state().prefs().physical_dice);
    click(&mut harness, "Activate Fireteam Alpha: Halted");
    click(&mut harness, "Fireteam Alpha fires");
    click(&mut harness, "Target Insurgents 1");
    let before = game(&harness).clone();
    click(&mut harness, "Fire: 6d8 against 6d6");
    // The prompt asks for the player's Firepower; the Insurgents' Defense is the app's.
    harness.get_by_label("Faces for Firepower: Fireteam Alpha (d8)");
    assert!(
        harness
            .query_by_label_contains("Faces for Defense")
            .is_none(),
        "the player is asked to type the opponent's dice"
    );
    harness.get_by_label_contains("Rolled by the app: ");
    type_dice(
        &mut harness,
        &[("Firepower: Fireteam Alpha (d8)", "8 8 7 6 5 1")],
    );
    // (The opponent may have answered since: its casualties taken off.)
    let fire = game(&harness)
        .applied_events()
        .filter(|e| matches!(e.command, Command::Fire { .. }))
        .last()
        .cloned()
        .expect("the fire was played");
    assert_eq!(fire.dice[0].faces, [8, 8, 7, 6, 5, 1]);
    // The Defense is the game's own dice, as the app rolls them without the table: undo and
    // ask again, and the same faces come.
    let request = before
        .check(&fire.command)
        .unwrap_or_else(|e| panic!("{e}"));
    let staying = before
        .staying_dice(&fire.command)
        .expect("a solo game's dice stay")
        .roll(&request)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fire.dice[1].faces, staying[1].faces);
    // The table closes: physical dice are off again, as the player had them.
    click(&mut harness, "Close the table");
    assert!(links(&harness).is_empty());
    assert!(!harness.state().prefs().physical_dice);
    {
        use egui_kittest::kittest::NodeT;
        assert_eq!(
            harness
                .get_by_label("Physical dice")
                .accesskit_node()
                .toggled(),
            Some(egui::accesskit::Toggled::False)
        );
    }
}
