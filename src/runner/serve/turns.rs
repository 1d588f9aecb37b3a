//! Within one instant, the changes controllers make at once (zero-length steps: a supervisor's import,
//! removal or flushed field writes) are applied in world order: such a request waits until every
//! synchronous controller before it in the world has asked for time to pass (or is gone). What a
//! changing supervisor then reads never depends on which process the OS ran first; the others read the
//! scene of their step's answer (`world/supervisor/instant_view.rs`). A controller that only steps and
//! reads never waits.

use super::{Phase, Server};
use crate::protocol::ToWorld;

impl Server {
    /// Whether `msg` from `robot`'s controller must wait for the controllers before it.
    pub(super) fn waits_its_turn(&self, robot: usize, msg: &ToWorld) -> bool {
        let changes_now = match msg {
            ToWorld::Query(_) => false,
            ToWorld::Step(req) => req.duration_ms == 0 && !req.exiting,
        };
        changes_now && (0..robot).any(|before| self.computes_this_instant(before))
    }

    /// A synchronous controller the world waits for now: connected and computing, or launched and not
    /// yet connected.
    fn computes_this_instant(&self, robot: usize) -> bool {
        let Some(ctl) = self.ctls.get(robot).and_then(Option::as_ref) else { return false };
        match ctl.phase {
            Phase::Connected => self.world.computes_synchronously(robot),
            Phase::Pending => ctl.pending_holds_time(self.opts.keep_extern),
            Phase::Left => false,
        }
    }

    /// Serves the connections that were waiting for their turn, in world order, as far as they may go.
    pub(super) fn serve_waiting_turns(&mut self) {
        if self.waiting_turns.is_empty() {
            return;
        }
        let mut waiting = std::mem::take(&mut self.waiting_turns);
        waiting.sort_by_key(|&idx| self.conns.get(idx).and_then(Option::as_ref).and_then(|c| c.robot));
        for idx in waiting {
            self.service(idx);
        }
    }
}
