//! Webots' motor control (spec motion §3.4, §3.6), apart from any world: the velocity a physical joint's
//! motor aims at each step (PID on the position error capped by the target velocity, then the
//! acceleration limit), and the position a kinematic joint moves to (a speed ramping toward the target
//! velocity, no PID).

/// A motor's targets and limits as the world holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct Targets {
    /// Multiplied and clamped; ±∞ in velocity control.
    pub position: f64,
    /// Multiplied (signed in velocity control).
    pub velocity: f64,
    /// -1: none.
    pub acceleration: f64,
    /// The available force or torque.
    pub force: f64,
    pub pid: [f64; 3],
    pub min_position: f64,
    pub max_position: f64,
}

/// What the law remembers from step to step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LawState {
    pub integral: f64,
    pub previous_error: f64,
    /// The velocity commanded (physical joint) or moved at (kinematic joint) at the last step.
    pub velocity: f64,
}

impl LawState {
    /// A PID change: the integral and the derivative start over.
    pub fn restart_pid(&mut self) {
        self.integral = 0.0;
        self.previous_error = 0.0;
    }

    /// The velocity a physical joint at `position` is driven at this step of `dt` s.
    pub fn dynamic_velocity(&mut self, t: &Targets, position: f64, dt: f64) -> f64 {
        if t.force == 0.0 {
            self.velocity = 0.0;
            return 0.0;
        }
        // velocity control: the target velocity whatever the sign of the infinity
        let wanted = if t.position.is_infinite() {
            t.velocity
        } else {
            let e = t.position - position;
            self.integral += e * dt;
            let derivative = (e - self.previous_error) / dt;
            self.previous_error = e;
            let u = t.pid[0] * e + t.pid[1] * self.integral + t.pid[2] * derivative;
            let cap = t.velocity.abs();
            if u.abs() < cap {
                u
            } else {
                cap.copysign(u)
            }
        };
        self.velocity = if t.acceleration == -1.0 {
            wanted
        } else {
            let step = t.acceleration * dt;
            self.velocity + (wanted - self.velocity).clamp(-step, step)
        };
        self.velocity
    }

    /// A kinematic joint at `position` after a step of `dt` s, or `None` when it does not move.
    pub fn kinematic_step(&mut self, t: &Targets, position: f64, dt: f64) -> Option<f64> {
        let limited = t.min_position != t.max_position;
        let still = if t.position.is_infinite() {
            limited
                && ((position >= t.max_position && t.velocity >= 0.0)
                    || (position <= t.min_position && t.velocity <= 0.0))
        } else {
            (t.position - position).abs() < 1e-6
        };
        if still {
            self.velocity = 0.0;
            return None;
        }
        // the acceleration is the available force's value when unlimited or larger (motor.md)
        let acceleration = if t.acceleration == -1.0 || t.acceleration > t.force { t.force } else { t.acceleration };
        let step = acceleration * dt;
        // toward a position, the speed (a coupled motor's negative multiplier makes its velocity negative:
        // Webots then moves it away from its target for ever)
        let wanted = if t.position.is_infinite() { t.velocity } else { t.velocity.abs() };
        if (wanted - self.velocity).abs() > 1e-6 {
            self.velocity = if wanted > self.velocity {
                (self.velocity + step).min(wanted)
            } else {
                (self.velocity - step).max(wanted)
            };
        }
        Some(if t.position > position {
            (position + self.velocity * dt).min(t.position)
        } else {
            (position - self.velocity * dt).max(t.position)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(position: f64, velocity: f64, acceleration: f64) -> Targets {
        Targets {
            position,
            velocity,
            acceleration,
            force: 10.0,
            pid: [10.0, 0.0, 0.0],
            min_position: 0.0,
            max_position: 0.0,
        }
    }

    #[test]
    fn position_control_ramps_then_follows_the_pid_capped_by_the_velocity() {
        let t = Targets { pid: [15.0, 5.0, 1.0], force: 50.0, ..targets(1.51, 20.0, 5.0) };
        let mut law = LawState::default();
        // the derivative kick asks for the cap; the ramp gives 0.16 rad/s per 32 ms
        assert!((law.dynamic_velocity(&t, 0.0, 0.032) - 0.16).abs() < 1e-12);
        assert!((law.dynamic_velocity(&t, 0.00512, 0.032) - 0.32).abs() < 1e-12);
        // without an acceleration limit: P·e below the cap, the cap above it
        let mut law = LawState::default();
        let t = targets(1.0, 20.0, -1.0);
        assert!((law.dynamic_velocity(&t, 0.5, 0.032) - 5.0).abs() < 1e-12);
        let t = targets(10.0, 2.0, -1.0);
        assert!((law.dynamic_velocity(&t, 0.0, 0.032) - 2.0).abs() < 1e-12);
        let t = targets(-10.0, 2.0, -1.0);
        assert!((law.dynamic_velocity(&t, 0.0, 0.032) + 2.0).abs() < 1e-12);
    }

    #[test]
    fn velocity_control_takes_the_signed_velocity_for_either_infinity_and_no_force_stops() {
        let mut law = LawState::default();
        assert_eq!(law.dynamic_velocity(&targets(f64::INFINITY, -3.0, -1.0), 0.0, 0.032), -3.0);
        assert_eq!(law.dynamic_velocity(&targets(f64::NEG_INFINITY, 3.0, -1.0), 0.0, 0.032), 3.0);
        let t = Targets { force: 0.0, ..targets(1.0, 3.0, -1.0) };
        assert_eq!(law.dynamic_velocity(&t, 0.0, 0.032), 0.0);
        assert_eq!(law.integral, 0.0, "no control, no integral");
    }

    #[test]
    fn kinematic_joints_ramp_at_the_acceleration_or_the_available_force_and_stop_at_the_target() {
        // acceleration -1: the available force (10) is the acceleration
        let mut law = LawState::default();
        let t = targets(1.0, 2.0, -1.0);
        let mut p = 0.0;
        let mut positions = Vec::new();
        while let Some(next) = law.kinematic_step(&t, p, 0.1) {
            p = next;
            positions.push(p);
        }
        // speeds 1, 2, 2, ... then the target exactly
        assert!((positions[0] - 0.1).abs() < 1e-12 && (positions[1] - 0.3).abs() < 1e-12);
        assert_eq!(*positions.last().unwrap(), 1.0);
        assert_eq!(positions.len(), 6);
        assert_eq!(law.velocity, 0.0, "stopped at the target");
        // an acceleration below the force's value is kept
        let mut law = LawState::default();
        let t = targets(1.0, 2.0, 5.0);
        assert!((law.kinematic_step(&t, 0.0, 0.1).unwrap() - 0.05).abs() < 1e-12);
        // a negative velocity (a coupled motor's) still goes toward the target
        let mut law = LawState::default();
        let t = targets(-1.0, -2.0, -1.0);
        assert!((law.kinematic_step(&t, 0.0, 0.1).unwrap() + 0.1).abs() < 1e-12);
    }

    #[test]
    fn kinematic_velocity_control_moves_by_the_signed_speed_and_stops_at_a_soft_limit() {
        let mut law = LawState::default();
        let t = Targets { min_position: -1.0, max_position: 0.25, ..targets(f64::INFINITY, 1.0, -1.0) };
        let mut p = 0.0;
        let mut steps = 0;
        while let Some(next) = law.kinematic_step(&t, p, 0.1) {
            p = next;
            steps += 1;
        }
        // 0.1, 0.2, 0.3: the step that crosses the limit is taken, then it stays
        assert_eq!(steps, 3);
        assert!((p - 0.3).abs() < 1e-12);
        // -∞ with a positive velocity moves down; +∞ with a negative one too
        let mut law = LawState::default();
        let down = Targets { force: 1e9, ..targets(f64::NEG_INFINITY, 1.0, -1.0) };
        assert!((law.kinematic_step(&down, 0.0, 0.1).unwrap() + 0.1).abs() < 1e-12);
        let mut law = LawState::default();
        let back = Targets { force: 1e9, ..targets(f64::INFINITY, -1.0, -1.0) };
        assert!((law.kinematic_step(&back, 0.0, 0.1).unwrap() + 0.1).abs() < 1e-12);
    }
}
