//! A game: a start position, the moves played and what history decides
//! (threefold repetition, the 50-move rule), and PGN export.

use core::fmt::Write;

use crate::geometry::{Geometry, Grid8};
use crate::position::{IllegalMove, Position};
use crate::types::{Color, Move, Outcome};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Termination {
    Checkmate { winner: Color },
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
}

impl Termination {
    pub fn outcome(self) -> Outcome {
        match self {
            Termination::Checkmate { winner } => Outcome::Decisive { winner },
            _ => Outcome::Draw,
        }
    }
}

/// A position with its history.
///
/// Serialised as its start position and moves; reading replays them, so a
/// game with an illegal move is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<G: Geometry = Grid8> {
    start: Position<G>,
    position: Position<G>,
    moves: Vec<Move>,
    /// Hash of every position reached, the start included.
    hashes: Vec<u64>,
}

impl<G: Geometry> Game<G> {
    pub fn new(start: Position<G>) -> Self {
        let hashes = vec![start.zobrist()];
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            hashes,
        }
    }
    pub fn start(&self) -> &Position<G> {
        &self.start
    }
    pub fn position(&self) -> &Position<G> {
        &self.position
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// Plays a legal move; an illegal one is handed back.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.position.play(mv)?;
        self.moves.push(mv);
        self.hashes.push(self.position.zobrist());
        Ok(())
    }
    /// How often the current position has occurred (1 the first time).
    /// Only positions since the last capture or pawn move can repeat.
    pub fn repetitions(&self) -> usize {
        let current = self.position.zobrist();
        let window = (self.position.halfmoves() as usize + 1).min(self.hashes.len());
        self.hashes[self.hashes.len() - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|h| **h == current)
            .count()
    }
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 3
    }
    pub fn is_fifty_move_rule(&self) -> bool {
        self.position.is_fifty_move_rule()
    }
    /// Why the game is over, if it is: checkmate and stalemate first, then
    /// the draws by repetition, the 50-move rule and insufficient material,
    /// all applied at once as Veil's rulings read them.
    pub fn termination(&self) -> Option<Termination> {
        if let Some(o) = self.position.outcome() {
            return Some(match o {
                Outcome::Decisive { winner } => Termination::Checkmate { winner },
                Outcome::Draw => Termination::Stalemate,
            });
        }
        if self.is_threefold_repetition() {
            Some(Termination::ThreefoldRepetition)
        } else if self.is_fifty_move_rule() {
            Some(Termination::FiftyMoveRule)
        } else if self.position.is_insufficient_material() {
            Some(Termination::InsufficientMaterial)
        } else {
            None
        }
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.termination().map(Termination::outcome)
    }

    /// The game as PGN. `tags` come after the seven standard ones (which are
    /// filled with `?` unless given) and `[Variant]`; `[SetUp]`/`[FEN]` are
    /// added when the game does not start from the standard position.
    pub fn to_pgn(&self, variant: &str, tags: &[(&str, &str)]) -> String {
        let result = self.outcome().map_or("*", Outcome::pgn);
        let mut out = String::new();
        let standard = ["Event", "Site", "Date", "Round", "White", "Black"];
        let get = |name: &str| tags.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
        let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
        for name in standard {
            let _ = writeln!(out, "[{name} \"{}\"]", escape(get(name).unwrap_or("?")));
        }
        let _ = writeln!(
            out,
            "[Result \"{}\"]",
            escape(get("Result").unwrap_or(result))
        );
        let _ = writeln!(out, "[Variant \"{}\"]", escape(variant));
        let start_fen = self.start.to_fen();
        if start_fen != crate::fen::STANDARD_START {
            let _ = writeln!(out, "[SetUp \"1\"]");
            let _ = writeln!(out, "[FEN \"{}\"]", start_fen);
        }
        for (k, v) in tags {
            if !standard.contains(k) && !["Result", "Variant", "SetUp", "FEN"].contains(k) {
                let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
            }
        }
        out.push('\n');
        let mut tokens = Vec::new();
        let mut pos = self.start.clone();
        for (i, &mv) in self.moves.iter().enumerate() {
            if pos.turn() == Color::White {
                tokens.push(format!("{}.", pos.fullmoves()));
            } else if i == 0 {
                tokens.push(format!("{}...", pos.fullmoves()));
            }
            tokens.push(pos.san(mv));
            pos.play_unchecked(mv);
        }
        tokens.push(result.to_string());
        crate::pgn::push_movetext(&mut out, tokens);
        out
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
struct GameRecord<G: Geometry> {
    start: Position<G>,
    moves: Vec<Move>,
}

impl<G: Geometry> serde::Serialize for Game<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameRecord {
            start: self.start.clone(),
            moves: self.moves.clone(),
        }
        .serialize(s)
    }
}

impl<'de, G: Geometry> serde::Deserialize<'de> for Game<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let record = GameRecord::<G>::deserialize(d)?;
        let mut game = Game::new(record.start);
        for mv in record.moves {
            game.play(mv).map_err(serde::de::Error::custom)?;
        }
        Ok(game)
    }
}
