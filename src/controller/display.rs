//! Controller-side state of a display: the drawing happens here, on a real buffer of the display's
//! size (visible black at the start, as in Webots), with its drawing colour, alpha, opacity and font
//! size; images made from data, copied from the display or loaded from files, by id; and the camera
//! attached as the background (its last image shows wherever the display is transparent).

use std::collections::HashMap;

use super::draw::{Canvas, Pen};
use super::local::LocalDevice;
use crate::protocol::{DeviceCommands, DeviceSetup, EventRef, ImagerSetup};

pub struct Image {
    pub width: i32,
    pub height: i32,
    pub pixels: Vec<u32>,
}

pub struct DisplayState {
    pub canvas: Canvas,
    pub pen: Pen,
    pub images: HashMap<i32, Image>,
    next_id: i32,
    pub attached_camera: Option<u16>,
}

/// What a `WbImageRef` points to (Webots' layout: the image's id and its display's tag).
#[repr(C)]
pub struct ImageHandle {
    pub id: i32,
    pub device_tag: u16,
}

impl DisplayState {
    pub fn new(width: i32, height: i32) -> DisplayState {
        DisplayState {
            canvas: Canvas::new(width, height, 0xFF00_0000),
            pen: Pen::default(),
            images: HashMap::new(),
            next_id: 1,
            attached_camera: None,
        }
    }

    /// Keeps an image; its id.
    pub fn add_image(&mut self, image: Image) -> i32 {
        let id = self.next_id;
        self.next_id += 1;
        self.images.insert(id, image);
        id
    }

    /// Attaching a camera clears the alpha channel so that its image shows through.
    pub fn attach(&mut self, camera: u16) {
        self.attached_camera = Some(camera);
        for p in &mut self.canvas.pixels {
            *p &= 0x00FF_FFFF;
        }
    }

    /// The display as seen: the drawing, over the attached camera's image (BGRA) where it is
    /// transparent.
    pub fn composed(&self, camera_bgra: Option<&[u8]>) -> Vec<u32> {
        let Some(bgra) = camera_bgra.filter(|b| b.len() == self.canvas.pixels.len() * 4) else {
            return self.canvas.pixels.clone();
        };
        let mut back = Canvas {
            width: self.canvas.width,
            height: self.canvas.height,
            pixels: bgra
                .chunks_exact(4)
                .map(|p| 0xFF00_0000 | u32::from(p[2]) << 16 | u32::from(p[1]) << 8 | u32::from(p[0]))
                .collect(),
        };
        back.paste(self.canvas.width, self.canvas.height, &self.canvas.pixels, 0, 0, true);
        back.pixels
    }
}

impl LocalDevice for DisplayState {
    fn write_request(&mut self, _tag: u16, _duration_ms: u32, _out: &mut DeviceCommands) {}

    fn read_event(&mut self, event: EventRef<'_>) {
        if let EventRef::Config(DeviceSetup::Imager(ImagerSetup::Display { width, height })) = event {
            if (*width, *height) != (self.canvas.width, self.canvas.height) {
                self.canvas = Canvas::new(*width, *height, 0xFF00_0000);
            }
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
