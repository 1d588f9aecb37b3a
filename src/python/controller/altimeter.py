"""`Altimeter` (altimeter.h): the device's altitude."""

import ctypes

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor

_get_value = wb.function('wb_altimeter_get_value', ctypes.c_double, wb.tag_t)


@device_class(NodeType.ALTIMETER)
class Altimeter(Sensor):
    _enable = wb.function('wb_altimeter_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_altimeter_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValue(self) -> float:
        return self.value

    @property
    def value(self) -> float:
        return _get_value(self._tag)
