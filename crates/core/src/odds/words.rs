//! The odds of a Morale check, First Aid and a Reaction test, in the words the screens show.

use super::{insurgents_first, quality};
use crate::rules::checks::TestDie;

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
