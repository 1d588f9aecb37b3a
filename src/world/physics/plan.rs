//! Which Solids become which rigid bodies (spec motion §1.1–1.2, §2.2), read from the scene tree alone:
//! a dynamic Solid (one with `physics`) reached through a joint, or whose upper Solid is kinematic,
//! gets its own body; a dynamic Solid under a dynamic one with no joint between them is merged into
//! that body; kinematic Solids with a bounding object are static geometry, or follow the body above
//! them. Physical joints link an endPoint's body to its upper Solid's body (or to the world).

use super::super::scene::{NodeId, Scene};

#[derive(Clone, Debug, PartialEq)]
pub enum Attach {
    /// Moves freely (a top-level dynamic Solid), or through its joint.
    Free,
    /// Welded where it is: to a body, or to the world (`None`).
    Fixed(Option<usize>),
}

#[derive(Clone, Debug)]
pub struct BodyPlan {
    /// The Solid whose frame is the body's frame (Webots' "solid merger").
    pub solid: NodeId,
    /// Every Solid sharing the body, the merger first, in scene order.
    pub members: Vec<NodeId>,
    /// The nearest Robot holding the body.
    pub robot: Option<NodeId>,
    /// The nearest body above (what moves the frame the Solid's fields are written in).
    pub above: Option<usize>,
    pub attach: Attach,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointKind {
    Hinge,
    Slider,
    Ball,
    Hinge2,
}

impl JointKind {
    pub fn of(type_name: &str) -> Option<JointKind> {
        Some(match type_name {
            "HingeJoint" => JointKind::Hinge,
            "SliderJoint" => JointKind::Slider,
            "BallJoint" => JointKind::Ball,
            "Hinge2Joint" => JointKind::Hinge2,
            _ => return None,
        })
    }
}

/// A joint whose endPoint has a body.
#[derive(Clone, Debug)]
pub struct JointPlan {
    pub node: NodeId,
    pub kind: JointKind,
    /// The upper Solid's body; `None` = the static world.
    pub upper: Option<usize>,
    pub end: usize,
}

/// A kinematic Solid with a bounding object.
#[derive(Clone, Debug)]
pub struct StaticPlan {
    pub solid: NodeId,
    /// The body above it, whose motion it follows; `None` = part of the static environment.
    pub follows: Option<usize>,
    pub robot: Option<NodeId>,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub bodies: Vec<BodyPlan>,
    pub joints: Vec<JointPlan>,
    pub statics: Vec<StaticPlan>,
    /// Joints whose endPoint has no body: a motor moves them by teleporting the endPoint.
    pub kinematic_joints: Vec<NodeId>,
}

#[derive(Clone, Copy)]
struct Context {
    /// The body of the upper Solid, when that Solid is dynamic.
    upper_body: Option<usize>,
    /// The nearest body above, at any level.
    above: Option<usize>,
    /// Some Solid above is kinematic.
    kinematic_above: bool,
    robot: Option<NodeId>,
}

impl Plan {
    pub fn of(scene: &Scene, warnings: &mut Vec<String>) -> Plan {
        let mut plan = Plan::default();
        let top = Context { upper_body: None, above: None, kinematic_above: false, robot: None };
        for (solid, via) in solid_children_of(scene, &scene.roots) {
            plan.visit(scene, solid, via, top, warnings);
        }
        plan
    }

    /// Whether the world has any body at all (no body: no engine).
    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    fn visit(&mut self, scene: &Scene, solid: NodeId, via: Option<NodeId>, ctx: Context, warnings: &mut Vec<String>) {
        let robot = if scene.type_name(solid) == "Robot" { Some(solid) } else { ctx.robot };
        let dynamic = scene.sf_node(solid, "physics").is_some();
        let mut body = None;
        if dynamic {
            // a TouchSensor is part of the body above it too (its force feedback: `touch_forces`), unless
            // its robot collides with itself: Webots' sensor is a body of its own on a fixed joint, which the
            // robot's jointed parts meet, and the engine leaves out every pair of a joint's two bodies
            let welded_sensor = scene.type_name(solid) == "TouchSensor"
                && ctx.upper_body.is_some()
                && robot.is_some_and(|r| scene.sf_bool(r, "selfCollision"));
            let own_body = via.is_some() || ctx.upper_body.is_none() || is_legacy_wheel(scene, solid) || welded_sensor;
            if own_body {
                let b = self.bodies.len();
                let attach = match via {
                    Some(_) => Attach::Free,
                    None if welded_sensor => Attach::Fixed(ctx.upper_body),
                    None if ctx.kinematic_above => Attach::Fixed(ctx.above),
                    None => Attach::Free,
                };
                self.bodies.push(BodyPlan { solid, members: vec![solid], robot, above: ctx.above, attach });
                if let Some(joint) = via {
                    self.add_joint(scene, joint, ctx.upper_body, b, warnings);
                }
                body = Some(b);
            } else {
                let b = ctx.upper_body.expect("merged into the upper body");
                self.bodies[b].members.push(solid);
                body = Some(b);
            }
        } else {
            if let Some(joint) = via {
                self.kinematic_joints.push(joint);
            }
            if scene.sf_node(solid, "boundingObject").is_some() {
                self.statics.push(StaticPlan { solid, follows: ctx.above, robot });
            }
        }
        let inner = Context {
            upper_body: body,
            above: body.or(ctx.above),
            kinematic_above: ctx.kinematic_above || !dynamic,
            robot,
        };
        for (child, via) in solid_children_of(scene, &scene.mf_node(solid, "children")) {
            self.visit(scene, child, via, inner, warnings);
        }
    }

    fn add_joint(
        &mut self,
        scene: &Scene,
        joint: NodeId,
        upper: Option<usize>,
        end: usize,
        warnings: &mut Vec<String>,
    ) {
        let Some(kind) = JointKind::of(scene.type_name(joint)) else { return };
        if kind == JointKind::Hinge2 && upper.is_none() {
            warnings.push(format!(
                "{}: Hinge2Joint nodes can only connect Solid nodes that have a Physics node.",
                scene.type_name(joint)
            ));
            return;
        }
        self.joints.push(JointPlan { node: joint, kind, upper, end });
    }
}

/// Webots never merges a dynamic Solid named "left wheel" or "right wheel" (a DifferentialWheels
/// leftover).
fn is_legacy_wheel(scene: &Scene, solid: NodeId) -> bool {
    let name = scene.sf_string(solid, "name").to_ascii_lowercase();
    name == "left wheel" || name == "right wheel"
}

/// The Solids directly below `nodes` (through Group, Pose and Transform), each with the joint that
/// leads to it (a joint's or a Slot's endPoint), in scene order. SolidReference endPoints are not
/// Solids of this tree.
fn solid_children_of(scene: &Scene, nodes: &[NodeId]) -> Vec<(NodeId, Option<NodeId>)> {
    let mut out = Vec::new();
    for &n in nodes {
        collect_solid(scene, n, None, &mut out, 0);
    }
    out
}

const MAX_DEPTH: usize = 64;

fn collect_solid(
    scene: &Scene,
    node: NodeId,
    via: Option<NodeId>,
    out: &mut Vec<(NodeId, Option<NodeId>)>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    if scene.is_solid(node) {
        out.push((node, via));
        return;
    }
    let type_name = scene.type_name(node);
    if JointKind::of(type_name).is_some() {
        if let Some(end) = scene.sf_node(node, "endPoint") {
            collect_solid(scene, end, Some(node), out, depth + 1);
        }
        return;
    }
    match type_name {
        "Slot" => {
            if let Some(end) = scene.sf_node(node, "endPoint") {
                collect_solid(scene, end, via, out, depth + 1);
            }
        }
        "Group" | "Pose" | "Transform" => {
            for child in scene.mf_node(node, "children") {
                collect_solid(scene, child, None, out, depth + 1);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn plan(text: &str) -> (Scene, Plan, Vec<String>) {
        let text = format!("#VRML_SIM R2025a utf8\n{text}");
        let s = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let mut w = Vec::new();
        let p = Plan::of(&s, &mut w);
        (s, p, w)
    }

    fn named(s: &Scene, name: &str) -> NodeId {
        s.preorder().into_iter().find(|&n| s.sf_string(n, "name") == name).unwrap()
    }

    #[test]
    fn a_world_without_physics_has_no_body() {
        let (_, p, _) = plan("Solid { boundingObject Box { } } Robot { children [ Solid { } ] }");
        assert!(p.is_empty());
        assert_eq!(p.statics.len(), 1);
    }

    #[test]
    fn children_without_joints_merge_and_joint_end_points_get_their_own_body() {
        let (s, p, _) = plan(
            "Robot { name \"r\" physics Physics { } children [ \
               Pose { children [ Solid { name \"plate\" physics Physics { } } ] } \
               HingeJoint { endPoint Solid { name \"wheel\" physics Physics { } } } \
               SliderJoint { endPoint Solid { name \"ghost\" } } \
               Solid { name \"sensor\" boundingObject Box { } } ] }",
        );
        assert_eq!(p.bodies.len(), 2);
        assert_eq!(p.bodies[0].members, vec![named(&s, "r"), named(&s, "plate")]);
        assert_eq!(p.bodies[1].solid, named(&s, "wheel"));
        assert_eq!(p.bodies[1].above, Some(0));
        assert_eq!(p.joints.len(), 1);
        assert_eq!((p.joints[0].upper, p.joints[0].end, p.joints[0].kind), (Some(0), 1, JointKind::Hinge));
        assert_eq!(p.kinematic_joints.len(), 1);
        // a Solid without physics inside a body is not merged: it follows its body
        assert_eq!(p.statics.len(), 1);
        assert_eq!(p.statics[0].follows, Some(0));
        assert_eq!(p.statics[0].robot, Some(named(&s, "r")));
    }

    #[test]
    fn a_dynamic_solid_under_a_kinematic_one_is_welded_and_a_joint_to_it_goes_to_the_world() {
        let (_, p, _) = plan(
            "Robot { children [ Solid { name \"stuck\" physics Physics { } } \
               HingeJoint { endPoint Solid { name \"arm\" physics Physics { } } } ] }",
        );
        assert_eq!(p.bodies[0].attach, Attach::Fixed(None));
        assert_eq!(p.bodies[1].attach, Attach::Free);
        assert_eq!(p.joints[0].upper, None);
    }

    #[test]
    fn legacy_wheels_keep_their_own_body_and_touch_sensors_join_their_parent_s() {
        let (s, p, _) = plan(
            "Robot { physics Physics { } children [ Solid { name \"Left Wheel\" physics Physics { } } \
               TouchSensor { physics Physics { } } ] }",
        );
        assert_eq!(p.bodies.len(), 2);
        assert_eq!(p.bodies[1].attach, Attach::Free);
        let sensor = s.preorder().into_iter().find(|&n| s.type_name(n) == "TouchSensor").unwrap();
        assert!(p.bodies[0].members.contains(&sensor));
        // a robot colliding with itself keeps the sensor a body of its own, welded to its parent's
        let (_, p, _) =
            plan("Robot { selfCollision TRUE physics Physics { } children [ TouchSensor { physics Physics { } } ] }");
        assert_eq!(p.bodies.len(), 2);
        assert_eq!(p.bodies[1].attach, Attach::Fixed(Some(0)));
    }

    #[test]
    fn a_hinge2_to_the_world_is_refused_with_webots_warning() {
        let (_, p, w) = plan("Robot { children [ Hinge2Joint { endPoint Solid { physics Physics { } } } ] }");
        assert!(p.joints.is_empty());
        assert!(w[0].contains("Hinge2Joint nodes can only connect Solid nodes that have a Physics node."), "{w:?}");
    }
}
