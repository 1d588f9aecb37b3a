//! Splitting delivery across threads must not change what any receiver gets, nor its noise draws.

use std::path::Path;

use nalgebra::{Point3, Vector3};

use super::nodes::{EmitterNode, Medium, Origin, Packet, ReceiverNode};
use super::{inside_cone, measure, Blocked, Radio, Threads};
use crate::protocol::{node_type::node_type_from_name, DeviceEvents, EventRef};
use crate::world::robots::table::robot_entries;
use crate::world::scene::{parse_world_str, LoadOptions, Scene};

/// Robots scattered over 12 x 12 m, with every medium, channels, cones, noise and ranges mixed, and a
/// wall for infra-red to be blocked by.
fn mixed_world(robots: usize) -> String {
    let mut w = String::from("#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 randomSeed 3 }\n");
    w += "Solid { translation 6 6 0 name \"wall\" boundingObject Box { size 0.2 4 1 } }\n";
    let media = ["radio", "serial", "infra-red"];
    for i in 0..robots {
        let (x, y) = ((i * 7919 % 1201) as f64 / 100.0, (i * 104_729 % 1199) as f64 / 100.0);
        let m = media[i % 3];
        let range = [1.5, 3.0, -1.0, 2.0][i % 4];
        let channel = [-1, 1, 2][i % 3];
        let noise = if i % 2 == 0 { "signalStrengthNoise 0.3 directionNoise 0.1" } else { "" };
        w += &format!(
            "Robot {{ translation {x} {y} 0 rotation 0 0 1 {} name \"r{i}\" children [ \
             Emitter {{ type \"{m}\" range {range} channel {channel} aperture 2 }} \
             Receiver {{ type \"{m}\" channel {} aperture 3 {noise} }} ] }}\n",
            i as f64 * 0.7,
            [1, -1, 2, 1][i % 4]
        );
    }
    w
}

/// The radio of `scene` as the world builds it: (radio, per robot its receivers' indexes).
fn radio_of(scene: &Scene, threads: Threads) -> Radio {
    let mut radio = Radio::new(scene);
    radio.threads = threads;
    let (emitter, receiver) = (node_type_from_name("Emitter"), node_type_from_name("Receiver"));
    let mut warnings = Vec::new();
    for (robot, entry) in robot_entries(scene).iter().enumerate() {
        for (i, &node) in entry.devices.iter().enumerate() {
            if scene.node_type(node) == emitter {
                radio.add_emitter(EmitterNode::from_scene(scene, node, &mut warnings));
            } else if scene.node_type(node) == receiver {
                let r = ReceiverNode::from_scene(scene, node, 3, &mut warnings);
                radio.add_receiver(r, robot, (i + 1) as u16);
            }
        }
    }
    radio.refresh(scene);
    radio
}

/// The rule spelled out, packet by packet: emitters in scene order, each one's packets first in first
/// out, each offered to every receiver.
fn transmit_one_by_one(radio: &mut Radio, blocked: &Blocked<'_>) {
    let queued = std::mem::take(&mut radio.queued);
    let mut scene_order: Vec<usize> = (0..radio.emitters.len()).collect();
    scene_order.sort_by_key(|&ei| radio.emitter_rank[ei]);
    for ei in scene_order {
        let e = &radio.emitters[ei];
        let from = Point3::from(radio.emitter_pose[ei].translation.vector);
        for (_, p) in queued.iter().filter(|(e, _)| *e as usize == ei) {
            let range = e.effective_range(p.range);
            for (ri, r) in radio.receivers.iter_mut().enumerate() {
                let to = radio.receiver_at[ri];
                if r.medium != e.medium || !r.sampling.enabled() || !r.hears(p.channel) || r.robot_node == e.robot_node
                {
                    continue;
                }
                if range >= 0.0 && (to - from).norm_squared() > range * range {
                    continue;
                }
                if e.medium == Medium::InfraRed {
                    let e_axis = radio.emitter_pose[ei].rotation * Vector3::x();
                    let r_axis = radio.receiver_pose[ri].rotation * Vector3::x();
                    if !inside_cone(&e_axis, &(to - from), e.aperture)
                        || !inside_cone(&r_axis, &(from - to), r.aperture)
                        || blocked(&from, &to, e.robot_node, r.robot_node)
                    {
                        continue;
                    }
                }
                let (direction, signal) = measure(&radio.receiver_pose[ri], &from, r);
                if r.measured_at != radio.pose_version {
                    (r.measured_at, r.measured_from) = (radio.pose_version, r.waiting.len());
                }
                r.waiting.push_packet(radio.receiver_owner[ri].1, r.channel, direction, signal, &p.data);
                r.origins.push(Origin { range, emitter: ei as u32 });
            }
        }
    }
}

/// Every robot sends one or two packets a step for `steps` steps; the robots' outboxes at the end.
fn run(scene: &Scene, threads: Threads, steps: usize) -> Vec<DeviceEvents> {
    run_with(scene, threads, steps, |radio, blocked, end, outboxes| radio.step(blocked, end, outboxes))
}

/// The rule spelled out, then the step that follows with nothing left to send: only the hand-over.
fn step_one_by_one(radio: &mut Radio, blocked: &Blocked<'_>, end_ms: f64, outboxes: &mut [DeviceEvents]) {
    transmit_one_by_one(radio, blocked);
    radio.step(blocked, end_ms, outboxes);
}

fn run_with(
    scene: &Scene,
    threads: Threads,
    steps: usize,
    step_fn: impl Fn(&mut Radio, &Blocked<'_>, f64, &mut [DeviceEvents]),
) -> Vec<DeviceEvents> {
    let mut radio = radio_of(scene, threads);
    let robots = radio.receivers.len();
    for (i, r) in radio.receivers.iter_mut().enumerate() {
        r.sampling.set_period([32, 64][i % 2], 0.0);
    }
    let mut outboxes = vec![DeviceEvents::default(); robots];
    for step in 1..=steps {
        // packets arrive from the robots in any order (here the reverse of the scene's, every other
        // step); they go out in scene order
        let emitters = radio.emitters.len();
        for k in 0..emitters {
            let i = if step % 2 == 0 { emitters - 1 - k } else { k };
            for p in 0..1 + (i + step) % 2 {
                let data: Vec<u8> = (0..[4, 30][p]).map(|b| (i + step + b) as u8).collect();
                let range = [0.0, 2.5, -1.0][(i + p) % 3];
                radio.send(i, Packet { channel: [1, -1, 2][(i + step) % 3], range, data: data.as_slice().into() });
            }
        }
        let blocked = |from: &Point3<f64>, to: &Point3<f64>, _, _| {
            (from.x - 6.0).signum() != (to.x - 6.0).signum() && (to.y - 6.0).abs() < 2.0
        };
        step_fn(&mut radio, &blocked, step as f64 * 32.0, &mut outboxes);
    }
    outboxes
}

#[test]
fn delivery_follows_the_packet_by_packet_rule_exactly() {
    let scene = parse_world_str(&mixed_world(90), "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let one = Threads { max: 1, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 };
    let expected = run_with(&scene, one, 6, step_one_by_one);
    assert!(expected.iter().map(DeviceEvents::items).sum::<usize>() > 2000);
    assert!(run(&scene, one, 6) == expected, "receiver by receiver differs from packet by packet");
}

/// Steady traffic (the same packets from the same places, step after step, as in a static world) and
/// then a move: still the packet-by-packet rule, step by step.
#[test]
fn steady_traffic_and_then_a_move_follow_the_rule() {
    let mut scene = parse_world_str(&mixed_world(60), "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let one = Threads { max: 1, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 };
    let (mut fast, mut plain) = (radio_of(&scene, one), radio_of(&scene, one));
    let mut outboxes = [vec![DeviceEvents::default(); 60], vec![DeviceEvents::default(); 60]];
    for step in 1..=6 {
        if step == 4 {
            let robot = scene.robots()[7];
            *scene.field_mut(robot, "translation").unwrap() = crate::world::scene::FieldValue::SFVec3f([6.5, 6.5, 0.0]);
            fast.refresh(&scene);
            plain.refresh(&scene);
        }
        for (k, radio) in [&mut fast, &mut plain].into_iter().enumerate() {
            for (i, r) in radio.receivers.iter_mut().enumerate().filter(|_| step == 1) {
                r.sampling.set_period([32, 64][i % 2], 0.0);
            }
            for e in 0..radio.emitters.len() {
                radio.send(e, Packet { channel: -1, range: 3.0, data: [5u8, 6][..].into() });
            }
            let blocked = |_: &Point3<f64>, _: &Point3<f64>, _, _| false;
            if k == 0 {
                radio.step(&blocked, step as f64 * 32.0, &mut outboxes[k]);
            } else {
                step_one_by_one(radio, &blocked, step as f64 * 32.0, &mut outboxes[k]);
            }
        }
        assert!(outboxes[0] == outboxes[1], "step {step} differs");
    }
    assert!(outboxes[0].iter().map(DeviceEvents::items).sum::<usize>() > 300);
}

#[test]
fn threads_deliver_exactly_what_one_thread_does() {
    let scene = parse_world_str(&mixed_world(90), "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let one = Threads { max: 1, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 };
    let single = run(&scene, one, 6);
    let delivered: usize = single.iter().map(DeviceEvents::items).sum();
    assert!(delivered > 2000, "the world should carry plenty of packets, got {delivered}");
    assert!(single.iter().filter(|o| o.is_empty()).count() < 10, "most robots should hear something");
    for max in [2, 3, 7] {
        let split = Threads { max, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 };
        assert_eq!(radio_of(&scene, split).parts.len(), max, "{max} parts expected");
        assert!(run(&scene, split, 6) == single, "{max} threads changed the deliveries");
    }
    // more parts than threads: whichever thread takes which part, the same deliveries
    let cut = Threads { max: 2, parts_per_thread: 3, min_receivers: 1, min_deliveries: 0 };
    assert_eq!(radio_of(&scene, cut).parts.len(), 6);
    assert!(run(&scene, cut, 6) == single, "six parts on two threads changed the deliveries");
}

#[test]
fn small_worlds_and_light_steps_stay_on_one_thread() {
    let scene = parse_world_str(&mixed_world(30), "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let radio = radio_of(&scene, Threads { max: 2, parts_per_thread: 1, min_receivers: 512, min_deliveries: 0 });
    assert_eq!(radio.parts.len(), 1);
    let mut radio = radio_of(&scene, Threads { max: 4, parts_per_thread: 1, min_receivers: 10, min_deliveries: 1000 });
    assert_eq!(radio.parts.len(), 3, "one part per 10 receivers, at most 4");
    let covered: Vec<(usize, usize)> = radio.parts.iter().map(|p| (p.start, p.end)).collect();
    assert_eq!(covered, vec![(0, 10), (10, 20), (20, 30)]);
    // the first step cannot know its load: one thread; then as many as the last step deserves
    radio.receivers.iter_mut().for_each(|r| r.sampling.set_period(32, 0.0));
    let mut used = Vec::new();
    let mut outboxes = vec![DeviceEvents::default(); 30];
    for packets in [20, 20, 1, 1] {
        for e in 0..radio.emitters.len() {
            for _ in 0..packets {
                radio.send(e, Packet { channel: -1, range: -1.0, data: [7u8][..].into() });
            }
        }
        radio.step(&|_, _, _, _| false, 32.0, &mut outboxes);
        used.push((radio.threads_used, radio.delivered >= 1000));
    }
    assert_eq!(used, vec![(1, true), (3, true), (3, false), (1, false)]);
}

const MOVING_WORLD: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
    Robot { translation 0 0 0 name \"talker\" children [ \
      Emitter { name \"radio\" range 5 } Emitter { name \"ir\" type \"infra-red\" range 5 } ] }\n\
    Robot { translation 2 0 0 name \"ear\" children [ \
      Receiver { name \"radio\" } Receiver { name \"ir\" type \"infra-red\" } ] }\n\
    Robot { translation 4.5 0 0 name \"far ear\" children [ \
      Receiver { name \"radio\" } Receiver { name \"ir\" type \"infra-red\" } ] }\n";

/// `MOVING_WORLD` with its receivers sampling every `period` ms, and a way to send one packet from each
/// emitter.
fn moving_world(period: u32) -> (Scene, Radio) {
    let scene = parse_world_str(MOVING_WORLD, "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let mut radio = radio_of(&scene, Threads { max: 1, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 });
    for r in &mut radio.receivers {
        r.sampling.set_period(period, 0.0);
    }
    (scene, radio)
}

/// One packet from every emitter, in the step that ends at `end_ms`.
fn send_one_each(radio: &mut Radio, end_ms: f64, outboxes: &mut [DeviceEvents]) {
    for e in 0..radio.emitters.len() {
        radio.send(e, Packet { channel: 0, range: 5.0, data: [1u8][..].into() });
    }
    radio.step(&|_, _, _, _| false, end_ms, outboxes);
}

fn move_talker(scene: &mut Scene, radio: &mut Radio) {
    let talker = scene.robots()[0];
    *scene.field_mut(talker, "translation").unwrap() = crate::world::scene::FieldValue::SFVec3f([-1.0, 0.0, 0.0]);
    radio.refresh(scene);
}

/// Asserts that receiver `tag` of `robot` got packets from -x with these signal strengths.
fn assert_heard(outboxes: &[DeviceEvents], robot: usize, tag: u16, signals: &[f64]) {
    let got: Vec<([f64; 3], f64)> = outboxes[robot]
        .iter()
        .filter(|(t, _)| *t == tag)
        .filter_map(|(_, ev)| match ev {
            EventRef::Packet(p) => Some(p.measure.values()),
            _ => None,
        })
        .collect();
    assert_eq!(got.len(), signals.len(), "robot {robot} tag {tag}: {got:?} vs signals {signals:?}");
    for ((direction, signal), w) in got.iter().zip(signals) {
        assert!((direction[0] + 1.0).abs() < 1e-12 && direction[1].abs() < 1e-12, "{direction:?}");
        assert!((signal - w).abs() < 1e-12, "robot {robot} tag {tag}: signal {signal}, expected {w}");
    }
}

/// Packets waiting when things move: radio ones are measured again from the new poses at the sample
/// (or dropped when now out of range), infra-red ones keep the measurement made when they were sent,
/// and packets sent after the move are measured once.
#[test]
fn waiting_radio_packets_follow_a_move_and_infra_red_ones_do_not() {
    let (mut scene, mut radio) = moving_world(64);
    let mut outboxes = vec![DeviceEvents::default(); 3];
    send_one_each(&mut radio, 32.0, &mut outboxes);
    assert!(outboxes.iter().all(DeviceEvents::is_empty), "nothing is due at 32 ms");
    move_talker(&mut scene, &mut radio);
    send_one_each(&mut radio, 64.0, &mut outboxes);
    // the ear, now 3 m away: both radio packets measured from there; infra-red keeps 2 m for the first
    assert_heard(&outboxes, 1, 1, &[1.0 / 9.0, 1.0 / 9.0]);
    assert_heard(&outboxes, 1, 2, &[1.0 / 4.0, 1.0 / 9.0]);
    // the far ear, now 5.5 m away: the first radio packet is dropped, the infra-red one stays at 4.5 m
    assert_heard(&outboxes, 2, 1, &[]);
    assert_heard(&outboxes, 2, 2, &[1.0 / 20.25]);
}

/// Receivers sampled every step take the step's packets as places in one table shared by every outbox,
/// measured when read: the values of the poses at delivery, whatever moves afterwards. A noisy
/// receiver's values are drawn at delivery, the same in every run.
#[test]
fn packets_handed_over_at_once_share_the_step_table_and_keep_their_delivery_values() {
    let noisy_run = || {
        let (mut scene, mut radio) = moving_world(32);
        // the far ear's radio receiver
        radio.receivers[2].signal_noise = 0.5;
        let mut outboxes = vec![DeviceEvents::default(); 3];
        send_one_each(&mut radio, 32.0, &mut outboxes);
        // the talker's outbox has nothing; the ear's holds the radio table; the far ear measured its own
        assert_eq!(std::sync::Arc::strong_count(&radio.outgoing[0].table), 2);
        assert_eq!(std::sync::Arc::strong_count(&radio.outgoing[2].table), 1, "infra-red is measured at once");
        assert_heard(&outboxes, 1, 1, &[1.0 / 4.0]);
        // the talker moves after delivery: what was delivered keeps its values, the next packet has new ones
        move_talker(&mut scene, &mut radio);
        assert_heard(&outboxes, 1, 1, &[1.0 / 4.0]);
        send_one_each(&mut radio, 64.0, &mut outboxes);
        assert_heard(&outboxes, 1, 1, &[1.0 / 4.0, 1.0 / 9.0]);
        assert_heard(&outboxes, 1, 2, &[1.0 / 4.0, 1.0 / 9.0]);
        outboxes
    };
    let (first, second) = (noisy_run(), noisy_run());
    assert!(first == second, "noisy draws differ between two runs");
    let far: Vec<f64> = first[2]
        .iter()
        .filter(|(tag, _)| *tag == 1)
        .filter_map(|(_, ev)| match ev {
            EventRef::Packet(p) => Some(p.measure.values().1),
            _ => None,
        })
        .collect();
    assert_eq!(far.len(), 1, "the far ear hears the talker at 4.5 m only");
    assert!(far[0] != 1.0 / 20.25 && far[0] > 0.0, "noise expected around 1/20.25: {far:?}");
}

/// Only packets that wait past the step they came in keep a record of where they came from: a receiver
/// sampled at the end of the step needs none (nothing moves between a step's sending and its sample).
#[test]
fn only_packets_that_wait_keep_their_origin() {
    for period in [32, 64] {
        let (_, mut radio) = moving_world(period);
        let mut outboxes = vec![DeviceEvents::default(); 3];
        send_one_each(&mut radio, 32.0, &mut outboxes);
        let handed: usize = outboxes.iter().map(DeviceEvents::items).sum();
        let waiting: Vec<usize> = radio.receivers.iter().map(|r| r.waiting.len()).collect();
        let origins: Vec<usize> = radio.receivers.iter().map(|r| r.origins.len()).collect();
        if period == 32 {
            assert!(handed >= 3 && waiting.iter().all(|&w| w == 0), "handed over at once: {handed}, {waiting:?}");
        } else {
            assert!(handed == 0 && waiting.iter().sum::<usize>() >= 3, "all waiting: {waiting:?}");
        }
        assert_eq!(origins, waiting, "period {period}: an origin for each packet left waiting");
    }
}

/// Robots with one to three receivers: the parts given to threads never cut a robot's receivers apart
/// (each part owns its robots' outboxes), and still change nothing.
#[test]
fn parts_never_split_a_robot_and_threads_still_change_nothing() {
    let mut w = String::from("#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n");
    for i in 0..40 {
        let ears = "Receiver { channel -1 } ".repeat(i % 3 + 1);
        w += &format!(
            "Robot {{ translation {} {} 0 name \"r{i}\" children [ Emitter {{ range 3 channel 1 }} {ears}] }}\n",
            i % 7,
            i / 7
        );
    }
    let scene = parse_world_str(&w, "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let single = run(&scene, Threads { max: 1, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 }, 4);
    assert!(single.iter().map(DeviceEvents::items).sum::<usize>() > 500);
    for max in [2, 3, 5, 11] {
        let split = Threads { max, parts_per_thread: 1, min_receivers: 1, min_deliveries: 0 };
        let radio = radio_of(&scene, split);
        assert!(radio.parts.len() > 1, "{max}");
        for part in &radio.parts[1..] {
            let (before, first) = (radio.receiver_owner[part.start - 1].0, radio.receiver_owner[part.start].0);
            assert_ne!(before, first, "{max} parts: a robot's receivers were cut apart at {}", part.start);
        }
        assert!(run(&scene, split, 4) == single, "{max} parts changed the deliveries");
    }
}

#[test]
fn emitters_are_ranked_in_scene_order_again_when_their_nodes_change() {
    let text = "#VRML_SIM R2025a utf8\n\
        Robot { name \"a\" children [ Emitter { } ] }\n\
        Robot { name \"b\" children [ Emitter { } ] }\n";
    let scene = parse_world_str(text, "t.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let emitter = node_type_from_name("Emitter");
    let nodes: Vec<_> = scene.preorder().into_iter().filter(|&n| scene.node_type(n) == emitter).collect();
    let mut radio = Radio::new(&scene);
    let mut warnings = Vec::new();
    for &node in nodes.iter().rev() {
        radio.add_emitter(EmitterNode::from_scene(&scene, node, &mut warnings));
    }
    radio.refresh(&scene);
    assert_eq!(radio.emitter_rank, [1, 0]);
    radio.refresh(&scene);
    assert_eq!(radio.emitter_rank, [1, 0]);
    // devices that follow rebuilt nodes (a template regenerated): here each other's
    radio.emitters[0].node = nodes[0];
    radio.emitters[1].node = nodes[1];
    radio.refresh(&scene);
    assert_eq!(radio.emitter_rank, [0, 1]);
}

/// A static world keeps each receiver's list of packets in reach from step to step: what a receiver
/// hears still follows every change, whether of the packets' ranges, of where things are, or of who
/// listens.
#[test]
fn kept_lists_of_packets_in_reach_follow_what_changes() {
    let (mut scene, mut radio) = moving_world(32);
    let mut outboxes = vec![DeviceEvents::default(); 3];
    // the far ear's radio receiver starts deaf
    radio.receivers[2].sampling = Default::default();
    let mut step = 0;
    let mut send = |radio: &mut Radio, range: f64, outboxes: &mut Vec<DeviceEvents>| {
        step += 1;
        outboxes.iter_mut().for_each(DeviceEvents::clear);
        for e in 0..radio.emitters.len() {
            radio.send(e, Packet { channel: 0, range, data: [1u8][..].into() });
        }
        radio.step(&|_, _, _, _| false, f64::from(step) * 32.0, outboxes);
    };
    // the ear 2 m away, the far ear 4.5 m away (1/d² signals)
    let (ear, far) = (1.0 / 4.0, 1.0 / 20.25);
    for _ in 0..3 {
        send(&mut radio, 5.0, &mut outboxes);
        assert_heard(&outboxes, 1, 1, &[ear]);
        assert_heard(&outboxes, 1, 2, &[ear]);
        assert_heard(&outboxes, 2, 1, &[]);
        assert_heard(&outboxes, 2, 2, &[far]);
    }
    // listening from the 4th step on (sampled at its end), with the lists kept while it was deaf
    radio.receivers[2].sampling.set_period(32, 3.0 * 32.0);
    send(&mut radio, 5.0, &mut outboxes);
    assert_heard(&outboxes, 2, 1, &[far]);
    // a shorter range: the far ear is out of it, then back in
    for _ in 0..3 {
        send(&mut radio, 3.0, &mut outboxes);
        assert_heard(&outboxes, 1, 1, &[ear]);
        assert_heard(&outboxes, 2, 1, &[]);
        assert_heard(&outboxes, 2, 2, &[]);
    }
    for _ in 0..3 {
        send(&mut radio, 5.0, &mut outboxes);
        assert_heard(&outboxes, 2, 1, &[far]);
        assert_heard(&outboxes, 2, 2, &[far]);
    }
    // the talker moves 1 m away: the ear is 3 m away, the far ear 5.5 m (out of range)
    move_talker(&mut scene, &mut radio);
    for _ in 0..3 {
        send(&mut radio, 5.0, &mut outboxes);
        assert_heard(&outboxes, 1, 1, &[1.0 / 9.0]);
        assert_heard(&outboxes, 1, 2, &[1.0 / 9.0]);
        assert_heard(&outboxes, 2, 1, &[]);
        assert_heard(&outboxes, 2, 2, &[]);
    }
    // the far ear comes to 3.5 m: no emitter moved, the packets are the same, but it hears them now
    let far_ear = scene.robots()[2];
    *scene.field_mut(far_ear, "translation").unwrap() = crate::world::scene::FieldValue::SFVec3f([2.5, 0.0, 0.0]);
    radio.refresh(&scene);
    for _ in 0..3 {
        send(&mut radio, 5.0, &mut outboxes);
        assert_heard(&outboxes, 2, 1, &[1.0 / 12.25]);
        assert_heard(&outboxes, 2, 2, &[1.0 / 12.25]);
    }
}
