//! Writing games as PGN: the tag pairs, the movetext wrapped at 80 columns,
//! comments, and the result.
//!
//! ```
//! use veil_chess::pgn::{Pgn, PgnResult};
//!
//! let pgn = Pgn {
//!     tags: vec![("Event".into(), "Casual \"game\"".into())],
//!     moves: vec![("e4".into(), None), ("e5".into(), Some("a reply".into()))],
//!     closing_comments: vec!["Secrets: none.".into()],
//!     result: PgnResult::Draw,
//! };
//! assert_eq!(
//!     pgn.write(),
//!     "[Event \"Casual \\\"game\\\"\"]\n\n1. e4 e5 {a reply} {Secrets: none.} 1/2-1/2\n"
//! );
//! ```

/// How a game ended, as PGN's result token says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Unfinished, or neither side won (both lost).
    Unknown,
}

impl PgnResult {
    pub fn token(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }
}

/// A game to write as PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pgn {
    /// Tag pairs in order (the caller puts the Seven Tag Roster first).
    pub tags: Vec<(String, String)>,
    /// Each move in SAN, with an optional comment after it.
    pub moves: Vec<(String, Option<String>)>,
    /// Comments after the last move (before the result).
    pub closing_comments: Vec<String>,
    pub result: PgnResult,
}

impl Pgn {
    /// The PGN text: tags, a blank line, the movetext wrapped at 80 columns.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        out.push('\n');
        let mut tokens = Vec::new();
        for (i, (san, comment)) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                tokens.push(format!("{}.", i / 2 + 1));
            }
            tokens.push(san.clone());
            if let Some(c) = comment {
                tokens.push(comment_token(c));
            }
        }
        tokens.extend(self.closing_comments.iter().map(|c| comment_token(c)));
        tokens.push(self.result.token().to_owned());
        push_movetext(&mut out, tokens);
        out
    }
}

/// Appends the movetext `tokens` in lines of at most 80 characters, as the
/// export format asks, ending with a line break.
pub(crate) fn push_movetext(out: &mut String, tokens: impl IntoIterator<Item = String>) {
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
}

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `{comment}`; a `}` inside would end it early, so it is dropped.
fn comment_token(comment: &str) -> String {
    format!("{{{}}}", comment.replace('}', ""))
}

/// PGN's date (`2026.11.23`, UTC) of a time in seconds since 1970;
/// `????.??.??` for 0 (an unknown time).
pub fn date(unix_seconds: u64) -> String {
    if unix_seconds == 0 {
        return "????.??.??".to_owned();
    }
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = (unix_seconds / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date(0), "????.??.??");
        assert_eq!(date(86_400), "1970.01.02");
        assert_eq!(date(951_782_400), "2000.02.29");
        assert_eq!(date(1_795_392_000), "2026.11.23");
    }

    #[test]
    fn movetext_wraps_at_80_columns_and_numbers_moves() {
        let pgn = Pgn {
            tags: vec![],
            moves: (0..40).map(|i| (format!("N{i}"), None)).collect(),
            closing_comments: vec!["done }".into()],
            result: PgnResult::WhiteWins,
        };
        let text = pgn.write();
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.contains("1. N0 N1 2. N2"));
        assert!(text.contains("20. N38 N39"));
        assert!(text.trim_end().ends_with("{done } 1-0"));
    }
}
