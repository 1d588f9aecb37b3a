"""`Lidar` (lidar.h): layers of ranges, one float a point, and the point cloud they make."""

import ctypes
import typing

from . import arrays, wb
from .device import device_class
from .lidar_point import LidarPoint, WbLidarPoint
from .node_type import NodeType
from .sensor import Sensor

_get_range_image = wb.function('wb_lidar_get_range_image', ctypes.POINTER(ctypes.c_float), wb.tag_t)
_get_layer_range_image = wb.function('wb_lidar_get_layer_range_image', ctypes.POINTER(ctypes.c_float), wb.tag_t,
                                     ctypes.c_int)
_get_point_cloud = wb.function('wb_lidar_get_point_cloud', ctypes.POINTER(WbLidarPoint), wb.tag_t)
_get_layer_point_cloud = wb.function('wb_lidar_get_layer_point_cloud', ctypes.POINTER(WbLidarPoint), wb.tag_t,
                                     ctypes.c_int)
_get_number_of_points = wb.function('wb_lidar_get_number_of_points', ctypes.c_int, wb.tag_t)
_enable_point_cloud = wb.function('wb_lidar_enable_point_cloud', None, wb.tag_t)
_disable_point_cloud = wb.function('wb_lidar_disable_point_cloud', None, wb.tag_t)
_is_point_cloud_enabled = wb.function('wb_lidar_is_point_cloud_enabled', ctypes.c_bool, wb.tag_t)
_get_horizontal_resolution = wb.function('wb_lidar_get_horizontal_resolution', ctypes.c_int, wb.tag_t)
_get_number_of_layers = wb.function('wb_lidar_get_number_of_layers', ctypes.c_int, wb.tag_t)
_get_min_frequency = wb.function('wb_lidar_get_min_frequency', ctypes.c_double, wb.tag_t)
_get_max_frequency = wb.function('wb_lidar_get_max_frequency', ctypes.c_double, wb.tag_t)
_get_frequency = wb.function('wb_lidar_get_frequency', ctypes.c_double, wb.tag_t)
_set_frequency = wb.function('wb_lidar_set_frequency', None, wb.tag_t, ctypes.c_double)
_get_fov = wb.function('wb_lidar_get_fov', ctypes.c_double, wb.tag_t)
_get_vertical_fov = wb.function('wb_lidar_get_vertical_fov', ctypes.c_double, wb.tag_t)
_get_min_range = wb.function('wb_lidar_get_min_range', ctypes.c_double, wb.tag_t)
_get_max_range = wb.function('wb_lidar_get_max_range', ctypes.c_double, wb.tag_t)


def _points(pointer, count: int, data_type, method: str):
    """`count` points behind a C pointer: LidarPoint objects for data_type 'list' ([] for NULL), their
    bytes as a bytearray for 'buffer'."""
    if data_type == 'list':
        return [LidarPoint(pointer[i]) for i in range(count)] if pointer else []
    if data_type == 'buffer':
        return bytearray(wb.buffer(pointer, count * ctypes.sizeof(WbLidarPoint)))
    arrays.data_type_error(method, data_type)
    return None


@device_class(NodeType.LIDAR)
class Lidar(Sensor):
    _enable = wb.function('wb_lidar_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_lidar_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getRangeImage(self, data_type: str = 'list') -> typing.Union[typing.List[float], bytes, None]:
        """The last ranges, layer after layer: a list, or their native bytes with data_type='buffer'."""
        count = self.horizontal_resolution * self.number_of_layers
        return arrays.floats(_get_range_image(self._tag), count, data_type, 'Lidar.getRangeImage')

    def getRangeImageArray(self) -> typing.Optional[typing.List[typing.List[float]]]:
        """The last ranges by layer: `array[layer][point]`."""
        return arrays.rows(self.range_image, self.horizontal_resolution)

    def getLayerRangeImage(self, layer: int) -> typing.Optional[typing.List[float]]:
        layer = wb.integer(layer, 'Lidar.getLayerRangeImage(): layer')
        return wb.vector(_get_layer_range_image(self._tag, layer), self.horizontal_resolution)

    def getPointCloud(self, data_type: str = 'list') -> typing.Union[typing.List[LidarPoint], bytearray, None]:
        return _points(_get_point_cloud(self._tag), self.number_of_points, data_type, 'Lidar.getPointCloud')

    def getLayerPointCloud(self, layer: int,
                           data_type: str = 'list') -> typing.Union[typing.List[LidarPoint], bytearray, None]:
        layer = wb.integer(layer, 'Lidar.getLayerPointCloud(): layer')
        return _points(_get_layer_point_cloud(self._tag, layer), self.horizontal_resolution, data_type,
                       'Lidar.getLayerPointCloud')

    def getNumberOfPoints(self) -> int:
        return self.number_of_points

    def enablePointCloud(self):
        _enable_point_cloud(self._tag)

    def disablePointCloud(self):
        _disable_point_cloud(self._tag)

    def isPointCloudEnabled(self) -> bool:
        return _is_point_cloud_enabled(self._tag)

    def getHorizontalResolution(self) -> int:
        return self.horizontal_resolution

    def getNumberOfLayers(self) -> int:
        return self.number_of_layers

    def getFrequency(self) -> float:
        return self.frequency

    def setFrequency(self, frequency: float):
        self.frequency = frequency

    def getMinFrequency(self) -> float:
        return self.min_frequency

    def getMaxFrequency(self) -> float:
        return self.max_frequency

    def getFov(self) -> float:
        return self.fov

    def getVerticalFov(self) -> float:
        return self.vertical_fov

    def getMinRange(self) -> float:
        return self.min_range

    def getMaxRange(self) -> float:
        return self.max_range

    @property
    def range_image(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_range_image(self._tag), self.horizontal_resolution * self.number_of_layers)

    @property
    def number_of_points(self) -> int:
        return _get_number_of_points(self._tag)

    @property
    def horizontal_resolution(self) -> int:
        return _get_horizontal_resolution(self._tag)

    @property
    def number_of_layers(self) -> int:
        return _get_number_of_layers(self._tag)

    @property
    def frequency(self) -> float:
        return _get_frequency(self._tag)

    @frequency.setter
    def frequency(self, frequency: float):
        _set_frequency(self._tag, wb.real(frequency, 'Lidar.setFrequency(): frequency'))

    @property
    def min_frequency(self) -> float:
        return _get_min_frequency(self._tag)

    @property
    def max_frequency(self) -> float:
        return _get_max_frequency(self._tag)

    @property
    def fov(self) -> float:
        return _get_fov(self._tag)

    @property
    def vertical_fov(self) -> float:
        return _get_vertical_fov(self._tag)

    @property
    def min_range(self) -> float:
        return _get_min_range(self._tag)

    @property
    def max_range(self) -> float:
        return _get_max_range(self._tag)
