"""`Emitter` (emitter.h): sends packets on a channel, within a range."""

import ctypes
import struct
import sys
import typing

from . import wb
from .device import Device, device_class
from .node_type import NodeType

_send = wb.quick_function('wb_emitter_send', ctypes.c_int, wb.tag_t, ctypes.c_void_p, ctypes.c_int)
# for bytes sent as they are
_send_bytes = wb.untyped('wb_emitter_send', ctypes.c_int, quick=True)
_get_buffer_size = wb.function('wb_emitter_get_buffer_size', ctypes.c_int, wb.tag_t)
_get_channel = wb.function('wb_emitter_get_channel', ctypes.c_int, wb.tag_t)
_set_channel = wb.function('wb_emitter_set_channel', None, wb.tag_t, ctypes.c_int)
_get_range = wb.function('wb_emitter_get_range', ctypes.c_double, wb.tag_t)
_set_range = wb.function('wb_emitter_set_range', None, wb.tag_t, ctypes.c_double)


def _packed(message: typing.Union[list, tuple]) -> typing.Optional[bytes]:
    """A list of floats, ints or bools as Webots' Python API packs it (native doubles, int32s, bytes)."""
    if len(message) == 0:
        print('Emitter.send(): empty list', file=sys.stderr)
        return None
    first = message[0]
    code = '?' if isinstance(first, bool) else 'i' if isinstance(first, int) else 'd' if isinstance(first, float) else None
    if code is None:
        print(f'Emitter.send(): unsupported data type list: {type(message)}', file=sys.stderr)
        return None
    try:
        return struct.pack(f'{len(message)}{code}', *message)
    except struct.error as e:
        raise TypeError(f'Emitter.send(): {e}') from None


@device_class(NodeType.EMITTER)
class Emitter(Device):
    CHANNEL_BROADCAST = -1

    def send(self, message: typing.Union[bytes, str, list, tuple], length: typing.Optional[int] = None):
        """Queues `message` for the next step: bytes as they are (the first `length` of them), a str as
        UTF-8 (no NUL added), a list of floats, ints or bools packed."""
        if type(message) is bytes and length is None:
            # the usual packet, sent as it is
            _send_bytes(self._tag, message, len(message))
            return
        size = None
        if isinstance(message, (bytes, bytearray, memoryview)):
            data = bytes(message)
            if length is not None:
                # never past the end of the data; a size below 1 gets the library's error
                size = min(wb.integer(length, 'Emitter.send(): length'), len(data))
        elif isinstance(message, str):
            data = message.encode()
        elif isinstance(message, (list, tuple)):
            data = _packed(message)
            if data is None:
                return
        else:
            print(f'Emitter.send(): unsupported data type: {type(message)}', file=sys.stderr)
            return
        # the library checks the size (and prints Webots' error for an empty packet)
        _send(self._tag, data, len(data) if size is None else size)

    def getBufferSize(self) -> int:
        return self.buffer_size

    def getChannel(self) -> int:
        return self.channel

    def setChannel(self, channel: int):
        self.channel = channel

    def getRange(self) -> float:
        return self.range

    def setRange(self, range: float):
        self.range = range

    @property
    def buffer_size(self) -> int:
        return _get_buffer_size(self._tag)

    @property
    def channel(self) -> int:
        return _get_channel(self._tag)

    @channel.setter
    def channel(self, channel: int):
        _set_channel(self._tag, wb.integer(channel, 'Emitter.setChannel(): channel'))

    @property
    def range(self) -> float:
        return _get_range(self._tag)

    @range.setter
    def range(self, range: float):
        _set_range(self._tag, wb.real(range, 'Emitter.setRange(): range'))
