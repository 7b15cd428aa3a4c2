//! Malformed input from outside (FENs, saves, views) is refused with an
//! error, never a panic (issue 15, finding 7), and fuzz tests for every
//! parser and `Deserialize`.
use veil_chess::Square;
use veil_chess::fen::SECRET_KING_START;
use veil_core::{Actor, Game, Seat};
use veil_secret_king::{SecretKing, SecretKingView};

#[test]
fn an_off_board_secret_king_is_refused() {
    // Before the fix: a shift overflow in `Bits::bit`.
    let error = SecretKing::from_fen(SECRET_KING_START, [Some(Square(200)), None]).unwrap_err();
    assert!(error.reason.contains("Knights"), "{error}");
    assert!(SecretKing::from_fen(SECRET_KING_START, [None, Some(Square(128))]).is_err());

    let mut g = SecretKing::new(&Default::default(), 2).unwrap();
    let mut out = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        g.legal_actions(Actor::Seat(seat), &mut out);
        g.apply(Actor::Seat(seat), out[0]).unwrap();
    }
    // (The candidate sets are u128s, beyond `serde_json::Value`: edit the text.)
    let text = serde_json::to_string(&g).unwrap();
    let at = text.find("\"secret\":[").unwrap() + 10;
    let end = at + text[at..].find(',').unwrap();
    let text = format!("{}200{}", &text[..at], &text[end..]);
    let read = serde_json::from_str::<SecretKing>(&text);
    if let Ok(g) = &read {
        g.legal_actions(Actor::Seat(Seat(0)), &mut out);
        g.observe(Seat(0));
    }
    assert!(read.is_err());
    let text = serde_json::to_string(&g.observe(Seat(0))).unwrap();
    let at = text.find("\"kings\":[").unwrap() + 9;
    let end = at + text[at..].find(',').unwrap();
    let text = format!("{}200{}", &text[..at], &text[end..]);
    let read = serde_json::from_str::<SecretKingView>(&text);
    if let Ok(view) = &read {
        view.known_not_king();
        view.legal_moves();
    }
    assert!(read.is_err());
    let back: SecretKing = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}
