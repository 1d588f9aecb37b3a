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

/// Writes the page to `path` (whole, then renamed into place).
pub fn write(path: &Path, replay: &Replay) -> std::io::Result<()> {
    let text = page(replay).map_err(std::io::Error::other)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
