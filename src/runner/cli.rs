//! Command line of the `webots-shim` binary.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};

use super::default_load_options;
use super::serve::{RunOptions, Server};
use crate::world::World;

#[derive(Parser)]
#[command(name = "webots-shim", version, about = "Runs Webots worlds and their controllers headless, in lockstep")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Load a world, launch its robots' controllers and step them until they exit.
    Run {
        /// The .wbt world file.
        world: PathBuf,
        /// End the run at this simulated time (seconds): wb_robot_step then returns -1.
        #[arg(long, value_name = "SECONDS")]
        until: Option<f64>,
        /// Kill a controller that does not come back to wb_robot_step within this wall-clock time.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        step_timeout: f64,
        /// Seed of the devices' noise (default: the world's WorldInfo.randomSeed).
        #[arg(long, value_name = "N")]
        seed: Option<i32>,
    },
}

/// Runs the command line; returns the process exit status.
pub fn main() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Command::Run { world, until, step_timeout, seed } => run(&world, until, step_timeout, seed),
    }
}

fn run(world_path: &Path, until: Option<f64>, step_timeout: f64, seed: Option<i32>) -> i32 {
    if until.is_some_and(|u| !u.is_finite() || u < 0.0) || !step_timeout.is_finite() || step_timeout <= 0.0 {
        eprintln!("webots-shim: --until must be >= 0 and --step-timeout > 0 seconds");
        return 2;
    }
    set_webots_home();
    let mut world = match World::load(world_path, &default_load_options()) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("webots-shim: cannot load the world: {e}");
            return 1;
        }
    };
    for warning in world.scene().warnings.iter().chain(world.warnings()) {
        eprintln!("webots-shim: warning: {warning}");
    }
    if let Some(seed) = seed {
        world.set_seed(seed);
    }
    let interrupt = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        let _ = signal_hook::flag::register(sig, Arc::clone(&interrupt));
    }
    let opts = RunOptions {
        until,
        step_timeout: Duration::from_secs_f64(step_timeout),
        library_dir: library_dir(),
        interrupt,
    };
    let server = match Server::new(world, opts) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("webots-shim: cannot open the run's socket: {e}");
            return 1;
        }
    };
    let report = server.run();
    let failed: Vec<String> = report
        .controllers
        .iter()
        .filter(|c| !c.outcome.is_success())
        .map(|c| format!("'{}' {}", c.robot, c.outcome))
        .collect();
    let quit = report.supervisor_quit.map(|s| format!(", a supervisor quit with status {s}")).unwrap_or_default();
    eprintln!(
        "webots-shim: run ended at {:.3} s{quit}: {} controller(s), {} failed{}",
        report.time_s,
        report.controllers.len(),
        failed.len(),
        if failed.is_empty() { String::new() } else { format!(" ({})", failed.join("; ")) }
    );
    report.exit_status()
}

/// The install prefix when the binary sits in `PREFIX/bin` next to `PREFIX/lib/controller`.
fn install_prefix() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let prefix = exe.parent()?.parent()?;
    prefix.join("lib/controller/libController.so").is_file().then(|| prefix.to_path_buf())
}

/// The folder holding `libController.so`, for controllers built without an rpath.
fn library_dir() -> Option<PathBuf> {
    install_prefix().map(|p| p.join("lib/controller")).or_else(|| {
        let exe = std::env::current_exe().ok()?;
        let dir = exe.parent()?;
        dir.join("libController.so").is_file().then(|| dir.to_path_buf())
    })
}

/// Like Webots, controllers see `WEBOTS_HOME`: the install prefix unless already set.
fn set_webots_home() {
    if std::env::var_os("WEBOTS_HOME").is_none_or(|h| h.is_empty()) {
        if let Some(prefix) = install_prefix() {
            std::env::set_var("WEBOTS_HOME", prefix);
        }
    }
}
