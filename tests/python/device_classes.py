"""Every device gets its class from getDevice (and from the deprecated typed getters, with Webots'
warning); the robot window calls; AnsiCodes."""

from controller import AnsiCodes, Device, Robot

robot = Robot()
for i in range(robot.getNumberOfDevices()):
    device = robot.getDeviceByIndex(i)
    print(f'{device.getName()}: {type(device).__name__} {isinstance(device, Device)}')
print('deprecated:', type(robot.getCamera('camera')).__name__, type(robot.getLidar('lidar')).__name__)
print('deprecated, not found:', robot.getDisplay('nope'))
robot.wwiSendText('hello window')
print('from the window:', robot.wwiReceiveText())
print(AnsiCodes.RED_FOREGROUND + 'red' + AnsiCodes.RESET)
while robot.step() != -1:
    pass
