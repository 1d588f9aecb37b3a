//! `webots`: Webots' own command line over the runner, so that a CI job, a launch file or
//! pytest-webots that starts `$WEBOTS_HOME/webots --batch --mode=fast --stdout --stderr ... world.wbt`
//! runs the world headless with no change. The run follows Webots' rules (extern robots take
//! controllers as long as the run lasts; it ends at a supervisor's quit, whose status is the exit
//! status, or when nothing is left that could run) and writes Webots' console (`console::Style`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;

use super::cli::{run_world, RunSettings};
use super::console::Style;
use super::outcome::RunReport;
use crate::world::sim::{MODE_FAST, MODE_PAUSE, MODE_REAL_TIME};

/// The Webots release whose behaviour this reproduces.
const WEBOTS_RELEASE: &str = "R2025a";

#[derive(Parser, Debug)]
#[command(
    name = "webots",
    disable_version_flag = true,
    about = "webots-shim's headless stand-in for Webots: runs a world and its controllers with no GUI"
)]
struct WebotsCli {
    /// The .wbt world file to open.
    world: Option<PathBuf>,
    /// Display version information and exit.
    #[arg(long)]
    version: bool,
    /// Display information about the system and exit.
    #[arg(long)]
    sysinfo: bool,
    /// The startup mode: pause (time waits until a supervisor sets another mode), realtime or fast (run
    /// is taken as fast).
    #[arg(long, value_name = "MODE")]
    mode: Option<String>,
    /// Accepted: nothing is rendered headless.
    #[arg(long)]
    no_rendering: bool,
    /// Accepted: there is no window.
    #[arg(long)]
    fullscreen: bool,
    /// Accepted: there is no window.
    #[arg(long)]
    minimize: bool,
    /// Accepted: there are no pop-up windows.
    #[arg(long)]
    batch: bool,
    /// Write the controllers' stdout (and Webots' INFO lines) on this program's stdout.
    #[arg(long)]
    stdout: bool,
    /// Write the controllers' stderr on this program's stderr.
    #[arg(long)]
    stderr: bool,
    /// The first port of the run (1234 by default); a busy one is passed over, as Webots does.
    #[arg(long, value_name = "PORT")]
    port: Option<u16>,
    /// Not supported headless (there is no 3D view to stream): ignored with a warning.
    #[arg(long, value_name = "MODE", num_args = 0..=1, require_equals = true, default_missing_value = "x3d")]
    stream: Option<String>,
    /// Print each extern robot's URL alone on a line of stdout when it starts waiting.
    #[arg(long)]
    extern_urls: bool,
    /// Not supported: ignored with a warning.
    #[arg(long, value_name = "MS", num_args = 0..=1, require_equals = true, default_missing_value = "1000")]
    heartbeat: Option<String>,
    /// Write the run's performance (steps, simulated and wall time, real-time factor) to FILE at its end.
    #[arg(long, value_name = "FILE[,STEPS]")]
    log_performance: Option<String>,
    /// webots-shim's own: the address extern controllers reach over TCP (loopback by default: nothing
    /// from elsewhere drives a robot unless asked).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    tcp_bind: std::net::IpAddr,
    /// webots-shim's own: end the run at this simulated time (seconds).
    #[arg(long, value_name = "SECONDS")]
    until: Option<f64>,
}

/// The version line: Webots' release, and that it is webots-shim.
fn version_line() -> String {
    format!("Webots version: {WEBOTS_RELEASE} (webots-shim {}, headless)", env!("CARGO_PKG_VERSION"))
}

fn sysinfo() -> String {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let uname = nix::sys::utsname::uname().ok();
    let system = uname.map_or_else(
        || "unknown".to_string(),
        |u| {
            format!(
                "{} {} {}",
                u.sysname().to_string_lossy(),
                u.release().to_string_lossy(),
                u.machine().to_string_lossy()
            )
        },
    );
    format!(
        "System: {system}\nProcessor cores: {cpus}\nOpenGL: none (webots-shim renders nothing)\n{}\n",
        version_line()
    )
}

/// The mode `--mode` names, or why it cannot be had.
fn mode(name: Option<&str>) -> Result<i32, String> {
    match name.unwrap_or("fast") {
        "fast" | "run" => Ok(MODE_FAST),
        "realtime" => Ok(MODE_REAL_TIME),
        "pause" => Ok(MODE_PAUSE),
        other => Err(format!("invalid mode '{other}': it must be pause, realtime or fast")),
    }
}

/// `--log-performance=FILE[,STEPS]`: the file and the steps to log (all when not given).
fn log_target(value: &str) -> Result<(PathBuf, Option<u64>), String> {
    match value.rsplit_once(',') {
        Some((file, steps)) => steps
            .parse::<u64>()
            .map(|n| (PathBuf::from(file), Some(n)))
            .map_err(|_| format!("--log-performance: '{steps}' is not a number of steps")),
        None => Ok((PathBuf::from(value), None)),
    }
}

fn write_performance(path: &Path, report: &RunReport, wall_s: f64, steps: Option<u64>, with_sysinfo: bool) {
    let mut text = if with_sysinfo { sysinfo() } else { String::new() };
    let factor = if wall_s > 0.0 { report.time_s / wall_s } else { 0.0 };
    text.push_str(&format!(
        "simulated time: {:.3} s\nwall time: {wall_s:.3} s\nreal-time factor: {factor:.2}\n",
        report.time_s
    ));
    if let Some(steps) = steps {
        text.push_str(&format!("steps asked to log: {steps} (webots-shim logs the whole run)\n"));
    }
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("ERROR: cannot write the performance log {}: {e}", path.display());
    }
}

/// Runs `webots ARGS`; returns the exit status.
pub fn main(args: Vec<OsString>) -> i32 {
    if args.get(1).is_some_and(|a| a == "convert") {
        eprintln!("ERROR: 'webots convert' is not supported by webots-shim (it exports no PROTO files).");
        return 1;
    }
    let cli = match WebotsCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    if cli.version {
        println!("{}", version_line());
        return 0;
    }
    if cli.sysinfo && cli.world.is_none() {
        print!("{}", sysinfo());
        return 0;
    }
    let mode = match mode(cli.mode.as_deref()) {
        Ok(m) => m,
        Err(why) => {
            eprintln!("ERROR: {why}.");
            return 1;
        }
    };
    if cli.stream.is_some() {
        eprintln!("WARNING: --stream is not supported headless (there is no 3D view to stream): ignored.");
    }
    if cli.heartbeat.is_some() {
        eprintln!("WARNING: --heartbeat is not supported by webots-shim: ignored.");
    }
    let log = match cli.log_performance.as_deref().map(log_target).transpose() {
        Ok(log) => log,
        Err(why) => {
            eprintln!("ERROR: {why}");
            return 1;
        }
    };
    let Some(world) = cli.world else {
        eprintln!(
            "ERROR: no world file given (webots-shim does not reopen the last world): webots [options] WORLD.wbt"
        );
        return 1;
    };
    let settings = RunSettings {
        keep_extern: true,
        style: Style::Webots { stdout: cli.stdout, stderr: cli.stderr },
        extern_urls: cli.extern_urls,
        port: cli.port,
        mode: Some(mode),
        tcp: Some(cli.tcp_bind),
        ..RunSettings::new(cli.until, 10.0, None)
    };
    let start = Instant::now();
    let (status, report) = run_world(&world, &settings);
    if let (Some((path, steps)), Some(report)) = (log, report.as_ref()) {
        write_performance(&path, report, start.elapsed().as_secs_f64(), steps, cli.sysinfo);
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_as_webots_names_them() {
        assert_eq!(mode(None), Ok(MODE_FAST));
        assert_eq!(mode(Some("run")), Ok(MODE_FAST));
        assert_eq!(mode(Some("realtime")), Ok(MODE_REAL_TIME));
        assert_eq!(mode(Some("pause")), Ok(MODE_PAUSE));
        assert!(mode(Some("slow")).unwrap_err().contains("pause, realtime or fast"));
    }

    #[test]
    fn webots_options_parse_in_both_spellings() {
        let cli = WebotsCli::try_parse_from([
            "webots",
            "--batch",
            "--mode=fast",
            "--stdout",
            "--stderr",
            "--port=1240",
            "--extern-urls",
            "--no-rendering",
            "--minimize",
            "--stream",
            "--heartbeat=500",
            "w.wbt",
        ])
        .unwrap();
        assert_eq!(cli.mode.as_deref(), Some("fast"));
        assert_eq!(cli.port, Some(1240));
        assert_eq!(cli.stream.as_deref(), Some("x3d"));
        assert_eq!(cli.heartbeat.as_deref(), Some("500"));
        assert!(cli.stdout && cli.stderr && cli.extern_urls && cli.batch);
        assert_eq!(cli.world, Some(PathBuf::from("w.wbt")));
        let spaced = WebotsCli::try_parse_from(["webots", "--mode", "realtime", "w.wbt"]).unwrap();
        assert_eq!(spaced.mode.as_deref(), Some("realtime"));
    }

    #[test]
    fn performance_log_targets() {
        assert_eq!(log_target("perf.txt"), Ok((PathBuf::from("perf.txt"), None)));
        assert_eq!(log_target("perf.txt,100"), Ok((PathBuf::from("perf.txt"), Some(100))));
        assert!(log_target("perf.txt,many").is_err());
    }
}
