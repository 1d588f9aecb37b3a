//! What the physics engine can represent: the bounds every length, mass, gravity and motor limit of a
//! world is held to before it reaches rapier (README, Reliability). Past them parry's contact solvers
//! index out of their tables, and the solver turns velocities into NaN or loses every update in the
//! rounding (a body of 1e308 kg never moves). A value out of bounds is clamped, or its shape left out,
//! with a warning in Webots' words naming the node and the field.

/// The largest size or position, in metres, of a bounding shape in its Solid's frame.
pub const MAX_LENGTH: f64 = 1e6;
/// The lightest and heaviest body, in kilograms.
pub const MIN_MASS: f64 = 1e-9;
pub const MAX_MASS: f64 = 1e9;
/// The strongest gravity, in m/s².
pub const MAX_GRAVITY: f64 = 1e4;
/// The fastest motor, in rad/s or m/s, and its largest torque or force, in N·m or N.
pub const MAX_MOTOR_VELOCITY: f64 = 1e6;
pub const MAX_MOTOR_FORCE: f64 = 1e9;

/// `value` held to `[lo, hi]`; a warning `"Invalid 'field' changed to X. The value should be ..."`
/// when it was not.
pub fn clamp_field(value: f64, lo: f64, hi: f64, field: &str, warn: &mut impl FnMut(String)) -> f64 {
    let held = if value.is_nan() { lo } else { value.clamp(lo, hi) };
    if held != value {
        warn(format!(
            "Invalid '{field}' changed to {}. The value should be between {} and {} (the physics engine's bounds).",
            crate::c_format::g(held),
            crate::c_format::g(lo),
            crate::c_format::g(hi)
        ));
    }
    held
}

/// `x` held to `[-cap, cap]` whatever the numbers (a NaN cap counts as 0, a NaN `x` as 0): never the
/// panic of `f64::clamp`.
pub fn clamp_symmetric(x: f64, cap: f64) -> f64 {
    let cap = if cap >= 0.0 { cap } else { 0.0 };
    if x.is_nan() {
        0.0
    } else {
        x.max(-cap).min(cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamping_says_what_it_did() {
        let mut said = Vec::new();
        assert_eq!(clamp_field(1e308, MIN_MASS, MAX_MASS, "mass", &mut |m| said.push(m)), MAX_MASS);
        assert_eq!(clamp_field(1e-320, MIN_MASS, MAX_MASS, "mass", &mut |m| said.push(m)), MIN_MASS);
        assert_eq!(clamp_field(2.0, MIN_MASS, MAX_MASS, "mass", &mut |m| said.push(m)), 2.0);
        assert_eq!(said.len(), 2);
        assert_eq!(
            said[0],
            "Invalid 'mass' changed to 1e+09. The value should be between 1e-09 and 1e+09 (the physics engine's bounds)."
        );
    }

    #[test]
    fn symmetric_clamp_never_panics() {
        for cap in [f64::NAN, f64::INFINITY, -1.0, 0.0, 1e308] {
            for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1.0, -1e308] {
                let y = clamp_symmetric(x, cap);
                assert!(!y.is_nan(), "{x} {cap}");
            }
        }
        assert_eq!(clamp_symmetric(5.0, 2.0), 2.0);
        assert_eq!(clamp_symmetric(-5.0, 2.0), -2.0);
        assert_eq!(clamp_symmetric(1.0, f64::NAN), 0.0);
    }
}
