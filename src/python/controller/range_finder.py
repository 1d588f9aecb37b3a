"""`RangeFinder` (range_finder.h): a depth image, one float a pixel (metres to the plane of the device),
rows top to bottom."""

import ctypes
import typing

from . import arrays, wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor

_get_range_image = wb.function('wb_range_finder_get_range_image', ctypes.POINTER(ctypes.c_float), wb.tag_t)
_get_width = wb.function('wb_range_finder_get_width', ctypes.c_int, wb.tag_t)
_get_height = wb.function('wb_range_finder_get_height', ctypes.c_int, wb.tag_t)
_get_fov = wb.function('wb_range_finder_get_fov', ctypes.c_double, wb.tag_t)
_get_min_range = wb.function('wb_range_finder_get_min_range', ctypes.c_double, wb.tag_t)
_get_max_range = wb.function('wb_range_finder_get_max_range', ctypes.c_double, wb.tag_t)
_save_image = wb.function('wb_range_finder_save_image', ctypes.c_int, wb.tag_t, ctypes.c_char_p, ctypes.c_int)


@device_class(NodeType.RANGE_FINDER)
class RangeFinder(Sensor):
    _enable = wb.function('wb_range_finder_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_range_finder_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getRangeImage(self, data_type: str = 'list') -> typing.Union[typing.List[float], bytes, None]:
        """The last depth image, width × height floats: a list, or their native bytes with
        data_type='buffer'; None (b'' for a buffer) when there is none."""
        count = self.width * self.height
        return arrays.floats(_get_range_image(self._tag), count, data_type, 'RangeFinder.getRangeImage')

    def getRangeImageArray(self) -> typing.Optional[typing.List[typing.List[float]]]:
        """The last depth image as rows: `array[y][x]`."""
        return arrays.rows(self.range_image, self.width)

    @staticmethod
    def rangeImageGetDepth(image: typing.Sequence[float], width: int, x: int, y: int) -> float:
        return image[y * width + x]

    def saveImage(self, filename: str, quality: int) -> int:
        return _save_image(self._tag, wb.text(filename, 'RangeFinder.saveImage(): filename'),
                           wb.integer(quality, 'RangeFinder.saveImage(): quality'))

    def getWidth(self) -> int:
        return self.width

    def getHeight(self) -> int:
        return self.height

    def getFov(self) -> float:
        return self.fov

    def getMinRange(self) -> float:
        return self.min_range

    def getMaxRange(self) -> float:
        return self.max_range

    @property
    def range_image(self) -> typing.Optional[typing.List[float]]:
        return wb.vector(_get_range_image(self._tag), self.width * self.height)

    @property
    def width(self) -> int:
        return _get_width(self._tag)

    @property
    def height(self) -> int:
        return _get_height(self._tag)

    @property
    def fov(self) -> float:
        return _get_fov(self._tag)

    @property
    def min_range(self) -> float:
        return _get_min_range(self._tag)

    @property
    def max_range(self) -> float:
        return _get_max_range(self._tag)
