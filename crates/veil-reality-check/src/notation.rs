//! Move notation and the position string.
//!
//! Moves: `d3-d4` a quiet move, `d3xe4` a capture, `d3xe4!` a capture
//! declared as a Reality Check, `d3^e2` a Strategic Retreat (capturing
//! one's own piece), `N/P@c2` a drop of the N-P piece with N up, `+N/P@c2`
//! a setup placement, `~c2` a flip, `?c7,e7` a Memory action, `take` and
//! `refuse` a claim, `-d4` / `-RR` removing one's true piece from the board
//! or the hand, `-?` the blind removal of Memory mode, `die3` a die.
//!
//! Position: `<board> <side> <white hand> <black hand> <white removed>
//! <black removed> <locked> <ply> [<drops>]`; the optional drops field lists free setup's drop squares, `a4,b4,…/a6,…`. The board lists ranks from the top
//! (9 or 7) down, files a–g, digits counting empty squares and holes alike;
//! a piece is its up-face (uppercase White, lowercase Black) followed by
//! its under-face in parentheses when known: `N(P)`, `r(r)`.
//! Hands and removed pieces are lists of kinds (`NRPP` is N-R and P-P; `?`
//! an unknown piece; `-` none). `locked` is `-` or the squares that may not
//! be flipped, comma-separated. The standard fixed arrangement is
//! [`STANDARD_FIXED`].
//!
//! A move over [`MAX_MOVE_BYTES`] and a position over
//! [`MAX_POSITION_BYTES`] are refused unread.

use std::fmt;
use std::str::FromStr;

use veil_core::ParseError;
use veil_core::limits::{self, MAX_MOVE_BYTES, MAX_POSITION_BYTES};

use crate::board::Layout;
use crate::game::{Action, Options, Phase, Piece, RealityCheck};
use crate::types::{Color, Face, Kind, Square};

/// The perft position ([`RealityCheck::standard_fixed`]).
pub const STANDARD_FIXED: &str = "3r(r)3/2n(n)b(b)n(b)2/1p(p)p(n)b(r)p(b)p(r)1/7/7/7/1P(P)P(N)B(R)P(B)P(R)1/2N(N)B(B)N(B)2/3R(R)3 w NR nr - - - 0";

fn face_char(face: Face, color: Color) -> char {
    match color {
        Color::White => face.letter(),
        Color::Black => face.letter().to_ascii_lowercase(),
    }
}

fn kind_str(kind: Kind, color: Color) -> String {
    let s = kind.to_string();
    match color {
        Color::White => s,
        Color::Black => s.to_ascii_lowercase(),
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { kind, to, up } => {
                write!(f, "+{}/{}@{to}", up.letter(), kind.other(up).letter())
            }
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Capture { from, to } => write!(f, "{from}x{to}"),
            Action::Check { from, to } => write!(f, "{from}x{to}!"),
            Action::Retreat { from, to } => write!(f, "{from}^{to}"),
            Action::Drop { kind, to, up } => {
                write!(f, "{}/{}@{to}", up.letter(), kind.other(up).letter())
            }
            Action::Flip(sq) => write!(f, "~{sq}"),
            Action::Memory(a, b) => write!(f, "?{a},{b}"),
            Action::Take => f.write_str("take"),
            Action::Refuse => f.write_str("refuse"),
            Action::RemoveFromBoard(sq) => write!(f, "-{sq}"),
            Action::RemoveFromHand(kind) => write!(f, "-{kind}"),
            Action::RemoveUnseen => f.write_str("-?"),
            Action::Roll(d) => write!(f, "die{d}"),
        }
    }
}

fn square(s: &str, input: &str) -> Result<Square, ParseError> {
    Square::parse(s).ok_or_else(|| {
        ParseError::new(
            "Reality Check move",
            input,
            format!("{s:?} is not a square a1–g9"),
        )
    })
}

fn faces_at(s: &str, input: &str) -> Result<(Kind, Face, Square), ParseError> {
    let err = |r: &str| ParseError::new("Reality Check move", input, r.to_string());
    let (faces, to) = s
        .split_once('@')
        .ok_or_else(|| err("a drop reads up/under@square, e.g. N/P@c2"))?;
    let (up, under) = faces
        .split_once('/')
        .ok_or_else(|| err("a drop reads up/under@square, e.g. N/P@c2"))?;
    let face = |t: &str| {
        let mut c = t.chars();
        match (c.next(), c.next()) {
            (Some(ch), None) => Face::from_letter(ch),
            _ => None,
        }
        .ok_or_else(|| err(&format!("{t:?} is not a face P, N, B or R")))
    };
    let (up, under) = (face(up)?, face(under)?);
    Ok((Kind::from_faces(up, under), up, square(to, input)?))
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<Action, ParseError> {
        limits::check("Reality Check move", input, MAX_MOVE_BYTES)?;
        let s = input.trim();
        let err = |r: &str| ParseError::new("Reality Check move", input, r.to_string());
        if s.is_empty() {
            return Err(err("empty"));
        }
        if !s.is_ascii() {
            return Err(err("moves are written in ASCII"));
        }
        match s {
            "take" => return Ok(Action::Take),
            "refuse" => return Ok(Action::Refuse),
            "-?" => return Ok(Action::RemoveUnseen),
            _ => {}
        }
        if let Some(d) = s.strip_prefix("die") {
            return match d.parse::<u8>() {
                Ok(d) if (1..=6).contains(&d) => Ok(Action::Roll(d)),
                _ => Err(err("a die reads die1 … die6")),
            };
        }
        if let Some(rest) = s.strip_prefix('+') {
            let (kind, up, to) = faces_at(rest, input)?;
            return Ok(Action::Place { kind, to, up });
        }
        if let Some(rest) = s.strip_prefix('~') {
            return Ok(Action::Flip(square(rest, input)?));
        }
        if let Some(rest) = s.strip_prefix('?') {
            let (a, b) = rest
                .split_once(',')
                .ok_or_else(|| err("a Memory action reads ?c7,e7"))?;
            return Ok(Action::Memory(square(a, input)?, square(b, input)?));
        }
        if let Some(rest) = s.strip_prefix('-') {
            if let Some(sq) = Square::parse(rest) {
                return Ok(Action::RemoveFromBoard(sq));
            }
            let mut c = rest.chars();
            return match (
                c.next().and_then(Face::from_letter),
                c.next().and_then(Face::from_letter),
                c.next(),
            ) {
                (Some(a), Some(b), None) => Ok(Action::RemoveFromHand(Kind::from_faces(a, b))),
                _ => Err(err("a removal reads -d4 (board) or -RR (hand)")),
            };
        }
        if s.contains('@') {
            let (kind, up, to) = faces_at(s, input)?;
            return Ok(Action::Drop { kind, to, up });
        }
        if !s.is_char_boundary(2) || s.len() < 5 {
            return Err(err("expected a move like d3-d4, d3xe4, d3xe4! or d3^e2"));
        }
        let from = square(&s[..2], input)?;
        let (sep, rest) = s[2..].split_at(1);
        let (to, check) = match rest.strip_suffix('!') {
            Some(t) => (t, true),
            None => (rest, false),
        };
        let to = square(to, input)?;
        match (sep, check) {
            ("-", false) => Ok(Action::Move { from, to }),
            ("x", false) => Ok(Action::Capture { from, to }),
            ("x", true) => Ok(Action::Check { from, to }),
            ("^", false) => Ok(Action::Retreat { from, to }),
            _ => Err(err(
                "a move's squares are joined by -, x (then ! for a Reality Check) or ^",
            )),
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn write_fen(
    layout: Layout,
    piece: impl Fn(Square) -> Option<(Color, Face, Option<Face>)>,
    hand: impl Fn(Color) -> Option<Vec<Kind>>,
    hand_counts: &[u8; 2],
    removed: &[Vec<Kind>; 2],
    to_move: Color,
    lock: &[Option<Square>; 2],
    ply: u32,
) -> String {
    let mut out = String::new();
    for rank in (0..layout.ranks()).rev() {
        let mut empty = 0;
        for file in 0..7 {
            let sq = Square::new(file, rank).unwrap();
            match piece(sq) {
                None => empty += 1,
                Some((color, up, under)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(face_char(up, color));
                    if let Some(under) = under {
                        out.push('(');
                        out.push(face_char(under, color));
                        out.push(')');
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(match to_move {
        Color::White => 'w',
        Color::Black => 'b',
    });
    for c in Color::BOTH {
        out.push(' ');
        match hand(c) {
            Some(kinds) if kinds.is_empty() => out.push('-'),
            Some(kinds) => kinds.iter().for_each(|k| out.push_str(&kind_str(*k, c))),
            None if hand_counts[c.index()] == 0 => out.push('-'),
            None => (0..hand_counts[c.index()]).for_each(|_| out.push('?')),
        }
    }
    for c in Color::BOTH {
        out.push(' ');
        if removed[c.index()].is_empty() {
            out.push('-');
        }
        removed[c.index()]
            .iter()
            .for_each(|k| out.push_str(&kind_str(*k, c)));
    }
    out.push(' ');
    let locked: Vec<String> = lock.iter().flatten().map(|s| s.to_string()).collect();
    if locked.is_empty() {
        out.push('-');
    } else {
        out.push_str(&locked.join(","));
    }
    out.push(' ');
    out.push_str(&ply.to_string());
    out
}

fn kinds(field: &str, what: &str, input: &str) -> Result<Vec<Kind>, ParseError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let chars: Vec<char> = field.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err(ParseError::new(
            "Reality Check position",
            input,
            format!("{what} {field:?}: kinds are pairs of faces like NR"),
        ));
    }
    chars
        .chunks(2)
        .map(
            |pair| match (Face::from_letter(pair[0]), Face::from_letter(pair[1])) {
                (Some(a), Some(b)) => Ok(Kind::from_faces(a, b)),
                _ => Err(ParseError::new(
                    "Reality Check position",
                    input,
                    format!(
                        "{what} {field:?}: {:?} is not a pair of faces",
                        pair.iter().collect::<String>()
                    ),
                )),
            },
        )
        .collect()
}

impl RealityCheck {
    /// The position string of a game in play (every under-face written).
    /// Drop squares other than the home squares (free setup) follow as a
    /// ninth field, `a4,b4,…/a6,…`.
    pub fn to_fen(&self) -> String {
        let hands = self.hands.clone();
        let layout = self.options.board;
        let mut text = write_fen(
            self.options.board,
            |sq| self.board[sq.index()].map(|p| (p.color, p.up, Some(p.under()))),
            |c| Some(hands[c.index()].clone()),
            &[self.hands[0].len() as u8, self.hands[1].len() as u8],
            &self.removed,
            self.to_move,
            &self.lock,
            self.ply,
        );
        if self.drop_squares != [layout.home(Color::White), layout.home(Color::Black)] {
            let list = |set: u64| {
                crate::types::squares(set)
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            text.push_str(&format!(
                " {}/{}",
                list(self.drop_squares[0]),
                list(self.drop_squares[1])
            ));
        }
        text
    }

    /// Reads a position string into a game at the start of a turn. Every
    /// piece needs both faces, each side must own each kind exactly once
    /// (board, hand, removed), and drop squares are the layout's home
    /// squares. `options.board` says which board the string is on.
    pub fn from_fen(options: &Options, input: &str) -> Result<RealityCheck, ParseError> {
        limits::check("Reality Check position", input, MAX_POSITION_BYTES)?;
        let err = |r: String| ParseError::new("Reality Check position", input, r);
        let fields: Vec<&str> = input.split_whitespace().collect();
        let (fields, drops) = match fields.len() {
            9 => (&fields[..8], Some(fields[8])),
            _ => (&fields[..], None),
        };
        let [board, side, wh, bh, wr, br, lock, ply] = fields else {
            return Err(err(format!(
                "{} fields, expected 8 (or 9 with drop squares): board side white-hand black-hand white-removed black-removed locked ply [drops]",
                fields.len()
            )));
        };
        let layout = options.board;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != layout.ranks() as usize {
            return Err(err(format!(
                "{} ranks, the board has {}",
                rows.len(),
                layout.ranks()
            )));
        }
        let mut cells: Vec<Option<Piece>> = vec![None; Square::COUNT];
        for (row, text) in rows.iter().enumerate() {
            let rank = layout.ranks() - 1 - row as u8;
            let mut file = 0u8;
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(err(format!("rank {}: 0 is not a count", rank + 1)));
                    }
                    file = file.saturating_add(d as u8);
                    continue;
                }
                let up = Face::from_letter(c)
                    .ok_or_else(|| err(format!("rank {}: {c:?} is not a piece", rank + 1)))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if chars.next() != Some('(') {
                    return Err(err(format!(
                        "rank {}: {c} needs its under-face, like {c}({c})",
                        rank + 1
                    )));
                }
                let under = chars
                    .next()
                    .and_then(|u| {
                        Face::from_letter(u)
                            .filter(|_| u.is_ascii_uppercase() == c.is_ascii_uppercase())
                    })
                    .ok_or_else(|| err(format!("rank {}: bad under-face after {c}(", rank + 1)))?;
                if chars.next() != Some(')') {
                    return Err(err(format!("rank {}: missing ) after {c}(", rank + 1)));
                }
                let sq = Square::new(file, rank)
                    .filter(|_| file < 7)
                    .ok_or_else(|| err(format!("rank {} has more than 7 files", rank + 1)))?;
                if !layout.contains(sq) {
                    return Err(err(format!("{sq} is a hole, not a square of the board")));
                }
                cells[sq.index()] = Some(Piece {
                    color,
                    kind: Kind::from_faces(up, under),
                    up,
                    public: false,
                });
                file += 1;
            }
            if file != 7 {
                return Err(err(format!("rank {} has {file} files, not 7", rank + 1)));
            }
        }
        let to_move = match *side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(err(format!("side {other:?} is not w or b"))),
        };
        let hands = [
            kinds(wh, "white hand", input)?,
            kinds(bh, "black hand", input)?,
        ];
        let removed = [
            kinds(wr, "white removed", input)?,
            kinds(br, "black removed", input)?,
        ];
        let mut locked = [None; 2];
        if *lock != "-" {
            for (i, s) in lock.split(',').enumerate() {
                let sq = Square::parse(s)
                    .filter(|sq| cells[sq.index()].is_some())
                    .ok_or_else(|| err(format!("locked {s:?} is not an occupied square")))?;
                if i >= 2 {
                    return Err(err("at most two locked pieces".into()));
                }
                locked[i] = Some(sq);
            }
        }
        let ply: u32 = ply
            .parse()
            .ok()
            .filter(|p| *p < 10_000)
            .ok_or_else(|| err(format!("ply {ply:?} is not a number below 10000")))?;
        let mut game = RealityCheck {
            options: *options,
            board: cells,
            hands: hands.map(|mut h| {
                h.sort();
                h
            }),
            removed,
            drop_squares: match drops {
                None => [layout.home(Color::White), layout.home(Color::Black)],
                Some(text) => {
                    let (w, b) = text
                        .split_once('/')
                        .ok_or_else(|| err(format!("drop squares {text:?} read white/black")))?;
                    let set = |list: &str| -> Result<u64, ParseError> {
                        list.split(',')
                            .filter(|s| !s.is_empty())
                            .try_fold(0u64, |acc, s| {
                                let sq = Square::parse(s)
                                    .filter(|sq| layout.contains(*sq))
                                    .ok_or_else(|| {
                                        err(format!("drop square {s:?} is not on the board"))
                                    })?;
                                Ok(acc | sq.bit())
                            })
                    };
                    [set(w)?, set(b)?]
                }
            },
            phase: Phase::Play,
            to_move,
            ply,
            lock: locked,
            flipped: [None; 2],
            setup_done: [true, true],
            history: Vec::new(),
            outcome: None,
            checked: None,
        };
        game.validate().map_err(err)?;
        game.restart_play();
        Ok(game)
    }
}
