//! Nothing hidden leaves the app for a seat that may not know it (issue 29): random games of
//! Night Patrol played solo (the opponent's own decisions, its units under markers) and of The
//! Pump House for two (units held back in ambush), with undos and redos, checked at every step:
//! the table screen's text, every phone seat's data (and, now and then, what the server sends
//! on `/view` and on the live stream), the dice prompt as the phones show it, `report`,
//! `report --json`, the Markdown report and the export, and the desk of the solo game. None may
//! hold the name of a unit the table does not know, the choice of a marker still on the table
//! that was undone, or a count of the units it hides.
//!
//! What is hidden is worked out here from the game's state, not asked of the code under test.

use std::io::{Read, Write};
use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Detail, Game, Phase, Settings};
use ambush_core::report;
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::solo::{self, RegularAction, View, plan};
use ambush_core::unit::{Elimination, Presence, Side, Unit, UnitId};
use ambush_phones::{PhoneSeat, Table, WaitingRoll};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common::{self, random_command};

/// A deterministic pick in `0..n`.
struct Pick(u64);

impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

pub(super) fn game_of(text: &str, solo: bool) -> Game {
    let loaded = load_bytes(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    Game::new(
        Arc::new(loaded.scenario),
        Settings {
            solo,
            ..Settings::default()
        },
    )
}

/// True when nothing on the table has shown this Insurgent unit: under a marker not yet
/// revealed, held back in ambush, or lost from there.
fn hidden(game: &Game, unit: &Unit) -> bool {
    let state = game.state();
    if state.phase() == Phase::GameOver || unit.side != Side::Insurgent {
        return false;
    }
    let under_marker = state
        .contacts()
        .iter()
        .any(|c| c.unit == Some(unit.id) && !c.revealed);
    let never_came = match unit.presence {
        Presence::InReserve => true,
        Presence::Eliminated {
            cause: Elimination::NeverArrived,
        } => true,
        Presence::Eliminated {
            cause: Elimination::LostAtNeutralizedHotSpot,
        } => unit.ambush.is_some(),
        _ => false,
    };
    under_marker || never_came
}

/// The names the table may not read now.
fn hidden_names(game: &Game) -> Vec<String> {
    game.state()
        .units()
        .filter(|u| hidden(game, u))
        .map(|u| u.name.clone())
        .collect()
}

/// The choices of undone decisions made under a marker still on the table, that no decision
/// in effect of that marker took: ("Contact B", "interrupt Section, first half").
fn undone_choices(game: &Game) -> Vec<(String, String)> {
    let state = game.state();
    if state.phase() == Phase::GameOver {
        return Vec::new();
    }
    let decisions = |in_effect: bool| -> Vec<(String, String)> {
        (0..game.event_count())
            .filter(|&n| game.in_effect(n) == in_effect)
            .filter_map(|n| match game.outcome(n).map(|o| &o.detail) {
                Some(Detail::Decision(d)) => Some(d.clone()),
                _ => None,
            })
            .filter_map(|d| {
                let marker = d.marker.clone()?;
                let on_table = state
                    .contacts()
                    .iter()
                    .any(|c| c.marker == marker && !c.revealed);
                let taken = d.taken()?.words.clone();
                on_table.then(|| (format!("Contact {marker}"), taken))
            })
            .collect()
    };
    let kept = decisions(true);
    decisions(false)
        .into_iter()
        .filter(|choice| !kept.contains(choice))
        .collect()
}

/// Every line of a text, or every string of a JSON text: the pieces one reader reads at once.
fn pieces(text: &str) -> Vec<String> {
    fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::String(s) => out.extend(s.lines().map(str::to_owned)),
            serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
            serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value @ (serde_json::Value::Object(_) | serde_json::Value::Array(_))) => {
            let mut out = Vec::new();
            strings(&value, &mut out);
            out
        }
        // Lines, each a JSON text of its own where it is one (the live stream's `data:`).
        _ => text
            .lines()
            .flat_map(|line| {
                let data = line.strip_prefix("data:").map_or(line, str::trim_start);
                match serde_json::from_str::<serde_json::Value>(data) {
                    Ok(value @ (serde_json::Value::Object(_) | serde_json::Value::Array(_))) => {
                        let mut out = Vec::new();
                        strings(&value, &mut out);
                        out
                    }
                    _ => vec![line.to_owned()],
                }
            })
            .collect(),
    }
}

/// Fails when `text` (from `place`) holds a hidden name or an undone marker's choice.
fn assert_keeps_secrets(text: &str, place: &str, names: &[String], choices: &[(String, String)]) {
    for name in names {
        assert!(
            !text.contains(name.as_str()),
            "{place} names {name}, which the table does not know:\n{text}"
        );
    }
    for line in pieces(text) {
        for (marker, taken) in choices {
            assert!(
                !(line.contains(marker.as_str()) && line.contains(taken.as_str())),
                "{place} tells what {marker} chose in an undone decision ({taken}): {line}"
            );
        }
    }
}

/// The table screen, drawn headless for whatever game it is given.
pub(super) fn table_screen(game: &Game) -> Harness<'static, Game> {
    Harness::builder()
        .with_size([1920.0, 1080.0])
        .build_ui_state(
            |ui, game: &mut Game| ambush_alley::ui::table_screen::table_screen_ui(ui, game, 1.0),
            game.clone(),
        )
}

/// Every word the table screen draws for this game.
pub(super) fn table_screen_text(harness: &mut Harness<'static, Game>, game: &Game) -> String {
    *harness.state_mut() = game.clone();
    harness.run();
    harness
        .query_all_by_label_contains("")
        .flat_map(|node| {
            let node = node.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect::<Vec<_>>()
        .join("\n")
}

/// The ids of a report's units and of their figures are 1 to n in order: no gap counts a unit
/// it keeps back.
fn assert_ids_count_nothing(json: &serde_json::Value) {
    let units = json["units"].as_array().cloned().unwrap_or_default();
    let ids: Vec<u64> = units.iter().filter_map(|u| u["id"].as_u64()).collect();
    assert_eq!(
        ids,
        (1..=units.len() as u64).collect::<Vec<_>>(),
        "unit ids"
    );
    let figures: Vec<u64> = units
        .iter()
        .flat_map(|u| u["figures"].as_array().cloned().unwrap_or_default())
        .filter_map(|f| f["id"].as_u64())
        .collect();
    assert_eq!(
        figures,
        (1..=figures.len() as u64).collect::<Vec<_>>(),
        "figure ids"
    );
}

/// One plain HTTP GET to the table's server; the reply's body (for the live stream, up to the
/// end of its first event).
fn get(address: std::net::SocketAddr, path: &str, stream: bool) -> String {
    let mut socket = std::net::TcpStream::connect(address).expect("the table listens");
    socket
        .set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .expect("a timeout");
    write!(
        socket,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .expect("the request is sent");
    let mut reply = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match socket.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => reply.extend_from_slice(&chunk[..n]),
        }
        let text = String::from_utf8_lossy(&reply);
        if stream
            && let Some((_, event)) = text.split_once("event: view")
            && event.contains("\n\n")
        {
            break;
        }
    }
    // The body only: the reply's head names no secret, and a JSON body is read as JSON.
    let reply = String::from_utf8_lossy(&reply).into_owned();
    reply
        .split_once("\r\n\r\n")
        .map_or(reply.clone(), |(_, body)| body.to_owned())
}

/// Everything a player could be shown of the game now, checked.
fn check_step(
    game: &Game,
    roll: Option<&WaitingRoll>,
    screen: &mut Harness<'static, Game>,
    table: Option<&mut Table>,
    dir: &std::path::Path,
    step: usize,
) {
    let names = hidden_names(game);
    let choices = undone_choices(game);
    let check = |text: &str, place: &str| assert_keeps_secrets(text, place, &names, &choices);
    check(&table_screen_text(screen, game), "the table screen");
    let (views, _) = ambush_phones::views(game, roll);
    for view in &views {
        if view.seat == PhoneSeat::Insurgent {
            // The Insurgent player's own seat knows the Insurgents' secrets (in a solo game the
            // seat is not open: the app is that player).
            continue;
        }
        let json = serde_json::to_string(view).expect("a view writes out");
        check(&json, &format!("the phones' {:?} seat", view.seat));
    }
    check(&report::text(game), "report");
    let json = report::json(game);
    check(&json.to_string(), "report --json");
    assert_ids_count_nothing(&json);
    check(&report::markdown(game), "the Markdown report");
    // The desk of a solo game is the Regular player's: its log, and its dice prompt.
    if game.state().settings().solo {
        let sight = ambush_core::view::Sight::desk(game);
        for line in sight.lines() {
            check(&line.summary, "the desk's log");
            for note in &line.notes {
                check(note, "the desk's log");
            }
        }
        // The dice prompt draws each group in these words; Undo, Redo and the Last result
        // draw the lines above (Sight::line), so they are checked with the log.
        if let Some(roll) = roll {
            for group in sight.roll_words(&roll.command, &roll.request) {
                check(&group.label, "the desk's dice prompt");
                for each in &group.each {
                    check(each, "the desk's dice prompt");
                }
            }
        }
    }
    if step.is_multiple_of(10) {
        let path = dir.join(format!("report-{step}.md"));
        for written in report::story::write(&path, game).expect("the export is written") {
            let text = std::fs::read_to_string(&written).expect("the export reads back");
            check(&text, "the export");
        }
        if let Some(table) = table {
            table.publish(game, roll);
            let address = table.address();
            for link in table.links() {
                if link.seat == PhoneSeat::Insurgent {
                    assert!(
                        !game.state().settings().solo,
                        "no Insurgent seat in a solo game"
                    );
                    continue;
                }
                let path = link
                    .url
                    .split_once(&address.port().to_string())
                    .map_or("", |(_, p)| p);
                let view = get(address, &format!("{path}view"), false);
                assert!(view.contains("\"seat\""), "{view}");
                check(&view, "the server's /view");
                let live = get(address, &format!("{path}live"), true);
                assert!(live.contains("event: view"), "{live}");
                check(&live, "the live stream");
            }
        }
    }
}

/// The solo opponent's answer to an activation, as the app plays it: every Insurgent unit and
/// every marker decides (units under markers as their markers), then the plan is carried out.
fn opponent_answers(game: &mut Game, regular: UnitId, dice: &mut DiceSource, pick: &mut Pick) {
    let state = game.state();
    let mut views: Vec<(UnitId, View)> = Vec::new();
    for u in state.units_in_play(Side::Insurgent) {
        if pick.next(3) != 0 {
            let view = View {
                regular,
                in_range: pick.next(2) == 0,
                exposed: pick.next(2) == 0,
                solid_cover: false,
            };
            views.push((u.id, view));
        }
    }
    let empty: Vec<String> = state
        .markers_on_table()
        .filter(|c| c.unit.is_none())
        .map(|c| c.marker.clone())
        .collect();
    let action = if pick.next(2) == 0 {
        RegularAction::Moves
    } else {
        RegularAction::Fires
    };
    let decisions = solo::interrupts(game, regular, action, &views, &empty);
    let mut steps = plan::interrupt_steps(game, regular, &decisions, &views);
    while let Some(command) = plan::next_command(game, &mut steps) {
        if game.play(command, dice).is_err() {
            break;
        }
    }
}

/// The solo opponent's orders in its phase: each unit's decision and what it carries out.
fn opponent_orders(game: &mut Game, dice: &mut DiceSource) {
    let orders = solo::orders(game, &[]);
    for order in orders.iter().take(1) {
        let mut steps = plan::decide_steps(game, order);
        while let Some(command) = plan::next_command(game, &mut steps) {
            if game.play(command, dice).is_err() {
                break;
            }
        }
    }
    let empty: Vec<String> = game
        .state()
        .markers_on_table()
        .filter(|c| c.unit.is_none())
        .map(|c| c.marker.clone())
        .collect();
    for marker in empty {
        let _ = game.play(solo::empty_marker_orders(&marker), dice);
    }
}

/// Plays `steps` random steps of `game`, with undos and redos, checking each.
fn walk(mut game: Game, seed: u64, steps: usize, name: &str) {
    let dir = common::temp_dir("secrets", &format!("{name}-{seed}"));
    let mut pick = Pick(seed);
    let mut dice = DiceSource::seeded(seed);
    let mut table = Table::open("127.0.0.1:0".parse().expect("an address"), &game, || {})
        .expect("the table opens");
    let mut screen = table_screen(&game);
    let mut prompts = 0u64;
    for step in 0..steps {
        let solo = game.state().settings().solo;
        let command = random_command(&game, &mut |n| pick.next(n));
        // The prompt the desk would open for it, as the phones see it.
        let roll = game
            .check(&command)
            .ok()
            .filter(|r| !r.groups.is_empty())
            .map(|request| {
                prompts += 1;
                WaitingRoll {
                    number: prompts,
                    received: vec![None; request.groups.len()],
                    command: command.clone(),
                    request,
                }
            });
        check_step(
            &game,
            roll.as_ref(),
            &mut screen,
            Some(&mut table),
            &dir,
            step,
        );
        let activates = matches!(command, Command::Activate { .. });
        if game.play(command.clone(), &mut dice).is_ok() && solo {
            if let (true, Command::Activate { unit, .. }) = (activates, &command) {
                opponent_answers(&mut game, *unit, &mut dice, &mut pick);
            }
            if game.state().phase() == Phase::InsurgentActions && pick.next(2) == 0 {
                opponent_orders(&mut game, &mut dice);
            }
        }
        match pick.next(8) {
            0 => {
                let _ = game.undo();
            }
            1 => {
                let _ = game.undo();
                let _ = game.undo();
                check_step(&game, None, &mut screen, None, &dir, step);
                let _ = game.redo();
            }
            _ => {}
        }
    }
    check_step(&game, None, &mut screen, Some(&mut table), &dir, 0);
    let undone = (0..game.event_count())
        .filter(|&n| !game.in_effect(n))
        .count();
    let decisions = (0..game.event_count())
        .filter(|&n| {
            matches!(
                game.outcome(n).map(|o| &o.detail),
                Some(Detail::Decision(_))
            )
        })
        .count();
    eprintln!(
        "{name} {seed}: {} events, {undone} undone, {decisions} decisions, turn {}, {:?}, hidden now {:?}",
        game.event_count(),
        game.state().turn(),
        game.state().phase(),
        hidden_names(&game)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn night_patrol_solo_keeps_its_markers_secrets_everywhere() {
    for seed in [3, 11] {
        let mut game = game_of(builtin::NIGHT_PATROL, true);
        let mut dice = DiceSource::seeded(seed);
        game.play(Command::PlaceContacts, &mut dice)
            .expect("the markers are set");
        walk(game, seed, 160, "night-patrol");
    }
}

#[test]
fn the_pump_house_for_two_keeps_its_ambushes_secret_from_the_table() {
    for seed in [5, 17] {
        walk(game_of(builtin::PUMP_HOUSE, false), seed, 160, "pump-house");
    }
}
