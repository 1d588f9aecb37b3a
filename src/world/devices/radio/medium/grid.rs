//! A uniform grid over the two most spread-out axes, to find the receivers within an emitter's range
//! without looking at every receiver.
//!
//! The points are stored cell by cell (row-major) together with their positions, so a query reads a few
//! contiguous runs of memory (one per row of cells) and tests distances without looking anything up.

/// Cells at most; a wider spread gets larger cells.
const MAX_CELLS: usize = 1 << 22;

/// An indexed point: its id (given at build), world position, and a reach the grid carries along for
/// the caller's distance test (so that the test reads nothing else).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub id: u32,
    pub at: [f64; 3],
    pub reach: f64,
}

#[derive(Clone, Debug)]
pub struct Grid {
    cell: f64,
    axes: [usize; 2],
    /// Lowest and highest coordinates of the points along `axes`.
    lo: [f64; 2],
    hi: [f64; 2],
    dims: [usize; 2],
    /// Cell `c` holds `entries[starts[c]..starts[c + 1]]`.
    starts: Vec<u32>,
    /// Grouped by cell, row after row; ascending ids within a cell.
    entries: Vec<Entry>,
}

impl Default for Grid {
    fn default() -> Grid {
        Grid::build(&[], 1.0)
    }
}

impl Grid {
    /// Indexes `points` (world positions), each point's id being its place in the list, with cells of
    /// about `cell_size` metres.
    pub fn build(points: &[[f64; 3]], cell_size: f64) -> Grid {
        let entries: Vec<Entry> =
            points.iter().enumerate().map(|(i, &at)| Entry { id: i as u32, at, reach: 0.0 }).collect();
        Grid::from_entries(entries, cell_size)
    }

    /// Indexes points with ids of the caller's choosing (ascending, for a stable order within cells).
    pub fn from_entries(entries: Vec<Entry>, cell_size: f64) -> Grid {
        let mut grid = Grid {
            cell: 1.0,
            axes: [0, 1],
            lo: [0.0; 2],
            hi: [0.0; 2],
            dims: [1, 1],
            starts: Vec::new(),
            entries: Vec::new(),
        };
        grid.rebuild(&entries, cell_size);
        grid
    }

    /// Indexes `entries` instead of the current points, reusing the grid's memory. Any coordinates
    /// are taken: the box is that of the finite ones (its extent capped at the largest float), and a
    /// point outside it (infinite, NaN) is stored in a border cell, where distance tests reject it.
    pub fn rebuild(&mut self, entries: &[Entry], cell_size: f64) {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for e in entries {
            for k in 0..3 {
                if e.at[k].is_finite() {
                    lo[k] = lo[k].min(e.at[k]);
                    hi[k] = hi[k].max(e.at[k]);
                }
            }
        }
        for k in 0..3 {
            if lo[k] > hi[k] {
                (lo[k], hi[k]) = (0.0, 0.0);
            }
        }
        let spread = |k: usize| (hi[k] - lo[k]).min(f64::MAX);
        let mut order = [0usize, 1, 2];
        order.sort_by(|&a, &b| spread(b).total_cmp(&spread(a)));
        let axes = [order[0], order[1]];
        let extent = [spread(axes[0]), spread(axes[1])];
        let mut cell = if cell_size.is_finite() && cell_size > 0.0 { cell_size } else { 1.0 };
        // counted in floats: a count of cells along a huge spread does not fit an integer
        let cells_along = |extent: f64, cell: f64| (extent / cell).floor() + 1.0;
        let dims = loop {
            let d = [cells_along(extent[0], cell), cells_along(extent[1], cell)];
            if d[0] * d[1] <= MAX_CELLS as f64 {
                break [d[0] as usize, d[1] as usize];
            }
            cell *= 2.0;
        };
        (self.cell, self.axes, self.dims) = (cell, axes, dims);
        (self.lo, self.hi) = ([lo[axes[0]], lo[axes[1]]], [hi[axes[0]], hi[axes[1]]]);
        // counting sort by cell: stable, so ids stay ascending within a cell
        self.starts.clear();
        self.starts.resize(dims[0] * dims[1] + 1, 0);
        for e in entries {
            let c = self.cell_index(&e.at);
            self.starts[c + 1] += 1;
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        // place each entry at its cell's cursor; the cursors end at the next cell's start
        self.entries.clear();
        self.entries.resize(entries.len(), Entry { id: 0, at: [0.0; 3], reach: 0.0 });
        for e in entries {
            let c = self.cell_index(&e.at);
            self.entries[self.starts[c] as usize] = *e;
            self.starts[c] += 1;
        }
        self.starts.rotate_right(1);
        self.starts[0] = 0;
    }

    fn cell_of(&self, p: &[f64; 3]) -> [usize; 2] {
        [self.cell_along(0, p[self.axes[0]]), self.cell_along(1, p[self.axes[1]])]
    }

    /// The cell's column (`k` = 0) or row (1) at coordinate `v` along the grid's axis `k`, clamped to
    /// the grid (a coordinate that is not a number: the first).
    #[inline]
    fn cell_along(&self, k: usize, v: f64) -> usize {
        let x = (v - self.lo[k]) / self.cell;
        // truncating a positive number is flooring it
        if x <= 0.0 {
            0
        } else {
            (x as usize).min(self.dims[k] - 1)
        }
    }

    fn cell_index(&self, p: &[f64; 3]) -> usize {
        let c = self.cell_of(p);
        c[1] * self.dims[0] + c[0]
    }

    /// Every indexed point, in storage order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Calls `visit` with every indexed point whose cell overlaps the square of half-side `radius`
    /// around `center` (a superset of the points within `radius`); nothing when the square misses the
    /// points' bounding box.
    pub fn query(&self, center: &[f64; 3], radius: f64, visit: impl FnMut(&Entry)) {
        self.runs(center, radius).flatten().for_each(visit);
    }

    /// The points `query` visits, as contiguous runs of storage (one per row of cells), for callers
    /// that test them in a tight loop.
    #[inline]
    pub fn runs(&self, center: &[f64; 3], radius: f64) -> impl Iterator<Item = &[Entry]> + '_ {
        let (cx, cy) = (center[self.axes[0]], center[self.axes[1]]);
        let misses = cx + radius < self.lo[0]
            || cx - radius > self.hi[0]
            || cy + radius < self.lo[1]
            || cy - radius > self.hi[1];
        let lo = [self.cell_along(0, cx - radius), self.cell_along(1, cy - radius)];
        let hi = [self.cell_along(0, cx + radius), self.cell_along(1, cy + radius)];
        // no row at all when the square misses
        let rows = lo[1]..=hi[1];
        rows.filter(move |_| !misses).map(move |y| {
            // the cells lo.x..=hi.x of a row are contiguous
            let row = y * self.dims[0];
            &self.entries[self.starts[row + lo[0]] as usize..self.starts[row + hi[0] + 1] as usize]
        })
    }
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
        grid.query(&center, 2.5, |e| {
            assert_eq!(e.at, points[e.id as usize]);
            seen.push(e.id)
        });
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
        grid.query(&[-100.0, -100.0, 0.0], 1.0, |e| seen.push(e.id));
        assert_eq!(seen, Vec::<u32>::new(), "a square missing the bounding box visits nothing");
        grid.query(&[-100.0, -0.5, 0.0], 100.5, |e| seen.push(e.id));
        assert_eq!(seen, vec![0], "a square overlapping the box from outside reaches the border cells");
        let mut all = Vec::new();
        grid.query(&[5.0, 5.0, 0.0], 100.0, |e| all.push(e.id));
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2]);
    }

    #[test]
    fn ids_stay_ascending_within_a_cell_and_every_point_is_stored_once() {
        let points: Vec<[f64; 3]> =
            (0..200).map(|i| [((i * 37) % 11) as f64 * 0.3, ((i * 13) % 7) as f64, 0.0]).collect();
        let grid = Grid::build(&points, 1.0);
        let mut ids: Vec<u32> = grid.entries().iter().map(|e| e.id).collect();
        for c in 0..grid.starts.len() - 1 {
            let run = &grid.entries[grid.starts[c] as usize..grid.starts[c + 1] as usize];
            assert!(run.windows(2).all(|w| w[0].id < w[1].id), "cell {c} out of order");
            assert!(run.iter().all(|e| grid.cell_index(&e.at) == c), "cell {c} holds a stranger");
        }
        ids.sort_unstable();
        assert_eq!(ids, (0..200).collect::<Vec<u32>>());
    }

    #[test]
    fn a_rebuilt_grid_is_the_grid_of_its_new_points() {
        let first: Vec<[f64; 3]> = (0..300).map(|i| [(i % 30) as f64, (i / 30) as f64 * 3.0, 0.0]).collect();
        let second: Vec<[f64; 3]> = (0..50).map(|i| [-(i as f64) * 0.7, 5.0, (i % 4) as f64]).collect();
        let mut grid = Grid::build(&first, 2.0);
        let fresh = Grid::build(&second, 0.5);
        let entries: Vec<Entry> =
            second.iter().enumerate().map(|(i, &at)| Entry { id: i as u32, at, reach: 0.0 }).collect();
        grid.rebuild(&entries, 0.5);
        assert_eq!(grid.starts, fresh.starts);
        assert_eq!(grid.entries, fresh.entries);
        assert_eq!((grid.lo, grid.hi, grid.dims, grid.axes), (fresh.lo, fresh.hi, fresh.dims, fresh.axes));
        let center = [-10.0, 5.0, 0.0];
        let mut seen = Vec::new();
        grid.query(&center, 1.0, |e| seen.push(e.id));
        let d2 = |p: &[f64; 3]| (0..3).map(|k| (p[k] - center[k]).powi(2)).sum::<f64>();
        for (i, p) in second.iter().enumerate() {
            assert!(d2(p) > 1.0 || seen.contains(&(i as u32)), "point {i} missed");
        }
        // cells of 0.5 m: nothing beyond the query square grown by a cell is visited
        assert!(seen.iter().all(|&i| d2(&second[i as usize]) <= 2.0 * 1.5f64.powi(2)), "far point visited");
    }

    #[test]
    fn a_huge_spread_with_tiny_cells_stays_bounded() {
        let points = vec![[0.0, 0.0, 0.0], [1e9, 1e9, 0.0]];
        let grid = Grid::build(&points, 1e-6);
        assert!(grid.starts.len() - 1 <= MAX_CELLS);
    }

    #[test]
    fn absurd_coordinates_are_indexed_without_overflow_and_found_only_where_they_are() {
        let cases: [&[[f64; 3]]; 5] = [
            &[[0.0, 0.0, 0.0], [2e19, 0.0, 0.0]],
            &[[-1.7e308, 0.0, 0.0], [1.7e308, 1.7e308, -1.7e308]],
            &[[0.0, 0.0, 0.0], [f64::INFINITY, 0.0, 0.0], [f64::NEG_INFINITY, f64::NAN, 1.0]],
            &[[f64::NAN; 3], [f64::NAN; 3]],
            &[[3e38, -3e38, 0.0], [0.5, 0.0, 0.0], [0.0, 0.0, 0.0]],
        ];
        for points in cases {
            for cell in [1e-300, 1e-6, 0.5, 1e300, f64::INFINITY, 0.0, f64::NAN] {
                let grid = Grid::build(points, cell);
                assert!(grid.starts.len() - 1 <= MAX_CELLS);
                assert_eq!(grid.entries().len(), points.len());
                for (i, p) in points.iter().enumerate() {
                    if p.iter().all(|x| x.is_finite()) {
                        let mut seen = Vec::new();
                        grid.query(p, 1.0, |e| seen.push(e.id));
                        assert!(seen.contains(&(i as u32)), "point {i} {p:?} not found with cells of {cell}");
                    }
                }
                // queries from nowhere and with no bound visit without panicking
                for center in [[f64::NAN; 3], [f64::INFINITY, 0.0, 0.0], [1e308, -1e308, 0.0]] {
                    for radius in [0.0, 1.0, 1e308, f64::INFINITY, f64::NAN] {
                        grid.query(&center, radius, |_| {});
                    }
                }
            }
        }
    }
}
