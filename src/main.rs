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
    },
}

/// Writes what a command prints, then exits with its code. A failed write (a full disk
/// behind `> file`) is an error with its own message and exit code 1; a closed pipe
/// (`ambush-alley report x | head`) is not: what could not be written is dropped quietly.
fn emit(output: Output) -> ExitCode {
    let written = write_all(&mut std::io::stdout().lock(), &output.stdout);
    let _ = write_all(&mut std::io::stderr().lock(), &output.stderr);
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

fn write_all(to: &mut impl std::io::Write, text: &str) -> std::io::Result<()> {
    to.write_all(text.as_bytes())?;
    to.flush()
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
    let cli = Cli::parse();
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
        Some(Command::Report { save, json }) => emit(cli::report(&save, json)),
        Some(Command::Play { file, phones }) => {
            if !file.exists() {
                return print(Err(CliError::failed(format!(
                    "{}: no such file; expected a scenario (.json) or saved game (.jsonl)",
                    file.display()
                ))));
            }
            start_app(Some(file), phones)
        }
        None => start_app(None, None),
    }
}

fn start_app(open: Option<PathBuf>, phones: Option<std::net::SocketAddr>) -> ExitCode {
    let options = ambush_alley::ui::StartOptions {
        open,
        data_dir: ambush_core::session::data_dir(),
        // A fixed seed makes the app's dice repeat (demonstrations, screenshots).
        seed: std::env::var("AMBUSH_ALLEY_SEED")
            .ok()
            .and_then(|s| s.trim().parse().ok()),
        native_dialogs: true,
        phones,
    };
    match ambush_alley::ui::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => emit(Output {
            stderr: format!("error: the window could not open: {e}\n"),
            code: 1,
            ..Output::default()
        }),
    }
}
