//! The story of the dice in the after-action report: each side's rolls against what was to be
//! expected, and two charts written beside the report as SVG images.

use std::path::{Path, PathBuf};

use crate::charts::{Series, line_chart};
use crate::game::Game;
use crate::story::{Story, index};
use crate::unit::Side;

/// The report's charts: (file name suffix, SVG).
pub fn charts(story: &Story) -> Vec<(&'static str, String)> {
    let turns = |f: &dyn Fn(&crate::story::TurnStats) -> f64| -> Vec<(f64, f64)> {
        story
            .turns
            .iter()
            .map(|t| (f64::from(t.turn), f(t)))
            .collect()
    };
    let vp = line_chart(
        "Victory points by turn",
        "turn",
        "victory points",
        &[
            Series {
                name: "Regulars",
                color: "#1f5fbf",
                dashed: false,
                points: turns(&|t| t.victory_points[0] as f64),
            },
            Series {
                name: "Insurgents",
                color: "#c0501f",
                dashed: false,
                points: turns(&|t| t.victory_points[1] as f64),
            },
        ],
    );
    let casualties = line_chart(
        "Casualties caused per turn, and as expected",
        "turn",
        "casualties",
        &[
            Series {
                name: "Regulars' casualties caused",
                color: "#1f5fbf",
                dashed: false,
                points: turns(&|t| t.casualties[0] as f64),
            },
            Series {
                name: "Regulars expected",
                color: "#1f5fbf",
                dashed: true,
                points: turns(&|t| t.expected_casualties[0]),
            },
            Series {
                name: "Insurgents' casualties caused",
                color: "#c0501f",
                dashed: false,
                points: turns(&|t| t.casualties[1] as f64),
            },
            Series {
                name: "Insurgents expected",
                color: "#c0501f",
                dashed: true,
                points: turns(&|t| t.expected_casualties[1]),
            },
        ],
    );
    let [victory_points, casualties_suffix] = CHART_SUFFIXES;
    vec![(victory_points, vp), (casualties_suffix, casualties)]
}

/// The suffixes of the charts' file names, in the order [`charts`] gives them.
const CHART_SUFFIXES: [&str; 2] = ["victory-points", "casualties"];

/// Every file [`write`] writes for a report at `report`: the report first, then its charts.
/// What a front end checks before it asks about replacing files.
pub fn files_written(report: &Path) -> Vec<PathBuf> {
    std::iter::once(report.to_owned())
        .chain(
            CHART_SUFFIXES
                .iter()
                .map(|suffix| chart_path(report, suffix)),
        )
        .collect()
}

/// The file a chart is written to, beside the report: `aar.md` → `aar-casualties.svg`.
pub fn chart_path(report: &Path, suffix: &str) -> PathBuf {
    let stem = report
        .file_stem()
        .map_or_else(|| "report".into(), |s| s.to_string_lossy().into_owned());
    report.with_file_name(format!("{stem}-{suffix}.svg"))
}

/// The section of the report on the dice, linking the charts by their file names.
pub fn section(story: &Story, report: Option<&Path>) -> String {
    let mut out = String::from("## The story of the dice\n\n");
    if let Some(stopped) = &story.stopped {
        out.push_str(&format!(
            "**Short:** {}.\n\n",
            crate::text::capitalized(stopped)
        ));
    }
    out.push_str(
        "| side | fire combats | casualties caused | expected | tests passed | expected | luck |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|\n");
    for side in [Side::Regular, Side::Insurgent] {
        let s = &story.sides[index(side)];
        out.push_str(&format!(
            "| {side} | {} | {} | {:.1} | {} of {} | {:.1} | {} |\n",
            s.fires,
            s.casualties,
            s.expected_casualties,
            s.passed,
            s.tests,
            s.expected_passed,
            s.luck
                .map_or_else(|| "—".to_owned(), |l| format!("{:.0}%", l * 100.0))
        ));
    }
    out.push_str(
        "\nLuck is the mean percentile of a side's rolls: 50% is an average game, higher is luckier.\n\n",
    );
    if let Some(report) = report {
        for (suffix, _) in charts(story) {
            let name = chart_path(report, suffix)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push_str(&format!("![{suffix}]({name})\n\n"));
        }
    }
    out
}

/// Writes the after-action report and its charts beside it; the paths written, report first.
pub fn write(path: &Path, game: &Game) -> std::io::Result<Vec<PathBuf>> {
    let story = crate::story::tell(game);
    let charts = charts(&story);
    // Nothing that is not a regular file is written over (a device, a named pipe): checked
    // for the report and its charts before any of them is written.
    for target in files_written(path) {
        crate::files::writable(&target)
            .map_err(|what| crate::files::not_writable(&target, what))?;
    }
    let text = super::markdown_with(game, &story, Some(path), super::Reveal::AsTheTableKnows);
    std::fs::write(path, text)?;
    let mut written = vec![path.to_owned()];
    for (suffix, svg) in charts {
        let chart = chart_path(path, suffix);
        std::fs::write(&chart, svg)?;
        written.push(chart);
    }
    Ok(written)
}
