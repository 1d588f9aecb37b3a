//! Pen: while it writes, each step marks the first bounding object along its -z axis (within
//! `maxDistance`, unlimited at 0; the pen's own robot ignored) with its ink. The marks are the pen's
//! trace: with `WEBOTS_SHIM_PEN_TRACE=FILE` in the world's environment, each mark is a CSV line of that
//! file (time in s, robot, pen, x, y, z, red, green, blue, density, lead size). `write`, `inkColor` and
//! `inkDensity` follow the controller's calls, as a supervisor reads them.

use std::fs::File;
use std::io::{BufWriter, Write};

use nalgebra::{Point3, Vector3};

use super::family::{same, Ctx, Family, Owner};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{Command, DeviceSetup, ImagerCommand};
use crate::world::scene::{FieldValue, NodeId, Scene};

/// The variable naming the trace file.
pub const TRACE_VARIABLE: &str = "WEBOTS_SHIM_PEN_TRACE";

/// How far an unlimited pen reaches.
const UNLIMITED: f64 = 1e6;

struct Pen {
    node: NodeId,
    removed: bool,
}

#[derive(Default)]
pub struct PenFamily {
    pens: Vec<Pen>,
    trace: Option<BufWriter<File>>,
    trace_failed: bool,
}

/// One ink mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub time_s: f64,
    pub point: [f64; 3],
    pub color: [f64; 3],
    pub density: f64,
    pub lead_size: f64,
}

/// Where pen `node` marks now, if it writes and something is in reach.
pub fn mark(scene: &Scene, rays: &crate::world::geometry::rays::Rays, node: NodeId, now: f64) -> Option<Mark> {
    if !scene.sf_bool(node, "write") {
        return None;
    }
    let pose = scene.global_pose(node);
    let origin = Point3::from(pose.translation.vector);
    let dir = pose.rotation * -Vector3::z();
    let max = match scene.sf_float(node, "maxDistance") {
        d if d > 0.0 => d,
        _ => UNLIMITED,
    };
    let hit = rays.cast(&origin, &dir, max, &[scene.robot_of(node)])?;
    let p = origin + dir * hit.distance;
    Some(Mark {
        time_s: now / 1000.0,
        point: [p.x, p.y, p.z],
        color: scene.sf_vec3(node, "inkColor"),
        density: scene.sf_float(node, "inkDensity"),
        lead_size: scene.sf_float(node, "leadSize"),
    })
}

impl PenFamily {
    fn record(&mut self, scene: &Scene, pen: &Pen, m: &Mark, warnings: &mut Vec<String>) {
        if self.trace.is_none() && !self.trace_failed {
            let Some(path) = std::env::var_os(TRACE_VARIABLE).filter(|p| !p.is_empty()) else {
                self.trace_failed = true;
                return;
            };
            match File::create(&path) {
                Ok(f) => {
                    let mut w = BufWriter::new(f);
                    let _ = writeln!(w, "time,robot,pen,x,y,z,red,green,blue,density,lead_size");
                    self.trace = Some(w);
                }
                Err(e) => {
                    warnings.push(format!("Pen trace: cannot write {}: {e}", path.to_string_lossy()));
                    self.trace_failed = true;
                    return;
                }
            }
        }
        let Some(w) = self.trace.as_mut() else { return };
        let robot = scene.robot_of(pen.node).map(|r| scene.sf_string(r, "name")).unwrap_or_default();
        let [x, y, z] = m.point;
        let [r, g, b] = m.color;
        let _ = writeln!(
            w,
            "{},{},{},{x},{y},{z},{r},{g},{b},{},{}",
            m.time_s,
            csv(&robot),
            csv(&scene.sf_string(pen.node, "name")),
            m.density,
            m.lead_size
        );
    }
}

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn csv(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

impl Family for PenFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        _owner: Owner,
        node: NodeId,
        _seed: i32,
        _w: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.node_type(node) != node_type_from_name("Pen") {
            return None;
        }
        self.pens.push(Pen { node, removed: false });
        Some(self.pens.len() - 1)
    }

    fn setup(&self, _i: usize) -> DeviceSetup {
        DeviceSetup::Plain
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        let node = self.pens[i].node;
        match command {
            Command::Imager(ImagerCommand::PenWrite(on)) => {
                ctx.scene.set_field_synced(node, "write", FieldValue::SFBool(*on))
            }
            Command::Imager(ImagerCommand::PenInk(color, density)) => {
                let c = [(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff].map(|v| f64::from(v) / 255.0);
                ctx.scene.set_field_synced(node, "inkColor", FieldValue::SFColor(c));
                ctx.scene.set_field_synced(node, "inkDensity", FieldValue::SFFloat(*density));
            }
            _ => {}
        }
    }

    fn after_physics(&mut self, ctx: &mut Ctx) {
        if self.pens.is_empty() {
            return;
        }
        let rays = ctx.rays();
        let marks: Vec<(usize, Mark)> = self
            .pens
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.removed)
            .filter_map(|(i, p)| Some((i, mark(ctx.scene, &rays, p.node, ctx.now)?)))
            .collect();
        let pens = std::mem::take(&mut self.pens);
        for (i, m) in &marks {
            self.record(ctx.scene, &pens[*i], m, ctx.warnings);
        }
        self.pens = pens;
        if !marks.is_empty() {
            if let Some(w) = self.trace.as_mut() {
                let _ = w.flush();
            }
        }
    }

    fn field_changed(&mut self, _ctx: &mut Ctx, _device: Option<usize>, _node: NodeId, _field: &str) {}

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        if let Some(fresh) = same::<PenFamily>(fresh) {
            fresh.trace = self.trace.take();
            fresh.trace_failed = self.trace_failed;
        }
    }

    fn remove(&mut self, i: usize) {
        self.pens[i].removed = true;
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.pens[i].node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
