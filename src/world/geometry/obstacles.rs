//! Solids' bounding objects as collision shapes (parry3d), for the questions devices ask of the
//! world's geometry: does anything block the segment between two points?

use nalgebra::{Isometry3, Point3};
use parry3d_f64::bounding_volume::{Aabb, BoundingVolume};
use parry3d_f64::math::Pose;
use parry3d_f64::math::Vector as PPoint;
use parry3d_f64::query::{intersection_test, Ray, RayCast};
use parry3d_f64::shape::{Shape, SharedShape};

use crate::world::geometry::convert::{na_vector, point, pose, vector};
use crate::world::geometry::shapes::bounding_shapes;
use crate::world::scene::{NodeId, Scene};

/// Whether both ends of a segment lie inside `shape`: then, the shape being convex (or a Plane's half
/// space), the segment crosses none of its surfaces, and an ODE ray along it hits nothing.
pub fn encloses(shape: &dyn Shape, pose: &Pose, a: PPoint, b: PPoint) -> bool {
    shape.contains_point(pose, a) && shape.contains_point(pose, b)
}

#[derive(Clone)]
struct Obstacle {
    shape: SharedShape,
    /// The shape's pose in its Solid's frame (what a move of the Solid leaves as it is).
    local: Isometry3<f64>,
    pose: Pose,
    aabb: Aabb,
    /// The robot the solid belongs to, if any.
    robot: Option<NodeId>,
    /// That robot's `selfCollision`.
    self_collision: bool,
    /// For a joint's endPoint, the Solid above the joint (the two never collide).
    jointed_to: Option<NodeId>,
    solid: NodeId,
}

/// The Solid above the joint whose endPoint `solid` is, if it is one.
fn jointed_to(scene: &Scene, solid: NodeId) -> Option<NodeId> {
    let path = scene.path_to(solid);
    let joint = *path.len().checked_sub(2).and_then(|i| path.get(i))?;
    if !scene.type_name(joint).ends_with("Joint") {
        return None;
    }
    path[..path.len() - 2].iter().rev().find(|&&n| scene.is_solid(n)).copied()
}

#[derive(Clone, Default)]
pub struct Obstacles {
    list: Vec<Obstacle>,
}

impl Obstacles {
    /// Every Solid's `boundingObject` (Box, Sphere, Cylinder, Capsule, Cone, Plane, IndexedFaceSet,
    /// ElevationGrid, Mesh, possibly in a Shape, Pose/Transform or Group) at its current pose.
    pub fn from_scene(scene: &Scene) -> Obstacles {
        let mut list = Vec::new();
        let mut degenerate = Vec::new();
        for node in scene.preorder() {
            if !scene.is_solid(node) || scene.sf_node(node, "boundingObject").is_none() {
                continue;
            }
            let robot = scene.robot_of(node);
            let self_collision = robot.is_some_and(|r| scene.sf_bool(r, "selfCollision"));
            let jointed_to = jointed_to(scene, node);
            let solid_pose = scene.global_pose(node);
            for b in bounding_shapes(scene, node, &mut degenerate) {
                let pose = pose(&(solid_pose * b.pose));
                let aabb = b.shape.compute_aabb(&pose);
                list.push(Obstacle {
                    shape: b.shape,
                    local: b.pose,
                    pose,
                    aabb,
                    robot,
                    self_collision,
                    jointed_to,
                    solid: node,
                });
            }
        }
        Obstacles { list }
    }

    /// The same obstacles at their Solids' current poses: what `from_scene` gives when only poses
    /// changed (Solids moved), the scene's structure and shapes being the same.
    pub fn refresh_poses(&mut self, scene: &Scene) {
        let mut last: Option<(NodeId, Isometry3<f64>)> = None;
        for o in &mut self.list {
            let solid_pose = match last {
                Some((solid, p)) if solid == o.solid => p,
                _ => scene.global_pose(o.solid),
            };
            last = Some((o.solid, solid_pose));
            o.pose = pose(&(solid_pose * o.local));
            o.aabb = o.shape.compute_aabb(&o.pose);
        }
    }

    /// Whether the segment `from`–`to` crosses an obstacle's surface, ignoring the solids of the robots
    /// in `ignored`. Surfaces, as ODE's rays see them: a segment that starts inside a shape is blocked
    /// where it leaves it, one that stays inside (or below a Plane) is not.
    pub fn blocks(&self, from: &Point3<f64>, to: &Point3<f64>, ignored: &[Option<NodeId>]) -> bool {
        let ray = Ray::new(point(from), vector(&(to - from)));
        self.list.iter().any(|o| {
            !(o.robot.is_some() && ignored.contains(&o.robot))
                && o.aabb.intersects_local_ray(&ray, 1.0)
                && o.shape.intersects_ray(&o.pose, &ray, 1.0)
                && !encloses(&*o.shape, &o.pose, ray.origin, ray.point_at(1.0))
        })
    }

    /// The nearest hit of the ray from `origin` along the unit `direction`, within `max`: its distance,
    /// the surface normal there and the Solid hit, ignoring the solids of the robots in `ignored`.
    pub fn cast(
        &self,
        origin: &Point3<f64>,
        direction: &nalgebra::Vector3<f64>,
        max: f64,
        ignored: &[Option<NodeId>],
    ) -> Option<(f64, nalgebra::Vector3<f64>, NodeId)> {
        let ray = Ray::new(point(origin), vector(direction));
        self.list
            .iter()
            .filter(|o| !(o.robot.is_some() && ignored.contains(&o.robot)) && o.aabb.intersects_local_ray(&ray, max))
            .filter_map(|o| {
                // a Plane is a surface (ODE's ray-plane test): only a crossing ahead counts
                let solid = o.shape.as_halfspace().is_none();
                let hit = o.shape.cast_ray_and_get_normal(&o.pose, &ray, max, solid)?;
                Some((hit.time_of_impact, na_vector(hit.normal), o.solid))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
    }

    /// Whether the bounding objects of Solid `solid` meet those of a Solid of another robot (or of no
    /// robot), or of its own robot when that robot has `selfCollision` (but for the two Solids a joint
    /// links, as the engine's joints have no contacts either).
    pub fn touching(&self, solid: NodeId) -> bool {
        let own = |a: &Obstacle, b: &Obstacle| a.robot.is_some() && b.robot == a.robot;
        let linked = |a: &Obstacle, b: &Obstacle| a.jointed_to == Some(b.solid) || b.jointed_to == Some(a.solid);
        self.list.iter().filter(|a| a.solid == solid).any(|a| {
            self.list.iter().any(|b| {
                b.solid != solid
                    && (!own(a, b) || (a.self_collision && !linked(a, b)))
                    && a.aabb.intersects(&b.aabb)
                    && intersection_test(&a.pose, &*a.shape, &b.pose, &*b.shape).is_ok_and(|i| i.intersecting)
            })
        })
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn obstacles(body: &str) -> (Scene, Obstacles) {
        let text = format!("#VRML_SIM R2025a utf8\n{body}");
        let scene = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let o = Obstacles::from_scene(&scene);
        (scene, o)
    }

    fn p(x: f64, y: f64, z: f64) -> Point3<f64> {
        Point3::new(x, y, z)
    }

    #[test]
    fn refreshed_poses_are_those_of_obstacles_made_again_after_solids_moved() {
        use crate::world::scene::FieldValue;
        let (mut scene, mut o) = obstacles(
            "DEF BOT Robot { translation 0 0 0.1 children [ DEF ARM Solid { translation 0.2 0 0 \
               boundingObject Group { children [ Box { size 0.1 0.1 0.1 } \
               Pose { translation 0 0.1 0 rotation 0 0 1 0.5 children [ Cylinder { height 0.2 radius 0.02 } ] } ] } } ] } \
             Solid { translation 1 0 0 boundingObject Box { size 0.1 1 1 } }",
        );
        let node = |name: &str| scene.find_def(name).unwrap();
        let (bot, arm) = (node("BOT"), node("ARM"));
        scene.set_field_synced(bot, "translation", FieldValue::SFVec3f([0.5, -0.25, 0.1]));
        scene.set_field_synced(bot, "rotation", FieldValue::SFRotation([0.0, 0.0, 1.0, 1.2]));
        scene.set_field_synced(arm, "translation", FieldValue::SFVec3f([0.3, 0.1, 0.0]));
        o.refresh_poses(&scene);
        let fresh = Obstacles::from_scene(&scene);
        assert_eq!(o.len(), 3);
        assert_eq!(o.len(), fresh.len());
        for (a, b) in o.list.iter().zip(&fresh.list) {
            assert_eq!((a.solid, a.pose, a.aabb), (b.solid, b.pose, b.aabb));
        }
    }

    #[test]
    fn each_shape_blocks_a_segment_through_it_and_not_one_beside_it() {
        for geometry in [
            "Box { size 0.2 0.2 0.2 }",
            "Sphere { radius 0.1 }",
            "Cylinder { height 0.2 radius 0.1 }",
            "Capsule { height 0.2 radius 0.1 }",
            "Cone { height 0.2 bottomRadius 0.1 }",
            "IndexedFaceSet { coord Coordinate { point [ 0 -1 -1, 0 1 -1, 0 1 1, 0 -1 1 ] } coordIndex [ 0 1 2 3 -1 ] }",
        ] {
            let (_, o) = obstacles(&format!("Solid {{ translation 1 0 0 boundingObject {geometry} }}"));
            assert_eq!(o.len(), 1, "{geometry}");
            assert!(o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[]), "{geometry} should block");
            assert!(!o.blocks(&p(0.0, 3.0, 0.0), &p(2.0, 3.0, 0.0), &[]), "{geometry} should not block");
            assert!(!o.blocks(&p(0.0, 0.0, 0.0), &p(0.5, 0.0, 0.0), &[]), "{geometry}: segment stops short");
        }
    }

    #[test]
    fn a_segment_is_blocked_by_a_surface_it_crosses_not_by_a_volume_it_stays_in() {
        // a floor: segments below it, or above it, cross nothing; one through it is blocked
        let (_, o) = obstacles("Solid { boundingObject Plane { size 10 10 } }");
        assert!(!o.blocks(&p(0.0, 0.0, -0.06), &p(1.0, 0.0, -0.06), &[]), "below a Plane");
        assert!(!o.blocks(&p(0.0, 0.0, 0.06), &p(1.0, 0.0, 0.06), &[]), "above a Plane");
        assert!(o.blocks(&p(0.0, 0.0, -0.06), &p(1.0, 0.0, 0.06), &[]), "through a Plane");
        assert!(o.blocks(&p(0.0, 0.0, 0.06), &p(1.0, 0.0, -0.06), &[]), "down through a Plane");
        for geometry in [
            "Box { size 1 1 1 }",
            "Sphere { radius 0.5 }",
            "Cylinder { height 1 radius 0.5 }",
            "Capsule { height 1 radius 0.4 }",
        ] {
            let (_, o) = obstacles(&format!("Solid {{ boundingObject {geometry} }}"));
            assert!(!o.blocks(&p(-0.1, 0.0, 0.0), &p(0.1, 0.0, 0.0), &[]), "{geometry}: inside all along");
            assert!(o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[]), "{geometry}: leaving it");
            assert!(o.blocks(&p(-2.0, 0.0, 0.0), &p(0.0, 0.0, 0.0), &[]), "{geometry}: entering it");
        }
    }

    #[test]
    fn a_ray_meets_a_plane_only_where_it_crosses_it_ahead() {
        let (_, o) = obstacles("Solid { boundingObject Plane { size 10 10 } }");
        let (up, down) = (nalgebra::Vector3::z(), -nalgebra::Vector3::z());
        // from above, looking down: the floor 0.3 m below
        let hit = o.cast(&p(0.0, 0.0, 0.3), &down, 1.0, &[]).map(|h| h.0);
        assert!(hit.is_some_and(|d| (d - 0.3).abs() < 1e-12), "{hit:?}");
        // from below, looking down or sideways: nothing ahead; looking up: the crossing 0.2 m above
        assert!(o.cast(&p(0.0, 0.0, -0.2), &down, 1.0, &[]).is_none());
        assert!(o.cast(&p(0.0, 0.0, -0.2), &nalgebra::Vector3::x(), 1.0, &[]).is_none());
        let hit = o.cast(&p(0.0, 0.0, -0.2), &up, 1.0, &[]).map(|h| h.0);
        assert!(hit.is_some_and(|d| (d - 0.2).abs() < 1e-12), "{hit:?}");
        // from above, looking up: nothing
        assert!(o.cast(&p(0.0, 0.0, 0.3), &up, 1.0, &[]).is_none());
    }

    #[test]
    fn cylinders_stand_along_z_in_new_worlds() {
        // a tall thin cylinder at x = 1: a horizontal segment at z = 0.4 still meets it
        let (_, o) = obstacles("Solid { translation 1 0 0 boundingObject Cylinder { height 1 radius 0.05 } }");
        assert!(o.blocks(&p(0.0, 0.0, 0.4), &p(2.0, 0.0, 0.4), &[]));
        assert!(!o.blocks(&p(0.0, 0.4, 0.0), &p(2.0, 0.4, 0.0), &[]));
    }

    #[test]
    fn nested_poses_shapes_and_groups_are_followed() {
        let (_, o) = obstacles(
            "Solid { translation 0 5 0 boundingObject Group { children [ Pose { translation 1 0 0 children [ Shape { geometry Box { size 0.1 0.1 0.1 } } ] } ] } }",
        );
        assert!(o.blocks(&p(1.0, 4.0, 0.0), &p(1.0, 6.0, 0.0), &[]));
        assert!(!o.blocks(&p(0.0, 4.0, 0.0), &p(0.0, 6.0, 0.0), &[]));
    }

    #[test]
    fn a_robots_own_solids_can_be_ignored() {
        let (scene, o) = obstacles(
            "Robot { name \"r\" children [ Solid { translation 1 0 0 boundingObject Box { size 0.2 0.2 0.2 } } ] }",
        );
        let robot = scene.robots()[0];
        assert!(o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[]));
        assert!(!o.blocks(&p(0.0, 0.0, 0.0), &p(2.0, 0.0, 0.0), &[Some(robot)]));
    }

    #[test]
    fn a_solid_touches_what_its_shapes_meet_but_not_its_own_robot() {
        let (scene, o) = obstacles(
            "Robot { name \"r\" children [ DEF A Solid { boundingObject Box { size 0.2 0.2 0.2 } } \
               Solid { name \"mine\" translation 0.1 0 0 boundingObject Box { size 0.2 0.2 0.2 } } ] }\n\
             DEF B Solid { translation 0.25 0 0 boundingObject Sphere { radius 0.1 } }\n\
             DEF C Solid { translation 0 2 0 boundingObject Box { size 0.1 0.1 0.1 } }",
        );
        let (a, b, c) = (scene.find_def("A").unwrap(), scene.find_def("B").unwrap(), scene.find_def("C").unwrap());
        // A reaches x = 0.1, B starts at 0.15; "mine" overlaps both but A does not count its own robot
        assert!(!o.touching(a));
        assert!(o.touching(b));
        assert!(!o.touching(c));
    }

    #[test]
    fn with_self_collision_a_robot_s_solids_touch_but_for_those_a_joint_links() {
        let (scene, o) = obstacles(
            "Robot { selfCollision TRUE children [ DEF A Solid { boundingObject Box { size 0.2 0.2 0.2 } } \
               DEF B Solid { name \"b\" translation 0.15 0 0 boundingObject Box { size 0.2 0.2 0.2 } } \
               DEF C Solid { name \"c\" translation 0 1 0 boundingObject Box { size 0.2 0.2 0.2 } \
                 children [ SliderJoint { endPoint DEF D Solid { translation 0 0.15 0 \
                   boundingObject Box { size 0.2 0.2 0.2 } } } ] } ] }",
        );
        let def = |d: &str| scene.find_def(d).unwrap();
        // A and B overlap by 5 cm; C and its slider's endPoint D overlap too, but the joint links them
        assert!(o.touching(def("A")));
        assert!(o.touching(def("B")));
        assert!(!o.touching(def("C")));
        assert!(!o.touching(def("D")));
    }

    #[test]
    fn degenerate_geometry_is_skipped() {
        let (_, o) =
            obstacles("Solid { boundingObject Box { size 0 1 1 } } Solid { boundingObject Sphere { radius -1 } }");
        assert!(o.is_empty());
    }
}
