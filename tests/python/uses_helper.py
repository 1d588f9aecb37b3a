"""Imports a module that only runtime.ini's PYTHONPATH reaches."""

import helper
from controller import Robot

robot = Robot()
robot.step()
print('helper says', helper.MESSAGE)
