"""`LightSensor` (light_sensor.h): the irradiance the lights of the world give the device, through its
lookup table."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor, lookup_table

_get_value = wb.function('wb_light_sensor_get_value', ctypes.c_double, wb.tag_t)
_get_lookup_table_size = wb.function('wb_light_sensor_get_lookup_table_size', ctypes.c_int, wb.tag_t)
_get_lookup_table = wb.function('wb_light_sensor_get_lookup_table', wb.doubles_t, wb.tag_t)


@device_class(NodeType.LIGHT_SENSOR)
class LightSensor(Sensor):
    _enable = wb.function('wb_light_sensor_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_light_sensor_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValue(self) -> float:
        return self.value

    def getLookupTable(self) -> typing.List[float]:
        return self.lookup_table

    @property
    def value(self) -> float:
        return _get_value(self._tag)

    @property
    def lookup_table(self) -> typing.List[float]:
        return lookup_table(_get_lookup_table_size, _get_lookup_table, self._tag)
