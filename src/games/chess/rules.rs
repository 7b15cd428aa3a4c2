//! The rules screens' text of the chess family.

use crate::kit::widgets::{HowToStep, step};

pub const INTRIGUE_RULES: &[&str] = &[
    "Intrigue is chess in which each King starts off the board, hidden. Its home square (e1 / e8) starts empty.",
    "Before the first move each player secretly chooses any one of the 64 squares as the King's hiding square, and one of their 8 pawns as the Informant. Both choose at the same time; neither sees the other's choice.",
    "Capturing the enemy Informant inspects it at once: the enemy King appears on its hiding square, and any piece standing there (of either colour) is removed. Capturing an ordinary pawn only tells you that it was not the Informant.",
    "Instead of a move you may reveal your King: it appears on its hiding square, removing any piece there. It may not appear on or next to a shown enemy King, nor into check.",
    "Check, checkmate and stalemate concern shown Kings only: a hidden King is never in check and gives no check. Stalemate is a draw; threefold repetition and the 50-move rule draw too (a reveal, like a capture or a pawn move, restarts the 50-move count); too little material to mate draws only once both Kings are shown. A side whose King hides and that has no legal move or allowed reveal loses.",
    "A King that appears by an inspection on top of the enemy King wins — unless its own King is then checkmated, and then both sides lose. Appearing next to the enemy King: it is that side's move, and capturing the enemy King (without leaving its own King in check) wins; with no capture and no escape it is checkmate.",
    "A King that appears on its own d or e home square (d1, e1, d8, e8) may later castle with an unmoved Rook as usual: the King moves two squares toward the Rook and the Rook lands on the square the King crossed. A King appearing anywhere else cannot castle.",
    "A pawn that promotes can no longer be inspected: if it was the Informant, that King can now only appear by a reveal. The opponent is not told.",
    "If a pawn of yours captures the enemy Informant while your King hides, you decide before the opponent moves: if that pawn is your Informant you may retire it (it becomes an ordinary pawn; the choice is announced to both). The question is asked after any such capture, so it betrays nothing.",
    "Pieces removed by an appearing King are taken by that King's side: if one of them is the enemy Informant, that King appears too.",
    "Options (setup screen): Queen on the King's square (the Queen starts on e1/e8, d1/d8 empty); Two Queens (Queens on both d and e); Atomic King (an appearing King also removes every piece on the squares around it — an enemy King next to it too, which wins, unless its own King is then checkmated).",
    "On the board: your hiding square and your Informant are ringed in gold — only you see them. K@e4 in the move list is a King appearing on e4.",
];

pub const SECRET_KING_RULES: &[&str] = &[
    "Secret King is chess on a 10×10 board (files a–j, ranks 1–10) with no visible King.",
    "Each side has 10 Pawns, 10 Knights, 4 Rooks, 4 Bishops and 2 Queens. White's rank 1 is R N B Q N N Q B N R, rank 2 N R B N N N N B R N, rank 3 pawns; Black mirrors it on ranks 10, 9 and 8.",
    "Before the first move each player secretly chooses one of their Knights as the Secret King (both at the same time). Until revealed it is a Knight in every way: it moves like one, is never in check, and no piece is pinned to it.",
    "Pawns move as in chess, with the double step from the 3rd rank (Black: 8th) and en passant. There is no castling.",
    "Promotion: arriving on rank 7, 8, 9 or 10 (Black: 4, 3, 2, 1) a pawn may become a Knight, Bishop, Rook or Queen respectively, or stay a pawn — except on the last rank, where it must become a Queen. A pawn that stays can promote again only on a later line. Knights made by promotion are never the Secret King.",
    "A captured Knight is revealed to both. A plain Knight is removed as usual. The Secret King is not: it becomes a regular King on its square and the capturing piece is removed instead. A revealed King moves one square in any direction and can be checked and checkmated.",
    "If a Knight captures the enemy Secret King, the capturing Knight is revealed too; if it is its own side's Secret King, its side wins at once.",
    "You win by checkmating the revealed enemy King, or by ending your move with your Secret King (hidden or revealed) next to the revealed enemy King; such a step is always allowed. Only the mover's Secret King counts for this.",
    "Stalemate, threefold repetition (of what both players see) and the 50-move rule are draws.",
    "On the board: your Secret King is ringed in gold — only you see it.",
];

/// The short "how to play" over the picture of the table.
pub const INTRIGUE_HOW_TO: &[HowToStep] = &[
    step(
        "Before the first move, choose a hiding square for your King (any of the 64) and one of your pawns as the Informant. Your opponent chooses too, in secret.",
        0.55,
        0.73,
        0.06,
    ),
    step(
        "Then play chess with no King on the board. Capture the enemy Informant and their King appears on its hiding square (removing whatever stands there).",
        0.33,
        0.44,
        0.06,
    ),
    step(
        "Instead of a move you may reveal your own King on its square. Only shown Kings can be checked and mated.",
        0.52,
        0.49,
        0.36,
    ),
    HowToStep {
        text: "Click a piece, then where it goes, or use the arrow keys and Enter. Hint, undo and the move list are in the panel.",
        ring: None,
    },
];

/// The short "how to play" over the picture of the table.
pub const SECRET_KING_HOW_TO: &[HowToStep] = &[
    step(
        "Chess on a 10×10 board with no King in sight: before the first move each player secretly makes one of their Knights the Secret King.",
        0.43,
        0.76,
        0.06,
    ),
    step(
        "Until it is found it is a Knight in every way. Capture a Knight and it is shown to both: a plain Knight leaves the board…",
        0.5,
        0.5,
        0.36,
    ),
    step(
        "…but the Secret King stays as a King on its square, and the piece that took it is removed instead. From then on it can be checked and mated.",
        0.43,
        0.76,
        0.06,
    ),
    HowToStep {
        text: "Pawns promote from the seventh rank on. Click a piece, then where it goes, or use the arrow keys and Enter.",
        ring: None,
    },
];
