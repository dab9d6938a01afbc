//! The referee's desk: the eframe app.
//!
//! Panels read the game and push [`UiCommand`]s; [`AssistantApp`] applies them once per frame,
//! after the panels have been drawn. Nothing here changes the game except through its log.

mod app;
/// The table's QR codes and the tokens kept beside the autosave, for the tests in `tests/it`.
pub use app::{phones_qr, table_keys};
mod command;
mod now;
mod panels;
mod solo;
pub mod table_screen;
mod tabs;
mod widgets;

use std::path::PathBuf;

pub use app::{AssistantApp, Prefs};
pub use command::{SoloStart, UiCommand};

/// The tabs of the desk in the middle of the window.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Tab {
    /// Now: the step of the turn in progress, what is due, and the actions the rules allow.
    #[default]
    Now,
    /// Fire combat.
    Fire,
    /// Reaction tests, interrupts, Quality and Morale checks.
    Tests,
    /// Manual edits.
    Edit,
    /// The scenario: brief, objectives, special rules, and the victory points.
    Scenario,
    /// The story of the dice: each side's luck, and charts by turn.
    Stats,
}

impl Tab {
    /// Every tab, in order.
    pub const ALL: [Tab; 6] = [
        Tab::Now,
        Tab::Fire,
        Tab::Tests,
        Tab::Edit,
        Tab::Scenario,
        Tab::Stats,
    ];

    /// The tab's label.
    pub const fn label(self) -> &'static str {
        match self {
            Tab::Now => "Now",
            Tab::Fire => "Fire",
            Tab::Tests => "Tests",
            Tab::Edit => "Edit",
            Tab::Scenario => "Scenario",
            Tab::Stats => "Stats",
        }
    }
}

/// How the app starts.
#[derive(Clone, Debug, Default)]
pub struct StartOptions {
    /// A scenario or saved game to open at once (`ambush-alley play FILE`).
    pub open: Option<PathBuf>,
    /// Start the scenario given to open as a solo game, its opponent set so (`ambush-alley
    /// play --solo [--difficulty LEVEL] [--hidden-reasoning] FILE`).
    pub solo: Option<SoloStart>,
    /// Where the autosave lives; `None` for no autosave.
    pub data_dir: Option<PathBuf>,
    /// Seed for the app's dice (tests); `None` seeds from the system.
    pub seed: Option<u64>,
    /// Offer native file dialogs (off in tests, where none can open).
    pub native_dialogs: bool,
    /// Open the table to phones on this address once the game is open, and print each seat's
    /// link on standard output (`ambush-alley play FILE --phones`).
    pub phones: Option<std::net::SocketAddr>,
}

/// The preferences' file in a data folder of its own (`AMBUSH_ALLEY_DATA_DIR`).
pub const PREFS_FILE: &str = "app.ron";

/// Opens the window and runs the app until it is closed, its preferences kept in `prefs_file`
/// (`None`: in eframe's own folder).
pub fn run(options: StartOptions, prefs_file: Option<PathBuf>) -> Result<(), String> {
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Ambush Alley Assistant")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([900.0, 600.0]),
        renderer: eframe::Renderer::Glow,
        persistence_path: prefs_file,
        ..Default::default()
    };
    eframe::run_native(
        "Ambush Alley Assistant",
        native,
        Box::new(move |cc| Ok(Box::new(AssistantApp::new(cc, options)))),
    )
    .map_err(|e| e.to_string())
}
