"""`GPS` (gps.h): the device's position (or latitude, longitude and altitude) and speed."""

import ctypes
import typing

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor

_get_values = wb.untyped('wb_gps_get_values', wb.doubles_t, quick=True)
_get_speed = wb.function('wb_gps_get_speed', ctypes.c_double, wb.tag_t)
_get_speed_vector = wb.function('wb_gps_get_speed_vector', wb.doubles_t, wb.tag_t)
_get_coordinate_system = wb.function('wb_gps_get_coordinate_system', ctypes.c_int, wb.tag_t)
# the answer is malloc'ed: kept as a pointer so that it can be freed
_to_degrees_minutes_seconds = wb.function('wb_gps_convert_to_degrees_minutes_seconds', ctypes.c_void_p,
                                          ctypes.c_double)
_free = ctypes.CDLL(None).free
_free.argtypes = [ctypes.c_void_p]
_free.restype = None


@device_class(NodeType.GPS)
class GPS(Sensor):
    LOCAL = 0
    WGS84 = 1
    _enable = wb.function('wb_gps_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_gps_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getValues(self) -> typing.Optional[typing.List[float]]:
        # the property written out: a controller reads it every step
        values = _get_values(self._tag)
        return values[:3] if values else None

    def getSpeed(self) -> float:
        return self.speed

    def getSpeedVector(self) -> typing.Optional[typing.List[float]]:
        return self.speed_vector

    def getCoordinateSystem(self) -> int:
        return self.coordinate_system

    @staticmethod
    def convertToDegreesMinutesSeconds(decimalDegrees: float) -> str:
        answer = _to_degrees_minutes_seconds(
            wb.real(decimalDegrees, 'GPS.convertToDegreesMinutesSeconds(): decimalDegrees'))
        text = ctypes.string_at(answer).decode()
        _free(answer)
        return text

    @property
    def value(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_values(self._tag), 3)

    @property
    def speed(self) -> float:
        return _get_speed(self._tag)

    @property
    def speed_vector(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_speed_vector(self._tag), 3)

    @property
    def coordinate_system(self) -> int:
        return _get_coordinate_system(self._tag)
