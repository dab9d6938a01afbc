//! The story of the dice: exact odds checked against brute force, percentiles of known rolls,
//! the Stats of a scripted game, the report's `rolls` and its chart files.

use crate::common;

use ambush_core::dice::{Die, Face};
use ambush_core::game::{Command, Game, QualityPurpose};
use ambush_core::rules::fire::match_dice;
use ambush_core::story::{self, RollKind};
use ambush_core::unit::{Movement, Side};

use common::{activate, new_game, play, unit, unit_id};

/// The distribution of unblocked attacker dice, by trying every face of every die.
fn brute_force(attack: &[Die], defense: &[Die], target: Face) -> Vec<f64> {
    let dice: Vec<Die> = attack.iter().chain(defense).copied().collect();
    let mut faces = vec![1u8; dice.len()];
    let mut counts = vec![0u64; attack.len() + 1];
    let mut total = 0u64;
    loop {
        let m = match_dice(&faces[..attack.len()], &faces[attack.len()..], target);
        counts[m.unblocked.len()] += 1;
        total += 1;
        // The next combination, like an odometer.
        let mut i = 0;
        loop {
            if i == faces.len() {
                return counts.iter().map(|&c| c as f64 / total as f64).collect();
            }
            if faces[i] < dice[i].sides() {
                faces[i] += 1;
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

#[test]
fn the_exact_odds_agree_with_brute_force_on_small_pools() {
    use Die::{D6, D8, D10, D12};
    for (attack, defense, target) in [
        (vec![D6, D6], vec![D8], 4),
        (vec![D8, D6, D6], vec![D6, D6], 4),
        (vec![D10, D8], vec![D8, D8], 4),
        (vec![D12, D6, D6], vec![D10], 7),
        (vec![D6, D6, D6, D6], vec![D8, D8, D6], 4),
    ] {
        let exact = ambush_core::odds::hits(&attack, &defense, target);
        let brute = brute_force(&attack, &defense, target);
        // The exact distribution may stop at the most hits the pool can score.
        for (k, b) in brute.iter().enumerate() {
            let a = exact.p.get(k).copied().unwrap_or(0.0);
            assert!(
                (a - b).abs() < 1e-12,
                "{attack:?} vs {defense:?}: P({k}) {a} ≠ {b}"
            );
        }
        assert!(exact.p.len() <= brute.len());
    }
}

/// Fire with these faces for the attacker's and the defender's groups, in order.
fn fire(game: &mut Game, attacker: &str, target: &str, attack: &[u8], defend: &[u8]) {
    let (mut at, mut de) = (attack.iter(), defend.iter());
    common::fire_with(game, attacker, target, |g| {
        let source = if g.label.starts_with("Firepower") {
            &mut at
        } else {
            &mut de
        };
        source
            .by_ref()
            .take(usize::from(g.count))
            .copied()
            .collect()
    });
}

/// A scripted first turn: Alpha fires at Insurgents 1 (three hits), the Insurgents' leaderless
/// unit fails a check, then Insurgents 4 fires at Alpha (no hit).
fn scripted() -> Game {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Halted);
    // Alpha's d8s against the Insurgents' d6s: three 8s and a 5, the rest below 4; the
    // defence all 1s but one 6, which stops the 5: three hits.
    fire(
        &mut game,
        "alpha",
        "insurgents-1",
        &[8, 8, 8, 5, 1, 1, 1, 1],
        &[6, 1, 1, 1, 1, 1, 1],
    );
    let ins1 = unit_id(&game, "insurgents-1");
    let pending = common::pending_id(&game, |_| true);
    let figures = unit(&game, ins1).casualty_proposal(3);
    play(
        &mut game,
        Command::RemoveCasualties { pending, figures },
        &[],
    );
    play(
        &mut game,
        Command::MoraleCheck {
            unit: ins1,
            modifier: 0,
            defensible: false,
        },
        &[&[9, 9, 9]],
    );
    play(&mut game, Command::StartInsurgentPhase, &[]);
    let ins3 = unit_id(&game, "insurgents-3");
    play(
        &mut game,
        Command::QualityCheck {
            unit: ins3,
            purpose: QualityPurpose::ActWithoutLeader,
        },
        &[&[2]],
    );
    let ins4 = unit_id(&game, "insurgents-4");
    play(
        &mut game,
        Command::InsurgentAction {
            unit: ins4,
            movement: Movement::Halted,
        },
        &[],
    );
    fire(
        &mut game,
        "insurgents-4",
        "alpha",
        &[6, 5, 4, 1],
        &[8, 8, 8, 8, 8, 8],
    );
    game
}

#[test]
fn a_scripted_game_tells_its_dice_per_side_and_per_turn() {
    let game = scripted();
    let story = story::tell(&game);
    let fires: Vec<&story::Roll> = story
        .rolls
        .iter()
        .filter(|r| matches!(r.kind, RollKind::Fire { .. }))
        .collect();
    assert_eq!(fires.len(), 2, "{:#?}", story.rolls);
    let RollKind::Fire {
        hits,
        expected,
        p_at_least,
        p_at_most,
        ref attack,
        target,
        casualties,
        expected_casualties,
        p_casualties_at_least,
        ..
    } = fires[0].kind
    else {
        panic!()
    };
    assert_eq!((hits, casualties, target), (3, 3, 4));
    assert_eq!(fires[0].side, Side::Regular);
    // The numbers are those of the exact odds on the same pools (checked against brute force
    // above; these pools are too large to enumerate).
    let dice = |notation: &str| -> Vec<Die> {
        notation
            .split('+')
            .flat_map(|part| {
                let (n, die) = part.split_once('d').expect("NdX");
                let die = Die::from_sides(die.parse().expect("sides")).expect("a die");
                std::iter::repeat_n(die, n.parse().expect("count"))
            })
            .collect()
    };
    let RollKind::Fire { ref defend, .. } = fires[0].kind else {
        panic!()
    };
    let brute = ambush_core::odds::hits(&dice(attack), &dice(defend), 4).p;
    let at_least: f64 = brute[hits..].iter().sum();
    let at_most: f64 = brute[..=hits].iter().sum();
    let mean: f64 = brute.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    assert!((p_at_least - at_least).abs() < 1e-12);
    assert!((p_at_most - at_most).abs() < 1e-12);
    assert!((expected - mean).abs() < 1e-12);
    // Its casualties: the hits, at most the six figures Insurgents 1 had (8 dice could hit 8).
    let mut losses = brute[..=6].to_vec();
    losses[6] += brute[7..].iter().sum::<f64>();
    let losses_mean: f64 = losses.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    assert!(losses_mean <= mean, "the cap can only take hits away");
    assert!((expected_casualties - losses_mean).abs() < 1e-12);
    assert!((p_casualties_at_least - losses[3..].iter().sum::<f64>()).abs() < 1e-12);
    // Its percentile: the chance of fewer casualties, and half the chance of exactly as many.
    let percentile = losses[..casualties].iter().sum::<f64>() + losses[casualties] / 2.0;
    assert!((fires[0].percentile - percentile).abs() < 1e-12);
    // Insurgents 4's fire hit nothing: at the bottom of its distribution.
    let RollKind::Fire { hits: none, .. } = fires[1].kind else {
        panic!()
    };
    assert_eq!(none, 0);
    assert!(fires[1].percentile < 0.5);
    // A miss is told by how many attacks do no better (every attack does at least as well).
    let words = fires[1].words();
    assert!(
        words.starts_with("no casualty; ") && words.contains("of such attacks do no better"),
        "{words}"
    );
    assert!(!words.contains("100%"), "{words}");
    // The failed check of a leaderless unit, with its chance.
    let check = story
        .rolls
        .iter()
        .find(|r| matches!(r.kind, RollKind::Check { .. }))
        .expect("a check");
    assert_eq!(check.side, Side::Insurgent);
    let RollKind::Check { passed, chance } = check.kind else {
        panic!()
    };
    assert!(!passed);
    assert!((chance - 0.5).abs() < 1e-12, "a d6 at 4+");
    assert!((check.percentile - 0.25).abs() < 1e-12);
    // Insurgents 1's Morale: three d10 at 4+ (70% each), all three made it.
    let morale = story
        .rolls
        .iter()
        .find(|r| matches!(r.kind, RollKind::Morale { .. }))
        .expect("a Morale check");
    assert_eq!(morale.side, Side::Insurgent);
    let RollKind::Morale {
        successes,
        dice,
        p_at_least,
        passed,
        chance,
        ..
    } = morale.kind
    else {
        panic!()
    };
    assert_eq!((successes, dice, passed), (3, 3, true));
    assert!((p_at_least - 0.343).abs() < 1e-12);
    assert!((chance - (0.343 + 3.0 * 0.49 * 0.3)).abs() < 1e-12);
    assert!((morale.percentile - (1.0 - 0.343 / 2.0)).abs() < 1e-12);
    // Per side: the Regulars' 3 casualties against their expectation; a check and a Morale
    // check for the Insurgents.
    let regulars = &story.sides[0];
    assert_eq!((regulars.fires, regulars.casualties), (1, 3));
    assert!((regulars.expected_casualties - losses_mean).abs() < 1e-12);
    let insurgents = &story.sides[1];
    assert_eq!(
        (insurgents.fires, insurgents.tests, insurgents.passed),
        (1, 2, 1)
    );
    // Per turn: all in turn 1.
    assert_eq!(story.turns.len(), 1);
    assert_eq!(story.turns[0].casualties, [3, 0]);
    // The log says how lucky each was.
    assert_eq!(
        story::luck_words(&game.outcome(fires[0].event).expect("outcome").detail),
        Some(format!(
            "3 casualties; {:.0}% of such attacks do as well; {:.1} expected",
            at_least * 100.0,
            losses_mean
        ))
    );
}

#[test]
fn the_report_json_has_one_roll_per_fire_with_exactly_its_keys() {
    let game = scripted();
    let json = ambush_core::report::json(&game);
    let rolls = json["rolls"].as_array().expect("rolls");
    let fires: Vec<&serde_json::Value> = rolls.iter().filter(|r| r["kind"] == "fire").collect();
    assert_eq!(fires.len(), 2);
    let mut keys: Vec<&str> = fires[0]
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        vec![
            "attack",
            "casualties",
            "defend",
            "expected",
            "expected_casualties",
            "hits",
            "kind",
            "line",
            "p_at_least",
            "p_at_most",
            "p_casualties_at_least",
            "target"
        ]
    );
    assert_eq!(fires[0]["hits"], 3);
    assert_eq!(fires[0]["casualties"], 3);
    assert_eq!(fires[0]["target"], 4);
    // The journal line of the event: the header is line 1, the activation line 2, the fire 3.
    assert_eq!(fires[0]["line"], 3);
    assert!(
        fires[0]["attack"]
            .as_str()
            .is_some_and(|a| a.contains('d') && !a.contains(' '))
    );
}

#[test]
fn the_exported_report_carries_the_numbers_and_its_charts_beside_it() {
    let game = scripted();
    let dir = common::temp_dir("story", "report");
    let path = dir.join("after-action.md");
    let written = ambush_core::report::story::write(&path, &game).expect("written");
    assert_eq!(written.len(), 3);
    let text = std::fs::read_to_string(&path).expect("report");
    assert!(text.contains("## The story of the dice"), "{text}");
    assert!(text.contains("| Regular | 1 | 3 |"), "{text}");
    for chart in [
        "after-action-victory-points.svg",
        "after-action-casualties.svg",
    ] {
        assert!(text.contains(&format!("]({chart})")), "{text}");
        let svg = std::fs::read_to_string(dir.join(chart)).expect("chart");
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("<polyline"), "{svg}");
    }
    // The log in the report says how lucky each roll was.
    assert!(text.contains("of such attacks do as well"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// More hits than the target has figures: the casualties are its figures, and the story
/// counts those (a unit of one cannot lose three); the log's dice say whose each group is.
#[test]
fn casualties_are_the_hits_at_most_the_figures_and_the_dice_name_their_owners() {
    let mut game = new_game();
    let alpha = unit_id(&game, "alpha");
    activate(&mut game, alpha, Movement::Halted);
    fire(&mut game, "alpha", "leader-2a", &[8; 10], &[1; 10]);
    let story = story::tell(&game);
    let last = story.rolls.last().expect("a roll");
    let RollKind::Fire {
        hits, casualties, ..
    } = last.kind
    else {
        panic!("{:?}", last.kind)
    };
    assert!(hits >= 3, "{hits} hits");
    assert_eq!(casualties, 1, "Leader 2A is one figure");
    let event = game.applied_events().last().expect("the fire");
    let words =
        ambush_core::report::event_dice_words(event, &ambush_core::view::Sight::desk(&game));
    let (attack, defend) = words.split_once(" | ").expect("two owners");
    assert!(attack.starts_with("Fireteam Alpha d8: 8 8"), "{words}");
    assert!(defend.starts_with("Leader 2A d"), "{words}");
    assert!(
        defend.ends_with(": 1") || defend.contains(": 1 "),
        "{words}"
    );
}
