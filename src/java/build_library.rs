//! Part of build.rs (not of the crate): builds the Java API from `src/java/generated/` (SWIG's output,
//! committed) and `src/java/handwritten/`: `libJavaController.so` (the JNI glue over libCppController)
//! and `Controller.jar` (the package `com.cyberbotics.webots.controller`), both in
//! `target/<profile>/java-api/`, where `make install` takes them (to `lib/controller/java/`, Webots'
//! place) and the tests find them (`WEBOTS_SHIM_JAVA_API`).
//!
//! It needs a JDK (`jni.h`, `javac`, `jar`): `$JAVA_HOME`, else the one `javac` on PATH belongs to.
//! Without one the rest of the build goes on, with a warning, and the Java API is not built.
//!
//! The library's runpath is `$ORIGIN/..`: installed in `lib/controller/java/`, it finds
//! libCppController.so and libController.so in `lib/controller/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn build(root: &Path, cpp_include: &Path, c_include: &Path, cpp_library: &Path) {
    println!("cargo:rerun-if-changed=src/java/generated");
    println!("cargo:rerun-if-changed=src/java/handwritten");
    println!("cargo:rerun-if-env-changed=JAVA_HOME");
    let Some(jdk) = find_jdk() else {
        println!("cargo:warning=no JDK found (JAVA_HOME, or javac on PATH): the Java API is not built");
        return;
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let generated = root.join("src/java/generated");
    let wrapper = generated.join("JavaController_wrap.cpp");
    println!("cargo:rerun-if-changed={}", wrapper.display());

    let sources: Vec<PathBuf> =
        ["generated", "handwritten"].iter().flat_map(|d| java_files(&root.join("src/java").join(d))).collect();
    for source in &sources {
        println!("cargo:rerun-if-changed={}", source.display());
    }
    let library = out.join("libJavaController.so");
    let jar = out.join("Controller.jar");
    // build.rs runs again whenever the C API or the C++ library changes; the Java API only needs building
    // again when its own inputs (the glue, the Java sources, the headers the glue includes) changed
    let stamp = out.join("java-api.stamp");
    let fingerprint = fingerprint(
        [wrapper.clone()]
            .into_iter()
            .chain(sources.iter().cloned())
            .chain(header_files(cpp_include))
            .chain(header_files(c_include)),
        &jdk,
    );
    let fresh = library.is_file() && jar.is_file() && fs::read_to_string(&stamp).ok() == Some(fingerprint.clone());
    if !fresh {
        let _ = fs::remove_file(&stamp);
        build_library(&out, &wrapper, &jdk, cpp_include, c_include, cpp_library, &library);
        build_jar(&out, &jdk, &sources, &jar);
        fs::write(&stamp, &fingerprint).expect("OUT_DIR is writable");
    }

    // OUT_DIR is target/<profile>/build/<package>-<hash>/out
    if let Some(profile_dir) = out.ancestors().nth(3) {
        let dir = profile_dir.join("java-api");
        fs::create_dir_all(&dir).expect("target dir is writable");
        for file in [&library, &jar] {
            let name = file.file_name().expect("a file name");
            let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
            fs::copy(file, &tmp).expect("target dir is writable");
            fs::rename(&tmp, dir.join(name)).expect("target dir is writable");
        }
        println!("cargo:rustc-env=WEBOTS_SHIM_JAVA_API={}", dir.display());
    }
}

/// A digest of the contents of `files` and the JDK's path.
fn fingerprint(files: impl Iterator<Item = PathBuf>, jdk: &Path) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    jdk.hash(&mut hasher);
    for file in files {
        file.hash(&mut hasher);
        fs::read(&file).unwrap_or_default().hash(&mut hasher);
    }
    format!("{:016x}\n", hasher.finish())
}

/// The headers under `include` (its `webots/` folder and sub-folders).
fn header_files(include: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![include.join("webots")];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "h" || e == "hpp") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn build_library(
    out: &Path,
    wrapper: &Path,
    jdk: &Path,
    cpp_include: &Path,
    c_include: &Path,
    cpp_library: &Path,
    library: &Path,
) {
    let objects = cc::Build::new()
        .cpp(true)
        .pic(true)
        .cargo_metadata(false)
        .std("c++17")
        .warnings(false)
        // SWIG's glue casts between pointers and jlong
        .flag_if_supported("-Wno-strict-aliasing")
        .include(cpp_include)
        .include(c_include)
        .include(jdk.join("include"))
        .include(jdk.join("include/linux"))
        .file(wrapper)
        .compile_intermediates();
    let cpp_dir = cpp_library.parent().expect("libCppController.so has a folder");
    let linker = cc::Build::new().cpp(true).cargo_metadata(false).get_compiler();
    run(linker
        .to_command()
        .args(["-shared", "-Wl,-soname,libJavaController.so", "-Wl,-rpath,$ORIGIN/..", "-o"])
        .arg(library)
        .args(&objects)
        .arg(format!("-L{}", cpp_dir.display()))
        .arg(format!("-L{}", out.join("link-stub").display()))
        .args(["-Wl,--no-as-needed", "-lCppController", "-lController"]));
}

fn build_jar(out: &Path, jdk: &Path, sources: &[PathBuf], jar: &Path) {
    let classes = out.join("java-classes");
    let _ = fs::remove_dir_all(&classes);
    fs::create_dir_all(&classes).expect("OUT_DIR is writable");
    run(Command::new(jdk.join("bin/javac"))
        .args(["--release", "11", "-nowarn", "-Xlint:none", "-encoding", "UTF-8", "-d"])
        .arg(&classes)
        .args(sources));
    run(Command::new(jdk.join("bin/jar")).arg("cf").arg(jar).arg("-C").arg(&classes).arg("."));
}

/// The JDK's folder: `$JAVA_HOME` when it holds one, else the one `javac` on PATH belongs to.
fn find_jdk() -> Option<PathBuf> {
    let is_jdk = |d: &Path| d.join("include/jni.h").is_file() && d.join("bin/javac").is_file();
    if let Some(home) = std::env::var_os("JAVA_HOME").map(PathBuf::from).filter(|h| is_jdk(h)) {
        return Some(home);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("javac"))
        .find(|j| j.is_file())
        .and_then(|j| fs::canonicalize(j).ok())
        .and_then(|j| j.parent()?.parent().map(Path::to_path_buf))
        .filter(|d| is_jdk(d))
}

fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display())) {
            let path = entry.expect("a readable folder").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "java") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
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
