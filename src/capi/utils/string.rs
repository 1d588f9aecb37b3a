//! `utils/string.h`: the two string helpers robot windows use to parse their messages.

use std::ffi::{c_char, CStr};
use std::ptr;

use crate::capi::c_str_arg;

/// Splits off the first token of `*stringp` ending at one of the `delim` characters that is not escaped
/// by a preceding backslash: the delimiter is overwritten with a NUL, `*stringp` moves past it (to NULL
/// after the last token) and the token is returned; NULL once `*stringp` is NULL.
///
/// # Safety
/// `stringp` is NULL or points to NULL or to a writable NUL-terminated string; `delim` is NULL or a
/// NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wbu_string_strsep(stringp: *mut *mut c_char, delim: *const c_char) -> *mut c_char {
    if stringp.is_null() {
        return ptr::null_mut();
    }
    // SAFETY: `stringp` is non-NULL and readable per the contract.
    let start = unsafe { *stringp };
    if start.is_null() {
        return ptr::null_mut();
    }
    // SAFETY: `delim` is NULL or NUL-terminated per the contract.
    let delims = unsafe { c_str_arg(delim) }.map_or(&[][..], CStr::to_bytes);
    let mut at = start;
    let mut previous = 0u8;
    loop {
        // SAFETY: `at` stays within the NUL-terminated string: the loop stops at its NUL.
        let c = unsafe { *at } as u8;
        if c == 0 {
            // SAFETY: `stringp` is writable per the contract.
            unsafe { *stringp = ptr::null_mut() };
            return start;
        }
        if previous != b'\\' && delims.contains(&c) {
            // SAFETY: `at` points into the writable string, and `at + 1` is at most its NUL.
            unsafe {
                *at = 0;
                *stringp = at.add(1);
            }
            return start;
        }
        previous = c;
        // SAFETY: `c` was not the NUL, so the next byte is still in the string.
        at = unsafe { at.add(1) };
    }
}

/// A new string (to be released with `free`) where every `before` of `value` is replaced by `after`
/// (NULL meaning ""); NULL when `value` or `before` is NULL or `before` is empty.
///
/// # Safety
/// Each argument is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wbu_string_replace(
    value: *mut c_char,
    before: *const c_char,
    after: *const c_char,
) -> *mut c_char {
    // SAFETY: each argument is NULL or NUL-terminated per the contract.
    let (value, before, after) = unsafe { (c_str_arg(value), c_str_arg(before), c_str_arg(after)) };
    let (Some(value), Some(before)) = (value, before.filter(|b| !b.is_empty())) else { return ptr::null_mut() };
    let after = after.map_or(&[][..], CStr::to_bytes);
    let result = replace_all(value.to_bytes(), before.to_bytes(), after);
    // SAFETY: malloc is called with a non-zero size; the copy writes `result.len()` bytes and the NUL
    // into a block of `result.len() + 1` bytes.
    unsafe {
        let out = libc::malloc(result.len() + 1).cast::<c_char>();
        if out.is_null() {
            return out;
        }
        ptr::copy_nonoverlapping(result.as_ptr().cast::<c_char>(), out, result.len());
        *out.add(result.len()) = 0;
        out
    }
}

/// `text` with every non-overlapping `before`, left to right, replaced by `after`.
fn replace_all(text: &[u8], before: &[u8], after: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(before) {
            out.extend_from_slice(after);
            i += before.len();
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_every_occurrence_left_to_right() {
        assert_eq!(replace_all(b"a,b,,c", b",", b"; "), b"a; b; ; c");
        assert_eq!(replace_all(b"aaa", b"aa", b"b"), b"ba");
        assert_eq!(replace_all(b"none", b"x", b"y"), b"none");
        assert_eq!(replace_all(b"cut me", b" me", b""), b"cut");
    }
}
