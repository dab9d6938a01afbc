//! The solo opponent on hand-made situations: options weighed by the exact odds, a recorded
//! roll choosing among them, difficulty, and what it asks.

use crate::common;

use std::sync::Arc;

use ambush_core::game::{Command, Game, Settings, SoloDifficulty};
use ambush_core::solo::{UnitOrders, View};
use ambush_core::unit::UnitId;

use common::contracting_trouble;

mod asking;
mod difficulty;
mod panel;
mod recorded;
mod staying;
mod weighing;

fn solo_game(difficulty: SoloDifficulty) -> Game {
    Game::new(
        Arc::new(contracting_trouble()),
        Settings {
            solo: true,
            difficulty,
            ..Settings::default()
        },
    )
}

fn view(regular: UnitId, in_range: bool, exposed: bool) -> View {
    View {
        regular,
        in_range,
        exposed,
        solid_cover: false,
    }
}

fn orders_of(orders: &[UnitOrders], unit: UnitId) -> &UnitOrders {
    orders.iter().find(|o| o.unit == unit).expect("orders")
}

/// The options of a decision: (words, percent), best first.
fn options(decide: &Command) -> Vec<(String, u8)> {
    match decide {
        Command::SoloDecide { options, .. } => options
            .iter()
            .map(|o| (o.words.clone(), o.percent))
            .collect(),
        other => panic!("not a decision: {other:?}"),
    }
}
