//! Part of build.rs (not of the crate): builds `libCppController.so`, the C++ API, from `src/cpp/*.cpp`.
//!
//! The `.hpp` files reach the C headers the way Webots' do (`"../../c/webots/types.h"`), so they only
//! compile inside a Webots-like home. The build lays one out in OUT_DIR (`include/controller/c/webots`
//! with the generated headers, `include/controller/cpp/webots` with the C++ ones) and compiles there.
//!
//! The library is linked as Webots links its own: against libController.so (DT_NEEDED) with the
//! runpath `$ORIGIN`, so it finds the C library installed beside it. The crate's cdylib does not exist
//! yet while build.rs runs, so the link uses an empty stand-in carrying only the soname.
//!
//! Results: `$OUT_DIR/libCppController.so`, a copy in `target/<profile>/cpp-api/` (what `make install`
//! takes; not in `target/<profile>/` itself, which `cargo test` puts on LD_LIBRARY_PATH, where it
//! would shadow an installed copy without the libController.so its `$ORIGIN` runpath expects), and
//! the env var `WEBOTS_SHIM_CPP_LIB` (its path) for the crate's tests.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folders of `include/webots/` holding C headers (Webots' layout).
pub const C_HEADER_FOLDERS: &[&str] = &["", "utils", "plugins/robot_window"];

/// The folders of `include/webots/` holding C++ headers.
pub const CPP_HEADER_FOLDERS: &[&str] = &["", "utils"];

/// Returns the staged include folder (`include/controller`) and the library's path.
pub fn build(root: &Path) -> (PathBuf, PathBuf) {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let sources = files_with_extension(&root.join("src/cpp"), "cpp");
    let headers: Vec<(&str, Vec<PathBuf>)> = CPP_HEADER_FOLDERS
        .iter()
        .map(|folder| (*folder, files_with_extension(&root.join("include/webots").join(folder), "hpp")))
        .collect();
    for path in sources.iter().chain(headers.iter().flat_map(|(_, files)| files)) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rerun-if-changed=src/cpp");

    let include = out.join("include/controller");
    for folder in C_HEADER_FOLDERS {
        stage(
            &files_with_extension(&root.join("include/webots").join(folder), "h"),
            &include.join("c/webots").join(folder),
        );
    }
    for (folder, files) in &headers {
        stage(files, &include.join("cpp/webots").join(folder));
    }

    let objects = cc::Build::new()
        .cpp(true)
        .pic(true)
        .cargo_metadata(false)
        .std("c++17")
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .include(include.join("cpp"))
        .include(include.join("c"))
        .files(&sources)
        .compile_intermediates();

    let stub_dir = out.join("link-stub");
    fs::create_dir_all(&stub_dir).expect("OUT_DIR is writable");
    let stub_source = stub_dir.join("empty.c");
    fs::write(&stub_source, "").expect("OUT_DIR is writable");
    let compiler = cc::Build::new().cargo_metadata(false).get_compiler();
    run(compiler
        .to_command()
        .args(["-shared", "-Wl,-soname,libController.so", "-o"])
        .arg(stub_dir.join("libController.so"))
        .arg(&stub_source));

    let library = out.join("libCppController.so");
    let linker = cc::Build::new().cpp(true).cargo_metadata(false).get_compiler();
    run(linker
        .to_command()
        .args(["-shared", "-Wl,-soname,libCppController.so", "-Wl,-rpath,$ORIGIN", "-o"])
        .arg(&library)
        .args(&objects)
        .arg(format!("-L{}", stub_dir.display()))
        .args(["-Wl,--no-as-needed", "-lController"]));

    // OUT_DIR is target/<profile>/build/<package>-<hash>/out
    if let Some(profile_dir) = out.ancestors().nth(3) {
        let dir = profile_dir.join("cpp-api");
        fs::create_dir_all(&dir).expect("target dir is writable");
        let copy = dir.join("libCppController.so");
        let tmp = dir.join(".libCppController.so.tmp");
        fs::copy(&library, &tmp).expect("target dir is writable");
        fs::rename(&tmp, &copy).expect("target dir is writable");
    }
    println!("cargo:rustc-env=WEBOTS_SHIM_CPP_LIB={}", library.display());
    (include, library)
}

fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn stage(files: &[PathBuf], dir: &Path) {
    fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    for file in files {
        let target = dir.join(file.file_name().expect("a file name"));
        if fs::read(file).ok() != fs::read(&target).ok() {
            fs::copy(file, &target).unwrap_or_else(|e| panic!("cannot copy {}: {e}", file.display()));
        }
    }
}

fn run(cmd: &mut Command) {
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        output.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
