"""`InertialUnit` (inertial_unit.h): the device's orientation, as roll, pitch and yaw or a quaternion."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor

_get_roll_pitch_yaw = wb.function('wb_inertial_unit_get_roll_pitch_yaw', wb.doubles_t, wb.tag_t)
_get_quaternion = wb.function('wb_inertial_unit_get_quaternion', wb.doubles_t, wb.tag_t)
_get_noise = wb.function('wb_inertial_unit_get_noise', ctypes.c_double, wb.tag_t)


@device_class(NodeType.INERTIAL_UNIT)
class InertialUnit(Sensor):
    _enable = wb.function('wb_inertial_unit_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_inertial_unit_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getRollPitchYaw(self) -> typing.Optional[typing.List[float]]:
        return self.roll_pitch_yaw

    def getQuaternion(self) -> typing.Optional[typing.List[float]]:
        return self.quaternion

    def getNoise(self) -> float:
        return self.noise

    @property
    def roll_pitch_yaw(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_roll_pitch_yaw(self._tag), 3)

    @property
    def quaternion(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_quaternion(self._tag), 4)

    @property
    def noise(self) -> float:
        return _get_noise(self._tag)
