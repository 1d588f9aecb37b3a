"""`Radar` (radar.h): the targets in the device's field of view."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .radar_target import RadarTarget, WbRadarTarget
from .sensor import Sensor

_get_number_of_targets = wb.function('wb_radar_get_number_of_targets', ctypes.c_int, wb.tag_t)
_get_targets = wb.function('wb_radar_get_targets', ctypes.POINTER(WbRadarTarget), wb.tag_t)
_get_min_range = wb.function('wb_radar_get_min_range', ctypes.c_double, wb.tag_t)
_get_max_range = wb.function('wb_radar_get_max_range', ctypes.c_double, wb.tag_t)
_get_horizontal_fov = wb.function('wb_radar_get_horizontal_fov', ctypes.c_double, wb.tag_t)
_get_vertical_fov = wb.function('wb_radar_get_vertical_fov', ctypes.c_double, wb.tag_t)


@device_class(NodeType.RADAR)
class Radar(Sensor):
    _enable = wb.function('wb_radar_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_radar_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getNumberOfTargets(self) -> int:
        return self.number_of_targets

    def getTargets(self) -> typing.List[RadarTarget]:
        """The targets of the last sample, copied out of the library's array."""
        count = _get_number_of_targets(self._tag)
        targets = _get_targets(self._tag) if count > 0 else None
        if not targets:
            return []
        return [RadarTarget(t.distance, t.received_power, t.speed, t.azimuth) for t in targets[:count]]

    def getMinRange(self) -> float:
        return self.min_range

    def getMaxRange(self) -> float:
        return self.max_range

    def getHorizontalFov(self) -> float:
        return self.horizontal_fov

    def getVerticalFov(self) -> float:
        return self.vertical_fov

    @property
    def number_of_targets(self) -> int:
        return _get_number_of_targets(self._tag)

    @property
    def min_range(self) -> float:
        return _get_min_range(self._tag)

    @property
    def max_range(self) -> float:
        return _get_max_range(self._tag)

    @property
    def horizontal_fov(self) -> float:
        return _get_horizontal_fov(self._tag)

    @property
    def vertical_fov(self) -> float:
        return _get_vertical_fov(self._tag)
