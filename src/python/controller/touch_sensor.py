"""`TouchSensor` (touch_sensor.h): a bumper's touches, or the force on the device (one value, or three for
"force-3d")."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor, lookup_table

_get_value = wb.function('wb_touch_sensor_get_value', ctypes.c_double, wb.tag_t)
_get_values = wb.function('wb_touch_sensor_get_values', wb.doubles_t, wb.tag_t)
_get_type = wb.function('wb_touch_sensor_get_type', ctypes.c_int, wb.tag_t)
_get_lookup_table_size = wb.function('wb_touch_sensor_get_lookup_table_size', ctypes.c_int, wb.tag_t)
_get_lookup_table = wb.function('wb_touch_sensor_get_lookup_table', wb.doubles_t, wb.tag_t)


@device_class(NodeType.TOUCH_SENSOR)
class TouchSensor(Sensor):
    BUMPER = 0
    FORCE = 1
    FORCE3D = 2
    _enable = wb.function('wb_touch_sensor_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_touch_sensor_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValue(self) -> float:
        return self.value

    def getValues(self) -> typing.Optional[typing.List[float]]:
        return self.values

    def getLookupTable(self) -> typing.List[float]:
        return self.lookup_table

    def getType(self) -> int:
        return self.type

    @property
    def value(self) -> float:
        return _get_value(self._tag)

    @property
    def values(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_values(self._tag), 3)

    @property
    def lookup_table(self) -> typing.List[float]:
        return lookup_table(_get_lookup_table_size, _get_lookup_table, self._tag)

    @property
    def type(self) -> int:
        return _get_type(self._tag)
