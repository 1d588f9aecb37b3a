//! Release ordering of `#VRML_SIM` header versions ("R2021b", legacy "V8.6").

/// A comparable key for a header version: `Ryyyyx` → yyyy*100 + letter index (a = 1),
/// `Vm.n` → below every R release; anything unrecognised counts as the newest release.
pub(crate) fn version_key(v: &str) -> u32 {
    if let Some(rest) = v.strip_prefix('R') {
        let year = rest.get(..4).unwrap_or("");
        let letter = rest.get(4..).unwrap_or("");
        if let (Ok(y), Some(l)) = (year.parse::<u32>(), letter.chars().next()) {
            if l.is_ascii_lowercase() && letter.len() == 1 && (1000..10000).contains(&y) {
                return y * 100 + (l as u32 - 'a' as u32 + 1);
            }
        }
        return u32::MAX;
    }
    if let Some(rest) = v.strip_prefix('V') {
        let mut parts = rest.split('.');
        let major = parts.next().and_then(|p| p.parse::<u32>().ok());
        if let Some(m) = major {
            let minor = parts.next().and_then(|p| p.parse::<u32>().ok()).unwrap_or(0);
            return m.min(999) * 1000 + minor.min(999);
        }
    }
    u32::MAX
}

pub(crate) const R2020B: u32 = 2020 * 100 + 2;
pub(crate) const R2022A: u32 = 2022 * 100 + 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordering() {
        assert!(version_key("V8.6") < version_key("R2018a"));
        assert!(version_key("R2020a") < R2020B);
        assert_eq!(version_key("R2020b"), R2020B);
        assert!(version_key("R2021b") < R2022A);
        assert!(version_key("R2022a") >= R2022A);
        assert_eq!(version_key("R2025a"), 2025 * 100 + 1);
        assert_eq!(version_key("weird"), u32::MAX);
        assert_eq!(version_key("R"), u32::MAX);
        assert_eq!(version_key("Rß"), u32::MAX);
        assert_eq!(version_key("Rxxßa"), u32::MAX);
    }
}
