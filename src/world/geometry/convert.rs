//! The scene's nalgebra math meeting parry's and rapier's glam types: the conversions at that border.

use nalgebra::{Isometry3, Matrix3, Point3, UnitQuaternion, Vector3};
use parry3d_f64::math::{Matrix, Pose, Rotation, Vector};

pub fn pose(p: &Isometry3<f64>) -> Pose {
    Pose::from(*p)
}

pub fn isometry(p: &Pose) -> Isometry3<f64> {
    (*p).into()
}

pub fn vector(v: &Vector3<f64>) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

pub fn point(p: &Point3<f64>) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

pub fn na_vector(v: Vector) -> Vector3<f64> {
    Vector3::new(v.x, v.y, v.z)
}

pub fn na_point(v: Vector) -> Point3<f64> {
    Point3::new(v.x, v.y, v.z)
}

/// A glam matrix (column-major) as nalgebra's.
pub fn na_matrix(m: &Matrix) -> Matrix3<f64> {
    Matrix3::from_column_slice(&m.to_cols_array())
}

pub fn rotation(q: &UnitQuaternion<f64>) -> Rotation {
    Rotation::from_xyzw(q.i, q.j, q.k, q.w)
}

pub fn na_rotation(q: Rotation) -> UnitQuaternion<f64> {
    UnitQuaternion::new_unchecked(nalgebra::Quaternion::new(q.w, q.x, q.y, q.z))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pose_goes_over_and_back_unchanged_and_moves_points_alike() {
        let iso = Isometry3::new(Vector3::new(1.0, -2.0, 0.5), Vector3::new(0.3, -0.2, 1.1));
        let p = Point3::new(0.2, 0.7, -1.3);
        let moved = pose(&iso).transform_point(point(&p));
        assert!((na_point(moved) - iso * p).norm() < 1e-12);
        let back = isometry(&pose(&iso));
        assert!((back.translation.vector - iso.translation.vector).norm() < 1e-15);
        assert!(back.rotation.angle_to(&iso.rotation) < 1e-12);
        assert!(na_rotation(rotation(&iso.rotation)).angle_to(&iso.rotation) < 1e-12);
    }
}
