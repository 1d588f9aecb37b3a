//! The embedded table of the base nodes webots-shim models: field names, types and defaults as
//! Webots documents them. A node type derives from a base type (Solid from Pose, devices from
//! Solid...) and may override the default of `name`.
//!
//! "Closed" types are modelled completely: an unknown field there is reported and skipped. "Open"
//! types list only the fields this crate needs; other written fields are kept untyped, silently.

use super::value::{FieldType, FieldValue};

/// A field default.
#[derive(Debug)]
pub(crate) enum Dflt {
    B(bool),
    I(i32),
    F(f64),
    V2([f64; 2]),
    V3([f64; 3]),
    /// SFColor.
    C([f64; 3]),
    R([f64; 4]),
    S(&'static str),
    /// SFNode NULL.
    Null,
    /// An empty MF value of this type.
    Empty(FieldType),
    /// A non-empty MFVec3f.
    V3List(&'static [[f64; 3]]),
    /// A non-empty MFColor.
    CList(&'static [[f64; 3]]),
    /// A non-empty MFFloat.
    FList(&'static [f64]),
}

#[derive(Debug)]
pub(crate) struct FieldSpec {
    pub name: &'static str,
    pub default: Dflt,
}

impl FieldSpec {
    pub fn ty(&self) -> FieldType {
        match self.default {
            Dflt::B(_) => FieldType::SFBool,
            Dflt::I(_) => FieldType::SFInt32,
            Dflt::F(_) => FieldType::SFFloat,
            Dflt::V2(_) => FieldType::SFVec2f,
            Dflt::V3(_) => FieldType::SFVec3f,
            Dflt::C(_) => FieldType::SFColor,
            Dflt::R(_) => FieldType::SFRotation,
            Dflt::S(_) => FieldType::SFString,
            Dflt::Null => FieldType::SFNode,
            Dflt::Empty(t) => t,
            Dflt::V3List(_) => FieldType::MFVec3f,
            Dflt::CList(_) => FieldType::MFColor,
            Dflt::FList(_) => FieldType::MFFloat,
        }
    }

    fn value(&self) -> FieldValue {
        match &self.default {
            Dflt::B(b) => FieldValue::SFBool(*b),
            Dflt::I(i) => FieldValue::SFInt32(*i),
            Dflt::F(f) => FieldValue::SFFloat(*f),
            Dflt::V2(v) => FieldValue::SFVec2f(*v),
            Dflt::V3(v) => FieldValue::SFVec3f(*v),
            Dflt::C(v) => FieldValue::SFColor(*v),
            Dflt::R(v) => FieldValue::SFRotation(*v),
            Dflt::S(s) => FieldValue::SFString((*s).to_string()),
            Dflt::Null => FieldValue::SFNode(None),
            Dflt::Empty(t) => t.neutral(),
            Dflt::V3List(l) => FieldValue::MFVec3f(l.to_vec()),
            Dflt::CList(l) => FieldValue::MFColor(l.to_vec()),
            Dflt::FList(l) => FieldValue::MFFloat(l.to_vec()),
        }
    }
}

#[derive(Debug)]
pub(crate) struct NodeSchema {
    pub name: &'static str,
    pub base: Option<&'static str>,
    /// Default of the `name` field for this type (overrides the base's).
    pub default_name: Option<&'static str>,
    pub fields: &'static [FieldSpec],
    /// Only part of the type is modelled: unknown written fields are kept untyped, silently.
    pub open: bool,
    /// Deprecated fields still accepted (typed) when written, never defaulted.
    pub legacy: &'static [(&'static str, FieldType)],
}

const fn f(name: &'static str, default: Dflt) -> FieldSpec {
    FieldSpec { name, default }
}

use Dflt::*;
use FieldType as T;

const POSE_FIELDS: &[FieldSpec] = &[
    f("translation", V3([0.0, 0.0, 0.0])),
    f("rotation", R([0.0, 0.0, 1.0, 0.0])),
    f("children", Empty(T::MFNode)),
    f("translationStep", F(0.01)),
    f("rotationStep", F(0.261799387)),
];

const SOLID_FIELDS: &[FieldSpec] = &[
    f("name", S("solid")),
    f("model", S("")),
    f("description", S("")),
    f("contactMaterial", S("default")),
    f("immersionProperties", Empty(T::MFNode)),
    f("boundingObject", Null),
    f("physics", Null),
    f("locked", B(false)),
    f("radarCrossSection", F(0.0)),
    f("recognitionColors", Empty(T::MFColor)),
    f("translationStep", F(0.01)),
    f("rotationStep", F(0.261799387)),
    f("linearVelocity", V3([0.0, 0.0, 0.0])),
    f("angularVelocity", V3([0.0, 0.0, 0.0])),
];

/// Pseudo base of the devices that are not Solids (motors, sensors of joints, Skin).
const DEVICE_FIELDS: &[FieldSpec] = &[f("name", S("")), f("model", S(""))];

/// A motor's fields, with its force limit (`maxTorque` or `maxForce`).
macro_rules! motor_fields {
    ($force:literal) => {
        &[
            f("acceleration", F(-1.0)),
            f("consumptionFactor", F(10.0)),
            f("controlPID", V3([10.0, 0.0, 0.0])),
            f("minPosition", F(0.0)),
            f("maxPosition", F(0.0)),
            f("maxVelocity", F(10.0)),
            f("multiplier", F(1.0)),
            f("sound", S("")),
            f("muscles", Empty(T::MFNode)),
            f($force, F(10.0)),
        ]
    };
}

const fn closed(name: &'static str, base: Option<&'static str>, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base, default_name: None, fields, open: false, legacy: &[] }
}

/// A Solid-derived device modelled only partly: Solid's fields, its default name, a few own fields.
const fn solid_device(name: &'static str, default_name: &'static str, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base: Some("Solid"), default_name: Some(default_name), fields, open: true, legacy: &[] }
}

/// A non-Solid node modelled only partly (appearances, lights, camera parts).
const fn open_node(name: &'static str, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base: None, default_name: None, fields, open: true, legacy: &[] }
}

const fn device(name: &'static str, default_name: &'static str, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base: Some("Device"), default_name: Some(default_name), fields, open: true, legacy: &[] }
}

const AXES_FIELDS: &[FieldSpec] = &[
    f("lookupTable", Empty(T::MFVec3f)),
    f("xAxis", B(true)),
    f("yAxis", B(true)),
    f("zAxis", B(true)),
    f("resolution", F(-1.0)),
];

// Webots writes these defaults as 4-digit decimals (0.7854, 1.5708), not as exact π fractions.
#[allow(clippy::approx_constant)]
static SCHEMAS: &[NodeSchema] = &[
    NodeSchema {
        name: "WorldInfo",
        base: None,
        default_name: None,
        fields: &[
            f("info", Empty(T::MFString)),
            f("title", S("")),
            f("window", S("<none>")),
            f("gravity", F(9.81)),
            f("CFM", F(0.00001)),
            f("ERP", F(0.2)),
            f("physics", S("")),
            f("basicTimeStep", F(32.0)),
            f("FPS", F(60.0)),
            f("optimalThreadCount", I(1)),
            f("physicsDisableTime", F(1.0)),
            f("physicsDisableLinearThreshold", F(0.01)),
            f("physicsDisableAngularThreshold", F(0.01)),
            f("defaultDamping", Null),
            f("inkEvaporation", F(0.0)),
            f("coordinateSystem", S("ENU")),
            f("gpsCoordinateSystem", S("local")),
            f("gpsReference", V3([0.0, 0.0, 0.0])),
            f("lineScale", F(0.1)),
            f("dragForceScale", F(30.0)),
            f("dragTorqueScale", F(5.0)),
            f("randomSeed", I(0)),
            f("contactProperties", Empty(T::MFNode)),
        ],
        open: false,
        legacy: &[("northDirection", T::SFVec3f), ("fast2d", T::SFString)],
    },
    closed("Group", None, &[f("children", Empty(T::MFNode))]),
    closed("Pose", None, POSE_FIELDS),
    closed(
        "Transform",
        Some("Pose"),
        &[
            f("scale", V3([1.0, 1.0, 1.0])),
            f("children", Empty(T::MFNode)),
            f("translationStep", F(0.01)),
            f("rotationStep", F(0.261799387)),
        ],
    ),
    closed("Solid", Some("Pose"), SOLID_FIELDS),
    NodeSchema {
        name: "Robot",
        base: Some("Solid"),
        default_name: Some("robot"),
        fields: &[
            f("controller", S("<generic>")),
            f("controllerArgs", Empty(T::MFString)),
            f("customData", S("")),
            f("supervisor", B(false)),
            f("synchronization", B(true)),
            f("battery", Empty(T::MFFloat)),
            f("cpuConsumption", F(10.0)),
            f("selfCollision", B(false)),
            f("window", S("<generic>")),
            f("remoteControl", S("<none>")),
        ],
        open: false,
        legacy: &[("data", T::SFString), ("showWindow", T::SFBool), ("robotWindow", T::SFString)],
    },
    closed(
        "Physics",
        None,
        &[
            f("density", F(1000.0)),
            f("mass", F(-1.0)),
            f("centerOfMass", Empty(T::MFVec3f)),
            f("inertiaMatrix", Empty(T::MFVec3f)),
            f("damping", Null),
        ],
    ),
    closed(
        "Shape",
        None,
        &[f("appearance", Null), f("geometry", Null), f("castShadows", B(true)), f("isPickable", B(true))],
    ),
    // what an LED colours (its other fields as written)
    closed("Box", None, &[f("size", V3([0.1, 0.1, 0.1]))]),
    closed("Sphere", None, &[f("radius", F(0.1)), f("subdivision", I(1)), f("ico", B(true))]),
    closed(
        "Cylinder",
        None,
        &[
            f("bottom", B(true)),
            f("height", F(0.1)),
            f("radius", F(0.05)),
            f("side", B(true)),
            f("top", B(true)),
            f("subdivision", I(12)),
        ],
    ),
    closed(
        "Capsule",
        None,
        &[
            f("bottom", B(true)),
            f("height", F(0.1)),
            f("radius", F(0.05)),
            f("side", B(true)),
            f("top", B(true)),
            f("subdivision", I(12)),
        ],
    ),
    closed(
        "Cone",
        None,
        &[
            f("bottomRadius", F(0.05)),
            f("height", F(0.1)),
            f("side", B(true)),
            f("bottom", B(true)),
            f("subdivision", I(12)),
        ],
    ),
    closed("Plane", None, &[f("size", V2([1.0, 1.0]))]),
    open_node(
        "ElevationGrid",
        &[
            f("height", Empty(T::MFFloat)),
            f("xDimension", I(0)),
            f("xSpacing", F(1.0)),
            f("yDimension", I(0)),
            f("ySpacing", F(1.0)),
            f("thickness", F(1.0)),
        ],
    ),
    open_node("Mesh", &[f("url", Empty(T::MFString)), f("name", S("")), f("materialIndex", I(-1))]),
    NodeSchema {
        name: "IndexedFaceSet",
        base: None,
        default_name: None,
        fields: &[
            f("coord", Null),
            f("normal", Null),
            f("texCoord", Null),
            f("ccw", B(true)),
            f("coordIndex", Empty(T::MFInt32)),
            f("normalIndex", Empty(T::MFInt32)),
            f("texCoordIndex", Empty(T::MFInt32)),
            f("creaseAngle", F(0.0)),
            f("normalPerVertex", B(true)),
        ],
        open: true,
        legacy: &[],
    },
    closed("Coordinate", None, &[f("point", Empty(T::MFVec3f))]),
    NodeSchema {
        name: "Emitter",
        base: Some("Solid"),
        default_name: Some("emitter"),
        fields: &[
            f("type", S("radio")),
            f("range", F(-1.0)),
            f("maxRange", F(-1.0)),
            f("aperture", F(-1.0)),
            f("channel", I(0)),
            f("baudRate", I(-1)),
            f("byteSize", I(8)),
            f("bufferSize", I(-1)),
            f("allowedChannels", Empty(T::MFInt32)),
        ],
        open: false,
        legacy: &[],
    },
    NodeSchema {
        name: "Receiver",
        base: Some("Solid"),
        default_name: Some("receiver"),
        fields: &[
            f("type", S("radio")),
            f("aperture", F(-1.0)),
            f("channel", I(0)),
            f("baudRate", I(-1)),
            f("byteSize", I(8)),
            f("bufferSize", I(-1)),
            f("signalStrengthNoise", F(0.0)),
            f("directionNoise", F(0.0)),
            f("allowedChannels", Empty(T::MFInt32)),
        ],
        open: false,
        legacy: &[],
    },
    NodeSchema {
        name: "Compass",
        base: Some("Solid"),
        default_name: Some("compass"),
        fields: AXES_FIELDS,
        open: false,
        legacy: &[],
    },
    NodeSchema {
        name: "Connector",
        base: Some("Solid"),
        default_name: Some("connector"),
        fields: &[
            f("type", S("symmetric")),
            f("isLocked", B(false)),
            f("autoLock", B(false)),
            f("unilateralLock", B(true)),
            f("unilateralUnlock", B(true)),
            f("distanceTolerance", F(0.01)),
            f("axisTolerance", F(0.2)),
            f("rotationTolerance", F(0.2)),
            f("numberOfRotations", I(4)),
            f("snap", B(true)),
            f("tensileStrength", F(-1.0)),
            f("shearStrength", F(-1.0)),
        ],
        open: false,
        legacy: &[],
    },
    closed("HingeJoint", None, &[f("jointParameters", Null), f("device", Empty(T::MFNode)), f("endPoint", Null)]),
    closed("SliderJoint", None, &[f("jointParameters", Null), f("device", Empty(T::MFNode)), f("endPoint", Null)]),
    closed(
        "Hinge2Joint",
        None,
        &[
            f("jointParameters", Null),
            f("jointParameters2", Null),
            f("device", Empty(T::MFNode)),
            f("device2", Empty(T::MFNode)),
            f("endPoint", Null),
        ],
    ),
    closed(
        "BallJoint",
        None,
        &[
            f("jointParameters", Null),
            f("jointParameters2", Null),
            f("jointParameters3", Null),
            f("device", Empty(T::MFNode)),
            f("device2", Empty(T::MFNode)),
            f("device3", Empty(T::MFNode)),
            f("endPoint", Null),
        ],
    ),
    closed(
        "JointParameters",
        None,
        &[
            f("position", F(0.0)),
            f("axis", V3([0.0, 0.0, 1.0])),
            f("minStop", F(0.0)),
            f("maxStop", F(0.0)),
            f("springConstant", F(0.0)),
            f("dampingConstant", F(0.0)),
            f("staticFriction", F(0.0)),
        ],
    ),
    closed(
        "HingeJointParameters",
        None,
        &[
            f("position", F(0.0)),
            f("axis", V3([1.0, 0.0, 0.0])),
            f("anchor", V3([0.0, 0.0, 0.0])),
            f("minStop", F(0.0)),
            f("maxStop", F(0.0)),
            f("springConstant", F(0.0)),
            f("dampingConstant", F(0.0)),
            f("staticFriction", F(0.0)),
            f("suspensionSpringConstant", F(0.0)),
            f("suspensionDampingConstant", F(0.0)),
            f("suspensionAxis", V3([1.0, 0.0, 0.0])),
            f("stopERP", F(-1.0)),
            f("stopCFM", F(-1.0)),
        ],
    ),
    closed(
        "BallJointParameters",
        None,
        &[
            f("position", F(0.0)),
            f("anchor", V3([0.0, 0.0, 0.0])),
            f("minStop", F(0.0)),
            f("maxStop", F(0.0)),
            f("springConstant", F(0.0)),
            f("dampingConstant", F(0.0)),
            f("staticFriction", F(0.0)),
        ],
    ),
    closed("Damping", None, &[f("linear", F(0.2)), f("angular", F(0.2))]),
    closed(
        "ContactProperties",
        None,
        &[
            f("material1", S("default")),
            f("material2", S("default")),
            f("coulombFriction", FList(&[1.0])),
            f("frictionRotation", V2([0.0, 0.0])),
            f("rollingFriction", V3([0.0, 0.0, 0.0])),
            f("bounce", F(0.5)),
            f("bounceVelocity", F(0.01)),
            f("forceDependentSlip", FList(&[0.0])),
            f("softERP", F(0.2)),
            f("softCFM", F(0.001)),
            f("bumpSound", S("webots://projects/default/worlds/sounds/bump.wav")),
            f("rollSound", S("webots://projects/default/worlds/sounds/roll.wav")),
            f("slideSound", S("webots://projects/default/worlds/sounds/slide.wav")),
            f("maxContactPoints", I(-1)),
            f("maxContactJoints", I(10)),
        ],
    ),
    closed("Slot", None, &[f("type", S("")), f("endPoint", Null)]),
    NodeSchema {
        name: "Propeller",
        base: None,
        default_name: None,
        fields: &[
            f("shaftAxis", V3([1.0, 0.0, 0.0])),
            f("centerOfThrust", V3([0.0, 0.0, 0.0])),
            f("thrustConstants", V2([1.0, 0.0])),
            f("torqueConstants", V2([1.0, 0.0])),
            f("fastHelixThreshold", F(75.4)),
            f("device", Null),
            f("fastHelix", Null),
            f("slowHelix", Null),
        ],
        open: true,
        legacy: &[],
    },
    solid_device(
        "Track",
        "track",
        &[
            f("device", Empty(T::MFNode)),
            f("textureAnimation", V2([0.0, 0.0])),
            f("animatedGeometry", Null),
            f("geometriesCount", I(10)),
        ],
    ),
    closed("SolidReference", None, &[f("solidName", S(""))]),
    closed("Device", None, DEVICE_FIELDS),
    device("RotationalMotor", "rotational motor", motor_fields!("maxTorque")),
    device("LinearMotor", "linear motor", motor_fields!("maxForce")),
    device("PositionSensor", "position sensor", &[f("noise", F(0.0)), f("resolution", F(-1.0))]),
    device("Brake", "brake", &[]),
    device(
        "Skin",
        "skin",
        &[
            f("translation", V3([0.0, 0.0, 0.0])),
            f("rotation", R([0.0, 0.0, 1.0, 0.0])),
            f("scale", V3([1.0, 1.0, 1.0])),
        ],
    ),
    solid_device("Accelerometer", "accelerometer", AXES_FIELDS),
    solid_device("Altimeter", "altimeter", &[f("accuracy", F(0.0)), f("resolution", F(-1.0))]),
    solid_device(
        "Camera",
        "camera",
        &[
            f("fieldOfView", F(0.785398)),
            f("width", I(64)),
            f("height", I(64)),
            f("projection", S("planar")),
            f("near", F(0.01)),
            f("far", F(0.0)),
            f("exposure", F(1.0)),
            f("antiAliasing", B(false)),
            f("ambientOcclusionRadius", F(0.0)),
            f("bloomThreshold", F(-1.0)),
            f("motionBlur", F(0.0)),
            f("noise", F(0.0)),
            f("noiseMaskUrl", S("")),
            f("lens", Null),
            f("focus", Null),
            f("zoom", Null),
            f("recognition", Null),
            f("lensFlare", Null),
        ],
    ),
    solid_device(
        "DistanceSensor",
        "distance sensor",
        &[
            f("lookupTable", V3List(&[[0.0, 0.0, 0.0], [0.1, 1000.0, 0.0]])),
            f("type", S("generic")),
            f("numberOfRays", I(1)),
            f("aperture", F(1.5708)),
            f("gaussianWidth", F(1.0)),
            f("resolution", F(-1.0)),
            f("redColorSensitivity", F(1.0)),
        ],
    ),
    solid_device(
        "GPS",
        "gps",
        &[
            f("type", S("satellite")),
            f("accuracy", F(0.0)),
            f("noiseCorrelation", F(0.0)),
            f("resolution", F(-1.0)),
            f("speedNoise", F(0.0)),
            f("speedResolution", F(-1.0)),
        ],
    ),
    solid_device("Gyro", "gyro", AXES_FIELDS),
    NodeSchema {
        name: "InertialUnit",
        base: Some("Solid"),
        default_name: Some("inertial unit"),
        fields: &[
            f("noise", F(0.0)),
            f("xAxis", B(true)),
            f("yAxis", B(true)),
            f("zAxis", B(true)),
            f("resolution", F(-1.0)),
        ],
        open: true,
        legacy: &[("lookupTable", T::MFVec3f)],
    },
    solid_device("LED", "led", &[f("color", CList(&[[1.0, 0.0, 0.0]])), f("gradual", B(false))]),
    solid_device(
        "Lidar",
        "lidar",
        &[
            f("tiltAngle", F(0.0)),
            f("horizontalResolution", I(512)),
            f("fieldOfView", F(1.5708)),
            f("verticalFieldOfView", F(0.2)),
            f("numberOfLayers", I(4)),
            f("near", F(0.01)),
            f("minRange", F(0.01)),
            f("maxRange", F(1.0)),
            f("type", S("fixed")),
            f("projection", S("cylindrical")),
            f("noise", F(0.0)),
            f("resolution", F(-1.0)),
            f("defaultFrequency", F(10.0)),
            f("minFrequency", F(1.0)),
            f("maxFrequency", F(25.0)),
            f("rotatingHead", Null),
        ],
    ),
    solid_device(
        "LightSensor",
        "light sensor",
        &[
            f("lookupTable", V3List(&[[0.0, 0.0, 0.0], [1.0, 1000.0, 0.0]])),
            f("colorFilter", V3([1.0, 1.0, 1.0])),
            f("occlusion", B(false)),
            f("resolution", F(-1.0)),
        ],
    ),
    solid_device(
        "Pen",
        "pen",
        &[
            f("inkColor", V3([0.0, 0.0, 0.0])),
            f("inkDensity", F(0.5)),
            f("leadSize", F(0.002)),
            f("maxDistance", F(0.0)),
            f("write", B(true)),
        ],
    ),
    solid_device(
        "Radar",
        "radar",
        &[
            f("minRange", F(1.0)),
            f("maxRange", F(50.0)),
            f("horizontalFieldOfView", F(0.78)),
            f("verticalFieldOfView", F(0.1)),
            f("minAbsoluteRadialSpeed", F(0.0)),
            f("minRadialSpeed", F(0.0)),
            f("maxRadialSpeed", F(0.0)),
            f("cellDistance", F(0.0)),
            f("cellSpeed", F(0.0)),
            f("rangeNoise", F(0.0)),
            f("speedNoise", F(0.0)),
            f("angularNoise", F(0.0)),
            f("antennaGain", F(20.0)),
            f("frequency", F(24.0)),
            f("transmittedPower", F(20.0)),
            f("minDetectableSignal", F(-100.0)),
            f("occlusion", B(false)),
        ],
    ),
    solid_device(
        "RangeFinder",
        "range-finder",
        &[
            f("fieldOfView", F(0.785398)),
            f("width", I(64)),
            f("height", I(64)),
            f("projection", S("planar")),
            f("near", F(0.01)),
            f("minRange", F(0.01)),
            f("maxRange", F(1.0)),
            f("motionBlur", F(0.0)),
            f("noise", F(0.0)),
            f("resolution", F(-1.0)),
            f("lens", Null),
        ],
    ),
    solid_device("Speaker", "speaker", &[]),
    solid_device(
        "TouchSensor",
        "touch sensor",
        &[
            f("type", S("bumper")),
            f("lookupTable", V3List(&[[0.0, 0.0, 0.0], [5000.0, 50000.0, 0.0]])),
            f("resolution", F(-1.0)),
        ],
    ),
    solid_device(
        "VacuumGripper",
        "vacuum gripper",
        &[f("isOn", B(false)), f("tensileStrength", F(-1.0)), f("shearStrength", F(-1.0)), f("contactPoints", I(3))],
    ),
    solid_device("Display", "display", &[f("width", I(64)), f("height", I(64))]),
    solid_device("Microphone", "microphone", &[f("aperture", F(-1.0)), f("sensitivity", F(-50.0))]),
    solid_device(
        "Radio",
        "radio",
        &[
            f("protocol", S("802.11b")),
            f("txPowerMin", F(-10.0)),
            f("txPowerMax", F(10.0)),
            f("address", S("")),
            f("rxSensitivity", F(-100.0)),
            f("txPower", F(5.0)),
            f("frequency", F(2_400_000_000.0)),
            f("channel", I(0)),
            f("bitrate", I(1_000_000)),
        ],
    ),
    solid_device("Charger", "charger", &[]),
    open_node(
        "Recognition",
        &[
            f("maxRange", F(100.0)),
            f("maxObjects", I(-1)),
            f("occlusion", I(1)),
            f("frameColor", V3([1.0, 0.0, 0.0])),
            f("frameThickness", I(1)),
            f("segmentation", B(false)),
        ],
    ),
    open_node("Zoom", &[f("maxFieldOfView", F(1.5)), f("minFieldOfView", F(0.5))]),
    open_node(
        "Focus",
        &[
            f("focalDistance", F(0.0)),
            f("focalLength", F(0.0)),
            f("maxFocalDistance", F(0.0)),
            f("minFocalDistance", F(0.0)),
        ],
    ),
    open_node("Appearance", &[f("material", Null), f("texture", Null), f("textureTransform", Null)]),
    open_node(
        "Material",
        &[
            f("ambientIntensity", F(0.2)),
            f("diffuseColor", C([0.8, 0.8, 0.8])),
            f("emissiveColor", C([0.0, 0.0, 0.0])),
            f("shininess", F(0.2)),
            f("specularColor", C([0.0, 0.0, 0.0])),
            f("transparency", F(0.0)),
        ],
    ),
    open_node(
        "PBRAppearance",
        &[
            f("baseColor", C([1.0, 1.0, 1.0])),
            f("baseColorMap", Null),
            f("transparency", F(0.0)),
            f("roughness", F(0.0)),
            f("metalness", F(1.0)),
            f("emissiveColor", C([0.0, 0.0, 0.0])),
            f("emissiveIntensity", F(1.0)),
        ],
    ),
    open_node(
        "DirectionalLight",
        &[
            f("ambientIntensity", F(0.0)),
            f("color", C([1.0, 1.0, 1.0])),
            f("direction", V3([0.0, 0.0, -1.0])),
            f("intensity", F(1.0)),
            f("on", B(true)),
            f("castShadows", B(false)),
        ],
    ),
    open_node(
        "PointLight",
        &[
            f("ambientIntensity", F(0.0)),
            f("attenuation", V3([1.0, 0.0, 0.0])),
            f("color", C([1.0, 1.0, 1.0])),
            f("intensity", F(1.0)),
            f("location", V3([0.0, 0.0, 0.0])),
            f("on", B(true)),
            f("radius", F(100.0)),
            f("castShadows", B(false)),
        ],
    ),
    open_node(
        "SpotLight",
        &[
            f("ambientIntensity", F(0.0)),
            f("attenuation", V3([1.0, 0.0, 0.0])),
            f("beamWidth", F(1.570796)),
            f("color", C([1.0, 1.0, 1.0])),
            f("cutOffAngle", F(0.785398)),
            f("direction", V3([0.0, 0.0, -1.0])),
            f("intensity", F(1.0)),
            f("location", V3([0.0, 0.0, 0.0])),
            f("on", B(true)),
            f("radius", F(100.0)),
            f("castShadows", B(false)),
        ],
    ),
];

/// The modelled base type of this name ("Device", an internal pseudo base, is not a node type).
pub(crate) fn schema(name: &str) -> Option<&'static NodeSchema> {
    if name == "Device" {
        return None;
    }
    lookup(name)
}

fn lookup(name: &str) -> Option<&'static NodeSchema> {
    SCHEMAS.iter().find(|s| s.name == name)
}

/// The chain from the root base type down to `s` (at most a few levels).
fn chain(s: &'static NodeSchema) -> Vec<&'static NodeSchema> {
    let mut out = vec![s];
    let mut cur = s;
    while let Some(b) = cur.base.and_then(lookup) {
        if out.len() > 8 {
            break;
        }
        out.push(b);
        cur = b;
    }
    out.reverse();
    out
}

/// Every field of a type, base fields first, with its default for this type.
pub(crate) fn all_fields(s: &'static NodeSchema) -> Vec<(&'static FieldSpec, FieldValue)> {
    let chain = chain(s);
    let name_default = chain.iter().rev().find_map(|c| c.default_name);
    let mut out: Vec<(&'static FieldSpec, FieldValue)> = Vec::new();
    for c in chain {
        for spec in c.fields {
            let value = match (spec.name, name_default) {
                ("name", Some(n)) => FieldValue::SFString(n.to_string()),
                _ => spec.value(),
            };
            // A derived type restates a base field to give it its own default or to place it where
            // Webots lists it (field indices are visible through the supervisor API).
            out.retain(|(s, _)| s.name != spec.name);
            out.push((spec, value));
        }
    }
    out
}

/// The type of a field of this schema (legacy fields included).
pub(crate) fn field_type(s: &'static NodeSchema, name: &str) -> Option<FieldType> {
    for c in chain(s).into_iter().rev() {
        if let Some(spec) = c.fields.iter().find(|f| f.name == name) {
            return Some(spec.ty());
        }
        if let Some((_, t)) = c.legacy.iter().find(|(n, _)| *n == name) {
            return Some(*t);
        }
    }
    None
}

/// Whether unknown fields are kept (partly modelled type).
pub(crate) fn is_open(s: &'static NodeSchema) -> bool {
    s.open
}

/// The default of one field of a type, if the type is modelled and has that field.
pub(crate) fn default_of(type_name: &str, field: &str) -> Option<FieldValue> {
    let s = schema(type_name)?;
    all_fields(s).into_iter().find(|(spec, _)| spec.name == field).map(|(_, v)| v)
}

/// Whether a modelled type derives from Solid (Solid itself included).
pub(crate) fn is_solid_derived(type_name: &str) -> bool {
    schema(type_name).is_some_and(|s| chain(s).iter().any(|c| c.name == "Solid"))
}

/// Node types renamed by Webots over the years: old name → current name.
pub(crate) fn renamed(name: &str) -> &str {
    match name {
        "CameraFocus" => "Focus",
        "CameraLensDistortion" => "Lens",
        "CameraZoom" => "Zoom",
        other => other,
    }
}
