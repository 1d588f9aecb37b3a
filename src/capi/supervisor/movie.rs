//! The controller's half of `wb_supervisor_movie_*` (the C functions are in `headless.rs`): the
//! request sent to the world, which films and encodes (world/record/movie.rs), and the status it
//! answers, which Webots' library too asks for at each call.

use std::ffi::CStr;

use crate::controller::Controller;
use crate::protocol::{MovieRequest, Query, QueryAnswer, SceneAnswer, SceneCommand, SceneQuery, SupervisorCommand};

/// The arguments of `wb_supervisor_movie_start_recording`, checked by the caller.
pub(super) struct Start<'a> {
    pub filename: &'a CStr,
    pub width: i32,
    pub height: i32,
    pub quality: i32,
    pub acceleration: i32,
    pub caption: bool,
}

/// Sends the movie to the world; an immediate failure (no encoder, no such folder) is printed.
/// Returns whether the process must leave (the run had ended).
pub(super) fn start(c: &mut Controller, func: &str, args: &Start) -> bool {
    let name = args.filename.to_string_lossy();
    // Webots completes the extension
    let name = if name.ends_with(".mp4") { name.into_owned() } else { format!("{name}.mp4") };
    let path = match std::path::absolute(&name) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("Error: {func}(): {name}: {e}");
            return false;
        }
    };
    let req = MovieRequest {
        path: path.to_string_lossy().into_owned(),
        width: args.width as u32,
        height: args.height as u32,
        quality: args.quality as u32,
        acceleration: args.acceleration as u32,
        caption: args.caption,
    };
    if super::flush(c, func, SupervisorCommand::Scene(SceneCommand::MovieStart(req))) {
        return true;
    }
    let (status, error) = status(c, func);
    if let (Some(why), true) = (error, status > super::headless::WB_SUPERVISOR_MOVIE_SAVING) {
        eprintln!("Error: {func}(): no movie recorded: {why}.");
    }
    false
}

/// The world's movie status (kept as the last known one), and why the last movie failed.
pub(super) fn status(c: &mut Controller, func: &str) -> (i32, Option<String>) {
    match c.query_after_writes(func, Query::Scene(SceneQuery::MovieStatus)) {
        Some(QueryAnswer::Scene(SceneAnswer::Movie { status, error })) => {
            c.supervision.movie_status = status;
            (status, error)
        }
        _ => (c.supervision.movie_status, None),
    }
}
