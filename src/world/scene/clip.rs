//! Names as messages show them: a name of any length (a world may hold a 32 MiB robot name) is cut to
//! its first characters and its size, so no message grows with it.

use std::borrow::Cow;

/// Names up to this many bytes are shown whole.
const SHOWN_WHOLE: usize = 80;
/// Characters kept of a longer name.
const KEPT: usize = 40;

/// `name`, or its first characters followed by `…(N bytes)` when it is long.
pub fn clip_name(name: &str) -> Cow<'_, str> {
    if name.len() <= SHOWN_WHOLE {
        return Cow::Borrowed(name);
    }
    let kept: String = name.chars().take(KEPT).collect();
    Cow::Owned(format!("{kept}…({} bytes)", name.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_whole_and_long_ones_are_cut_with_their_size() {
        assert_eq!(clip_name("e-puck"), "e-puck");
        let long = "é".repeat(1 << 20);
        let shown = clip_name(&long);
        assert_eq!(shown, format!("{}…(2097152 bytes)", "é".repeat(40)));
        assert_eq!(clip_name(&"x".repeat(80)), "x".repeat(80));
    }
}
