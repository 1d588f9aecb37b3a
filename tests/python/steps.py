"""Counts its steps until the run ends; prints its robot's name and the count."""

import sys

from controller import Robot

robot = Robot()
steps = 0
while robot.step() != -1:
    steps += 1
print(f'{robot.getName()}: -1 at t={robot.getTime():.3f} after {steps} steps, args {sys.argv[1:]}')
