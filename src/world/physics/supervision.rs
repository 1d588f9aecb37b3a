//! The supervisor's physics calls (spec motion §8): velocities, forces and torques (they last one step),
//! resets, centre of mass, contact points and static balance.

use nalgebra::{Point2, Point3, Vector2, Vector3};

use super::body_math::BodyMath;
use super::contacts::{contact_points, ContactPoint};
use super::{Physics, Place};
use crate::world::scene::{NodeId, Scene};

/// Why a force or torque could not be applied.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ForceRefused {
    NotASolid,
    Kinematic,
}

impl Physics {
    fn member(&self, node: NodeId) -> Option<(usize, usize)> {
        match self.places.get(&node) {
            Some(Place::Member { body, member }) => Some((*body, *member)),
            _ => None,
        }
    }

    /// The body and member a force on `node` acts on, or why there is none (looked up only then: the
    /// supervisor may push every body every step).
    fn pushable(&self, scene: &Scene, node: NodeId) -> Result<(usize, usize), ForceRefused> {
        self.member(node).ok_or_else(|| {
            if scene.is_solid(node) {
                ForceRefused::Kinematic
            } else {
                ForceRefused::NotASolid
            }
        })
    }

    /// `[vx vy vz ωx ωy ωz]` of a dynamic Solid's body (its centre of mass), world frame; `None` for a
    /// Solid without a body.
    pub fn body_velocity(&self, node: NodeId) -> Option<[f64; 6]> {
        let (b, _) = self.member(node)?;
        let rb = self.engine.bodies.get(self.bodies[b].handle)?;
        let (v, w) = (rb.linvel(), rb.angvel());
        Some([v.x, v.y, v.z, w.x, w.y, w.z])
    }

    /// Sets the body velocity of a dynamic Solid that is its body's merger (other members: no effect,
    /// as in Webots). Returns whether `node` is dynamic.
    pub fn set_body_velocity(&mut self, node: NodeId, v: [f64; 6]) -> bool {
        let Some((b, m)) = self.member(node) else { return false };
        if m == 0 {
            if let Some(rb) = self.engine.bodies.get_mut(self.bodies[b].handle) {
                rb.set_linvel_na(Vector3::new(v[0], v[1], v[2]), true);
                rb.set_angvel_na(Vector3::new(v[3], v[4], v[5]), true);
            }
        }
        true
    }

    /// Adds a force (world frame) for the next step, at `point` (world) or at the Solid's centre of mass.
    pub fn add_force(
        &mut self,
        scene: &Scene,
        node: NodeId,
        force: Vector3<f64>,
        point: Option<Point3<f64>>,
    ) -> Result<(), ForceRefused> {
        let (b, m) = self.pushable(scene, node)?;
        let point = point.unwrap_or_else(|| {
            let member = &self.bodies[b].members[m];
            self.pose(b) * (member.offset * member.com)
        });
        let handle = self.bodies[b].handle;
        if let Some(rb) = self.engine.bodies.get_mut(handle) {
            rb.add_force_at_na(force, point, true);
            self.forced.push(handle);
        }
        Ok(())
    }

    /// Adds a torque (world frame) to the Solid's body for the next step.
    pub fn add_torque(&mut self, scene: &Scene, node: NodeId, torque: Vector3<f64>) -> Result<(), ForceRefused> {
        let (b, _) = self.pushable(scene, node)?;
        let handle = self.bodies[b].handle;
        if let Some(rb) = self.engine.bodies.get_mut(handle) {
            rb.add_torque_na(torque, true);
            self.forced.push(handle);
        }
        Ok(())
    }

    /// `reset_physics`: the bodies of `node` and of every Solid below it stop (velocities, forces and
    /// torques to zero) and wake up; `None` stops every body.
    pub fn stop_bodies(&mut self, scene: &Scene, node: Option<NodeId>) {
        for body in &self.bodies {
            if let Some(n) = node {
                if !scene.path_to(body.solid).contains(&n) {
                    continue;
                }
            }
            if let Some(rb) = self.engine.bodies.get_mut(body.handle) {
                rb.set_linvel_na(Vector3::zeros(), false);
                rb.set_angvel_na(Vector3::zeros(), false);
                rb.reset_forces(false);
                rb.reset_torques(false);
                if !body.fixed {
                    rb.wake_up(true);
                }
            }
        }
        for joint in &mut self.joints {
            for axis in &mut joint.axes {
                axis.velocity = 0.0;
            }
        }
    }

    /// The mass-weighted centre of mass of `node` and the Solids below it (world frame), or `None` when
    /// none of them has mass.
    pub fn center_of_mass(&self, scene: &Scene, node: NodeId) -> Option<Point3<f64>> {
        let (mut total, mut sum) = (0.0, Vector3::zeros());
        for (b, body) in self.bodies.iter().enumerate() {
            let pose = self.pose(b);
            for member in &body.members {
                if member.mass > 0.0 && scene.path_to(member.solid).contains(&node) {
                    total += member.mass;
                    sum += (pose * (member.offset * member.com)).coords * member.mass;
                }
            }
        }
        (total > 0.0).then(|| Point3::from(sum / total))
    }

    /// The Solids whose geometry touches `solid`'s own bounding object in the last step, each with its
    /// number of contact points (a vacuum gripper's suction).
    pub fn touching_solids(&self, solid: NodeId) -> Vec<(NodeId, usize)> {
        let mut out: Vec<(NodeId, usize)> = Vec::new();
        let narrow = &self.engine.narrow_phase;
        let colliders = &self.engine.colliders;
        let solid_of = |h| {
            colliders.get(h).and_then(|c: &rapier3d_f64::prelude::Collider| {
                self.solids.get(super::contacts::ColliderTag::unpack(c.user_data).solid as usize).copied()
            })
        };
        for pair in narrow.contact_pairs() {
            let (a, b) = (solid_of(pair.collider1), solid_of(pair.collider2));
            let other = match (a, b) {
                (Some(a), Some(b)) if a == solid && b != solid => b,
                (Some(a), Some(b)) if b == solid && a != solid => a,
                _ => continue,
            };
            let points = pair.manifolds().iter().flat_map(|m| m.points.iter()).filter(|c| c.dist <= 0.0).count();
            if points == 0 {
                continue;
            }
            match out.iter_mut().find(|(s, _)| *s == other) {
                Some((_, n)) => *n += points,
                None => out.push((other, points)),
            }
        }
        out
    }

    /// The contact points of the last step on `node`'s geometry, or (with `descendants`) on the geometry
    /// of any Solid below it: then `node`'s own points come first and each descendant's follow in scene
    /// order, as Webots lists them (its center_of_mass_and_contact_points test finds the robot's point first
    /// and a child Solid's last).
    pub fn contact_points(&self, scene: &Scene, node: NodeId, descendants: bool) -> Vec<ContactPoint> {
        let all = contact_points(&self.engine.narrow_phase, &self.engine.colliders, &self.solids);
        let mut mine: Vec<ContactPoint> = all
            .into_iter()
            .filter(|c| c.solid == node || (descendants && scene.path_to(c.solid).contains(&node)))
            .collect();
        if descendants && mine.iter().any(|c| c.solid != node) {
            let order = scene.preorder();
            let mut rank = vec![usize::MAX; order.iter().max().map_or(0, |&m| m + 1)];
            for (i, &n) in order.iter().enumerate() {
                rank[n] = i;
            }
            mine.sort_by_key(|c| rank.get(c.solid).copied().unwrap_or(usize::MAX));
        }
        mine
    }

    /// Every contact point of the last step, once per Solid it involves (for a replay).
    pub fn all_contact_points(&self) -> Vec<ContactPoint> {
        contact_points(&self.engine.narrow_phase, &self.engine.colliders, &self.solids)
    }

    /// Whether `node`'s own geometry touched anything in the last step.
    pub fn touching(&self, scene: &Scene, node: NodeId) -> bool {
        !self.contact_points(scene, node, false).is_empty()
    }

    /// Whether the centre of mass of `node` (a top Solid) and the Solids below it lies above the convex
    /// hull of their contact points, both projected on the ground plane.
    pub fn static_balance(&self, scene: &Scene, node: NodeId) -> bool {
        let Some(com) = self.center_of_mass(scene, node) else { return false };
        let up = self.world.up;
        // two axes spanning the plane orthogonal to up
        let e1 = if up.x.abs() < 0.9 { Vector3::x() } else { Vector3::y() };
        let e1 = (e1 - up * up.dot(&e1)).normalize();
        let e2 = up.cross(&e1);
        let flat = |p: &Point3<f64>| Point2::new(p.coords.dot(&e1), p.coords.dot(&e2));
        let points: Vec<Point2<f64>> =
            self.contact_points(scene, node, true).iter().map(|c| flat(&Point3::from(c.point))).collect();
        inside_hull(&flat(&com), &points)
    }
}

/// Whether `p` lies in the convex hull of `points` (on its boundary counts; with fewer than three
/// independent points the hull is a segment or a point, and `p` must lie on it).
fn inside_hull(p: &Point2<f64>, points: &[Point2<f64>]) -> bool {
    const EPS: f64 = 1e-9;
    let hull = convex_hull(points);
    match hull.len() {
        0 => false,
        1 => (hull[0] - p).norm() < EPS,
        2 => on_segment(p, &hull[0], &hull[1], EPS),
        n => (0..n).all(|i| cross(&(hull[(i + 1) % n] - hull[i]), &(p - hull[i])) >= -EPS),
    }
}

fn cross(a: &Vector2<f64>, b: &Vector2<f64>) -> f64 {
    a.x * b.y - a.y * b.x
}

fn on_segment(p: &Point2<f64>, a: &Point2<f64>, b: &Point2<f64>, eps: f64) -> bool {
    let ab = b - a;
    let t = ((p - a).dot(&ab) / ab.norm_squared()).clamp(0.0, 1.0);
    (a + ab * t - p).norm() < eps
}

/// The convex hull, counter-clockwise (Andrew's monotone chain); collinear points are dropped.
fn convex_hull(points: &[Point2<f64>]) -> Vec<Point2<f64>> {
    let mut pts: Vec<Point2<f64>> = points.to_vec();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup_by(|a, b| (*a - *b).norm() < 1e-12);
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<Point2<f64>> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Point2<f64>>> =
            if pass == 0 { Box::new(pts.iter()) } else { Box::new(pts.iter().rev()) };
        for p in iter {
            while hull.len() >= start + 2
                && cross(&(hull[hull.len() - 1] - hull[hull.len() - 2]), &(p - hull[hull.len() - 2])) <= 0.0
            {
                hull.pop();
            }
            hull.push(*p);
        }
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_inside_a_square_of_contacts_and_outside_beyond_it() {
        let square = [
            Point2::new(0.0, 0.0),
            Point2::new(1.0, 0.0),
            Point2::new(1.0, 1.0),
            Point2::new(0.0, 1.0),
            Point2::new(0.5, 0.5),
        ];
        assert!(inside_hull(&Point2::new(0.5, 0.2), &square));
        assert!(inside_hull(&Point2::new(1.0, 0.5), &square));
        assert!(!inside_hull(&Point2::new(1.1, 0.5), &square));
        assert_eq!(convex_hull(&square).len(), 4);
    }

    #[test]
    fn fewer_than_three_points_make_a_segment_or_a_point() {
        let seg = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0)];
        assert!(inside_hull(&Point2::new(1.0, 0.0), &seg));
        assert!(!inside_hull(&Point2::new(1.0, 0.1), &seg));
        assert!(!inside_hull(&Point2::new(1.0, 0.0), &[]));
    }
}
