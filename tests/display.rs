//! The Display as a Webots user sees it: a real image buffer drawn into by the controller and read back
//! through the PNG files it saves (decoded here), images made, copied and pasted, a camera's image as
//! background, misuse messages.

mod common;

use common::Project;

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

/// A saved PNG's pixels, RGBA.
fn read(path: &std::path::Path) -> (u32, u32, Vec<[u8; 4]>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixels = buf[..info.buffer_size()].chunks_exact(4).map(|p| [p[0], p[1], p[2], p[3]]).collect();
    (info.width, info.height, pixels)
}

#[test]
fn drawings_read_back_from_saved_images() {
    let p = Project::new();
    p.world("display.wbt", WORLD);
    p.controller("display_probe", "display_probe");
    let out = p.run("display.wbt", &[]);
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
