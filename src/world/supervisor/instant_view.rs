//! What supervisors read of the scene within one instant. A supervisor that imports, removes or writes
//! at once (a zero-length request) sees its change at once; the others see the scene as it was when
//! their step was answered, and the change at their next step — the outcome Webots' own tests rely on
//! (Webots' library keeps counts and node lists from its step answers). Changes of one instant are
//! applied in world order (`runner/serve/turns.rs`), so what a changer sees is deterministic too.

use crate::world::scene::Scene;

#[derive(Clone, Debug, Default)]
pub(in crate::world) struct InstantView {
    /// The scene before this instant's first immediate change.
    before: Option<Box<Scene>>,
    /// The robots that changed it this instant.
    changers: Vec<usize>,
}

impl InstantView {
    /// `robot` is about to change `scene` at once.
    pub fn before_change(&mut self, scene: &Scene, robot: usize) {
        if self.before.is_none() {
            self.before = Some(Box::new(scene.clone()));
        }
        if !self.changers.contains(&robot) {
            self.changers.push(robot);
        }
    }

    /// The scene `robot` reads: the one before this instant's changes unless it made some.
    pub fn scene_for<'a>(&'a self, live: &'a Scene, robot: usize) -> &'a Scene {
        match &self.before {
            Some(before) if !self.changers.contains(&robot) => before,
            _ => live,
        }
    }

    /// Time passed: every change is everybody's.
    pub fn clear(&mut self) {
        self.before = None;
        self.changers.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    #[test]
    fn the_changers_read_the_live_scene_and_the_others_the_one_before_until_time_passes() {
        let text = "#VRML_SIM R2025a utf8\nWorldInfo { }\nSolid { }\n";
        let mut live = parse_world_str(text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let mut view = InstantView::default();
        assert_eq!(view.scene_for(&live, 1).roots.len(), 2, "nothing changed: the live scene");
        view.before_change(&live, 0);
        live.roots.pop();
        assert_eq!(view.scene_for(&live, 0).roots.len(), 1, "the changer sees its change");
        assert_eq!(view.scene_for(&live, 1).roots.len(), 2, "another robot does not, this instant");
        // a second change keeps the scene of before the first
        view.before_change(&live, 2);
        live.roots.clear();
        assert_eq!(view.scene_for(&live, 1).roots.len(), 2);
        assert_eq!(view.scene_for(&live, 2).roots.len(), 0);
        view.clear();
        assert_eq!(view.scene_for(&live, 1).roots.len(), 0, "time passed: everybody's");
    }
}
