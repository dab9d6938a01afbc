//! Property tests of the matching, the pools and the game log.

use crate::common;

use ambush_core::dice::Die;
use ambush_core::game::{Game, PlayError};
use ambush_core::rules::fire::{self, FireModifiers, MAX_POOL};
use ambush_core::unit::{Side, Weapon};
use proptest::prelude::*;

/// Maximum bipartite matching by augmenting paths (Kuhn's algorithm), independent of the
/// greedy matching under test: defender die `d` may block attacker die `a` when `d >= a`.
fn brute_force_hits(attack: &[u8], defense: &[u8], target: u8) -> usize {
    let a: Vec<u8> = attack.iter().copied().filter(|&f| f >= target).collect();
    let d: Vec<u8> = defense.iter().copied().filter(|&f| f >= 4).collect();
    let mut owner: Vec<Option<usize>> = vec![None; d.len()];
    fn augment(
        i: usize,
        a: &[u8],
        d: &[u8],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for j in 0..d.len() {
            if d[j] >= a[i] && !seen[j] {
                seen[j] = true;
                if owner[j].is_none_or(|k| augment(k, a, d, seen, owner)) {
                    owner[j] = Some(i);
                    return true;
                }
            }
        }
        false
    }
    let mut matched = 0;
    for i in 0..a.len() {
        let mut seen = vec![false; d.len()];
        if augment(i, &a, &d, &mut seen, &mut owner) {
            matched += 1;
        }
    }
    a.len() - matched
}

fn die_strategy() -> impl Strategy<Value = Die> {
    prop_oneof![Just(Die::D6), Just(Die::D8), Just(Die::D10), Just(Die::D12)]
}

fn faces(max: u8) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(1..=max, 0..=10)
}

fn weapon_strategy() -> impl Strategy<Value = Weapon> {
    prop_oneof![
        Just(Weapon::Rifle),
        Just(Weapon::LightSupport),
        Just(Weapon::MediumSupport),
        Just(Weapon::AtRpg),
        Just(Weapon::Leader),
        Just(Weapon::Dependant),
    ]
}

prop_compose! {
    fn modifiers()(
        flags in prop::collection::vec(any::<bool>(), 9),
        interruption_dice in 0u8..5,
        firepower_adjust in -3i8..4,
        defense_adjust in -3i8..4,
    ) -> FireModifiers {
        FireModifiers {
            optimum_range: flags[0],
            target_exposed: flags[1],
            attacker_rapid: flags[2],
            attacker_pinned: flags[3],
            interruption_dice,
            target_cautious: flags[4],
            target_in_cover: flags[5],
            solid_cover: flags[6],
            beyond_effective_range: flags[7],
            firepower_adjust,
            defense_adjust,
            correction: None,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn matching_is_a_maximum_matching(attack in faces(12), defense in faces(12), beyond in any::<bool>()) {
        let target = if beyond { 7 } else { 4 };
        let m = fire::match_dice(&attack, &defense, target);
        prop_assert_eq!(m.hits(), brute_force_hits(&attack, &defense, target));
        prop_assert_eq!(m.hits(), fire::hits_closed_form(&attack, &defense, target));
        // Every block is legal and uses each die once.
        let mut used_a = vec![false; m.attack.len()];
        let mut used_d = vec![false; m.defense.len()];
        for b in &m.blocks {
            prop_assert!(m.defense[b.defense] >= m.attack[b.attack]);
            prop_assert!(!used_a[b.attack] && !used_d[b.defense]);
            used_a[b.attack] = true;
            used_d[b.defense] = true;
        }
        prop_assert_eq!(m.blocks.len() + m.unblocked.len(), m.attack.len());
        prop_assert!(m.attack.iter().all(|&f| f >= target));
        prop_assert!(m.defense.iter().all(|&f| f >= 4));
    }

    #[test]
    fn pools_stay_within_ten_dice(
        tq in die_strategy(),
        weapons in prop::collection::vec(weapon_strategy(), 0..14),
        armor in 0u8..4,
        side in prop_oneof![Just(Side::Regular), Just(Side::Insurgent)],
        m in modifiers(),
    ) {
        let unit = common::bare_unit(side, tq, &weapons, armor);
        let fp = fire::firepower(&unit, &m);
        let dp = fire::defense(&unit, &m);
        prop_assert!(fp.len() <= MAX_POOL);
        prop_assert!(dp.len() <= MAX_POOL);
        // The breakdown adds up to the unclamped total, and the pool is that total clamped.
        let sum: i32 = fp.lines.iter().map(|l| l.dice).sum();
        prop_assert_eq!(sum, fp.unclamped);
        prop_assert_eq!(fp.len() as i32, fp.unclamped.clamp(0, MAX_POOL as i32));
        let sum: i32 = dp.lines.iter().map(|l| l.dice).sum();
        prop_assert_eq!(sum, dp.unclamped);
        prop_assert_eq!(dp.len() as i32, dp.unclamped.clamp(0, MAX_POOL as i32));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn replaying_a_log_rebuilds_the_same_state(seed in any::<u64>(), steps in 1usize..300) {
        let game = common::random_game(seed, steps);
        let replayed = Game::replay(game.scenario().clone(), game.initial_settings().clone(), common::entries(&game));
        prop_assert!(replayed.refused.is_none(), "{:?}", replayed.refused);
        let replayed = replayed.game;
        prop_assert_eq!(replayed.state(), game.state());
        prop_assert_eq!(common::entries(&replayed), common::entries(&game));
        // The record keeps undone events, marked as such, and the same ones in both.
        for n in 0..game.event_count() {
            prop_assert_eq!(replayed.in_effect(n), game.in_effect(n));
            prop_assert_eq!(replayed.outcome(n), game.outcome(n));
        }
    }

    #[test]
    fn undo_then_redo_is_the_identity(seed in any::<u64>(), steps in 1usize..300, back in 1usize..150) {
        let mut game = common::random_game(seed, steps);
        let before = game.state().clone();
        let mut undone = 0;
        for _ in 0..back {
            if game.undo().is_ok() {
                undone += 1;
            }
        }
        for _ in 0..undone {
            prop_assert!(game.redo().is_ok());
        }
        prop_assert_eq!(game.state(), &before);
        // Undo never deletes: every event is still in the record.
        let events = game.entries().filter(|e| matches!(e, ambush_core::game::EntryRef::Event(_))).count();
        prop_assert_eq!(events, game.event_count());
        let in_effect = (0..game.event_count()).filter(|&n| game.in_effect(n)).count();
        prop_assert!(events >= in_effect);
        prop_assert_eq!(in_effect, game.events_in_effect());
    }
}

/// The state rebuilt the plain way: the events in effect applied one by one from the start.
fn rebuilt(game: &Game) -> ambush_core::game::GameState {
    let mut plain = Game::new(game.scenario().clone(), game.initial_settings().clone());
    for event in game.applied_events() {
        let applied = plain.apply(event.clone());
        assert!(applied.is_ok(), "{applied:?}");
    }
    plain.state().clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Long runs of undo and redo, deep undos past many checkpoints, and new events after
    /// undos: after every step the state is the plain replay of the events in effect, and the
    /// record replays to the same game.
    #[test]
    fn undo_and_redo_in_any_order_keep_the_state_exact(seed in any::<u64>(), ops in proptest::collection::vec((0u8..6, 1usize..200), 1..40)) {
        let mut game = common::random_game(seed, 150);
        let mut dice = ambush_core::dice::DiceSource::seeded(seed ^ 0x5eed);
        let mut step = seed;
        for (op, count) in ops {
            match op {
                0 | 1 => for _ in 0..count { let _ = game.undo(); },
                2 | 3 => for _ in 0..count { let _ = game.redo(); },
                4 => for _ in 0..count % 7 {
                    step = step.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let mut s = step;
                    let command = common::random_command(&game, &mut |n| { s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); ((s >> 33) as usize) % n.max(1) });
                    let _ = game.play(command, &mut dice);
                },
                _ => for _ in 0..count { let _ = game.undo(); let _ = game.redo(); },
            }
            prop_assert_eq!(game.state(), &rebuilt(&game));
        }
        let replayed = Game::replay(game.scenario().clone(), game.initial_settings().clone(), common::entries(&game));
        prop_assert!(replayed.refused.is_none(), "{:?}", replayed.refused);
        prop_assert_eq!(replayed.game.state(), game.state());
        prop_assert_eq!(replayed.game.events_in_effect(), game.events_in_effect());
        prop_assert_eq!(replayed.game.can_redo(), game.can_redo());
        prop_assert_eq!(replayed.game.next_redo(), game.next_redo());
    }
}

#[test]
fn random_games_exercise_the_rules() {
    // The random player is not a no-op: its games contain many applied events of many kinds.
    // Which kinds one game reaches depends on its seed and on what the agenda offers (a rules
    // change moves every later pick), so a few games are played and their kinds counted
    // together; each game on its own must still be long and reach the third turn.
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=4 {
        let game = common::random_game(seed, 2000);
        let applied = game.events_in_effect();
        assert!(applied > 200, "seed {seed}: only {applied} events applied");
        assert!(
            game.state().turn() > 2,
            "seed {seed}: turn {}",
            game.state().turn()
        );
        kinds.extend(game.entries().filter_map(|e| {
            match e {
                ambush_core::game::EntryRef::Event(ev) => serde_json::to_value(&ev.command)
                    .ok()
                    .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_owned)),
                _ => None,
            }
        }));
    }
    assert!(kinds.len() >= 18, "{kinds:?}");
    for kind in [
        "activate",
        "reaction_test",
        "fire",
        "first_aid",
        "morale_check",
        "arrival",
        "end_turn",
    ] {
        assert!(kinds.contains(kind), "no {kind} in {kinds:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn a_refused_command_changes_nothing(seed in any::<u64>(), steps in 1usize..200) {
        let mut game = common::new_game();
        let mut dice = ambush_core::dice::DiceSource::seeded(seed);
        let mut state = seed | 1;
        let mut pick = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state as usize) % n.max(1)
        };
        let mut refused = 0;
        for _ in 0..steps {
            let command = common::random_command(&game, &mut pick);
            let before = game.state().clone();
            let entries = game.entry_count();
            if let Err(why) = game.check(&command) {
                // Refused by the gate: no die is asked for (a typed source keeps every face),
                // and nothing changes.
                let mut typed = ambush_core::dice::DiceSource::typed(vec![vec![6u8; 10]; 12]);
                let played = game.play(command, &mut typed);
                prop_assert_eq!(played.err(), Some(PlayError::Rule(why)));
                let ambush_core::dice::DiceSource::Typed(queue) = &typed else { unreachable!() };
                prop_assert_eq!(queue.len(), 12);
                refused += 1;
                prop_assert_eq!(game.state(), &before);
                prop_assert_eq!(game.entry_count(), entries);
            } else {
                prop_assert!(game.play(command, &mut dice).is_ok());
            }
        }
        // The random player tries plenty of things the rules refuse.
        prop_assert!(steps < 20 || refused > 0);
    }

    #[test]
    fn every_command_the_query_offers_passes_the_gate_and_applies(seed in any::<u64>(), steps in 0usize..150) {
        let game = common::random_game(seed, steps);
        let offered = game.state().legal_commands(game.scenario());
        let mut dice = ambush_core::dice::DiceSource::seeded(seed);
        for command in offered {
            prop_assert!(game.check(&command).is_ok(), "{:?}", command);
            let mut next = game.clone();
            let played = next.play(command.clone(), &mut dice);
            prop_assert!(played.is_ok(), "{:?}: {:?}", command, played.err());
        }
    }
}
