//! Playouts: a game finished quickly by a simple policy, then counted.
//!
//! The *light* policy plays uniformly among the legal points that do not
//! fill one's own eye. The *heavy* policy first answers the last move
//! (captures a chain it left in atari, saves an own chain it put in atari
//! unless running only feeds a ladder)
//! and never fills the last liberty of its own chain of two or more stones
//! nine times in ten (so sekis mostly survive playouts, while nakade
//! still happens); in the engine's playouts it then plays the last good
//! reply to the last two moves, or to the last one (see [`Replies`]); it
//! answers with 3×3 patterns around the last move; otherwise it plays like
//! the light one.

use rand::RngExt;
use veil_core::GameRng;

use crate::board::{BLACK, BORDER, Board, CELLS, Color, EMPTY, WHITE};
use crate::tactics;

/// Stones a playout's ladder read may play: short ladders only, so a
/// playout stays fast; the tree reads further.
const LADDER_BUDGET: u32 = 12;

/// How a playout picks its moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Policy {
    Light,
    Heavy,
}

/// The most moves a playout plays before it is counted as it stands.
pub fn move_cap(size: u8) -> usize {
    3 * size as usize * size as usize
}

fn random_point(board: &Board, color: Color, policy: Policy, rng: &mut GameRng) -> Option<u16> {
    let empties = board.empty_points();
    let n = empties.len();
    if n == 0 {
        return None;
    }
    let start = rng.random_range(0..n);
    let (tail, head) = empties.split_at(start);
    for &i in head.iter().chain(tail) {
        if board.is_eyeish(color, i) || board.check(color, i).is_err() {
            continue;
        }
        // Self-atari of a chain of two or more is refused nine times in
        // ten: mostly it only loses stones, but the killing placements
        // inside an eye space (nakade) are self-ataris too.
        if policy == Policy::Heavy && board.is_self_atari(color, i) && rng.random_bool(0.9) {
            let own_neighbour = board
                .neighbours(i)
                .iter()
                .any(|n| board.cell(*n) == color_cell(color));
            if own_neighbour {
                continue;
            }
        }
        return Some(i);
    }
    None
}

fn color_cell(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The heavy policy's answer to the last move, if it has one.
fn answer_last(
    board: &Board,
    color: Color,
    rng: &mut GameRng,
    replies: Option<(&Replies, u16, u16)>,
) -> Option<u16> {
    let last = board.last_index()?;
    let me = color_cell(color);
    // Capture the stone just played if it stands in atari.
    let h = board.head_of(last);
    if let Some(lib) = board.atari_liberty(h)
        && board.check(color, lib).is_ok()
    {
        return Some(lib);
    }
    // Save an own chain the last move put in atari: capture a neighbour in
    // atari, or extend if that gives more liberties.
    let mut candidates = [0u16; 8];
    let mut k = 0;
    for n in board.neighbours(last) {
        if board.cell(n) != me {
            continue;
        }
        let own = board.head_of(n);
        let Some(lib) = board.atari_liberty(own) else {
            continue;
        };
        for s in board.chain(own) {
            for m in board.neighbours(s) {
                let c = board.cell(m);
                if c != me && c != EMPTY && c != BORDER {
                    let enemy = board.head_of(m);
                    if let Some(cap) = board.atari_liberty(enemy)
                        && k < 8
                        && board.check(color, cap).is_ok()
                    {
                        candidates[k] = cap;
                        k += 1;
                    }
                }
            }
        }
        // Running is only worth it out of a ladder's reach.
        if k < 8
            && board.check(color, lib).is_ok()
            && !board.is_self_atari(color, lib)
            && !tactics::dies_in_atari(board, own, &mut { LADDER_BUDGET })
        {
            candidates[k] = lib;
            k += 1;
        }
    }
    if k > 0 {
        return Some(candidates[rng.random_range(0..k)]);
    }
    if let Some((replies, before, prev)) = replies {
        for r in replies.get(color, before, prev) {
            if r != NO_REPLY
                && board.cell(r) == EMPTY
                && !board.is_eyeish(color, r)
                && board.check(color, r).is_ok()
                && !board.is_self_atari(color, r)
            {
                return Some(r);
            }
        }
    }
    // A 3×3 pattern around the last move.
    let s = board.size() as u16 + 2;
    let around = [
        last + s - 1,
        last + s,
        last + s + 1,
        last - 1,
        last + 1,
        last - s - 1,
        last - s,
        last - s + 1,
    ];
    let mut k = 0;
    for i in around {
        if board.cell(i) == EMPTY
            && crate::patterns::matches(board, i)
            && board.check(color, i).is_ok()
            && !board.is_self_atari(color, i)
        {
            candidates[k] = i;
            k += 1;
        }
    }
    (k > 0).then(|| candidates[rng.random_range(0..k)])
}

/// Last good replies with forgetting (Baier and Drake's LGRF-2): for each
/// colour, the reply that last won a playout right after a move, and after
/// a pair of moves; a reply is forgotten when a playout it was played in is
/// lost. The playouts try the pair's reply, then the move's, before their
/// patterns: what the search learns about local fights carries into the
/// playouts, where the fixed policy would answer the same way every time.
pub(crate) struct Replies {
    one: Vec<u16>,
    two: Vec<u16>,
}

/// No reply stored (cell 0 is border: never a stone).
const NO_REPLY: u16 = 0;

impl Replies {
    pub(crate) fn new() -> Replies {
        Replies {
            one: vec![NO_REPLY; 2 * CELLS],
            two: vec![NO_REPLY; 2 * CELLS * CELLS],
        }
    }

    /// How many single-move replies are stored.
    #[cfg(test)]
    pub(crate) fn learnt(&self) -> usize {
        self.one.iter().filter(|r| **r != NO_REPLY).count()
    }

    fn slot_one(color: Color, prev: u16) -> usize {
        (color as usize & 1) * CELLS + prev as usize
    }

    fn slot_two(color: Color, before: u16, prev: u16) -> usize {
        ((color as usize & 1) * CELLS + before as usize) * CELLS + prev as usize
    }

    /// Learns from one playout's moves (the tree's and the playout's, a
    /// pass as cell 0) and who won it.
    /// Moves before `first` are context only (the game's moves before the
    /// search's root).
    pub(crate) fn learn(&mut self, moves: &[(Color, u16)], first: usize, winner: Color) {
        for j in first.max(1)..moves.len() {
            let (color, mv) = moves[j];
            if mv == NO_REPLY {
                continue;
            }
            let prev = moves[j - 1].1;
            let one = Self::slot_one(color, prev);
            let two = (j >= 2).then(|| Self::slot_two(color, moves[j - 2].1, prev));
            if color == winner {
                self.one[one] = mv;
                if let Some(two) = two {
                    self.two[two] = mv;
                }
            } else {
                if self.one[one] == mv {
                    self.one[one] = NO_REPLY;
                }
                if let Some(two) = two
                    && self.two[two] == mv
                {
                    self.two[two] = NO_REPLY;
                }
            }
        }
    }

    /// The stored replies of `color` to `prev` after `before`: the pair's
    /// first, then the move's.
    fn get(&self, color: Color, before: u16, prev: u16) -> [u16; 2] {
        [
            self.two[Self::slot_two(color, before, prev)],
            self.one[Self::slot_one(color, prev)],
        ]
    }
}

/// The move `color` plays in a playout, or `None` to pass.
pub(crate) fn choose(
    board: &Board,
    color: Color,
    policy: Policy,
    rng: &mut GameRng,
) -> Option<u16> {
    choose_replying(board, color, policy, rng, None)
}

/// [`choose`], trying the last good replies to `(before, prev)` after the
/// answers to an atari and before the patterns.
fn choose_replying(
    board: &Board,
    color: Color,
    policy: Policy,
    rng: &mut GameRng,
    replies: Option<(&Replies, u16, u16)>,
) -> Option<u16> {
    if policy == Policy::Heavy
        && let Some(i) = answer_last(board, color, rng, replies)
    {
        return Some(i);
    }
    random_point(board, color, policy, rng)
}

/// Plays the board out like [`play_out`], with the last good replies when
/// given, `(before, prev)` the two moves that led here (cell 0 for a pass or
/// none); `record` is called with every move, a pass as cell 0.
pub(crate) fn play_out_replying(
    board: &mut Board,
    mut to_move: Color,
    policy: Policy,
    rng: &mut GameRng,
    replies: Option<&Replies>,
    (mut before, mut prev): (u16, u16),
    mut record: impl FnMut(Color, u16),
) -> i32 {
    let cap = move_cap(board.size());
    let mut passes = 0;
    for _ in 0..cap {
        let mv = choose_replying(
            board,
            to_move,
            policy,
            rng,
            replies.map(|r| (r, before, prev)),
        );
        match mv {
            Some(i) => {
                board.play_unchecked(to_move, i);
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        let i = mv.unwrap_or(NO_REPLY);
        record(to_move, i);
        (before, prev) = (prev, i);
        if passes == 2 {
            break;
        }
        to_move = to_move.opponent();
    }
    area_difference(board)
}

/// Plays the board out from `to_move` until two passes (or the move cap)
/// and returns Black's area count minus White's (no komi). `record`, when
/// given, is called with every stone played.
pub fn play_out(
    board: &mut Board,
    to_move: Color,
    policy: Policy,
    rng: &mut GameRng,
    mut record: impl FnMut(Color, u16),
) -> i32 {
    play_out_replying(
        board,
        to_move,
        policy,
        rng,
        None,
        (NO_REPLY, NO_REPLY),
        |c, i| {
            if i != NO_REPLY {
                record(c, i);
            }
        },
    )
}

/// Black's area minus White's by stones and points that touch only one
/// colour (a playout's end, where every region is an eye or neutral).
pub fn area_difference(board: &Board) -> i32 {
    let mut diff = 0;
    for &i in board.empty_points() {
        match end_owner(board, i) {
            BLACK => diff += 1,
            WHITE => diff -= 1,
            _ => {}
        }
    }
    let size = board.size() as i32;
    let stones = size * size - board.empty_points().len() as i32;
    let black = count_black(board);
    diff + black - (stones - black)
}

/// Who owns cell `i` at a playout's end: the colour of its stone, or of
/// every stone an empty point touches (an eye); `EMPTY` if it touches both
/// (neutral).
pub(crate) fn end_owner(board: &Board, i: u16) -> u8 {
    match board.cell(i) {
        EMPTY => {
            let mut seen = 0u8;
            for n in board.neighbours(i) {
                let c = board.cell(n);
                if c == BLACK || c == WHITE {
                    seen |= c;
                }
            }
            if seen == BLACK || seen == WHITE {
                seen
            } else {
                EMPTY
            }
        }
        c => c,
    }
}

fn count_black(board: &Board) -> i32 {
    board
        .points()
        .filter(|p| board.get(*p) == Some(Color::Black))
        .count() as i32
}

/// Who owns each point after `playouts` heavy playouts from `board` with
/// `to_move` to play: per point (row by row from A1), the mean of +1 for
/// Black's and −1 for White's.
pub fn ownership(board: &Board, to_move: Color, playouts: u32, rng: &mut GameRng) -> Vec<f32> {
    let size = board.size() as usize;
    let mut sum = vec![0i32; size * size];
    for _ in 0..playouts {
        let mut b = board.clone();
        play_out(&mut b, to_move, Policy::Heavy, rng, |_, _| {});
        for (k, p) in b.points().enumerate() {
            let i = b.index(p);
            sum[k] += match end_owner(&b, i) {
                BLACK => 1,
                WHITE => -1,
                _ => 0,
            };
        }
    }
    sum.iter()
        .map(|s| *s as f32 / playouts.max(1) as f32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Point, at};
    use veil_core::SeedableRng;

    #[test]
    fn a_winning_reply_is_kept_and_a_losing_one_forgotten() {
        let board = Board::new(9).unwrap();
        let [a, b, c] = ["C3", "G7", "D4"].map(|n| at(&board, n));
        let moves = [(Color::Black, a), (Color::White, b), (Color::Black, c)];
        let mut replies = Replies::new();
        replies.learn(&moves, 1, Color::Black);
        assert_eq!(replies.get(Color::Black, a, b), [c, c]);
        // White lost: its G7 is no reply it keeps.
        assert_eq!(replies.get(Color::White, PASS_CELL, a), [NO_REPLY; 2]);
        // The same moves lost for Black: both its replies are forgotten,
        // and White's winning G7 is learnt.
        replies.learn(&moves, 1, Color::White);
        assert_eq!(replies.get(Color::Black, a, b), [NO_REPLY; 2]);
        assert_eq!(replies.get(Color::White, PASS_CELL, a)[1], b);
        // A move before `first` is context only.
        let mut fresh = Replies::new();
        fresh.learn(&moves, 2, Color::White);
        assert_eq!(fresh.get(Color::White, PASS_CELL, a)[1], NO_REPLY);
    }

    const PASS_CELL: u16 = NO_REPLY;

    #[test]
    fn a_playout_plays_the_reply_it_learnt() {
        let mut board = Board::new(9).unwrap();
        board
            .play(Color::Black, Point::parse("C3", 9).unwrap())
            .unwrap();
        board
            .play(Color::White, Point::parse("G7", 9).unwrap())
            .unwrap();
        let (c3, g7, e5) = (at(&board, "C3"), at(&board, "G7"), at(&board, "E5"));
        let mut replies = Replies::new();
        replies.learn(
            &[(Color::Black, c3), (Color::White, g7), (Color::Black, e5)],
            1,
            Color::Black,
        );
        let replying = |board: &Board, rng: &mut GameRng| {
            choose_replying(
                board,
                Color::Black,
                Policy::Heavy,
                rng,
                Some((&replies, c3, g7)),
            )
        };
        let mut rng = GameRng::seed_from_u64(1);
        for _ in 0..20 {
            assert_eq!(replying(&board, &mut rng), Some(e5));
        }
        // Without the replies the policy plays about anywhere.
        let others = (0..20)
            .filter(|_| choose(&board, Color::Black, Policy::Heavy, &mut rng) != Some(e5))
            .count();
        assert!(others > 15, "{others}");
        // A reply that is no longer legal is passed over.
        board
            .play(Color::White, Point::parse("E5", 9).unwrap())
            .unwrap();
        assert_ne!(replying(&board, &mut rng), Some(e5));
    }
}
