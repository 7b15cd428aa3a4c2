//! `veil-cli gtp`: Veil's Go engine over the Go Text Protocol, version 2,
//! for GoGui, Sabaki, twogtp and other controllers.
//!
//! Commands: the required ones (protocol_version, name, version,
//! known_command, list_commands, quit, boardsize, clear_board, komi, play,
//! genmove) and undo, final_score, final_status_list, time_settings,
//! time_left, showboard. The engine counts by area (Chinese rules), so
//! `final_score` is an area count with the dead stones its own playouts
//! propose; it never resigns.
//!
//! Hostile input is answered, never fatal: every numeric argument is
//! checked ([`seconds`], [`stone_count`], [`komi`]); a line that is not UTF-8, or
//! longer than [`MAX_LINE`] bytes, is answered `? ...` and the session goes
//! on.

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

/// The longest command line read, in bytes; the rest of a longer line is
/// skipped (never held) and the line is answered with an error.
pub const MAX_LINE: usize = 4096;

/// The most seconds a clock may hold: a larger (finite) time is read as
/// this — a clock of over a year is no limit at all.
pub const MAX_SECONDS: f64 = 366.0 * 24.0 * 3600.0;

/// The largest komi (either sign) taken: beyond any board's area.
pub const MAX_KOMI: f64 = 1000.0;

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
    /// The last search, whose tree the next `genmove` reuses when the
    /// game has gone on from it.
    previous: Option<Engine>,
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

/// A time in seconds, as `time_settings` and `time_left` take it: a finite
/// number, not negative; a time over [`MAX_SECONDS`] is read as that.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.0 => Ok(t.min(MAX_SECONDS)),
        _ => Err(format!(
            "syntax error: a time must be a finite number of seconds, 0 or more, not {text:?}"
        )),
    }
}

/// A count of stones: a whole number from 0 to 2^32 - 1.
fn stone_count(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        format!(
            "syntax error: a count of stones must be a whole number from 0 to {}, not {text:?}",
            u32::MAX
        )
    })
}

/// A komi: a finite number within ±[`MAX_KOMI`].
fn komi(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= MAX_KOMI => Ok(k),
        _ => Err(format!(
            "syntax error: komi must be a number from -{MAX_KOMI} to {MAX_KOMI}, not {text:?}"
        )),
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
            previous: None,
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
                let [k] = args else {
                    return Err("syntax error".into());
                };
                self.komi = komi(k)?;
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
                let main = seconds(main)?;
                let byo = seconds(byo)?;
                let stones = stone_count(stones)?;
                self.clock = Some((main, 0));
                self.byo_yomi = (byo > 0.0 && stones > 0).then_some((byo, stones));
                ok(String::new())
            }
            "time_left" => {
                let [color, time, stones] = args else {
                    return Err("syntax error".into());
                };
                parse_color(color)?;
                let time = seconds(time)?;
                let stones = stone_count(stones)?;
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
            // The clock's times are checked as they are read; the clamp
            // keeps the conversion total whatever they hold.
            let secs = (per_move * 0.8 - 0.05).clamp(0.05, MAX_SECONDS);
            Duration::try_from_secs_f64(secs).unwrap_or(Duration::from_millis(50))
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
        let mut engine = Engine::continued(
            self.previous.take(),
            &position,
            self.komi,
            config,
            self.seed,
        );
        while !engine.is_finished() {
            engine.run(1024);
        }
        let mv = engine.best_move();
        self.previous = Some(engine);
        mv
    }

    fn dead(&self) -> Vec<Point> {
        let board = self.position.board();
        let mut rng = GameRng::seed_from_u64(board.hash());
        propose_dead(board, self.position.to_move(), 200, &mut rng)
    }
}

/// Reads one line of `input` (without its `\n`) into `line`, holding at most
/// [`MAX_LINE`] bytes of it; `Ok(None)` at the end of the input, and
/// `Ok(Some(false))` for a line cut short.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    line.clear();
    let mut whole = true;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (&chunk[..at], at + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = MAX_LINE - line.len().min(MAX_LINE);
        if part.len() > room {
            whole = false;
        }
        line.extend_from_slice(&part[..part.len().min(room)]);
        input.consume(used);
        if done {
            return Ok(Some(whole));
        }
    }
}

/// Runs a session over `input` and `output` until `quit` or the end of the
/// input. A line that is not UTF-8 or is over [`MAX_LINE`] bytes is answered
/// with an error and the session goes on.
pub fn serve(mut gtp: Gtp, mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    while let Some(whole) = read_line(&mut input, &mut bytes)? {
        let answer = if !whole {
            Some((
                format!("? line too long: over {MAX_LINE} bytes\n\n"),
                After::Continue,
            ))
        } else {
            match std::str::from_utf8(&bytes) {
                Ok(line) => gtp.handle(line),
                Err(e) => Some((
                    format!(
                        "? line is not UTF-8 (byte {} of {}): {}\n\n",
                        e.valid_up_to() + 1,
                        bytes.len(),
                        String::from_utf8_lossy(&bytes).escape_debug()
                    ),
                    After::Continue,
                )),
            }
        };
        if let Some((reply, after)) = answer {
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
        session_bytes(script.as_bytes())
    }

    fn session_bytes(script: &[u8]) -> String {
        let gtp = Gtp::new(9, Level::Easy, Some(Duration::from_millis(50))).unwrap();
        let mut out = Vec::new();
        serve(gtp, script, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn replies(out: &str) -> Vec<&str> {
        out.split("\n\n").filter(|r| !r.is_empty()).collect()
    }

    #[test]
    fn huge_infinite_and_negative_clocks_are_clamped_or_refused() {
        // Each clock, then a move: a clock refused leaves the session as it was.
        for (clock, accepted) in [
            ("time_settings 1e300 0 0", true),
            ("time_settings 1e20 1e300 4294967295", true),
            ("time_settings 0 0 0", true),
            ("time_left b 1e20 1", true),
            ("time_left w 1e300 0", true),
            ("time_left b 0 4294967295", true),
            ("time_settings inf 0 0", false),
            ("time_settings 10 -inf 1", false),
            ("time_settings NaN 0 0", false),
            ("time_settings -5 0 0", false),
            ("time_settings 10 0 -1", false),
            ("time_settings 10 0 4294967296", false),
            ("time_settings 10 0 1e3", false),
            ("time_left b inf 26", false),
            ("time_left b -1 0", false),
            ("time_left b nan 0", false),
            ("time_left x inf 26", false),
            ("time_left x 10 26", false),
            ("komi 1e300", false),
            ("komi inf", false),
            ("komi NaN", false),
            ("komi 1001", false),
            ("komi -1000", true),
        ] {
            let out = session(&format!("{clock}\ngenmove b\ngenmove w\n"));
            let r = replies(&out);
            assert_eq!(r.len(), 3, "{clock}: {out:?}");
            if accepted {
                assert_eq!(r[0], "=", "{clock}: {out:?}");
            } else {
                assert!(r[0].starts_with("? syntax error"), "{clock}: {out:?}");
            }
            assert!(
                r[1].starts_with("= ") && r[2].starts_with("= "),
                "{clock}: {out:?}"
            );
        }
    }

    #[test]
    fn refusals_name_what_they_refused() {
        let out = session("time_settings inf 0 0\ntime_left x 5 1\nkomi 1e300\ntime_left b 5 -3\n");
        let r = replies(&out);
        assert!(r[0].contains("\"inf\""), "{}", r[0]);
        assert_eq!(r[1], "? syntax error");
        assert!(r[2].contains("\"1e300\""), "{}", r[2]);
        assert!(r[3].contains("\"-3\""), "{}", r[3]);
        assert!(
            r.iter().all(|r| !r.contains('\n')),
            "one line each: {out:?}"
        );
    }

    #[test]
    fn a_line_not_utf8_or_too_long_is_answered_and_the_session_goes_on() {
        let mut script = b"1 name\n2 na\xffme\n\xc3\n".to_vec();
        script.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
        script.extend(b"\nprotocol_version\nquit\nname\n");
        let out = session_bytes(&script);
        let r = replies(&out);
        assert_eq!(r.len(), 6, "{out:?}");
        assert_eq!(r[0], "=1 Veil");
        assert!(r[1].starts_with("? line is not UTF-8"), "{}", r[1]);
        assert!(r[1].contains("na\u{fffd}me"), "{}", r[1]);
        assert!(r[2].starts_with("? line is not UTF-8"), "{}", r[2]);
        assert!(r[3].starts_with("? line too long"), "{}", r[3]);
        assert_eq!(r[4], "= 2");
        assert_eq!(r[5], "=");
        // A last line without its newline is still read.
        assert_eq!(replies(&session("name")), ["= Veil"]);
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
