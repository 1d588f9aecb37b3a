//! Bounding objects changed at run time (a supervisor writing a Box's `size`, a Sphere's `radius`, an
//! IndexedFaceSet's points...): the Solid's colliders are made again from its bounding object as it is
//! now, in place (same body, same tag, same pose), and the bodies wake so that a shape grown into a
//! sleeping body pushes it, as Webots rebuilds the ODE geometry at the next step.

use nalgebra::Isometry3;
use rapier3d_f64::prelude::*;

use super::bodies::Builder;
use super::contacts::ColliderTag;
use super::{Physics, Place};
use crate::world::scene::{NodeId, Scene};

impl Physics {
    /// A field of `node` other than a pose changed: when `node` is part of a bounding object of a
    /// Solid of the engine, that Solid's colliders take its new shape. Returns whether any did.
    pub fn geometry_written(&mut self, scene: &Scene, node: NodeId, warnings: &mut Vec<String>) -> bool {
        let Some(solid) = bounding_owner(scene, node) else { return false };
        let Some(&place) = self.places.get(&solid) else { return false };
        let Some(index) = self.solids.iter().position(|&s| s == solid) else { return false };
        let index = index as u32;
        let (parent, offset) = match place {
            Place::Member { body, member } => {
                (Some(self.bodies[body].handle), self.bodies[body].members[member].offset)
            }
            Place::Static(s) => match self.statics[s].carrier {
                Some(carrier) => (Some(carrier), Isometry3::identity()),
                None => (None, scene.global_pose(solid)),
            },
        };
        // the Solid's colliders, found by their tag on the body (or among the static ones)
        let old: Vec<(ColliderHandle, ColliderTag)> = match (place, parent) {
            (Place::Static(s), None) => self.statics[s]
                .colliders
                .iter()
                .filter_map(|&(h, _)| Some((h, ColliderTag::unpack(self.engine.colliders.get(h)?.user_data))))
                .collect(),
            (_, Some(p)) => self.colliders_of(p, solid),
            (Place::Member { .. }, None) => Vec::new(),
        };
        let tag = match old.first() {
            Some(&(_, tag)) => tag,
            None => self.fresh_tag(scene, solid, index),
        };
        for &(h, _) in &old {
            self.engine.remove_collider(h);
        }
        let dynamic = matches!(place, Place::Member { .. });
        let mut robots = std::mem::take(&mut self.robots);
        let mut solids = std::mem::take(&mut self.solids);
        let mut builder = Builder {
            engine: &mut self.engine,
            world: &self.world,
            materials: &mut self.hooks.materials,
            solids: &mut solids,
            robots: &mut robots,
            warnings,
        };
        let shapes = builder.shapes(scene, solid, dynamic);
        let mut made = Vec::with_capacity(shapes.len());
        for s in shapes {
            let local = offset * s.pose;
            made.push((builder.insert_collider(s.shape, local, tag, parent), s.pose));
        }
        self.robots = robots;
        self.solids = solids;
        if let Place::Static(s) = place {
            if parent.is_none() {
                self.statics[s].colliders = made;
            }
        }
        // a shape that grew into a resting body pushes it: every body is woken for the next step
        for (_, rb) in self.engine.bodies.iter_mut() {
            if rb.is_dynamic() {
                rb.wake_up(true);
            }
        }
        true
    }

    /// The tag a Solid's colliders carry when it had none before (its bounding object was empty).
    fn fresh_tag(&mut self, scene: &Scene, solid: NodeId, index: u32) -> ColliderTag {
        let robot_node = scene.path_to(solid).into_iter().find(|&n| self.robots.contains(&n));
        let robot = robot_node.and_then(|r| self.robots.iter().position(|&x| x == r)).map_or(0, |i| i as u32 + 1);
        let material = self.hooks.materials.index(&scene.sf_string(solid, "contactMaterial"));
        ColliderTag {
            solid: index,
            robot,
            material,
            jointed_to_world: false,
            touch_sensor: scene.type_name(solid) == "TouchSensor",
        }
    }
}

/// The Solid whose `boundingObject` holds `node` (the geometry, or a Pose, Group or Shape on the way).
fn bounding_owner(scene: &Scene, node: NodeId) -> Option<NodeId> {
    let path = scene.path_to(node);
    for w in path.windows(2).rev() {
        let (above, below) = (w[0], w[1]);
        if scene.sf_node(above, "boundingObject") == Some(below) {
            return Some(above);
        }
        if scene.is_solid(above) {
            // reached a Solid through its children: `node` is a visual shape
            return None;
        }
    }
    None
}
