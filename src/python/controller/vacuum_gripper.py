"""`VacuumGripper` (vacuum_gripper.h): takes hold of what it touches while on."""

import ctypes

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_enable_presence = wb.function('wb_vacuum_gripper_enable_presence', None, wb.tag_t, ctypes.c_int)
_disable_presence = wb.function('wb_vacuum_gripper_disable_presence', None, wb.tag_t)
_get_presence_sampling_period = wb.function('wb_vacuum_gripper_get_presence_sampling_period', ctypes.c_int,
                                            wb.tag_t)
_get_presence = wb.function('wb_vacuum_gripper_get_presence', ctypes.c_bool, wb.tag_t)
_turn_on = wb.function('wb_vacuum_gripper_turn_on', None, wb.tag_t)
_turn_off = wb.function('wb_vacuum_gripper_turn_off', None, wb.tag_t)
_is_on = wb.function('wb_vacuum_gripper_is_on', ctypes.c_bool, wb.tag_t)


@device_class(NodeType.VACUUM_GRIPPER)
class VacuumGripper(Device):
    def enablePresence(self, samplingPeriod: int):
        _enable_presence(self._tag, wb.integer(samplingPeriod, 'VacuumGripper.enablePresence(): samplingPeriod'))

    def disablePresence(self):
        _disable_presence(self._tag)

    def getPresenceSamplingPeriod(self) -> int:
        return self.presence_sampling_period

    def getPresence(self) -> bool:
        return self.presence

    def turnOn(self):
        _turn_on(self._tag)

    def turnOff(self):
        _turn_off(self._tag)

    def isOn(self) -> bool:
        return self.on

    @property
    def presence_sampling_period(self) -> int:
        return _get_presence_sampling_period(self._tag)

    @property
    def presence(self) -> bool:
        return _get_presence(self._tag)

    @property
    def on(self) -> bool:
        return _is_on(self._tag)
