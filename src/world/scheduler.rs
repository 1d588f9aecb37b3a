//! Lockstep bookkeeping: which controllers are computing, which wait for simulated time to pass,
//! and who is answered after each basic step. Pure logic, shared by the runner and the in-process link.

/// Where one robot's controller stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Slot {
    /// No controller (yet): the world does not wait for it.
    Idle,
    /// Answered; the controller computes until its next request. The world waits for it.
    Running,
    /// Sent a request; answered once simulated time reaches `due_ms`.
    Waiting { due_ms: f64 },
}

#[derive(Clone, Debug)]
pub struct Scheduler {
    time_ms: f64,
    step_ms: f64,
    slots: Vec<Slot>,
    /// Per robot: its `synchronization` field. Only a synchronous controller that computes holds time
    /// (Webots' rule); an asynchronous one is answered when its time comes, computing or not.
    synchronous: Vec<bool>,
}

/// Simulated times are sums of the basic step; this absorbs rounding when it is not an integer.
const EPSILON_MS: f64 = 1e-9;

impl Scheduler {
    pub fn new(robot_count: usize, basic_time_step_ms: f64) -> Self {
        Scheduler {
            time_ms: 0.0,
            step_ms: basic_time_step_ms,
            slots: vec![Slot::Idle; robot_count],
            synchronous: vec![true; robot_count],
        }
    }

    pub fn time_ms(&self) -> f64 {
        self.time_ms
    }

    /// The time the next basic step ends at.
    pub fn next_time_ms(&self) -> f64 {
        self.time_ms + self.step_ms
    }

    /// A robot added to the world (a supervisor's import): idle until its controller connects.
    pub fn add_robot(&mut self) {
        self.slots.push(Slot::Idle);
        self.synchronous.push(true);
    }

    /// Whether the world waits for this robot's controller while it computes.
    pub fn set_synchronous(&mut self, robot: usize, synchronous: bool) {
        self.synchronous[robot] = synchronous;
    }

    pub fn is_synchronous(&self, robot: usize) -> bool {
        self.synchronous[robot]
    }

    pub fn slot(&self, robot: usize) -> Slot {
        self.slots[robot]
    }

    /// A controller connected (or was answered out of band) and now computes.
    pub fn set_running(&mut self, robot: usize) {
        self.slots[robot] = Slot::Running;
    }

    /// The controller left: the world stops waiting for it.
    pub fn set_idle(&mut self, robot: usize) {
        self.slots[robot] = Slot::Idle;
    }

    /// A step request of `duration_ms`. Returns true when it must be answered at once (duration 0).
    pub fn request(&mut self, robot: usize, duration_ms: u32) -> bool {
        if duration_ms == 0 {
            self.slots[robot] = Slot::Running;
            return true;
        }
        self.slots[robot] = Slot::Waiting { due_ms: self.time_ms + f64::from(duration_ms) };
        false
    }

    /// Time may advance when no synchronous controller is computing and somebody waits.
    pub fn ready_to_advance(&self) -> bool {
        let computing = self.slots.iter().zip(&self.synchronous).any(|(s, sync)| *sync && *s == Slot::Running);
        !computing && self.slots.iter().any(|s| matches!(s, Slot::Waiting { .. }))
    }

    /// Advances by one basic step; returns the robots whose requested duration has elapsed, in world
    /// order, and marks them running.
    pub fn advance(&mut self) -> Vec<usize> {
        let mut due = Vec::new();
        self.advance_into(&mut due);
        due
    }

    /// `advance`, appending the robots to answer to `due`.
    pub fn advance_into(&mut self, due: &mut Vec<usize>) {
        self.time_ms += self.step_ms;
        let now = self.time_ms;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            if let Slot::Waiting { due_ms } = *slot {
                if now + EPSILON_MS >= due_ms {
                    *slot = Slot::Running;
                    due.push(i);
                }
            }
        }
    }

    /// The world went back to time 0 (`simulation_reset`): waiting robots keep what remains of their step.
    pub fn rebase(&mut self) {
        let old = self.time_ms;
        self.time_ms = 0.0;
        for slot in &mut self.slots {
            if let Slot::Waiting { due_ms } = slot {
                *due_ms -= old;
            }
        }
    }

    /// Robots currently waiting for time to pass.
    pub fn waiting(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots.iter().enumerate().filter(|(_, s)| matches!(s, Slot::Waiting { .. })).map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drives controllers that each always request the same duration; returns, per robot, the times at
    /// which it was answered.
    fn run(durations: &[u32], basic: f64, until_ms: f64) -> Vec<Vec<f64>> {
        let mut s = Scheduler::new(durations.len(), basic);
        let mut answers = vec![Vec::new(); durations.len()];
        for (i, d) in durations.iter().enumerate() {
            s.request(i, *d);
        }
        while s.time_ms() < until_ms {
            assert!(s.ready_to_advance());
            for i in s.advance() {
                answers[i].push(s.time_ms());
                s.request(i, durations[i]);
            }
        }
        answers
    }

    #[test]
    fn mixed_step_durations_are_answered_at_their_own_pace() {
        let a = run(&[32, 64, 96], 32.0, 192.0);
        assert_eq!(a[0], vec![32.0, 64.0, 96.0, 128.0, 160.0, 192.0]);
        assert_eq!(a[1], vec![64.0, 128.0, 192.0]);
        assert_eq!(a[2], vec![96.0, 192.0]);
    }

    #[test]
    fn durations_that_are_not_multiples_round_up_to_whole_basic_steps() {
        let a = run(&[40, 16], 32.0, 160.0);
        assert_eq!(a[0], vec![64.0, 128.0]);
        // a request shorter than the basic step still costs one basic step
        assert_eq!(a[1], vec![32.0, 64.0, 96.0, 128.0, 160.0]);
    }

    #[test]
    fn fractional_basic_steps_do_not_drift() {
        let a = run(&[1], 0.1, 10.0);
        assert_eq!(a[0].len(), 10);
        assert!((a[0][9] - 10.0).abs() < 1e-6);
    }

    #[test]
    fn the_world_waits_for_a_computing_controller() {
        let mut s = Scheduler::new(2, 32.0);
        s.request(0, 32);
        s.set_running(1);
        assert!(!s.ready_to_advance());
        assert!(!s.request(1, 32));
        assert!(s.ready_to_advance());
        assert_eq!(s.advance(), vec![0, 1]);
        assert!(!s.ready_to_advance());
    }

    #[test]
    fn an_asynchronous_controller_does_not_hold_time_while_it_computes() {
        let mut s = Scheduler::new(2, 32.0);
        s.set_synchronous(1, false);
        s.request(0, 32);
        s.set_running(1);
        assert!(s.ready_to_advance(), "robot 1 computes, but it is asynchronous");
        assert_eq!(s.advance(), vec![0]);
        // its request counts from the time it is made
        assert!(!s.request(1, 64));
        s.request(0, 32);
        assert_eq!(s.advance(), vec![0]);
        s.request(0, 32);
        assert_eq!(s.advance(), vec![0, 1]);
        assert_eq!(s.time_ms(), 96.0);
        // an asynchronous robot alone, computing: nobody waits, time does not run away
        s.set_idle(0);
        assert!(!s.ready_to_advance());
    }

    #[test]
    fn rebase_keeps_what_remains_of_each_step() {
        let mut s = Scheduler::new(2, 32.0);
        s.request(0, 32);
        s.request(1, 96);
        assert_eq!(s.advance(), vec![0]);
        s.request(0, 32);
        s.rebase();
        assert_eq!(s.time_ms(), 0.0);
        assert_eq!(s.advance(), vec![0]);
        s.request(0, 32);
        assert_eq!(s.advance(), vec![0, 1]);
        assert_eq!(s.time_ms(), 64.0);
    }

    #[test]
    fn zero_duration_is_answered_at_once_and_idle_robots_are_not_waited_for() {
        let mut s = Scheduler::new(3, 32.0);
        assert!(s.request(0, 0));
        assert_eq!(s.slot(0), Slot::Running);
        s.request(0, 32);
        // robots 1 and 2 have no controller
        assert!(s.ready_to_advance());
        assert_eq!(s.advance(), vec![0]);
        s.set_idle(0);
        assert!(!s.ready_to_advance());
    }
}
