//! The Jieqi rules screen's text.

use crate::kit::widgets::{HowToStep, step};

/// The rulings of §4, in plain words.
pub const RULES: &[&str] = &[
    "Jieqi is xiangqi (Chinese chess) played with hidden pieces.",
    "All pieces except the two generals start face down, shuffled at random over the fifteen usual starting points of their side. Nobody — not even the owner — knows what a face-down piece is.",
    "A face-down piece moves like the piece that normally starts on its point, with that piece's limits: on an advisor point it stays in the palace, on an elephant point it stays on its side of the river; horse legs, elephant eyes and cannon screens work as usual.",
    "A piece turns face up the first time it moves (capturing or not). What it is, is drawn at that moment from its side's remaining face-down pieces.",
    "Face-up pieces move as in xiangqi, except that advisors and elephants may leave the palace and cross the river. A soldier moves forward until it has crossed the river, then also sideways. Generals stay in the palace, and the two generals may never face each other on an open file.",
    "When you capture a face-down piece, you see what it was; by default your opponent does not (a setup option shows it to both). The owner only learns that a face-down piece was lost.",
    "A side with no legal move loses. Repeating the same position three times is a draw, except that the side giving perpetual check loses. 120 moves (plies) with no capture and no reveal is a draw.",
    "Moves are written in ICCS (e.g. h2e2: from h2 to e2); when a move reveals a piece, the notation's letter for it is added (b0c2n: a horse): k general, a advisor, b elephant, n horse, r chariot, c cannon, p soldier.",
    "On the board: G general, A advisor, E elephant, H horse, R chariot, C cannon, S soldier. Dark discs are face down.",
];

/// The short "how to play" over the picture of the table.
pub const HOW_TO: &[HowToStep] = &[
    step(
        "Every piece but the two Generals starts face down, shuffled: nobody knows what it is, not even its owner.",
        0.52,
        0.83,
        0.12,
    ),
    step(
        "A face-down piece moves as the piece whose starting point it stands on. The first time it moves it turns over and shows what it is.",
        0.4,
        0.38,
        0.07,
    ),
    step(
        "Capture as in xiangqi. You see what you captured; your opponent learns only that a hidden piece was lost. Captured pieces line up at the side.",
        0.19,
        0.2,
        0.08,
    ),
    // The ring on the enemy General, at the top of the board.
    step(
        "Checkmate the enemy General to win. Click a piece, then its target, or use the arrow keys and Enter.",
        0.52,
        0.15,
        0.06,
    ),
];
