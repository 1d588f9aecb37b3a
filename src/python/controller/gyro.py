"""`Gyro` (gyro.h): the angular velocity about the device's axes, rad/s."""

import ctypes

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import VectorSensor


@device_class(NodeType.GYRO)
class Gyro(VectorSensor):
    _enable = wb.function('wb_gyro_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_gyro_get_sampling_period', ctypes.c_int, wb.tag_t)
    _get_values = wb.untyped('wb_gyro_get_values', wb.doubles_t, quick=True)
    _get_lookup_table_size = wb.function('wb_gyro_get_lookup_table_size', ctypes.c_int, wb.tag_t)
    _get_lookup_table = wb.function('wb_gyro_get_lookup_table', wb.doubles_t, wb.tag_t)
