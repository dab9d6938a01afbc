//! Showing exact odds before a roll: a bar chart for fire, plain percentages for tests.

use egui::{RichText, Ui};
use egui_plot::{Bar, BarChart, Plot, PlotPoint, Text};

use ambush_core::odds::Distribution;
pub use ambush_core::text::percent;

/// The casualty distribution of a fire combat: bars with their percentages written on them,
/// and the two figures a referee asks for.
pub fn casualties_ui(ui: &mut Ui, dist: &Distribution) {
    ui.label(
        RichText::new(format!(
            "Chance of at least one casualty: {} — mean {:.2} casualties",
            percent(dist.at_least(1)),
            dist.mean()
        ))
        .strong(),
    );
    let color = if ui.visuals().dark_mode {
        egui::Color32::from_rgb(220, 110, 80)
    } else {
        egui::Color32::from_rgb(180, 60, 30)
    };
    let bars: Vec<Bar> = dist
        .p
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            Bar::new(k as f64, p * 100.0)
                .width(0.7)
                .name(ambush_core::text::plural(k, "casualty", "casualties"))
                .fill(color.gamma_multiply(0.8))
        })
        .collect();
    let labels: Vec<(f64, f64, String)> = dist
        .p
        .iter()
        .enumerate()
        .filter(|(_, p)| **p >= 0.005)
        .map(|(k, &p)| (k as f64, p * 100.0, format!("{:.0}%", p * 100.0)))
        .collect();
    let top = dist.p.iter().fold(0.0f64, |a, &b| a.max(b)) * 100.0;
    Plot::new("casualty_odds")
        .height(130.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_grid([false, false])
        .include_y(0.0)
        .include_y(top * 1.2 + 1.0)
        .include_x(-0.6)
        .include_x(dist.p.len() as f64 - 0.4)
        // The percentages are written on the bars and the counts under them: no axis, so
        // nothing reads below zero.
        .show_axes([false, false])
        .include_y(-top * 0.2 - 1.0)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("Casualties", bars).color(color));
            for (x, y, text) in labels {
                plot.text(Text::new(
                    "odds label",
                    PlotPoint::new(x, y + top * 0.08 + 0.5),
                    text,
                ));
            }
            // The number of casualties under each bar.
            for k in 0..dist.p.len() {
                plot.text(Text::new(
                    "casualty count",
                    PlotPoint::new(k as f64, -top * 0.1 - 0.5),
                    egui::RichText::new(format!("{k}")).strong(),
                ));
            }
        });
}

pub use ambush_core::odds::{first_aid_words, morale_words};
