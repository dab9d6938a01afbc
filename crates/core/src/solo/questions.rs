//! The questions the solo opponent asks the player, as data: what it asks, of which unit or
//! marker, why, the answers given so far and which may be given now. A screen draws them one
//! row each and gives back the [`Answer`] of the choice clicked; it decides nothing itself.
//!
//! A question keeps its place and its choices as answers are given: a choice that cannot be
//! given yet (a range, before the unit is said to see the Marines) is there, closed, so no row
//! moves under the player's hand. Within a question no two choices read the same.

use serde::Serialize;

use crate::game::{GameState, TableQuestion};
use crate::unit::UnitId;

use super::Distance;
use super::answers::{Answer, Answers, Stamp, Who};

/// How many of a question's choices may be picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    /// One (a radio button).
    One,
    /// Any number (check boxes).
    Many,
}

/// One answer a question offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// Its words, distinct within the question.
    pub words: String,
    /// Picked now.
    pub picked: bool,
    /// It may be given now (closed: a choice that waits for an answer above it, or that an
    /// answer above already gives).
    pub open: bool,
    /// What picking it answers.
    pub answer: Answer,
}

/// One question of the solo opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Question {
    /// What it asks: "Which of these can see Fireteam Alpha?".
    pub words: String,
    /// Why it asks, in a few words.
    pub why: String,
    /// One answer or several.
    pub pick: Pick,
    /// Its answers, in the order of the table.
    pub choices: Vec<Choice>,
    /// When the answers it shows were given, if earlier than now: the player may confirm them
    /// with `still_so`.
    pub kept: Option<Stamp>,
    /// The answer that confirms the answers kept.
    pub still_so: Option<Answer>,
}

impl Question {
    /// A question, its choices made distinct.
    fn new(words: String, why: &str, pick: Pick, mut choices: Vec<Choice>) -> Self {
        distinct(&mut choices);
        Self {
            words,
            why: why.to_owned(),
            pick,
            choices,
            kept: None,
            still_so: None,
        }
    }

    /// Marks the answers kept from `kept`, confirmed by `still_so`.
    fn kept(mut self, kept: Option<Stamp>, still_so: Answer) -> Self {
        if kept.is_some() {
            self.kept = kept;
            self.still_so = Some(still_so);
        }
        self
    }
}

/// Makes the choices of a question read differently: a second and later choice with the same
/// words is numbered in the order of the table ("Roadblock section (2)").
fn distinct(choices: &mut [Choice]) {
    for i in 1..choices.len() {
        let same = choices[..i]
            .iter()
            .filter(|c| c.words == choices[i].words)
            .count();
        if same > 0 {
            let words = format!("{} ({})", choices[i].words, same + 1);
            choices[i].words = words;
        }
    }
}

/// One of those asked about a Regular unit (or asked what it sees): who, the Regular unit, the
/// answer's words, and the ranges it is asked about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Asked {
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

impl Asked {
    fn pair(&self) -> (Who, UnitId) {
        (self.who.clone(), self.regular)
    }
}

/// The questions of sight for these pairs: which see (one question), then which of those are
/// within their Optimum Range, and which within the doubled range of their support weapons (one
/// question each, when any of them has such a range): three questions at most, however many
/// units or markers. `which` is the first question's words; `within` words the others from a
/// distance ("6\"") or, when their ranges differ, from none. A range may be answered only of
/// one said to see the Marines, and a unit within its shorter range is within the longer one.
pub fn sight_questions(
    state: &GameState,
    answers: &Answers,
    asked: &[Asked],
    which: String,
    within: &dyn Fn(Option<&str>) -> String,
) -> Vec<Question> {
    let now = Stamp::now(state);
    let pairs: Vec<(Who, UnitId)> = asked.iter().map(Asked::pair).collect();
    let still_so = Answer::StillSo {
        pairs: pairs.clone(),
        ground: Vec::new(),
    };
    let sighting = |a: &Asked| answers.sighting(&a.who, a.regular);
    let choices = asked
        .iter()
        .map(|a| Choice {
            words: a.words.clone(),
            picked: sighting(a).is_some(),
            open: true,
            answer: Answer::Sees {
                who: a.who.clone(),
                regular: a.regular,
            },
        })
        .collect();
    let kept = Stamp::earliest_before(asked.iter().filter_map(sighting).map(|s| s.when), now);
    let mut questions = vec![
        Question::new(
            which,
            "only those that see it may answer it",
            Pick::Many,
            choices,
        )
        .kept(kept, still_so.clone()),
    ];
    for band in [Distance::RifleRange, Distance::SupportRange] {
        // Those with a range of this kind, whether they see it or not: the row keeps its place.
        let rows: Vec<(&Asked, u32, Option<&String>)> = asked
            .iter()
            .filter_map(|a| {
                let (_, inches, whose) = a.ranges.iter().find(|(d, _, _)| *d == band)?;
                Some((a, *inches, whose.as_ref()))
            })
            .collect();
        let Some(&(_, first, _)) = rows.first() else {
            continue;
        };
        let alike = rows.iter().all(|(_, inches, _)| *inches == first);
        let choices = rows
            .iter()
            .map(|&(a, inches, whose)| {
                let name = &a.words;
                let words = match (alike, whose) {
                    (true, None) => name.clone(),
                    (true, Some(whose)) => format!("{name} ({whose})"),
                    (false, None) => format!("{name} ({})", state.distance(inches)),
                    (false, Some(whose)) => {
                        format!("{name} ({} of {whose})", state.distance(inches))
                    }
                };
                let seen = sighting(a);
                // Within a shorter range already: within this one too.
                let shorter = seen.is_some_and(|s| s.within.is_some_and(|w| w < inches));
                Choice {
                    words,
                    picked: seen.is_some_and(|s| s.within.is_some_and(|w| w <= inches)),
                    open: seen.is_some() && !shorter,
                    answer: Answer::Within {
                        who: a.who.clone(),
                        regular: a.regular,
                        inches,
                    },
                }
            })
            .collect();
        let why = match band {
            Distance::RifleRange => "within its Optimum Range a unit fires with +1 Firepower",
            _ => "within the doubled range of its support weapons a unit fires with +1 Firepower",
        };
        let kept = Stamp::earliest_before(
            rows.iter()
                .filter_map(|(a, _, _)| sighting(a))
                .map(|s| s.when),
            now,
        );
        let distance = state.distance(first);
        questions.push(
            Question::new(
                within(alike.then_some(distance.as_str())),
                why,
                Pick::Many,
                choices,
            )
            .kept(kept, still_so.clone()),
        );
    }
    questions
}

/// Whether a Regular unit is in the open, and behind Solid Cover from those who see it (the
/// question above names it): two questions, each a yes or a no; `open` says whether they may be answered now (somebody
/// sees it).
pub fn ground_questions(
    state: &GameState,
    answers: &Answers,
    regular: UnitId,
    open: bool,
) -> Vec<Question> {
    let now = Stamp::now(state);
    let still_so = Answer::StillSo {
        pairs: Vec::new(),
        ground: vec![regular],
    };
    [
        (
            "Is it in the open?".to_owned(),
            TableQuestion::InTheOpen,
            answers.open(regular),
        ),
        (
            "Is it behind Solid Cover from them?".to_owned(),
            TableQuestion::SolidCover,
            answers.cover(regular),
        ),
    ]
    .into_iter()
    .map(|(words, asks, given)| {
        let yes = given.is_some_and(|a| a.yes);
        let choices = [false, true]
            .into_iter()
            .map(|answer| Choice {
                words: if answer { "yes" } else { "no" }.to_owned(),
                picked: yes == answer,
                open,
                answer: match asks {
                    TableQuestion::InTheOpen => Answer::Open {
                        regular,
                        yes: answer,
                    },
                    _ => Answer::Cover {
                        regular,
                        yes: answer,
                    },
                },
            })
            .collect();
        // A "yes" given earlier is shown as kept; a "no" is what nobody said otherwise.
        let kept = given.filter(|a| a.yes && a.when != now).map(|a| a.when);
        let why = format!("{}: {}", asks.words(), asks.effect());
        Question::new(words, &why, Pick::One, choices).kept(kept, still_so.clone())
    })
    .collect()
}

/// Which of these Regular units are in the open, and which behind Solid Cover from the unit (or
/// marker) that sees them: two questions, each with several answers, open for those it sees.
pub fn grounds_questions(
    state: &GameState,
    answers: &Answers,
    asked: &[Asked],
    seen: &[UnitId],
) -> Vec<Question> {
    let now = Stamp::now(state);
    let regulars: Vec<UnitId> = asked.iter().map(|a| a.regular).collect();
    let still_so = Answer::StillSo {
        pairs: Vec::new(),
        ground: regulars.clone(),
    };
    [
        ("Which are in the open?", TableQuestion::InTheOpen),
        (
            "Which are behind Solid Cover from it?",
            TableQuestion::SolidCover,
        ),
    ]
    .into_iter()
    .map(|(words, asks)| {
        let given = |r: UnitId| match asks {
            TableQuestion::InTheOpen => answers.open(r),
            _ => answers.cover(r),
        };
        let choices = asked
            .iter()
            .map(|a| {
                let yes = given(a.regular).is_some_and(|g| g.yes);
                Choice {
                    words: a.words.clone(),
                    picked: yes,
                    open: seen.contains(&a.regular),
                    answer: match asks {
                        TableQuestion::InTheOpen => Answer::Open {
                            regular: a.regular,
                            yes: !yes,
                        },
                        _ => Answer::Cover {
                            regular: a.regular,
                            yes: !yes,
                        },
                    },
                }
            })
            .collect();
        let kept = Stamp::earliest_before(
            regulars
                .iter()
                .filter_map(|r| given(*r))
                .filter(|g| g.yes)
                .map(|g| g.when),
            now,
        );
        let why = format!("{}: {}", asks.words(), asks.effect());
        Question::new(words.to_owned(), &why, Pick::Many, choices).kept(kept, still_so.clone())
    })
    .collect()
}

/// What the Regular unit activating does first, when that changes what an interruption breaks
/// into; open once somebody sees it.
pub fn first_question(answers: &Answers, open: bool) -> Question {
    let choices = [
        (super::RegularAction::Moves, "moves"),
        (super::RegularAction::Fires, "fires"),
    ]
    .into_iter()
    .map(|(action, words)| Choice {
        words: words.to_owned(),
        picked: answers.action == action,
        open,
        answer: Answer::First(action),
    })
    .collect();
    Question::new(
        "What does it do first?".to_owned(),
        "an interruption breaks into its movement, or into its fire",
        Pick::One,
        choices,
    )
}
