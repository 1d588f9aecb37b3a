//! A uniform grid over the two most spread-out axes, to find the receivers within an emitter's range
//! without looking at every receiver.

/// Cells at most; a wider spread gets larger cells.
const MAX_CELLS: usize = 1 << 22;

#[derive(Clone, Debug)]
pub struct Grid {
    cell: f64,
    axes: [usize; 2],
    origin: [f64; 2],
    dims: [usize; 2],
    /// Per cell, indexes into the point list given to `build`, ascending.
    cells: Vec<Vec<u32>>,
}

impl Grid {
    /// Indexes `points` (world positions) with cells of about `cell_size` metres.
    pub fn build(points: &[[f64; 3]], cell_size: f64) -> Grid {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for p in points {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        if points.is_empty() {
            lo = [0.0; 3];
            hi = [0.0; 3];
        }
        let mut order = [0usize, 1, 2];
        order.sort_by(|&a, &b| (hi[b] - lo[b]).total_cmp(&(hi[a] - lo[a])));
        let axes = [order[0], order[1]];
        let extent = [hi[axes[0]] - lo[axes[0]], hi[axes[1]] - lo[axes[1]]];
        let mut cell = if cell_size.is_finite() && cell_size > 0.0 { cell_size } else { 1.0 };
        let dims = loop {
            let d = [(extent[0] / cell) as usize + 1, (extent[1] / cell) as usize + 1];
            if d[0].saturating_mul(d[1]) <= MAX_CELLS {
                break d;
            }
            cell *= 2.0;
        };
        let mut grid =
            Grid { cell, axes, origin: [lo[axes[0]], lo[axes[1]]], dims, cells: vec![Vec::new(); dims[0] * dims[1]] };
        for (i, p) in points.iter().enumerate() {
            let c = grid.cell_of(p);
            grid.cells[c[1] * dims[0] + c[0]].push(i as u32);
        }
        grid
    }

    fn cell_of(&self, p: &[f64; 3]) -> [usize; 2] {
        let mut c = [0; 2];
        for k in 0..2 {
            let x = ((p[self.axes[k]] - self.origin[k]) / self.cell).floor();
            c[k] = if x <= 0.0 { 0 } else { (x as usize).min(self.dims[k] - 1) };
        }
        c
    }

    /// Calls `visit` with every indexed point whose cell overlaps the square of half-side `radius`
    /// around `center` (a superset of the points within `radius`).
    pub fn query(&self, center: &[f64; 3], radius: f64, mut visit: impl FnMut(u32)) {
        let lo = self.cell_of(&offset(center, self.axes, -radius));
        let hi = self.cell_of(&offset(center, self.axes, radius));
        for y in lo[1]..=hi[1] {
            for x in lo[0]..=hi[0] {
                for &i in &self.cells[y * self.dims[0] + x] {
                    visit(i);
                }
            }
        }
    }
}

fn offset(p: &[f64; 3], axes: [usize; 2], d: f64) -> [f64; 3] {
    let mut q = *p;
    q[axes[0]] += d;
    q[axes[1]] += d;
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_finds_every_point_in_range_and_skips_far_cells() {
        // a 50 x 50 lattice in the x-y plane, 1 m apart, all at z = 0.3
        let points: Vec<[f64; 3]> = (0..2500).map(|i| [(i % 50) as f64, (i / 50) as f64, 0.3]).collect();
        let grid = Grid::build(&points, 2.0);
        let center = [20.2, 30.7, 0.3];
        let mut seen = Vec::new();
        grid.query(&center, 2.5, |i| seen.push(i));
        for (i, p) in points.iter().enumerate() {
            let d2: f64 = (0..3).map(|k| (p[k] - center[k]).powi(2)).sum();
            if d2 <= 2.5 * 2.5 {
                assert!(seen.contains(&(i as u32)), "point {i} missed");
            }
        }
        assert!(seen.len() < 100, "visited {} points", seen.len());
    }

    #[test]
    fn points_outside_the_indexed_box_clamp_to_the_border_cells() {
        let points = vec![[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [10.0, 10.0, 0.0]];
        let grid = Grid::build(&points, 1.0);
        let mut seen = Vec::new();
        grid.query(&[-100.0, -100.0, 0.0], 1.0, |i| seen.push(i));
        assert_eq!(seen, vec![0]);
        let mut all = Vec::new();
        grid.query(&[5.0, 5.0, 0.0], 100.0, |i| all.push(i));
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2]);
    }

    #[test]
    fn a_huge_spread_with_tiny_cells_stays_bounded() {
        let points = vec![[0.0, 0.0, 0.0], [1e9, 1e9, 0.0]];
        let grid = Grid::build(&points, 1e-6);
        assert!(grid.cells.len() <= MAX_CELLS);
    }
}
