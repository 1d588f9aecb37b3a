"""`Brake` (brake.h): extra damping on a joint axis."""

import ctypes

from . import wb
from .device import Device, device_class, device_or_none
from .node_type import NodeType

_set_damping_constant = wb.function('wb_brake_set_damping_constant', None, wb.tag_t, ctypes.c_double)
_get_type = wb.function('wb_brake_get_type', ctypes.c_int, wb.tag_t)
_get_motor = wb.function('wb_brake_get_motor', wb.tag_t, wb.tag_t)
_get_position_sensor = wb.function('wb_brake_get_position_sensor', wb.tag_t, wb.tag_t)


@device_class(NodeType.BRAKE)
class Brake(Device):
    ROTATIONAL = 0
    LINEAR = 1

    def setDampingConstant(self, dampingConstant: float):
        _set_damping_constant(self._tag, wb.real(dampingConstant, 'Brake.setDampingConstant(): dampingConstant'))

    def getType(self) -> int:
        return self.type

    def getMotor(self):
        return self.motor

    def getPositionSensor(self):
        return self.position_sensor

    @property
    def type(self) -> int:
        return _get_type(self._tag)

    @property
    def motor(self):
        """The motor on the same joint axis, or None."""
        return device_or_none(_get_motor(self._tag))

    @property
    def position_sensor(self):
        """The PositionSensor on the same joint axis, or None."""
        return device_or_none(_get_position_sensor(self._tag))
