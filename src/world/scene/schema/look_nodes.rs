//! What things look like and what lights them: camera parts (recognition, zoom, focus, lens),
//! appearances, materials, textures and lights.

use super::*;

// Webots writes these defaults as 4-digit decimals (0.7854, 1.5708), not as exact π fractions.
#[allow(clippy::approx_constant)]
pub(super) static NODES: &[NodeSchema] = &[
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
    // where the 3D view looks from (its defaults are what a supervisor reads when the world does not say)
    open_node(
        "Viewpoint",
        &[
            f("fieldOfView", F(0.785398)),
            f("orientation", R([0.0, 0.0, 1.0, 0.0])),
            f("position", V3([-10.0, 0.0, 0.0])),
            f("description", S("")),
            f("near", F(0.05)),
            f("far", F(0.0)),
            f("exposure", F(1.0)),
            f("follow", S("")),
            f("followType", S("Tracking Shot")),
            f("followSmoothness", F(0.5)),
            f("lensFlare", Null),
            f("ambientOcclusionRadius", F(2.0)),
            f("bloomThreshold", F(21.0)),
        ],
    ),
    // the sky's colours (the image URLs and irradiance fields are kept as written)
    open_node("Background", &[f("skyColor", CList(&[[0.0, 0.0, 0.0]])), f("luminosity", F(1.0))]),
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
