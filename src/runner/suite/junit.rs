//! JUnit XML as GitLab, GitHub actions and Jenkins read it: `<testsuites>` holding one `<testsuite>`,
//! one `<testcase>` per run, a `<failure>` with the reasons and the robots' last lines, and the
//! captured output in `<system-out>`. A shard's suite carries its place in `<properties>`. Reading
//! takes any JUnit file (ours or another tool's) back to [`CaseReport`]s, for `webots-shim merge`.

use std::borrow::Cow;
use std::time::SystemTime;

use quick_xml::events::{BytesDecl, BytesRef, BytesStart, BytesText, Event};
use quick_xml::{Reader, Writer, XmlVersion};

use super::record::{CaseReport, Failed, SuiteTag};

const SHARD_PROPERTIES: [&str; 3] = ["webots-shim.suite", "webots-shim.shard", "webots-shim.runs"];

/// The report of `cases`; `tag` (a shard of a larger suite) goes into the suite's properties.
pub fn render(cases: &[CaseReport], total_s: f64, timestamp: Option<&str>, tag: Option<&SuiteTag>) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    write(&mut w, cases, total_s, timestamp, tag).expect("writing to memory does not fail");
    let mut text = String::from_utf8(w.into_inner()).expect("the writer is given UTF-8 only");
    text.push('\n');
    text
}

fn write(
    w: &mut Writer<Vec<u8>>,
    cases: &[CaseReport],
    total_s: f64,
    timestamp: Option<&str>,
    tag: Option<&SuiteTag>,
) -> std::io::Result<()> {
    let tests = cases.len().to_string();
    let failures = cases.iter().filter(|c| !c.passed()).count().to_string();
    let time = format!("{total_s:.3}");
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let counts = [("tests", tests.as_str()), ("failures", failures.as_str()), ("errors", "0")];
    let mut suites = BytesStart::new("testsuites");
    suites.push_attribute(("name", "webots-shim"));
    suites.extend_attributes(counts);
    suites.push_attribute(("time", time.as_str()));
    w.write_event(Event::Start(suites))?;
    let mut suite = BytesStart::new("testsuite");
    suite.push_attribute(("name", "webots-shim"));
    suite.extend_attributes(counts);
    suite.push_attribute(("skipped", "0"));
    suite.push_attribute(("time", time.as_str()));
    if let Some(t) = timestamp {
        suite.push_attribute(("timestamp", t));
    }
    w.write_event(Event::Start(suite))?;
    if let Some(tag) = tag {
        let values = [tag.fingerprint.clone(), tag.shard().to_string(), tag.runs.to_string()];
        w.create_element("properties").write_inner_content(|w| {
            for (name, value) in SHARD_PROPERTIES.iter().zip(&values) {
                w.create_element("property")
                    .with_attributes([("name", *name), ("value", value.as_str())])
                    .write_empty()?;
            }
            Ok(())
        })?;
    }
    for case in cases {
        let time = format!("{:.3}", case.time_s);
        let attributes = [
            ("name", clean(&case.name)),
            ("classname", clean(&case.classname)),
            ("time", Cow::Borrowed(time.as_str())),
        ];
        let element = w.create_element("testcase").with_attributes(attributes.iter().map(|(k, v)| (*k, v.as_ref())));
        if case.passed() && case.output.is_empty() {
            element.write_empty()?;
            continue;
        }
        element.write_inner_content(|w| {
            if let Some(failed) = &case.failure {
                w.create_element("failure")
                    .with_attributes([("message", clean(&failed.message).as_ref()), ("type", "failure")])
                    .write_text_content(BytesText::new(&clean(&failed.details)))?;
            }
            if !case.output.is_empty() {
                w.create_element("system-out").write_text_content(BytesText::new(&clean(&case.output)))?;
            }
            Ok(())
        })?;
    }
    w.write_event(Event::End(BytesStart::new("testsuite").to_end()))?;
    w.write_event(Event::End(BytesStart::new("testsuites").to_end()))
}

/// Characters XML 1.0 forbids (control characters but tab and line ends, U+FFFE, U+FFFF) replaced.
pub fn clean(text: &str) -> Cow<'_, str> {
    let forbidden = |c: char| (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}';
    if !text.contains(forbidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| if forbidden(c) { '\u{fffd}' } else { c }).collect())
}

/// A JUnit file's test cases, each with its suite's timestamp and shard properties.
pub fn read(text: &str) -> Result<Vec<CaseReport>, String> {
    let mut reader = Reader::from_str(text);
    let mut cases = Vec::new();
    let mut suite = SuiteState::default();
    let mut case: Option<CaseReport> = None;
    // the element whose text is being collected: failure (or error) or system-out, and its text
    let mut collecting: Option<(&'static str, String)> = None;
    let (mut depth, mut suites) = (0usize, 0usize);
    loop {
        let event = reader.read_event().map_err(|e| format!("at byte {}: {e}", reader.error_position()))?;
        match &event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        match event {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == "testsuite" => {
                suites += 1;
                suite = SuiteState { timestamp: attribute(&e, "timestamp")?, ..SuiteState::default() };
            }
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == "property" => {
                if let (Some(name), Some(value)) = (attribute(&e, "name")?, attribute(&e, "value")?) {
                    suite.properties.push((name, value));
                }
            }
            Event::Start(e) if e.name().as_ref() == "testcase" => case = Some(testcase(&e, &suite)?),
            Event::Empty(e) if e.name().as_ref() == "testcase" => cases.push(testcase(&e, &suite)?),
            Event::Start(e) if case.is_some() && is_failure(&e) => {
                failure(&e, case.as_mut())?;
                collecting = Some(("failure", String::new()));
            }
            Event::Empty(e) if case.is_some() && is_failure(&e) => failure(&e, case.as_mut())?,
            Event::Start(e) if case.is_some() && e.name().as_ref() == "system-out" => {
                collecting = Some(("system-out", String::new()));
            }
            Event::Text(t) => {
                if let Some((_, text)) = collecting.as_mut() {
                    text.push_str(&t.xml10_content());
                }
            }
            Event::CData(t) => {
                if let Some((_, text)) = collecting.as_mut() {
                    text.push_str(&t.into_inner());
                }
            }
            Event::GeneralRef(r) => {
                if let Some((_, text)) = collecting.as_mut() {
                    text.push_str(&entity(&r)?);
                }
            }
            Event::End(e) => match e.name().as_ref() {
                "failure" | "error" | "system-out" => {
                    if let (Some((what, text)), Some(c)) = (collecting.take(), case.as_mut()) {
                        match what {
                            "failure" => {
                                if let Some(f) = c.failure.as_mut().filter(|f| f.details.is_empty()) {
                                    f.details = text;
                                }
                            }
                            _ => c.output.push_str(&text),
                        }
                    }
                }
                "testcase" => cases.extend(case.take()),
                _ => {}
            },
            Event::Eof if depth > 0 => return Err("the file ends before its elements do (cut short?)".into()),
            Event::Eof if suites == 0 => return Err("no <testsuite> in it: not a JUnit report".into()),
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(cases)
}

fn is_failure(e: &BytesStart) -> bool {
    matches!(e.name().as_ref(), "failure" | "error")
}

/// The first `<failure>` or `<error>` of a test case is its failure.
fn failure(e: &BytesStart, case: Option<&mut CaseReport>) -> Result<(), String> {
    let message = attribute(e, "message")?.unwrap_or_default();
    if let Some(c) = case.filter(|c| c.failure.is_none()) {
        c.failure = Some(Failed { message, details: String::new() });
    }
    Ok(())
}

#[derive(Default)]
struct SuiteState {
    timestamp: Option<String>,
    properties: Vec<(String, String)>,
}

impl SuiteState {
    /// Our shard properties, when the suite has all of them.
    fn tag(&self) -> Option<SuiteTag> {
        let get = |name: &str| self.properties.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let [fingerprint, shard, runs] = SHARD_PROPERTIES.map(get);
        let shard: super::shard::Shard = shard?.parse().ok()?;
        Some(SuiteTag {
            fingerprint: fingerprint?.to_string(),
            runs: runs?.parse().ok()?,
            shard: shard.index,
            shards: shard.count,
        })
    }
}

fn testcase(e: &BytesStart, suite: &SuiteState) -> Result<CaseReport, String> {
    let name = attribute(e, "name")?.ok_or("a testcase without a name")?;
    Ok(CaseReport {
        name,
        classname: attribute(e, "classname")?.unwrap_or_default(),
        time_s: attribute(e, "time")?.and_then(|t| t.parse().ok()).unwrap_or(0.0),
        failure: None,
        output: String::new(),
        started: suite.timestamp.clone(),
        suite: suite.tag(),
    })
}

fn attribute(e: &BytesStart, name: &str) -> Result<Option<String>, String> {
    match e.try_get_attribute(name) {
        Ok(Some(a)) => {
            a.normalized_value(XmlVersion::Implicit1_0).map(|v| Some(v.into_owned())).map_err(|e| e.to_string())
        }
        Ok(None) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

fn entity(r: &BytesRef) -> Result<String, String> {
    if let Some(c) = r.resolve_char_ref().map_err(|e| e.to_string())? {
        return Ok(c.to_string());
    }
    let name = r.xml10_content();
    quick_xml::escape::resolve_predefined_entity(&name)
        .map(str::to_string)
        .ok_or_else(|| format!("unknown entity &{name};"))
}

/// ISO 8601 UTC, to the second, without a date crate.
pub fn timestamp(t: SystemTime) -> String {
    let secs = t.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Days since 1970-01-01 to a (year, month, day) of the proleptic Gregorian calendar.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn case(name: &str, failure: Option<(&str, &str)>, output: &str) -> CaseReport {
        CaseReport {
            name: name.into(),
            classname: "worlds".into(),
            time_s: 1.5,
            failure: failure.map(|(m, d)| Failed { message: m.into(), details: d.into() }),
            output: output.into(),
            started: Some("2024-02-29T12:34:56".into()),
            suite: None,
        }
    }

    #[test]
    fn the_report_has_one_suite_one_case_per_run_and_escapes_what_it_must() {
        let cases = [
            case("worlds/ok.wbt", None, ""),
            case(
                "worlds/<&>.wbt",
                Some(("'a \"b\"' crashed", "'a \"b\"' crashed\n    | bell\u{7} & <tag>\n")),
                "[a]\n  x\n",
            ),
        ];
        let xml = render(&cases, 3.25, Some("2024-02-29T12:34:56"), None);
        let expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<testsuites name=\"webots-shim\" tests=\"2\" failures=\"1\" errors=\"0\" time=\"3.250\">\n  \
<testsuite name=\"webots-shim\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"3.250\" timestamp=\"2024-02-29T12:34:56\">\n    \
<testcase name=\"worlds/ok.wbt\" classname=\"worlds\" time=\"1.500\"/>\n    \
<testcase name=\"worlds/&lt;&amp;&gt;.wbt\" classname=\"worlds\" time=\"1.500\">\n      \
<failure message=\"&apos;a &quot;b&quot;&apos; crashed\" type=\"failure\">&apos;a &quot;b&quot;&apos; crashed\n    | bell\u{fffd} &amp; &lt;tag&gt;\n</failure>\n      \
<system-out>[a]\n  x\n</system-out>\n    \
</testcase>\n  \
</testsuite>\n\
</testsuites>\n";
        assert_eq!(xml, expected);
    }

    #[test]
    fn a_report_reads_back_as_the_same_cases_with_its_shard() {
        let tag = SuiteTag { fingerprint: "0123abcd".into(), runs: 7, shard: 2, shards: 3 };
        let mut cases = vec![
            case("a", None, ""),
            case("b & c", Some(("first", "first\n    | 'quoted' <x>\nsecond\n")), "[r]\n  out\n"),
            case("d", None, "[r]\n  only output\n"),
        ];
        let xml = render(&cases, 2.0, Some("2024-02-29T12:34:56"), Some(&tag));
        assert!(xml.contains("<property name=\"webots-shim.shard\" value=\"2/3\"/>"), "{xml}");
        for c in &mut cases {
            c.suite = Some(tag.clone());
        }
        assert_eq!(read(&xml).unwrap(), cases);
        // without properties, no tag
        let plain = render(&cases, 2.0, None, None);
        assert!(read(&plain).unwrap().iter().all(|c| c.suite.is_none() && c.started.is_none()));
    }

    #[test]
    fn other_tools_reports_read_too() {
        let xml = r#"<?xml version="1.0"?>
<testsuite name="x" tests="3">
  <testcase classname="k" name="one" time="0.5"><error message="boom">trace &#65; <![CDATA[<raw>]]></error></testcase>
  <testcase name="two"><skipped/></testcase>
  <testcase name="three"><failure message="m"/><system-out>o</system-out></testcase>
</testsuite>"#;
        let cases = read(xml).unwrap();
        assert_eq!(cases.len(), 3);
        assert_eq!(cases[0].failure, Some(Failed { message: "boom".into(), details: "trace A <raw>".into() }));
        assert_eq!(cases[0].time_s, 0.5);
        assert!(cases[1].passed());
        assert_eq!(cases[2].failure, Some(Failed { message: "m".into(), details: String::new() }));
        assert_eq!(cases[2].output, "o");
        assert!(read("<testsuite><testcase name=\"a\">").unwrap_err().contains("cut short"));
        assert!(read("<html></html>").unwrap_err().contains("not a JUnit report"));
        assert!(read("<testsuite><testcase name=\"a\"></testsuite>").is_err());
        assert!(read("<testsuite><testcase name=\"a\"><failure>&nope;</failure></testcase></testsuite>").is_err());
    }

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00");
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_709_210_096); // a leap day
        assert_eq!(timestamp(t), "2024-02-29T12:34:56");
    }
}
