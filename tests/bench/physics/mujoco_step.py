"""The physics bench's MuJoCo side: steps an MJCF scene of robots and prints one JSON line.

usage: mujoco_step.py MODEL.xml MODE QUARTER DRIVE_FROM DRIVE_TO WARMUP STEPS [sleep] [geometric]

The model's robots are bodies r0, r1... each with two wheel actuators and two rangefinders (left,
right, in that order), facing a wall `wall_x` ahead of their starting point; its custom numerics
hold the controller's numbers. MODE "driving": before every step each robot's wheels get the
velocities (ramped) the bench's shuttle controller computes from its last readings (the same law as
tests/bench/physics/robot.rs `Shuttle`, on all robots at once with numpy); "standing": the wheels are
held at 0. WARMUP steps run untimed, then STEPS steps each timed alone (one mj_step; the controller's
arithmetic between steps is not timed). "sleep" turns on MuJoCo's body sleeping (off by default).
"geometric" removes the rangefinders from the model (MuJoCo casts each of their rays against every
geom) and gives the controller the same distances computed with numpy from the sites' poses, untimed:
the robots move the same, MuJoCo's step is the physics alone.

Besides the timings, the line reports what the bench's scene check measures: robot 0's depth after
QUARTER steps and its largest displacement over the second after that, its drive along x from step
DRIVE_FROM to step DRIVE_TO, the step at which it first turned back, and the largest difference up
to step DRIVE_TO between a reading and the distance along the sensor's ray to the wall, and the
largest torque an actuator applied.
"""

import json
import sys
import time

import mujoco
import numpy as np


def main():
    path, mode = sys.argv[1:3]
    quarter, drive_from, drive_to, warmup, steps = (int(a) for a in sys.argv[3:8])
    geometric = "geometric" in sys.argv[8:]
    if geometric:
        spec = mujoco.MjSpec.from_file(path)
        for sensor in list(spec.sensors):
            spec.delete(sensor)
        model = spec.compile()
    else:
        model = mujoco.MjModel.from_xml_path(path)
    if "sleep" in sys.argv[8:]:
        model.opt.enableflags |= mujoco.mjtEnableBit.mjENBL_SLEEP
    data = mujoco.MjData(model)
    number = {k: model.numeric(k).data[0] for k in ("speed", "ramp", "near", "far", "gain", "turn_max", "range", "wall_x")}
    reach = number["range"]
    n = model.nu // 2
    robots = np.array([model.body(f"r{i}").id for i in range(n)])
    sites = np.array([model.site(f"s{i}_{k}").id for i in range(n) for k in range(2)])
    faces = np.repeat(model.body_pos[robots, 0] + number["wall_x"], 2)
    forward = np.ones(n, dtype=bool)
    readings = np.full((n, 2), np.nan)

    def control():
        nonlocal forward
        if mode != "driving":
            data.ctrl[:] = 0.0
            return
        d = np.where(np.isnan(readings) | (readings < 0) | (readings > reach), reach, readings)
        mean = d.mean(axis=1)
        turning_back, turning_on = forward & (mean < number["near"]), ~forward & (mean > number["far"])
        forward = (forward & ~turning_back) | turning_on
        v = np.where(forward, number["speed"], -number["speed"])
        turn = np.clip(number["gain"] * (d[:, 0] - d[:, 1]), -number["turn_max"], number["turn_max"])
        for k, target in enumerate((v + turn, v - turn)):
            now = data.ctrl[k::2]
            data.ctrl[k::2] = now + np.clip(target - now, -number["ramp"], number["ramp"])

    def wall_distances():
        # after mj_step, the sites' poses and the readings are both those of the state the step began in
        origin = data.site_xpos[sites]
        direction_x = data.site_xmat[sites, 2]
        along = (faces - origin[:, 0]) / direction_x
        return np.where((along > 0) & (along <= reach), along, reach)

    def sensor_error():
        read = data.sensordata[: 2 * n]
        read = np.where((read < 0) | (read > reach), reach, read)
        return float(np.max(np.abs(read - wall_distances())))

    mujoco.mj_forward(model, data)
    robot = robots[0]
    done = 0
    per_step = []
    start = data.xpos[robot].copy()
    settled = start
    depth = rest = drive = error = 0.0
    turned = 0
    torque = 0.0
    while done < warmup + steps:
        control()
        t0 = time.perf_counter()
        mujoco.mj_step(model, data)
        elapsed = time.perf_counter() - t0
        done += 1
        readings[:] = (wall_distances() if geometric else data.sensordata[: 2 * n]).reshape(n, 2)
        torque = max(torque, float(np.max(np.abs(data.actuator_force))))
        if done > warmup:
            per_step.append(elapsed * 1000.0)
        if done <= drive_to and not geometric:
            error = max(error, sensor_error())
        if done == drive_from:
            start = data.xpos[robot].copy()
        elif done == drive_to:
            drive = float(data.xpos[robot][0] - start[0])
        if done == quarter:
            settled = data.xpos[robot].copy()
            depth = float(-settled[2])
        elif quarter < done <= quarter + round(1.0 / model.opt.timestep):
            rest = max(rest, float(np.linalg.norm(data.xpos[robot] - settled)))
        if turned == 0 and not forward[0]:
            turned = done
    per_step.sort()

    def at(q):
        return per_step[round((len(per_step) - 1) * q)]

    print(
        json.dumps(
            {
                "version": mujoco.__version__,
                "median_ms": at(0.5),
                "quartiles_ms": [at(0.25), at(0.75)],
                "depth_m": depth,
                "rest_m": rest,
                "drive_m": drive,
                "turned": turned,
                "sensor_error_m": error,
                "asleep": int(model.ntree - data.ntree_awake),
                "torque_nm": torque,
            }
        )
    )


main()
