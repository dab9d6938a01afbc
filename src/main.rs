//! The `ambush-alley` binary: parses the command line, then starts the app or runs a headless
//! command.

use std::path::PathBuf;
use std::process::ExitCode;

use ambush_alley::cli::{self, CliError, Output};
use clap::{Parser, Subcommand};

/// Ambush Alley Assistant: a referee's desk for the Ambush Alley! miniatures game.
#[derive(Parser)]
#[command(name = "ambush-alley", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Resolve one fire combat from the faces of rolled dice.
    Fire {
        /// Attacker's faces, such as 7,6,5,4,4,3,2.
        #[arg(long, allow_hyphen_values = true)]
        attack: String,
        /// Defender's faces, such as 5,5,4,4,3.
        #[arg(long, allow_hyphen_values = true)]
        defend: String,
        /// Number attacker dice must reach: 4, or 7 beyond effective range.
        #[arg(long, default_value = "4", allow_hyphen_values = true)]
        target: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Exact odds of a fire combat: the chance of each number of casualties.
    Odds {
        /// Attacker's pool, such as 7d8 or 4d6+1d8.
        #[arg(long, allow_hyphen_values = true)]
        attack: String,
        /// Defender's pool, such as 5d6.
        #[arg(long, allow_hyphen_values = true)]
        defend: String,
        /// Number attacker dice must reach: 4, or 7 beyond effective range.
        #[arg(long, default_value = "4", allow_hyphen_values = true)]
        target: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Check scenario files; print each problem with its place.
    Validate {
        /// Scenario files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the JSON Schema of the scenario format.
    Schema,
    /// Open the app on a scenario or saved game.
    Play {
        /// A scenario (.json) or saved game (.jsonl).
        file: PathBuf,
        /// Start the scenario as a solo game: the app commands the Insurgents (a saved game
        /// goes on as it was played).
        #[arg(long)]
        solo: bool,
        /// How sharp the solo opponent is (with --solo): recruit, regular (the default) or
        /// veteran.
        #[arg(long, value_enum, requires = "solo", value_name = "LEVEL")]
        difficulty: Option<Level>,
        /// The solo opponent keeps its reasoning hidden until the game is over (with --solo).
        #[arg(long, requires = "solo")]
        hidden_reasoning: bool,
        /// Open the table to phones on this address (every address, port 7878, when none is
        /// given) and print one line per seat: SEAT URL.
        #[arg(long, num_args = 0..=1, default_missing_value = "0.0.0.0:7878", value_name = "ADDRESS:PORT")]
        phones: Option<std::net::SocketAddr>,
    },
    /// Print a saved game as it stands.
    Report {
        /// The saved game (a .jsonl journal).
        save: PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Tell what the solo game's markers hide (for the referee): otherwise a unit under a
        /// marker is shown as its marker until it is revealed or the game is over.
        #[arg(long)]
        reveal: bool,
    },
}

/// How sharp the solo opponent is, as the command line names it.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Level {
    /// Often takes a poorer option, and is slow to interrupt.
    Recruit,
    /// Usually takes the better option.
    Regular,
    /// Nearly always takes the best option, and interrupts readily.
    Veteran,
}

impl From<Level> for ambush_core::game::SoloDifficulty {
    fn from(level: Level) -> Self {
        match level {
            Level::Recruit => Self::Recruit,
            Level::Regular => Self::Regular,
            Level::Veteran => Self::Veteran,
        }
    }
}

/// Writes what a command prints, then exits with its code. Control characters in it (from a
/// file's names or values) are shown escaped, so a file cannot move the cursor or clear the
/// terminal. A failed write (a full disk behind `> file`, standard output closed) is an error
/// with its own message and exit code 1; a closed pipe (`ambush-alley report x | head`) is
/// not: what could not be written is dropped quietly.
fn emit(output: Output) -> ExitCode {
    let stdout = ambush_core::text::escape_controls(&output.stdout);
    let stderr = ambush_core::text::escape_controls(&output.stderr);
    let written = if stdout.is_empty() {
        Ok(())
    } else {
        stdout_open().and_then(|()| write_all(&mut std::io::stdout().lock(), &stdout))
    };
    let _ = write_all(&mut std::io::stderr().lock(), &stderr);
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = write_all(
                &mut std::io::stderr().lock(),
                &format!("error: the output could not be written: {e}\n"),
            );
            ExitCode::from(1)
        }
        _ => ExitCode::from(output.code),
    }
}

/// Whether standard output was open when the program started. The standard library opens
/// `/dev/null` in place of a closed standard output before `main` runs, so that what is
/// written there vanishes without a word: the descriptor is looked at earlier, by a function
/// the loader runs before the library's start-up (`.init_array`).
fn stdout_open() -> std::io::Result<()> {
    if STDOUT_CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "standard output is closed",
        ));
    }
    Ok(())
}

static STDOUT_CLOSED_AT_START: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    // SAFETY: fcntl(F_GETFD) only reads the descriptor's flags; it fails with EBADF when the
    // descriptor is not open.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    STDOUT_CLOSED_AT_START.store(closed, std::sync::atomic::Ordering::Relaxed);
}

fn write_all(to: &mut impl std::io::Write, text: &str) -> std::io::Result<()> {
    to.write_all(text.as_bytes())?;
    to.flush()
}

/// A write past a file-size limit (`ulimit -f`) would kill the process with SIGXFSZ, without a
/// word and with the game's last entries only in memory; ignored, the write fails with an
/// error (EFBIG) that the command, or the desk, reports like a full disk.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" at the start of main, before any other
    // thread runs; no handler is installed.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

fn print(result: Result<String, CliError>) -> ExitCode {
    emit(match result {
        Ok(text) => Output {
            stdout: format!("{}\n", text.trim_end()),
            ..Output::default()
        },
        Err(error) => Output {
            stderr: format!("error: {error}\n"),
            code: error.code,
            ..Output::default()
        },
    })
}

fn main() -> ExitCode {
    ignore_file_size_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print to standard output (and fail like any output that
            // cannot be written); a mistake in the arguments goes to standard error, exit 2.
            let text = e.render().to_string();
            let to_stdout = e.use_stderr();
            return emit(Output {
                stdout: if to_stdout {
                    String::new()
                } else {
                    text.clone()
                },
                stderr: if to_stdout { text } else { String::new() },
                code: u8::try_from(e.exit_code()).unwrap_or(2),
            });
        }
    };
    match cli.command {
        Some(Command::Fire {
            attack,
            defend,
            target,
            json,
        }) => print(cli::fire(&attack, &defend, &target, json)),
        Some(Command::Odds {
            attack,
            defend,
            target,
            json,
        }) => print(cli::odds(&attack, &defend, &target, json)),
        Some(Command::Validate { files }) => {
            let paths: Vec<&std::path::Path> = files.iter().map(PathBuf::as_path).collect();
            emit(cli::validate(&paths))
        }
        Some(Command::Schema) => print(Ok(cli::schema())),
        Some(Command::Report { save, json, reveal }) => emit(cli::report(&save, json, reveal)),
        Some(Command::Play {
            file,
            solo,
            difficulty,
            hidden_reasoning,
            phones,
        }) => {
            if let Err(e) = std::fs::metadata(&file) {
                let why = if e.kind() == std::io::ErrorKind::NotFound {
                    "no such file".to_owned()
                } else {
                    ambush_core::files::io_words(&e)
                };
                return print(Err(CliError::failed(format!(
                    "{}: {why}; expected a scenario (.json) or saved game (.jsonl)",
                    file.display()
                ))));
            }
            // The opponent as the command line sets it: Regular, its reasoning shown, unless
            // told otherwise (never the start screen's last choice, unseen here).
            let solo = solo.then(|| ambush_alley::ui::SoloStart {
                difficulty: difficulty.map(Into::into).unwrap_or_default(),
                reasoning_hidden: hidden_reasoning,
            });
            start_app(Some(file), solo, phones)
        }
        None => start_app(None, None, None),
    }
}

fn start_app(
    open: Option<PathBuf>,
    solo: Option<ambush_alley::ui::SoloStart>,
    phones: Option<std::net::SocketAddr>,
) -> ExitCode {
    let data_dir = ambush_core::session::data_dir();
    // What the desk cannot say at the moment goes to a bounded log file in the data folder.
    if let Some(folder) = &data_dir
        && let Err(why) = ambush_core::session::LogFile::install(folder)
    {
        eprintln!("warning: no log file: {why}");
    }
    let options = ambush_alley::ui::StartOptions {
        open,
        solo,
        data_dir: data_dir.clone(),
        // A fixed seed makes the app's dice repeat (demonstrations, screenshots).
        seed: std::env::var("AMBUSH_ALLEY_SEED")
            .ok()
            .and_then(|s| s.trim().parse().ok()),
        native_dialogs: true,
        phones,
    };
    // A data folder of its own (AMBUSH_ALLEY_DATA_DIR) keeps its own preferences too, so two
    // copies of the app with different folders never share or overwrite them.
    let prefs_file = data_dir
        .as_ref()
        .filter(|_| std::env::var_os("AMBUSH_ALLEY_DATA_DIR").is_some_and(|v| !v.is_empty()))
        .map(|dir| dir.join(ambush_alley::ui::PREFS_FILE));
    match ambush_alley::ui::run(options, prefs_file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => emit(Output {
            stderr: format!("error: the window could not open: {e}\n"),
            code: 1,
            ..Output::default()
        }),
    }
}
