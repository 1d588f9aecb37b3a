"""`Motion` (utils/motion.h): a motion file played onto the robot's motors, pose after pose, as the robot
steps."""

import ctypes

from . import wb

_new = wb.function('wbu_motion_new', wb.ref_t, ctypes.c_char_p)
_delete = wb.function('wbu_motion_delete', None, wb.ref_t)
_play = wb.function('wbu_motion_play', None, wb.ref_t)
_stop = wb.function('wbu_motion_stop', None, wb.ref_t)
_set_loop = wb.function('wbu_motion_set_loop', None, wb.ref_t, ctypes.c_bool)
_set_reverse = wb.function('wbu_motion_set_reverse', None, wb.ref_t, ctypes.c_bool)
_is_over = wb.function('wbu_motion_is_over', ctypes.c_bool, wb.ref_t)
_get_duration = wb.function('wbu_motion_get_duration', ctypes.c_int, wb.ref_t)
_get_time = wb.function('wbu_motion_get_time', ctypes.c_int, wb.ref_t)
_set_time = wb.function('wbu_motion_set_time', None, wb.ref_t, ctypes.c_int)


class Motion:
    def __init__(self, filename: str):
        """Loads the file; a file that cannot be read gets the library's error and an invalid motion."""
        self._ref = _new(wb.text(filename, 'Motion(): filename'))

    def __del__(self):
        if getattr(self, '_ref', None):
            _delete(self._ref)
            self._ref = None

    def isValid(self) -> bool:
        return bool(self._ref)

    def play(self):
        _play(self._ref)

    def stop(self):
        _stop(self._ref)

    def setLoop(self, loop: bool):
        _set_loop(self._ref, wb.flag(loop, 'Motion.setLoop(): loop'))

    def setReverse(self, reverse: bool):
        _set_reverse(self._ref, wb.flag(reverse, 'Motion.setReverse(): reverse'))

    def isOver(self) -> bool:
        return _is_over(self._ref)

    def getDuration(self) -> int:
        return self.duration

    def getTime(self) -> int:
        return self.time

    def setTime(self, time: int):
        self.time = time

    @property
    def duration(self) -> int:
        """In milliseconds."""
        return _get_duration(self._ref)

    @property
    def time(self) -> int:
        """The motion's time, in milliseconds."""
        return _get_time(self._ref)

    @time.setter
    def time(self, time: int):
        _set_time(self._ref, wb.integer(time, 'Motion.setTime(): time'))
