//! The process-wide controller behind the C ABI. Like Webots, every API call takes one recursive
//! lock, so controllers may call the API from several threads (`wb_robot_task_new`).

use std::cell::RefCell;

use once_cell::sync::Lazy;
use parking_lot::ReentrantMutex;

use super::Controller;

static CONTROLLER: Lazy<ReentrantMutex<RefCell<Option<Controller>>>> =
    Lazy::new(|| ReentrantMutex::new(RefCell::new(None)));

/// Runs `f` on the controller, or returns `None` before `wb_robot_init` (and after cleanup).
pub fn with<R>(f: impl FnOnce(&mut Controller) -> R) -> Option<R> {
    let guard = CONTROLLER.lock();
    let mut cell = guard.try_borrow_mut().ok()?;
    cell.as_mut().map(f)
}

pub fn is_initialized() -> bool {
    let guard = CONTROLLER.lock();
    let initialized = guard.try_borrow().map(|c| c.is_some()).unwrap_or(true);
    initialized
}

pub fn install(controller: Controller) {
    let guard = CONTROLLER.lock();
    *guard.borrow_mut() = Some(controller);
}

pub fn take() -> Option<Controller> {
    let guard = CONTROLLER.lock();
    let taken = guard.borrow_mut().take();
    taken
}
