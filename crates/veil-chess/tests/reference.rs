//! An independent, slow move generator (mailbox, pseudo-legal moves filtered
//! by "is my King attacked afterwards") checked against the bitboard one on
//! 10×10 and 8×8 boards, by perft and along random games move list by move list.
//! It knows no castling, so positions here have no castling rights.

use std::collections::BTreeSet;

use veil_chess::{Color, Geometry, Grid8, Grid10, Position, Role, Rules, Square, fen, perft};

#[derive(Clone)]
struct Ref {
    w: i32,
    h: i32,
    cells: Vec<Option<(Color, Role)>>,
    turn: Color,
    ep: Option<(i32, i32)>,
    rules: Rules,
}

/// (from, to, promotion) in file/rank coordinates.
type RefMove = ((i32, i32), (i32, i32), Option<Role>);

impl Ref {
    fn from_position<G: Geometry>(pos: &Position<G>) -> Ref {
        let (w, h) = (G::FILES as i32, G::RANKS as i32);
        let mut cells = vec![None; (w * h) as usize];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = pos
                .board()
                .piece_at(Square(i as u8))
                .map(|p| (p.color, p.role));
        }
        let ep = pos
            .ep_square()
            .map(|s| (G::file_of(s) as i32, G::rank_of(s) as i32));
        Ref {
            w,
            h,
            cells,
            turn: pos.turn(),
            ep,
            rules: *pos.rules(),
        }
    }
    fn at(&self, f: i32, r: i32) -> Option<(Color, Role)> {
        self.cells[(r * self.w + f) as usize]
    }
    fn on(&self, f: i32, r: i32) -> bool {
        f >= 0 && f < self.w && r >= 0 && r < self.h
    }
    fn fwd(c: Color) -> i32 {
        if c == Color::White { 1 } else { -1 }
    }
    /// Distance of rank `r` from the far rank for `c`.
    fn to_far(&self, c: Color, r: i32) -> i32 {
        if c == Color::White { self.h - 1 - r } else { r }
    }
    fn attacked(&self, f: i32, r: i32, by: Color) -> bool {
        let steps = |ds: &[(i32, i32)], role: &[Role], slide: bool| {
            ds.iter().any(|&(df, dr)| {
                let (mut x, mut y) = (f + df, r + dr);
                while self.on(x, y) {
                    if let Some((c, ro)) = self.at(x, y) {
                        return c == by && role.contains(&ro);
                    }
                    if !slide {
                        return false;
                    }
                    x += df;
                    y += dr;
                }
                false
            })
        };
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let pawn_from = [(-1, -Self::fwd(by)), (1, -Self::fwd(by))];
        steps(&knight, &[Role::Knight], false)
            || steps(&orth, &[Role::Rook, Role::Queen], true)
            || steps(&diag, &[Role::Bishop, Role::Queen], true)
            || steps(&orth, &[Role::King], false)
            || steps(&diag, &[Role::King], false)
            || steps(&pawn_from, &[Role::Pawn], false)
    }
    fn pawn_arrivals(&self, out: &mut Vec<RefMove>, from: (i32, i32), to: (i32, i32)) {
        let line = self
            .rules
            .promotion
            .line(self.to_far(self.turn, to.1) as usize);
        for role in line.roles.iter() {
            out.push((from, to, Some(role)));
        }
        if !line.mandatory {
            out.push((from, to, None));
        }
    }
    fn pseudo(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        let us = self.turn;
        for r in 0..self.h {
            for f in 0..self.w {
                let Some((c, role)) = self.at(f, r) else {
                    continue;
                };
                if c != us {
                    continue;
                }
                let go = |ds: &[(i32, i32)], slide: bool, out: &mut Vec<RefMove>| {
                    for &(df, dr) in ds {
                        let (mut x, mut y) = (f + df, r + dr);
                        while self.on(x, y) {
                            match self.at(x, y) {
                                Some((c2, _)) => {
                                    if c2 != us {
                                        out.push(((f, r), (x, y), None));
                                    }
                                    break;
                                }
                                None => out.push(((f, r), (x, y), None)),
                            }
                            if !slide {
                                break;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                };
                let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
                let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                match role {
                    Role::Knight => go(
                        &[
                            (1, 2),
                            (2, 1),
                            (2, -1),
                            (1, -2),
                            (-1, -2),
                            (-2, -1),
                            (-2, 1),
                            (-1, 2),
                        ],
                        false,
                        &mut out,
                    ),
                    Role::Bishop => go(&diag, true, &mut out),
                    Role::Rook => go(&orth, true, &mut out),
                    Role::Queen => {
                        go(&diag, true, &mut out);
                        go(&orth, true, &mut out)
                    }
                    Role::King => {
                        go(&diag, false, &mut out);
                        go(&orth, false, &mut out)
                    }
                    Role::Pawn => {
                        let d = Self::fwd(us);
                        if self.on(f, r + d) && self.at(f, r + d).is_none() {
                            self.pawn_arrivals(&mut out, (f, r), (f, r + d));
                            let rel = if us == Color::White {
                                r
                            } else {
                                self.h - 1 - r
                            };
                            if self.rules.double_step == Some(rel as u8)
                                && self.on(f, r + 2 * d)
                                && self.at(f, r + 2 * d).is_none()
                            {
                                out.push(((f, r), (f, r + 2 * d), None));
                            }
                        }
                        for df in [-1, 1] {
                            let (x, y) = (f + df, r + d);
                            if !self.on(x, y) {
                                continue;
                            }
                            let enemy = matches!(self.at(x, y), Some((c2, _)) if c2 != us);
                            if enemy || self.ep == Some((x, y)) {
                                self.pawn_arrivals(&mut out, (f, r), (x, y));
                            }
                        }
                    }
                }
            }
        }
        out
    }
    fn apply(&self, m: RefMove) -> Ref {
        let mut n = self.clone();
        let ((ff, fr), (tf, tr), promo) = m;
        let (c, role) = self.at(ff, fr).unwrap();
        if role == Role::Pawn && self.ep == Some((tf, tr)) && self.at(tf, tr).is_none() {
            n.cells[(fr * self.w + tf) as usize] = None;
        }
        n.cells[(fr * self.w + ff) as usize] = None;
        n.cells[(tr * self.w + tf) as usize] = Some((c, promo.unwrap_or(role)));
        n.ep = (role == Role::Pawn && (tr - fr).abs() == 2 && self.rules.en_passant)
            .then_some((ff, (fr + tr) / 2));
        n.turn = !self.turn;
        n
    }
    fn king_safe(&self, side: Color) -> bool {
        for r in 0..self.h {
            for f in 0..self.w {
                if self.at(f, r) == Some((side, Role::King)) {
                    return !self.attacked(f, r, !side);
                }
            }
        }
        true
    }
    fn legal(&self) -> Vec<RefMove> {
        self.pseudo()
            .into_iter()
            .filter(|&m| self.apply(m).king_safe(self.turn))
            .collect()
    }
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|m| self.apply(m).perft(depth - 1))
            .sum()
    }
    fn uci(&self, m: RefMove) -> String {
        let ((ff, fr), (tf, tr), promo) = m;
        let mut s = format!(
            "{}{}{}{}",
            (b'a' + ff as u8) as char,
            fr + 1,
            (b'a' + tf as u8) as char,
            tr + 1
        );
        if let Some(p) = promo {
            s.push(p.char());
        }
        s
    }
}

fn uci_set<G: Geometry>(pos: &Position<G>) -> BTreeSet<String> {
    pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect()
}

fn compare_games<G: Geometry>(start: &Position<G>, games: usize, plies: usize, seed: u64) {
    let mut x = seed;
    for _ in 0..games {
        let mut pos = start.clone();
        let mut r = Ref::from_position(&pos);
        for _ in 0..plies {
            let ours = uci_set(&pos);
            let theirs: BTreeSet<String> = r.legal().into_iter().map(|m| r.uci(m)).collect();
            assert_eq!(ours, theirs, "move lists differ at {}", pos.to_fen());
            if theirs.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let legal = r.legal();
            let m = legal[(x % legal.len() as u64) as usize];
            let mv = pos.parse_uci(&r.uci(m)).expect("reference move parses");
            pos.play(mv).expect("reference move is legal");
            r = r.apply(m);
            assert_eq!(
                pos.zobrist(),
                Position::<G>::from_fen_with(&pos.to_fen(), *pos.rules())
                    .unwrap()
                    .zobrist()
            );
        }
    }
}

const TEN_WITH_KINGS: &str = "r3k4r/pppppppppp/10/10/4q5/10/5Q4/10/PPPPPPPPPP/R3K4R w - - 0 1";

#[test]
fn ten_by_ten_perft_matches_reference() {
    let sk =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    let r = Ref::from_position(&sk);
    for d in 1..=3 {
        assert_eq!(perft(&sk, d), r.perft(d), "secret king start depth {d}");
    }
    let kings = Position::<Grid10>::from_fen(TEN_WITH_KINGS).unwrap();
    let r = Ref::from_position(&kings);
    for d in 1..=3 {
        assert_eq!(perft(&kings, d), r.perft(d), "10x10 with kings depth {d}");
    }
}

#[test]
fn ten_by_ten_random_games_match_reference() {
    let sk =
        Position::<Grid10>::from_fen_with(fen::SECRET_KING_START, Rules::secret_king()).unwrap();
    compare_games(&sk, 20, 150, 0x1234_5678_9abc_def1);
    // Kings, queens, pawns near promotion lines and en passant chances.
    let tense = Position::<Grid10>::from_fen_with(
        "4k5/1P6p1/10/3p6/2P1P5/10/5p4/10/6P3/5K4 w - - 0 1",
        Rules::secret_king(),
    )
    .unwrap();
    compare_games(&tense, 40, 80, 77);
    let kings = Position::<Grid10>::from_fen(TEN_WITH_KINGS).unwrap();
    compare_games(&kings, 20, 150, 99);
}

#[test]
fn eight_by_eight_random_games_match_reference() {
    // No castling rights: the reference does not castle.
    let start =
        Position::<Grid8>::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
            .unwrap();
    compare_games(&start, 30, 200, 42);
    let p3 = Position::<Grid8>::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    compare_games(&p3, 30, 100, 7);
}

#[test]
fn odd_shaped_boards_match_reference() {
    use veil_chess::GridN;
    let p =
        Position::<GridN<7, 9>>::from_fen("rnbqkbn/ppppppp/7/7/7/7/7/PPPPPPP/RNBQKBN w - - 0 1")
            .unwrap();
    let r = Ref::from_position(&p);
    assert_eq!(perft(&p, 3), r.perft(3));
    compare_games(&p, 20, 150, 5);
    let p = Position::<GridN<9, 6>>::from_fen_with(
        "rnbqkqbnr/ppppppppp/9/9/PPPPPPPPP/RNBQKQBNR w - - 0 1",
        Rules::secret_king(),
    )
    .unwrap();
    compare_games(&p, 20, 150, 6);
}
