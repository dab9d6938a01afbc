//! The solo opponent's weighted choices: well formed, and rolled for with a percentile.

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::Detail;
use crate::game::outcome::Outcome;
use crate::game::solo::{SoloDecision, SoloOption, percentile, pick};
use crate::game::state::GameState;
use crate::limits::SOLO_OPTIONS;
use crate::unit::{Side, UnitId};

impl GameState {
    /// Refused unless the game is solo, the unit is an Insurgent one, and the options are as many
    /// as [`SOLO_OPTIONS`] allows, with chances adding up to 100. One certain option needs no
    /// dice; otherwise two d10.
    pub(in crate::game) fn check_solo_decide(
        &self,
        unit: UnitId,
        about: &str,
        options: &[SoloOption],
    ) -> Result<DiceRequest> {
        let invalid = |why: String| Err(RuleError::InvalidEdit(why));
        if !self.settings.solo {
            return invalid("only the solo opponent decides by a weighted roll".to_owned());
        }
        let deciding = self.get(unit)?;
        if deciding.side != Side::Insurgent {
            return invalid(format!("{} is not an Insurgent unit", deciding.name));
        }
        well_formed(about, options)?;
        if options.iter().any(|o| o.percent == 100) {
            return Ok(DiceRequest::none());
        }
        Ok(percentile_request())
    }

    /// Refused unless the game is solo and the marker is on the table, not revealed, with its
    /// unit (if any) under it; the options as for any decision. The percentile is always
    /// rolled, whatever the options, so that the dice say nothing of what the marker hides.
    pub(in crate::game) fn check_marker_decide(
        &self,
        marker: &str,
        about: &str,
        options: &[SoloOption],
    ) -> Result<DiceRequest> {
        if !self.settings.solo {
            return Err(RuleError::InvalidEdit(
                "only the solo opponent decides by a weighted roll".to_owned(),
            ));
        }
        // A marker on the table, not yet revealed: what revealing it asks too.
        self.check_reveal(marker)?;
        well_formed(about, options)?;
        Ok(percentile_request())
    }

    /// The decision of a marker not yet revealed: the same words whatever it hides.
    pub(in crate::game) fn marker_decide(
        &mut self,
        marker: &str,
        about: &str,
        options: &[SoloOption],
        faces: &[Face],
    ) -> Outcome {
        let Some(contact) = self.contacts.iter().find(|c| c.marker == marker) else {
            return Outcome::default();
        };
        let (name, unit) = (contact.name(), contact.unit);
        let roll = percentile(faces);
        let decision = SoloDecision {
            turn: self.turn,
            unit,
            marker: Some(marker.to_owned()),
            about: about.to_owned(),
            options: options.to_vec(),
            chosen: roll.map_or(0, |r| pick(options, r)),
            roll,
        };
        let taken = decision.taken().map_or("", |o| o.words.as_str()).to_owned();
        self.solo_decisions.push(decision.clone());
        let mut outcome = Outcome::with(
            format!("Solo: {name} decides: {taken}"),
            Detail::Decision(Box::new(decision)),
        );
        // It tells the marker's choice, which an undone decision must not.
        outcome.about.marker = Some(marker.to_owned());
        outcome
    }

    pub(in crate::game) fn solo_decide(
        &mut self,
        unit: UnitId,
        about: &str,
        options: &[SoloOption],
        faces: &[Face],
    ) -> Outcome {
        let roll = percentile(faces);
        let chosen = match roll {
            Some(roll) => pick(options, roll),
            None => options.iter().position(|o| o.percent == 100).unwrap_or(0),
        };
        let name = self.shown_name(unit);
        let decision = SoloDecision {
            turn: self.turn,
            unit: Some(unit),
            marker: self.contact_of(unit).map(|c| c.marker.clone()),
            about: about.to_owned(),
            options: options.to_vec(),
            chosen,
            roll,
        };
        let taken = decision.taken().map_or("", |o| o.words.as_str()).to_owned();
        // A unit under its marker gives nothing away until it shows itself.
        let text = if self.settings.doctrine_hidden || self.is_hidden(unit) {
            format!("Solo: {name} decides: {taken}")
        } else {
            let weighed: Vec<String> = options
                .iter()
                .map(|o| format!("{} {}% ({})", o.words, o.percent, o.odds))
                .collect();
            let rolled = roll.map_or_else(|| "certain".to_owned(), |r| format!("rolled {r}"));
            format!(
                "Solo: {name}, {about}: {taken} ({rolled}); weighed: {}",
                weighed.join(" · ")
            )
        };
        let marker = decision.marker.clone();
        self.solo_decisions.push(decision.clone());
        let mut outcome = Outcome::with(text, Detail::Decision(Box::new(decision)));
        outcome.about.marker = marker;
        outcome
    }
}

/// Refused unless the decision and each option have words, the options are as many as
/// [`SOLO_OPTIONS`] allows, and their chances add up to 100.
fn well_formed(about: &str, options: &[SoloOption]) -> Result<()> {
    let invalid = |why: String| Err(RuleError::InvalidEdit(why));
    if about.trim().is_empty() || options.iter().any(|o| o.words.trim().is_empty()) {
        return invalid("a decision and each of its options need words".to_owned());
    }
    if !SOLO_OPTIONS.allows(options.len() as i64) {
        return invalid(format!(
            "{} options: a decision weighs {}",
            options.len(),
            SOLO_OPTIONS.expected()
        ));
    }
    let total: u32 = options.iter().map(|o| u32::from(o.percent)).sum();
    if total != 100 {
        return invalid(format!("the chances add up to {total}%, not 100%"));
    }
    Ok(())
}

/// Two d10 for a percentile.
fn percentile_request() -> DiceRequest {
    let mut request = DiceRequest::none();
    request.push_each(
        DiceRole::Percentile,
        "Solo choice (percentile)",
        Die::D10,
        vec!["tens".to_owned(), "units".to_owned()],
    );
    request
}
