//! Emitter and Receiver as a Webots user sees them: C controllers in small worlds, run through the
//! runner, checked against the behaviour of Webots' libController and simulator (channels, media, own
//! robot, order, range, geometry, buffers, infra-red cones and obstacles, sampling, baud rate, misuse
//! messages, determinism, allowedChannels).
//!
//! Most robots run `tests/c/er_script.c`, which performs timed operations given as controllerArgs and
//! logs every send and every received packet; the tests compare whole logs. Timing rule (basic step
//! 32 ms): a packet sent after the step that returned at t is in the queue of a receiver enabled with
//! period 32 right after that receiver's step returning at t+32, never earlier.

mod common;

use std::fmt;

use common::{Project, RunOutput};

const SCRIPT: &str = "er_script";
const HALF_PI: f64 = std::f64::consts::FRAC_PI_2;
const PI: f64 = std::f64::consts::PI;

// ---------------------------------------------------------------------------------------------------
// worlds

fn header() -> String {
    "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n".to_string()
}

fn list(values: &[i32]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

/// An Emitter node with every field spelled out.
#[derive(Clone)]
struct Em {
    name: String,
    kind: String,
    channel: i32,
    range: f64,
    max_range: f64,
    buffer_size: i32,
    aperture: f64,
    baud_rate: f64,
    byte_size: i32,
    allowed: Vec<i32>,
    translation: String,
    rotation: String,
}

fn em(kind: &str, channel: i32) -> Em {
    Em {
        name: "emitter".into(),
        kind: kind.into(),
        channel,
        range: -1.0,
        max_range: -1.0,
        buffer_size: -1,
        aperture: -1.0,
        baud_rate: -1.0,
        byte_size: 8,
        allowed: vec![],
        translation: "0 0 0".into(),
        rotation: "0 0 1 0".into(),
    }
}

impl Em {
    fn name(mut self, name: &str) -> Em {
        self.name = name.into();
        self
    }
    fn range(mut self, range: f64, max_range: f64) -> Em {
        self.range = range;
        self.max_range = max_range;
        self
    }
    fn buffer(mut self, size: i32) -> Em {
        self.buffer_size = size;
        self
    }
    fn aperture(mut self, aperture: f64) -> Em {
        self.aperture = aperture;
        self
    }
    fn baud(mut self, baud_rate: f64, byte_size: i32) -> Em {
        self.baud_rate = baud_rate;
        self.byte_size = byte_size;
        self
    }
    fn allowed(mut self, allowed: &[i32]) -> Em {
        self.allowed = allowed.to_vec();
        self
    }
    fn at(mut self, translation: &str) -> Em {
        self.translation = translation.into();
        self
    }
}

impl fmt::Display for Em {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "Emitter {{ translation {} rotation {} name \"{}\" type \"{}\" channel {} range {} maxRange {} \
             bufferSize {} aperture {} baudRate {} byteSize {} allowedChannels [ {} ] }}",
            self.translation,
            self.rotation,
            self.name,
            self.kind,
            self.channel,
            self.range,
            self.max_range,
            self.buffer_size,
            self.aperture,
            self.baud_rate,
            self.byte_size,
            list(&self.allowed)
        )
    }
}

/// A Receiver node with every field spelled out.
#[derive(Clone)]
struct Rx {
    name: String,
    kind: String,
    channel: i32,
    buffer_size: i32,
    aperture: f64,
    allowed: Vec<i32>,
}

fn rx(kind: &str, channel: i32) -> Rx {
    Rx { name: "receiver".into(), kind: kind.into(), channel, buffer_size: -1, aperture: -1.0, allowed: vec![] }
}

impl Rx {
    fn buffer(mut self, size: i32) -> Rx {
        self.buffer_size = size;
        self
    }
    fn aperture(mut self, aperture: f64) -> Rx {
        self.aperture = aperture;
        self
    }
    fn allowed(mut self, allowed: &[i32]) -> Rx {
        self.allowed = allowed.to_vec();
        self
    }
}

impl fmt::Display for Rx {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "Receiver {{ name \"{}\" type \"{}\" channel {} bufferSize {} aperture {} signalStrengthNoise 0 \
             directionNoise 0 allowedChannels [ {} ] }}",
            self.name,
            self.kind,
            self.channel,
            self.buffer_size,
            self.aperture,
            list(&self.allowed)
        )
    }
}

/// A robot running `controller` with `args`, at `translation` (x y z) turned by `rotation` (axis, angle).
fn robot_with(
    controller: &str,
    name: &str,
    translation: &str,
    rotation: &str,
    args: &[&str],
    children: &[String],
) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        "Robot {{\n  translation {translation}\n  rotation {rotation}\n  name \"{name}\"\n  \
         controller \"{controller}\"\n  controllerArgs [ {} ]\n  children [\n    {}\n  ]\n}}\n",
        args.join(" "),
        children.join("\n    ")
    )
}

/// A robot running the script controller.
fn bot(name: &str, translation: &str, args: &[&str], children: &[String]) -> String {
    robot_with(SCRIPT, name, translation, "0 0 1 0", args, children)
}

/// A turned robot running the script controller.
fn turned_bot(name: &str, translation: &str, rotation: &str, args: &[&str], children: &[String]) -> String {
    robot_with(SCRIPT, name, translation, rotation, args, children)
}

fn world(robots: &[String]) -> String {
    header() + &robots.concat()
}

// ---------------------------------------------------------------------------------------------------
// logs

/// The script controller's quoting: printable ASCII as is, other bytes (and `"`, `\`) as `\xNN`.
fn quote(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02x}"));
        }
    }
    s.push('"');
    s
}

/// `sendn:<n>`'s payload.
fn pattern(n: usize) -> Vec<u8> {
    (0..n).map(|i| b'a' + (i % 26) as u8).collect()
}

fn ints(a: i32, b: i32) -> Vec<u8> {
    [a.to_ne_bytes(), b.to_ne_bytes()].concat()
}

fn got(t: u32, payload: &[u8]) -> String {
    format!("t={t} got {}", quote(payload))
}

fn sent(t: u32, payload: &[u8], result: i32) -> String {
    format!("t={t} send {} -> {result}", quote(payload))
}

fn s(line: &str) -> String {
    line.to_string()
}

fn run(p: &Project, wbt: &str, text: &str, until: &str) -> RunOutput {
    p.world(wbt, text);
    let out = p.run(wbt, &["--until", until]);
    assert!(out.status.success(), "runner failed ({:?}):\n{}\n--- stderr:\n{}", out.status, out.stdout, out.stderr);
    out
}

fn project_with(controllers: &[&str]) -> Project {
    let p = Project::new();
    for c in controllers {
        p.controller(c, c);
    }
    p
}

/// The robot's whole log is `expected` followed by the script's final `PASS script`.
#[track_caller]
fn assert_log(out: &RunOutput, robot: &str, expected: &[String]) {
    let mut want: Vec<String> = expected.to_vec();
    want.push(s("PASS script"));
    let lines = out.robot_lines(robot);
    assert!(
        lines == want,
        "log of robot '{robot}':\n{}\n--- expected:\n{}\n--- whole stdout:\n{}\n--- stderr:\n{}",
        lines.join("\n"),
        want.join("\n"),
        out.stdout,
        out.stderr
    );
}

/// stderr lines printed by one robot's controller, without the `[robot] ` prefix.
fn robot_errors(out: &RunOutput, robot: &str) -> Vec<String> {
    let prefix = format!("[{robot}] ");
    out.stderr.lines().filter_map(|l| l.strip_prefix(&prefix)).map(str::to_string).collect()
}

#[track_caller]
fn assert_no_errors(out: &RunOutput, robots: &[&str]) {
    for r in robots {
        assert!(robot_errors(out, r).is_empty(), "robot '{r}' printed on stderr:\n{}", out.stderr);
    }
}

/// A `geo` log line: payload, direction and signal strength.
#[track_caller]
fn parse_geo(line: &str) -> (String, [f64; 3], f64) {
    let (head, rest) = line.split_once(" dir=").unwrap_or_else(|| panic!("no direction in {line:?}"));
    let (dir, sig) = rest.split_once(" sig=").unwrap();
    let d: Vec<f64> = dir.split(',').map(|v| v.parse().unwrap()).collect();
    (head.to_string(), [d[0], d[1], d[2]], sig.parse().unwrap())
}

#[track_caller]
fn assert_geo(out: &RunOutput, robot: &str, head: &str, dir: [f64; 3], signal: f64) {
    let lines = out.robot_lines(robot);
    assert_eq!(lines.len(), 2, "robot '{robot}': {lines:?}\n{}", out.stderr);
    let (h, d, sig) = parse_geo(&lines[0]);
    assert_eq!(h, head, "robot '{robot}'");
    for k in 0..3 {
        assert!((d[k] - dir[k]).abs() < 1e-9, "robot '{robot}': direction {d:?}, expected {dir:?}");
    }
    assert!((sig - signal).abs() < 1e-9, "robot '{robot}': signal {sig}, expected {signal}");
    assert_eq!(lines[1], "PASS script");
}

// ---------------------------------------------------------------------------------------------------
// 1-2. radio and serial: channels, broadcast, own robot, order, one emitter to several receivers

fn channels_broadcast_own_robot_and_order(medium: &str) {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let text = world(&[
        bot(
            "talker",
            "0 0 0",
            &[
                "rx=32",
                "auto",
                "0:info",
                "0:send:one",
                "32:sendz:Hello!",
                "32:ints:17,-3",
                "64:ch:-1",
                "64:send:all",
                "96:ch:2",
                "96:send:two",
                "128:ch:2",
                "128:send:Hello2",
                "128:ch:1",
                "128:send:Hello1",
                "160:ch:0",
                "160:send:zero",
                "192:info",
            ],
            &[em(medium, 1).to_string(), rx(medium, -1).to_string()],
        ),
        bot("other", "0.5 0 0", &["0:send:from-other"], &[em(medium, 3).to_string()]),
        bot("ch1", "1 0 0", &listen, &[rx(medium, 1).to_string()]),
        bot("ch2", "2 0 0", &listen, &[rx(medium, 2).to_string()]),
        bot("any", "3 0 0", &listen, &[rx(medium, -1).to_string()]),
        // channel 0 is an ordinary channel between robots
        bot("ch0", "3.5 0 0", &listen, &[rx(medium, 0).to_string()]),
        bot("off", "4 0 0", &["auto", "0:info", "192:info", "192:len"], &[rx(medium, -1).to_string()]),
    ]);
    let out = run(&p, "channels.wbt", &text, "0.2");
    let hello = b"Hello!\0";
    let pair = ints(17, -3);
    assert_log(
        &out,
        "talker",
        &[
            s("t=0 emitter emitter channel=1 range=-1 buffer=-1"),
            s("t=0 receiver receiver channel=-1 period=32"),
            sent(0, b"one", 1),
            // its own packets never come back, another robot's do
            got(32, b"from-other"),
            sent(32, hello, 1),
            sent(32, &pair, 1),
            s("t=64 channel -1 -> -1"),
            sent(64, b"all", 1),
            s("t=96 channel 2 -> 2"),
            sent(96, b"two", 1),
            s("t=128 channel 2 -> 2"),
            sent(128, b"Hello2", 1),
            s("t=128 channel 1 -> 1"),
            sent(128, b"Hello1", 1),
            s("t=160 channel 0 -> 0"),
            sent(160, b"zero", 1),
            s("t=192 emitter emitter channel=0 range=-1 buffer=-1"),
            s("t=192 receiver receiver channel=-1 period=32"),
        ],
    );
    assert_log(&out, "other", &[sent(0, b"from-other", 1)]);
    assert_log(&out, "ch1", &[got(32, b"one"), got(64, hello), got(64, &pair), got(96, b"all"), got(160, b"Hello1")]);
    assert_log(&out, "ch2", &[got(96, b"all"), got(128, b"two"), got(160, b"Hello2")]);
    assert_log(
        &out,
        "any",
        &[
            // several emitters in one step: scene-tree order
            got(32, b"one"),
            got(32, b"from-other"),
            got(64, hello),
            got(64, &pair),
            got(96, b"all"),
            got(128, b"two"),
            got(160, b"Hello2"),
            got(160, b"Hello1"),
            got(192, b"zero"),
        ],
    );
    assert_log(&out, "ch0", &[got(96, b"all"), got(192, b"zero")]);
    // a receiver that is never enabled gets nothing
    assert_log(
        &out,
        "off",
        &[
            s("t=0 receiver receiver channel=-1 period=0"),
            s("t=192 receiver receiver channel=-1 period=0"),
            s("t=192 len 0"),
        ],
    );
    assert_eq!(
        robot_errors(&out, "off"),
        vec!["Error: wb_receiver_get_queue_length() called for a disabled device! Please use: wb_receiver_enable()."]
    );
    assert_no_errors(&out, &["talker", "other", "ch1", "ch2", "any", "ch0"]);
}

#[test]
fn radio_channels_broadcast_own_robot_and_order() {
    channels_broadcast_own_robot_and_order("radio");
}

#[test]
fn serial_channels_broadcast_own_robot_and_order() {
    channels_broadcast_own_robot_and_order("serial");
}

#[test]
fn infra_red_channels_broadcast_own_robot_and_order() {
    // Webots' emitter_receiver_infra-red runs the radio cases over infra-red: nothing blocks these rays
    channels_broadcast_own_robot_and_order("infra-red");
}

/// A world naming a physics plugin runs without it, with one load warning, and its channel 0 stays an
/// ordinary channel (Webots' behaviour without a plugin): a robot's packet on channel 0 reaches the
/// receivers on channel 0 and on every channel, not those on channel 1.
#[test]
fn a_physics_plugin_is_warned_about_and_channel_0_stays_an_ordinary_channel() {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let text = header()
        .replace("WorldInfo { basicTimeStep 32 }", "WorldInfo { basicTimeStep 32 physics \"my_plugin\" }")
        + &bot("talker", "0 0 0", &["0:send:zero", "32:send:again"], &[em("radio", 0).to_string()])
        + &bot("ch0", "1 0 0", &listen, &[rx("radio", 0).to_string()])
        + &bot("any", "2 0 0", &listen, &[rx("radio", -1).to_string()])
        + &bot("ch1", "3 0 0", &listen, &[rx("radio", 1).to_string()]);
    let out = run(&p, "plugin.wbt", &text, "0.1");
    assert_eq!(
        out.stderr.matches("warning: WorldInfo: physics plugin 'my_plugin' is not supported: ").count(),
        1,
        "{}",
        out.stderr
    );
    assert_log(&out, "talker", &[sent(0, b"zero", 1), sent(32, b"again", 1)]);
    assert_log(&out, "ch0", &[got(32, b"zero"), got(64, b"again")]);
    assert_log(&out, "any", &[got(32, b"zero"), got(64, b"again")]);
    assert_log(&out, "ch1", &[]);
    assert_no_errors(&out, &["talker", "ch0", "any", "ch1"]);
}

/// Direction (receiver frame) and 1/d² for receivers turned about z and x, the devices away from their
/// robots' origins.
fn direction_and_signal(medium: &str) {
    let p = project_with(&[SCRIPT]);
    let geo = ["rx=32", "auto", "geo"];
    let text = world(&[
        // the robot is turned and off the origin; its emitter's world origin is (0, 0, 0)
        turned_bot(
            "talker",
            "0 -0.25 0",
            &format!("0 0 1 {HALF_PI}"),
            &["0:send:ping"],
            &[em(medium, -1).at("0.25 0 0").to_string()],
        ),
        // receiver at (1, 2, 0) + Rz(90°)·(0.5, 0, 0.5) = (1, 2.5, 0.5)
        turned_bot(
            "turned",
            "1 2 0",
            &format!("0 0 1 {HALF_PI}"),
            &geo,
            &[format!("Pose {{ translation 0.5 0 0.5 children [ {} ] }}", rx(medium, -1))],
        ),
        bot("above", "0 0 0.6", &geo, &[rx(medium, -1).to_string()]),
        turned_bot("tilted", "0 -2 1", &format!("1 0 0 {HALF_PI}"), &geo, &[rx(medium, -1).to_string()]),
    ]);
    let out = run(&p, "geometry.wbt", &text, "0.05");
    assert_log(&out, "talker", &[sent(0, b"ping", 1)]);
    let head = "t=32 got \"ping\"";
    // emitter - receiver = (-1, -2.5, -0.5) in the world; Rz(90°)ᵀ of it is (-2.5, 1, -0.5)
    let n = 7.5f64.sqrt();
    assert_geo(&out, "turned", head, [-2.5 / n, 1.0 / n, -0.5 / n], 1.0 / 7.5);
    assert_geo(&out, "above", head, [0.0, 0.0, -1.0], 1.0 / 0.36);
    // (0, 2, -1) in the world; Rx(90°)ᵀ of it is (0, -1, -2)
    let n = 5f64.sqrt();
    assert_geo(&out, "tilted", head, [0.0, -1.0 / n, -2.0 / n], 0.2);
}

#[test]
fn radio_direction_and_signal_strength() {
    direction_and_signal("radio");
}

#[test]
fn serial_direction_and_signal_strength() {
    direction_and_signal("serial");
}

#[test]
fn infra_red_direction_and_signal_strength() {
    direction_and_signal("infra-red");
}

/// get/set_range with a maxRange clip, and reception at, just beyond and well beyond the range.
fn range_and_max_range(medium: &str) {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let text = world(&[
        bot(
            "E",
            "0 0 0",
            &[
                "0:info",
                "0:send:a",
                "32:range:2.5",
                "32:send:b",
                "64:range:-1",
                "64:send:c",
                "96:range:1.75",
                "96:send:d",
                "128:range:0.5",
                "128:send:e",
                "160:use:emitter inf",
                "160:info",
                "160:range:3.5",
                "160:range:-1",
                "160:send:f",
                "192:use:emitter max0",
                "192:info",
                "192:range:5",
                "192:range:-1",
            ],
            &[
                em(medium, 1).range(1.25, 2.0).to_string(),
                em(medium, 1).name("emitter inf").to_string(),
                // maxRange 0 is corrected to -1 (none) at load
                em(medium, 1).name("emitter max0").range(1.5, 0.0).to_string(),
            ],
        ),
        // exactly 1.25 m away (0.75² + 1² = 1.25², all exact in binary)
        bot("in", "0.75 1 0", &listen, &[rx(medium, 1).to_string()]),
        bot("out", "0.75 1.001 0", &listen, &[rx(medium, 1).to_string()]),
        bot("far", "1.75 0 0", &listen, &[rx(medium, 1).to_string()]),
        bot("farther", "2.25 0 0", &listen, &[rx(medium, 1).to_string()]),
    ]);
    let out = run(&p, "range.wbt", &text, "0.2");
    assert_log(
        &out,
        "E",
        &[
            s("t=0 emitter emitter channel=1 range=1.25 buffer=-1"),
            sent(0, b"a", 1),
            s("t=32 range 2.5 -> 2"),
            sent(32, b"b", 1),
            s("t=64 range -1 -> 2"),
            sent(64, b"c", 1),
            s("t=96 range 1.75 -> 1.75"),
            sent(96, b"d", 1),
            s("t=128 range 0.5 -> 0.5"),
            sent(128, b"e", 1),
            s("t=160 emitter emitter inf channel=1 range=-1 buffer=-1"),
            s("t=160 range 3.5 -> 3.5"),
            s("t=160 range -1 -> -1"),
            sent(160, b"f", 1),
            s("t=192 emitter emitter max0 channel=1 range=1.5 buffer=-1"),
            s("t=192 range 5 -> 5"),
            s("t=192 range -1 -> -1"),
        ],
    );
    assert_log(&out, "in", &[got(32, b"a"), got(64, b"b"), got(96, b"c"), got(128, b"d"), got(192, b"f")]);
    assert_log(&out, "out", &[got(64, b"b"), got(96, b"c"), got(128, b"d"), got(192, b"f")]);
    // 1.75 m: inside the 2 m clip, and on the 1.75 m boundary
    assert_log(&out, "far", &[got(64, b"b"), got(96, b"c"), got(128, b"d"), got(192, b"f")]);
    assert_log(&out, "farther", &[got(192, b"f")]);
    assert_no_errors(&out, &["E", "in", "out", "far", "farther"]);
}

#[test]
fn radio_range_max_range_and_boundary() {
    range_and_max_range("radio");
}

#[test]
fn serial_range_max_range_and_boundary() {
    range_and_max_range("serial");
}

#[test]
fn infra_red_range_max_range_and_boundary() {
    range_and_max_range("infra-red");
}

/// Emitter bufferSize refuses sends that do not fit (an exact fit is accepted, the step empties it);
/// a full receiver buffer drops the new packet and keeps the old ones.
fn buffers(medium: &str) {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot(
            "E",
            "0 0 0",
            &[
                "0:info",
                "0:sendn:60",
                "0:sendn:41",
                "0:sendn:40",
                "0:sendn:1",
                "32:sendn:100",
                "32:sendn:1",
                "64:use:emitter0",
                "64:info",
                "64:send:x",
                "96:use:emitter2",
                "96:info",
                "96:sendz:Hello!",
                "96:sendn:29",
                "128:sendn:116",
                "160:sendn:116",
            ],
            &[
                em(medium, 1).buffer(100).to_string(),
                em(medium, 1).name("emitter0").buffer(0).to_string(),
                em(medium, 2).name("emitter2").to_string(),
            ],
        ),
        bot(
            "small",
            "1 0 0",
            &["rx=32", "128:len", "160:len", "160:read", "160:len", "192:len", "192:read"],
            &[rx(medium, 2).buffer(120).to_string()],
        ),
        bot("big", "2 0 0", &["rx=32", "auto"], &[rx(medium, -1).to_string()]),
        // a receiver's bufferSize 0 is corrected to -1 (unlimited) at load
        bot(
            "zero",
            "3 0 0",
            &["rx=32", "128:len", "160:len", "160:read", "160:len", "192:len", "192:read"],
            &[rx(medium, 2).buffer(0).to_string()],
        ),
    ]);
    let out = run(&p, "buffers.wbt", &text, "0.2");
    let hello = b"Hello!\0";
    assert_log(
        &out,
        "E",
        &[
            s("t=0 emitter emitter channel=1 range=-1 buffer=100"),
            sent(0, &pattern(60), 1),
            sent(0, &pattern(41), 0),
            sent(0, &pattern(40), 1),
            sent(0, &pattern(1), 0),
            sent(32, &pattern(100), 1),
            sent(32, &pattern(1), 0),
            // bufferSize 0 is not corrected at load: every send fails
            s("t=64 emitter emitter0 channel=1 range=-1 buffer=0"),
            sent(64, b"x", 0),
            s("t=96 emitter emitter2 channel=2 range=-1 buffer=-1"),
            sent(96, hello, 1),
            sent(96, &pattern(29), 1),
            sent(128, &pattern(116), 1),
            sent(160, &pattern(116), 1),
        ],
    );
    assert_log(
        &out,
        "small",
        &[
            s("t=128 len 2"),
            // 7 + 29 + 116 > 120: the 116-byte packet is dropped, the older ones stay
            s("t=160 len 2"),
            got(160, hello),
            got(160, &pattern(29)),
            s("t=160 len 0"),
            s("t=192 len 1"),
            got(192, &pattern(116)),
        ],
    );
    assert_log(
        &out,
        "big",
        &[
            got(32, &pattern(60)),
            got(32, &pattern(40)),
            got(64, &pattern(100)),
            got(128, hello),
            got(128, &pattern(29)),
            got(160, &pattern(116)),
            got(192, &pattern(116)),
        ],
    );
    assert_log(
        &out,
        "zero",
        &[
            s("t=128 len 2"),
            s("t=160 len 3"),
            got(160, hello),
            got(160, &pattern(29)),
            got(160, &pattern(116)),
            s("t=160 len 0"),
            s("t=192 len 1"),
            got(192, &pattern(116)),
        ],
    );
    assert_no_errors(&out, &["E", "small", "big", "zero"]);
}

#[test]
fn radio_emitter_and_receiver_buffers() {
    buffers("radio");
}

#[test]
fn serial_emitter_and_receiver_buffers() {
    buffers("serial");
}

#[test]
fn infra_red_emitter_and_receiver_buffers() {
    buffers("infra-red");
}

/// emitter_set_channel with 64 ms controller steps: set_channel right before a send applies to it, two
/// sends on different channels in one step are routed separately; a 64 ms receiver has them at its
/// step returning at 128, a 32 ms one at 96.
#[test]
fn set_channel_applies_to_the_next_send_with_64_ms_steps() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot(
            "sender",
            "0 0 0",
            &["step=64", "64:ch:2", "64:send:Hello2", "64:ch:1", "64:send:Hello1"],
            &[em("radio", 5).to_string()],
        ),
        bot("one", "1 0 0", &["step=64", "rx=64", "auto"], &[rx("radio", 1).to_string()]),
        bot("two", "2 0 0", &["step=64", "rx=64", "auto"], &[rx("radio", 2).to_string()]),
        bot("fast", "3 0 0", &["rx=32", "auto"], &[rx("radio", -1).to_string()]),
    ]);
    let out = run(&p, "set_channel.wbt", &text, "0.2");
    assert_log(
        &out,
        "sender",
        &[s("t=64 channel 2 -> 2"), sent(64, b"Hello2", 1), s("t=64 channel 1 -> 1"), sent(64, b"Hello1", 1)],
    );
    assert_log(&out, "one", &[got(128, b"Hello1")]);
    assert_log(&out, "two", &[got(128, b"Hello2")]);
    assert_log(&out, "fast", &[got(96, b"Hello2"), got(96, b"Hello1")]);
}

/// Radio, serial and infra-red are three media: no packet crosses from one to another. An unknown
/// type counts as radio.
#[test]
fn radio_serial_and_infra_red_never_reach_each_other() {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let text = world(&[
        bot("radio talker", "0 0 0", &["0:send:radio"], &[em("radio", -1).to_string()]),
        bot("serial talker", "0 1 0", &["0:send:serial"], &[em("serial", -1).to_string()]),
        bot("ir talker", "0 2 0", &["0:send:ir"], &[em("infra-red", -1).to_string()]),
        bot("radio ear", "1 0 0", &listen, &[rx("radio", -1).to_string()]),
        bot("serial ear", "1 1 0", &listen, &[rx("serial", -1).to_string()]),
        bot("ir ear", "1 2 0", &listen, &[rx("infra-red", -1).to_string()]),
        // an unknown type is radio, with a warning
        bot("odd ear", "1 3 0", &listen, &[rx("laser", -1).to_string()]),
    ]);
    let out = run(&p, "media.wbt", &text, "0.1");
    out.assert_stderr_has("Unknown 'type': \"laser\".");
    assert_log(&out, "odd ear", &[got(32, b"radio")]);
    assert_log(&out, "radio ear", &[got(32, b"radio")]);
    assert_log(&out, "serial ear", &[got(32, b"serial")]);
    assert_log(&out, "ir ear", &[got(32, b"ir")]);
}

/// Emitter and receiver at the same point: 1/0² is +inf and the direction 0/0 is NaN (no clamping).
#[test]
fn co_located_devices_give_infinite_signal_and_nan_direction() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot("talker", "1 1 0", &["0:send:here"], &[em("radio", -1).to_string()]),
        bot("same place", "1 1 0", &["rx=32", "auto", "geo"], &[rx("radio", -1).to_string()]),
    ]);
    let out = run(&p, "co_located.wbt", &text, "0.05");
    let lines = out.robot_lines("same place");
    assert_eq!(lines.len(), 2, "{lines:?}");
    let (head, dir, signal) = parse_geo(&lines[0]);
    assert_eq!(head, "t=32 got \"here\"");
    assert!(dir.iter().all(|d| d.is_nan()), "direction {dir:?}");
    assert!(signal.is_infinite() && signal > 0.0, "signal {signal}");
}

/// A robot nested in another robot is a different robot: packets go both ways between them, while
/// each robot's own emitter still never reaches its own receiver.
#[test]
fn nested_robots_are_different_robots() {
    let p = project_with(&[SCRIPT]);
    let inner = bot(
        "inner",
        "0 1 0",
        &["rx=32", "auto", "0:send:from-inner"],
        &[em("radio", -1).to_string(), rx("radio", -1).to_string()],
    );
    let text = world(&[bot(
        "outer",
        "0 0 0",
        &["rx=32", "auto", "32:send:from-outer"],
        &[em("radio", -1).to_string(), rx("radio", -1).to_string(), inner],
    )]);
    let out = run(&p, "nested.wbt", &text, "0.1");
    assert_log(&out, "outer", &[got(32, b"from-inner"), sent(32, b"from-outer", 1)]);
    assert_log(&out, "inner", &[sent(0, b"from-inner", 1), got(64, b"from-outer")]);
}

/// A deliberate difference (COMPATIBILITY.md, "Range is the packet's own"): Webots range-checks every
/// packet of a step with the emitter's last `range` field value (spec §7, §15.8); here each packet
/// keeps the range in force when it was sent.
#[test]
fn each_packet_keeps_the_range_it_was_sent_with() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot(
            "E",
            "0 0 0",
            &["0:range:2", "0:send:a", "0:range:0.5", "0:send:b", "32:send:c", "32:range:2", "32:send:d"],
            &[em("radio", 1).range(2.0, -1.0).to_string()],
        ),
        bot("at 1 m", "1 0 0", &["rx=32", "auto"], &[rx("radio", 1).to_string()]),
    ]);
    let out = run(&p, "packet_range.wbt", &text, "0.1");
    // Webots would deliver c and d at t=64 only (the step's last range applies to both packets)
    assert_log(&out, "at 1 m", &[got(32, b"a"), got(64, b"d")]);
}

/// Webots validates `range` against `maxRange` only when the field changes, not at load (spec §2): a
/// world with range 3 and maxRange 2 hands 3 to the controller, and packets sent with it reach 3 m
/// (the packet's range equals the field, so the field does not change and is not clipped).
#[test]
fn a_load_time_range_above_max_range_is_kept() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot("E", "0 0 0", &["0:info", "0:send:far"], &[em("radio", 1).range(3.0, 2.0).to_string()]),
        bot("at 2.5 m", "2.5 0 0", &["rx=32", "auto"], &[rx("radio", 1).to_string()]),
    ]);
    let out = run(&p, "load_range.wbt", &text, "0.05");
    assert_log(&out, "E", &[s("t=0 emitter emitter channel=1 range=3 buffer=-1"), sent(0, b"far", 1)]);
    assert_log(&out, "at 2.5 m", &[got(32, b"far")]);
}

// ---------------------------------------------------------------------------------------------------
// 3. infra-red cones and obstacles

/// An emitter with a 90° cone along +x at the origin; receivers with 0.5 rad cones (one 1 rad, one
/// without) placed and turned to be inside or outside each cone. Only infra-red applies the cones.
fn apertures(medium: &str) -> RunOutput {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let ear = |aperture: f64| [rx(medium, -1).aperture(aperture).to_string()];
    let facing_back = format!("0 0 1 {PI}");
    let text = world(&[
        bot("E", "0 0 0", &["0:send:cone"], &[em(medium, -1).aperture(HALF_PI).to_string()]),
        // inside both cones
        turned_bot("front", "1 0 0", &facing_back, &["rx=32", "auto", "geo"], &ear(0.5)),
        // receiver outside the emitter's cone (behind it), emitter inside the receiver's
        bot("behind", "-1 0 0", &listen, &ear(0.5)),
        // in front of the emitter, but facing away from it
        bot("away", "2 0 0", &listen, &ear(0.5)),
        // 26.6° off the receiver's axis: outside 0.25 rad, inside 0.5 rad
        turned_bot("oblique", "2 1 0", &facing_back, &listen, &ear(0.5)),
        turned_bot("wide", "2 -1 0", &facing_back, &listen, &ear(1.0)),
        // 63.4° off the emitter's axis (outside its 45°), no receiver cone
        bot("flank", "1 2 0", &listen, &ear(-1.0)),
        // outside both cones
        turned_bot("both out", "-2 0 0", &facing_back, &listen, &ear(0.5)),
    ]);
    run(&p, "apertures.wbt", &text, "0.05")
}

#[test]
fn infra_red_apertures_of_emitter_and_receiver() {
    let out = apertures("infra-red");
    // emitter - receiver = (-1, 0, 0); the receiver is turned by 180°: (1, 0, 0) in its frame
    assert_geo(&out, "front", "t=32 got \"cone\"", [1.0, 0.0, 0.0], 1.0);
    assert_log(&out, "wide", &[got(32, b"cone")]);
    for r in ["behind", "away", "oblique", "flank", "both out"] {
        assert_log(&out, r, &[]);
    }
}

#[test]
fn radio_ignores_apertures() {
    let out = apertures("radio");
    for r in ["front", "behind", "away", "oblique", "wide", "flank", "both out"] {
        let lines = out.robot_lines(r);
        assert_eq!(lines.len(), 2, "{r}: {lines:?}");
        assert!(lines[0].starts_with("t=32 got \"cone\""), "{r}: {lines:?}");
    }
}

#[test]
fn serial_ignores_apertures() {
    let out = apertures("serial");
    for r in ["front", "behind", "away", "oblique", "wide", "flank", "both out"] {
        let lines = out.robot_lines(r);
        assert_eq!(lines.len(), 2, "{r}: {lines:?}");
        assert!(lines[0].starts_with("t=32 got \"cone\""), "{r}: {lines:?}");
    }
}

/// Aperture -1 and aperture 0 both mean "no cone", on either device.
#[test]
fn infra_red_aperture_minus_one_and_zero_mean_no_cone() {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let ir = |aperture: f64| [rx("infra-red", -1).aperture(aperture).to_string()];
    let text = world(&[
        // turned by 180°: the emitters point along -x, away from every receiver
        turned_bot(
            "E",
            "0 0 0",
            &format!("0 0 1 {PI}"),
            &["0:send:minus-one", "32:use:emitter zero", "32:send:zero", "64:use:emitter narrow", "64:send:narrow"],
            &[
                em("infra-red", -1).to_string(),
                em("infra-red", -1).name("emitter zero").aperture(0.0).to_string(),
                em("infra-red", -1).name("emitter narrow").aperture(0.5).to_string(),
            ],
        ),
        // behind the emitters and facing away from them
        bot("minus one", "2 0 0", &listen, &ir(-1.0)),
        bot("zero", "2 0.5 0", &listen, &ir(0.0)),
        bot("narrow", "2 -0.5 0", &listen, &ir(0.5)),
        // outside [0, 2π]: reset to -1 (no cone) with a warning
        bot("bad aperture", "2 1 0", &listen, &ir(7.0)),
    ]);
    let out = run(&p, "no_cone.wbt", &text, "0.15");
    assert_log(&out, "minus one", &[got(32, b"minus-one"), got(64, b"zero")]);
    assert_log(&out, "zero", &[got(32, b"minus-one"), got(64, b"zero")]);
    assert_log(&out, "narrow", &[]);
    assert_log(&out, "bad aperture", &[got(32, b"minus-one"), got(64, b"zero")]);
    out.assert_stderr_has(
        "Invalid 'aperture' changed to -1. The value should be in either -1 or in range [0, 6.28319].",
    );
}

fn wall(translation: &str, size: &str) -> String {
    format!("Solid {{ translation {translation} name \"wall {translation}\" boundingObject Box {{ size {size} }} }}\n")
}

/// A wall (a Solid with a boundingObject) between an emitter and a receiver blocks infra-red, not
/// radio; a receiver beside the wall still gets infra-red.
#[test]
fn an_obstacle_blocks_infra_red_but_not_radio() {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let mut text = world(&[
        bot(
            "E",
            "0 0 0",
            &["0:send:ir", "0:use:radio", "0:send:radio"],
            &[em("infra-red", -1).to_string(), em("radio", -1).name("radio").to_string()],
        ),
        bot("behind wall", "2 0 0", &listen, &[rx("infra-red", -1).to_string()]),
        bot("radio behind wall", "2 0.2 0", &listen, &[rx("radio", -1).to_string()]),
        bot("clear", "0 2 0", &listen, &[rx("infra-red", -1).to_string()]),
    ]);
    text += &wall("1 0 0", "0.1 1 1");
    let out = run(&p, "wall.wbt", &text, "0.05");
    assert_log(&out, "clear", &[got(32, b"ir")]);
    assert_log(&out, "radio behind wall", &[got(32, b"radio")]);
    assert_log(&out, "behind wall", &[]);
}

/// In a world without physics, a supervisor changes a wall between an infra-red emitter and its
/// receiver before each step (tests/c/wall_shifter.c): each packet is blocked or not by the wall as it
/// is in the step that sends it, whether its bounding object was imported, moved, resized or removed.
#[test]
fn infra_red_follows_a_wall_a_supervisor_changes() {
    let p = project_with(&[SCRIPT, "wall_shifter"]);
    let sends: Vec<String> = (0..8).map(|k| format!("{}:send:{}", 32 * k, (b'a' + k as u8) as char)).collect();
    let sends: Vec<&str> = sends.iter().map(String::as_str).collect();
    let text = header()
        + "Robot { name \"shifter\" supervisor TRUE controller \"wall_shifter\" }\n"
        + &bot("E", "0 0 0", &sends, &[em("infra-red", -1).to_string()])
        + &bot("R", "2 0 0", &["rx=32", "auto"], &[rx("infra-red", -1).to_string()])
        + "DEF WALL Solid { translation 1 0 0 name \"wall\" }\n";
    let out = run(&p, "shifted_wall.wbt", &text, "0.29");
    // b: Box imported across the way; c: wall moved aside; d: moved back so that the Box still crosses
    // the way; e: Box made too short to reach it; f: long again; g, h: bounding object removed
    assert_log(&out, "R", &[got(32, b"a"), got(96, b"c"), got(160, b"e"), got(224, b"g"), got(256, b"h")]);
    assert!(!out.stdout.contains("FAIL"), "{}", out.stdout);
}

/// Webots' emitter_receiver sample: emitter and receiver 6 cm below a floor whose bounding object is a
/// Plane. A Plane is a surface (as for ODE's rays): infra-red that stays below it is not blocked, infra-red
/// that passes through it is. The same with and without a physics engine in the world.
#[test]
fn infra_red_below_a_floor_plane_is_not_blocked_by_it() {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let floor = "Solid { translation 0 0 0.06 name \"floor\" boundingObject Plane { size 10 10 } }\n";
    let ball = "Solid { translation 5 5 1 name \"ball\" boundingObject Sphere { radius 0.1 } physics Physics { } }\n";
    for (name, extra) in [("plain", ""), ("engine", ball)] {
        let text = world(&[
            bot("E", "0 0 0", &["0:send:ir"], &[em("infra-red", -1).to_string()]),
            bot("below", "1 0 0", &listen, &[rx("infra-red", -1).to_string()]),
            bot("above", "0 1 0.12", &listen, &[rx("infra-red", -1).to_string()]),
        ]) + floor
            + extra;
        let out = run(&p, &format!("floor_{name}.wbt"), &text, "0.05");
        assert_log(&out, "below", &[got(32, b"ir")]);
        assert_log(&out, "above", &[]);
    }
}

/// The emitting robot's own body never blocks its infra-red; the receiving robot's body does not
/// either, unless that robot has selfCollision TRUE.
#[test]
fn own_robot_bodies_and_infra_red_occlusion() {
    let p = project_with(&[SCRIPT]);
    let listen = ["rx=32", "auto"];
    let text = world(&[
        bot(
            "E",
            "0 0 0",
            &["0:send:ir"],
            &[em("infra-red", -1).to_string(), wall("1 0 0", "0.1 1 1")], // across the way to "past own wall"
        ),
        bot("past own wall", "2 0 0", &listen, &[rx("infra-red", -1).to_string()]),
        // its own wall 1 m before it, towards the emitter
        bot("own wall", "0 2 0", &listen, &[rx("infra-red", -1).to_string(), wall("0 -1 0", "1 0.1 1")]),
        robot_with(
            SCRIPT,
            "self collision",
            "0 -2 0",
            "0 0 1 0",
            &listen,
            &[rx("infra-red", -1).to_string(), wall("0 1 0", "1 0.1 1")],
        )
        .replace("  name \"self collision\"", "  name \"self collision\"\n  selfCollision TRUE"),
    ]);
    let out = run(&p, "own_walls.wbt", &text, "0.05");
    assert_log(&out, "past own wall", &[got(32, b"ir")]);
    assert_log(&out, "own wall", &[got(32, b"ir")]);
    assert_log(&out, "self collision", &[]);
}

// ---------------------------------------------------------------------------------------------------
// 4. enable / disable and sampling

#[test]
fn enable_disable_and_sampling_phases() {
    let p = project_with(&[SCRIPT]);
    let ear = [rx("radio", -1).to_string()];
    let text = world(&[
        bot(
            "sender",
            "0 0 0",
            &["0:send:p0", "32:send:p1", "64:send:p2", "96:send:p3", "128:send:p4", "160:send:p5"],
            &[em("radio", -1).to_string()],
        ),
        bot("disabled", "1 0 0", &["auto", "224:len"], &ear),
        bot("early", "2 0 0", &["rx=32", "auto"], &ear),
        // enabled in the same step as the send: catches it one step later
        bot("same", "3 0 0", &["auto", "32:enable:32", "32:len"], &ear),
        // period 64 from t=32: samples at 96, 160, 224
        bot("slow", "4 0 0", &["auto", "32:enable:64"], &ear),
        // disabled from 64 to 128: p2 and p3 are lost, p4 (sent in the re-enable step) is caught
        bot("re", "5 0 0", &["rx=32", "auto", "64:disable", "128:enable:32"], &ear),
        // the queue survives steps and disabling
        bot("keeper", "6 0 0", &["rx=32", "64:len", "64:disable", "96:read", "128:len"], &ear),
        // p0 waits in the world for the 64 ms sample, the receiver is disabled before it: re-enabling
        // later delivers it
        bot("slow2", "7 0 0", &["rx=64", "auto", "32:disable", "96:enable:32"], &ear),
        // enabling an enabled receiver again restarts its period: samples at 96, 160, 224 instead of 64,
        // 128, 192
        bot("restarted", "8 0 0", &["rx=64", "auto", "32:enable:64"], &ear),
    ]);
    let out = run(&p, "enable.wbt", &text, "0.25");
    assert_log(&out, "disabled", &[s("t=224 len 0")]);
    assert_eq!(
        robot_errors(&out, "disabled"),
        vec!["Error: wb_receiver_get_queue_length() called for a disabled device! Please use: wb_receiver_enable()."]
    );
    assert_log(
        &out,
        "early",
        &[got(32, b"p0"), got(64, b"p1"), got(96, b"p2"), got(128, b"p3"), got(160, b"p4"), got(192, b"p5")],
    );
    assert_log(
        &out,
        "same",
        &[
            s("t=32 enable 32 -> 32"),
            s("t=32 len 0"),
            got(64, b"p1"),
            got(96, b"p2"),
            got(128, b"p3"),
            got(160, b"p4"),
            got(192, b"p5"),
        ],
    );
    assert_log(
        &out,
        "slow",
        &[s("t=32 enable 64 -> 64"), got(96, b"p1"), got(96, b"p2"), got(160, b"p3"), got(160, b"p4"), got(224, b"p5")],
    );
    assert_log(
        &out,
        "re",
        &[
            got(32, b"p0"),
            got(64, b"p1"),
            s("t=64 disable -> 0"),
            s("t=128 enable 32 -> 32"),
            got(160, b"p4"),
            got(192, b"p5"),
        ],
    );
    assert_log(
        &out,
        "keeper",
        &[s("t=64 len 2"), s("t=64 disable -> 0"), got(96, b"p0"), got(96, b"p1"), s("t=128 len 0")],
    );
    // reading a disabled receiver's queue length is an error, the packets are still handed out
    assert_eq!(
        robot_errors(&out, "keeper"),
        vec![
            "Error: wb_receiver_get_queue_length() called for a disabled device! Please use: wb_receiver_enable().";
            3
        ]
    );
    assert_log(
        &out,
        "slow2",
        &[
            s("t=32 disable -> 0"),
            s("t=96 enable 32 -> 32"),
            got(128, b"p0"),
            got(128, b"p3"),
            got(160, b"p4"),
            got(192, b"p5"),
        ],
    );
    assert_log(
        &out,
        "restarted",
        &[
            s("t=32 enable 64 -> 64"),
            got(96, b"p0"),
            got(96, b"p1"),
            got(96, b"p2"),
            got(160, b"p3"),
            got(160, b"p4"),
            got(224, b"p5"),
        ],
    );
    assert_no_errors(&out, &["sender", "early", "same", "slow", "re", "slow2", "restarted"]);
}

// ---------------------------------------------------------------------------------------------------
// 5. baud rate

/// baudRate 800 with 8-bit bytes is 0.1 byte/ms, 3.2 bytes per 32 ms step request: a 7-byte packet
/// leaves with the third request after it was queued. A byteSize below 8 counts as 8; baudRate 0 never
/// sends.
#[test]
fn baud_rate_delays_packets_and_zero_never_sends() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot(
            "slow talker",
            "0 0 0",
            &[
                "0:send:1234567",
                "0:use:emitter zero",
                "0:send:never",
                "32:use:emitter b4",
                "32:send:seven77",
                "96:use:emitter",
                // queued into an empty queue: the 2.6 bytes of credit left are forgotten
                "96:send:12345",
                "160:send:ab",
                "160:send:cd",
            ],
            &[
                em("radio", 1).baud(800.0, 8).to_string(),
                em("radio", 1).name("emitter zero").baud(0.0, 8).to_string(),
                em("radio", 1).name("emitter b4").baud(800.0, 4).to_string(),
            ],
        ),
        bot("ear", "1 0 0", &["rx=32", "auto"], &[rx("radio", 1).to_string()]),
    ]);
    let out = run(&p, "baud.wbt", &text, "0.25");
    assert_log(
        &out,
        "ear",
        &[got(96, b"1234567"), got(128, b"seven77"), got(160, b"12345"), got(192, b"ab"), got(224, b"cd")],
    );
    assert_log(
        &out,
        "slow talker",
        &[
            sent(0, b"1234567", 1),
            sent(0, b"never", 1),
            sent(32, b"seven77", 1),
            sent(96, b"12345", 1),
            sent(160, b"ab", 1),
            sent(160, b"cd", 1),
        ],
    );
}

/// With a baud rate, packets stay in the library's send queue over several steps and keep counting
/// against the emitter's bufferSize until they leave.
#[test]
fn packets_waiting_for_the_baud_rate_fill_the_emitter_buffer() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot(
            "slow talker",
            "0 0 0",
            &["0:send:abcdefg", "32:send:hijklmn", "64:send:xyz", "64:send:!"],
            &[em("radio", 1).baud(800.0, 8).buffer(10).to_string()],
        ),
        bot("ear", "1 0 0", &["rx=32", "auto"], &[rx("radio", 1).to_string()]),
    ]);
    let out = run(&p, "baud_buffer.wbt", &text, "0.15");
    assert_log(
        &out,
        "slow talker",
        &[
            sent(0, b"abcdefg", 1),
            // "abcdefg" is still queued (6.4 bytes of credit so far): 7 + 7 > 10
            sent(32, b"hijklmn", 0),
            // 7 + 3 = 10: an exact fit; then the buffer is full
            sent(64, b"xyz", 1),
            sent(64, b"!", 0),
        ],
    );
    // "abcdefg" leaves with the third request (9.6 bytes of credit), "xyz" waits for the fourth
    // (2.6 + 3.2 = 5.8)
    assert_log(&out, "ear", &[got(96, b"abcdefg"), got(128, b"xyz")]);
}

// ---------------------------------------------------------------------------------------------------
// 6. misuse: return values (checked by the controller) and Webots' messages

fn invalid_tag(func: &str) -> String {
    format!("Error: {func}(): invalid device tag.")
}

fn expected_misuse_errors() -> Vec<String> {
    let emitter_funcs = [
        "wb_emitter_send",
        "wb_emitter_get_buffer_size",
        "wb_emitter_set_channel",
        "wb_emitter_get_channel",
        "wb_emitter_set_range",
        "wb_emitter_get_range",
    ];
    let receiver_funcs = [
        "wb_receiver_enable",
        "wb_receiver_disable",
        "wb_receiver_get_sampling_period",
        "wb_receiver_set_channel",
        "wb_receiver_get_channel",
        "wb_receiver_get_queue_length",
        "wb_receiver_next_packet",
        "wb_receiver_get_data_size",
        "wb_receiver_get_data",
        "wb_receiver_get_signal_strength",
        "wb_receiver_get_emitter_direction",
    ];
    let not_found = s("Error: device with tag=99 not found.");
    let disabled =
        s("Error: wb_receiver_get_queue_length() called for a disabled device! Please use: wb_receiver_enable().");
    let empty = |func: &str| format!("Error: {func}(): the receiver queue is empty.");
    let mut e = vec![s("-- emitter bad tags")];
    // tag 0 (the robot), the receiver, the compass: one line; tag 99: "not found" first
    for _ in 0..3 {
        e.extend(emitter_funcs.iter().map(|f| invalid_tag(f)));
    }
    for f in emitter_funcs {
        e.push(not_found.clone());
        e.push(invalid_tag(f));
    }
    e.push(s("-- receiver bad tags"));
    for _ in 0..3 {
        e.extend(receiver_funcs.iter().map(|f| invalid_tag(f)));
    }
    for f in receiver_funcs {
        e.push(not_found.clone());
        e.push(invalid_tag(f));
    }
    e.extend([
        s("-- send arguments"),
        s("Error: wb_emitter_send(): invalid argument: data = NULL."),
        s("Error: wb_emitter_send(): invalid size=0 argument."),
        s("Error: wb_emitter_send(): invalid size=-3 argument."),
        s("Error: wb_emitter_send(): invalid argument: data = NULL."),
        s("Error: wb_emitter_send(): invalid size=0 argument."),
        s("-- emitter channel and range"),
        s("Error: wb_emitter_set_channel() called with an invalid channel=-5. Please use a channel inside the range [-1,inf)."),
        s("Error: wb_emitter_set_channel() called with channel=5, which is not between allowed channels. Please use an allowed channel."),
        s("Error: wb_emitter_set_channel() called with channel=-1, which is not between allowed channels. Please use an allowed channel."),
        s("Error: wb_emitter_set_range(): invalid range=-0.330000 argument."),
        s("Error: wb_emitter_set_range(): invalid range=-2.000000 argument."),
        s("-- disabled receiver"),
        disabled.clone(),
        s("Error: wb_receiver_set_channel() called with an invalid channel=-5. Please use a channel inside the range [-1,inf)."),
        s("Error: wb_receiver_set_channel() called with channel=5, which is not between allowed channels. Please use an allowed channel."),
        s("-- enable"),
        s("Error: wb_receiver_enable() called with negative sampling period."),
        s("-- empty queue"),
        empty("wb_receiver_get_data"),
        empty("wb_receiver_get_data_size"),
        empty("wb_receiver_get_signal_strength"),
        empty("wb_receiver_get_emitter_direction"),
        s("-- t=32"),
        s("-- t=64"),
        s("-- disabled with a packet"),
        disabled.clone(),
        disabled,
        empty("wb_receiver_get_data"),
        s("-- done"),
    ]);
    e
}

#[test]
fn invalid_calls_return_webots_values_and_print_webots_messages() {
    let p = project_with(&[SCRIPT, "er_invalid"]);
    let text = world(&[
        robot_with(
            "er_invalid",
            "misuser",
            "0 0 0",
            "0 0 1 0",
            &[],
            &[
                em("radio", 2).range(0.8, -1.0).allowed(&[2, 3]).to_string(),
                rx("radio", 7).allowed(&[7, 8]).to_string(),
                "Compass { name \"compass\" }".to_string(),
            ],
        ),
        bot("helper", "-2 0 0", &["0:send:abc"], &[em("radio", 7).to_string()]),
    ]);
    let out = run(&p, "invalid.wbt", &text, "0.2");
    assert_eq!(out.robot_lines("misuser"), vec!["PASS misuser"], "{}", out.stderr);
    let errors = robot_errors(&out, "misuser");
    let expected = expected_misuse_errors();
    for (i, (got, want)) in errors.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "stderr line {i} of misuser differs; whole stderr:\n{}", out.stderr);
    }
    assert_eq!(errors.len(), expected.len(), "misuser's stderr:\n{}", out.stderr);
}

// ---------------------------------------------------------------------------------------------------
// 7. determinism

fn determinism_world(first: &str, second: &str, order: &str) -> String {
    let send = |name: &str, at: &str| {
        robot_with("er_determinism", name, at, "0 0 1 0", &["send", name], &[em("radio", 0).to_string()])
    };
    header()
        + &send(first, "0 0 0")
        + &send(second, "0 1 0")
        + &robot_with(
            "er_determinism",
            "listener",
            "1 0 0",
            "0 0 1 0",
            &["listen", order],
            &[rx("radio", 0).to_string()],
        )
}

fn determinism_log(out: &RunOutput, order: &str) -> Vec<String> {
    let lines = out.robot_lines("listener");
    // steps from t=32 to t=3296, then the PASS line
    assert_eq!(lines.len(), 104, "{}\n{}", out.stdout, out.stderr);
    for (i, line) in lines[..103].iter().enumerate() {
        assert_eq!(*line, format!("t={} {order}", 32 * (i + 1)));
    }
    assert_eq!(lines[103], "PASS listen 103");
    lines
}

/// Two emitters send every step under random CPU load: the receiver always gets A then B (scene
/// order), and three runs give identical logs.
#[test]
fn delivery_order_is_deterministic_under_random_load() {
    let p = project_with(&["er_determinism"]);
    p.world("determinism.wbt", &determinism_world("A", "B", "AB"));
    let mut logs = Vec::new();
    for _ in 0..3 {
        let out = p.run("determinism.wbt", &["--until", "3.3"]);
        assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
        assert_eq!(out.robot_lines("A"), vec!["PASS send A"]);
        assert_eq!(out.robot_lines("B"), vec!["PASS send B"]);
        logs.push(determinism_log(&out, "AB"));
    }
    assert_eq!(logs[0], logs[1]);
    assert_eq!(logs[1], logs[2]);
}

/// The order is the emitters' place in the scene tree, not their robots' names.
#[test]
fn delivery_order_follows_the_scene_tree() {
    let p = project_with(&["er_determinism"]);
    p.world("reversed.wbt", &determinism_world("B", "A", "BA"));
    let out = p.run("reversed.wbt", &["--until", "3.3"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    determinism_log(&out, "BA");
}

// ---------------------------------------------------------------------------------------------------
// 8. allowedChannels

#[test]
fn allowed_channels_correct_the_channel_at_load_and_restrict_set_channel() {
    let p = project_with(&[SCRIPT]);
    let text = world(&[
        bot(
            "picky",
            "0 0 0",
            &[
                "rx=32",
                "auto",
                "0:info",
                "0:ch:4",
                "0:ch:5",
                "0:ch:-1",
                "0:rxch:4",
                "0:rxch:5",
                "0:send:to4",
                "32:info",
            ],
            &[em("radio", 3).allowed(&[2, 4]).to_string(), rx("radio", 3).allowed(&[2, 4]).to_string()],
        ),
        bot(
            "peer",
            "1 0 0",
            &["rx=32", "auto", "0:send:from-peer", "32:ch:2", "32:send:on2"],
            &[em("radio", 4).to_string(), rx("radio", 4).to_string()],
        ),
        bot("on two", "2 0 0", &["rx=32", "auto"], &[rx("radio", 2).to_string()]),
    ]);
    let out = run(&p, "allowed.wbt", &text, "0.1");
    assert_eq!(
        out.stderr.matches("'allowedChannels' does not contain current 'channel'. Setting 'channel' to 2.").count(),
        2,
        "one warning per device:\n{}",
        out.stderr
    );
    assert_log(
        &out,
        "picky",
        &[
            s("t=0 emitter emitter channel=2 range=-1 buffer=-1"),
            s("t=0 receiver receiver channel=2 period=32"),
            s("t=0 channel 4 -> 4"),
            s("t=0 channel 5 -> 4"),
            s("t=0 channel -1 -> 4"),
            s("t=0 rxchannel 4 -> 4"),
            s("t=0 rxchannel 5 -> 4"),
            sent(0, b"to4", 1),
            got(32, b"from-peer"),
            s("t=32 emitter emitter channel=4 range=-1 buffer=-1"),
            s("t=32 receiver receiver channel=4 period=32"),
        ],
    );
    assert_eq!(
        robot_errors(&out, "picky"),
        vec![
            "Error: wb_emitter_set_channel() called with channel=5, which is not between allowed channels. Please use an allowed channel.",
            "Error: wb_emitter_set_channel() called with channel=-1, which is not between allowed channels. Please use an allowed channel.",
            "Error: wb_receiver_set_channel() called with channel=5, which is not between allowed channels. Please use an allowed channel.",
        ]
    );
    assert_log(
        &out,
        "peer",
        &[sent(0, b"from-peer", 1), got(32, b"to4"), s("t=32 channel 2 -> 2"), sent(32, b"on2", 1)],
    );
    // picky's channel-2 packets would land here; it sent on 4 only. peer's "on2" does.
    assert_log(&out, "on two", &[got(64, b"on2")]);
}

/// A supervisor moves the emitting robot before each step (to x = 0.5 k at step k): the receiver gets each
/// packet with the direction and 1/d² of the emitter where it is in the step that delivers it (Webots
/// computes them for every waiting packet after the physics step, spec §9-10), not where it was loaded.
fn moving_emitter(medium: &str) {
    let p = project_with(&[SCRIPT, "emitter_mover"]);
    let text = header()
        + "Robot { name \"mover\" supervisor TRUE controller \"emitter_mover\" }\n"
        + "DEF TARGET "
        + &bot("talker", "0 0 0", &["0:send:a", "32:send:b", "64:send:c"], &[em(medium, -1).to_string()])
        + &bot("listener", "0 1 0", &["rx=32", "auto", "geo"], &[rx(medium, -1).to_string()]);
    let out = run(&p, "moving.wbt", &text, "0.13");
    let lines = out.robot_lines("listener");
    assert_eq!(lines.len(), 4, "{lines:?}\n{}", out.stderr);
    for (k, name) in ["a", "b", "c"].into_iter().enumerate() {
        let (head, d, sig) = parse_geo(&lines[k]);
        assert_eq!(head, format!("t={} got \"{name}\"", 32 * (k + 1)));
        // emitter (0.5 k, 0, 0) seen from the unturned receiver at (0, 1, 0)
        let e = [0.5 * k as f64, -1.0, 0.0];
        let d2 = e[0] * e[0] + 1.0;
        for i in 0..3 {
            assert!((d[i] - e[i] / d2.sqrt()).abs() < 1e-9, "packet {name}: direction {d:?}, emitter at {e:?}");
        }
        assert!((sig - 1.0 / d2).abs() < 1e-9, "packet {name}: signal {sig}, expected {}", 1.0 / d2);
    }
    assert_eq!(lines[3], "PASS script");
}

#[test]
fn radio_direction_follows_a_moving_emitter() {
    moving_emitter("radio");
}

#[test]
fn serial_direction_follows_a_moving_emitter() {
    moving_emitter("serial");
}
