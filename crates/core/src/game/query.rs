//! What may happen now, asked of the gate: the commands each unit may give, the steps due, and
//! how far a unit may still move. The screens and the solo opponent read these; none of them
//! restates a rule.

use crate::rules::checks::ReactionModifiers;
use crate::rules::fire::FireModifiers;
use crate::scenario::{Scale, Scenario};
use crate::tabletop::Edge;
use crate::unit::{Movement, Side, UnitId};

use super::command::{Command, FireContext, QualityPurpose, ReactionKind};
use super::state::GameState;

/// How far a unit may still move this turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allowance {
    /// Its speed this turn.
    pub speed: Movement,
    /// The farthest it may move this turn, in inches at the game's scale.
    pub inches: f32,
    /// Inches lost to interruptions.
    pub lost: f32,
    /// Interruptions this turn.
    pub interruptions: u8,
}

impl Allowance {
    /// "Cautious: up to 5" this turn (6" less 1" for 1 interruption)".
    pub fn words(&self) -> String {
        let inches = Scale::words(self.inches);
        if self.interruptions == 0 {
            format!("{}: up to {inches} this turn", self.speed.name())
        } else {
            format!(
                "{}: up to {inches} this turn ({} less {} for {})",
                self.speed.name(),
                Scale::words(self.inches + self.lost),
                Scale::words(self.lost),
                crate::text::plural(
                    usize::from(self.interruptions),
                    "interruption",
                    "interruptions"
                )
            )
        }
    }
}

/// The part a unit may be picked for on the desk's forms (Fire, Tests): the gate's own checks
/// of who may fire, be fired on, react or be tested, before any question of the moment (the
/// phase, what is already done) that the form then reports in the gate's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Fires: a unit with a firing line on the table.
    Firer,
    /// Fired on by this unit (or by either side while none is chosen).
    TargetOf(Option<UnitId>),
    /// The Insurgent unit of a Reaction test.
    ReactingInsurgent,
    /// The Regular unit of a Reaction test of this kind (on Overwatch to answer one).
    ReactingRegular(ReactionKind),
    /// Takes a Quality or Morale check.
    Tested,
}

impl GameState {
    /// True when the unit may be picked for this part (see [`Part`]).
    pub fn may_take_part(&self, id: UnitId, part: Part) -> bool {
        let fighting = self.get_fighting(id);
        match part {
            Part::Firer | Part::Tested => fighting.is_ok(),
            Part::TargetOf(attacker) => self.get_in_play(id).is_ok_and(|target| {
                !target.non_combatant
                    && attacker
                        .and_then(|a| self.unit(a))
                        .is_none_or(|a| a.side != target.side)
            }),
            Part::ReactingInsurgent => fighting.is_ok_and(|u| u.side == Side::Insurgent),
            Part::ReactingRegular(kind) => fighting.is_ok_and(|u| {
                u.side == Side::Regular && (kind != ReactionKind::Overwatch || u.status.overwatch)
            }),
        }
    }

    /// True when the gate lets this command through now.
    pub fn allows(&self, scenario: &Scenario, command: &Command) -> bool {
        self.check(scenario, command).is_ok()
    }

    /// The gate's answer to this command once its unit has passed the Quality check it still
    /// needs (an Insurgent unit without a leader) and, in the Insurgent phase, declared its
    /// action (Halted, when it has declared none yet): what a check and a declaration would
    /// open.
    pub fn check_once_checked(
        &self,
        scenario: &Scenario,
        unit: UnitId,
        command: &Command,
    ) -> Result<crate::dice::DiceRequest, super::RuleError> {
        let mut state = self.as_if_settled();
        let declare = state.phase == super::state::Phase::InsurgentActions
            && state.allows(
                scenario,
                &Command::InsurgentAction {
                    unit,
                    movement: Movement::Halted,
                },
            );
        if let Some(u) = state.unit_mut(unit) {
            u.status.passed_action_check = true;
            u.status.passed_interrupt_check = true;
            if declare {
                u.status.movement = Some(Movement::Halted);
            }
        }
        state.check(scenario, command)
    }

    /// The state as it will stand for the gate once the steps of a fire now due (casualties,
    /// First Aid, Morale checks) are settled, as far as the gate's answer goes: they are taken
    /// off the list (their effects are not guessed). What a plan may give once they are.
    pub fn as_if_settled(&self) -> Self {
        let mut state = self.clone();
        state.pending.retain(|p| {
            !matches!(
                p.step,
                super::pending::PendingStep::Casualties { .. }
                    | super::pending::PendingStep::MoraleCheck { .. }
            )
        });
        state
    }

    /// True when the gate would let this command through once its unit has passed its check.
    pub fn allows_once_checked(
        &self,
        scenario: &Scenario,
        unit: UnitId,
        command: &Command,
    ) -> bool {
        self.check_once_checked(scenario, unit, command).is_ok()
    }

    /// How far a unit moving this turn may go: its speed's distance at the game's scale, less
    /// 1" (scaled) for each time a Regular unit has been interrupted.
    pub fn movement_allowance(&self, id: UnitId) -> Option<Allowance> {
        let unit = self.unit(id)?;
        let speed = unit.status.movement.filter(|m| *m != Movement::Halted)?;
        let scale = self.settings.scale;
        let full = scale.inches(speed.max_inches());
        let interruptions = if unit.side == Side::Regular {
            unit.status.times_interrupted
        } else {
            0
        };
        let lost = scale.inches(u32::from(interruptions)).min(full);
        Some(Allowance {
            speed,
            inches: full - lost,
            lost,
            interruptions,
        })
    }

    /// Every command the gate accepts now in which this unit is the one acting: activating,
    /// firing, testing, moving, joining, leaving. Fire commands carry the modifiers the units'
    /// state proposes.
    pub fn choices_for(&self, scenario: &Scenario, id: UnitId) -> Vec<Command> {
        let Some(unit) = self.unit(id) else {
            return Vec::new();
        };
        let mut candidates = Vec::new();
        match unit.side {
            Side::Regular => {
                for movement in [Movement::Halted, Movement::Cautious, Movement::Rapid] {
                    candidates.push(Command::Activate {
                        unit: id,
                        movement,
                        overwatch: false,
                    });
                }
                candidates.push(Command::Activate {
                    unit: id,
                    movement: Movement::Halted,
                    overwatch: true,
                });
                for interruption in &self.interruptions {
                    candidates.push(Command::ReactMove {
                        unit: id,
                        insurgent: interruption.insurgent,
                    });
                    candidates.push(Command::ReactionTest {
                        insurgent: interruption.insurgent,
                        regular: id,
                        kind: ReactionKind::Overwatch,
                        modifiers: ReactionModifiers::proposed(unit),
                    });
                }
                for spot in &self.hot_spots {
                    candidates.push(Command::NeutralizeHotSpot {
                        hot_spot: spot.number,
                        unit: id,
                    });
                }
            }
            Side::Insurgent => {
                for movement in [Movement::Halted, Movement::Cautious, Movement::Rapid] {
                    candidates.push(Command::InsurgentAction { unit: id, movement });
                }
                for movement in [Movement::Cautious, Movement::Rapid] {
                    candidates.push(Command::InterruptMove { unit: id, movement });
                }
                for purpose in [QualityPurpose::Interrupt, QualityPurpose::ActWithoutLeader] {
                    candidates.push(Command::QualityCheck { unit: id, purpose });
                }
                if let Some(active) = self.active_unit.and_then(|a| self.unit(a)) {
                    for kind in [ReactionKind::InterruptMovement, ReactionKind::InterruptFire] {
                        candidates.push(Command::DeclareInterrupt {
                            insurgent: id,
                            regular: active.id,
                            kind,
                        });
                        candidates.push(Command::ReactionTest {
                            insurgent: id,
                            regular: active.id,
                            kind,
                            modifiers: ReactionModifiers::proposed(active),
                        });
                    }
                }
            }
        }
        let mut allowed: Vec<Command> = candidates
            .into_iter()
            .filter(|c| self.allows(scenario, c))
            .collect();
        for target in self.units_in_play(unit.side.opponent()) {
            for context in FireContext::ALL {
                allowed.extend(self.fire_to_offer(scenario, unit, target, context));
            }
        }
        let mut rest = vec![Command::DeclareInCover { unit: id }];
        rest.extend(self.regrouping(unit));
        allowed.extend(rest.into_iter().filter(|c| self.allows(scenario, c)));
        allowed
    }

    /// A fire to offer, if the gate allows one: as the state proposes it, or, when that leaves
    /// no Firepower die, with the most the table could add (the target within Optimum Range and
    /// in the open), so a fire the referee's judgement would make is still offered; the screen
    /// asks the table.
    fn fire_to_offer(
        &self,
        scenario: &Scenario,
        attacker: &crate::unit::Unit,
        target: &crate::unit::Unit,
        context: FireContext,
    ) -> Option<Command> {
        self.fire_the_table_may_judge(attacker, target, context, |c| self.check(scenario, c))
    }

    /// The fire of `attacker` at `target` that `check` accepts, if one: as the state proposes
    /// it, or, only when that leaves no Firepower die, with the most the table could add (the
    /// target within Optimum Range and in the open). `check` is the gate, or the gate once a
    /// Quality check is passed; it is asked once, twice for a fire with no die as proposed.
    pub fn fire_the_table_may_judge(
        &self,
        attacker: &crate::unit::Unit,
        target: &crate::unit::Unit,
        context: FireContext,
        check: impl Fn(&Command) -> Result<crate::dice::DiceRequest, super::RuleError>,
    ) -> Option<Command> {
        let penalty = self.settings.interruption_penalty;
        let fire = |modifiers| Command::Fire {
            attacker: attacker.id,
            target: target.id,
            modifiers,
            context,
        };
        let proposed = fire(FireModifiers::proposed(attacker, target, penalty));
        match check(&proposed) {
            Ok(_) => Some(proposed),
            Err(super::RuleError::NoFirepower { .. }) => {
                let judged = fire(FireModifiers::most_the_table_gives(
                    attacker, target, penalty,
                ));
                check(&judged).is_ok().then_some(judged)
            }
            Err(_) => None,
        }
    }

    /// The unit joining another, a leader leaving it, or it leaving the table by each edge: the
    /// candidates both [`GameState::choices_for`] and [`GameState::moves_for`] try.
    fn regrouping(&self, unit: &crate::unit::Unit) -> Vec<Command> {
        let id = unit.id;
        // Captives (version 4) join a unit of the side that frees them.
        let freed_by = unit.freed_by.filter(|_| unit.non_combatant);
        let joins = self
            .units_in_play(unit.side)
            .chain(
                freed_by
                    .into_iter()
                    .flat_map(|side| self.units_in_play(side)),
            )
            .map(|other| Command::JoinUnit {
                from: id,
                into: other.id,
            });
        let detaches =
            unit.figures
                .iter()
                .filter(|f| f.is_leader())
                .map(|figure| Command::DetachLeader {
                    unit: id,
                    figure: figure.id,
                });
        let leaves = Edge::ALL.into_iter().map(|edge| Command::LeaveTable {
            unit: id,
            edge: Some(edge),
        });
        joins.chain(detaches).chain(leaves).collect()
    }

    /// The commands besides fire and tests that the gate accepts now for this unit: hunkering
    /// down, neutralizing a Hot Spot, joining or leaving a unit, leaving the table. Cheaper than
    /// [`GameState::choices_for`], which tries every fire too.
    pub fn moves_for(&self, scenario: &Scenario, id: UnitId) -> Vec<Command> {
        let Some(unit) = self.unit(id) else {
            return Vec::new();
        };
        let mut candidates = vec![Command::DeclareInCover { unit: id }];
        if unit.side == Side::Regular {
            candidates.extend(
                self.hot_spots
                    .iter()
                    .map(|spot| Command::NeutralizeHotSpot {
                        hot_spot: spot.number,
                        unit: id,
                    }),
            );
        }
        candidates.extend(self.regrouping(unit));
        candidates
            .into_iter()
            .filter(|c| self.allows(scenario, c))
            .collect()
    }

    /// The commands that answer the steps due now, in the order they are due: each roll, the
    /// choice of a Hot Spot, casualties with the proposed figures, Morale checks; and a skip
    /// for each. The agenda's own items ([`GameState::agenda`]), as bare commands.
    pub fn due_commands(&self, scenario: &Scenario) -> Vec<Command> {
        self.due_steps(scenario)
            .into_iter()
            .flat_map(|step| step.choices.into_iter().chain(step.skip))
            .map(|item| item.command)
            .collect()
    }

    /// The commands that move the turn on, if allowed now: start the activations, end them, end
    /// the turn; and, when the app proposes the end of the game, end it or play on.
    pub fn phase_commands(&self, scenario: &Scenario) -> Vec<Command> {
        let mut candidates = vec![
            Command::StartActivations,
            Command::StartInsurgentPhase,
            Command::EndTurn,
        ];
        if self.end_proposed.is_some() {
            candidates.extend([Command::EndGame, Command::PlayOn]);
        }
        candidates
            .into_iter()
            .filter(|c| self.allows(scenario, c))
            .collect()
    }

    /// Every command the gate accepts now, but for notes, settings and manual edits: the steps
    /// due, the phase's own, and every unit's.
    pub fn legal_commands(&self, scenario: &Scenario) -> Vec<Command> {
        let mut commands = self.due_commands(scenario);
        commands.extend(self.phase_commands(scenario));
        for unit in self.units.iter().filter(|u| u.in_play()) {
            commands.extend(self.choices_for(scenario, unit.id));
        }
        commands
    }
}
