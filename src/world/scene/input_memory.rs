//! Allocations whose size a world or PROTO file decides (its bytes, its characters, its tokens and
//! strings) are made fallibly: a file too big for the memory available is a load error naming the
//! file, not an abort of the process (README, Reliability).

use std::io::Read;
use std::path::Path;

use super::error::WorldError;

/// The error for an allocation of `bytes` that failed while loading `file`.
pub(crate) fn too_large(file: &str, bytes: usize) -> WorldError {
    WorldError::new(format!(
        "{file}: too large to load in the memory available (an allocation of {bytes} bytes failed)"
    ))
}

/// Room for `more` elements in `v`, or the load error for `file`.
pub(crate) fn reserve<T>(v: &mut Vec<T>, more: usize, file: &str) -> Result<(), WorldError> {
    v.try_reserve(more).map_err(|_| too_large(file, more.saturating_add(v.len()).saturating_mul(size_of::<T>())))
}

/// Room for `more` bytes in `s`, or the load error for `file`.
pub(crate) fn reserve_str(s: &mut String, more: usize, file: &str) -> Result<(), WorldError> {
    s.try_reserve(more).map_err(|_| too_large(file, more.saturating_add(s.len())))
}

/// A file's bytes, read into a buffer reserved fallibly for its size. `Ok(Err(e))` is an I/O error
/// (for the caller's own message).
pub(crate) fn read_file(path: &Path, file: &str) -> Result<std::io::Result<Vec<u8>>, WorldError> {
    let mut f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => return Ok(Err(e)),
    };
    let size = f.metadata().map(|m| m.len()).unwrap_or(0);
    let mut bytes = Vec::new();
    reserve(&mut bytes, usize::try_from(size).unwrap_or(usize::MAX), file)?;
    Ok(f.read_to_end(&mut bytes).map(|_| bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_reservation_is_an_error_naming_the_file() {
        let mut v: Vec<u64> = Vec::new();
        let e = reserve(&mut v, usize::MAX / 4, "w.wbt").unwrap_err();
        assert!(e.to_string().contains("w.wbt: too large to load in the memory available"), "{e}");
        let mut s = String::new();
        assert!(reserve_str(&mut s, usize::MAX / 2, "w.wbt").is_err());
        assert!(reserve(&mut v, 10, "w.wbt").is_ok() && v.capacity() >= 10);
    }
}
