//! The app in a real window, under Xvfb, its pixels read back: started with its preferences
//! remembering the players' table screen open, the desk draws every letter (it once drew words
//! with most letters missing, both windows, until the app was closed), and the preferences it
//! started from are those of its own data folder (`AMBUSH_ALLEY_DATA_DIR`); and `play --phones`
//! on a busy port says why on the terminal.
//!
//! Needs `Xvfb` and ImageMagick's `import`: without them the test says so and passes, unless
//! `AMBUSH_REQUIRE_XVFB=1` (as `.ci/run` sets it).

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::ui::temp_dir;

/// The desk's window: where eframe opens it, at the size the app asks for.
const DESK: (u32, u32) = (1280, 800);
/// Where the table screen is remembered: beside the desk, so neither covers the other.
const TABLE_X: u32 = 1300;

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// An X server of its own, on the display number it picked: the server and `:N`.
fn xvfb() -> (Killed, String) {
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "2600x820x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let mut out = child.stdout.take().expect("its standard output");
    let mut number = String::new();
    let mut byte = [0u8];
    while out.read(&mut byte).is_ok_and(|n| n == 1) && byte[0] != b'\n' {
        number.push(char::from(byte[0]));
    }
    assert!(!number.is_empty(), "Xvfb told no display number");
    (Killed(child), format!(":{}", number.trim()))
}

/// The desk's window as raw RGB bytes once it has stood still for a moment (two captures a
/// second apart alike), with the table screen's first row of pixels beside it.
fn settled_capture(display: &str) -> (Vec<u8>, Vec<u8>) {
    let grab = |geometry: &str| {
        let out = Command::new("import")
            .args(["-window", "root", "-crop", geometry, "-depth", "8", "rgb:-"])
            .env("DISPLAY", display)
            .output()
            .expect("import runs");
        out.stdout
    };
    let desk = format!("{}x{}+0+0", DESK.0, DESK.1);
    let table = format!("1280x400+{TABLE_X}+0");
    let start = Instant::now();
    let mut last = Vec::new();
    loop {
        std::thread::sleep(Duration::from_millis(1500));
        let now = grab(&desk);
        if now == last && !now.is_empty() {
            return (now, grab(&table));
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "the desk never stood still"
        );
        last = now;
    }
}

/// The app started on Contracting Trouble with these preferences in its data folder: the
/// desk's pixels and the table screen's.
fn desk_started_with(display: &str, name: &str, table_screen: bool) -> (Vec<u8>, Vec<u8>) {
    let dir = temp_dir(name);
    let data = dir.join("data");
    let xdg = dir.join("xdg");
    std::fs::create_dir_all(&data).expect("the data folder");
    std::fs::create_dir_all(&xdg).expect("another folder for eframe's own");
    let prefs =
        format!("(table_screen:{table_screen},table_rect:Some(({TABLE_X}.0,0.0,1280.0,400.0)))");
    std::fs::write(
        data.join(ambush_alley::ui::PREFS_FILE),
        format!("{{\"ambush-alley-prefs\":{prefs:?}}}"),
    )
    .expect("the preferences written");
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/contracting-trouble.json");
    let child = Command::new(env!("CARGO_BIN_EXE_ambush-alley"))
        .arg("play")
        .arg(&scenario)
        .env("DISPLAY", display)
        .env("AMBUSH_ALLEY_DATA_DIR", &data)
        .env("XDG_DATA_HOME", &xdg)
        .env("AMBUSH_ALLEY_SEED", "1")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the app starts");
    let _app = Killed(child);
    let seen = settled_capture(display);
    // Nothing of the preferences went to eframe's own folder.
    let elsewhere: Vec<_> = std::fs::read_dir(&xdg)
        .expect("the other folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert!(
        elsewhere.is_empty(),
        "preferences kept elsewhere: {elsewhere:?}"
    );
    seen
}

/// How many pixels two captures of the same size differ in.
fn differing(a: &[u8], b: &[u8]) -> usize {
    assert_eq!(a.len(), b.len(), "captures of one size");
    a.chunks(3).zip(b.chunks(3)).filter(|(x, y)| x != y).count()
}

/// Whether a capture shows anything but one colour (a window drawn, not the bare screen).
fn drawn(capture: &[u8]) -> bool {
    capture.chunks(3).any(|p| p != &capture[..3])
}

#[test]
fn the_desk_draws_every_letter_when_the_table_screen_was_left_open() {
    if !installed("Xvfb") || !installed("import") {
        assert!(
            std::env::var("AMBUSH_REQUIRE_XVFB").as_deref() != Ok("1"),
            "AMBUSH_REQUIRE_XVFB=1 but Xvfb or ImageMagick's import is not installed"
        );
        eprintln!("skipped: Xvfb or ImageMagick's import is not installed");
        return;
    }
    let (_server, display) = xvfb();
    // The desk as it draws with the table screen closed: every letter there.
    let (closed, table_closed) = desk_started_with(&display, "window-start-closed", false);
    assert!(drawn(&closed), "the desk drew nothing");
    assert!(
        !drawn(&table_closed),
        "a table screen with the preference off"
    );
    // Started with the table screen remembered open (in the data folder's preferences): the
    // screen opens beside it, and the desk draws exactly as before.
    let (open, table_open) = desk_started_with(&display, "window-start-open", true);
    assert!(drawn(&table_open), "the table screen did not open");
    let changed = differing(&closed, &open);
    assert!(
        changed < 200,
        "{changed} pixels of the desk differ from the desk drawn without the table screen (letters missing)"
    );
}

/// `play --phones` on a port another program holds: the desk opens without the table, and the
/// terminal says why (it once said nothing; only the desk's message bar did).
#[test]
fn play_with_phones_on_a_busy_port_says_why_on_the_terminal() {
    if !installed("Xvfb") {
        assert!(
            std::env::var("AMBUSH_REQUIRE_XVFB").as_deref() != Ok("1"),
            "AMBUSH_REQUIRE_XVFB=1 but Xvfb is not installed"
        );
        eprintln!("skipped: Xvfb is not installed");
        return;
    }
    let holder = std::net::TcpListener::bind("127.0.0.1:0").expect("a port of our own");
    let address = holder.local_addr().expect("its address");
    let (_server, display) = xvfb();
    let dir = temp_dir("window-start-busy-port");
    let data = dir.join("data");
    let xdg = dir.join("xdg");
    std::fs::create_dir_all(&data).expect("the data folder");
    std::fs::create_dir_all(&xdg).expect("another folder for eframe's own");
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/contracting-trouble.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ambush-alley"))
        .arg("play")
        .arg(&scenario)
        .arg("--phones")
        .arg(address.to_string())
        .env("DISPLAY", &display)
        .env("AMBUSH_ALLEY_DATA_DIR", &data)
        .env("XDG_DATA_HOME", &xdg)
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the app starts");
    let mut stderr = child.stderr.take().expect("its standard error");
    let _app = Killed(child);
    let (send, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = Vec::new();
        let mut byte = [0u8];
        while stderr.read(&mut byte).is_ok_and(|n| n == 1) {
            if byte[0] == b'\n' {
                let _ = send.send(String::from_utf8_lossy(&line).into_owned());
                line.clear();
            } else {
                line.push(byte[0]);
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut lines = Vec::new();
    while Instant::now() < deadline {
        if let Ok(line) = said.recv_timeout(Duration::from_millis(200)) {
            if line.contains("the table could not be opened") {
                assert!(line.contains(&address.to_string()), "{line}");
                drop(holder);
                return;
            }
            lines.push(line);
        }
    }
    panic!("the terminal never said the table could not open: {lines:?}");
}
