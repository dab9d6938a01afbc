//! The `ambush-alley` binary: parses the command line, then runs a headless command.

use std::process::ExitCode;

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
        #[arg(long, default_value_t = 4)]
        target: u8,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Fire {
            attack,
            defend,
            target,
            json,
        }) => ambush_alley::cli::fire(&attack, &defend, target, json),
        None => Err(ambush_alley::cli::UsageError(
            "no command given; try `ambush-alley --help`".to_owned(),
        )),
    };
    match result {
        Ok(text) => {
            println!("{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
