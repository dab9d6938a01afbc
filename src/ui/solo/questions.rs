//! The questions the solo opponent asks: one row each, the answers side by side, each named in
//! full ("Does Insurgents 4 see Fireteam Alpha? yes, farther") for screen readers and tests.

use egui::Ui;

use ambush_core::game::Game;
use ambush_core::solo;
use ambush_core::unit::UnitId;

use super::{Sight, SoloForm};

/// One question with its answers side by side: "Does Insurgents 4 see Fireteam Alpha? no · yes,
/// farther · yes, within 12" of its RPG · yes, within 6" of its leader". Each answer is named in
/// full for screen readers and tests.
pub(super) fn question_ui<T: PartialEq + Copy>(
    ui: &mut Ui,
    question: &str,
    value: &mut T,
    answers: &[(T, &str)],
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(question);
        for (answer, words) in answers {
            let selected = *value == *answer;
            let response = ui.selectable_label(selected, *words);
            response.widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::RadioButton,
                    true,
                    selected,
                    format!("{question} {words}"),
                )
            });
            if response.clicked() {
                *value = *answer;
            }
        }
    });
}

/// Whether a Regular unit is in the open and behind Solid Cover: two questions.
pub(super) fn ground_ui(ui: &mut Ui, form: &mut SoloForm, regular: UnitId, name: &str) {
    let yes_no = [(false, "no"), (true, "yes")];
    let open = form.open.entry(regular).or_insert(false);
    question_ui(ui, &format!("Is {name} in the open?"), open, &yes_no);
    let cover = form.cover.entry(regular).or_insert(false);
    question_ui(
        ui,
        &format!("Is {name} behind Solid Cover from them?"),
        cover,
        &yes_no,
    );
}

/// Does this Insurgent unit see that Regular unit, and within which of its own ranges (those of
/// its riflemen and of its support weapons, at the game's scale)? The core words the answers
/// and says which of them earn the Optimum Range die.
pub(super) fn sight_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut SoloForm,
    insurgent: UnitId,
    regular: UnitId,
) {
    let state = game.state();
    let (Some(ins), Some(reg)) = (state.unit(insurgent), state.unit(regular)) else {
        return;
    };
    let answers: Vec<(Sight, String)> = solo::distance_answers(game, Some(insurgent))
        .into_iter()
        .map(|(distance, words)| {
            let in_range = solo::within_optimum_range(ins, distance);
            (Sight::Seen { distance, in_range }, words)
        })
        .collect();
    let sight = form.sight.entry((insurgent, regular)).or_default();
    // The unit's reach may have changed since the answer (its RPG gunner lost): the die
    // follows the unit as it is now.
    if let Sight::Seen { distance, in_range } = sight {
        *in_range = solo::within_optimum_range(ins, *distance);
    }
    let mut rows = vec![(Sight::Unseen, "no")];
    rows.extend(answers.iter().map(|(s, w)| (*s, w.as_str())));
    question_ui(
        ui,
        &format!("Does {} see {}?", state.shown_name(insurgent), reg.name),
        sight,
        &rows,
    );
}

/// The same question about a marker that hides nothing: the answer is kept, and changes
/// nothing.
pub(super) fn marker_sight_ui(
    ui: &mut Ui,
    game: &Game,
    form: &mut SoloForm,
    marker: &str,
    regular: UnitId,
) {
    let state = game.state();
    let name = format!("Contact {marker}");
    let regular_name = state.unit(regular).map_or("", |u| u.name.as_str());
    let answers: Vec<(Sight, String)> = solo::distance_answers(game, None)
        .into_iter()
        .map(|(distance, words)| {
            (
                Sight::Seen {
                    distance,
                    in_range: false,
                },
                words,
            )
        })
        .collect();
    let sight = form
        .marker_sight
        .entry((marker.to_owned(), regular))
        .or_default();
    let mut rows = vec![(Sight::Unseen, "no")];
    rows.extend(answers.iter().map(|(s, w)| (*s, w.as_str())));
    question_ui(
        ui,
        &format!("Does {name} see {regular_name}?"),
        sight,
        &rows,
    );
}
