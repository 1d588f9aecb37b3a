"""`Pen` (pen.h): marks the surface below the device while it writes."""

import ctypes

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_write = wb.function('wb_pen_write', None, wb.tag_t, ctypes.c_bool)
_set_ink_color = wb.function('wb_pen_set_ink_color', None, wb.tag_t, ctypes.c_int, ctypes.c_double)


@device_class(NodeType.PEN)
class Pen(Device):
    def write(self, write: bool):
        _write(self._tag, wb.flag(write, 'Pen.write(): write'))

    def setInkColor(self, color: int, density: float):
        """The ink, 0xRRGGBB, and its density (0 to 1)."""
        _set_ink_color(self._tag, wb.integer(color, 'Pen.setInkColor(): color'),
                       wb.real(density, 'Pen.setInkColor(): density'))
