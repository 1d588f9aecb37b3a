//! `webots-shim`: the headless Webots stand-in.

fn main() {
    std::process::exit(webots_shim::runner::cli::main());
}
