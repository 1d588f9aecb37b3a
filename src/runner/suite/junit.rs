//! JUnit XML as GitLab, GitHub actions and Jenkins read it: `<testsuites>` holding one `<testsuite>`,
//! one `<testcase>` per world, a `<failure>` with the reasons and the robots' last lines, and the
//! captured output in `<system-out>`.

use std::fmt::Write;
use std::time::{Duration, SystemTime};

use super::case::CaseResult;
use super::summary::{failure_details, output_text};

pub fn render(cases: &[CaseResult], total: Duration, started: SystemTime) -> String {
    let failures = cases.iter().filter(|c| !c.passed()).count();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites name=\"webots-shim\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" time=\"{:.3}\">",
        cases.len(),
        total.as_secs_f64()
    );
    let _ = writeln!(
        x,
        "  <testsuite name=\"webots-shim\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\" time=\"{:.3}\" timestamp=\"{}\">",
        cases.len(),
        total.as_secs_f64(),
        timestamp(started)
    );
    for case in cases {
        let name = case.world.display().to_string();
        let class = case.world.parent().map(|p| p.display().to_string()).filter(|p| !p.is_empty());
        let _ = write!(
            x,
            "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.3}\"",
            escape(&name),
            escape(&class.unwrap_or_else(|| "webots-shim".into())),
            case.elapsed.as_secs_f64()
        );
        let output = output_text(case);
        if case.passed() && output.is_empty() {
            x.push_str("/>\n");
            continue;
        }
        x.push_str(">\n");
        if let Some(first) = case.failures.first() {
            let _ = writeln!(
                x,
                "      <failure message=\"{}\" type=\"failure\">{}</failure>",
                escape(&first.to_string()),
                escape(&failure_details(case))
            );
        }
        if !output.is_empty() {
            let _ = writeln!(x, "      <system-out>{}</system-out>", escape(&output));
        }
        x.push_str("    </testcase>\n");
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

/// Text or attribute content: markup escaped, characters XML 1.0 forbids replaced.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// ISO 8601 UTC, to the second, without a date crate.
fn timestamp(t: SystemTime) -> String {
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

    #[test]
    fn escaping_covers_markup_and_forbidden_characters() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("bell\u{7}\ttab\nnl"), "bell\u{fffd}\ttab\nnl");
    }

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00");
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_709_210_096); // a leap day
        assert_eq!(timestamp(t), "2024-02-29T12:34:56");
    }
}
