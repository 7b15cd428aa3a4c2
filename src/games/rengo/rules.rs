//! The rules screen: RULINGS.md §7 and every reading `veil-go` makes.

use crate::kit::widgets::{HowToStep, step};

pub const RULES: &[&str] = &[
    "Rengo is Go for two teams of two. Black is B1 and B2, White is W1 and W2; they play in the order B1, W1, B2, W2, again and again. Every seat is a person or the computer. With two players the same game is plain Go: Black against White.",
    "The board is 9×9 (13×13 and 19×19 are options). Komi is 6.5 under territory scoring (the default) and 7.5 under area scoring; the setup can set another komi, and give Black 2 to 9 handicap stones (White then plays first).",
    "Go rules: a stone or group with no liberty is captured; suicide is illegal; positional superko — no stone may recreate a position seen before in the game. You may pass at any time.",
    "Partners may not talk. The only words a seat can send its partner are the three messages: “Is it my turn?”, “That was out of sequence” and “Shall we resign?”. The seat to play sends them, each at most once a turn, and every seat hears them (Go hides nothing; at a real table everyone hears). The messages are kept in the move list and in the SGF record as comments.",
    "A team resigns only when both partners agree: “Shall we resign?” hands the decision to the partner, who answers yes (the team resigns) or no (the asker plays on). In plain Go a player resigns alone. The computer asks (or resigns in plain Go) when it judges its team's chances below 5 %, and agrees below 15 %.",
    "Out of sequence (table mode only, for several people at one screen): before playing, the seat to play may report that the stone just played was played by the wrong partner. Reported as intentional, that team forfeits the game. Reported as unintentional, the other team receives 3 prisoners (3 points under area scoring), the rotation continues from the partner who really played — so the turn passes to the reporter's partner — and nothing is undone. The stone stays in the record under the seat whose turn it was; the report says whose it really was, and its plate counts it for the partner. Online each of the four plays on their own device and the server keeps the order, so a stone out of sequence cannot happen there.",
    "Two passes in a row end play. The computer then proposes which stones are dead. The seat next in rotation checks the marking — a click on a group marks it dead or alive again — and accepts; then a seat of the other team does the same. Any change withdraws both teams' acceptance. After 40 changes only acceptance remains, so every count ends. Play does not resume after the count begins.",
    "Territory scoring: empty points surrounded by one colour only, plus prisoners (captures, dead stones and penalties), plus komi for White. Area scoring: stones on the board plus territory, plus komi. Under territory scoring a region next to a group in seki is nobody's: Veil reads a group as in seki when it lives, has at most two liberties and shares one of them with an enemy group that also has at most two (a seki with a bigger eye counts as territory, which the players can see on the board).",
    "On the board: the small number on a stone says which partner played it (1 or 2); the ring marks the last stone; the gold plate is the seat to act. In counting, crossed stones are marked dead and small squares show whose territory each point is.",
    "Records: SGF (FF[4], GM[1]) with the team members in PB/PW, the rules in RU, the seat of each move and the messages as comments. The Save SGF button writes the game so far; a finished game is written when the results show (desktop: in records/ beside the settings file).",
];

/// The short "how to play" over the picture of the table.
pub const HOW_TO: &[HowToStep] = &[
    step(
        "Rengo is Go for two teams of two, playing in turn B1, W1, B2, W2. The plates show whose turn it is, on which team.",
        0.15,
        0.68,
        0.1,
    ),
    step(
        "Click a point to play a stone (a pale stone shows where). A group left without liberties is captured, and its stones go to the bowls.",
        0.47,
        0.49,
        0.3,
    ),
    step(
        "Partners may not talk: three messages are the only words, and a team resigns only when both partners agree.",
        0.79,
        0.26,
        0.1,
    ),
    HowToStep {
        text: "Two passes end play. Mark dead groups by clicking them, then both teams accept the count. With two seats it is plain Go.",
        ring: None,
    },
];
