//! `radar_target.h`: one target of a radar (shared by both APIs).

use std::ffi::c_double;

/// Distance (m), received power (dBm), radial speed (m/s) and azimuth (rad) of a target.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WbRadarTarget {
    pub distance: c_double,
    pub received_power: c_double,
    pub speed: c_double,
    pub azimuth: c_double,
}
