//! `veil-cli`: self-play matches between computer players, and perft.
//!
//! ```text
//! veil-cli perft xiangqi --depth 4
//! veil-cli perft jieqi --fen "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1" --depth 3
//! veil-cli match --game jieqi --seats normal,random --games 40 --seed 1 --think-ms 1000
//! ```

mod args;
mod extras;
mod matches;

use std::process::ExitCode;
use std::time::Instant;

use args::Args;
use matches::{MatchSpec, NoExtras};
use veil_ai::Level;
use web_time::Duration;

const USAGE: &str = "\
usage:
  veil-cli perft <variant> [--fen FEN] --depth N
      variants: xiangqi, jieqi (every reveal forced to the start point's own piece),
                chess (8x8 standard, or 10x10 with Secret King's rules from a 10x10 FEN)
      prints the leaf count on its last line as `nodes N`
  veil-cli match --game ID --seats LEVEL,LEVEL[,...] [--games N] [--seed S] [--think-ms M]
      games: jieqi, hide-and-guess, tysiac, intrigue, secret-king
      levels: random, greedy, easy, normal, hard
      prints per-seat wins, draws, losses and mean think time, then one JSON line";

/// Every game the tool knows, by id, whether or not it can play it yet.
pub const GAME_IDS: [&str; 8] = [
    "hide-and-guess",
    "intrigue",
    "reality-check",
    "jieqi",
    "skelly",
    "tysiac",
    "rengo",
    "secret-king",
];

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("veil-cli: {message}");
            if message.starts_with("usage") || argv.is_empty() {
                eprintln!("{USAGE}");
            }
            ExitCode::from(2)
        }
    }
}

/// Writes to standard output; a reader that went away (`| head`) is not an
/// error worth a panic, so write failures are ignored.
fn say(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn run(argv: &[String]) -> Result<(), String> {
    let Some((command, rest)) = argv.split_first() else {
        return Err("usage: a command is needed".into());
    };
    match command.as_str() {
        "perft" => perft(&Args::parse(rest, &["fen", "depth"])?),
        "match" => play_match(&Args::parse(
            rest,
            &["game", "seats", "games", "seed", "think-ms"],
        )?),
        "help" | "--help" | "-h" => {
            say(&format!("{USAGE}\n"));
            Ok(())
        }
        other => Err(format!("usage: unknown command {other:?}")),
    }
}

fn perft(args: &Args) -> Result<(), String> {
    let [variant] = args.positional.as_slice() else {
        return Err("usage: perft takes one variant".into());
    };
    let depth: u32 = args.number("depth", None)?;
    if depth > 12 {
        return Err(format!("--depth {depth} would run for days; at most 12"));
    }
    let started = Instant::now();
    let nodes = match variant.as_str() {
        "xiangqi" => {
            use veil_jieqi::{Position, Rules};
            let position = match args.get("fen") {
                Some(fen) => {
                    Position::from_fen_with_rules(fen, Rules::Xiangqi).map_err(|e| e.to_string())?
                }
                None => Position::xiangqi_start(),
            };
            veil_jieqi::perft(&position, depth)
        }
        "jieqi" => {
            use veil_jieqi::{Position, Rules};
            let position = match args.get("fen") {
                Some(fen) => {
                    Position::from_fen_with_rules(fen, Rules::Jieqi).map_err(|e| e.to_string())?
                }
                None => Position::jieqi_start(),
            };
            veil_jieqi::jieqi_perft_forced(&position, depth)
        }
        "reality-check" => veil_reality_check::perft(
            &match args.get("fen") {
                Some(fen) => veil_reality_check::RealityCheck::from_fen(&Default::default(), fen)
                    .map_err(|e| e.to_string())?,
                None => veil_reality_check::RealityCheck::standard_fixed(),
            },
            depth,
        ),
        "chess" => {
            let fen = args.get("fen").unwrap_or(veil_chess::fen::STANDARD_START);
            veil_chess::fen::perft_fen(fen, depth).map_err(|e| e.to_string())?
        }
        other => {
            return Err(format!(
                "unknown perft variant {other:?} (known: xiangqi, jieqi, chess)"
            ));
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let rate = nodes as f64 / seconds.max(1e-9) / 1e6;
    say(&format!(
        "time {seconds:.3} s, {rate:.1} M nodes/s\nnodes {nodes}\n"
    ));
    Ok(())
}

fn play_match(args: &Args) -> Result<(), String> {
    let game = args.get("game").ok_or("--game is required")?;
    let levels = args
        .get("seats")
        .ok_or("--seats is required, e.g. --seats normal,random")?
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<Level>()
                .map_err(|_| format!("unknown level {s:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let games: u32 = args.number("games", Some(10))?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let seed: u64 = args.number("seed", Some(1))?;
    let think_ms: u64 = args.number("think-ms", Some(0))?;
    let spec = MatchSpec {
        levels,
        games,
        seed,
        think_limit: (think_ms > 0).then(|| Duration::from_millis(think_ms)),
    };
    let progress = |index: u32, outcome: &veil_core::Outcome| {
        eprintln!(
            "game {}: ranks {:?} ({})",
            index + 1,
            outcome.ranks,
            outcome.reason
        );
    };
    let report = match game {
        "jieqi" => {
            matches::run::<veil_jieqi::Jieqi>(&Default::default(), &spec, &mut NoExtras, progress)?
        }
        "hide-and-guess" => matches::run::<veil_hide_and_guess::HideAndGuess>(
            &Default::default(),
            &spec,
            &mut extras::HideAndGuessExtras::default(),
            progress,
        )?,
        "tysiac" => matches::run::<veil_tysiac::Tysiac>(
            &Default::default(),
            &spec,
            &mut extras::TysiacExtras::default(),
            progress,
        )?,
        "intrigue" => matches::run::<veil_intrigue::Intrigue>(
            &Default::default(),
            &spec,
            &mut NoExtras,
            progress,
        )?,
        "secret-king" => matches::run::<veil_secret_king::SecretKing>(
            &Default::default(),
            &spec,
            &mut NoExtras,
            progress,
        )?,
        "reality-check" => matches::run::<veil_reality_check::RealityCheck>(
            &Default::default(),
            &spec,
            &mut NoExtras,
            progress,
        )?,
        id if GAME_IDS.contains(&id) => {
            return Err(format!(
                "{id} is registered but its rules are not written yet"
            ));
        }
        other => {
            return Err(format!(
                "unknown game {other:?} (known: {})",
                GAME_IDS.join(", ")
            ));
        }
    };
    say(&report);
    Ok(())
}
