//! Pieces drawn inside the panels: colours, chips and dice faces, the words on small buttons,
//! the odds before a roll and what an event did. They read what they are given and never use
//! the app.

pub(super) mod award;
pub(super) mod labels;
pub(super) mod odds_view;
pub(super) mod paged;
pub(super) mod result;
pub(super) mod style;

use std::sync::Arc;

use ambush_core::game::Game;
use ambush_core::view::{TableView, Viewer};

/// The desk's view of the game ([`Viewer::Desk`]), worked out once per change of the game and
/// kept in the context for every panel that draws from it.
pub(crate) fn desk_view(ctx: &egui::Context, game: &Game) -> Arc<TableView> {
    view_for(ctx, game, Viewer::Desk)
}

/// A seat's view of the game, worked out once per change of the game.
pub(crate) fn view_for(ctx: &egui::Context, game: &Game, viewer: Viewer) -> Arc<TableView> {
    let id = egui::Id::unique(("table_view", viewer));
    let revision = game.revision();
    if let Some((at, view)) = ctx.data(|d| d.get_temp::<(usize, Arc<TableView>)>(id))
        && at == revision
    {
        return view;
    }
    let view = Arc::new(TableView::of(game, viewer));
    ctx.data_mut(|d| d.insert_temp(id, (revision, Arc::clone(&view))));
    view
}
