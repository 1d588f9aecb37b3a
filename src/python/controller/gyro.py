"""`Gyro` (gyro.h): the angular velocity about the device's axes, rad/s."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor, lookup_table

_get_values = wb.function('wb_gyro_get_values', wb.doubles_t, wb.tag_t)
_get_lookup_table_size = wb.function('wb_gyro_get_lookup_table_size', ctypes.c_int, wb.tag_t)
_get_lookup_table = wb.function('wb_gyro_get_lookup_table', wb.doubles_t, wb.tag_t)


@device_class(NodeType.GYRO)
class Gyro(Sensor):
    _enable = wb.function('wb_gyro_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_gyro_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValues(self) -> typing.Optional[typing.List[float]]:
        return self.value

    def getLookupTable(self) -> typing.List[float]:
        return self.lookup_table

    @property
    def value(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_values(self._tag), 3)

    @property
    def lookup_table(self) -> typing.List[float]:
        return lookup_table(_get_lookup_table_size, _get_lookup_table, self._tag)
