//! The world's geometry as devices and the engine see it: bounding objects as parry shapes (with
//! the triangle surfaces of meshes and elevation grids), the obstacle list and ray queries, the
//! cameras' view, the light sources, where joints put their endPoints, and the conversions at the
//! nalgebra/parry/rapier border.

pub mod convert;
pub mod hidden_parameters;
pub mod joint_poses;
pub mod kinematic_poses;
pub mod laser_spot;
pub mod lights;
pub mod mesh_files;
pub mod multi_axis_poses;
pub mod obstacles;
pub mod rays;
pub mod render;
pub mod shading;
pub mod shapes;
pub mod surfaces;
pub mod viewpoint_image;
