//! The Hide and Guess rules screen's text.

use crate::kit::widgets::{HowToStep, step};

/// The rulings of §1, in plain words.
pub const RULES: &[&str] = &[
    "Each player hides a secret: 5 pieces taken from one black chess set (K, Q, R R, B B, N N, 8 pawns), so at most one king and one queen. Order does not matter. Both choose at the same time; then chance decides who starts.",
    "The supply is two white sets: 2 kings, 2 queens, 4 rooks, 4 bishops, 4 knights, 16 pawns. On your turn you either build a triangle or guess.",
    "Build: take 3 white pieces from the supply and lay them as a triangle, its base toward you, its tip toward the other player. No two triangles may hold the same pieces. Triangles stay until the end; at most 10 can ever exist.",
    "After each build both players vote at the same time, thumb UP or DOWN, without seeing the other's thumb; both are shown together. Each thumb UP puts a white stone on its side of the triangle, so everyone sees who voted UP.",
    "Build is always offered. If no new triangle can be built (fewer than 3 pieces left, or every possible one is already on the table), choosing Build ends the game.",
    "Guess: name 5 pieces one black set could hold. Right: you take one white stone per triangle on the table and the game ends. Wrong: the other player takes 1 white stone, you take 1 black stone, and play goes on. Guessing the same wrong pieces again is allowed (you are warned).",
    "Scoring: triangles without stones are removed. For every other triangle with s stones, each player gains s white stones per piece of the triangle they can match with their secret (each piece matched separately). Score = white stones − 2 × black stones.",
    "The higher score wins. Equal scores: whoever has more black stones wins; still equal: a draw.",
    "On the table: letters K Q R B N P are king, queen, rook, bishop, knight, pawn; white discs are white pieces, dark discs black ones; small white and black discs are stones.",
];

/// The short "how to play" over the picture of the table.
pub const HOW_TO: &[HowToStep] = &[
    step(
        "Pick your secret: five pieces of one black set, hidden behind your screen (at the bottom). The other player hides five too.",
        0.5,
        0.85,
        0.13,
    ),
    step(
        "On your turn, build: take three white pieces from the supply (left) and lay them as a triangle.",
        0.21,
        0.47,
        0.15,
    ),
    step(
        "After each build you both vote at the same time, thumb up or down (beside the screens). The thumbs show together, and each thumb up leaves a white stone by the triangle.",
        0.75,
        0.77,
        0.07,
    ),
    step(
        "Instead of building, guess the other's five pieces. Right: you take a stone for every triangle and the game ends. Wrong: they take one, you take a black one, and play goes on.",
        0.5,
        0.2,
        0.15,
    ),
];
