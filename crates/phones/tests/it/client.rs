//! A small HTTP/1.1 client over a plain socket, for the tests on 127.0.0.1: a request and its
//! whole answer, or a live stream read event by event.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use ambush_phones::{PhoneSeat, Table};

/// A request; its status and body.
pub fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap_or_else(|e| panic!("{e}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap_or_else(|e| panic!("{e}"));
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body.as_bytes()))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut answer = Vec::new();
    // The server may close early (a body too large); what it sent before is the answer.
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_owned());
    (status, body)
}

/// A live stream, open.
pub struct Live {
    reader: BufReader<TcpStream>,
    /// The answer's status.
    pub status: u16,
}

impl Live {
    /// Opens a seat's live stream.
    pub fn open(address: SocketAddr, path: &str) -> Self {
        let mut stream = TcpStream::connect(address).unwrap_or_else(|e| panic!("{e}"));
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap_or_else(|e| panic!("{e}"));
        let head =
            format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n");
        stream
            .write_all(head.as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut reader = BufReader::new(stream);
        let mut status = 0;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            if status == 0 {
                status = line
                    .split_whitespace()
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
            }
            if line == "\r\n" {
                break;
            }
        }
        Self { reader, status }
    }

    /// The next event that is not a ping: its name and data, or none when the stream ended.
    pub fn next(&mut self) -> Option<(String, String)> {
        loop {
            let (mut name, mut data) = (String::new(), String::new());
            loop {
                let mut line = String::new();
                if self.reader.read_line(&mut line).ok()? == 0 {
                    return None;
                }
                let line = line.trim_end_matches(['\r', '\n']);
                // Chunked transfer: the chunk sizes are lines of hex digits alone.
                if line.is_empty() {
                    if !name.is_empty() || !data.is_empty() {
                        break;
                    }
                    continue;
                }
                if let Some(rest) = line.strip_prefix("event:") {
                    name = rest.trim().to_owned();
                } else if let Some(rest) = line.strip_prefix("data:") {
                    data.push_str(rest.strip_prefix(' ').unwrap_or(rest));
                }
            }
            if name != "ping" {
                return Some((name, data));
            }
        }
    }
}

/// The path of a seat's route on a table (`view`, `live`, `dice`).
pub fn path(table: &Table, seat: PhoneSeat, route: &str) -> String {
    let link = table
        .links()
        .into_iter()
        .find(|l| l.seat == seat)
        .unwrap_or_else(|| panic!("no link for {seat}"));
    let at = link.url.find("/s/").unwrap_or(0);
    format!("{}{route}", &link.url[at..])
}
