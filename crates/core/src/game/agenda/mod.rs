//! The agenda: what is due now and what may be done now, as plain data for every screen (the
//! desk, the table screen, the phones) and for the solo opponent. It is built on the gate: each
//! item's command passed [`GameState::check`], its dice are the gate's own request, and who
//! answers it follows from the command and its dice. No screen restates a rule to draw it.

use serde::Serialize;

use crate::dice::{DiceGroup, DiceRole};
use crate::scenario::Scenario;
use crate::unit::{Side, UnitId};

use super::command::Command;
use super::pending::PendingStep;
use super::state::GameState;

mod due;
pub use due::{ArrivalChoice, CasualtyPick, DueStep};

/// Who answers an item: whose dice they are, or whose decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The Regular player.
    Regular,
    /// The Insurgent player (the app itself in a solo game).
    Insurgent,
    /// The referee, for what belongs to neither side (the turn, the end of the game, skips).
    Referee,
}

impl Seat {
    /// Who it is, in words ("the Insurgent player").
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Regular => "the Regular player",
            Seat::Insurgent => "the Insurgent player",
            Seat::Referee => "the referee",
        }
    }

    /// The seat of a side's player.
    pub const fn of(side: Side) -> Seat {
        match side {
            Side::Regular => Seat::Regular,
            Side::Insurgent => Seat::Insurgent,
        }
    }
}

/// A question about the table that only the people at it can answer, asked before a command is
/// given (the app cannot see the figures).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TableQuestion {
    /// Is the target within the firer's Optimum Range?
    OptimumRange,
    /// Does the target stand in the open, more than 2" from cover?
    InTheOpen,
    /// Is the target behind Solid Cover?
    SolidCover,
    /// Is the target beyond effective range?
    BeyondEffectiveRange,
    /// Which figures are the casualties?
    WhichFigures,
}

impl TableQuestion {
    /// The questions about a fire, in the order a row of them is shown.
    pub const FIRE: [TableQuestion; 4] = [
        TableQuestion::OptimumRange,
        TableQuestion::InTheOpen,
        TableQuestion::SolidCover,
        TableQuestion::BeyondEffectiveRange,
    ];

    /// Its words on a box to tick: "Optimum Range".
    pub const fn words(self) -> &'static str {
        match self {
            TableQuestion::OptimumRange => "Optimum Range",
            TableQuestion::InTheOpen => "In the open",
            TableQuestion::SolidCover => "Solid Cover",
            TableQuestion::BeyondEffectiveRange => "Beyond effective range",
            TableQuestion::WhichFigures => "Which figures",
        }
    }

    /// Its words where a row of boxes is short of room: "Beyond range" (the others as
    /// [`TableQuestion::words`]).
    pub const fn short_words(self) -> &'static str {
        match self {
            TableQuestion::BeyondEffectiveRange => "Beyond range",
            other => other.words(),
        }
    }

    /// What the answer changes, in words: "+1 Firepower", "hits need 7+".
    pub const fn effect(self) -> &'static str {
        match self {
            TableQuestion::OptimumRange => "+1 Firepower",
            TableQuestion::InTheOpen => "+1 Firepower",
            TableQuestion::SolidCover => "+1 Defense",
            TableQuestion::BeyondEffectiveRange => "hits need 7+",
            TableQuestion::WhichFigures => "the casualties taken",
        }
    }

    /// The modifier of a fire this question answers, if it answers one.
    pub fn of(self, m: &mut crate::rules::fire::FireModifiers) -> Option<&mut bool> {
        match self {
            TableQuestion::OptimumRange => Some(&mut m.optimum_range),
            TableQuestion::InTheOpen => Some(&mut m.target_exposed),
            TableQuestion::SolidCover => Some(&mut m.solid_cover),
            TableQuestion::BeyondEffectiveRange => Some(&mut m.beyond_effective_range),
            TableQuestion::WhichFigures => None,
        }
    }
}

/// One group of dice an item will ask for, and whose dice they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceAsk {
    /// The gate's group.
    pub group: DiceGroup,
    /// Who rolls them.
    pub seat: Seat,
}

/// One thing that may be done now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AgendaItem {
    /// The command, as the gate accepted it.
    pub command: Command,
    /// What a button calls it.
    pub label: String,
    /// Who gives it.
    pub answers: Seat,
    /// The dice it will ask for, group by group, with whose they are.
    pub dice: Vec<DiceAsk>,
    /// What only the table can answer before it is given.
    pub table: Vec<TableQuestion>,
    /// The gate allows it once the unit passes the Quality check it still needs (an Insurgent
    /// unit with no leader): the check is given first, then this.
    pub after_check: Option<Command>,
}

/// What one unit may do now: every command the gate allows in which it is the one acting
/// (activating, interrupting, testing, firing with what the state knows, moving, joining,
/// leaving), and those a Quality check would open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitAgenda {
    /// The unit.
    pub unit: UnitId,
    /// Who gives its commands.
    pub seat: Seat,
    /// Its items, in the order the gate's candidates come.
    pub items: Vec<AgendaItem>,
}

/// What is due now and what may be done now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Agenda {
    /// The steps due, in the order they came.
    pub due: Vec<DueStep>,
    /// What moves the turn on (start the activations, end them, end the turn, end the game or
    /// play on).
    pub phase: Vec<AgendaItem>,
    /// What each unit on the table may do now (units with nothing allowed are left out).
    pub units: Vec<UnitAgenda>,
}

impl Agenda {
    /// One unit's items (none when it may do nothing now).
    pub fn of(&self, unit: UnitId) -> &[AgendaItem] {
        self.units
            .iter()
            .find(|u| u.unit == unit)
            .map_or(&[], |u| u.items.as_slice())
    }

    /// Every unit's items, in the units' order.
    pub fn unit_items(&self) -> impl Iterator<Item = &AgendaItem> {
        self.units.iter().flat_map(|u| u.items.iter())
    }
}

impl GameState {
    /// The agenda now; see the module's text.
    pub fn agenda(&self, scenario: &Scenario) -> Agenda {
        Agenda {
            due: self.due_steps(scenario),
            phase: self
                .phase_commands(scenario)
                .into_iter()
                .filter_map(|c| self.item(scenario, c, Seat::Referee))
                .collect(),
            units: self.unit_agendas(scenario),
        }
    }

    /// What each unit may do now (the costliest part of the agenda: every fire is tried).
    pub fn unit_agendas(&self, scenario: &Scenario) -> Vec<UnitAgenda> {
        self.units
            .iter()
            .filter(|u| u.in_play())
            .filter_map(|unit| {
                let seat = Seat::of(unit.side);
                let mut items: Vec<AgendaItem> = self
                    .choices_for(scenario, unit.id)
                    .into_iter()
                    .filter_map(|c| {
                        // Captives (version 4) are freed by the other side's unit: its seat.
                        let answers = match c {
                            Command::JoinUnit { .. } => self.seat_of(&c),
                            _ => seat,
                        };
                        self.item(scenario, c, answers)
                    })
                    .collect();
                items.extend(self.opened_by_check(scenario, unit, seat));
                (!items.is_empty()).then_some(UnitAgenda {
                    unit: unit.id,
                    seat,
                    items,
                })
            })
            .collect()
    }

    /// An Insurgent unit with no leader: its Quality check, for each interruption the check
    /// would open (the check item, with the command that follows it).
    fn opened_by_check(
        &self,
        scenario: &Scenario,
        unit: &crate::unit::Unit,
        seat: Seat,
    ) -> Vec<AgendaItem> {
        let check = Command::QualityCheck {
            unit: unit.id,
            purpose: super::command::QualityPurpose::Interrupt,
        };
        let (Some(active), true) = (
            self.active_unit.and_then(|a| self.unit(a)),
            self.allows(scenario, &check),
        ) else {
            return Vec::new();
        };
        [
            super::command::ReactionKind::InterruptMovement,
            super::command::ReactionKind::InterruptFire,
        ]
        .into_iter()
        .map(|kind| self.interrupt_command(scenario, unit.id, active, kind))
        .filter(|then| self.allows_once_checked(scenario, unit.id, then))
        .filter_map(|then| {
            let mut item = self.item(scenario, check.clone(), seat)?;
            item.label = format!("{} (Interrupt check first)", then.facts(self).label);
            item.after_check = Some(then);
            Some(item)
        })
        .collect()
    }

    /// How an Insurgent unit starts an interruption of this Regular unit: declared first when
    /// a Regular unit on Overwatch could answer it before the Reaction test (the gate would let
    /// it take its Overwatch test once the interruption is declared), else by the test. The one
    /// definition: the agenda, the desk and the solo opponent's plan all ask it.
    pub fn interrupt_command(
        &self,
        scenario: &Scenario,
        insurgent: UnitId,
        regular: &crate::unit::Unit,
        kind: super::command::ReactionKind,
    ) -> Command {
        let declare = Command::DeclareInterrupt {
            insurgent,
            regular: regular.id,
            kind,
        };
        if self.rules_at_least(3) && self.overwatch_could_answer(scenario, insurgent, &declare) {
            declare
        } else {
            Command::ReactionTest {
                insurgent,
                regular: regular.id,
                kind,
                modifiers: crate::rules::checks::ReactionModifiers::proposed(regular),
            }
        }
    }

    /// True when, once this interruption is declared (its unit's Interrupt check passed, if it
    /// needs one), the gate would let a Regular unit on Overwatch take its Reaction test
    /// against it.
    pub fn overwatch_could_answer(
        &self,
        scenario: &Scenario,
        insurgent: UnitId,
        declare: &Command,
    ) -> bool {
        let mut after = self.clone();
        if let Some(u) = after.unit_mut(insurgent) {
            u.status.passed_interrupt_check = true;
        }
        let event = super::command::Event::new(declare.clone(), Vec::new());
        if after.apply_in_place(scenario, &event).is_err() {
            return false;
        }
        after.units_in_play(Side::Regular).any(|r| {
            after.allows(
                scenario,
                &Command::ReactionTest {
                    insurgent,
                    regular: r.id,
                    kind: super::command::ReactionKind::Overwatch,
                    modifiers: crate::rules::checks::ReactionModifiers::proposed(r),
                },
            )
        })
    }

    /// The item for a command, if the gate allows it now: its dice with whose they are, and
    /// what only the table can say.
    pub fn item(&self, scenario: &Scenario, command: Command, answers: Seat) -> Option<AgendaItem> {
        let request = self.check(scenario, &command).ok()?;
        let dice = request
            .groups
            .into_iter()
            .map(|group| DiceAsk {
                seat: self.seat_of_dice(&command, group.role).unwrap_or(answers),
                group,
            })
            .collect();
        let table = match &command {
            Command::Fire { .. } => TableQuestion::FIRE.to_vec(),
            Command::RemoveCasualties { .. } | Command::FirstAid { .. } => {
                vec![TableQuestion::WhichFigures]
            }
            _ => Vec::new(),
        };
        Some(AgendaItem {
            label: command.facts(self).label,
            command,
            answers,
            dice,
            table,
            after_check: None,
        })
    }

    /// The item for a command given now by whoever gives it (see [`GameState::seat_of`]), if
    /// the gate allows it: what a dice prompt asks the phones for.
    pub fn item_now(&self, scenario: &Scenario, command: Command) -> Option<AgendaItem> {
        let answers = self.seat_of(&command);
        self.item(scenario, command, answers)
    }

    /// Who gives a command: the seat of the step due it answers, else the side of the unit
    /// acting in it, else the referee.
    pub fn seat_of(&self, command: &Command) -> Seat {
        if let Some(step) = command.pending_step().and_then(|id| self.pending(id)) {
            return self.seat_of_step(&step.step);
        }
        command
            .facts(self)
            .units
            .first()
            .and_then(|u| self.unit(*u))
            .map_or(Seat::Referee, |u| Seat::of(u.side))
    }

    /// The seat that answers a step due: the side of the unit it is about, the Insurgent
    /// player for reinforcements and ambushes.
    fn seat_of_step(&self, step: &PendingStep) -> Seat {
        match step {
            PendingStep::InsurgencyRoll
            | PendingStep::TableRoll
            | PendingStep::Arrival { .. }
            | PendingStep::HotSpotChoice { .. }
            | PendingStep::AmbushRoll { .. }
            | PendingStep::AmbushPlacement { .. } => Seat::Insurgent,
            PendingStep::Casualties { unit, .. }
            | PendingStep::MoraleCheck { unit, .. }
            | PendingStep::ArrivalRoll { unit } => {
                self.unit(*unit).map_or(Seat::Referee, |u| Seat::of(u.side))
            }
            // The scenario's own roll: the referee's, as the turn limit is.
            PendingStep::EventRoll { .. } => Seat::Referee,
        }
    }

    /// Whose each group of a command's dice is, in the request's order: the group's own
    /// answer where it has one (each side its Reaction die, the firer its Firepower, the
    /// target its Defense), else the side of the first unit the command names, else the
    /// referee. The dice of a command that keeps them out of the log's words (a solo
    /// decision, the markers set) are the Insurgent player's, all of them: they tell what the
    /// other side may not know.
    pub fn dice_seats(&self, command: &Command, request: &crate::dice::DiceRequest) -> Vec<Seat> {
        let facts = command.facts(self);
        if facts.secret_dice {
            return vec![Seat::Insurgent; request.groups.len()];
        }
        let fallback = facts
            .units
            .first()
            .and_then(|u| self.unit(*u))
            .map_or(Seat::Referee, |u| Seat::of(u.side));
        request
            .groups
            .iter()
            .map(|group| self.seat_of_dice(command, group.role).unwrap_or(fallback))
            .collect()
    }

    /// Whose dice a group of a command is, where the group says: each side rolls its own
    /// Reaction die, the firer its Firepower and the target its Defense.
    fn seat_of_dice(&self, command: &Command, role: DiceRole) -> Option<Seat> {
        let side = |id: &UnitId| self.unit(*id).map(|u| Seat::of(u.side));
        match (command, role) {
            (_, DiceRole::InsurgentReaction) => Some(Seat::Insurgent),
            (_, DiceRole::RegularReaction) | (_, DiceRole::FirstAid) => Some(Seat::Regular),
            (_, DiceRole::TurnLimit | DiceRole::EndRoll | DiceRole::Event) => Some(Seat::Referee),
            (Command::Fire { attacker, .. }, DiceRole::Attack) => side(attacker),
            (Command::Fire { target, .. }, DiceRole::Defense) => side(target),
            (
                _,
                DiceRole::Insurgency
                | DiceRole::Table
                | DiceRole::FigureCount
                | DiceRole::AntiTank
                | DiceRole::Leader
                | DiceRole::HotSpot
                | DiceRole::Ambush,
            ) => Some(Seat::Insurgent),
            _ => None,
        }
    }
}
