"""Reports the robot's compass bearing (degrees from north, clockwise: 90 = facing east) whenever it
changes. The compass reads north in the device's frame; in an ENU world the bearing of the device's
+x axis is atan2(v[1], v[0]). A Python controller: the runner starts it with python3."""

import math

from controller import Robot


def bearing(north):
    degrees = math.degrees(math.atan2(north[1], north[0]))
    return degrees + 360.0 if degrees < 0.0 else degrees


robot = Robot()
step = int(robot.getBasicTimeStep())
compass = robot.getDevice('compass')
compass.enable(step)
last = -1.0
while robot.step(step) != -1:
    b = bearing(compass.getValues())
    if abs(b - last) > 0.05:
        print(f't = {robot.getTime():.3f} s: bearing {b:5.1f} deg')
        last = b
