"""`Joystick` (joystick.h). Headless, no joystick is ever connected."""

import ctypes

from . import wb
from .user_input import UserInput

_is_connected = wb.function('wb_joystick_is_connected', ctypes.c_bool)
_get_model = wb.function('wb_joystick_get_model', ctypes.c_char_p)
_get_number_of_axes = wb.function('wb_joystick_get_number_of_axes', ctypes.c_int)
_get_axis_value = wb.function('wb_joystick_get_axis_value', ctypes.c_int, ctypes.c_int)
_get_number_of_povs = wb.function('wb_joystick_get_number_of_povs', ctypes.c_int)
_get_pov_value = wb.function('wb_joystick_get_pov_value', ctypes.c_int, ctypes.c_int)
_get_pressed_button = wb.function('wb_joystick_get_pressed_button', ctypes.c_int)
_set_constant_force = wb.function('wb_joystick_set_constant_force', None, ctypes.c_int)
_set_constant_force_duration = wb.function('wb_joystick_set_constant_force_duration', None, ctypes.c_double)
_set_auto_centering_gain = wb.function('wb_joystick_set_auto_centering_gain', None, ctypes.c_double)
_set_resistance_gain = wb.function('wb_joystick_set_resistance_gain', None, ctypes.c_double)
_set_force_axis = wb.function('wb_joystick_set_force_axis', None, ctypes.c_int)


class Joystick(UserInput):
    _enable = wb.function('wb_joystick_enable', None, ctypes.c_int)
    _get_sampling_period = wb.function('wb_joystick_get_sampling_period', ctypes.c_int)

    def isConnected(self) -> bool:
        return self.is_connected

    def getModel(self) -> str:
        return self.model

    def getNumberOfAxes(self) -> int:
        return self.number_of_axes

    def getAxisValue(self, axis: int) -> int:
        return _get_axis_value(wb.integer(axis, 'Joystick.getAxisValue(): axis'))

    def getNumberOfPovs(self) -> int:
        return self.number_of_povs

    def getPovValue(self, pov: int) -> int:
        return _get_pov_value(wb.integer(pov, 'Joystick.getPovValue(): pov'))

    def getPressedButton(self) -> int:
        return self.pressed_button

    def setConstantForce(self, level: int):
        _set_constant_force(wb.integer(level, 'Joystick.setConstantForce(): level'))

    def setConstantForceDuration(self, duration: float):
        _set_constant_force_duration(wb.real(duration, 'Joystick.setConstantForceDuration(): duration'))

    def setAutoCenteringGain(self, gain: float):
        _set_auto_centering_gain(wb.real(gain, 'Joystick.setAutoCenteringGain(): gain'))

    def setResistanceGain(self, gain: float):
        _set_resistance_gain(wb.real(gain, 'Joystick.setResistanceGain(): gain'))

    def setForceAxis(self, axis: int):
        _set_force_axis(wb.integer(axis, 'Joystick.setForceAxis(): axis'))

    @property
    def is_connected(self) -> bool:
        return _is_connected()

    @property
    def model(self) -> str:
        return wb.decoded(_get_model())

    @property
    def number_of_axes(self) -> int:
        return _get_number_of_axes()

    @property
    def number_of_povs(self) -> int:
        return _get_number_of_povs()

    @property
    def pressed_button(self) -> int:
        return _get_pressed_button()
