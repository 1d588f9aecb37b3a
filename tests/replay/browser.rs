//! A replay page loaded in a real headless browser (Debian's `chromium`, installed by
//! `.ci/ensure-chromium`, which `make test` runs): the page's state as it publishes it in its `#state`
//! element after the fragment (`step=K`, `t=S`) moved its slider, and a screenshot.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The browser program.
fn chromium() -> PathBuf {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let Some(path) = std::env::var_os("PATH")
            .iter()
            .flat_map(std::env::split_paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
        {
            return path;
        }
    }
    panic!("no chromium: install it with .ci/ensure-chromium (make test does)");
}

fn browser(profile: &Path) -> Command {
    let mut cmd = Command::new(chromium());
    cmd.args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr", "--v=0"])
        .arg(format!("--user-data-dir={}", profile.display()));
    cmd
}

fn url(page: &Path, fragment: &str) -> String {
    format!("file://{}#{fragment}", page.canonicalize().expect("the replay exists").display())
}

/// What a loaded page shows: its published state.
pub struct Shown {
    pub state: Value,
}

/// Loads `page#fragment`; fails the test on a JavaScript error (reported by the page or the browser)
/// or a page that did not finish its setup.
pub fn show(page: &Path, fragment: &str) -> Shown {
    show_after(page, fragment, 0)
}

/// `show`, after `ms` milliseconds of the page's (virtual) time ran.
pub fn show_after(page: &Path, fragment: &str, ms: u32) -> Shown {
    let profile = tempfile::tempdir().unwrap();
    let mut cmd = browser(profile.path());
    if ms > 0 {
        cmd.arg(format!("--virtual-time-budget={ms}"));
    }
    let out = cmd.arg("--dump-dom").arg(url(page, fragment)).output().expect("chromium starts");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(dom.contains("data-ready=\"1\""), "the page did not finish its setup:\n{stderr}\n{dom:.3000}");
    assert!(!stderr.contains("Uncaught"), "a JavaScript error:\n{stderr}");
    let start = dom.find("<pre id=\"state\"").expect("a state element");
    let text = &dom[start..];
    let text = &text[text.find('>').unwrap() + 1..text.find("</pre>").unwrap()];
    let text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", "\u{a0}").replace("&amp;", "&");
    let state: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(state["errors"], Value::Array(vec![]), "the page reported errors");
    Shown { state }
}

/// A screenshot of `page#fragment`, `width` x `height` pixels, as RGBA rows.
pub fn screenshot(page: &Path, fragment: &str, (width, height): (u32, u32)) -> (u32, u32, Vec<[u8; 4]>) {
    let profile = tempfile::tempdir().unwrap();
    let shot = profile.path().join("shot.png");
    let out = browser(profile.path())
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(url(page, fragment))
        .output()
        .expect("chromium starts");
    assert!(shot.is_file(), "no screenshot: {}", String::from_utf8_lossy(&out.stderr));
    let mut reader = png::Decoder::new(std::fs::File::open(&shot).unwrap()).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("a screenshot in {other:?}"),
    };
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = buf[..info.buffer_size()].chunks_exact(channels).map(|p| [p[0], p[1], p[2], 255]).collect();
    (info.width, info.height, pixels)
}
