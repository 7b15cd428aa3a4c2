//! The rules screen: RULINGS §3 and every reading `veil-reality-check`
//! makes where §3 is silent, in plain words.

use crate::kit::widgets::{HowToStep, step};

pub const RULES: &[&str] = &[
    "Reality Check, a game by Andrew Juell, as Veil plays it: where the original rules leave a point open, the reading chosen is written here.",
    "The board: 39 squares in rows of 1, 3, 5, 7, 7, 7, 5, 3, 1 on a 7-file × 9-rank grid (files a–g, ranks 1–9). White's home squares are d1, c2, d2, e2, b3, c3, d3, e3, f3, showing R; N B N; P P B P P; Black's mirror them. Sliding pieces stop at the board's edge and at holes.",
    "Each side has ten two-faced pieces: P-P, P-N, P-B, P-R, N-N, N-B, N-R, B-B, B-R, R-R. The four with equal faces are true.",
    "Setup: each player chooses which piece stands where and which face is up, so that the up-faces match the diagram; the tenth piece starts in hand. Setups are made in secret (behind the privacy screen in hot-seat) and revealed together. Here you place one piece at a time: click a square, then choose the piece and face; only placements after which the rest can still match the diagram are offered.",
    "You see both faces of your own pieces (the small letter under the large one); the opponent sees only up-faces and how many pieces you hold in hand.",
    "Faces move as chess pieces (there is no King); a Pawn face steps one square orthogonally in any direction and captures one square diagonally in any direction, with no double step.",
    "A turn is one of: (1) a non-capturing move, then a mandatory flip of any one piece on the board except the piece the opponent flipped or dropped on the move just before; (2) a drop from hand, with the face of your choice up, onto an empty home square; (3) a capture — the captured piece goes to its owner's hand unflipped; (4) a capture declared as a Reality Check — both pieces are turned over in public: if both are true the captured piece leaves play for good, otherwise it goes to its owner's hand; a capturer that is not true turns back to its previous face after being shown.",
    "White's first move is a non-capturing move without a flip.",
    "Hand limit: (true pieces still in play, on the board or in hand) − 1. A player over the limit must drop; one who cannot drop loses. When a capture would put a player over the limit, that player chooses to take the piece (and drop next turn) or remove it from play.",
    "Win: all four enemy true pieces removed from play, or the enemy cannot make an obligatory drop. A player with no legal action loses. Threefold repetition of the whole position is a draw, and so is reaching 300 plies.",
    "Options. Memory mode (the seed's Variant Zero): after setup the owner, too, sees only up-faces, and no move list is shown. Strategic Retreat (variant 1): a capture of one's own piece returns it to hand, if that does not exceed the hand limit. Memory action (variant 2): a fifth action turns over two enemy pieces; if their new up-faces match, both go to the enemy's hand; if not, the acting player removes one of its own true pieces from play. Free setup (variant 3): nine pieces anywhere on your own half (ranks 1–4 for White, 6–9 for Black); the squares used become your drop squares, and White's first move may not capture but is followed by a flip. Advanced board (variant 4): the seed's 7×7 diagram with ten holes; the ten-square corner zones are the home zones and setup is free within them. Dice: the flip is decided by a die — 1 a P-up piece, 2 N-up, 3 B-up, 4 R-up, 5 any of your pieces, 6 any enemy piece; no eligible piece, no flip. Two dice: two flips, one per die.",
    "Readings where §3 is silent:",
    "A flip shows the piece: every flip is public, so afterwards both players know both faces of the flipped piece (the orange chip) for as long as it stays on the board. A piece that goes through a hand is anonymous again, even to a player who knew it.",
    "Removed pieces are shown: a piece removed from play (a refused capture, a Reality Check, a Memory-action penalty) is turned over for both, so the count of true pieces in play, and so each hand limit, is public.",
    "Reality Check: the capturer always ends on the captured square showing the face it showed before; both pieces' kinds become public. A captured piece that is not removed goes to its owner's hand like any capture, take-or-refuse included.",
    "Take or refuse is decided by the captured side at the start of its turn, before it acts; a taken piece over the limit makes that turn an obligatory drop. Pieces sent to hand by a Memory action are not offered the refusal: the obligatory drop covers them.",
    "Flip lock: the lock covers the pieces the opponent flipped (after a quiet move) or dropped on its last turn, following the piece if it moves; Reality Check and Memory-action turn-overs do not lock. With no piece to flip, the flip is skipped.",
    "White's first move (standard setup) is a quiet move and nothing else: no drop, no flip. With free setup or the advanced board it is a quiet move followed by a flip.",
    "Repetition compares what both players see: colours and up-faces on every square, the hand sizes and the side to move. Plies count turns; a flip, a claim or a penalty is part of a turn.",
    "Memory mode: a player knows its own pieces while setting up and while they are in its hand; on the board only the publicly shown ones. After a failed Memory action it removes a true piece it knows of; if it knows none, its first true piece goes (hand first, then the board from a1 rank by rank).",
    "Memory action: the two pieces stay turned over and both become known to both players. \"Match\" compares the new up-faces.",
    "Two dice: roll, flip, roll, flip; the second flip must be a different piece; a die with no eligible piece flips nothing.",
    "Notation in the move list: d3-d4 a quiet move, d3xe4 a capture, d3xe4! a Reality Check (with the capturer's kind, now public), ~c2 a flip (with the kind it showed), N@c2 a drop with N up (the face underneath stays secret), d3^e2 a Strategic Retreat, ?c7,e7 a Memory action, take and refuse, -d4 / -RR / -? a removal, dieN the die that decided the flip.",
];

/// The short "how to play" over the picture of the table.
pub const HOW_TO: &[HowToStep] = &[
    step(
        "Each side has ten two-faced pieces; only the four with equal faces (P-P, N-N, B-B, R-R) are true. You see both faces of yours, your opponent only the face up.",
        0.57,
        0.48,
        0.3,
    ),
    step(
        "Set up in secret: put your pieces so that the faces up match the diagram; the tenth waits in your hand (its count is shown).",
        0.25,
        0.89,
        0.12,
    ),
    step(
        "On your turn, move a piece as its face up moves and then flip a piece, or drop one from your hand on your home squares, or capture into your hand.",
        0.63,
        0.4,
        0.06,
    ),
    HowToStep {
        text: "Or capture with a Reality Check: both pieces turn over for all to see, and a true piece taken by a true piece is gone for good. Remove all four enemy true pieces to win.",
        ring: None,
    },
];
