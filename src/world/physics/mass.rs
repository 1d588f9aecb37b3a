//! A Solid's mass, centre of mass and inertia as Webots computes them from its Physics node and its
//! bounding object (spec motion §1.3): the primitives' volumes at the reference density 1000 (parry
//! computes each primitive's mass properties), scaled to the `mass` field or the `density`; a given
//! `centerOfMass` moves the centroid; `mass` + `centerOfMass` + `inertiaMatrix` replace everything.

use rapier3d_f64::prelude::{MassProperties, Matrix, Vector};

use crate::world::geometry::convert::{na_matrix, pose};
use crate::world::physics::bounds;

use crate::world::geometry::shapes::BoundingShape;
use crate::world::scene::{FieldValue, NodeId, Scene};

const REFERENCE_DENSITY: f64 = 1000.0;

/// The Physics node's fields after Webots' load-time checks (the corrected values are written back).
#[derive(Clone, Debug, PartialEq)]
pub struct PhysicsFields {
    pub density: f64,
    pub mass: f64,
    pub center_of_mass: Option<[f64; 3]>,
    /// `[I11 I22 I33]`, `[I12 I13 I23]`, when both rows are given and valid.
    pub inertia: Option<[[f64; 3]; 2]>,
    pub damping: Option<NodeId>,
}

impl PhysicsFields {
    /// Reads `physics` (a Physics node) with Webots' checks; `who` names it in warnings.
    pub fn read(scene: &mut Scene, physics: NodeId, who: &str, warnings: &mut Vec<String>) -> PhysicsFields {
        let mut warn = |msg: String| warnings.push(format!("{who}: {msg}"));
        let mut density = scene.sf_float(physics, "density");
        let mut mass = scene.sf_float(physics, "mass");
        let nonpositive = |v: f64| v <= 0.0 || v.is_nan();
        if nonpositive(mass) && nonpositive(density) {
            density = 1000.0;
            warn("Invalid 'density' changed to 1000. The value should be positive.".into());
        }
        if nonpositive(density) && density != -1.0 {
            density = 1000.0;
            warn("Invalid 'density' changed to 1000. The value should be either -1 or positive.".into());
        }
        if nonpositive(mass) && mass != -1.0 {
            mass = -1.0;
            warn("Invalid 'mass' changed to -1. The value should be either -1 or positive.".into());
        }
        // what the engine can represent (README, Reliability): a density only in what it makes
        if mass > 0.0 {
            mass = bounds::clamp_field(mass, bounds::MIN_MASS, bounds::MAX_MASS, "mass", &mut warn);
        }
        if mass > 0.0 && density > 0.0 {
            warn("Both 'density' and 'mass' specified: the 'density' will be ignored.".into());
        }
        if let Some(FieldValue::SFFloat(v)) = scene.field_mut(physics, "density") {
            *v = density;
        }
        if let Some(FieldValue::SFFloat(v)) = scene.field_mut(physics, "mass") {
            *v = mass;
        }
        let mut rows = scene.mf_vec3(physics, "inertiaMatrix");
        if rows.len() == 1 {
            rows.push([0.0; 3]);
            warn("'inertiaMatrix' must have exactly 0 or 2 lines. Second line inserted.".into());
        } else if rows.len() > 2 {
            rows.truncate(2);
            warn("'inertiaMatrix' must have exactly 0 or 2 lines. Extra lines skipped.".into());
        }
        let mut com = scene.mf_vec3(physics, "centerOfMass");
        if com.len() > 1 {
            com.truncate(1);
            warn("'centerOfMass' must have exactly 0 or 1 line. Extra lines skipped.".into());
        }
        for c in com.iter_mut().flatten() {
            *c = bounds::clamp_field(*c, -bounds::MAX_LENGTH, bounds::MAX_LENGTH, "centerOfMass", &mut warn);
        }
        let inertia = match rows.as_slice() {
            [d, o] => {
                let matrix = na_matrix(&inertia_matrix([*d, *o]));
                if d.iter().any(|v| *v <= 0.0) {
                    warn(
                        "The first line of 'inertiaMatrix' (principal moments of inertia) must have only positive \
                         values."
                            .into(),
                    );
                    None
                } else if matrix.cholesky().is_none() {
                    warn("'inertiaMatrix' must be positive definite.".into());
                    None
                } else {
                    Some([*d, *o])
                }
            }
            _ => None,
        };
        PhysicsFields {
            density,
            mass,
            center_of_mass: com.first().copied(),
            inertia,
            damping: scene.sf_node(physics, "damping"),
        }
    }

    /// The Solid's mass properties in its own frame. `shapes` are its bounding object's primitives
    /// (planes excluded); `who` names the Solid in warnings.
    pub fn mass_properties(&self, shapes: &[BoundingShape], who: &str, warnings: &mut Vec<String>) -> MassProperties {
        if let (true, Some(com), Some(rows)) = (self.mass > 0.0, self.center_of_mass, self.inertia) {
            return MassProperties::with_inertia_matrix(Vector::from_array(com), self.mass, inertia_matrix(rows));
        }
        let reference = shapes
            .iter()
            .map(|s| s.shape.mass_properties(REFERENCE_DENSITY).transform_by(&pose(&s.pose)))
            .fold(nalgebra::zero::<MassProperties>(), |a, b| a + b);
        let reference_mass = reference.mass();
        if !(reference_mass > 0.0 && reference_mass.is_finite()) {
            return if self.mass > 0.0 {
                warnings.push(format!(
                    "{who}: Undefined inertia matrix: using the identity matrix. Please specify 'boundingObject' or \
                     'inertiaMatrix' values."
                ));
                identity_inertia(self.mass, self.center_of_mass)
            } else {
                warnings.push(format!(
                    "{who}: Mass is invalid because 'boundingObject' is not defined. Using default mass properties: \
                     mass = 1, inertia matrix = identity"
                ));
                identity_inertia(1.0, self.center_of_mass)
            };
        }
        let mut total = if self.mass > 0.0 { self.mass } else { reference_mass / REFERENCE_DENSITY * self.density };
        if !(bounds::MIN_MASS..=bounds::MAX_MASS).contains(&total) {
            let held = if total > bounds::MAX_MASS { bounds::MAX_MASS } else { bounds::MIN_MASS };
            warnings.push(format!(
                "{who}: The mass given by 'density' ({} kg) changed to {} kg, the physics engine's bound.",
                crate::c_format::g(total),
                crate::c_format::g(held)
            ));
            total = held;
        }
        let scale = total / reference_mass;
        let com = self.center_of_mass.map_or(reference.local_com, Vector::from_array);
        MassProperties::with_principal_inertia_frame(
            com,
            total,
            reference.principal_inertia() * scale,
            reference.principal_inertia_local_frame,
        )
    }
}

/// The default mass properties of a Solid whose mass cannot be computed: identity inertia.
fn identity_inertia(mass: f64, com: Option<[f64; 3]>) -> MassProperties {
    MassProperties::with_inertia_matrix(Vector::from_array(com.unwrap_or([0.0; 3])), mass, Matrix::IDENTITY)
}

/// Webots' two inertia rows as a symmetric matrix.
fn inertia_matrix([d, o]: [[f64; 3]; 2]) -> Matrix {
    Matrix::from_cols_array(&[d[0], o[0], o[1], o[0], d[1], o[2], o[1], o[2], d[2]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::geometry::shapes::bounding_shapes;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn solid(text: &str) -> (Scene, NodeId) {
        let text = format!("#VRML_SIM R2025a utf8\n{text}");
        let s = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let id = s.preorder().into_iter().find(|&n| s.type_name(n) == "Solid").unwrap();
        (s, id)
    }

    fn props(text: &str) -> (MassProperties, Vec<String>) {
        let (mut s, id) = solid(text);
        let mut w = Vec::new();
        let physics = s.sf_node(id, "physics").unwrap();
        let fields = PhysicsFields::read(&mut s, physics, "solid", &mut w);
        let shapes = bounding_shapes(&s, id, &mut Vec::new());
        (fields.mass_properties(&shapes, "solid", &mut w), w)
    }

    #[test]
    fn a_box_of_density_1000_weighs_its_volume_and_has_the_textbook_inertia() {
        let (m, w) = props("Solid { boundingObject Box { size 0.1 0.2 0.3 } physics Physics { } }");
        assert!(w.is_empty(), "{w:?}");
        assert!((m.mass() - 6.0).abs() < 1e-12);
        // I_xx = m (b² + c²) / 12
        let i = m.reconstruct_inertia_matrix();
        assert!((i.x_axis.x - 6.0 * (0.04 + 0.09) / 12.0).abs() < 1e-12);
        assert!((i.z_axis.z - 6.0 * (0.01 + 0.04) / 12.0).abs() < 1e-12);
    }

    #[test]
    fn the_mass_field_scales_and_the_centre_of_mass_field_moves_the_centroid() {
        let (m, w) = props(
            "Solid { boundingObject Pose { translation 1 0 0 children [ Sphere { radius 0.1 } ] } \
             physics Physics { density -1 mass 2 centerOfMass [ 0 0 0.5 ] } }",
        );
        assert!(w.is_empty(), "{w:?}");
        assert!((m.mass() - 2.0).abs() < 1e-12);
        assert!((m.local_com - Vector::new(0.0, 0.0, 0.5)).length() < 1e-12);
        // a solid sphere: 2/5 m r², about its own centre whatever the centroid's offset
        assert!((m.principal_inertia().x - 0.4 * 2.0 * 0.01).abs() < 1e-12);
    }

    #[test]
    fn a_custom_inertia_matrix_is_taken_as_written() {
        let (m, _) = props(
            "Solid { physics Physics { density -1 mass 3 centerOfMass [ 0.1 0 0 ] inertiaMatrix [ 1 2 3, 0 0 0 ] } }",
        );
        assert!((m.mass() - 3.0).abs() < 1e-12);
        let i = m.reconstruct_inertia_matrix();
        assert!((i.y_axis.y - 2.0).abs() < 1e-12 && (i.z_axis.z - 3.0).abs() < 1e-12);
    }

    #[test]
    fn bad_values_give_webots_warnings_and_usable_defaults() {
        let (m, w) = props("Solid { boundingObject Box { size 1 1 1 } physics Physics { mass -2 } }");
        assert_eq!(w, ["solid: Invalid 'mass' changed to -1. The value should be either -1 or positive."]);
        assert!((m.mass() - 1000.0).abs() < 1e-9);
        let (m, w) = props("Solid { physics Physics { } }");
        assert!(w[0].contains("Mass is invalid because 'boundingObject' is not defined"), "{w:?}");
        assert_eq!(m.mass(), 1.0);
        let (_, w) = props("Solid { boundingObject Box { } physics Physics { density 500 mass 2 } }");
        assert!(w[0].contains("Both 'density' and 'mass' specified"), "{w:?}");
        let (_, w) =
            props("Solid { physics Physics { mass 1 centerOfMass [ 0 0 0 ] inertiaMatrix [ 1 1 1, 5 5 5 ] } }");
        assert!(w.iter().any(|w| w.contains("'inertiaMatrix' must be positive definite.")), "{w:?}");
    }
}
