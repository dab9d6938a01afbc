//! The live stream of a seat: server-sent events, the seat's whole view at once on connecting
//! (so a page that slept or lost the Wi-Fi is up to date the moment it is back), then again on
//! every publication. A page whose token was replaced (a new game) or whose table closed is
//! told so, and its stream ends.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::{Extension, Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use tokio::sync::watch;

use crate::gate::too_many;
use crate::limits::KEEP_ALIVE;
use crate::server::{LiveGuard, Published, Shared};
use crate::token::PhoneSeat;

struct Follow {
    shared: Arc<Shared>,
    token: String,
    seat: PhoneSeat,
    changes: watch::Receiver<Arc<Published>>,
    first: bool,
    done: bool,
    _guard: LiveGuard,
}

pub(crate) async fn live(
    State(shared): State<Arc<Shared>>,
    Extension(seat): Extension<PhoneSeat>,
    Path(token): Path<String>,
) -> Response {
    let open = shared.live[seat.index()].fetch_add(1, Ordering::SeqCst);
    let guard = LiveGuard {
        shared: shared.clone(),
        seat,
    };
    if open >= shared.limits.live_pages {
        drop(guard);
        return too_many();
    }
    let follow = Follow {
        changes: shared.published.subscribe(),
        shared,
        token,
        seat,
        first: true,
        done: false,
        _guard: guard,
    };
    let events = stream::unfold(follow, |mut f| async move {
        if f.done {
            return None;
        }
        if !f.first && f.changes.changed().await.is_err() {
            return None;
        }
        f.first = false;
        let published = f.changes.borrow_and_update().clone();
        let event = if published.closed || f.shared.seat(&f.token) != Some(f.seat) {
            f.done = true;
            Event::default()
                .event("closed")
                .data("The referee closed the table, or this link is for an earlier game.")
        } else {
            Event::default()
                .event("view")
                .id(published.revision.to_string())
                .data(published.views[f.seat.index()].as_str())
        };
        Some((Ok::<Event, Infallible>(event), f))
    });
    let mut response = Sse::new(events)
        .keep_alive(
            KeepAlive::new()
                .interval(KEEP_ALIVE)
                .event(Event::default().event("ping").data("")),
        )
        .into_response();
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}
