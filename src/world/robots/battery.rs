//! Robots' batteries, as Webots' WbRobot keeps them: `battery [energy max chargingRate]` in joules,
//! joules and watts. After each physics step a robot whose energy is positive loses
//! (`cpuConsumption` + what its devices draw) × the basic time step; at 0 its devices lose their power
//! (motors their force) until some energy comes back. The battery sensor reads the energy, -1 for an
//! empty `battery` field.

use crate::world::scene::{FieldValue, NodeId, Scene};
use crate::world::sim::World;

/// Index of the current energy in a `battery` field.
const ENERGY: usize = 0;

/// What `wb_robot_battery_sensor_get_value` reads for `robot`: its energy, -1 without one.
pub fn energy(scene: &Scene, robot: NodeId) -> f64 {
    match scene.field(robot, "battery") {
        Some(FieldValue::MFFloat(v)) if v.len() > ENERGY => v[ENERGY],
        _ => -1.0,
    }
}

/// The robots whose `battery` field holds something: the only ones a step drains, so that a world of
/// robots without batteries reads no robot's fields at each step. Found again after anything that may
/// fill or empty a `battery` field: a write to one, nodes imported or removed, a template rebuilt, a
/// reset.
#[derive(Clone, Debug, Default)]
pub(in crate::world) struct BatteryHolders {
    robots: Vec<usize>,
    /// How many robots the world had when `robots` was found; `None`: to be found again.
    found_among: Option<usize>,
}

impl BatteryHolders {
    /// Something may have filled or emptied a `battery` field.
    pub(in crate::world) fn invalidate(&mut self) {
        self.found_among = None;
    }
}

impl World {
    /// Drains every robot's battery by what it used in the step just computed.
    pub(in crate::world) fn drain_batteries(&mut self) {
        if self.battery_holders.found_among != Some(self.robots.len()) {
            self.find_battery_holders();
        }
        let holders = std::mem::take(&mut self.battery_holders.robots);
        // what the devices drew, computed for every robot at once and only when some battery drains
        let mut watts: Option<Vec<f64>> = None;
        for &robot in &holders {
            self.drain_battery(robot, &mut watts);
        }
        self.battery_holders.robots = holders;
    }

    fn find_battery_holders(&mut self) {
        let mut holders = std::mem::take(&mut self.battery_holders.robots);
        holders.clear();
        for robot in 0..self.robots.len() {
            let node = self.robots[robot].node;
            let hint = &mut self.states[robot].battery_hint;
            if let Some(FieldValue::MFFloat(battery)) = self.scene.field_hinted(node, "battery", hint) {
                if !battery.is_empty() {
                    holders.push(robot);
                }
            }
        }
        self.battery_holders = BatteryHolders { robots: holders, found_among: Some(self.robots.len()) };
    }

    /// Drains `robot`'s battery, when it holds energy, by what the robot used in the step.
    fn drain_battery(&mut self, robot: usize, watts: &mut Option<Vec<f64>>) {
        let seconds = self.scene.basic_time_step() / 1000.0;
        let node = self.robots[robot].node;
        let hint = &mut self.states[robot].battery_hint;
        let Some(FieldValue::MFFloat(battery)) = self.scene.field_hinted(node, "battery", hint) else { return };
        // an empty battery costs nothing more
        if battery.is_empty() || !self.scene.is_live(node) {
            return;
        }
        // an empty (or NaN) battery stays as it is
        let Some(&before) = battery.get(ENERGY).filter(|e| **e > 0.0) else { return };
        let mut battery = battery.clone();
        if !self.states[robot].powered {
            // a supervisor gave it energy again
            self.states[robot].powered = true;
            self.devices.power(robot, true);
        }
        let draw = watts
            .get_or_insert_with(|| self.devices.power_draw(&self.scene, self.physics.as_ref(), self.robots.len()))
            [robot];
        let used = (self.scene.sf_float(node, "cpuConsumption") + draw) * seconds;
        let after = (before - used).max(0.0);
        if after == 0.0 {
            self.states[robot].powered = false;
            self.devices.power(robot, false);
        }
        battery[ENERGY] = after;
        self.scene.set_field_synced(node, "battery", FieldValue::MFFloat(battery));
    }
}
