//! The replay's picture of the world: every visual Shape (the cameras' view, `render::VisualScene`) as
//! the points that outline it in its Solid's frame, with its flat colour; a Solid with no visual shape
//! of its own shows its bounding object instead, in `BOUNDING_COLOR`. The page projects the points and
//! fills their hull, which is exact for boxes and close for the round shapes.

use std::collections::{HashMap, HashSet};

use nalgebra::{Isometry3, Point3};
use parry3d_f64::shape::SharedShape;

use super::model::{units, ShapeInfo, SolidInfo};
use crate::world::geometry::render::VisualScene;
use crate::world::geometry::shapes::bounding_shapes;
use crate::world::robots::table::RobotEntry;
use crate::world::scene::{NodeId, Scene};

/// Points around a round outline.
const ROUND: usize = 12;
/// What a bounding object shown in place of missing visual shapes is drawn in.
const BOUNDING_COLOR: [f64; 3] = [0.69, 0.75, 0.77];

/// A shape as drawn: its geometry, its pose in its Solid's frame and its flat colour.
#[derive(Clone)]
pub struct Drawn {
    pub shape: SharedShape,
    pub pose: Isometry3<f64>,
    pub color: [f64; 3],
}

/// The Solids a replay follows (robots, and every Solid holding a visual Shape) with their shapes;
/// solid 0 is the world itself (shapes under no Solid), which never moves.
pub struct Outline {
    pub solids: Vec<SolidInfo>,
    /// Per solid, its shapes as drawn (what `solids` outlines).
    pub drawn: Vec<Vec<Drawn>>,
    /// Per solid, its node (`None`: the world).
    pub nodes: Vec<Option<NodeId>>,
    /// Per robot of the world, its solid.
    pub robot_solids: Vec<usize>,
}

pub fn outline(scene: &Scene, robots: &[RobotEntry]) -> Outline {
    let visual = VisualScene::build(scene);
    let mut solids = vec![SolidInfo { name: "(world)".into(), robot: None, shapes: Vec::new() }];
    let mut nodes = vec![None];
    let mut index: HashMap<NodeId, usize> = HashMap::new();
    let mut solid_of = |node: NodeId, solids: &mut Vec<SolidInfo>, nodes: &mut Vec<Option<NodeId>>| {
        *index.entry(node).or_insert_with(|| {
            solids.push(SolidInfo { name: scene.sf_string(node, "name"), robot: None, shapes: Vec::new() });
            nodes.push(Some(node));
            solids.len() - 1
        })
    };
    let mut drawn: Vec<(usize, Drawn)> = Vec::new();
    let robot_solids: Vec<usize> = robots
        .iter()
        .enumerate()
        .map(|(r, entry)| {
            let s = solid_of(entry.node, &mut solids, &mut nodes);
            solids[s].robot = Some(r);
            solids[s].name.clone_from(&entry.name);
            s
        })
        .collect();
    for item in visual.items() {
        let (s, frame) = match item.solid {
            Some(node) => (solid_of(node, &mut solids, &mut nodes), scene.global_pose(node)),
            None => (0, Isometry3::identity()),
        };
        let local = frame.inverse() * item.pose;
        if let Some(shape) = shape_info(&item.shape, &local, item.color) {
            solids[s].shapes.push(shape);
            drawn.push((s, Drawn { shape: item.shape.clone(), pose: local, color: item.color }));
        }
    }
    // Solids seen only through their bounding objects (a robot built for physics alone)
    let seen: HashSet<NodeId> = visual.items().iter().filter_map(|i| i.solid).collect();
    for node in scene.preorder() {
        if !scene.is_solid(node) || seen.contains(&node) || scene.sf_node(node, "boundingObject").is_none() {
            continue;
        }
        let bounds = bounding_shapes(scene, node, &mut Vec::new());
        let shown: Vec<(ShapeInfo, Drawn)> = bounds
            .iter()
            .filter(|b| !b.is_plane())
            .filter_map(|b| {
                let info = shape_info(&b.shape, &b.pose, BOUNDING_COLOR)?;
                Some((info, Drawn { shape: b.shape.clone(), pose: b.pose, color: BOUNDING_COLOR }))
            })
            .collect();
        if !shown.is_empty() {
            let s = solid_of(node, &mut solids, &mut nodes);
            for (info, d) in shown {
                solids[s].shapes.push(info);
                drawn.push((s, d));
            }
        }
    }
    let mut per_solid = vec![Vec::new(); solids.len()];
    for (s, d) in drawn {
        per_solid[s].push(d);
    }
    Outline { solids, drawn: per_solid, nodes, robot_solids }
}

fn shape_info(shape: &SharedShape, pose: &Isometry3<f64>, color: [f64; 3]) -> Option<ShapeInfo> {
    let color = format!(
        "#{:02x}{:02x}{:02x}",
        (color[0] * 255.0).round() as u8,
        (color[1] * 255.0).round() as u8,
        (color[2] * 255.0).round() as u8
    );
    let mut local: Vec<Point3<f64>> = Vec::new();
    let mut radius = None;
    if let Some(b) = shape.as_cuboid() {
        let h = b.half_extents;
        for i in 0..8 {
            let s = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
            local.push(Point3::new(s(1) * h.x, s(2) * h.y, s(4) * h.z));
        }
    } else if let Some(ball) = shape.as_ball() {
        local.push(Point3::origin());
        radius = Some(units(ball.radius));
    } else if let Some(c) = shape.as_cylinder() {
        // parry's cylinders stand along y
        circle(&mut local, c.radius, c.half_height);
        circle(&mut local, c.radius, -c.half_height);
    } else if let Some(c) = shape.as_cone() {
        circle(&mut local, c.radius, -c.half_height);
        local.push(Point3::new(0.0, c.half_height, 0.0));
    } else if let Some(c) = shape.as_capsule() {
        for end in [c.segment.a, c.segment.b] {
            for (dx, dy, dz) in [(1.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, -1.0, 0.0), (0.0, 0.0, 1.0)]
            {
                local.push(Point3::new(end.x + dx * c.radius, end.y + dy * c.radius, end.z + dz * c.radius));
            }
            local.push(Point3::new(end.x, end.y, end.z - c.radius));
        }
    } else {
        let b = shape.compute_local_aabb();
        for i in 0..8 {
            let pick = |bit: usize, lo: f64, hi: f64| if i & bit == 0 { lo } else { hi };
            local.push(Point3::new(
                pick(1, b.mins.x, b.maxs.x),
                pick(2, b.mins.y, b.maxs.y),
                pick(4, b.mins.z, b.maxs.z),
            ));
        }
    }
    let points: Vec<i32> =
        local.iter().flat_map(|p| (pose * p).coords.iter().map(|&v| units(v)).collect::<Vec<_>>()).collect();
    (!points.is_empty()).then_some(ShapeInfo { color, points, radius })
}

fn circle(out: &mut Vec<Point3<f64>>, radius: f64, y: f64) {
    for k in 0..ROUND {
        let a = k as f64 * std::f64::consts::TAU / ROUND as f64;
        out.push(Point3::new(radius * a.cos(), y, radius * a.sin()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::robots::table::robot_entries;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn outline_of(text: &str) -> Outline {
        let scene = parse_world_str(text, "o.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        outline(&scene, &robot_entries(&scene))
    }

    #[test]
    fn a_box_is_its_eight_corners_in_its_solid_s_frame_with_its_colour() {
        let o = outline_of(
            "#VRML_SIM R2025a utf8\nSolid { translation 5 5 5 name \"s\" children [ Pose { translation 0.1 0 0 children [ \
             Shape { appearance PBRAppearance { baseColor 1 0 0 } geometry Box { size 0.2 0.4 0.6 } } ] } ] }\n",
        );
        assert_eq!(o.solids.len(), 2, "the world and the Solid");
        let shape = &o.solids[1].shapes[0];
        assert_eq!(shape.color, "#ff0000");
        let mut xs: Vec<i32> = shape.points.chunks(3).map(|p| p[0]).collect();
        xs.sort();
        xs.dedup();
        assert_eq!(xs, vec![0, 2000], "x from 0 to 0.2 m in 0.1 mm units");
        assert_eq!(shape.points.len(), 24);
    }

    #[test]
    fn a_solid_with_no_visual_shape_shows_its_bounding_object() {
        let o = outline_of(
            "#VRML_SIM R2025a utf8\nRobot { name \"r\" boundingObject Sphere { radius 0.05 } physics Physics { } }\n\
             Solid { name \"floor\" boundingObject Plane { } }\n",
        );
        let robot = &o.solids[o.robot_solids[0]];
        assert_eq!(robot.name, "r");
        assert_eq!(robot.shapes.len(), 1);
        assert_eq!(robot.shapes[0].radius, Some(500));
        assert_eq!(robot.shapes[0].color, "#b0bfc4");
        // an infinite plane has no outline to draw
        assert!(o.solids.iter().all(|s| s.name != "floor"));
    }
}
