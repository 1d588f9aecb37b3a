//! A display's drawing: a canvas of 0xAARRGGBB pixels, and Webots' primitives on it (pixels blended
//! with the colour, alpha and opacity as Webots does: "over" by opacity, the alpha channel taking the
//! drawing alpha), lines (Bresenham), rectangles, ellipses, polygons (even-odd fill) and text in an
//! 8×8 bitmap font scaled to the font size.

pub struct Pen {
    /// 0xRRGGBB.
    pub color: u32,
    pub alpha: u8,
    pub opacity: u8,
    /// Font size in pixels (the height of a glyph).
    pub font_size: i32,
}

impl Default for Pen {
    fn default() -> Pen {
        Pen { color: 0xFF_FFFF, alpha: 0xFF, opacity: 0xFF, font_size: 8 }
    }
}

pub struct Canvas {
    pub width: i32,
    pub height: i32,
    pub pixels: Vec<u32>,
}

fn channel(v: u32, shift: u32) -> u32 {
    (v >> shift) & 0xFF
}

impl Canvas {
    pub fn new(width: i32, height: i32, fill: u32) -> Canvas {
        Canvas { width, height, pixels: vec![fill; (width.max(0) * height.max(0)) as usize] }
    }

    pub fn pixel(&mut self, pen: &Pen, x: i32, y: i32) {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return;
        }
        let p = &mut self.pixels[(y * self.width + x) as usize];
        let (o, keep) = (u32::from(pen.opacity), 0xFF - u32::from(pen.opacity));
        let mix = |old: u32, new: u32| (keep * old + o * new) / 0xFF;
        *p = (mix(channel(*p, 24), u32::from(pen.alpha)) << 24)
            | (mix(channel(*p, 16), channel(pen.color, 16)) << 16)
            | (mix(channel(*p, 8), channel(pen.color, 8)) << 8)
            | mix(*p & 0xFF, pen.color & 0xFF);
    }

    pub fn line(&mut self, pen: &Pen, mut x0: i32, mut y0: i32, x1: i32, y1: i32) {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let mut err = dx + dy;
        loop {
            self.pixel(pen, x0, y0);
            if x0 == x1 && y0 == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x0 += sx;
            }
            if e2 <= dx {
                err += dx;
                y0 += sy;
            }
        }
    }

    pub fn rectangle(&mut self, pen: &Pen, x: i32, y: i32, w: i32, h: i32, fill: bool) {
        if fill {
            for j in y.max(0)..(y + h).min(self.height) {
                for i in x.max(0)..(x + w).min(self.width) {
                    self.pixel(pen, i, j);
                }
            }
        } else {
            let (r, b) = (x + w - 1, y + h - 1);
            self.line(pen, x, y, r, y);
            self.line(pen, r, y, r, b);
            self.line(pen, r, b, x, b);
            self.line(pen, x, b, x, y);
        }
    }

    /// The ellipse centred on (cx, cy) with radii a (horizontal) and b (vertical).
    pub fn oval(&mut self, pen: &Pen, cx: i32, cy: i32, a: i32, b: i32, fill: bool) {
        let (fa, fb) = (f64::from(a), f64::from(b));
        if fill {
            for dy in -b..=b {
                let half = (fa * (1.0 - (f64::from(dy) / fb).powi(2)).max(0.0).sqrt()).round() as i32;
                for dx in -half..=half {
                    self.pixel(pen, cx + dx, cy + dy);
                }
            }
            return;
        }
        // outline: each column and each row of the ellipse once, so that it has no gaps
        let mut points = Vec::new();
        for dx in -a..=a {
            let dy = (fb * (1.0 - (f64::from(dx) / fa).powi(2)).max(0.0).sqrt()).round() as i32;
            points.extend([(cx + dx, cy + dy), (cx + dx, cy - dy)]);
        }
        for dy in -b..=b {
            let dx = (fa * (1.0 - (f64::from(dy) / fb).powi(2)).max(0.0).sqrt()).round() as i32;
            points.extend([(cx + dx, cy + dy), (cx - dx, cy + dy)]);
        }
        points.sort_unstable();
        points.dedup();
        for (x, y) in points {
            self.pixel(pen, x, y);
        }
    }

    pub fn polygon(&mut self, pen: &Pen, xs: &[i32], ys: &[i32], fill: bool) {
        let n = xs.len().min(ys.len());
        if n == 0 {
            return;
        }
        if !fill {
            for k in 0..n {
                let next = (k + 1) % n;
                self.line(pen, xs[k], ys[k], xs[next], ys[next]);
            }
            return;
        }
        let (top, bottom) = (ys[..n].iter().min().copied().unwrap_or(0), ys[..n].iter().max().copied().unwrap_or(0));
        for y in top.max(0)..=bottom.min(self.height - 1) {
            // even-odd rule at the row's centre
            let yc = f64::from(y) + 0.5;
            let mut crossings: Vec<f64> = (0..n)
                .filter_map(|k| {
                    let next = (k + 1) % n;
                    let (x0, y0, x1, y1) =
                        (f64::from(xs[k]), f64::from(ys[k]), f64::from(xs[next]), f64::from(ys[next]));
                    ((y0 <= yc) != (y1 <= yc)).then(|| x0 + (yc - y0) * (x1 - x0) / (y1 - y0))
                })
                .collect();
            crossings.sort_by(f64::total_cmp);
            for pair in crossings.chunks_exact(2) {
                for x in (pair[0] - 0.5).ceil() as i32..=(pair[1] - 0.5).floor() as i32 {
                    self.pixel(pen, x, y);
                }
            }
        }
    }

    /// Text with its top-left corner at (x, y): each character an 8×8 glyph scaled to the font size.
    pub fn text(&mut self, pen: &Pen, text: &str, x: i32, y: i32) {
        use font8x8::UnicodeFonts;
        let size = pen.font_size.max(1);
        let mut left = x;
        for c in text.chars() {
            let glyph = font8x8::BASIC_FONTS.get(c).or_else(|| font8x8::LATIN_FONTS.get(c)).unwrap_or([0; 8]);
            for j in 0..size {
                let row = glyph[(j * 8 / size) as usize];
                for i in 0..size {
                    if row & (1 << (i * 8 / size)) != 0 {
                        self.pixel(pen, left + i, y + j);
                    }
                }
            }
            left += size;
        }
    }

    /// The `w` × `h` pixels at (x, y), clipped to the canvas: (width, height, pixels).
    pub fn copy(&self, x: i32, y: i32, w: i32, h: i32) -> (i32, i32, Vec<u32>) {
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = ((x + w).min(self.width), (y + h).min(self.height));
        let (cw, ch) = ((x1 - x0).max(0), (y1 - y0).max(0));
        let mut out = Vec::with_capacity((cw * ch) as usize);
        for j in y0..y1 {
            out.extend_from_slice(&self.pixels[(j * self.width + x0) as usize..(j * self.width + x1) as usize]);
        }
        (cw, ch, out)
    }

    /// Pastes `pixels` (w × h) at (x, y): replaced, or blended by their alpha with `blend`.
    pub fn paste(&mut self, w: i32, h: i32, pixels: &[u32], x: i32, y: i32, blend: bool) {
        for j in 0..h {
            for i in 0..w {
                let (tx, ty) = (x + i, y + j);
                if tx < 0 || ty < 0 || tx >= self.width || ty >= self.height {
                    continue;
                }
                let src = pixels[(j * w + i) as usize];
                let dst = &mut self.pixels[(ty * self.width + tx) as usize];
                *dst = if blend {
                    let a = channel(src, 24);
                    let mix = |s: u32, d: u32| (a * s + (0xFF - a) * d) / 0xFF;
                    (channel(*dst, 24).max(a) << 24)
                        | (mix(channel(src, 16), channel(*dst, 16)) << 16)
                        | (mix(channel(src, 8), channel(*dst, 8)) << 8)
                        | mix(src & 0xFF, *dst & 0xFF)
                } else {
                    src
                };
            }
        }
    }
}

/// 0xAARRGGBB pixels as RGBA bytes.
pub fn to_rgba(pixels: &[u32]) -> Vec<u8> {
    pixels.iter().flat_map(|p| [channel(*p, 16) as u8, channel(*p, 8) as u8, *p as u8, channel(*p, 24) as u8]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pixel_is_drawn_over_by_opacity_with_the_drawing_alpha() {
        let mut c = Canvas::new(2, 1, 0xFF00_0000);
        let pen = Pen { color: 0xFF_0000, alpha: 0xFF, opacity: 0xFF, font_size: 8 };
        c.pixel(&pen, 0, 0);
        assert_eq!(c.pixels, [0xFFFF_0000, 0xFF00_0000]);
        let half = Pen { color: 0x00_00FF, alpha: 0x80, opacity: 0x80, font_size: 8 };
        c.pixel(&half, 1, 0);
        assert_eq!(c.pixels[1], ((0x7F * 0xFF + 0x80 * 0x80) / 0xFF) << 24 | 0x80);
        c.pixel(&pen, 5, 5); // outside: nothing
    }

    #[test]
    fn shapes_cover_the_expected_pixels() {
        let pen = Pen::default();
        let count = |c: &Canvas| c.pixels.iter().filter(|p| **p == 0xFFFF_FFFF).count();
        let mut c = Canvas::new(10, 10, 0xFF00_0000);
        c.line(&pen, 0, 0, 9, 9);
        assert_eq!(count(&c), 10);
        let mut c = Canvas::new(10, 10, 0xFF00_0000);
        c.rectangle(&pen, 2, 2, 4, 3, true);
        assert_eq!(count(&c), 12);
        let mut c = Canvas::new(10, 10, 0xFF00_0000);
        c.rectangle(&pen, 2, 2, 4, 3, false);
        assert_eq!(count(&c), 10);
        let mut c = Canvas::new(10, 10, 0xFF00_0000);
        c.polygon(&pen, &[0, 4, 4, 0], &[0, 0, 4, 4], true);
        assert_eq!(count(&c), 16);
        let mut c = Canvas::new(20, 20, 0xFF00_0000);
        c.oval(&pen, 10, 10, 3, 3, true);
        assert!(c.pixels[10 * 20 + 10] == 0xFFFF_FFFF && c.pixels[10 * 20 + 13] == 0xFFFF_FFFF);
        assert_eq!(c.pixels[14 * 20 + 14], 0xFF00_0000);
        let mut c = Canvas::new(16, 8, 0xFF00_0000);
        c.text(&pen, "I", 0, 0);
        assert!(count(&c) > 5 && c.pixels.iter().skip(8).step_by(16).all(|p| *p == 0xFF00_0000));
    }
}
