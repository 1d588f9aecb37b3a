"""`Mouse` (mouse.h) and `MouseState` (mouse_state.h)."""

import ctypes

from . import wb
from .user_input import UserInput


class _WbMouseState(ctypes.Structure):
    _fields_ = [('left', ctypes.c_bool), ('middle', ctypes.c_bool), ('right', ctypes.c_bool),
                ('u', ctypes.c_double), ('v', ctypes.c_double),
                ('x', ctypes.c_double), ('y', ctypes.c_double), ('z', ctypes.c_double)]


_get_state_pointer = wb.function('wb_mouse_get_state_pointer', ctypes.POINTER(_WbMouseState))
_enable_3d_position = wb.function('wb_mouse_enable_3d_position', None)
_disable_3d_position = wb.function('wb_mouse_disable_3d_position', None)
_is_3d_position_enabled = wb.function('wb_mouse_is_3d_position_enabled', ctypes.c_bool)


class MouseState:
    """The buttons, and the position in the 3D view (u, v) and in the scene (x, y, z); NaN where unknown."""

    def __init__(self, u: float, v: float, x: float, y: float, z: float, left: bool, middle: bool, right: bool):
        self.u, self.v, self.x, self.y, self.z = u, v, x, y, z
        self.left, self.middle, self.right = left, middle, right


class Mouse(UserInput):
    _enable = wb.function('wb_mouse_enable', None, ctypes.c_int)
    _get_sampling_period = wb.function('wb_mouse_get_sampling_period', ctypes.c_int)

    def getState(self) -> MouseState:
        s = _get_state_pointer().contents
        return MouseState(s.u, s.v, s.x, s.y, s.z, s.left, s.middle, s.right)

    def enable3dPosition(self):
        _enable_3d_position()

    def disable3dPosition(self):
        _disable_3d_position()

    def is3dPositionEnabled(self) -> bool:
        return _is_3d_position_enabled()
