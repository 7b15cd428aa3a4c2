//! The Tysiąc rules screen's text and the options on the setup screen.

use crate::kit::widgets::{HowToStep, step};

use super::*;
use crate::kit::widgets::explain;

/// The rulings of §6, in plain words.
pub const RULES: &[&str] = &[
    "Tysiąc (\"a thousand\") is for three players with 24 cards: 9, J, Q, K, 10 and A in four suits. Cards are worth A 11, 10 10, K 4, Q 3, J 2, 9 0 — 120 in all — and rank A > 10 > K > Q > J > 9.",
    "Each player gets 7 cards and 3 go face down to the prikup. The deal passes clockwise each hand; the first dealer is drawn at random.",
    "Bidding starts left of the dealer with a forced 100. Bids go up in steps of 5 (or 10, an option); a pass is final; the bidding ends when two players have passed. Bidding above 120 needs a king and queen of one suit in your hand.",
    "The highest bidder, the declarer, shows the prikup to everyone, takes it, gives one card face down to each opponent and may then raise the bid (above 120 only with a marriage).",
    "A player holding all four nines after the exchange may have the cards dealt again by the same dealer. Every player is asked at once, for a few seconds, and the hand plays on by itself: nobody can tell from the wait who holds them.",
    "The declarer leads the first trick; there is no trump at first. Follow suit if you can; otherwise play a trump if there is one and you hold it; otherwise any card. (Option: whoever follows suit or trumps must also beat the trick when they can.) The highest trump wins the trick, else the highest card of the suit led; the winner leads next.",
    "Marriages: a player who won the previous trick and holds the king and queen of a suit may lead one of them and announce the marriage. It scores ♥ 100, ♦ 80, ♣ 60, ♠ 40, and that suit is trump from then on.",
    "Scoring: a declarer who took at least the bid (cards plus marriages) adds the bid, otherwise loses it. Each opponent adds its points rounded to the nearest 5 (or 10).",
    "The first to reach 1000 wins; if several do in one hand, the highest score wins, then the declarer.",
    "Extra rules (on by default): the barrel — a score that would reach 880–999 stops at 880, and there you score only by making a bid as declarer, within three hands (a failed bid takes you off; three hands without success cost 120). Horizontal lines — an opponent who takes nothing gets a line instead, and every third line costs 120. Rospisat' — after seeing the prikup the declarer may give up: the opponents get 60 each and the declarer a P; every third P costs 120 (not allowed on the barrel).",
    "Playing here: click a card of your hand to play it; in the exchange click a card and choose whom to give it to; bids and the raise are set on the stepper on the right (− and +, or the arrow keys) and called with its button or Enter; the prikup and the other choices are buttons there. Only legal choices are offered.",
];

/// The game's options on the setup screen.
pub fn options_ui(ui: &mut egui::Ui, o: &mut veil_tysiac::Options) {
    ui.horizontal(|ui| {
        ui.label("Bids go up in steps of");
        ui.radio_value(&mut o.bid_step, 5, "5");
        ui.radio_value(&mut o.bid_step, 10, "10");
    });
    explain(ui, "How far each new bid must go above the last.");
    ui.horizontal(|ui| {
        ui.label("The opponents' points are rounded to");
        ui.radio_value(&mut o.rounding, 5, "5");
        ui.radio_value(&mut o.rounding, 10, "10");
    });
    explain(
        ui,
        "Points of the players who defend are rounded to this at the end of a hand.",
    );
    ui.checkbox(
        &mut o.must_beat,
        "Whoever follows suit or trumps must beat the trick if they can",
    );
    explain(
        ui,
        "A stricter way to follow: playing low when you could win the trick is not allowed.",
    );
    ui.checkbox(
        &mut o.extra_rules,
        "Extra rules: the barrel at 880, horizontal lines, Rospisat'",
    );
    explain(
        ui,
        "The house rules of the Russian game: limits near 1000, penalties for three empty hands, giving up a hand.",
    );
    ui.horizontal(|ui| {
        ui.label("Play");
        ui.radio_value(&mut o.hand_limit, 200, "to 1000");
        ui.radio_value(&mut o.hand_limit, 1, "one hand");
    });
    explain(
        ui,
        "A whole game to 1000 points takes about half an hour; one hand, a few minutes.",
    );
}

/// The short "how to play" over the picture of the table.
pub const HOW_TO: &[HowToStep] = &[
    step(
        "Three players, 24 cards: seven each and three face down in the prikup. Bid for it, from 100 up: the highest bidder is the declarer.",
        // West's hand of seven: a ring round the viewer's fanned hand
        // crossed the cards' faces and the names beside them (and inside
        // the picture's edge: a larger one hung past it).
        0.135,
        0.44,
        0.12,
    ),
    step(
        "The declarer shows and takes the prikup, gives one card to each opponent and may raise the bid.",
        0.58,
        0.47,
        0.1,
    ),
    step(
        "Play seven tricks: follow suit if you can, else trump if there is one. Leading a king or queen while holding both announces a marriage, and that suit becomes trump.",
        0.58,
        0.47,
        0.1,
    ),
    HowToStep {
        text: "Declarers score the bid if they take it, or lose it; the others score what they took. The first to 1000 wins.",
        ring: None,
    },
];
