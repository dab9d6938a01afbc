//! Insurgent reinforcements: the Insurgency roll, the table, arrivals and their Hot Spots.

use std::sync::Arc;

use crate::dice::{DiceRequest, DiceRole, Die, Face, Faces};
use crate::limits::GAME_UNITS;
use crate::rules::reinforcements::{self, InsurgencyLevel};
use crate::scenario::{Scenario, SpotFaceSetup};
use crate::unit::{Elimination, Presence, Side, Unit, UnitId, UnitStatus, Weapon};

use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::{Detail, Outcome};
use crate::game::pending::PendingStep;
use crate::game::state::{GameState, Phase};
use crate::game::words;

impl GameState {
    pub(in crate::game) fn check_insurgency_roll(&self) -> Result<DiceRequest> {
        self.expect_phase("The Insurgency roll", &[Phase::Reinforcements])?;
        // The scenario's events on a roll (version 4) come first as the turn begins.
        self.expect_no_event_roll()?;
        if !self
            .pending
            .iter()
            .any(|p| p.step == PendingStep::InsurgencyRoll)
        {
            return Err(RuleError::InsurgencyRollNotDue);
        }
        let mut request = DiceRequest::none();
        if let InsurgencyLevel::Level(level) = self.insurgency {
            request.push(
                DiceRole::Insurgency,
                format!("Insurgency roll (reinforcements on {level} or less)"),
                Die::D6,
                1,
            );
        }
        Ok(request)
    }

    pub(in crate::game) fn insurgency_roll(&mut self, face: Option<Face>) -> Outcome {
        if let Some(due) = self
            .pending
            .iter()
            .find(|p| p.step == PendingStep::InsurgencyRoll)
            .map(|p| p.id)
        {
            self.remove_pending(due);
        }
        let comes = self.insurgency.triggers(face);
        if comes {
            self.push_pending(PendingStep::TableRoll);
        }
        Outcome::with(
            words::insurgency_roll(self.insurgency, face, comes),
            Detail::Insurgency {
                face,
                reinforcements: comes,
            },
        )
    }

    pub(in crate::game) fn check_table_roll(&self, pending: u32) -> Result<DiceRequest> {
        if *self.pending_step(pending)? != PendingStep::TableRoll {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "a table roll",
            });
        }
        let mut request = DiceRequest::none();
        request.push(DiceRole::Table, "Reinforcement table (2d6)", Die::D6, 2);
        Ok(request)
    }

    pub(in crate::game) fn table_roll(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        faces: &Faces<'_>,
    ) -> Outcome {
        let dice = faces.all(DiceRole::Table);
        let total: u8 = dice.iter().sum();
        self.remove_pending(pending);
        // The table as the scenario's events (version 4) left it.
        let Some(row) = self.reinforcement_table(scenario).row(total).cloned() else {
            // A checked scenario covers every total from 2 to 12.
            return Outcome::text(format!("Reinforcement table {total}: no row, nobody comes"));
        };
        for spec in &row.units {
            self.push_pending(PendingStep::Arrival {
                row: row.id.clone(),
                spec: spec.clone(),
            });
        }
        if row.roll_again {
            self.push_pending(PendingStep::TableRoll);
        }
        Outcome::with(
            words::table_roll(total, &row),
            Detail::TableRoll {
                faces: dice,
                total,
                row: row.id.clone(),
            },
        )
    }

    pub(in crate::game) fn check_arrival(&self, pending: u32) -> Result<DiceRequest> {
        let PendingStep::Arrival { spec, .. } = self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an arrival",
            });
        };
        GAME_UNITS.check(self.units.len() as i64 + 1)?;
        Ok(spec.dice_request())
    }

    pub(in crate::game) fn arrival(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        faces: &Faces<'_>,
    ) -> Outcome {
        let Some(PendingStep::Arrival { spec, .. }) = self.pending(pending).map(|p| p.step.clone())
        else {
            return Outcome::default();
        };
        // The gate asked for the Hot Spot die; without it nothing happens.
        let Some(roll) = reinforcements::resolve_arrival(&spec, faces) else {
            return Outcome::default();
        };
        self.remove_pending(pending);
        let profile = &scenario.insurgents;
        // The row's own dice, where it gives them, else the scenario's Insurgent profile.
        let tq = spec.profile.tq.unwrap_or(profile.profile.tq);
        let leader_tq = spec.profile.leader_tq.unwrap_or(profile.leader_tq);
        let morale = spec.profile.morale.unwrap_or(profile.profile.morale);
        self.arrivals += 1;
        let number = self.arrivals;
        let id = self.new_unit_id();
        let mut figures = Vec::new();
        for weapon in &roll.weapons {
            let own_tq = (*weapon == Weapon::Leader && leader_tq != tq).then_some(leader_tq);
            figures.push(self.new_figure(words::arrival_figure(*weapon), *weapon, own_tq));
        }
        let name = match &spec.profile.name {
            Some(name) => format!("{name} (R{number})"),
            None => format!("Insurgents R{number}"),
        };
        let unit = Unit {
            id,
            key: format!("arrival-{number}"),
            name,
            side: Side::Insurgent,
            figures,
            profile: crate::unit::Profile {
                tq,
                morale,
                optimum_range: profile.profile.optimum_range,
                armor: profile.profile.armor,
            },
            location: String::new(),
            non_combatant: false,
            presence: Presence::AwaitingHotSpot,
            ambush: None,
            arrives: None,
            status: UnitStatus::default(),
            left_by: None,
            freed_by: None,
        };
        let head = format!("{} ({})", unit.name, unit.composition());
        self.units.push(Arc::new(unit));
        let placed = self.place_by_hot_spot_die(scenario, id, roll.hot_spot_face);
        Outcome::with(
            words::arrival(&head, &placed, &roll),
            Detail::Arrival { roll, unit: id },
        )
    }

    /// Places a unit by a Hot Spot die, read through the scenario's faces: a face naming a
    /// spot puts it there (lost if the spot is neutralized); a face of choice (a 6, or a spot
    /// the scenario lacks) lets the Insurgents choose. Returns the words for the log.
    pub(in crate::game) fn place_by_hot_spot_die(
        &mut self,
        scenario: &Scenario,
        id: UnitId,
        face: Face,
    ) -> String {
        let lost = Presence::Eliminated {
            cause: Elimination::LostAtNeutralizedHotSpot,
        };
        let named = match self.spot_for_face(scenario, face) {
            SpotFaceSetup::Spot(number) => Some(number),
            SpotFaceSetup::Choice => None,
        };
        let (presence, location, words) = if let Some(number) = named {
            match self.hot_spot(number) {
                Some(spot) if spot.active => (
                    Presence::OnTable,
                    spot.arrival_location(),
                    if number == face {
                        format!("arrives at Hot Spot {}", spot.number)
                    } else {
                        format!("Hot Spot roll {face}: arrives at Hot Spot {}", spot.number)
                    },
                ),
                _ => (
                    lost,
                    String::new(),
                    format!("Hot Spot {number} is neutralized: lost"),
                ),
            }
        } else if self.hot_spots.iter().any(|h| h.active) {
            self.push_pending(PendingStep::HotSpotChoice { unit: id });
            (
                Presence::AwaitingHotSpot,
                String::new(),
                format!("Hot Spot roll {face}: the Insurgents choose the spot"),
            )
        } else {
            (
                lost,
                String::new(),
                format!("Hot Spot roll {face} with every spot neutralized: lost"),
            )
        };
        if let Some(unit) = self.unit_mut(id) {
            unit.presence = presence;
            unit.location = location;
        }
        words
    }

    pub(in crate::game) fn check_place_arrival(
        &self,
        pending: u32,
        number: u8,
    ) -> Result<DiceRequest> {
        let PendingStep::HotSpotChoice { .. } = self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "a Hot Spot choice",
            });
        };
        self.expect_active_hot_spot(number)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn place_arrival(&mut self, pending: u32, number: u8) -> Outcome {
        let Some(PendingStep::HotSpotChoice { unit }) =
            self.pending(pending).map(|p| p.step.clone())
        else {
            return Outcome::default();
        };
        let location = self
            .hot_spot(number)
            .map(|h| h.arrival_location())
            .unwrap_or_default();
        self.remove_pending(pending);
        let Some(unit) = self.unit_mut(unit) else {
            return Outcome::default();
        };
        unit.presence = Presence::OnTable;
        unit.location = location;
        Outcome::text(format!("{} arrives at Hot Spot {number}", unit.name))
    }

    /// Refused unless the Hot Spot exists and is active.
    pub(in crate::game) fn expect_active_hot_spot(&self, number: u8) -> Result<()> {
        match self.hot_spot(number) {
            None => Err(RuleError::UnknownHotSpot(number)),
            Some(spot) if !spot.active => Err(RuleError::HotSpotNeutralized(number)),
            Some(_) => Ok(()),
        }
    }
}
