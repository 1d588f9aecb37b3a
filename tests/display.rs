//! The Display as a Webots user sees it: a real image buffer drawn into by the controller and read back
//! through the PNG files it saves (decoded here), images made, copied and pasted, a camera's image as
//! background, misuse messages.

mod common;

use common::{read_png as read, Project, RunOutput};

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Background { skyColor [ 0 0 1 ] }
Robot {
  controller "display_probe"
  children [
    Display { width 20 height 10 }
    Camera { width 20 height 10 }
  ]
}
"#;

#[test]
fn drawings_read_back_from_saved_images() {
    let p = Project::new();
    p.world("display.wbt", WORLD);
    p.controller("display_probe", "display_probe");
    check_drawings(&p, &p.run("display.wbt", &[]));
}

#[test]
fn drawings_read_back_from_saved_images_from_python() {
    let p = Project::new();
    p.world("display.wbt", WORLD);
    p.python_controller("display_probe", "display_probe");
    let out = p.run_with_home("display.wbt", &[]);
    check_drawings(&p, &out);
    // an image made from nested lists of pixels (as Camera.getImageArray gives them): 3 wide, 2 high
    let (w, h, listed) = read(&p.path().join("controllers/display_probe/listed.png"));
    assert_eq!((w, h), (3, 2));
    assert_eq!(
        listed,
        [[0, 0, 0, 255], [10, 0, 0, 255], [20, 0, 0, 255], [0, 1, 0, 255], [10, 1, 0, 255], [20, 1, 0, 255]]
    );
    // a deleted image is an invalid reference to the library; the Python side's own misuse
    out.assert_stderr_has("Error: wb_display_image_paste(): invalid WbImageRef argument.");
    out.assert_stderr_has("Error: Display.imageNew(): 11 bytes of data for 2x2 pixels that need 12.");
    assert_eq!(
        out.robot_lines("robot")[..5],
        [
            "TypeError: Display.imagePaste(): ir must be an ImageRef, not str",
            "TypeError: Display.drawPixel(): x must be a number, not str",
            "TypeError: Display.attachCamera(): camera must be a Camera, not Display",
            "TypeError: Display.imageNew(): width and height are needed with bytes data",
            "TypeError: Display.drawPolygon(): x must be a list of numbers, not int",
        ]
    );
}

/// What `display_probe` (C or Python) draws and saves in `WORLD`, and the library's misuse messages.
fn check_drawings(p: &Project, out: &RunOutput) {
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("display done");
    let dir = p.path().join("controllers/display_probe");
    let at = |img: &Vec<[u8; 4]>, x: usize, y: usize| img[y * 20 + x];
    let (black, red, green, white) = ([0, 0, 0, 255], [255, 0, 0, 255], [0, 255, 0, 255], [255, 255, 255, 255]);

    let (w, h, drawn) = read(&dir.join("drawn.png"));
    assert_eq!((w, h), (20, 10));
    assert_eq!(at(&drawn, 0, 0), red);
    assert_eq!(at(&drawn, 3, 2), red);
    assert_eq!(at(&drawn, 4, 2), black, "the block is 4 wide");
    assert_eq!(at(&drawn, 0, 3), black, "and 3 high");
    assert!((0..20).all(|x| at(&drawn, x, 9) == green), "the line covers the bottom row");
    // blue at opacity 0.5 over black: half blue, alpha stays opaque
    assert_eq!(at(&drawn, 10, 5), [0, 0, 127, 255]);
    assert_eq!(at(&drawn, 13, 0), white, "the T's bar");
    assert_eq!(at(&drawn, 13, 4), black, "beside the T's stem");
    assert!((0..8).any(|y| at(&drawn, 15, y) == white), "the T's stem");

    let (w, h, block) = read(&dir.join("block.png"));
    assert_eq!((w, h), (4, 3));
    assert!(block.iter().all(|p| *p == red));
    let (_, _, pasted) = read(&dir.join("pasted.png"));
    assert_eq!(at(&pasted, 5, 4), [255, 255, 0, 255]);
    assert_eq!(at(&pasted, 6, 5), [255, 255, 0, 255]);
    assert_eq!(at(&pasted, 16, 4), red);
    assert_eq!(at(&pasted, 19, 6), red);

    // attached: the camera's sky shows where the display is transparent; the white pixel drawn after
    let (_, _, attached) = read(&dir.join("attached.png"));
    assert_eq!(at(&attached, 0, 0), white);
    assert_eq!(at(&attached, 10, 7), [0, 0, 255, 255]);
    assert!(!dir.join("drawn.bmp").exists());

    for message in [
        "Error: wb_display_get_width(): invalid device tag.",
        "Error: wb_display_set_color(): 'color' argument out of bounds.",
        "Error: wb_display_set_alpha(): 'alpha' argument out of bounds.",
        "Error: wb_display_fill_rectangle(): 'width' argument is negative or null.",
        "Error: wb_display_draw_oval(): 'horizontal_radius' argument is negative or null.",
        "Error: wb_display_draw_text(): 'text' argument is NULL or empty.",
        "Error: wb_display_image_save(): unsupported file format. Supported file formats are \".jpg\" and \".png\".",
        "Error: wb_display_image_load(): the \"missing.png\" image is unreadable.",
        "Error: wb_display_image_new(): 'width' or 'height' argument is invalid.",
        "Error: wb_display_detach_camera(): no camera to detach.",
        "Error: wb_display_attach_camera(): a camera is already attached to the display.",
    ] {
        out.assert_stderr_has(message);
    }
}

#[test]
fn a_device_enabled_after_an_image_load_in_the_same_step_samples_at_once() {
    let p = Project::new();
    p.controller("image_then_gps", "image_then_gps");
    // a 64 × 64 PNG beside the controller
    let file = std::fs::File::create(p.path().join("controllers/image_then_gps/picture.png")).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), 64, 64);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[200u8; 64 * 64 * 4]).unwrap();
    writer.finish().unwrap();
    p.world(
        "consecutive.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"r\" controller \"image_then_gps\" children [ Display { width 64 height 64 } GPS { } ] }\n",
    );
    let out = p.run("consecutive.wbt", &["--until", "0.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("r"), ["image loaded, gps sampled"]);
}

#[test]
fn a_controller_drawing_on_a_display_is_restarted_and_draws_again() {
    let p = Project::new();
    p.controller("display_painter", "display_painter");
    p.controller("restarter", "restarter");
    p.world(
        "restart.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"boss\" supervisor TRUE controller \"restarter\" }\n\
         DEF PAINTER Robot { name \"painter\" controller \"display_painter\" children [ Display { width 64 height 64 } ] }\n",
    );
    let out = p.run("restart.wbt", &["--until", "0.5"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("boss"), ["restarted the painter at 0.224"]);
    let painter = out.robot_lines("painter");
    // the first controller is let go at the restart; the second starts where the world is and runs to the end
    assert_eq!(painter.len(), 3, "{painter:?}\n{}", out.stderr);
    assert_eq!(painter[0], "painter starts at 0.000");
    assert!(painter[1].starts_with("painter starts at 0.2"), "{painter:?}");
    assert!(painter[2].starts_with("painter drew "), "{painter:?}");
}
