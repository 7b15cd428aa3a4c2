//! `veil-cli gtp`: Veil's Go engine over the Go Text Protocol, version 2,
//! for GoGui, Sabaki, twogtp and other controllers.
//!
//! Commands: the required ones (protocol_version, name, version,
//! known_command, list_commands, quit, boardsize, clear_board, komi, play,
//! genmove) and undo, final_score, final_status_list, time_settings,
//! time_left, showboard. The engine counts by area (Chinese rules), so
//! `final_score` is an area count with the dead stones its own playouts
//! propose; it never resigns.

use std::io::{BufRead, Write};

use veil_ai::Level;

use crate::args::Args;
use veil_core::{GameRng, SeedableRng};
use veil_go::engine::{Engine, EngineConfig};
use veil_go::{Color, Move, Point, Position, Rules, propose_dead, score};
use web_time::Duration;

const COMMANDS: [&str; 17] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "final_score",
    "final_status_list",
    "time_settings",
    "time_left",
    "showboard",
];

/// The flags of `veil-cli gtp`.
pub const FLAGS: &[&str] = &["size", "level", "think-ms"];

/// `veil-cli gtp`.
pub fn command(args: &Args) -> Result<(), String> {
    let level = args
        .get("level")
        .unwrap_or("hard")
        .parse::<Level>()
        .map_err(|e| e.to_string())?;
    let think_ms: u64 = args.number("think-ms", Some(0))?;
    let think = (think_ms > 0).then(|| Duration::from_millis(think_ms));
    let session = Gtp::new(args.number("size", Some(19))?, level, think)?;
    let stdin = std::io::stdin();
    serve(session, stdin.lock(), std::io::stdout()).map_err(|e| e.to_string())
}

/// One GTP session.
pub struct Gtp {
    position: Position,
    komi: f64,
    level: Level,
    /// The most time a move may take (from `--think-ms`, or the clock).
    think: Option<Duration>,
    /// Seconds left on our clock and stones to play in them (0: main time).
    clock: Option<(f64, u32)>,
    byo_yomi: Option<(f64, u32)>,
    seed: u64,
}

/// What a command asks the session to do afterwards.
#[derive(PartialEq, Eq, Debug)]
pub enum After {
    Continue,
    Quit,
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("syntax error".into()),
    }
}

fn parse_move(text: &str, size: u8) -> Result<Move, String> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    Point::parse(text, size)
        .map(Move::Play)
        .map_err(|_| "invalid coordinate".into())
}

impl Gtp {
    pub fn new(size: u8, level: Level, think: Option<Duration>) -> Result<Gtp, String> {
        Ok(Gtp {
            position: Position::new(size, 0)?,
            komi: 7.5,
            level,
            think,
            clock: None,
            byo_yomi: None,
            seed: 1,
        })
    }

    #[cfg(test)]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Answers one line; `None` for a line with no command (blank or a
    /// comment).
    pub fn handle(&mut self, line: &str) -> Option<(String, After)> {
        let cleaned: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let mut words = cleaned.split_whitespace();
        let first = words.next()?;
        let (id, command) = if first.chars().all(|c| c.is_ascii_digit()) {
            (first.to_string(), words.next().unwrap_or(""))
        } else {
            (String::new(), first)
        };
        let args: Vec<&str> = words.collect();
        let (result, after) = match self.execute(command, &args) {
            Ok((text, after)) => (format!("={id} {text}"), after),
            Err(text) => (format!("?{id} {text}"), After::Continue),
        };
        Some((format!("{}\n\n", result.trim_end()), after))
    }

    fn execute(&mut self, command: &str, args: &[&str]) -> Result<(String, After), String> {
        let ok = |text: String| Ok((text, After::Continue));
        let size = self.position.size();
        match command {
            "protocol_version" => ok("2".into()),
            "name" => ok("Veil".into()),
            "version" => ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "list_commands" => ok(COMMANDS.join("\n")),
            "quit" => Ok((String::new(), After::Quit)),
            "boardsize" => {
                let n: u8 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .ok_or("syntax error")?;
                if !(2..=19).contains(&n) {
                    return Err("unacceptable size".into());
                }
                self.position = Position::new(n, 0)?;
                ok(String::new())
            }
            "clear_board" => {
                self.position = Position::new(size, 0)?;
                ok(String::new())
            }
            "komi" => {
                let k: f64 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .filter(|k: &f64| k.is_finite())
                    .ok_or("syntax error")?;
                self.komi = k;
                ok(String::new())
            }
            "play" => {
                let [color, vertex] = args else {
                    return Err("syntax error".into());
                };
                let color = parse_color(color)?;
                let mv = parse_move(vertex, size)?;
                self.position
                    .play(color, mv)
                    .map_err(|_| "illegal move".to_string())?;
                ok(String::new())
            }
            "genmove" => {
                let color = parse_color(args.first().ok_or("syntax error")?)?;
                let mv = self.think(color);
                self.position
                    .play(color, mv)
                    .map_err(|e| format!("internal error: own move refused: {e}"))?;
                ok(mv.to_string())
            }
            "undo" => {
                if self.position.undo() {
                    ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "final_score" => {
                let dead = self.dead();
                let s = score(self.position.board(), &dead, Rules::Area, self.komi, [0, 0]);
                ok(s.to_string())
            }
            "final_status_list" => {
                let dead = self.dead();
                let board = self.position.board();
                let list: Vec<Point> = match args.first().copied() {
                    Some("dead") => dead,
                    Some("alive") => board
                        .points()
                        .filter(|p| board.get(*p).is_some() && !dead.contains(p))
                        .collect(),
                    Some("seki") => Vec::new(),
                    _ => return Err("syntax error".into()),
                };
                ok(list
                    .iter()
                    .map(Point::to_string)
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "time_settings" => {
                let [main, byo, stones] = args else {
                    return Err("syntax error".into());
                };
                let main: f64 = main.parse().map_err(|_| "syntax error")?;
                let byo: f64 = byo.parse().map_err(|_| "syntax error")?;
                let stones: u32 = stones.parse().map_err(|_| "syntax error")?;
                self.clock = Some((main, 0));
                self.byo_yomi = (byo > 0.0 && stones > 0).then_some((byo, stones));
                ok(String::new())
            }
            "time_left" => {
                let [_color, time, stones] = args else {
                    return Err("syntax error".into());
                };
                let time: f64 = time.parse().map_err(|_| "syntax error")?;
                let stones: u32 = stones.parse().map_err(|_| "syntax error")?;
                self.clock = Some((time, stones));
                ok(String::new())
            }
            "showboard" => {
                let board = self.position.board();
                let letters: String = (0..size)
                    .map(|c| Point::new(c, 0).to_string().chars().next().unwrap_or('?'))
                    .map(|c| format!(" {c}"))
                    .collect();
                let mut text = format!("\n  {letters}\n");
                for (k, row) in board.rows().iter().enumerate() {
                    let n = size as usize - k;
                    let cells: String = row.chars().map(|c| format!(" {c}")).collect();
                    text.push_str(&format!("{n:2}{cells} {n}\n"));
                }
                text.push_str(&format!("  {letters}\n"));
                let caps = board.captures();
                text.push_str(&format!("captures: black {}, white {}", caps[0], caps[1]));
                ok(text)
            }
            "" => Err("unknown command".into()),
            _ => Err("unknown command".into()),
        }
    }

    /// The thinking time for this move: the level's budget, cut to the
    /// think limit and to a share of the clock.
    fn budget(&self) -> Option<Duration> {
        let from_clock = self.clock.map(|(left, stones)| {
            let per_move = if stones > 0 {
                left / f64::from(stones)
            } else {
                // Main time: spread over the moves likely left.
                let empties = self
                    .position
                    .board()
                    .points()
                    .filter(|p| self.position.board().get(*p).is_none())
                    .count();
                left / (empties as f64 / 2.0).max(10.0)
            };
            Duration::from_secs_f64((per_move * 0.8 - 0.05).max(0.05))
        });
        match (self.think, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn think(&mut self, color: Color) -> Move {
        let mut position = self.position.clone();
        position.set_to_move(color);
        let mut config = EngineConfig::level(self.level);
        config.max_time = self.budget();
        self.seed = self.seed.wrapping_add(1);
        let mut engine = Engine::new(&position, self.komi, config, self.seed);
        while !engine.is_finished() {
            engine.run(1024);
        }
        engine.best_move()
    }

    fn dead(&self) -> Vec<Point> {
        let board = self.position.board();
        let mut rng = GameRng::seed_from_u64(board.hash());
        propose_dead(board, self.position.to_move(), 200, &mut rng)
    }
}

/// Runs a session over `input` and `output` until `quit` or the end of the
/// input.
pub fn serve(mut gtp: Gtp, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if let Some((reply, after)) = gtp.handle(&line) {
            output.write_all(reply.as_bytes())?;
            output.flush()?;
            if after == After::Quit {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(script: &str) -> String {
        let gtp = Gtp::new(9, Level::Easy, None).unwrap();
        let mut out = Vec::new();
        serve(gtp, script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_required_commands_answer() {
        let out = session(
            "1 protocol_version\nname\n# a comment\n\n2 known_command genmove\nknown_command fly\nversion\nlist_commands\nquit\nname\n",
        );
        let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
        assert_eq!(replies[0], "=1 2");
        assert_eq!(replies[1], "= Veil");
        assert_eq!(replies[2], "=2 true");
        assert_eq!(replies[3], "= false");
        assert!(replies[5].contains("final_status_list"));
        assert_eq!(replies[6], "=");
        assert_eq!(replies.len(), 7, "nothing after quit: {out:?}");
    }

    #[test]
    fn play_undo_and_errors() {
        let out = session(
            "boardsize 9\nclear_board\nkomi 6.5\nplay b E5\nplay w E5\nplay w j9\nplay x E4\nplay b Z1\nundo\nundo\nundo\nboardsize 42\nfrobnicate\nshowboard\n",
        );
        let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
        assert_eq!(&replies[..4], ["=", "=", "=", "="]);
        assert_eq!(replies[4], "? illegal move");
        assert_eq!(replies[5], "=");
        assert_eq!(replies[6], "? syntax error");
        assert_eq!(replies[7], "? invalid coordinate");
        assert_eq!(&replies[8..10], ["=", "="]);
        assert_eq!(replies[10], "? cannot undo");
        assert_eq!(replies[11], "? unacceptable size");
        assert_eq!(replies[12], "? unknown command");
        assert!(
            replies[13].contains(" 9 . . . . . . . . . 9"),
            "{}",
            replies[13]
        );
    }

    #[test]
    fn genmove_plays_a_legal_move_and_the_game_is_scored() {
        let mut gtp = Gtp::new(9, Level::Easy, None).unwrap();
        let (reply, _) = gtp.handle("genmove black").unwrap();
        let vertex = reply.trim().trim_start_matches("= ");
        assert!(Point::parse(vertex, 9).is_ok(), "{reply}");
        assert_eq!(gtp.position().moves().len(), 1);
        let (reply, _) = gtp.handle("genmove w").unwrap();
        assert!(reply.starts_with("= "));
        // An empty-ish board: White leads by komi.
        let mut gtp = Gtp::new(9, Level::Easy, None).unwrap();
        assert_eq!(gtp.handle("final_score").unwrap().0, "= W+7.5\n\n");
        gtp.handle("play b A1");
        gtp.handle("play w B1");
        gtp.handle("play b B2");
        gtp.handle("play w A2");
        let (dead, _) = gtp.handle("final_status_list dead").unwrap();
        assert!(dead.starts_with('='));
        let (alive, _) = gtp.handle("final_status_list alive").unwrap();
        assert!(alive.starts_with('='));
        gtp.handle("time_settings 60 0 0");
        assert_eq!(gtp.handle("time_left b 30 0").unwrap().0, "=\n\n");
        assert!(gtp.budget().unwrap() < Duration::from_secs(30));
    }
}
