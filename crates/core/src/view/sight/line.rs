//! The log as a viewer may read it: one line per event, its notes cut for a screen or whole
//! for the report.

use crate::game::{Command, CommandKind, Detail};
use crate::unit::Side;
use crate::unit::UnitId;

use super::Sight;

/// One event of the log as a viewer may read it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// The event's place in the game (the desk's own handle on it; not for the players).
    #[serde(skip)]
    pub event: usize,
    /// Still in effect (false: undone, struck through).
    pub in_effect: bool,
    /// What it did, in one line.
    pub summary: String,
    /// Further lines the viewer may read: the first [`NOTES_SHOWN`], unless the whole line
    /// was asked for ([`Sight::whole_line`]).
    pub notes: Vec<String>,
    /// How many more notes the viewer may read than `notes` holds.
    pub more_notes: usize,
    /// The scenario's notes for the referee (the desk's only), cut as `notes` are.
    pub referee: Vec<String>,
    /// How many more notes for the referee than `referee` holds.
    pub more_referee: usize,
    /// What it made due.
    pub due: Vec<String>,
    /// Its dice, each run of groups named for whose they are (none when kept back).
    pub dice: String,
    /// How lucky its roll was, in words.
    pub luck: Option<String>,
    /// What to draw (a fire's dice matched); nothing when the line was told in brief.
    pub detail: Detail,
    /// The log's kind of the event.
    pub kind: CommandKind,
    /// The units it names that the viewer may know of, for the log's filter.
    pub units: Vec<UnitId>,
}

/// The scenario's notes for the referee on the turn now ([`Sight::turn_notes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnNotes {
    /// The event that began the turn, or the last of the scenario's rolls after it that gave a
    /// note (version 4).
    pub event: usize,
    /// Its first notes for the referee.
    pub notes: Vec<String>,
    /// How many more it holds.
    pub more: usize,
}

/// The most notes of one event a line holds for a screen: a scenario may set thousands on one
/// turn, and the screens draw a line every frame. The report asks for every note.
pub const NOTES_SHOWN: usize = 20;

/// The first `most` of `notes`, and how many are left out.
fn cut_notes<'n>(notes: impl Iterator<Item = &'n String>, most: usize) -> (Vec<String>, usize) {
    let mut shown = Vec::new();
    let mut more = 0;
    for note in notes {
        if shown.len() < most {
            shown.push(note.clone());
        } else {
            more += 1;
        }
    }
    (shown, more)
}

impl<'a> Sight<'a> {
    /// Event `n` of the log as this viewer may read it, its notes cut at [`NOTES_SHOWN`]; none
    /// when it names a unit the viewer may not know of.
    pub fn line(&self, n: usize) -> Option<Line> {
        self.line_with(n, NOTES_SHOWN)
    }

    /// Event `n` with every note the viewer may read (for the report).
    pub fn whole_line(&self, n: usize) -> Option<Line> {
        self.line_with(n, usize::MAX)
    }

    fn line_with(&self, n: usize, most: usize) -> Option<Line> {
        let game = self.game;
        let state = game.state();
        let (event, outcome) = (game.event(n)?, game.outcome(n)?);
        if !self.sees_all(&outcome.about.summary) {
            return None;
        }
        let in_effect = game.in_effect(n);
        let facts = event.command.facts(state);
        let units: Vec<UnitId> = facts
            .units
            .iter()
            .copied()
            .filter(|u| self.sees(*u))
            .collect();
        if self.told_in_brief(outcome, in_effect) {
            // What it was about, in the words of its command: nothing of what it chose.
            return Some(Line {
                event: n,
                in_effect,
                summary: facts.label,
                notes: Vec::new(),
                more_notes: 0,
                referee: Vec::new(),
                more_referee: 0,
                due: Vec::new(),
                dice: String::new(),
                luck: None,
                detail: Detail::None,
                kind: facts.kind,
                units,
            });
        }
        let limit = outcome.about.limit.filter(|_| !self.knows_turn_limit());
        let end_roll = outcome.about.end_roll.filter(|_| !self.knows_length());
        let (notes, more_notes) = cut_notes(
            outcome
                .notes
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    Some(*i) != limit
                        && Some(*i) != end_roll
                        && self.sees_all(outcome.about.note(*i))
                })
                .map(|(_, note)| note),
            most,
        );
        let (referee, more_referee) = if self.reads_referee_notes() {
            cut_notes(outcome.referee.iter(), most)
        } else {
            (Vec::new(), 0)
        };
        let due = outcome
            .due
            .iter()
            .enumerate()
            .filter(|(i, _)| self.sees_all(outcome.about.due(*i)))
            .map(|(_, line)| line.clone())
            .collect();
        // The solo opponent's percentiles would tell which markers hide somebody.
        let dice = if facts.secret_dice && !self.knows_secrets_of(Side::Insurgent) {
            String::new()
        } else {
            crate::view::event_dice_words(event, self)
        };
        Some(Line {
            event: n,
            in_effect,
            summary: outcome.summary.clone(),
            notes,
            more_notes,
            referee,
            more_referee,
            due,
            dice,
            luck: crate::story::luck_words(&outcome.detail),
            detail: outcome.detail.clone(),
            kind: facts.kind,
            units,
        })
    }

    /// Every event this viewer may read, oldest first, undone ones included, their notes cut.
    pub fn lines(&self) -> impl Iterator<Item = Line> + 'a {
        let sight = *self;
        (0..self.game.event_count()).filter_map(move |n| sight.line(n))
    }

    /// Every event this viewer may read with every note (for the report).
    pub fn whole_lines(&self) -> impl Iterator<Item = Line> + 'a {
        let sight = *self;
        (0..self.game.event_count()).filter_map(move |n| sight.whole_line(n))
    }

    /// The scenario's notes for the referee on the turn now, if this viewer reads them and the
    /// turn began with some (a note on a set turn): the event that began the turn, its first
    /// [`NOTES_SHOWN`] notes and how many more. A screen shows them until the reader dismisses
    /// them, whatever came since.
    pub fn turn_notes(&self) -> Option<TurnNotes> {
        if !self.reads_referee_notes() {
            return None;
        }
        let game = self.game;
        let began = (0..game.event_count()).rev().find(|&n| {
            game.in_effect(n)
                && game
                    .event(n)
                    .is_some_and(|e| matches!(e.command, Command::EndTurn | Command::PlayOn))
        })?;
        // With it, the notes the scenario's rolls of this turn gave (version 4: an event on a
        // roll is rolled for as the turn begins, in a step of its own).
        let rolls = (began + 1..game.event_count()).filter(|&n| {
            game.in_effect(n)
                && game
                    .event(n)
                    .is_some_and(|e| matches!(e.command, Command::EventRoll { .. }))
        });
        let mut event = began;
        let mut referee: Vec<&String> = Vec::new();
        for n in std::iter::once(began).chain(rolls) {
            let Some(outcome) = game.outcome(n) else {
                continue;
            };
            if !outcome.referee.is_empty() {
                event = n;
                referee.extend(&outcome.referee);
            }
        }
        if referee.is_empty() {
            return None;
        }
        let (notes, more) = cut_notes(referee.into_iter(), NOTES_SHOWN);
        Some(TurnNotes { event, notes, more })
    }

    /// The line before every event, if the game has one: how a solo game's opponent was set to
    /// play as the game began ("Solo game: the app commands the Insurgents at Regular, its
    /// reasoning shown"); every change since is an event of its own.
    pub fn opening_line(&self) -> Option<String> {
        let words = self.game.initial_settings().solo_words()?;
        Some(format!(
            "Solo game: the app commands the Insurgents at {words}"
        ))
    }

    /// The latest event in effect this viewer may read.
    pub fn last_line(&self) -> Option<Line> {
        (0..self.game.event_count())
            .rev()
            .filter(|&n| self.game.in_effect(n))
            .find_map(|n| self.line(n))
    }
}
