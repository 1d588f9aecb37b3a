//! Motion files (`.motion`, Webots' format) and their playback: the poses of a set of joints at given
//! times, played by linear interpolation onto the joints' motors, one step at a time.
//!
//! The format: a first line `#WEBOTS_MOTION,V1.0,joint1,joint2,...`, then one line per pose
//! `time,poseName,value1,value2,...` where time is `[[minutes:]seconds:]milliseconds`, strictly
//! increasing, and a value is a number or `*` (the joint is left alone around that pose). Items are
//! separated by commas (empty items are skipped); an empty line ends the file.

/// A parsed motion file.
#[derive(Clone, Debug, PartialEq)]
pub struct MotionFile {
    pub joints: Vec<String>,
    /// Milliseconds, strictly increasing.
    pub times: Vec<i32>,
    /// `positions[pose][joint]`; `None` for `*`.
    pub positions: Vec<Vec<Option<f64>>>,
}

const HEADER: &str = "#WEBOTS_MOTION";
const VERSION: &str = "V1.0";

/// The items of a line, as Webots splits them (commas and line ends separate, empty items vanish).
fn items(line: &str) -> impl Iterator<Item = &str> {
    line.split([',', '\n', '\r']).filter(|t| !t.is_empty())
}

/// `[[minutes:]seconds:]milliseconds`, digits and colons only.
fn parse_time(token: &str) -> Option<i32> {
    if !token.bytes().all(|b| b.is_ascii_digit() || b == b':') {
        return None;
    }
    let parts: Vec<&str> = token.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut values = [0i64; 3];
    for (slot, part) in values[3 - parts.len()..].iter_mut().zip(&parts) {
        *slot = part.parse().ok()?;
    }
    i32::try_from(values[0] * 60_000 + values[1] * 1000 + values[2]).ok()
}

/// A number as C's `%lf` reads it: the longest numeric prefix of the token.
fn parse_number(token: &str) -> Option<f64> {
    let bytes = token.as_bytes();
    (1..=bytes.len()).rev().find_map(|n| token.get(..n)?.trim_start().parse::<f64>().ok())
}

impl MotionFile {
    /// Parses `text`; the error is Webots' message (naming `file`).
    pub fn parse(text: &str, file: &str) -> Result<MotionFile, String> {
        let fail = |what: String| Err(format!("Error: wbu_motion_new(): {what}"));
        let mut lines = text.split_inclusive('\n');
        let Some(first) = lines.next() else { return fail(format!("file '{file}' is empty.")) };
        let mut head = items(first);
        match head.next() {
            None => return fail(format!("unexpected end of file '{file}'.")),
            Some(h) if h != HEADER => return fail(format!("invalid motion file header in file '{file}'.")),
            Some(_) => {}
        }
        match head.next() {
            None => return fail(format!("unexpected end of file '{file}'.")),
            Some(v) if v != VERSION => {
                return fail(format!("unsupported version number '{v}' in motion file '{file}'."))
            }
            Some(_) => {}
        }
        let joints: Vec<String> = head.map(str::to_string).collect();
        let mut motion = MotionFile { joints, times: Vec::new(), positions: Vec::new() };
        for (number, line) in (2..).zip(lines) {
            let mut tokens = items(line);
            let Some(time) = tokens.next() else { break };
            let Some(t) = parse_time(time) else {
                return fail(format!("expected <time value> but found '{time}', in file '{file}', line {number}."));
            };
            if motion.times.last().is_some_and(|&last| t <= last) {
                return fail(format!(
                    "illegal (non-increasing) time sequence detected in file '{file}', line {number}."
                ));
            }
            if tokens.next().is_none() {
                return fail(format!("pose name expected in file '{file}', line {number}."));
            }
            let mut pose = Vec::with_capacity(motion.joints.len());
            for _ in 0..motion.joints.len() {
                let Some(value) = tokens.next() else {
                    return fail(format!("missing data in file '{file}', line {number}."));
                };
                if value == "*" {
                    pose.push(None);
                } else {
                    let Some(v) = parse_number(value) else {
                        return fail(format!(
                            "expected <double value>, but found '{value}', in file '{file}', line {number}."
                        ));
                    };
                    pose.push(Some(v));
                }
            }
            if let Some(extra) = tokens.next() {
                return fail(format!("unexpected extra data '{extra}', in file '{file}', line {number}."));
            }
            motion.times.push(t);
            motion.positions.push(pose);
        }
        Ok(motion)
    }

    /// The time of the last pose.
    pub fn duration(&self) -> i32 {
        self.times.last().copied().unwrap_or(0)
    }

    /// Joint `joint`'s position at `elapsed` ms: the first pose before it, the last after it, and
    /// linear interpolation between two poses; `None` where either pose leaves the joint alone.
    pub fn position(&self, joint: usize, elapsed: i32) -> Option<f64> {
        let (first, last) = (self.times.first()?, self.times.len() - 1);
        if elapsed <= *first {
            return self.positions[0][joint];
        }
        if elapsed >= self.times[last] {
            return self.positions[last][joint];
        }
        let b = self.times.iter().position(|&t| t >= elapsed)?;
        let a = b - 1;
        let (pa, pb) = (self.positions[a][joint]?, self.positions[b][joint]?);
        let (ta, tb) = (f64::from(self.times[a]), f64::from(self.times[b]));
        Some(pa + (f64::from(elapsed) - ta) * (pb - pa) / (tb - ta))
    }
}

/// A motion being played: where it is and how it goes on.
#[derive(Clone, Debug)]
pub struct Playback {
    pub file: MotionFile,
    /// Milliseconds into the motion.
    pub elapsed: i32,
    pub playing: bool,
    pub reverse: bool,
    pub looping: bool,
}

impl Playback {
    pub fn new(file: MotionFile) -> Playback {
        Playback { file, elapsed: 0, playing: false, reverse: false, looping: false }
    }

    /// Starts playing, from the other end if the motion is at the end it plays towards.
    pub fn play(&mut self) {
        self.playing = true;
        let duration = self.file.duration();
        if self.reverse && self.elapsed <= 0 {
            self.elapsed = duration;
        } else if !self.reverse && self.elapsed >= duration {
            self.elapsed = 0;
        }
    }

    /// Moves to `time`, clamped to the motion.
    pub fn set_time(&mut self, time: i32) {
        self.elapsed = time.clamp(0, self.file.duration());
    }

    /// Whether a non-looping motion reached the end it plays towards.
    pub fn is_over(&self) -> bool {
        !self.looping && if self.reverse { self.elapsed <= 0 } else { self.elapsed >= self.file.duration() }
    }

    /// One step of `millis` ms: the joints' positions now (to be sent to the motors), then time moves
    /// on; at an end the motion loops or stops there.
    pub fn step(&mut self, millis: i32) -> Vec<Option<f64>> {
        let positions = (0..self.file.joints.len()).map(|j| self.file.position(j, self.elapsed)).collect();
        let duration = self.file.duration();
        if self.reverse {
            if self.elapsed <= 0 {
                if self.looping {
                    self.elapsed = duration;
                } else {
                    self.elapsed = 0;
                    self.playing = false;
                }
            } else {
                self.elapsed -= millis;
            }
        } else if self.elapsed >= duration {
            if self.looping {
                self.elapsed = 0;
            } else {
                self.elapsed = duration;
                self.playing = false;
            }
        } else {
            self.elapsed += millis;
        }
        positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WAVE: &str = "#WEBOTS_MOTION,V1.0,a,b\n00:00:000,start,0,1\n00:00:100,up,1,*\n00:01:000,down,-1,3\n";

    #[test]
    fn parses_joints_times_and_values() {
        let m = MotionFile::parse(WAVE, "wave.motion").unwrap();
        assert_eq!(m.joints, ["a", "b"]);
        assert_eq!(m.times, [0, 100, 1000]);
        assert_eq!(m.positions[1], [Some(1.0), None]);
        assert_eq!(m.duration(), 1000);
    }

    #[test]
    fn times_take_minutes_seconds_and_milliseconds() {
        assert_eq!(parse_time("250"), Some(250));
        assert_eq!(parse_time("2:250"), Some(2250));
        assert_eq!(parse_time("1:02:003"), Some(62_003));
        for bad in ["", "1::", "a", "1:2:3:4", "-5", "1.5"] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn numbers_read_like_scanf() {
        assert_eq!(parse_number("0.5"), Some(0.5));
        assert_eq!(parse_number("-1e-3rad"), Some(-0.001));
        assert_eq!(parse_number("x1"), None);
    }

    #[test]
    fn interpolates_between_poses_and_holds_at_the_ends() {
        let m = MotionFile::parse(WAVE, "wave.motion").unwrap();
        assert_eq!(m.position(0, -5), Some(0.0));
        assert_eq!(m.position(0, 50), Some(0.5));
        assert_eq!(m.position(0, 550), Some(0.0));
        assert_eq!(m.position(0, 5000), Some(-1.0));
        assert_eq!(m.position(1, 50), None);
        assert_eq!(m.position(1, 100), None);
        assert_eq!(m.position(1, 1000), Some(3.0));
    }

    #[test]
    fn errors_are_webots_messages() {
        let err = |text: &str| MotionFile::parse(text, "f.motion").unwrap_err();
        assert_eq!(err(""), "Error: wbu_motion_new(): file 'f.motion' is empty.");
        assert_eq!(err("#WEBOTS_MOTION\n"), "Error: wbu_motion_new(): unexpected end of file 'f.motion'.");
        assert_eq!(err("MOTION,V1.0,a\n"), "Error: wbu_motion_new(): invalid motion file header in file 'f.motion'.");
        assert_eq!(
            err("#WEBOTS_MOTION,V2,a\n"),
            "Error: wbu_motion_new(): unsupported version number 'V2' in motion file 'f.motion'."
        );
        assert_eq!(
            err("#WEBOTS_MOTION,V1.0,a\n0,p,1\n0,q,2\n"),
            "Error: wbu_motion_new(): illegal (non-increasing) time sequence detected in file 'f.motion', line 3."
        );
        assert_eq!(
            err("#WEBOTS_MOTION,V1.0,a\nsoon,p,1\n"),
            "Error: wbu_motion_new(): expected <time value> but found 'soon', in file 'f.motion', line 2."
        );
        assert_eq!(
            err("#WEBOTS_MOTION,V1.0,a\n0\n"),
            "Error: wbu_motion_new(): pose name expected in file 'f.motion', line 2."
        );
        assert_eq!(
            err("#WEBOTS_MOTION,V1.0,a,b\n0,p,1\n"),
            "Error: wbu_motion_new(): missing data in file 'f.motion', line 2."
        );
        assert_eq!(
            err("#WEBOTS_MOTION,V1.0,a\n0,p,up\n"),
            "Error: wbu_motion_new(): expected <double value>, but found 'up', in file 'f.motion', line 2."
        );
        assert_eq!(
            err("#WEBOTS_MOTION,V1.0,a\n0,p,1,2\n"),
            "Error: wbu_motion_new(): unexpected extra data '2', in file 'f.motion', line 2."
        );
    }

    #[test]
    fn an_empty_line_ends_the_poses() {
        let m = MotionFile::parse("#WEBOTS_MOTION,V1.0,a\n0,p,1\n\n50,q,2\n", "f").unwrap();
        assert_eq!(m.times, [0]);
    }

    #[test]
    fn playback_steps_loops_and_reverses() {
        let mut p = Playback::new(MotionFile::parse(WAVE, "w").unwrap());
        p.play();
        assert_eq!(p.step(400)[0], Some(0.0));
        assert_eq!(p.elapsed, 400);
        p.step(400);
        p.step(400);
        assert_eq!(p.elapsed, 1200);
        assert_eq!(p.step(400)[0], Some(-1.0));
        assert_eq!((p.elapsed, p.playing, p.is_over()), (1000, false, true));
        p.reverse = true;
        p.play();
        assert_eq!(p.elapsed, 1000);
        p.set_time(50);
        p.step(100);
        assert_eq!(p.elapsed, -50);
        p.looping = true;
        assert!(!p.is_over());
        p.step(100);
        assert_eq!(p.elapsed, 1000);
        p.set_time(-3);
        assert_eq!(p.elapsed, 0);
        p.set_time(99_999);
        assert_eq!(p.elapsed, 1000);
    }
}
