//! A camera's `focus` (depth of field), as Webots renders it: a post-process on the image's linear (HDR)
//! colours before the exposure mapping, driven by each pixel's depth along the camera's axis. Only a
//! planar camera whose Focus has a positive `focalDistance` F and `focalLength` L blurs; the others keep
//! their image untouched (Webots sets the effect up under the same condition, never for its spherical
//! and cylindrical cameras).
//!
//! Webots' rule, in words:
//! - A pixel at depth z has a blurriness b = (z - F) / L: negative in front of the focal plane (not
//!   bounded), positive behind it and capped at 1.5 (the far blur cut-off). The sky is at the far plane
//!   (the camera's `far`, 10 000 m without one), so it is at the cap.
//! - The circle of confusion has a radius of 5 |b| pixels (5 pixels at b = ±1, 7.5 pixels at the cap).
//! - The pixel is the weighted mean of 12 taps spread over that circle (the taps reach 0.45 of the
//!   radius). Each tap mixes the sharp image with a blurred copy of it by the tap's own |b| (a tap of
//!   blurriness 1.5 extrapolates past the blurred copy, as the GPU's `mix` does); a tap at least as
//!   blurry as the pixel (its b ≥ 0.5 · b_pixel + 0.5, the comparison Webots makes) weighs 1, the others
//!   weigh their |b|, so sharp taps in front do not bleed into a blurry pixel.
//! - The blurred copy is a separable 9-tap binomial filter (1 8 28 56 70 56 28 8 1, normalised) with
//!   steps of 1/320 of the image, Webots' blur texture being 320 × 320 texels.
//!
//! Webots spreads its taps in a fixed Poisson pattern; ours is a Vogel spiral of the same reach, so
//! pixels near an edge may differ from Webots' in their last digits. A pixel exactly in focus weighs all
//! its taps 0 in Webots' formula (a 0/0 on the GPU); it keeps its own colour here, the limit of a pixel
//! close to the focal plane.

use rayon::prelude::*;

/// Webots' far blur cut-off: the largest blurriness behind the focal plane.
const FAR_BLUR_CUTOFF: f64 = 1.5;
/// The circle of confusion's radius (pixels) at blurriness 1.
const COC_RADIUS_PER_BLUR: f64 = 5.0;
/// The side of Webots' blur texture (texels); the binomial filter steps one texel.
const BLUR_TEXELS: f64 = 320.0;
/// Binomial weights of the 9-tap filter, centre first (C(8, 4 ± k) / 2^8).
const BINOMIAL: [f64; 5] = [70.0 / 256.0, 56.0 / 256.0, 28.0 / 256.0, 8.0 / 256.0, 1.0 / 256.0];
/// The taps' reach, as a share of the circle of confusion's radius.
const TAP_REACH: f64 = 0.45;
const TAPS: usize = 12;
/// The depth of the sky for a camera without `far`: Webots' colour cameras draw up to 10 km.
pub const DEFAULT_FAR: f64 = 10_000.0;

/// The Focus values that make a camera blur, if they do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Focus {
    pub distance: f64,
    pub length: f64,
}

impl Focus {
    /// The effect is on for a planar camera whose focal distance and focal length are both positive.
    pub fn of(planar: bool, distance: f64, length: f64) -> Option<Focus> {
        (planar && distance > 0.0 && length > 0.0 && distance.is_finite() && length.is_finite())
            .then_some(Focus { distance, length })
    }

    /// The blurriness of a pixel at `depth` (m along the camera's axis).
    pub fn blurriness(&self, depth: f64) -> f64 {
        let b = (depth - self.distance) / self.length;
        if depth < self.distance {
            b
        } else {
            b.clamp(0.0, FAR_BLUR_CUTOFF)
        }
    }
}

/// The circle of confusion's radius (pixels) of a pixel of blurriness `b`.
fn coc_radius(b: f64) -> f64 {
    COC_RADIUS_PER_BLUR * b.abs()
}

/// The taps' offsets in a circle of radius 1: the centre, then a Vogel spiral (golden-angle steps,
/// radius growing as the square root) out to `TAP_REACH`.
fn taps() -> [[f64; 2]; TAPS] {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    std::array::from_fn(|k| {
        if k == 0 {
            return [0.0, 0.0];
        }
        let r = TAP_REACH * ((k as f64) / (TAPS - 1) as f64).sqrt();
        let a = golden * k as f64;
        [r * a.cos(), r * a.sin()]
    })
}

/// An image of linear colours, rows top to bottom.
struct Image<'a> {
    w: usize,
    h: usize,
    rgb: &'a [[f64; 3]],
}

impl Image<'_> {
    fn at(&self, i: isize, j: isize) -> [f64; 3] {
        let i = i.clamp(0, self.w as isize - 1) as usize;
        let j = j.clamp(0, self.h as isize - 1) as usize;
        self.rgb[j * self.w + i]
    }

    /// The colour at (x, y) in pixels (pixel centres at +0.5), bilinear, clamped to the edges.
    fn sample(&self, x: f64, y: f64) -> [f64; 3] {
        let (fx, fy) = (x - 0.5, y - 0.5);
        let (i, j) = (fx.floor(), fy.floor());
        let (tx, ty) = (fx - i, fy - j);
        let (i, j) = (i as isize, j as isize);
        let [a, b, c, d] = [self.at(i, j), self.at(i + 1, j), self.at(i, j + 1), self.at(i + 1, j + 1)];
        std::array::from_fn(|k| (a[k] * (1.0 - tx) + b[k] * tx) * (1.0 - ty) + (c[k] * (1.0 - tx) + d[k] * tx) * ty)
    }
}

/// The blurred copy: the binomial filter along x then y, one step being 1/320 of the image's side.
fn blurred(w: usize, h: usize, rgb: &[[f64; 3]]) -> Vec<[f64; 3]> {
    let pass = |src: &[[f64; 3]], step: [f64; 2]| -> Vec<[f64; 3]> {
        let img = Image { w, h, rgb: src };
        (0..w * h)
            .into_par_iter()
            .map(|p| {
                let (x, y) = ((p % w) as f64 + 0.5, (p / w) as f64 + 0.5);
                let mut sum = [0.0; 3];
                for (k, weight) in BINOMIAL.iter().enumerate() {
                    let o = k as f64;
                    let sides: &[f64] = if k == 0 { &[0.0] } else { &[o, -o] };
                    for s in sides {
                        let c = img.sample(x + s * step[0], y + s * step[1]);
                        for (a, v) in sum.iter_mut().zip(c) {
                            *a += weight * v;
                        }
                    }
                }
                sum
            })
            .collect()
    };
    let along_x = pass(rgb, [w as f64 / BLUR_TEXELS, 0.0]);
    pass(&along_x, [0.0, h as f64 / BLUR_TEXELS])
}

/// Blurs the `w` × `h` image `rgb` (linear colours) whose pixels lie at `depth` (m along the axis).
pub fn apply(focus: &Focus, w: usize, h: usize, rgb: &mut [[f64; 3]], depth: &[f64]) {
    if w == 0 || h == 0 || rgb.len() != w * h || depth.len() != w * h {
        return;
    }
    let blur = blurred(w, h, rgb);
    let (sharp, blur) = (Image { w, h, rgb }, Image { w, h, rgb: &blur });
    let taps = taps();
    let blurriness: Vec<f64> = depth.iter().map(|&z| focus.blurriness(z)).collect();
    let blurriness_at = |x: f64, y: f64| {
        let i = (x.floor() as isize).clamp(0, w as isize - 1) as usize;
        let j = (y.floor() as isize).clamp(0, h as isize - 1) as usize;
        blurriness[j * w + i]
    };
    // the blurred copy is 320 texels a side: a radius in its texels is the image's radius times this
    let texel_scale = 0.5 * (BLUR_TEXELS / w as f64 + BLUR_TEXELS / h as f64);
    let out: Vec<[f64; 3]> = (0..w * h)
        .into_par_iter()
        .map(|p| {
            let (x, y) = ((p % w) as f64 + 0.5, (p / w) as f64 + 0.5);
            let b = blurriness[p];
            let centre = 0.5 * b + 0.5;
            let radius = coc_radius(b);
            let blur_radius = radius * texel_scale;
            let (mut sum, mut weight) = ([0.0; 3], 0.0);
            for t in &taps {
                let (sx, sy) = (x + t[0] * radius, y + t[1] * radius);
                let (bx, by) =
                    (x + t[0] * blur_radius * w as f64 / BLUR_TEXELS, y + t[1] * blur_radius * h as f64 / BLUR_TEXELS);
                let tap_b = blurriness_at(sx, sy);
                let amount = tap_b.abs();
                let (s, bl) = (sharp.sample(sx, sy), blur.sample(bx, by));
                let factor = if tap_b >= centre { 1.0 } else { amount };
                for k in 0..3 {
                    sum[k] += (s[k] * (1.0 - amount) + bl[k] * amount) * factor;
                }
                weight += factor;
            }
            if weight > 0.0 {
                sum.map(|v| v / weight)
            } else {
                rgb[p]
            }
        })
        .collect();
    rgb.copy_from_slice(&out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blurriness_follows_the_focal_plane_and_is_capped_behind_it() {
        let f = Focus { distance: 0.1, length: 0.1 };
        assert_eq!(f.blurriness(0.1), 0.0);
        assert!((f.blurriness(0.15) - 0.5).abs() < 1e-12);
        // 0.45 m is 3.5 focal lengths behind: capped at 1.5, a 7.5-pixel circle
        assert_eq!(f.blurriness(0.45), 1.5);
        assert_eq!(coc_radius(f.blurriness(0.45)), 7.5);
        assert_eq!(f.blurriness(DEFAULT_FAR), 1.5);
        // in front of the focal plane nothing caps it
        let g = Focus { distance: 1.0, length: 0.1 };
        assert!((g.blurriness(0.7) + 3.0).abs() < 1e-12);
        assert!((coc_radius(g.blurriness(0.7)) - 15.0).abs() < 1e-12);
    }

    #[test]
    fn only_planar_cameras_with_a_focal_distance_and_length_blur() {
        assert!(Focus::of(true, 0.1, 0.1).is_some());
        assert!(Focus::of(true, 0.0, 0.1).is_none());
        assert!(Focus::of(true, 0.1, 0.0).is_none());
        assert!(Focus::of(false, 0.1, 0.1).is_none());
        assert!(Focus::of(true, f64::NAN, 0.1).is_none());
        assert!(Focus::of(true, 0.1, f64::INFINITY).is_none());
    }

    #[test]
    fn the_taps_stay_within_their_reach_of_the_circle() {
        let t = taps();
        assert_eq!(t[0], [0.0, 0.0]);
        for p in &t[1..] {
            let r = p[0].hypot(p[1]);
            assert!(r > 0.0 && r <= TAP_REACH + 1e-12, "{r}");
        }
        assert!((t[TAPS - 1][0].hypot(t[TAPS - 1][1]) - TAP_REACH).abs() < 1e-12);
    }

    /// A sky of one colour over a box of another, the edge between rows `edge - 1` and `edge`.
    fn halves(
        w: usize,
        h: usize,
        edge: usize,
        sky: [f64; 3],
        box_: [f64; 3],
        box_depth: f64,
    ) -> (Vec<[f64; 3]>, Vec<f64>) {
        let rgb = (0..w * h).map(|p| if p / w < edge { sky } else { box_ }).collect();
        let depth = (0..w * h).map(|p| if p / w < edge { DEFAULT_FAR } else { box_depth }).collect();
        (rgb, depth)
    }

    #[test]
    fn a_uniform_region_keeps_its_colour_and_an_edge_mixes() {
        let (w, h) = (64, 64);
        let (sky, red) = ([0.0, 0.0, 20.0], [1.5, 0.0, 0.0]);
        let (mut rgb, depth) = halves(w, h, 32, sky, red, 0.45);
        apply(&Focus { distance: 0.1, length: 0.1 }, w, h, &mut rgb, &depth);
        // 7.5-pixel circles whose taps reach 3.375 pixels, the blurred copy 4/320 of the image (0.8 pixel)
        // further, read bilinearly: rows 0..=26 and 37..=63 see one colour only
        let near = |a: [f64; 3], b: [f64; 3]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-9);
        for j in [0, 10, 26] {
            assert!(near(rgb[j * w + 31], sky), "row {j}: {:?}", rgb[j * w + 31]);
        }
        for j in [37, 50, 63] {
            assert!(near(rgb[j * w + 31], red), "row {j}: {:?}", rgb[j * w + 31]);
        }
        let above = rgb[30 * w + 31];
        let below = rgb[32 * w + 31];
        assert!(above[0] > 0.0 && above[2] > 0.0, "{above:?}");
        assert!(below[2] > 0.0 && below[0] != red[0], "{below:?}");
    }

    #[test]
    fn pixels_on_the_focal_plane_stay_sharp() {
        let (w, h) = (16, 16);
        let (sky, red) = ([0.0, 0.0, 20.0], [1.5, 0.0, 0.0]);
        let (mut rgb, depth) = halves(w, h, 8, sky, red, 0.45);
        apply(&Focus { distance: 0.45, length: 0.1 }, w, h, &mut rgb, &depth);
        // the box is in focus, even next to the blurry sky
        for j in 8..16 {
            assert_eq!(rgb[j * w + 5], red, "row {j}");
        }
    }

    #[test]
    fn mismatched_buffers_are_left_alone() {
        let mut rgb = vec![[1.0, 2.0, 3.0]; 4];
        apply(&Focus { distance: 0.1, length: 0.1 }, 2, 2, &mut rgb, &[1.0; 3]);
        assert_eq!(rgb, vec![[1.0, 2.0, 3.0]; 4]);
        apply(&Focus { distance: 0.1, length: 0.1 }, 0, 2, &mut rgb, &[1.0; 4]);
        assert_eq!(rgb, vec![[1.0, 2.0, 3.0]; 4]);
    }
}
