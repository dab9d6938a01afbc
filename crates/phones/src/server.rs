//! The routes: a seat's page, its view as JSON, its live stream, and its answers to a roll.
//! Every route starts with the seat's token, checked once, by the gate, before any handler
//! runs; without a right one the answer is 403 and nothing changes. What goes out is the view
//! already filtered for the seat on the desk.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Extension, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use tokio::sync::watch;

use crate::limits::{Bucket, Limits, MAX_BODY};
use crate::roll::{PhoneDice, RollCheck, Submission};
use crate::token::{PhoneSeat, Tokens};

/// What the desk last published: each seat's view, already written out for it, and the roll
/// answers are checked against.
#[derive(Debug, Default)]
pub struct Published {
    /// Counts the publications, from 1.
    pub revision: u64,
    /// Each seat's view as JSON, in [`PhoneSeat::ALL`]'s order.
    pub views: [String; 3],
    /// The roll the desk waits for.
    pub roll: Option<RollCheck>,
    /// The table is closed: live pages are told, and their streams end.
    pub closed: bool,
}

/// A lock's guard, even when a thread panicked holding it: what it guards is whole (nothing
/// here panics halfway through a change), so the server goes on; the log file says it happened.
pub(crate) fn recovered<G>(lock: std::sync::LockResult<G>, what: &str) -> G {
    lock.unwrap_or_else(|poisoned| {
        log::error!("the phones' {what} lock was poisoned by a thread that panicked; going on");
        poisoned.into_inner()
    })
}

/// What the server and the desk share.
pub struct Shared {
    pub(crate) tokens: RwLock<Tokens>,
    pub(crate) published: watch::Sender<Arc<Published>>,
    /// Answers let through, by roll and group, so a second tap is refused even before the desk
    /// has published that it has the first.
    answered: Mutex<Vec<(u64, usize)>>,
    desk: Mutex<std::sync::mpsc::Sender<PhoneDice>>,
    wake: Box<dyn Fn() + Send + Sync>,
    answers: Mutex<[Bucket; 3]>,
    reads: Mutex<[Bucket; 3]>,
    pub(crate) live: [AtomicUsize; 3],
    pub(crate) limits: Limits,
}

impl Shared {
    /// Shared state for a server, sending what phones ask to `desk` and calling `wake` after.
    pub fn new(
        tokens: Tokens,
        limits: Limits,
        desk: std::sync::mpsc::Sender<PhoneDice>,
        wake: Box<dyn Fn() + Send + Sync>,
    ) -> Self {
        Self {
            tokens: RwLock::new(tokens),
            published: watch::Sender::new(Arc::new(Published::default())),
            answered: Mutex::new(Vec::new()),
            desk: Mutex::new(desk),
            wake,
            answers: Mutex::new([(); 3].map(|()| Bucket::new(limits.answers))),
            reads: Mutex::new([(); 3].map(|()| Bucket::new(limits.reads))),
            live: [(); 3].map(|()| AtomicUsize::new(0)),
            limits,
        }
    }

    /// The seat of a token, if it opens one.
    pub fn seat(&self, token: &str) -> Option<PhoneSeat> {
        recovered(self.tokens.read(), "tokens").seat_of(token)
    }

    /// New tokens: another game. The links of the last one open no seat from now on, and
    /// their live pages are told so at the next publication.
    pub fn replace_tokens(&self, tokens: Tokens) {
        *recovered(self.tokens.write(), "tokens") = tokens;
    }

    /// The token of a seat, if the seat is open.
    pub fn token(&self, seat: PhoneSeat) -> Option<String> {
        recovered(self.tokens.read(), "tokens")
            .of(seat)
            .map(str::to_owned)
    }

    /// Publishes the game and the roll the desk waits for: each seat's view is built and
    /// filtered here, on the desk's side, before the server holds it. A view that cannot be
    /// written out is never published empty: the pages keep the last one, and the error is
    /// passed on.
    pub fn publish_game(
        &self,
        game: &ambush_core::game::Game,
        roll: Option<&crate::WaitingRoll>,
    ) -> Result<(), serde_json::Error> {
        let (seat_views, check) = crate::view::views(game, roll);
        let [regular, insurgent, table] = seat_views;
        let views = [
            serde_json::to_string(&regular)?,
            serde_json::to_string(&insurgent)?,
            serde_json::to_string(&table)?,
        ];
        self.publish(Published {
            revision: 0,
            views,
            roll: check,
            closed: false,
        });
        Ok(())
    }

    /// A new publication.
    pub fn publish(&self, mut published: Published) {
        published.revision = self.published.borrow().revision + 1;
        self.published.send_replace(Arc::new(published));
    }

    /// Whether a seat may ask now: an answer to a roll, or any other request.
    pub(crate) fn allowed(&self, answering: bool, seat: PhoneSeat) -> bool {
        let buckets = if answering {
            &self.answers
        } else {
            &self.reads
        };
        recovered(buckets.lock(), "rate")[seat.index()].take(Instant::now())
    }

    /// Lets an answer through to the desk, or says why not. The check and the note that it
    /// came are made under one lock, so two taps at once cannot both pass.
    fn answer(&self, seat: PhoneSeat, answer: &Submission) -> Result<(), (StatusCode, String)> {
        let published = self.published.borrow().clone();
        let Some(roll) = published.roll.as_ref().filter(|_| !published.closed) else {
            return Err(refused(crate::roll::Refusal::stale()));
        };
        // A roll that is over is said so first, before whether its dice came already.
        roll.refuse(seat, answer).map_err(refused)?;
        let mut answered = recovered(self.answered.lock(), "answers");
        if answered.contains(&(answer.roll, answer.group)) {
            return Err(refused(crate::roll::Refusal::doubled()));
        }
        // Only the roll now waiting is remembered: its number is never used again.
        answered.retain(|(n, _)| *n == roll.number);
        answered.push((answer.roll, answer.group));
        let sent = recovered(self.desk.lock(), "desk")
            .send(PhoneDice::of(seat, answer))
            .is_ok();
        drop(answered);
        if !sent {
            return Err((
                StatusCode::SERVICE_UNAVAILABLE,
                "The desk is not taking dice now.".to_owned(),
            ));
        }
        (self.wake)();
        Ok(())
    }
}

fn refused(refusal: crate::roll::Refusal) -> (StatusCode, String) {
    (
        StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::CONFLICT),
        refusal.words,
    )
}

/// The router of a table. Every seat's route passes the gate first ([`crate::gate`]): the
/// token in its address names the seat, or nothing is served; every request is answered in
/// time or dropped.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/s/{token}", get(to_page))
        .route("/s/{token}/", get(page))
        .route("/s/{token}/page.css", get(css))
        .route("/s/{token}/page.js", get(js))
        .route("/s/{token}/view", get(view))
        .route("/s/{token}/live", get(crate::live::live))
        .route("/s/{token}/dice", post(dice))
        .route_layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            crate::gate::seat_gate,
        ))
        .fallback(|| async { crate::gate::nothing_here() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            crate::gate::in_time,
        ))
        .with_state(shared)
}

/// A reply in words, as JSON: `{"ok": …, "words": …}`.
pub fn words(status: StatusCode, words: &str) -> Response {
    let body = serde_json::json!({ "ok": status.is_success(), "words": words }).to_string();
    with_headers(status, "application/json", body)
}

/// The headers every reply carries: no caching (the token is in the address), no guessing of
/// types, no address handed on to another site, and nothing loaded from elsewhere.
pub fn with_headers(status: StatusCode, kind: &'static str, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    response
}

async fn to_page(Path(token): Path<String>) -> Response {
    Redirect::permanent(&format!("/s/{token}/")).into_response()
}

async fn page() -> Response {
    with_headers(
        StatusCode::OK,
        "text/html; charset=utf-8",
        crate::page::HTML.to_owned(),
    )
}

async fn css() -> Response {
    with_headers(
        StatusCode::OK,
        "text/css; charset=utf-8",
        crate::page::CSS.to_owned(),
    )
}

async fn js() -> Response {
    with_headers(
        StatusCode::OK,
        "text/javascript; charset=utf-8",
        crate::page::JS.to_owned(),
    )
}

async fn view(
    State(shared): State<Arc<Shared>>,
    Extension(seat): Extension<PhoneSeat>,
) -> Response {
    let published = shared.published.borrow().clone();
    with_headers(
        StatusCode::OK,
        "application/json",
        published.views[seat.index()].clone(),
    )
}

async fn dice(
    State(shared): State<Arc<Shared>>,
    Extension(seat): Extension<PhoneSeat>,
    body: Bytes,
) -> Response {
    let answer: Submission = match serde_json::from_slice(&body) {
        Ok(answer) => answer,
        Err(_) => {
            return words(
                StatusCode::BAD_REQUEST,
                "Not sent: the page sent something that is not an answer to a roll.",
            );
        }
    };
    match shared.answer(seat, &answer) {
        Ok(()) => words(StatusCode::ACCEPTED, "Sent to the desk."),
        Err((status, text)) => words(status, &text),
    }
}

/// Counts a live page of a seat for as long as it is held.
pub(crate) struct LiveGuard {
    pub(crate) shared: Arc<Shared>,
    pub(crate) seat: PhoneSeat,
}

impl Drop for LiveGuard {
    fn drop(&mut self) {
        self.shared.live[self.seat.index()].fetch_sub(1, Ordering::SeqCst);
    }
}
