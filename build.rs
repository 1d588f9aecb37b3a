//! Generates `include/webots/<name>.h` from each `src/capi/<name>.rs` with cbindgen (the headers are
//! committed; CI rebuilds and fails when they differ from what is checked in), then builds the C++ API,
//! `libCppController.so`, from `src/cpp/` and the hand-written `include/webots/*.hpp`.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "src/cpp/build_library.rs"]
mod cpp_library;
#[path = "src/java/build_library.rs"]
mod java_library;

/// What a header needs around its generated declarations: the headers it includes and hand-written
/// preprocessor text (macros cbindgen cannot express).
struct HeaderExtras {
    /// Text before the include guard, seen at every inclusion.
    before_guard: &'static str,
    includes: &'static [&'static str],
    preamble: &'static str,
}

fn extras(name: &str) -> HeaderExtras {
    let c_header = |includes| HeaderExtras { before_guard: USING_C_API, includes, preamble: "" };
    match name {
        "types" => HeaderExtras { before_guard: MIXING_CHECK, includes: &[], preamble: TYPES_PREAMBLE },
        "nodes" => c_header(&[]),
        "device" | "robot" => c_header(&["nodes.h", "types.h"]),
        "supervisor" => c_header(&["contact_point.h", "nodes.h", "types.h"]),
        // included by supervisor.h as in Webots; a plain struct, shared by the C++ API
        "contact_point" => HeaderExtras { before_guard: "", includes: &[], preamble: "" },
        "mouse" => c_header(&["mouse_state.h", "types.h"]),
        // shared by both APIs (Mouse.hpp includes it), so it does not mark its includer as C
        "mouse_state" => HeaderExtras { before_guard: "", includes: &["types.h"], preamble: "" },
        "console" => c_header(&[]),
        // plain structs shared by both APIs, as contact_point.h
        "camera_recognition_object" | "lidar_point" | "radar_target" => {
            HeaderExtras { before_guard: "", includes: &[], preamble: "" }
        }
        "camera" => HeaderExtras {
            before_guard: USING_C_API,
            includes: &["camera_recognition_object.h", "types.h"],
            preamble: CAMERA_PREAMBLE,
        },
        "lidar" => c_header(&["lidar_point.h", "types.h"]),
        "radar" => c_header(&["radar_target.h", "types.h"]),
        "remote_control" => c_header(&["camera_recognition_object.h", "radar_target.h", "types.h"]),
        // utils/ and plugins/ headers serve both APIs (the C++ classes wrap them): they do not mark
        // their includer as C
        "utils/ansi_codes" => HeaderExtras { before_guard: "", includes: &[], preamble: ANSI_PREAMBLE },
        "utils/motion" | "utils/system" => HeaderExtras { before_guard: "", includes: &["../types.h"], preamble: "" },
        "plugins/robot_window/robot_wwi" => HeaderExtras { before_guard: "", includes: &[], preamble: WWI_PREAMBLE },
        "plugins/robot_window/default" => HeaderExtras { before_guard: "", includes: &["robot_wwi.h"], preamble: "" },
        n if n.contains('/') => HeaderExtras { before_guard: "", includes: &[], preamble: "" },
        _ => c_header(&["types.h"]),
    }
}

/// Files of `src/capi/` that make no header: `symbols.rs` holds the data symbols, which Webots exports
/// for its wrappers without declaring them in any header.
const NO_HEADER: &[&str] = &["symbols"];

/// Folders of `src/capi/` whose files each make one header, in the same folder of `include/webots/`
/// (Webots' `utils/` and `plugins/robot_window/`).
const HEADER_FOLDERS: &[&str] = &["utils", "plugins/robot_window"];

/// The escape sequences as C string macros, and Webots' printf helpers (C only: they use printf).
const ANSI_PREAMBLE: &str = r#"#ifndef __cplusplus
#include <stdio.h>
#endif

#define ANSI_RESET "\x1b[0m"
#define ANSI_BOLD "\x1b[1m"
#define ANSI_UNDERLINE "\x1b[4m"
#define ANSI_BLACK_BACKGROUND "\x1b[40m"
#define ANSI_RED_BACKGROUND "\x1b[41m"
#define ANSI_GREEN_BACKGROUND "\x1b[42m"
#define ANSI_YELLOW_BACKGROUND "\x1b[43m"
#define ANSI_BLUE_BACKGROUND "\x1b[44m"
#define ANSI_MAGENTA_BACKGROUND "\x1b[45m"
#define ANSI_CYAN_BACKGROUND "\x1b[46m"
#define ANSI_WHITE_BACKGROUND "\x1b[47m"
#define ANSI_BLACK_FOREGROUND "\x1b[30m"
#define ANSI_RED_FOREGROUND "\x1b[31m"
#define ANSI_GREEN_FOREGROUND "\x1b[32m"
#define ANSI_YELLOW_FOREGROUND "\x1b[33m"
#define ANSI_BLUE_FOREGROUND "\x1b[34m"
#define ANSI_MAGENTA_FOREGROUND "\x1b[35m"
#define ANSI_CYAN_FOREGROUND "\x1b[36m"
#define ANSI_WHITE_FOREGROUND "\x1b[37m"
#define ANSI_CLEAR_SCREEN "\x1b[2J"

#ifndef __cplusplus
#define ANSI_PRINTF_IN_BLACK(x, ...) printf(ANSI_BLACK_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_RED(x, ...) printf(ANSI_RED_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_GREEN(x, ...) printf(ANSI_GREEN_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_YELLOW(x, ...) printf(ANSI_YELLOW_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_BLUE(x, ...) printf(ANSI_BLUE_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_MAGENTA(x, ...) printf(ANSI_MAGENTA_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_CYAN(x, ...) printf(ANSI_CYAN_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_PRINTF_IN_WHITE(x, ...) printf(ANSI_WHITE_FOREGROUND x ANSI_RESET, ##__VA_ARGS__)
#define ANSI_CLEAR_CONSOLE() printf(ANSI_CLEAR_SCREEN "\n")
#endif
"#;

/// The pixel accessors of a camera image (BGRA).
const CAMERA_PREAMBLE: &str = r#"#define wb_camera_image_get_red(image, width, x, y) (image[4 * ((y) * (width) + (x)) + 2])
#define wb_camera_image_get_green(image, width, x, y) (image[4 * ((y) * (width) + (x)) + 1])
#define wb_camera_image_get_blue(image, width, x, y) (image[4 * ((y) * (width) + (x))])
#define wb_camera_image_get_gray(image, w, x, y) \
  ((image[4 * ((y) * (w) + (x)) + 2] + image[4 * ((y) * (w) + (x)) + 1] + image[4 * ((y) * (w) + (x))]) / 3)
#define wb_camera_image_get_grey(image, width, x, y) wb_camera_image_get_gray(image, width, x, y)
"#;

/// `strlen` for the text-sending macro.
const WWI_PREAMBLE: &str = r#"#ifdef __cplusplus
#include <cstring>
#else
#include <string.h>
#endif

/* Sends a NUL-terminated text, its terminator included. */
#define wb_robot_wwi_send_text(t) wb_robot_wwi_send(t, strlen(t) + 1)
"#;

/// Every C header says so before including types.h, whose check below then fires when a C++ header
/// (which defines WB_USING_CPP_API) came first.
const USING_C_API: &str = "#define WB_USING_C_API\n";

/// Outside types.h's guard, so it runs at every inclusion: whichever API's header comes second, the
/// mix is reported.
const MIXING_CHECK: &str = r#"#if defined(WB_USING_CPP_API) && defined(WB_USING_C_API) && !defined(WB_ALLOW_MIXING_C_AND_CPP_API)
#warning "Mixing the C and C++ APIs of webots in the same controller is not supported: define WB_ALLOW_MIXING_C_AND_CPP_API if you mean it"
#endif
"#;

const TYPES_PREAMBLE: &str = r#"#ifndef __cplusplus
#include <math.h>
#ifndef INFINITY
#define INFINITY (1.0 / 0.0)
#endif
/* In the C API, bool is a one-byte char. */
#ifndef bool
#define bool char
#endif
#ifndef true
#define true ((bool)1)
#endif
#ifndef false
#define false ((bool)0)
#endif
#endif

#if defined(__GNUC__) && __GNUC__ >= 3 && !defined(WB_MATLAB_LOADLIBRARY)
#define WB_DEPRECATED __attribute__((deprecated))
#else
#define WB_DEPRECATED
#endif
"#;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let capi = root.join("src/capi");
    let out_dir = root.join("include/webots");
    println!("cargo:rerun-if-changed=src/capi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=build.rs");
    // libController.so keeps Webots' soname, whatever cargo names the file.
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libController.so");

    let base = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml is valid");
    fs::create_dir_all(&out_dir).expect("include/webots can be created");
    // a header comes from `src/capi/<name>.rs`, or from every file of `src/capi/<name>/` for big ones,
    // or from each file of a header folder
    let folder_roots: Vec<&str> = HEADER_FOLDERS.iter().map(|f| f.split('/').next().unwrap_or(f)).collect();
    let mut headers: Vec<(String, Vec<PathBuf>)> = fs::read_dir(&capi)
        .expect("src/capi exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter_map(|p| {
            let name = p.file_stem()?.to_str()?.to_string();
            if p.is_dir() {
                // cbindgen follows `mod` items: the folder's mod.rs brings in its other files
                (!folder_roots.contains(&name.as_str())).then(|| (name, vec![p.join("mod.rs")]))
            } else {
                let wanted =
                    p.extension().is_some_and(|e| e == "rs") && name != "mod" && !NO_HEADER.contains(&name.as_str());
                wanted.then(|| (name, vec![p]))
            }
        })
        .collect();
    for folder in HEADER_FOLDERS {
        for file in rust_files(&capi.join(folder)) {
            let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            if stem != "mod" {
                headers.push((format!("{folder}/{stem}"), vec![file]));
            }
        }
    }
    headers.sort();
    for (name, sources) in headers {
        generate(&base, &name, &sources, &out_dir);
    }
    let (include, cpp) = cpp_library::build(&root);
    java_library::build(&root, &include.join("cpp"), &include.join("c"), &cpp);
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
}

fn public_type_names(src: &Path) -> Vec<String> {
    let text = fs::read_to_string(src).unwrap_or_else(|e| panic!("cannot read {}: {e}", src.display()));
    text.lines()
        .filter_map(|line| {
            let rest = ["pub enum ", "pub struct ", "pub type "].iter().find_map(|k| line.strip_prefix(k))?;
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

fn generate(base: &cbindgen::Config, name: &str, sources: &[PathBuf], out_dir: &Path) {
    let extras = extras(name);
    let mut config = base.clone();
    let (folder, file) = name.rsplit_once('/').unwrap_or(("", name));
    let prefix = if folder == "utils" { "WBU" } else { "WB" };
    config.include_guard = Some(format!("{prefix}_{}_H", file.to_uppercase()));
    config.header = (!extras.before_guard.is_empty()).then(|| extras.before_guard.to_string());
    config.includes = extras.includes.iter().map(|s| s.to_string()).collect();
    config.after_includes = (!extras.preamble.is_empty()).then(|| extras.preamble.to_string());
    // every public type of the file belongs in its header, used by a function of the file or not
    config.export.include = sources
        .iter()
        .flat_map(|s| match (s.file_name().is_some_and(|f| f == "mod.rs"), s.parent()) {
            (true, Some(dir)) => rust_files(dir),
            _ => vec![s.clone()],
        })
        .flat_map(|s| public_type_names(&s))
        .collect();
    let mut builder = cbindgen::Builder::new().with_config(config);
    for src in sources {
        builder = builder.with_src(src);
    }
    let bindings = builder.generate().unwrap_or_else(|e| panic!("cbindgen failed on {name}: {e}"));
    let header = out_dir.join(format!("{name}.h"));
    if let Some(dir) = header.parent() {
        fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    }
    // write only when the text changed, so an unchanged header keeps its timestamp
    let mut text = Vec::new();
    bindings.write(&mut text);
    if fs::read(&header).ok().as_deref() != Some(&text[..]) {
        fs::write(&header, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", header.display()));
    }
}
