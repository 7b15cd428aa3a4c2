//! A small argument reader: `--name value` pairs after a subcommand, with
//! errors that say which argument was wrong. (Two subcommands do not justify
//! a parser dependency and its compile time.)

use std::collections::BTreeMap;

pub struct Args {
    pub positional: Vec<String>,
    flags: BTreeMap<String, String>,
}

impl Args {
    /// Reads `--flag value` pairs; `allowed` names every flag the subcommand knows.
    pub fn parse(raw: &[String], allowed: &[&str]) -> Result<Args, String> {
        let mut positional = Vec::new();
        let mut flags = BTreeMap::new();
        let mut iter = raw.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = arg.strip_prefix("--") {
                let (name, value) = match name.split_once('=') {
                    Some((n, v)) => (n.to_owned(), v.to_owned()),
                    None => {
                        let value = iter.next().ok_or(format!("--{name} needs a value"))?;
                        (name.to_owned(), value.clone())
                    }
                };
                if !allowed.contains(&name.as_str()) {
                    return Err(format!(
                        "unknown option --{name} (known: --{})",
                        allowed.join(", --")
                    ));
                }
                if flags.insert(name.clone(), value).is_some() {
                    return Err(format!("--{name} is given twice"));
                }
            } else {
                positional.push(arg.clone());
            }
        }
        Ok(Args { positional, flags })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.flags.get(name).map(String::as_str)
    }

    pub fn number<T: std::str::FromStr>(
        &self,
        name: &str,
        default: Option<T>,
    ) -> Result<T, String> {
        match self.get(name) {
            Some(text) => text
                .parse()
                .map_err(|_| format!("--{name} must be a whole number, not {text:?}")),
            None => default.ok_or(format!("--{name} is required")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn reads_flags_and_positionals() {
        let args = Args::parse(
            &strings(&["xiangqi", "--depth", "3", "--fen=abc"]),
            &["depth", "fen"],
        )
        .unwrap();
        assert_eq!(args.positional, vec!["xiangqi"]);
        assert_eq!(args.number::<u32>("depth", None).unwrap(), 3);
        assert_eq!(args.get("fen"), Some("abc"));
    }

    #[test]
    fn rejects_bad_flags() {
        assert!(Args::parse(&strings(&["--what", "1"]), &["depth"]).is_err());
        assert!(Args::parse(&strings(&["--depth"]), &["depth"]).is_err());
        assert!(Args::parse(&strings(&["--depth", "1", "--depth", "2"]), &["depth"]).is_err());
        let args = Args::parse(&strings(&["--depth", "x"]), &["depth"]).unwrap();
        assert!(args.number::<u32>("depth", None).is_err());
        assert!(args.number::<u32>("games", None).is_err());
    }
}
