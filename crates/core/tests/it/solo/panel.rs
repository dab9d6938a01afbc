//! The solo opponent's panel as data (issue 32): the questions and the answers given live in
//! the core, the panel is worked out from the game and the answers alone, its rows keep their
//! place as answers are given, no two answers of a question read the same, how far the
//! Insurgents' answer to an activation has come is read from the log (undone in part, the rest
//! is offered; resumed, the same), and after a Marine unit's move one question asks whether a
//! marker sees it.

use std::sync::Arc;

use ambush_core::dice::DiceSource;
use ambush_core::game::{Command, Game, Settings, SoloDifficulty};
use ambush_core::scenario::builtin;
use ambush_core::scenario::check::load_bytes;
use ambush_core::solo::panel::{Act, Part, solo_panel};
use ambush_core::solo::{self, Answer, Answering, Answers, Order, Question, Who};
use ambush_core::unit::Movement;

use crate::common::{activate, play, unit_id};

use super::{orders_of, solo_game};

/// Night Patrol, solo, its dice staying, its markers set: watchers under A, the cache guard
/// under E.
fn night_patrol() -> Game {
    let loaded = load_bytes(builtin::NIGHT_PATROL.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let settings = Settings {
        solo: true,
        dice_stay: true,
        dice_seed: Some(99),
        ..Settings::default()
    };
    let mut game = Game::new(Arc::new(loaded.scenario), settings);
    play(&mut game, Command::PlaceContacts, &[&[10, 1, 10, 10]]);
    game
}

/// The questions of the panel, in order.
fn questions(game: &Game, answers: &Answers) -> Vec<Question> {
    fn of(parts: &[Part], out: &mut Vec<Question>) {
        for part in parts {
            match part {
                Part::Ask { question } => out.push(question.clone()),
                Part::Card { parts, .. } => of(parts, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    of(&solo_panel(game, answers).parts, &mut out);
    out
}

/// Every button of the panel: (name, what it does).
fn offers(game: &Game, answers: &Answers) -> Vec<(String, Act)> {
    fn of(parts: &[Part], out: &mut Vec<(String, Act)>) {
        for part in parts {
            match part {
                Part::Heading {
                    offer: Some(offer), ..
                } => out.push((offer.name.clone(), offer.act.clone())),
                Part::Offers { offers } => {
                    out.extend(offers.iter().map(|o| (o.name.clone(), o.act.clone())));
                }
                Part::Card { decide, parts, .. } => {
                    out.extend(decide.iter().map(|o| (o.name.clone(), o.act.clone())));
                    of(parts, out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    of(&solo_panel(game, answers).parts, &mut out);
    out
}

/// Plays the steps of a plan to its end, each command with the game's own dice.
fn carry_out(game: &mut Game, mut steps: Vec<solo::plan::Step>) {
    while let Some(command) = solo::plan::next_command(game, &mut steps) {
        let mut dice = game
            .staying_dice(&command)
            .unwrap_or_else(|| DiceSource::seeded(1));
        game.play(command, &mut dice).expect("the plan's step");
    }
}

/// The rows and the choices of each, as (question, choices' words, which are open).
fn layout(questions: &[Question]) -> Vec<(String, Vec<String>)> {
    questions
        .iter()
        .map(|q| {
            (
                q.words.clone(),
                q.choices.iter().map(|c| c.words.clone()).collect(),
            )
        })
        .collect()
}

#[test]
fn the_rows_keep_their_place_as_answers_are_given() {
    let mut game = night_patrol();
    let section = unit_id(&game, "section-1");
    activate(&mut game, section, Movement::Rapid);
    let mut answers = Answers::default();
    let before = questions(&game, &answers);
    // Six rows from the start, whatever is answered: which, the two ranges, what it does
    // first, the open, the cover; only the first is open before anybody sees it.
    assert_eq!(before.len(), 6, "{:#?}", layout(&before));
    let open: Vec<bool> = before
        .iter()
        .map(|q| q.choices.iter().any(|c| c.open))
        .collect();
    assert_eq!(open, vec![true, false, false, false, false, false]);
    let state = game.state().clone();
    let b = Who::Marker("B".to_owned());
    for answer in [
        Answer::Sees {
            who: b.clone(),
            regular: section,
        },
        Answer::Within {
            who: b.clone(),
            regular: section,
            inches: 6,
        },
        Answer::Open {
            regular: section,
            yes: true,
        },
    ] {
        answers.give(&state, &answer);
        let now = questions(&game, &answers);
        assert_eq!(layout(&now), layout(&before), "after {answer:?}");
    }
    // Within 6", so within 12" too: picked, and closed.
    let now = questions(&game, &answers);
    let twelve = now[2]
        .choices
        .iter()
        .find(|c| c.words == "Contact B")
        .expect("B");
    assert!(twelve.picked && !twelve.open);
}

#[test]
fn no_two_answers_of_a_question_read_the_same() {
    let mut game = solo_game(SoloDifficulty::Regular);
    let alpha = unit_id(&game, "alpha");
    // A second Marine unit named as the first (a scenario may name two units alike).
    let twin = ambush_core::game::command::NewUnit {
        name: "Fireteam Alpha".to_owned(),
        side: ambush_core::unit::Side::Regular,
        profile: ambush_core::unit::Profile {
            tq: ambush_core::dice::Die::D8,
            morale: ambush_core::dice::Die::D10,
            optimum_range: 8,
            armor: 1,
        },
        location: "beside it".to_owned(),
        figures: (0..4)
            .map(|_| ambush_core::game::command::NewFigure {
                name: "Rifleman".to_owned(),
                weapon: ambush_core::unit::Weapon::Rifle,
                tq: None,
            })
            .collect(),
    };
    play(&mut game, Command::AddUnit { unit: twin }, &[]);
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let answers = Answers::default();
    let asked = questions(&game, &answers);
    assert!(!asked.is_empty());
    for q in &asked {
        let words: Vec<&String> = q.choices.iter().map(|c| &c.words).collect();
        let mut distinct = words.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), words.len(), "{}: {words:?}", q.words);
    }
    assert!(asked.iter().any(|q| {
        q.choices.iter().any(|c| c.words == "Fireteam Alpha (2)")
            && q.choices.iter().any(|c| c.words == "Fireteam Alpha")
    }));
    let _ = alpha;
}

#[test]
fn advancing_names_those_who_carry_what_scores_and_nobody_else() {
    // Contracting Trouble: Bravo picks up the contractors.
    let mut game = solo_game(SoloDifficulty::Regular);
    let (bravo, contractors) = (unit_id(&game, "bravo"), unit_id(&game, "contractors"));
    let ins4 = unit_id(&game, "insurgents-4");
    activate(&mut game, bravo, Movement::Cautious);
    play(
        &mut game,
        Command::JoinUnit {
            from: contractors,
            into: bravo,
        },
        &[],
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let advance = |game: &Game, unit| {
        let orders = solo::orders(game, &[]);
        orders_of(&orders, unit)
            .choices
            .iter()
            .find_map(|c| match &c.action.order {
                Order::Advance { toward } => Some(toward.clone()),
                _ => None,
            })
    };
    assert_eq!(
        advance(&game, ins4).as_deref(),
        Some("Fireteam Bravo, who carry the contractors")
    );
    // Night Patrol has nobody to bring off: a Marine carrying its own wounded is the nearest
    // Marines, never "the contractors".
    let mut game = night_patrol();
    let section = unit_id(&game, "section-1");
    let gunman = game
        .state()
        .unit(section)
        .and_then(|u| u.figures.first())
        .map(|f| f.id)
        .expect("a figure");
    play(
        &mut game,
        Command::SetWeapon {
            unit: section,
            figure: gunman,
            weapon: ambush_core::unit::Weapon::Dependant,
        },
        &[],
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let watchers = unit_id(&game, "watchers");
    let words = advance(&game, watchers);
    assert_eq!(words.as_deref(), Some("the nearest Marines"));
}

#[test]
fn an_answer_undone_in_part_offers_the_rest_and_reads_the_same_once_resumed() {
    let mut game = night_patrol();
    let section = unit_id(&game, "section-1");
    activate(&mut game, section, Movement::Rapid);
    let state = game.state().clone();
    let mut answers = Answers::default();
    for m in ["A", "B", "C", "D", "E"] {
        answers.give(
            &state,
            &Answer::Sees {
                who: Who::Marker(m.to_owned()),
                regular: section,
            },
        );
    }
    let before = game.events_in_effect();
    assert!(matches!(
        solo::answering(&game, &answers),
        Answering::ToAsk { .. }
    ));
    let steps = solo::answer_steps(&game, &answers, section);
    carry_out(&mut game, steps);
    assert_eq!(
        solo::answering(&game, &answers),
        Answering::Answered { regular: section }
    );
    // Undo the last decision only: the rest is offered, named for its first step.
    while game.applied_events().last().is_some_and(
        |e| !matches!(e.command, Command::MarkerDecide { ref marker, .. } if marker == "E"),
    ) {
        game.undo().expect("undone");
    }
    game.undo().expect("E's decision undone");
    let Answering::Unfinished { next, steps, .. } = solo::answering(&game, &answers) else {
        panic!("unfinished: {:?}", solo::answering(&game, &answers));
    };
    assert_eq!(next, "Contact E: decide its answer");
    assert!(
        offers(&game, &answers)
            .iter()
            .any(|(name, _)| *name == next)
    );
    // Resumed from its entries, the game reads the same.
    let entries: Vec<_> = game.entries().map(|e| e.to_entry()).collect();
    let resumed = Game::replay(
        Arc::clone(game.scenario()),
        game.initial_settings().clone(),
        entries,
    )
    .game;
    assert_eq!(
        solo::answering(&resumed, &answers),
        solo::answering(&game, &answers)
    );
    carry_out(&mut game, steps);
    assert_eq!(
        solo::answering(&game, &answers),
        Answering::Answered { regular: section }
    );
    // Undone to before the answer: the questions, ready to ask, their answers kept.
    while game.events_in_effect() > before {
        game.undo().expect("undone");
    }
    assert!(matches!(
        solo::answering(&game, &answers),
        Answering::ToAsk { .. }
    ));
    assert!(
        offers(&game, &answers)
            .iter()
            .any(|(_, act)| *act == Act::Answering { regular: section })
    );
}

#[test]
fn after_a_move_one_question_asks_whether_a_marker_sees_the_unit() {
    let mut game = night_patrol();
    let section = unit_id(&game, "section-1");
    activate(&mut game, section, Movement::Cautious);
    let mut answers = Answers::default();
    let question = "Once Section, first half has moved: does any marker see it within 6\"?";
    let asked = |game: &Game, answers: &Answers| -> Vec<String> {
        offers(game, answers)
            .into_iter()
            .filter_map(|(name, _)| name.strip_prefix(question).map(|a| a.trim().to_owned()))
            .collect()
    };
    // Not before the Insurgents have answered.
    assert!(asked(&game, &answers).is_empty());
    let steps = solo::answer_steps(&game, &answers, section);
    carry_out(&mut game, steps);
    assert_eq!(
        asked(&game, &answers),
        vec![
            "Contact A",
            "Contact B",
            "Contact C",
            "Contact D",
            "Contact E",
            "none"
        ]
    );
    // A marker picked is seen by the Marines: revealed.
    let (_, reveal) = offers(&game, &answers)
        .into_iter()
        .find(|(name, _)| name.ends_with("? Contact B"))
        .expect("B");
    let Act::Play { command } = reveal else {
        panic!("a marker seen is the player's command: {reveal:?}");
    };
    play(&mut game, command, &[]);
    assert_eq!(asked(&game, &answers).len(), 5);
    // "none": asked no more this activation.
    let state = game.state().clone();
    answers.give(&state, &Answer::NoMarkerSees { regular: section });
    assert!(asked(&game, &answers).is_empty());
    // A unit standing still is not asked.
    let second = unit_id(&game, "section-2");
    activate(&mut game, second, Movement::Halted);
    let steps = solo::answer_steps(&game, &answers, second);
    carry_out(&mut game, steps);
    assert!(
        offers(&game, &answers)
            .iter()
            .all(|(name, _)| !name.starts_with("Once Section, second half has moved"))
    );
}

#[test]
fn the_answers_are_plain_data_a_phone_could_hold() {
    let mut game = night_patrol();
    let section = unit_id(&game, "section-1");
    activate(&mut game, section, Movement::Rapid);
    let state = game.state().clone();
    let mut answers = Answers::default();
    answers.give(
        &state,
        &Answer::Sees {
            who: Who::Marker("C".to_owned()),
            regular: section,
        },
    );
    answers.give(&state, &Answer::First(solo::RegularAction::Fires));
    let json = serde_json::to_string(&answers).expect("JSON");
    let back: Answers = serde_json::from_str(&json).expect("read back");
    assert_eq!(questions(&game, &back), questions(&game, &answers));
    let panel = serde_json::to_value(solo_panel(&game, &answers)).expect("the panel in JSON");
    assert!(panel["parts"].as_array().is_some_and(|p| !p.is_empty()));
}
