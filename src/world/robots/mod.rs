//! The robots of a world as a whole: their table (name, controller, devices in tag order), their
//! batteries, and what a regenerated template PROTO instance keeps of them.

pub mod battery;
pub mod regeneration;
pub mod table;
