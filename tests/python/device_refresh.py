"""Devices imported into the robot while its controller runs (Webots' python_device_refresh scenario):
getDevice and getDeviceByIndex find them, each as its class, the same object either way; prints what
it finds (tests/python.rs)."""

from controller import Supervisor

robot = Supervisor()
step = 32
at_start = robot.getNumberOfDevices()
children = robot.getSelf().getField('children')

children.importMFNodeFromString(-1, 'DistanceSensor { name "late_sensor" }')
robot.step(step)
sensor = robot.getDevice('late_sensor')
print(f'after one import: {robot.getNumberOfDevices() - at_start} more, {type(sensor).__name__}')

children.importMFNodeFromString(-1, 'Camera { name "late_camera" width 4 height 4 }')
robot.step(step)
camera = robot.getDeviceByIndex(at_start + 1)
print(f'after two imports: {robot.getNumberOfDevices() - at_start} more, {type(camera).__name__}, '
      f'same object by name: {camera is robot.getDevice("late_camera")}')

sensor.enable(step)
robot.step(step)
print(f'the imported sensor reads {sensor.getValue()}')
