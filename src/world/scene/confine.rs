//! Relative paths that must stay inside their root (a PROTO URL under WEBOTS_HOME, a file a template
//! writes): judged on the text, before any file is touched.

use std::path::{Component, Path};

/// `rel` names something inside its root: relative, never climbing above it with `..`, and not the
/// root itself.
pub fn stays_inside(rel: &str) -> bool {
    let mut depth = 0usize;
    for c in Path::new(rel).components() {
        match c {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            Component::RootDir | Component::Prefix(_) => return false,
        }
    }
    depth > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_stays_inside() {
        for ok in ["a.txt", "a/b/../c.proto", "./x", "projects/objects/protos/X.proto"] {
            assert!(stays_inside(ok), "{ok}");
        }
        for bad in ["/etc/passwd", "../x", "a/../../x", "..", ".", "", "./..", "../../etc/X.proto"] {
            assert!(!stays_inside(bad), "{bad}");
        }
    }
}
