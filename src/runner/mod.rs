//! The `webots-shim` runner: the Webots stand-in that loads a world, launches its controllers and
//! steps everything in lockstep over a Unix socket.

pub mod cli;
pub mod conn_stream;
pub mod connection;
pub mod console;
pub mod controller_launcher;
pub mod externs;
pub mod guard;
pub mod instance;
pub mod java;
pub mod launch;
pub mod launch_env;
pub mod limits;
pub mod outcome;
pub mod output;
pub mod panic_report;
pub mod python;
pub mod runtime_ini;
pub mod serve;
pub mod suite;
pub mod webots_cmd;

use std::path::PathBuf;

use crate::world::scene::LoadOptions;

/// The home files of this source tree (`src/install/home`: the test-suite PROTOs), found by a build
/// that is not installed.
const SOURCE_HOME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/install/home");

/// Roots for `webots://` URLs: `$WEBOTS_SHIM_PROTO_PATH` (colon-separated), then `$WEBOTS_HOME`, then
/// the source tree's home files when the binary was built from one that is still there.
pub fn default_load_options() -> LoadOptions {
    let mut search_path: Vec<PathBuf> = std::env::var_os("WEBOTS_SHIM_PROTO_PATH")
        .map(|p| std::env::split_paths(&p).filter(|p| !p.as_os_str().is_empty()).collect())
        .unwrap_or_default();
    if let Some(home) = std::env::var_os("WEBOTS_HOME").filter(|h| !h.is_empty()) {
        search_path.push(PathBuf::from(home));
    }
    if std::path::Path::new(SOURCE_HOME).is_dir() {
        search_path.push(PathBuf::from(SOURCE_HOME));
    }
    LoadOptions { search_path, ..LoadOptions::default() }
}
