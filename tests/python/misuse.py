"""Wrong names, wrong types and wrong uses: each gets Webots' message or a Python TypeError that names
the method, never a ctypes error; the run goes on."""

from controller import Robot

robot = Robot()


def attempt(what, call):
    try:
        print(what, '->', repr(call()))
    except TypeError as e:
        print(what, '-> TypeError:', e)


attempt('getDevice("nope")', lambda: robot.getDevice('nope'))
attempt('getDevice(3)', lambda: robot.getDevice(3))
attempt('step(32.0)', lambda: robot.step(32.0))
emitter = robot.getDevice('emitter')
receiver = robot.getDevice('receiver')
attempt('send(123)', lambda: emitter.send(123))
attempt('send([])', lambda: emitter.send([]))
attempt('send(b"")', lambda: emitter.send(b''))
attempt('setChannel("x")', lambda: emitter.setChannel('x'))
attempt('setChannel(-5)', lambda: emitter.setChannel(-5))
attempt('getBytes() on an empty queue', receiver.getBytes)
attempt('getEmitterDirection() on an empty queue', receiver.getEmitterDirection)
second = Robot()
attempt('a second Robot: getName()', second.getName)
steps = 0
while robot.step() != -1:
    steps += 1
print('over after', steps, 'steps at', robot.getTime())
robot.step()
print('UNREACHABLE: the step after -1 ends the controller')
