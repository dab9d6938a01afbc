//! Units held in ambush: the roll to arrive, where they arrive, and those that never do.

use std::sync::Arc;

use crate::dice::{DiceRequest, DiceRole, Die, Face};
use crate::unit::{AmbushPoint, AmbushSetup, Elimination, Presence, UnitId};

use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::Outcome;
use crate::game::pending::PendingStep;
use crate::game::state::GameState;

impl GameState {
    pub(in crate::game) fn check_ambush_roll(&self, pending: u32) -> Result<DiceRequest> {
        let PendingStep::AmbushRoll { unit } = self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an ambush roll",
            });
        };
        let unit = self.get(*unit)?;
        let (Some(ambush), Presence::InReserve) = (&unit.ambush, &unit.presence) else {
            return Err(RuleError::InvalidEdit(format!(
                "{} is not in ambush",
                unit.name
            )));
        };
        let mut request = DiceRequest::none();
        if !ambush.automatic_turns.contains(&self.turn) {
            request.push(
                DiceRole::Ambush,
                format!("Ambush: {} arrives on {}+", unit.name, ambush.arrives_on),
                Die::D6,
                1,
            );
        }
        Ok(request)
    }

    pub(in crate::game) fn ambush_roll(&mut self, pending: u32, face: Option<Face>) -> Outcome {
        let Some(PendingStep::AmbushRoll { unit: id }) =
            self.pending(pending).map(|p| p.step.clone())
        else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let turn = self.turn;
        let Some(unit) = self.unit(id) else {
            return Outcome::default();
        };
        let Some(ambush) = unit.ambush.clone() else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        let arrives = face.is_none_or(|f| f >= ambush.arrives_on);
        let roll_words = match face {
            Some(f) => format!("rolls {f} (needs {}+)", ambush.arrives_on),
            None => format!("arrives automatically on turn {turn}"),
        };
        if !arrives {
            return Outcome::text(format!("{name} in ambush {roll_words}: stays hidden"));
        }
        let summary = match &ambush.arrives_at {
            AmbushPoint::HotSpot => {
                self.push_pending(PendingStep::AmbushPlacement { unit: id });
                format!("{name} {roll_words}: springs its ambush; roll its Hot Spot")
            }
            AmbushPoint::Spot(number) => {
                let spot = self
                    .hot_spot(*number)
                    .filter(|h| h.active)
                    .map(|h| h.arrival_location());
                let Some(location) = spot else {
                    if let Some(unit) = self.unit_mut(id) {
                        unit.presence = Presence::Eliminated {
                            cause: Elimination::LostAtNeutralizedHotSpot,
                        };
                        unit.ambush = None;
                    }
                    return Outcome::text(format!(
                        "{name} {roll_words}: its Hot Spot {number} is neutralized, so it is lost"
                    ));
                };
                if let Some(unit) = self.unit_mut(id) {
                    unit.presence = Presence::OnTable;
                    unit.location = location;
                    unit.ambush = None;
                    unit.status.fire_only = true;
                }
                format!(
                    "{name} {roll_words}: springs its ambush at Hot Spot {number} (it may fire, not move, this phase)"
                )
            }
            AmbushPoint::Point(point) => {
                if let Some(unit) = self.unit_mut(id) {
                    unit.presence = Presence::OnTable;
                    unit.location = point.clone();
                    unit.ambush = None;
                    unit.status.fire_only = true;
                }
                format!(
                    "{name} {roll_words}: springs its ambush at {point} (it may fire, not move, this phase)"
                )
            }
        };
        Outcome::text(summary)
    }

    pub(in crate::game) fn check_ambush_placement(&self, pending: u32) -> Result<DiceRequest> {
        let PendingStep::AmbushPlacement { .. } = self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an ambush placement",
            });
        };
        let mut request = DiceRequest::none();
        request.push(DiceRole::HotSpot, "Hot Spot roll", Die::D6, 1);
        Ok(request)
    }

    pub(in crate::game) fn ambush_placement(
        &mut self,
        scenario: &crate::scenario::Scenario,
        pending: u32,
        face: Option<Face>,
    ) -> Outcome {
        // The gate asked for the Hot Spot die; without it nothing happens.
        let (Some(PendingStep::AmbushPlacement { unit: id }), Some(face)) =
            (self.pending(pending).map(|p| p.step.clone()), face)
        else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let name = self.unit(id).map(|u| u.name.clone()).unwrap_or_default();
        let placed = self.place_by_hot_spot_die(scenario, id, face);
        if let Some(unit) = self.unit_mut(id) {
            unit.ambush = None;
            unit.status.fire_only = true;
        }
        Outcome::text(format!(
            "{name} from ambush: {placed} (it may fire, not move, this phase)"
        ))
    }

    /// Units still in ambush that `expired` says are out of time are lost. Returns their names.
    pub(in crate::game) fn lose_reserves(
        &mut self,
        expired: impl Fn(&AmbushSetup) -> bool,
    ) -> Vec<(String, UnitId)> {
        let mut lost = Vec::new();
        for unit in &mut self.units {
            if unit.presence == Presence::InReserve && unit.ambush.as_ref().is_some_and(&expired) {
                let unit = Arc::make_mut(unit);
                unit.presence = Presence::Eliminated {
                    cause: Elimination::NeverArrived,
                };
                lost.push((unit.name.clone(), unit.id));
            }
        }
        lost
    }
}

impl GameState {
    /// The units of `side` held back on a schedule and due by this turn: those that come on a
    /// roll (version 3), or those that come on the turn set.
    fn held_back_due(&self, side: crate::unit::Side, on_a_roll: bool) -> Vec<UnitId> {
        let turn = self.turn;
        self.units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.presence == Presence::InReserve
                    && u.arrives
                        .as_ref()
                        .is_some_and(|a| a.arrives_on.is_some() == on_a_roll && a.turn <= turn)
            })
            .map(|u| u.id)
            .collect()
    }

    /// Units of `side` due on the table by this turn (a scheduled arrival) come on where the
    /// scenario says; those due on a roll (version 3) are given their roll as a step due.
    /// Returns the words for the log, if any came, and the units they name.
    pub(in crate::game) fn scheduled_arrivals(
        &mut self,
        side: crate::unit::Side,
    ) -> Option<(String, Vec<UnitId>)> {
        for unit in self.held_back_due(side, true) {
            self.push_pending(PendingStep::ArrivalRoll { unit });
        }
        let due = self.held_back_due(side, false);
        let mut came = Vec::new();
        for id in due {
            let name = self.unit(id).map(|u| u.name.clone()).unwrap_or_default();
            let words = self.comes_on(id);
            came.push((format!("{name} {words}"), id));
        }
        (!came.is_empty()).then(|| {
            let words: Vec<&str> = came.iter().map(|(w, _)| w.as_str()).collect();
            (words.join("; "), came.iter().map(|(_, u)| *u).collect())
        })
    }
}

impl GameState {
    pub(in crate::game) fn check_arrival_roll(&self, pending: u32) -> Result<DiceRequest> {
        let PendingStep::ArrivalRoll { unit } = self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an arrival roll",
            });
        };
        let unit = self.get(*unit)?;
        let (Some(need), Presence::InReserve) = (
            unit.arrives.as_ref().and_then(|a| a.arrives_on),
            &unit.presence,
        ) else {
            return Err(RuleError::InvalidEdit(format!(
                "{} is not waiting to arrive on a roll",
                unit.name
            )));
        };
        let mut request = DiceRequest::none();
        request.push(
            DiceRole::Arrival,
            format!("Arrival: {} comes on with {need}+", unit.name),
            Die::D6,
            1,
        );
        Ok(request)
    }

    pub(in crate::game) fn arrival_roll(&mut self, pending: u32, face: Option<Face>) -> Outcome {
        // The gate asked for the die; without it nothing happens.
        let (Some(PendingStep::ArrivalRoll { unit: id }), Some(face)) =
            (self.pending(pending).map(|p| p.step.clone()), face)
        else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let Some(unit) = self.unit(id) else {
            return Outcome::default();
        };
        let Some(arrival) = unit.arrives.clone() else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        let need = arrival.arrives_on.unwrap_or(1);
        if face < need {
            return Outcome::text(format!(
                "{name} rolls {face} (needs {need}+): not yet; it rolls again next turn"
            ));
        }
        let words = self.comes_on(id);
        Outcome::text(format!("{name} rolls {face} (needs {need}+): {words}"))
    }

    /// A unit due from off the table comes on where the scenario says: at its place in words,
    /// or (version 4) at its Hot Spot, where an Insurgent unit is lost when the spot is
    /// neutralized. The words for the log: "arrives at the south road".
    fn comes_on(&mut self, id: UnitId) -> String {
        let Some(arrival) = self.unit(id).and_then(|u| u.arrives.clone()) else {
            return String::new();
        };
        let at_spot = arrival.hot_spot.map(|n| {
            (
                n,
                self.hot_spot(n)
                    .filter(|h| h.active)
                    .map(|h| h.arrival_location()),
            )
        });
        let Some(unit) = self.unit_mut(id) else {
            return String::new();
        };
        match at_spot {
            Some((n, None)) if unit.side == crate::unit::Side::Insurgent => {
                // Kept with its arrival: nothing on the table ever showed it.
                unit.presence = Presence::Eliminated {
                    cause: Elimination::LostAtNeutralizedHotSpot,
                };
                format!("was due at Hot Spot {n}, which is neutralized, so it is lost")
            }
            Some((_, Some(location))) => {
                unit.presence = Presence::OnTable;
                unit.location = location;
                unit.arrives = None;
                format!("arrives at {}", arrival.at)
            }
            _ => {
                unit.presence = Presence::OnTable;
                unit.location = arrival.at.clone();
                unit.arrives = None;
                format!("arrives at {}", arrival.at)
            }
        }
    }
}
