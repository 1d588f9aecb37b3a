//! `webots-shim merge`: result files (`--json DIR`) and JUnit files from many shards into one JUnit
//! report and one summary. Shards say which suite they belong to and where (result files always,
//! JUnit files of a sharded suite in their properties), so a merge also sees a shard that never
//! reported, or reported only part of its runs: those count as failures, as does a file it cannot read.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::junit;
use super::record::{write_atomically, CaseReport, Failed, RunRecord};
use super::summary;

pub struct MergeOptions {
    /// Result files, JUnit files, and folders searched for result files (`*.json`).
    pub inputs: Vec<PathBuf>,
    pub junit: Option<PathBuf>,
}

/// What the merge could not vouch for: an unreadable file, a run reported twice, missing runs.
#[derive(Debug, PartialEq)]
struct Problem {
    name: String,
    message: String,
}

/// Merges; returns the exit status: 0 when every run of every suite reported and passed, 1 when not,
/// 2 when there was nothing to merge.
pub fn run(opts: &MergeOptions) -> i32 {
    let mut problems = Vec::new();
    let mut files = Vec::new();
    for input in &opts.inputs {
        if input.is_dir() {
            find_results(input, &mut files, &mut problems);
        } else {
            files.push(input.clone());
        }
    }
    if files.is_empty() && problems.is_empty() {
        eprintln!("webots-shim merge: no result files (*.json) in {}", names(&opts.inputs));
        return 2;
    }
    let mut cases = Vec::new();
    for file in &files {
        match read(file) {
            Ok(found) => cases.extend(found.into_iter().map(|c| (c, file.clone()))),
            Err(e) => problems.push(Problem { name: file.display().to_string(), message: format!("unreadable: {e}") }),
        }
    }
    let cases = check(cases, &mut problems);
    let failed = cases.iter().filter(|c| !c.passed()).count();
    let mut text = summary::failures(&cases);
    for p in &problems {
        text += &format!("PROBLEM {}: {}\n", p.name, p.message);
    }
    text += &format!(
        "webots-shim merge: {} run(s) from {} file(s), {} passed, {failed} failed{}\n",
        cases.len(),
        files.len(),
        cases.len() - failed,
        if problems.is_empty() { String::new() } else { format!(", {} problem(s)", problems.len()) }
    );
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    let mut status = if failed == 0 && problems.is_empty() { 0 } else { 1 };
    if let Some(path) = &opts.junit {
        let xml = render(&cases, &problems);
        if let Err(e) = write_atomically(path, xml.as_bytes()) {
            eprintln!("webots-shim: cannot write the JUnit report {}: {e}", path.display());
            status = 1;
        }
    }
    status
}

fn names(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// Every `*.json` under `dir`, sorted.
fn find_results(dir: &Path, files: &mut Vec<PathBuf>, problems: &mut Vec<Problem>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            problems.push(Problem { name: dir.display().to_string(), message: format!("unreadable: {e}") });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            find_results(&path, files, problems);
        } else if path.extension().is_some_and(|e| e == "json") {
            files.push(path);
        }
    }
}

/// A result file (JSON) or a JUnit report (XML), told apart by their first character.
fn read(path: &Path) -> Result<Vec<CaseReport>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    match text.trim_start().chars().next() {
        Some('{') => {
            let record: RunRecord =
                serde_json::from_str(&text).map_err(|e| format!("not a webots-shim result file: {e}"))?;
            Ok(vec![record.report()])
        }
        Some('<') => junit::read(&text).map_err(|e| format!("not a JUnit report: {e}")),
        _ => Err("neither a result file (JSON) nor a JUnit report (XML)".into()),
    }
}

/// Sorts the runs by name, drops those reported twice and reports the runs of each sharded suite that
/// never came.
fn check(cases: Vec<(CaseReport, PathBuf)>, problems: &mut Vec<Problem>) -> Vec<CaseReport> {
    let mut kept: Vec<CaseReport> = Vec::new();
    let mut first_seen: HashMap<(String, String), PathBuf> = HashMap::new();
    // (suite, shard count) → runs in the suite and runs seen per shard index
    let mut suites: BTreeMap<(String, usize), (usize, BTreeMap<usize, usize>)> = BTreeMap::new();
    for (case, file) in cases {
        if let Some(tag) = &case.suite {
            let key = (tag.fingerprint.clone(), case.name.clone());
            if let Some(first) = first_seen.get(&key) {
                problems.push(Problem {
                    name: case.name.clone(),
                    message: format!(
                        "reported twice, by {} and {} (only the first is kept)",
                        first.display(),
                        file.display()
                    ),
                });
                continue;
            }
            first_seen.insert(key, file);
            let entry = suites.entry((tag.fingerprint.clone(), tag.shards)).or_insert((tag.runs, BTreeMap::new()));
            *entry.1.entry(tag.shard).or_default() += 1;
        }
        kept.push(case);
    }
    for ((fingerprint, count), (runs, seen)) in &suites {
        for index in 1..=*count {
            let shard = super::shard::Shard { index, count: *count };
            let (want, got) = (shard.size(*runs), seen.get(&index).copied().unwrap_or(0));
            if got < want {
                problems.push(Problem {
                    name: format!("suite {fingerprint} shard {shard}"),
                    message: format!("{} of its {want} run(s) did not report", want - got),
                });
            }
        }
    }
    kept.sort_by(|a, b| (&a.name, &a.classname).cmp(&(&b.name, &b.classname)));
    kept
}

/// One testsuite: every run, then a failed test case per problem, so a CI page shows them too. Its
/// time is the runs' total; its timestamp the earliest of theirs.
fn render(cases: &[CaseReport], problems: &[Problem]) -> String {
    let mut all = cases.to_vec();
    all.extend(problems.iter().map(|p| CaseReport {
        name: p.name.clone(),
        classname: "webots-shim merge".into(),
        time_s: 0.0,
        failure: Some(Failed { message: p.message.clone(), details: format!("{}\n", p.message) }),
        output: String::new(),
        started: None,
        suite: None,
    }));
    let total: f64 = cases.iter().map(|c| c.time_s).sum();
    let earliest = cases.iter().filter_map(|c| c.started.as_deref()).min();
    junit::render(&all, total, earliest, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::suite::record::SuiteTag;

    fn case(name: &str, shard: Option<(usize, usize, usize)>) -> (CaseReport, PathBuf) {
        let suite =
            shard.map(|(index, count, runs)| SuiteTag { fingerprint: "fp".into(), runs, shard: index, shards: count });
        let report = CaseReport {
            name: name.into(),
            classname: "w".into(),
            time_s: 1.0,
            failure: None,
            output: String::new(),
            started: Some(format!("2024-01-0{}T00:00:00", name.len())),
            suite,
        };
        (report, PathBuf::from(format!("{name}.json")))
    }

    #[test]
    fn complete_shards_merge_sorted_by_name_without_problems() {
        let mut problems = Vec::new();
        // 5 runs over 2 shards: 3 and 2
        let cases = vec![
            case("c", Some((1, 2, 5))),
            case("a", Some((2, 2, 5))),
            case("e", Some((1, 2, 5))),
            case("b", Some((1, 2, 5))),
            case("d", Some((2, 2, 5))),
            case("other", None),
        ];
        let kept = check(cases, &mut problems);
        assert_eq!(problems, vec![]);
        let names: Vec<&str> = kept.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d", "e", "other"]);
    }

    #[test]
    fn missing_runs_and_shards_and_duplicates_are_problems() {
        let mut problems = Vec::new();
        // 7 runs over 3 shards (3, 2, 2): shard 2 sent one of two, shard 3 nothing, "a" came twice
        let cases = vec![
            case("a", Some((1, 3, 7))),
            case("b", Some((1, 3, 7))),
            case("c", Some((1, 3, 7))),
            case("d", Some((2, 3, 7))),
        ];
        let mut twice = case("a", Some((1, 3, 7)));
        twice.1 = PathBuf::from("again.xml");
        let kept = check(cases.into_iter().chain([twice]).collect(), &mut problems);
        assert_eq!(kept.len(), 4);
        let said: Vec<String> = problems.iter().map(|p| format!("{}: {}", p.name, p.message)).collect();
        assert_eq!(
            said,
            [
                "a: reported twice, by a.json and again.xml (only the first is kept)",
                "suite fp shard 2/3: 1 of its 2 run(s) did not report",
                "suite fp shard 3/3: 2 of its 2 run(s) did not report",
            ]
        );
        let xml = render(&kept, &problems);
        let read = junit::read(&xml).unwrap();
        assert_eq!(read.len(), 7);
        assert_eq!(read.iter().filter(|c| !c.passed()).count(), 3);
        assert!(xml.contains("timestamp=\"2024-01-01T00:00:00\""), "{xml}");
    }
}
