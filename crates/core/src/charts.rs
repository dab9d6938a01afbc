//! Line charts as SVG images, for the after-action report: written by hand, so the report needs
//! no screen and no drawing library.

use std::fmt::Write as _;

/// One line of a chart.
pub struct Series<'a> {
    /// Its name, in the legend.
    pub name: &'a str,
    /// Its colour, as CSS ("#1f77b4").
    pub color: &'a str,
    /// Drawn dashed (for expectations).
    pub dashed: bool,
    /// Its points: (x, y).
    pub points: Vec<(f64, f64)>,
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 48.0;

/// A line chart: a title, the name of the x axis, and its lines.
pub fn line_chart(title: &str, x_name: &str, y_name: &str, series: &[Series<'_>]) -> String {
    let points = series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, 0.0f64, f64::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        (x0, x1) = (0.0, 1.0);
    }
    if x1 - x0 < 1.0 {
        x1 = x0 + 1.0;
    }
    if y1 <= y0 {
        y1 = y0 + 1.0;
    }
    let sx = |x: f64| LEFT + (x - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT);
    let sy = |y: f64| HEIGHT - BOTTOM - (y - y0) / (y1 - y0) * (HEIGHT - TOP - BOTTOM);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/><text x="{LEFT}" y="24" font-size="16" font-weight="bold">{}</text>"#,
        escape(title)
    );
    // Axes, with a tick at each whole x and five on y.
    let (bx, by) = (sy(y0), sx(x0));
    let _ = writeln!(
        out,
        r#"<path d="M{by:.1} {TOP} V{bx:.1} H{:.1}" stroke="black" fill="none"/>"#,
        WIDTH - RIGHT
    );
    let step = ((x1 - x0) / 12.0).ceil().max(1.0);
    let mut x = x0.ceil();
    while x <= x1 {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{x}</text>"#,
            sx(x),
            bx + 18.0
        );
        x += step;
    }
    for i in 0..=4 {
        let y = y0 + (y1 - y0) * f64::from(i) / 4.0;
        let _ = writeln!(
            out,
            r##"<path d="M{by:.1} {:.1} H{:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            sy(y),
            WIDTH - RIGHT,
            by - 6.0,
            sy(y) + 4.0,
            trim(y)
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        (LEFT + WIDTH - RIGHT) / 2.0,
        HEIGHT - 10.0,
        escape(x_name)
    );
    let _ = writeln!(
        out,
        r#"<text x="14" y="{:.1}" transform="rotate(-90 14 {:.1})" text-anchor="middle">{}</text>"#,
        (TOP + HEIGHT - BOTTOM) / 2.0,
        (TOP + HEIGHT - BOTTOM) / 2.0,
        escape(y_name)
    );
    for (i, s) in series.iter().enumerate() {
        let path: Vec<String> = s
            .points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", sx(x), sy(y)))
            .collect();
        let dash = if s.dashed {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r#"<polyline points="{}" stroke="{}" stroke-width="2.5" fill="none"{dash}/>"#,
            path.join(" "),
            s.color
        );
        let ly = TOP + 4.0 + 18.0 * i as f64;
        let lx = WIDTH - RIGHT - 190.0;
        let _ = writeln!(
            out,
            r#"<path d="M{lx:.1} {ly:.1} h24" stroke="{}" stroke-width="2.5"{dash}/><text x="{:.1}" y="{:.1}">{}</text>"#,
            s.color,
            lx + 30.0,
            ly + 4.0,
            escape(s.name)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn trim(y: f64) -> String {
    if (y - y.round()).abs() < 1e-9 {
        format!("{y:.0}")
    } else {
        format!("{y:.1}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
