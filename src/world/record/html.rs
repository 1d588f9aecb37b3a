//! The replay file: the page (`replay.html`) with the recorded run inlined as JSON.

use std::path::Path;

use super::model::Replay;

const PAGE: &str = include_str!("replay.html");
/// Where the page takes its data.
const SLOT: &str = "/*REPLAY_DATA*/null";

/// The page with `replay` in it.
pub fn page(replay: &Replay) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(replay)?;
    // inside a <script> element, "</script" or "<!--" in a string would end or change it: "<" only
    // occurs inside JSON strings, where \u003c means the same
    let json = json.replace('<', "\\u003c");
    Ok(PAGE.replacen(SLOT, &json, 1))
}

/// The page's style sheet (what is between its `<style>` tags).
pub fn stylesheet() -> &'static str {
    let start = PAGE.find("<style>").map_or(0, |i| i + "<style>".len());
    let end = PAGE[start..].find("</style>").map_or(start, |i| start + i);
    PAGE[start..end].trim_start_matches('\n')
}

/// Writes the page to `path` (whole, then renamed into place).
pub fn write(path: &Path, replay: &Replay) -> std::io::Result<()> {
    let text = page(replay).map_err(std::io::Error::other)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::record::model::ConsoleLine;

    /// The data in the page, as the page's script reads it.
    fn data(page: &str) -> serde_json::Value {
        let start = page.find("const R = ").unwrap() + "const R = ".len();
        let end = start + page[start..].find(";\n").unwrap();
        serde_json::from_str(&page[start..end]).unwrap()
    }

    #[test]
    fn what_a_controller_printed_cannot_end_the_script() {
        let text = "</script><script>alert(1)</script><!-- \u{2028} end";
        let replay = Replay {
            console: vec![ConsoleLine { robot: 0, t: 0.5, err: false, text: text.into() }],
            ..Replay::default()
        };
        let page = page(&replay).unwrap();
        assert_eq!(page.matches("</script>").count(), PAGE.matches("</script>").count());
        assert_eq!(page.matches("<!--").count(), PAGE.matches("<!--").count());
        assert_eq!(data(&page)["console"][0]["text"], text, "the line reads back as printed");
    }

    #[test]
    fn the_page_takes_its_data_in_one_place() {
        assert_eq!(PAGE.matches(SLOT).count(), 1);
        assert_eq!(data(&page(&Replay::default()).unwrap())["version"], 0);
    }
}
