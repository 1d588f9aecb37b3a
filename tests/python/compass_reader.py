"""Reads two compasses (one with a lookup table) of a robot turned by 90 degrees, and lists its devices
with the class `getDevice` gives each."""

from controller import Robot

robot = Robot()
for i in range(robot.getNumberOfDevices()):
    device = robot.getDeviceByIndex(i)
    print(f'device {i}: {device.getName()} is a {type(device).__name__} (node type {device.getNodeType()})')
compass = robot.getDevice('compass')
scaled = robot.getDevice('scaled')
print('before the first sample:', compass.getValues())
compass.enable(32)
scaled.sampling_period = 64
print('sampling periods:', compass.getSamplingPeriod(), scaled.getSamplingPeriod())
print('lookup tables:', compass.getLookupTable(), scaled.getLookupTable())
for _ in range(2):
    robot.step(32)
    print(f't={robot.getTime():.3f}', [round(v, 3) + 0.0 for v in compass.getValues()],
          [round(v, 3) + 0.0 for v in scaled.getValues()])
compass.disable()
print('disabled:', compass.getSamplingPeriod())
