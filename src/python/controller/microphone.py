"""`Microphone` (microphone.h): the sound samples the device heard in its last sampling period (Webots'
own Python package has no such class; this one follows the C functions)."""

import ctypes

from . import wb
from .device import device_class
from .node_type import NodeType
from .sensor import Sensor

_get_sample_data = wb.function('wb_microphone_get_sample_data', ctypes.c_void_p, wb.tag_t)
_get_sample_size = wb.function('wb_microphone_get_sample_size', ctypes.c_int, wb.tag_t)


@device_class(NodeType.MICROPHONE)
class Microphone(Sensor):
    _enable = wb.function('wb_microphone_enable', None, wb.tag_t, ctypes.c_int)
    _get_sampling_period = wb.function('wb_microphone_get_sampling_period', ctypes.c_int, wb.tag_t)

    def getSampleData(self) -> bytes:
        """The samples heard, as raw bytes (b'' for silence)."""
        return wb.buffer(_get_sample_data(self._tag), _get_sample_size(self._tag))

    def getSampleSize(self) -> int:
        return _get_sample_size(self._tag)
