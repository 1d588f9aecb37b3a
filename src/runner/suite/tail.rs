//! The end of what a world's run printed, kept per robot in bounded memory: a controller flooding
//! its output costs the suite a few kilobytes, whatever it prints.

use std::collections::{BTreeMap, VecDeque};

/// Lines kept per robot (and for the runner's own messages).
pub const KEEP_LINES: usize = 20;
/// Longer lines are cut to this many bytes.
pub const MAX_LINE: usize = 400;
/// Robots followed separately; lines of any further robot count as the runner's.
const MAX_SOURCES: usize = 256;

/// One source's last lines and how many came before them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lines {
    pub last: VecDeque<String>,
    pub dropped: u64,
}

impl Lines {
    fn push(&mut self, line: String) {
        if self.last.len() == KEEP_LINES {
            self.last.pop_front();
            self.dropped += 1;
        }
        self.last.push_back(line);
    }
}

#[derive(Clone, Debug, Default)]
pub struct Tail {
    /// By robot name (the runner's `[robot] ` prefix).
    pub robots: BTreeMap<String, Lines>,
    /// Lines without a robot prefix: the runner's own messages.
    pub runner: Lines,
}

impl Tail {
    /// Adds one line of the run's output (without its newline).
    pub fn push(&mut self, raw: &[u8]) {
        let line = String::from_utf8_lossy(raw);
        let line = line.trim_end_matches(['\n', '\r']);
        match split_robot(line) {
            Some((robot, text)) if self.robots.contains_key(robot) || self.robots.len() < MAX_SOURCES => {
                self.robots.entry(robot.to_string()).or_default().push(clip(text));
            }
            _ => self.runner.push(clip(line)),
        }
    }

    pub fn robot(&self, name: &str) -> Option<&Lines> {
        self.robots.get(name)
    }
}

/// `[robot] text` → (`robot`, `text`).
fn split_robot(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let end = rest.find("] ").or_else(|| rest.strip_suffix(']').map(|r| r.len()))?;
    Some((&rest[..end], rest.get(end + 2..).unwrap_or("")))
}

fn clip(text: &str) -> String {
    if text.len() <= MAX_LINE {
        return text.to_string();
    }
    let mut end = MAX_LINE;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{} [... {} more bytes]", &text[..end], text.len() - end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_sorted_by_robot_and_runner() {
        let mut t = Tail::default();
        t.push(b"[a] one\n");
        t.push(b"webots-shim: 'a' controller exited successfully");
        t.push(b"[b c] two [x] three");
        t.push(b"[a] ");
        assert_eq!(t.robot("a").unwrap().last, ["one", ""]);
        assert_eq!(t.robot("b c").unwrap().last, ["two [x] three"]);
        assert_eq!(t.runner.last, ["webots-shim: 'a' controller exited successfully"]);
    }

    #[test]
    fn a_flood_keeps_the_last_lines_and_counts_the_rest() {
        let mut t = Tail::default();
        for i in 0..100_000 {
            t.push(format!("[f] line {i}").as_bytes());
        }
        let f = t.robot("f").unwrap();
        assert_eq!(f.last.len(), KEEP_LINES);
        assert_eq!(f.last.back().unwrap(), "line 99999");
        assert_eq!(f.dropped, 100_000 - KEEP_LINES as u64);
    }

    #[test]
    fn long_lines_are_cut_on_a_character_boundary() {
        let mut t = Tail::default();
        let long = format!("[r] {}", "é".repeat(1000));
        t.push(long.as_bytes());
        let kept = &t.robot("r").unwrap().last[0];
        assert!(kept.starts_with("éé"));
        assert!(kept.ends_with("[... 1600 more bytes]"), "{kept}");
        // invalid UTF-8 is replaced, not dropped
        t.push(b"[r] \xff\xfe ok");
        assert_eq!(t.robot("r").unwrap().last[1], "\u{fffd}\u{fffd} ok");
    }
}
