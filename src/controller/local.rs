//! Devices whose controller-side state is a type of its own, behind one interface: the states of the
//! camera, range finder, lidar, radar, display, speaker, microphone, pen, vacuum gripper, skin and
//! radio. `state_for` picks the state a configured device starts with.

use std::any::Any;

use super::camera::CameraState;
use super::display::DisplayState;
use super::media::{MicrophoneState, PenState, SkinState, SpeakerState};
use super::radar::RadarState;
use super::radio::RadioState;
use super::ranges::{LidarState, RangeFinderState};
use super::vacuum::VacuumState;
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};
use crate::protocol::{DeviceCommands, DeviceSetup, EventRef, ImagerSetup, SensorSetup};

pub trait LocalDevice: Any + Send {
    /// Appends this device's commands for a request of `duration_ms`.
    fn write_request(&mut self, tag: u16, duration_ms: u32, out: &mut DeviceCommands);

    /// Applies one event of the world's answer.
    fn read_event(&mut self, event: EventRef<'_>);

    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// The state of a device of these types, from its configuration.
pub fn state_for(node_type: NodeTypeCode, setup: &DeviceSetup) -> Option<Box<dyn LocalDevice>> {
    let is = |name| node_type == node_type_from_name(name);
    let sensor = match setup {
        DeviceSetup::Sensor(s) => s.clone(),
        _ => SensorSetup::default(),
    };
    Some(match setup {
        DeviceSetup::Imager(ImagerSetup::Camera(s)) => Box::new(CameraState::new(s.clone())),
        DeviceSetup::Imager(ImagerSetup::RangeFinder(s)) => Box::new(RangeFinderState::new(s.clone())),
        DeviceSetup::Imager(ImagerSetup::Lidar(s)) => Box::new(LidarState::new(s.clone())),
        DeviceSetup::Imager(ImagerSetup::Display { width, height }) => Box::new(DisplayState::new(*width, *height)),
        DeviceSetup::Imager(ImagerSetup::Radio(s)) => Box::new(RadioState::new(s.clone())),
        _ if is("Radar") => Box::new(RadarState::new(&sensor)),
        _ if is("VacuumGripper") => Box::new(VacuumState::new(&sensor)),
        _ if is("Speaker") => Box::new(SpeakerState::default()),
        _ if is("Microphone") => Box::new(MicrophoneState::default()),
        _ if is("Pen") => Box::new(PenState::default()),
        _ if is("Skin") => Box::new(SkinState),
        _ => return None,
    })
}

/// The device state behind a `Local` slot as type `T`.
pub fn downcast<T: LocalDevice>(device: &mut Box<dyn LocalDevice>) -> Option<&mut T> {
    device.as_any_mut().downcast_mut::<T>()
}

/// A sampling period set by the controller, sent with the next request.
#[derive(Debug, Default)]
pub struct Period {
    pub ms: i32,
    changed: bool,
}

impl Period {
    pub fn set(&mut self, ms: i32) {
        self.ms = ms;
        self.changed = true;
    }

    /// The period to send, once.
    pub fn take_change(&mut self) -> Option<u32> {
        std::mem::take(&mut self.changed).then_some(self.ms.max(0) as u32)
    }
}
