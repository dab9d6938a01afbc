//! What every request passes before it is answered: a deadline, and on every seat's route the
//! one check of its token. The gate finds the seat the token in the address opens, slows a
//! seat that asks too often, marks the connection as one that showed a seat's token (the door
//! keeps those when it must drop some: [`crate::serve`]), and hands the seat to the route.
//! A link that opens no seat gets words: a page for a browser ("this table is closed"), JSON
//! for the page's own requests.

use std::sync::Arc;

use axum::extract::{MatchedPath, Path, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::serve::Shown;
use crate::server::{Shared, with_headers, words};

/// The gate of every seat's route: the seat of the token, or 403 in words; 429 for a seat
/// that asks too often. The seat goes on with the request, for the route to read.
pub(crate) async fn seat_gate(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    mut request: Request,
    next: Next,
) -> Response {
    let Some(seat) = shared.seat(&token) else {
        let page = request.method() == Method::GET
            && request
                .extensions()
                .get::<MatchedPath>()
                .is_some_and(|p| matches!(p.as_str(), "/s/{token}" | "/s/{token}/"));
        return if page { closed_page() } else { forbidden() };
    };
    if let Some(shown) = request.extensions().get::<Shown>() {
        shown.mark();
    }
    if !shared.allowed(request.method() == Method::POST, seat) {
        return too_many();
    }
    request.extensions_mut().insert(seat);
    next.run(request).await
}

/// Every request is answered within the bound, its body read included, or dropped with words:
/// a client that sends its body a byte at a time holds nothing for long.
pub(crate) async fn in_time(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    match tokio::time::timeout(shared.limits.request, next.run(request)).await {
        Ok(response) => response,
        Err(_) => words(
            StatusCode::REQUEST_TIMEOUT,
            "Too slow: the request took too long to come. Try again.",
        ),
    }
}

/// The words for a page's request with a link that opens no seat.
pub(crate) fn forbidden() -> Response {
    words(
        StatusCode::FORBIDDEN,
        "This table is closed: this link is not one of the open game's seats. Ask the referee for the new code.",
    )
}

pub(crate) fn too_many() -> Response {
    words(
        StatusCode::TOO_MANY_REQUESTS,
        "Too many requests from this seat: wait a moment.",
    )
}

/// The page a browser shows for a link that opens no seat: the game it was for is no longer
/// open (closed, or another game started), or it was never a seat's.
pub(crate) fn closed_page() -> Response {
    notice(
        StatusCode::FORBIDDEN,
        "This table is closed",
        &[
            "This link is for a game the desk no longer has open: the referee closed it or started another, or the link was mistyped.",
            "Ask the referee for the new code, and scan it (or type its link) on this phone.",
        ],
    )
}

/// The page for an address that is no route at all.
pub(crate) fn nothing_here() -> Response {
    notice(
        StatusCode::NOT_FOUND,
        "Nothing here",
        &["Open your seat's link: ask the referee for the code on the desk, and scan it."],
    )
}

/// A page of words (fixed text, no script), with the headers every reply carries; its style
/// is in the page itself, as nothing behind the gate can be loaded without a token.
fn notice(status: StatusCode, title: &str, paragraphs: &[&str]) -> Response {
    let words: String = paragraphs.iter().map(|p| format!("<p>{p}</p>\n")).collect();
    let body = crate::page::NOTICE
        .replace("{TITLE}", title)
        .replace("{WORDS}", &words);
    let mut response = with_headers(status, "text/html; charset=utf-8", body);
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    response
}
