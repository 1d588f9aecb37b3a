//! The packets with a finite range in reach of each receiver, kept from one step to the next while
//! neither the receivers nor the step's packets moved (the same emitters sending from the same places
//! with the same ranges, in the same order): a static world then skips the grid queries and distance
//! tests. (Packets that reach everywhere are every receiver's: they are not kept per receiver.)

/// What a part's lists were found for: the receivers' pose version and each medium's packet layout
/// (`Outgoing::layout`).
pub(super) type Key = (u64, [u64; 3]);

/// One delivering part's lists, one per receiver.
#[derive(Clone, Debug, Default)]
pub(super) struct ReachCache {
    /// The key of the lists kept (`None`: none are).
    kept: Option<Key>,
    /// The previous step's key: lists are kept once a key held for two steps, so that a world where
    /// something moves every step never pays for keeping them.
    last: Option<Key>,
    /// Per receiver of the part: the medium its list was found for and where it lies in `ids`.
    lists: Vec<Kept>,
    ids: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Kept {
    medium: u32,
    start: u32,
    len: u32,
}

/// No list: the receiver was not listening when the lists were kept.
const NOTHING: Kept = Kept { medium: u32::MAX, start: 0, len: 0 };

/// What a step does with the lists.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Use {
    /// Read them: nothing moved since they were found.
    Read,
    /// Find every list and keep it.
    Keep,
    /// Find every list, keep nothing.
    Pass,
}

impl ReachCache {
    /// Starts a step of a part of `receivers` receivers whose layout is `key`.
    pub fn begin(&mut self, key: Key, receivers: usize) -> Use {
        let last = self.last.replace(key);
        if self.kept == Some(key) {
            return Use::Read;
        }
        if last != Some(key) {
            self.kept = None;
            return Use::Pass;
        }
        self.kept = Some(key);
        self.lists.clear();
        self.lists.resize(receivers, NOTHING);
        self.ids.clear();
        Use::Keep
    }

    /// The list kept for the part's receiver `i` on `medium`, if any.
    #[inline]
    pub fn get(&self, i: usize, medium: usize) -> Option<&[u32]> {
        let k = self.lists.get(i).filter(|k| k.medium as usize == medium)?;
        Some(&self.ids[k.start as usize..(k.start + k.len) as usize])
    }

    /// Keeps `ids` as receiver `i`'s list on `medium`.
    pub fn keep(&mut self, i: usize, medium: usize, ids: &[u32]) {
        if let Some(k) = self.lists.get_mut(i) {
            *k = Kept { medium: medium as u32, start: self.ids.len() as u32, len: ids.len() as u32 };
            self.ids.extend_from_slice(ids);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_kept_once_a_key_holds_and_read_while_it_does() {
        let mut cache = ReachCache::default();
        let (a, b) = ((1, [1, 0, 0]), (1, [2, 0, 0]));
        assert_eq!(cache.begin(a, 3), Use::Pass, "a first step keeps nothing");
        assert_eq!(cache.begin(b, 3), Use::Pass, "nor does a changed layout");
        assert_eq!(cache.begin(b, 3), Use::Keep);
        cache.keep(0, 0, &[4, 5]);
        cache.keep(2, 1, &[]);
        assert_eq!(cache.begin(b, 3), Use::Read);
        assert_eq!(cache.get(0, 0), Some(&[4, 5][..]));
        assert_eq!(cache.get(0, 1), None, "a list found for another medium");
        assert_eq!(cache.get(1, 0), None, "a receiver that was not listening");
        assert_eq!(cache.get(2, 1), Some(&[][..]));
        assert_eq!(cache.get(3, 0), None);
        assert_eq!(cache.begin(a, 3), Use::Pass, "the receivers moved: the lists are gone");
        assert_eq!(cache.begin(b, 3), Use::Pass, "moved back: the layout has to hold again first");
    }
}
