//! The world side of one Connector: its fields with Webots' checks, the geometric presence test of spec
//! §5 (each connector with its own tolerances), and the docked pose a snap aligns a peer into (§7.3).

use std::f64::consts::PI;

use nalgebra::{Isometry3, Matrix4, Unit, UnitQuaternion, Vector3};

use crate::protocol::ConnectorSetup;
use crate::world::devices::sampling::Sampling;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// Squared distance bound of Webots' nearest-candidate search (about 316 m).
pub const SEARCH_BOUND_SQUARED: f64 = 99999.9;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Symmetric,
    Active,
    Passive,
    /// Any other `type` string: never compatible.
    Unknown,
}

impl Kind {
    fn parse(s: &str) -> Kind {
        match s {
            "symmetric" => Kind::Symmetric,
            "active" => Kind::Active,
            "passive" => Kind::Passive,
            _ => Kind::Unknown,
        }
    }

    fn compatible(self, other: Kind) -> bool {
        matches!(
            (self, other),
            (Kind::Symmetric, Kind::Symmetric) | (Kind::Active, Kind::Passive) | (Kind::Passive, Kind::Active)
        )
    }
}

/// A connector's placement for the tests: its origin, docking normal and rotation reference in world
/// coordinates (columns of the global matrix, not re-normalised, as in Webots).
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub origin: Vector3<f64>,
    pub normal: Vector3<f64>,
    pub reference: Vector3<f64>,
}

#[derive(Clone, Debug)]
pub struct ConnectorNode {
    pub node: NodeId,
    /// The top-most Solid above the connector (its robot, or a plain Solid): what a link moves.
    pub carrier: NodeId,
    /// A Physics node on the connector or one of its ancestors: the side can hold a link.
    pub has_body: bool,
    pub sampling: Sampling,
    pub kind: Kind,
    pub model: String,
    /// The latch (`isLocked`).
    pub is_locked: bool,
    pub auto_lock: bool,
    pub unilateral_lock: bool,
    pub unilateral_unlock: bool,
    pub snap: bool,
    distance_tolerance: f64,
    axis_tolerance: f64,
    rotation_tolerance: f64,
    number_of_rotations: i32,
    /// Newtons; -1 = unbreakable. Kept for a dynamics engine: a kinematic link never breaks.
    pub tensile_strength: f64,
    pub shear_strength: f64,
    /// Set at load and after a reset: the first step locks a latched connector.
    pub startup: bool,
    /// Local axis indices of the docking normal and the rotation reference: x and z, or z and y in
    /// worlds older than R2022a.
    axes: (usize, usize),
}

impl ConnectorNode {
    /// Reads the fields with Webots' load-time checks; corrected values are written back to the scene.
    pub fn from_scene(scene: &mut Scene, node: NodeId, warnings: &mut Vec<String>) -> ConnectorNode {
        let path = scene.path_to(node);
        let carrier = path.iter().copied().find(|&n| scene.is_solid(n)).unwrap_or(node);
        let has_body = path.iter().any(|&n| scene.is_solid(n) && scene.sf_node(n, "physics").is_some());
        let mut c = ConnectorNode {
            node,
            carrier,
            has_body,
            sampling: Sampling::default(),
            kind: Kind::Symmetric,
            model: String::new(),
            is_locked: false,
            auto_lock: false,
            unilateral_lock: true,
            unilateral_unlock: true,
            snap: true,
            distance_tolerance: 0.01,
            axis_tolerance: 0.2,
            rotation_tolerance: 0.2,
            number_of_rotations: 4,
            tensile_strength: -1.0,
            shear_strength: -1.0,
            startup: true,
            axes: if scene.is_pre_r2022a() { (2, 1) } else { (0, 2) },
        };
        for field in [
            "type",
            "model",
            "autoLock",
            "unilateralLock",
            "unilateralUnlock",
            "snap",
            "distanceTolerance",
            "axisTolerance",
            "rotationTolerance",
            "numberOfRotations",
            "tensileStrength",
            "shearStrength",
            "isLocked",
        ] {
            c.read_field(scene, field, warnings);
        }
        c.is_locked = scene.sf_bool(node, "isLocked");
        c
    }

    pub fn setup(&self) -> ConnectorSetup {
        ConnectorSetup { is_locked: self.is_locked }
    }

    /// Takes the scene's value of `field` (after load or a run-time change), with Webots' checks.
    /// `isLocked` is only validated here: acting on it (lock, unlock) is the caller's job. Returns
    /// whether the field was one of the connector's own.
    pub fn read_field(&mut self, scene: &mut Scene, field: &str, warnings: &mut Vec<String>) -> bool {
        let n = self.node;
        let who = scene.describe(n);
        let mut warn = |msg: String| warnings.push(format!("{who}: {msg}"));
        match field {
            "type" => {
                let written = scene.sf_string(n, "type");
                self.kind = Kind::parse(&written);
                if self.kind == Kind::Unknown {
                    warn(format!(
                        "unknown 'type' \"{written}\" (expected \"symmetric\", \"active\" or \"passive\"): it \
                         will never dock."
                    ));
                }
            }
            "model" => self.model = scene.sf_string(n, "model"),
            "autoLock" => self.auto_lock = scene.sf_bool(n, "autoLock"),
            "unilateralLock" => self.unilateral_lock = scene.sf_bool(n, "unilateralLock"),
            "unilateralUnlock" => self.unilateral_unlock = scene.sf_bool(n, "unilateralUnlock"),
            "snap" => self.snap = scene.sf_bool(n, "snap"),
            "isLocked" => {
                let locked = scene.sf_bool(n, "isLocked");
                if locked && self.kind == Kind::Passive {
                    warn("a passive connector cannot be locked: 'isLocked' reset to FALSE.".into());
                    scene.set_field_synced(n, "isLocked", FieldValue::SFBool(false));
                }
            }
            "distanceTolerance" => {
                let d = scene.sf_float(n, "distanceTolerance");
                self.distance_tolerance = if d < 0.0 {
                    warn("'distanceTolerance' must be positive or zero: set to 0.".into());
                    scene.set_field_synced(n, "distanceTolerance", FieldValue::SFFloat(0.0));
                    0.0
                } else {
                    d
                };
            }
            "axisTolerance" | "rotationTolerance" => {
                let t = scene.sf_float(n, field);
                let clipped = t.clamp(0.0, PI);
                if clipped != t {
                    warn(format!("'{field}' must be in [0, pi]: set to {clipped}."));
                    scene.set_field_synced(n, field, FieldValue::SFFloat(clipped));
                }
                if field == "axisTolerance" {
                    self.axis_tolerance = clipped;
                } else {
                    self.rotation_tolerance = clipped;
                }
            }
            "numberOfRotations" => {
                let k = scene.sf_int(n, "numberOfRotations");
                self.number_of_rotations = if k < 0 {
                    warn("'numberOfRotations' must be positive or zero: set to 0.".into());
                    scene.set_field_synced(n, "numberOfRotations", FieldValue::SFInt32(0));
                    0
                } else {
                    k
                };
            }
            "tensileStrength" | "shearStrength" => {
                let s = scene.sf_float(n, field);
                let s = if s < 0.0 && s != -1.0 {
                    warn(format!("'{field}' must be -1 (unbreakable) or positive: set to -1."));
                    scene.set_field_synced(n, field, FieldValue::SFFloat(-1.0));
                    -1.0
                } else {
                    s
                };
                if field == "tensileStrength" {
                    self.tensile_strength = s;
                } else {
                    self.shear_strength = s;
                }
            }
            _ => return false,
        }
        true
    }

    /// The connector's frame now.
    pub fn frame(&self, scene: &Scene) -> Frame {
        frame_of(&scene.global_transform(self.node), self.axes)
    }

    /// Spec §5 from this connector's side: `Some(squared distance)` when `other`, placed at `them`, is a
    /// docking candidate for this connector placed at `me`.
    pub fn candidate(&self, me: &Frame, other: &ConnectorNode, them: &Frame) -> Option<f64> {
        if !self.kind.compatible(other.kind) || self.model != other.model {
            return None;
        }
        if angle(&me.normal, &them.normal) <= PI - self.axis_tolerance {
            return None;
        }
        if self.number_of_rotations != 0 && self.allowed_angle(angle(&me.reference, &them.reference)).is_none() {
            return None;
        }
        let d2 = (me.origin - them.origin).norm_squared();
        (d2 <= self.distance_tolerance * self.distance_tolerance).then_some(d2)
    }

    /// The first docking angle `k·2π/n` (k = 0..=n/2) that `alpha` is strictly within the rotation
    /// tolerance of.
    fn allowed_angle(&self, alpha: f64) -> Option<f64> {
        let (step, t) = (2.0 * PI / f64::from(self.number_of_rotations), self.rotation_tolerance);
        (0..=self.number_of_rotations / 2).map(|k| f64::from(k) * step).find(|&a| a - t < alpha && alpha < a + t)
    }

    /// The allowed docking angle closest to `alpha`.
    fn nearest_allowed_angle(&self, alpha: f64) -> f64 {
        let step = 2.0 * PI / f64::from(self.number_of_rotations);
        (0..=self.number_of_rotations / 2)
            .map(|k| f64::from(k) * step)
            .min_by(|a, b| (a - alpha).abs().total_cmp(&(b - alpha).abs()))
            .unwrap_or(0.0)
    }

    /// The peer connector's docked pose in this connector's frame, from its current one `relative`: the
    /// normals exactly opposed, the rotation reference turned onto the allowed angle (unless any angle
    /// is allowed), the origins together.
    pub fn snapped(&self, relative: &Isometry3<f64>) -> Isometry3<f64> {
        let (e_n, e_r) = (unit(self.axes.0), unit(self.axes.1));
        let normal = relative.rotation * e_n;
        let align = UnitQuaternion::rotation_between(&normal, &-e_n).unwrap_or_else(UnitQuaternion::identity);
        let mut rotation = align * relative.rotation;
        if self.number_of_rotations != 0 {
            let reference = rotation * e_r;
            let signed = e_n.dot(&e_r.cross(&reference)).atan2(e_r.dot(&reference));
            let alpha = signed.abs();
            let target = self.allowed_angle(alpha).unwrap_or_else(|| self.nearest_allowed_angle(alpha));
            let turn = if signed < 0.0 { -target } else { target } - signed;
            rotation = UnitQuaternion::from_axis_angle(&Unit::new_unchecked(e_n), turn) * rotation;
        }
        Isometry3::from_parts(Vector3::zeros().into(), rotation)
    }
}

fn unit(k: usize) -> Vector3<f64> {
    let mut v = Vector3::zeros();
    v[k] = 1.0;
    v
}

fn frame_of(m: &Matrix4<f64>, axes: (usize, usize)) -> Frame {
    let column = |k: usize| Vector3::new(m[(0, k)], m[(1, k)], m[(2, k)]);
    Frame { origin: column(3), normal: column(axes.0), reference: column(axes.1) }
}

/// Angle between two (nearly) unit vectors, in [0, π].
fn angle(a: &Vector3<f64>, b: &Vector3<f64>) -> f64 {
    a.dot(b).clamp(-1.0, 1.0).acos()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn scene(connectors: &str) -> Scene {
        let text = format!("#VRML_SIM R2025a utf8\n{connectors}");
        parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap()
    }

    fn both(s: &mut Scene) -> (ConnectorNode, ConnectorNode, Vec<String>) {
        let ids: Vec<NodeId> = s.preorder().into_iter().filter(|&n| s.type_name(n) == "Connector").collect();
        let mut w = Vec::new();
        let a = ConnectorNode::from_scene(s, ids[0], &mut w);
        let b = ConnectorNode::from_scene(s, ids[1], &mut w);
        (a, b, w)
    }

    /// A at the origin facing +x; B facing it (turned π about z) at `x`, then turned `roll` about x.
    fn pair(a_fields: &str, x: f64, roll: f64) -> (ConnectorNode, ConnectorNode, Scene) {
        let mut s = scene(&format!(
            "Connector {{ name \"a\" {a_fields} }}\nPose {{ translation {x} 0 0 rotation 0 0 1 3.141592653589793 \
             children [ Connector {{ name \"b\" rotation 1 0 0 {roll} }} ] }}\n"
        ));
        let (a, b, _) = both(&mut s);
        (a, b, s)
    }

    fn sees(a_fields: &str, x: f64, roll: f64) -> bool {
        let (a, b, s) = pair(a_fields, x, roll);
        a.candidate(&a.frame(&s), &b, &b.frame(&s)).is_some()
    }

    #[test]
    fn distance_bound_is_inclusive() {
        assert!(sees("distanceTolerance 0.5", 0.5, 0.0));
        assert!(!sees("distanceTolerance 0.5", 0.5000001, 0.0));
        assert!(!sees("distanceTolerance 0", 1e-9, 0.0));
    }

    #[test]
    fn rotation_steps_follow_number_of_rotations_with_strict_bounds() {
        let q = std::f64::consts::FRAC_PI_2;
        assert!(sees("", 0.0, q), "n=4 allows 90 degrees");
        assert!(!sees("numberOfRotations 2", 0.0, q));
        assert!(sees("numberOfRotations 2", 0.0, PI));
        assert!(!sees("numberOfRotations 1", 0.0, PI));
        assert!(sees("numberOfRotations 3", 0.0, 2.0 * PI / 3.0));
        assert!(sees("numberOfRotations 0 rotationTolerance 0", 0.0, 1.0), "0 = any angle");
        assert!(sees("rotationTolerance 0.3", 0.0, 0.29));
        assert!(!sees("rotationTolerance 0.3", 0.0, 0.31));
        assert!(!sees("rotationTolerance 0", 0.0, 0.0), "zero tolerance never aligns");
    }

    #[test]
    fn compatibility_needs_matching_types_and_models() {
        let cases = [
            ("type \"active\"", "type \"passive\"", true),
            ("type \"passive\"", "type \"active\"", true),
            ("type \"active\"", "type \"active\"", false),
            ("type \"symmetric\"", "type \"passive\"", false),
            ("type \"magnet\"", "type \"magnet\"", false),
            ("model \"m\"", "model \"m\"", true),
            ("model \"m\"", "model \"n\"", false),
        ];
        for (fa, fb, expected) in cases {
            let mut s = scene(&format!(
                "Connector {{ {fa} }}\nPose {{ rotation 0 0 1 3.141592653589793 children [ Connector {{ {fb} }} ] }}\n"
            ));
            let (a, b, _) = both(&mut s);
            assert_eq!(a.candidate(&a.frame(&s), &b, &b.frame(&s)).is_some(), expected, "{fa} / {fb}");
        }
    }

    #[test]
    fn axis_test_is_strict() {
        let mut s = scene(
            "Connector { axisTolerance 0.3 }\nPose { rotation 0 0 1 2.9 children [ Connector { } ] }\n\
             Pose { rotation 0 0 1 2.8 children [ Connector { } ] }\n",
        );
        let ids: Vec<NodeId> = s.preorder().into_iter().filter(|&n| s.type_name(n) == "Connector").collect();
        let mut w = Vec::new();
        let c: Vec<ConnectorNode> = ids.iter().map(|&n| ConnectorNode::from_scene(&mut s, n, &mut w)).collect();
        // 0.24 rad off opposite is within 0.3; 0.34 rad is not
        assert!(c[0].candidate(&c[0].frame(&s), &c[1], &c[1].frame(&s)).is_some());
        assert!(c[0].candidate(&c[0].frame(&s), &c[2], &c[2].frame(&s)).is_none());
    }

    #[test]
    fn invalid_fields_are_corrected_with_a_warning() {
        let mut s = scene(
            "Connector { type \"passive\" isLocked TRUE distanceTolerance -1 axisTolerance 4 numberOfRotations -2 \
             tensileStrength -3 }\nConnector { }\n",
        );
        let (a, _, w) = both(&mut s);
        assert_eq!(w.len(), 5, "{w:?}");
        assert!(!a.is_locked);
        assert!(!s.sf_bool(a.node, "isLocked"));
        assert_eq!(s.sf_float(a.node, "distanceTolerance"), 0.0);
        assert_eq!(s.sf_float(a.node, "axisTolerance"), PI);
        assert_eq!(s.sf_int(a.node, "numberOfRotations"), 0);
        assert_eq!(a.tensile_strength, -1.0);
    }

    #[test]
    fn snap_opposes_the_normals_and_turns_to_the_nearest_allowed_angle() {
        let (a, b, s) = pair("axisTolerance 0.5 rotationTolerance 0.5", 0.0, 1.3);
        let relative = s.global_pose(a.node).inverse() * s.global_pose(b.node);
        let docked = a.snapped(&relative);
        let n = docked.rotation * Vector3::x();
        assert!((n + Vector3::x()).norm() < 1e-12, "{n}");
        // 1.3 rad is within 0.5 of π/2
        let z = docked.rotation * Vector3::z();
        assert!((angle(&z, &Vector3::z()) - PI / 2.0).abs() < 1e-12);
    }

    #[test]
    fn old_worlds_dock_along_z() {
        let text = "#VRML_SIM R2021b utf8\nConnector { }\nPose { rotation 1 0 0 3.141592653589793 \
                    children [ Connector { } ] }\n";
        let mut s = parse_world_str(text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let (a, b, _) = both(&mut s);
        assert!(a.candidate(&a.frame(&s), &b, &b.frame(&s)).is_some());
        let (a, b, s) = pair("", 0.0, 0.0);
        assert!(a.candidate(&a.frame(&s), &b, &b.frame(&s)).is_some(), "new worlds dock along x");
    }

    #[test]
    fn world_side_writes_reach_the_proto_interface_that_feeds_the_field() {
        let mut s = scene(
            "PROTO Module [ field SFVec3f translation 0 0 0 field SFBool latched FALSE ] { Robot { translation IS \
             translation children [ Connector { isLocked IS latched } ] } }\nModule { }\n",
        );
        let instance = s.roots[0];
        let connector = s.preorder().into_iter().find(|&n| s.type_name(n) == "Connector").unwrap();
        s.set_field_synced(connector, "isLocked", FieldValue::SFBool(true));
        s.set_field_synced(instance, "translation", FieldValue::SFVec3f([1.0, 2.0, 3.0]));
        assert!(s.sf_bool(connector, "isLocked"));
        assert_eq!(s.proto_field(instance, "latched"), Some(&FieldValue::SFBool(true)));
        assert_eq!(s.proto_field(instance, "translation"), Some(&FieldValue::SFVec3f([1.0, 2.0, 3.0])));
        assert_eq!(s.sf_vec3(instance, "translation"), [1.0, 2.0, 3.0]);
    }
}
