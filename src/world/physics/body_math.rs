//! rapier's bodies read and pushed in the scene's nalgebra math, so the physics code keeps one
//! vocabulary and converts at this border only.

use nalgebra::{Isometry3, Point3, Vector3};
use rapier3d_f64::prelude::RigidBody;

use crate::world::geometry::convert::{isometry, na_point, na_vector, point, pose, vector};

pub trait BodyMath {
    fn pose_na(&self) -> Isometry3<f64>;
    fn com_na(&self) -> Point3<f64>;
    fn linvel_na(&self) -> Vector3<f64>;
    fn angvel_na(&self) -> Vector3<f64>;
    fn velocity_at_na(&self, p: &Point3<f64>) -> Vector3<f64>;
    fn add_force_at_na(&mut self, force: Vector3<f64>, at: Point3<f64>, wake: bool);
    fn add_torque_na(&mut self, torque: Vector3<f64>, wake: bool);
    fn set_linvel_na(&mut self, v: Vector3<f64>, wake: bool);
    fn set_angvel_na(&mut self, w: Vector3<f64>, wake: bool);
    fn set_pose_na(&mut self, p: &Isometry3<f64>, wake: bool);
}

impl BodyMath for RigidBody {
    fn pose_na(&self) -> Isometry3<f64> {
        isometry(self.position())
    }
    fn com_na(&self) -> Point3<f64> {
        na_point(self.center_of_mass())
    }
    fn linvel_na(&self) -> Vector3<f64> {
        na_vector(self.linvel())
    }
    fn angvel_na(&self) -> Vector3<f64> {
        na_vector(self.angvel())
    }
    fn velocity_at_na(&self, p: &Point3<f64>) -> Vector3<f64> {
        na_vector(self.velocity_at_point(point(p)))
    }
    fn add_force_at_na(&mut self, force: Vector3<f64>, at: Point3<f64>, wake: bool) {
        self.add_force_at_point(vector(&force), point(&at), wake);
    }
    fn add_torque_na(&mut self, torque: Vector3<f64>, wake: bool) {
        self.add_torque(vector(&torque), wake);
    }
    fn set_linvel_na(&mut self, v: Vector3<f64>, wake: bool) {
        self.set_linvel(vector(&v), wake);
    }
    fn set_angvel_na(&mut self, w: Vector3<f64>, wake: bool) {
        self.set_angvel(vector(&w), wake);
    }
    fn set_pose_na(&mut self, p: &Isometry3<f64>, wake: bool) {
        self.set_position(pose(p), wake);
    }
}
