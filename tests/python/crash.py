"""Steps twice, then fails with an exception."""

from controller import Robot

robot = Robot()
robot.step()
robot.step()
print('about to fail')
raise RuntimeError('boom')
