//! The sensor lookup table every Webots sensor shares: rows `[input, output, noise]`, clamped outside
//! the inputs, linear inside (value and noise level), noise multiplicative on the output.

use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct LookupTable {
    rows: Vec<[f64; 3]>,
}

impl LookupTable {
    /// The table as written; a warning when the inputs do not increase (the table is used as given).
    pub fn new(rows: Vec<[f64; 3]>, owner: &str, warnings: &mut Vec<String>) -> LookupTable {
        if rows.windows(2).any(|w| w[1][0] <= w[0][0]) {
            warnings.push(format!("{owner}: 'lookupTable' must be sorted in increasing order of its first column."));
        }
        LookupTable { rows }
    }

    pub fn rows(&self) -> &[[f64; 3]] {
        &self.rows
    }

    /// The output for `v`, with noise drawn from `rng` when the interpolated noise level is not 0.
    /// An empty table is the identity.
    pub fn lookup(&self, v: f64, rng: &mut ChaCha8Rng) -> f64 {
        let (out, sigma) = self.interpolate(v);
        if sigma == 0.0 {
            out
        } else {
            let g: f64 = StandardNormal.sample(rng);
            out * (1.0 + sigma * g)
        }
    }

    /// Output and noise level for `v`, before noise.
    fn interpolate(&self, v: f64) -> (f64, f64) {
        let rows = &self.rows;
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else { return (v, 0.0) };
        if v <= first[0] {
            return (first[1], first[2]);
        }
        if v >= last[0] {
            return (last[1], last[2]);
        }
        // the interval [lo, lo + 1] with in[lo] <= v < in[lo + 1]
        let lo = rows.partition_point(|r| r[0] <= v).saturating_sub(1).min(rows.len() - 2);
        let (a, b) = (rows[lo], rows[lo + 1]);
        let f = (v - a[0]) / (b[0] - a[0]);
        ((1.0 - f) * a[1] + f * b[1], (1.0 - f) * a[2] + f * b[2])
    }
}

/// Webots' rounding to a resolution: `(int)(x / r + 0.5) * r`, the cast truncating toward zero (so
/// negative values round up one step more often than symmetric rounding would).
pub fn discretize(x: f64, resolution: f64) -> f64 {
    (x / resolution + 0.5).trunc() * resolution
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;

    fn table(rows: &[[f64; 3]]) -> LookupTable {
        LookupTable::new(rows.to_vec(), "test", &mut Vec::new())
    }

    fn rng() -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(7)
    }

    #[test]
    fn empty_table_is_the_identity() {
        assert_eq!(table(&[]).lookup(-3.25, &mut rng()), -3.25);
    }

    #[test]
    fn clamped_outside_and_linear_inside() {
        let t = table(&[[0.0, 10.0, 0.0], [1.0, 20.0, 0.0], [3.0, 0.0, 0.0]]);
        let mut r = rng();
        assert_eq!(t.lookup(-5.0, &mut r), 10.0);
        assert_eq!(t.lookup(7.0, &mut r), 0.0);
        assert_eq!(t.lookup(0.5, &mut r), 15.0);
        // decreasing outputs need nothing special
        assert_eq!(t.lookup(2.0, &mut r), 10.0);
        // an inner knot falls into the interval starting there
        assert_eq!(t.lookup(1.0, &mut r), 20.0);
    }

    #[test]
    fn single_row_is_constant() {
        let t = table(&[[1.0, 4.0, 0.0]]);
        assert_eq!(t.lookup(-9.0, &mut rng()), 4.0);
        assert_eq!(t.lookup(9.0, &mut rng()), 4.0);
    }

    #[test]
    fn noise_is_multiplicative_interpolated_and_seeded() {
        let t = table(&[[0.0, 0.0, 0.5], [1.0, 100.0, 0.1]]);
        // output 0: no noise can appear
        assert_eq!(t.lookup(-1.0, &mut rng()), 0.0);
        let draws: Vec<f64> = {
            let mut r = rng();
            (0..2000).map(|_| t.lookup(1.0, &mut r)).collect()
        };
        let again: Vec<f64> = {
            let mut r = rng();
            (0..2000).map(|_| t.lookup(1.0, &mut r)).collect()
        };
        assert_eq!(draws, again);
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        let sd = (draws.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / draws.len() as f64).sqrt();
        assert!((mean - 100.0).abs() < 1.0, "{mean}");
        assert!((sd - 10.0).abs() < 1.0, "{sd}");
    }

    #[test]
    fn unsorted_inputs_warn_but_are_kept() {
        let mut w = Vec::new();
        let t = LookupTable::new(vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], "Compass \"c\"", &mut w);
        assert_eq!(t.rows().len(), 2);
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("increasing"), "{w:?}");
    }

    #[test]
    fn discretize_truncates_toward_zero_like_webots() {
        assert_eq!(discretize(-0.3, 0.5), 0.0);
        assert_eq!(discretize(-0.8, 0.5), -0.5);
        assert_eq!(discretize(0.3, 0.5), 0.5);
        assert_eq!(discretize(0.74, 0.5), 0.5);
        assert_eq!(discretize(1.26, 0.5), 1.5);
    }
}
