//! Hidden contacts in a solo game: plain markers on the table, some hiding Insurgent units.
//!
//! The scenario lists the markers and the units they may hide. At the start the app puts each
//! unit under a marker by a recorded percentile roll, so only the game knows which marker holds
//! what; the screens show markers, not those units. A marker is revealed when the player
//! reports a Marine unit seeing it, or when the unit under it interrupts or fires.

use serde::{Deserialize, Serialize};

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::scenario::Scenario;
use crate::unit::UnitId;

use super::command::Command;
use super::error::RuleError;
use super::guards::Result;
use super::outcome::Outcome;
use super::state::GameState;

/// A marker on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    /// Its name on the table ("A").
    pub marker: String,
    /// Where it was set.
    pub at: String,
    /// The unit it hides, if any (known to the game alone until revealed).
    pub unit: Option<UnitId>,
    /// Revealed: the unit stands in the open, or the marker was found empty.
    pub revealed: bool,
}

impl Contact {
    /// "Contact A".
    pub fn name(&self) -> String {
        format!("Contact {}", self.marker)
    }
}

impl GameState {
    /// The markers of a solo game of this scenario, and the units still to hide under them.
    pub(super) fn contacts_at_start(
        scenario: &Scenario,
        solo: bool,
        units: &[std::sync::Arc<crate::unit::Unit>],
    ) -> (Vec<Contact>, Vec<UnitId>) {
        let Some(setup) = scenario.contacts.as_ref().filter(|_| solo) else {
            return (Vec::new(), Vec::new());
        };
        let contacts = setup
            .markers
            .iter()
            .map(|(marker, at)| Contact {
                marker: marker.clone(),
                at: at.clone(),
                unit: None,
                revealed: false,
            })
            .collect();
        let hidden = setup
            .units
            .iter()
            .filter_map(|key| units.iter().find(|u| &u.key == key).map(|u| u.id))
            .collect();
        (contacts, hidden)
    }

    /// True while nothing on the table shows this unit: it is under a marker, or waiting to be
    /// put under one.
    pub fn is_hidden(&self, unit: UnitId) -> bool {
        self.unplaced.contains(&unit)
            || self
                .contacts
                .iter()
                .any(|c| c.unit == Some(unit) && !c.revealed)
    }

    /// The marker hiding this unit, if it is hidden.
    pub fn contact_of(&self, unit: UnitId) -> Option<&Contact> {
        self.contacts
            .iter()
            .find(|c| c.unit == Some(unit) && !c.revealed)
    }

    /// A unit's name as the table knows it: its marker's while it is hidden.
    pub fn shown_name(&self, unit: UnitId) -> String {
        match (self.contact_of(unit), self.unit(unit)) {
            (Some(contact), _) => contact.name(),
            (None, Some(u)) => u.name.clone(),
            (None, None) => String::new(),
        }
    }

    /// Units of a side as the table shows them: on it, and not hidden under a marker (the
    /// game's own count; what a seat may see is `view::Sight`'s).
    pub(crate) fn units_seen(
        &self,
        side: crate::unit::Side,
    ) -> impl Iterator<Item = &crate::unit::Unit> {
        self.units_in_play(side).filter(|u| !self.is_hidden(u.id))
    }

    /// Whether the solo opponent has decided, this turn, about `about` for this marker.
    pub fn marker_decided(&self, marker: &str, about: &str) -> bool {
        self.decision_of(super::Decider::Marker(marker), about)
            .is_some()
    }

    /// The markers not yet revealed.
    pub fn markers_on_table(&self) -> impl Iterator<Item = &Contact> {
        self.contacts.iter().filter(|c| !c.revealed)
    }

    pub(super) fn check_place_contacts(&self) -> Result<DiceRequest> {
        if self.unplaced.is_empty() {
            return Err(RuleError::Contact(
                "every contact is already under its marker".to_owned(),
            ));
        }
        let each = (1..=self.unplaced.len())
            .flat_map(|n| [format!("contact {n}: tens"), format!("contact {n}: units")])
            .collect();
        let mut request = DiceRequest::none();
        request.push_each(
            DiceRole::Percentile,
            "Contacts (percentile)",
            Die::D10,
            each,
        );
        Ok(request)
    }

    /// Puts each unit still to hide under a free marker: a percentile for each picks among the
    /// markers still free, in order.
    pub(super) fn place_contacts(&mut self, faces: &[Face]) -> Outcome {
        let units = std::mem::take(&mut self.unplaced);
        for (i, unit) in units.iter().enumerate() {
            let free: Vec<usize> = (0..self.contacts.len())
                .filter(|&c| self.contacts[c].unit.is_none())
                .collect();
            let (tens, ones) = (
                faces.get(2 * i).copied().unwrap_or(1),
                faces.get(2 * i + 1).copied().unwrap_or(1),
            );
            let roll = usize::from((tens % 10) * 10 + ones % 10);
            let roll = if roll == 0 { 100 } else { roll };
            if let Some(&c) = free.get((roll - 1) * free.len() / 100) {
                self.contacts[c].unit = Some(*unit);
                let at = self.contacts[c].at.clone();
                if let Some(u) = self.unit_mut(*unit) {
                    u.location = at;
                }
            }
        }
        Outcome::text(format!(
            "Solo: {} markers set on the table; the app alone knows what each hides",
            self.contacts.len()
        ))
    }

    pub(in crate::game) fn check_reveal(&self, marker: &str) -> Result<DiceRequest> {
        if !self.unplaced.is_empty() {
            return Err(RuleError::Contact(
                "the contacts are not under their markers yet".to_owned(),
            ));
        }
        match self.contacts.iter().find(|c| c.marker == marker) {
            None => Err(RuleError::Contact(format!("there is no marker {marker}"))),
            Some(c) if c.revealed => Err(RuleError::Contact(format!(
                "{} is revealed already",
                c.name()
            ))),
            Some(_) => Ok(DiceRequest::none()),
        }
    }

    /// Reveals a marker: the unit under it, where the marker was, or nothing. The outcome tells
    /// the marker's contents, and names the unit it hid.
    pub(super) fn reveal(&mut self, marker: &str) -> Outcome {
        let Some(c) = self.contacts.iter_mut().find(|c| c.marker == marker) else {
            return Outcome::default();
        };
        c.revealed = true;
        let (name, at, unit) = (c.name(), c.at.clone(), c.unit);
        let mut outcome = match unit.and_then(|u| self.unit(u)) {
            Some(u) => Outcome::text(format!(
                "{name} ({at}) is {}: {} figures; put them where the marker was",
                u.name,
                u.figures.len()
            )),
            None => Outcome::text(format!("{name} ({at}) hides nothing: take the marker off")),
        };
        outcome.naming(unit);
        outcome.about.marker = Some(marker.to_owned());
        outcome
    }

    /// A hidden unit that does anything at all (tests, interrupts, acts, fires, is joined) shows
    /// itself first: the words of each marker revealed, if any, and the units they showed.
    pub(super) fn spring(&mut self, command: &Command) -> Option<(String, Vec<UnitId>)> {
        let actors = command.facts(self).shows;
        let shown: Vec<(String, UnitId)> = actors
            .into_iter()
            .filter_map(|actor| self.contact_of(actor).map(|c| (c.marker.clone(), actor)))
            .collect();
        let words: Vec<String> = shown
            .iter()
            .map(|(marker, _)| self.reveal(marker).summary)
            .collect();
        (!words.is_empty()).then(|| {
            (
                words.join("; "),
                shown.into_iter().map(|(_, u)| u).collect(),
            )
        })
    }
}
