//! A camera's `motionBlur`, as Webots documents it: the image returned mixes the new view with the previous
//! images; the field is the pixels' response time in milliseconds, the time a pixel takes to reach 99.5% of
//! a new colour. An exponential average does that: each frame, taken `period` ms after the last, keeps
//! 0.005^(period / motionBlur) of the previous image and takes the rest from the new view. The first frame
//! (and the first after a reset) is the view itself. As in Webots, whose blur pass comes before its HDR
//! resolve, the average is taken on the linear light, before the exposure mapping (and the noise).

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
    /// Blends the new view `light` (linear colours), taken at `now_ms`, into the running average, and
    /// writes the average back into `light`. The time since the previous frame sets the share kept.
    pub fn blend(&mut self, light: &mut [[f64; 3]], response_ms: f64, now_ms: f64) {
        let keep = kept_share(response_ms, now_ms - self.last_ms);
        self.last_ms = now_ms;
        let values = light.as_flattened_mut();
        if self.average.len() != values.len() {
            // the first frame, or a resized image: nothing earlier to mix with
            self.average = values.to_vec();
            return;
        }
        for (a, c) in self.average.iter_mut().zip(values.iter_mut()) {
            *a = keep * *a + (1.0 - keep) * *c;
            *c = *a;
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
        let mut img = [[0.0; 3]];
        blur.blend(&mut img, 256.0, 32.0);
        assert_eq!(img, [[0.0; 3]]);
        for k in 2..10 {
            img = [[2.0, 0.0, 1.0]];
            blur.blend(&mut img, 256.0, 32.0 * f64::from(k));
        }
        assert!((img[0][0] / 2.0 - 0.995).abs() < 1e-12, "{img:?}");
        assert!((img[0][2] - 0.995).abs() < 1e-12, "{img:?}");
    }

    #[test]
    fn the_first_frame_is_the_view_and_no_response_time_means_no_blur() {
        let mut blur = MotionBlur::default();
        let mut img = [[20.7, 0.1, 0.0]];
        blur.blend(&mut img, 100.0, 32.0);
        assert_eq!(img, [[20.7, 0.1, 0.0]]);
        assert_eq!(kept_share(0.0, 32.0), 0.0);
        assert_eq!(kept_share(f64::NAN, 32.0), 0.0);
        assert_eq!(kept_share(-5.0, 32.0), 0.0);
        // a frame one response time after the last keeps 0.5%
        assert!((kept_share(64.0, 64.0) - 0.005).abs() < 1e-15);
    }

    #[test]
    fn a_resized_image_starts_over() {
        let mut blur = MotionBlur::default();
        blur.blend(&mut [[1.0; 3]], 256.0, 32.0);
        let mut bigger = [[0.0; 3]; 2];
        blur.blend(&mut bigger, 256.0, 64.0);
        assert_eq!(bigger, [[0.0; 3]; 2]);
    }
}
