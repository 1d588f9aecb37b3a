//! Sweeps as files: a manifest is JSON Lines, one run per line —
//! `{"id": "nav#seed=3", "world": "worlds/nav.wbt", "seed": 3, "until": 20, "env": {"GAIN": "0.5"}}` —
//! where only `world` is required. Relative world paths are taken from the current folder, as on the
//! command line. `webots-shim manifest` writes one from worlds and a seed list.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// One run of a suite: a world, with the seed, end time and controller environment it runs with.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSpec {
    /// Names the run in reports: the world as written for a world list, the manifest's id otherwise.
    pub id: String,
    pub world: PathBuf,
    pub seed: Option<i32>,
    /// This run's `--until`, instead of the suite's.
    pub until: Option<f64>,
    pub env: BTreeMap<String, String>,
}

impl RunSpec {
    pub fn world(path: PathBuf) -> RunSpec {
        RunSpec { id: path.display().to_string(), world: path, seed: None, until: None, env: BTreeMap::new() }
    }
}

/// Variables each run's runner or controllers get from webots-shim itself.
const RESERVED_ENV: &[&str] = &[
    "WEBOTS_SHIM_TMPDIR",
    "WEBOTS_TEST_SUITE",
    "WEBOTS_CONTROLLER_URL",
    "WEBOTS_SHIM_WORLD",
    "WEBOTS_ROBOT_NAME",
    "WEBOTS_ROBOT_ID",
    "WEBOTS_INSTANCE_PATH",
];

/// A manifest line as written.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    world: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    until: Option<f64>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    env: BTreeMap<String, String>,
}

/// The id a line without one gets.
fn default_id(world: &str, seed: Option<i32>) -> String {
    match seed {
        Some(seed) => format!("{world}#seed={seed}"),
        None => world.to_string(),
    }
}

/// Reads a manifest; every error names the file and line (and column for JSON syntax).
pub fn read(path: &Path) -> Result<Vec<RunSpec>, Vec<String>> {
    let text = std::fs::read_to_string(path).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    let runs = parse(&text, &path.display().to_string())?;
    if runs.is_empty() {
        return Err(vec![format!("{}: the manifest holds no runs", path.display())]);
    }
    Ok(runs)
}

fn parse(text: &str, name: &str) -> Result<Vec<RunSpec>, Vec<String>> {
    let mut runs = Vec::new();
    let mut errors = Vec::new();
    let mut lines_of: HashMap<String, usize> = HashMap::new();
    for (n, raw) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if raw.trim().is_empty() {
            continue;
        }
        let line: Line = match serde_json::from_str(raw) {
            Ok(line) => line,
            Err(e) => {
                let message = e.to_string();
                let at = format!(" at line {} column {}", e.line(), e.column());
                errors.push(format!("{name}:{n}:{}: {}", e.column(), message.strip_suffix(&at).unwrap_or(&message)));
                continue;
            }
        };
        match check(line) {
            Ok(run) => {
                if let Some(first) = lines_of.insert(run.id.clone(), n) {
                    errors.push(format!("{name}:{n}: the id \"{}\" is already that of line {first}", run.id));
                }
                runs.push(run);
            }
            Err(e) => errors.push(format!("{name}:{n}: {e}")),
        }
    }
    if errors.is_empty() {
        Ok(runs)
    } else {
        Err(errors)
    }
}

fn check(line: Line) -> Result<RunSpec, String> {
    if line.world.is_empty() {
        return Err("\"world\" is empty".into());
    }
    if line.id.as_ref().is_some_and(|id| id.trim().is_empty()) {
        return Err("\"id\" is empty".into());
    }
    if line.until.is_some_and(|u| !u.is_finite() || u < 0.0) {
        return Err("\"until\" must be a number of seconds >= 0".into());
    }
    check_env(&line.env).map_err(|e| format!("\"env\": {e}"))?;
    let id = line.id.unwrap_or_else(|| default_id(&line.world, line.seed));
    Ok(RunSpec { id, world: PathBuf::from(line.world), seed: line.seed, until: line.until, env: line.env })
}

/// Names and values a process environment can hold, other than those webots-shim sets itself.
pub fn check_env(env: &BTreeMap<String, String>) -> Result<(), String> {
    for (name, value) in env {
        if name.is_empty() || name.contains(['=', '\0']) || value.contains('\0') {
            return Err(format!("{name:?} is no environment variable name (or its value holds a NUL)"));
        }
        if RESERVED_ENV.contains(&name.as_str()) {
            return Err(format!("{name} is set by webots-shim for each run"));
        }
    }
    Ok(())
}

/// `1-5,8,10-12` → [1, 2, 3, 4, 5, 8, 10, 11, 12] (ranges inclusive, as Slurm's `--array`).
pub fn parse_seeds(text: &str) -> Result<Vec<i32>, String> {
    let bad = |part: &str| format!("'{part}' in --seeds: expected seeds and inclusive ranges, e.g. 1-100 or 1,5,10-12");
    let mut seeds = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        // a leading '-' is a negative seed, not a range
        let split = part.char_indices().skip(1).find(|(_, c)| *c == '-').map(|(i, _)| i);
        let (from, to) = match split {
            Some(i) => (&part[..i], &part[i + 1..]),
            None => (part, part),
        };
        let (from, to): (i32, i32) = (from.parse().map_err(|_| bad(part))?, to.parse().map_err(|_| bad(part))?);
        if from > to {
            return Err(bad(part));
        }
        seeds.extend(from..=to);
    }
    Ok(seeds)
}

pub struct ManifestOptions {
    pub worlds: Vec<PathBuf>,
    pub seeds: Option<Vec<i32>>,
    pub until: Option<f64>,
    pub env: BTreeMap<String, String>,
}

/// One line per world and seed, worlds outermost.
pub fn write(opts: &ManifestOptions, out: &mut dyn Write) -> Result<(), String> {
    check_env(&opts.env).map_err(|e| format!("--env: {e}"))?;
    let mut seen = HashMap::new();
    for world in &opts.worlds {
        if !world.is_file() {
            return Err(format!("{}: no such world file", world.display()));
        }
        if seen.insert(world, ()).is_some() {
            return Err(format!("{} is listed twice", world.display()));
        }
    }
    let seeds: Vec<Option<i32>> = match &opts.seeds {
        Some(list) => list.iter().copied().map(Some).collect(),
        None => vec![None],
    };
    for world in &opts.worlds {
        let world = world.to_string_lossy().into_owned();
        for seed in &seeds {
            let line = Line {
                id: Some(default_id(&world, *seed)),
                world: world.clone(),
                seed: *seed,
                until: opts.until,
                env: opts.env.clone(),
            };
            let text = serde_json::to_string(&line).map_err(|e| e.to_string())?;
            writeln!(out, "{text}").map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_give_runs_with_their_seed_until_env_and_id() {
        let text = "{\"id\": \"a1\", \"world\": \"worlds/a.wbt\", \"seed\": 3, \"until\": 2.5, \"env\": {\"GAIN\": \"0.5\"}}\n\
                    \n\
                    {\"world\": \"worlds/b.wbt\", \"seed\": -4}\n\
                    {\"world\": \"worlds/b.wbt\"}\n";
        let runs = parse(text, "m.jsonl").unwrap();
        assert_eq!(runs.len(), 3);
        assert_eq!(runs[0].id, "a1");
        assert_eq!((runs[0].seed, runs[0].until), (Some(3), Some(2.5)));
        assert_eq!(runs[0].env.get("GAIN").map(String::as_str), Some("0.5"));
        assert_eq!(runs[1].id, "worlds/b.wbt#seed=-4");
        assert_eq!(runs[2], RunSpec::world("worlds/b.wbt".into()));
    }

    #[test]
    fn every_bad_line_is_named_with_its_file_and_line() {
        let text = "{\"world\": \"w.wbt\"}\n\
                    {\"world\": \"w.wbt\", \"sed\": 3}\n\
                    {\"world\": \"x.wbt\", \"seed\": \"3\"}\n\
                    {\"world\": \"w.wbt\"\n\
                    {\"seed\": 1}\n\
                    {\"world\": \"y.wbt\", \"until\": -1}\n\
                    {\"world\": \"y.wbt\", \"env\": {\"A=B\": \"1\"}}\n\
                    {\"world\": \"y.wbt\", \"env\": {\"WEBOTS_ROBOT_NAME\": \"x\"}}\n\
                    {\"world\": \"w.wbt\"}\n\
                    {\"world\": \"y.wbt\", \"env\": {\"N\": 1}}\n";
        let errors = parse(text, "m.jsonl").unwrap_err();
        assert_eq!(errors.len(), 9, "{errors:#?}");
        assert!(errors[0].starts_with("m.jsonl:2:") && errors[0].contains("unknown field `sed`"), "{}", errors[0]);
        assert!(
            errors[1].starts_with("m.jsonl:3:") && errors[1].contains("invalid type: string \"3\""),
            "{}",
            errors[1]
        );
        assert!(errors[2].starts_with("m.jsonl:4:") && errors[2].contains("EOF"), "{}", errors[2]);
        assert!(errors[3].starts_with("m.jsonl:5:") && errors[3].contains("missing field `world`"), "{}", errors[3]);
        assert_eq!(errors[4], "m.jsonl:6: \"until\" must be a number of seconds >= 0");
        assert!(errors[5].starts_with("m.jsonl:7: \"env\": \"A=B\""), "{}", errors[5]);
        assert_eq!(errors[6], "m.jsonl:8: \"env\": WEBOTS_ROBOT_NAME is set by webots-shim for each run");
        assert_eq!(errors[7], "m.jsonl:9: the id \"w.wbt\" is already that of line 1");
        assert!(errors[8].starts_with("m.jsonl:10:") && errors[8].contains("expected a string"), "{}", errors[8]);
    }

    #[test]
    fn seed_lists_take_ranges_and_negative_seeds() {
        assert_eq!(parse_seeds("1-3,7"), Ok(vec![1, 2, 3, 7]));
        assert_eq!(parse_seeds("-2--1,5"), Ok(vec![-2, -1, 5]));
        assert_eq!(parse_seeds("4"), Ok(vec![4]));
        for bad in ["3-1", "a", "1-", "", "1,,2", "99999999999"] {
            assert!(parse_seeds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_written_manifest_reads_back_as_the_same_runs() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.wbt"), dir.path().join("b.wbt"));
        std::fs::write(&a, "").unwrap();
        std::fs::write(&b, "").unwrap();
        let env: BTreeMap<String, String> = [("GAIN".to_string(), "2".to_string())].into();
        let opts =
            ManifestOptions { worlds: vec![a.clone(), b.clone()], seeds: Some(vec![1, 2]), until: Some(3.0), env };
        let mut out = Vec::new();
        write(&opts, &mut out).unwrap();
        let runs = parse(std::str::from_utf8(&out).unwrap(), "m").unwrap();
        let got: Vec<(PathBuf, Option<i32>)> = runs.iter().map(|r| (r.world.clone(), r.seed)).collect();
        assert_eq!(got, vec![(a.clone(), Some(1)), (a.clone(), Some(2)), (b.clone(), Some(1)), (b, Some(2))]);
        assert!(runs.iter().all(|r| r.until == Some(3.0) && r.env["GAIN"] == "2"));
        assert_eq!(runs[1].id, format!("{}#seed=2", a.display()));
        let twice = ManifestOptions { worlds: vec![a.clone(), a], seeds: None, until: None, env: BTreeMap::new() };
        assert!(write(&twice, &mut Vec::new()).unwrap_err().ends_with("is listed twice"));
    }
}
