//! The phones' tests: the routes without a socket, the server on 127.0.0.1, and a real browser.

mod browser;
mod chromium;
mod client;
mod crowd;
mod door;
mod feedback;
mod games;
mod layers;
mod loopback;
mod routes;
mod seats;
mod two_turns;
