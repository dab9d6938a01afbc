//! Applying events to the state: every rule of the turn, with the dice it needs.

use std::sync::Arc;

use crate::dice::{DiceRequest, Die, Face};
use crate::rules::checks::{self, ReactionSetup, TestDie};
use crate::rules::fire::{self, FireModifiers};
use crate::rules::morale::{self, RegularMorale};
use crate::rules::reinforcements::{self, ArrivalSpec};
use crate::scenario::{Scenario, VictoryTrigger};
use crate::text::plural;
use crate::unit::{
    Elimination, Figure, FigureId, Movement, Presence, PullBack, Side, Unit, UnitId, UnitStatus,
    Weapon,
};

use super::command::{Command, Event, FireContext, QualityPurpose, ReactionKind};
use super::error::RuleError;
use super::outcome::{Detail, FireReport, Outcome};
use super::state::{GameState, HotSpot, MoraleReason, PendingStep, Phase};

type Result<T> = std::result::Result<T, RuleError>;

/// Figures in words with counts: "3× Gunman, RPG gunner".
fn name_counts<'a>(figures: impl Iterator<Item = &'a Figure>) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for figure in figures {
        match counts.iter_mut().find(|(n, _)| *n == figure.name) {
            Some((_, c)) => *c += 1,
            None => counts.push((&figure.name, 1)),
        }
    }
    counts
        .iter()
        .map(|(n, c)| {
            if *c == 1 {
                (*n).to_owned()
            } else {
                format!("{c}× {n}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "2 successes, 1 failure".
fn tally(successes: usize, failures: usize) -> String {
    format!(
        "{}, {}",
        plural(successes, "success", "successes"),
        plural(failures, "failure", "failures")
    )
}

/// The label of a single test die.
fn test_group(request: &mut DiceRequest, label: String, test: &TestDie) {
    request.push(label, test.die, 1);
}

impl GameState {
    // --- Lookups that fail with typed errors ---

    fn get(&self, id: UnitId) -> Result<&Unit> {
        self.unit(id).ok_or(RuleError::UnknownUnit(id))
    }

    fn get_in_play(&self, id: UnitId) -> Result<&Unit> {
        let unit = self.get(id)?;
        if !unit.in_play() {
            return Err(RuleError::NotInPlay(unit.name.clone()));
        }
        Ok(unit)
    }

    fn get_mut(&mut self, id: UnitId) -> Result<&mut Unit> {
        self.unit_mut(id).ok_or(RuleError::UnknownUnit(id))
    }

    fn expect_side(unit: &Unit, side: Side) -> Result<()> {
        if unit.side == side {
            Ok(())
        } else {
            Err(RuleError::WrongSide {
                unit: unit.name.clone(),
                side: unit.side,
                expected: side,
            })
        }
    }

    fn expect_phase(&self, action: &'static str, phases: &[Phase]) -> Result<()> {
        if phases.contains(&self.phase) {
            Ok(())
        } else {
            Err(RuleError::WrongPhase {
                action,
                phase: self.phase,
            })
        }
    }

    fn expect_acting(unit: &Unit) -> Result<()> {
        if unit.non_combatant {
            return Err(RuleError::NonCombatant(unit.name.clone()));
        }
        if unit.firing_count() == 0 {
            return Err(RuleError::NoFiringLine(unit.name.clone()));
        }
        Ok(())
    }

    fn pending_step(&self, id: u32) -> Result<&PendingStep> {
        self.pending(id)
            .map(|p| &p.step)
            .ok_or(RuleError::NoSuchPending(id))
    }

    fn remove_pending(&mut self, id: u32) {
        self.pending.retain(|p| p.id != id);
    }

    /// Plain words for a pending step.
    pub fn describe_pending(&self, step: &PendingStep) -> String {
        let name = |id: UnitId| {
            self.unit(id)
                .map_or_else(|| id.to_string(), |u| u.name.clone())
        };
        match step {
            PendingStep::InsurgencyRoll => format!("Insurgency roll (level {})", self.insurgency),
            PendingStep::TableRoll => "Roll 2d6 on the reinforcement table".to_owned(),
            PendingStep::Arrival { spec, .. } => {
                format!("Arrival: {} — roll it up and its Hot Spot", spec.describe())
            }
            PendingStep::HotSpotChoice { unit } => {
                format!("{} arrived on a 6: choose its Hot Spot", name(*unit))
            }
            PendingStep::Casualties { unit, count } => {
                let unit_ref = self.unit(*unit);
                let what = if unit_ref.is_some_and(|u| u.side == Side::Regular) {
                    "roll First Aid for"
                } else {
                    "remove"
                };
                format!(
                    "{}: {what} {}",
                    name(*unit),
                    plural(*count as usize, "casualty", "casualties")
                )
            }
            PendingStep::AmbushRoll { unit } => {
                let need = self
                    .unit(*unit)
                    .and_then(|u| u.ambush.as_ref())
                    .map_or(3, |a| a.arrives_on);
                format!("{} in ambush: roll a d6, arrives on {need}+", name(*unit))
            }
            PendingStep::AmbushPlacement { unit } => {
                format!("{} arrives from ambush: roll its Hot Spot", name(*unit))
            }
            PendingStep::MoraleCheck { unit, reason } => {
                format!("Morale check for {} ({})", name(*unit), reason.describe())
            }
        }
    }

    /// A Hot Spot that may still take arrivals or be neutralized.
    fn active_hot_spot(&mut self, number: u8) -> Result<&mut HotSpot> {
        let spot = self
            .hot_spots
            .iter_mut()
            .find(|h| h.number == number)
            .ok_or(RuleError::UnknownHotSpot(number))?;
        if !spot.active {
            return Err(RuleError::HotSpotNeutralized(number));
        }
        Ok(spot)
    }

    /// Adds a step that is now due, and says so in the outcome.
    fn push_due(&mut self, step: PendingStep, outcome: &mut Outcome) {
        outcome.note(format!("Due: {}", self.describe_pending(&step)));
        self.push_pending(step);
    }

    // --- Dice ---

    /// The dice a command needs, given the state. Fails when the command is not allowed.
    pub fn dice_request(&self, command: &Command) -> Result<DiceRequest> {
        let mut request = DiceRequest::none();
        match command {
            Command::InsurgencyRoll => {
                if let reinforcements::InsurgencyLevel::Level(level) = self.insurgency {
                    request.push(
                        format!("Insurgency roll (reinforcements on {level} or less)"),
                        Die::D6,
                        1,
                    );
                }
            }
            Command::TableRoll { .. } => request.push("Reinforcement table (2d6)", Die::D6, 2),
            Command::AmbushRoll { pending } => {
                let PendingStep::AmbushRoll { unit } = self.pending_step(*pending)? else {
                    return Err(RuleError::WrongPending {
                        id: *pending,
                        expected: "an ambush roll",
                    });
                };
                let unit = self.get(*unit)?;
                let automatic = unit
                    .ambush
                    .as_ref()
                    .is_some_and(|a| a.automatic_turns.contains(&self.turn));
                if !automatic {
                    let need = unit.ambush.as_ref().map_or(3, |a| a.arrives_on);
                    request.push(
                        format!("Ambush: {} arrives on {need}+", unit.name),
                        Die::D6,
                        1,
                    );
                }
            }
            Command::AmbushPlacement { .. } => {
                request.push("Hot Spot (6: Insurgent choice)", Die::D6, 1);
            }
            Command::Arrival { pending } => {
                let PendingStep::Arrival { spec, .. } = self.pending_step(*pending)? else {
                    return Err(RuleError::WrongPending {
                        id: *pending,
                        expected: "an arrival",
                    });
                };
                request = spec.dice_request();
            }
            Command::Activate {
                unit,
                movement,
                overwatch,
            } => {
                let unit = self.get_in_play(*unit)?;
                if *movement == Movement::Rapid && !overwatch && unit.status.has_casualties {
                    test_group(
                        &mut request,
                        format!("Quality check to move Rapid: {}", unit.name),
                        &TestDie::for_unit(unit),
                    );
                }
            }
            Command::InsurgentAction { unit, .. } => {
                let unit = self.get_in_play(*unit)?;
                if unit.needs_leader_check() {
                    test_group(
                        &mut request,
                        format!("Quality check (no leader): {}", unit.name),
                        &TestDie::for_unit(unit),
                    );
                }
            }
            Command::QualityCheck { unit, .. } => {
                let unit = self.get_in_play(*unit)?;
                test_group(
                    &mut request,
                    format!("Quality check: {}", unit.name),
                    &TestDie::for_unit(unit),
                );
            }
            Command::ReactionTest {
                insurgent,
                regular,
                modifiers,
                ..
            } => {
                let ins = self.get_in_play(*insurgent)?;
                let reg = self.get_in_play(*regular)?;
                let setup = ReactionSetup::new(ins, reg, modifiers);
                test_group(
                    &mut request,
                    format!("Reaction: {}", ins.name),
                    &setup.insurgent,
                );
                test_group(
                    &mut request,
                    format!("Reaction: {}", reg.name),
                    &setup.regular,
                );
            }
            Command::Fire {
                attacker,
                target,
                modifiers,
                ..
            } => {
                let attacker = self.get_in_play(*attacker)?;
                let target = self.get_in_play(*target)?;
                let fp = fire::firepower(attacker, modifiers);
                let dp = fire::defense(target, modifiers);
                if !fp.is_empty() {
                    for (die, n) in fp.groups() {
                        request.push(format!("Firepower: {} ({die})", attacker.name), die, n);
                    }
                    for (die, n) in dp.groups() {
                        request.push(format!("Defense: {} ({die})", target.name), die, n);
                    }
                }
            }
            Command::FirstAid { figures, .. } => {
                let n = u8::try_from(figures.len()).unwrap_or(u8::MAX);
                request.push("First Aid (one d6 per casualty)", Die::D6, n);
            }
            Command::MoraleCheck { unit, .. } => {
                let unit = self.get_in_play(*unit)?;
                let (die, n) = morale::morale_dice(unit);
                let n = u8::try_from(n).unwrap_or(u8::MAX);
                request.push(format!("Morale: {}", unit.name), die, n);
            }
            _ => {}
        }
        Ok(request)
    }

    // --- Applying ---

    /// Applies an event. On error the state is left exactly as it was.
    pub fn apply(&mut self, scenario: &Scenario, event: &Event) -> Result<Outcome> {
        let mut next = self.clone();
        let outcome = next.apply_in_place(scenario, event)?;
        *self = next;
        Ok(outcome)
    }

    /// Applies an event to this state directly. On error the state may be half-changed: use
    /// only on a copy, or when the whole state is thrown away on error (replaying a log).
    pub(crate) fn apply_in_place(&mut self, scenario: &Scenario, event: &Event) -> Result<Outcome> {
        let command = &event.command;
        let allowed_after_end = command.is_edit()
            || matches!(
                command,
                Command::SkipPending { .. }
                    | Command::AwardVictory { .. }
                    | Command::ChangeSettings { .. }
                    | Command::SoloNote { .. }
            );
        if self.phase == Phase::GameOver && !allowed_after_end {
            return Err(RuleError::GameOver);
        }
        let request = self.dice_request(command)?;
        request.check(&event.dice)?;
        let faces: Vec<Vec<Face>> = event.dice.iter().map(|r| r.faces.clone()).collect();
        let mut outcome = self.dispatch(scenario, command, &faces)?;
        self.tidy(&mut outcome);
        Ok(outcome)
    }

    fn dispatch(
        &mut self,
        scenario: &Scenario,
        command: &Command,
        faces: &[Vec<Face>],
    ) -> Result<Outcome> {
        let first = |i: usize| faces.get(i).and_then(|g| g.first().copied()).unwrap_or(1);
        match command {
            Command::InsurgencyRoll => {
                self.insurgency_roll(faces.first().and_then(|g| g.first().copied()))
            }
            Command::TableRoll { pending } => self.table_roll(scenario, *pending, faces),
            Command::Arrival { pending } => self.arrival(scenario, *pending, faces),
            Command::PlaceArrival { pending, hot_spot } => self.place_arrival(*pending, *hot_spot),
            Command::AmbushRoll { pending } => {
                self.ambush_roll(*pending, faces.first().map(|_| first(0)))
            }
            Command::AmbushPlacement { pending } => self.ambush_placement(*pending, first(0)),
            Command::StartActivations => {
                self.expect_phase("Starting activations", &[Phase::Reinforcements])?;
                self.expect_nothing_pending()?;
                self.phase = Phase::RegularActivations;
                self.active_unit = None;
                Ok(Outcome::text(format!(
                    "Turn {}: Regular activations begin",
                    self.turn
                )))
            }
            Command::Activate {
                unit,
                movement,
                overwatch,
            } => self.activate(
                *unit,
                *movement,
                *overwatch,
                faces.first().map(|_| first(0)),
            ),
            Command::InsurgentAction { unit, movement } => {
                self.insurgent_action(*unit, *movement, faces.first().map(|_| first(0)))
            }
            Command::QualityCheck { unit, purpose } => {
                self.quality_check(*unit, *purpose, first(0))
            }
            Command::ReactionTest {
                insurgent,
                regular,
                kind,
                modifiers,
            } => self.reaction_test(*insurgent, *regular, *kind, modifiers, first(0), first(1)),
            Command::Fire {
                attacker,
                target,
                modifiers,
                context,
            } => self.fire(*attacker, *target, modifiers, *context, faces),
            Command::RemoveCasualties { pending, figures } => {
                self.remove_casualties(*pending, figures)
            }
            Command::FirstAid { pending, figures } => self.first_aid(
                scenario,
                *pending,
                figures,
                faces.first().map_or(&[][..], Vec::as_slice),
            ),
            Command::MoraleCheck {
                unit,
                modifier,
                defensible,
            } => self.morale_check(
                *unit,
                *modifier,
                *defensible,
                faces.first().map_or(&[][..], Vec::as_slice),
            ),
            Command::DeclareInCover { unit } => self.declare_in_cover(*unit),
            Command::NeutralizeHotSpot { hot_spot, unit } => self.neutralize(*hot_spot, *unit),
            Command::JoinUnit { from, into } => self.join_unit(*from, *into),
            Command::DetachLeader { unit, figure } => self.detach_leader(*unit, *figure),
            Command::LeaveTable { unit } => self.leave_table(scenario, *unit),
            Command::StartInsurgentPhase => self.start_insurgent_phase(),
            Command::EndTurn => self.end_turn(scenario),
            Command::SoloNote { unit, text } => {
                if let Some(id) = unit {
                    self.get(*id)?;
                }
                if text.trim().is_empty() {
                    return Err(RuleError::InvalidEdit("a note needs words".to_owned()));
                }
                Ok(Outcome::text(format!("Solo: {text}")))
            }
            Command::EndGame => {
                self.phase = Phase::GameOver;
                self.lose_reserves(|_| true);
                self.active_unit = None;
                Ok(Outcome::text(format!(
                    "Game over after turn {}: {}",
                    self.turn,
                    self.final_score(scenario)
                )))
            }
            Command::SkipPending { pending } => {
                let step = self.pending_step(*pending)?.clone();
                let words = self.describe_pending(&step);
                self.remove_pending(*pending);
                let mut outcome = Outcome::text(format!("Skipped: {words}"));
                if let PendingStep::HotSpotChoice { unit } = step {
                    let unit = self.get_mut(unit)?;
                    unit.presence = Presence::Eliminated {
                        cause: Elimination::LostAtNeutralizedHotSpot,
                    };
                    outcome.note(format!("{} never arrives", unit.name));
                }
                Ok(outcome)
            }
            Command::AwardVictory { item, delta } => {
                let Some(def) = scenario.victory_item(item) else {
                    return Err(RuleError::UnknownVictoryItem(item.clone()));
                };
                let label = def.label.clone();
                let side = def.side;
                let points = def.points * delta;
                self.add_victory(item, *delta);
                Ok(Outcome::text(format!(
                    "{side} victory points {points:+}: {label}"
                )))
            }
            Command::ChangeSettings { settings } => {
                self.settings = settings.clone();
                Ok(Outcome::text(format!(
                    "Settings: interruption penalty {:?}, scale {}, solo {}",
                    settings.interruption_penalty, settings.scale, settings.solo
                )))
            }
            edit => self.edit(edit),
        }
    }

    fn expect_nothing_pending(&self) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let due: Vec<String> = self
            .pending
            .iter()
            .map(|p| self.describe_pending(&p.step))
            .collect();
        Err(RuleError::StepsDue(due.join("; ")))
    }

    fn add_victory(&mut self, item: &str, delta: i32) {
        if let Some(count) = self.victory.iter_mut().find(|c| c.item == item) {
            count.count += delta;
        }
    }

    fn add_victory_trigger(
        &mut self,
        scenario: &Scenario,
        matches: impl Fn(&VictoryTrigger) -> bool,
        delta: i32,
    ) {
        if delta == 0 {
            return;
        }
        for item in &scenario.victory {
            if matches(&item.trigger) {
                self.add_victory(&item.id, delta);
            }
        }
    }

    /// Removes units with no figures left and steps about units no longer in play.
    fn tidy(&mut self, outcome: &mut Outcome) {
        for unit in &mut self.units {
            if unit.in_play() && unit.figures.is_empty() {
                let unit = Arc::make_mut(unit);
                unit.presence = Presence::Eliminated {
                    cause: Elimination::NoFiguresLeft,
                };
                outcome.note(format!(
                    "{} has no figures left and is out of the game",
                    unit.name
                ));
            }
        }
        let mut dropped = Vec::new();
        self.pending.retain(|p| {
            let unit = match &p.step {
                PendingStep::Casualties { unit, .. } | PendingStep::MoraleCheck { unit, .. } => {
                    *unit
                }
                _ => return true,
            };
            let keep = self.units.iter().any(|u| u.id == unit && u.in_play());
            if !keep {
                dropped.push(p.step.clone());
            }
            keep
        });
        for step in dropped {
            outcome.note(format!("No longer due: {}", self.describe_pending(&step)));
        }
    }

    // --- Reinforcements ---

    fn insurgency_roll(&mut self, face: Option<Face>) -> Result<Outcome> {
        self.expect_phase("The Insurgency roll", &[Phase::Reinforcements])?;
        let Some(due) = self
            .pending
            .iter()
            .find(|p| p.step == PendingStep::InsurgencyRoll)
            .map(|p| p.id)
        else {
            return Err(RuleError::InsurgencyRollNotDue);
        };
        self.remove_pending(due);
        let comes = self.insurgency.triggers(face);
        let summary = match (face, comes) {
            (None, _) => "Insurgency Level Automatic: reinforcements arrive".to_owned(),
            (Some(f), true) => format!(
                "Insurgency roll {f} (level {}): reinforcements arrive",
                self.insurgency
            ),
            (Some(f), false) => format!(
                "Insurgency roll {f} (level {}): no reinforcements",
                self.insurgency
            ),
        };
        if comes {
            self.push_pending(PendingStep::TableRoll);
        }
        Ok(Outcome::with(
            summary,
            Detail::Insurgency {
                face,
                reinforcements: comes,
            },
        ))
    }

    fn table_roll(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        faces: &[Vec<Face>],
    ) -> Result<Outcome> {
        if *self.pending_step(pending)? != PendingStep::TableRoll {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "a table roll",
            });
        }
        let dice = faces.first().cloned().unwrap_or_default();
        let total: u8 = dice.iter().sum();
        let row = scenario
            .reinforcements
            .row(total)
            .ok_or(RuleError::NoTableRow(total))?;
        self.remove_pending(pending);
        let described: Vec<String> = row.units.iter().map(ArrivalSpec::describe).collect();
        for spec in &row.units {
            self.push_pending(PendingStep::Arrival {
                row: row.id.clone(),
                spec: spec.clone(),
            });
        }
        let mut summary = format!("Reinforcement table {total}: {}", described.join("; "));
        if row.roll_again {
            summary.push_str(", and roll again");
            self.push_pending(PendingStep::TableRoll);
        }
        Ok(Outcome::with(
            summary,
            Detail::TableRoll {
                faces: dice,
                total,
                row: row.id.clone(),
            },
        ))
    }

    fn arrival(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        faces: &[Vec<Face>],
    ) -> Result<Outcome> {
        let PendingStep::Arrival { spec, .. } = self.pending_step(pending)?.clone() else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an arrival",
            });
        };
        self.remove_pending(pending);
        let roll = reinforcements::resolve_arrival(&spec, faces);
        let profile = &scenario.insurgents;
        self.arrivals += 1;
        let number = self.arrivals;
        let id = self.new_unit_id();
        let mut figures = Vec::new();
        for weapon in &roll.weapons {
            let name = match weapon {
                Weapon::Rifle => "Gunman",
                Weapon::LightSupport => "LMG gunner",
                Weapon::MediumSupport => "RPG gunner",
                Weapon::AtRpg => "AT RPG gunner",
                Weapon::Leader => "Leader",
                Weapon::Dependant => "Dependant",
            };
            let own_tq = (*weapon == Weapon::Leader && profile.leader_tq != profile.tq)
                .then_some(profile.leader_tq);
            figures.push(self.new_figure(name, *weapon, own_tq));
        }
        let unit = Unit {
            id,
            key: format!("arrival-{number}"),
            name: format!("Insurgents R{number}"),
            side: Side::Insurgent,
            figures,
            tq: profile.tq,
            morale: profile.morale,
            optimum_range: profile.optimum_range,
            armor: profile.armor,
            location: String::new(),
            non_combatant: false,
            presence: Presence::AwaitingHotSpot,
            ambush: None,
            status: UnitStatus::default(),
        };
        let mut summary = format!("{} ({})", unit.name, unit.composition());
        self.units.push(Arc::new(unit));
        let spot_words = self.place_by_hot_spot_die(id, roll.hot_spot_face)?;
        summary.push_str(&format!(": {spot_words}"));
        if roll.gained_leader {
            summary.push_str("; leader check 1: one figure is a leader");
        }
        if roll.at_rpgs > 0 {
            summary.push_str(&format!("; {} AT RPG", roll.at_rpgs));
        }
        Ok(Outcome::with(summary, Detail::Arrival { roll, unit: id }))
    }

    /// Places a unit by a Hot Spot die: 1–5 that spot (lost if neutralized), 6 the
    /// Insurgents choose. Returns the words for the log.
    fn place_by_hot_spot_die(&mut self, id: UnitId, face: Face) -> Result<String> {
        let lost = Presence::Eliminated {
            cause: Elimination::LostAtNeutralizedHotSpot,
        };
        let (presence, location, words) = if face == 6 {
            if self.hot_spots.iter().any(|h| h.active) {
                self.push_pending(PendingStep::HotSpotChoice { unit: id });
                (
                    Presence::AwaitingHotSpot,
                    String::new(),
                    "Hot Spot roll 6: the Insurgents choose the spot".to_owned(),
                )
            } else {
                (
                    lost,
                    String::new(),
                    "Hot Spot roll 6 with every spot neutralized: lost".to_owned(),
                )
            }
        } else {
            match self.hot_spot(face) {
                Some(spot) if spot.active => (
                    Presence::OnTable,
                    spot.arrival_location(),
                    format!("arrives at Hot Spot {}", spot.number),
                ),
                _ => (
                    lost,
                    String::new(),
                    format!("Hot Spot {face} is neutralized: lost"),
                ),
            }
        };
        let unit = self.get_mut(id)?;
        unit.presence = presence;
        unit.location = location;
        Ok(words)
    }

    fn ambush_roll(&mut self, pending: u32, face: Option<Face>) -> Result<Outcome> {
        let PendingStep::AmbushRoll { unit: id } = *self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an ambush roll",
            });
        };
        let unit = self.get(id)?;
        let (Some(ambush), Presence::InReserve) = (unit.ambush.clone(), &unit.presence) else {
            return Err(RuleError::InvalidEdit(format!(
                "{} is not in ambush",
                unit.name
            )));
        };
        let name = unit.name.clone();
        self.remove_pending(pending);
        let arrives = face.is_none_or(|f| f >= ambush.arrives_on);
        let roll_words = match face {
            Some(f) => format!("rolls {f} (needs {}+)", ambush.arrives_on),
            None => format!("arrives automatically on turn {}", self.turn),
        };
        if !arrives {
            return Ok(Outcome::text(format!(
                "{name} in ambush {roll_words}: stays hidden"
            )));
        }
        let summary = match &ambush.arrives_at {
            crate::scenario::AmbushPoint::HotSpot => {
                self.push_pending(PendingStep::AmbushPlacement { unit: id });
                format!("{name} {roll_words}: springs its ambush; roll its Hot Spot")
            }
            crate::scenario::AmbushPoint::Point(point) => {
                let unit = self.get_mut(id)?;
                unit.presence = Presence::OnTable;
                unit.location = point.clone();
                unit.ambush = None;
                unit.status.fire_only = true;
                format!(
                    "{name} {roll_words}: springs its ambush at {point} (it may fire, not move, this phase)"
                )
            }
        };
        Ok(Outcome::text(summary))
    }

    fn ambush_placement(&mut self, pending: u32, face: Face) -> Result<Outcome> {
        let PendingStep::AmbushPlacement { unit: id } = *self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "an ambush placement",
            });
        };
        self.remove_pending(pending);
        let name = self.get(id)?.name.clone();
        let words = self.place_by_hot_spot_die(id, face)?;
        let unit = self.get_mut(id)?;
        unit.ambush = None;
        unit.status.fire_only = true;
        Ok(Outcome::text(format!(
            "{name} from ambush: {words} (it may fire, not move, this phase)"
        )))
    }

    /// Units still in ambush that `expired` says are out of time are lost. Returns their names.
    fn lose_reserves(
        &mut self,
        expired: impl Fn(&crate::scenario::AmbushSetup) -> bool,
    ) -> Vec<String> {
        let mut lost = Vec::new();
        for unit in &mut self.units {
            if unit.presence == Presence::InReserve && unit.ambush.as_ref().is_some_and(&expired) {
                let unit = Arc::make_mut(unit);
                unit.presence = Presence::Eliminated {
                    cause: Elimination::NeverArrived,
                };
                lost.push(unit.name.clone());
            }
        }
        lost
    }

    fn place_arrival(&mut self, pending: u32, number: u8) -> Result<Outcome> {
        let PendingStep::HotSpotChoice { unit } = *self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "a Hot Spot choice",
            });
        };
        let location = self.active_hot_spot(number)?.arrival_location();
        self.remove_pending(pending);
        let unit = self.get_mut(unit)?;
        unit.presence = Presence::OnTable;
        unit.location = location;
        Ok(Outcome::text(format!(
            "{} arrives at Hot Spot {number}",
            unit.name
        )))
    }

    // --- Activations and tests ---

    fn activate(
        &mut self,
        id: UnitId,
        movement: Movement,
        overwatch: bool,
        check: Option<Face>,
    ) -> Result<Outcome> {
        self.expect_phase("Activating a Regular unit", &[Phase::RegularActivations])?;
        let unit = self.get_in_play(id)?;
        Self::expect_side(unit, Side::Regular)?;
        Self::expect_acting(unit)?;
        if unit.status.activated {
            return Err(RuleError::AlreadyActivated(unit.name.clone()));
        }
        if unit.status.done_for_turn {
            return Err(RuleError::DoneForTurn(unit.name.clone()));
        }
        let moving = movement != Movement::Halted;
        if overwatch && moving {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why: "a unit going on Overwatch stays Halted",
            });
        }
        if moving && unit.status.pull_back != PullBack::None {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why: "it is regrouping after a Pull Back",
            });
        }
        if moving && unit.status.fire_only {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why: "a leader joined it this turn, so it may only fire",
            });
        }
        let test = TestDie::for_unit(unit);
        let name = unit.name.clone();
        let mut detail = Detail::None;
        let mut actual = movement;
        let mut summary;
        if let Some(face) = check {
            let result = checks::quality_check(test, face);
            if result.passed {
                summary = format!(
                    "{name} passes its Quality check ({}) and moves Rapid",
                    result.total
                );
            } else {
                actual = Movement::Cautious;
                summary = format!(
                    "{name} fails its Quality check ({}): it has casualties and may move Cautiously at most",
                    result.total
                );
            }
            detail = Detail::Check(result);
        } else if overwatch {
            summary = format!("{name} activates and goes on Overwatch");
        } else {
            summary = format!("{name} activates: {}", movement.name());
        }
        let unit = self.get_mut(id)?;
        unit.status.activated = true;
        // Overwatch shots before its activation do not count against its own fire.
        unit.status.fired = false;
        unit.status.movement = Some(actual);
        unit.status.overwatch = overwatch;
        if actual != Movement::Halted && unit.status.in_cover {
            unit.status.in_cover = false;
            summary.push_str(" (leaves In Cover)");
        }
        self.active_unit = Some(id);
        Ok(Outcome::with(summary, detail))
    }

    fn insurgent_action(
        &mut self,
        id: UnitId,
        movement: Movement,
        check: Option<Face>,
    ) -> Result<Outcome> {
        self.expect_phase("An Insurgent action", &[Phase::InsurgentActions])?;
        let turn = self.turn;
        let unit = self.get_in_play(id)?;
        Self::expect_side(unit, Side::Insurgent)?;
        Self::expect_acting(unit)?;
        if unit.status.activated {
            return Err(RuleError::AlreadyActivated(unit.name.clone()));
        }
        if unit.status.interrupts_made > 0 {
            return Err(RuleError::InterruptUsed(unit.name.clone()));
        }
        if unit.status.done_for_turn {
            return Err(RuleError::DoneForTurn(unit.name.clone()));
        }
        if movement != Movement::Halted && unit.status.fire_only {
            return Err(RuleError::MayNotMove {
                unit: unit.name.clone(),
                why: "a leader joined it this turn, so it may only fire",
            });
        }
        let name = unit.name.clone();
        let shaken = unit.is_shaken(turn);
        let test = TestDie::for_unit(unit);
        let mut detail = Detail::None;
        let mut passed = true;
        if let Some(face) = check {
            let result = checks::quality_check(test, face);
            passed = result.passed;
            detail = Detail::Check(result);
        }
        let unit = self.get_mut(id)?;
        unit.status.activated = true;
        let summary = if passed {
            unit.status.passed_leader_check |= check.is_some();
            unit.status.movement = Some(movement);
            if movement != Movement::Halted {
                unit.status.in_cover = false;
            }
            let mut s = format!("{name} acts: {}", movement.name());
            if check.is_some() {
                s = format!(
                    "{name} passes its Quality check and acts: {}",
                    movement.name()
                );
            }
            if shaken {
                s.push_str(" (Shaken: it may only move away from the enemy)");
            }
            s
        } else {
            unit.status.done_for_turn = true;
            format!("{name} has no leader and fails its Quality check: no action this turn")
        };
        Ok(Outcome::with(summary, detail))
    }

    fn quality_check(
        &mut self,
        id: UnitId,
        purpose: QualityPurpose,
        face: Face,
    ) -> Result<Outcome> {
        let unit = self.get_in_play(id)?;
        Self::expect_acting(unit)?;
        let leader_check = matches!(
            purpose,
            QualityPurpose::ActWithoutLeader | QualityPurpose::Interrupt
        );
        if leader_check {
            Self::expect_side(unit, Side::Insurgent)?;
            if !unit.needs_leader_check() {
                return Err(RuleError::NoCheckNeeded(unit.name.clone()));
            }
            if unit.status.done_for_turn {
                return Err(RuleError::DoneForTurn(unit.name.clone()));
            }
            if purpose == QualityPurpose::Interrupt && unit.status.interrupts_made > 0 {
                return Err(RuleError::InterruptUsed(unit.name.clone()));
            }
        }
        let name = unit.name.clone();
        let result = checks::quality_check(TestDie::for_unit(unit), face);
        let what = match purpose {
            QualityPurpose::ActWithoutLeader => "Quality check to act without a leader",
            QualityPurpose::Interrupt => "Interrupt check",
            QualityPurpose::Other => "Quality check",
        };
        let verdict = if result.passed { "passed" } else { "failed" };
        let mut summary = format!("{name}: {what} {} — {verdict}", result.total);
        if leader_check {
            let unit = self.get_mut(id)?;
            if result.passed {
                unit.status.passed_leader_check = true;
            } else {
                unit.status.done_for_turn = true;
                summary.push_str("; no further action this turn");
            }
        }
        Ok(Outcome::with(summary, Detail::Check(result)))
    }

    fn reaction_test(
        &mut self,
        insurgent: UnitId,
        regular: UnitId,
        kind: ReactionKind,
        modifiers: &checks::ReactionModifiers,
        insurgent_face: Face,
        regular_face: Face,
    ) -> Result<Outcome> {
        let turn = self.turn;
        let ins = self.get_in_play(insurgent)?;
        let reg = self.get_in_play(regular)?;
        Self::expect_side(ins, Side::Insurgent)?;
        Self::expect_side(reg, Side::Regular)?;
        Self::expect_acting(ins)?;
        Self::expect_acting(reg)?;
        let interrupting = kind != ReactionKind::Overwatch;
        if interrupting {
            self.expect_phase("An Insurgent interruption", &[Phase::RegularActivations])?;
            if ins.status.interrupts_made > 0 {
                return Err(RuleError::InterruptUsed(ins.name.clone()));
            }
            if ins.status.done_for_turn {
                return Err(RuleError::DoneForTurn(ins.name.clone()));
            }
            if ins.is_shaken(turn) {
                return Err(RuleError::Shaken(ins.name.clone()));
            }
            if ins.needs_leader_check() {
                return Err(RuleError::LeaderCheckNeeded(ins.name.clone()));
            }
        } else if !reg.status.overwatch {
            return Err(RuleError::NotOnOverwatch(reg.name.clone()));
        }
        let (ins_name, reg_name) = (ins.name.clone(), reg.name.clone());
        let result = ReactionSetup::new(ins, reg, modifiers).resolve(insurgent_face, regular_face);
        let what = match kind {
            ReactionKind::InterruptMovement => "movement",
            ReactionKind::InterruptFire => "fire",
            ReactionKind::Overwatch => "interruption",
        };
        let summary = match (kind, result.insurgent_first) {
            (ReactionKind::Overwatch, true) => format!(
                "Reaction {ins_name} {} vs {reg_name} {}: the Insurgents act before the Overwatch fire",
                result.insurgent_total, result.regular_total
            ),
            (ReactionKind::Overwatch, false) => format!(
                "Reaction {ins_name} {} vs {reg_name} {}: the Overwatch fire comes first",
                result.insurgent_total, result.regular_total
            ),
            (_, true) => format!(
                "{ins_name} interrupts {reg_name}'s {what}: {} vs {} — the Insurgents act first",
                result.insurgent_total, result.regular_total
            ),
            (_, false) => format!(
                "{ins_name} interrupts {reg_name}'s {what}: {} vs {} — {reg_name} reacts first (fire, or move to cover)",
                result.insurgent_total, result.regular_total
            ),
        };
        if interrupting {
            self.get_mut(insurgent)?.status.interrupts_made += 1;
            let reg = self.get_mut(regular)?;
            reg.status.times_interrupted = reg.status.times_interrupted.saturating_add(1);
        }
        Ok(Outcome::with(summary, Detail::Reaction(result)))
    }

    fn fire(
        &mut self,
        attacker_id: UnitId,
        target_id: UnitId,
        modifiers: &FireModifiers,
        context: FireContext,
        faces: &[Vec<Face>],
    ) -> Result<Outcome> {
        let turn = self.turn;
        let phase = self.phase;
        let attacker = self.get_in_play(attacker_id)?;
        let target = self.get_in_play(target_id)?;
        if attacker.side == target.side {
            return Err(RuleError::FriendlyFire {
                attacker: attacker.name.clone(),
                target: target.name.clone(),
            });
        }
        Self::expect_acting(attacker)?;
        if target.non_combatant {
            return Err(RuleError::NonCombatant(target.name.clone()));
        }
        if attacker.status.done_for_turn {
            return Err(RuleError::DoneForTurn(attacker.name.clone()));
        }
        let active = self.active_unit;
        match attacker.side {
            Side::Insurgent => {
                if attacker.is_shaken(turn) {
                    return Err(RuleError::Shaken(attacker.name.clone()));
                }
                // An Insurgent unit fires once a turn: as its interruption, or in its phase.
                if attacker.status.fired {
                    return Err(RuleError::AlreadyFired(attacker.name.clone()));
                }
                if attacker.needs_leader_check() {
                    return Err(RuleError::LeaderCheckNeeded(attacker.name.clone()));
                }
                match context {
                    FireContext::Interrupt => {
                        self.expect_phase("Interrupting fire", &[Phase::RegularActivations])?;
                    }
                    _ => {
                        self.expect_phase("Insurgent fire", &[Phase::InsurgentActions])?;
                        if attacker.status.interrupts_made > 0 {
                            return Err(RuleError::InterruptUsed(attacker.name.clone()));
                        }
                    }
                }
            }
            Side::Regular => match context {
                FireContext::Activation => {
                    self.expect_phase("Fire during an activation", &[Phase::RegularActivations])?;
                    if !attacker.status.activated {
                        return Err(RuleError::NotActivated(attacker.name.clone()));
                    }
                    if active != Some(attacker_id) {
                        return Err(RuleError::ActivationOver(attacker.name.clone()));
                    }
                    // It moves and fires, or fires and moves: once.
                    if attacker.status.fired {
                        return Err(RuleError::AlreadyFired(attacker.name.clone()));
                    }
                }
                FireContext::Reaction
                    if phase == Phase::RegularActivations
                        && attacker.status.activated
                        && active != Some(attacker_id) =>
                {
                    // Only the interrupted unit, or a friend that has not activated yet, reacts.
                    return Err(RuleError::ActivationOver(attacker.name.clone()));
                }
                FireContext::Overwatch if !attacker.status.overwatch => {
                    return Err(RuleError::NotOnOverwatch(attacker.name.clone()));
                }
                FireContext::Interrupt => {
                    return Err(RuleError::WrongSide {
                        unit: attacker.name.clone(),
                        side: Side::Regular,
                        expected: Side::Insurgent,
                    });
                }
                _ => {}
            },
        }

        let firepower = fire::firepower(attacker, modifiers);
        let defense = fire::defense(target, modifiers);
        // The faces come one group per die type, the attacker's first.
        let fp_groups = firepower.groups().len();
        let attack_faces: Vec<Face> = faces.iter().take(fp_groups).flatten().copied().collect();
        let defense_faces: Vec<Face> = faces.iter().skip(fp_groups).flatten().copied().collect();
        let matching = fire::match_dice(&attack_faces, &defense_faces, modifiers.target_number());
        let casualties = matching.hits().min(target.firing_count());
        let (attacker_name, target_name) = (attacker.name.clone(), target.name.clone());
        let target_side = target.side;
        let target_leaderless = !target.has_leader();
        let first_interrupt = attacker.status.interrupts_made == 0;

        // The attacker's record.
        let attacker = self.get_mut(attacker_id)?;
        attacker.status.fired = true;
        match (attacker.side, context) {
            (Side::Insurgent, FireContext::Interrupt) => {
                attacker.status.interrupts_made = attacker.status.interrupts_made.max(1);
            }
            (Side::Insurgent, _) => attacker.status.activated = true,
            (Side::Regular, FireContext::Overwatch) => {
                attacker.status.overwatch_shots = attacker.status.overwatch_shots.saturating_add(1);
            }
            (Side::Regular, FireContext::Reaction)
                if phase == Phase::RegularActivations && !attacker.status.activated =>
            {
                // A friend reacting spends its activation and takes no further action.
                attacker.status.activated = true;
                attacker.status.done_for_turn = true;
            }
            _ => {}
        }
        // Firing as an interruption without a Reaction test still interrupts the target.
        if context == FireContext::Interrupt && first_interrupt {
            let target = self.get_mut(target_id)?;
            target.status.times_interrupted = target.status.times_interrupted.saturating_add(1);
        }

        if firepower.is_empty() {
            return Ok(Outcome::text(format!(
                "{attacker_name} has no Firepower left against {target_name}: no attack"
            )));
        }
        let mut outcome = Outcome::text(format!(
            "{attacker_name} {} {target_name}: {} against {}, {}",
            context.describe(),
            firepower.notation(),
            defense.notation(),
            plural(casualties, "casualty", "casualties")
        ));
        if casualties > 0 {
            self.push_due(
                PendingStep::Casualties {
                    unit: target_id,
                    count: casualties as u32,
                },
                &mut outcome,
            );
        } else if target_side == Side::Insurgent && target_leaderless {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: target_id,
                    reason: MoraleReason::FiredOnWithoutLeader,
                },
                &mut outcome,
            );
        }
        outcome.detail = Detail::Fire(Box::new(FireReport {
            attacker: attacker_id,
            target: target_id,
            firepower,
            defense,
            matching,
            casualties,
        }));
        Ok(outcome)
    }

    fn casualty_pending(&self, pending: u32) -> Result<(UnitId, usize)> {
        let PendingStep::Casualties { unit, count } = *self.pending_step(pending)? else {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "casualties",
            });
        };
        Ok((unit, count as usize))
    }

    fn check_casualty_figures(unit: &Unit, due: usize, figures: &[FigureId]) -> Result<()> {
        let expected = due.min(unit.firing_count());
        if figures.len() != expected {
            return Err(RuleError::WrongCasualtyCount {
                unit: unit.name.clone(),
                expected,
                got: figures.len(),
            });
        }
        for (i, &figure) in figures.iter().enumerate() {
            let Some(f) = unit.figure(figure) else {
                return Err(RuleError::UnknownFigure {
                    unit: unit.name.clone(),
                    figure,
                });
            };
            if !f.in_firing_line() || figures[..i].contains(&figure) {
                return Err(RuleError::NotACasualty {
                    unit: unit.name.clone(),
                    figure,
                });
            }
        }
        Ok(())
    }

    fn remove_casualties(&mut self, pending: u32, figures: &[FigureId]) -> Result<Outcome> {
        let (unit_id, due) = self.casualty_pending(pending)?;
        let unit = self.get_in_play(unit_id)?;
        if unit.side == Side::Regular {
            return Err(RuleError::WrongPending {
                id: pending,
                expected: "Insurgent casualties (Regular casualties roll First Aid)",
            });
        }
        Self::check_casualty_figures(unit, due, figures)?;
        self.remove_pending(pending);
        let unit = self.get_mut(unit_id)?;
        let removed = name_counts(unit.figures.iter().filter(|f| figures.contains(&f.id)));
        unit.figures.retain(|f| !figures.contains(&f.id));
        unit.status.has_casualties = true;
        let name = unit.name.clone();
        let left = unit.figures.len();
        let mut outcome = Outcome::text(format!("{name} loses {removed}"));
        if left > 0 {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: unit_id,
                    reason: MoraleReason::Casualties,
                },
                &mut outcome,
            );
        }
        Ok(outcome)
    }

    fn first_aid(
        &mut self,
        scenario: &Scenario,
        pending: u32,
        figures: &[FigureId],
        faces: &[Face],
    ) -> Result<Outcome> {
        let (unit_id, due) = self.casualty_pending(pending)?;
        let unit = self.get_in_play(unit_id)?;
        Self::expect_side(unit, Side::Regular)?;
        Self::check_casualty_figures(unit, due, figures)?;
        self.remove_pending(pending);
        let results = morale::first_aid(figures, faces);
        let unit = self.get_mut(unit_id)?;
        let mut lines = Vec::new();
        let mut taken_out = 0;
        for result in &results {
            let Some(figure) = unit.figures.iter_mut().find(|f| f.id == result.figure) else {
                continue;
            };
            figure.wound = Some(result.wound);
            if result.wound.takes_figure_out() {
                figure.former_weapon = Some(figure.weapon);
                figure.weapon = Weapon::Dependant;
                taken_out += 1;
            }
            lines.push(format!(
                "{} {} ({})",
                figure.name,
                result.wound.name(),
                result.face
            ));
        }
        if taken_out > 0 {
            unit.status.has_casualties = true;
        }
        let name = unit.name.clone();
        let still_fighting = unit.firing_count() > 0;
        self.add_victory_trigger(
            scenario,
            |t| *t == VictoryTrigger::RegularWounded,
            taken_out,
        );
        let mut outcome = Outcome::with(
            format!("First Aid for {name}: {}", lines.join(", ")),
            Detail::FirstAid { results },
        );
        if taken_out > 0 {
            outcome.note(format!(
                "{taken_out} figure(s) become dependants; {name} must pass a Quality check to move faster than Cautious for the rest of the game"
            ));
        }
        if still_fighting {
            self.push_due(
                PendingStep::MoraleCheck {
                    unit: unit_id,
                    reason: MoraleReason::Casualties,
                },
                &mut outcome,
            );
        }
        Ok(outcome)
    }

    fn morale_check(
        &mut self,
        id: UnitId,
        modifier: i8,
        defensible: bool,
        faces: &[Face],
    ) -> Result<Outcome> {
        let turn = self.turn;
        let unit = self.get_in_play(id)?;
        Self::expect_acting(unit)?;
        let name = unit.name.clone();
        // The check answers the oldest one due for this unit, if any.
        if let Some(due) = self
            .pending
            .iter()
            .find(|p| matches!(p.step, PendingStep::MoraleCheck { unit, .. } if unit == id))
            .map(|p| p.id)
        {
            self.remove_pending(due);
        }
        let unit = self.get_in_play(id)?;
        match unit.side {
            Side::Regular => {
                let result =
                    morale::regular_morale(faces, modifier, unit.status.pinned, defensible);
                let unit = self.get_mut(id)?;
                match result.outcome {
                    RegularMorale::Stand => {}
                    RegularMorale::Pinned | RegularMorale::PinnedHoldingPosition => {
                        unit.status.pinned = true
                    }
                    RegularMorale::PullBack => {
                        unit.status.pinned = true;
                        unit.status.pull_back = PullBack::PullingBack;
                    }
                }
                let mut outcome = Outcome::text(format!(
                    "Morale {name}: {} — {}",
                    tally(result.successes, result.failures),
                    result.outcome.describe()
                ));
                if result.outcome == RegularMorale::PullBack {
                    outcome.note(format!(
                        "{name} moves up to 6\" away from the last enemy that fired on it, into the nearest cover, and regroups next turn"
                    ));
                }
                outcome.detail = Detail::RegularMorale(result);
                Ok(outcome)
            }
            Side::Insurgent => {
                let result = morale::insurgent_morale(unit, faces, modifier);
                let unit = self.get_mut(id)?;
                let shrunk = name_counts(
                    unit.figures
                        .iter()
                        .filter(|f| result.shrink.contains(&f.id)),
                );
                unit.figures.retain(|f| !result.shrink.contains(&f.id));
                let mut text = format!(
                    "Morale {name}: {}",
                    tally(result.successes, result.failures)
                );
                if result.shaken {
                    match result.morale_after {
                        Some(die) => {
                            text.push_str(&format!(" — Shaken, Morale drops to {die}"));
                            unit.morale = die;
                            unit.status.shaken_on_turn = Some(turn);
                        }
                        None => {
                            text.push_str(" — Shaken below d6: the unit breaks and flees");
                            unit.presence = Presence::Eliminated {
                                cause: Elimination::Broken,
                            };
                        }
                    }
                } else {
                    text.push_str(" — Stand");
                }
                if !result.shrink.is_empty() {
                    text.push_str(&format!("; Shrink removes {shrunk}"));
                }
                Ok(Outcome::with(text, Detail::InsurgentMorale(result)))
            }
        }
    }

    fn declare_in_cover(&mut self, id: UnitId) -> Result<Outcome> {
        let unit = self.get_in_play(id)?;
        let still = matches!(unit.status.movement, None | Some(Movement::Halted));
        let eligible =
            unit.status.pinned || (still && unit.status.last_movement == Some(Movement::Halted));
        if !eligible {
            return Err(RuleError::NotEligibleForCover(unit.name.clone()));
        }
        let unit = self.get_mut(id)?;
        unit.status.in_cover = true;
        Ok(Outcome::text(format!(
            "{} hunkers down In Cover",
            unit.name
        )))
    }

    fn neutralize(&mut self, number: u8, id: UnitId) -> Result<Outcome> {
        // Only once the turn is nearly over can a unit have spent it on the spot.
        self.expect_phase("Neutralizing a Hot Spot", &[Phase::InsurgentActions])?;
        let unit = self.get_in_play(id)?;
        Self::expect_side(unit, Side::Regular)?;
        Self::expect_acting(unit)?;
        if !matches!(unit.status.movement, None | Some(Movement::Halted)) {
            return Err(RuleError::NotStationary(unit.name.clone()));
        }
        let name = unit.name.clone();
        self.active_hot_spot(number)?.active = false;
        Ok(Outcome::text(format!(
            "{name} neutralizes Hot Spot {number}"
        )))
    }

    fn join_unit(&mut self, from: UnitId, into: UnitId) -> Result<Outcome> {
        let source = self.get_in_play(from)?;
        let target = self.get_in_play(into)?;
        if from == into {
            return Err(RuleError::InvalidEdit(
                "a unit cannot join itself".to_owned(),
            ));
        }
        Self::expect_side(source, target.side)?;
        if target.non_combatant {
            return Err(RuleError::NonCombatant(target.name.clone()));
        }
        let brings_leader = source.has_leader();
        let dependants_only = source.firing_count() == 0;
        let (source_name, target_name) = (source.name.clone(), target.name.clone());
        let acted = |u: &Unit| u.status.activated || u.status.interrupts_made > 0 || u.status.fired;
        // A leader who has already acted brings no fresh action with him either.
        let target_activated = acted(target) || (brings_leader && acted(source));
        let source = self.get_mut(from)?;
        let figures = std::mem::take(&mut source.figures);
        source.presence = Presence::Eliminated {
            cause: Elimination::Merged,
        };
        let target = self.get_mut(into)?;
        target.figures.extend(figures);
        let mut outcome = Outcome::text(format!("{source_name} joins {target_name}"));
        if dependants_only {
            outcome.note(format!(
                "{target_name} now looks after them as dependants; it may go on moving and firing"
            ));
        } else if brings_leader {
            if target_activated {
                target.status.done_for_turn = true;
                target.status.activated = true;
                outcome.note(format!(
                    "{target_name} had already acted: it and its new leader are done for the turn"
                ));
            } else {
                target.status.fire_only = true;
                outcome.note(format!(
                    "{target_name} may still act this turn, but only fire"
                ));
            }
        }
        Ok(outcome)
    }

    fn detach_leader(&mut self, id: UnitId, figure: FigureId) -> Result<Outcome> {
        let unit = self.get_in_play(id)?;
        let Some(leader) = unit.figure(figure) else {
            return Err(RuleError::UnknownFigure {
                unit: unit.name.clone(),
                figure,
            });
        };
        if !leader.is_leader() {
            return Err(RuleError::NotALeader(figure));
        }
        if unit.figures.len() < 2 {
            return Err(RuleError::InvalidEdit(format!(
                "{} is already a unit of its own",
                leader.name
            )));
        }
        let template = unit.clone();
        let new_id = self.new_unit_id();
        let unit = self.get_mut(id)?;
        let Some(index) = unit.figures.iter().position(|f| f.id == figure) else {
            return Err(RuleError::NotALeader(figure));
        };
        let leader = unit.figures.remove(index);
        let name = format!("{} ({})", leader.name, template.name);
        // The leader takes the unit's statuses with him (a Shaken unit's leader is Shaken too),
        // but not its Overwatch.
        let status = UnitStatus {
            overwatch: false,
            ..template.status.clone()
        };
        self.units.push(Arc::new(Unit {
            id: new_id,
            key: format!("{}-leader-{}", template.key, figure.0),
            name: name.clone(),
            figures: vec![leader],
            status,
            presence: Presence::OnTable,
            ..template.clone()
        }));
        Ok(Outcome::text(format!(
            "{name} leaves {} and acts on its own",
            template.name
        )))
    }

    fn leave_table(&mut self, scenario: &Scenario, id: UnitId) -> Result<Outcome> {
        let unit = self.get_in_play(id)?;
        let name = unit.name.clone();
        let tags: Vec<String> = unit.figures.iter().filter_map(|f| f.tag.clone()).collect();
        self.get_mut(id)?.presence = Presence::LeftTable;
        let mut outcome = Outcome::text(format!("{name} leaves the table"));
        for item in &scenario.victory {
            if let VictoryTrigger::EscortedOff { tag } = &item.trigger {
                let n = tags.iter().filter(|t| *t == tag).count() as i32;
                if n > 0 {
                    self.add_victory(&item.id, n);
                    outcome.note(format!("{}: {n} × {} points", item.label, item.points));
                }
            }
        }
        Ok(outcome)
    }

    fn start_insurgent_phase(&mut self) -> Result<Outcome> {
        self.expect_phase("Starting the Insurgent phase", &[Phase::RegularActivations])?;
        self.expect_nothing_pending()?;
        let idle: Vec<String> = self
            .units_in_play(Side::Regular)
            .filter(|u| !u.non_combatant && !u.status.activated)
            .map(|u| u.name.clone())
            .collect();
        self.phase = Phase::InsurgentActions;
        self.active_unit = None;
        let turn = self.turn;
        let waiting: Vec<UnitId> = self
            .units
            .iter()
            .filter(|u| {
                u.presence == Presence::InReserve
                    && u.ambush.as_ref().is_some_and(|a| turn >= a.from_turn)
            })
            .map(|u| u.id)
            .collect();
        for unit in waiting {
            self.push_pending(PendingStep::AmbushRoll { unit });
        }
        let mut outcome = Outcome::text(format!(
            "Turn {}: Insurgent units that did not interrupt now act",
            self.turn
        ));
        if !idle.is_empty() {
            outcome.note(format!("Did not activate: {}", idle.join(", ")));
        }
        Ok(outcome)
    }

    fn end_turn(&mut self, scenario: &Scenario) -> Result<Outcome> {
        self.expect_phase("Ending the turn", &[Phase::InsurgentActions])?;
        self.expect_nothing_pending()?;
        let ending = self.turn;
        let mut outcome = Outcome::text(format!("End of turn {ending}"));
        let mut unpinned = Vec::new();
        let mut regrouping = Vec::new();
        let mut regrouped = Vec::new();
        let mut recovered = Vec::new();
        for shared in &mut self.units {
            // Units out of play keep their last statuses; they are never shown as acting.
            if !shared.in_play() && shared.presence != Presence::InReserve {
                continue;
            }
            let unit = Arc::make_mut(shared);
            let s = &mut unit.status;
            if s.pinned {
                unpinned.push(unit.name.clone());
            }
            s.pinned = false;
            s.pull_back = match s.pull_back {
                PullBack::PullingBack => {
                    regrouping.push(unit.name.clone());
                    PullBack::Regrouping
                }
                PullBack::Regrouping => {
                    regrouped.push(unit.name.clone());
                    PullBack::None
                }
                PullBack::None => PullBack::None,
            };
            if s.shaken_on_turn.is_some_and(|t| t < ending) {
                s.shaken_on_turn = None;
                recovered.push(unit.name.clone());
            }
            // In Cover claimed while Pinned lasts only while the unit stays where it is.
            if s.in_cover && !matches!(s.movement, None | Some(Movement::Halted)) {
                s.in_cover = false;
            }
            s.last_movement = Some(s.movement.unwrap_or(Movement::Halted));
            s.movement = None;
            s.activated = false;
            s.done_for_turn = false;
            s.fire_only = false;
            s.times_interrupted = 0;
            s.interrupts_made = 0;
            s.passed_leader_check = false;
            s.overwatch_shots = 0;
            s.fired = false;
        }
        for (list, words) in [
            (unpinned, "No longer Pinned"),
            (
                regrouping,
                "Regrouping next turn (may fire or go on Overwatch, not move)",
            ),
            (regrouped, "Regrouped"),
            (recovered, "No longer Shaken"),
        ] {
            if !list.is_empty() {
                outcome.note(format!("{words}: {}", list.join(", ")));
            }
        }
        let last = self.turn_limit.is_some_and(|limit| ending >= limit);
        let lost = self.lose_reserves(|a| last || a.last_turn.is_some_and(|t| t <= ending));
        if !lost.is_empty() {
            outcome.note(format!(
                "Never arrived from ambush, lost: {}",
                lost.join(", ")
            ));
        }
        let (regular, insurgent) = self.victory_points(scenario);
        outcome.note(format!(
            "Victory points: Regulars {regular}, Insurgents {insurgent}"
        ));
        self.active_unit = None;
        if last {
            self.phase = Phase::GameOver;
            outcome.summary = format!(
                "End of turn {ending}, the last: {}",
                self.final_score(scenario)
            );
        } else {
            self.turn += 1;
            self.phase = Phase::Reinforcements;
            self.push_pending(PendingStep::InsurgencyRoll);
            outcome.summary = format!("End of turn {ending}; turn {} begins", self.turn);
        }
        Ok(outcome)
    }

    // --- Manual edits ---

    fn edit(&mut self, command: &Command) -> Result<Outcome> {
        match command {
            Command::SetStatus { unit, status } => {
                let unit = self.get_mut(*unit)?;
                unit.status = status.clone();
                Ok(Outcome::text(format!(
                    "Edit: {} statuses set by the referee",
                    unit.name
                )))
            }
            Command::EditUnit { unit, changes } => {
                let unit = self.get_mut(*unit)?;
                let mut what = Vec::new();
                if let Some(name) = &changes.name {
                    if name.trim().is_empty() {
                        return Err(RuleError::InvalidEdit("a unit needs a name".to_owned()));
                    }
                    what.push(format!("renamed from {}", unit.name));
                    unit.name = name.clone();
                }
                if let Some(tq) = changes.tq {
                    unit.tq = tq;
                    what.push(format!("Troop Quality {tq}"));
                }
                if let Some(morale) = changes.morale {
                    unit.morale = morale;
                    what.push(format!("Morale {morale}"));
                }
                if let Some(range) = changes.optimum_range {
                    unit.optimum_range = range;
                    what.push(format!("Optimum Range {range}\""));
                }
                if let Some(armor) = changes.armor {
                    unit.armor = armor;
                    what.push(format!("armor {armor}"));
                }
                if let Some(location) = &changes.location {
                    unit.location = location.clone();
                    what.push(format!("at {location}"));
                }
                Ok(Outcome::text(format!(
                    "Edit: {}: {}",
                    unit.name,
                    what.join(", ")
                )))
            }
            Command::AddFigure { unit, figure } => {
                let new = self.new_figure(figure.name.clone(), figure.weapon, figure.tq);
                let unit = self.get_mut(*unit)?;
                unit.figures.push(new);
                Ok(Outcome::text(format!(
                    "Edit: {} gains a figure: {} ({})",
                    unit.name, figure.name, figure.weapon
                )))
            }
            Command::RemoveFigure { unit, figure } => {
                let unit = self.get_mut(*unit)?;
                let Some(index) = unit.figures.iter().position(|f| f.id == *figure) else {
                    return Err(RuleError::UnknownFigure {
                        unit: unit.name.clone(),
                        figure: *figure,
                    });
                };
                let removed = unit.figures.remove(index);
                Ok(Outcome::text(format!(
                    "Edit: {} loses {}",
                    unit.name, removed.name
                )))
            }
            Command::SetWeapon {
                unit,
                figure,
                weapon,
            } => {
                let unit = self.get_mut(*unit)?;
                let name = unit.name.clone();
                let Some(f) = unit.figures.iter_mut().find(|f| f.id == *figure) else {
                    return Err(RuleError::UnknownFigure {
                        unit: name,
                        figure: *figure,
                    });
                };
                f.weapon = *weapon;
                if *weapon != Weapon::Dependant {
                    f.former_weapon = None;
                }
                Ok(Outcome::text(format!(
                    "Edit: {name}: {} now {}",
                    f.name, weapon
                )))
            }
            Command::MoveFigure { figure, to } => {
                let target = self.get(*to)?;
                let target_name = target.name.clone();
                let target_side = target.side;
                let Some(from) = self.unit_of_figure(*figure) else {
                    return Err(RuleError::InvalidEdit(format!("no figure {figure}")));
                };
                if from.id == *to {
                    return Err(RuleError::InvalidEdit(
                        "the figure is already in that unit".to_owned(),
                    ));
                }
                if from.side != target_side {
                    return Err(RuleError::InvalidEdit(
                        "a figure cannot change sides".to_owned(),
                    ));
                }
                let from_id = from.id;
                let from_name = from.name.clone();
                let unit = self.get_mut(from_id)?;
                let Some(index) = unit.figures.iter().position(|f| f.id == *figure) else {
                    return Err(RuleError::InvalidEdit(format!("no figure {figure}")));
                };
                let moved = unit.figures.remove(index);
                let words = format!(
                    "Edit: {} moves from {from_name} to {target_name}",
                    moved.name
                );
                self.get_mut(*to)?.figures.push(moved);
                Ok(Outcome::text(words))
            }
            Command::AddUnit { unit } => {
                if unit.name.trim().is_empty() {
                    return Err(RuleError::InvalidEdit("a unit needs a name".to_owned()));
                }
                if unit.figures.is_empty() {
                    return Err(RuleError::InvalidEdit(
                        "a unit needs at least one figure".to_owned(),
                    ));
                }
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
                    tq: unit.tq,
                    morale: unit.morale,
                    optimum_range: unit.optimum_range,
                    armor: unit.armor,
                    location: unit.location.clone(),
                    non_combatant: false,
                    presence: Presence::OnTable,
                    ambush: None,
                    status: UnitStatus::default(),
                }));
                Ok(Outcome::text(format!(
                    "Edit: {} unit {} added",
                    unit.side, unit.name
                )))
            }
            Command::SetPresence { unit, presence } => {
                let unit = self.get_mut(*unit)?;
                if presence.is_on_table() && unit.figures.is_empty() {
                    return Err(RuleError::InvalidEdit(format!(
                        "{} has no figures to put on the table",
                        unit.name
                    )));
                }
                unit.presence = presence.clone();
                let words = match presence {
                    Presence::OnTable => "back on the table".to_owned(),
                    Presence::AwaitingHotSpot => "waiting for a Hot Spot".to_owned(),
                    Presence::InReserve => "held in reserve".to_owned(),
                    Presence::LeftTable => "off the table".to_owned(),
                    Presence::Eliminated { cause } => {
                        format!("out of the game ({})", cause.describe())
                    }
                };
                Ok(Outcome::text(format!("Edit: {} {words}", unit.name)))
            }
            Command::SetHotSpot { hot_spot, active } => {
                let Some(spot) = self.hot_spots.iter_mut().find(|h| h.number == *hot_spot) else {
                    return Err(RuleError::UnknownHotSpot(*hot_spot));
                };
                spot.active = *active;
                let words = if *active {
                    "active again"
                } else {
                    "neutralized"
                };
                Ok(Outcome::text(format!("Edit: Hot Spot {hot_spot} {words}")))
            }
            Command::SetInsurgencyLevel { level } => {
                if let reinforcements::InsurgencyLevel::Level(n) = level
                    && !(1..=6).contains(n)
                {
                    return Err(RuleError::InvalidEdit(format!(
                        "Insurgency Level {n}: expected 1 to 6 or Automatic"
                    )));
                }
                self.insurgency = *level;
                Ok(Outcome::text(format!("Edit: Insurgency Level {level}")))
            }
            Command::SetTurn { turn, phase } => {
                if *turn == 0 {
                    return Err(RuleError::InvalidEdit(
                        "turns are numbered from 1".to_owned(),
                    ));
                }
                self.turn = *turn;
                self.phase = *phase;
                Ok(Outcome::text(format!("Edit: turn {turn}, {phase}")))
            }
            other => Err(RuleError::InvalidEdit(format!("{other:?} is not an edit"))),
        }
    }
}
