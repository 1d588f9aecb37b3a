//! Fuzzing, bounded so that `make test` runs it every time: the world parser (mutated world files,
//! parsed, built into a world and stepped) and the frame decoder (mutated and random frames through
//! the codec, a runner-side connection and, when they decode, into a world). Nothing may panic or
//! hang, and a file that does not parse is an error naming its place.
//!
//! Each target runs `FUZZ_CASES` cases (default below); set it higher for a longer session, e.g.
//! `FUZZ_CASES=100000 cargo test --release --test fuzz`.

use std::io::Write;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use webots_shim::protocol::codec::{self, decode, encode_into, read_frame_within, Limit};
use webots_shim::protocol::{FromWorld, Hello, StepRequest, ToWorld, Welcome};
use webots_shim::runner::conn_stream::ConnStream;
use webots_shim::runner::connection::{Conn, Incoming};
use webots_shim::world::scene::{parse_world_str, LoadOptions};
use webots_shim::world::World;

fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A world with most of what the parser and the devices know.
const RICH_WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Box2 [ field SFVec3f size 1 1 1 field SFString name "b" ] { Solid { name IS name children [ Shape { geometry Box { size IS size } } ] boundingObject Box { size IS size } } }
WorldInfo { basicTimeStep 16 randomSeed 7 coordinateSystem "ENU" }
DEF SUP Robot { name "sup" supervisor TRUE controller "<extern>" customData "x" }
DEF A Robot {
  translation 0 0 0.1 rotation 0 0 1 0.5 name "a" controller "c" controllerArgs [ "1" "two" ]
  children [
    Emitter { name "em" type "radio" range 2 channel 1 baudRate 800 bufferSize 64 allowedChannels [ 1 2 ] }
    Receiver { name "rx" type "infra-red" aperture 0.5 channel -1 signalStrengthNoise 0.1 directionNoise 0.2 }
    Compass { name "cp" lookupTable [ 0 0 0, 1 1 0.1 ] resolution 0.01 }
    Connector { name "cn" type "symmetric" isLocked TRUE autoLock TRUE distanceTolerance 0.02 numberOfRotations 4 }
    HingeJoint { endPoint Solid { translation 0.2 0 0 children [ Emitter { name "e2" range -1 } ] } }
  ]
  battery [ 100 100 10 ] cpuConsumption 2
}
Robot { translation 1 0 0.1 name "b" controller "c" children [ Receiver { name "rx" } Connector { name "cn" } ] }
Box2 { size 0.5 0.5 0.5 name "wall" }
Solid { translation 0.5 0 0 boundingObject Sphere { radius 0.1 } }
"#;

fn seeds() -> Vec<String> {
    let mut seeds = vec![RICH_WORLD.to_string()];
    for name in ["radio_demo.wbt", "compass_demo.wbt", "docking_demo.wbt", "shim_demo.wbt"] {
        if let Ok(text) = std::fs::read_to_string(manifest().join("c_examples/worlds").join(name)) {
            seeds.push(text);
        }
    }
    seeds
}

/// Words that tend to reach corners of the parser and of the devices.
const WORDS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    "#",
    "\\",
    ",",
    "DEF A",
    "USE A",
    "DEF SUP",
    "USE B",
    "IS size",
    "PROTO",
    "EXTERNPROTO",
    "field",
    "Robot {",
    "Solid {",
    "Emitter {",
    "Receiver {",
    "Connector {",
    "Compass {",
    "Transform {",
    "children [",
    "0",
    "-0",
    "1e999",
    "-1e999",
    "1e-320",
    "1e308",
    "1e19",
    "2e19",
    "-1e300",
    "0x7fffffff",
    "0x",
    "NaN",
    "inf",
    "9999999999999999999",
    "-2147483649",
    "TRUE",
    "FALSE",
    "basicTimeStep 0",
    "basicTimeStep 1e-300",
    "translation 1e19 0 0",
    "translation 1e999 0 0",
    "range 0",
    "range 1e300",
    "aperture -5",
    "channel -2",
    "baudRate 0",
    "bufferSize 0",
    "rotation 0 0 0 0",
    "scale 0 0 0",
    "lookupTable [ ]",
    "%{ }%",
    "#VRML_SIM R2021b utf8",
    "\u{feff}",
    "é",
    "\u{0}",
    "#VRML_SIM R2021b utf8\n",
    "#VRML_V2.0 utf8\n",
];

#[derive(Clone, Debug)]
enum Mutation {
    Insert(prop::sample::Index, usize),
    Delete(prop::sample::Index, usize),
    Duplicate(prop::sample::Index, usize),
    Flip(prop::sample::Index, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<prop::sample::Index>(), 0..WORDS.len()).prop_map(|(at, w)| Mutation::Insert(at, w)),
        (any::<prop::sample::Index>(), 1usize..64).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<prop::sample::Index>(), 1usize..256).prop_map(|(at, n)| Mutation::Duplicate(at, n)),
        (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(at, b)| Mutation::Flip(at, b)),
    ]
}

/// The seed with `mutations` applied past its header line (a file without its header is refused at
/// once, which a few header flips are enough to check).
fn mutate(seed: &str, mutations: &[Mutation]) -> Vec<u8> {
    let header = seed.find('\n').map_or(0, |i| i + 1);
    let (head, body) = seed.split_at(header);
    let mut bytes = body.as_bytes().to_vec();
    for m in mutations {
        let len = bytes.len().max(1);
        match m {
            Mutation::Insert(at, w) => {
                let at = at.index(len + 1).min(bytes.len());
                let word = format!(" {} ", WORDS[*w]);
                bytes.splice(at..at, word.bytes());
            }
            Mutation::Delete(at, n) => {
                let at = at.index(len).min(bytes.len());
                let end = (at + n).min(bytes.len());
                bytes.drain(at..end);
            }
            Mutation::Duplicate(at, n) => {
                let at = at.index(len).min(bytes.len());
                let end = (at + n).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(end..end, copy);
            }
            Mutation::Flip(at, b) => {
                if !bytes.is_empty() {
                    let at = at.index(bytes.len());
                    bytes[at] = *b;
                }
            }
        }
    }
    [head.as_bytes(), &bytes].concat()
}

/// Connects every robot and steps the world a few times with plain requests, at most `budget` basic
/// steps in all (a world with an absurdly small step would otherwise take for ever).
fn exercise(world: &mut World, requests: &[StepRequest], budget: usize) {
    let robots = world.robots().len();
    for r in 0..robots {
        let _ = world.connect(r);
    }
    let mut steps = 0;
    for round in 0..3 {
        for r in 0..robots {
            let req = requests
                .get(round * robots + r)
                .cloned()
                .unwrap_or(StepRequest { duration_ms: 32, ..Default::default() });
            if world.request(r, req) {
                let _ = world.answer(r);
            }
        }
        while world.ready_to_advance() && steps < budget {
            for r in world.advance() {
                let _ = world.answer(r);
            }
            steps += 1;
        }
        let _ = world.take_runtime_warnings();
    }
}

fn parse(bytes: &[u8], dir: &Path) -> Result<World, String> {
    let text = String::from_utf8_lossy(bytes);
    let options = LoadOptions {
        search_path: vec![manifest().join("src/install/home")],
        template_time_limit: None,
        template_load_budget: None,
    };
    let scene = parse_world_str(&text, "fuzz.wbt", dir, &options).map_err(|e| e.to_string())?;
    Ok(World::from_scene(scene, dir.join("fuzz.wbt")))
}

#[test]
fn the_world_parser_and_the_world_take_any_mutated_file() {
    let seeds = seeds();
    let dir = tempfile::tempdir().unwrap();
    let mut runner = TestRunner::new(Config { cases: cases(2000), failure_persistence: None, ..Config::default() });
    let strategy = (0..seeds.len(), prop::collection::vec(mutation(), 1..8));
    runner
        .run(&strategy, |(seed, mutations)| {
            let bytes = mutate(&seeds[seed], &mutations);
            match parse(&bytes, dir.path()) {
                Ok(mut world) => exercise(&mut world, &[], 200),
                // an error names the file, and its place when it is about the text
                Err(e) => prop_assert!(
                    e.starts_with("fuzz.wbt") || e.contains("fuzz.wbt") || !e.contains(':') || e.contains(".proto"),
                    "{e}"
                ),
            }
            Ok(())
        })
        .unwrap();
}

/// Valid frames of every kind, to mutate.
fn frames() -> Vec<Vec<u8>> {
    use webots_shim::protocol::{Command, DeviceCommand, DeviceCommands, RobotCommand};
    let mut devices = DeviceCommands::new();
    devices.push(DeviceCommand {
        tag: 1,
        command: Command::EmitterSend { channel: 1, range: 2.0, data: b"hello".as_slice().into() },
    });
    let mut out = Vec::new();
    let mut frame = |f: &mut dyn FnMut(&mut Vec<u8>)| {
        let mut buf = Vec::new();
        f(&mut buf);
        out.push(buf);
    };
    frame(&mut |b| encode_into(&Hello { robot_name: "a".into(), robot_id: Some(1), pid: 7 }, b).unwrap());
    frame(&mut |b| {
        let req = StepRequest {
            duration_ms: 32,
            robot: vec![RobotCommand::SetCustomData("data".into()), RobotCommand::BatterySampling(32)],
            devices: devices.clone(),
            exiting: false,
        };
        encode_into(&ToWorld::Step(req), b).unwrap()
    });
    frame(&mut |b| encode_into(&Welcome::Refused("no".into()), b).unwrap());
    frame(&mut |b| encode_into(&ToWorld::Step(StepRequest::default()), b).unwrap());
    out
}

fn frame_bytes() -> impl Strategy<Value = Vec<u8>> {
    let frames = frames();
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..256),
        (0..frames.len(), prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6)).prop_map(
            move |(f, flips)| {
                let mut bytes = frames[f].clone();
                for (at, b) in flips {
                    let at = at.index(bytes.len());
                    bytes[at] = b;
                }
                bytes
            }
        ),
    ]
}

#[test]
fn the_frame_decoder_takes_any_bytes() {
    let text = RICH_WORLD.replace("\"<extern>\"", "\"c\"");
    let dir = tempfile::tempdir().unwrap();
    let template = parse(text.as_bytes(), dir.path()).expect("the rich world parses");
    drop(template);
    let mut runner = TestRunner::new(Config { cases: cases(1000), failure_persistence: None, ..Config::default() });
    let strategy = (prop::collection::vec(frame_bytes(), 1..4), 1usize..64);
    runner
        .run(&strategy, |(chunks, piece)| {
            let bytes: Vec<u8> = chunks.concat();
            // the codec alone
            for limit in [Limit::HELLO, Limit::REQUEST, Limit::FROM_RUN] {
                let _ = codec::complete_frame(&bytes, limit);
                let mut scratch = Vec::new();
                let _ = read_frame_within::<FromWorld, _>(&mut std::io::Cursor::new(&bytes), &mut scratch, limit);
                let _ = read_frame_within::<Welcome, _>(&mut std::io::Cursor::new(&bytes), &mut scratch, limit);
            }
            // a runner-side connection fed in small pieces; what decodes is applied to a world
            let (a, b) = std::os::unix::net::UnixStream::pair().unwrap();
            a.set_nonblocking(true).unwrap();
            let mut conn = Conn::new(ConnStream::Unix(mio::net::UnixStream::from_std(a)));
            let writer = std::thread::spawn(move || {
                let mut b = b;
                for part in bytes.chunks(piece) {
                    if b.write_all(part).is_err() {
                        return;
                    }
                }
            });
            let mut world = parse(text.as_bytes(), dir.path()).unwrap();
            let mut scratch = vec![0; webots_shim::runner::connection::CHUNK];
            let mut requests = Vec::new();
            let mut messages = 0;
            while messages < 16 {
                match conn.incoming(&mut scratch) {
                    Incoming::Message => {
                        messages += 1;
                        if conn.robot.is_none() {
                            if decode::<Hello>(conn.body()).is_ok() {
                                conn.robot = Some(0);
                            }
                        } else if let Ok(ToWorld::Step(req)) = decode::<ToWorld>(conn.body()) {
                            requests.push(req);
                        }
                        conn.consume();
                    }
                    // the writer is still at it: its end closes the connection
                    Incoming::Wait => std::thread::sleep(std::time::Duration::from_micros(200)),
                    Incoming::Closed | Incoming::Bad(_) => break,
                }
            }
            drop(conn);
            writer.join().unwrap();
            exercise(&mut world, &requests, 50);
            Ok(())
        })
        .unwrap();
}
