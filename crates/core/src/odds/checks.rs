//! The exact odds of a single test die, a Reaction test, a Morale check and First Aid.

use super::Distribution;
use crate::dice::Die;
use crate::rules::checks::{SUCCESS, TestDie, insurgents_act_first};
use crate::unit::Wound;

/// Probability that a single test die (with its modifier) reaches `need` or more.
pub fn test_at_least(test: &TestDie, need: i32) -> f64 {
    chance_at_least(test.die, test.modifier, need)
}

/// Probability that one die plus `modifier` reaches `need` or more.
fn chance_at_least(die: Die, modifier: i32, need: i32) -> f64 {
    let sides = i32::from(die.sides());
    let good = (1..=sides).filter(|f| f + modifier >= need).count();
    good as f64 / f64::from(sides)
}

/// Probability that a Quality (or Interrupt) check passes.
pub fn quality(test: &TestDie) -> f64 {
    test_at_least(test, SUCCESS)
}

/// Probability that the Insurgents act first in a Reaction test: 4+ and higher than the
/// Regulars.
pub fn insurgents_first(insurgent: &TestDie, regular: &TestDie) -> f64 {
    let (si, sr) = (
        i32::from(insurgent.die.sides()),
        i32::from(regular.die.sides()),
    );
    let mut wins = 0;
    for fi in 1..=si {
        let ti = fi + insurgent.modifier;
        wins += (1..=sr)
            .filter(|fr| insurgents_act_first(ti, fr + regular.modifier))
            .count();
    }
    wins as f64 / f64::from(si * sr)
}

/// The odds of a Regular Morale check.
#[derive(Clone, Debug, PartialEq)]
pub struct RegularMoraleOdds {
    /// More successes than failures.
    pub stand: f64,
    /// Pinned (or, if already Pinned and not in a defensible position, Pull Back).
    pub pinned: f64,
}

/// The successes of a Morale check, of either side: entry `k` is the chance that exactly `k` of
/// `n` dice of `die`, `modifier` added to each, reach 4+. The check holds with more successes
/// than failures, `at_least(n / 2 + 1)`.
pub fn morale_successes(die: Die, n: usize, modifier: i8) -> Distribution {
    let q = chance_at_least(die, i32::from(modifier), SUCCESS);
    Distribution {
        p: (0..=n).map(|k| binomial(n, k, q)).collect(),
    }
}

/// Odds of a Regular Morale check: `n` dice of `die`, `modifier` added to each.
pub fn regular_morale(die: Die, n: usize, modifier: i8) -> RegularMoraleOdds {
    let stand = morale_successes(die, n, modifier).at_least(n / 2 + 1);
    RegularMoraleOdds {
        stand,
        pinned: 1.0 - stand,
    }
}

/// The odds of an Insurgent Morale check.
#[derive(Clone, Debug, PartialEq)]
pub struct InsurgentMoraleOdds {
    /// More successes than failures.
    pub stand: f64,
    /// Shaken and the Morale die steps down.
    pub shaken: f64,
    /// Shaken below d6: the unit breaks and is removed.
    pub broken: f64,
    /// Expected figures removed by Shrink (natural 1s, never leaders).
    pub shrink_mean: f64,
}

/// Odds of an Insurgent Morale check: `n` dice of `die`, `modifier` added to each, with
/// `removable` figures that Shrink can take (every figure but leaders).
pub fn insurgent_morale(die: Die, n: usize, modifier: i8, removable: usize) -> InsurgentMoraleOdds {
    let sides = f64::from(die.sides());
    // Each die falls in one of three classes: a natural 1, another failure, another success.
    let one_succeeds = 1 + i32::from(modifier) >= SUCCESS;
    let p_one = 1.0 / sides;
    let q = chance_at_least(die, i32::from(modifier), SUCCESS);
    let (p_fail_other, p_succ_other) = if one_succeeds {
        (1.0 - q, q - p_one)
    } else {
        (1.0 - q - p_one, q)
    };
    let mut stand = 0.0;
    let mut shaken = 0.0;
    let mut shrink_mean = 0.0;
    for ones in 0..=n {
        for fails in 0..=n - ones {
            let succ = n - ones - fails;
            let p = multinomial(n, ones, fails, succ)
                * p_one.powi(ones as i32)
                * p_fail_other.powi(fails as i32)
                * p_succ_other.powi(succ as i32);
            let (successes, failures) = if one_succeeds {
                (succ + ones, fails)
            } else {
                (succ, fails + ones)
            };
            if successes > failures {
                stand += p;
            } else {
                shaken += p;
            }
            shrink_mean += p * ones.min(removable) as f64;
        }
    }
    let breaks = die.step_down().is_none();
    InsurgentMoraleOdds {
        stand,
        shaken: if breaks { 0.0 } else { shaken },
        broken: if breaks { shaken } else { 0.0 },
        shrink_mean,
    }
}

/// The odds of First Aid for `n` casualties.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstAidOdds {
    /// Entry `k`: probability that exactly `k` figures become dependants (results 3–6).
    pub taken_out: Distribution,
    /// Probability that at least one result is serious (5–6).
    pub any_serious: f64,
}

/// Odds of First Aid for `n` casualties, one d6 each.
pub fn first_aid(n: usize) -> FirstAidOdds {
    // Each casualty's chances, read from the First Aid results themselves.
    let share = |keep: fn(Wound) -> bool| {
        (1..=6u8)
            .filter(|&f| keep(Wound::from_first_aid(f)))
            .count() as f64
            / 6.0
    };
    let taken_out = share(Wound::takes_figure_out);
    let serious = share(|w| w == Wound::Serious);
    let p: Vec<f64> = (0..=n).map(|k| binomial(n, k, taken_out)).collect();
    FirstAidOdds {
        taken_out: Distribution { p },
        any_serious: 1.0 - (1.0 - serious).powi(n as i32),
    }
}

fn choose(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn binomial(n: usize, k: usize, q: f64) -> f64 {
    choose(n, k) * q.powi(k as i32) * (1.0 - q).powi((n - k) as i32)
}

fn multinomial(n: usize, a: usize, b: usize, c: usize) -> f64 {
    debug_assert_eq!(a + b + c, n);
    choose(n, a) * choose(n - a, b)
}
