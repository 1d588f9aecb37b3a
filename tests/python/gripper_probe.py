"""tests/c/gripper_probe.c through the Python API (tests/world_sensors.rs): a vacuum gripper facing down
with a box hanging from it; prints, every 64 ms, the presence and the box's height."""

from controller import Supervisor

robot = Supervisor()
gripper = robot.getDevice('gripper')
box = robot.getFromDef('BOX')
assert gripper is not None and box is not None, 'gripper or box missing'
gripper.enablePresence(32)
gripper.turnOn()
for i in range(1, 11):
    robot.step(32)
    if i % 2 == 0:
        print('t=%d presence %d z %.3f' % (32 * i, gripper.getPresence(), box.getPosition()[2]))
