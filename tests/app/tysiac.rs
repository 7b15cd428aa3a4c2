//! Headless app tests of the Tysiąc view: whole hands driven through the
//! app's input (card clicks and panel choices as `Command`s, keys through
//! leafwing), with the table checked against the viewer's observation after
//! every change: the card entities with a face are exactly the cards the
//! viewer sees, and no other seat's card is anywhere on the table.

use super::*;
use veil::games::tysiac::{
    CardBack, CardFace, CardPlace, HandPhase, Scene, TableCard, TurnOver, TysiacUi,
};
use veil::kit::anim::Slide;
use veil::kit::world_text::WorldText;
use veil::table::referee::Animating;
use veil_tysiac::{Action, Call, Card, Hand, HandEnd, Options, Phase, Tysiac, TysiacView};

fn start_tysiac(app: &mut App, seats: Vec<SeatKind>, options: Options, seed: u64) {
    start_game(app, "tysiac", |setup| {
        assert_eq!(setup.seats.len(), 3, "three seats for Tysiąc");
        setup.seats = seats;
        setup.set_options::<Tysiac>(&options);
        setup.seed = Some(seed);
        setup.think_limit_ms = 60;
    });
    assert!(app.world().get_resource::<Match<Tysiac>>().is_some());
}

/// South a person, West and East computers of this level.
fn against_two(level: Level) -> Vec<SeatKind> {
    vec![
        SeatKind::Human,
        SeatKind::Computer(level),
        SeatKind::Computer(level),
    ]
}

fn observation(app: &App) -> Option<TysiacView> {
    let m = app.world().get_resource::<Match<Tysiac>>()?;
    let viewer = app.world().resource::<Viewer>().0;
    Some(m.observe(viewer))
}

fn version(app: &App) -> Option<u64> {
    app.world()
        .get_resource::<Match<Tysiac>>()
        .map(|m| m.version)
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

/// The cards whose faces the viewer sees, from its observation alone: its
/// hand, the prikup while shown, the trick in the middle (or the last one
/// taken, until the next lead).
pub(super) fn faces_seen(obs: &TysiacView) -> Vec<Card> {
    let t = &obs.table;
    let mut out: Vec<Card> = obs.hand.iter().collect();
    if t.phase == Phase::Prikup {
        out.extend(t.prikup.expect("the prikup is shown").iter());
    }
    if !t.trick.is_empty() {
        out.extend(t.trick.iter().copied());
    } else if let Some(last) = t.tricks.last() {
        out.extend(last.cards);
    }
    sorted(out)
}

fn is_suit_text(text: &str) -> bool {
    text.contains(['♥', '♦', '♣', '♠'])
}

/// The table shows exactly the viewer's observation, and nothing of the
/// other hands.
pub(super) fn check_table(app: &mut App) {
    if app.world().get_resource::<Match<Tysiac>>().is_none() {
        return;
    }
    let privacy = app.world().resource::<PrivacyPending>().0;
    let world = app.world_mut();
    let cards: Vec<(CardPlace, Option<Card>, bool)> = world
        .query::<(&TableCard, Option<&CardFace>, Option<&CardBack>)>()
        .iter(world)
        .map(|(t, f, b)| (t.place, f.map(|f| f.0), b.is_some()))
        .collect();
    let texts: Vec<String> = world
        .query::<&WorldText>()
        .iter(world)
        .map(|t| t.text.clone())
        .collect();
    // A pip or a figure's frame tells the suit: it hangs only under a card
    // whose face is shown (a back carries the lattice alone).
    let marks: Vec<Entity> = world
        .query_filtered::<&ChildOf, With<veil::games::tysiac::CardMark>>()
        .iter(world)
        .map(|c| c.parent())
        .collect();
    for parent in &marks {
        assert!(
            world.get::<CardFace>(*parent).is_some(),
            "a pip on a card whose face is not shown"
        );
    }
    if privacy.is_some() {
        assert!(marks.is_empty(), "no pips while the device changes hands");
        assert!(cards.is_empty(), "no cards while the device changes hands");
        assert!(
            !texts.iter().any(|t| is_suit_text(t)),
            "no card words while the device changes hands: {texts:?}"
        );
        let view = world.resource::<veil::games::tysiac::ViewState>();
        assert!(view.obs.is_none() && view.scene.is_none());
        let ui = world.resource::<TysiacUi>();
        assert!(ui.choices.is_empty() && ui.usable.is_empty());
        return;
    }
    let m = world.resource::<Match<Tysiac>>();
    let viewer = world.resource::<Viewer>().0;
    let obs = m.observe(viewer);
    let t = &obs.table;
    // Every card is face up or face down, never both.
    for (place, face, back) in &cards {
        assert!(face.is_some() != *back, "{place:?}: a face or a back");
    }
    // The faces are exactly what the viewer sees.
    let faces = sorted(cards.iter().filter_map(|c| c.1).collect());
    assert_eq!(faces, faces_seen(&obs), "the faces on the table");
    // The viewer's hand, face up; the others' hands, backs only, counted.
    for s in Seat::all(3) {
        let hand: Vec<_> = cards
            .iter()
            .filter(|c| matches!(c.0, CardPlace::Hand { seat, .. } if seat == s.0))
            .collect();
        assert_eq!(hand.len(), obs.hand_sizes[s.index()] as usize, "{s}'s hand");
        if s == viewer {
            let shown = sorted(hand.iter().filter_map(|c| c.1).collect());
            assert_eq!(
                shown,
                sorted(obs.hand.iter().collect()),
                "the viewer's hand"
            );
        } else {
            assert!(hand.iter().all(|c| c.2), "another hand is face down");
        }
    }
    // The prikup: face down, or face up while the engine shows it.
    let prikup: Vec<_> = cards
        .iter()
        .filter(|c| matches!(c.0, CardPlace::Prikup(_)))
        .collect();
    if t.phase == Phase::Prikup {
        assert_eq!(prikup.len(), 3);
        assert!(prikup.iter().all(|c| c.1.is_some()));
    } else {
        assert_eq!(prikup.len(), obs.prikup_size as usize);
        assert!(prikup.iter().all(|c| c.2), "the prikup is face down");
    }
    // Piles of won tricks are face down and add up with the trick shown.
    let piles = cards
        .iter()
        .filter(|c| matches!(c.0, CardPlace::Pile { .. }))
        .count();
    let middle = cards
        .iter()
        .filter(|c| matches!(c.0, CardPlace::Trick(_)))
        .count();
    assert_eq!(piles + middle, t.tricks.len() * 3 + t.trick.len());
    // The other seats' cards: no face, no word anywhere.
    let mut secret = Hand::EMPTY;
    for s in Seat::all(3).filter(|s| *s != viewer) {
        secret = secret.union(m.observe(s).hand);
    }
    secret = secret.minus(obs.hand);
    for card in secret.iter() {
        assert!(
            !faces.contains(&card),
            "{card} of another hand has a face on the table"
        );
        assert!(
            !texts.iter().any(|t| *t == card.to_string()),
            "{card} of another hand is written on the table"
        );
    }
    // Nor in the move list the HUD shows, this hand (the moves after the
    // line that ended the last one: its last trick, then its result).
    let lines = m.log();
    let start = t
        .history
        .last()
        .map(veil::games::tysiac::hand_text)
        .and_then(|end| lines.iter().rposition(|l| l.ends_with(&end)))
        .map_or(0, |i| i + 1);
    let log = lines[start..].join("\n");
    // Each line tells its own move: the answers to the four nines are not
    // written as the declarer's second card again.
    assert!(
        log.matches("gives its second card").count() <= 1,
        "the second card is given once a hand: {log}"
    );
    for card in secret.iter() {
        assert!(
            !log.contains(&card.to_string()),
            "{card} of another hand is in the move list: {log}"
        );
    }
    for text in texts.iter().filter(|t| is_suit_text(t)) {
        let card: Card = text.parse().expect("card words are a card");
        assert!(faces.contains(&card), "{text} is written on a face");
    }
    // The HUD's memory is this observation, and the choices the viewer's.
    let view = world.resource::<veil::games::tysiac::ViewState>();
    assert_eq!(
        view.obs.as_ref(),
        Some(&obs),
        "the HUD shows the viewer's observation"
    );
    assert_eq!(view.scene.as_ref(), Some(&Scene::from_view(&obs)));
    let ui = world.resource::<TysiacUi>();
    for card in &ui.usable {
        assert!(obs.hand.contains(*card));
    }
    for a in &ui.choices {
        if let Action::Give { card, .. } | Action::Play { card, .. } = a {
            assert!(obs.hand.contains(*card));
        }
    }
}

#[derive(Default, Debug)]
struct Acted {
    bids: usize,
    passes: usize,
    declared: bool,
    gave: usize,
    raised: bool,
    played: usize,
    hints: usize,
}

/// The viewer (a human, to act) acts through the app's input: a click on a
/// card (`Command::Card`) or a choice of the panel (`Command::Choose`).
fn act(app: &mut App, rng: &mut GameRng, acted: &mut Acted) {
    let obs = observation(app).expect("a match");
    let before = version(app);
    let ui = app.world().resource::<TysiacUi>().clone();
    let t = &obs.table;
    match t.phase {
        Phase::Play | Phase::PassCards => {
            let usable: Vec<Card> = if t.phase == Phase::Play {
                obs.playable().iter().collect()
            } else {
                obs.hand.iter().collect()
            };
            assert_eq!(
                sorted(ui.usable.clone()),
                sorted(usable.clone()),
                "the cards a click may use are the legal ones"
            );
            assert!(ui.choices.is_empty(), "no choice before a card is picked");
            if t.phase == Phase::Play && acted.hints == 0 {
                ask_for_a_hint(app, &usable);
                acted.hints += 1;
            }
            let card = usable[rng.random_range(0..usable.len())];
            let fan = hand_heights(app);
            send(app, Command::Card(card.index() as u8));
            app.update();
            if version(app) == before {
                let ui = app.world().resource::<TysiacUi>().clone();
                assert_eq!(ui.selected, Some(card), "the card is picked");
                assert!(!ui.choices.is_empty());
                assert_stands_out(app, card, &fan);
                for a in &ui.choices {
                    match a {
                        Action::Give { card: c, to } => {
                            assert_eq!(*c, card);
                            assert_ne!(*to, obs.seat);
                            assert!(!t.given_to.contains(*to));
                        }
                        Action::Play { card: c, .. } => assert_eq!(*c, card),
                        other => panic!("{other:?} offered for a card"),
                    }
                }
                let i = rng.random_range(0..ui.choices.len());
                send(app, Command::Choose(i));
                app.update();
            }
            if t.phase == Phase::Play {
                acted.played += 1;
            } else {
                acted.gave += 1;
            }
        }
        phase => {
            let choices = ui.choices.clone();
            assert!(!choices.is_empty(), "choices are offered in {phase:?}");
            let i = match phase {
                Phase::Bidding => {
                    assert_eq!(choices[0], Action::Pass);
                    let marriage = obs.hand.marriages().next().is_some();
                    for a in &choices[1..] {
                        let Action::Bid(b) = a else {
                            panic!("{a:?} in the bidding")
                        };
                        assert!(*b > t.bid && b % t.options.bid_step == 0);
                        assert!(*b <= 120 || marriage, "above 120 only with a marriage");
                    }
                    if t.bid + t.options.bid_step <= 120 || marriage {
                        assert!(
                            choices.contains(&Action::Bid(t.bid + t.options.bid_step)),
                            "{choices:?} after {}",
                            t.bid
                        );
                    }
                    // Bid the least up to 120, then pass.
                    if t.bid + t.options.bid_step <= 120 {
                        acted.bids += 1;
                        1
                    } else {
                        acted.passes += 1;
                        0
                    }
                }
                Phase::Prikup => {
                    acted.declared = true;
                    choices
                        .iter()
                        .position(|a| *a == Action::TakePrikup)
                        .expect("the prikup can be taken")
                }
                Phase::Raise => {
                    acted.raised = true;
                    assert_eq!(choices[0], Action::Raise(t.bid), "the bid can be kept");
                    0
                }
                Phase::FourNines => choices
                    .iter()
                    .position(|a| *a == Action::PlayOn)
                    .expect("the hand can be played on"),
                _ => 0,
            };
            send(app, Command::Choose(i));
            app.update();
        }
    }
    assert_ne!(version(app), before, "the viewer's input acted");
}

/// The viewer's hand on the table: each card's entity, face and height.
fn hand_heights(app: &mut App) -> Vec<(Entity, Option<Card>, f32)> {
    let viewer = app.world().resource::<Viewer>().0;
    let world = app.world_mut();
    world
        .query::<(Entity, &TableCard, Option<&CardFace>, &Transform)>()
        .iter(world)
        .filter(|(_, t, _, _)| matches!(t.place, CardPlace::Hand { seat, .. } if seat == viewer.0))
        .map(|(e, _, f, at)| (e, f.map(|f| f.0), at.translation.y))
        .collect()
}

/// Issue 34, 9: the card picked stands out of the viewer's fan (it rose,
/// no other card moved), edged in gold, and no other card is.
fn assert_stands_out(app: &mut App, picked: Card, before: &[(Entity, Option<Card>, f32)]) {
    use veil::games::tysiac::{CardEdge, LIFT};
    use veil::kit::theme::GOLD;
    let after = hand_heights(app);
    let world = app.world_mut();
    let mut edges = world.query_filtered::<&Sprite, With<CardEdge>>();
    let gold: Vec<Entity> = world
        .query_filtered::<(Entity, &Children), With<TableCard>>()
        .iter(world)
        .filter(|(_, children)| {
            children
                .iter()
                .any(|c| edges.get(world, c).is_ok_and(|s| s.color == GOLD))
        })
        .map(|(e, _)| e)
        .collect();
    let chosen = after
        .iter()
        .find(|(_, c, _)| *c == Some(picked))
        .expect("the picked card is in the hand")
        .0;
    assert_eq!(gold, vec![chosen], "only the picked card is edged in gold");
    for (e, c, y) in &after {
        let was = before
            .iter()
            .find(|b| b.0 == *e)
            .expect("the hand was not drawn again")
            .2;
        let rose = if *e == chosen { LIFT } else { 0.0 };
        assert!(
            (y - was - rose).abs() < 0.5,
            "{c:?}: {was} → {y}, picked {picked}"
        );
    }
}

/// The hint button asks the computer, in slices, for a card the viewer may
/// play; asking changes nothing on the table.
fn ask_for_a_hint(app: &mut App, playable: &[Card]) {
    let before = version(app);
    send(app, Command::Hint);
    app.update();
    for _ in 0..2_000 {
        let m = app.world().resource::<Match<Tysiac>>();
        if !m.is_hinting() {
            break;
        }
        app.update();
    }
    let m = app.world().resource::<Match<Tysiac>>();
    assert!(!m.is_hinting(), "the hint search ends");
    match m.hint {
        Some(Action::Play { card, .. }) => {
            assert!(playable.contains(&card), "the hint {card} may be played")
        }
        other => panic!("the hint is a card to play, not {other:?}"),
    }
    assert_eq!(version(app), before, "a hint does not play");
    check_table(app);
}

/// Hands of the match in the test against the computers: a computer
/// declarer may give up at once (Rospisat'), or a seat may hold the four
/// nines and have the cards dealt again, so one hand alone need not be
/// played out.
const HANDS: u32 = 4;

/// The animations seen on the table during a match, by kind.
#[derive(Default, Debug)]
struct Moves {
    /// Frames with cards of a hand sliding in during the bidding (the deal).
    dealt: usize,
    /// Frames with a card of a hand sliding in after the bidding (the
    /// prikup taken, a card given).
    to_hands: usize,
    /// Frames with a card sliding to the trick, and to a pile.
    to_trick: usize,
    to_pile: usize,
    /// Frames with the prikup being turned over.
    turned: usize,
    /// Frames after a hand's last trick, before the next deal, with that
    /// trick still in the middle.
    last_trick_held: usize,
    /// The hand phases (Bevy state) in the order the app entered them.
    phases: Vec<HandPhase>,
}

fn note_moves(app: &mut App, moves: &mut Moves) {
    let Some(obs) = observation(app) else { return };
    if let Some(phase) = app.world().get_resource::<State<HandPhase>>() {
        if moves.phases.last() != Some(phase.get()) {
            moves.phases.push(*phase.get());
        }
    }
    let world = app.world_mut();
    let sliding: Vec<CardPlace> = world
        .query_filtered::<&TableCard, With<Slide>>()
        .iter(world)
        .map(|t| t.place)
        .collect();
    let turned = world
        .query_filtered::<&TableCard, With<TurnOver>>()
        .iter(world)
        .count();
    let hands = sliding.iter().any(|p| matches!(p, CardPlace::Hand { .. }));
    if hands && obs.table.phase == Phase::Bidding {
        moves.dealt += 1;
    } else if hands {
        moves.to_hands += 1;
    }
    moves.to_trick += usize::from(sliding.iter().any(|p| matches!(p, CardPlace::Trick(_))));
    moves.to_pile += usize::from(sliding.iter().any(|p| matches!(p, CardPlace::Pile { .. })));
    moves.turned += usize::from(turned > 0);
    // (A hand given up with Rospisat' has no last trick.)
    if let (Phase::Score, Some(last)) = (obs.table.phase, obs.table.tricks.last()) {
        let in_trick = world
            .query::<&TableCard>()
            .iter(world)
            .filter(|t| matches!(t.place, CardPlace::Trick(_)))
            .count();
        assert_eq!(
            in_trick, 3,
            "the last trick {:?} stays in the middle",
            last.cards
        );
        moves.last_trick_held += 1;
    }
}

/// South (a human, through the app's input) against two computers, checked
/// after every change; with animations, only once they have played.
fn against_computers(speed: AnimationSpeed) -> Moves {
    let mut app = app(speed);
    start_tysiac(
        &mut app,
        against_two(Level::Greedy),
        Options {
            hand_limit: HANDS,
            ..Options::default()
        },
        7,
    );
    let mut rng = GameRng::seed_from_u64(3);
    let mut acted = Acted::default();
    let mut moves = Moves::default();
    let mut last = None;
    let mut last_obs = None;
    // Each hand's calls as last seen before its score (keyed by the hands
    // scored before it).
    let mut calls: std::collections::BTreeMap<usize, Vec<Call>> = Default::default();
    let mut checks = 0;
    for _ in 0..60_000 {
        if screen(&app) == Screen::Results {
            break;
        }
        if let Some(o) = observation(&app) {
            if !o.table.calls.is_empty() && !matches!(o.table.phase, Phase::Score | Phase::Over) {
                calls.insert(o.table.history.len(), o.table.calls.clone());
            }
        }
        note_moves(&mut app, &mut moves);
        if version(&app) != last {
            app.update();
            check_table(&mut app);
            checks += 1;
            last = version(&app);
            last_obs = observation(&app).or(last_obs);
            note_moves(&mut app, &mut moves);
        }
        let phase = app
            .world()
            .get_resource::<State<PlayPhase>>()
            .map(|s| *s.get());
        let m = app.world().get_resource::<Match<Tysiac>>();
        let animating = app.world().resource::<Animating>().0;
        // The human acts once the app shows the hand's phase (a state,
        // derived a frame after the engine moves on).
        let shown = app
            .world()
            .get_resource::<State<HandPhase>>()
            .map(|s| *s.get());
        let caught_up =
            observation(&app).is_some_and(|o| shown == Some(HandPhase::of(o.table.phase)));
        if phase == Some(PlayPhase::HumanTurn)
            && !animating
            && caught_up
            && m.is_some_and(|m| m.to_act() == Some(Seat(0)))
        {
            act(&mut app, &mut rng, &mut acted);
            check_table(&mut app);
            checks += 1;
            last = version(&app);
            last_obs = observation(&app).or(last_obs);
            continue;
        }
        app.update();
    }
    let history = last_obs.expect("the match was seen").table.history;
    let played_out = history
        .iter()
        .filter(|h| matches!(h.end, HandEnd::Made | HandEnd::Failed))
        .count();
    eprintln!(
        "tysiac against the computers ({speed:?}): {acted:?}, {moves:?}, {checks} checks, {} hands, {played_out} played out",
        history.len()
    );
    assert_eq!(screen(&app), Screen::Results, "the match ended");
    assert_eq!(history.len(), HANDS as usize, "every hand was scored");
    let result = app.world().resource::<MatchResult>().clone();
    eprintln!("{} ({})", result.headline, result.reason);
    assert!(
        result.reason.contains("South"),
        "the final scores are shown"
    );
    assert!(result.seats.iter().any(|s| s.2), "someone won");
    assert!(played_out > 0, "a hand was played out");
    assert_eq!(
        acted.played,
        8 * played_out,
        "the human played its eight cards in every hand played out ({acted:?})"
    );
    // The human bid whenever the bidding came to it: in a hand it opened
    // with the forced 100 and both others passed, it never did.
    assert_eq!(calls.len(), HANDS as usize, "every hand's bidding was seen");
    let south_calls: usize = calls
        .values()
        .map(|c| c[1..].iter().filter(|c| c.seat == Seat(0)).count())
        .sum();
    assert!(acted.bids + acted.passes > 0, "the human bid");
    assert_eq!(
        acted.bids + acted.passes,
        south_calls,
        "every call the human made reached the table: {calls:?}"
    );
    for (hand, c) in &calls {
        let skipped = c[0].seat == Seat(0) && c[1..].iter().all(|c| c.bid.is_none());
        assert!(
            skipped || c[1..].iter().any(|c| c.seat == Seat(0)),
            "hand {hand}: the human was asked to bid ({c:?})"
        );
    }
    assert!(
        acted.declared && acted.gave >= 2 && acted.raised,
        "the human declared"
    );
    assert!(acted.hints > 0, "the human asked for a hint");
    // The hand phases are Bevy states that follow the engine: a hand
    // played out passes through them in the rules' order.
    let order = [
        HandPhase(Phase::Bidding),
        HandPhase(Phase::Prikup),
        HandPhase(Phase::PassCards),
        HandPhase(Phase::Raise),
        HandPhase(Phase::Play),
        HandPhase(Phase::Score),
        HandPhase(Phase::Bidding),
    ];
    let mut next = 0;
    for p in &moves.phases {
        if next < order.len() && *p == order[next] {
            next += 1;
        }
    }
    assert_eq!(next, order.len(), "hand phases entered: {:?}", moves.phases);
    // Each hand that ended with another to come was heard (win or lose).
    let cues = &app.world().resource::<CueLog>().0;
    let ends = cues
        .iter()
        .filter(|c| matches!(c, Cue::Win | Cue::Lose))
        .count();
    assert!(
        ends >= HANDS as usize,
        "a sound for every hand's end: {ends}"
    );
    assert!(checks > 20 * played_out);
    moves
}

#[test]
pub(super) fn a_hand_against_two_computers_from_title_to_results() {
    let moves = against_computers(AnimationSpeed::Off);
    let none = (
        moves.dealt,
        moves.to_hands,
        moves.to_trick,
        moves.to_pile,
        moves.turned,
    );
    assert_eq!(none, (0, 0, 0, 0, 0), "no animation when they are off");
}

#[test]
fn the_deal_the_prikup_and_the_tricks_are_animated() {
    let moves = against_computers(AnimationSpeed::Fast);
    assert!(moves.dealt > 10, "the cards are dealt one by one");
    assert!(
        moves.turned > 4 * 10,
        "the prikup is turned over, for a while"
    );
    assert!(
        moves.to_hands > 3,
        "the prikup and the given cards change hands"
    );
    assert!(moves.to_trick > 8 * 3, "cards fly to the trick");
    assert!(moves.to_pile > 7, "tricks fly to the winner's pile");
    // 8 animation steps of 0.15 s at 60 frames a second, for every hand
    // played out.
    assert!(
        moves.last_trick_held >= 60,
        "the last trick stays before the next deal: {moves:?}"
    );
}

#[test]
fn hot_seat_hand_shows_one_hand_at_a_time() {
    let mut app = app(AnimationSpeed::Off);
    start_tysiac(
        &mut app,
        vec![SeatKind::Human, SeatKind::Human, SeatKind::Human],
        Options::one_hand(),
        21,
    );
    let mut rng = GameRng::seed_from_u64(5);
    let mut acted = Acted::default();
    let mut privacy_screens = 0;
    // The device starts with South, who set the match up: unless South
    // bids first, it goes to the first bidder behind a privacy screen.
    let first = app
        .world()
        .resource::<Match<Tysiac>>()
        .to_act()
        .expect("a seat bids first");
    assert_eq!(
        app.world().resource::<PrivacyPending>().0,
        (first != Seat(0)).then_some(first),
        "a privacy screen before the first bidder's turn"
    );
    let mut seat_changes = usize::from(first != Seat(0));
    for _ in 0..3000 {
        if screen(&app) != Screen::Play {
            break;
        }
        if let Some(next) = app.world().resource::<PrivacyPending>().0 {
            privacy_screens += 1;
            app.update();
            assert_eq!(app.world().resource::<PrivacyPending>().0, Some(next));
            assert_eq!(
                *app.world().resource::<State<PlayPhase>>().get(),
                PlayPhase::PassDevice
            );
            check_table(&mut app);
            key(&mut app, KeyCode::Enter, Key::Enter);
            assert_eq!(app.world().resource::<Viewer>().0, next);
            assert!(app.world().resource::<PrivacyPending>().0.is_none());
            check_table(&mut app);
            continue;
        }
        let Some(m) = app.world().get_resource::<Match<Tysiac>>() else {
            app.update();
            continue;
        };
        let viewer = app.world().resource::<Viewer>().0;
        let Some(seat) = m.to_act() else {
            app.update();
            continue;
        };
        assert_eq!(seat, viewer, "hot-seat shows the seat to act");
        if *app.world().resource::<State<PlayPhase>>().get() != PlayPhase::HumanTurn {
            app.update();
            continue;
        }
        act(&mut app, &mut rng, &mut acted);
        check_table(&mut app);
        app.update();
        check_table(&mut app);
        let Some(m) = app.world().get_resource::<Match<Tysiac>>() else {
            continue;
        };
        if let Some(next) = m.to_act() {
            if next != viewer {
                seat_changes += 1;
                assert_eq!(
                    app.world().resource::<PrivacyPending>().0,
                    Some(next),
                    "a privacy screen before {next}'s turn"
                );
            }
        }
    }
    eprintln!("tysiac hot-seat: {acted:?}, {privacy_screens} privacy screens");
    assert!(seat_changes > 10, "the seats took turns ({seat_changes})");
    assert_eq!(
        privacy_screens, seat_changes,
        "one privacy screen per change of seat"
    );
    assert!(acted.declared && acted.raised, "a seat declared");
    assert_eq!(acted.played, 24, "all the cards were played");
    for _ in 0..400 {
        if screen(&app) == Screen::Results {
            break;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::Results);
}

/// The control of the pip check: a pip planted on a card shown face down
/// is caught.
#[test]
fn a_pip_on_a_face_down_card_is_caught() {
    let mut app = app(AnimationSpeed::Off);
    start_tysiac(&mut app, against_two(Level::Easy), Options::default(), 3);
    for _ in 0..5 {
        app.update();
    }
    check_table(&mut app);
    let world = app.world_mut();
    let back = world
        .query_filtered::<Entity, With<CardBack>>()
        .iter(world)
        .next()
        .expect("the others' cards lie face down");
    let pip = world.spawn(veil::games::tysiac::CardMark).id();
    world.entity_mut(back).add_child(pip);
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check_table(&mut app)));
    assert!(caught.is_err(), "the check finds the planted pip");
}

/// Whether South is dealt all four nines in the match of this seed.
fn south_dealt_the_nines(seed: u64) -> bool {
    let m = veil_match::Match::<Tysiac>::new(
        Options::one_hand(),
        vec![SeatKind::Human; 3],
        veil_match::Seeds::fixed(seed, 3),
        Duration::from_millis(60),
    );
    m.observe(Seat(0))
        .hand
        .iter()
        .filter(|c| c.rank() == veil_tysiac::Rank::Nine)
        .count()
        == 4
}

/// South's part of a hand, kept simple: pass (or the forced bid), take
/// the prikup, give away cards that are not nines, keep the bid. Returns
/// false when there was nothing to do.
fn south_plays_simply(app: &mut App) -> bool {
    let Some(obs) = observation(app) else {
        return false;
    };
    let ui = app.world().resource::<TysiacUi>().clone();
    match obs.table.phase {
        Phase::PassCards => {
            let card = *ui
                .usable
                .iter()
                .find(|c| c.rank() != veil_tysiac::Rank::Nine)
                .expect("a card that is not a nine");
            send(app, Command::Card(card.index() as u8));
            send(app, Command::Choose(0));
        }
        Phase::Bidding | Phase::Prikup | Phase::Raise => {
            let i = ui
                .choices
                .iter()
                .position(|a| matches!(a, Action::Pass | Action::TakePrikup))
                .unwrap_or(0);
            send(app, Command::Choose(i));
        }
        _ => return false,
    }
    true
}

/// Frames from the moment South is asked the four nines until its answer
/// is in, with nothing pressed; and whether South could deal again. None
/// when the hand ended before the question (a Rospisat').
fn four_nines_wait(seed: u64) -> Option<(u32, bool)> {
    let mut app = app(AnimationSpeed::Off);
    start_tysiac(
        &mut app,
        against_two(Level::Greedy),
        Options::one_hand(),
        seed,
    );
    let mut asked: Option<(u32, bool)> = None;
    for _ in 0..5_000 {
        let human_turn = *app.world().resource::<State<PlayPhase>>().get() == PlayPhase::HumanTurn;
        let Some(obs) = observation(&app) else {
            return None;
        };
        let south = human_turn
            && app.world().resource::<Match<Tysiac>>().to_act() == Some(Seat(0))
            && !app.world().resource::<Animating>().0;
        if obs.table.phase == Phase::FourNines {
            if let Some((frames, holder)) = asked.as_mut() {
                if !south && app.world().resource::<Match<Tysiac>>().to_act() != Some(Seat(0)) {
                    return Some((*frames, *holder));
                }
                *frames += 1;
                let ui = app.world().resource::<TysiacUi>();
                *holder |= ui.choices.contains(&Action::Redeal);
            } else if south {
                asked = Some((0, false));
            }
        } else if asked.is_some() {
            return asked;
        } else if south && south_plays_simply(&mut app) {
            continue;
        }
        app.update();
    }
    panic!(
        "South was never asked the four nines (seed {seed}), or never answered: {:?}",
        app.world()
            .get_resource::<Match<Tysiac>>()
            .map(|m| m.log().to_vec())
    );
}

/// Issue 34, 9: the four nines ask nothing of a person. The hand plays on
/// by itself after `NINES_WAIT`, and after the same wait whether South
/// holds the nines or not: answering at another moment than a player
/// without them could would tell who holds them.
#[test]
fn the_four_nines_play_on_by_themselves_after_one_wait_for_all() {
    use veil::games::tysiac::NINES_WAIT;
    let (holding, could_redeal) = (0..20_000)
        .filter(|s| south_dealt_the_nines(*s))
        .find_map(four_nines_wait)
        .expect("a deal with the four nines for South");
    let (not_holding, could_not) = (0..20_000)
        .filter(|s| !south_dealt_the_nines(*s))
        .find_map(four_nines_wait)
        .expect("a deal without");
    assert!(could_redeal, "the holder is offered the redeal");
    assert!(!could_not, "the others are not");
    let expected = (NINES_WAIT / 0.016).round() as i64;
    for frames in [holding, not_holding] {
        assert!(
            (frames as i64 - expected).abs() <= 3,
            "played on after {frames} frames; the wait is {expected}"
        );
    }
    assert!(
        (holding as i64 - not_holding as i64).abs() <= 1,
        "the same wait for the holder ({holding} frames) and the others ({not_holding})"
    );
}

/// Issue 34, 9: a window 800 wide starts with the side panel folded; the
/// calls are then on the table, between the trick and the hand and inside
/// the window; and the declarer's contract painted beside its name stays
/// on the table.
#[test]
fn with_the_panel_folded_the_calls_are_on_the_table() {
    use bevy_egui::{EguiContext, egui};
    let mut app = super::look::app_sized(800.0, 600.0);
    start_tysiac(
        &mut app,
        against_two(Level::Greedy),
        Options::one_hand(),
        11,
    );
    let calls_box = |app: &mut App| -> Vec<egui::Rect> {
        let world = app.world_mut();
        let mut q = world.query::<&mut EguiContext>();
        let mut ctx = q.single_mut(world).expect("an egui context");
        let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::new("tysiac-folded-calls"));
        ctx.get_mut()
            .viewport(|v| v.prev_pass.widgets.clone())
            .layers()
            .filter(|(l, _)| **l == layer)
            .flat_map(|(_, rects)| rects.iter().map(|w| w.rect).collect::<Vec<_>>())
            .collect()
    };
    let mut seen_bid = false;
    let mut seen_declarer = false;
    for _ in 0..5_000 {
        let Some(obs) = observation(&app) else { break };
        let south = *app.world().resource::<State<PlayPhase>>().get() == PlayPhase::HumanTurn
            && app.world().resource::<Match<Tysiac>>().to_act() == Some(Seat(0))
            && !app.world().resource::<Animating>().0;
        if obs.table.declarer.is_some() && obs.table.phase != Phase::Prikup {
            seen_declarer = true;
            app.update();
            let words = super::look::words_past_the_table(&mut app);
            assert!(words.is_empty(), "painted past the table: {words:?}");
            break;
        }
        if south && obs.table.phase == Phase::Bidding && !seen_bid {
            app.update();
            app.update();
            let rects = calls_box(&mut app);
            assert!(
                rects.len() >= 4,
                "the stepper, the call and the pass are on the table: {rects:?}"
            );
            for r in &rects {
                assert!(
                    r.min.x >= 0.0 && r.max.x <= 800.0 && r.min.y >= 0.0 && r.max.y <= 600.0,
                    "inside the window: {r:?}"
                );
            }
            seen_bid = true;
            // The stepper's Enter calls the bid shown, panel or not.
            key(&mut app, KeyCode::Enter, Key::Enter);
            continue;
        }
        if south && south_plays_simply(&mut app) {
            continue;
        }
        app.update();
    }
    assert!(
        seen_bid && seen_declarer,
        "South bid, and somebody declared"
    );
}
