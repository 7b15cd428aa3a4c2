//! Records in SGF (FF\[4\], GM\[1\]), read and written with the `sgf-parse`
//! crate.
//!
//! Written: `SZ`, `KM`, `RU` (`Japanese` for territory, `Chinese` for
//! area), `HA`/`AB` for handicap, `PB`/`PW` with the team members joined by
//! ` & `, `RE`, and one node per stone or pass. Each move's node says in a
//! comment which seat played it (`B2`), and carries the messages, answers
//! and out-of-sequence reports made before it, one a line, as
//! `W1: Is it my turn?`. Read: the same, the comments included, so a Veil
//! record reads back into the same game (counting starts anew: the dead
//! stones are not stored). Other SGF games of Go read as far as Veil plays
//! them: variations are ignored (the main line is read); set-up stones
//! other than the standard handicap, boards other than 9, 13 and 19,
//! non-Go games and two moves of one colour in a row are refused with an
//! error saying so.
//!
//! Before any of it is parsed, a text is measured against [`MAX_BYTES`],
//! [`MAX_NODES`] and [`MAX_DEPTH`] and refused beyond them: the parsed tree
//! holds each node inside the one before it, so a line of play tens of
//! thousands of nodes long would overflow the stack when it is dropped
//! (or written), which no error handling can catch.

use std::collections::HashSet;

use sgf_parse::go::{self as sgo, Prop};
use sgf_parse::{SgfNode, SimpleText, Text};
use veil_core::{Actor, Game, ParseError, Seat, Turn};

use crate::board::Point;
use crate::position::handicap_points;
use crate::rengo::{Message, Phase, Rengo, RengoAction, RengoOptions};
use crate::scoring::Rules;

/// The largest SGF text read, in bytes (a 19×19 game with every move
/// commented is well under 100 KB).
pub const MAX_BYTES: usize = 1 << 20;

/// The most nodes read, in all variations and game trees together (a real
/// game has under 1,000).
pub const MAX_NODES: usize = 10_000;

/// The longest line of play read: nodes from a root to the last of any
/// variation, whatever the parentheses nest (each `;` of a sequence is one
/// level deeper in the parsed tree, and so is each node a variation opens).
/// Writing such a line takes well under a megabyte of stack, the smallest
/// Veil runs on (the browser's).
pub const MAX_DEPTH: usize = 2_000;

/// Measures an SGF text without parsing it: refuses a text over
/// [`MAX_BYTES`], or with more than [`MAX_NODES`] nodes or a line of play
/// deeper than [`MAX_DEPTH`]. Property values (`[...]`, with `\` escapes) are
/// skipped, so a `;` or `(` in a comment counts for nothing.
pub fn check_bounds(input: &str) -> Result<(), String> {
    if input.len() > MAX_BYTES {
        return Err(format!(
            "{} bytes, over the {MAX_BYTES} an SGF record may have",
            input.len()
        ));
    }
    let mut nodes = 0usize;
    let mut depth = 0usize;
    // The depth at each open parenthesis.
    let mut open: Vec<usize> = Vec::new();
    let mut in_value = false;
    let mut escaped = false;
    for b in input.bytes() {
        if in_value {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'[' => in_value = true,
            b'(' => open.push(depth),
            b')' => depth = open.pop().unwrap_or(0),
            b';' => {
                nodes += 1;
                depth += 1;
                if nodes > MAX_NODES {
                    return Err(format!(
                        "over {MAX_NODES} nodes, more than an SGF record may have"
                    ));
                }
                if depth > MAX_DEPTH {
                    return Err(format!(
                        "a line of play over {MAX_DEPTH} nodes deep, more than an SGF record may have"
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

const YES: &str = "Yes, let us resign.";
const NO: &str = "No, play on.";

fn sgf_point(p: Point, size: u8) -> sgo::Point {
    sgo::Point {
        x: p.col,
        y: size - 1 - p.row,
    }
}

fn text(s: impl Into<String>) -> SimpleText {
    SimpleText { text: s.into() }
}

/// Writes `game` as SGF. `names` are the players by seat (B1, W1, B2, W2
/// or Black, White); missing names are the seats' own.
pub fn write(game: &Rengo, names: &[&str]) -> String {
    let size = game.position().size();
    let options = game.options();
    let name = |s: u8| {
        names
            .get(s as usize)
            .map_or_else(|| game.seat_name(Seat(s)), |n| (*n).to_string())
    };
    let team = |first: u8| {
        let mut members = vec![name(first)];
        if game.seats() == 4 {
            members.push(name(first + 2));
        }
        members.join(" & ")
    };
    let mut root = vec![
        Prop::FF(4),
        Prop::GM(1),
        Prop::CA(text("UTF-8")),
        Prop::AP((text("Veil"), text(env!("CARGO_PKG_VERSION")))),
        // `SZ[9]` rather than the crate's `SZ[9:9]`, which older readers refuse.
        Prop::Unknown("SZ".into(), vec![size.to_string()]),
        Prop::KM(options.komi()),
        Prop::RU(text(options.rules.sgf_name())),
        Prop::PB(text(team(0))),
        Prop::PW(text(team(1))),
    ];
    if game.seats() == 4 {
        root.push(Prop::GC(Text {
            text: "Rengo: B1, W1, B2, W2 play in turn".into(),
        }));
    }
    if !game.position().handicap().is_empty() {
        root.push(Prop::HA(game.position().handicap().len() as i64));
        root.push(Prop::AB(
            game.position()
                .handicap()
                .iter()
                .map(|p| sgf_point(*p, size))
                .collect(),
        ));
    }
    if let Some(outcome) = game.outcome() {
        let result = if let Some(score) = outcome.reason.strip_prefix("counted: ") {
            score.to_string()
        } else {
            let black_won = outcome.ranks[0] == 0;
            let letter = if black_won { "B" } else { "W" };
            if outcome.reason.starts_with("forfeit") {
                format!("{letter}+F")
            } else {
                format!("{letter}+R")
            }
        };
        root.push(Prop::RE(text(result)));
    }

    // Nodes: one per move, with the words said before it.
    let mut nodes: Vec<Vec<Prop>> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    for entry in game.log() {
        let who = game.seat_name(entry.seat);
        let mv = match entry.action {
            RengoAction::Play(p) => Some(sgo::Move::Move(sgf_point(p, size))),
            RengoAction::Pass => Some(sgo::Move::Pass),
            RengoAction::Say(m) => {
                pending.push(format!("{who}: {}", m.text()));
                None
            }
            RengoAction::AnswerResign(yes) => {
                pending.push(format!("{who}: {}", if yes { YES } else { NO }));
                None
            }
            RengoAction::Resign => {
                pending.push(format!("{who}: resigns"));
                None
            }
            RengoAction::ReportOutOfSequence { intentional } => {
                let how = if intentional {
                    "intentional"
                } else {
                    "unintentional"
                };
                pending.push(format!(
                    "{who}: reports the last stone out of sequence, {how}"
                ));
                None
            }
            RengoAction::ToggleDead(_) | RengoAction::Accept => None,
        };
        if let Some(mv) = mv {
            let mut props = vec![if Rengo::color_of(entry.seat) == crate::Color::Black {
                Prop::B(mv)
            } else {
                Prop::W(mv)
            }];
            pending.push(format!("played by {who}"));
            props.push(Prop::C(Text {
                text: pending.join("\n"),
            }));
            pending.clear();
            nodes.push(props);
        }
    }
    if !pending.is_empty() {
        nodes.push(vec![Prop::C(Text {
            text: pending.join("\n"),
        })]);
    }
    let mut tail: Option<SgfNode<Prop>> = None;
    for props in nodes.into_iter().rev() {
        tail = Some(SgfNode::new(props, tail.into_iter().collect(), false));
    }
    SgfNode::new(root, tail.into_iter().collect(), true).serialize()
}

/// Reads an SGF record into a game. See the module docs for what is
/// supported.
pub fn read(input: &str) -> Result<Rengo, ParseError> {
    let short: String = input.chars().take(80).collect();
    let err = |reason: String| ParseError::new("SGF", short.clone(), reason);
    check_bounds(input).map_err(&err)?;
    let trees = sgo::parse(input).map_err(|e| err(format!("not SGF of Go: {e}")))?;
    let root = trees
        .first()
        .ok_or_else(|| err("no game in the file".into()))?;

    let mut size = 19u8;
    let mut komi = None;
    let mut rules = Rules::Territory;
    let mut handicap = 0u8;
    let mut setup: HashSet<sgo::Point> = HashSet::new();
    let mut pb = String::new();
    let mut pw = String::new();
    for prop in root.properties() {
        match prop {
            Prop::GM(g) if *g != 1 => return Err(err(format!("GM[{g}] is not Go"))),
            Prop::FF(f) if !(1..=4).contains(f) => {
                return Err(err(format!("FF[{f}] is not a known SGF version")));
            }
            Prop::SZ((w, h)) => {
                if w != h || !crate::SIZES.contains(w) {
                    return Err(err(format!("SZ[{w}:{h}]: Veil plays 9×9, 13×13 and 19×19")));
                }
                size = *w;
            }
            Prop::KM(k) => komi = Some(*k),
            Prop::RU(r) => {
                rules = match r.text.to_ascii_lowercase().as_str() {
                    "chinese" | "aga" | "nz" | "new zealand" | "tromp-taylor" | "area" => {
                        Rules::Area
                    }
                    _ => Rules::Territory,
                }
            }
            Prop::HA(h) => {
                handicap = u8::try_from(*h).map_err(|_| err(format!("HA[{h}]")))?;
            }
            Prop::AB(points) => setup.extend(points.iter().copied()),
            Prop::AW(_) | Prop::AE(_) => {
                return Err(err("set-up stones are not supported".into()));
            }
            Prop::PB(t) => pb = t.text.clone(),
            Prop::PW(t) => pw = t.text.clone(),
            Prop::Invalid(id, values) => {
                return Err(err(format!("invalid property {id}{values:?}")));
            }
            _ => {}
        }
    }
    if let Some(k) = komi
        && (!k.is_finite() || (k * 2.0).fract() != 0.0 || k.abs() > 150.0)
    {
        return Err(err(format!("KM[{k}]: komi is a whole or half number")));
    }
    let points = handicap_points(size, handicap)
        .ok_or_else(|| err(format!("HA[{handicap}] does not fit SZ[{size}]")))?;
    let standard: HashSet<sgo::Point> = points.iter().map(|p| sgf_point(*p, size)).collect();
    if setup != standard {
        return Err(err(
            "set-up stones other than the standard handicap are not supported".into(),
        ));
    }
    let seats = if pb.contains(" & ") && pw.contains(" & ") {
        4
    } else {
        2
    };
    let options = RengoOptions {
        size,
        rules,
        komi,
        handicap,
        table_mode: false,
    };
    let mut game = Rengo::new(&options, seats).map_err(|e| err(e.to_string()))?;
    let names: Vec<String> = (0..seats as u8).map(|s| game.seat_name(Seat(s))).collect();
    let seat_of = |name: &str| -> Option<Seat> {
        names.iter().position(|n| n == name).map(|s| Seat(s as u8))
    };
    let mut table_mode = false;

    for (k, node) in root.main_variation().enumerate() {
        if k > 0 {
            for prop in node.properties() {
                match prop {
                    Prop::AB(_) | Prop::AW(_) | Prop::AE(_) => {
                        return Err(err(format!("node {k}: set-up stones are not supported")));
                    }
                    Prop::Invalid(id, values) => {
                        return Err(err(format!("node {k}: invalid property {id}{values:?}")));
                    }
                    _ => {}
                }
            }
        }
        // The words said before the move.
        if let Some(Prop::C(comment)) = node.get_property("C") {
            for line in comment.text.lines() {
                let Some((who, said)) = line.split_once(": ") else {
                    continue;
                };
                let Some(seat) = seat_of(who) else { continue };
                let action = if let Some(m) = Message::ALL.iter().find(|m| m.text() == said) {
                    RengoAction::Say(*m)
                } else if said == YES || said == NO {
                    RengoAction::AnswerResign(said == YES)
                } else if said == "resigns" {
                    RengoAction::Resign
                } else if let Some(how) =
                    said.strip_prefix("reports the last stone out of sequence, ")
                {
                    if !table_mode {
                        // Reports exist only in table mode: the record was.
                        table_mode = true;
                        game = with_table_mode(&game).map_err(&err)?;
                    }
                    RengoAction::ReportOutOfSequence {
                        intentional: how == "intentional",
                    }
                } else {
                    continue;
                };
                game.apply(Actor::Seat(seat), action)
                    .map_err(|e| err(format!("node {k}: {e}")))?;
            }
        }
        let Some(prop) = node.get_move() else {
            continue;
        };
        let (color, mv) = match prop {
            Prop::B(mv) => (crate::Color::Black, *mv),
            Prop::W(mv) => (crate::Color::White, *mv),
            _ => continue,
        };
        let Turn::Seat(seat) = game.turn() else {
            return Err(err(format!("node {k}: a move after the end of the game")));
        };
        if !matches!(game.phase(), Phase::Play) || Rengo::color_of(seat) != color {
            return Err(err(format!(
                "node {k}: {color} moves out of turn (two moves of one colour in a row are not supported)"
            )));
        }
        let action = match mv {
            sgo::Move::Pass => RengoAction::Pass,
            sgo::Move::Move(p) if p.x == 19 && p.y == 19 => RengoAction::Pass,
            sgo::Move::Move(p) => {
                if p.x >= size || p.y >= size {
                    return Err(err(format!("node {k}: a move off the board")));
                }
                RengoAction::Play(Point::new(p.x, size - 1 - p.y))
            }
        };
        game.apply(Actor::Seat(seat), action)
            .map_err(|e| err(format!("node {k}: {e}")))?;
    }
    Ok(game)
}

/// The same game replayed with table mode on.
fn with_table_mode(game: &Rengo) -> Result<Rengo, String> {
    let mut options = game.options().clone();
    options.table_mode = true;
    let mut fresh = Rengo::new(&options, game.seats()).map_err(|e| e.to_string())?;
    for entry in game.log() {
        fresh
            .apply(Actor::Seat(entry.seat), entry.action)
            .map_err(|e| e.to_string())?;
    }
    Ok(fresh)
}
