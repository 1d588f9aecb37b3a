//! The protocol parts of the devices that see (cameras, range finders, lidars), draw (displays, pens)
//! or hold (vacuum grippers), and of radios: their setups, their commands beyond the sampling period,
//! and the data their samples carry (images and range images, too big for a sample of numbers).

use serde::{Deserialize, Serialize};

/// What the controller of such a device learns of its node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ImagerSetup {
    Camera(CameraSetup),
    RangeFinder(RangeFinderSetup),
    Lidar(LidarSetup),
    Display { width: i32, height: i32 },
    Radio(RadioSetup),
}

/// How pixels map to directions (Webots' `projection` field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Projection {
    #[default]
    Planar,
    Spherical,
    Cylindrical,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CameraSetup {
    pub width: i32,
    pub height: i32,
    pub fov: f64,
    pub near: f64,
    pub projection: Projection,
    /// The Zoom node's limits, else the field of view itself.
    pub min_fov: f64,
    pub max_fov: f64,
    pub exposure: f64,
    /// The Focus node's values, else 0.
    pub focal_length: f64,
    pub focal_distance: f64,
    pub min_focal_distance: f64,
    pub max_focal_distance: f64,
    pub has_recognition: bool,
    pub segmentation: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RangeFinderSetup {
    pub width: i32,
    pub height: i32,
    pub fov: f64,
    pub min_range: f64,
    pub max_range: f64,
    pub projection: Projection,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LidarSetup {
    pub horizontal_resolution: i32,
    pub layers: i32,
    pub fov: f64,
    pub vertical_fov: f64,
    pub min_range: f64,
    pub max_range: f64,
    pub projection: Projection,
    /// Elevation added to every layer (`tiltAngle`).
    pub tilt: f64,
    /// Rotating head: each sample is a full turn.
    pub rotating: bool,
    pub frequency: f64,
    pub min_frequency: f64,
    pub max_frequency: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RadioSetup {
    pub address: String,
    pub frequency: f64,
    pub channel: i32,
    pub bitrate: i32,
    pub rx_sensitivity: f64,
    pub tx_power: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ImagerCommand {
    CameraFov(f64),
    CameraExposure(f64),
    CameraFocalDistance(f64),
    /// Recognition sampling period in ms (0 = disabled).
    RecognitionSampling(u32),
    Segmentation(bool),
    LidarFrequency(f64),
    PenWrite(bool),
    /// 0xRRGGBB and density.
    PenInk(i32, f64),
    /// The suction pump on or off.
    VacuumOn(bool),
    Radio(RadioSetting),
}

/// A radio setter: the node's field takes the value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RadioSetting {
    Address(String),
    Frequency(f64),
    Channel(i32),
    Bitrate(i32),
    RxSensitivity(f64),
    TxPower(f64),
}

/// What an `Event::Data` refers to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeviceData {
    /// A camera image, BGRA, rows top to bottom.
    Image(Vec<u8>),
    /// A range image (range finder) or the layers of a lidar scan, rows top to bottom.
    Ranges(Vec<f32>),
    /// The objects a camera recognized, with the segmentation image when it is enabled.
    Recognition(Recognition),
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Recognition {
    pub objects: Vec<RecognizedObject>,
    pub segmentation: Option<Vec<u8>>,
}

/// One object of a camera's recognition, as `WbCameraRecognitionObject` carries it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecognizedObject {
    pub id: i32,
    pub position: [f64; 3],
    pub orientation: [f64; 4],
    pub size: [f64; 2],
    pub position_on_image: [i32; 2],
    pub size_on_image: [i32; 2],
    pub colors: Vec<[f64; 3]>,
    pub model: String,
}

impl Projection {
    /// Webots' `projection` field (and the older `spherical` flag).
    pub fn from_field(name: &str, spherical: bool) -> Projection {
        match name {
            "spherical" => Projection::Spherical,
            "cylindrical" => Projection::Cylindrical,
            _ if spherical => Projection::Spherical,
            _ => Projection::Planar,
        }
    }

    /// The unit direction, in the device's frame (x forward, y left, z up), through the centre of pixel
    /// `(i, j)` of a `width` × `height` image spanning `fov` horizontally (rows top to bottom, columns left
    /// to right), as Webots' renderer lays its images out: planar with square pixels; spherical as a
    /// fisheye, the angle from the axis `fov` times the pixel's distance from the image centre (in image
    /// widths across, heights down) and the direction around it the pixel's; cylindrical with the
    /// azimuth and the elevation each linear in the column and the row (`fov` across, `fov · height /
    /// width` down).
    pub fn direction(self, fov: f64, width: i32, height: i32, i: i32, j: i32) -> [f64; 3] {
        let (w, h) = (f64::from(width.max(1)), f64::from(height.max(1)));
        // position of the pixel centre in [-1, 1], left/top negative
        let u = 2.0 * (f64::from(i) + 0.5) / w - 1.0;
        let v = 2.0 * (f64::from(j) + 0.5) / h - 1.0;
        let d = match self {
            Projection::Planar => {
                let half = (fov / 2.0).tan();
                [1.0, -u * half, -v * half * h / w]
            }
            Projection::Spherical => {
                let (dx, dy) = (u / 2.0, v / 2.0);
                let r = dx.hypot(dy);
                if r == 0.0 {
                    [1.0, 0.0, 0.0]
                } else {
                    let yaw = r * fov;
                    [yaw.cos(), -yaw.sin() * dx / r, -yaw.sin() * dy / r]
                }
            }
            Projection::Cylindrical => {
                let (theta, phi) = (-u * fov / 2.0, -v * fov / 2.0 * h / w);
                [phi.cos() * theta.cos(), phi.cos() * theta.sin(), phi.sin()]
            }
        };
        let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        [d[0] / n, d[1] / n, d[2] / n]
    }
}

impl LidarSetup {
    /// The horizontal field of view one scan covers (a full turn for a rotating head).
    pub fn scan_fov(&self) -> f64 {
        if self.rotating {
            2.0 * std::f64::consts::PI
        } else {
            self.fov
        }
    }

    /// The unit direction of point `i` of layer `layer` in the lidar's frame: layers spread evenly over
    /// the vertical field of view, the first at the top; points across the scan, left to right (a
    /// rotating head's turn from straight ahead, to the right).
    pub fn direction(&self, layer: i32, i: i32) -> [f64; 3] {
        let elevation = if self.layers > 1 {
            self.vertical_fov / 2.0 - f64::from(layer) * self.vertical_fov / f64::from(self.layers - 1)
        } else {
            0.0
        } + self.tilt;
        let fov = self.scan_fov();
        let u = 2.0 * (f64::from(i) + 0.5) / f64::from(self.horizontal_resolution.max(1)) - 1.0;
        let (c, s) = (elevation.cos(), elevation.sin());
        if self.rotating {
            // a head's turn starts straight ahead and goes right, as Webots fills its image
            let theta = -(u + 1.0) * std::f64::consts::PI;
            return [c * theta.cos(), c * theta.sin(), s];
        }
        match self.projection {
            Projection::Planar => {
                let y = -u * (fov / 2.0).tan();
                let n = (1.0 + y * y).sqrt();
                [c / n, c * y / n, s]
            }
            _ => {
                let theta = -u * fov / 2.0;
                [c * theta.cos(), c * theta.sin(), s]
            }
        }
    }

    /// Whether a range is a depth along x (planar) rather than a distance.
    pub fn planar(&self) -> bool {
        self.projection == Projection::Planar
    }
}
