"""`Compass` (compass.h): the direction of north in the device's frame."""

import ctypes

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import VectorSensor


@device_class(NodeType.COMPASS)
class Compass(VectorSensor):
    _enable = wb.function('wb_compass_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_compass_get_sampling_period', ctypes.c_int, wb.tag_t)
    _get_values = wb.untyped('wb_compass_get_values', wb.doubles_t, quick=True)
    _get_lookup_table_size = wb.function('wb_compass_get_lookup_table_size', ctypes.c_int, wb.tag_t)
    _get_lookup_table = wb.function('wb_compass_get_lookup_table', wb.doubles_t, wb.tag_t)
