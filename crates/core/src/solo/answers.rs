//! What the player has told the solo opponent of the table, kept from one question to the
//! next: who sees which Marine unit and within which of its ranges, which Marine units stand in
//! the open or behind Solid Cover, what the unit activating does first. Plain data, changed
//! only by an [`Answer`], so any screen (the desk, a phone) may hold it and draw the questions
//! the opponent asks from it (`super::panel`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::game::{GameState, Phase};
use crate::rules::fire::OptimumReach;
use crate::unit::UnitId;

use super::{Distance, RegularAction, View};

/// Who the player is asked about: an Insurgent unit in view, or a marker (whatever it hides).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// A unit the table sees.
    Unit(UnitId),
    /// A marker, by its name ("B").
    Marker(String),
}

/// When an answer was given: answers kept from an earlier turn or phase are marked so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// The turn.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
}

impl Stamp {
    /// Now, in this game.
    pub fn now(state: &GameState) -> Self {
        Self {
            turn: state.turn(),
            phase: state.phase(),
        }
    }

    /// "turn 1, Regular activations".
    pub fn words(self) -> String {
        format!("turn {}, {}", self.turn, self.phase)
    }

    /// The earliest of these stamps given before `now`, if any.
    pub(super) fn earliest_before(stamps: impl Iterator<Item = Stamp>, now: Stamp) -> Option<Self> {
        stamps
            .filter(|w| *w != now)
            .min_by_key(|w| (w.turn, w.phase as u8))
    }
}

/// What one of them sees of a Regular unit, as the player answered: it sees it, within this
/// range if one was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sighting {
    /// The shortest range answered (the reach, at 15mm, as the units' profiles give it).
    pub within: Option<u32>,
    /// When it was answered.
    pub when: Stamp,
}

/// A yes-or-no answer about a Regular unit, with when it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct YesNo {
    /// The answer.
    pub yes: bool,
    /// When it was given.
    pub when: Stamp,
}

/// One answer the player gives (a click on the desk, a tap on a phone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum Answer {
    /// It sees the Regular unit, or no longer does (a toggle).
    Sees {
        /// The unit or marker asked about.
        who: Who,
        /// The Regular unit.
        regular: UnitId,
    },
    /// It is within this range of the Regular unit, or no longer is (a toggle).
    Within {
        /// The unit or marker asked about.
        who: Who,
        /// The Regular unit.
        regular: UnitId,
        /// The range, in inches at 15mm.
        inches: u32,
    },
    /// What the Regular unit activating does first.
    First(RegularAction),
    /// The Regular unit stands in the open.
    Open {
        /// The Regular unit.
        regular: UnitId,
        /// The answer.
        yes: bool,
    },
    /// The Regular unit is behind Solid Cover from those who see it.
    Cover {
        /// The Regular unit.
        regular: UnitId,
        /// The answer.
        yes: bool,
    },
    /// The answers kept from earlier about these pairs and Regular units still hold: they are
    /// given again now.
    StillSo {
        /// The pairs asked about.
        pairs: Vec<(Who, UnitId)>,
        /// The Regular units whose ground was asked about.
        ground: Vec<UnitId>,
    },
    /// What this Insurgent unit sees of that Regular unit changed after the Regular unit's
    /// reaction: it is asked again (once a turn).
    AskAgain {
        /// The Insurgent unit.
        insurgent: UnitId,
        /// The Regular unit.
        regular: UnitId,
    },
    /// No marker (or no other marker) sees the Regular unit at the end of its move.
    NoMarkerSees {
        /// The Regular unit.
        regular: UnitId,
    },
}

/// The player's answers, remembered from one question to the next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answers {
    /// Whether the Regular unit activating moves or fires first.
    pub action: RegularAction,
    /// What each of them sees, by (who, Regular unit): only those that see it.
    #[serde(with = "as_pairs")]
    sight: BTreeMap<(Who, UnitId), Sighting>,
    /// Regular units standing in the open.
    #[serde(with = "as_pairs")]
    open: BTreeMap<UnitId, YesNo>,
    /// Regular units behind Solid Cover.
    #[serde(with = "as_pairs")]
    cover: BTreeMap<UnitId, YesNo>,
    /// Interruptions whose Regular unit was asked again after its reaction: (Insurgent,
    /// Regular, turn).
    asked_again: Vec<(UnitId, UnitId, u32)>,
    /// Activations after whose move no marker saw the Marines: (Regular unit, turn).
    no_marker_sees: Vec<(UnitId, u32)>,
    /// How many answers have been given: screens keep what they worked out from the answers
    /// until it changes.
    #[serde(skip)]
    version: u64,
}

impl Answers {
    /// A number that changes with every answer given.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Gives an answer, now, in this game.
    pub fn give(&mut self, state: &GameState, answer: &Answer) {
        self.version += 1;
        let now = Stamp::now(state);
        match answer {
            Answer::Sees { who, regular } => {
                let key = (who.clone(), *regular);
                if self.sight.remove(&key).is_none() {
                    self.sight.insert(
                        key,
                        Sighting {
                            within: None,
                            when: now,
                        },
                    );
                }
            }
            Answer::Within {
                who,
                regular,
                inches,
            } => {
                if let Some(sighting) = self.sight.get_mut(&(who.clone(), *regular)) {
                    sighting.within = (sighting.within != Some(*inches)).then_some(*inches);
                    sighting.when = now;
                }
            }
            Answer::First(action) => self.action = *action,
            Answer::Open { regular, yes } => {
                self.open.insert(
                    *regular,
                    YesNo {
                        yes: *yes,
                        when: now,
                    },
                );
            }
            Answer::Cover { regular, yes } => {
                self.cover.insert(
                    *regular,
                    YesNo {
                        yes: *yes,
                        when: now,
                    },
                );
            }
            Answer::StillSo { pairs, ground } => {
                for pair in pairs {
                    if let Some(s) = self.sight.get_mut(pair) {
                        s.when = now;
                    }
                }
                for regular in ground {
                    for answers in [&mut self.open, &mut self.cover] {
                        if let Some(a) = answers.get_mut(regular) {
                            a.when = now;
                        }
                    }
                }
            }
            Answer::AskAgain { insurgent, regular } => {
                self.ask_again(state, *insurgent, *regular);
            }
            Answer::NoMarkerSees { regular } => {
                self.no_marker_sees.push((*regular, state.turn()));
            }
        }
    }

    /// Asks again, once this turn, what this Insurgent unit sees of that Regular unit after
    /// the Regular unit's reaction: its sight forgotten, the ground answered afresh.
    fn ask_again(&mut self, state: &GameState, insurgent: UnitId, regular: UnitId) {
        let key = (insurgent, regular, state.turn());
        if self.asked_again.contains(&key) {
            return;
        }
        self.asked_again.push(key);
        self.sight.remove(&(Who::Unit(insurgent), regular));
        if let Some(marker) = marker_of(state, insurgent) {
            self.sight.remove(&(Who::Marker(marker), regular));
        }
        let fresh = YesNo {
            yes: false,
            when: Stamp::now(state),
        };
        self.open.insert(regular, fresh);
        self.cover.insert(regular, fresh);
    }

    /// Whether what this Insurgent unit sees of that Regular unit was asked again this turn.
    pub fn asked_again(&self, state: &GameState, insurgent: UnitId, regular: UnitId) -> bool {
        self.asked_again
            .contains(&(insurgent, regular, state.turn()))
    }

    /// Whether the player said no marker sees this Regular unit after its move this turn.
    pub fn no_marker_sees(&self, state: &GameState, regular: UnitId) -> bool {
        self.no_marker_sees.contains(&(regular, state.turn()))
    }

    /// What the player answered of this pair, if it sees the Regular unit.
    pub fn sighting(&self, who: &Who, regular: UnitId) -> Option<&Sighting> {
        self.sight.get(&(who.clone(), regular))
    }

    /// Whether the Regular unit stands in the open, as answered, and when.
    pub fn open(&self, regular: UnitId) -> Option<YesNo> {
        self.open.get(&regular).copied()
    }

    /// Whether the Regular unit is behind Solid Cover, as answered, and when.
    pub fn cover(&self, regular: UnitId) -> Option<YesNo> {
        self.cover.get(&regular).copied()
    }

    /// Who an Insurgent unit is asked about as: its own name, or, for a unit put under a
    /// marker, the marker's while it is hidden (and after, until it is asked about by its own
    /// name).
    pub fn who(&self, state: &GameState, insurgent: UnitId, regular: UnitId) -> Who {
        let own = Who::Unit(insurgent);
        match marker_of(state, insurgent) {
            Some(marker) if !self.sight.contains_key(&(own.clone(), regular)) => {
                Who::Marker(marker)
            }
            _ => own,
        }
    }

    /// How far the player said this Insurgent unit is from that Regular unit, if it sees it,
    /// in the unit's own ranges.
    pub fn distance(
        &self,
        state: &GameState,
        insurgent: UnitId,
        regular: UnitId,
    ) -> Option<Distance> {
        let who = self.who(state, insurgent, regular);
        let sighting = self.sight.get(&(who, regular))?;
        Some(Distance::answered(
            sighting.within,
            reach_of(state, insurgent),
        ))
    }

    /// What an Insurgent unit sees of a Regular unit, if it sees it.
    pub fn view(&self, state: &GameState, insurgent: UnitId, regular: UnitId) -> Option<View> {
        let who = self.who(state, insurgent, regular);
        let sighting = self.sight.get(&(who, regular))?;
        Some(View {
            regular,
            in_range: Distance::earns_optimum_range(sighting.within, reach_of(state, insurgent)),
            exposed: self.open(regular).is_some_and(|a| a.yes),
            solid_cover: self.cover(regular).is_some_and(|a| a.yes),
        })
    }

    /// What an Insurgent unit sees, as views of each Regular unit in sight among these.
    pub fn sees(&self, state: &GameState, insurgent: UnitId, regulars: &[UnitId]) -> Vec<View> {
        regulars
            .iter()
            .filter_map(|&r| self.view(state, insurgent, r))
            .collect()
    }
}

/// The marker a unit was put under, if it was (hidden or revealed since).
fn marker_of(state: &GameState, unit: UnitId) -> Option<String> {
    state
        .contacts()
        .iter()
        .find(|c| c.unit == Some(unit))
        .map(|c| c.marker.clone())
}

/// A unit's reach as the game has it now (none for a unit no longer in the game).
fn reach_of(state: &GameState, insurgent: UnitId) -> Option<OptimumReach> {
    state.unit(insurgent).map(OptimumReach::of)
}

/// A map written as a list of its entries, so that keys of any kind go into JSON.
mod as_pairs {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<K: Serialize, V: Serialize, S: Serializer>(
        map: &BTreeMap<K, V>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(deserializer: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Vec::<(K, V)>::deserialize(deserializer).map(|pairs| pairs.into_iter().collect())
    }
}
