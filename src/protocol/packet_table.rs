//! The packets one medium sent in one step, stored once and shared by every receiver that heard them,
//! and a packet's signal strength and emitter direction, which a noise-free receiver computes only
//! when its controller asks (`Measure::Lazy`), from positions taken when the packet was delivered.

use std::sync::Arc;

use nalgebra::{Isometry3, Point3};

use super::payload::Payload;

/// One step's packets of one medium, in sending order: where each left from and its bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PacketTable {
    /// The emitter's world position when the packet was sent.
    pub from: Vec<Point3<f64>>,
    pub data: Vec<Payload>,
}

impl PacketTable {
    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn push(&mut self, from: Point3<f64>, data: Payload) {
        self.from.push(from);
        self.data.push(data);
    }
}

/// A table as the lists of one delivering thread hold it: each thread counts its own holders (one count
/// per robot and step), so that threads do not contend for a single count.
pub type SharedTable = Arc<Arc<PacketTable>>;

/// Handles to one thread's table for the lists it fills, cloned a batch at a time: a clone is an
/// atomic count, and an atomic operation waits for every write before it (the list's own, to memory
/// no other robot shares), so clones made one list at a time would hold each list's writes up.
#[derive(Debug)]
pub struct TableHandles {
    table: SharedTable,
    spare: Vec<SharedTable>,
}

impl TableHandles {
    const BATCH: usize = 32;

    pub fn new(table: SharedTable) -> TableHandles {
        TableHandles { table, spare: Vec::with_capacity(Self::BATCH) }
    }

    /// The table the handles are to.
    pub fn table(&self) -> &SharedTable {
        &self.table
    }

    /// A handle of one's own.
    pub fn take(&mut self) -> SharedTable {
        if self.spare.is_empty() {
            self.spare.extend(std::iter::repeat_with(|| self.table.clone()).take(Self::BATCH));
        }
        self.spare.pop().unwrap_or_else(|| self.table.clone())
    }
}

/// A delivered packet's signal strength and emitter direction: known (noise or infra-red measured them
/// at delivery), or to compute from the emitter's position and the receiver's pose, both as they were
/// at delivery.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    Known { direction: [f64; 3], signal: f64 },
    Lazy { from: Point3<f64>, receiver: Isometry3<f64> },
}

impl Measure {
    /// (direction, signal strength).
    pub fn values(&self) -> ([f64; 3], f64) {
        match self {
            Measure::Known { direction, signal } => (*direction, *signal),
            Measure::Lazy { from, receiver } => measure_exact(receiver, from),
        }
    }
}

/// Direction to the emitter at `from` in the frame of a receiver at `pose` (a unit vector), and the
/// 1/d² signal strength, without noise. Eager and lazy measurements both come from here, so that they
/// agree to the bit.
#[inline(always)]
pub fn measure_exact(pose: &Isometry3<f64>, from: &Point3<f64>) -> ([f64; 3], f64) {
    let local = pose.inverse_transform_point(from).coords;
    let inv = 1.0 / local.norm_squared().sqrt();
    ([local.x * inv, local.y * inv, local.z * inv], inv * inv)
}
