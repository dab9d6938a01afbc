//! What the events of a file on a set turn make of each Hot Spot, turn by turn: whether it is
//! active as a turn begins, from when it is neutralized for good, and which values say so (for
//! a problem to rest on). Events on a roll or a condition (version 4) may or may not happen:
//! a spot one of them may wake is never neutralized for good, and none of them is counted on
//! for a warning.

use std::collections::{HashMap, HashSet};

use super::super::file::{EventFile, ScenarioFile};

/// A set-turn change of one spot: (turn, event, active after it).
type Change = (u32, usize, bool);

/// Each Hot Spot's state turn by turn, as the file's events leave it.
pub(super) struct SpotStates<'f> {
    file: &'f ScenarioFile,
    /// The set-turn changes of each spot, by turn then the file's order.
    changes: HashMap<u32, Vec<Change>>,
    /// Spots an event on a roll or a condition may wake.
    maybe_woken: HashSet<u32>,
}

/// Why a spot is neutralized on a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asleep {
    /// From the start (`hot_spots[k].active`).
    FromTheStart,
    /// By this event.
    By(usize),
}

impl<'f> SpotStates<'f> {
    pub(super) fn of(file: &'f ScenarioFile) -> Self {
        let mut changes: HashMap<u32, Vec<Change>> = HashMap::new();
        let mut maybe_woken = HashSet::new();
        for (i, event) in file.events.iter().enumerate() {
            if let EventFile::HotSpot {
                turn,
                hot_spot,
                active,
                ..
            } = event
            {
                if event.on_a_set_turn() {
                    changes
                        .entry(*hot_spot)
                        .or_default()
                        .push((*turn, i, *active));
                } else if *active {
                    maybe_woken.insert(*hot_spot);
                }
            }
        }
        for list in changes.values_mut() {
            list.sort_by_key(|&(turn, i, _)| (turn, i));
        }
        Self {
            file,
            changes,
            maybe_woken,
        }
    }

    fn changes(&self, n: u32) -> &[Change] {
        self.changes.get(&n).map_or(&[], Vec::as_slice)
    }

    fn start(&self, n: u32) -> Option<bool> {
        self.file
            .hot_spots
            .iter()
            .find(|h| h.number == n)
            .map(|h| h.active)
    }

    /// Whether spot `n` is active once turn `turn` has begun (its events applied); `None` for
    /// a spot the scenario lacks.
    pub(super) fn active_at(&self, n: u32, turn: u32) -> Option<bool> {
        let start = self.start(n)?;
        Some(
            self.changes(n)
                .iter()
                .rfind(|(t, _, _)| *t <= turn)
                .map_or(start, |(_, _, a)| *a),
        )
    }

    /// Why spot `n` is neutralized as turn `turn` begins, if it is.
    pub(super) fn asleep_at(&self, n: u32, turn: u32) -> Option<Asleep> {
        if self.active_at(n, turn)? {
            return None;
        }
        Some(match self.changes(n).iter().rfind(|(t, _, _)| *t <= turn) {
            Some((_, i, _)) => Asleep::By(*i),
            None => Asleep::FromTheStart,
        })
    }

    /// The first set-turn event after turn `after` that wakes spot `n`: (turn, event).
    pub(super) fn wakes_after(&self, n: u32, after: u32) -> Option<(u32, usize)> {
        self.changes(n)
            .iter()
            .find(|(t, _, a)| *t > after && *a)
            .map(|&(t, i, _)| (t, i))
    }

    /// The first turn after `after`, up to `until`, on which spot `n` is neutralized by an
    /// event: (turn, event).
    pub(super) fn sleeps_after(&self, n: u32, after: u32, until: u32) -> Option<(u32, usize)> {
        self.changes(n)
            .iter()
            .find(|(t, _, a)| *t > after && *t <= until && !*a)
            .map(|&(t, i, _)| (t, i))
    }

    /// The turn from which spot `n` is neutralized for good, and the event that does it (none:
    /// from the start), when it is: no later event on a set turn wakes it, and none on a roll
    /// or a condition may.
    pub(super) fn dead_from(&self, n: u32) -> Option<(u32, Option<usize>)> {
        if self.maybe_woken.contains(&n) {
            return None;
        }
        match self.changes(n).last() {
            Some((turn, event, false)) => Some((*turn, Some(*event))),
            Some((_, _, true)) => None,
            None => (!self.start(n)?).then_some((1, None)),
        }
    }

    /// The values spot `n`'s state follows from, as field paths: its `active`, and every
    /// event that changes it.
    pub(super) fn paths_about(&self, n: u32) -> Vec<String> {
        let mut paths: Vec<String> = self
            .file
            .hot_spots
            .iter()
            .position(|h| h.number == n)
            .map(|k| format!("hot_spots[{k}]"))
            .into_iter()
            .collect();
        paths.extend(
            self.file
                .events
                .iter()
                .enumerate()
                .filter(|(_, e)| matches!(e, EventFile::HotSpot { hot_spot, .. } if *hot_spot == n))
                .map(|(i, _)| format!("events[{i}]")),
        );
        paths
    }

    /// Every spot neutralized for good: (number, (from turn, event)).
    pub(super) fn all_dead(&self) -> HashMap<u32, (u32, Option<usize>)> {
        self.file
            .hot_spots
            .iter()
            .filter_map(|h| self.dead_from(h.number).map(|d| (h.number, d)))
            .collect()
    }
}
