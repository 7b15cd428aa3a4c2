//! `veil-cli`: self-play matches between computer players, and perft.
//!
//! ```text
//! veil-cli perft xiangqi --depth 4
//! veil-cli perft jieqi --fen "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1" --depth 3
//! veil-cli match --game jieqi --seats normal,random --games 40 --seed 1 --think-ms 1000
//! veil-cli novice --levels easy,normal,hard --games 400
//! ```

mod args;
mod extras;
mod gtp;
mod matches;
mod novice;
mod saves;
mod versus;

use std::process::ExitCode;
use std::time::Instant;

use args::Args;
use matches::{MatchSpec, SeatFigures};
use veil_ai::Level;
use veil_core::Game;
use veil_games::{Entry, Visit};
use web_time::Duration;

/// The usage text, with the games read from the registry.
fn usage() -> String {
    let games: Vec<&str> = veil_games::ids_with_rules().collect();
    format!(
        "\
usage:
  veil-cli perft <variant> [--fen FEN] --depth N
      variants: xiangqi, {jieqi} (every reveal forced to the start point's own piece),
                {reality} (from the standard setup in a fixed arrangement, or --fen),
                chess (8x8 standard, or 10x10 with Secret King's rules from a 10x10 FEN)
      prints the leaf count on its last line as `nodes N`
  veil-cli match --game ID --seats LEVEL,LEVEL[,...] [--games N] [--seed S] [--think-ms M] [--duplicate yes]
      games: {games}
      levels: random, greedy, easy, normal, hard
      --duplicate yes: each deal played once in every seating (--games a multiple of the seats)
      prints per-seat wins, draws, losses and mean think time, then one JSON line
  veil-cli novice [--levels LEVEL,...] [--games N] [--seed S] [--angle-sd DEG] [--strength-sd SHARE]
      Skelly: each level against a model of a new player (two caps, who starts alternating);
      prints each level's win share with its 95% interval and the mean shots a game
  veil-cli gtp [--size N] [--level LEVEL] [--think-ms M]
      Veil's Go engine over GTP version 2 on standard input and output
  veil-cli versus --game go --engine \"gnugo --mode gtp\" [--size N] [--games N] [--think-ms M] [--level L] [--komi K] [--seed S] [--resign R]
      Veil's Go engine (hard) against an external GTP engine, colours alternating;
      --resign R: Veil resigns when its win rate stays below R three moves running
  veil-cli saves [--game tysiac] [--seed S] [--play random|policy] [--max-changes N]
      What keeping a game costs: a whole game with a person at every seat, kept after every change as the app keeps it",
        jieqi = veil_jieqi::Jieqi::ID,
        reality = veil_reality_check::RealityCheck::ID,
        games = games.join(", "),
    )
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("veil-cli: {message}");
            if message.starts_with("usage") || argv.is_empty() {
                eprintln!("{}", usage());
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
            &["game", "seats", "games", "seed", "think-ms", "duplicate"],
        )?),
        "gtp" => gtp::command(&Args::parse(rest, gtp::FLAGS)?),
        "versus" => versus::command(&Args::parse(rest, versus::FLAGS)?),
        "saves" => saves::command(&Args::parse(rest, saves::FLAGS)?),
        "novice" => novice::command(&Args::parse(rest, novice::FLAGS)?),
        "help" | "--help" | "-h" => {
            say(&format!("{}\n", usage()));
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
        veil_jieqi::Jieqi::ID => {
            use veil_jieqi::{Position, Rules};
            let position = match args.get("fen") {
                Some(fen) => {
                    Position::from_fen_with_rules(fen, Rules::Jieqi).map_err(|e| e.to_string())?
                }
                None => Position::jieqi_start(),
            };
            veil_jieqi::jieqi_perft_forced(&position, depth)
        }
        veil_reality_check::RealityCheck::ID => veil_reality_check::perft(
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
                "unknown perft variant {other:?} (known: xiangqi, {}, {}, chess)",
                veil_jieqi::Jieqi::ID,
                veil_reality_check::RealityCheck::ID
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
        duplicate: match args.get("duplicate") {
            None | Some("no") => false,
            Some("yes") => true,
            Some(other) => return Err(format!("--duplicate is yes or no, not {other:?}")),
        },
    };
    let report =
        veil_games::visit(game, MatchVisitor { spec: &spec }).map_err(|e| e.to_string())??;
    say(&report);
    Ok(())
}

/// `match` for whichever game the registry finds behind `--game`.
struct MatchVisitor<'a> {
    spec: &'a MatchSpec,
}

impl Visit for MatchVisitor<'_> {
    type Output = Result<String, String>;

    fn visit<G: Game>(self, entry: &'static Entry) -> Self::Output {
        let n = self.spec.levels.len();
        if !entry.seats.contains(n) {
            return Err(format!(
                "{} takes {} to {} seats; --seats names {n}",
                entry.name, entry.seats.min, entry.seats.max
            ));
        }
        let progress = |index: u32, outcome: &veil_core::Outcome, so_far: &[SeatFigures]| {
            let tally: Vec<String> = so_far
                .iter()
                .map(|f| {
                    format!(
                        "{} {}/{}/{} {:.0} ms",
                        f.level, f.wins, f.draws, f.losses, f.mean_think_ms
                    )
                })
                .collect();
            eprintln!(
                "game {}: ranks {:?} ({}); so far (won/drawn/lost, per move): {}",
                index + 1,
                outcome.ranks,
                outcome.reason,
                tally.join(", ")
            );
        };
        let mut extras = extras::for_game::<G>();
        let chooser = extras::chooser_for::<G>();
        matches::run_with::<G>(
            &Default::default(),
            self.spec,
            extras.as_mut(),
            progress,
            chooser,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usage_names_every_game_whose_rules_are_written() {
        let text = usage();
        for g in veil_games::GAMES.iter().filter(|g| g.rules) {
            assert!(text.contains(g.id), "{} missing from the usage", g.id);
        }
    }

    #[test]
    fn a_match_reaches_every_written_game_and_refuses_the_rest_clearly() {
        for g in veil_games::GAMES {
            let argv: Vec<String> = [
                "match",
                "--game",
                g.id,
                "--seats",
                "random,random,random",
                "--games",
                "1",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            let seats_ok = g.seats.contains(3);
            match run(&argv) {
                Ok(()) => assert!(g.rules && seats_ok, "{}", g.id),
                Err(e) if !g.rules => assert!(e.contains("not written"), "{}: {e}", g.id),
                Err(e) => {
                    assert!(!seats_ok, "{}: {e}", g.id);
                    assert!(e.contains("seats"), "{}: {e}", g.id);
                }
            }
        }
        let argv: Vec<String> = ["match", "--game", "nope", "--seats", "random,random"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(run(&argv).unwrap_err().contains("unknown game"));
    }

    /// The registry is the one place that spells a game's id: the app and
    /// this tool reach games through it (or through the game crate's `ID`).
    #[test]
    fn no_file_of_the_app_or_the_cli_spells_a_game_id() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        let mut dirs = vec![root.join("src"), root.join("crates/veil-cli/src")];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
        assert!(files.len() > 5, "found the sources");
        let mut offenders = Vec::new();
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            for g in veil_games::GAMES {
                if text.contains(&format!("\"{}\"", g.id)) {
                    offenders.push(format!("{} spells \"{}\"", f.display(), g.id));
                }
            }
        }
        assert!(offenders.is_empty(), "{offenders:#?}");
    }
}
