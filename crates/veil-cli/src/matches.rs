//! `veil-cli match`: computer-against-computer games with per-seat figures.

use std::fmt::Write as _;

use serde::Serialize;
use veil_ai::{Level, arena};
use veil_core::{Game, Outcome};
use web_time::Duration;

/// What a match is asked to do.
pub struct MatchSpec {
    pub levels: Vec<Level>,
    pub games: u32,
    pub seed: u64,
    pub think_limit: Option<Duration>,
    /// Duplicate deals: each deal (chance's seed) is played once in every
    /// seating, so the luck of the cards falls alike on every entry and a
    /// match tells levels apart in fewer games.
    pub duplicate: bool,
}

/// One entry of `--seats`: the figures of that level over every game, in
/// whichever seat it sat.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SeatFigures {
    pub level: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub mean_think_ms: f64,
    #[serde(skip)]
    think_total: Duration,
    #[serde(skip)]
    moves: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchFigures {
    pub game: &'static str,
    pub games: u32,
    pub seats: Vec<SeatFigures>,
    /// With three seats or more, one entry against another: a game's sole
    /// winner says little of how the other two did, so each pair of
    /// `--seats` entries is also scored by their ranks in every game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<PairFigures>,
}

/// Entry `first` against entry `second` of `--seats` over a match: in how
/// many games each finished ahead of the other, and how many level.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PairFigures {
    pub first: usize,
    pub second: usize,
    pub ahead: u32,
    pub level: u32,
    pub behind: u32,
}

impl PairFigures {
    /// `first`'s share of the games the pair did not finish level, in %.
    pub fn share(&self) -> f64 {
        let decided = self.ahead + self.behind;
        if decided == 0 {
            0.0
        } else {
            100.0 * f64::from(self.ahead) / f64::from(decided)
        }
    }
}

/// Game-specific figures a match also reports (mean guesses per game, the
/// declarer's success rate…), collected from each finished game.
pub trait Extras<G: Game> {
    fn record(&mut self, result: &arena::MatchResult<G>, entry_of_seat: &[usize]);
    /// Extra lines for the human-readable report and extra JSON fields.
    fn report(&self) -> (String, serde_json::Map<String, serde_json::Value>);
}

/// No extra figures.
pub struct NoExtras;

impl<G: Game> Extras<G> for NoExtras {
    fn record(&mut self, _: &arena::MatchResult<G>, _: &[usize]) {}
    fn report(&self) -> (String, serde_json::Map<String, serde_json::Value>) {
        (String::new(), serde_json::Map::new())
    }
}

/// Which `--seats` entry sits in each seat in game `index`: the entries
/// rotate one seat per game, so no level always moves first.
pub fn seating(entries: usize, index: u32) -> Vec<usize> {
    (0..entries)
        .map(|seat| (seat + index as usize) % entries)
        .collect()
}

/// Game `index`'s deal (added to the match's seed for chance and the
/// computers) and seating: one deal a game, or with `duplicate` one deal
/// per `entries` games, played in each seating in turn.
pub fn schedule(entries: usize, index: u32, duplicate: bool) -> (u32, Vec<usize>) {
    let n = entries.max(1) as u32;
    if duplicate {
        (index / n, seating(entries, index % n))
    } else {
        (index, seating(entries, index))
    }
}

/// Plays the match and returns the human-readable report, ending with one
/// JSON line of the same figures. `progress` hears of every game as it
/// ends, with the figures so far (a match stopped early still tells them). Each seat decides with `chooser` (the
/// generic search, [`veil_ai::choose`], or the game's own player).
pub fn run_with<G: Game>(
    options: &G::Options,
    spec: &MatchSpec,
    extras: &mut dyn Extras<G>,
    mut progress: impl FnMut(u32, &Outcome, &[SeatFigures]),
    mut chooser: impl arena::Chooser<G>,
) -> Result<String, String> {
    let n = spec.levels.len();
    let mut figures: Vec<SeatFigures> = spec
        .levels
        .iter()
        .map(|level| SeatFigures {
            level: level.to_string(),
            ..Default::default()
        })
        .collect();
    let mut pairs: Vec<PairFigures> = if n >= 3 {
        (0..n)
            .flat_map(|first| {
                (first + 1..n).map(move |second| PairFigures {
                    first,
                    second,
                    ..Default::default()
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    if spec.duplicate && spec.games % n as u32 != 0 {
        return Err(format!(
            "duplicate deals are played once in each of the {n} seatings: --games {} is not a multiple of {n}",
            spec.games
        ));
    }
    for index in 0..spec.games {
        let (deal, entry_of_seat) = schedule(n, index, spec.duplicate);
        let levels: Vec<Level> = entry_of_seat.iter().map(|e| spec.levels[*e]).collect();
        let seed = spec.seed.wrapping_add(u64::from(deal));
        let result =
            arena::play_match_with::<G>(options, &levels, seed, spec.think_limit, &mut chooser)
                .map_err(|e| e.to_string())?;
        let outcome = &result.outcome;
        let sole_winner = outcome.ranks.iter().filter(|r| **r == 0).count() == 1;
        for (seat, entry) in entry_of_seat.iter().enumerate() {
            let f = &mut figures[*entry];
            match (outcome.ranks[seat], sole_winner) {
                (0, true) => f.wins += 1,
                (0, false) => f.draws += 1,
                _ => f.losses += 1,
            }
            f.think_total += result.think[seat].total;
            f.moves += result.think[seat].moves;
        }
        let rank_of = |entry: usize| {
            let seat = entry_of_seat
                .iter()
                .position(|e| *e == entry)
                .expect("seated");
            outcome.ranks[seat]
        };
        for p in &mut pairs {
            match rank_of(p.first).cmp(&rank_of(p.second)) {
                std::cmp::Ordering::Less => p.ahead += 1,
                std::cmp::Ordering::Equal => p.level += 1,
                std::cmp::Ordering::Greater => p.behind += 1,
            }
        }
        extras.record(&result, &entry_of_seat);
        for f in &mut figures {
            f.mean_think_ms = if f.moves == 0 {
                0.0
            } else {
                (f.think_total.as_secs_f64() * 1000.0 / f64::from(f.moves) * 10.0).round() / 10.0
            };
        }
        progress(index, outcome, &figures);
    }
    let summary = MatchFigures {
        game: G::ID,
        games: spec.games,
        seats: figures,
        pairs,
    };
    let mut text = String::new();
    for (i, f) in summary.seats.iter().enumerate() {
        let _ = writeln!(
            text,
            "seat {i} ({}): {} wins, {} draws, {} losses, {:.1} ms per move",
            f.level, f.wins, f.draws, f.losses, f.mean_think_ms
        );
    }
    for p in &summary.pairs {
        let _ = writeln!(
            text,
            "seat {} ({}) against seat {} ({}): ahead in {}, level in {}, behind in {} ({:.1} % of the games not level)",
            p.first,
            summary.seats[p.first].level,
            p.second,
            summary.seats[p.second].level,
            p.ahead,
            p.level,
            p.behind,
            p.share()
        );
    }
    let (extra_text, extra_json) = extras.report();
    text.push_str(&extra_text);
    let mut json = serde_json::to_value(&summary).expect("figures serialise");
    if let serde_json::Value::Object(map) = &mut json {
        map.extend(extra_json);
    }
    let _ = writeln!(text, "{json}");
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use veil_core::testing::Pig;

    #[test]
    fn seats_rotate() {
        assert_eq!(seating(2, 0), vec![0, 1]);
        assert_eq!(seating(2, 1), vec![1, 0]);
        assert_eq!(seating(3, 1), vec![1, 2, 0]);
    }

    #[test]
    fn duplicate_deals_are_played_in_every_seating() {
        let games: Vec<_> = (0..6).map(|i| schedule(3, i, true)).collect();
        assert_eq!(games[0], (0, vec![0, 1, 2]));
        assert_eq!(games[1], (0, vec![1, 2, 0]));
        assert_eq!(games[2], (0, vec![2, 0, 1]));
        assert_eq!(games[3], (1, vec![0, 1, 2]));
        // Without: a deal a game.
        assert_eq!(schedule(3, 4, false), (4, vec![1, 2, 0]));
        // A deal is played in every seating or not at all.
        let spec = MatchSpec {
            levels: vec![Level::Random, Level::Random],
            games: 3,
            seed: 5,
            think_limit: None,
            duplicate: true,
        };
        let refused = run_with::<Pig>(
            &Default::default(),
            &spec,
            &mut NoExtras,
            |_, _, _| {},
            veil_ai::choose::<Pig>,
        );
        assert!(refused.unwrap_err().contains("not a multiple of 2"));
    }

    #[test]
    fn a_match_reports_every_game_once_per_seat() {
        let spec = MatchSpec {
            levels: vec![Level::Easy, Level::Random],
            games: 6,
            seed: 3,
            think_limit: None,
            duplicate: false,
        };
        let mut seen = 0;
        let text = run_with::<Pig>(
            &Default::default(),
            &spec,
            &mut NoExtras,
            |_, _, _| seen += 1,
            veil_ai::choose::<Pig>,
        )
        .unwrap();
        assert_eq!(seen, 6);
        let json: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(json["game"], "pig");
        assert_eq!(json["games"], 6);
        let seats = json["seats"].as_array().unwrap();
        assert_eq!(seats[0]["level"], "easy");
        for seat in seats {
            let total = seat["wins"].as_u64().unwrap()
                + seat["draws"].as_u64().unwrap()
                + seat["losses"].as_u64().unwrap();
            assert_eq!(total, 6);
        }
        // Pig has no draws before the turn limit, so the wins add up to the games.
        let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
        assert_eq!(wins, 6);
    }

    /// The report of a Pig match between `levels`.
    fn pig_match(levels: &[Level], games: u32, seed: u64) -> String {
        let spec = MatchSpec {
            levels: levels.to_vec(),
            games,
            seed,
            think_limit: None,
            duplicate: false,
        };
        run_with::<Pig>(
            &Default::default(),
            &spec,
            &mut NoExtras,
            |_, _, _| {},
            veil_ai::choose::<Pig>,
        )
        .unwrap()
    }

    #[test]
    fn three_seats_are_also_scored_pair_by_pair_from_their_ranks() {
        let text = pig_match(&[Level::Easy, Level::Random, Level::Random], 9, 5);
        let json: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        let wins = |e: usize| json["seats"][e]["wins"].as_u64().unwrap();
        let pairs = json["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), 3);
        // Pig ranks its sole winner first and the rest level behind it, so
        // an entry is ahead of another exactly when it won.
        for p in pairs {
            let (a, b) = (p["first"].as_u64().unwrap(), p["second"].as_u64().unwrap());
            assert!(a < b);
            assert_eq!(p["ahead"].as_u64().unwrap(), wins(a as usize));
            assert_eq!(p["behind"].as_u64().unwrap(), wins(b as usize));
            let total = ["ahead", "level", "behind"]
                .iter()
                .map(|k| p[k].as_u64().unwrap())
                .sum::<u64>();
            assert_eq!(total, 9);
        }
        assert!(text.contains("seat 0 (easy) against seat 1 (random): ahead in"));
    }

    #[test]
    fn two_seats_have_no_pair_figures() {
        let text = pig_match(&[Level::Easy, Level::Random], 2, 1);
        assert!(!text.contains("against seat"));
        assert!(!text.lines().last().unwrap().contains("pairs"));
    }
}
