//! Preferences kept between runs: zoom, theme, physical dice, where the table opens to phones.
//! (No path is kept: a path typed for one game is never offered for another.)

use serde::{Deserialize, Serialize};

/// Preferences kept between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Zoom: 1.0 is egui's normal size; the default is larger, to read at arm's length.
    pub ui_scale: f32,
    /// Dark theme.
    pub dark: bool,
    /// Ask for the faces of physical dice instead of rolling.
    pub physical_dice: bool,
    /// The table screen for the players is open.
    pub table_screen: bool,
    /// Its size and position when last seen, in points.
    pub table_rect: Option<[f32; 4]>,
    /// Its text size: 1.0 is its normal, already large, size.
    pub table_scale: f32,
    /// The log's height as the referee last left it, in points (none: the window's default).
    pub log_height: Option<f32>,
    /// The log is folded to one line, giving its room to the desk.
    pub log_folded: bool,
    /// How the last solo game was started: the start screen offers the same again.
    pub solo: crate::ui::command::SoloStart,
    /// Where the table last opened to phones (`--phones` or the Game menu): it opens there
    /// again, so the pages of a game kept open find it after a restart.
    pub table_address: Option<std::net::SocketAddr>,
    /// The address of this computer the links last named, of several.
    pub table_host: Option<std::net::IpAddr>,
    /// The table's links are folded to one line, giving their room to the desk.
    pub table_folded: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            ui_scale: 1.25,
            dark: true,
            physical_dice: false,
            table_screen: false,
            table_rect: None,
            table_scale: 1.0,
            log_height: None,
            log_folded: false,
            solo: Default::default(),
            table_address: None,
            table_host: None,
            table_folded: false,
        }
    }
}

/// The smallest and largest zoom.
pub const SCALE_RANGE: (f32, f32) = (0.8, 2.4);

/// A zoom kept within [`SCALE_RANGE`], rounded to a twentieth.
pub fn clamp_scale(scale: f32) -> f32 {
    ((scale * 20.0).round() / 20.0).clamp(SCALE_RANGE.0, SCALE_RANGE.1)
}

pub(super) const PREFS_KEY: &str = "ambush-alley-prefs";

impl super::AssistantApp {
    /// Applies the zoom, the theme and the desk's spacing once they change.
    pub(super) fn apply_prefs(&mut self, ctx: &egui::Context) {
        let key = (self.prefs.ui_scale.to_bits(), self.prefs.dark);
        if self.applied_prefs == Some(key) {
            return;
        }
        // One zoom: the View menu and Ctrl+Plus/Minus both change this setting (egui's own
        // keyboard zoom is off, so the two never disagree).
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        self.prefs.ui_scale = clamp_scale(self.prefs.ui_scale);
        ctx.set_zoom_factor(self.prefs.ui_scale);
        ctx.set_theme(if self.prefs.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        ctx.global_style_mut(|style| {
            style.spacing.button_padding = egui::vec2(8.0, 4.0);
            style.spacing.item_spacing = egui::vec2(8.0, 6.0);
            // Nothing springs back or coasts under the referee's hand: a view held at the end
            // of the log stays there as the log grows.
            style.spacing.scroll.kinetic.rubber_band = false;
        });
        self.applied_prefs = Some(key);
    }
}
