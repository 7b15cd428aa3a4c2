//! Rules and notation: castling, en passant, promotion, draws, SAN/UCI/FEN
//! parsing and writing, malformed input.

use veil_chess::{
    Color, FenErrorKind, Game, Geometry, Grid8, Grid10, Move, NotationErrorKind, Outcome, Piece,
    Position, PositionErrorKind, Role, Rules, Square, Termination, fen,
};

fn pos(fen: &str) -> Position<Grid8> {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn sans(p: &Position<Grid8>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
    v.sort();
    v
}

fn play_sans<G: veil_chess::Geometry>(p: &mut Position<G>, moves: &str) {
    for san in moves.split_whitespace() {
        let mv = p
            .parse_san(san)
            .unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
        p.play(mv).unwrap();
    }
}

#[test]
fn castling_both_sides_and_rights() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"O-O".to_string()) && s.contains(&"O-O-O".to_string()));
    let mut q = p.clone();
    let mv = q.parse_san("O-O").unwrap();
    assert_eq!(q.uci(mv), "e1g1");
    q.play(mv).unwrap();
    assert_eq!(q.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // King takes own Rook also reads as castling in UCI.
    assert_eq!(p.parse_uci("e1a1").unwrap(), p.parse_san("O-O-O").unwrap());
    // Moving a Rook loses that right only; moving the King loses both.
    let mut r = p.clone();
    play_sans(&mut r, "Rb1 Rb8");
    assert_eq!(r.to_fen().split(' ').nth(2), Some("Kk"));
    let mut k = p.clone();
    play_sans(&mut k, "Kd1 Kd8 Ke1 Ke8");
    assert_eq!(k.to_fen().split(' ').nth(2), Some("-"));
    assert!(!sans(&k).iter().any(|s| s.starts_with("O-O")));
}

#[test]
fn castling_blocked_attacked_or_in_check() {
    // Through an attacked square (f1 by the rook on f8), into check (c1 by the bishop), blocked by b1.
    let p = pos("2k2r2/8/8/8/8/8/3b4/R3K2R w KQ - 0 1");
    assert!(p.is_check(), "bishop d2 checks e1");
    assert!(!sans(&p).iter().any(|s| s.starts_with("O-O")));
    let p = pos("4kr2/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    let s = sans(&p);
    assert!(!s.contains(&"O-O".to_string()), "f1 attacked");
    assert!(!s.contains(&"O-O-O".to_string()), "b1 occupied");
    // Long castling is allowed with b1 attacked (the King does not cross it).
    let p = pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(sans(&p).contains(&"O-O-O".to_string()));
    let p = pos("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(!sans(&p).contains(&"O-O-O".to_string()), "c1 attacked");
}

#[test]
fn castling_disabled_by_rules_and_retargeted_for_intrigue() {
    let no = Rules {
        castling: false,
        ..Rules::standard()
    };
    assert_eq!(
        Position::<Grid8>::from_fen_with("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", no)
            .unwrap_err()
            .kind,
        FenErrorKind::Position(PositionErrorKind::BadCastlingRights)
    );
    let p = Position::<Grid8>::from_fen_with("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", no).unwrap();
    assert!(!sans(&p).iter().any(|s| s.starts_with("O-O")));
    // Intrigue: a King that appeared on d1 castles two squares toward the Rook,
    // the Rook landing on the square crossed.
    assert_eq!(
        Position::<Grid8>::from_fen("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1")
            .unwrap_err()
            .kind,
        FenErrorKind::Position(PositionErrorKind::BadCastlingRights),
        "standard chess castles from e1 only"
    );
    let p = Position::<Grid8>::from_fen_with("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", Rules::intrigue())
        .unwrap();
    let short = p.parse_san("O-O").unwrap();
    assert_eq!(p.uci(short), "d1f1");
    let mut q = p.clone();
    q.play(short).unwrap();
    assert_eq!(
        veil_chess::fen::board_fen(q.board()),
        "4k3/8/8/8/8/8/8/R3RK2"
    );
    let long = p.parse_san("O-O-O").unwrap();
    let mut q = p.clone();
    q.play(long).unwrap();
    assert_eq!(
        veil_chess::fen::board_fen(q.board()),
        "4k3/8/8/8/8/8/8/1KR4R"
    );
}

#[test]
fn en_passant_basic_and_expiry() {
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play_sans(&mut p, "d5");
    assert_eq!(p.ep_square(), Grid8::parse_square("d6"));
    let ep = p.parse_san("exd6").unwrap();
    assert!(ep.is_en_passant());
    let mut q = p.clone();
    q.play(ep).unwrap();
    assert_eq!(q.to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // Only immediately.
    play_sans(&mut p, "Kd2 Kd8");
    assert!(p.parse_san("exd6").is_err());
    // No en passant square is written when no pawn can take.
    let mut r = Position::<Grid8>::default();
    play_sans(&mut r, "e4");
    assert_eq!(
        r.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn en_passant_horizontal_pin() {
    // Taking c6 en passant would empty the fifth rank between Ka5 and Rh5.
    let p = pos("8/2p5/8/K2P3r/8/8/8/7k b - - 0 1");
    let mut q = p.clone();
    play_sans(&mut q, "c5");
    assert_eq!(
        q.ep_square(),
        None,
        "the capture is illegal, so no en passant square"
    );
    assert!(q.parse_san("dxc6").is_err());
    assert!(!q.legal_moves().iter().any(|m| m.is_en_passant()));
    // Same without the Rook: legal.
    let mut q = pos("8/2p5/8/K2P4/8/8/8/7k b - - 0 1");
    play_sans(&mut q, "c5");
    assert!(q.parse_san("dxc6").unwrap().is_en_passant());
}

#[test]
fn en_passant_resolves_pawn_check() {
    // The double-stepped pawn gives check; taking it en passant is an answer.
    let p = pos("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(p.is_check());
    assert!(sans(&p).contains(&"exd3".to_string()));
}

#[test]
fn promotions_standard() {
    let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let s = sans(&p);
    for x in ["e8=N", "e8=B", "e8=R", "e8=Q"] {
        assert!(s.contains(&x.to_string()), "{x} in {s:?}");
    }
    assert!(!s.contains(&"e8".to_string()), "promotion is mandatory");
    assert_eq!(
        p.parse_uci("e7e8n").unwrap().promotion_role(),
        Some(Role::Knight)
    );
    assert_eq!(p.parse_san("e8Q").unwrap(), p.parse_uci("e7e8q").unwrap());
    assert_eq!(
        p.parse_uci("e7e8").unwrap_err().kind,
        NotationErrorKind::Illegal
    );
    assert_eq!(
        p.parse_uci("e7e8k").unwrap_err().kind,
        NotationErrorKind::Illegal
    );
    // A pawn cannot stand on the last rank.
    assert_eq!(
        Position::<Grid8>::from_fen("4P3/8/8/8/8/8/k7/4K3 w - - 0 1")
            .unwrap_err()
            .kind,
        FenErrorKind::Position(PositionErrorKind::PawnOnImpossibleRank)
    );
}

#[test]
fn promotion_lines_of_secret_king() {
    let rules = Rules::secret_king();
    let at = |fen: &str| Position::<Grid10>::from_fen_with(fen, rules).unwrap();
    let names = |p: &Position<Grid10>| {
        let mut v: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| p.role_of(*m) == Some(Role::Pawn))
            .map(|m| p.uci(m))
            .collect();
        v.sort();
        v
    };
    // Arriving on rank 7: Knight, optional.
    assert_eq!(
        names(&at("10/10/10/10/e9/10/10/10/10/10 w - - 0 1"
            .replace("e9", "4P5")
            .as_str())),
        ["e6e7", "e6e7n"]
    );
    // Rank 8: Bishop, optional; rank 9: Rook, optional; rank 10: Queen, mandatory.
    assert_eq!(
        names(&at("10/10/10/4P5/10/10/10/10/10/10 w - - 0 1")),
        ["e7e8", "e7e8b"]
    );
    assert_eq!(
        names(&at("10/10/4P5/10/10/10/10/10/10/10 w - - 0 1")),
        ["e8e9", "e8e9r"]
    );
    assert_eq!(
        names(&at("10/4P5/10/10/10/10/10/10/10/10 w - - 0 1")),
        ["e9e10q"]
    );
    // Black promotes on ranks 4, 3, 2, 1.
    assert_eq!(
        names(&at("10/10/10/10/10/4p5/10/10/10/10 b - - 0 1")),
        ["e5e4", "e5e4n"]
    );
    assert_eq!(
        names(&at("10/10/10/10/10/10/10/10/4p5/10 b - - 0 1")),
        ["e2e1q"]
    );
    // A pawn may wait on a line and promote on a later one.
    let mut p = at("10/10/10/10/4P5/10/10/10/10/10 w - - 0 1");
    for (uci, black) in [("e6e7", None), ("e7e8b", None)] {
        let mv = p.parse_uci(uci).unwrap();
        p.play(mv).unwrap();
        let _: Option<()> = black;
        // Pass Black's turn by rebuilding the setup with White to move again.
        let mut s = p.to_setup();
        s.turn = Color::White;
        p = Position::from_setup(s, rules).unwrap();
    }
    assert_eq!(
        p.board().piece_at(Grid10::parse_square("e8").unwrap()),
        Some(Piece {
            color: Color::White,
            role: Role::Bishop
        })
    );
    // No pawn on the last line; a pawn may stand on earlier lines.
    assert!(
        Position::<Grid10>::from_fen_with("4P5/10/10/10/10/10/10/10/10/10 w - - 0 1", rules)
            .is_err()
    );
    assert!(
        Position::<Grid10>::from_fen_with("10/4P5/10/10/10/10/10/10/10/10 w - - 0 1", rules)
            .is_ok()
    );
    // Double step from the third rank only.
    let p = at(fen::SECRET_KING_START);
    assert!(p.parse_uci("a3a5").is_ok());
    assert!(p.parse_uci("a3a4").is_ok());
    assert!(p.parse_uci("a2a4").is_err());
}

#[test]
fn en_passant_on_ten_by_ten() {
    let rules = Rules::secret_king();
    let mut p =
        Position::<Grid10>::from_fen_with("10/10/5p4/10/4P5/10/10/10/10/10 b - - 0 1", rules)
            .unwrap();
    let mv = p.parse_uci("f8f6").unwrap();
    p.play(mv).unwrap();
    assert_eq!(p.ep_square(), Grid10::parse_square("f7"));
    let ep = p
        .parse_san("exf7")
        .unwrap_or_else(|_| p.parse_uci("e6f7").unwrap());
    assert!(ep.is_en_passant());
    // f7 is White's Knight line: the capture may also promote.
    assert!(p.parse_uci("e6f7n").unwrap().is_en_passant());
    let mut q = p.clone();
    q.play(ep).unwrap();
    assert_eq!(q.to_fen(), "10/10/10/5P4/10/10/10/10/10/10 b - - 0 2");
}

#[test]
fn hidden_kings_and_lenient_setups() {
    // Without required Kings a side may have none and is never in check.
    let rules = Rules {
        require_kings: false,
        castling: false,
        ..Rules::standard()
    };
    let p = Position::<Grid8>::from_fen_with("8/8/8/8/8/8/8/q3K3 w - - 0 1", rules);
    assert!(p.unwrap().is_check());
    let p = Position::<Grid8>::from_fen_with("8/8/8/8/8/8/8/q3N3 w - - 0 1", rules).unwrap();
    assert!(!p.is_check() && p.outcome().is_none());
    assert_eq!(
        Position::<Grid8>::from_fen("8/8/8/8/8/8/8/q3N3 w - - 0 1")
            .unwrap_err()
            .kind,
        FenErrorKind::Position(PositionErrorKind::MissingKing(Color::White))
    );
    // The side not to move in check: refused strictly, accepted leniently,
    // and the King can then be taken.
    let s = fen::parse_setup::<Grid8>("4k3/8/8/8/8/8/8/4RK2 w - - 0 1").unwrap();
    assert_eq!(
        Position::from_setup(s.clone(), Rules::standard())
            .unwrap_err()
            .kind,
        PositionErrorKind::OppositeCheck
    );
    let p = Position::from_setup_lenient(s, Rules::standard()).unwrap();
    let take = p.parse_uci("e1e8").unwrap();
    let mut q = p.clone();
    q.play(take).unwrap();
    assert_eq!(q.board().king_of(Color::Black), None);
    // Two Kings of one colour are never allowed.
    assert_eq!(
        Position::<Grid8>::from_fen_with("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", rules)
            .unwrap_err()
            .kind,
        FenErrorKind::Position(PositionErrorKind::TooManyKings(Color::White))
    );
}

#[test]
fn checkmate_stalemate_outcome() {
    let mate = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(mate.is_checkmate() && !mate.is_stalemate());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White
        })
    );
    let stale = pos("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1");
    assert!(stale.is_stalemate() && !stale.is_checkmate());
    assert_eq!(stale.outcome(), Some(Outcome::Draw));
    assert_eq!(Position::<Grid8>::default().outcome(), None);
}

#[test]
fn threefold_repetition() {
    let mut g = Game::new(Position::<Grid8>::default());
    assert_eq!(g.repetitions(), 1);
    for (i, san) in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"
        .split_whitespace()
        .enumerate()
    {
        assert!(!g.is_threefold_repetition(), "not yet after {i} moves");
        let mv = g.position().parse_san(san).unwrap();
        g.play(mv).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert!(g.is_threefold_repetition());
    assert_eq!(g.termination(), Some(Termination::ThreefoldRepetition));
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    // Castling rights are part of the position: a King shuffle that loses them
    // does not repeat the first position.
    let mut g = Game::new(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    for san in "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8".split_whitespace() {
        let mv = g.position().parse_san(san).unwrap();
        g.play(mv).unwrap();
    }
    assert_eq!(
        g.repetitions(),
        2,
        "the start (with rights) differs from the later ones"
    );
}

#[test]
fn fifty_move_rule() {
    let mut g = Game::new(pos("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
    assert!(!g.is_fifty_move_rule());
    let mv = g.position().parse_san("Ra2").unwrap();
    g.play(mv).unwrap();
    assert!(!g.is_fifty_move_rule());
    let mv = g.position().parse_san("Kd7").unwrap();
    g.play(mv).unwrap();
    assert!(g.is_fifty_move_rule());
    assert_eq!(g.termination(), Some(Termination::FiftyMoveRule));
    // A pawn move or capture resets the clock.
    let mut p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80");
    play_sans(&mut p, "e4");
    assert_eq!(p.halfmoves(), 0);
    // Checkmate on the 100th half-move still counts as checkmate.
    let g = Game::new(pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 90"));
    assert_eq!(
        g.termination(),
        Some(Termination::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn insufficient_material() {
    assert!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_insufficient_material());
    assert!(pos("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").is_insufficient_material());
    assert!(
        pos("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").is_insufficient_material(),
        "same-coloured bishops"
    );
    assert!(!pos("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1").is_insufficient_material());
    assert!(!pos("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").is_insufficient_material());
    assert!(!pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").is_insufficient_material());
}

#[test]
fn san_disambiguation() {
    // Knights on b1 and f1 both reach d2: by file. Rooks a1 and a5 both reach a3: by rank.
    let p = pos("4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1");
    let s = sans(&p);
    assert!(
        s.contains(&"Nbd2".to_string()) && s.contains(&"Nfd2".to_string()),
        "{s:?}"
    );
    assert!(
        s.contains(&"R1a3".to_string()) && s.contains(&"R5a3".to_string()),
        "{s:?}"
    );
    assert_eq!(
        p.parse_san("Nd2").unwrap_err().kind,
        NotationErrorKind::Ambiguous
    );
    assert_eq!(
        p.parse_san("Ra3").unwrap_err().kind,
        NotationErrorKind::Ambiguous
    );
    assert!(p.parse_san("Nbd2").is_ok() && p.parse_san("R1a3").is_ok());
    // Three queens: a square is needed.
    let p = pos("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Qa4b3".to_string()), "{s:?}");
    assert_eq!(
        p.parse_san("Qb3").unwrap_err().kind,
        NotationErrorKind::Ambiguous
    );
    assert_eq!(
        p.parse_san("Qab3").unwrap_err().kind,
        NotationErrorKind::Ambiguous
    );
    assert!(p.parse_san("Qa4b3").is_ok() && p.parse_san("Qcb3").is_ok());
    // A pinned rival does not count.
    let p = pos("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1");
    assert!(sans(&p).contains(&"Nd4".to_string()) || sans(&p).contains(&"Nd3".to_string()));
    assert_eq!(p.san(p.parse_uci("c1d3").unwrap()), "Nd3");
}

#[test]
fn san_and_uci_round_trip_on_both_boards() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        let p = pos(fen);
        for mv in p.legal_moves() {
            assert_eq!(p.parse_san(&p.san(mv)), Ok(mv));
            assert_eq!(p.parse_uci(&p.uci(mv)), Ok(mv));
        }
    }
    let p = Position::<Grid10>::from_fen_with(
        "4k5/1P6p1/10/3p6/2P1P5/10/5p4/10/6P3/5K4 w - - 0 1",
        Rules::secret_king(),
    )
    .unwrap();
    for mv in p.legal_moves() {
        assert_eq!(p.parse_san(&p.san(mv)), Ok(mv));
        assert_eq!(p.parse_uci(&p.uci(mv)), Ok(mv));
    }
    assert_eq!(p.uci(p.parse_uci("b9b10q").unwrap()), "b9b10q");
}

#[test]
fn check_and_mate_suffixes() {
    let mut g = Game::new(Position::<Grid8>::default());
    for san in "e4 e5 Bc4 Nc6 Qh5 Nf6".split_whitespace() {
        let mv = g.position().parse_san(san).unwrap();
        g.play(mv).unwrap();
    }
    let mate = g.position().parse_san("Qxf7").unwrap();
    assert_eq!(g.position().san(mate), "Qxf7#");
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.san(p.parse_uci("a1a8").unwrap()), "Ra8+");
}

#[test]
fn pgn_export() {
    let mut g = Game::new(Position::<Grid8>::default());
    for san in "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#".split_whitespace() {
        let mv = g.position().parse_san(san).unwrap();
        g.play(mv).unwrap();
    }
    let pgn = g.to_pgn(
        "Standard",
        &[
            ("White", "Ada"),
            ("Event", "Test \"quoted\""),
            ("Annotator", "Veil"),
        ],
    );
    assert!(
        pgn.starts_with("[Event \"Test \\\"quoted\\\"\"]\n[Site \"?\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[White \"Ada\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n[Annotator \"Veil\"]\n"), "{pgn}");
    assert!(!pgn.contains("[FEN"));
    assert!(
        pgn.ends_with("\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"),
        "{pgn}"
    );
    // From a set-up position with Black to move.
    let mut g = Game::new(
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap(),
    );
    let mv = g.position().parse_uci("e3e5").unwrap();
    g.play(mv).unwrap();
    let pgn = g.to_pgn("Secret King", &[]);
    assert!(
        pgn.contains("[Variant \"Secret King\"]\n[SetUp \"1\"]\n[FEN \"rnbqnnqbnr/"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n1. e5 *\n"), "{pgn}");
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(serde_json::from_str::<Game<Grid10>>(&json).unwrap(), g);
    let tampered = json.replace(r#""to":44"#, r#""to":64"#);
    assert_ne!(tampered, json);
    assert!(
        serde_json::from_str::<Game<Grid10>>(&tampered).is_err(),
        "e3e7 is illegal"
    );
}

#[test]
fn fen_round_trips_and_ten_by_ten_digits() {
    for f in [
        fen::STANDARD_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 5 40",
    ] {
        assert_eq!(pos(f).to_fen(), f);
    }
    let intrigue = "4k3/8/8/8/8/8/8/R2K3R w KQ - 5 40";
    assert_eq!(
        Position::<Grid8>::from_fen_with(intrigue, Rules::intrigue())
            .unwrap()
            .to_fen(),
        intrigue
    );
    let p =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    assert_eq!(p.to_fen(), fen::SECRET_KING_START);
    assert_eq!(fen::board_size(fen::SECRET_KING_START), Some((10, 10)));
    assert_eq!(fen::board_size(fen::STANDARD_START), Some((8, 8)));
    // Shredder-style castling letters for inner Rooks.
    let p = pos("1r2k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let q = Position::<Grid8>::from_fen("r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1").unwrap();
    assert_eq!(q.to_fen(), "r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1");
    assert_eq!(p.castling_rights().count_ones(), 2);
}

#[test]
fn malformed_fen_is_an_error_with_the_input() {
    let cases: &[(&str, FenErrorKind)] = &[
        ("", FenErrorKind::Fields),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenErrorKind::Fields,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            FenErrorKind::Fields,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            FenErrorKind::Board,
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenErrorKind::Board,
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenErrorKind::Board,
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenErrorKind::Board,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenErrorKind::Turn,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            FenErrorKind::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
            FenErrorKind::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            FenErrorKind::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenErrorKind::Halfmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FenErrorKind::Fullmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            FenErrorKind::Halfmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            FenErrorKind::Position(PositionErrorKind::BadEnPassantSquare),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
            FenErrorKind::Position(PositionErrorKind::MissingKing(Color::White)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            FenErrorKind::Castling,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w A - 0 1",
            FenErrorKind::Position(PositionErrorKind::BadCastlingRights),
        ),
        (
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            FenErrorKind::Position(PositionErrorKind::OppositeCheck),
        ),
    ];
    for (input, kind) in cases {
        let e = Position::<Grid8>::from_fen(input).unwrap_err();
        assert_eq!((&e.input[..], e.kind), (*input, *kind), "{input}");
        assert!(!e.to_string().is_empty());
    }
    // A 10×10 FEN is not an 8×8 one and vice versa.
    assert!(Position::<Grid8>::from_fen(fen::SECRET_KING_START).is_err());
    assert!(Position::<Grid10>::from_fen(fen::STANDARD_START).is_err());
    assert!(Position::<Grid10>::from_fen("10/10/10/10/10/10/10/10/10/10/10 w - - 0 1").is_err());
    assert!(Position::<Grid10>::from_fen("4k/10/10/10/10/10/10/10/10/4K5 w - - 0 1").is_err());
}

#[test]
fn malformed_san_and_uci_are_errors() {
    let p = Position::<Grid8>::default();
    for s in [
        "", "e", "e9", "Ke2", "Nf4", "exd5", "Zf3", "e4=Q", "O-O", "Nf3x", "N0f3", "i3", "Pe4",
        "e2e4", "1.e4", "e44", "♞f3",
    ] {
        let e = p.parse_san(s).unwrap_err();
        assert_eq!(e.input, s);
    }
    assert_eq!(
        p.parse_san("Ke2").unwrap_err().kind,
        NotationErrorKind::Illegal
    );
    assert_eq!(
        p.parse_san("e9").unwrap_err().kind,
        NotationErrorKind::Syntax
    );
    for s in [
        "", "e2", "e2e", "e2e4x", "e2e9", "i2i4", "e2e4Q", "e2-e4", "0000", "e2e4 ", "e7e8q",
    ] {
        let e = p.parse_uci(s).unwrap_err();
        assert_eq!(e.input, s);
    }
    assert_eq!(
        p.parse_uci("e2e5").unwrap_err().kind,
        NotationErrorKind::Illegal
    );
    assert_eq!(
        p.parse_uci("e2e5q").unwrap_err().kind,
        NotationErrorKind::Illegal
    );
    assert!(
        p.clone()
            .play(Move::normal(Square(12), Square(36)))
            .is_err()
    );
    assert_eq!(
        p.clone().play(Move::normal(Square(200), Square(36))),
        Err(veil_chess::IllegalMove(Move::normal(
            Square(200),
            Square(36)
        )))
    );
}

/// Random strings and random mutations of valid inputs never panic.
#[test]
fn fuzz_parsers_never_panic() {
    let mut x = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let alphabet: Vec<char> = "abcdefghijkxKQRBNPkqrbnp0123456789/- =+#O!?wé\u{0}"
        .chars()
        .collect();
    let seeds = [
        fen::STANDARD_START,
        fen::SECRET_KING_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "Nbd2",
        "exd6",
        "e7e8q",
        "O-O-O#",
        "j9j10q",
    ];
    let p8 = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let p10 = Position::<Grid10>::from_fen_with(
        "4k5/1P6p1/10/3p6/2P1P5/10/5p4/10/6P3/5K4 w - - 0 1",
        Rules::secret_king(),
    )
    .unwrap();
    for i in 0..20_000 {
        let s: String = if i % 2 == 0 {
            let len = (next() % 24) as usize;
            (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect()
        } else {
            let mut chars: Vec<char> = seeds[(next() % seeds.len() as u64) as usize]
                .chars()
                .collect();
            for _ in 0..1 + next() % 3 {
                let at = (next() % (chars.len() as u64 + 1)) as usize;
                match next() % 3 {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    1 if at < chars.len() => {
                        chars[at] = alphabet[(next() % alphabet.len() as u64) as usize]
                    }
                    _ => chars.insert(at, alphabet[(next() % alphabet.len() as u64) as usize]),
                }
            }
            chars.into_iter().collect()
        };
        if let Ok(p) = Position::<Grid8>::from_fen(&s) {
            // Whatever was accepted is a valid position that round-trips.
            assert_eq!(Position::<Grid8>::from_fen(&p.to_fen()).unwrap(), p, "{s}");
            let _ = p.legal_moves();
        }
        if let Ok(p) = Position::<Grid10>::from_fen_with(&s, Rules::secret_king()) {
            assert_eq!(
                Position::<Grid10>::from_fen_with(&p.to_fen(), Rules::secret_king()).unwrap(),
                p,
                "{s}"
            );
            let _ = p.legal_moves();
        }
        for mv in [p8.parse_san(&s), p8.parse_uci(&s)].into_iter().flatten() {
            assert!(p8.is_legal(mv));
        }
        for mv in [p10.parse_san(&s), p10.parse_uci(&s)].into_iter().flatten() {
            assert!(p10.is_legal(mv));
        }
        let _ = fen::board_size(&s);
        let _ = fen::perft_fen(&s, 1);
    }
}

#[test]
fn zobrist_is_incremental_and_distinguishes() {
    let mut p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut x = 12345u64;
    for _ in 0..300 {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(x >> 33) as usize % moves.len()];
        p.play(mv).unwrap();
        let fresh = Position::<Grid8>::from_fen(&p.to_fen()).unwrap();
        assert_eq!(p.zobrist(), fresh.zobrist(), "{}", p.to_fen());
    }
    let a = pos(fen::STANDARD_START);
    let b = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    let c = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1");
    assert_ne!(a.zobrist(), b.zobrist());
    assert_ne!(a.zobrist(), c.zobrist());
    // Clocks are not part of the hash.
    assert_eq!(
        a.zobrist(),
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 9").zobrist()
    );
}

#[test]
fn moves_and_rules_serialise() {
    let p = Position::<Grid8>::default();
    for mv in p.legal_moves() {
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    }
    let r = Rules::secret_king();
    assert_eq!(
        serde_json::from_str::<Rules>(&serde_json::to_string(&r).unwrap()).unwrap(),
        r
    );
    assert!(std::mem::size_of::<Move>() <= 4);
}

#[test]
fn positions_serialise_as_fen_and_rules() {
    let p =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert!(json.contains("rnbqnnqbnr"), "{json}");
    assert_eq!(serde_json::from_str::<Position<Grid10>>(&json).unwrap(), p);
    let s = fen::parse_setup::<Grid8>("4k3/8/8/8/8/8/8/4RK2 w - - 0 1").unwrap();
    let lenient = Position::from_setup_lenient(s, Rules::standard()).unwrap();
    let json = serde_json::to_string(&lenient).unwrap();
    assert_eq!(
        serde_json::from_str::<Position<Grid8>>(&json).unwrap(),
        lenient
    );
    assert!(serde_json::from_str::<Position<Grid8>>(r#"{"fen":"nonsense","rules":null}"#).is_err());
    let bad = json.replace("4RK2", "4RK3");
    assert!(serde_json::from_str::<Position<Grid8>>(&bad).is_err());
}

/// Made-up moves are refused by `play` and never panic anywhere.
#[test]
fn fuzz_made_up_moves_never_panic() {
    let mut x = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let p8 = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let p10 =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    for _ in 0..20_000 {
        let (a, b, c) = (
            Square((next() % 130) as u8),
            Square((next() % 130) as u8),
            next(),
        );
        let mv = match c % 4 {
            0 => Move::normal(a, b),
            1 => Move::promotion(a, b, Role::ALL[(c >> 8) as usize % 6]),
            2 => Move::en_passant(a, b, None),
            _ => Move::castle(a, b, Square((c >> 8) as u8)),
        };
        let legal8 = p8.is_legal(mv);
        let mut q = p8.clone();
        assert_eq!(q.play(mv).is_ok(), legal8);
        if !legal8 {
            assert_eq!(q, p8, "a refused move changes nothing");
        }
        let _ = (p8.san(mv), p8.uci(mv), p8.role_of(mv), p8.is_capture(mv));
        let mut q = p8.clone();
        q.play_unchecked(mv);
        let _ = q.legal_moves();
        let _ = (p10.san(mv), p10.uci(mv), p10.is_legal(mv));
        let mut q = p10.clone();
        q.play_unchecked(mv);
        let _ = q.legal_moves();
    }
}

/// `is_legal` looks only at the mover's moves: it must agree with the full
/// list for every move shape between any two squares, in positions with
/// pins, checks, en passant, castling and promotions.
#[test]
fn is_legal_agrees_with_the_legal_move_list() {
    fn check<G: veil_chess::Geometry>(p: &Position<G>) {
        let legal = p.legal_moves();
        let n = G::squares() as u8;
        for a in 0..n {
            for b in 0..n {
                let (a, b) = (Square(a), Square(b));
                let mut shapes = vec![
                    Move::normal(a, b),
                    Move::en_passant(a, b, None),
                    Move::promotion(a, b, Role::Queen),
                    Move::promotion(a, b, Role::Knight),
                ];
                shapes.extend(legal.iter().filter(|m| m.from() == a && m.to() == b));
                for mv in shapes {
                    assert_eq!(p.is_legal(mv), legal.contains(&mv), "{p:?} {mv:?}");
                }
            }
        }
    }
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
        "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
    ] {
        check(&pos(fen));
    }
    let p10 =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    check(&p10);
}

/// Intrigue's shape: Kings start off the board with castling rights kept on
/// the Rooks; a King appearing on its home square may later castle.
#[test]
fn kings_appearing_later_can_castle() {
    let rules = Rules {
        require_kings: false,
        ..Rules::standard()
    };
    let mut p = Position::<Grid8>::from_fen_with(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        rules,
    )
    .unwrap();
    assert_eq!(p.legal_moves().len(), 21, "the 20 usual moves and Qe1");
    assert!(!p.is_check() && p.outcome().is_none());
    for uci in ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"] {
        let mv = p.parse_uci(uci).unwrap();
        p.play(mv).unwrap();
    }
    // White reveals its King on e1 (a variant move: edit the setup, pass the turn).
    let mut s = p.to_setup();
    s.board.set_piece_at(
        Grid8::parse_square("e1").unwrap(),
        Piece {
            color: Color::White,
            role: Role::King,
        },
    );
    s.turn = Color::Black;
    s.ep_square = None;
    let mut p = Position::from_setup(s, rules).unwrap();
    let mv = p.parse_uci("b8c6").unwrap();
    p.play(mv).unwrap();
    let castle = p.parse_san("O-O").unwrap();
    assert_eq!(p.uci(castle), "e1g1");
    p.play(castle).unwrap();
    assert!(
        p.to_fen()
            .starts_with("r1bq3r/ppppbppp/2n1pn2/8/8/4PN2/PPPPBPPP/RNBQ1RK1 b kq"),
        "{}",
        p.to_fen()
    );
    // A King shown off its back rank while rights remain is refused: the variant clears them.
    let mut s = p.to_setup();
    s.board.set_piece_at(
        Grid8::parse_square("d5").unwrap(),
        Piece {
            color: Color::Black,
            role: Role::King,
        },
    );
    assert_eq!(
        Position::from_setup(s.clone(), rules).unwrap_err().kind,
        PositionErrorKind::BadCastlingRights
    );
    s.castling = 0;
    assert!(Position::from_setup(s, rules).is_ok());
}

#[test]
fn board_editing() {
    let mut b = veil_chess::Board::<Grid10>::empty();
    let j10 = Grid10::parse_square("j10").unwrap();
    let wk = Piece {
        color: Color::White,
        role: Role::King,
    };
    b.set_piece_at(j10, wk);
    b.set_piece_at(Square(200), wk); // off the board: ignored
    assert_eq!(b.piece_at(j10), Some(wk));
    assert_eq!(b.king_of(Color::White), Some(j10));
    assert_eq!(b.pieces().collect::<Vec<_>>(), [(j10, wk)]);
    b.set_piece_at(
        j10,
        Piece {
            color: Color::Black,
            role: Role::Knight,
        },
    );
    assert_eq!(b.king_of(Color::White), None);
    assert_eq!(b.occupied().count_ones(), 1);
    assert_eq!(b.remove_piece_at(j10).map(|p| p.role), Some(Role::Knight));
    assert_eq!(b.occupied(), 0);
    assert_eq!(
        format!("{:?}", Position::<Grid8>::default().board())
            .lines()
            .next(),
        Some("rnbqkbnr")
    );
}
