//! Ray queries against the Solids' bounding objects, the one way devices look at the world's geometry
//! (infra-red occlusion, distance sensors, lidars, range finders, bumpers' contacts): the engine's
//! colliders when the world has physics, else the obstacle list built from the scene.

use nalgebra::{Point3, Vector3};

use crate::world::geometry::obstacles::Obstacles;
use crate::world::physics::Physics;
use crate::world::scene::{NodeId, Scene};

/// The nearest hit of a ray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub distance: f64,
    /// The surface normal at the hit, world frame.
    pub normal: Vector3<f64>,
    pub solid: NodeId,
}

#[derive(Clone, Copy)]
pub enum Rays<'a> {
    Engine(&'a Physics),
    Obstacles(&'a Obstacles),
}

impl<'a> Rays<'a> {
    /// The engine's colliders when there is an engine, else the obstacles.
    pub fn of(physics: Option<&'a Physics>, obstacles: &'a Obstacles) -> Rays<'a> {
        match physics {
            Some(p) => Rays::Engine(p),
            None => Rays::Obstacles(obstacles),
        }
    }

    /// The nearest bounding object along the unit `direction` from `origin` within `max` metres,
    /// ignoring the Solids of the robots in `ignored`.
    pub fn cast(
        &self,
        origin: &Point3<f64>,
        direction: &Vector3<f64>,
        max: f64,
        ignored: &[Option<NodeId>],
    ) -> Option<Hit> {
        let (distance, normal, solid) = match self {
            Rays::Engine(p) => p.cast(origin, direction, max, ignored)?,
            Rays::Obstacles(o) => o.cast(origin, direction, max, ignored)?,
        };
        Some(Hit { distance, normal, solid })
    }

    /// Whether the bounding object of Solid `node` touched another in the last step (the engine's
    /// contacts) or touches one now (the obstacles, other robots' only).
    pub fn touching(&self, scene: &Scene, node: NodeId) -> bool {
        match self {
            Rays::Engine(p) => p.touching(scene, node),
            Rays::Obstacles(o) => o.touching(node),
        }
    }

    /// Whether the segment `from`–`to` meets a bounding object.
    pub fn blocks(&self, from: &Point3<f64>, to: &Point3<f64>, ignored: &[Option<NodeId>]) -> bool {
        match self {
            Rays::Engine(p) => p.blocks(from, to, ignored),
            Rays::Obstacles(o) => o.blocks(from, to, ignored),
        }
    }
}
