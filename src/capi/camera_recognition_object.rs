//! `camera_recognition_object.h`: one object a camera recognized (shared by both APIs).

use std::ffi::{c_char, c_double, c_int};

/// An object a camera with a Recognition node sees: its id (the node's), position and orientation in
/// the camera's frame, size, place and size on the image, recognition colours and model name.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WbCameraRecognitionObject {
    pub id: c_int,
    pub position: [c_double; 3],
    pub orientation: [c_double; 4],
    pub size: [c_double; 2],
    pub position_on_image: [c_int; 2],
    pub size_on_image: [c_int; 2],
    pub number_of_colors: c_int,
    pub colors: *mut c_double,
    pub model: *mut c_char,
}
