"""`Keyboard` (keyboard.h): key codes of the robot's keyboard."""

import ctypes

from . import wb
from .user_input import UserInput

_get_key = wb.function('wb_keyboard_get_key', ctypes.c_int)


class Keyboard(UserInput):
    END = 312
    HOME = 313
    LEFT = 314
    UP = 315
    RIGHT = 316
    DOWN = 317
    PAGEUP = 366
    PAGEDOWN = 367
    NUMPAD_HOME = 375
    NUMPAD_LEFT = 376
    NUMPAD_UP = 377
    NUMPAD_RIGHT = 378
    NUMPAD_DOWN = 379
    NUMPAD_END = 382
    KEY = 0xffff
    SHIFT = 0x10000
    CONTROL = 0x20000
    ALT = 0x40000
    _enable = wb.function('wb_keyboard_enable', None, ctypes.c_int)
    _get_sampling_period = wb.function('wb_keyboard_get_sampling_period', ctypes.c_int)

    def getKey(self) -> int:
        """The next pressed key with its modifiers, -1 when there is none."""
        return _get_key()
