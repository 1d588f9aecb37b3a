"""Benchmark controller, the Python twin of tests/c/bench_loop.c: steps until the run ends, doing
nothing ("idle") or reading its compass and sending a 16-byte packet every step ("compass")."""

import struct
import sys
import time

from controller import Robot

robot = Robot()
step = int(robot.getBasicTimeStep())
work = len(sys.argv) > 1 and sys.argv[1] == 'compass'
compass = robot.getDevice('compass')
emitter = robot.getDevice('emitter')
if work:
    compass.enable(step)
steps = 0
start = time.perf_counter()
while robot.step(step) != -1:
    if work:
        north = compass.getValues()
        emitter.send(struct.pack('2d', north[0], north[1]))
    steps += 1
print(f'steps={steps} seconds={time.perf_counter() - start:.6f}')
