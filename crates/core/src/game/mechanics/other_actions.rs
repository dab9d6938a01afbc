//! What units do besides moving and fighting: hunker down, neutralize a Hot Spot, join,
//! detach a leader, leave the table.

use std::sync::Arc;

use crate::dice::DiceRequest;
use crate::limits::{FIGURES_PER_UNIT, GAME_UNITS};
use crate::scenario::{Scenario, VictoryTrigger};
use crate::tabletop::Edge;
use crate::unit::{Elimination, FigureId, Movement, Presence, Side, Unit, UnitId, UnitStatus};

use crate::game::error::RuleError;
use crate::game::guards::{Result, expect_fighting, expect_not_done, expect_side};
use crate::game::outcome::Outcome;
use crate::game::state::{GameState, Phase};

/// True when the unit has acted this turn: activated, interrupted or fired.
fn has_acted(unit: &Unit) -> bool {
    unit.status.activated || unit.status.interrupts_made > 0 || unit.status.fired
}

impl GameState {
    pub(in crate::game) fn check_in_cover(&self, id: UnitId) -> Result<DiceRequest> {
        let unit = self.get_fighting(id)?;
        if unit.status.in_cover {
            return Err(RuleError::AlreadyInCover(unit.name.clone()));
        }
        let still_since_last_turn =
            unit.stationary() && unit.status.last_movement == Some(Movement::Halted);
        if !unit.status.pinned && !still_since_last_turn {
            return Err(RuleError::NotEligibleForCover(unit.name.clone()));
        }
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn declare_in_cover(&mut self, id: UnitId) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.status.in_cover = true;
        Outcome::text(format!("{} hunkers down In Cover", unit.name))
    }

    pub(in crate::game) fn check_neutralize(&self, number: u8, id: UnitId) -> Result<DiceRequest> {
        // Only once the turn is nearly over can a unit have spent it on the spot.
        self.expect_phase("Neutralizing a Hot Spot", &[Phase::InsurgentActions])?;
        let unit = self.get_fighting(id)?;
        expect_side(unit, Side::Regular)?;
        if !unit.stationary() {
            return Err(RuleError::NotStationary(unit.name.clone()));
        }
        if unit.status.neutralized {
            return Err(RuleError::AlreadyNeutralized(unit.name.clone()));
        }
        self.expect_active_hot_spot(number)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn neutralize(&mut self, number: u8, id: UnitId) -> Outcome {
        let mut name = String::new();
        if let Some(unit) = self.unit_mut(id) {
            unit.status.neutralized = true;
            name = unit.name.clone();
        }
        if let Some(spot) = self.hot_spots.iter_mut().find(|h| h.number == number) {
            spot.active = false;
        }
        Outcome::text(format!("{name} neutralizes Hot Spot {number}"))
    }

    pub(in crate::game) fn check_join(&self, from: UnitId, into: UnitId) -> Result<DiceRequest> {
        let source = self.get_in_play(from)?;
        let target = self.get_in_play(into)?;
        let refuse = |why| RuleError::CannotJoin {
            from: source.name.clone(),
            into: target.name.clone(),
            why,
        };
        if from == into {
            return Err(refuse("a unit cannot join itself"));
        }
        // Captives (version 4) are freed by the side that holds them not: they join its unit.
        let freed = source.non_combatant && source.freed_by == Some(target.side);
        if !freed {
            expect_side(source, target.side)?;
        }
        expect_fighting(target)?;
        if target.leaders_only() {
            return Err(refuse(
                "a leader joins a unit of fighters, not another leader",
            ));
        }
        FIGURES_PER_UNIT.check((source.figures.len() + target.figures.len()) as i64)?;
        // Not while the steps of a fire are due (rules 6 on): who is a casualty is chosen
        // among the figures hit, and nobody moves before the casualties are taken.
        self.expect_settled(target)?;
        if source.firing_count() == 0 {
            // Dependants waiting to be picked up join the unit that reaches them.
            if self.phase != Phase::RegularActivations
                || self.active_unit != Some(into)
                || !target.moving()
            {
                return Err(refuse(
                    "dependants join the Regular unit that moves into contact with them, in its activation",
                ));
            }
            return Ok(DiceRequest::none());
        }
        if !source.leaders_only() {
            return Err(refuse(
                "only a leader on his own, or dependants, join another unit",
            ));
        }
        expect_not_done(source)?;
        self.expect_settled(source)?;
        match source.side {
            Side::Regular => {
                if self.phase != Phase::RegularActivations || self.active_unit != Some(from) {
                    return Err(RuleError::MustBeMoving {
                        unit: source.name.clone(),
                        action: "join a unit",
                        how: "a leader joins by moving: activate him Cautious or Rapid",
                    });
                }
                if !source.moving() {
                    return Err(RuleError::MustBeMoving {
                        unit: source.name.clone(),
                        action: "join a unit",
                        how: "he activated Halted",
                    });
                }
            }
            Side::Insurgent => {
                self.expect_phase("A leader joining a unit", &[Phase::InsurgentActions])?;
                if source.status.interrupts_made > 0 {
                    return Err(RuleError::InterruptUsed(source.name.clone()));
                }
                if source.status.movement == Some(Movement::Halted) {
                    return Err(RuleError::MustBeMoving {
                        unit: source.name.clone(),
                        action: "join a unit",
                        how: "he declared he stays where he is",
                    });
                }
            }
        }
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn join_unit(&mut self, from: UnitId, into: UnitId) -> Outcome {
        let (Some(source), Some(target)) = (self.unit(from), self.unit(into)) else {
            return Outcome::default();
        };
        let brings_leader = source.firing_count() > 0;
        let freed = source.side != target.side;
        let side = target.side;
        let freed_count = source.figures.len();
        let (source_name, target_name) = (source.name.clone(), target.name.clone());
        // A leader who has already fought brings no fresh action with him; one who only moved
        // to join leaves the unit free to fire later.
        let leader_fought = source.status.fired || source.status.interrupts_made > 0;
        let done = has_acted(target) || leader_fought;
        let Some(source) = self.unit_mut(from) else {
            return Outcome::default();
        };
        let figures = std::mem::take(&mut source.figures);
        source.presence = Presence::Eliminated {
            cause: Elimination::Merged,
        };
        let Some(target) = self.unit_mut(into) else {
            return Outcome::default();
        };
        target.figures.extend(figures);
        let mut outcome = if freed {
            Outcome::text(if freed_count == 1 {
                format!(
                    "{target_name} frees {source_name}, who joins it: a {side} figure from now on"
                )
            } else {
                format!(
                    "{target_name} frees {source_name}, who join it: {side} figures from now on"
                )
            })
        } else {
            Outcome::text(format!("{source_name} joins {target_name}"))
        };
        if !brings_leader {
            outcome.note(format!(
                "{target_name} now looks after them as dependants; it may go on moving and firing"
            ));
        } else if done {
            target.status.done_for_turn = true;
            target.status.activated = true;
            outcome.note(format!(
                "{target_name} had already acted, or its new leader had fought: both are done for the turn"
            ));
        } else {
            target.status.fire_only = true;
            outcome.note(format!(
                "{target_name} may still act this turn, but only fire: the leader's joining is its move"
            ));
        }
        outcome
    }

    pub(in crate::game) fn check_detach(
        &self,
        id: UnitId,
        figure: FigureId,
    ) -> Result<DiceRequest> {
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
        // Who is a casualty is chosen among the figures hit: not while they are due.
        if let Some(due) = self.fire_steps_due_for(unit) {
            return Err(RuleError::OwnStepsDue {
                unit: unit.name.clone(),
                due,
            });
        }
        GAME_UNITS.check(self.units.len() as i64 + 1)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn detach_leader(&mut self, id: UnitId, figure: FigureId) -> Outcome {
        let Some(template) = self.unit(id).cloned() else {
            return Outcome::default();
        };
        let new_id = self.new_unit_id();
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        let Some(index) = unit.figures.iter().position(|f| f.id == figure) else {
            return Outcome::default();
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
        Outcome::text(format!(
            "{name} leaves {} and acts on its own",
            template.name
        ))
    }

    pub(in crate::game) fn check_leave(&self, id: UnitId) -> Result<DiceRequest> {
        let unit = self.get_fighting(id)?;
        let moving_now = match unit.side {
            Side::Regular => {
                self.phase == Phase::RegularActivations
                    && self.active_unit == Some(id)
                    && unit.moving()
            }
            Side::Insurgent => {
                self.phase == Phase::InsurgentActions
                    && unit.status.interrupts_made == 0
                    && unit.moving()
            }
        };
        if !moving_now {
            return Err(RuleError::MustBeMoving {
                unit: unit.name.clone(),
                action: "leave the table",
                how: "a unit leaves by moving off an edge in its own activation (Regulars) or action (Insurgents), at Cautious or Rapid",
            });
        }
        self.expect_settled(unit)?;
        Ok(DiceRequest::none())
    }

    pub(in crate::game) fn leave_table(
        &mut self,
        scenario: &Scenario,
        id: UnitId,
        edge: Option<Edge>,
    ) -> Outcome {
        let Some(unit) = self.unit_mut(id) else {
            return Outcome::default();
        };
        unit.presence = Presence::LeftTable;
        unit.left_by = edge;
        let name = unit.name.clone();
        let side = unit.side;
        let tags: Vec<String> = unit.figures.iter().filter_map(|f| f.tag.clone()).collect();
        let mut outcome = Outcome::text(match edge {
            Some(edge) => format!("{name} leaves the table by the {edge} edge"),
            None => format!("{name} leaves the table"),
        });
        for item in &scenario.victory {
            let VictoryTrigger::EscortedOff { tag, edges, .. } = &item.trigger else {
                continue;
            };
            let n = tags.iter().filter(|t| *t == tag).count() as i32;
            if n == 0 || item.side != side {
                continue;
            }
            if !item.counts_on(self.turn) {
                outcome.note(format!(
                    "{}: no points, it counted only up to turn {}",
                    item.label,
                    item.until_turn.unwrap_or_default()
                ));
            } else if item.trigger.escort_scores(edge) {
                self.add_victory(&item.id, n);
                outcome.note(format!("{}: {n} × {} points", item.label, item.points));
            } else {
                let allowed: Vec<&str> = edges.iter().map(|e| e.name()).collect();
                outcome.note(format!(
                    "{}: no points, they score only off the {} edge",
                    item.label,
                    allowed.join(" or ")
                ));
            }
        }
        outcome
    }
}
