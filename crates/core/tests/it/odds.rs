//! The exact odds against independent computations: brute-force enumeration of every face
//! combination for small pools, and a seeded Monte Carlo for large ones.

use ambush_core::dice::Die;
use ambush_core::odds;
use ambush_core::rules::checks::TestDie;
use ambush_core::rules::fire::hits_closed_form;
use proptest::prelude::*;

/// Every face combination of the pool (all equally likely), fed to `f`.
fn enumerate(pool: &[Die], f: &mut impl FnMut(&[u8])) {
    fn go(pool: &[Die], faces: &mut Vec<u8>, f: &mut impl FnMut(&[u8])) {
        match pool.split_first() {
            None => f(faces),
            Some((die, rest)) => {
                for face in 1..=die.sides() {
                    faces.push(face);
                    go(rest, faces, f);
                    faces.pop();
                }
            }
        }
    }
    go(pool, &mut Vec::new(), f);
}

/// The number of equally likely face combinations of a pool.
fn combinations(pool: &[Die]) -> u64 {
    pool.iter().map(|d| u64::from(d.sides())).product()
}

/// The hit distribution by enumerating both pools and matching every pair of outcomes,
/// counted in integers so the reference itself has no rounding.
fn brute_force(attack: &[Die], defense: &[Die], target: u8) -> Vec<f64> {
    let mut counts = vec![0u64; attack.len() + 1];
    let mut defense_outcomes = Vec::new();
    enumerate(defense, &mut |faces| defense_outcomes.push(faces.to_vec()));
    enumerate(attack, &mut |a| {
        for d in &defense_outcomes {
            counts[hits_closed_form(a, d, target)] += 1;
        }
    });
    let total = (combinations(attack) * combinations(defense)) as f64;
    counts.iter().map(|&c| c as f64 / total).collect()
}

fn assert_close(exact: &[f64], expected: &[f64], tolerance: f64, what: &str) {
    let n = exact.len().max(expected.len());
    for k in 0..n {
        let (a, b) = (
            exact.get(k).copied().unwrap_or(0.0),
            expected.get(k).copied().unwrap_or(0.0),
        );
        assert!(
            (a - b).abs() <= tolerance,
            "{what}: P({k}) = {a} but expected {b}"
        );
    }
}

fn die() -> impl Strategy<Value = Die> {
    prop_oneof![Just(Die::D6), Just(Die::D8), Just(Die::D10), Just(Die::D12)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn small_pools_match_brute_force(
        attack in prop::collection::vec(die(), 0..=3),
        defense in prop::collection::vec(die(), 0..=3),
        beyond in any::<bool>(),
    ) {
        let target = if beyond { 7 } else { 4 };
        let exact = odds::hits(&attack, &defense, target);
        let expected = brute_force(&attack, &defense, target);
        assert_close(&exact.p, &expected, 1e-12, &format!("{attack:?} vs {defense:?} at {target}+"));
        prop_assert!((exact.total() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn fixed_small_pools_match_brute_force() {
    use Die::*;
    for (attack, defense) in [
        (vec![D8, D8, D8], vec![D6, D6]),
        (vec![D6, D6, D6, D6], vec![D8]),
        (vec![D12, D6], vec![D10, D12, D8]),
        (vec![D8, D6, D6, D6], vec![D8, D8]),
        (vec![D10, D10, D10], vec![D10, D10, D10]),
        (vec![], vec![D6]),
        (vec![D6], vec![]),
    ] {
        for target in [4, 7] {
            let exact = odds::hits(&attack, &defense, target);
            assert_close(
                &exact.p,
                &brute_force(&attack, &defense, target),
                1e-12,
                &format!("{attack:?} vs {defense:?} at {target}+"),
            );
        }
    }
}

/// A small, fast, seeded generator for the Monte Carlo (independent of the app's dice code).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn face(&mut self, sides: u8) -> u8 {
        (self.next() % u64::from(sides)) as u8 + 1
    }
}

/// A seeded Monte Carlo of a million fire combats, compared bucket by bucket with the exact
/// distribution: every bucket within 5 standard errors.
fn monte_carlo(attack: &[Die], defense: &[Die], target: u8, seed: u64) {
    const TRIALS: usize = 1_000_000;
    let exact = odds::hits(attack, defense, target);
    let mut rng = SplitMix(seed);
    let mut counts = vec![0usize; attack.len() + 1];
    let mut a = vec![0u8; attack.len()];
    let mut d = vec![0u8; defense.len()];
    for _ in 0..TRIALS {
        for (face, die) in a.iter_mut().zip(attack) {
            *face = rng.face(die.sides());
        }
        for (face, die) in d.iter_mut().zip(defense) {
            *face = rng.face(die.sides());
        }
        // Hits by counting at each threshold (the closed form), inline for speed.
        let mut best = 0i32;
        for v in target..=12 {
            let av = a.iter().filter(|&&f| f >= v).count() as i32;
            let dv = d.iter().filter(|&&f| f >= v).count() as i32;
            best = best.max(av - dv);
        }
        counts[best as usize] += 1;
    }
    for (k, &count) in counts.iter().enumerate() {
        let p = exact.p.get(k).copied().unwrap_or(0.0);
        let observed = count as f64 / TRIALS as f64;
        let se = (p * (1.0 - p) / TRIALS as f64).sqrt().max(1e-7);
        assert!(
            (observed - p).abs() <= 5.0 * se,
            "{attack:?} vs {defense:?} at {target}+: P({k}) exact {p}, sampled {observed} (se {se})"
        );
    }
}

#[test]
fn large_pools_match_a_million_sampled_combats() {
    use Die::*;
    monte_carlo(&[D12; 10], &[D12; 10], 4, 1);
    monte_carlo(&[D8, D6, D6, D6, D6, D6, D6, D6, D6, D6], &[D8; 8], 4, 2);
    monte_carlo(&[D10; 9], &[D6; 7], 7, 3);
}

#[test]
fn the_booklet_example_pools() {
    use Die::*;
    // 7d8 against 5d6, within effective range.
    let dist = odds::hits(&[D8; 7], &[D6; 5], 4);
    assert!((dist.total() - 1.0).abs() < 1e-12);
    assert!(dist.mean() > 1.0 && dist.mean() < 4.0, "{}", dist.mean());
    // d6 cannot hit beyond effective range.
    let dist = odds::hits(&[D6; 9], &[D6; 2], 7);
    assert_eq!(dist.p, vec![1.0]);
    // Casualties are capped by the figures that can be hit.
    let capped = odds::casualties(&[D12; 10], &[D6; 1], 4, 2);
    assert_eq!(capped.p.len(), 3);
    assert!((capped.total() - 1.0).abs() < 1e-12);
}

#[test]
fn distributions_sum_to_one_and_move_the_right_way() {
    let types = [Die::D6, Die::D8, Die::D10, Die::D12];
    for &a in &types {
        for &d in &types {
            for target in [4, 7] {
                let mut previous_mean = -1.0;
                for n in 0..=10 {
                    let dist = odds::hits(&vec![a; n], &[d; 5], target);
                    assert!((dist.total() - 1.0).abs() < 1e-12, "{n}{a} vs 5{d}");
                    assert!(dist.p.iter().all(|&p| (0.0..=1.0 + 1e-12).contains(&p)));
                    // More attacker dice never lowers the mean.
                    assert!(
                        dist.mean() >= previous_mean - 1e-12,
                        "{n}{a} vs 5{d} at {target}+"
                    );
                    previous_mean = dist.mean();
                }
                let mut previous_mean = f64::INFINITY;
                for n in 0..=10 {
                    // More defender dice never raises it.
                    let dist = odds::hits(&[a; 6], &vec![d; n], target);
                    assert!(
                        dist.mean() <= previous_mean + 1e-12,
                        "6{a} vs {n}{d} at {target}+"
                    );
                    previous_mean = dist.mean();
                }
                // A better die never lowers the mean; 7+ never beats 4+.
                let base = odds::hits(&[a; 6], &[d; 5], target).mean();
                if let Some(better) = Some(a.step_up()).filter(|b| *b != a) {
                    assert!(odds::hits(&[better; 6], &[d; 5], target).mean() >= base - 1e-12);
                }
                assert!(
                    odds::hits(&[a; 6], &[d; 5], 7).mean()
                        <= odds::hits(&[a; 6], &[d; 5], 4).mean() + 1e-12
                );
            }
        }
    }
}

fn test_die(die: Die, modifier: i32) -> TestDie {
    TestDie {
        die,
        modifier,
        reasons: Vec::new(),
    }
}

#[test]
fn single_die_tests_match_enumeration() {
    for die in Die::ALL {
        for modifier in -2..=2 {
            let t = test_die(die, modifier);
            let expected = (1..=die.sides())
                .filter(|&f| i32::from(f) + modifier >= 4)
                .count() as f64
                / f64::from(die.sides());
            assert!((odds::quality(&t) - expected).abs() < 1e-15);
            for other in Die::ALL {
                for m2 in -1..=1 {
                    let r = test_die(other, m2);
                    let mut wins = 0.0;
                    for fi in 1..=die.sides() {
                        for fr in 1..=other.sides() {
                            let (ti, tr) = (i32::from(fi) + modifier, i32::from(fr) + m2);
                            if ti >= 4 && ti > tr {
                                wins += 1.0 / (f64::from(die.sides()) * f64::from(other.sides()));
                            }
                        }
                    }
                    assert!((odds::insurgents_first(&t, &r) - wins).abs() < 1e-12);
                }
            }
        }
    }
}

#[test]
fn morale_odds_match_enumeration() {
    for die in Die::ALL {
        for n in 0..=5 {
            for modifier in [-1i8, 0, 1, 3] {
                // Regulars: enumerate every face combination.
                let pool = vec![die; n];
                let (mut stand, mut ins_shaken, mut shrink) = (0u64, 0u64, 0u64);
                let removable = n.saturating_sub(1);
                enumerate(&pool, &mut |faces| {
                    let s = faces
                        .iter()
                        .filter(|&&f| i32::from(f) + i32::from(modifier) >= 4)
                        .count();
                    if s > faces.len() - s {
                        stand += 1;
                    } else {
                        ins_shaken += 1;
                    }
                    shrink += faces.iter().filter(|&&f| f == 1).count().min(removable) as u64;
                });
                let total = combinations(&pool) as f64;
                let (stand, ins_shaken, shrink) = (
                    stand as f64 / total,
                    ins_shaken as f64 / total,
                    shrink as f64 / total,
                );
                let ins_stand = stand;
                let r = odds::regular_morale(die, n, modifier);
                assert!((r.stand - stand).abs() < 1e-12, "{n}{die}{modifier:+}");
                assert!((r.stand + r.pinned - 1.0).abs() < 1e-12);
                let i = odds::insurgent_morale(die, n, modifier, removable);
                assert!((i.stand - ins_stand).abs() < 1e-12, "{n}{die}{modifier:+}");
                assert!((i.shaken + i.broken - ins_shaken).abs() < 1e-12);
                assert!(
                    (i.shrink_mean - shrink).abs() < 1e-12,
                    "{n}{die}{modifier:+}"
                );
                if die == Die::D6 {
                    assert_eq!(i.shaken, 0.0, "a Shaken d6 unit breaks");
                } else {
                    assert_eq!(i.broken, 0.0);
                }
            }
        }
    }
}

#[test]
fn first_aid_odds() {
    let f = odds::first_aid(2);
    assert!((f.taken_out.p[0] - 1.0 / 9.0).abs() < 1e-12);
    assert!((f.taken_out.p[2] - 4.0 / 9.0).abs() < 1e-12);
    assert!((f.any_serious - (1.0 - 4.0 / 9.0)).abs() < 1e-12);
    assert!((f.taken_out.total() - 1.0).abs() < 1e-12);
}

#[test]
fn percentages_never_read_below_zero_or_above_a_hundred() {
    use ambush_core::text::percent;
    assert_eq!(percent(-1e-17), "0%");
    assert_eq!(percent(0.0), "0%");
    assert_eq!(percent(1.0 + 1e-15), "100%");
    assert_eq!(percent(0.0004), "under 0.1%");
    assert_eq!(percent(0.5), "50.0%");
    assert_eq!(percent(0.9996), "over 99.9%");
}
