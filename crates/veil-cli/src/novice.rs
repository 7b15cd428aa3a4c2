//! `veil-cli novice`: Skelly's computer levels against a model of a new
//! player ([`veil_skelly::testing::Novice`]), in two-cap games with fixed
//! seeds, who starts alternating. Beginner (Easy) should win about half.

use std::time::Instant;

use serde_json::json;
use veil_ai::Level;
use veil_skelly::testing::{Flicker, Novice, duel};

use crate::args::Args;

pub const FLAGS: &[&str] = &["levels", "games", "seed", "angle-sd", "strength-sd"];

pub fn command(args: &Args) -> Result<(), String> {
    let levels = args
        .get("levels")
        .unwrap_or("easy,normal,hard")
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<Level>()
                .map_err(|_| format!("unknown level {s:?}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let games: u32 = args.number("games", Some(400))?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let seed: u64 = args.number("seed", Some(1))?;
    let decimal = |name: &str, default: f64| -> Result<f64, String> {
        match args.get(name) {
            None => Ok(default),
            Some(t) => t
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or(format!("--{name} must be a number ≥ 0, not {t:?}")),
        }
    };
    let novice = Novice {
        angle_sd_degrees: decimal("angle-sd", Novice::NEW_PLAYER.angle_sd_degrees)?,
        strength_sd: decimal("strength-sd", Novice::NEW_PLAYER.strength_sd)?,
    };
    let mut text = format!(
        "novice: angle sd {}°, strength sd {}%; {games} two-cap games a level, seed {seed}, who starts alternating\n",
        novice.angle_sd_degrees,
        (novice.strength_sd * 1000.0).round() / 10.0
    );
    let mut rows = Vec::new();
    for level in levels {
        let started = Instant::now();
        let f = duel(
            Flicker::Computer(level),
            Flicker::Novice(novice),
            games,
            seed,
        );
        // Rounded once, so the text and the JSON agree.
        let thousandths = |x: f64| (x * 1000.0).round() / 1000.0;
        let share = thousandths(f.share());
        let (lo, hi) = f.interval95();
        let (lo, hi) = (thousandths(lo), thousandths(hi));
        let mean_shots = (f.mean_shots() * 10.0).round() / 10.0;
        let line = format!(
            "{level} against the novice: {} won, {} drawn, {} lost: share {:.3} (95%: {:.3}–{:.3}); {:.1} shots a game, {} at the shot limit",
            f.wins, f.draws, f.losses, share, lo, hi, mean_shots, f.at_limit,
        );
        eprintln!(
            "{level}: {games} games in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        text.push_str(&line);
        text.push('\n');
        rows.push(json!({
            "level": level.to_string(),
            "wins": f.wins,
            "draws": f.draws,
            "losses": f.losses,
            "share": share,
            "interval95": [lo, hi],
            "mean_shots": mean_shots,
            "at_shot_limit": f.at_limit,
        }));
    }
    let summary = json!({
        "games": games,
        "seed": seed,
        "novice": {
            "angle_sd_degrees": novice.angle_sd_degrees,
            "strength_sd": novice.strength_sd,
        },
        "levels": rows,
    });
    text.push_str(&format!("{summary}\n"));
    crate::say(&text);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Args {
        let raw: Vec<String> = s.iter().map(|x| x.to_string()).collect();
        Args::parse(&raw, FLAGS).unwrap()
    }

    #[test]
    fn novice_plays_and_refuses_bad_numbers() {
        assert!(command(&args(&["--levels", "easy", "--games", "2"])).is_ok());
        assert!(command(&args(&["--levels", "easiest"])).is_err());
        assert!(command(&args(&["--games", "0"])).is_err());
        assert!(command(&args(&["--angle-sd", "-1"])).is_err());
    }
}
