//! The Stats tab: the story of the dice (`ambush_core::story`) for each side, and two charts by turn.

use egui::Color32;
use egui::{RichText, Ui};
use egui_plot::{Legend, Line, LineStyle, Plot, PlotPoints};

use ambush_core::game::Game;
use ambush_core::story::{Story, index};
use ambush_core::unit::Side;

use crate::ui::widgets::style;

/// The story, worked out again only when the game changes.
#[derive(Debug, Default)]
pub struct StatsForm {
    story: Option<(usize, Story)>,
}

/// The Stats tab.
pub fn stats_ui(ui: &mut Ui, game: &Game, form: &mut StatsForm) {
    let revision = game.revision();
    if form.story.as_ref().is_none_or(|(r, _)| *r != revision) {
        form.story = Some((revision, ambush_core::story::tell(game)));
    }
    let Some((_, story)) = &form.story else {
        return;
    };
    style::heading(ui, "The story of the dice");
    if let Some(stopped) = &story.stopped {
        ui.label(
            egui::RichText::new(ambush_core::text::capitalized(stopped))
                .color(ui.visuals().warn_fg_color),
        );
    }
    ui.label(
        RichText::new(
            "Every roll placed in its exact distribution. Luck is the mean percentile of a side's rolls: 50% is an average game.",
        )
        .weak(),
    );
    egui::Grid::new("stats_sides")
        .striped(true)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for head in [
                "",
                "fire",
                "casualties caused",
                "expected",
                "tests passed",
                "expected",
                "luck",
            ] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for side in [Side::Regular, Side::Insurgent] {
                let s = &story.sides[index(side)];
                ui.label(RichText::new(side.to_string()).strong());
                ui.label(s.fires.to_string());
                ui.label(s.casualties.to_string());
                ui.label(format!("{:.1}", s.expected_casualties));
                ui.label(format!("{} of {}", s.passed, s.tests));
                ui.label(format!("{:.1}", s.expected_passed));
                ui.label(
                    s.luck
                        .map_or_else(|| "—".to_owned(), |l| format!("{:.0}%", l * 100.0)),
                );
                ui.end_row();
            }
        });
    let per_turn = |f: &dyn Fn(&ambush_core::story::TurnStats) -> f64| -> PlotPoints<'static> {
        story
            .turns
            .iter()
            .map(|t| [f64::from(t.turn), f(t)])
            .collect::<Vec<_>>()
            .into()
    };
    let height = (ui.available_height() / 2.0 - 30.0).clamp(140.0, 320.0);
    chart_ui(
        ui,
        "Victory points by turn",
        height,
        vec![
            (
                "Regulars",
                BLUE,
                false,
                per_turn(&|t| t.victory_points[0] as f64),
            ),
            (
                "Insurgents",
                ORANGE,
                false,
                per_turn(&|t| t.victory_points[1] as f64),
            ),
        ],
    );
    chart_ui(
        ui,
        "Casualties caused per turn, and as expected",
        height,
        vec![
            (
                "Regulars' casualties caused",
                BLUE,
                false,
                per_turn(&|t| t.casualties[0] as f64),
            ),
            (
                "Regulars expected",
                BLUE,
                true,
                per_turn(&|t| t.expected_casualties[0]),
            ),
            (
                "Insurgents' casualties caused",
                ORANGE,
                false,
                per_turn(&|t| t.casualties[1] as f64),
            ),
            (
                "Insurgents expected",
                ORANGE,
                true,
                per_turn(&|t| t.expected_casualties[1]),
            ),
        ],
    );
}

/// The sides' colours, as on the desk.
const BLUE: Color32 = Color32::from_rgb(90, 150, 255);
const ORANGE: Color32 = Color32::from_rgb(240, 130, 70);

/// A line of a chart: its name, colour, whether dashed (an expectation), and its points.
type ChartLine<'a> = (&'a str, Color32, bool, PlotPoints<'static>);

/// One chart that does not move under the hand: no drag, zoom or scroll.
fn chart_ui(ui: &mut Ui, title: &str, height: f32, lines: Vec<ChartLine<'_>>) {
    ui.label(RichText::new(title).strong());
    Plot::new(title)
        .height(height)
        .legend(Legend::default())
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show(ui, |plot| {
            for (name, color, dashed, points) in lines {
                let line = Line::new(name, points).color(color).width(2.5);
                plot.line(if dashed {
                    line.style(LineStyle::dashed_loose())
                } else {
                    line
                });
            }
        });
}
