//! The environment a launched controller gets: the runner's own, with the changes Webots makes
//! (robot name, library and Python paths, `runtime.ini`) laid over it in order, so that a later value
//! can refer to an earlier one as `$(NAME)`.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::process::Command;

#[derive(Default)]
pub struct LaunchEnv {
    /// `None`: removed from the controller's environment.
    changes: BTreeMap<OsString, Option<OsString>>,
}

impl LaunchEnv {
    pub fn get(&self, key: &str) -> Option<OsString> {
        match self.changes.get(OsStr::new(key)) {
            Some(value) => value.clone(),
            None => std::env::var_os(key),
        }
    }

    pub fn set(&mut self, key: impl Into<OsString>, value: impl Into<OsString>) {
        self.changes.insert(key.into(), Some(value.into()));
    }

    pub fn remove(&mut self, key: &str) {
        self.changes.insert(key.into(), None);
    }

    /// Puts `dir` first in the path list `key`, unless it is already in it (Webots' rule).
    pub fn prepend_path(&mut self, key: &str, dir: &OsStr) {
        let Some(old) = self.get(key).filter(|v| !v.is_empty()) else {
            self.set(key, dir);
            return;
        };
        if std::env::split_paths(&old).any(|p| p.as_os_str() == dir) {
            return;
        }
        let mut joined = OsString::from(dir);
        joined.push(":");
        joined.push(&old);
        self.set(key, joined);
    }

    pub fn apply_to(&self, cmd: &mut Command) {
        for (key, value) in &self.changes {
            match value {
                Some(v) => cmd.env(key, v),
                None => cmd.env_remove(key),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_lie_over_the_runner_s_environment() {
        let mut env = LaunchEnv::default();
        assert_eq!(env.get("PATH"), std::env::var_os("PATH"));
        env.set("WEBOTS_SHIM_TEST_A", "1");
        assert_eq!(env.get("WEBOTS_SHIM_TEST_A").unwrap(), "1");
        env.remove("PATH");
        assert_eq!(env.get("PATH"), None);
        env.prepend_path("WEBOTS_SHIM_TEST_P", OsStr::new("/b"));
        env.prepend_path("WEBOTS_SHIM_TEST_P", OsStr::new("/a"));
        env.prepend_path("WEBOTS_SHIM_TEST_P", OsStr::new("/b"));
        assert_eq!(env.get("WEBOTS_SHIM_TEST_P").unwrap(), "/a:/b");
    }
}
