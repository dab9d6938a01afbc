//! The desk's handle on the table: open it on an address, publish the game after every change,
//! take what the phones sent each frame, close it. The server runs on a thread of its own with
//! a small runtime; it holds only what the desk published, and writes nothing to disk.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use ambush_core::game::Game;

use crate::limits::{CLOSING, Limits};
use crate::roll::{PhoneDice, WaitingRoll};
use crate::server::{Published, Shared, router};
use crate::token::{PhoneSeat, Tokens};

/// One seat's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The seat.
    pub seat: PhoneSeat,
    /// Its address, token included.
    pub url: String,
}

/// The table, open to phones.
pub struct Table {
    shared: Arc<Shared>,
    address: SocketAddr,
    host: String,
    requests: Receiver<PhoneDice>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    /// What was last published: the game's revision, the roll and what of it is in.
    last: Option<(usize, Option<WaitingRoll>)>,
    /// Why the last publication failed, if it did (the pages keep the one before).
    problem: Option<String>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({})", self.address)
    }
}

impl Table {
    /// Opens the table on an address (port 0: any free one) for this game, with the default
    /// limits. `wake` is called after each request a phone sent, so the desk draws a frame.
    pub fn open(
        address: SocketAddr,
        game: &Game,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<Self> {
        Self::open_with(address, game, Limits::default(), wake)
    }

    /// [`Table::open`] with other limits.
    pub fn open_with(
        address: SocketAddr,
        game: &Game,
        limits: Limits,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<Self> {
        let listener = TcpListener::bind(address)?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let (desk, requests) = channel();
        let tokens = Tokens::draw(game.state().settings().solo);
        let shared = Arc::new(Shared::new(tokens, limits, desk, Box::new(wake)));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let app = router(shared.clone());
        let thread = std::thread::Builder::new()
            .name("phones".to_owned())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    let (closing, closed) = tokio::sync::oneshot::channel::<()>();
                    let serve = axum::serve(listener, app).with_graceful_shutdown(async move {
                        let _ = stopped.await;
                        let _ = closing.send(());
                    });
                    // The pages were told the table closed; whatever still hangs on is dropped
                    // a moment later.
                    tokio::select! {
                        _ = serve => {}
                        _ = async {
                            let _ = closed.await;
                            tokio::time::sleep(CLOSING).await;
                        } => {}
                    }
                });
            })?;
        let mut table = Self {
            shared,
            host: crate::host::link_host(address.ip()),
            address,
            requests,
            stop: Some(stop),
            thread: Some(thread),
            last: None,
            problem: None,
        };
        table.publish(game, None);
        Ok(table)
    }

    /// The address it listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Each open seat's link.
    pub fn links(&self) -> Vec<Link> {
        let tokens = crate::server::recovered(self.shared.tokens.read(), "tokens");
        tokens
            .seats()
            .filter_map(|seat| {
                tokens.of(seat).map(|token| Link {
                    seat,
                    url: format!("http://{}:{}/s/{token}/", self.host, self.address.port()),
                })
            })
            .collect()
    }

    /// Publishes the game and the roll the desk waits for, if either changed since the last
    /// time: each seat's view is built and filtered here, on the desk, before the server holds
    /// it.
    pub fn publish(&mut self, game: &Game, roll: Option<&WaitingRoll>) {
        let key = (game.revision(), roll.cloned());
        if self.last.as_ref() == Some(&key) {
            return;
        }
        match self.shared.publish_game(game, roll) {
            Ok(()) => {
                self.problem = None;
                self.last = Some(key);
            }
            Err(e) => {
                let words = format!("the phones were not sent the game: {e}");
                log::error!("{words}");
                self.problem = Some(words);
            }
        }
    }

    /// Why the phones were not sent the game last time, if they were not (the desk says so).
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Another game on the desk: new tokens, so the links of the last one let nobody in, and
    /// its view published. The pages of the last game are told, and their streams end.
    pub fn new_game(&mut self, game: &Game) {
        *crate::server::recovered(self.shared.tokens.write(), "tokens") =
            Tokens::draw(game.state().settings().solo);
        self.last = None;
        self.publish(game, None);
    }

    /// What the phones sent since the last call.
    pub fn drain(&self) -> Vec<PhoneDice> {
        self.requests.try_iter().collect()
    }

    /// How many live pages each seat has open, in [`PhoneSeat::ALL`]'s order.
    pub fn live_pages(&self) -> [usize; 3] {
        self.shared
            .live
            .each_ref()
            .map(|n| n.load(std::sync::atomic::Ordering::SeqCst))
    }

    /// Closes the table: the pages are told, the server stops.
    pub fn close(mut self) {
        self.shut();
    }

    fn shut(&mut self) {
        self.shared.publish(Published {
            closed: true,
            ..Published::default()
        });
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.shut();
    }
}
