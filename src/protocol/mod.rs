//! What a controller and its world say to each other: a configuration handshake, then one
//! `StepRequest` / `StepAnswer` pair per step. The same values travel in-process (as they are) and over
//! the runner's Unix socket (encoded by `codec`).

pub mod codec;
pub mod device_events;
pub mod imagers;
pub mod messages;
pub mod node_type;
pub mod packet_table;
pub mod payload;
pub mod scene;
pub mod supervisor;

pub use device_events::{DeviceEvents, EventRef, PacketRef};
pub use imagers::*;
pub use messages::*;
pub use packet_table::{Measure, PacketTable, SharedTable, TableHandles};
pub use payload::{PacketBytes, Payload, ShortBytes};
pub use scene::*;
pub use supervisor::*;
