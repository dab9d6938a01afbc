//! A length kept from the players (a scenario of version 4, `turn_limit_secret`): no screen,
//! page or report of theirs tells the turn limit, the end roll or its die until the game is
//! over; the referee's do.

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Phase};
use ambush_core::report;
use ambush_core::scenario::builtin;
use egui_kittest::Harness;

use super::secrets::{game_of, table_screen, table_screen_text};
use crate::common;

/// Hostages at the Bakery keeps its length from the players (version 4): played to the end of
/// turn 7 (the end roll at the end of turns 5 and 6 typed as 1s, so the game goes on), the
/// table screen, every phone seat, the players' reports and the export never tell the turn
/// limit, the end roll or its die; the referee's report does; once the game is over, everybody
/// knows.
#[test]
fn hostages_at_the_bakery_keeps_its_length_secret_from_the_players() {
    let mut game = game_of(builtin::BAKERY_HOSTAGES, false);
    let mut dice = DiceSource::seeded(9);
    let mut screen = table_screen(&game);
    let dir = common::temp_dir("secrets", "bakery-length");
    // What tells the length: the limit, the roll, its words in the log.
    let tells = ["8 turns", "End roll", "end roll", "the game ends on"];
    let check = |game: &Game, screen: &mut Harness<'static, Game>| {
        let mut outputs = vec![
            ("the table screen", table_screen_text(screen, game)),
            ("report", report::text(game)),
            ("report --json", report::json(game).to_string()),
            ("the Markdown report", report::markdown(game)),
        ];
        let (views, _) = ambush_phones::views(game, None);
        for view in &views {
            outputs.push((
                "a phone seat",
                serde_json::to_string(view).expect("a view writes out"),
            ));
        }
        for (place, text) in outputs {
            for told in tells {
                assert!(!text.contains(told), "{place} tells {told:?}:\n{text}");
            }
        }
    };
    while game.state().turn() < 8 {
        check(&game, &mut screen);
        while let Some(p) = game.state().pending_steps().first().cloned() {
            let command = p.step.roll_command(p.id).unwrap_or(Command::PlaceArrival {
                pending: p.id,
                hot_spot: 2,
            });
            if game.play(command, &mut dice).is_err() {
                game.play(Command::SkipPending { pending: p.id }, &mut dice)
                    .expect("skipped");
            }
        }
        let next = match game.state().phase() {
            Phase::Reinforcements => Command::StartActivations,
            Phase::RegularActivations => Command::StartInsurgentPhase,
            Phase::InsurgentActions => Command::EndTurn,
            Phase::GameOver => break,
        };
        let request = game.check(&next).expect("allowed");
        // The end roll's die, typed as a 1: the game goes on.
        let faces: Vec<Vec<u8>> = request
            .groups
            .iter()
            .map(|g| vec![1; g.count as usize])
            .collect();
        let mut typed = DiceSource::typed(faces);
        game.play(next, &mut typed).expect("played");
    }
    check(&game, &mut screen);
    let export = dir.join("bakery.md");
    for written in report::story::write(&export, &game).expect("written") {
        let text = std::fs::read_to_string(&written).expect("reads back");
        for told in tells {
            assert!(!text.contains(told), "the export tells {told:?}");
        }
    }
    // The referee knows: three end rolls (turns 5, 6 and 7), each a 1, with their dice.
    let referee = ambush_core::view::Sight::new(&game, ambush_core::view::Viewer::Everything);
    let rolls: Vec<_> = referee
        .whole_lines()
        .filter(|l| {
            l.notes
                .iter()
                .any(|n| n == "End roll 1 (the game ends on 5+): the game goes on")
        })
        .collect();
    assert_eq!(rolls.len(), 3, "{rolls:#?}");
    assert!(
        rolls.iter().all(|l| l.dice.contains("end roll d6: 1")),
        "{rolls:#?}"
    );
    assert!(
        report::text_with(&game, report::Reveal::Everything)
            .contains("Turn limit: 8 turns, or sooner: the game ends on a d6 of 5+")
    );
    // Over, nothing is secret.
    game.play(Command::EndGame, &mut dice).expect("ends");
    assert!(
        report::text(&game).contains("8 turns"),
        "{}",
        report::text(&game)
    );
}
