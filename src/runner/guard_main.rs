//! `webots-shim-guard DIR`: the run's watchdog (see guard.rs) as a program of its own, a small fraction
//! of `webots-shim`'s size, so that the process every suite and run starts beside itself starts fast.

fn main() {
    let mut args = std::env::args_os().skip(1);
    let status = match (args.next(), args.next()) {
        (Some(dir), None) => webots_shim::runner::guard::main(dir.into()),
        _ => {
            eprintln!("usage: webots-shim-guard DIR (started by webots-shim, not by hand)");
            2
        }
    };
    std::process::exit(status);
}
