"""The physics bench's MuJoCo side: steps an MJCF scene of robots and prints one JSON line.

usage: mujoco_step.py MODEL.xml MODE QUARTER WARMUP STEPS [sleep]

WARMUP and STEPS are multiples of QUARTER; WARMUP covers at least QUARTER steps and a second.

MODE is "pushed" (every wheel body, i.e. every body whose parent is not the world, gets the model's
custom numeric "torque" about the world's y axis through xfrc_applied, with a sign that is + for
QUARTER steps, - for 2 QUARTER, + for QUARTER, counted from the first step) or "free". The steps run
in chunks of QUARTER inside MuJoCo (mj_step with nstep), so no Python runs between the steps of a
chunk; the torques change only between chunks. Each chunk's wall time divided by its steps is one per-step sample.
"sleep" turns on MuJoCo's body sleeping (off by default).

Besides the timings, the line reports for robot 0 what the bench's scene check measures: after the
first QUARTER steps, how deep it settled and how far it drove along x, and its largest displacement
over the second after that.
"""

import json
import sys
import time

import mujoco


def main():
    path, mode, quarter, warmup, steps = sys.argv[1:6]
    quarter, warmup, steps = int(quarter), int(warmup), int(steps)
    model = mujoco.MjModel.from_xml_path(path)
    if "sleep" in sys.argv[6:]:
        model.opt.enableflags |= mujoco.mjtEnableBit.mjENBL_SLEEP
    data = mujoco.MjData(model)
    wheels = [b for b in range(1, model.nbody) if model.body_parentid[b] != 0]
    torque = model.numeric("torque").data[0]
    mujoco.mj_forward(model, data)
    robot = model.body("r0").id
    start = data.xpos[robot].copy()
    done = 0
    per_step = []
    settled = start
    depth = drive = None
    rest = 0.0

    def run(k):
        nonlocal done
        if mode == "pushed":
            phase = done % (4 * quarter)
            sign = 1.0 if phase < quarter or phase >= 3 * quarter else -1.0
            data.xfrc_applied[wheels, 4] = sign * torque
        t0 = time.perf_counter()
        mujoco.mj_step(model, data, nstep=k)
        elapsed = time.perf_counter() - t0
        done += k
        return elapsed

    second = round(1.0 / model.opt.timestep)
    # the warm-up step by step (for the checks), then timed chunks of QUARTER steps
    while done < warmup:
        run(1)
        if done == quarter:
            settled = data.xpos[robot].copy()
            depth = float(-settled[2])
            drive = float(settled[0] - start[0])
        elif quarter < done <= quarter + second:
            rest = max(rest, float(sum((data.xpos[robot] - settled) ** 2) ** 0.5))
    while done < warmup + steps:
        per_step.append(run(quarter) / quarter * 1000.0)
    per_step.sort()

    def at(q):
        return per_step[round((len(per_step) - 1) * q)]

    print(
        json.dumps(
            {
                "version": mujoco.__version__,
                "median_ms": at(0.5),
                "quartiles_ms": [at(0.25), at(0.75)],
                "chunks": len(per_step),
                "drive_m": drive,
                "depth_m": depth,
                "rest_m": rest,
                "asleep": int(model.ntree - data.ntree_awake),
            }
        )
    )


main()
