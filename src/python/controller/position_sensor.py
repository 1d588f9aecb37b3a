"""`PositionSensor` (position_sensor.h): the position of a joint axis, in radians or metres."""

import ctypes

from . import wb
from .device import device_class, device_or_none
from .node_type import NodeType
from .sensor import Sensor

_get_value = wb.function('wb_position_sensor_get_value', ctypes.c_double, wb.tag_t)
_get_type = wb.function('wb_position_sensor_get_type', ctypes.c_int, wb.tag_t)
_get_motor = wb.function('wb_position_sensor_get_motor', wb.tag_t, wb.tag_t)
_get_brake = wb.function('wb_position_sensor_get_brake', wb.tag_t, wb.tag_t)


@device_class(NodeType.POSITION_SENSOR)
class PositionSensor(Sensor):
    ROTATIONAL = 0
    LINEAR = 1
    _enable = wb.function('wb_position_sensor_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_position_sensor_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValue(self) -> float:
        return self.value

    def getType(self) -> int:
        return self.type

    def getMotor(self):
        return self.motor

    def getBrake(self):
        return self.brake

    @property
    def value(self) -> float:
        return _get_value(self._tag)

    @property
    def type(self) -> int:
        return _get_type(self._tag)

    @property
    def motor(self):
        """The motor on the same joint axis, or None."""
        return device_or_none(_get_motor(self._tag))

    @property
    def brake(self):
        """The Brake on the same joint axis, or None."""
        return device_or_none(_get_brake(self._tag))
