"""tests/c/media_probe.c through the Python API (tests/media.rs), Radio aside: a speaker playing sound
files and speaking, a microphone, a skin without bones."""

import ctypes

from controller import Microphone, Robot, Skin, Speaker
from controller.wb import lib

robot = Robot()
speaker = robot.getDevice('speaker')
mic = robot.getDevice('microphone')
skin = robot.getDevice('skin')
assert isinstance(speaker, Speaker) and isinstance(mic, Microphone) and isinstance(skin, Skin)

# speaker: beep.wav lasts 100 ms
assert (speaker.getEngine(), speaker.getLanguage()) == ('pico', 'en-US')
assert speaker.setLanguage('fr-FR') and speaker.getLanguage() == 'fr-FR'
assert not speaker.setLanguage('xx-XX'), 'an unknown language'
assert not speaker.setLanguage('french'), 'a malformed language'
assert not speaker.setEngine('microsoft'), 'no microsoft engine on Linux'
Speaker.playSound(speaker, speaker, 'beep.wav', 2.0, 1.0, 0.0, False)
Speaker.playSound(speaker, speaker, 'hum.wav', 0.5, 1.0, 0.0, True)
speaker.playSound(speaker, speaker, 'nowhere.wav', 0.5, 1, 0, False)
for t in range(4):
    print('t=%d beep %d hum %d nowhere %d' % (32 * t, speaker.isSoundPlaying('beep.wav'),
                                              speaker.isSoundPlaying('hum.wav'), speaker.isSoundPlaying('nowhere.wav')))
    robot.step(32)
speaker.stop('hum.wav')
print('after stop any %d' % speaker.isSoundPlaying())
speaker.speak('hello', 1.0)
print('speaking %d' % speaker.isSpeaking())
robot.step(32)
print('speaking after a step %d' % speaker.isSpeaking())
for _ in range(10):  # "hello": 5 characters at 15 a second, 333 ms
    robot.step(32)
print('speaking after 11 steps %d' % speaker.isSpeaking())
try:
    Speaker.playSound(speaker, 'right', 'beep.wav', 1.0, 1.0, 0.0, False)
    raise AssertionError('no TypeError')
except TypeError as e:
    assert str(e) == 'Speaker.playSound(): right must be a Speaker, not str', e

# microphone: silence, then what the remote-control side gives it
mic.enable(32)
robot.step(32)
assert (mic.getSampleSize(), mic.getSampleData(), mic.getSamplingPeriod()) == (0, b'', 32)
lib.wbr_microphone_set_buffer.argtypes = [ctypes.c_ushort, ctypes.c_char_p, ctypes.c_int]
lib.wbr_microphone_set_buffer(mic._tag, bytes([1, 2, 0, 4]), 4)
assert (mic.getSampleSize(), mic.getSampleData()) == (4, bytes([1, 2, 0, 4]))

# skin: no bones without the mesh
assert skin.getBoneCount() == 0 and skin.bone_count == 0
assert skin.getBoneName(0) == '', 'a bone name'
assert skin.getBonePosition(0, True) is None and skin.getBoneOrientation(0, False) is None
skin.setBonePosition(0, [0, 0, 1], True)
print('media done')
