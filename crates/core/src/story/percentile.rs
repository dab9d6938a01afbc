//! Where one roll falls in its exact distribution, read from its outcome alone.

use super::{Roll, RollKind};
use crate::game::Detail;
use crate::odds;
use crate::unit::Side;

/// What a roll was and its percentile, from its outcome alone (so the log can say how lucky
/// each visible line was without a replay).
pub fn kind_of(detail: &Detail) -> Option<(RollKind, f64)> {
    match detail {
        Detail::Fire(report) => {
            let target = report.matching.target_number;
            let hits = report.matching.unblocked.len();
            let dist = odds::hits(&report.firepower.dice, &report.defense.dice, target);
            let (p_at_least, p_at_most) = (
                dist.at_least(hits).clamp(0.0, 1.0),
                at_most(&dist.p, hits).clamp(0.0, 1.0),
            );
            // The casualties, against the figures the target had: the luck of the fire.
            let casualties = report.casualties;
            let losses = dist.capped(report.figures);
            let p_casualties_at_most = at_most(&losses.p, casualties).clamp(0.0, 1.0);
            let exactly = losses.p.get(casualties).copied().unwrap_or(0.0);
            Some((
                RollKind::Fire {
                    attack: report.firepower.notation().replace(' ', ""),
                    defend: report.defense.notation().replace(' ', ""),
                    target,
                    hits,
                    expected: dist.mean(),
                    p_at_least,
                    p_at_most,
                    casualties,
                    expected_casualties: losses.mean(),
                    p_casualties_at_least: losses.at_least(casualties).clamp(0.0, 1.0),
                },
                p_casualties_at_most - exactly / 2.0,
            ))
        }
        Detail::Check(check) => {
            let chance = odds::quality(&check.test);
            Some((
                RollKind::Check {
                    passed: check.passed,
                    chance,
                },
                binary_percentile(check.passed, chance),
            ))
        }
        Detail::RegularMorale(result) => morale_kind(
            result.die?,
            result.modifier,
            result.successes,
            result.successes + result.failures,
        ),
        Detail::InsurgentMorale(result) => morale_kind(
            result.die?,
            result.modifier,
            result.successes,
            result.successes + result.failures,
        ),
        Detail::Reaction(result) => {
            let chance = odds::insurgents_first(&result.setup.insurgent, &result.setup.regular);
            Some((
                RollKind::Reaction {
                    insurgents_first: result.insurgent_first,
                    chance,
                },
                binary_percentile(result.insurgent_first, chance),
            ))
        }
        _ => None,
    }
}

/// How lucky an event's roll was, in words, if it rolled for fire, a check or a Reaction test.
pub fn luck_words(detail: &Detail) -> Option<String> {
    let (kind, percentile) = kind_of(detail)?;
    let roll = Roll {
        event: 0,
        line: 0,
        turn: 0,
        side: Side::Regular,
        kind,
        percentile,
    };
    Some(roll.words())
}

/// A Morale check's successes in their distribution (`odds::morale_successes`); the check
/// holds with more successes than failures.
fn morale_kind(
    die: crate::dice::Die,
    modifier: i8,
    successes: usize,
    dice: usize,
) -> Option<(RollKind, f64)> {
    let dist = odds::morale_successes(die, dice, modifier);
    let p_at_least = dist.at_least(successes.min(dice)).clamp(0.0, 1.0);
    let below: f64 = dist.p[..successes.min(dice)].iter().sum();
    let exactly = dist.p.get(successes).copied().unwrap_or(0.0);
    let holds = dist.at_least(dice / 2 + 1);
    Some((
        RollKind::Morale {
            successes,
            dice,
            expected: dist.mean(),
            p_at_least,
            passed: 2 * successes > dice,
            chance: holds.clamp(0.0, 1.0),
        },
        below + exactly / 2.0,
    ))
}

fn at_most(p: &[f64], k: usize) -> f64 {
    p.iter().take(k + 1).sum::<f64>().min(1.0)
}

/// The percentile of a pass or a fail that had `chance` of passing.
fn binary_percentile(passed: bool, chance: f64) -> f64 {
    if passed {
        (1.0 - chance) + chance / 2.0
    } else {
        (1.0 - chance) / 2.0
    }
}
