"""tests/c/sensors_probe.c through the Python API (tests/world_sensors.rs): a radar, light sensors, a pen
and a vacuum gripper; prints the lines the C probe prints."""

from controller import LightSensor, Pen, Radar, RadarTarget, Robot, VacuumGripper

robot = Robot()
radar = robot.getDevice('radar')
near, far, hidden = (robot.getDevice(f'{n} light sensor') for n in ('near', 'far', 'hidden'))
pen = robot.getDevice('pen')
gripper = robot.getDevice('gripper')
assert isinstance(radar, Radar) and isinstance(pen, Pen) and isinstance(gripper, VacuumGripper)
assert all(isinstance(s, LightSensor) for s in (near, far, hidden))

assert radar.getMaxRange() == 50.0 and radar.getHorizontalFov() == 0.78 and radar.max_range == 50.0
table = near.getLookupTable()
assert len(table) == 6 and table[4] == 1000.0 and near.lookup_table == table
assert not gripper.isOn() and not gripper.on, 'the pump starts off'
assert radar.getNumberOfTargets() == 0  # disabled: message
assert radar.getTargets() == []

radar.enable(32)
for sensor in (near, far, hidden):
    sensor.enable(32)
gripper.enablePresence(32)
assert gripper.getPresenceSamplingPeriod() == 32
pen.setInkColor(0xFF8000, 0.75)
robot.step(32)

targets = radar.getTargets()
assert len(targets) == radar.getNumberOfTargets() and all(isinstance(t, RadarTarget) for t in targets)
print('radar %d' % len(targets) + ''.join(' | %.4f %.4f %.4f %.4f' % (t.distance, t.received_power, t.speed, t.azimuth)
                                          for t in targets))
print('light %.4f %.4f %.4f' % (near.getValue(), far.getValue(), hidden.value))
print('presence before %d' % gripper.getPresence())

gripper.turnOn()
assert gripper.isOn(), 'turned on'
for _ in range(5):
    robot.step(32)
print('presence on %d' % gripper.getPresence())
pen.write(False)  # no more marks from now on
gripper.turnOff()
robot.step(32)
robot.step(32)
print('presence off %d' % gripper.presence)
