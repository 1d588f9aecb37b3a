//! A camera's `motionBlur`, as Webots documents it: the image returned mixes the new view with the previous
//! images; the field is the pixels' response time in milliseconds, the time a pixel takes to reach 99.5% of
//! a new colour. An exponential average does that: each frame, taken `period` ms after the last, keeps
//! 0.005^(period / motionBlur) of the previous image and takes the rest from the new view. The first frame
//! (and the first after a reset) is the view itself. The average is kept in floating point and rounded to
//! bytes on the way out, on the image's 8-bit values (after exposure, before noise).

/// The share of a new colour a pixel has not reached after its response time.
const UNREACHED_AT_RESPONSE_TIME: f64 = 0.005;

#[derive(Default)]
pub struct MotionBlur {
    average: Vec<f64>,
    last_ms: f64,
}

/// How much of the previous image a frame keeps: 0.005^(period / response), 0 without blur.
pub fn kept_share(response_ms: f64, period_ms: f64) -> f64 {
    if response_ms > 0.0 && period_ms > 0.0 {
        UNREACHED_AT_RESPONSE_TIME.powf(period_ms / response_ms)
    } else {
        0.0
    }
}

impl MotionBlur {
    /// Blends the new view `rgb` (bytes), taken at `now_ms`, into the running average, and writes the
    /// average back into `rgb`. The time since the previous frame sets the share kept.
    pub fn blend(&mut self, rgb: &mut [u8], response_ms: f64, now_ms: f64) {
        let keep = kept_share(response_ms, now_ms - self.last_ms);
        self.last_ms = now_ms;
        if self.average.len() != rgb.len() {
            // the first frame, or a resized image: nothing earlier to mix with
            self.average = rgb.iter().map(|&c| f64::from(c)).collect();
            return;
        }
        for (a, c) in self.average.iter_mut().zip(rgb.iter_mut()) {
            *a = keep * *a + (1.0 - keep) * f64::from(*c);
            *c = a.round().clamp(0.0, 255.0) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pixel_reaches_99_5_percent_of_a_new_colour_after_the_response_time() {
        // 256 ms response, a frame every 32 ms: 8 frames after a switch from 0 to 255
        let mut blur = MotionBlur::default();
        let mut img = [0u8];
        blur.blend(&mut img, 256.0, 32.0);
        assert_eq!(img, [0]);
        let mut reached = 0.0;
        for k in 2..10 {
            let mut img = [255u8];
            blur.blend(&mut img, 256.0, 32.0 * f64::from(k));
            reached = blur.average[0];
        }
        assert!((reached / 255.0 - 0.995).abs() < 1e-12, "{reached}");
    }

    #[test]
    fn the_first_frame_is_the_view_and_no_response_time_means_no_blur() {
        let mut blur = MotionBlur::default();
        let mut img = [200u8, 10, 0];
        blur.blend(&mut img, 100.0, 32.0);
        assert_eq!(img, [200, 10, 0]);
        assert_eq!(kept_share(0.0, 32.0), 0.0);
        assert_eq!(kept_share(f64::NAN, 32.0), 0.0);
        assert_eq!(kept_share(-5.0, 32.0), 0.0);
        // a frame one response time after the last keeps 0.5%
        assert!((kept_share(64.0, 64.0) - 0.005).abs() < 1e-15);
    }

    #[test]
    fn a_resized_image_starts_over() {
        let mut blur = MotionBlur::default();
        blur.blend(&mut [255u8; 3], 256.0, 32.0);
        let mut bigger = [0u8; 6];
        blur.blend(&mut bigger, 256.0, 64.0);
        assert_eq!(bigger, [0; 6]);
    }
}
