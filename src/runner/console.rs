//! The run's merged output, in an order that does not depend on the OS: each line a controller prints
//! belongs to a step, and lines are written ordered by step, then robot (world order), then the order
//! the robot wrote them (its stdout lines, then its stderr lines and the runner's notes about it).
//!
//! Which step a line belongs to: the controller library flushes the controller's output before every
//! request, and the runner reads a robot's pipes to their end before it handles that robot's request.
//! So the lines read while a robot computes (answered at step `e`, its next request not yet handled)
//! are the lines it printed between two of its `wb_robot_step` calls: they belong to `e`. Lines that
//! arrive while a robot waits for its answer (printed by a thread, or between `wb_robot_step_begin`
//! and `wb_robot_step_end`) belong to the step it is next answered at. Steps are counted by the
//! runner (`epoch`: one per basic time step the world advances), so a simulation reset, which sends
//! the time back to 0, does not reorder anything.
//!
//! Lines are written as soon as nothing can come before them: the robot at the frontier (the first
//! one not done with the oldest unfinished step) streams its stdout; other lines wait, at most
//! `HOLD` bytes per robot before the runner stops reading that robot (`wants_more`). The robot at the
//! frontier never waits, so every robot eventually gets its turn. A robot at the frontier that
//! writes more than `HOLD` bytes of stderr in one step has its stderr written early (out of order)
//! rather than held without bound.
//!
//! `live` mode writes every line as soon as it is read, in arrival order (interactive use).

use std::collections::VecDeque;

use crate::world::scene::clip_name;

/// Bytes held per robot before its pipes are no longer read.
pub const HOLD: usize = 1 << 20;
/// A line longer than this is written in pieces.
pub const MAX_LINE: usize = 1 << 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Out,
    Err,
}

/// How the lines look. `Shim`: `[robot name] line`, the runner's notes as `webots-shim: ...` on stderr.
/// `Webots`: Webots' console as `webots --stdout --stderr` writes it: a controller's lines as they are,
/// each stream only when it is redirected, the runner's notes as `INFO: ...` (with `--stdout`, on stdout)
/// and `WARNING: ...` (with `--stderr`, on stderr), as Webots' log does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Style {
    Shim,
    Webots { stdout: bool, stderr: bool },
}

impl Style {
    fn prefix(self, name: &str) -> Vec<u8> {
        match self {
            Style::Shim => format!("[{}] ", clip_name(name)).into_bytes(),
            Style::Webots { .. } => Vec::new(),
        }
    }

    /// Whether a controller's lines on `stream` are written at all.
    fn shows(self, stream: Stream) -> bool {
        match (self, stream) {
            (Style::Shim, _) => true,
            (Style::Webots { stdout, .. }, Stream::Out) => stdout,
            (Style::Webots { stderr, .. }, Stream::Err) => stderr,
        }
    }

    /// A runner note as a line, and its stream; `None` when this style does not show it.
    fn note(self, info: bool, message: &str) -> Option<(Stream, Vec<u8>)> {
        match self {
            Style::Shim => Some((Stream::Err, format!("webots-shim: {message}\n").into_bytes())),
            Style::Webots { stdout, .. } if info => {
                stdout.then(|| (Stream::Out, format!("INFO: {message}\n").into_bytes()))
            }
            Style::Webots { stderr, .. } => stderr.then(|| {
                let message = message.strip_prefix("warning: ").unwrap_or(message);
                (Stream::Err, format!("WARNING: {message}\n").into_bytes())
            }),
        }
    }
}

/// Where lines go: `text` is a whole line, with its newline.
pub trait Sink {
    fn write_line(&mut self, stream: Stream, text: &[u8]);
}

/// The runner's own stdout and stderr.
pub struct StdSink;

impl Sink for StdSink {
    fn write_line(&mut self, stream: Stream, text: &[u8]) {
        use std::io::Write;
        let _ = match stream {
            Stream::Out => std::io::stdout().lock().write_all(text),
            Stream::Err => std::io::stderr().lock().write_all(text),
        };
    }
}

/// Where a robot's controller stands, for its output.
#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    /// No output expected (no controller, an extern one): lines are written as they come.
    Idle,
    /// Computing since it was answered at this epoch (or started): its lines belong there.
    Active(u64),
    /// Waiting for its answer: lines are kept until it is answered.
    Waiting,
    /// It left at this epoch; its last lines (and how it ended) are still to come.
    Closing(u64),
    /// Gone: anything still read is written as soon as it can be.
    Gone,
}

#[derive(Debug)]
struct Line {
    epoch: u64,
    text: Vec<u8>,
}

#[derive(Debug)]
struct Feed {
    prefix: Vec<u8>,
    state: State,
    /// An unfinished line per stream.
    partial: [Vec<u8>; 2],
    out: VecDeque<Line>,
    /// The robot's stderr lines and the runner's notes about it.
    err: VecDeque<Line>,
    /// Lines completed while it waits for its answer.
    unstamped: Vec<(Stream, Vec<u8>)>,
    held: usize,
}

impl Feed {
    fn new(prefix: Vec<u8>, state: State) -> Feed {
        Feed {
            prefix,
            state,
            partial: [Vec::new(), Vec::new()],
            out: VecDeque::new(),
            err: VecDeque::new(),
            unstamped: Vec::new(),
            held: 0,
        }
    }

    /// It can print nothing more that belongs to `epoch`.
    fn done_with(&self, epoch: u64) -> bool {
        match self.state {
            State::Idle | State::Gone | State::Waiting => true,
            State::Active(e) | State::Closing(e) => e > epoch,
        }
    }

    fn queue(&mut self, stream: Stream) -> &mut VecDeque<Line> {
        match stream {
            Stream::Out => &mut self.out,
            Stream::Err => &mut self.err,
        }
    }
}

pub struct Console<S: Sink> {
    sink: S,
    live: bool,
    style: Style,
    feeds: Vec<Feed>,
    /// The world's current epoch.
    epoch: u64,
    /// Everything before (`front_epoch`, `front_robot`) is written.
    front_epoch: u64,
    front_robot: usize,
    /// The runner's messages about the world, written after every robot's lines of their epoch.
    world: VecDeque<Line>,
    /// While a replay is recorded: every robot line (robot, epoch, stderr, text), shown or not.
    tap: Option<Vec<Tapped>>,
}

/// A robot's line as a replay keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tapped {
    pub robot: usize,
    pub epoch: u64,
    /// Its stderr, or a runner message about it.
    pub err: bool,
    pub text: Vec<u8>,
}

impl<S: Sink> Console<S> {
    /// One feed per robot of the world: `Some(name)` for a robot whose controller the runner starts
    /// (its output is expected from epoch 0), `None` for the others.
    pub fn new(robots: &[Option<&str>], live: bool, style: Style, sink: S) -> Console<S> {
        let feeds = robots
            .iter()
            .map(|r| match r {
                Some(name) => Feed::new(style.prefix(name), State::Active(0)),
                None => Feed::new(Vec::new(), State::Idle),
            })
            .collect();
        Console {
            sink,
            live,
            style,
            feeds,
            epoch: 0,
            front_epoch: 0,
            front_robot: 0,
            world: VecDeque::new(),
            tap: None,
        }
    }

    /// Robot `robot` starts a new controller now (imported, or restarted): its feed starts over at the
    /// current epoch, after what its previous controller printed.
    pub fn add_robot(&mut self, robot: usize, name: Option<&str>) {
        if robot < self.feeds.len() {
            self.gone(robot);
        }
        while self.feeds.len() <= robot {
            self.feeds.push(Feed::new(Vec::new(), State::Idle));
        }
        // what the previous controller printed and is not written yet stays queued, first
        let fresh = match name {
            Some(name) => Feed::new(self.style.prefix(name), State::Active(self.epoch)),
            None => Feed::new(Vec::new(), State::Idle),
        };
        let feed = &mut self.feeds[robot];
        feed.prefix = fresh.prefix;
        feed.state = fresh.state;
    }

    /// A new world's robots in place of the old ones (all gone): everything of the old ones is written
    /// first.
    pub fn new_world(&mut self, robots: &[Option<&str>]) {
        for robot in 0..self.feeds.len() {
            self.gone(robot);
        }
        self.feeds.clear();
        for (robot, name) in robots.iter().enumerate() {
            self.add_robot(robot, *name);
        }
        self.front_robot = 0;
        self.advance();
    }

    /// Keeps every robot line from now on for a replay (`on`), or no more.
    pub fn set_tap(&mut self, on: bool) {
        if on != self.tap.is_some() {
            self.tap = on.then(Vec::new);
        }
    }

    /// The lines kept since the last call (see `set_tap`).
    pub fn take_tapped(&mut self) -> Vec<Tapped> {
        self.tap.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// A new epoch: the world advanced a step, or robots waiting for time were answered (the run
    /// ended). `answered` are the robots answered there: what they print now belongs to it.
    pub fn round(&mut self, epoch: u64, answered: &[usize]) {
        self.epoch = epoch;
        for &robot in answered {
            let feed = &mut self.feeds[robot];
            if matches!(feed.state, State::Waiting | State::Active(_)) {
                feed.state = State::Active(epoch);
                for (stream, text) in std::mem::take(&mut feed.unstamped) {
                    self.feeds[robot].held -= text.len();
                    self.complete(robot, stream, text);
                }
            }
        }
        self.advance();
    }

    /// Bytes a robot's controller wrote on `stream`.
    pub fn read(&mut self, robot: usize, stream: Stream, mut bytes: &[u8]) {
        let s = stream as usize;
        while !bytes.is_empty() {
            let feed = &mut self.feeds[robot];
            let room = MAX_LINE - feed.partial[s].len();
            let (piece, rest, ended) = match bytes[..bytes.len().min(room)].iter().position(|&b| b == b'\n') {
                Some(i) => (&bytes[..i], &bytes[i + 1..], true),
                None if bytes.len() >= room => (&bytes[..room], &bytes[room..], true),
                None => (bytes, &bytes[bytes.len()..], false),
            };
            feed.partial[s].extend_from_slice(piece);
            feed.held += piece.len();
            bytes = rest;
            if ended {
                let text = std::mem::take(&mut feed.partial[s]);
                feed.held -= text.len();
                self.complete(robot, stream, text);
            }
        }
        self.advance();
    }

    /// Whether the runner should read more of this robot's output now.
    pub fn wants_more(&self, robot: usize) -> bool {
        self.live || self.feeds[robot].held < HOLD
    }

    /// The robot sent a step request that waits for time to pass (its pipes were read to their end
    /// first). A request answered at once changes nothing: the robot goes on in the same epoch.
    pub fn requested(&mut self, robot: usize) {
        if matches!(self.feeds[robot].state, State::Active(_)) {
            self.feeds[robot].state = State::Waiting;
            self.advance();
        }
    }

    /// The robot left the run (exit request, closed connection, killed): its last lines and its end
    /// are still to come, and belong where it stands.
    pub fn leaving(&mut self, robot: usize) {
        let feed = &mut self.feeds[robot];
        match feed.state {
            State::Active(e) => feed.state = State::Closing(e),
            State::Waiting => {
                feed.state = State::Closing(self.epoch);
                for (stream, text) in std::mem::take(&mut feed.unstamped) {
                    self.feeds[robot].held -= text.len();
                    self.complete(robot, stream, text);
                }
            }
            _ => {}
        }
        self.advance();
    }

    /// The robot is gone: its unfinished lines end here, and nothing more is waited for.
    pub fn gone(&mut self, robot: usize) {
        if matches!(self.feeds[robot].state, State::Idle) {
            return;
        }
        for stream in [Stream::Out, Stream::Err] {
            let text = std::mem::take(&mut self.feeds[robot].partial[stream as usize]);
            if !text.is_empty() {
                self.feeds[robot].held -= text.len();
                self.complete(robot, stream, text);
            }
        }
        let epoch = self.epoch;
        for (stream, text) in std::mem::take(&mut self.feeds[robot].unstamped) {
            self.feeds[robot].held -= text.len();
            self.place(robot, stream, epoch, text);
        }
        self.feeds[robot].state = State::Gone;
        self.advance();
    }

    /// A runner message about a robot (a warning, on stderr), after what the robot printed so far.
    pub fn note(&mut self, robot: usize, message: &str) {
        self.robot_note(robot, false, message);
    }

    /// A runner message about a robot that is news, not trouble (Webots' `INFO:` lines).
    pub fn info(&mut self, robot: usize, message: &str) {
        self.robot_note(robot, true, message);
    }

    fn robot_note(&mut self, robot: usize, info: bool, message: &str) {
        let epoch = match self.feeds[robot].state {
            State::Active(e) | State::Closing(e) => e,
            _ => self.epoch,
        };
        if let Some(tap) = &mut self.tap {
            tap.push(Tapped { robot, epoch, err: true, text: format!("webots-shim: {message}").into_bytes() });
        }
        if let Some((stream, text)) = self.style.note(info, message) {
            self.place_text(robot, stream, epoch, text);
            self.advance();
        }
    }

    /// A runner message about the world (on stderr), after the robots' lines of the current epoch.
    pub fn world_note(&mut self, message: &str) {
        let Some((stream, text)) = self.style.note(false, message) else { return };
        if self.live || self.epoch < self.front_epoch {
            self.sink.write_line(stream, &text);
        } else {
            self.world.push_back(Line { epoch: self.epoch, text });
            self.advance();
        }
    }

    /// The run is over: everything still held is written, in order.
    pub fn finish(&mut self) {
        for robot in 0..self.feeds.len() {
            self.gone(robot);
        }
        self.epoch = u64::MAX;
        self.advance();
    }

    /// A whole line (without its newline) the robot printed on `stream`.
    fn complete(&mut self, robot: usize, stream: Stream, text: Vec<u8>) {
        match self.feeds[robot].state {
            State::Waiting => {
                self.feeds[robot].held += text.len();
                self.feeds[robot].unstamped.push((stream, text));
            }
            State::Active(e) | State::Closing(e) => self.place(robot, stream, e, text),
            State::Idle | State::Gone => {
                let epoch = self.epoch;
                self.place(robot, stream, epoch, text)
            }
        }
    }

    fn place(&mut self, robot: usize, stream: Stream, epoch: u64, line: Vec<u8>) {
        if let Some(tap) = &mut self.tap {
            tap.push(Tapped { robot, epoch, err: stream == Stream::Err, text: line.clone() });
        }
        if !self.style.shows(stream) {
            return;
        }
        let feed = &self.feeds[robot];
        let mut text = Vec::with_capacity(feed.prefix.len() + line.len() + 1);
        text.extend_from_slice(&feed.prefix);
        text.extend_from_slice(&line);
        text.push(b'\n');
        self.place_text(robot, stream, epoch, text);
    }

    /// Writes `text` now if nothing can come before it, else queues it.
    fn place_text(&mut self, robot: usize, stream: Stream, epoch: u64, text: Vec<u8>) {
        let written = (epoch, robot) < (self.front_epoch, self.front_robot);
        let streaming = (epoch, robot) == (self.front_epoch, self.front_robot)
            && stream == Stream::Out
            && self.feeds[robot].out.is_empty();
        if self.live || written || streaming {
            self.sink.write_line(stream, &text);
            return;
        }
        let feed = &mut self.feeds[robot];
        feed.held += text.len();
        feed.queue(stream).push_back(Line { epoch, text });
        if (epoch, robot) == (self.front_epoch, self.front_robot) && feed.held >= HOLD {
            // the robot everyone waits for must never be held back: its stderr goes out early
            self.write_queued(robot, Stream::Err, epoch);
        }
    }

    /// Writes a robot's queued lines of `stream` up to `epoch`.
    fn write_queued(&mut self, robot: usize, stream: Stream, epoch: u64) {
        loop {
            let feed = &mut self.feeds[robot];
            let Some(line) = feed.queue(stream).front() else { break };
            if line.epoch > epoch {
                break;
            }
            let line = feed.queue(stream).pop_front().expect("a front line");
            feed.held -= line.text.len();
            self.sink.write_line(stream, &line.text);
        }
    }

    /// Moves the frontier as far as the robots allow, writing what it passes.
    fn advance(&mut self) {
        loop {
            if self.front_robot < self.feeds.len() {
                let (robot, epoch) = (self.front_robot, self.front_epoch);
                self.write_queued(robot, Stream::Out, epoch);
                if !self.feeds[robot].done_with(epoch) {
                    return;
                }
                self.write_queued(robot, Stream::Err, epoch);
                self.front_robot += 1;
                continue;
            }
            while self.world.front().is_some_and(|l| l.epoch <= self.front_epoch) {
                let line = self.world.pop_front().expect("a front line");
                self.sink.write_line(Stream::Err, &line.text);
            }
            if self.front_epoch >= self.epoch {
                return;
            }
            // skip the epochs where nothing waits
            let next = self
                .feeds
                .iter()
                .filter_map(|f| {
                    let queued = [f.out.front(), f.err.front()].into_iter().flatten().map(|l| l.epoch).min();
                    let busy = match f.state {
                        State::Active(e) | State::Closing(e) => Some(e),
                        _ => None,
                    };
                    [queued, busy].into_iter().flatten().min()
                })
                .chain(self.world.front().map(|l| l.epoch))
                .min()
                .unwrap_or(self.epoch)
                .clamp(self.front_epoch + 1, self.epoch);
            self.front_epoch = next;
            self.front_robot = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Lines(Vec<String>);

    impl Sink for Lines {
        fn write_line(&mut self, stream: Stream, text: &[u8]) {
            let tag = if stream == Stream::Out { "out" } else { "err" };
            self.0.push(format!("{tag} {}", String::from_utf8_lossy(text).trim_end()));
        }
    }

    fn console(n: usize) -> Console<Lines> {
        let names: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
        let robots: Vec<Option<&str>> = names.iter().map(|n| Some(n.as_str())).collect();
        Console::new(&robots, false, Style::Shim, Lines::default())
    }

    fn written(c: &Console<Lines>) -> Vec<&str> {
        c.sink().0.iter().map(String::as_str).collect()
    }

    #[test]
    fn lines_come_out_by_step_then_robot_whatever_order_they_are_read_in() {
        let mut c = console(2);
        // r1 speaks first, then r0
        c.read(1, Stream::Out, b"one from r1\n");
        c.read(0, Stream::Err, b"warning from r0\n");
        c.read(0, Stream::Out, b"zero from r0\n");
        assert_eq!(written(&c), ["out [r0] zero from r0"], "r0 is the frontier: its stdout streams");
        c.requested(1);
        c.requested(0);
        assert_eq!(written(&c), ["out [r0] zero from r0", "err [r0] warning from r0", "out [r1] one from r1"]);
        // the world steps: both answered at epoch 1
        c.round(1, &[0, 1]);
        c.read(1, Stream::Out, b"r1 at 1\n");
        c.read(0, Stream::Out, b"r0 at 1\n");
        c.requested(0);
        c.requested(1);
        assert_eq!(&written(&c)[3..], ["out [r0] r0 at 1", "out [r1] r1 at 1"]);
    }

    #[test]
    fn lines_read_while_a_robot_waits_belong_to_the_step_it_is_next_answered_at() {
        let mut c = console(2);
        c.requested(0);
        c.read(0, Stream::Out, b"from a thread\n");
        c.read(1, Stream::Out, b"r1 at 0\n");
        c.requested(1);
        assert_eq!(written(&c), ["out [r1] r1 at 0"]);
        // r1 steps 32 ms, r0 64 ms
        c.round(1, &[1]);
        c.read(1, Stream::Out, b"r1 at 1\n");
        c.requested(1);
        assert_eq!(written(&c), ["out [r1] r1 at 0", "out [r1] r1 at 1"]);
        c.round(2, &[0, 1]);
        c.read(1, Stream::Out, b"r1 at 2\n");
        c.read(0, Stream::Out, b"r0 at 2\n");
        c.requested(1);
        c.requested(0);
        assert_eq!(&written(&c)[2..], ["out [r0] from a thread", "out [r0] r0 at 2", "out [r1] r1 at 2"]);
    }

    #[test]
    fn a_restarted_robot_keeps_its_old_lines_first_and_a_new_world_writes_everything_before() {
        let mut c = console(2);
        // r0 waits at the frontier; r1 prints, is restarted and prints again
        c.read(1, Stream::Out, b"old r1\n");
        c.note(1, "restarting r1");
        c.add_robot(1, Some("r1"));
        c.read(1, Stream::Out, b"new r1\n");
        // an imported robot joins as r2
        c.add_robot(2, Some("r2"));
        c.read(2, Stream::Out, b"r2 here\n");
        assert!(written(&c).is_empty(), "r0 is the frontier: {:?}", written(&c));
        c.requested(0);
        c.requested(1);
        c.requested(2);
        assert_eq!(
            written(&c),
            ["out [r1] old r1", "out [r1] new r1", "err webots-shim: restarting r1", "out [r2] r2 here"]
        );
        c.round(1, &[0, 1, 2]);
        c.read(0, Stream::Out, b"r0 at 1\n");
        c.new_world(&[Some("n0")]);
        c.read(0, Stream::Out, b"n0 at 1\n");
        assert_eq!(&written(&c)[4..], ["out [r0] r0 at 1", "out [n0] n0 at 1"]);
    }

    #[test]
    fn a_robot_that_leaves_has_its_last_lines_and_its_end_in_place() {
        let mut c = console(2);
        c.read(0, Stream::Out, b"bye");
        c.leaving(0);
        c.read(1, Stream::Out, b"r1 still here\n");
        c.requested(1);
        c.round(1, &[1]);
        c.read(1, Stream::Out, b"r1 at 1\n");
        assert!(written(&c).is_empty(), "r0's end is not known yet: {:?}", written(&c));
        c.note(0, "'r0' controller exited successfully");
        c.gone(0);
        assert_eq!(
            written(&c),
            [
                "out [r0] bye",
                "err webots-shim: 'r0' controller exited successfully",
                "out [r1] r1 still here",
                "out [r1] r1 at 1"
            ]
        );
    }

    #[test]
    fn world_notes_follow_the_robots_of_their_step() {
        let mut c = console(1);
        c.read(0, Stream::Err, b"e\n");
        c.world_note("warning: something");
        c.requested(0);
        assert_eq!(written(&c), ["err [r0] e", "err webots-shim: warning: something"]);
    }

    #[test]
    fn long_lines_are_cut_and_a_robot_far_behind_the_frontier_is_no_longer_read() {
        let mut c = console(2);
        c.read(1, Stream::Out, &vec![b'x'; MAX_LINE + 10]);
        assert!(c.wants_more(1));
        c.read(1, Stream::Out, &vec![b'y'; HOLD]);
        assert!(!c.wants_more(1), "r1 holds more than HOLD bytes while r0 computes");
        c.requested(0);
        assert!(c.wants_more(1), "r1 is the frontier now: its lines are written");
        let w = written(&c);
        assert_eq!(w[0].len(), "out [r1] ".len() + MAX_LINE);
        assert_eq!(w.len(), 1 + (HOLD + 10) / MAX_LINE);
    }

    #[test]
    fn the_frontier_robot_s_stderr_goes_out_early_rather_than_without_bound() {
        let mut c = console(1);
        for _ in 0..(HOLD / 1000 + 1) {
            c.read(0, Stream::Err, &[b'e'; 999]);
            c.read(0, Stream::Err, b"\n");
        }
        assert!(c.wants_more(0));
        assert!(!written(&c).is_empty());
    }

    #[test]
    fn finish_writes_everything_left_in_order() {
        let mut c = console(3);
        c.read(2, Stream::Out, b"two");
        c.read(1, Stream::Err, b"one\n");
        c.read(0, Stream::Out, b"zero\n");
        c.finish();
        assert_eq!(written(&c), ["out [r0] zero", "err [r1] one", "out [r2] two"]);
    }

    #[test]
    fn live_mode_writes_as_it_reads() {
        let mut c = Console::new(&[Some("a"), Some("b")], true, Style::Shim, Lines::default());
        c.read(1, Stream::Out, b"b first\n");
        c.read(0, Stream::Out, b"a second\n");
        assert_eq!(written(&c), ["out [b] b first", "out [a] a second"]);
    }
}
