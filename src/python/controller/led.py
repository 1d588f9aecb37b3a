"""`LED` (led.h): a light a controller switches."""

import ctypes

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_set = wb.function('wb_led_set', None, wb.tag_t, ctypes.c_int)
_get = wb.function('wb_led_get', ctypes.c_int, wb.tag_t)


@device_class(NodeType.LED)
class LED(Device):
    def set(self, value: int):
        self.value = value

    def get(self) -> int:
        return self.value

    @property
    def value(self) -> int:
        """The value this controller last set (0 at first)."""
        return _get(self._tag)

    @value.setter
    def value(self, value: int):
        _set(self._tag, wb.integer(value, 'LED.set(): value'))
