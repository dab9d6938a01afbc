//! The door of the server: its own accept loop, so that no client can hold what the players'
//! pages need, nor the files the desk needs to keep the game.
//!
//! - Connections are counted, from every address together and from each address, up to caps
//!   held below the process's open-file limit ([`crate::limits::connection_cap`]).
//! - A connection that has not yet shown a seat's token is the first to go when a cap is
//!   reached: the oldest such is dropped for the newcomer, so a crowd of slow or silent clients
//!   never keeps a player's page out. When every connection counted has shown a token, the
//!   newcomer is turned away.
//! - Each connection has a few seconds to send a request's head (hyper's header timeout, from
//!   its opening and again after each answer), a bound on the whole request
//!   ([`crate::gate::in_time`]), and a bound on a write to a client that stopped reading
//!   ([`crate::stall`]).

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpStream;
use tokio::sync::{Notify, oneshot, watch};
use tokio::task::JoinSet;
use tower::ServiceExt as _;

use crate::limits::{CLOSING, Limits, connection_cap};
use crate::stall::Stall;

/// A connection's mark, set once a request on it showed a seat's token.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shown(Arc<AtomicBool>);

impl Shown {
    pub(crate) fn mark(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    fn get(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// The caps of one server's door.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caps {
    /// Connections in all.
    pub total: usize,
    /// Connections from one address.
    pub per_address: usize,
}

impl Caps {
    /// The caps of these limits, held below this process's open-file limit.
    pub(crate) fn of(limits: &Limits) -> Self {
        let total = connection_cap(limits.connections);
        Self {
            total,
            per_address: limits.per_address.clamp(1, total),
        }
    }
}

struct Open {
    id: u64,
    ip: IpAddr,
    shown: Shown,
    drop: Arc<Notify>,
}

/// The connections open, oldest first.
#[derive(Default)]
pub(crate) struct Book {
    open: Vec<Open>,
    next: u64,
}

/// A connection let in: its number in the book, its mark, and what drops it.
pub(crate) struct Admitted {
    id: u64,
    shown: Shown,
    drop: Arc<Notify>,
}

impl Book {
    /// Lets a connection from `ip` in, dropping the oldest that has shown no token when a cap
    /// is reached (of those from `ip`, when it is this address's cap); none when every
    /// connection that holds the room has shown one.
    pub(crate) fn admit(&mut self, ip: IpAddr, caps: Caps) -> Option<Admitted> {
        let from_ip = self.open.iter().filter(|o| o.ip == ip).count();
        let room = if from_ip >= caps.per_address {
            Some(self.open.iter().position(|o| o.ip == ip && !o.shown.get()))
        } else if self.open.len() >= caps.total {
            Some(self.open.iter().position(|o| !o.shown.get()))
        } else {
            None
        };
        match room {
            Some(None) => return None,
            Some(Some(oldest)) => {
                let dropped = self.open.remove(oldest);
                dropped.drop.notify_one();
            }
            None => {}
        }
        self.next += 1;
        let admitted = Admitted {
            id: self.next,
            shown: Shown::default(),
            drop: Arc::new(Notify::new()),
        };
        self.open.push(Open {
            id: admitted.id,
            ip,
            shown: admitted.shown.clone(),
            drop: admitted.drop.clone(),
        });
        Some(admitted)
    }

    fn close(&mut self, id: u64) {
        self.open.retain(|o| o.id != id);
    }

    /// How many are open.
    pub(crate) fn len(&self) -> usize {
        self.open.len()
    }
}

/// Serves `app` on `listener` until `stop`: then every connection is asked to finish (an idle
/// one closes at once), and whatever still hangs on after [`CLOSING`] is dropped.
pub(crate) async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Limits,
    book: Arc<Mutex<Book>>,
    mut stop: oneshot::Receiver<()>,
) {
    let caps = Caps::of(&limits);
    let (stopping, stopped) = watch::channel(false);
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            _ = &mut stop => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let admitted = crate::server::recovered(book.lock(), "connections").admit(peer.ip(), caps);
                    // Turned away: the stream is dropped, and its file closed, at once.
                    let Some(admitted) = admitted else { continue };
                    connections.spawn(connection(
                        stream,
                        app.clone(),
                        limits,
                        admitted,
                        book.clone(),
                        stopped.clone(),
                    ));
                }
                // Out of files, most likely: wait for some to close rather than spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    }
    let _ = stopping.send(true);
    let _ = tokio::time::timeout(CLOSING, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
}

async fn connection(
    stream: TcpStream,
    app: Router,
    limits: Limits,
    admitted: Admitted,
    book: Arc<Mutex<Book>>,
    mut stopping: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let shown = admitted.shown.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(shown.clone());
        app.clone().oneshot(request)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.head);
    let io = TokioIo::new(Stall::new(stream, limits.stall));
    let serving = http.serve_connection(io, service);
    tokio::pin!(serving);
    let stop = async move {
        let _ = stopping.wait_for(|s| *s).await;
    };
    let finish = tokio::select! {
        _ = serving.as_mut() => false,
        _ = admitted.drop.notified() => false,
        () = stop => true,
    };
    if finish {
        // The table closes: an idle connection ends now, a request under way is answered.
        serving.as_mut().graceful_shutdown();
        let _ = serving.await;
    }
    crate::server::recovered(book.lock(), "connections").close(admitted.id);
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAPS: Caps = Caps {
        total: 4,
        per_address: 3,
    };

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([192, 168, 1, last])
    }

    #[test]
    fn at_an_addresss_cap_its_oldest_connection_without_a_token_makes_room() {
        let mut book = Book::default();
        let first = book.admit(ip(2), CAPS);
        let later: Vec<Admitted> = (0..2).filter_map(|_| book.admit(ip(2), CAPS)).collect();
        assert_eq!(book.len(), 3);
        // The first showed a token: the next from the same address drops the oldest of the
        // others, which showed none.
        let first = first.unwrap_or_else(|| panic!("the first is let in"));
        first.shown.mark();
        assert!(book.admit(ip(2), CAPS).is_some());
        assert_eq!(book.len(), 3);
        let ids: Vec<u64> = book.open.iter().map(|o| o.id).collect();
        assert!(ids.contains(&first.id), "{ids:?}");
        assert!(!ids.contains(&later[0].id), "{ids:?}");
        assert!(ids.contains(&later[1].id), "{ids:?}");
        // Another address still has room.
        assert!(book.admit(ip(3), CAPS).is_some());
    }

    #[test]
    fn at_the_total_cap_any_address_gives_way_and_when_all_showed_tokens_newcomers_are_turned_away()
    {
        let mut book = Book::default();
        let held: Vec<Admitted> = [2, 3, 4, 5]
            .into_iter()
            .filter_map(|n| book.admit(ip(n), CAPS))
            .collect();
        assert_eq!(held.len(), 4);
        // A fifth address: the oldest without a token (the first) makes room.
        let fifth = book.admit(ip(6), CAPS);
        assert!(fifth.is_some());
        assert_eq!(book.len(), 4);
        assert!(!book.open.iter().any(|o| o.id == held[0].id));
        // Every one shows a token: the next is turned away, and nothing is dropped for it.
        for admitted in held.iter().skip(1).chain(fifth.iter()) {
            admitted.shown.mark();
        }
        assert!(book.admit(ip(7), CAPS).is_none());
        assert_eq!(book.len(), 4);
        // A connection that ends leaves room.
        book.close(held[1].id);
        assert!(book.admit(ip(7), CAPS).is_some());
    }

    #[test]
    fn the_caps_never_pass_half_the_open_file_limit() {
        let caps = Caps::of(&Limits {
            connections: usize::MAX,
            per_address: usize::MAX,
            ..Limits::default()
        });
        assert_eq!(caps.total, connection_cap(usize::MAX));
        assert_eq!(caps.per_address, caps.total);
    }
}
