//! Image files of cameras, range finders and displays: PNG (png crate) and JPEG (jpeg-encoder to write,
//! zune-jpeg to read), chosen by the file's extension as Webots does; a range finder's grey values also
//! as Radiance HDR (the image crate's encoder).

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Format {
    Png,
    Jpeg,
}

/// The format a file name asks for (`.png`, `.jpg`, `.jpeg`, any case).
pub fn format_of(name: &str) -> Option<Format> {
    let ext = Path::new(name).extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "png" => Some(Format::Png),
        "jpg" | "jpeg" => Some(Format::Jpeg),
        _ => None,
    }
}

/// Whether a file name asks for a Radiance HDR file (`.hdr`, any case).
pub fn is_hdr(name: &str) -> bool {
    Path::new(name).extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("hdr"))
}

/// Writes grey levels (`width` × `height` values, rows top to bottom, each put in all three channels)
/// to `path` as a Radiance HDR file.
pub fn save_grey_hdr(path: &str, width: u32, height: u32, grey: &[f32]) -> Result<(), String> {
    use image::codecs::hdr::HdrEncoder;
    if grey.len() != width as usize * height as usize {
        return Err("the values are not width × height".into());
    }
    let rgb: Vec<image::Rgb<f32>> = grey.iter().map(|&g| image::Rgb([g, g, g])).collect();
    let file = File::create(path).map_err(|e| e.to_string())?;
    HdrEncoder::new(BufWriter::new(file)).encode(&rgb, width as usize, height as usize).map_err(|e| e.to_string())
}

/// Writes `rgba` (`width` × `height` pixels, rows top to bottom) to `path`; `quality` (1..100) for JPEG.
pub fn save_rgba(path: &str, width: u32, height: u32, rgba: &[u8], quality: u8) -> Result<(), String> {
    match format_of(path).ok_or("unsupported image format")? {
        Format::Png => {
            let file = File::create(path).map_err(|e| e.to_string())?;
            let mut encoder = png::Encoder::new(BufWriter::new(file), width, height);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
            writer.write_image_data(rgba).map_err(|e| e.to_string())
        }
        Format::Jpeg => {
            let (w, h) =
                (u16::try_from(width).map_err(|e| e.to_string())?, u16::try_from(height).map_err(|e| e.to_string())?);
            let encoder = jpeg_encoder::Encoder::new_file(path, quality.clamp(1, 100)).map_err(|e| e.to_string())?;
            encoder.encode(rgba, w, h, jpeg_encoder::ColorType::Rgba).map_err(|e| e.to_string())
        }
    }
}

/// Reads a PNG or JPEG file as RGBA: (width, height, pixels).
pub fn load_rgba(path: &str) -> Result<(u32, u32, Vec<u8>), String> {
    match format_of(path).ok_or("unsupported image format")? {
        Format::Png => {
            let mut decoder = png::Decoder::new(File::open(path).map_err(|e| e.to_string())?);
            decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
            let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
            let mut buf = vec![0; reader.output_buffer_size()];
            let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
            let pixels = &buf[..info.buffer_size()];
            let rgba = match info.color_type {
                png::ColorType::Rgba => pixels.to_vec(),
                png::ColorType::Rgb => pixels.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
                png::ColorType::GrayscaleAlpha => {
                    pixels.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect()
                }
                png::ColorType::Grayscale => pixels.iter().flat_map(|&g| [g, g, g, 255]).collect(),
                png::ColorType::Indexed => return Err("indexed colours left unexpanded".into()),
            };
            Ok((info.width, info.height, rgba))
        }
        Format::Jpeg => {
            use zune_jpeg::zune_core::colorspace::ColorSpace;
            use zune_jpeg::zune_core::options::DecoderOptions;
            let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
            let options = DecoderOptions::default().jpeg_set_out_colorspace(ColorSpace::RGBA);
            let mut decoder = zune_jpeg::JpegDecoder::new_with_options(&bytes[..], options);
            let pixels = decoder.decode().map_err(|e| e.to_string())?;
            let info = decoder.info().ok_or("no image information")?;
            Ok((u32::from(info.width), u32::from(info.height), pixels))
        }
    }
}
