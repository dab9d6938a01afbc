//! The routes called without a socket: tokens, answers stale, doubled or wrong, body bounds.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt as _;
use tower::ServiceExt as _;

use ambush_phones::server::{Shared, router};
use ambush_phones::{Limits, PhoneDice, PhoneSeat, Tokens};

use crate::games::{activate_first, for_two, waiting_fire};

struct Desk {
    shared: Arc<Shared>,
    requests: Receiver<PhoneDice>,
}

fn desk(limits: Limits) -> Desk {
    let (send, requests) = channel();
    let shared = Arc::new(Shared::new(
        Tokens::draw(false),
        limits,
        send,
        Box::new(|| {}),
    ));
    Desk { shared, requests }
}

async fn call(desk: &Desk, method: &str, path: &str, body: &str) -> (StatusCode, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_owned()))
        .unwrap_or_else(|e| panic!("{e}"));
    let response = router(desk.shared.clone())
        .oneshot(request)
        .await
        .unwrap_or_else(|e| match e {});
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn token(desk: &Desk, seat: PhoneSeat) -> String {
    desk.shared
        .token(seat)
        .unwrap_or_else(|| panic!("{seat} has no token"))
}

/// A desk waiting for a fire's dice, and the Regular group's place and faces that fit it.
fn waiting(desk: &Desk) -> (u64, usize, Vec<u8>) {
    let mut game = for_two();
    activate_first(&mut game);
    let roll = waiting_fire(&game, 7);
    desk.shared
        .publish_game(&game, Some(&roll))
        .expect("the views write out");
    let check = ambush_phones::RollCheck::of(&game, &roll);
    let (index, group) = check
        .groups
        .iter()
        .enumerate()
        .find(|(_, g)| g.seat == Some(PhoneSeat::Regular))
        .map(|(i, g)| (i, g.group.clone()))
        .unwrap_or_else(|| panic!("no Regular dice"));
    (7, index, vec![1; usize::from(group.count)])
}

fn answer(roll: u64, group: usize, faces: &[u8]) -> String {
    serde_json::json!({ "roll": roll, "group": group, "faces": faces }).to_string()
}

#[tokio::test]
async fn without_a_right_token_every_route_is_403_and_nothing_reaches_the_desk() {
    let desk = desk(Limits::default());
    let (roll, group, faces) = waiting(&desk);
    let real = token(&desk, PhoneSeat::Regular);
    // The real token with its last digit changed (a fixed "0" was the real token one time in
    // sixteen, and the test then failed on the real token's redirect).
    let last = if real.ends_with('0') { '1' } else { '0' };
    let wrong = format!("{}{last}", &real[..31]);
    assert_ne!(wrong, real);
    let longer = format!("{real}0");
    for bad in [wrong.as_str(), longer.as_str(), "", "..", "%00"] {
        for (method, route) in [
            ("GET", ""),
            ("GET", "/"),
            ("GET", "/view"),
            ("GET", "/live"),
            ("GET", "/page.js"),
        ] {
            let (status, _) = call(&desk, method, &format!("/s/{bad}{route}"), "").await;
            assert!(
                status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
                "{method} {route} with {bad:?}: {status}"
            );
        }
        let (status, words) = call(
            &desk,
            "POST",
            &format!("/s/{bad}/dice"),
            &answer(roll, group, &faces),
        )
        .await;
        assert!(
            status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
            "{status}"
        );
        assert!(!words.contains("Sent"), "{words}");
    }
    assert!(
        desk.requests.try_recv().is_err(),
        "a request without the token reached the desk"
    );
    // The right token, for the right seat, gets through once.
    let (status, words) = call(
        &desk,
        "POST",
        &format!("/s/{real}/dice"),
        &answer(roll, group, &faces),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{words}");
    assert_eq!(desk.requests.try_iter().count(), 1);
}

#[tokio::test]
async fn stale_doubled_and_other_seats_answers_are_refused_in_words() {
    let desk = desk(Limits::default());
    let (roll, group, faces) = waiting(&desk);
    let regular = token(&desk, PhoneSeat::Regular);
    let insurgent = token(&desk, PhoneSeat::Insurgent);
    let table = token(&desk, PhoneSeat::Table);
    let path = |t: &str| format!("/s/{t}/dice");
    // The roll before this one, or one not asked yet.
    for number in [roll - 1, roll + 1] {
        let (status, words) = call(
            &desk,
            "POST",
            &path(&regular),
            &answer(number, group, &faces),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(words.contains("This roll is over"), "{words}");
    }
    // Another seat's dice, or the Table view, which rolls none.
    for other in [&insurgent, &table] {
        let (status, words) = call(&desk, "POST", &path(other), &answer(roll, group, &faces)).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(words.contains("not yours"), "{words}");
    }
    assert!(desk.requests.try_recv().is_err());
    let (status, _) = call(&desk, "POST", &path(&regular), &answer(roll, group, &faces)).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    // The second tap, with the same faces or others, or "let the app roll".
    let (status, words) = call(&desk, "POST", &path(&regular), &answer(roll, group, &faces)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(words.contains("received already"), "{words}");
    let app = serde_json::json!({ "roll": roll, "group": group, "app_rolls": true }).to_string();
    let (status, _) = call(&desk, "POST", &path(&regular), &app).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let sent: Vec<PhoneDice> = desk.requests.try_iter().collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].seat, PhoneSeat::Regular);
    assert_eq!((sent[0].roll, sent[0].group), (roll, group));
    assert_eq!(sent[0].faces.as_deref(), Some(faces.as_slice()));
    // The next roll is asked: a tap on this one, whose dice came already, is told the roll is
    // over (not that its dice came).
    let mut game = for_two();
    activate_first(&mut game);
    desk.shared
        .publish_game(&game, Some(&waiting_fire(&game, roll + 1)))
        .expect("the view is published");
    let (status, words) = call(&desk, "POST", &path(&regular), &answer(roll, group, &faces)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(words.contains("This roll is over"), "{words}");
    // The table closes over the roll: an answer now is stale.
    desk.shared.publish(ambush_phones::server::Published {
        closed: true,
        ..Default::default()
    });
    let (status, _) = call(
        &desk,
        "POST",
        &path(&regular),
        &answer(roll, group + 1, &faces),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn faces_of_the_wrong_count_or_off_the_die_and_bodies_that_are_not_answers_are_refused() {
    let desk = desk(Limits::default());
    let (roll, group, faces) = waiting(&desk);
    let path = format!("/s/{}/dice", token(&desk, PhoneSeat::Regular));
    let mut short = faces.clone();
    short.pop();
    let mut long = faces.clone();
    long.push(1);
    let mut zero = faces.clone();
    zero[0] = 0;
    let mut high = faces.clone();
    high[0] = 13;
    for (bad, says) in [
        (short, "needed"),
        (long, "needed"),
        (zero, "is not on a"),
        (high, "is not on a"),
    ] {
        let (status, words) = call(&desk, "POST", &path, &answer(roll, group, &bad)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}");
        assert!(words.contains(says), "{bad:?}: {words}");
    }
    for body in [
        "",
        "not json",
        "[]",
        "{\"roll\": 7}",
        "{\"roll\": -1, \"group\": 0, \"faces\": [1]}",
        "{\"roll\": 7, \"group\": 0, \"faces\": [99999999999999999999999]}",
        "{\"roll\": 7, \"group\": 0, \"faces\": [1], \"extra\": 1}",
    ] {
        let (status, _) = call(&desk, "POST", &path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
    let empty = serde_json::json!({ "roll": roll, "group": group }).to_string();
    let (status, words) = call(&desk, "POST", &path, &empty).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(words.contains("let the app roll"), "{words}");
    // A body past the bound is not read.
    let big = format!(
        "{{\"roll\": {roll}, \"group\": {group}, \"faces\": [{}1]}}",
        "1,".repeat(2000)
    );
    let (status, _) = call(&desk, "POST", &path, &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        desk.requests.try_recv().is_err(),
        "a refused answer reached the desk"
    );
    // The faces that fit still go through.
    let (status, _) = call(&desk, "POST", &path, &answer(roll, group, &faces)).await;
    assert_eq!(status, StatusCode::ACCEPTED);
}

#[tokio::test]
async fn a_seat_that_sends_too_fast_is_slowed_and_nothing_else_changes() {
    let limits = Limits {
        answers: ambush_phones::limits::Rate {
            burst: 3.0,
            per_second: 0.001,
        },
        ..Limits::default()
    };
    let desk = desk(limits);
    let (roll, group, _) = waiting(&desk);
    let path = format!("/s/{}/dice", token(&desk, PhoneSeat::Regular));
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(
            call(&desk, "POST", &path, &answer(roll, group, &[0]))
                .await
                .0,
        );
    }
    assert_eq!(&statuses[3..], [StatusCode::TOO_MANY_REQUESTS; 2]);
    assert!(desk.requests.try_recv().is_err());
}

/// The status, content type and body of a GET.
async fn get(desk: &Desk, path: &str) -> (StatusCode, String, String) {
    let request = Request::builder()
        .uri(path)
        .body(Body::empty())
        .unwrap_or_else(|e| panic!("{e}"));
    let response = router(desk.shared.clone())
        .oneshot(request)
        .await
        .unwrap_or_else(|e| match e {});
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let bytes = response
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    (status, kind, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn a_link_of_a_game_no_longer_open_gets_a_page_in_words_and_the_pages_requests_get_json() {
    let desk = desk(Limits::default());
    let old = token(&desk, PhoneSeat::Regular);
    // Another game: new tokens, and the old link opens no seat.
    desk.shared.replace_tokens(Tokens::draw(false));
    for route in ["", "/"] {
        let (status, kind, body) = get(&desk, &format!("/s/{old}{route}")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{route}");
        assert!(kind.starts_with("text/html"), "{kind}");
        assert!(body.contains("This table is closed"), "{body}");
        assert!(body.contains("Ask the referee for the new code"), "{body}");
        assert!(!body.contains(&old), "the page repeats the token");
        assert!(!body.contains("<script"), "{body}");
    }
    // The page's own requests read words from JSON.
    for route in ["/view", "/live", "/page.js"] {
        let (status, kind, body) = get(&desk, &format!("/s/{old}{route}")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{route}");
        assert_eq!(kind, "application/json");
        let words: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        assert!(
            words["words"]
                .as_str()
                .is_some_and(|w| w.contains("new code")),
            "{body}"
        );
    }
    // An address that is no route at all is a page too.
    let (status, kind, body) = get(&desk, "/").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(body.contains("Nothing here"), "{body}");
    // The new link opens the page.
    let new = token(&desk, PhoneSeat::Regular);
    let (status, _, body) = get(&desk, &format!("/s/{new}/")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("page.js"), "{body}");
}
