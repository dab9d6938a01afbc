//! The questions the solo opponent asks: one row each, the answers side by side, each named in
//! full ("Does Insurgents 4 see Fireteam Alpha? yes, farther") for screen readers and tests.

use egui::Ui;

use ambush_core::game::Game;
use ambush_core::unit::UnitId;

use super::{Sight, SoloForm};

/// One question with its answers side by side: "Insurgents 4 sees Fireteam Alpha? no · yes ·
/// within 6"". Each answer is named in full for screen readers and tests.
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

/// Does this Insurgent unit see that Regular unit, and within its Optimum Range?
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
    // Under a marker, every contact is asked about the same way.
    let range = if state.is_hidden(insurgent) {
        contact_range(game)
    } else {
        format!("yes, within {}", state.distance(ins.profile.optimum_range))
    };
    let sight = form.sight.entry((insurgent, regular)).or_default();
    question_ui(
        ui,
        &format!("Does {} see {}?", state.shown_name(insurgent), reg.name),
        sight,
        &[
            (Sight::Unseen, "no"),
            (Sight::Farther, "yes, farther"),
            (Sight::InRange, range.as_str()),
        ],
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
    let range = contact_range(game);
    let sight = form
        .marker_sight
        .entry((marker.to_owned(), regular))
        .or_default();
    question_ui(
        ui,
        &format!("Does {name} see {regular_name}?"),
        sight,
        &[
            (Sight::Unseen, "no"),
            (Sight::Farther, "yes, farther"),
            (Sight::InRange, range.as_str()),
        ],
    );
}

/// The answer "within Optimum Range" for a marker: the arriving Insurgents' range, the same
/// for every marker.
fn contact_range(game: &Game) -> String {
    let state = game.state();
    format!(
        "yes, within {}",
        state.distance(game.scenario().insurgents.profile.optimum_range)
    )
}
