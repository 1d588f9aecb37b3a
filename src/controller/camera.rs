//! Controller-side state of a camera: its configuration, the settings sent with the next step, the
//! last image (BGRA) and the last recognized objects as `WbCameraRecognitionObject`s.

use std::ffi::CString;

use super::local::{LocalDevice, Period};
use crate::capi::camera_recognition_object::WbCameraRecognitionObject;
use crate::protocol::{
    CameraSetup, Command, DeviceCommand, DeviceCommands, DeviceData, DeviceSetup, EventRef, ImagerCommand, ImagerSetup,
    RecognizedObject,
};

#[derive(Debug)]
pub struct CameraState {
    pub setup: CameraSetup,
    pub period: Period,
    pub recognition_period: Period,
    pub segmentation_enabled: bool,
    segmentation_changed: bool,
    pending: Vec<ImagerCommand>,
    /// The last image, zeroed until the first one; allocated when the enabling request leaves (as
    /// Webots maps the image at the answer to it), so NULL between `enable` and the next step.
    pub image: Vec<u8>,
    pub objects: Vec<WbCameraRecognitionObject>,
    /// What `objects` point into.
    colors: Vec<Vec<f64>>,
    models: Vec<CString>,
    pub segmentation_image: Vec<u8>,
}

// SAFETY: the raw pointers of `objects` point into `colors` and `models`, owned by the same state and
// only touched under the controller's lock.
unsafe impl Send for CameraState {}

impl CameraState {
    pub fn new(setup: CameraSetup) -> CameraState {
        CameraState {
            setup,
            period: Period::default(),
            recognition_period: Period::default(),
            segmentation_enabled: false,
            segmentation_changed: false,
            pending: Vec::new(),
            image: Vec::new(),
            objects: Vec::new(),
            colors: Vec::new(),
            models: Vec::new(),
            segmentation_image: Vec::new(),
        }
    }

    pub fn enable(&mut self, period: i32) {
        self.period.set(period);
    }

    pub fn set_fov(&mut self, fov: f64) {
        self.setup.fov = fov;
        self.pending.push(ImagerCommand::CameraFov(fov));
    }

    pub fn set_exposure(&mut self, exposure: f64) {
        self.setup.exposure = exposure;
        self.pending.push(ImagerCommand::CameraExposure(exposure));
    }

    pub fn set_focal_distance(&mut self, distance: f64) {
        self.setup.focal_distance = distance;
        self.pending.push(ImagerCommand::CameraFocalDistance(distance));
    }

    pub fn set_segmentation(&mut self, on: bool) {
        if self.segmentation_enabled != on {
            self.segmentation_enabled = on;
            self.segmentation_changed = true;
        }
    }

    /// The recognized objects (a remote-control library's, until the next sample).
    pub fn replace_objects(&mut self, objects: &[RecognizedObject]) {
        self.set_objects(objects);
    }

    fn set_objects(&mut self, objects: &[RecognizedObject]) {
        self.colors = objects.iter().map(|o| o.colors.iter().flatten().copied().collect()).collect();
        self.models = objects.iter().map(|o| super::c_string(&o.model)).collect();
        self.objects = objects
            .iter()
            .zip(self.colors.iter_mut().zip(self.models.iter()))
            .map(|(o, (colors, model))| WbCameraRecognitionObject {
                id: o.id,
                position: o.position,
                orientation: o.orientation,
                size: o.size,
                position_on_image: o.position_on_image,
                size_on_image: o.size_on_image,
                number_of_colors: o.colors.len() as i32,
                colors: colors.as_mut_ptr(),
                model: model.as_ptr().cast_mut(),
            })
            .collect();
    }
}

impl LocalDevice for CameraState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        if let Some(p) = self.period.take_change() {
            let size = (self.setup.width.max(0) * self.setup.height.max(0) * 4) as usize;
            if p > 0 && self.image.len() != size {
                self.image = vec![0; size];
            }
            out.push(DeviceCommand { tag, command: Command::Sampling(p) });
        }
        for c in self.pending.drain(..) {
            out.push(DeviceCommand { tag, command: Command::Imager(c) });
        }
        if let Some(p) = self.recognition_period.take_change() {
            out.push(DeviceCommand { tag, command: Command::Imager(ImagerCommand::RecognitionSampling(p)) });
        }
        if std::mem::take(&mut self.segmentation_changed) {
            let on = self.segmentation_enabled;
            out.push(DeviceCommand { tag, command: Command::Imager(ImagerCommand::Segmentation(on)) });
        }
    }

    fn read_event(&mut self, event: EventRef<'_>) {
        match event {
            EventRef::Data(DeviceData::Image(pixels)) => {
                self.image.clear();
                self.image.extend_from_slice(pixels);
            }
            EventRef::Data(DeviceData::Recognition(r)) => {
                self.set_objects(&r.objects);
                if let Some(s) = &r.segmentation {
                    self.segmentation_image.clear();
                    self.segmentation_image.extend_from_slice(s);
                }
            }
            EventRef::Config(DeviceSetup::Imager(ImagerSetup::Camera(s))) => {
                self.setup = s.clone();
                if !s.segmentation {
                    self.segmentation_enabled = false;
                }
            }
            _ => {}
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
