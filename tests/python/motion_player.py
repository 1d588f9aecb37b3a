"""tests/c/motion_player.c through the Python API (tests/robot_utils.rs): a motion file played onto the
robot's motors, read back as the motors' target positions step by step; a looping, reversed replay;
broken files and an invalid motion with Webots' messages."""

import ctypes

from check import expect_stderr
from controller import Motion, Robot
from controller.wb import lib

robot = Robot()
target = lib.wb_motor_get_target_position
target.restype, target.argtypes = ctypes.c_double, [ctypes.c_ushort]
hip, knee = (robot.getDevice(name)._tag for name in ('hip', 'knee'))


def step_and_expect(hip_position: float, knee_position: float):
    assert robot.step(32) == 0
    got = (target(hip), target(knee))
    assert got == (hip_position, knee_position), f'at {robot.getTime()}: {got}, expected {hip_position, knee_position}'


with open('walk.motion', 'w') as f:
    f.write('#WEBOTS_MOTION,V1.0,hip,knee,radio,ghost\n00:00:000,Start,0,0.1,*,1\n00:00:128,Mid,1,*,*,2\n'
            '00:00:256,End,-1,0.3,5,3\n')
walk = expect_stderr("Warning: wbu_motion_new(): ignoring joint 'ghost', specified in file 'walk.motion', but not "
                     "found in this robot.\n", lambda: Motion('walk.motion'))
assert walk.isValid() and (walk.getDuration(), walk.duration, walk.getTime()) == (256, 256, 0)
assert not walk.isOver(), 'over before playing'

step_and_expect(0.0, 0.0)  # not playing: nothing is set
walk.play()
step_and_expect(0.0, 0.1)
for hip_position in (0.25, 0.5, 0.75, 1.0, 0.5, 0.0, -0.5):
    step_and_expect(hip_position, 0.1)  # knee: '*' in the next pose
expect_stderr('Error: unexpeced type for device "radio".\n', lambda: step_and_expect(-1.0, 0.3))
assert walk.getTime() == 256 and walk.isOver(), 'not over at the end'

# backwards from the end, looping
walk.setReverse(True)
walk.setLoop(True)
assert not walk.isOver(), 'a looping motion is never over'
walk.setTime(64)
walk.play()
step_and_expect(0.5, 0.3)
step_and_expect(0.25, 0.3)
step_and_expect(0.0, 0.1)  # at the start: it loops to the end
assert walk.time == 256
walk.stop()
walk.time = -5
assert walk.getTime() == 0

# misuse and broken files
missing = expect_stderr("Error: wbu_motion_new(): could not open 'missing.motion' file.\n",
                        lambda: Motion('missing.motion'))
assert not missing.isValid()
expect_stderr("Error: wbu_motion_play() called with NULL 'motion' argument.\n", missing.play)
assert expect_stderr('Error: wbu_motion_get_duration() called with NULL argument.\n', missing.getDuration) == -1
try:
    walk.setLoop('yes')
    raise AssertionError('no TypeError')
except TypeError as e:
    assert str(e) == 'Motion.setLoop(): loop must be a bool, not str', e
del walk  # deleted with its object, without a word
print('motion_player: all checks passed at t=%.3f' % robot.getTime())
