//! The questions the solo opponent asks: one row each, the answers side by side, each named in
//! full ("Which of these can see Fireteam Alpha? Insurgents 4") for screen readers and tests.
//! A question whose answers were kept from an earlier turn or phase says so, with a button to
//! keep them.

use egui::{RichText, Ui};

use ambush_core::game::{Game, GameState};
use ambush_core::solo::Distance;
use ambush_core::unit::UnitId;

use super::{Sighting, SoloForm, Stamp, Who};
use crate::ui::widgets::style::choice_button;

/// One question with one answer to pick: "What does it do first? moves · fires". Each answer
/// is named in full for screen readers and tests. True when the answer changed.
pub(super) fn question_ui<T: PartialEq + Copy>(
    ui: &mut Ui,
    question: &str,
    kept: Option<Stamp>,
    value: &mut T,
    answers: &[(T, &str)],
) -> bool {
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(question);
        for (answer, words) in answers {
            let selected = *value == *answer;
            let name = format!("{question} {words}");
            if choice_button(ui, words, &name, selected, egui::Role::RadioButton).clicked() {
                *value = *answer;
                changed = true;
            }
        }
        changed |= kept_ui(ui, question, kept);
    });
    changed
}

/// One question with several answers, any of which may be picked: "Which of these can see
/// Fireteam Alpha? Insurgents 1 · Insurgents 4 · Contact A". Each answer is a toggle named in
/// full. Returns the answers clicked, and whether the answers kept were confirmed.
fn which_ui<K: Clone>(
    ui: &mut Ui,
    question: &str,
    kept: Option<Stamp>,
    answers: &[(K, String, bool)],
) -> (Vec<K>, bool) {
    let mut clicked = Vec::new();
    let mut confirmed = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(question);
        for (key, words, selected) in answers {
            let name = format!("{question} {words}");
            if choice_button(ui, words, &name, *selected, egui::Role::CheckBox).clicked() {
                clicked.push(key.clone());
            }
        }
        confirmed = kept_ui(ui, question, kept);
    });
    (clicked, confirmed)
}

/// "kept from turn 1, Regular activations: still so", after a question whose answers were
/// given earlier. True when the player confirmed them.
fn kept_ui(ui: &mut Ui, question: &str, kept: Option<Stamp>) -> bool {
    let Some(when) = kept else {
        return false;
    };
    ui.label(RichText::new(format!("(answers kept from {})", when.words())).weak());
    let name = format!("{question} still so");
    crate::ui::widgets::style::named_button(ui, "still so", &name, true).clicked()
}

/// One of those asked about a Regular unit (or asked what it sees): who, its name on the table,
/// and the ranges it is asked about.
pub(super) struct Asked {
    /// Who it is.
    pub who: Who,
    /// The Regular unit.
    pub regular: UnitId,
    /// The answer's words: the unit's or marker's name (or the Regular unit's, when a card asks
    /// what one unit sees).
    pub words: String,
    /// Its ranges, shortest first: which kind, inches at 15mm, and whose it is.
    pub ranges: Vec<(Distance, u32, Option<String>)>,
}

/// The questions of sight for these pairs: which see (one question), then which of those are
/// within their Optimum Range, and which within the doubled range of their support weapons (one
/// question each, asked only of those seen with such a range and not already within a shorter
/// one). However many units or markers, that is three questions at most. `which` is the first
/// question's words, `within` words the others from a distance ("6\"") or, when the units'
/// ranges differ, from none. Returns how many questions it asked.
pub(super) fn sight_ui(
    ui: &mut Ui,
    state: &GameState,
    form: &mut SoloForm,
    asked: &[Asked],
    which: &str,
    within: &dyn Fn(Option<&str>) -> String,
) -> usize {
    let now = Stamp::now(state);
    let key = |a: &Asked| (a.who.clone(), a.regular);
    let answers: Vec<(usize, String, bool)> = asked
        .iter()
        .enumerate()
        .map(|(i, a)| (i, a.words.clone(), form.sight.contains_key(&key(a))))
        .collect();
    let kept = kept_from(asked.iter().filter_map(|a| form.sight.get(&key(a))), now);
    let (clicked, confirmed) = which_ui(ui, which, kept, &answers);
    for i in clicked {
        let k = key(&asked[i]);
        if form.sight.remove(&k).is_none() {
            form.sight.insert(
                k,
                Sighting {
                    within: None,
                    when: now,
                },
            );
        }
    }
    if confirmed {
        restamp(form, asked, now);
    }
    let mut questions = 1;
    for band in [Distance::RifleRange, Distance::SupportRange] {
        // Those seen with a range of this kind, not already within a shorter one.
        let rows: Vec<(usize, u32, Option<&String>)> = asked
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let sighting = form.sight.get(&key(a))?;
                let (_, inches, whose) = a.ranges.iter().find(|(d, _, _)| *d == band)?;
                if sighting.within.is_some_and(|w| w < *inches) {
                    return None;
                }
                Some((i, *inches, whose.as_ref()))
            })
            .collect();
        let Some(&(_, first, _)) = rows.first() else {
            continue;
        };
        let alike = rows.iter().all(|(_, inches, _)| *inches == first);
        let answers: Vec<(usize, String, bool)> = rows
            .iter()
            .map(|&(i, inches, whose)| {
                let name = &asked[i].words;
                let words = match (alike, whose) {
                    (true, None) => name.clone(),
                    (true, Some(whose)) => format!("{name} ({whose})"),
                    (false, None) => format!("{name} ({})", state.distance(inches)),
                    (false, Some(whose)) => {
                        format!("{name} ({} of {whose})", state.distance(inches))
                    }
                };
                let selected = form
                    .sight
                    .get(&key(&asked[i]))
                    .is_some_and(|s| s.within == Some(inches));
                (i, words, selected)
            })
            .collect();
        let distance = state.distance(first);
        let question = within(alike.then_some(distance.as_str()));
        let kept = kept_from(
            rows.iter()
                .filter_map(|(i, _, _)| form.sight.get(&key(&asked[*i]))),
            now,
        );
        let (clicked, confirmed) = which_ui(ui, &question, kept, &answers);
        questions += 1;
        for i in clicked {
            let inches = rows.iter().find(|(j, _, _)| *j == i).map_or(first, |r| r.1);
            if let Some(sighting) = form.sight.get_mut(&key(&asked[i])) {
                sighting.within = if sighting.within == Some(inches) {
                    None
                } else {
                    Some(inches)
                };
                sighting.when = now;
            }
        }
        if confirmed {
            restamp(form, asked, now);
        }
    }
    questions
}

/// Stamps every answer of these pairs as given now.
fn restamp(form: &mut SoloForm, asked: &[Asked], now: Stamp) {
    for a in asked {
        if let Some(s) = form.sight.get_mut(&(a.who.clone(), a.regular)) {
            s.when = now;
        }
    }
}

/// The earliest stamp of answers given before now, if any.
fn kept_from<'a>(sightings: impl Iterator<Item = &'a Sighting>, now: Stamp) -> Option<Stamp> {
    sightings
        .map(|s| s.when)
        .filter(|w| *w != now)
        .min_by_key(|w| (w.turn, w.phase as u8))
}

/// Whether a Regular unit is in the open, and behind Solid Cover from those who see it: two
/// questions.
pub(super) fn ground_ui(ui: &mut Ui, state: &GameState, form: &mut SoloForm, regular: UnitId) {
    let now = Stamp::now(state);
    let name = state.unit(regular).map_or("", |u| u.name.as_str());
    let yes_no = [(false, "no"), (true, "yes")];
    for (question, answers) in [
        (format!("Is {name} in the open?"), &mut form.open),
        (
            format!("Is {name} behind Solid Cover from them?"),
            &mut form.cover,
        ),
    ] {
        let entry = answers.entry(regular).or_insert((false, now));
        let kept = (entry.0 && entry.1 != now).then_some(entry.1);
        if question_ui(ui, &question, kept, &mut entry.0, &yes_no) {
            entry.1 = now;
        }
    }
}

/// Which of these Regular units are in the open, and which behind Solid Cover from the unit
/// (or marker) that sees them: two questions, each with several answers.
pub(super) fn grounds_ui(ui: &mut Ui, state: &GameState, form: &mut SoloForm, seen: &[UnitId]) {
    let now = Stamp::now(state);
    let name = |r: &UnitId| state.unit(*r).map_or(String::new(), |u| u.name.clone());
    for (question, answers) in [
        ("Which of them are in the open?", &mut form.open),
        (
            "Which of them are behind Solid Cover from it?",
            &mut form.cover,
        ),
    ] {
        let rows: Vec<(UnitId, String, bool)> = seen
            .iter()
            .map(|r| (*r, name(r), answers.get(r).is_some_and(|a| a.0)))
            .collect();
        let kept = seen
            .iter()
            .filter_map(|r| answers.get(r))
            .filter(|a| a.0 && a.1 != now)
            .map(|a| a.1)
            .min_by_key(|w| (w.turn, w.phase as u8));
        let (clicked, confirmed) = which_ui(ui, question, kept, &rows);
        for r in clicked {
            let entry = answers.entry(r).or_insert((false, now));
            *entry = (!entry.0, now);
        }
        if confirmed {
            for r in seen {
                if let Some(a) = answers.get_mut(r) {
                    a.1 = now;
                }
            }
        }
    }
}

/// Who is asked about as seeing `regular`: the Insurgent units in view the rules would let
/// interrupt it, then every marker on the table, whatever it hides.
pub(super) fn asked_about(game: &Game, units: &[UnitId], regular: UnitId) -> Vec<Asked> {
    let state = game.state();
    let unit_rows = units.iter().filter_map(|&u| {
        Some(Asked {
            who: Who::Unit(u),
            regular,
            words: state.unit(u)?.name.clone(),
            ranges: ambush_core::solo::ranges(game, Some(u)),
        })
    });
    let marker_rows = state.markers_on_table().map(|c| Asked {
        who: Who::Marker(c.marker.clone()),
        regular,
        words: c.name(),
        ranges: ambush_core::solo::ranges(game, None),
    });
    unit_rows.chain(marker_rows).collect()
}
