"""Drives both wheels at the speed (rad/s) given as its argument, until the run ends."""

import sys

from controller import Robot

robot = Robot()
speed = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
for side in ("left", "right"):
    motor = robot.getDevice(f"{side} wheel motor")
    motor.setPosition(float("inf"))
    motor.setVelocity(speed)
print(f"driver online at {speed} rad/s", flush=True)
step = int(robot.getBasicTimeStep())
while robot.step(step) != -1:
    pass
