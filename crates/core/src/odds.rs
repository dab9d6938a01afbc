//! Exact odds for every roll of the game — no sampling.
//!
//! # Fire combat
//!
//! Casualties are `max(0, max over v of (A_v − D_v))`, where `A_v` and `D_v` count the kept
//! attacker and defender dice showing `v` or more. Walk the faces from the top (12) down to the
//! target number: at face `v`, every die not yet placed shows at most `v`, and a die with at
//! least `v` sides shows exactly `v` with probability `1/v` whatever its type. So the number of
//! dice of a side landing on `v` is binomial over that side's dice still unplaced that can show
//! `v` — a count that depends only on how many of its dice were placed above `v`, even for mixed
//! pools. The state is (attacker dice placed, defender dice placed, largest surplus so far). At
//! each face the defender's dice are placed first (lowering the surplus cannot raise the
//! maximum), then the attacker's. A state whose surplus can no longer grow is settled at once.

use crate::dice::{Die, Face};
use crate::rules::checks::{SUCCESS, TestDie, insurgents_act_first};
use crate::rules::fire::MAX_POOL;
use crate::unit::Wound;

/// The distribution of a count: entry `k` is the probability of exactly `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// Probabilities, indexed by count.
    pub p: Vec<f64>,
}

impl Distribution {
    /// The expected count.
    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }

    /// Probability of at least `k`.
    pub fn at_least(&self, k: usize) -> f64 {
        self.p.iter().skip(k).sum()
    }

    /// Total probability (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }

    /// The same distribution with counts above `cap` counted as `cap` (a unit cannot lose
    /// more figures than it has).
    pub fn capped(&self, cap: usize) -> Distribution {
        if self.p.len() <= cap + 1 {
            return self.clone();
        }
        let mut p = self.p[..=cap].to_vec();
        p[cap] += self.p[cap + 1..].iter().sum::<f64>();
        Distribution { p }
    }
}

const N: usize = MAX_POOL + 1;
const HIGHEST_FACE: usize = 12;

/// For one face: `row[e][j]`, the chance that exactly `j` of `e` eligible dice land on it, and
/// `tail[e][j]`, the chance that `j` or more do.
struct Binomials {
    row: [[f64; N]; N],
    tail: [[f64; N + 1]; N],
}

impl Binomials {
    /// The tables for every face, worked out once.
    fn for_face(v: usize) -> &'static Binomials {
        static TABLES: std::sync::OnceLock<Vec<Binomials>> = std::sync::OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            (0..=HIGHEST_FACE)
                .map(|v| Binomials::new(1.0 / v.max(1) as f64))
                .collect()
        });
        &tables[v.min(HIGHEST_FACE)]
    }

    fn new(q: f64) -> Self {
        let mut row = [[0.0; N]; N];
        row[0][0] = 1.0;
        for e in 1..N {
            for j in 0..=e {
                let stay = if j < e {
                    row[e - 1][j] * (1.0 - q)
                } else {
                    0.0
                };
                let land = if j >= 1 { row[e - 1][j - 1] * q } else { 0.0 };
                row[e][j] = stay + land;
            }
        }
        let mut tail = [[0.0; N + 1]; N];
        for e in 0..N {
            for j in (0..=e).rev() {
                tail[e][j] = tail[e][j + 1] + row[e][j];
            }
        }
        Self { row, tail }
    }
}

/// For each face `v` (index), how many dice of the pool can show `v` or more.
fn can_show(pool: &[Die]) -> [usize; HIGHEST_FACE + 2] {
    let mut counts = [0; HIGHEST_FACE + 2];
    for (v, count) in counts.iter_mut().enumerate().skip(1) {
        *count = pool.iter().filter(|d| usize::from(d.sides()) >= v).count();
    }
    counts
}

/// A probability for each (attacker dice placed, defender dice placed, largest surplus), at
/// index `(pa * N + pd) * N + m`.
type Cube = [f64; N * N * N];

/// Where (pa, pd, m) lives in a [`Cube`].
const fn at(pa: usize, pd: usize, m: usize) -> usize {
    (pa * N + pd) * N + m
}

/// The exact distribution of unblocked attacker dice (hits) for two pools and a target number
/// (4, or 7 beyond effective range). Pools hold at most 10 dice each.
pub fn hits(attack: &[Die], defense: &[Die], target: Face) -> Distribution {
    let attack = &attack[..attack.len().min(MAX_POOL)];
    let defense = &defense[..defense.len().min(MAX_POOL)];
    let target = usize::from(target.max(1));
    let na = can_show(attack);
    let nd = can_show(defense);
    // Attacker dice that can score at all: those able to reach the target number.
    let scoring = na[target.min(HIGHEST_FACE + 1)];
    if scoring == 0 {
        return Distribution { p: vec![1.0] };
    }
    let top = attack
        .iter()
        .chain(defense)
        .map(|d| usize::from(d.sides()))
        .max()
        .unwrap_or(0)
        .min(HIGHEST_FACE);

    // cube[pa][pd][m]. Only m in lo..=hi can hold probability: lo = max(0, pa - pd) is the
    // surplus now, and a state with m >= scoring - pd can never see its maximum grow, so it is
    // settled into `result` the moment it appears.
    let mut cube: Box<Cube> = Box::new([0.0; N * N * N]);
    let mut next: Box<Cube> = Box::new([0.0; N * N * N]);
    let mut result = [0.0f64; N];
    cube[0] = 1.0;
    let (mut pa_max, mut pd_max) = (0usize, 0usize);
    for v in (target..=top).rev() {
        let b = Binomials::for_face(v);

        // Defender dice landing on v: the surplus falls, the maximum stays.
        let ed = nd[v];
        if ed > 0 {
            clear(&mut next, pa_max, ed);
            for pa in 0..=pa_max {
                for pd in 0..=pd_max.min(scoring - 1) {
                    let lo = pa.saturating_sub(pd);
                    let hi = pa.min(scoring - 1 - pd);
                    let e = ed - pd;
                    let (row, tail) = (&b.row[e], &b.tail[e]);
                    for m in lo..=hi {
                        let x = cube[at(pa, pd, m)];
                        if x == 0.0 {
                            continue;
                        }
                        // From d = settle on, the state reaches pd + d >= scoring - m: settled.
                        let settle = (scoring - m - pd).min(e + 1);
                        let mut i = at(pa, pd, m);
                        for &r in &row[..settle] {
                            next[i] += x * r;
                            i += N;
                        }
                        result[m] += x * tail[settle];
                    }
                }
            }
            pd_max = ed;
            std::mem::swap(&mut cube, &mut next);
        }

        // Attacker dice landing on v: the surplus rises, and so may the maximum.
        let ea = na[v];
        if ea > 0 && v == target {
            // The last face: every state ends here, so the maxima go straight to the result.
            for pa in 0..=pa_max {
                let e = ea - pa;
                let (row, tail) = (&b.row[e], &b.tail[e]);
                for pd in 0..=pd_max.min(scoring - 1) {
                    let lo = pa.saturating_sub(pd);
                    let hi = pa.min(scoring - 1 - pd);
                    for m in lo..=hi {
                        let x = cube[at(pa, pd, m)];
                        let keep = (m + pd + 1 - pa).min(e + 1);
                        result[m] += x * (1.0 - tail[keep]);
                        for (a, &r) in row.iter().enumerate().take(e + 1).skip(keep) {
                            result[pa + a - pd] += x * r;
                        }
                    }
                }
            }
            return Distribution {
                p: result[..=scoring].to_vec(),
            };
        }
        if ea > 0 {
            clear(&mut next, ea, pd_max);
            for pa in 0..=pa_max {
                let e = ea - pa;
                let row = &b.row[e];
                for pd in 0..=pd_max.min(scoring - 1) {
                    let lo = pa.saturating_sub(pd);
                    let hi = pa.min(scoring - 1 - pd);
                    if lo > hi {
                        continue;
                    }
                    let ceiling = scoring - pd;
                    for m in lo..=hi {
                        let x = cube[at(pa, pd, m)];
                        if x == 0.0 {
                            continue;
                        }
                        // While pa + a - pd <= m the maximum stays m; beyond, it is the new
                        // surplus, settled once it reaches the ceiling.
                        let keep = (m + pd + 1 - pa).min(e + 1);
                        let mut i = at(pa, pd, m);
                        for &r in &row[..keep] {
                            next[i] += x * r;
                            i += N * N;
                        }
                        let rise_to = (ceiling + pd - pa).min(e + 1);
                        if keep < rise_to {
                            // The new maximum pa + a - pd climbs with a: one step of N * N + 1.
                            let mut i = at(pa + keep, pd, pa + keep - pd);
                            for &r in &row[keep..rise_to] {
                                next[i] += x * r;
                                i += N * N + 1;
                            }
                        }
                        for (a, &r) in row.iter().enumerate().take(e + 1).skip(rise_to) {
                            result[pa + a - pd] += x * r;
                        }
                    }
                }
            }
            pa_max = ea;
            std::mem::swap(&mut cube, &mut next);
        }
    }
    for pa in 0..=pa_max {
        for pd in 0..=pd_max.min(scoring - 1) {
            let lo = pa.saturating_sub(pd);
            let hi = pa.min(scoring - 1 - pd);
            for m in lo..=hi {
                result[m] += cube[at(pa, pd, m)];
            }
        }
    }
    Distribution {
        p: result[..=scoring].to_vec(),
    }
}

/// Zeroes the part of a cube that a half-step is about to fill.
fn clear(cube: &mut Cube, pa_max: usize, pd_max: usize) {
    for pa in 0..=pa_max {
        cube[at(pa, 0, 0)..at(pa, pd_max + 1, 0)].fill(0.0);
    }
}

/// Casualties: hits, at most the target's figures in the firing line.
pub fn casualties(attack: &[Die], defense: &[Die], target: Face, figures: usize) -> Distribution {
    hits(attack, defense, target).capped(figures)
}

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

/// A fire's pools and the exact odds of its casualties: what every screen and the solo
/// opponent read of a fire before it is rolled, worked out in this one place.
#[derive(Clone, Debug, PartialEq)]
pub struct FireOdds {
    /// The attacker's Firepower.
    pub firepower: crate::rules::fire::Pool,
    /// The target's Defense.
    pub defense: crate::rules::fire::Pool,
    /// The casualties, at most the figures in the target's firing line (none with no
    /// Firepower die).
    pub casualties: Distribution,
}

impl FireOdds {
    /// The fire of `attacker` at `target` with these modifiers.
    pub fn of(
        attacker: &crate::unit::Unit,
        target: &crate::unit::Unit,
        modifiers: &crate::rules::fire::FireModifiers,
    ) -> Self {
        let firepower = crate::rules::fire::firepower(attacker, modifiers);
        let defense = crate::rules::fire::defense(target, modifiers);
        let casualties = if firepower.is_empty() {
            Distribution { p: vec![1.0] }
        } else {
            casualties(
                &firepower.dice,
                &defense.dice,
                modifiers.target_number(),
                target.firing_count(),
            )
        };
        Self {
            firepower,
            defense,
            casualties,
        }
    }

    /// "1d8+2d6 vs 3d6": short enough to sit beside a button.
    pub fn pools(&self) -> String {
        format!(
            "{} vs {}",
            self.firepower.notation(),
            self.defense.notation()
        )
        .replace(" + ", "+")
    }
}

/// The odds of a Morale check for a unit, in words: which failure its state makes of a bad
/// roll (a second Pinned pulls a Regular unit back, unless it is in a defensible position)
/// is the rules' own.
pub fn morale_words(unit: &crate::unit::Unit, modifier: i8, defensible: bool) -> String {
    let (die, n) = crate::rules::morale::morale_dice(unit);
    match unit.side {
        crate::unit::Side::Regular => {
            let odds = crate::odds::regular_morale(die, n, modifier);
            let bad =
                crate::rules::morale::regular_failure(unit.status.pinned(), defensible).describe();
            format!(
                "Odds: Stand {}, {bad} {}",
                crate::text::percent(odds.stand),
                crate::text::percent(odds.pinned)
            )
        }
        crate::unit::Side::Insurgent => {
            let odds = crate::odds::insurgent_morale(die, n, modifier, unit.shrinkable());
            let mut words = format!("Odds: Stand {}", crate::text::percent(odds.stand));
            if odds.shaken > 0.0 {
                words.push_str(&format!(", Shaken {}", crate::text::percent(odds.shaken)));
            }
            if odds.broken > 0.0 {
                words.push_str(&format!(", breaks {}", crate::text::percent(odds.broken)));
            }
            words.push_str(&format!(
                "; Shrink takes {:.2} figures on average",
                odds.shrink_mean
            ));
            words
        }
    }
}

/// The odds of First Aid for `n` casualties, in words.
pub fn first_aid_words(n: usize) -> String {
    let odds = crate::odds::first_aid(n);
    format!(
        "Odds: each casualty stays in the line on 1–2 (33.3%); none lost {}, a serious wound among them {}; {:.2} dependants on average",
        crate::text::percent(odds.taken_out.p.first().copied().unwrap_or(0.0)),
        crate::text::percent(odds.any_serious),
        odds.taken_out.mean()
    )
}

/// A Reaction test set up, in words, and its odds: "Insurgents roll d6 against the Regulars'
/// d8+1: …", and the chance the Insurgents act first (after the Interrupt check the gate still
/// asks of a unit with no leader, when `check` says it does).
pub fn reaction_words(
    insurgent: &crate::unit::Unit,
    regular: &crate::unit::Unit,
    modifiers: &crate::rules::checks::ReactionModifiers,
    check: bool,
) -> (String, String) {
    let setup = crate::rules::checks::ReactionSetup::new(insurgent, regular, modifiers);
    let words = format!(
        "Insurgents roll {} against the Regulars' {}: the Insurgents act first on 4+ and higher.",
        setup.insurgent.notation(),
        setup.regular.notation()
    );
    let first = insurgents_first(&setup.insurgent, &setup.regular);
    let percent = crate::text::percent;
    let odds = if check {
        let passes = quality(&TestDie::for_unit(insurgent));
        format!(
            "Odds: Interrupt check passes {}; then the Insurgents act first {} (both: {})",
            percent(passes),
            percent(first),
            percent(passes * first)
        )
    } else {
        format!(
            "Odds: the Insurgents act first {}, the Regulars react first {}",
            percent(first),
            percent(1.0 - first)
        )
    };
    (words, odds)
}
