//! The turn: its phases, its end, the end of the game, and steps skipped.

use std::sync::Arc;

use crate::dice::{DiceRequest, Face};
use crate::limits::TURN;
use crate::scenario::{Scenario, VictoryTrigger};
use crate::unit::{Elimination, Movement, Presence, PullBack, Side, UnitId};

use crate::game::error::RuleError;
use crate::game::guards::Result;
use crate::game::outcome::Outcome;
use crate::game::pending::{EndReason, PendingStep};
use crate::game::state::{GameState, Phase};

impl GameState {
    pub(in crate::game) fn check_start_activations(&self) -> Result<DiceRequest> {
        self.expect_phase("Starting activations", &[Phase::Reinforcements])?;
        self.expect_nothing_pending()?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn start_activations(&mut self) -> Outcome {
        self.phase = Phase::RegularActivations;
        self.active_unit = None;
        let mut outcome = Outcome::text(format!("Turn {}: Regular activations begin", self.turn));
        if let Some((words, units)) = self.scheduled_arrivals(Side::Regular) {
            outcome.note_about(words, &units);
        }
        outcome
    }

    pub(in crate::game) fn check_start_insurgent_phase(&self) -> Result<DiceRequest> {
        self.expect_phase("Starting the Insurgent phase", &[Phase::RegularActivations])?;
        self.expect_nothing_pending()?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn start_insurgent_phase(&mut self) -> Outcome {
        let idle: Vec<String> = self
            .units_in_play(Side::Regular)
            .filter(|u| !u.cannot_fight() && !u.status.activated)
            .map(|u| u.name.clone())
            .collect();
        self.phase = Phase::InsurgentActions;
        self.active_unit = None;
        self.interruptions.clear();
        let turn = self.turn;
        let waiting: Vec<_> = self
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
        if let Some((words, units)) = self.scheduled_arrivals(Side::Insurgent) {
            outcome.note_about(words, &units);
        }
        if !idle.is_empty() {
            outcome.note(format!(
                "Did not activate (they stood Halted this turn): {}",
                idle.join(", ")
            ));
        }
        outcome
    }

    pub(in crate::game) fn check_end_turn(&self, scenario: &Scenario) -> Result<DiceRequest> {
        self.expect_phase("Ending the turn", &[Phase::InsurgentActions])?;
        self.expect_nothing_pending()?;
        TURN.check(i64::from(self.turn) + 1)?;
        // A variable turn limit is rolled as the last turn the game is sure to have ends.
        let mut request = DiceRequest::none();
        self.ask_turn_limit(scenario, &mut request);
        // The end rolled each turn (version 4) is rolled with it.
        self.ask_end_roll(scenario, &mut request);
        Ok(request)
    }

    pub(in crate::game) fn end_turn(
        &mut self,
        scenario: &Scenario,
        limit_faces: &[Face],
        end_faces: &[Face],
    ) -> Outcome {
        let ending = self.turn;
        let mut outcome = Outcome::text(format!("End of turn {ending}"));
        self.roll_turn_limit(scenario, limit_faces, &mut outcome);
        let rolled_end = self.roll_end(scenario, end_faces, &mut outcome);
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
            let moved = !matches!(s.movement, None | Some(Movement::Halted)) || s.pulled_back;
            // In Cover claimed while Pinned lasts only while the unit stays where it is.
            if s.in_cover && moved {
                s.in_cover = false;
            }
            // A unit that pulled back moved, whatever speed it had declared.
            s.last_movement = Some(match s.movement {
                Some(m) if m != Movement::Halted => m,
                _ if s.pulled_back => Movement::Cautious,
                _ => Movement::Halted,
            });
            s.movement = None;
            s.activated = false;
            s.done_for_turn = false;
            s.fire_only = false;
            s.times_interrupted = 0;
            s.interrupts_made = 0;
            s.passed_action_check = false;
            s.passed_interrupt_check = false;
            s.overwatch_shots = 0;
            s.fired = false;
            s.pulled_back = false;
            s.neutralized = false;
        }
        self.answered.clear();
        self.insurgent_shots.clear();
        self.interruptions.clear();
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
        let lost = self.lose_reserves(|a| a.last_turn.is_some_and(|t| t <= ending));
        if !lost.is_empty() {
            let names: Vec<&str> = lost.iter().map(|(n, _)| n.as_str()).collect();
            let units: Vec<UnitId> = lost.iter().map(|(_, u)| *u).collect();
            outcome.note_about(
                format!("Never arrived from ambush, lost: {}", names.join(", ")),
                &units,
            );
        }
        outcome.note(self.standing(scenario));
        self.active_unit = None;
        self.turn += 1;
        self.phase = Phase::Reinforcements;
        let reason = EndReason::LastTurn { turn: ending };
        // Once the referee plays on past the last turn, the game has no turn limit left.
        let played_on = self
            .declined_ends
            .iter()
            .any(|r| matches!(r, EndReason::LastTurn { .. }));
        if last && !played_on {
            outcome.summary = format!("End of turn {ending}, the scenario's last");
            outcome.note(format!(
                "The game ends: {} — end it, or play on",
                reason.describe()
            ));
            self.end_proposed = Some(reason);
        } else if rolled_end {
            let reason = EndReason::EndRolled { turn: ending };
            outcome.summary = format!("End of turn {ending}: the end roll ends the game");
            outcome.note(format!(
                "The game ends: {} — end it, or play on",
                reason.describe()
            ));
            self.end_proposed = Some(reason);
        } else {
            outcome.summary = format!("End of turn {ending}; turn {} begins", self.turn);
            self.begin_turn(scenario, &mut outcome);
        }
        outcome
    }

    pub(in crate::game) fn end_game(&mut self, scenario: &Scenario) -> Outcome {
        let after = match self.end_proposed.take() {
            Some(EndReason::LastTurn { turn } | EndReason::EndRolled { turn }) => turn,
            _ => self.turn,
        };
        // The game ended in the turn it names: the turn that would have come next never began.
        self.turn = after;
        self.phase = Phase::GameOver;
        self.lose_reserves(|_| true);
        self.active_unit = None;
        self.interruptions.clear();
        // Captives still held are counted now (version 4), before the score is told.
        let held = self.count_held_at_end(scenario);
        let mut outcome = Outcome::text(format!(
            "Game over after turn {after}: {}",
            self.final_score(scenario)
        ));
        for note in held {
            outcome.note(note);
        }
        outcome
    }

    pub(in crate::game) fn skip_pending(&mut self, pending: u32) -> Outcome {
        let Some(step) = self.pending(pending).map(|p| p.step.clone()) else {
            return Outcome::default();
        };
        let words = self.describe_pending(&step);
        self.remove_pending(pending);
        let mut outcome = Outcome::text(format!("Skipped: {words}"));
        // A unit whose Hot Spot was never chosen never arrives.
        if let PendingStep::HotSpotChoice { unit } = step
            && let Some(unit) = self.unit_mut(unit)
        {
            unit.presence = Presence::Eliminated {
                cause: Elimination::LostAtNeutralizedHotSpot,
            };
            outcome.note(format!("{} never arrives", unit.name));
        }
        outcome
    }

    /// After every event: units with no figures are out, steps about units no longer in play are
    /// dropped, and the end of the game is proposed when the scenario's objectives are met.
    pub(in crate::game) fn tidy(&mut self, scenario: &Scenario, outcome: &mut Outcome) {
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
            let Some(unit) = (match &p.step {
                PendingStep::Casualties { unit, .. } | PendingStep::MoraleCheck { unit, .. } => {
                    Some(*unit)
                }
                _ => None,
            }) else {
                return true;
            };
            let keep = self
                .units
                .binary_search_by_key(&unit, |u| u.id)
                .is_ok_and(|i| self.units[i].in_play());
            if !keep {
                dropped.push(p.step.clone());
            }
            keep
        });
        for step in dropped {
            outcome.note(format!("No longer due: {}", self.describe_pending(&step)));
        }
        if self.phase != Phase::GameOver
            && self.end_proposed.is_none()
            && let Some(reason) = self.objective_end(scenario)
            && !self.declined_ends.iter().any(|r| r.same_end(&reason))
        {
            outcome.note(format!(
                "The game ends: {} — end it, or play on",
                reason.describe()
            ));
            self.end_proposed = Some(reason);
        }
    }

    pub(in crate::game) fn check_play_on(&self) -> Result<DiceRequest> {
        if self.end_proposed.is_none() {
            return Err(RuleError::NoEndProposed);
        }
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn play_on(&mut self, scenario: &Scenario) -> Outcome {
        let Some(reason) = self.end_proposed.take() else {
            return Outcome::default();
        };
        let mut outcome = Outcome::text(format!("Play goes on: {}", reason.describe()));
        if matches!(
            reason,
            EndReason::LastTurn { .. } | EndReason::EndRolled { .. }
        ) {
            // The turn the end was proposed before begins now, with its events.
            self.begin_turn(scenario, &mut outcome);
        }
        self.declined_ends.push(reason);
        outcome
    }

    /// A turn begins: the scenario's events of the turn (those on a roll becoming steps due),
    /// then the Insurgency roll is due.
    fn begin_turn(&mut self, scenario: &Scenario, outcome: &mut Outcome) {
        self.begin_turn_events(scenario, outcome);
        self.push_pending(PendingStep::InsurgencyRoll);
    }

    /// An end the scenario's objectives call for now: every figure an escort item counts off
    /// the table (unless the item says it does not end the game), or no Regular unit left to
    /// fight.
    fn objective_end(&self, scenario: &Scenario) -> Option<EndReason> {
        for item in &scenario.victory {
            let VictoryTrigger::EscortedOff {
                tag,
                ends_game: true,
                ..
            } = &item.trigger
            else {
                continue;
            };
            // The units of the figures with its tag, one entry a figure.
            let tagged: Vec<&crate::unit::Unit> = self
                .units
                .iter()
                .flat_map(|u| u.figures.iter().map(move |f| (u, f)))
                .filter(|(_, f)| f.tag.as_ref() == Some(tag))
                .map(|(u, _)| &**u)
                .collect();
            if !tagged.is_empty() && tagged.iter().all(|u| u.presence == Presence::LeftTable) {
                let scored = tagged
                    .iter()
                    .filter(|u| u.side == item.side && item.trigger.escort_scores(u.left_by))
                    .count();
                return Some(EndReason::EveryoneEscorted {
                    label: item.label.clone(),
                    tag: tag.clone(),
                    left: tagged.len() as u32,
                    scored: scored as u32,
                });
            }
        }
        let regulars_left = self.units.iter().any(|u| {
            u.side == Side::Regular
                && !u.cannot_fight()
                && matches!(u.presence, Presence::OnTable | Presence::InReserve)
        });
        (!regulars_left).then_some(EndReason::NoRegularsLeft)
    }

    /// Refused for a turn number out of range.
    pub(in crate::game) fn check_set_turn(&self, turn: u32) -> Result<DiceRequest> {
        TURN.check(turn).map_err(RuleError::from)?;
        Ok(DiceRequest::none())
    }
}
