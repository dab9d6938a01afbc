//! The desk's handle on the table: open it on an address, publish the game after every change,
//! take what the phones sent each frame, close it. The server runs on a thread of its own with
//! a small runtime behind its own door ([`crate::serve`]); it holds only what the desk
//! published, and writes nothing to disk. The desk may keep a game's tokens and open the table
//! again with them (after a restart, say), so the pages of that game find their seats again.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use ambush_core::game::Game;

use crate::host::Host;
use crate::limits::Limits;
use crate::roll::{PhoneDice, WaitingRoll};
use crate::serve::Book;
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
    /// The addresses the links may name, likeliest first, and the one they name.
    hosts: Vec<Host>,
    host: usize,
    /// Why this computer's addresses could not be read, if they could not.
    hosts_problem: Option<String>,
    book: Arc<std::sync::Mutex<Book>>,
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
        let tokens = Tokens::draw(game.state().settings().solo);
        Self::open_keeping(address, game, tokens, limits, wake)
    }

    /// [`Table::open_with`] with the tokens this game's table had before (kept by the desk), so
    /// the pages opened then find their seats again; fitted to the game's seats (no Insurgent
    /// seat in a solo game).
    pub fn open_keeping(
        address: SocketAddr,
        game: &Game,
        tokens: Tokens,
        limits: Limits,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<Self> {
        let listener = TcpListener::bind(address)?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let (desk, requests) = channel();
        let tokens = tokens.fitted(game.state().settings().solo);
        let shared = Arc::new(Shared::new(tokens, limits, desk, Box::new(wake)));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let app = router(shared.clone());
        let book = Arc::new(std::sync::Mutex::new(Book::default()));
        let door = book.clone();
        let thread = std::thread::Builder::new()
            .name("phones".to_owned())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    crate::serve::serve(listener, app, limits, door, stopped).await;
                });
            })?;
        let (hosts, hosts_problem) = crate::host::hosts(address.ip());
        let mut table = Self {
            shared,
            hosts,
            host: 0,
            hosts_problem,
            book,
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

    /// Each open seat's link, naming the host chosen ([`Table::hosts`]).
    pub fn links(&self) -> Vec<Link> {
        let tokens = crate::server::recovered(self.shared.tokens.read(), "tokens");
        let host = self.hosts[self.host].in_link();
        tokens
            .seats()
            .filter_map(|seat| {
                tokens.of(seat).map(|token| Link {
                    seat,
                    url: format!("http://{host}:{}/s/{token}/", self.address.port()),
                })
            })
            .collect()
    }

    /// The addresses of this computer the links may name, likeliest first (one when the
    /// table listens on one address), and the one they name.
    pub fn hosts(&self) -> (&[Host], usize) {
        (&self.hosts, self.host)
    }

    /// Why this computer's addresses could not be read, if they could not (the links then
    /// name loopback, which no phone reaches).
    pub fn hosts_problem(&self) -> Option<&str> {
        self.hosts_problem.as_deref()
    }

    /// The links name this address from now on, if it is one of [`Table::hosts`].
    pub fn choose_host(&mut self, ip: std::net::IpAddr) {
        if let Some(n) = self.hosts.iter().position(|h| h.ip == ip) {
            self.host = n;
        }
    }

    /// The seats' tokens, for the desk to keep with the game.
    pub fn tokens(&self) -> Option<Tokens> {
        Some(crate::server::recovered(self.shared.tokens.read(), "tokens").clone())
    }

    /// How many connections the server holds now.
    pub fn connections(&self) -> usize {
        crate::server::recovered(self.book.lock(), "connections").len()
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
        self.shared
            .replace_tokens(Tokens::draw(game.state().settings().solo));
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
