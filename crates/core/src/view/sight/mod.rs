//! The one owner of secrecy: what a viewer may know of the game now. Every front end asks it
//! (the desk, the table screen, each phone seat, the reports), and none decides a secret
//! itself; nothing here searches words for names.
//!
//! Two kinds of things are a side's secret until the table sees them: a unit under a marker in
//! a solo game (and what each marker hides), and a unit not yet on the table (held back in
//! ambush, due later, or lost without ever coming on). Once the game is over, nothing is
//! secret. The rolled turn limit is the referee's, unless the scenario tells the players.

use crate::game::{Contact, Game, GameState, Outcome, Phase};
use crate::unit::{Elimination, Presence, Side, Unit, UnitId};

use super::Viewer;

mod line;
pub use line::{Line, NOTES_SHOWN, TurnNotes};

/// What one viewer may know of a game now.
#[derive(Clone, Copy)]
pub struct Sight<'a> {
    game: &'a Game,
    viewer: Viewer,
}

impl std::fmt::Debug for Sight<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sight({:?})", self.viewer)
    }
}

/// True when nothing on the table has ever shown this unit: held back in ambush or due later,
/// or lost from there without coming on.
fn never_shown(unit: &Unit) -> bool {
    match &unit.presence {
        Presence::InReserve => true,
        Presence::Eliminated {
            cause: Elimination::NeverArrived,
        } => true,
        Presence::Eliminated {
            cause: Elimination::LostAtNeutralizedHotSpot,
        } => unit.ambush.is_some() || unit.arrives.is_some(),
        Presence::OnTable
        | Presence::AwaitingHotSpot
        | Presence::LeftTable
        | Presence::Eliminated { .. } => false,
    }
}

/// True when this unit is its side's secret now: under a marker (or still to be put under
/// one), or never shown on the table.
pub fn is_secret(state: &GameState, unit: &Unit) -> bool {
    state.phase() != Phase::GameOver && (state.is_hidden(unit.id) || never_shown(unit))
}

/// The words for what a side does out of a viewer's sight.
pub fn out_of_sight(side: Side) -> String {
    format!("The {side} player has a step to take out of sight")
}

impl<'a> Sight<'a> {
    /// What `viewer` may know of `game`.
    pub fn new(game: &'a Game, viewer: Viewer) -> Self {
        Self { game, viewer }
    }

    /// The desk's sight: the referee's in a game for two, the Regular player's (with the
    /// scenario's notes for the referee) in a solo game.
    pub fn desk(game: &'a Game) -> Self {
        Self::new(game, Viewer::Desk)
    }

    /// Who is looking.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The game looked at.
    pub fn game(&self) -> &'a Game {
        self.game
    }

    /// True when this viewer knows the secrets of `side` (its units off the table or under a
    /// marker, what the markers hide): its own player, the referee, everybody once the game
    /// is over.
    pub fn knows_secrets_of(&self, side: Side) -> bool {
        let state = self.game.state();
        if state.phase() == Phase::GameOver {
            return true;
        }
        match self.viewer {
            Viewer::Everything => true,
            Viewer::Desk => !state.settings().solo || side == Side::Regular,
            Viewer::Regular => side == Side::Regular,
            Viewer::Insurgent => side == Side::Insurgent,
            Viewer::Table => false,
        }
    }

    /// True when this viewer may not know what the markers still on the table hide.
    pub fn conceals_markers(&self) -> bool {
        !self.knows_secrets_of(Side::Insurgent)
    }

    /// True when this viewer knows every secret of the game.
    pub fn knows_everything(&self) -> bool {
        self.knows_secrets_of(Side::Regular) && self.knows_secrets_of(Side::Insurgent)
    }

    /// True when this viewer may know of this unit now (and by its own name).
    pub fn sees(&self, id: UnitId) -> bool {
        let state = self.game.state();
        state
            .unit(id)
            .is_some_and(|u| !is_secret(state, u) || self.knows_secrets_of(u.side))
    }

    /// The units this viewer may know of, in the game's order (on the table or not).
    pub fn units(&self) -> impl Iterator<Item = &'a Unit> + 'a {
        let sight = *self;
        self.game.state().units().filter(move |u| sight.sees(u.id))
    }

    /// The units of a side on the table that this viewer sees there.
    pub fn units_on_table(&self, side: Side) -> impl Iterator<Item = &'a Unit> + 'a {
        let sight = *self;
        self.game
            .state()
            .units_in_play(side)
            .filter(move |u| sight.sees(u.id))
    }

    /// The marker this viewer knows a unit by, while it may not know what the marker hides.
    pub fn marker_of(&self, id: UnitId) -> Option<&'a Contact> {
        let state = self.game.state();
        state
            .contact_of(id)
            .filter(|_| !self.knows_secrets_of(Side::Insurgent))
    }

    /// What a marker hides, as this viewer may know it: `None` when it may not, `Some(None)`
    /// for a marker that hides nothing.
    pub fn hidden_by(&self, contact: &Contact) -> Option<Option<&'a Unit>> {
        let state = self.game.state();
        (contact.revealed || self.knows_secrets_of(Side::Insurgent))
            .then(|| contact.unit.and_then(|u| state.unit(u)))
    }

    /// A unit's name as this viewer knows it: its own, its marker's while hidden under one,
    /// or "a unit out of sight".
    pub fn name(&self, id: UnitId) -> String {
        if let Some(contact) = self.marker_of(id) {
            return contact.name();
        }
        match self.game.state().unit(id) {
            Some(u) if self.sees(id) => u.name.clone(),
            Some(u) => format!("a {} unit out of sight", u.side.name()),
            None => id.to_string(),
        }
    }

    /// True when this viewer is the referee of the game's length: the desk of a game for two,
    /// the report that reveals everything, everybody once the game is over.
    fn referee_of_length(&self) -> bool {
        let state = self.game.state();
        state.phase() == Phase::GameOver
            || match self.viewer {
                Viewer::Everything => true,
                Viewer::Desk => !state.settings().solo,
                Viewer::Regular | Viewer::Insurgent | Viewer::Table => false,
            }
    }

    /// True when this viewer may know the turn limit rolled during the game: the referee,
    /// the players when the scenario tells them (and does not keep the length secret),
    /// everybody once the game is over.
    pub fn knows_turn_limit(&self) -> bool {
        let scenario = self.game.scenario();
        self.referee_of_length() || (scenario.turn_limit_known && !scenario.turn_limit_secret)
    }

    /// True when this viewer may know how long the game is at all (the turn limit, its dice,
    /// the end roll): everybody, unless the scenario keeps it secret (version 4); then the
    /// referee alone until the game is over.
    pub fn knows_length(&self) -> bool {
        self.referee_of_length() || !self.game.scenario().turn_limit_secret
    }

    /// How long the game is, as this viewer may know it: "8 turns"; a limit in dice, "7 to 9
    /// turns" once rolled, for a viewer who is not told the roll; "kept secret by the referee"
    /// when the scenario keeps it from the viewer; None when open-ended.
    pub fn length_words(&self) -> Option<String> {
        let state = self.game.state();
        let scenario = self.game.scenario();
        let known = state.length_words(scenario);
        if !self.knows_length() {
            return known.map(|_| "kept secret by the referee".to_owned());
        }
        match (state.turn_limit(), &scenario.turn_limit_dice) {
            (Some(_), Some(dice)) if !self.knows_turn_limit() => {
                let words = format!("{} to {} turns", dice.least(), dice.most());
                Some(match &scenario.end_roll {
                    Some(end) => format!("{words}, or sooner: {}", end.words()),
                    None => words,
                })
            }
            _ => known,
        }
    }

    /// How long the game is, in brief, as this viewer may know it: "8 turns", "6+1d3 turns"
    /// until the dice are rolled, "9 turns" after for a viewer told the roll ("7–9 turns" for
    /// another), "secret" when the scenario keeps it from the viewer; None when open-ended.
    pub fn length_brief(&self) -> Option<String> {
        let state = self.game.state();
        let scenario = self.game.scenario();
        let known = state.length_brief(scenario).or_else(|| {
            scenario
                .end_roll
                .as_ref()
                .map(|end| format!("ends on {}+ from turn {}", end.on, end.from_turn))
        });
        if !self.knows_length() {
            return known.map(|_| "length secret".to_owned());
        }
        match (state.turn_limit(), &scenario.turn_limit_dice) {
            (Some(_), Some(dice)) if !self.knows_turn_limit() => {
                Some(format!("{}–{} turns", dice.least(), dice.most()))
            }
            _ => known,
        }
    }

    /// True when this viewer reads the scenario's notes for the referee: the desk (the referee,
    /// or the solo player who is their own), and the referee's report.
    pub fn reads_referee_notes(&self) -> bool {
        matches!(self.viewer, Viewer::Desk | Viewer::Everything)
    }

    /// True when every unit named is one this viewer may know of.
    fn sees_all(&self, units: &[UnitId]) -> bool {
        units.iter().all(|u| self.sees(*u))
    }

    /// True when an event tells what a marker still on the table chose or hid, and is undone:
    /// the viewer who may not know what the marker hides reads only what it was about.
    fn told_in_brief(&self, outcome: &Outcome, in_effect: bool) -> bool {
        let state = self.game.state();
        !in_effect
            && !self.knows_secrets_of(Side::Insurgent)
            && outcome
                .about
                .marker
                .as_deref()
                .is_some_and(|m| state.markers_on_table().any(|c| c.marker == m))
    }

    /// True when this viewer may read event `n` of the log (its summary, at least).
    pub fn reads(&self, n: usize) -> bool {
        self.game
            .outcome(n)
            .is_some_and(|o| self.sees_all(&o.about.summary))
    }

    /// How many events in effect this viewer may read.
    pub fn events_in_effect(&self) -> usize {
        (0..self.game.event_count())
            .filter(|&n| self.game.in_effect(n) && self.reads(n))
            .count()
    }

    /// True when this viewer may read a step due: it names no unit the viewer may not know of.
    pub fn reads_step(&self, step: &crate::game::PendingStep) -> bool {
        step.unit().is_none_or(|u| self.sees(u))
    }

    /// The steps due in words, as this viewer may read them: each it may read, then one line
    /// for each side with steps out of sight (however many: their number would tell).
    pub fn due_words(&self) -> Vec<String> {
        let state = self.game.state();
        let mut words = Vec::new();
        let mut unseen = Vec::new();
        for pending in state.pending_steps() {
            if self.reads_step(&pending.step) {
                words.push(state.describe_pending(&pending.step));
            } else if let Some(side) = pending
                .step
                .unit()
                .and_then(|u| state.unit(u))
                .map(|u| u.side)
                && !unseen.contains(&side)
            {
                unseen.push(side);
            }
        }
        words.extend(unseen.into_iter().map(out_of_sight));
        words
    }

    /// What is due now and whose answer it is ("Morale check for Fireteam Alpha — the Regular
    /// player"), as this viewer may read it: each step it may read, then one line for each side
    /// with steps out of sight.
    pub fn next(&self) -> Vec<String> {
        let state = self.game.state();
        let mut words = Vec::new();
        let mut unseen = Vec::new();
        for step in state.due_steps(self.game.scenario()) {
            let about = state.pending(step.pending).map(|p| &p.step);
            match about {
                Some(about) if !self.reads_step(about) => {
                    let side = about.unit().and_then(|u| state.unit(u)).map(|u| u.side);
                    if let Some(side) = side
                        && !unseen.contains(&side)
                    {
                        unseen.push(side);
                    }
                }
                _ => words.push(format!("{} — {}", step.words, step.answers.name())),
            }
        }
        words.extend(unseen.into_iter().map(out_of_sight));
        words
    }

    /// True when this viewer knows of this unit, by its name or by its marker's.
    pub fn knows_of(&self, id: UnitId) -> bool {
        self.sees(id) || self.marker_of(id).is_some()
    }

    /// A command as this viewer may read it: its label (a unit under a marker named as its
    /// marker), or none when it names a unit the viewer may not know of (a dice prompt then
    /// says only whose roll it is).
    pub fn label(&self, command: &crate::game::Command) -> Option<String> {
        let facts = command.facts(self.game.state());
        facts
            .units
            .iter()
            .all(|u| self.knows_of(*u))
            .then_some(facts.label)
    }

    /// Each group of a roll's dice as this viewer may read it: its label and what each die is
    /// for, or "Dice out of sight" and nothing more when the command names a unit the viewer
    /// may not know of, or the dice tell a length kept from it (whose roll it is stays said
    /// elsewhere).
    pub fn roll_words(
        &self,
        command: &crate::game::Command,
        request: &crate::dice::DiceRequest,
    ) -> Vec<GroupWords> {
        let readable = self.label(command).is_some();
        // The dice of the game's length are the referee's while the length is.
        let secret = |role| match role {
            crate::dice::DiceRole::TurnLimit => !self.knows_turn_limit(),
            crate::dice::DiceRole::EndRoll => !self.knows_length(),
            _ => false,
        };
        request
            .groups
            .iter()
            .map(|group| {
                if readable && !secret(group.role) {
                    GroupWords {
                        label: group.label.clone(),
                        each: group.each.clone(),
                    }
                } else {
                    GroupWords {
                        label: "Dice out of sight".to_owned(),
                        each: Vec::new(),
                    }
                }
            })
            .collect()
    }
}

/// A group of dice as a viewer may read it ([`Sight::roll_words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupWords {
    /// What the dice are for.
    pub label: String,
    /// What each die is for, in order (none when they are all alike, or out of sight).
    pub each: Vec<String>,
}
