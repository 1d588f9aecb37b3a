//! `utils/ansi_codes.h`: the terminal escape sequences. The header's macros (`ANSI_RESET`...) are
//! written by build.rs; these are the same strings for the `wb_ANSI_*` data symbols (symbols.rs), and
//! tests/c/data_symbols.c checks that both agree.

use std::ffi::CStr;

pub(crate) const ANSI_RESET: &CStr = c"\x1b[0m";
pub(crate) const ANSI_BOLD: &CStr = c"\x1b[1m";
pub(crate) const ANSI_UNDERLINE: &CStr = c"\x1b[4m";
pub(crate) const ANSI_BLACK_BACKGROUND: &CStr = c"\x1b[40m";
pub(crate) const ANSI_RED_BACKGROUND: &CStr = c"\x1b[41m";
pub(crate) const ANSI_GREEN_BACKGROUND: &CStr = c"\x1b[42m";
pub(crate) const ANSI_YELLOW_BACKGROUND: &CStr = c"\x1b[43m";
pub(crate) const ANSI_BLUE_BACKGROUND: &CStr = c"\x1b[44m";
pub(crate) const ANSI_MAGENTA_BACKGROUND: &CStr = c"\x1b[45m";
pub(crate) const ANSI_CYAN_BACKGROUND: &CStr = c"\x1b[46m";
pub(crate) const ANSI_WHITE_BACKGROUND: &CStr = c"\x1b[47m";
pub(crate) const ANSI_BLACK_FOREGROUND: &CStr = c"\x1b[30m";
pub(crate) const ANSI_RED_FOREGROUND: &CStr = c"\x1b[31m";
pub(crate) const ANSI_GREEN_FOREGROUND: &CStr = c"\x1b[32m";
pub(crate) const ANSI_YELLOW_FOREGROUND: &CStr = c"\x1b[33m";
pub(crate) const ANSI_BLUE_FOREGROUND: &CStr = c"\x1b[34m";
pub(crate) const ANSI_MAGENTA_FOREGROUND: &CStr = c"\x1b[35m";
pub(crate) const ANSI_CYAN_FOREGROUND: &CStr = c"\x1b[36m";
pub(crate) const ANSI_WHITE_FOREGROUND: &CStr = c"\x1b[37m";
pub(crate) const ANSI_CLEAR_SCREEN: &CStr = c"\x1b[2J";
