//! Command line of the `webots-shim` binary.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};

use super::console::Style;
use super::default_load_options;
use super::guard;
use super::outcome::{ControllerReport, Outcome, RunReport};
use super::serve::{RunOptions, Server};
use super::suite::case::ReportFile;
use super::suite::manifest::{self, ManifestOptions, RunSpec};
use super::suite::merge::{self, MergeOptions};
use super::suite::shard::{self, Shard};
use super::suite::{self, SuiteOptions};
use crate::world::record::RecordOptions;
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
        /// Where to write the run's report as JSON (used by `test`).
        #[arg(long, value_name = "FILE", hide = true)]
        report: Option<PathBuf>,
        /// End the run (as SIGTERM would) when the process PID, our parent, dies (used by `test`).
        #[arg(long, value_name = "PID", hide = true)]
        parent_pid: Option<i32>,
        /// Write the run's watchdog instructions to FILE rather than start a watchdog (used by `test`,
        /// which watches its runs itself; see guard.rs).
        #[arg(long, value_name = "FILE", hide = true)]
        guard_file: Option<PathBuf>,
        /// Serve in this folder, made beforehand (used by `test`, which reuses it; see suite/slots.rs).
        #[arg(long, value_name = "DIR", hide = true)]
        socket_folder: Option<PathBuf>,
        /// Write the controllers' lines as they arrive, rather than ordered by step then robot
        /// (the default, the same from run to run).
        #[arg(long)]
        live_output: bool,
        /// Serve extern controllers over TCP too (tcp://ADDR:PORT/ROBOT), on this address of the run's port.
        #[arg(long, value_name = "ADDR")]
        tcp_bind: Option<std::net::IpAddr>,
        /// When an <extern> robot's controller leaves, wait for the next one as Webots does (holding
        /// simulated time if the robot is synchronous); the run then ends only at --until, a
        /// supervisor's quit or an interrupt.
        #[arg(long)]
        keep_extern: bool,
        /// Record the run into FILE.html: one self-contained page replaying it (written at the end,
        /// whatever the end).
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// A device value the replay plots: ROBOT/DEVICE:QUANTITY (position, value, x, y or z); repeat
        /// for more (default: the motors' positions and the distance sensors' values).
        #[arg(long, value_name = "SPEC", requires = "record")]
        record_plot: Vec<String>,
        /// Record the distance sensors' rays too (a line from each sensor to what it measured).
        #[arg(long, requires = "record")]
        record_rays: bool,
    },
    /// Run worlds as test cases, in parallel: a world passes when every controller in it exits with
    /// status 0 (or a supervisor calls wb_supervisor_simulation_quit(0)). Exit status: 0 when all
    /// pass, 1 when one fails, 2 for a bad command line, shard or manifest (nothing runs).
    Test {
        /// The .wbt world files.
        #[arg(required_unless_present = "manifest", conflicts_with = "manifest")]
        worlds: Vec<PathBuf>,
        /// Run the runs of this JSON Lines file instead: one per line, {"world": ..., "id": ...,
        /// "seed": N, "until": SECONDS, "env": {"NAME": "value"}}, only "world" required.
        #[arg(long, value_name = "FILE")]
        manifest: Option<PathBuf>,
        /// Run shard I of N (1 <= I <= N) of the worlds or runs; without it, the shard comes from the
        /// environment of Slurm arrays, Kubernetes indexed jobs (with --shard-count) and CI parallel jobs.
        #[arg(long, value_name = "I/N", value_parser = |s: &str| s.parse::<Shard>())]
        shard: Option<Shard>,
        /// The number of shards of a Kubernetes indexed job (its completions), which gives the index in
        /// JOB_COMPLETION_INDEX.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "shard")]
        shard_count: Option<u32>,
        /// Write one result file (JSON) per run into DIR, for `webots-shim merge`.
        #[arg(long, value_name = "DIR")]
        json: Option<PathBuf>,
        /// Worlds run at once, each in its own process (default: the number of cores).
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
        /// Write a JUnit XML report (one testsuite, one testcase per world) to FILE.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
        /// End each world at this simulated time (seconds): wb_robot_step then returns -1 (a manifest
        /// run's own "until" comes first).
        #[arg(long, value_name = "SECONDS")]
        until: Option<f64>,
        /// Kill a controller that does not come back to wb_robot_step within this wall-clock time.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        step_timeout: f64,
        /// Record every run and keep the replay (one HTML page) of each failing one in DIR, named in
        /// the summary and the JUnit report.
        #[arg(long, value_name = "DIR")]
        record_failures: Option<PathBuf>,
        /// With --record-failures: keep the replays of the passing runs too.
        #[arg(long, requires = "record_failures")]
        record_all: bool,
    },
    /// Write a manifest for `test --manifest`: one run per world and seed, as JSON Lines.
    Manifest {
        /// The .wbt world files.
        #[arg(required = true)]
        worlds: Vec<PathBuf>,
        /// Seeds, each a run of every world: e.g. 1-100 or 1,5,10-12 (ranges inclusive).
        #[arg(long, value_name = "LIST")]
        seeds: Option<String>,
        /// Every run's end, in simulated seconds.
        #[arg(long, value_name = "SECONDS")]
        until: Option<f64>,
        /// A variable every run's controllers get (repeat for more).
        #[arg(long, value_name = "NAME=VALUE")]
        env: Vec<String>,
        /// Write to FILE instead of the standard output.
        #[arg(long, short = 'o', value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Merge result files (`test --json`) and JUnit reports of many shards into one summary and one
    /// JUnit report. Exit status: 0 when every run of every shard reported and passed, 1 otherwise.
    Merge {
        /// Result files, JUnit files, and folders holding result files.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// Write the merged JUnit XML report to FILE.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
    },
    /// The run's watchdog (see guard.rs).
    #[command(name = guard::SUBCOMMAND, hide = true)]
    Guard { dir: PathBuf },
}

/// Runs the command line; returns the process exit status.
pub fn main() -> i32 {
    // the watchdog starts with every run: it skips the command line's parser
    let mut args = std::env::args_os().skip(1);
    if let (Some(sub), Some(dir), None) = (args.next(), args.next(), args.next()) {
        if sub == guard::SUBCOMMAND {
            return guard::main(dir.into());
        }
    }
    let cli = Cli::parse();
    // a large world needs many open files: take all the system allows
    super::limits::raise_open_files();
    match cli.command {
        Command::Run {
            world,
            until,
            step_timeout,
            seed,
            report,
            parent_pid,
            guard_file,
            socket_folder,
            live_output,
            keep_extern,
            tcp_bind,
            record,
            record_plot,
            record_rays,
        } => {
            if let Some(pid) = parent_pid {
                // SIGTERM ends the run cleanly; the check after it closes the race with an early death
                let _ = nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGTERM);
                if nix::unistd::getppid().as_raw() != pid {
                    return 1;
                }
            }
            let settings = RunSettings {
                report: report.as_deref(),
                live_output,
                keep_extern,
                tcp: tcp_bind,
                record: record.map(|path| RecordOptions {
                    path,
                    plots: record_plot,
                    by_supervisor: false,
                    rays: record_rays,
                }),
                guard_file: guard_file.as_deref(),
                socket_folder: socket_folder.as_deref(),
                ..RunSettings::new(until, step_timeout, seed)
            };
            run(&world, &settings)
        }
        Command::Test {
            worlds,
            manifest,
            shard,
            shard_count,
            json,
            jobs,
            junit,
            until,
            step_timeout,
            record_failures,
            record_all,
        } => {
            if let Err(e) = check_times(until, step_timeout) {
                eprintln!("webots-shim: {e}");
                return 2;
            }
            let (runs, noun) = match &manifest {
                Some(path) => match manifest::read(path) {
                    Ok(runs) => (runs, "run"),
                    Err(errors) => {
                        for e in errors {
                            eprintln!("webots-shim: {e}");
                        }
                        return 2;
                    }
                },
                None => (worlds.into_iter().map(RunSpec::world).collect(), "world"),
            };
            let chosen = match shard {
                Some(shard) => Some((shard, format!("--shard {shard}"))),
                None => match shard::from_env(|v| std::env::var(v).ok(), shard_count.map(|n| n as usize)) {
                    Ok(found) => found,
                    Err(e) => {
                        eprintln!("webots-shim: {e}");
                        return 2;
                    }
                },
            };
            let total = runs.len();
            let (runs, tag) = suite::select(runs, manifest.is_some(), chosen.as_ref().map_or(Shard::WHOLE, |c| c.0));
            if let Some((shard, source)) = &chosen {
                eprintln!("webots-shim test: shard {shard} ({source}): {} of {total} {noun}(s)", runs.len());
            }
            let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
            set_webots_home();
            let replays = record_failures.map(|dir| (dir, record_all));
            suite::run(&SuiteOptions { runs, jobs, junit, json, until, step_timeout, tag, noun, replays })
        }
        Command::Manifest { worlds, seeds, until, env, output } => write_manifest(worlds, seeds, until, env, output),
        Command::Merge { inputs, junit } => merge::run(&MergeOptions { inputs, junit }),
        Command::Guard { dir } => guard::main(dir),
    }
}

fn check_times(until: Option<f64>, step_timeout: f64) -> Result<(), &'static str> {
    if until.is_some_and(|u| !u.is_finite() || u < 0.0) || !step_timeout.is_finite() || step_timeout <= 0.0 {
        return Err("--until must be >= 0 and --step-timeout > 0 seconds");
    }
    Ok(())
}

fn write_manifest(
    worlds: Vec<PathBuf>,
    seeds: Option<String>,
    until: Option<f64>,
    env: Vec<String>,
    output: Option<PathBuf>,
) -> i32 {
    let options = || -> Result<ManifestOptions, String> {
        check_times(until, 1.0)?;
        let seeds = seeds.as_deref().map(manifest::parse_seeds).transpose()?;
        let env = env
            .iter()
            .map(|pair| {
                let (name, value) = pair.split_once('=').ok_or_else(|| format!("--env {pair}: expected NAME=VALUE"))?;
                Ok((name.to_string(), value.to_string()))
            })
            .collect::<Result<_, String>>()?;
        Ok(ManifestOptions { worlds, seeds, until, env })
    };
    let written = options().and_then(|opts| {
        let mut text = Vec::new();
        manifest::write(&opts, &mut text)?;
        match &output {
            Some(path) => suite::record::write_atomically(path, &text).map_err(|e| format!("{}: {e}", path.display())),
            None => std::io::Write::write_all(&mut std::io::stdout().lock(), &text).map_err(|e| e.to_string()),
        }
    });
    match written {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("webots-shim: {e}");
            2
        }
    }
}

/// What `webots-shim run` (or `webots`) was asked for, besides the world.
pub struct RunSettings<'a> {
    pub until: Option<f64>,
    pub step_timeout: f64,
    pub seed: Option<i32>,
    pub report: Option<&'a Path>,
    pub live_output: bool,
    pub keep_extern: bool,
    pub style: Style,
    pub extern_urls: bool,
    pub port: Option<u16>,
    /// The simulation mode to start in (`WB_SUPERVISOR_SIMULATION_MODE_*`), when not fast.
    pub mode: Option<i32>,
    /// Serve extern controllers over TCP on this address.
    pub tcp: Option<std::net::IpAddr>,
    /// Record the run into a replay page.
    pub record: Option<RecordOptions>,
    /// Where the run's watchdog instructions go, rather than to a watchdog process (`run --guard-file`).
    pub guard_file: Option<&'a Path>,
    /// The run's folder, made beforehand (`run --socket-folder`).
    pub socket_folder: Option<&'a Path>,
}

impl RunSettings<'_> {
    pub fn new(until: Option<f64>, step_timeout: f64, seed: Option<i32>) -> RunSettings<'static> {
        RunSettings {
            until,
            step_timeout,
            seed,
            report: None,
            live_output: false,
            keep_extern: false,
            style: Style::Shim,
            extern_urls: false,
            port: None,
            mode: None,
            tcp: None,
            record: None,
            guard_file: None,
            socket_folder: None,
        }
    }
}

/// How `run_world` says things: webots-shim's way, or Webots' console (warnings with `--stderr` only,
/// errors always).
fn say(style: Style, level: &str, message: &str) {
    match style {
        Style::Shim => eprintln!("webots-shim: {}{message}", if level == "WARNING" { "warning: " } else { "" }),
        Style::Webots { stderr, .. } => {
            if level != "WARNING" || stderr {
                eprintln!("{level}: {message}");
            }
        }
    }
}

/// Runs the world at `world_path`; returns the exit status (and the report, when it ran).
pub fn run_world(world_path: &Path, settings: &RunSettings) -> (i32, Option<RunReport>) {
    let RunSettings { until, step_timeout, report, style, .. } = *settings;
    if let Err(e) = check_times(until, step_timeout) {
        say(style, "ERROR", e);
        return (2, None);
    }
    set_webots_home();
    let name = world_path.file_name().map_or_else(|| world_path.display().to_string(), |n| n.to_string_lossy().into());
    let served = super::panic_report::guard(&name, || load_and_serve(world_path, settings));
    // what templates wrote goes with the run (an interrupted run ends here too)
    crate::world::scene::remove_template_folder();
    let run_report = match served {
        Ok(Ok(r)) => r,
        Ok(Err(status)) => return (status, None),
        Err(why) => {
            let (_, time_ms) = crate::world::progress::last();
            RunReport {
                controllers: vec![ControllerReport {
                    robot: "(world)".into(),
                    outcome: Outcome::WorldFailed(why),
                    after_quit: false,
                }],
                time_s: time_ms / 1000.0,
                interrupted: false,
                supervisor_quit: None,
            }
        }
    };
    let file = ReportFile { report: run_report, peak_rss_bytes: peak_rss_bytes() };
    if let Some(path) = report {
        if let Err(e) = write_report(path, &file) {
            eprintln!("webots-shim: cannot write the report {}: {e}", path.display());
        }
    }
    let run_report = file.report;
    if style != Style::Shim {
        return (run_report.exit_status(), Some(run_report));
    }
    // the controllers held against the run (after a quit(0), not those still running at the quit)
    let failed: Vec<_> = run_report.failures().into_iter().filter(|f| f.robot.is_some()).collect();
    let quit = run_report.supervisor_quit.map(|s| format!(", a supervisor quit with status {s}")).unwrap_or_default();
    eprintln!(
        "webots-shim: run ended at {:.3} s{quit}: {} controller(s), {} failed{}",
        run_report.time_s,
        run_report.controllers.len(),
        failed.len(),
        if failed.is_empty() {
            String::new()
        } else {
            format!(" ({})", failed.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("; "))
        }
    );
    (run_report.exit_status(), Some(run_report))
}

fn run(world_path: &Path, settings: &RunSettings) -> i32 {
    run_world(world_path, settings).0
}

/// Loads the world and serves its run: the run's report, or the exit status of a run that could not start.
fn load_and_serve(world_path: &Path, settings: &RunSettings) -> Result<RunReport, i32> {
    let RunSettings {
        until, step_timeout, seed, live_output, keep_extern, style, extern_urls, port, mode, tcp, ..
    } = *settings;
    let mut world = match World::load(world_path, &default_load_options()) {
        Ok(w) => w,
        Err(e) => {
            say(style, "ERROR", &format!("cannot load the world: {e}"));
            return Err(1);
        }
    };
    for warning in world.scene().warnings.iter().chain(world.warnings()) {
        say(style, "WARNING", &warning.to_string());
    }
    if let Some(seed) = seed {
        world.set_seed(seed);
    }
    if let Some(mode) = mode {
        world.set_mode(mode);
    }
    if let Some(options) = &settings.record {
        if let Err(e) = world.start_recording(options.clone()) {
            say(style, "ERROR", &e);
            return Err(2);
        }
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
        guard_program: std::env::current_exe().ok(),
        guard_file: settings.guard_file.map(Path::to_path_buf),
        socket_folder: settings.socket_folder.map(Path::to_path_buf),
        seed,
        live_output,
        keep_extern,
        style,
        extern_urls,
        port,
        tcp,
    };
    let server = match Server::new(world, opts) {
        Ok(s) => s,
        Err(e) => {
            say(style, "ERROR", &format!("cannot open the run's socket: {e}"));
            return Err(1);
        }
    };
    Ok(server.run())
}

/// The largest resident set of this process and of the children it waited for (every controller, by
/// the time the run reports), in bytes.
fn peak_rss_bytes() -> Option<u64> {
    use nix::sys::resource::{getrusage, UsageWho};
    let own = getrusage(UsageWho::RUSAGE_SELF).ok()?.max_rss();
    let children = getrusage(UsageWho::RUSAGE_CHILDREN).ok()?.max_rss();
    // Linux counts in kibibytes
    u64::try_from(own.max(children)).ok().map(|kib| kib * 1024)
}

fn write_report(path: &Path, report: &ReportFile) -> std::io::Result<()> {
    let text = serde_json::to_vec(report).map_err(std::io::Error::other)?;
    suite::record::write_atomically(path, &text)
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
