//! Manual edits (the table is the truth), settings and notes: checked against the limits every
//! other part of the app keeps.

use std::sync::Arc;

use crate::dice::DiceRequest;
use crate::limits::{
    self, ARMOR, FIGURES_PER_UNIT, GAME_UNITS, INSURGENCY_LEVEL, INTERRUPTS, NOTE_CHARS,
    OPTIMUM_RANGE, PLACE_CHARS, TIMES_A_TURN, TURN,
};
use crate::rules::reinforcements::InsurgencyLevel;
use crate::unit::{FigureId, Presence, Unit, UnitId, UnitStatus, Weapon};

use crate::game::command::{NewFigure, NewUnit, UnitChanges};
use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::Outcome;
use crate::game::state::{GameState, Phase, Settings};

fn none() -> Result<DiceRequest> {
    Ok(DiceRequest::none())
}

impl GameState {
    pub(in crate::game) fn check_note(
        &self,
        unit: Option<UnitId>,
        answer_to: Option<UnitId>,
        text: &str,
    ) -> Result<DiceRequest> {
        for id in unit.into_iter().chain(answer_to) {
            self.get(id)?;
        }
        let chars = if text.trim().is_empty() {
            0
        } else {
            text.chars().count()
        };
        NOTE_CHARS.check(chars as i64)?;
        none()
    }

    /// Any change of the settings is allowed, but in a solo game of rules 7 or later whose
    /// dice stay after undo: those stay, with their seed, and the game stays solo, or undo
    /// would re-roll the opponent. Earlier rules let it be switched off: their games replay.
    pub(in crate::game) fn check_settings(&self, settings: &Settings) -> Result<DiceRequest> {
        let now = &self.settings;
        let locked = self.rules_at_least(7) && now.solo && now.dice_stay;
        let kept = settings.solo && settings.dice_stay && settings.dice_seed == now.dice_seed;
        if locked && !kept {
            return Err(RuleError::DiceStayInSolo);
        }
        none()
    }

    pub(in crate::game) fn change_settings(&mut self, settings: &Settings) -> Outcome {
        let changes = self.settings.changes_to(settings);
        self.settings = settings.clone();
        Outcome::text(if changes.is_empty() {
            "Settings: nothing changed".to_owned()
        } else {
            format!("Settings: {}", changes.join("; "))
        })
    }

    pub(in crate::game) fn check_set_status(
        &self,
        id: UnitId,
        status: &UnitStatus,
    ) -> Result<DiceRequest> {
        self.get(id)?;
        TIMES_A_TURN.check(status.times_interrupted)?;
        TIMES_A_TURN.check(status.overwatch_shots)?;
        INTERRUPTS.check(status.interrupts_made)?;
        if let Some(turn) = status.shaken_on_turn {
            TURN.check(turn)?;
        }
        none()
    }

    pub(in crate::game) fn set_status(&mut self, id: UnitId, status: &UnitStatus) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.status = status.clone();
        Outcome::text(format!("Edit: {} statuses set by the referee", unit.name))
    }

    pub(in crate::game) fn check_edit_unit(
        &self,
        id: UnitId,
        changes: &UnitChanges,
    ) -> Result<DiceRequest> {
        self.get(id)?;
        if let Some(name) = &changes.name {
            limits::name(name)?;
        }
        if let Some(range) = changes.optimum_range {
            OPTIMUM_RANGE.check(range)?;
        }
        if let Some(armor) = changes.armor {
            ARMOR.check(armor)?;
        }
        if let Some(location) = &changes.location {
            PLACE_CHARS.check(location.chars().count() as i64)?;
        }
        none()
    }

    pub(in crate::game) fn edit_unit(&mut self, id: UnitId, changes: &UnitChanges) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        let mut what = Vec::new();
        if let Some(name) = &changes.name {
            what.push(format!("renamed from {}", unit.name));
            unit.name = name.clone();
        }
        if let Some(tq) = changes.tq {
            unit.profile.tq = tq;
            what.push(format!("Troop Quality {tq}"));
        }
        if let Some(morale) = changes.morale {
            unit.profile.morale = morale;
            what.push(format!("Morale {morale}"));
        }
        if let Some(range) = changes.optimum_range {
            unit.profile.optimum_range = range;
            what.push(format!("Optimum Range {range}\""));
        }
        if let Some(armor) = changes.armor {
            unit.profile.armor = armor;
            what.push(format!("armor {armor}"));
        }
        if let Some(location) = &changes.location {
            unit.location = location.clone();
            what.push(format!("at {location}"));
        }
        Outcome::text(format!("Edit: {}: {}", unit.name, what.join(", ")))
    }

    pub(in crate::game) fn check_add_figure(
        &self,
        id: UnitId,
        figure: &NewFigure,
    ) -> Result<DiceRequest> {
        let unit = self.get(id)?;
        limits::name(&figure.name)?;
        FIGURES_PER_UNIT.check(unit.figures.len() as i64 + 1)?;
        none()
    }

    pub(in crate::game) fn add_figure(&mut self, id: UnitId, figure: &NewFigure) -> Outcome {
        let new = self.new_figure(figure.name.clone(), figure.weapon, figure.tq);
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.figures.push(new);
        Outcome::text(format!(
            "Edit: {} gains a figure: {} ({})",
            unit.name, figure.name, figure.weapon
        ))
    }

    /// Refused unless the unit has this figure (removing it, or changing its weapon).
    pub(in crate::game) fn check_remove_figure(
        &self,
        id: UnitId,
        figure: FigureId,
    ) -> Result<DiceRequest> {
        let unit = self.get(id)?;
        if unit.figure(figure).is_none() {
            return Err(RuleError::UnknownFigure {
                unit: unit.name.clone(),
                figure,
            });
        }
        none()
    }

    /// Refused unless the figure is a Regular's, in a unit on the table.
    pub(in crate::game) fn check_record_killed(
        &self,
        id: UnitId,
        figure: FigureId,
    ) -> Result<DiceRequest> {
        self.check_remove_figure(id, figure)?;
        let unit = self.get_in_play(id)?;
        if unit.side != crate::unit::Side::Regular {
            return Err(RuleError::InvalidEdit(format!(
                "{} is an Insurgent unit: Insurgent casualties are simply taken off",
                unit.name
            )));
        }
        none()
    }

    pub(in crate::game) fn record_killed(
        &mut self,
        scenario: &crate::scenario::Scenario,
        id: UnitId,
        figure: FigureId,
    ) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        let Some(index) = unit.figures.iter().position(|f| f.id == figure) else {
            return Outcome::default();
        };
        let killed = unit.figures.remove(index);
        unit.status.has_casualties = true;
        let name = unit.name.clone();
        self.add_victory_trigger(
            scenario,
            |t| *t == crate::scenario::VictoryTrigger::RegularsKilled,
            1,
        );
        Outcome::text(format!("{} of {name} is killed", killed.name))
    }

    pub(in crate::game) fn remove_figure(&mut self, id: UnitId, figure: FigureId) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        let Some(index) = unit.figures.iter().position(|f| f.id == figure) else {
            return Outcome::default();
        };
        let removed = unit.figures.remove(index);
        Outcome::text(format!("Edit: {} loses {}", unit.name, removed.name))
    }

    pub(in crate::game) fn set_weapon(
        &mut self,
        id: UnitId,
        figure: FigureId,
        weapon: Weapon,
    ) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        let name = unit.name.clone();
        let Some(f) = unit.figures.iter_mut().find(|f| f.id == figure) else {
            return Outcome::default();
        };
        f.weapon = weapon;
        if weapon != Weapon::Dependant {
            f.former_weapon = None;
        }
        Outcome::text(format!("Edit: {name}: {} now {weapon}", f.name))
    }

    pub(in crate::game) fn check_move_figure(
        &self,
        figure: FigureId,
        to: UnitId,
    ) -> Result<DiceRequest> {
        let target = self.get(to)?;
        let Some(from) = self.unit_of_figure(figure) else {
            return Err(RuleError::InvalidEdit(format!("no figure {figure}")));
        };
        if from.id == to {
            return Err(RuleError::InvalidEdit(
                "the figure is already in that unit".to_owned(),
            ));
        }
        if from.side != target.side {
            return Err(RuleError::InvalidEdit(
                "a figure cannot change sides".to_owned(),
            ));
        }
        FIGURES_PER_UNIT.check(target.figures.len() as i64 + 1)?;
        none()
    }

    pub(in crate::game) fn move_figure(&mut self, figure: FigureId, to: UnitId) -> Outcome {
        let Some(from) = self.unit_of_figure(figure).map(|u| u.id) else {
            return Outcome::default();
        };
        let from_name = self.unit(from).map(|u| u.name.clone()).unwrap_or_default();
        let target_name = self.unit(to).map(|u| u.name.clone()).unwrap_or_default();
        let Some(unit) = self.unit_mut(from) else {
            return Outcome::default();
        };
        let Some(index) = unit.figures.iter().position(|f| f.id == figure) else {
            return Outcome::default();
        };
        let moved = unit.figures.remove(index);
        let words = format!(
            "Edit: {} moves from {from_name} to {target_name}",
            moved.name
        );
        if let Some(target) = self.unit_mut(to) {
            target.figures.push(moved);
        }
        Outcome::text(words)
    }

    pub(in crate::game) fn check_add_unit(&self, unit: &NewUnit) -> Result<DiceRequest> {
        limits::name(&unit.name)?;
        FIGURES_PER_UNIT.check(unit.figures.len() as i64)?;
        OPTIMUM_RANGE.check(unit.profile.optimum_range)?;
        ARMOR.check(unit.profile.armor)?;
        PLACE_CHARS.check(unit.location.chars().count() as i64)?;
        for figure in &unit.figures {
            limits::name(&figure.name)?;
        }
        GAME_UNITS.check(self.units.len() as i64 + 1)?;
        none()
    }

    pub(in crate::game) fn add_unit(&mut self, unit: &NewUnit) -> Outcome {
        let id = self.new_unit_id();
        let figures = unit
            .figures
            .iter()
            .map(|f| self.new_figure(f.name.clone(), f.weapon, f.tq))
            .collect();
        self.units.push(Arc::new(Unit {
            id,
            key: format!("added-{}", id.0),
            name: unit.name.clone(),
            side: unit.side,
            figures,
            profile: unit.profile,
            location: unit.location.clone(),
            non_combatant: false,
            presence: Presence::OnTable,
            ambush: None,
            arrives: None,
            status: UnitStatus::default(),
            left_by: None,
            freed_by: None,
        }));
        Outcome::text(format!("Edit: {} unit {} added", unit.side, unit.name))
    }

    pub(in crate::game) fn check_set_presence(
        &self,
        id: UnitId,
        presence: &Presence,
    ) -> Result<DiceRequest> {
        let unit = self.get(id)?;
        if presence.is_on_table() && unit.figures.is_empty() {
            return Err(RuleError::InvalidEdit(format!(
                "{} has no figures to put on the table",
                unit.name
            )));
        }
        none()
    }

    pub(in crate::game) fn set_presence(&mut self, id: UnitId, presence: &Presence) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.presence = presence.clone();
        let words = match presence {
            Presence::OnTable => "back on the table".to_owned(),
            Presence::AwaitingHotSpot => "waiting for a Hot Spot".to_owned(),
            Presence::InReserve => "held in reserve".to_owned(),
            Presence::LeftTable => "off the table".to_owned(),
            Presence::Eliminated { cause } => format!("out of the game ({})", cause.describe()),
        };
        Outcome::text(format!("Edit: {} {words}", unit.name))
    }

    pub(in crate::game) fn check_set_hot_spot(&self, number: u8) -> Result<DiceRequest> {
        if self.hot_spot(number).is_none() {
            return Err(RuleError::UnknownHotSpot(number));
        }
        none()
    }

    pub(in crate::game) fn set_hot_spot(&mut self, number: u8, active: bool) -> Outcome {
        if let Some(spot) = self.hot_spots.iter_mut().find(|h| h.number == number) {
            spot.active = active;
        }
        let words = if active {
            "active again"
        } else {
            "neutralized"
        };
        Outcome::text(format!("Edit: Hot Spot {number} {words}"))
    }

    pub(in crate::game) fn check_insurgency_level(
        &self,
        level: InsurgencyLevel,
    ) -> Result<DiceRequest> {
        if let InsurgencyLevel::Level(n) = level {
            INSURGENCY_LEVEL.check(n)?;
        }
        none()
    }

    pub(in crate::game) fn set_insurgency_level(&mut self, level: InsurgencyLevel) -> Outcome {
        self.insurgency = level;
        Outcome::text(format!("Edit: Insurgency Level {level}"))
    }

    pub(in crate::game) fn set_turn(&mut self, turn: u32, phase: Phase) -> Outcome {
        if phase != self.phase {
            // The activation in progress belongs to the phase left.
            self.active_unit = None;
            self.interruptions.clear();
        }
        self.turn = turn;
        self.phase = phase;
        Outcome::text(format!("Edit: turn {turn}, {phase}"))
    }
}
