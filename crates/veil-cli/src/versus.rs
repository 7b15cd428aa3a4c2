//! `veil-cli versus`: Veil's Go engine against an external GTP engine
//! (GNU Go), colours alternating, Chinese (area) rules.
//!
//! Each game also checks the two engines against each other: every move
//! of either must be accepted by the other (a refusal ends the game and is
//! counted), and at the end Veil's area count is compared with the other
//! engine's `final_score` — using the other engine's dead stones, and
//! noting whether Veil's own proposal of dead stones agrees. The winner is
//! the resigner's opponent, or else the side ahead by Veil's area count
//! with the other engine's dead stones.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde::Serialize;
use veil_ai::Level;

use crate::args::Args;
use veil_core::{GameRng, SeedableRng};
use veil_go::engine::{Engine, EngineConfig};
use veil_go::{Color, Move, Point, Position, Rules, propose_dead, score};
use web_time::{Duration, Instant};

/// The flags of `veil-cli versus`.
pub const FLAGS: &[&str] = &[
    "game", "engine", "size", "games", "think-ms", "level", "komi", "seed", "resign",
];

/// `veil-cli versus`.
pub fn command(args: &Args) -> Result<(), String> {
    if args.get("game").unwrap_or("go") != "go" {
        return Err("versus plays --game go only".into());
    }
    let spec = VersusSpec {
        engine: args
            .get("engine")
            .ok_or("--engine is required, e.g. --engine \"gnugo --mode gtp\"")?
            .to_string(),
        size: args.number("size", Some(9))?,
        games: args.number("games", Some(10))?,
        think: Duration::from_millis(args.number("think-ms", Some(2000))?),
        level: args
            .get("level")
            .unwrap_or("hard")
            .parse::<Level>()
            .map_err(|e| e.to_string())?,
        komi: args
            .get("komi")
            .map_or(Ok(7.5), |k| k.parse().map_err(|_| format!("--komi {k:?}")))?,
        seed: args.number("seed", Some(1))?,
        resign: args.get("resign").map_or(Ok(0.0), |r| {
            r.parse::<f64>()
                .ok()
                .filter(|r| (0.0..0.5).contains(r))
                .ok_or(format!("--resign {r:?}: a win rate from 0 to under 0.5"))
        })?,
    };
    let report = run(&spec, |line| eprintln!("{line}"))?;
    crate::say(&report);
    Ok(())
}

/// A GTP engine in a child process.
pub struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// The program to run for an engine's name: Debian installs GNU Go and
/// other games in /usr/games, which root's PATH leaves out.
fn engine_program(program: &str) -> std::path::PathBuf {
    let games = std::path::Path::new("/usr/games").join(program);
    let on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()));
    if program.contains('/') || on_path || !games.is_file() {
        program.into()
    } else {
        games
    }
}

impl External {
    pub fn start(command: &str) -> Result<External, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("--engine is empty")?;
        let mut child = Command::new(engine_program(program))
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(External {
            child,
            input,
            output,
        })
    }

    /// Sends one command; `Ok(answer)` for `=`, `Err(answer)` for `?`.
    pub fn ask(&mut self, command: &str) -> Result<Result<String, String>, String> {
        writeln!(self.input, "{command}").map_err(|e| format!("engine gone: {e}"))?;
        self.input
            .flush()
            .map_err(|e| format!("engine gone: {e}"))?;
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("engine gone: {e}"))?;
            if n == 0 {
                return Err(format!("the engine closed its output after {command:?}"));
            }
            if line.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                break;
            }
            reply.push_str(&line);
        }
        let reply = reply.trim().to_string();
        if let Some(rest) = reply.strip_prefix('=') {
            Ok(Ok(rest.trim().to_string()))
        } else if let Some(rest) = reply.strip_prefix('?') {
            Ok(Err(rest.trim().to_string()))
        } else {
            Err(format!("not a GTP reply to {command:?}: {reply:?}"))
        }
    }

    fn must(&mut self, command: &str) -> Result<String, String> {
        self.ask(command)?
            .map_err(|e| format!("the engine refused {command:?}: {e}"))
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

pub struct VersusSpec {
    pub engine: String,
    pub size: u8,
    pub games: u32,
    pub think: Duration,
    pub level: Level,
    pub komi: f64,
    pub seed: u64,
    /// Veil resigns once its search has put its chances below this three
    /// moves running, past the first quarter of the board's points in
    /// moves (0: never). A measurement's time saver: the games GNU Go wins
    /// it mostly wins by the whole board.
    pub resign: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct SideFigures {
    pub level: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub mean_think_ms: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct VersusFigures {
    pub game: &'static str,
    pub games: u32,
    pub seats: Vec<SideFigures>,
    pub size: u8,
    pub komi: f64,
    /// Moves of the external engine that Veil refused, and the reverse.
    pub refused_by_veil: u32,
    pub refused_by_engine: u32,
    /// Veil's mean playouts per move.
    pub veil_playouts_per_move: u64,
    /// Of the root's visits, the mean kept per move from the search before
    /// (tree reuse), on top of its own playouts.
    pub veil_reused_per_move: u64,
    /// Games ended by a resignation.
    pub resignations: u32,
    /// Games counted where Veil's dead stones equal the engine's.
    pub dead_stones_agreed: u32,
    /// Of those, games where Veil's area count equals the engine's `final_score`.
    pub scores_agreed: u32,
    /// Games counted where Veil's count (with the engine's dead stones)
    /// differs from the engine's `final_score`: "veil vs engine".
    pub score_disagreements: Vec<String>,
}

fn vertex(mv: Move) -> String {
    mv.to_string()
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// One game's result for the report.
struct GameResult {
    playouts: u64,
    reused: u64,
    their_think: Duration,
    their_moves: u32,
    veil_won: Option<bool>,
    veil_think: Duration,
    veil_moves: u32,
    text: String,
}

pub fn run(spec: &VersusSpec, mut progress: impl FnMut(&str)) -> Result<String, String> {
    let mut figures = VersusFigures {
        game: "go",
        games: spec.games,
        seats: vec![
            SideFigures {
                level: spec.level.to_string(),
                ..Default::default()
            },
            SideFigures {
                level: format!("gtp: {}", spec.engine),
                ..Default::default()
            },
        ],
        size: spec.size,
        komi: spec.komi,
        refused_by_veil: 0,
        refused_by_engine: 0,
        veil_playouts_per_move: 0,
        veil_reused_per_move: 0,
        resignations: 0,
        dead_stones_agreed: 0,
        scores_agreed: 0,
        score_disagreements: Vec::new(),
    };
    let mut think_total = Duration::ZERO;
    let mut think_moves = 0u32;
    let mut their_total = Duration::ZERO;
    let mut their_moves = 0u32;
    let mut playouts_total = 0u64;
    let mut reused_total = 0u64;
    for index in 0..spec.games {
        let veil = if index % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut external = External::start(&spec.engine)?;
        let result = play_game(spec, &mut external, veil, index, &mut figures)?;
        think_total += result.veil_think;
        think_moves += result.veil_moves;
        playouts_total += result.playouts;
        reused_total += result.reused;
        their_total += result.their_think;
        their_moves += result.their_moves;
        match result.veil_won {
            Some(true) => {
                figures.seats[0].wins += 1;
                figures.seats[1].losses += 1;
            }
            Some(false) => {
                figures.seats[0].losses += 1;
                figures.seats[1].wins += 1;
            }
            None => {
                figures.seats[0].draws += 1;
                figures.seats[1].draws += 1;
            }
        }
        progress(&format!(
            "game {} (Veil {}): {}",
            index + 1,
            color_name(veil),
            result.text
        ));
    }
    figures.seats[0].mean_think_ms = if think_moves == 0 {
        0.0
    } else {
        (think_total.as_secs_f64() * 1000.0 / f64::from(think_moves) * 10.0).round() / 10.0
    };
    figures.seats[1].mean_think_ms = if their_moves == 0 {
        0.0
    } else {
        (their_total.as_secs_f64() * 1000.0 / f64::from(their_moves) * 10.0).round() / 10.0
    };
    figures.veil_playouts_per_move = playouts_total / u64::from(think_moves.max(1));
    figures.veil_reused_per_move = reused_total / u64::from(think_moves.max(1));
    let s = &figures.seats[0];
    let mut text = format!(
        "Veil {} ({} as black first): {} wins, {} draws, {} losses, {:.1} ms per move\n",
        s.level, spec.level, s.wins, s.draws, s.losses, s.mean_think_ms
    );
    text.push_str(&format!(
        "refused: {} by Veil, {} by the engine; dead stones agreed in {} games, scores agreed in {} of them\n",
        figures.refused_by_veil,
        figures.refused_by_engine,
        figures.dead_stones_agreed,
        figures.scores_agreed
    ));
    let json = serde_json::to_string(&figures).map_err(|e| e.to_string())?;
    text.push_str(&json);
    text.push('\n');
    Ok(text)
}

fn play_game(
    spec: &VersusSpec,
    external: &mut External,
    veil: Color,
    index: u32,
    figures: &mut VersusFigures,
) -> Result<GameResult, String> {
    external.must(&format!("boardsize {}", spec.size))?;
    external.must("clear_board")?;
    external.must(&format!("komi {}", spec.komi))?;
    let mut position = Position::new(spec.size, 0)?;
    let mut veil_think = Duration::ZERO;
    let mut veil_moves = 0;
    let mut playouts = 0u64;
    let mut reused = 0u64;
    let mut their_think = Duration::ZERO;
    let mut their_moves = 0u32;
    let cap = 4 * spec.size as usize * spec.size as usize;
    let mut color = Color::Black;
    // The last search, whose tree the next one reuses.
    let mut previous: Option<Engine> = None;
    // Veil's moves in a row with its chances below `spec.resign`.
    let mut hopeless = 0;
    while position.passes() < 2 && position.moves().len() < cap {
        if color == veil {
            let started = Instant::now();
            // The think time is the budget: no playout cap.
            let mut config = EngineConfig::level(spec.level);
            config.playouts = u32::MAX;
            config.max_time = Some(spec.think);
            let seed = spec
                .seed
                .wrapping_mul(1_000_003)
                .wrapping_add(u64::from(index) * 10_007 + position.moves().len() as u64);
            let mut engine = Engine::continued(previous.take(), &position, spec.komi, config, seed);
            while !engine.is_finished() {
                engine.run(1024);
            }
            let mv = engine.best_move();
            playouts += u64::from(engine.playouts());
            reused += u64::from(engine.reused());
            hopeless = if engine.win_rate() < spec.resign {
                hopeless + 1
            } else {
                0
            };
            if hopeless >= 3 && position.moves().len() * 4 > usize::from(spec.size).pow(2) {
                figures.resignations += 1;
                veil_think += started.elapsed();
                veil_moves += 1;
                return Ok(GameResult {
                    playouts,
                    reused,
                    their_think,
                    their_moves,
                    veil_won: Some(false),
                    veil_think,
                    veil_moves,
                    text: format!(
                        "Veil resigned after {} moves{}",
                        position.moves().len(),
                        moves_if_asked(&position)
                    ),
                });
            }
            previous = Some(engine);
            veil_think += started.elapsed();
            veil_moves += 1;
            position
                .play(color, mv)
                .map_err(|e| format!("Veil's own move {mv} refused: {e}"))?;
            match external.ask(&format!("play {} {}", color_name(color), vertex(mv)))? {
                Ok(_) => {}
                Err(why) => {
                    figures.refused_by_engine += 1;
                    return Ok(GameResult {
                        playouts,
                        reused,
                        their_think,
                        their_moves,
                        veil_won: None,
                        veil_think,
                        veil_moves,
                        text: format!("the engine refused Veil's {mv}: {why}"),
                    });
                }
            }
        } else {
            let started = Instant::now();
            let reply = external.must(&format!("genmove {}", color_name(color)))?;
            their_think += started.elapsed();
            their_moves += 1;
            if reply.eq_ignore_ascii_case("resign") {
                figures.resignations += 1;
                return Ok(GameResult {
                    playouts,
                    reused,
                    their_think,
                    their_moves,
                    veil_won: Some(true),
                    veil_think,
                    veil_moves,
                    text: "the engine resigned".into(),
                });
            }
            let mv = if reply.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                match Point::parse(&reply, spec.size) {
                    Ok(p) => Move::Play(p),
                    Err(e) => return Err(format!("the engine answered {reply:?}: {e}")),
                }
            };
            if let Err(why) = position.play(color, mv) {
                figures.refused_by_veil += 1;
                return Ok(GameResult {
                    playouts,
                    reused,
                    their_think,
                    their_moves,
                    veil_won: None,
                    veil_think,
                    veil_moves,
                    text: format!("Veil refused the engine's {mv}: {why}"),
                });
            }
        }
        color = color.opponent();
    }
    // The count.
    let their_score = external.must("final_score")?;
    let their_dead: Vec<Point> = external
        .must("final_status_list dead")?
        .split_whitespace()
        .map(|v| Point::parse(v, spec.size).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let board = position.board();
    let mut rng = GameRng::seed_from_u64(board.hash());
    let mut ours = propose_dead(board, position.to_move(), 300, &mut rng);
    let mut theirs_all: Vec<Point> = their_dead.iter().flat_map(|p| board.chain_at(*p)).collect();
    theirs_all.sort();
    theirs_all.dedup();
    ours.sort();
    let counted = score(board, &theirs_all, Rules::Area, spec.komi, [0, 0]);
    let agreed = ours == theirs_all;
    let same_score = counted.to_string() == their_score;
    if agreed {
        figures.dead_stones_agreed += 1;
        if same_score {
            figures.scores_agreed += 1;
        }
    }
    if !same_score {
        figures
            .score_disagreements
            .push(format!("game {}: {counted} vs {their_score}", index + 1));
    }
    let veil_won = counted.winner().map(|w| w == veil);
    Ok(GameResult {
        playouts,
        reused,
        their_think,
        their_moves,
        veil_won,
        veil_think,
        veil_moves,
        text: format!(
            "{} moves{}, Veil counts {counted}, the engine {their_score}{}",
            position.moves().len(),
            moves_if_asked(&position),
            if agreed { "" } else { " (dead stones differ)" }
        ),
    })
}

/// The game's moves in brackets when `VEIL_VERSUS_MOVES` is set, else
/// nothing.
fn moves_if_asked(position: &Position) -> String {
    if std::env::var_os("VEIL_VERSUS_MOVES").is_none() {
        return String::new();
    }
    let moves: Vec<String> = position
        .moves()
        .iter()
        .map(|(_, m)| m.to_string())
        .collect();
    format!(" ({})", moves.join(" "))
}
