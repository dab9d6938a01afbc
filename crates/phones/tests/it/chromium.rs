//! Headless Chromium, driven over its debugging pipe (file descriptors 3 and 4, messages of
//! JSON ended by a NUL byte): open a page, read it, tap it.

use std::io::{BufRead, BufReader, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A browser and the page it opened.
pub struct Browser {
    child: Child,
    to: std::io::PipeWriter,
    from: Receiver<Value>,
    next: u64,
    session: String,
    profile: std::path::PathBuf,
}

/// Whether Chromium is installed.
pub fn installed() -> bool {
    Command::new("chromium")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

impl Browser {
    /// Chromium, headless, on a page of 360×640.
    pub fn open(url: &str) -> Self {
        let (their_in, to) = std::io::pipe().unwrap_or_else(|e| panic!("{e}"));
        let (from_pipe, their_out) = std::io::pipe().unwrap_or_else(|e| panic!("{e}"));
        // A profile of its own for each browser, as tests run side by side.
        static OPENED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = OPENED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let profile =
            std::env::temp_dir().join(format!("ambush-chromium-{}-{n}", std::process::id()));
        let (read_fd, write_fd) = (their_in.as_raw_fd(), their_out.as_raw_fd());
        let mut command = Command::new("chromium");
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--remote-debugging-pipe",
                "--window-size=360,640",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: fcntl and dup2 are async-signal-safe; the child only moves two descriptors
        // into place. Both are first copied above 4, so that one of them being 3 or 4 already
        // (in a process with few files open) is neither overwritten nor left to close on exec.
        unsafe {
            command.pre_exec(move || {
                let read = libc::fcntl(read_fd, libc::F_DUPFD, 10);
                let write = libc::fcntl(write_fd, libc::F_DUPFD, 10);
                if read < 0 || write < 0 || libc::dup2(read, 3) < 0 || libc::dup2(write, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().unwrap_or_else(|e| panic!("chromium: {e}"));
        drop((their_in, their_out));
        let (send, from) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(from_pipe);
            loop {
                let mut message = Vec::new();
                match reader.read_until(0, &mut message) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        message.pop();
                        if let Ok(value) = serde_json::from_slice::<Value>(&message)
                            && send.send(value).is_err()
                        {
                            break;
                        }
                    }
                }
            }
        });
        let mut browser = Self {
            child,
            to,
            from,
            next: 0,
            session: String::new(),
            profile,
        };
        let target = browser.call("Target.createTarget", json!({ "url": url }));
        let target = target["targetId"].as_str().unwrap_or_default().to_owned();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        browser
    }

    /// Sends a command (to the page once attached) and waits for its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap_or_else(|e| panic!("{e}"));
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let reply = self
                .from
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("Chromium did not answer {method}"));
            if reply["id"] == id {
                assert!(reply["error"].is_null(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    /// The value of a script run in the page.
    pub fn eval(&mut self, script: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": script, "returnByValue": true }),
        );
        result["result"]["value"].clone()
    }

    /// Waits until a script run in the page is true.
    pub fn wait_for(&mut self, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.eval(script) != json!(true) {
            assert!(Instant::now() < deadline, "the page never showed {script}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Taps the middle of the first element a selector finds, as a finger would: the mouse
    /// pressed and let go there.
    pub fn tap(&mut self, selector: &str) {
        let script = format!(
            "(() => {{ const r = document.querySelector({selector:?}).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        );
        let at = self.eval(&script);
        let (x, y) = (at[0].as_f64().unwrap_or(0.0), at[1].as_f64().unwrap_or(0.0));
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
