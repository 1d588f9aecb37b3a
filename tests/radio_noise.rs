//! Receiver noise: drawn from a seeded portable generator, so noisy runs repeat exactly; another seed
//! gives other draws around the same true values.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 randomSeed 7 }
Robot { translation 2 0 0 name "talker" controller "chatter" children [ Emitter { } ] }
Robot {
  name "noisy" controller "noisy_listener"
  children [ Receiver { signalStrengthNoise 0.1 directionNoise 0.05 } ]
}
Robot { translation 0 1 0 name "exact" controller "noisy_listener" children [ Receiver { } ] }
"#;

fn values(lines: &[String]) -> Vec<[f64; 4]> {
    lines
        .iter()
        .map(|l| {
            let v: Vec<f64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2], v[3]]
        })
        .collect()
}

#[test]
fn noisy_runs_repeat_exactly_and_another_seed_draws_otherwise() {
    let p = Project::new();
    p.world("noise.wbt", WORLD);
    p.controller("chatter", "chatter");
    p.controller("noisy_listener", "noisy_listener");
    let first = p.run("noise.wbt", &["--until", "1"]);
    let second = p.run("noise.wbt", &["--until", "1"]);
    let reseeded = p.run("noise.wbt", &["--until", "1", "--seed", "8"]);
    for out in [&first, &second, &reseeded] {
        assert!(out.status.success(), "{}", out.stderr);
    }
    let noisy = values(&first.robot_lines("noisy"));
    // 31 packets sent (t = 32 .. 992 ms); the last one arrives with the final -1 and is not read
    assert_eq!(noisy.len(), 30);
    assert_eq!(first.robot_lines("noisy"), second.robot_lines("noisy"), "same seed, same draws");
    assert_ne!(first.robot_lines("noisy"), reseeded.robot_lines("noisy"), "another seed, other draws");

    // without noise: exactly 1/d² and the unit vector towards the talker
    let exact = values(&first.robot_lines("exact"));
    let d2 = 4.0 + 1.0;
    for v in &exact {
        assert!((v[0] - 1.0 / d2).abs() < 1e-12);
        assert!((v[1] - 2.0 / d2.sqrt()).abs() < 1e-12 && (v[2] + 1.0 / d2.sqrt()).abs() < 1e-12);
    }
    // with noise: every draw differs, directions stay unit vectors, values stay around the truth
    let mean_signal = noisy.iter().map(|v| v[0]).sum::<f64>() / noisy.len() as f64;
    assert!((mean_signal - 0.25).abs() < 0.02, "mean signal {mean_signal}");
    for v in &noisy {
        assert!(v[0] != 0.25 && v[0] >= 0.0);
        let norm = (v[1] * v[1] + v[2] * v[2] + v[3] * v[3]).sqrt();
        assert!((norm - 1.0).abs() < 1e-12);
        assert!(v[1] > 0.8, "direction {v:?} strays too far from (1, 0, 0)");
    }
}

#[test]
fn in_process_runs_check_their_seed_variable() {
    let p = Project::new();
    let world = p.world("noise.wbt", WORLD);
    p.controller("noisy_listener", "noisy_listener");
    let w = world.to_str().unwrap();
    let env = |seed| {
        vec![
            ("WEBOTS_SHIM_WORLD", w),
            ("WEBOTS_ROBOT_NAME", "noisy"),
            ("WEBOTS_SHIM_UNTIL", "0.2"),
            ("WEBOTS_SHIM_SEED", seed),
        ]
    };
    let good = p.run_controller("noisy_listener", &env("3"));
    assert!(good.status.success(), "{}", good.stderr);
    let bad = p.run_controller("noisy_listener", &env("x"));
    assert_eq!(bad.status.code(), Some(1));
    assert!(bad.stderr.contains("WEBOTS_SHIM_SEED must be an integer, not 'x'"), "{}", bad.stderr);
}
