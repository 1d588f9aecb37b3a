//! `make bench`: loading a world of 1 000 instances of one template PROTO (a robot whose template
//! computes its body from its fields), next to 1 000 instances of the equivalent plain PROTO (the
//! same body written out), measured in the same run. Two template cases: every instance with the
//! same template values (one expansion, then the cache) and every instance with its own value (1 000
//! expansions). Medians of repeated loads.

use std::time::Instant;
use webots_shim::world::scene::{load_world, LoadOptions};

const TEMPLATE: &str = r#"#VRML_SIM R2025a utf8
# template language: javascript
PROTO Bot [
  field SFVec3f  translation 0 0 0
  field SFString name        "bot"
  field SFInt32  wheels      4
  field SFFloat  radius      0.1
]
{
  %<
    import * as wbgeometry from 'wbgeometry.js';
    const ring = wbgeometry.circle(fields.radius.value, fields.wheels.value, {x: 0, y: 0}, 0);
  >%
  Robot {
    translation IS translation
    name IS name
    children [
      Emitter { name "emitter" }
      Receiver { name "receiver" }
      %< for (let i = 0; i < fields.wheels.value; ++i) { >%
        Solid { name "wheel%<= i >%" translation %<= ring[i].x >% %<= ring[i].y >% 0 }
      %< } >%
    ]
  }
}
"#;

/// The same robot with its four wheels written out.
fn plain() -> String {
    let mut wheels = String::new();
    for i in 0..4 {
        let a = i as f64 * std::f64::consts::FRAC_PI_2;
        wheels += &format!("Solid {{ name \"wheel{i}\" translation {} {} 0 }}\n", 0.1 * a.cos(), 0.1 * a.sin());
    }
    format!(
        "#VRML_SIM R2025a utf8\nPROTO Bot [\n  field SFVec3f translation 0 0 0\n  field SFString name \"bot\"\n  field SFInt32 wheels 4\n  field SFFloat radius 0.1\n]\n{{\n  Robot {{\n    translation IS translation\n    name IS name\n    children [\n      Emitter {{ name \"emitter\" }}\n      Receiver {{ name \"receiver\" }}\n{wheels}    ]\n  }}\n}}\n"
    )
}

fn world(instance: impl Fn(usize) -> String) -> String {
    let mut w = String::from("#VRML_SIM R2025a utf8\nEXTERNPROTO \"Bot.proto\"\nWorldInfo { }\n");
    for i in 0..1000 {
        w += &instance(i);
    }
    w
}

/// Median seconds to load `world_text` next to `proto`.
fn load_time(dir: &std::path::Path, proto: &str, world_text: &str, runs: usize) -> f64 {
    std::fs::write(dir.join("Bot.proto"), proto).unwrap();
    let path = dir.join("w.wbt");
    std::fs::write(&path, world_text).unwrap();
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let scene = load_world(&path, &LoadOptions::default()).expect("the bench world loads");
            let t = start.elapsed().as_secs_f64();
            assert_eq!(scene.robots().len(), 1000);
            t
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    times[times.len() / 2]
}

fn main() {
    let quick = std::env::var_os("WEBOTS_SHIM_BENCH_QUICK").is_some();
    let runs = if quick { 3 } else { 11 };
    let dir = tempfile::tempdir().unwrap();
    let same = world(|i| format!("Bot {{ name \"bot{i}\" translation {i} 0 0 }}\n"));
    let own = world(|i| format!("Bot {{ name \"bot{i}\" translation {i} 0 0 radius {} }}\n", 0.1 + i as f64 * 1e-3));
    let base = load_time(dir.path(), &plain(), &same, runs);
    let cached = load_time(dir.path(), TEMPLATE, &same, runs);
    let distinct = load_time(dir.path(), TEMPLATE, &own, if quick { 1 } else { 3 });
    println!("1 000 instances of a plain PROTO: {:.1} ms", base * 1e3);
    println!(
        "1 000 instances of a template PROTO, same template values (1 expansion): {:.1} ms, ratio {:.2}",
        cached * 1e3,
        cached / base
    );
    println!(
        "1 000 instances of a template PROTO, each its own radius (1 000 expansions): {:.1} ms, ratio {:.2}",
        distinct * 1e3,
        distinct / base
    );
}
