"""`DistanceSensor` (distance_sensor.h): what the device's rays measure, through its lookup table."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor, lookup_table

_get_value = wb.function('wb_distance_sensor_get_value', ctypes.c_double, wb.tag_t)
_get_max_value = wb.function('wb_distance_sensor_get_max_value', ctypes.c_double, wb.tag_t)
_get_min_value = wb.function('wb_distance_sensor_get_min_value', ctypes.c_double, wb.tag_t)
_get_aperture = wb.function('wb_distance_sensor_get_aperture', ctypes.c_double, wb.tag_t)
_get_type = wb.function('wb_distance_sensor_get_type', ctypes.c_int, wb.tag_t)
_get_lookup_table_size = wb.function('wb_distance_sensor_get_lookup_table_size', ctypes.c_int, wb.tag_t)
_get_lookup_table = wb.function('wb_distance_sensor_get_lookup_table', wb.doubles_t, wb.tag_t)


@device_class(NodeType.DISTANCE_SENSOR)
class DistanceSensor(Sensor):
    GENERIC = 0
    INFRA_RED = 1
    SONAR = 2
    LASER = 3
    _enable = wb.function('wb_distance_sensor_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_distance_sensor_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValue(self) -> float:
        return self.value

    def getMaxValue(self) -> float:
        return self.max_value

    def getMinValue(self) -> float:
        return self.min_value

    def getAperture(self) -> float:
        return self.aperture

    def getLookupTable(self) -> typing.List[float]:
        return self.lookup_table

    def getType(self) -> int:
        return self.type

    @property
    def value(self) -> float:
        return _get_value(self._tag)

    @property
    def max_value(self) -> float:
        return _get_max_value(self._tag)

    @property
    def min_value(self) -> float:
        return _get_min_value(self._tag)

    @property
    def aperture(self) -> float:
        return _get_aperture(self._tag)

    @property
    def lookup_table(self) -> typing.List[float]:
        return lookup_table(_get_lookup_table_size, _get_lookup_table, self._tag)

    @property
    def type(self) -> int:
        return _get_type(self._tag)
