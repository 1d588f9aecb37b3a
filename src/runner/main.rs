//! `webots-shim`: the headless Webots stand-in. Installed under Webots' own names too, it is
//! `webots` (Webots' command line) or `webots-controller` (Webots' extern controller launcher),
//! chosen by the name it was started as.

use std::ffi::OsString;
use std::path::Path;

fn main() {
    let args: Vec<OsString> = std::env::args_os().collect();
    let name = args.first().and_then(|a| Path::new(a).file_name()).and_then(|n| n.to_str()).unwrap_or("");
    let status = match name {
        "webots" => webots_shim::runner::webots_cmd::main(args),
        "webots-controller" => webots_shim::runner::controller_launcher::main(&args[1..]),
        _ => webots_shim::runner::cli::main(),
    };
    std::process::exit(status);
}
