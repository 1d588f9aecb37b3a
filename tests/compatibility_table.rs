//! COMPATIBILITY.md's table of Webots' `tests/api` worlds comes from `tests/data/webots_tests_api.tsv`
//! (world, area, our test, verdict, why not): these tests fail when the two drift apart, when a row
//! has no known verdict or no reason, or when a row names a test function that does not exist.
//!
//! After editing the data file, `UPDATE_COMPATIBILITY_TABLE=1 cargo nextest run --test
//! compatibility_table` rewrites the counts line and the table in COMPATIBILITY.md.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

const HEADING: &str = "## Webots' `tests/api` worlds";
const COUNTS: &str = "**Counts**";
const VERDICTS: [&str; 5] = ["passes", "partly", "not reproduced", "rendering", "deliberate difference"];

struct Row {
    world: String,
    area: String,
    test: String,
    verdict: String,
    why: String,
}

fn root() -> PathBuf {
    PathBuf::from(option_env!("CARGO_MANIFEST_DIR").unwrap_or("."))
}

fn rows() -> Vec<Row> {
    let path = root().join("tests/data/webots_tests_api.tsv");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("world\tarea\tour_test\tverdict\twhy_not"), "header of {}", path.display());
    lines
        .enumerate()
        .map(|(i, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 5, "line {} of {} has {} fields: {line:?}", i + 2, path.display(), f.len());
            assert!(!line.contains('|'), "line {}: a '|' would break the markdown table", i + 2);
            Row { world: f[0].into(), area: f[1].into(), test: f[2].into(), verdict: f[3].into(), why: f[4].into() }
        })
        .collect()
}

fn counts_line(rows: &[Row]) -> String {
    let mut counts: BTreeMap<&str, usize> = VERDICTS.iter().map(|v| (*v, 0)).collect();
    for r in rows {
        *counts
            .get_mut(r.verdict.as_str())
            .unwrap_or_else(|| panic!("{}: unknown verdict {:?}", r.world, r.verdict)) += 1;
    }
    let parts: Vec<String> = VERDICTS.iter().map(|v| format!("{v} {}", counts[v])).collect();
    format!("{COUNTS} ({} worlds): {}.", rows.len(), parts.join(", "))
}

fn table(rows: &[Row]) -> String {
    let mut out = String::from("| world | area | our test | verdict | why not |\n|---|---|---|---|---|\n");
    for r in rows {
        let test = if r.test == "-" { "-".to_string() } else { format!("`{}`", r.test) };
        out += &format!("| `{}` | {} | {} | {} | {} |\n", r.world, r.area, test, r.verdict, r.why);
    }
    out
}

/// COMPATIBILITY.md, and the byte range of the section's generated part: from the counts line to the
/// next section or the end of the file.
fn generated_part() -> (PathBuf, String, std::ops::Range<usize>) {
    let path = root().join("COMPATIBILITY.md");
    let doc = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start =
        doc.find(&format!("\n{HEADING}\n")).unwrap_or_else(|| panic!("no {HEADING:?} section in COMPATIBILITY.md"));
    let body = start + HEADING.len() + 2;
    let end = doc[body..].find("\n## ").map_or(doc.len(), |i| body + i + 1);
    let counts =
        doc[body..end].find(COUNTS).map(|i| body + i).unwrap_or_else(|| panic!("no {COUNTS} line in the section"));
    (path, doc, counts..end)
}

#[test]
fn the_table_in_compatibility_md_is_the_data_file_s() {
    let rows = rows();
    let expected = format!("{}\n\n{}", counts_line(&rows), table(&rows));
    let (path, doc, range) = generated_part();
    if std::env::var_os("UPDATE_COMPATIBILITY_TABLE").is_some() {
        let tail = if range.end == doc.len() { "" } else { "\n" };
        fs::write(&path, format!("{}{expected}{tail}{}", &doc[..range.start], &doc[range.end..])).unwrap();
        return;
    }
    assert_eq!(
        doc[range].trim_end(),
        expected.trim_end(),
        "COMPATIBILITY.md's table differs from tests/data/webots_tests_api.tsv: run this test with \
         UPDATE_COMPATIBILITY_TABLE=1 to rewrite it"
    );
}

#[test]
fn every_row_has_one_world_a_known_verdict_and_a_reason_where_it_does_not_pass() {
    let rows = rows();
    for pair in rows.windows(2) {
        assert!(
            pair[0].world < pair[1].world,
            "worlds must be sorted and unique: {} then {}",
            pair[0].world,
            pair[1].world
        );
    }
    for r in &rows {
        assert!(!r.world.is_empty() && !r.area.is_empty(), "a row without a world or an area: {:?}", r.world);
        assert!(VERDICTS.contains(&r.verdict.as_str()), "{}: unknown verdict {:?}", r.world, r.verdict);
        if r.verdict == "passes" {
            assert_ne!(r.test, "-", "{} passes: name the test that shows it", r.world);
        } else {
            assert!(!r.why.is_empty(), "{} ({}): say why it does not pass", r.world, r.verdict);
        }
        if r.verdict == "partly" {
            assert_ne!(r.test, "-", "{} passes partly: name the test that covers the part", r.world);
        }
    }
}

#[test]
fn every_named_test_function_exists() {
    for r in rows().iter().filter(|r| r.test != "-") {
        let (file, name) =
            r.test.split_once("::").unwrap_or_else(|| panic!("{}: {:?} is not file::function", r.world, r.test));
        let path = if file.contains('/') { root().join(file) } else { root().join("tests").join(format!("{file}.rs")) };
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}: {e}", r.world, path.display()));
        assert!(text.contains(&format!("fn {name}(")), "{}: no fn {name} in {}", r.world, path.display());
    }
}
