//! The exact odds of a fire combat.
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

use super::Distribution;
use crate::dice::{Die, Face};
use crate::rules::fire::MAX_POOL;

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
