//! `cargo bench --bench imagers`: the world's cost of the devices that render. A robot in a room (a
//! floor, four walls, twenty boxes, two lights) with a 640 × 480 camera sampled every 32 ms step and a
//! 360-point lidar, each enabled alone, then a ring of eight infra-red distance sensors (they pick the
//! visual Shapes), the camera with a laser distance sensor drawing its spot, and a second 640 × 480
//! camera whose Focus blurs (depth of field, focused at 2 m with a 1 m focal length); reports the median ms
//! per step over the steps sampled (with the fastest and slowest quarter's bounds) and the same world
//! stepping with nothing enabled.
//! Requests and answers go through `World` as the links drive it. `WEBOTS_SHIM_BENCH_STEPS=K` times K
//! steps.

use std::path::PathBuf;
use std::time::Instant;

use webots_shim::protocol::{Command, DeviceCommand, DeviceCommands, StepAnswer, StepRequest};
use webots_shim::world::scene::{parse_world_str, LoadOptions};
use webots_shim::world::World;

const STEP_MS: u32 = 32;

fn room() -> String {
    let mut w = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {STEP_MS} }}\nBackground {{ skyColor [ 0.4 0.7 1 ] }}\n\
         DirectionalLight {{ ambientIntensity 0.5 direction 1 1 -2 }}\nPointLight {{ location 0 0 2 }}\n\
         Solid {{ children [ Shape {{ appearance Appearance {{ material Material {{ }} }} geometry Plane {{ size 10 10 }} }} ] \
         boundingObject Plane {{ size 10 10 }} }}\n"
    );
    for (i, (x, y, sx, sy)) in
        [(5.0, 0.0, 0.1, 10.0), (-5.0, 0.0, 0.1, 10.0), (0.0, 5.0, 10.0, 0.1), (0.0, -5.0, 10.0, 0.1)]
            .iter()
            .enumerate()
    {
        w += &format!(
            "Solid {{ translation {x} {y} 0.5 name \"wall{i}\" children [ Shape {{ appearance Appearance {{ material Material {{ diffuseColor 0.8 0.8 0.6 }} }} \
             geometry DEF W{i} Box {{ size {sx} {sy} 1 }} }} ] boundingObject USE W{i} }}\n"
        );
    }
    for i in 0..20 {
        let a = i as f64 * 0.7;
        let (x, y) = (3.0 * a.cos(), 3.0 * a.sin());
        w += &format!(
            "Solid {{ translation {x} {y} 0.2 name \"box{i}\" children [ Shape {{ appearance Appearance {{ material Material {{ diffuseColor 1 0.2 0.2 }} }} \
             geometry DEF B{i} Box {{ size 0.4 0.4 0.4 }} }} ] boundingObject USE B{i} }}\n"
        );
    }
    w + &"Robot { translation 0 0 0.3 controller \"<extern>\" children [ \
         Camera { width 640 height 480 } \
         Lidar { horizontalResolution 360 fieldOfView 6.2832 numberOfLayers 1 maxRange 8 } \
         DistanceSensor { name \"laser\" rotation 0 1 0 0.2 type \"laser\" aperture 0.05 lookupTable [ 0 0 0, 5 5000 0 ] } \
         IR_RING \
         Camera { name \"focused\" width 640 height 480 focus Focus { focalDistance 2 focalLength 1 } } ] }\n"
        .replace(
            "IR_RING",
            &(0..8)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::FRAC_PI_4;
                    format!("DistanceSensor {{ name \"ir{k}\" rotation 0 0 1 {a} type \"infra-red\" numberOfRays 3 aperture 0.5 lookupTable [ 0 0 0, 4 4000 0 ] }}")
                })
                .collect::<Vec<_>>()
                .join(" "),
        )
}

/// (median, [first quartile, third quartile]) ms per step with devices `tags` sampled every step.
fn step_cost(tags: &[u16], steps: usize) -> (f64, [f64; 2]) {
    let scene = parse_world_str(&room(), "bench.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
    let mut world = World::from_scene(scene, PathBuf::from("bench.wbt"));
    world.connect(0);
    let mut answer = StepAnswer::default();
    let mut due = Vec::new();
    let mut times = Vec::with_capacity(steps);
    for s in 0..steps + 2 {
        let mut devices = DeviceCommands::new();
        if s == 0 {
            for &tag in tags {
                devices.push(DeviceCommand { tag, command: Command::Sampling(STEP_MS) });
            }
        }
        let start = Instant::now();
        world.request(0, StepRequest { duration_ms: STEP_MS, devices, ..Default::default() });
        world.advance_into(&mut due);
        for &r in &due {
            world.answer_into(r, &mut answer);
        }
        if s >= 2 {
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() - 1) as f64 * f).round() as usize];
    (q(0.5), [q(0.25), q(0.75)])
}

fn main() {
    let steps: usize = std::env::var("WEBOTS_SHIM_BENCH_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let ring: Vec<u16> = (4..12).collect();
    let cases: [(&str, &[u16]); 6] = [
        ("nothing enabled", &[]),
        ("640x480 camera", &[1]),
        ("360-point lidar", &[2]),
        ("8 infra-red", &ring),
        ("camera + laser", &[1, 3]),
        ("640x480 focused", &[12]),
    ];
    for (name, tags) in cases {
        let (median, [lo, hi]) = step_cost(tags, steps);
        println!("imagers: {name:>16}: {median:8.3} ms a step (quartiles {lo:.3}..{hi:.3}) over {steps} steps");
    }
}
