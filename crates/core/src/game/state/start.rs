//! How a game's state begins (from a scenario, at the start of turn 1) and hands out the fresh
//! ids of the units, figures and pending steps that come into it later.

use std::sync::Arc;

use crate::dice::Die;
use crate::scenario::Scenario;
use crate::unit::{Figure, FigureId, Presence, Unit, UnitId, UnitStatus, Weapon};

use super::super::pending::{Pending, PendingStep};
use super::{GameState, HotSpot, Phase, RULES_VERSION, Settings, VictoryCount};

impl GameState {
    /// The state at the start of turn 1 of a scenario.
    pub fn new(scenario: &Scenario, settings: Settings) -> Self {
        let mut state = Self {
            turn: 1,
            phase: Phase::RegularActivations,
            units: Vec::new(),
            hot_spots: scenario
                .hot_spots
                .iter()
                .map(|h| HotSpot {
                    number: h.number,
                    location: h.location.clone(),
                    active: h.active,
                })
                .collect(),
            insurgency: scenario.insurgency,
            pending: Vec::new(),
            victory: scenario
                .victory
                .iter()
                .map(|v| VictoryCount {
                    item: v.id.clone(),
                    count: 0,
                })
                .collect(),
            settings,
            active_unit: None,
            interruptions: Vec::new(),
            answered: Vec::new(),
            insurgent_shots: Vec::new(),
            end_proposed: None,
            declined_ends: Vec::new(),
            turn_limit: scenario.turn_limit,
            next_unit: 1,
            next_figure: 1,
            next_pending: 1,
            arrivals: 0,
            insurgent_casualties: 0,
            written_scale: scenario.scale,
            solo_decisions: Vec::new(),
            contacts: Vec::new(),
            unplaced: Vec::new(),
            rules: RULES_VERSION,
            course: super::super::course::Course::default(),
        };
        for setup in &scenario.units {
            let id = state.new_unit_id();
            let figures = setup
                .figures
                .iter()
                .map(|f| {
                    let mut figure = state.new_figure(f.name.clone(), f.weapon, f.tq);
                    figure.tag = f.tag.clone();
                    figure
                })
                .collect();
            state.units.push(Arc::new(Unit {
                id,
                key: setup.id.clone(),
                name: setup.name.clone(),
                side: setup.side,
                figures,
                profile: setup.profile,
                location: setup.location.clone(),
                non_combatant: setup.non_combatant,
                presence: if setup.ambush.is_some() || setup.arrives.is_some() {
                    Presence::InReserve
                } else {
                    Presence::OnTable
                },
                ambush: setup.ambush.clone(),
                arrives: setup.arrives.clone(),
                status: UnitStatus::default(),
                left_by: None,
                freed_by: setup.freed_by,
            }));
        }
        (state.contacts, state.unplaced) =
            Self::contacts_at_start(scenario, state.settings.solo, &state.units);
        state
    }

    /// Hands out a fresh unit id.
    pub(crate) fn new_unit_id(&mut self) -> UnitId {
        let id = UnitId(self.next_unit);
        self.next_unit += 1;
        id
    }

    /// A new figure with a fresh id; `tq` is its own Troop Quality die, if it differs from
    /// its unit's.
    pub(crate) fn new_figure(
        &mut self,
        name: impl Into<String>,
        weapon: Weapon,
        tq: Option<Die>,
    ) -> Figure {
        let id = FigureId(self.next_figure);
        self.next_figure += 1;
        let mut figure = Figure::new(id, name, weapon);
        figure.tq = tq;
        figure
    }

    /// Adds a pending step and returns its id.
    pub(crate) fn push_pending(&mut self, step: PendingStep) -> u32 {
        let id = self.next_pending;
        self.next_pending += 1;
        self.pending.push(Pending { id, step });
        id
    }
}
