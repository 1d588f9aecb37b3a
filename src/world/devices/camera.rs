//! Camera: an image of the visual shapes (render.rs: one ray per pixel, lit and exposed by Webots'
//! rules in shading.rs, the Background's sky colour behind), BGRA, with Gaussian noise of
//! σ = noise · 255 per channel; the near and far planes clip; zoom is kept and reported, a Focus blurs
//! (`depth_of_field.rs`). With a
//! Recognition node: the Solids with recognition colours in view (see `recognition.rs`), and the
//! segmentation image.

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use rayon::prelude::*;

use super::depth_of_field::{self, Focus};
use super::family::{same, Ctx, Family, Owner};
use super::motion_blur::MotionBlur;
use super::recognition::{recognize, RecognitionParams};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{
    CameraSetup, Command, DeviceData, DeviceSetup, ImagerCommand, ImagerSetup, Projection, Recognition,
};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::devices::sampling::Sampling;
use crate::world::geometry::laser_spot::{LaserSpot, LaserSpots};
use crate::world::geometry::rays::Rays;
use crate::world::geometry::render::{pixels, VisualScene};
use crate::world::geometry::shading::{tone_map, untone_map, Lighting};
use crate::world::scene::{NodeId, Scene};

struct Camera {
    node: NodeId,
    owner: Owner,
    setup: CameraSetup,
    far: f64,
    noise: f64,
    /// `motionBlur`: the pixels' response time (ms), 0 for none; the running average when there is one.
    motion_blur: f64,
    blur: Option<Box<MotionBlur>>,
    recognition: Option<RecognitionParams>,
    image: Sampling,
    recognizing: Sampling,
    segmentation: bool,
    rng: Box<ChaCha8Rng>,
}

#[derive(Default)]
pub struct CameraFamily {
    cameras: Vec<Camera>,
}

impl Camera {
    fn read(&mut self, scene: &Scene) {
        let n = self.node;
        let fov = scene.sf_float(n, "fieldOfView");
        let (min_fov, max_fov) = match scene.sf_node(n, "zoom") {
            Some(z) => (scene.sf_float(z, "minFieldOfView"), scene.sf_float(z, "maxFieldOfView")),
            None => (fov, fov),
        };
        let focus = scene.sf_node(n, "focus");
        let f = |name: &str| focus.map_or(0.0, |f| scene.sf_float(f, name));
        let recognition = scene.sf_node(n, "recognition");
        self.setup = CameraSetup {
            width: scene.sf_int(n, "width").max(0),
            height: scene.sf_int(n, "height").max(0),
            fov,
            near: scene.sf_float(n, "near"),
            projection: Projection::from_field(&scene.sf_string(n, "projection"), scene.sf_bool(n, "spherical")),
            min_fov,
            max_fov,
            exposure: scene.sf_float(n, "exposure"),
            focal_length: f("focalLength"),
            focal_distance: f("focalDistance"),
            min_focal_distance: f("minFocalDistance"),
            max_focal_distance: f("maxFocalDistance"),
            has_recognition: recognition.is_some(),
            segmentation: recognition.is_some_and(|r| scene.sf_bool(r, "segmentation")),
        };
        self.far = scene.sf_float(n, "far");
        self.noise = scene.sf_float(n, "noise");
        self.motion_blur = scene.sf_float(n, "motionBlur");
        self.recognition = recognition.map(|r| RecognitionParams {
            max_range: scene.sf_float(r, "maxRange"),
            max_objects: scene.sf_int(r, "maxObjects"),
            occlusion: scene.sf_int(r, "occlusion"),
        });
    }

    /// The camera's image of `view` under `lighting`, with the lasers' `spots`, BGRA (`shading.rs`): the
    /// pixels are cast (on several threads for big images); with a `focus` or a `motionBlur`, their
    /// linear colours are blurred (`depth_of_field.rs`), then blended into the earlier frames
    /// (`motion_blur.rs`), before the exposure, in Webots' order; then the noise is drawn pixel after
    /// pixel from the camera's stream.
    fn render(
        &mut self,
        scene: &Scene,
        view: &VisualScene,
        lighting: &Lighting,
        spots: &LaserSpots,
        now_ms: f64,
    ) -> Vec<u8> {
        let s = self.setup.clone();
        let pose = scene.global_pose(self.node);
        let origin = Point3::from(pose.translation.vector);
        let far = if self.far > 0.0 { self.far - s.near } else { f64::INFINITY };
        // what the ray of pixel (i, j) meets, and how far along the camera's axis
        let trace = |i: i32, j: i32| -> (Seen, f64) {
            let d = s.projection.direction(s.fov, s.width, s.height, i, j);
            // the near plane (a sphere for spherical projections) clips what is closer
            let start = if s.projection == Projection::Planar { s.near / d[0].max(1e-9) } else { s.near };
            let dir = pose.rotation * Vector3::from(d);
            let from = origin + dir * start;
            let hit = view.cast_normal(&from, &dir, far);
            // a laser's spot lies on the surface hit, lifted toward its sensor
            let reach = hit.map_or(far, |(_, toi, _)| toi + 1e-9);
            if let Some((t, normal)) = (!spots.is_empty()).then(|| spots.meet(&from, &dir, reach)).flatten() {
                let light = lighting.shade(&LaserSpot::surface(), &(from + dir * t), &normal);
                return (Seen::Light(light), (start + t) * d[0]);
            }
            match hit {
                Some((item, toi, normal)) => {
                    let item = &view.items()[item];
                    // an unlit surface's light is its own (`Lighting::shade`)
                    let light = lighting.shade(&item.surface, &(from + dir * toi), &normal);
                    (Seen::Light(light), (start + toi) * d[0])
                }
                None => (Seen::Sky, f64::INFINITY),
            }
        };
        let focus = Focus::of(s.projection == Projection::Planar, s.focal_distance, s.focal_length);
        let rgb = if focus.is_none() && self.motion_blur <= 0.0 {
            // no effect: straight to bytes
            let sky = view.background.map(to_byte);
            pixels(s.width, s.height, |i, j| match trace(i, j).0 {
                Seen::Light(light) => light.map(|c| to_byte(tone_map(c, s.exposure))),
                Seen::Sky => sky,
            })
        } else {
            let sky_depth = if self.far > 0.0 { self.far } else { depth_of_field::DEFAULT_FAR };
            let (w, h) = (s.width.max(0) as usize, s.height.max(0) as usize);
            let (mut light, depth): (Vec<[f64; 3]>, Vec<f64>) = (0..w * h)
                .into_par_iter()
                .map(|p| match trace((p % w) as i32, (p / w) as i32) {
                    (Seen::Light(light), depth) => (light, depth),
                    // the sky is taken back through the exposure, as Webots clears its sky
                    (Seen::Sky, _) => (view.background.map(|c| untone_map(c, s.exposure)), sky_depth),
                })
                .unzip();
            if let Some(focus) = focus {
                depth_of_field::apply(&focus, w, h, &mut light, &depth);
            }
            if self.motion_blur > 0.0 {
                self.blur.get_or_insert_with(Default::default).blend(&mut light, self.motion_blur, now_ms);
            }
            light.iter().flat_map(|l| l.map(|c| to_byte(tone_map(c, s.exposure)))).collect()
        };
        let mut image = Vec::with_capacity(rgb.len() / 3 * 4);
        for p in rgb.chunks_exact(3) {
            let [r, g, b] = [p[0], p[1], p[2]].map(|c| self.noisy(c));
            image.extend_from_slice(&[b, g, r, 255]);
        }
        image
    }

    fn noisy(&mut self, c: u8) -> u8 {
        if self.noise <= 0.0 {
            return c;
        }
        let g: f64 = StandardNormal.sample(&mut *self.rng);
        (f64::from(c) + g * self.noise * 255.0).round().clamp(0.0, 255.0) as u8
    }
}

/// What a pixel's ray meets: light to map through the exposure (a lit surface's, or the unlit light of
/// one without material), or the sky, shown as written.
enum Seen {
    Light([f64; 3]),
    Sky,
}

fn to_byte(c: f64) -> u8 {
    (c.clamp(0.0, 1.0) * 255.0).round() as u8
}

impl Family for CameraFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        seed: i32,
        _warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.node_type(node) != node_type_from_name("Camera") {
            return None;
        }
        let setup = CameraSetup {
            width: 0,
            height: 0,
            fov: 0.0,
            near: 0.0,
            projection: Projection::Planar,
            min_fov: 0.0,
            max_fov: 0.0,
            exposure: 0.0,
            focal_length: 0.0,
            focal_distance: 0.0,
            min_focal_distance: 0.0,
            max_focal_distance: 0.0,
            has_recognition: false,
            segmentation: false,
        };
        let mut camera = Camera {
            node,
            owner,
            setup,
            far: 0.0,
            noise: 0.0,
            motion_blur: 0.0,
            blur: None,
            recognition: None,
            image: Sampling::default(),
            recognizing: Sampling::default(),
            segmentation: false,
            rng: Box::new(device_rng(seed, node)),
        };
        camera.read(scene);
        self.cameras.push(camera);
        Some(self.cameras.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        DeviceSetup::Imager(ImagerSetup::Camera(self.cameras[i].setup.clone()))
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        let c = &mut self.cameras[i];
        match command {
            Command::Sampling(period) => c.image.set_period(*period, ctx.now),
            Command::Imager(ImagerCommand::CameraFov(fov)) => c.setup.fov = *fov,
            Command::Imager(ImagerCommand::CameraExposure(e)) => c.setup.exposure = *e,
            Command::Imager(ImagerCommand::CameraFocalDistance(d)) => c.setup.focal_distance = *d,
            Command::Imager(ImagerCommand::RecognitionSampling(period)) => c.recognizing.set_period(*period, ctx.now),
            Command::Imager(ImagerCommand::Segmentation(on)) => c.segmentation = *on,
            _ => {}
        }
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        let due: Vec<(usize, bool, bool)> = self
            .cameras
            .iter_mut()
            .enumerate()
            .map(|(i, c)| (i, c.image.due(ctx.now), c.recognizing.due(ctx.now)))
            .filter(|&(_, image, recognize)| image || recognize)
            .collect();
        if due.is_empty() {
            return;
        }
        // one view of the world for every camera of this step
        let view = VisualScene::build(ctx.scene);
        let rays = Rays::of(ctx.physics.as_deref(), ctx.obstacles);
        let lighting = Lighting::of(ctx.scene);
        for (i, image, recognizing) in due {
            let c = &mut self.cameras[i];
            if image {
                let pixels = c.render(ctx.scene, &view, &lighting, ctx.laser_spots, ctx.now);
                ctx.outboxes[c.owner.robot].push_data(c.owner.tag, DeviceData::Image(pixels));
            }
            if let (true, Some(params)) = (recognizing, c.recognition.as_ref()) {
                let pose = ctx.scene.global_pose(c.node);
                let (objects, segmentation) = recognize(
                    ctx.scene,
                    &view,
                    &rays,
                    c.node,
                    &pose,
                    &c.setup,
                    params,
                    c.segmentation && c.setup.segmentation,
                );
                let data = DeviceData::Recognition(Recognition { objects, segmentation });
                ctx.outboxes[c.owner.robot].push_data(c.owner.tag, data);
            }
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, node: NodeId, _field: &str) {
        // a field of a camera's Recognition, Zoom or Focus node is one of the camera's
        let owner = || {
            self.cameras.iter().position(|c| {
                ["recognition", "zoom", "focus"].iter().any(|f| ctx.scene.sf_node(c.node, f) == Some(node))
            })
        };
        let Some(i) = device.or_else(owner) else { return };
        let before = self.setup(i);
        self.cameras[i].read(ctx.scene);
        let after = self.setup(i);
        if after != before {
            let o = self.cameras[i].owner;
            ctx.outboxes[o.robot].push_config(o.tag, after);
        }
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<CameraFamily>(fresh) else { return };
        for (old, new) in self.cameras.iter().zip(fresh.cameras.iter_mut()) {
            new.image = old.image.clone();
            new.image.reset();
            new.recognizing = old.recognizing.clone();
            new.recognizing.reset();
            new.segmentation = old.segmentation;
        }
    }

    fn reseed(&mut self, seed: i32) {
        for c in &mut self.cameras {
            *c.rng = device_rng(seed, c.node);
        }
    }

    fn silence(&mut self, robot: usize) {
        for c in self.cameras.iter_mut().filter(|c| c.owner.robot == robot) {
            c.image = Sampling::default();
            c.recognizing = Sampling::default();
        }
    }

    fn remove(&mut self, i: usize) {
        self.cameras[i].image = Sampling::default();
        self.cameras[i].recognizing = Sampling::default();
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.cameras[i].node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
